import { CapacityWaterfallChart } from '../charts/CapacityWaterfallChart';
import { FigureBarChart } from '../charts/FigureBarChart';
import type { ClusterEvaluation } from '../core/types';
import { useApp } from '../store/context';
import {
  formatCapacity,
  formatGb,
  formatIops,
  formatPct,
  formatRatio,
  orDash,
  type CapacityUnit,
} from '../units';
import { ArrayResults } from './ArrayResults';
import { EsaResults } from './EsaResults';
import { GrowthPanel } from './GrowthPanel';
import { ResiliencePanel } from './ResiliencePanel';
import { StretchedPanel } from './StretchedPanel';
import { UnitToggle } from './UnitToggle';

const fixed = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 2 });

/** Every figure of the selected cluster (vSAN or array), as the core computed them. */
export function ResultsDashboard() {
  const evaluation = useApp((s) => s.evaluation);
  const stale = useApp((s) => s.issues.length > 0 || s.coreError !== null);
  const selected = useApp((s) => s.selectedCluster);
  const selectCluster = useApp((s) => s.selectCluster);
  const unit = useApp((s) => s.capacityUnit);
  if (!evaluation) return <section className="panel">Evaluating…</section>;
  const entries = [
    ...evaluation.clusters.map((c) => ({ name: c.cluster_name, id: c.cluster_id })),
    ...evaluation.array_clusters.map((c) => ({ name: c.cluster_name, id: c.cluster_id })),
    ...evaluation.esa_clusters.map((c) => ({ name: c.cluster_name, id: c.cluster_id })),
  ];
  const index = selected < entries.length ? selected : 0;
  const vsan = evaluation.clusters[index];
  const arrayIndex = index - evaluation.clusters.length;
  const array = vsan ? undefined : evaluation.array_clusters[arrayIndex];
  const esa =
    vsan || array
      ? undefined
      : evaluation.esa_clusters[arrayIndex - evaluation.array_clusters.length];
  const name = entries[index]?.name ?? '';
  return (
    <section
      className={stale ? 'panel dashboard stale' : 'panel dashboard'}
      aria-labelledby="results-heading"
    >
      <div className="dashboard-head">
        <h2 id="results-heading">Results: {name}</h2>
        {entries.length > 1 && (
          <label>
            Cluster{' '}
            <select
              aria-label="Results for cluster"
              value={index}
              onChange={(e) => selectCluster(Number(e.target.value))}
            >
              {entries.map((c, i) => (
                <option key={c.id} value={i}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <UnitToggle />
      </div>
      {stale && <p className="muted">Showing the last valid result; fix the inputs to update.</p>}
      {vsan && <VsanResults cluster={vsan} unit={unit} />}
      {esa && <EsaResults cluster={esa} unit={unit} />}
      {array && (
        <>
          <ArrayResults cluster={array} unit={unit} />
          <h3>Capacity waterfall (production site)</h3>
          <CapacityWaterfallChart
            steps={array.capacity.waterfall}
            required={array.capacity.required[unit]}
            unit={unit}
          />
        </>
      )}
    </section>
  );
}

function VsanResults({ cluster, unit }: { cluster: ClusterEvaluation; unit: CapacityUnit }) {
  return (
    <>
      <KeyFigures cluster={cluster} unit={unit} />
      <h3>Capacity waterfall</h3>
      <CapacityWaterfallChart
        steps={cluster.capacity.waterfall}
        required={cluster.capacity.required[unit]}
        unit={unit}
      />
      <div className="chart-row">
        <div>
          <h3>IOPS</h3>
          <FigureBarChart title="IOPS" unit="IOPS" bars={iopsBars(cluster)} />
        </div>
        <div>
          <h3>Cache</h3>
          <FigureBarChart title="Cache" unit="GB" bars={cacheBars(cluster)} />
        </div>
        <div>
          <h3>Compute after N+{cluster.compute.hosts - cluster.compute.hosts_after_failure}</h3>
          <FigureBarChart
            title="Use after host failure"
            unit="%"
            digits={1}
            limit={100}
            bars={computeBars(cluster)}
          />
        </div>
      </div>
      <GrowthPanel growth={cluster.growth} unit={unit} />
      {cluster.stretched && <StretchedPanel stretched={cluster.stretched} />}
      <ResiliencePanel resilience={cluster.resilience} unit={unit} />
    </>
  );
}

function KeyFigures({ cluster, unit }: { cluster: ClusterEvaluation; unit: CapacityUnit }) {
  const { capacity, performance, cache, compute, raw } = cluster;
  const tier = cluster.tier === 'hybrid' ? 'hybrid' : 'all-flash';
  return (
    <dl className="figures">
      <Figure label={`Raw (${tier}, ${raw.capacity_devices} devices)`}>
        <span data-testid="raw-tb">{formatCapacity(raw.total, 'tb')}</span>
        {' / '}
        <span data-testid="raw-tib">{formatCapacity(raw.total, 'tib')}</span>
      </Figure>
      <Figure label="Usable" testId="usable">
        {formatCapacity(capacity.usable, unit)}
      </Figure>
      <Figure label="Required" testId="required">
        {formatCapacity(capacity.required, unit)}
      </Figure>
      <Figure label="Headroom" testId="headroom">
        {formatCapacity(capacity.headroom, unit)} ({orDash(capacity.headroom_pct, formatPct)})
      </Figure>
      <Figure label="Front-end IOPS" testId="front-end-iops">
        {formatIops(performance.front_end_iops)}
      </Figure>
      <Figure label="Device-limited IOPS" testId="iops-limit">
        {orDash(performance.device_limited_front_end_iops, formatIops)}
      </Figure>
      <Figure label="Cache installed / required">
        {formatGb(cache.installed.gb)} / {formatGb(cache.required.gb)}
      </Figure>
      <Figure label="vCPU:pCore after N+x" testId="vcpu-ratio">
        {orDash(compute.vcpu_per_core_after_failure, formatRatio)}
      </Figure>
      <Figure label="RAM after N+x" testId="ram-after-failure">
        {fixed(compute.ram_demand_gb)} of {fixed(compute.usable_ram_after_failure_gb)} GB
      </Figure>
      <Figure label="Hosts">{cluster.host_count}</Figure>
    </dl>
  );
}

function Figure({
  label,
  testId,
  children,
}: {
  label: string;
  testId?: string;
  children: React.ReactNode;
}) {
  return (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

const DEMAND = '#2563eb';
const COST = '#b45309';
const LIMIT = '#0f766e';

function iopsBars({ performance }: ClusterEvaluation) {
  return [
    { label: 'Front-end', value: performance.front_end_iops, colour: DEMAND },
    { label: 'Back-end', value: performance.back_end_iops, colour: COST },
    { label: 'Limit', value: performance.device_limited_front_end_iops ?? 0, colour: LIMIT },
  ];
}

function cacheBars({ cache }: ClusterEvaluation) {
  return [
    { label: 'Required', value: cache.required.gb, colour: DEMAND },
    { label: 'Installed', value: cache.installed.gb, colour: LIMIT },
  ];
}

function computeBars({ compute }: ClusterEvaluation) {
  return [
    { label: 'CPU', value: compute.cores_needed_pct_after_failure ?? 0, colour: DEMAND },
    { label: 'RAM', value: compute.ram_demand_pct_after_failure ?? 0, colour: COST },
  ];
}
