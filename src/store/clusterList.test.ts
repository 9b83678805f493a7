import { describe, expect, it } from 'vitest';
import example from '../../assets/examples/seed-001-all-flash-sql.json';
import type { Project } from '../core/types';
import { addCluster, duplicateCluster, removeCluster } from './clusterList';

const project = example as Project;

describe('cluster list edits', () => {
  it('adds a cluster like the first, with a fresh id and no workloads', () => {
    const next = addCluster(project);
    expect(next.clusters.map((c) => c.id)).toEqual(['sql-af', 'cluster']);
    expect(next.workloads).toHaveLength(2);
    expect(next.workloads?.every((w) => w.cluster_id === 'sql-af')).toBe(true);
  });

  it('duplicates a cluster under a fresh id', () => {
    expect(duplicateCluster(project, 0).clusters.map((c) => c.id)).toEqual(['sql-af', 'sql-af-2']);
  });

  it('removes a cluster with its workloads, but never the last one', () => {
    expect(removeCluster(project, 0)).toBe(project);
    const two = addCluster(project);
    const left = removeCluster(two, 0);
    expect(left.clusters.map((c) => c.id)).toEqual(['cluster']);
    expect(left.workloads).toEqual([]);
  });
});
