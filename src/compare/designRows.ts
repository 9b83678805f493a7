// The design each variant is: its inputs as entered (architecture,
// topology, hosts, devices, policies, N+x) and the core's totals of cores
// and RAM, so a comparison shows why one variant differs from another.
import type { Cluster, DeviceKind, Evaluation, Project, Topology } from '../core/types';
import { upTo } from '../units';
import { variantKinds } from './metrics';

export interface DesignRow {
  id: string;
  label: string;
  note: string;
  text: (project: Project, evaluation: Evaluation | undefined) => string;
}

const perCluster = (project: Project, text: (c: Project['clusters'][number]) => string) =>
  project.clusters
    .map((c) => (project.clusters.length > 1 ? `${c.name}: ${text(c)}` : text(c)))
    .join('; ');

const topology = (t: Topology) =>
  t.kind === 'single'
    ? `single site, ${t.host_count} hosts`
    : `stretched ${t.hosts_per_site} + ${t.hosts_per_site} hosts, ${upTo(t.inter_site_rtt_ms, 2)} ms RTT`;

const hosts = (t: Topology) => (t.kind === 'single' ? t.host_count : t.hosts_per_site * 2);

/** The model as entered, with its cores and RAM unless its name already states them. */
function hostModel(c: Cluster): string {
  const { model, sockets, cores_per_socket: cores, ram_gb: ram } = c.host;
  const ramText = `${upTo(ram, 0)} GB`;
  // Whole numbers only: "2-core" is not stated by "12-core", nor "84 GB" by "384 GB".
  const statesCores = new RegExp(`(^|\\D)${cores}[- ]cores?\\b`).test(model);
  const statesRam = new RegExp(`(^|\\D)${upTo(ram, 0).replace(/,/g, ',?')} GB\\b`).test(model);
  if (statesCores && statesRam) return model;
  return `${model} (${sockets} x ${cores} cores, ${ramText})`;
}

const KIND: Record<DeviceKind, string> = {
  hdd7200: 'HDD 7.2K',
  hdd10k: 'HDD 10K',
  hdd15k: 'HDD 15K',
  sata_ssd: 'SATA SSD',
  sas_ssd: 'SAS SSD',
  nvme: 'NVMe',
};

/** "400 GB SAS SSD": size and kind read shorter than a vendor model name. */
function device(project: Project, id: string) {
  const d = (project.devices ?? []).find((x) => x.id === id);
  return d ? `${upTo(d.capacity_gb, 0)} GB ${KIND[d.kind]}` : id;
}

export const DESIGN_ROWS: DesignRow[] = [
  {
    id: 'kind',
    label: 'Storage',
    note: 'The architecture of each cluster of the variant.',
    text: (_p, e) => (e ? variantKinds(e) : 'invalid'),
  },
  {
    id: 'topology',
    label: 'Topology',
    note: 'As entered.',
    text: (p) => perCluster(p, (c) => topology(c.topology)),
  },
  {
    id: 'hosts',
    label: 'Hosts x model',
    note: 'As entered: hosts, model, sockets x cores per socket and RAM per host.',
    text: (p) => perCluster(p, (c) => `${hosts(c.topology)} x ${hostModel(c)}`),
  },
  {
    id: 'cores-ram',
    label: 'Cores / RAM for VMs',
    note: "Physical cores and the RAM the hosts offer VMs (host RAM less vSAN's), over every cluster, as the core totals them.",
    text: (_p, e) =>
      e
        ? `${upTo(e.totals.physical_cores, 0)} cores / ${upTo(e.totals.ram_for_vms_gb, 0)} GB`
        : 'invalid',
  },
  {
    id: 'devices',
    label: 'Disk groups / devices per host',
    note: 'As entered.',
    text: (p) =>
      perCluster(p, (c) => {
        const s = c.storage;
        switch (s.architecture) {
          case 'vsan_osa': {
            const groups = s.disk_groups.map(
              (g) =>
                `1 x ${device(p, g.cache_device)} cache + ${g.capacity_device_count} x ${device(p, g.capacity_device)}`,
            );
            const n = groups.length;
            // Hosts usually repeat one disk group: say it once.
            return groups.every((g) => g === groups[0])
              ? `${n} disk group${n === 1 ? '' : 's'} of ${groups[0] ?? 'nothing'}`
              : groups.join('; ');
          }
          case 'vsan_esa':
            return `${s.devices_per_host} x ${device(p, s.device)} pool`;
          case 'xtremio_vplex':
            return `${s.x_bricks_per_site} x ${s.x_brick_model} X-Brick per site, ${s.vplex_engines} VPLEX engine(s)`;
        }
      }),
  },
  {
    id: 'policies',
    label: 'Policies in use',
    note: "The storage policies the variant's workloads use (XtremIO + VPLEX workloads are protected by XDP instead).",
    text: (p) => {
      // XDP protects an XtremIO + VPLEX cluster's data: its workloads' policies do not apply.
      const vsan = new Set(
        p.clusters.filter((c) => c.storage.architecture !== 'xtremio_vplex').map((c) => c.id),
      );
      const used = new Set(
        (p.workloads ?? []).filter((w) => vsan.has(w.cluster_id)).map((w) => w.policy_id),
      );
      const names = (p.policies ?? [])
        .filter((pol) => used.has(pol.id))
        .map((pol) => `${pol.name} (${pol.method.replace('raid', 'RAID-')} FTT=${pol.ftt})`);
      if (names.length === 0 && vsan.size < p.clusters.length) return 'XtremIO XDP (array)';
      return names.length > 0 ? names.join(', ') : 'none';
    },
  },
  {
    id: 'reserve',
    label: 'Host failures reserved',
    note: 'The N+x host failures the design keeps capacity, CPU and RAM free for (settings.reserve_hosts, as the core applied it).',
    text: (_p, e) =>
      e
        ? [...new Set(e.clusters.map((c) => `N+${c.utilisation.hosts_failed}`))].join(', ')
        : 'invalid',
  },
];

/**
 * Whether every variant carries the same workloads (name and demand; the
 * cluster and policy they are placed on are part of the design).
 */
export function sameWorkloads(projects: Project[]): boolean {
  const demand = (p: Project) =>
    JSON.stringify((p.workloads ?? []).map((w) => JSON.stringify([w.name, w.spec])).sort());
  const demands = projects.map(demand);
  return demands.every((d) => d === demands[0]);
}
