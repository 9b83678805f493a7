use serde::{Deserialize, Serialize};

use super::Id;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum CommitMode {
    Sync,
    Async,
}

/// How a SQL Server instance is made highly available.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum SqlDeployment {
    Standalone,
    /// AlwaysOn availability group: every replica holds a full copy.
    AvailabilityGroup {
        replicas: u32,
        commit: CommitMode,
    },
    /// Failover cluster instance on shared disks, optionally served by the
    /// vSAN iSCSI target service (seed 002).
    FailoverCluster {
        iscsi_target: bool,
    },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum WorkloadSpec {
    /// SQL Server OLTP databases (TPC-E-like: 90/10 read/write, 8 KB random; seeds 000, 001).
    SqlServer {
        /// SQL Server instances, each with its own database set. An
        /// availability group adds `replicas - 1` secondary VMs per instance,
        /// each holding a full copy; an FCI's nodes share one set of disks.
        vm_count: u32,
        vcpu_per_vm: u32,
        ram_gb_per_vm: f64,
        /// Memory reserved for each VM, in GB (0 ..= `ram_gb_per_vm`): vSphere
        /// sizes a VM's swap object as configured memory minus its
        /// reservation (seed 000 reserves the SQL Server VMs' memory).
        /// Absent: no reservation, the swap object is the whole memory.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "wasm", tsify(optional))]
        memory_reservation_gb_per_vm: Option<f64>,
        db_size_gb: f64,
        log_size_gb: f64,
        tempdb_size_gb: f64,
        annual_growth_pct: f64,
        /// Share of the database read and written actively (the cache's working set).
        working_set_pct: f64,
        /// Front-end IOPS of the whole workload (all its instances).
        target_iops: f64,
        read_pct: f64,
        io_size_kb: f64,
        deployment: SqlDeployment,
    },
    /// Exchange mailboxes (Jetstress: 70/30, 32 KB; seed 003).
    Exchange {
        vm_count: u32,
        vcpu_per_vm: u32,
        ram_gb_per_vm: f64,
        /// Memory reserved for each VM, in GB (0 ..= `ram_gb_per_vm`): vSphere
        /// sizes a VM's swap object as configured memory minus its
        /// reservation (seed 000 reserves the SQL Server VMs' memory).
        /// Absent: no reservation, the swap object is the whole memory.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "wasm", tsify(optional))]
        memory_reservation_gb_per_vm: Option<f64>,
        mailboxes: u32,
        mailbox_gb: f64,
        iops_per_mailbox: f64,
        /// DAG copies of every mailbox database, all stored on this cluster.
        database_copies: u32,
        read_pct: f64,
        io_size_kb: f64,
        annual_growth_pct: f64,
    },
    FileServer {
        vm_count: u32,
        vcpu_per_vm: u32,
        ram_gb_per_vm: f64,
        /// Memory reserved for each VM, in GB (0 ..= `ram_gb_per_vm`): vSphere
        /// sizes a VM's swap object as configured memory minus its
        /// reservation (seed 000 reserves the SQL Server VMs' memory).
        /// Absent: no reservation, the swap object is the whole memory.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "wasm", tsify(optional))]
        memory_reservation_gb_per_vm: Option<f64>,
        /// The shares' capacity, on disks shared by the file-server VMs.
        capacity_gb: f64,
        /// Shared disks the file server's failover cluster takes from the
        /// vSAN iSCSI target service, each a LUN (seed 002: two 245 GB and
        /// one 62 TB share disk). Absent: its shares are on virtual disks.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "wasm", tsify(optional))]
        iscsi_luns: Option<u32>,
        /// Megabytes per second (MB/s), as seed 002 reports copy rates.
        throughput_mbps: f64,
        read_pct: f64,
        io_size_kb: f64,
        annual_growth_pct: f64,
    },
    /// Generic virtual machines sharing the cluster.
    VmGroup {
        vm_count: u32,
        /// 0: the group carries disks only (the OS disks of VMs another
        /// workload counts, as the seeds' examples hold them): it runs no
        /// VMs, vCPUs or memory of its own (`carries_disks_only`).
        vcpu_per_vm: u32,
        ram_gb_per_vm: f64,
        /// Memory reserved for each VM, in GB (0 ..= `ram_gb_per_vm`): vSphere
        /// sizes a VM's swap object as configured memory minus its
        /// reservation (seed 000 reserves the SQL Server VMs' memory).
        /// Absent: no reservation, the swap object is the whole memory.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "wasm", tsify(optional))]
        memory_reservation_gb_per_vm: Option<f64>,
        disk_gb_per_vm: f64,
        iops_per_vm: f64,
        read_pct: f64,
        annual_growth_pct: f64,
    },
}

#[cfg(test)]
impl WorkloadSpec {
    /// Seed 003 Table 6's Exchange: 16,000 mailboxes of 1 GB at 1.0 IOPS,
    /// 70/30 read/write, 32 KB, 2 DAG copies, on two 8 vCPU / 64 GB VMs.
    pub fn seed_003_exchange() -> WorkloadSpec {
        WorkloadSpec::Exchange {
            vm_count: 2,
            vcpu_per_vm: 8,
            ram_gb_per_vm: 64.0,
            memory_reservation_gb_per_vm: None,
            mailboxes: 16_000,
            mailbox_gb: 1.0,
            iops_per_mailbox: 1.0,
            database_copies: 2,
            read_pct: 70.0,
            io_size_kb: 32.0,
            annual_growth_pct: 0.0,
        }
    }
}

impl WorkloadSpec {
    /// A VM group without vCPUs holds disks of VMs that other workloads
    /// count (their OS disks): its disks take capacity, but it adds no VMs,
    /// vCPUs or memory to the cluster's compute.
    pub fn carries_disks_only(&self) -> bool {
        matches!(self, WorkloadSpec::VmGroup { vcpu_per_vm: 0, .. })
    }

    /// Memory reserved per VM, in GB: none unless the workload gives it.
    pub fn memory_reservation_gb(&self) -> f64 {
        match self {
            WorkloadSpec::SqlServer {
                memory_reservation_gb_per_vm,
                ..
            }
            | WorkloadSpec::Exchange {
                memory_reservation_gb_per_vm,
                ..
            }
            | WorkloadSpec::FileServer {
                memory_reservation_gb_per_vm,
                ..
            }
            | WorkloadSpec::VmGroup {
                memory_reservation_gb_per_vm,
                ..
            } => memory_reservation_gb_per_vm.unwrap_or(0.0),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(deny_unknown_fields)]
pub struct Workload {
    pub id: Id,
    pub name: String,
    /// Id of the cluster the workload runs on.
    pub cluster_id: String,
    /// Id of the storage policy protecting its disks.
    pub policy_id: Id,
    pub spec: WorkloadSpec,
}
