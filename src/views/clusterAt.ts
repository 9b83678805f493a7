// Which of an evaluation's clusters the dashboard shows. The selector lists
// vSAN OSA clusters, then array clusters, then vSAN ESA clusters.
import type {
  ArrayClusterEvaluation,
  ClusterEvaluation,
  EsaClusterEvaluation,
  Evaluation,
} from '../core/types';

export type ShownCluster =
  | { kind: 'vsan'; cluster: ClusterEvaluation }
  | { kind: 'array'; cluster: ArrayClusterEvaluation }
  | { kind: 'esa'; cluster: EsaClusterEvaluation };

/** Every cluster's name and id, in the selector's order. */
export const clusterEntries = (e: Evaluation) =>
  [...e.clusters, ...e.array_clusters, ...e.esa_clusters].map((c) => ({
    name: c.cluster_name,
    id: c.cluster_id,
  }));

/** The cluster at `index` in the selector's order, if there is one. */
export function clusterAt(e: Evaluation, index: number): ShownCluster | undefined {
  const vsan = e.clusters[index];
  if (vsan) return { kind: 'vsan', cluster: vsan };
  const arrayIndex = index - e.clusters.length;
  const array = e.array_clusters[arrayIndex];
  if (array) return { kind: 'array', cluster: array };
  const esa = e.esa_clusters[arrayIndex - e.array_clusters.length];
  return esa ? { kind: 'esa', cluster: esa } : undefined;
}
