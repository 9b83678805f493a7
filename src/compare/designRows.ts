// The design each variant is: its inputs as entered (architecture,
// topology, hosts, devices, policies, N+x) and the core's totals of cores
// and RAM, so a comparison shows why one variant differs from another.
import type { Evaluation, Project, Topology } from '../core/types';
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

function deviceModel(project: Project, id: string) {
  return (project.devices ?? []).find((d) => d.id === id)?.model ?? id;
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
    text: (p) =>
      perCluster(
        p,
        (c) =>
          `${hosts(c.topology)} x ${c.host.model} (${c.host.sockets} x ${c.host.cores_per_socket} cores, ${upTo(c.host.ram_gb, 0)} GB)`,
      ),
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
          case 'vsan_osa':
            return s.disk_groups
              .map(
                (g) =>
                  `1 x ${deviceModel(p, g.cache_device)} cache + ${g.capacity_device_count} x ${deviceModel(p, g.capacity_device)}`,
              )
              .join(', ')
              .concat(
                ` (${s.disk_groups.length} disk group${s.disk_groups.length === 1 ? '' : 's'})`,
              );
          case 'vsan_esa':
            return `${s.devices_per_host} x ${deviceModel(p, s.device)} NVMe pool`;
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
      const used = new Set((p.workloads ?? []).map((w) => w.policy_id));
      const names = (p.policies ?? [])
        .filter((pol) => used.has(pol.id))
        .map((pol) => `${pol.name} (${pol.method.replace('raid', 'RAID-')} FTT=${pol.ftt})`);
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
