// Each workload's share of its cluster's capacity and IOPS, as the core
// computed them, looked up by workload id. Clusters whose kind does not
// model shares (XtremIO + VPLEX) leave their workloads out of the map.
import type { Evaluation, WorkloadShare } from '../core/types';

export function workloadShares(evaluation: Evaluation | null): Map<string, WorkloadShare> {
  return new Map(
    (evaluation?.clusters ?? []).flatMap((c) =>
      (c.workload_shares ?? []).map((s) => [s.workload_id, s]),
    ),
  );
}
