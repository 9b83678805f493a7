// Starting points for new workloads, from the seeds' test profiles. The
// user edits every value; the core validates them.
import type { WorkloadSpec } from '../core/types';

export interface WorkloadTemplate {
  id: string;
  label: string;
  spec: WorkloadSpec;
}

const sql = (
  deployment: Extract<WorkloadSpec, { kind: 'sql_server' }>['deployment'],
): WorkloadSpec => ({
  kind: 'sql_server',
  vm_count: 1,
  vcpu_per_vm: 8,
  ram_gb_per_vm: 64,
  db_size_gb: 500,
  log_size_gb: 100,
  tempdb_size_gb: 100,
  annual_growth_pct: 10,
  working_set_pct: 20,
  target_iops: 5000,
  // TPC-E-like OLTP: 90/10 read/write, 8 KB random (seeds 000, 001).
  read_pct: 90,
  io_size_kb: 8,
  deployment,
});

export const WORKLOAD_TEMPLATES: WorkloadTemplate[] = [
  { id: 'sql', label: 'SQL Server OLTP (standalone)', spec: sql({ type: 'standalone' }) },
  {
    id: 'sql-ag',
    label: 'SQL Server AlwaysOn AG',
    spec: sql({ type: 'availability_group', replicas: 2, commit: 'sync' }),
  },
  {
    id: 'sql-fci',
    label: 'SQL Server FCI',
    spec: sql({ type: 'failover_cluster', iscsi_target: false }),
  },
  {
    id: 'exchange',
    label: 'Exchange mailboxes',
    // Jetstress profile of seed 003: 70/30, 32 KB, 1.0 IOPS per mailbox.
    spec: {
      kind: 'exchange',
      vm_count: 2,
      vcpu_per_vm: 8,
      ram_gb_per_vm: 64,
      mailboxes: 5000,
      mailbox_gb: 2,
      iops_per_mailbox: 1,
      database_copies: 2,
      read_pct: 70,
      io_size_kb: 32,
      annual_growth_pct: 10,
    },
  },
  {
    id: 'file-server',
    label: 'File server',
    spec: {
      kind: 'file_server',
      vm_count: 2,
      vcpu_per_vm: 4,
      ram_gb_per_vm: 16,
      capacity_gb: 5000,
      throughput_mbps: 100,
      read_pct: 70,
      io_size_kb: 64,
      annual_growth_pct: 10,
    },
  },
  {
    id: 'vm-group',
    label: 'Generic VM group',
    spec: {
      kind: 'vm_group',
      vm_count: 20,
      vcpu_per_vm: 2,
      ram_gb_per_vm: 8,
      disk_gb_per_vm: 100,
      iops_per_vm: 50,
      read_pct: 70,
      annual_growth_pct: 10,
    },
  },
];

export const KIND_LABEL: Record<WorkloadSpec['kind'], string> = {
  sql_server: 'SQL Server',
  exchange: 'Exchange',
  file_server: 'File server',
  vm_group: 'VM group',
};

/** The field that says how big a workload is, per kind, with its label. */
export const SIZE_FIELD: Record<WorkloadSpec['kind'], { field: string; label: string }> = {
  sql_server: { field: 'db_size_gb', label: 'Database GB' },
  exchange: { field: 'mailboxes', label: 'Mailboxes' },
  file_server: { field: 'capacity_gb', label: 'Capacity GB' },
  vm_group: { field: 'disk_gb_per_vm', label: 'Disk GB per VM' },
};

/** The field that says how busy a workload is, per kind, with its label. */
export const LOAD_FIELD: Record<WorkloadSpec['kind'], { field: string; label: string }> = {
  sql_server: { field: 'target_iops', label: 'Target IOPS' },
  exchange: { field: 'iops_per_mailbox', label: 'IOPS per mailbox' },
  file_server: { field: 'throughput_mbps', label: 'Throughput MB/s' },
  vm_group: { field: 'iops_per_vm', label: 'IOPS per VM' },
};
