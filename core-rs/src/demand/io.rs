//! What a workload asks of its disks, before any platform protects or
//! places it: its front-end reads and writes and the data its reads range
//! over.

use serde::Serialize;

use crate::model::{SqlDeployment, WorkloadSpec};

#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct FrontEndIo {
    pub read_iops: f64,
    pub write_iops: f64,
    pub total_iops: f64,
}

impl FrontEndIo {
    pub(crate) fn new(read_iops: f64, write_iops: f64) -> Self {
        FrontEndIo {
            read_iops,
            write_iops,
            total_iops: read_iops + write_iops,
        }
    }

    pub(crate) fn split(total_iops: f64, read_pct: f64) -> Self {
        let reads = total_iops * read_pct / 100.0;
        FrontEndIo::new(reads, total_iops - reads)
    }
}

/// Throughput and I/O sizes are decimal (MB/s, KB), like every unit in the core.
const KB_PER_MB: f64 = 1000.0;

/// What a workload asks of its disks, before protection.
/// - SQL Server: its target IOPS. An availability group's secondaries apply
///   every write to their own copy (seed 000 §7.3: "additional I/Os on the
///   secondary"), so writes count once per replica; reads stay on the primary.
/// - Exchange: mailboxes x IOPS per mailbox, the active copies' load as
///   Jetstress profiles it (seed 003: 16,000 x 1.0 IOPS); passive-copy log
///   replay is not added.
/// - File server: throughput / I/O size.
/// - VM group: VMs x IOPS per VM.
pub fn front_end_io(spec: &WorkloadSpec) -> FrontEndIo {
    grown_front_end_io(spec, 1.0)
}

/// `front_end_io` with the workload's I/O rate (target IOPS, IOPS per
/// mailbox or VM, throughput) multiplied by `growth`, in the same order of
/// operations as `front_end_io` of a spec whose rate was multiplied first:
/// the vSAN ESA growth timeline gets the figures a grown copy of the spec
/// would give, without copying it. `growth` 1 gives `front_end_io` exactly.
pub fn grown_front_end_io(spec: &WorkloadSpec, growth: f64) -> FrontEndIo {
    match spec {
        WorkloadSpec::SqlServer {
            target_iops,
            read_pct,
            deployment,
            ..
        } => {
            let primary = FrontEndIo::split(target_iops * growth, *read_pct);
            let copies = match deployment {
                SqlDeployment::AvailabilityGroup { replicas, .. } => f64::from(*replicas),
                SqlDeployment::Standalone | SqlDeployment::FailoverCluster { .. } => 1.0,
            };
            FrontEndIo::new(primary.read_iops, primary.write_iops * copies)
        }
        WorkloadSpec::Exchange {
            mailboxes,
            iops_per_mailbox,
            read_pct,
            ..
        } => FrontEndIo::split(
            f64::from(*mailboxes) * (iops_per_mailbox * growth),
            *read_pct,
        ),
        WorkloadSpec::FileServer {
            throughput_mbps,
            io_size_kb,
            read_pct,
            ..
        } => {
            let iops = if *io_size_kb > 0.0 {
                throughput_mbps * growth * KB_PER_MB / io_size_kb
            } else {
                0.0
            };
            FrontEndIo::split(iops, *read_pct)
        }
        WorkloadSpec::VmGroup {
            vm_count,
            iops_per_vm,
            read_pct,
            ..
        } => FrontEndIo::split(f64::from(*vm_count) * (iops_per_vm * growth), *read_pct),
    }
}

/// Counted I/O size for VM groups, which carry none (`source::GENERIC_VM_IO_SIZE`).
pub const GENERIC_VM_IO_SIZE_KB: f64 = 8.0;

/// The size of a workload's I/Os in KB: its spec's, or for a VM group, which
/// states none, the counted generic size.
pub fn io_size_kb(spec: &WorkloadSpec) -> f64 {
    match spec {
        WorkloadSpec::SqlServer { io_size_kb, .. }
        | WorkloadSpec::Exchange { io_size_kb, .. }
        | WorkloadSpec::FileServer { io_size_kb, .. } => *io_size_kb,
        WorkloadSpec::VmGroup { .. } => GENERIC_VM_IO_SIZE_KB,
    }
}

/// The data a workload's reads range over, in GB. SQL Server states its
/// working set per instance; reads stay on the primary copy, so AG
/// secondaries add none. The other kinds state no working set, so every byte
/// counts (the conservative choice for a read cache).
pub fn working_set_gb(spec: &WorkloadSpec) -> f64 {
    match spec {
        WorkloadSpec::SqlServer {
            vm_count,
            db_size_gb,
            working_set_pct,
            ..
        } => f64::from(*vm_count) * db_size_gb * working_set_pct / 100.0,
        WorkloadSpec::Exchange {
            mailboxes,
            mailbox_gb,
            ..
        } => f64::from(*mailboxes) * mailbox_gb,
        WorkloadSpec::FileServer { capacity_gb, .. } => *capacity_gb,
        WorkloadSpec::VmGroup {
            vm_count,
            disk_gb_per_vm,
            ..
        } => f64::from(*vm_count) * disk_gb_per_vm,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{CommitMode, SqlDeployment};
    use crate::platform::vsan_osa::performance::test_support::sql;

    #[test]
    fn seed_000_ag_secondaries_apply_every_write() {
        // Seed 000 §7.3: a synchronous AG secondary hardens every log write
        // ("additional I/Os on the secondary"); reads stay on the primary.
        let ag = SqlDeployment::AvailabilityGroup {
            replicas: 2,
            commit: CommitMode::Sync,
        };
        let fe = front_end_io(&sql(180.0, 100.0, 1_000.0, ag));
        assert_eq!((fe.read_iops, fe.write_iops), (900.0, 200.0));
        let standalone = front_end_io(&sql(180.0, 100.0, 1_000.0, SqlDeployment::Standalone));
        assert_eq!(
            (standalone.read_iops, standalone.write_iops),
            (900.0, 100.0)
        );
    }

    #[test]
    fn file_server_and_vm_group_iops() {
        // 400 MB/s of 64 KB I/O = 6,250 IOPS (decimal units throughout).
        let file = WorkloadSpec::FileServer {
            vm_count: 2,
            vcpu_per_vm: 4,
            ram_gb_per_vm: 16.0,
            memory_reservation_gb_per_vm: None,
            capacity_gb: 1_000.0,
            iscsi_luns: None,
            throughput_mbps: 400.0,
            read_pct: 10.0,
            io_size_kb: 64.0,
            annual_growth_pct: 0.0,
        };
        let fe = front_end_io(&file);
        assert!((fe.total_iops - 6_250.0).abs() < 1e-9);
        assert!((fe.read_iops - 625.0).abs() < 1e-9);
        let vms = WorkloadSpec::VmGroup {
            vm_count: 20,
            vcpu_per_vm: 2,
            ram_gb_per_vm: 8.0,
            memory_reservation_gb_per_vm: None,
            disk_gb_per_vm: 100.0,
            iops_per_vm: 50.0,
            read_pct: 60.0,
            annual_growth_pct: 0.0,
        };
        assert_eq!(front_end_io(&vms).total_iops, 1_000.0);
        assert_eq!(working_set_gb(&vms), 2_000.0);
    }
}
