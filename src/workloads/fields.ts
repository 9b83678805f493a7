// Every field of a workload spec the grid and the details panel edit, with
// its unit and meaning, and the kinds (and SQL deployments) it belongs to.
// The allowed ranges are not here: they come from the core (ranges.ts).
import type { WorkloadSpec } from '../core/types';

export type WorkloadKind = WorkloadSpec['kind'];
type Deployment = Extract<WorkloadSpec, { kind: 'sql_server' }>['deployment'];

export interface Choice {
  value: string;
  label: string;
}

export interface WorkloadField {
  /** Path under the workload's `spec`, as the core names it in its messages. */
  key: string;
  /** Column header, short. */
  label: string;
  unit?: string;
  /** What the field means, for the header's tooltip and the details panel. */
  meaning: string;
  kinds: readonly WorkloadKind[];
  /** A whole number (the core reads it as an unsigned integer). */
  integer?: boolean;
  /** A choice among these values instead of a number. */
  choices?: readonly Choice[];
  /** May be left empty; the placeholder says what the core uses then. */
  optional?: { placeholder: string };
  /** Only for some SQL Server deployments. */
  deployments?: readonly Deployment['type'][];
}

const ALL: readonly WorkloadKind[] = ['sql_server', 'exchange', 'file_server', 'vm_group'];
const WITH_IO_SIZE: readonly WorkloadKind[] = ['sql_server', 'exchange', 'file_server'];

export const DEPLOYMENTS: readonly Choice[] = [
  { value: 'standalone', label: 'Standalone' },
  { value: 'availability_group', label: 'AlwaysOn AG' },
  { value: 'failover_cluster', label: 'FCI' },
];
const COMMIT: readonly Choice[] = [
  { value: 'sync', label: 'Synchronous' },
  { value: 'async', label: 'Asynchronous' },
];
const YES_NO: readonly Choice[] = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

export const WORKLOAD_FIELDS: readonly WorkloadField[] = [
  {
    key: 'vm_count',
    label: 'VMs',
    meaning:
      'Virtual machines. SQL Server: instances, each with its own databases; an AG adds replicas - 1 secondary VMs per instance, an FCI’s nodes share one set of disks',
    kinds: ALL,
    integer: true,
  },
  {
    key: 'vcpu_per_vm',
    label: 'vCPU/VM',
    meaning: 'Virtual CPUs per VM',
    kinds: ALL,
    integer: true,
  },
  {
    key: 'ram_gb_per_vm',
    label: 'RAM/VM',
    unit: 'GB',
    meaning: 'Configured memory per VM',
    kinds: ALL,
  },
  {
    key: 'memory_reservation_gb_per_vm',
    label: 'Reserved RAM/VM',
    unit: 'GB',
    meaning:
      'Memory reserved per VM: the swap object is configured memory minus the reservation (seed 000 reserves SQL Server memory). Empty: nothing reserved',
    kinds: ALL,
    optional: { placeholder: '0' },
  },
  {
    key: 'deployment.type',
    label: 'Deployment',
    meaning:
      'How SQL Server is made highly available: standalone, an AlwaysOn availability group (every replica a full copy) or a failover cluster instance on shared disks',
    kinds: ['sql_server'],
    choices: DEPLOYMENTS,
  },
  {
    key: 'deployment.replicas',
    label: 'AG replicas',
    meaning: 'Replicas of the availability group, the primary included; each holds a full copy',
    kinds: ['sql_server'],
    integer: true,
    deployments: ['availability_group'],
  },
  {
    key: 'deployment.commit',
    label: 'AG commit',
    meaning: 'Availability-group commit mode: synchronous commits wait for the secondaries',
    kinds: ['sql_server'],
    choices: COMMIT,
    deployments: ['availability_group'],
  },
  {
    key: 'deployment.iscsi_target',
    label: 'iSCSI target',
    meaning: 'The FCI’s shared disks are served by the vSAN iSCSI target service (seed 002)',
    kinds: ['sql_server'],
    choices: YES_NO,
    deployments: ['failover_cluster'],
  },
  {
    key: 'db_size_gb',
    label: 'Database',
    unit: 'GB',
    meaning: 'Data files per instance',
    kinds: ['sql_server'],
  },
  {
    key: 'log_size_gb',
    label: 'Log',
    unit: 'GB',
    meaning: 'Transaction log per instance',
    kinds: ['sql_server'],
  },
  {
    key: 'tempdb_size_gb',
    label: 'tempdb',
    unit: 'GB',
    meaning: 'tempdb per instance',
    kinds: ['sql_server'],
  },
  {
    key: 'working_set_pct',
    label: 'Working set',
    unit: '%',
    meaning: 'Share of the database read and written actively: the cache’s working set',
    kinds: ['sql_server'],
  },
  {
    key: 'target_iops',
    label: 'Target IOPS',
    unit: 'IOPS',
    meaning: 'Front-end IOPS of the whole workload, all its instances',
    kinds: ['sql_server'],
  },
  {
    key: 'mailboxes',
    label: 'Mailboxes',
    meaning: 'Exchange mailboxes',
    kinds: ['exchange'],
    integer: true,
  },
  {
    key: 'mailbox_gb',
    label: 'Mailbox size',
    unit: 'GB',
    meaning: 'Size of each mailbox',
    kinds: ['exchange'],
  },
  {
    key: 'iops_per_mailbox',
    label: 'IOPS/mailbox',
    unit: 'IOPS',
    meaning: 'Front-end IOPS per mailbox (Jetstress profile)',
    kinds: ['exchange'],
  },
  {
    key: 'database_copies',
    label: 'DAG copies',
    meaning: 'DAG copies of every mailbox database, all stored on this cluster',
    kinds: ['exchange'],
    integer: true,
  },
  {
    key: 'capacity_gb',
    label: 'Share capacity',
    unit: 'GB',
    meaning: 'The shares’ capacity, on disks shared by the file-server VMs',
    kinds: ['file_server'],
  },
  {
    key: 'iscsi_luns',
    label: 'iSCSI LUNs',
    meaning:
      'Share disks the file server’s failover cluster takes from the vSAN iSCSI target service, one LUN each (seed 002: three). Empty: the shares are on virtual disks',
    kinds: ['file_server'],
    integer: true,
    optional: { placeholder: 'none' },
  },
  {
    key: 'throughput_mbps',
    label: 'Throughput',
    unit: 'MB/s',
    meaning: 'Megabytes per second, as seed 002 reports copy rates',
    kinds: ['file_server'],
  },
  {
    key: 'disk_gb_per_vm',
    label: 'Disk/VM',
    unit: 'GB',
    meaning: 'Virtual disk capacity per VM',
    kinds: ['vm_group'],
  },
  {
    key: 'iops_per_vm',
    label: 'IOPS/VM',
    unit: 'IOPS',
    meaning: 'Front-end IOPS per VM',
    kinds: ['vm_group'],
  },
  {
    key: 'read_pct',
    label: 'Reads',
    unit: '%',
    meaning: 'Share of the I/O that reads (the rest writes): 70 means a 70/30 read/write mix',
    kinds: ALL,
  },
  {
    key: 'io_size_kb',
    label: 'I/O size',
    unit: 'KB',
    meaning: 'Size of each I/O',
    kinds: WITH_IO_SIZE,
  },
  {
    key: 'annual_growth_pct',
    label: 'Growth',
    unit: '%/year',
    meaning: 'Data growth per year, compounded over the planning horizon',
    kinds: ALL,
  },
];

/** Where each kind's defaults come from, for the details panel. */
export const KIND_PROFILE: Record<WorkloadKind, string> = {
  sql_server: 'TPC-E-like OLTP: 90/10 read/write, 8 KB random (seeds 000, 001)',
  exchange: 'Jetstress: 70/30 read/write, 32 KB, 1.0 IOPS per mailbox (seed 003)',
  file_server: 'File copies: throughput in MB/s as seed 002 reports copy rates',
  vm_group: 'Generic VMs: no seed profile, every figure is the user’s (assumed)',
};

/** Whether a workload has this field (its kind and, for SQL Server, its deployment). */
export function hasField(spec: WorkloadSpec, field: WorkloadField): boolean {
  if (!field.kinds.includes(spec.kind)) return false;
  if (!field.deployments) return true;
  return spec.kind === 'sql_server' && field.deployments.includes(spec.deployment.type);
}

/** A column header: the label with its unit. */
export const headerText = (field: WorkloadField) =>
  field.unit ? `${field.label} (${field.unit})` : field.label;

/** The deployment a SQL Server workload gets when switched to `type`, keeping what it had. */
export function deploymentOf(type: string, current: Deployment): Deployment | null {
  if (type === current.type) return current;
  switch (type) {
    case 'standalone':
      return { type: 'standalone' };
    case 'availability_group':
      return { type: 'availability_group', replicas: 2, commit: 'sync' };
    case 'failover_cluster':
      return { type: 'failover_cluster', iscsi_target: false };
    default:
      return null;
  }
}

/** Spoken names of the fields whose header is abbreviated, for input labels. */
const SPOKEN: Record<string, string> = {
  vcpu_per_vm: 'vCPU per VM',
  ram_gb_per_vm: 'RAM per VM',
  memory_reservation_gb_per_vm: 'reserved RAM per VM',
  disk_gb_per_vm: 'disk per VM',
  iops_per_vm: 'IOPS per VM',
  iops_per_mailbox: 'IOPS per mailbox',
};
/** An input's label: the field's name in words, with its unit. */
export const spokenLabel = (field: WorkloadField) =>
  `${SPOKEN[field.key] ?? field.label}${field.unit ? ` (${field.unit})` : ''}`;
