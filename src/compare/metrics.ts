// The rows a comparison shows, read from the project totals the core
// computes over each variant's clusters (every kind), and which variant is
// better on each. No sizing arithmetic here: sums, shares, the tightest
// cluster, cost per TB and per IOPS come from the core.
import type { ClusterResult, Evaluation, Level, ProjectCost } from '../core/types';
import {
  formatCapacityIn,
  formatIops,
  formatPct,
  formatMoney,
  formatRatio,
  orDash,
  upTo,
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

/** How a cell is written: the capacity unit picked and the variant's currency. */
export interface Shown {
  unit: CapacityUnit;
  currency: string;
}

/** The rule behind a cell, as the core states it. */
export interface Explanation {
  rule: string;
  sources: readonly string[];
}

export interface Metric {
  id: string;
  label: string;
  /** How the row reads across several clusters, for its tooltip. */
  note: string;
  value: (evaluation: Evaluation, unit: CapacityUnit) => MetricValue;
  format: (value: number, shown: Shown) => string;
  /** `none`: context, not a quality (e.g. the workloads' own demand). */
  better: 'higher' | 'lower' | 'none';
  /**
   * The figure depends on the workloads' demand, so it is no contest when
   * the variants carry different workloads.
   */
  demand: boolean;
  /**
   * The core's judgement of the variant's figure (`UtilisationRow.judged`):
   * one it judges `over` is past its limit and never marked better.
   */
  level?: (evaluation: Evaluation) => Level | undefined;
  /** Priced in the variant's currency: no contest across currencies. */
  money?: boolean;
  /** The rule behind the variant's figure. */
  explain?: (evaluation: Evaluation) => Explanation | undefined;
}

const TOTAL = 'Total over every cluster of the variant.';
const TIGHTEST = "The variant's tightest cluster.";
const count = (v: number) => String(v);
const capacity = (v: number, s: Shown) => formatCapacityIn(v, s.unit);
const money = (v: number, s: Shown) => formatMoney(v, s.currency);

/**
 * The core's bill-of-materials total for the variant: every cluster's
 * hardware with the project's extra lines and discounts. A part without a
 * unit price leaves the total incomplete: the cell says so and names the
 * parts, and the variant does not compete for "better".
 */
function cost(e: Evaluation): MetricValue {
  const { total: priced, unpriced_parts: unpriced, currency } = e.totals.cost;
  if (unpriced.length === 0) return priced;
  const why = `No unit price for: ${unpriced.join('; ')}. Enter prices in the design (host unit price, Devices tab) or apply catalog prices on the Catalog tab.`;
  const parts = unpriced.length === 1 ? '1 part' : `${unpriced.length} parts`;
  return notModelled(
    why,
    priced > 0 ? `${formatMoney(priced, currency)} + ${parts} unpriced` : 'no prices',
  );
}

/** "hardware 67,200 USD + extra lines 20,000 USD - discounts 8,720 USD = 78,480 USD" (the sum without "= …" when `withTotal` is false). */
export function costRule(c: ProjectCost, withTotal = true): string {
  const money = (amount: number) => formatMoney(amount, c.currency);
  let rule = `hardware ${money(c.hardware)}`;
  if (c.extra_items > 0) rule += ` + extra lines ${money(c.extra_items)}`;
  if (c.discount > 0) rule += ` - discounts ${money(c.discount)}`;
  return withTotal ? `${rule} = ${money(c.total)}` : rule;
}

const perUnit = (figure: number | undefined, e: Evaluation): MetricValue =>
  e.totals.cost.unpriced_parts.length > 0
    ? notModelled('A part has no unit price, so the cost per unit is not known.', 'no prices')
    : figure;

/** The slowest workload's estimated read or write latency over the variant's clusters. */
function latencyMetric(which: 'read' | 'write'): Metric {
  const value = (e: Evaluation): MetricValue => {
    const l = e.totals.latency;
    if (!l) {
      const why = e.clusters
        .flatMap((c) => c.key_figures.not_modelled)
        .find((n) => n.figure === 'latency')?.why;
      return notModelled(why ?? 'No cluster of this variant models latency.');
    }
    if (l.saturated) return notModelled('A device tier is past saturation.', 'saturated');
    return which === 'read' ? l.read_ms : l.write_ms;
  };
  return {
    id: `${which}-latency`,
    label: `${which === 'read' ? 'Read' : 'Write'} latency (slowest workload)`,
    note: `The slowest workload's estimated mean ${which} latency at the host, over the variant's clusters; an estimate, not a measurement.`,
    value,
    format: (v) => `${upTo(v, 2)} ms`,
    better: 'lower',
    demand: true,
    explain: (e) =>
      e.totals.latency && { rule: e.totals.latency.rule, sources: [e.totals.latency.source] },
  };
}

/** The resource's row in the variant's tightest cluster for it. */
const tightestRow = (e: Evaluation, figure: string) =>
  e.totals.utilisation.find((u) => u.row.figure === figure)?.row;

/** The rule of the resource's row in the variant's tightest cluster. */
const fromRow =
  (figure: string) =>
  (e: Evaluation): Explanation | undefined => {
    const row = tightestRow(e, figure);
    return row && { rule: row.rule, sources: row.sources };
  };

const costOver =
  (what: string, amount: (e: Evaluation) => number | undefined) => (e: Evaluation) => {
    const a = amount(e);
    return a === undefined
      ? undefined
      : {
          rule: `${formatMoney(e.totals.cost.total, e.totals.cost.currency)} (bill of materials total) / ${upTo(a, 2)} ${what}.`,
          sources: [],
        };
  };

export const METRICS: Metric[] = [
  {
    id: 'raw',
    label: 'Raw',
    note: TOTAL,
    value: (e, u) => e.totals.raw[u],
    format: capacity,
    better: 'higher',
    demand: false,
    explain: fromRow('capacity_raw'),
  },
  {
    id: 'usable',
    label: 'Usable',
    note: `${TOTAL} Raw less format, metadata, slack and the N+x rebuild reserve.`,
    value: (e, u) => e.totals.usable[u],
    format: capacity,
    better: 'higher',
    demand: false,
    explain: fromRow('capacity_usable'),
  },
  {
    id: 'required',
    label: 'Required',
    note: `${TOTAL} What the workloads need after protection and data reduction.`,
    value: (e, u) => e.totals.required[u],
    format: capacity,
    better: 'lower',
    demand: true,
    explain: fromRow('capacity_usable'),
  },
  {
    id: 'headroom',
    label: 'Capacity headroom',
    note: `${TIGHTEST} Headroom as a share of usable capacity.`,
    value: (e) => e.totals.tightest.headroom_pct,
    format: formatPct,
    better: 'higher',
    demand: true,
    // Negative headroom is required past usable: the core judges the
    // tightest cluster's capacity row over (`capacity.insufficient`).
    level: (e) => tightestRow(e, 'capacity_usable')?.judged.at_n.level,
    explain: fromRow('capacity_usable'),
  },
  {
    id: 'front-end',
    label: 'Front-end IOPS demand',
    note: `${TOTAL} The workloads' demand: the same workloads should match.`,
    value: (e) => e.totals.front_end_iops,
    format: formatIops,
    better: 'none',
    demand: true,
    explain: fromRow('iops'),
  },
  {
    id: 'iops-limit',
    label: 'Front-end IOPS capability',
    note: `${TOTAL} vSAN OSA: limited by its device tiers or its hosts' vSAN I/O path, ESA: by its devices, at the workloads' read/write mix; XtremIO + VPLEX: the VPLEX peak limit.`,
    value: (e) => e.totals.iops_limit,
    format: formatIops,
    better: 'higher',
    // Found at the workloads' mix: other workloads, another limit.
    demand: true,
    explain: fromRow('iops'),
  },
  {
    id: 'back-end',
    label: 'Back-end IOPS',
    note: `${TOTAL} Front-end I/O after the protection write cost.`,
    value: (e) => e.totals.back_end_iops,
    format: formatIops,
    better: 'lower',
    demand: true,
    explain: fromRow('iops'),
  },
  {
    id: 'vcpu',
    label: 'vCPU:pCore after N+x',
    note: TIGHTEST,
    value: (e) => e.totals.tightest.vcpu_per_core_after_failure,
    format: formatRatio,
    better: 'lower',
    demand: true,
    explain: fromRow('cpu'),
  },
  latencyMetric('read'),
  latencyMetric('write'),
  {
    id: 'cost',
    label: 'Cost (bill of materials)',
    note: "Unit price x quantity of every host and device over every cluster, plus the project's extra lines (licences, support, services), less its discounts: the BOM's total (the XLSX BOM sheet has the lines).",
    value: cost,
    explain: (e) => ({
      rule: costRule(e.totals.cost),
      sources: [],
    }),
    format: money,
    better: 'lower',
    demand: false,
    money: true,
  },
  {
    id: 'cost-per-tb',
    label: 'Cost per usable TB',
    note: 'The bill of materials over the usable capacity (decimal TB), every cluster.',
    value: (e) => perUnit(e.totals.cost_per_usable_tb, e),
    format: money,
    better: 'lower',
    demand: false,
    money: true,
    explain: costOver('TB usable', (e) => e.totals.usable.tb),
  },
  {
    id: 'cost-per-iops',
    label: 'Cost per IOPS of capability',
    note: 'The bill of materials over the front-end IOPS capability (at the workloads\u2019 mix).',
    value: (e) => perUnit(e.totals.cost_per_iops, e),
    format: (v, s) => `${upTo(v, v < 1 ? 3 : 2)} ${s.currency}`,
    better: 'lower',
    demand: true,
    money: true,
    explain: costOver('IOPS of capability', (e) => e.totals.iops_limit),
  },
  {
    id: 'errors',
    label: 'Requirements not met',
    note: 'Findings of severity error, every cluster.',
    value: (e) => e.verdict.counts.errors,
    format: count,
    better: 'lower',
    demand: true,
  },
  {
    id: 'warnings',
    label: 'Warnings',
    note: 'Findings of severity warning, every cluster.',
    value: (e) => e.verdict.counts.warnings,
    format: count,
    better: 'lower',
    demand: true,
  },
];

type State = 'at_n' | 'after_failure' | 'after_site_failure';

const STATE_LABEL: Record<State, (x: string) => string> = {
  at_n: () => 'at N',
  after_failure: (x) => `after N+${x}`,
  after_site_failure: () => 'after a site failure',
};

/** Where the core's rows play another failure than N+x (`failure`), the column says so. */
const AFTER_ITS_FAILURE = 'after that failure';

/**
 * One row per resource and state (N, N+x, site failure) the variants'
 * clusters model, from the core's tightest cluster per resource; a state
 * no variant has gets no row.
 */
export function utilisationMetrics(evaluations: (Evaluation | undefined)[]): Metric[] {
  const figures: { figure: string; label: string }[] = [];
  for (const e of evaluations) {
    for (const t of e?.totals.utilisation ?? []) {
      if (!figures.some((f) => f.figure === t.row.figure))
        figures.push({ figure: t.row.figure, label: t.row.label });
    }
  }
  const tightest = (e: Evaluation, figure: string) =>
    e.totals.utilisation.find((t) => t.row.figure === figure);
  const metrics: Metric[] = [];
  for (const { figure, label } of figures) {
    for (const state of ['at_n', 'after_failure', 'after_site_failure'] as State[]) {
      const present = evaluations.some((e) => e && tightest(e, figure)?.row[state]);
      if (!present) continue;
      const xs = evaluations.flatMap((e) => {
        const t = e && tightest(e, figure);
        return t ? [t.hosts_failed] : [];
      });
      // The variants may reserve different hosts: then the label says N+x.
      const x = xs.length > 0 && xs.every((v) => v === xs[0]) ? String(xs[0]) : 'x';
      const ownFailure =
        state === 'after_failure' &&
        evaluations.some((e) => e && tightest(e, figure)?.row.failure !== undefined);
      metrics.push({
        id: `${figure}@${state}`,
        label: `${label} ${ownFailure ? AFTER_ITS_FAILURE : STATE_LABEL[state](x)}`,
        note: 'Share of the limit, in the cluster where the resource is tightest.',
        value: (e) => {
          const t = tightest(e, figure);
          if (!t) return notModelled(`${label}: not modelled for this kind of cluster.`);
          const u = t.row[state];
          if (!u) return notModelled(t.row.rule, 'not modelled');
          return u.pct;
        },
        format: formatPct,
        better: 'lower',
        demand: true,
        level: (e) => tightest(e, figure)?.row.judged[state]?.level,
        explain: (e) => {
          const t = tightest(e, figure);
          if (!t) return undefined;
          const u = t.row[state];
          const where = e.clusters.length > 1 ? ` (cluster ${t.cluster_name})` : '';
          const after = state === 'after_failure' && t.row.failure ? ` after ${t.row.failure}` : '';
          const figures = u
            ? `${upTo(u.used, 2)} of ${upTo(u.limit, 2)} ${u.unit}${after}${where}. `
            : '';
          return { rule: `${figures}${t.row.rule}`, sources: t.row.sources };
        },
      });
    }
  }
  return metrics;
}

/**
 * Index of the better variant for a metric, or undefined when there is no
 * contest: equal values, a context row, demand rows when the variants'
 * workloads differ, money across currencies. A value the core judges past
 * its limit (`levels[i]` is `over`) never wins. `shown` is the cell's text:
 * values that read the same (0.252 USD and 0.2524 USD) are equal, so no
 * cell is marked better for a difference the reader cannot see.
 */
export function bestIndex(
  values: MetricValue[],
  metric: Pick<Metric, 'better'>,
  levels: (Level | undefined)[] = [],
  shown: (v: number) => string = String,
): number | undefined {
  const { better } = metric;
  if (better === 'none') return undefined;
  const numbers = values.map((v) => (typeof v === 'number' ? v : undefined));
  const texts = numbers.map((v) => (v === undefined ? undefined : shown(v)));
  const defined = texts.filter((t) => t !== undefined);
  if (defined.length < 2 || defined.every((t) => t === defined[0])) return undefined;
  let best: number | undefined;
  numbers.forEach((v, i) => {
    if (v === undefined || levels[i] === 'over') return;
    const current = best === undefined ? undefined : numbers[best];
    if (current === undefined || (better === 'higher' ? v > current : v < current)) best = i;
  });
  // A tie for best, as shown, is no "better" either.
  const winner = best === undefined ? undefined : texts[best];
  return texts.filter((t) => t === winner).length === 1 ? best : undefined;
}

/** The cell's text: the figure, a dash where the core left it out, or "not modelled". */
export const formatMetric = (metric: Metric, value: MetricValue, shown: Shown) =>
  isNotModelled(value)
    ? (value.shown ?? 'not modelled')
    : orDash(value, (v) => metric.format(v, shown));

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
