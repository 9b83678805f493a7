// Customising a recommended design one step at a time: each step is an
// edit of the design's project; the core evaluates the result and says
// when a step leaves the allowed range (its input issues name the field).
import type { Cluster, Project } from '../core/types';

export type CustomiseStep =
  'hosts' | 'devices_per_disk_group' | 'disk_groups' | 'ram_gb' | 'cores_per_socket';

/** RAM is sold in steps of a DIMM set; 64 GB is a common one (an assumption). */
const RAM_STEP_GB = 64;

const STEP_LABEL: Record<CustomiseStep, string> = {
  hosts: 'Hosts',
  devices_per_disk_group: 'Devices per disk group',
  disk_groups: 'Disk groups per host',
  ram_gb: 'RAM per host',
  cores_per_socket: 'Cores per socket',
};

/** The step's name as the cluster's kind calls it: vSAN ESA has a storage pool, not disk groups. */
export function stepLabel(cluster: Cluster, step: CustomiseStep): string {
  if (step === 'devices_per_disk_group' && cluster.storage.architecture === 'vsan_esa')
    return 'NVMe devices per host';
  return STEP_LABEL[step];
}

/** The steps a cluster of this kind has. */
export function stepsFor(cluster: Cluster): CustomiseStep[] {
  switch (cluster.storage.architecture) {
    case 'vsan_osa':
      return ['hosts', 'devices_per_disk_group', 'disk_groups', 'ram_gb', 'cores_per_socket'];
    case 'vsan_esa':
      return ['hosts', 'devices_per_disk_group', 'ram_gb', 'cores_per_socket'];
    default:
      return ['hosts', 'ram_gb', 'cores_per_socket'];
  }
}

/** The value a step changes, as the user reads it. */
export function stepValue(cluster: Cluster, step: CustomiseStep): number {
  const storage = cluster.storage;
  switch (step) {
    case 'hosts':
      return cluster.topology.kind === 'single'
        ? cluster.topology.host_count
        : 2 * cluster.topology.hosts_per_site;
    case 'devices_per_disk_group':
      if (storage.architecture === 'vsan_esa') return storage.devices_per_host;
      return storage.architecture === 'vsan_osa'
        ? (storage.disk_groups[0]?.capacity_device_count ?? 0)
        : 0;
    case 'disk_groups':
      return storage.architecture === 'vsan_osa' ? storage.disk_groups.length : 0;
    case 'ram_gb':
      return cluster.host.ram_gb;
    case 'cores_per_socket':
      return cluster.host.cores_per_socket;
  }
}

function changed(cluster: Cluster, step: CustomiseStep, by: 1 | -1): Cluster {
  const storage = cluster.storage;
  switch (step) {
    case 'hosts':
      // A stretched cluster grows by one host per site.
      return {
        ...cluster,
        topology:
          cluster.topology.kind === 'single'
            ? { ...cluster.topology, host_count: cluster.topology.host_count + by }
            : { ...cluster.topology, hosts_per_site: cluster.topology.hosts_per_site + by },
      };
    case 'devices_per_disk_group':
      if (storage.architecture === 'vsan_esa') {
        return {
          ...cluster,
          storage: { ...storage, devices_per_host: storage.devices_per_host + by },
        };
      }
      if (storage.architecture !== 'vsan_osa') return cluster;
      return {
        ...cluster,
        storage: {
          ...storage,
          disk_groups: storage.disk_groups.map((g) => ({
            ...g,
            capacity_device_count: g.capacity_device_count + by,
          })),
        },
      };
    case 'disk_groups': {
      const first = storage.architecture === 'vsan_osa' ? storage.disk_groups[0] : undefined;
      if (storage.architecture !== 'vsan_osa' || !first) return cluster;
      // Disk groups of a design are alike: a new one copies the first.
      const groups = by > 0 ? [...storage.disk_groups, first] : storage.disk_groups.slice(0, -1);
      return { ...cluster, storage: { ...storage, disk_groups: groups } };
    }
    case 'ram_gb':
      return {
        ...cluster,
        host: { ...cluster.host, ram_gb: cluster.host.ram_gb + by * RAM_STEP_GB },
      };
    case 'cores_per_socket':
      return {
        ...cluster,
        host: { ...cluster.host, cores_per_socket: cluster.host.cores_per_socket + by },
      };
  }
}

/**
 * The project with one step taken on the cluster at `index`. A design the
 * search proposed records the net change of each figure in its origin
 * ("Hosts: 4 → 6"), one entry per figure, so the report says how it was
 * customised and the list never outgrows what the core accepts.
 */
export function customise(
  project: Project,
  index: number,
  step: CustomiseStep,
  by: 1 | -1,
): Project {
  const before = project.clusters[index];
  const clusters = project.clusters.map((c, i) => (i === index ? changed(c, step, by) : c));
  const after = clusters[index];
  const origin = project.origin;
  if (!origin || !before || !after) return { ...project, clusters };
  const label = `${stepLabel(before, step)}: `;
  const kept = origin.customisations ?? [];
  const earlier = kept.find((c) => c.startsWith(label));
  const from = earlier
    ? earlier.slice(label.length).split(' → ')[0]
    : String(stepValue(before, step));
  const to = String(stepValue(after, step));
  const unit = step === 'ram_gb' ? ' GB' : '';
  const others = kept.filter((c) => c !== earlier);
  return {
    ...project,
    clusters,
    origin: {
      ...origin,
      customisations: from === to ? others : [...others, `${label}${from} → ${to}${unit}`],
    },
  };
}
