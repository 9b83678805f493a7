import { describe, expect, it } from 'vitest';
import example from '../../assets/examples/seed-001-all-flash-sql.json';
import type { Project } from '../core/types';
import { addClusterOf, architectureOf, convertCluster, defaultTopology } from './newCluster';

const project = example as Project;

describe('new clusters of every architecture', () => {
  it('adds a stretched hybrid cluster with the seed 000 devices and no workloads', () => {
    const topology = { ...defaultTopology('stretched', 4), inter_site_rtt_ms: 2 };
    const next = addClusterOf(project, 'vsan_osa_hybrid', topology, 'Hybrid');
    const added = next.clusters[1];
    expect(added).toMatchObject({ id: 'cluster', name: 'Hybrid', topology });
    expect(topology).toMatchObject({
      hosts_per_site: 2,
      witness_rtt_ms: 200,
      site_mirroring: true,
    });
    expect(added && architectureOf(added, next.devices ?? [])).toBe('vsan_osa_hybrid');
    expect(next.devices?.map((d) => d.id)).toContain('seed000-hdd-900-10k');
    expect(next.workloads).toEqual(project.workloads);
  });

  it('adds XtremIO + VPLEX without the seed’s volume placements', () => {
    const next = addClusterOf(project, 'xtremio_vplex', defaultTopology('stretched', 6), 'Metro');
    const storage = next.clusters[1]?.storage;
    expect(storage?.architecture === 'xtremio_vplex' && storage.volumes).toEqual([]);
  });

  it('converts a cluster keeping its id, host and workloads, and a topology it can size', () => {
    const esa = convertCluster(project, 0, 'vsan_esa');
    const cluster = esa.clusters[0];
    expect(cluster).toMatchObject({ id: 'sql-af', host: project.clusters[0]?.host });
    expect(cluster?.storage.architecture).toBe('vsan_esa');
    expect(esa.workloads).toEqual(project.workloads);
    const metro = convertCluster(project, 0, 'xtremio_vplex');
    expect(metro.clusters[0]?.topology).toMatchObject({ kind: 'stretched', hosts_per_site: 2 });
  });
});
