import { HTMLTable } from '@blueprintjs/core';
import { memo } from 'react';
import { FigureBarChart } from '../charts/FigureBarChart';
import type { ClusterResult } from '../core/types';
import {
  formatCapacity,
  formatGb,
  formatIops,
  formatPct,
  formatRatio,
  orDash,
  type CapacityUnit,
} from '../units';
import { Waterfall } from './CapacityWaterfall';
import { GrowthPanel } from './GrowthPanel';
import { IscsiPanel } from './IscsiPanel';
import { ResiliencePanel } from './ResiliencePanel';
import { computeBars, computeHeading, iopsBars, ruleOf } from './keyFigureBars';
import { Figure, KeyFigureTiles } from './KeyFigureTiles';
import { ExplainFigure } from './UtilisationPanel';
import { useWorkloadNames } from './useWorkloadNames';
import { WorkloadLatency } from './WorkloadLatency';

type EsaCluster = Extract<ClusterResult, { kind: 'vsan_esa' }>;

/** A vSAN ESA cluster's key figures: they follow each edit at once. */
export function EsaTiles({
  cluster,
  unit,
  currency,
}: {
  cluster: EsaCluster;
  unit: CapacityUnit;
  currency: string;
}) {
  const { performance: io, compute } = cluster.detail;
  return (
    <KeyFigureTiles cluster={cluster} unit={unit} currency={currency}>
      <Figure
        label={`NVMe busy (ceiling ${formatPct(io.utilisation_ceiling_pct)})`}
        testId="esa-device-busy"
        explain={ruleOf(cluster.utilisation, 'iops')}
      >
        {orDash(io.utilisation_pct, formatPct)}
      </Figure>
      <Figure
        label="vSAN memory per host"
        testId="esa-vsan-memory"
        explain={ruleOf(cluster.utilisation, 'ram')}
      >
        {formatGb(compute.vsan_memory_per_host_gb)}
      </Figure>
    </KeyFigureTiles>
  );
}

/** A vSAN ESA cluster's pool capacity, device I/O, vSAN memory, growth, iSCSI targets and failure what-ifs, from the deferred evaluation. */
export const EsaDetails = memo(function EsaDetails({
  cluster,
  unit,
}: {
  cluster: EsaCluster;
  unit: CapacityUnit;
}) {
  const { capacity, performance: io, compute } = cluster.detail;
  const k = cluster.key_figures;
  const names = useWorkloadNames();
  return (
    <>
      <Waterfall capacity={capacity} unit={unit} />
      <div className="chart-row">
        <div>
          <h3>
            IOPS
            <ExplainFigure utilisation={cluster.utilisation} figure="iops" what="the IOPS limit" />
          </h3>
          <FigureBarChart title="IOPS" unit="IOPS" bars={iopsBars(k, cluster.utilisation)} />
        </div>
        <div>
          <h3>
            {computeHeading(cluster.utilisation.hosts_failed)}
            <ExplainFigure utilisation={cluster.utilisation} figure="cpu" what="the CPU rule" />
          </h3>
          <FigureBarChart
            title="Use after host failure"
            unit="% of what is left"
            digits={1}
            limit={100}
            bars={computeBars(k, cluster.utilisation)}
          />
        </div>
      </div>
      <h3>Workloads on the pool</h3>
      <HTMLTable compact striped className="grid" data-testid="esa-workloads">
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
                <th scope="row">{names.get(w.workload_id) ?? w.workload_id}</th>
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
      </HTMLTable>
      <p className="muted">
        Writes land in a RAID-1 performance leg and are written as full stripes to the capacity leg:
        no read-modify-write on RAID-5/6. vSAN memory: {compute.vsan_memory_source}.
      </p>
      <WorkloadLatency
        estimates={io.workloads}
        source={io.latency_model}
        rule={io.latency_rule}
        targets={io.latency_targets}
      />
      <GrowthPanel growth={cluster.detail.growth} unit={unit} />
      <IscsiPanel iscsi={cluster.detail.iscsi} hostsFailed={cluster.utilisation.hosts_failed} />
      <ResiliencePanel resilience={cluster.detail.resilience} unit={unit} />
    </>
  );
});
