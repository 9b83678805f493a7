//! Writes a workload sends to the storage devices: once per device its
//! policy writes to and once per application copy. On vSAN OSA every write
//! lands in a cache device first (hybrid and all-flash) and dedup runs
//! later, on destage; across two sites each copy's writes cross the link.

use serde::Serialize;

use crate::demand::footprint::application_copies;
use crate::demand::io::GENERIC_VM_IO_SIZE_KB;
use crate::demand::protection::Protection;
use crate::model::WorkloadSpec;
use crate::source;

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct WriteLoad {
    /// Writes per second the workload's VMs issue (primary copies only).
    pub front_end_writes_per_s: f64,
    /// Writes per second reaching cache devices, all copies included.
    pub device_writes_per_s: f64,
    /// Megabytes (10^6 bytes) per second reaching cache devices.
    pub device_write_mb_per_s: f64,
    pub source: &'static str,
}

pub fn write_load(spec: &WorkloadSpec, protection: &Protection) -> WriteLoad {
    let (writes_per_s, io_kb, source) = match spec {
        WorkloadSpec::SqlServer {
            target_iops,
            read_pct,
            io_size_kb,
            ..
        } => (
            target_iops * write_share(*read_pct),
            *io_size_kb,
            source::CACHE_WRITE_LOAD,
        ),
        WorkloadSpec::Exchange {
            mailboxes,
            iops_per_mailbox,
            read_pct,
            io_size_kb,
            ..
        } => (
            f64::from(*mailboxes) * iops_per_mailbox * write_share(*read_pct),
            *io_size_kb,
            source::CACHE_WRITE_LOAD,
        ),
        WorkloadSpec::FileServer {
            throughput_mbps,
            read_pct,
            io_size_kb,
            ..
        } => (
            throughput_mbps * write_share(*read_pct) * 1000.0 / io_size_kb,
            *io_size_kb,
            source::CACHE_WRITE_LOAD,
        ),
        WorkloadSpec::VmGroup {
            vm_count,
            iops_per_vm,
            read_pct,
            ..
        } => (
            iops_per_vm * f64::from(*vm_count) * write_share(*read_pct),
            GENERIC_VM_IO_SIZE_KB,
            source::GENERIC_VM_IO_SIZE,
        ),
    };
    let fan_out =
        f64::from(protection.device_writes_per_write) * f64::from(application_copies(spec));
    let device_writes_per_s = writes_per_s * fan_out;
    WriteLoad {
        front_end_writes_per_s: writes_per_s,
        device_writes_per_s,
        device_write_mb_per_s: device_writes_per_s * io_kb / 1000.0,
        source,
    }
}

fn write_share(read_pct: f64) -> f64 {
    (1.0 - read_pct / 100.0).clamp(0.0, 1.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::demand::protection::protection;
    use crate::model::{ProtectionMethod, SqlDeployment, StoragePolicy};

    fn policy(method: ProtectionMethod, ftt: u32) -> Protection {
        protection(&StoragePolicy::of(method, ftt))
    }

    #[test]
    fn seed_003_exchange_writes_per_policy() {
        // Seed 003 Table 6: 16,000 mailboxes x 1.0 IOPS at 70/30 read/write,
        // 32 KB, 2 DAG copies. 4,800 front-end writes/s; each copy's writes
        // land twice under RAID-1 FTT=1 and twice (data + parity) under RAID-5.
        let spec = WorkloadSpec::seed_003_exchange();
        let raid1 = write_load(&spec, &policy(ProtectionMethod::Raid1, 1));
        assert!((raid1.front_end_writes_per_s - 4_800.0).abs() < 1e-9);
        assert!((raid1.device_writes_per_s - 19_200.0).abs() < 1e-9);
        assert!((raid1.device_write_mb_per_s - 614.4).abs() < 1e-9);
        let raid6 = write_load(&spec, &policy(ProtectionMethod::Raid6, 2));
        assert!((raid6.device_writes_per_s - 28_800.0).abs() < 1e-9);
    }

    #[test]
    fn file_server_throughput_becomes_writes() {
        // Seed 002: ~382 MB/s of copies into the file shares (all writes).
        let spec = WorkloadSpec::FileServer {
            vm_count: 2,
            vcpu_per_vm: 4,
            ram_gb_per_vm: 16.0,
            memory_reservation_gb_per_vm: None,
            capacity_gb: 62_000.0,
            iscsi_luns: None,
            throughput_mbps: 382.0,
            read_pct: 0.0,
            io_size_kb: 64.0,
            annual_growth_pct: 0.0,
        };
        let load = write_load(&spec, &policy(ProtectionMethod::Raid1, 1));
        assert!((load.device_write_mb_per_s - 764.0).abs() < 1e-9);
        assert!((load.front_end_writes_per_s - 382_000.0 / 64.0).abs() < 1e-9);
    }

    #[test]
    fn sql_reads_only_send_no_writes() {
        let spec = WorkloadSpec::SqlServer {
            vm_count: 1,
            vcpu_per_vm: 8,
            ram_gb_per_vm: 64.0,
            memory_reservation_gb_per_vm: None,
            db_size_gb: 100.0,
            log_size_gb: 10.0,
            tempdb_size_gb: 10.0,
            annual_growth_pct: 0.0,
            working_set_pct: 20.0,
            target_iops: 5_000.0,
            read_pct: 100.0,
            io_size_kb: 8.0,
            deployment: SqlDeployment::Standalone,
        };
        assert_eq!(
            write_load(&spec, &policy(ProtectionMethod::Raid1, 1)).device_writes_per_s,
            0.0
        );
    }
}
