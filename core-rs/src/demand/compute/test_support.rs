//! Hosts, devices and workloads the compute tests share.

use super::{assess_compute, ClusterCompute};
use crate::demand::placement::PlacedWorkload;
use crate::model::{
    CommitMode, Device, DeviceKind, HostSpec, ProtectionMethod, ResolvedDiskGroup, Settings,
    SqlDeployment, StoragePolicy, Topology, Workload, WorkloadSpec,
};

pub fn host(sockets: u32, cores_per_socket: u32, ram_gb: f64) -> HostSpec {
    HostSpec {
        model: "test".into(),
        sockets,
        cores_per_socket,
        ghz: 2.6,
        ram_gb,
        nics: 2,
        nic_gbps: 10.0,
        unit_price: None,
    }
}

pub fn device(kind: DeviceKind, gb: f64) -> Device {
    Device {
        id: format!("{kind:?}-{gb}"),
        model: "test".into(),
        kind,
        capacity_gb: gb,
        read_iops: 50_000.0,
        write_iops: 20_000.0,
        endurance_dwpd: None,
        flash_class: None,
        unit_price: None,
    }
}

pub fn raid1() -> StoragePolicy {
    StoragePolicy {
        id: "raid1".into(),
        name: "RAID-1 FTT=1".into(),
        method: ProtectionMethod::Raid1,
        ftt: 1,
        stripe_width: 1,
        object_space_reservation_pct: 0.0,
        checksum: true,
        iops_limit: None,
        compression: None,
    }
}

pub fn workload(id: &str, spec: WorkloadSpec) -> Workload {
    Workload {
        id: id.into(),
        name: id.into(),
        cluster_id: "c".into(),
        policy_id: "raid1".into(),
        spec,
    }
}

pub fn sql(instances: u32, vcpu: u32, ram_gb: f64, deployment: SqlDeployment) -> WorkloadSpec {
    WorkloadSpec::SqlServer {
        vm_count: instances,
        vcpu_per_vm: vcpu,
        ram_gb_per_vm: ram_gb,
        memory_reservation_gb_per_vm: None,
        db_size_gb: 200.0,
        log_size_gb: 100.0,
        tempdb_size_gb: 80.0,
        annual_growth_pct: 0.0,
        working_set_pct: 20.0,
        target_iops: 1_000.0,
        read_pct: 90.0,
        io_size_kb: 8.0,
        deployment,
    }
}

pub fn vms(count: u32, vcpu: u32, ram_gb: f64) -> WorkloadSpec {
    WorkloadSpec::VmGroup {
        vm_count: count,
        vcpu_per_vm: vcpu,
        ram_gb_per_vm: ram_gb,
        memory_reservation_gb_per_vm: None,
        disk_gb_per_vm: 40.0,
        iops_per_vm: 10.0,
        read_pct: 70.0,
        annual_growth_pct: 0.0,
    }
}

pub fn ag() -> SqlDeployment {
    SqlDeployment::AvailabilityGroup {
        replicas: 2,
        commit: CommitMode::Sync,
    }
}

pub fn assess(
    host: &HostSpec,
    hosts: u32,
    groups: &[ResolvedDiskGroup],
    ws: &[Workload],
    settings: &Settings,
) -> ClusterCompute {
    let p = raid1();
    let placed: Vec<PlacedWorkload> = ws
        .iter()
        .enumerate()
        .map(|(index, workload)| PlacedWorkload::new(index, workload, 0, &p, false))
        .collect();
    let topology = Topology::Single { host_count: hosts };
    assess_compute(0, host, &topology, groups, &placed, settings, 2)
}

pub fn codes(c: &ClusterCompute) -> Vec<&'static str> {
    c.findings.iter().map(|f| f.code.as_str()).collect()
}

/// Seed 000 Table 2: 4 hosts, 2 sockets x 10 cores, 256 GB; 2 disk groups
/// of one 400 GB SSD and six 900 GB 10K HDDs.
pub fn seed_000() -> (HostSpec, Device, Device) {
    (
        host(2, 10, 256.0),
        device(DeviceKind::SataSsd, 400.0),
        device(DeviceKind::Hdd10k, 900.0),
    )
}

/// Seed 000's disk group: one cache SSD over six 900 GB disks.
pub fn seed_000_group<'a>(ssd: &'a Device, hdd: &'a Device) -> ResolvedDiskGroup<'a> {
    ResolvedDiskGroup {
        cache: ssd,
        capacity: hdd,
        capacity_device_count: 6,
    }
}
