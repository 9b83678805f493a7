import { HTMLTable } from '@blueprintjs/core';
import { memo } from 'react';
import { LatencyChart } from '../charts/LatencyChart';
import { Explain } from '../components/Explain';
import type { ArrayFailureKind, ClusterResult } from '../core/types';
import { formatCapacity, formatIops, formatPct, orDash, type CapacityUnit } from '../units';
import { Figure, KeyFigureTiles } from './KeyFigureTiles';
import { ruleOf } from './keyFigureBars';
import { SiteFailureTps } from './StretchedPanel';

const FAILURE_LABEL: Record<ArrayFailureKind, string> = {
  storage_controller: 'Storage controller (production X-Brick)',
  ssd: 'SSD (production X-Brick)',
  vplex_director: 'VPLEX director (production)',
  vplex_engine: 'VPLEX engine (production)',
  production_site: 'Production site',
  remote_site: 'Remote site',
  inter_site_link: 'Inter-site link',
};

type ArrayCluster = Extract<ClusterResult, { kind: 'xtremio_vplex' }>;

/** An XtremIO + VPLEX Metro cluster's key figures: they follow each edit at once. */
export function ArrayTiles({
  cluster,
  unit,
  currency,
}: {
  cluster: ArrayCluster;
  unit: CapacityUnit;
  currency: string;
}) {
  const x = cluster.detail.xtremio_vplex;
  return (
    <KeyFigureTiles cluster={cluster} unit={unit} currency={currency}>
      <Figure label="X-Bricks per site" explain={ruleOf(cluster.utilisation, 'capacity_usable')}>
        {x.x_bricks_per_site} × {x.x_brick.name}
      </Figure>
      <Figure
        label="Data reduction"
        explain={{ rule: x.data_reduction.rule, sources: [x.data_reduction.source] }}
      >
        {x.data_reduction.overall_efficiency.toFixed(1)}:1 overall
      </Figure>
      <Figure
        label="VPLEX front end"
        testId="vplex-iops"
        explain={ruleOf(cluster.utilisation, 'iops')}
      >
        {formatIops(x.vplex.frontend_iops)} of {formatIops(x.vplex.limit.frontend_iops_peak)} peak
      </Figure>
      <Figure label="VPLEX use" explain={ruleOf(cluster.utilisation, 'iops')}>
        {orDash(x.vplex.utilisation_pct, formatPct)}
      </Figure>
    </KeyFigureTiles>
  );
}

/** Both sites' arrays, the VPLEX limit and the parts list, from the deferred evaluation. */
export const ArrayDetails = memo(function ArrayDetails({
  cluster,
  unit,
}: {
  cluster: ArrayCluster;
  unit: CapacityUnit;
}) {
  const x = cluster.detail.xtremio_vplex;
  return (
    <>
      <h3>
        Estimated latency through VPLEX
        <Explain
          figure="the VPLEX latency estimate"
          rule={x.vplex.latency_rule}
          sources={[x.vplex.latency_source]}
        />
      </h3>
      <LatencyChart
        title="Estimated latency through VPLEX"
        bars={[
          {
            label: 'Distributed',
            read: x.vplex.read_latency_ms,
            write: x.vplex.distributed_write_latency_ms,
          },
          { label: 'Local', read: x.vplex.read_latency_ms, write: x.vplex.local_write_latency_ms },
        ]}
        targets={x.vplex.latency_targets}
        explain={{ rule: x.vplex.latency_source, sources: [] }}
      />
      <h3>Sites (each site's array)</h3>
      <HTMLTable compact striped className="grid">
        <thead>
          <tr>
            <th scope="col">Site</th>
            <th scope="col">X-Bricks</th>
            <th scope="col">Raw</th>
            <th scope="col">Usable</th>
            <th scope="col">Logging volume</th>
          </tr>
        </thead>
        <tbody>
          {x.sites.map((site) => (
            <tr key={site.role}>
              <th scope="row">{site.role}</th>
              <td>{site.x_bricks}</td>
              <td>{formatCapacity(site.raw, unit)}</td>
              <td>{formatCapacity(site.usable, unit)}</td>
              <td>{formatCapacity(site.logging_volume, unit)}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      <h3>When one part fails</h3>
      <HTMLTable compact striped className="grid" data-testid="array-failures">
        <thead>
          <tr>
            <th scope="col">Failure</th>
            <th scope="col">Served by</th>
            <th scope="col">Serving array: usable after / required</th>
            <th scope="col">Array IOPS after / demand</th>
            <th scope="col">VPLEX IOPS after / demand</th>
            <th scope="col">IOPS headroom</th>
            <th scope="col">Workloads stopped</th>
          </tr>
        </thead>
        <tbody>
          {x.failures.map((f) => (
            <tr key={f.kind} title={f.effect}>
              <th scope="row">{FAILURE_LABEL[f.kind]}</th>
              <td>{f.serving_site}</td>
              <td className={f.fits ? undefined : 'bad'}>
                {formatCapacity(f.usable_after, unit)} / {formatCapacity(f.required, unit)}
              </td>
              <td>
                {formatIops(f.array_iops_after)} / {formatIops(f.array_iops_demand)}
              </td>
              <td>
                {formatIops(f.vplex_iops_after)} / {formatIops(f.vplex_iops_demand)}
              </td>
              <td
                className={f.iops_headroom !== undefined && f.iops_headroom < 1 ? 'bad' : undefined}
              >
                {orDash(f.iops_headroom, (h) => `${h.toFixed(2)}×`)}
              </td>
              <td>{f.workloads_stopped.length ? f.workloads_stopped.join(', ') : 'none'}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      <p className="source">
        Hover a row for what happens. Losses a vendor does not publish (controller, XDP rebuild,
        director) are settings under settings.resilience.
      </p>
      <h3>Site failure: TPS</h3>
      <SiteFailureTps site={x.site_failure} />
      <h3>Components</h3>
      <HTMLTable compact striped className="grid" data-testid="array-components">
        <thead>
          <tr>
            <th scope="col">Site</th>
            <th scope="col">Component</th>
            <th scope="col">Quantity</th>
            <th scope="col">Detail</th>
          </tr>
        </thead>
        <tbody>
          {x.components.map((c, i) => (
            <tr key={i}>
              <td>{c.site}</td>
              <td>{c.component}</td>
              <td>{c.quantity}</td>
              <td>{c.detail}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </>
  );
});
