// The key figures a comparison shows, read from each variant's evaluation,
// and which variant is best on each.
import type { Evaluation } from '../core/types';
import {
  formatCapacityIn,
  formatIops,
  formatPct,
  formatRatio,
  orDash,
  type CapacityUnit,
} from '../units';

export interface Metric {
  id: string;
  label: string;
  /** The figure for one variant (its first cluster, or totals), undefined when the core leaves it out. */
  value: (evaluation: Evaluation, unit: CapacityUnit) => number | undefined;
  format: (value: number, unit: CapacityUnit) => string;
  better: 'higher' | 'lower';
}

const sum = (e: Evaluation, pick: (c: Evaluation['clusters'][number]) => number) =>
  e.clusters.reduce((total, c) => total + pick(c), 0);

export const METRICS: Metric[] = [
  {
    id: 'raw',
    label: 'Raw',
    value: (e, u) => sum(e, (c) => c.raw.total[u]),
    format: formatCapacityIn,
    better: 'higher',
  },
  {
    id: 'usable',
    label: 'Usable',
    value: (e, u) => sum(e, (c) => c.capacity.usable[u]),
    format: formatCapacityIn,
    better: 'higher',
  },
  {
    id: 'required',
    label: 'Required',
    value: (e, u) => sum(e, (c) => c.capacity.required[u]),
    format: formatCapacityIn,
    better: 'lower',
  },
  {
    id: 'headroom',
    label: 'Capacity headroom',
    value: (e) => e.clusters[0]?.capacity.headroom_pct,
    format: formatPct,
    better: 'higher',
  },
  {
    id: 'iops-limit',
    label: 'Device-limited IOPS',
    value: (e) => e.clusters[0]?.performance.device_limited_front_end_iops,
    format: formatIops,
    better: 'higher',
  },
  {
    id: 'back-end',
    label: 'Back-end IOPS',
    value: (e) => sum(e, (c) => c.performance.back_end_iops),
    format: formatIops,
    better: 'lower',
  },
  {
    id: 'vcpu',
    label: 'vCPU:pCore after N+x',
    value: (e) => e.clusters[0]?.compute.vcpu_per_core_after_failure,
    format: formatRatio,
    better: 'lower',
  },
  {
    id: 'errors',
    label: 'Requirements not met',
    value: (e) => e.findings.filter((f) => f.severity === 'error').length,
    format: (v) => String(v),
    better: 'lower',
  },
];

/** Index of the best variant for a metric, or undefined when there is no contest. */
export function bestIndex(
  values: (number | undefined)[],
  better: Metric['better'],
): number | undefined {
  let best: number | undefined;
  values.forEach((v, i) => {
    if (v === undefined) return;
    const current = best === undefined ? undefined : values[best];
    if (current === undefined || (better === 'higher' ? v > current : v < current)) best = i;
  });
  const defined = values.filter((v) => v !== undefined);
  const allEqual = defined.every((v) => v === defined[0]);
  return defined.length > 1 && !allEqual ? best : undefined;
}

export const formatMetric = (metric: Metric, value: number | undefined, unit: CapacityUnit) =>
  orDash(value, (v) => metric.format(v, unit));
