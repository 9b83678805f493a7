import { memo } from 'react';
import type { ClusterCost, ClusterResult, Utilisation } from '../core/types';
import {
  formatCapacity,
  formatIops,
  formatPct,
  formatPrice,
  formatRatio,
  orDash,
  upTo,
  type CapacityUnit,
} from '../units';
import { ApplyCatalogPrices } from './ApplyCatalogPrices';

const fixed = (n: number) => upTo(n, 2);
const times = (n: number) => `${n.toLocaleString('en-US', { maximumFractionDigits: 2 })}×`;
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
  const latencyWhy = k.not_modelled.find((n) => n.figure === 'latency')?.why;
  return (
    <>
      <dl className="figures">
        <Figure label={rawLabel(cluster)}>
          <span data-testid="raw-tb">{formatCapacity(k.raw, 'tb')}</span>
          {' / '}
          <span data-testid="raw-tib">{formatCapacity(k.raw, 'tib')}</span>
        </Figure>
        <Figure label="Usable" testId="usable">
          {formatCapacity(k.usable, unit)}
        </Figure>
        <Figure label="Required" testId="required">
          {formatCapacity(k.required, unit)}
        </Figure>
        <Figure label="Headroom" testId="headroom">
          {formatCapacity(k.headroom, unit)} ({orDash(k.headroom_pct, formatPct)})
        </Figure>
        <Figure label="Front-end IOPS" testId="front-end-iops">
          {formatIops(k.iops.front_end)}
        </Figure>
        <Figure label="IOPS limit" testId="iops-limit" title={k.iops.limit_basis}>
          {orDash(k.iops.limit, formatIops)}
        </Figure>
        <Figure label="IOPS headroom" testId="iops-headroom">
          {orDash(k.iops.headroom, times)}
        </Figure>
        <Figure label="vCPU:pCore after N+x" testId="vcpu-ratio">
          {orDash(k.vcpu_per_core_after_failure, formatRatio)}
        </Figure>
        <Figure label="CPU after N+x" testId="cpu-after-failure">
          {share(k.cpu.after_failure)}
        </Figure>
        <Figure label="RAM after N+x" testId="ram-after-failure">
          {fixed(k.ram.after_failure.used)} of {fixed(k.ram.after_failure.limit)} GB
        </Figure>
        {k.site_failure && (
          <Figure label="After a site failure" testId="site-failure-use">
            CPU {orDash(k.site_failure.cpu.pct, formatPct)}, RAM{' '}
            {orDash(k.site_failure.ram.pct, formatPct)}
          </Figure>
        )}
        <Figure label="Slowest workload latency" testId="latency" title={k.latency?.source}>
          {k.latency
            ? k.latency.saturated
              ? 'a device tier is saturated'
              : `read ${ms(k.latency.read_ms)}, write ${ms(k.latency.write_ms)}`
            : 'not modelled'}
          {latencyWhy && <span className="visually-hidden">: {latencyWhy}</span>}
        </Figure>
        <Figure label="Binds first" testId="binding">
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
        : `${formatPrice(cost.priced_total)} ${currency}`}
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

export function Figure({
  label,
  testId,
  title,
  children,
}: {
  label: string;
  testId?: string;
  title?: string;
  children: React.ReactNode;
}) {
  return (
    <div title={title}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}
