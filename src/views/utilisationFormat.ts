// How a utilisation the core returned reads: its share, its figures in
// their unit, and whether it is past the warning threshold or the limit.
import type { Threshold, Utilisation } from '../core/types';
import { formatPct, upTo } from '../units';

/** Fewer decimals as the figure grows: 0.27 Gbps, 61.6 cores, 25,000 IOPS. */
const figure = (v: number) => upTo(v, Math.abs(v) < 10 ? 2 : Math.abs(v) < 100 ? 1 : 0);

export const usedOfLimit = (u: Utilisation) => `${figure(u.used)} of ${figure(u.limit)} ${u.unit}`;

export const shareText = (u: Utilisation) =>
  u.pct === undefined ? `${figure(u.used)} ${u.unit} (no limit)` : formatPct(u.pct);

export type Level = 'ok' | 'warn' | 'over';

/** Over the limit (100 %), at or past the rule's warning threshold, or within both. */
export function level(u: Utilisation, threshold?: Threshold): Level {
  if (u.pct === undefined) return 'ok';
  if (u.pct > 100) return 'over';
  if (threshold && u.pct >= threshold.pct) return 'warn';
  return 'ok';
}
