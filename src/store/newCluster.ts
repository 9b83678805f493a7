// New clusters of every architecture, and converting a cluster to another.
// Each architecture starts from the hosts and storage of the shipped
// project that uses it (the seed reference architectures), so every figure
// a new cluster carries has a source; the user then edits them.
import esaExample from '../../assets/examples/esa-all-nvme.json';
import hybridExample from '../../assets/examples/seed-000-hybrid-alwayson.json';
import stretchedExample from '../../assets/examples/seed-001-stretched.json';
import xtremioExample from '../../assets/examples/seed-004-xtremio-vplex.json';
import newProject from '../../assets/templates/new-project.json';
import type { Cluster, Device, Project, Topology } from '../core/types';
import { appendAt, freshId } from './listEdits';

export type Architecture = 'vsan_osa_hybrid' | 'vsan_osa_all_flash' | 'vsan_esa' | 'xtremio_vplex';

export const ARCHITECTURES: readonly {
  value: Architecture;
  label: string;
  /** The topologies the core sizes for it. */
  topologies: readonly Topology['kind'][];
  /** Where the starting hosts and storage come from. */
  from: string;
}[] = [
  {
    value: 'vsan_osa_hybrid',
    label: 'vSAN OSA hybrid',
    topologies: ['single', 'stretched'],
    from: 'seed 000 (hybrid, AlwaysOn)',
  },
  {
    value: 'vsan_osa_all_flash',
    label: 'vSAN OSA all-flash',
    topologies: ['single', 'stretched'],
    from: 'the new-project template (4 all-flash hosts)',
  },
  {
    value: 'vsan_esa',
    label: 'vSAN ESA',
    // The core does not model ESA stretched clusters yet.
    topologies: ['single'],
    from: 'the ESA all-NVMe example',
  },
  {
    value: 'xtremio_vplex',
    label: 'XtremIO + VPLEX Metro',
    // VPLEX Metro spans two sites.
    topologies: ['stretched'],
    from: 'seed 004 (XtremIO + VPLEX Metro)',
  },
];

const STARTING_POINT: Record<Architecture, Project> = {
  vsan_osa_hybrid: hybridExample as Project,
  vsan_osa_all_flash: newProject as Project,
  vsan_esa: esaExample as Project,
  xtremio_vplex: xtremioExample as Project,
};

/** Hosts in the cluster, both sites' when stretched. */
export const hostCount = (topology: Topology) =>
  topology.kind === 'single' ? topology.host_count : topology.hosts_per_site * 2;

/** A stretched topology as seed 001's stretched example has it (2 ms RTT, 10 Gb/s, witness 200 ms). */
export function defaultTopology(kind: Topology['kind'], hosts: number): Topology {
  if (kind === 'single') return { kind: 'single', host_count: hosts };
  const model = (stretchedExample as Project).clusters[0]?.topology;
  return {
    ...(model?.kind === 'stretched'
      ? model
      : {
          kind: 'stretched',
          inter_site_rtt_ms: 2,
          inter_site_link_gbps: 10,
          witness_rtt_ms: 200,
          witness_link_mbps: 100,
          site_mirroring: true,
        }),
    kind: 'stretched',
    hosts_per_site: Math.max(1, Math.ceil(hosts / 2)),
  };
}

/** The architecture a cluster has. */
export function architectureOf(cluster: Cluster, devices: readonly Device[]): Architecture {
  const storage = cluster.storage;
  if (storage.architecture === 'vsan_esa' || storage.architecture === 'xtremio_vplex') {
    return storage.architecture;
  }
  const capacity = devices.find((d) => d.id === storage.disk_groups[0]?.capacity_device);
  return capacity?.kind.startsWith('hdd') ? 'vsan_osa_hybrid' : 'vsan_osa_all_flash';
}

/**
 * The starting cluster's storage and host, with the devices it uses added
 * to the project's (a device already there under the same id is kept).
 */
function startingPoint(project: Project, architecture: Architecture) {
  const source = STARTING_POINT[architecture];
  const seed = source.clusters[0] as Cluster;
  // The seed's volume placements name its own workloads, not the project's.
  const cluster: Cluster =
    seed.storage.architecture === 'xtremio_vplex'
      ? { ...seed, storage: { ...seed.storage, volumes: [] } }
      : seed;
  const have = new Set((project.devices ?? []).map((d) => d.id));
  const used = JSON.stringify(cluster.storage);
  const devices = (source.devices ?? []).filter(
    (d) => !have.has(d.id) && used.includes(`"${d.id}"`),
  );
  return {
    cluster: structuredClone(cluster),
    project:
      devices.length > 0
        ? { ...project, devices: [...(project.devices ?? []), ...devices] }
        : project,
  };
}

/** Adds a cluster of the architecture and topology asked for, without workloads. */
export function addClusterOf(
  project: Project,
  architecture: Architecture,
  topology: Topology,
  name: string,
): Project {
  const start = startingPoint(project, architecture);
  return appendAt(start.project, 'clusters', {
    ...start.cluster,
    id: freshId(project, 'clusters', 'cluster'),
    name,
    topology,
  });
}

/**
 * Converts a cluster to another architecture. Kept: its id, name, host,
 * host count and workloads (and the topology, when the new architecture
 * sizes it; otherwise the host count is kept on the topology it needs).
 * Replaced: the storage, which must be chosen again for the new
 * architecture (devices or arrays), starting from the seed's.
 */
export function convertCluster(
  project: Project,
  index: number,
  architecture: Architecture,
): Project {
  const cluster = project.clusters[index];
  if (!cluster) return project;
  const start = startingPoint(project, architecture);
  const allowed = ARCHITECTURES.find((a) => a.value === architecture)?.topologies ?? [];
  const hosts = hostCount(cluster.topology);
  const topology = allowed.includes(cluster.topology.kind)
    ? cluster.topology
    : defaultTopology(allowed[0] ?? 'single', hosts);
  return {
    ...start.project,
    clusters: start.project.clusters.map((c, i) =>
      i === index ? { ...cluster, topology, storage: start.cluster.storage } : c,
    ),
  };
}
