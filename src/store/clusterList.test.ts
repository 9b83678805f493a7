import { describe, expect, it } from 'vitest';
import example from '../../assets/examples/seed-001-all-flash-sql.json';
import type { Project } from '../core/types';
import { duplicateCluster, removeCluster } from './clusterList';
import { addClusterOf, defaultTopology } from './newCluster';

const project = example as Project;

describe('cluster list edits', () => {
  it('duplicates a cluster under a fresh id', () => {
    expect(duplicateCluster(project, 0).clusters.map((c) => c.id)).toEqual(['sql-af', 'sql-af-2']);
  });

  it('removes a cluster with its workloads, but never the last one', () => {
    expect(removeCluster(project, 0)).toBe(project);
    const two = addClusterOf(project, 'vsan_esa', defaultTopology('single', 4), 'ESA');
    const left = removeCluster(two, 0);
    expect(left.clusters.map((c) => c.id)).toEqual(['cluster']);
    expect(left.workloads).toEqual([]);
  });
});
