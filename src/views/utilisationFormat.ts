// How a utilisation the core returned reads: its share and its figures in
// their unit. Whether it is past a warning line or the limit is the core's
// judgement (`UtilisationRow.judged`), never compared here.
import type { Utilisation } from '../core/types';
import { upTo } from '../units';

/** Fewer decimals as the figure grows: 0.27 Gbps, 61.6 cores, 25,000 IOPS. */
const figure = (v: number) => upTo(v, Math.abs(v) < 10 ? 2 : Math.abs(v) < 100 ? 1 : 0);

/** Every percentage the utilisation panel shows, in one format: "77.3 %", "80 %". */
export const pctText = (pct: number) => `${upTo(pct, 1)} %`;

export const usedOfLimit = (u: Utilisation) => `${figure(u.used)} of ${figure(u.limit)} ${u.unit}`;

export const shareText = (u: Utilisation) =>
  u.pct === undefined ? `${figure(u.used)} ${u.unit} (no limit)` : pctText(u.pct);
