import { memo, useDeferredValue, useMemo } from 'react';
import { CapacityWaterfallChart } from '../charts/CapacityWaterfallChart';
import { FigureBarChart } from '../charts/FigureBarChart';
import type { CapacityEvaluation, ClusterCost, ClusterEvaluation } from '../core/types';
import { useApp } from '../store/context';
import {
  upTo,
  formatCapacity,
  formatGb,
  formatIops,
  formatPct,
  formatPrice,
  formatRatio,
  orDash,
  type CapacityUnit,
} from '../units';
import { ArrayResults } from './ArrayResults';
import { clusterAt, clusterEntries } from './clusterAt';
import { EsaResults } from './EsaResults';
import { GrowthPanel } from './GrowthPanel';
import { ResiliencePanel } from './ResiliencePanel';
import { StretchedPanel } from './StretchedPanel';
import { UnitToggle } from './UnitToggle';

const fixed = (n: number) => upTo(n, 2);

/**
 * Every figure of the selected cluster (vSAN or array), as the core computed
 * them. The key figures and the capacity waterfall follow each evaluation at
 * once; the other charts and tables render from a deferred copy, in an
 * interruptible render right after, so an edit never waits for all of them
 * and a newer edit abandons a render that is no longer current.
 */
export function ResultsDashboard() {
  const evaluation = useApp((s) => s.evaluation);
  const settled = useDeferredValue(evaluation);
  const stale = useApp((s) => s.issues.length > 0 || s.coreError !== null);
  const selected = useApp((s) => s.selectedCluster);
  const selectCluster = useApp((s) => s.selectCluster);
  const unit = useApp((s) => s.capacityUnit);
  const entries = useMemo(() => (evaluation ? clusterEntries(evaluation) : []), [evaluation]);
  if (!evaluation) return <section className="panel">Evaluating…</section>;
  const index = selected < entries.length ? selected : 0;
  const shown = clusterAt(evaluation, index);
  const later = settled && clusterAt(settled, index);
  // While the deferred copy still shows another kind of cluster, the current one stands in.
  const details = later?.kind === shown?.kind ? later : shown;
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
      <ClusterCostLine cost={evaluation.costs.find((c) => c.cluster_id === entries[index]?.id)} />
      {shown?.kind === 'vsan' && details?.kind === 'vsan' && (
        <>
          <KeyFigures cluster={shown.cluster} unit={unit} />
          <Waterfall capacity={shown.cluster.capacity} unit={unit} />
          <VsanDetails cluster={details.cluster} unit={unit} />
        </>
      )}
      {shown?.kind === 'esa' && <EsaResults cluster={shown.cluster} unit={unit} />}
      {shown?.kind === 'array' && (
        <>
          <ArrayResults cluster={shown.cluster} unit={unit} />
          <Waterfall
            capacity={shown.cluster.capacity}
            unit={unit}
            title="Capacity waterfall (production site)"
          />
        </>
      )}
    </section>
  );
}

/** The cluster's bill of materials total as the design prices it, and what it leaves out. */
const ClusterCostLine = memo(function ClusterCostLine({ cost }: { cost: ClusterCost | undefined }) {
  if (!cost) return null;
  const missing = cost.unpriced_parts.length;
  return (
    <p className="cost-line" data-testid="cluster-cost">
      Cost (bill of materials):{' '}
      {missing > 0 && cost.priced_total === 0 ? 'no prices' : formatPrice(cost.priced_total)}
      {missing > 0 && (
        <span className="muted" title={cost.unpriced_parts.join('; ')}>
          {' '}
          ({missing === 1 ? '1 part has' : `${missing} parts have`} no unit price: enter it in the
          design or apply catalog prices on the Catalog tab)
        </span>
      )}
    </p>
  );
});

function Waterfall({
  capacity,
  unit,
  title = 'Capacity waterfall',
}: {
  capacity: CapacityEvaluation;
  unit: CapacityUnit;
  title?: string;
}) {
  return (
    <>
      <h3>{title}</h3>
      <CapacityWaterfallChart
        steps={capacity.waterfall}
        required={capacity.required[unit]}
        unit={unit}
      />
    </>
  );
}

/** The charts and tables below the key figures, from the deferred evaluation. */
const VsanDetails = memo(function VsanDetails({
  cluster,
  unit,
}: {
  cluster: ClusterEvaluation;
  unit: CapacityUnit;
}) {
  const iops = useMemo(() => iopsBars(cluster.performance), [cluster.performance]);
  const cache = useMemo(() => cacheBars(cluster.cache), [cluster.cache]);
  const compute = useMemo(() => computeBars(cluster.compute), [cluster.compute]);
  return (
    <>
      <div className="chart-row">
        <div>
          <h3>IOPS</h3>
          <FigureBarChart title="IOPS" unit="IOPS" bars={iops} />
        </div>
        <div>
          <h3>Cache</h3>
          <FigureBarChart title="Cache" unit="GB" bars={cache} />
        </div>
        <div>
          <h3>Compute after N+{cluster.compute.hosts - cluster.compute.hosts_after_failure}</h3>
          <FigureBarChart
            title="Use after host failure"
            unit="%"
            digits={1}
            limit={100}
            bars={compute}
          />
        </div>
      </div>
      <GrowthPanel growth={cluster.growth} unit={unit} />
      {cluster.stretched && <StretchedPanel stretched={cluster.stretched} />}
      <ResiliencePanel resilience={cluster.resilience} unit={unit} />
    </>
  );
});

const KeyFigures = memo(function KeyFigures({
  cluster,
  unit,
}: {
  cluster: ClusterEvaluation;
  unit: CapacityUnit;
}) {
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
});

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

function iopsBars(performance: ClusterEvaluation['performance']) {
  return [
    { label: 'Front-end', value: performance.front_end_iops, colour: DEMAND },
    { label: 'Back-end', value: performance.back_end_iops, colour: COST },
    { label: 'Limit', value: performance.device_limited_front_end_iops ?? 0, colour: LIMIT },
  ];
}

function cacheBars(cache: ClusterEvaluation['cache']) {
  return [
    { label: 'Required', value: cache.required.gb, colour: DEMAND },
    { label: 'Installed', value: cache.installed.gb, colour: LIMIT },
  ];
}

function computeBars(compute: ClusterEvaluation['compute']) {
  return [
    { label: 'CPU', value: compute.cores_needed_pct_after_failure ?? 0, colour: DEMAND },
    { label: 'RAM', value: compute.ram_demand_pct_after_failure ?? 0, colour: COST },
  ];
}
