import { HTMLSelect } from '@blueprintjs/core';
import { memo, useMemo } from 'react';
import { FigureBarChart } from '../charts/FigureBarChart';
import type { ClusterEvaluation, ClusterUtilisation, KeyFigures, TightestUse } from '../core/types';
import { useApp } from '../store/context';
import { formatGb, type CapacityUnit } from '../units';
import { ArrayDetails, ArrayTiles } from './ArrayResults';
import { Waterfall } from './CapacityWaterfall';
import { EsaDetails, EsaTiles } from './EsaResults';
import { GrowthPanel } from './GrowthPanel';
import { IscsiPanel } from './IscsiPanel';
import { computeBars, computeHeading, DEMAND, iopsBars, LIMIT, ruleOf } from './keyFigureBars';
import { Figure, KeyFigureTiles, ProjectCostLine } from './KeyFigureTiles';
import { ResiliencePanel } from './ResiliencePanel';
import { StretchedPanel } from './StretchedPanel';
import { UnitToggle } from './UnitToggle';
import { useAfterNextPaint } from './useAfterNextPaint';
import { WorkloadLatency } from './WorkloadLatency';
import { ExplainFigure, UtilisationPanel } from './UtilisationPanel';

/**
 * Every figure of the selected cluster (any kind), as the core computed
 * them. Only the key figure tiles follow each evaluation at once (with the
 * verdict above): they paint in the frame after the edit. Everything else
 * renders from a copy that follows once that frame is painted, in an
 * interruptible render, so an edit never waits for the charts and a newer
 * edit abandons a render that is no longer current.
 */
export function ResultsDashboard() {
  const evaluation = useApp((s) => s.evaluation);
  const settled = useAfterNextPaint(evaluation);
  const stale = useApp((s) => s.issues.length > 0 || s.coreError !== null);
  const selected = useApp((s) => s.selectedCluster);
  const selectCluster = useApp((s) => s.selectCluster);
  const unit = useApp((s) => s.capacityUnit);
  const currency = useApp((s) => s.project.pricing?.currency ?? 'USD');
  if (!evaluation) return <section className="panel">Evaluating…</section>;
  const clusters = evaluation.clusters;
  const index = selected < clusters.length ? selected : 0;
  const shown = clusters[index];
  // While the deferred copy still shows another kind of cluster, the current
  // one stands in; before the first deferred copy (start-up) only the tiles show.
  const later = settled?.clusters[index];
  const details = later?.kind === shown?.kind ? later : settled ? shown : undefined;
  return (
    <section
      className={stale ? 'panel dashboard stale' : 'panel dashboard'}
      aria-labelledby="results-heading"
    >
      <div className="dashboard-head">
        <h2 id="results-heading">Results: {shown?.name ?? ''}</h2>
        {clusters.length > 1 && (
          <HTMLSelect
            aria-label="Results for cluster"
            value={index}
            onChange={(e) => selectCluster(Number(e.target.value))}
            options={clusters.map((c, i) => ({ value: i, label: c.name }))}
          />
        )}
        <UnitToggle />
      </div>
      {stale && <p className="muted">Showing the last valid result; fix the inputs to update.</p>}
      <ProjectCostLine cost={evaluation.totals.cost} clusters={clusters.length} />
      <DesignOriginLine />
      {details && (
        <>
          <h3>{utilisationHeading(details.utilisation)}</h3>
          <UtilisationPanel utilisation={details.utilisation} />
        </>
      )}
      {settled && settled.clusters.length > 1 && (
        <ProjectUtilisation tightest={settled.totals.utilisation} />
      )}
      {shown?.kind === 'vsan_osa' && (
        <KeyFigureTiles cluster={shown} unit={unit} currency={currency}>
          <Figure label="Cache installed / required" explain={ruleOf(shown.utilisation, 'cache')}>
            {formatGb(shown.detail.cache.installed.gb)} / {formatGb(shown.detail.cache.required.gb)}
          </Figure>
        </KeyFigureTiles>
      )}
      {shown?.kind === 'vsan_esa' && <EsaTiles cluster={shown} unit={unit} currency={currency} />}
      {shown?.kind === 'xtremio_vplex' && (
        <ArrayTiles cluster={shown} unit={unit} currency={currency} />
      )}
      {details?.kind === 'vsan_osa' && (
        <>
          <Waterfall capacity={details.detail.capacity} unit={unit} />
          <VsanDetails
            cluster={details.detail}
            keyFigures={details.key_figures}
            utilisation={details.utilisation}
            workloadCount={details.workload_shares?.length ?? 0}
            unit={unit}
          />
        </>
      )}
      {details?.kind === 'vsan_esa' && <EsaDetails cluster={details} unit={unit} />}
      {details?.kind === 'xtremio_vplex' && (
        <>
          <ArrayDetails cluster={details} unit={unit} />
          <Waterfall
            capacity={details.detail.capacity}
            unit={unit}
            title="Capacity waterfall (both sites)"
          />
        </>
      )}
    </section>
  );
}

/** Each resource in its tightest cluster; memoised on the core's list, which an edit often leaves as it was. */
const ProjectUtilisation = memo(function ProjectUtilisation({
  tightest,
}: {
  tightest: TightestUse[];
}) {
  const utilisation = useMemo(() => projectUtilisation(tightest), [tightest]);
  return (
    <details className="project-utilisation">
      <summary>Whole project: each resource in its tightest cluster</summary>
      <UtilisationPanel utilisation={utilisation} />
    </details>
  );
});

/** Whether the design is the design search's proposal, as found or customised: the report says the same. */
function DesignOriginLine() {
  const origin = useApp((s) => s.project.origin);
  if (!origin) return null;
  const steps = origin.customisations ?? [];
  return (
    <p className="muted" data-testid="design-origin">
      {steps.length > 0
        ? `Customised from the design search's proposal (${origin.proposal}): ${steps.join('; ')}.`
        : `The design search's proposal, unchanged: ${origin.proposal}.`}
    </p>
  );
}

/** The charts and tables below the key figures, from the deferred evaluation. */
const VsanDetails = memo(function VsanDetails({
  cluster,
  keyFigures,
  utilisation,
  workloadCount,
  unit,
}: {
  cluster: ClusterEvaluation;
  keyFigures: KeyFigures;
  utilisation: ClusterUtilisation;
  /** The live evaluation holds the slowest workloads' performance rows only (core `LeftOut`). */
  workloadCount: number;
  unit: CapacityUnit;
}) {
  const iops = useMemo(() => iopsBars(keyFigures, utilisation), [keyFigures, utilisation]);
  const cache = useMemo(() => cacheBars(cluster.cache, utilisation), [cluster.cache, utilisation]);
  const compute = useMemo(() => computeBars(keyFigures, utilisation), [keyFigures, utilisation]);
  return (
    <>
      <div className="chart-row">
        <div>
          <h3>
            IOPS
            <ExplainFigure utilisation={utilisation} figure="iops" what="the IOPS limit" />
          </h3>
          <FigureBarChart title="IOPS" unit="IOPS" bars={iops} />
        </div>
        <div>
          <h3>
            Cache
            <ExplainFigure utilisation={utilisation} figure="cache" what="the cache rule" />
          </h3>
          <FigureBarChart title="Cache" unit="GB" bars={cache} />
        </div>
        <div>
          <h3>
            {computeHeading(utilisation.hosts_failed)}
            <ExplainFigure utilisation={utilisation} figure="cpu" what="the CPU rule" />
          </h3>
          <FigureBarChart
            title="Use after host failure"
            unit="% of what is left"
            digits={1}
            limit={100}
            bars={compute}
          />
        </div>
      </div>
      <WorkloadLatency
        estimates={cluster.performance.workloads}
        of={workloadCount}
        source={cluster.performance.latency_model}
        rule={cluster.performance.latency_rule}
        targets={cluster.performance.latency_targets}
      />
      <GrowthPanel growth={cluster.growth} unit={unit} />
      {cluster.stretched && <StretchedPanel stretched={cluster.stretched} />}
      <IscsiPanel iscsi={cluster.iscsi} hostsFailed={utilisation.hosts_failed} />
      <ResiliencePanel resilience={cluster.resilience} unit={unit} />
    </>
  );
});

/**
 * The core's tightest cluster per resource, shown as one panel; each row
 * names its cluster. The columns follow the largest N+x any cluster reserves.
 */
function projectUtilisation(tightest: TightestUse[]): ClusterUtilisation {
  return {
    hosts_failed: Math.max(0, ...tightest.map((t) => t.hosts_failed)),
    two_sites: tightest.some((t) => t.row.after_site_failure !== undefined),
    rows: tightest.map((t) => ({ ...t.row, label: `${t.row.label}: ${t.cluster_name}` })),
  };
}

/** Required and installed: the cache row's rule states both. */
function cacheBars(cache: ClusterEvaluation['cache'], utilisation: ClusterUtilisation) {
  const explain = ruleOf(utilisation, 'cache');
  return [
    { label: 'Required', value: cache.required.gb, colour: DEMAND, explain },
    { label: 'Installed', value: cache.installed.gb, colour: LIMIT, explain },
  ];
}

/** The states the utilisation table has columns for, in its order. */
function utilisationHeading(u: { hosts_failed: number; two_sites: boolean }): string {
  const states = ['at N'];
  if (u.hosts_failed > 0) states.push(`after N+${u.hosts_failed}`);
  if (u.two_sites) states.push('after a site failure');
  const last = states.pop();
  return `Utilisation ${states.length > 0 ? `${states.join(', ')} and ${last}` : last}`;
}
