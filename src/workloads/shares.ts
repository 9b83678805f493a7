// Each workload's share of its cluster's consumed capacity and front-end
// IOPS: ratios of the core's own figures, for display.
import type { Evaluation } from '../core/types';

export interface WorkloadShare {
  capacityPct: number;
  iopsPct: number;
}

const pct = (part: number, whole: number) => (whole > 0 ? (part / whole) * 100 : 0);

export function workloadShares(evaluation: Evaluation | null): Map<string, WorkloadShare> {
  const shares = new Map<string, WorkloadShare>();
  for (const cluster of evaluation?.clusters ?? []) {
    const consumed = cluster.capacity.workloads.reduce((sum, w) => sum + w.consumed.gb, 0);
    const iops = new Map(
      cluster.performance.workloads.map((w) => [w.workload_id, w.front_end.total_iops]),
    );
    for (const w of cluster.capacity.workloads) {
      shares.set(w.workload_id, {
        capacityPct: pct(w.consumed.gb, consumed),
        iopsPct: pct(iops.get(w.workload_id) ?? 0, cluster.performance.front_end_iops),
      });
    }
  }
  return shares;
}
