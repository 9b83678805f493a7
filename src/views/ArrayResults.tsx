import { memo } from 'react';
import type { ArrayClusterEvaluation } from '../core/types';
import { formatCapacity, formatIops, formatPct, orDash, type CapacityUnit } from '../units';

/** An XtremIO + VPLEX Metro cluster: both sites' arrays, the VPLEX limit and the parts list. */
export const ArrayResults = memo(function ArrayResults({
  cluster,
  unit,
}: {
  cluster: ArrayClusterEvaluation;
  unit: CapacityUnit;
}) {
  const x = cluster.xtremio_vplex;
  return (
    <>
      <dl className="figures">
        <div>
          <dt>X-Bricks per site</dt>
          <dd>
            {x.x_bricks_per_site} × {x.x_brick.name}
          </dd>
        </div>
        <div>
          <dt>Usable (capacity)</dt>
          <dd data-testid="usable">{formatCapacity(cluster.capacity.usable, unit)}</dd>
        </div>
        <div>
          <dt>Required</dt>
          <dd data-testid="required">{formatCapacity(cluster.capacity.required, unit)}</dd>
        </div>
        <div>
          <dt>Data reduction</dt>
          <dd>{x.data_reduction.overall_efficiency.toFixed(1)}:1 overall</dd>
        </div>
        <div>
          <dt>VPLEX front end</dt>
          <dd data-testid="vplex-iops">
            {formatIops(x.vplex.frontend_iops)} of {formatIops(x.vplex.limit.frontend_iops_peak)}{' '}
            peak
          </dd>
        </div>
        <div>
          <dt>VPLEX use</dt>
          <dd>{orDash(x.vplex.utilisation_pct, formatPct)}</dd>
        </div>
      </dl>
      <h3>Sites</h3>
      <table className="grid">
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
      </table>
      <h3>Components</h3>
      <table className="grid" data-testid="array-components">
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
      </table>
    </>
  );
});
