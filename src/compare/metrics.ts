// The key figures a comparison shows, read from the project totals the core
// computes over each variant's clusters (every kind), and which variant is
// best on each. No sizing arithmetic here: sums and the tightest cluster
// come from the core.
import type { ClusterResult, Evaluation } from '../core/types';
import {
  formatCapacityIn,
  formatIops,
  formatPct,
  formatPrice,
  formatRatio,
  orDash,
  type CapacityUnit,
} from '../units';

/** A figure the core does not give for this variant, and why. */
export interface NotModelled {
  /** Why, for the tooltip. */
  notModelled: string;
  /** The cell's text when "not modelled" would mislead. */
  shown?: string;
}

export const notModelled = (why: string, shown?: string): NotModelled =>
  shown === undefined ? { notModelled: why } : { notModelled: why, shown };

export const isNotModelled = (value: unknown): value is NotModelled =>
  typeof value === 'object' && value !== null && 'notModelled' in value;

/** A variant's figure; undefined when the core leaves it out (nothing to divide by). */
export type MetricValue = number | undefined | NotModelled;

export interface Metric {
  id: string;
  label: string;
  /** How the row reads across several clusters, for its tooltip. */
  note: string;
  value: (evaluation: Evaluation, unit: CapacityUnit) => MetricValue;
  format: (value: number, unit: CapacityUnit) => string;
  /** `none`: context, not a quality (e.g. the workloads' own demand). */
  better: 'higher' | 'lower' | 'none';
}

const TOTAL = 'Total over every cluster of the variant.';
const TIGHTEST = "The variant's tightest cluster.";
const count = (v: number) => String(v);

/**
 * The core's bill-of-materials total over the variant's clusters. A part
 * without a unit price leaves the total incomplete: the cell says so and
 * names the parts, and the variant does not compete for "best".
 */
function cost(e: Evaluation): MetricValue {
  const { priced_total: priced, unpriced_parts: unpriced } = e.totals.cost;
  if (unpriced.length === 0) return priced;
  const why = `No unit price for: ${unpriced.join('; ')}. Enter prices in the design (host unit price, Devices tab) or apply catalog prices on the Catalog tab.`;
  const parts = unpriced.length === 1 ? '1 part' : `${unpriced.length} parts`;
  return notModelled(why, priced > 0 ? `${formatPrice(priced)} + ${parts} unpriced` : 'no prices');
}

export const METRICS: Metric[] = [
  {
    id: 'raw',
    label: 'Raw',
    note: TOTAL,
    value: (e, u) => e.totals.raw[u],
    format: formatCapacityIn,
    better: 'higher',
  },
  {
    id: 'usable',
    label: 'Usable',
    note: TOTAL,
    value: (e, u) => e.totals.usable[u],
    format: formatCapacityIn,
    better: 'higher',
  },
  {
    id: 'required',
    label: 'Required',
    note: TOTAL,
    value: (e, u) => e.totals.required[u],
    format: formatCapacityIn,
    better: 'lower',
  },
  {
    id: 'headroom',
    label: 'Capacity headroom',
    note: `${TIGHTEST} Headroom as a share of usable capacity.`,
    value: (e) => e.totals.tightest.headroom_pct,
    format: formatPct,
    better: 'higher',
  },
  {
    id: 'front-end',
    label: 'Front-end IOPS demand',
    note: `${TOTAL} The workloads' demand: the same workloads should match.`,
    value: (e) => e.totals.front_end_iops,
    format: formatIops,
    better: 'none',
  },
  {
    id: 'iops-limit',
    label: 'Front-end IOPS capability',
    note: `${TOTAL} vSAN OSA and ESA: device-limited; XtremIO + VPLEX: the VPLEX peak limit.`,
    value: (e) => e.totals.iops_limit,
    format: formatIops,
    better: 'higher',
  },
  {
    id: 'back-end',
    label: 'Back-end IOPS',
    note: TOTAL,
    value: (e) => e.totals.back_end_iops,
    format: formatIops,
    better: 'lower',
  },
  {
    id: 'vcpu',
    label: 'vCPU:pCore after N+x',
    note: TIGHTEST,
    value: (e) => e.totals.tightest.vcpu_per_core_after_failure,
    format: formatRatio,
    better: 'lower',
  },
  {
    id: 'cpu',
    label: 'CPU use after N+x',
    note: `${TIGHTEST} Cores needed as a share of those left after N+x host failures.`,
    value: (e) => e.totals.tightest.cpu_after_failure_pct,
    format: formatPct,
    better: 'lower',
  },
  {
    id: 'ram',
    label: 'RAM use after N+x',
    note: `${TIGHTEST} VM memory as a share of the usable RAM left after N+x host failures.`,
    value: (e) => e.totals.tightest.ram_after_failure_pct,
    format: formatPct,
    better: 'lower',
  },
  {
    id: 'cost',
    label: 'Cost (bill of materials)',
    note: 'Unit price x quantity of every host and device, over every cluster, in the prices the design holds (the XLSX BOM sheet has the lines).',
    value: cost,
    format: formatPrice,
    better: 'lower',
  },
  {
    id: 'errors',
    label: 'Requirements not met',
    note: 'Findings of severity error, every cluster.',
    value: (e) => e.findings.filter((f) => f.severity === 'error').length,
    format: count,
    better: 'lower',
  },
  {
    id: 'warnings',
    label: 'Warnings',
    note: 'Findings of severity warning, every cluster.',
    value: (e) => e.findings.filter((f) => f.severity === 'warning').length,
    format: count,
    better: 'lower',
  },
];

/** Index of the best variant for a metric, or undefined when there is no contest. */
export function bestIndex(values: MetricValue[], better: Metric['better']): number | undefined {
  if (better === 'none') return undefined;
  const numbers = values.map((v) => (typeof v === 'number' ? v : undefined));
  let best: number | undefined;
  numbers.forEach((v, i) => {
    if (v === undefined) return;
    const current = best === undefined ? undefined : numbers[best];
    if (current === undefined || (better === 'higher' ? v > current : v < current)) best = i;
  });
  const defined = numbers.filter((v) => v !== undefined);
  const allEqual = defined.every((v) => v === defined[0]);
  return defined.length > 1 && !allEqual ? best : undefined;
}

/** The cell's text: the figure, a dash where the core left it out, or "not modelled". */
export const formatMetric = (metric: Metric, value: MetricValue, unit: CapacityUnit) =>
  isNotModelled(value)
    ? (value.shown ?? 'not modelled')
    : orDash(value, (v) => metric.format(v, unit));

export const KIND_LABEL: Record<ClusterResult['kind'], string> = {
  vsan_osa: 'vSAN OSA',
  vsan_esa: 'vSAN ESA',
  xtremio_vplex: 'XtremIO + VPLEX',
};

/** The kinds of cluster a variant holds, e.g. "vSAN OSA (all-flash)". */
export function variantKinds(e: Evaluation): string {
  const kinds = e.clusters.map((c) =>
    c.kind === 'vsan_osa'
      ? `${KIND_LABEL.vsan_osa} (${c.detail.tier === 'hybrid' ? 'hybrid' : 'all-flash'})`
      : KIND_LABEL[c.kind],
  );
  return [...new Set(kinds)].join(', ');
}
