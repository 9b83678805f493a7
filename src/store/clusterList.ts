// Adding, copying and removing whole clusters; a cluster's workloads go with it.
import type { Project } from '../core/types';
import { duplicateAt, freshId } from './listEdits';

export function duplicateCluster(project: Project, index: number): Project {
  const source = project.clusters[index];
  if (!source) return project;
  return duplicateAt(project, 'clusters', index, freshId(project, 'clusters', source.id));
}

/** Removes a cluster and the workloads placed on it; the last cluster stays. */
export function removeCluster(project: Project, index: number): Project {
  const cluster = project.clusters[index];
  if (!cluster || project.clusters.length === 1) return project;
  return {
    ...project,
    clusters: project.clusters.filter((_, i) => i !== index),
    workloads: (project.workloads ?? []).filter((w) => w.cluster_id !== cluster.id),
  };
}
