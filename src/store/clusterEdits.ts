// Pure edits of a project's cluster, as the design editor applies them.
import type { Cluster, DiskGroup, Project } from '../core/types';

function editCluster(project: Project, index: number, edit: (c: Cluster) => Cluster): Project {
  return {
    ...project,
    clusters: project.clusters.map((c, i) => (i === index ? edit(c) : c)),
  };
}

/** Edits the disk groups of a vSAN OSA cluster; array clusters have none and stay as they are. */
function editDiskGroups(
  project: Project,
  index: number,
  edit: (groups: DiskGroup[]) => DiskGroup[],
): Project {
  return editCluster(project, index, (c) =>
    c.storage.architecture === 'vsan_osa'
      ? { ...c, storage: { ...c.storage, disk_groups: edit(c.storage.disk_groups) } }
      : c,
  );
}

/** The disk groups of a vSAN OSA cluster, or none. */
export const diskGroupsOf = (cluster: Cluster | undefined): DiskGroup[] =>
  cluster?.storage.architecture === 'vsan_osa' ? cluster.storage.disk_groups : [];

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
export const withDiskGroupCount = (project: Project, clusterIndex: number, count: number) =>
  editDiskGroups(project, clusterIndex, (groups) => {
    const template = groups[0];
    return template
      ? Array.from({ length: count }, (_, i) => groups[i] ?? { ...template })
      : groups;
  });

export const withCapacityDevicesPerGroup = (
  project: Project,
  clusterIndex: number,
  count: number,
) =>
  editDiskGroups(project, clusterIndex, (groups) =>
    groups.map((g) => ({ ...g, capacity_device_count: count })),
  );

/** Changes the size of the device the cluster's first disk group uses for capacity. */
export function withCapacityDeviceGb(project: Project, clusterIndex: number, gb: number): Project {
  const deviceId = diskGroupsOf(project.clusters[clusterIndex])[0]?.capacity_device;
  return {
    ...project,
    devices: (project.devices ?? []).map((d) =>
      d.id === deviceId ? { ...d, capacity_gb: gb } : d,
    ),
  };
}
