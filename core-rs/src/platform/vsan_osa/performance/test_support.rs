//! Devices, policies and workloads the performance tests share.

use proptest::prelude::*;

use super::cluster::ClusterPerformance;
use crate::demand::placement::PlacedWorkload;
use crate::model::{
    Device, DeviceKind, ProtectionMethod, SqlDeployment, StoragePolicy, Topology, Workload,
    WorkloadSpec,
};

pub fn device(id: &str, kind: DeviceKind, gb: f64, read_iops: f64, write_iops: f64) -> Device {
    Device {
        id: id.into(),
        model: id.into(),
        kind,
        capacity_gb: gb,
        read_iops,
        write_iops,
        endurance_dwpd: None,
        flash_class: None,
        unit_price: None,
    }
}

pub fn policy(method: ProtectionMethod, ftt: u32) -> StoragePolicy {
    StoragePolicy {
        id: format!("{method:?}-ftt{ftt}").into(),
        name: format!("{method:?} FTT={ftt}"),
        ..StoragePolicy::of(method, ftt)
    }
}

pub fn raid1() -> StoragePolicy {
    policy(ProtectionMethod::Raid1, 1)
}

pub fn workload(id: &str, spec: WorkloadSpec) -> Workload {
    Workload {
        id: id.into(),
        name: id.into(),
        cluster_id: "c".into(),
        policy_id: "p".into(),
        spec,
    }
}

pub fn placed<'a>(index: usize, w: &'a Workload, p: &'a StoragePolicy) -> PlacedWorkload<'a> {
    PlacedWorkload::new(index, w, 0, p, false)
}

pub fn sql(db_gb: f64, working_set_pct: f64, iops: f64, deployment: SqlDeployment) -> WorkloadSpec {
    WorkloadSpec::SqlServer {
        vm_count: 1,
        vcpu_per_vm: 8,
        ram_gb_per_vm: 64.0,
        memory_reservation_gb_per_vm: None,
        db_size_gb: db_gb,
        log_size_gb: 100.0,
        tempdb_size_gb: 80.0,
        annual_growth_pct: 0.0,
        working_set_pct,
        target_iops: iops,
        read_pct: 90.0,
        io_size_kb: 8.0,
        deployment,
    }
}

pub fn exchange(mailboxes: u32, iops_per_mailbox: f64) -> WorkloadSpec {
    WorkloadSpec::Exchange {
        vm_count: 2,
        vcpu_per_vm: 8,
        ram_gb_per_vm: 64.0,
        memory_reservation_gb_per_vm: None,
        mailboxes,
        mailbox_gb: 1.0,
        iops_per_mailbox,
        database_copies: 2,
        read_pct: 70.0,
        io_size_kb: 32.0,
        annual_growth_pct: 0.0,
    }
}

/// One small VM of 100 GB doing `iops` at `read_pct` % reads.
pub fn one_vm(iops: f64, read_pct: f64) -> WorkloadSpec {
    WorkloadSpec::VmGroup {
        vm_count: 1,
        vcpu_per_vm: 2,
        ram_gb_per_vm: 8.0,
        memory_reservation_gb_per_vm: None,
        disk_gb_per_vm: 100.0,
        iops_per_vm: iops,
        read_pct,
        annual_growth_pct: 0.0,
    }
}

pub fn single(host_count: u32) -> Topology {
    Topology::Single { host_count }
}

pub fn codes(perf: &ClusterPerformance) -> Vec<&'static str> {
    perf.findings.iter().map(|f| f.code.as_str()).collect()
}

/// Seed 000 §4.3 / Table 2: 4 hosts, 2 disk groups of one 400 GB SATA SSD
/// and six 900 GB 10K SAS disks. The seed states no device IOPS: the HDDs take
/// the guide's typical 140; the SSD 75,000 read / 36,000 write is an
/// assumed datasheet-class figure for a 400 GB SATA SSD.
pub fn seed_000_devices() -> (Device, Device) {
    (
        device("ssd400", DeviceKind::SataSsd, 400.0, 75_000.0, 36_000.0),
        device("hdd900", DeviceKind::Hdd10k, 900.0, 140.0, 140.0),
    )
}

/// Seed 003 Table 1: 4 hosts, 2 disk groups of 1 x 1.6 TB NVMe + 4 x
/// 1.92 TB SAS SSD. The seed states no IOPS; the figures are assumed
/// datasheet-class values for such devices.
pub fn seed_003_devices() -> (Device, Device) {
    (
        device("nvme1600", DeviceKind::Nvme, 1_600.0, 800_000.0, 140_000.0),
        device("sas1920", DeviceKind::SasSsd, 1_920.0, 200_000.0, 37_000.0),
    )
}

pub fn any_policy() -> impl Strategy<Value = StoragePolicy> {
    prop_oneof![
        (0u32..=3).prop_map(|ftt| policy(ProtectionMethod::Raid1, ftt)),
        Just(policy(ProtectionMethod::Raid5, 1)),
        Just(policy(ProtectionMethod::Raid6, 2)),
    ]
}
