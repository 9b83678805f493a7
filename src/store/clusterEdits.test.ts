import { describe, expect, it } from 'vitest';
import example from '../../assets/examples/seed-001-all-flash-sql.json';
import type { Project } from '../core/types';
import {
  withCapacityDeviceGb,
  withCapacityDevicesPerGroup,
  withDiskGroupCount,
  withHostCount,
  diskGroupsOf,
} from './clusterEdits';

const project = example as Project;

describe('cluster edits', () => {
  it('sets the host count without touching the original project', () => {
    const next = withHostCount(project, 0, 6);
    expect(next.clusters[0]?.topology).toEqual({ kind: 'single', host_count: 6 });
    expect(project.clusters[0]?.topology).toEqual({ kind: 'single', host_count: 4 });
  });

  it('adds disk groups as copies of the first and removes from the end', () => {
    const grown = withDiskGroupCount(project, 0, 3);
    expect(diskGroupsOf(grown.clusters[0])).toHaveLength(3);
    expect(diskGroupsOf(grown.clusters[0])[2]).toEqual(diskGroupsOf(project.clusters[0])[0]);
    expect(diskGroupsOf(withDiskGroupCount(grown, 0, 1).clusters[0])).toHaveLength(1);
  });

  it('sets the capacity devices of every disk group', () => {
    const next = withCapacityDevicesPerGroup(project, 0, 7);
    expect(diskGroupsOf(next.clusters[0]).map((g) => g.capacity_device_count)).toEqual([7, 7]);
  });

  it('resizes only the capacity device', () => {
    const next = withCapacityDeviceGb(project, 0, 1920);
    const sizes = Object.fromEntries((next.devices ?? []).map((d) => [d.id, d.capacity_gb]));
    expect(sizes).toEqual({
      'seed001-sas-ssd-400-cache': 400,
      'seed001-sas-ssd-400-capacity': 1920,
    });
  });
});
