import { memo } from 'react';
import { Explain, type Explanation } from '../components/Explain';
import { costRule } from '../compare/metrics';
import type { ClusterCost, ClusterResult, ProjectCost, Utilisation } from '../core/types';
import {
  formatCapacity,
  formatIops,
  formatPct,
  formatMoney,
  formatRatio,
  orDash,
  upTo,
  type CapacityUnit,
} from '../units';
import { ApplyCatalogPrices } from './ApplyCatalogPrices';

const fixed = (n: number) => upTo(n, 2);
const times = (n: number) => `${upTo(n, 2)}×`;
const ms = (n: number | undefined) => (n === undefined ? '–' : `${upTo(n, 2)} ms`);
const share = (u: Utilisation) =>
  `${fixed(u.used)} of ${fixed(u.limit)} ${u.unit}${u.pct === undefined ? '' : ` (${formatPct(u.pct)})`}`;

function rawLabel(c: ClusterResult): string {
  switch (c.kind) {
    case 'vsan_osa':
      return `Raw (${c.detail.tier === 'hybrid' ? 'hybrid' : 'all-flash'}, ${c.detail.raw.capacity_devices} devices)`;
    case 'vsan_esa':
      return `Raw (ESA, ${c.detail.raw.capacity_devices} NVMe devices)`;
    case 'xtremio_vplex':
      return "Raw (both sites' X-Bricks)";
  }
}

/**
 * What the Usable, Required and Headroom tiles cover and the rules they
 * open. An XtremIO + VPLEX cluster's key figures total both sites' arrays
 * (the core's waterfall), while its utilisation row is the production
 * site's: the tiles say "both sites" and open the waterfall's rules, whose
 * numbers are the ones shown.
 */
function capacityTiles(c: ClusterResult, rule: (figure: string) => Explanation | undefined) {
  if (c.kind !== 'xtremio_vplex') {
    const usable = rule('capacity_usable');
    return { scope: '', usable, required: usable, headroom: usable };
  }
  const capacity = c.detail.capacity;
  const forData = capacity.waterfall.filter((step) => step.kind === 'subtotal').at(-1);
  const usable = forData && { rule: forData.rule, sources: [forData.source] };
  // The required rule adds the workloads' volumes: their reduction sources.
  const sources = capacity.workloads.flatMap((w) => [w.dedup_source, w.reduction_source]);
  const required = { rule: capacity.required_rule, sources: [...new Set(sources)] };
  return { scope: ' (both sites)', usable, required, headroom: both(usable, required) };
}

/**
 * The figures every kind of cluster has, as the core computed them once
 * (`key_figures`); `children` adds the kind's own tiles. What the kind does
 * not model says so, with the reason, instead of showing a zero.
 */
export const KeyFigureTiles = memo(function KeyFigureTiles({
  cluster,
  unit,
  currency,
  children,
}: {
  cluster: ClusterResult;
  unit: CapacityUnit;
  /** The project's currency (`pricing.currency`), shown with every price. */
  currency: string;
  children?: React.ReactNode;
}) {
  const k = cluster.key_figures;
  const rule = (figure: string) => cluster.utilisation.rows.find((r) => r.figure === figure);
  const capacity = capacityTiles(cluster, rule);
  const latencyWhy = k.not_modelled.find((n) => n.figure === 'latency')?.why;
  return (
    <>
      <dl className="figures">
        <Figure label={rawLabel(cluster)} explain={rule('capacity_raw')}>
          <span data-testid="raw-tb">{formatCapacity(k.raw, 'tb')}</span>
          {' / '}
          <span data-testid="raw-tib">{formatCapacity(k.raw, 'tib')}</span>
        </Figure>
        <Figure label={`Usable${capacity.scope}`} testId="usable" explain={capacity.usable}>
          {formatCapacity(k.usable, unit)}
        </Figure>
        <Figure label={`Required${capacity.scope}`} testId="required" explain={capacity.required}>
          {formatCapacity(k.required, unit)}
        </Figure>
        <Figure label={`Headroom${capacity.scope}`} testId="headroom" explain={capacity.headroom}>
          {formatCapacity(k.headroom, unit)} ({orDash(k.headroom_pct, formatPct)})
        </Figure>
        <Figure label="Front-end IOPS" testId="front-end-iops" explain={rule('iops')}>
          {formatIops(k.iops.front_end)}
        </Figure>
        <Figure label="IOPS limit" testId="iops-limit" explain={rule('iops')}>
          {orDash(k.iops.limit, formatIops)}
        </Figure>
        <Figure label="IOPS headroom" testId="iops-headroom" explain={rule('iops')}>
          {orDash(k.iops.headroom, times)}
        </Figure>
        <Figure label="vCPU:pCore after N+x" testId="vcpu-ratio" explain={rule('cpu')}>
          {orDash(k.vcpu_per_core_after_failure, formatRatio)}
        </Figure>
        <Figure label="CPU after N+x" testId="cpu-after-failure" explain={rule('cpu')}>
          {share(k.cpu.after_failure)}
        </Figure>
        <Figure label="RAM after N+x" testId="ram-after-failure" explain={rule('ram')}>
          {fixed(k.ram.after_failure.used)} of {fixed(k.ram.after_failure.limit)} GB
        </Figure>
        {k.site_failure && (
          <Figure
            label="After a site failure"
            testId="site-failure-use"
            explain={both(rule('cpu'), rule('ram'))}
          >
            CPU {orDash(k.site_failure.cpu.pct, formatPct)}, RAM{' '}
            {orDash(k.site_failure.ram.pct, formatPct)}
          </Figure>
        )}
        <Figure
          label="Slowest workload latency"
          testId="latency"
          explain={
            k.latency
              ? { rule: k.latency.rule, sources: [k.latency.source] }
              : latencyWhy === undefined
                ? undefined
                : { rule: latencyWhy, sources: [] }
          }
        >
          {k.latency
            ? k.latency.saturated
              ? 'a device tier is saturated'
              : `read ${ms(k.latency.read_ms)}, write ${ms(k.latency.write_ms)}`
            : 'not modelled'}
          {latencyWhy && <span className="visually-hidden">: {latencyWhy}</span>}
        </Figure>
        <Figure
          label="Highest use of a limit"
          testId="binding"
          explain={k.binding && rule(k.binding.figure)}
        >
          {k.binding ? `${k.binding.name}: ${formatPct(k.binding.pct)}` : '–'}
        </Figure>
        <Figure label="Hosts">{k.hosts}</Figure>
        {children}
      </dl>
      <ClusterCostLine cost={k.cost} currency={currency} />
      {k.not_modelled.length > 0 && (
        <ul className="muted" data-testid="not-modelled" aria-label="Not modelled">
          {k.not_modelled.map((n) => (
            <li key={n.figure}>{n.why}</li>
          ))}
        </ul>
      )}
    </>
  );
});

/** The cluster's bill of materials total as the design prices it, and what it leaves out. */
function ClusterCostLine({ cost, currency }: { cost: ClusterCost; currency: string }) {
  const missing = cost.unpriced_parts.length;
  return (
    <p className="cost-line" data-testid="cluster-cost">
      Cost (bill of materials):{' '}
      {missing > 0 && cost.priced_total === 0
        ? 'no prices'
        : formatMoney(cost.priced_total, currency)}
      {missing > 0 && (
        <span className="muted" title={cost.unpriced_parts.join('; ')}>
          {' '}
          ({missing === 1 ? '1 part has' : `${missing} parts have`} no unit price: enter it in the
          design or pick the part from the catalog) <ApplyCatalogPrices />
        </span>
      )}
    </p>
  );
}

/**
 * The project's bill of materials total: every cluster's hardware with the
 * extra lines and discounts, as the core totals it. Shown where it says more
 * than the cluster's line: several clusters, or extra lines or discounts.
 */
export function ProjectCostLine({ cost, clusters }: { cost: ProjectCost; clusters: number }) {
  if (clusters < 2 && cost.extra_items === 0 && cost.discount === 0) return null;
  const missing = cost.unpriced_parts.length;
  return (
    <p className="cost-line" data-testid="project-cost">
      Project total (bill of materials): <strong>{formatMoney(cost.total, cost.currency)}</strong>{' '}
      <span className="muted">({costRule(cost, false)})</span>
      {missing > 0 && (
        <span className="muted" title={cost.unpriced_parts.join('; ')}>
          {' '}
          without {missing === 1 ? '1 unpriced part' : `${missing} unpriced parts`}
        </span>
      )}
    </p>
  );
}

/** Two of the core's rules behind one tile (e.g. CPU and RAM), in order, each source once. */
function both(a?: Explanation, b?: Explanation): Explanation | undefined {
  if (!a || !b) return a ?? b;
  return { rule: `${a.rule} ${b.rule}`, sources: [...new Set([...a.sources, ...b.sources])] };
}

export function Figure({
  label,
  testId,
  title,
  explain,
  children,
}: {
  label: string;
  testId?: string;
  title?: string;
  /** The rule and sources behind the figure, as the core states them. */
  explain?: Explanation;
  children: React.ReactNode;
}) {
  return (
    <div title={title}>
      <dt>
        {label}
        {explain && <Explain figure={label} rule={explain.rule} sources={explain.sources} />}
      </dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}
