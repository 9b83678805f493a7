// The key figures a comparison shows, read from each variant's evaluation
// (every kind of cluster), and which variant is best on each.
import type { Evaluation } from '../core/types';
import {
  formatCapacityIn,
  formatIops,
  formatPct,
  formatPrice,
  formatRatio,
  orDash,
  type CapacityUnit,
} from '../units';
import {
  clusterFigures,
  isNotModelled,
  KIND_LABEL,
  notModelled,
  type ClusterFigures,
  type NotModelled,
} from './clusterFigures';

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

type Read = (c: ClusterFigures, unit: CapacityUnit) => MetricValue;

/** Why a figure is missing for some of the variant's clusters. */
function missing(clusters: ClusterFigures[], values: MetricValue[]): NotModelled | undefined {
  const i = values.findIndex(isNotModelled);
  if (i < 0) return undefined;
  const cluster = clusters[i];
  const why = (values[i] as NotModelled).notModelled;
  return clusters.length > 1 && cluster
    ? notModelled(`${cluster.name} (${KIND_LABEL[cluster.kind]}): ${why}`)
    : notModelled(why);
}

/** The figure summed over every cluster of the variant. */
const total =
  (pick: Read) =>
  (e: Evaluation, unit: CapacityUnit): MetricValue => {
    const clusters = clusterFigures(e);
    const values = clusters.map((c) => pick(c, unit));
    const absent = missing(clusters, values);
    if (absent) return absent;
    const numbers = values.filter((v): v is number => typeof v === 'number');
    if (numbers.length < values.length) return undefined;
    return numbers.reduce((sum, v) => sum + v, 0);
  };

/** The figure of the variant's tightest cluster (where it is worst). */
const tightest =
  (pick: Read, worst: 'highest' | 'lowest') =>
  (e: Evaluation, unit: CapacityUnit): MetricValue => {
    const clusters = clusterFigures(e);
    const values = clusters.map((c) => pick(c, unit));
    const absent = missing(clusters, values);
    if (absent) return absent;
    const numbers = values.filter((v): v is number => typeof v === 'number');
    if (numbers.length === 0) return undefined;
    return worst === 'highest' ? Math.max(...numbers) : Math.min(...numbers);
  };

const TOTAL = 'Total over every cluster of the variant.';
const TIGHTEST = "The variant's tightest cluster.";
const count = (v: number) => String(v);

/**
 * The core's bill-of-materials total over the variant's clusters. A part
 * without a unit price leaves the total incomplete: the cell says so and
 * names the parts, and the variant does not compete for "best".
 */
function cost(e: Evaluation): MetricValue {
  const priced = e.costs.reduce((sum, c) => sum + c.priced_total, 0);
  const unpriced = [...new Set(e.costs.flatMap((c) => c.unpriced_parts))];
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
    value: total((c, u) => c.raw?.[u]),
    format: formatCapacityIn,
    better: 'higher',
  },
  {
    id: 'usable',
    label: 'Usable',
    note: TOTAL,
    value: total((c, u) => c.capacity.usable[u]),
    format: formatCapacityIn,
    better: 'higher',
  },
  {
    id: 'required',
    label: 'Required',
    note: TOTAL,
    value: total((c, u) => c.capacity.required[u]),
    format: formatCapacityIn,
    better: 'lower',
  },
  {
    id: 'headroom',
    label: 'Capacity headroom',
    note: `${TIGHTEST} Headroom as a share of usable capacity.`,
    value: tightest((c) => c.capacity.headroom_pct, 'lowest'),
    format: formatPct,
    better: 'higher',
  },
  {
    id: 'front-end',
    label: 'Front-end IOPS demand',
    note: `${TOTAL} The workloads' demand: the same workloads should match.`,
    value: total((c) => c.frontEndIops),
    format: formatIops,
    better: 'none',
  },
  {
    id: 'iops-limit',
    label: 'Front-end IOPS capability',
    note: `${TOTAL} vSAN OSA and ESA: device-limited; XtremIO + VPLEX: the VPLEX peak limit.`,
    value: total((c) => c.iopsCapability),
    format: formatIops,
    better: 'higher',
  },
  {
    id: 'back-end',
    label: 'Back-end IOPS',
    note: TOTAL,
    value: total((c) => c.backEndIops),
    format: formatIops,
    better: 'lower',
  },
  {
    id: 'vcpu',
    label: 'vCPU:pCore after N+x',
    note: TIGHTEST,
    value: tightest((c) => c.compute.vcpu_per_core_after_failure, 'highest'),
    format: formatRatio,
    better: 'lower',
  },
  {
    id: 'cpu',
    label: 'CPU use after N+x',
    note: `${TIGHTEST} Cores needed as a share of those left after N+x host failures.`,
    value: tightest((c) => c.compute.cores_needed_pct_after_failure, 'highest'),
    format: formatPct,
    better: 'lower',
  },
  {
    id: 'ram',
    label: 'RAM use after N+x',
    note: `${TIGHTEST} VM memory as a share of the usable RAM left after N+x host failures.`,
    value: tightest((c) => c.compute.ram_demand_pct_after_failure, 'highest'),
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

/** The kinds of cluster a variant holds, e.g. "vSAN OSA (all-flash)". */
export function variantKinds(e: Evaluation): string {
  const kinds = [
    ...e.clusters.map(
      (c) => `${KIND_LABEL.vsan_osa} (${c.tier === 'hybrid' ? 'hybrid' : 'all-flash'})`,
    ),
    ...e.array_clusters.map(() => KIND_LABEL.xtremio_vplex),
    ...e.esa_clusters.map(() => KIND_LABEL.vsan_esa),
  ];
  return [...new Set(kinds)].join(', ');
}
