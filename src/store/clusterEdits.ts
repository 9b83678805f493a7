// Pure edits of a project's cluster, as the design editor applies them.
import type { Cluster, Project } from '../core/types';

function editCluster(project: Project, index: number, edit: (c: Cluster) => Cluster): Project {
  return {
    ...project,
    clusters: project.clusters.map((c, i) => (i === index ? edit(c) : c)),
  };
}

export function withHostCount(project: Project, clusterIndex: number, hostCount: number): Project {
  return editCluster(project, clusterIndex, (c) => ({
    ...c,
    topology:
      c.topology.kind === 'single'
        ? { ...c.topology, host_count: hostCount }
        : { ...c.topology, hosts_per_site: hostCount / 2 },
  }));
}

/** Grows or shrinks the host's disk groups, copying the first group's devices. */
export function withDiskGroupCount(project: Project, clusterIndex: number, count: number): Project {
  return editCluster(project, clusterIndex, (c) => {
    const groups = c.storage.disk_groups;
    const template = groups[0];
    if (!template) return c;
    const next = Array.from({ length: count }, (_, i) => groups[i] ?? { ...template });
    return { ...c, storage: { ...c.storage, disk_groups: next } };
  });
}

export function withCapacityDevicesPerGroup(
  project: Project,
  clusterIndex: number,
  count: number,
): Project {
  return editCluster(project, clusterIndex, (c) => ({
    ...c,
    storage: {
      ...c.storage,
      disk_groups: c.storage.disk_groups.map((g) => ({ ...g, capacity_device_count: count })),
    },
  }));
}

/** Changes the size of the device the cluster's first disk group uses for capacity. */
export function withCapacityDeviceGb(project: Project, clusterIndex: number, gb: number): Project {
  const deviceId = project.clusters[clusterIndex]?.storage.disk_groups[0]?.capacity_device;
  return {
    ...project,
    devices: (project.devices ?? []).map((d) =>
      d.id === deviceId ? { ...d, capacity_gb: gb } : d,
    ),
  };
}
