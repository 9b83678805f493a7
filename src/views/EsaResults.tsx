import { memo } from 'react';
import { CapacityWaterfallChart } from '../charts/CapacityWaterfallChart';
import { FigureBarChart } from '../charts/FigureBarChart';
import type { EsaClusterEvaluation } from '../core/types';
import {
  formatCapacity,
  formatGb,
  formatIops,
  formatPct,
  formatRatio,
  orDash,
  type CapacityUnit,
} from '../units';
import { GrowthPanel } from './GrowthPanel';

const DEMAND = '#2563eb';
const COST = '#b45309';
const LIMIT = '#0f766e';

const times = (n: number) => `${n.toLocaleString('en-US', { maximumFractionDigits: 2 })}×`;

/** A vSAN ESA cluster: its storage pool's capacity, device I/O, vSAN memory and growth. */
export const EsaResults = memo(function EsaResults({
  cluster,
  unit,
}: {
  cluster: EsaClusterEvaluation;
  unit: CapacityUnit;
}) {
  const { capacity, performance: io, compute, raw } = cluster;
  return (
    <>
      <dl className="figures">
        <div>
          <dt>Raw (ESA, {raw.capacity_devices} NVMe devices)</dt>
          <dd>
            <span data-testid="raw-tb">{formatCapacity(raw.total, 'tb')}</span> /{' '}
            <span data-testid="raw-tib">{formatCapacity(raw.total, 'tib')}</span>
          </dd>
        </div>
        <div>
          <dt>Usable</dt>
          <dd data-testid="usable">{formatCapacity(capacity.usable, unit)}</dd>
        </div>
        <div>
          <dt>Required</dt>
          <dd data-testid="required">{formatCapacity(capacity.required, unit)}</dd>
        </div>
        <div>
          <dt>Headroom</dt>
          <dd data-testid="headroom">
            {formatCapacity(capacity.headroom, unit)} ({orDash(capacity.headroom_pct, formatPct)})
          </dd>
        </div>
        <div>
          <dt>Front-end IOPS</dt>
          <dd data-testid="front-end-iops">{formatIops(io.front_end_iops)}</dd>
        </div>
        <div>
          <dt>Device-limited IOPS</dt>
          <dd data-testid="iops-limit">{orDash(io.device_limited_front_end_iops, formatIops)}</dd>
        </div>
        <div>
          <dt>NVMe busy (ceiling {formatPct(io.utilisation_ceiling_pct)})</dt>
          <dd data-testid="esa-device-busy">{orDash(io.utilisation_pct, formatPct)}</dd>
        </div>
        <div>
          <dt>IOPS headroom</dt>
          <dd data-testid="iops-headroom">{orDash(io.headroom, times)}</dd>
        </div>
        <div>
          <dt>vSAN memory per host</dt>
          <dd data-testid="esa-vsan-memory">{formatGb(compute.vsan_memory_per_host_gb)}</dd>
        </div>
        <div>
          <dt>RAM after N+x</dt>
          <dd data-testid="ram-after-failure">
            {formatGb(compute.ram_demand_gb)} of {formatGb(compute.usable_ram_after_failure_gb)}
          </dd>
        </div>
        <div>
          <dt>vCPU:pCore after N+x</dt>
          <dd>{orDash(compute.vcpu_per_core_after_failure, formatRatio)}</dd>
        </div>
        <div>
          <dt>Hosts</dt>
          <dd>{cluster.host_count}</dd>
        </div>
      </dl>
      <h3>Capacity waterfall</h3>
      <CapacityWaterfallChart
        steps={capacity.waterfall}
        required={capacity.required[unit]}
        unit={unit}
      />
      <div className="chart-row">
        <div>
          <h3>IOPS</h3>
          <FigureBarChart
            title="IOPS"
            unit="IOPS"
            bars={[
              { label: 'Front-end', value: io.front_end_iops, colour: DEMAND },
              { label: 'Back-end', value: io.back_end_iops, colour: COST },
              { label: 'Limit', value: io.device_limited_front_end_iops ?? 0, colour: LIMIT },
            ]}
          />
        </div>
        <div>
          <h3>Compute after N+{compute.hosts - compute.hosts_after_failure}</h3>
          <FigureBarChart
            title="Use after host failure"
            unit="%"
            digits={1}
            limit={100}
            bars={[
              { label: 'CPU', value: compute.cores_needed_pct_after_failure ?? 0, colour: DEMAND },
              { label: 'RAM', value: compute.ram_demand_pct_after_failure ?? 0, colour: COST },
            ]}
          />
        </div>
      </div>
      <h3>Workloads on the pool</h3>
      <table className="grid" data-testid="esa-workloads">
        <thead>
          <tr>
            <th scope="col">Workload</th>
            <th scope="col">Policy</th>
            <th scope="col">Compression</th>
            <th scope="col">Consumed</th>
            <th scope="col">Front-end IOPS</th>
            <th scope="col">Device writes per write</th>
          </tr>
        </thead>
        <tbody>
          {io.workloads.map((w, i) => {
            const space = capacity.workloads[i];
            return (
              <tr key={w.workload_id}>
                <th scope="row">{w.workload_id}</th>
                <td>{w.policy_id}</td>
                <td>{space && space.dedup_ratio > 1 ? formatRatio(space.dedup_ratio) : 'none'}</td>
                <td>{space ? formatCapacity(space.consumed, unit) : '–'}</td>
                <td>{formatIops(w.front_end.total_iops)}</td>
                <td>
                  {w.write_cost.performance_leg} + {w.write_cost.capacity_leg.toFixed(2)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="muted">
        Writes land in a RAID-1 performance leg and are written as full stripes to the capacity leg:
        no read-modify-write on RAID-5/6. vSAN memory: {compute.vsan_memory_source}.
      </p>
      <GrowthPanel growth={cluster.growth} unit={unit} />
    </>
  );
});
