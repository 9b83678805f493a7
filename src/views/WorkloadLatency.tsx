import { memo, useMemo } from 'react';
import { LatencyChart, type LatencyBar } from '../charts/LatencyChart';
import { Explain } from '../components/Explain';
import type { LatencyTarget } from '../core/types';
import { useWorkloadNames } from './useWorkloadNames';

/** A workload's latency estimate as the core returns it, on any vSAN kind. */
export interface WorkloadLatencyEstimate {
  workload_id: string;
  read_latency_ms?: number;
  write_latency_ms?: number;
  front_end: { total_iops: number };
}

/** Past this many workloads the chart shows the slowest ones: more bars than this are not read. */
const LATENCY_BARS = 20;

/**
 * Each workload's estimated read and write latency (the slowest
 * LATENCY_BARS), named as the project names it; its help is the core's
 * `rule` for the chart, with the model's source.
 * `of`: how many workloads the estimates are of, where the core sent only
 * the slowest (a live evaluation's vSAN OSA rows); else all are there.
 */
export const WorkloadLatency = memo(function WorkloadLatency({
  estimates,
  of = estimates.length,
  source,
  rule,
  targets,
}: {
  estimates: WorkloadLatencyEstimate[];
  of?: number;
  /** The core's latency model: each bar opens it. */
  source: string;
  /** The core's rule for what the chart shows. */
  rule: string;
  /** The core's latency targets: the lines drawn. */
  targets: LatencyTarget[];
}) {
  const names = useWorkloadNames();
  // A workload that does no I/O waits for nothing: no bar.
  const active = useMemo(() => estimates.filter((w) => w.front_end.total_iops > 0), [estimates]);
  const bars = useMemo(() => latencyBars(active, names), [active, names]);
  // Of the workloads that do I/O: those without are ranked last, so any the
  // core left out of `estimates` do I/O.
  const doingIo = of - (estimates.length - active.length);
  // The core's latency model states the rule and cites its sources in one text.
  const model = useMemo(() => ({ rule: source, sources: [] }), [source]);
  if (bars.length === 0) return null;
  return (
    <>
      <h3>
        Estimated latency by workload
        {doingIo > bars.length && ` (the ${bars.length} slowest of ${doingIo})`}
        <Explain figure="the latency estimate" rule={rule} sources={[source]} />
      </h3>
      <LatencyChart
        title="Estimated latency by workload"
        bars={bars}
        targets={targets}
        explain={model}
      />
    </>
  );
});

function latencyBars(
  estimates: WorkloadLatencyEstimate[],
  names: Map<string, string | undefined>,
): LatencyBar[] {
  // A side without an estimate does not make a workload slow.
  const slowest = (w: WorkloadLatencyEstimate) =>
    Math.max(w.read_latency_ms ?? 0, w.write_latency_ms ?? 0);
  const shown =
    estimates.length > LATENCY_BARS
      ? [...estimates].sort((a, b) => slowest(b) - slowest(a)).slice(0, LATENCY_BARS)
      : estimates;
  return shown.map((w) => ({
    label: names.get(w.workload_id) ?? w.workload_id,
    read: w.read_latency_ms,
    write: w.write_latency_ms,
  }));
}
