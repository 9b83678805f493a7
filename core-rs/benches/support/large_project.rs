//! The large generated project the benchmarks size: one 64-host cluster
//! (five disk groups of seven capacity devices per host) running a given
//! number of workloads (SQL Server standalone / AG / FCI, Exchange, file
//! servers, VM groups) over RAID-1, RAID-5 and RAID-6 policies.
//! Deterministic: the same variant and count give the same project.

use stacksizer_core::model::{
    Cluster, CommitMode, Device, DeviceKind, DiskGroup, FlashClass, HostSpec, Project,
    ProtectionMethod, Settings, SqlDeployment, Storage, StoragePolicy, Topology, Workload,
    WorkloadSpec, SCHEMA_VERSION,
};

pub const HOSTS: u32 = 64;

#[derive(Clone, Copy, PartialEq)]
pub enum Variant {
    /// NVMe cache + SAS SSD capacity, dedup+compression on.
    AllFlashDedup,
    /// SAS SSD cache + 10k HDD capacity, no dedup (vSAN allows it on all-flash only).
    Hybrid,
}

/// A tiny deterministic generator (64-bit LCG) so every run sizes the same project.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        self.0 >> 33
    }

    /// Uniform integer in `lo..=hi`.
    fn int(&mut self, lo: u32, hi: u32) -> u32 {
        lo + (self.next() % u64::from(hi - lo + 1)) as u32
    }

    /// Uniform float in `lo..hi`, rounded to two decimals like user input.
    fn float(&mut self, lo: f64, hi: f64) -> f64 {
        let unit = (self.next() % 1_000_000) as f64 / 1_000_000.0;
        ((lo + unit * (hi - lo)) * 100.0).round() / 100.0
    }
}

fn device(id: &str, kind: DeviceKind, gb: f64, read: f64, write: f64, dwpd: f64) -> Device {
    Device {
        id: id.into(),
        model: id.into(),
        kind,
        capacity_gb: gb,
        read_iops: read,
        write_iops: write,
        endurance_dwpd: kind.is_flash().then_some(dwpd),
        flash_class: kind.is_flash().then_some(FlashClass::E),
        unit_price: Some(1000.0),
    }
}

fn policy(id: &str, method: ProtectionMethod, ftt: u32, osr: f64) -> StoragePolicy {
    StoragePolicy {
        id: id.into(),
        name: id.into(),
        method,
        ftt,
        stripe_width: 1,
        object_space_reservation_pct: osr,
        checksum: true,
        iops_limit: None,
        compression: None,
    }
}

fn workload_spec(rng: &mut Lcg, i: usize) -> WorkloadSpec {
    let vm_count = rng.int(1, 4);
    let vcpu_per_vm = rng.int(2, 16);
    let ram_gb_per_vm = f64::from(rng.int(4, 128));
    match i % 6 {
        // SQL Server: standalone, availability group, failover cluster.
        0..=2 => {
            let db = rng.float(50.0, 2000.0);
            let deployment = match i % 6 {
                0 => SqlDeployment::Standalone,
                1 => SqlDeployment::AvailabilityGroup {
                    replicas: rng.int(2, 3),
                    commit: if i % 4 == 1 {
                        CommitMode::Sync
                    } else {
                        CommitMode::Async
                    },
                },
                _ => SqlDeployment::FailoverCluster {
                    iscsi_target: i % 12 == 2,
                },
            };
            WorkloadSpec::SqlServer {
                vm_count,
                vcpu_per_vm,
                ram_gb_per_vm,
                memory_reservation_gb_per_vm: None,
                db_size_gb: db,
                log_size_gb: (db * 0.2 * 100.0).round() / 100.0,
                tempdb_size_gb: (db * 0.1 * 100.0).round() / 100.0,
                annual_growth_pct: rng.float(0.0, 30.0),
                working_set_pct: rng.float(5.0, 40.0),
                target_iops: rng.float(500.0, 20_000.0),
                read_pct: rng.float(60.0, 95.0),
                io_size_kb: 8.0,
                deployment,
            }
        }
        3 => WorkloadSpec::Exchange {
            vm_count,
            vcpu_per_vm,
            ram_gb_per_vm,
            memory_reservation_gb_per_vm: None,
            mailboxes: rng.int(100, 5000),
            mailbox_gb: rng.float(1.0, 10.0),
            iops_per_mailbox: rng.float(0.1, 1.0),
            database_copies: rng.int(1, 3),
            read_pct: 70.0,
            io_size_kb: 32.0,
            annual_growth_pct: rng.float(0.0, 20.0),
        },
        4 => WorkloadSpec::FileServer {
            vm_count,
            vcpu_per_vm,
            ram_gb_per_vm,
            memory_reservation_gb_per_vm: None,
            capacity_gb: rng.float(500.0, 10_000.0),
            iscsi_luns: None,
            throughput_mbps: rng.float(10.0, 400.0),
            read_pct: rng.float(50.0, 90.0),
            io_size_kb: 64.0,
            annual_growth_pct: rng.float(0.0, 25.0),
        },
        _ => WorkloadSpec::VmGroup {
            vm_count: rng.int(5, 40),
            vcpu_per_vm: rng.int(1, 4),
            ram_gb_per_vm: f64::from(rng.int(2, 16)),
            memory_reservation_gb_per_vm: None,
            disk_gb_per_vm: rng.float(40.0, 200.0),
            iops_per_vm: rng.float(10.0, 200.0),
            read_pct: rng.float(50.0, 80.0),
            annual_growth_pct: rng.float(0.0, 15.0),
        },
    }
}

/// One 64-host cluster with five disk groups per host and `workload_count`
/// workloads spread over four policies.
pub fn large_project(variant: Variant, workload_count: usize) -> Project {
    let mut rng = Lcg(0x5EED_0001);
    let (cache, capacity, dedup) = match variant {
        Variant::AllFlashDedup => (
            device(
                "nvme-1600",
                DeviceKind::Nvme,
                1600.0,
                500_000.0,
                180_000.0,
                10.0,
            ),
            device(
                "ssd-3840",
                DeviceKind::SasSsd,
                3840.0,
                150_000.0,
                40_000.0,
                1.0,
            ),
            true,
        ),
        Variant::Hybrid => (
            device(
                "ssd-800",
                DeviceKind::SasSsd,
                800.0,
                100_000.0,
                40_000.0,
                10.0,
            ),
            device("hdd-2400", DeviceKind::Hdd10k, 2400.0, 200.0, 200.0, 0.0),
            false,
        ),
    };
    let group = DiskGroup {
        cache_device: cache.id.clone(),
        capacity_device: capacity.id.clone(),
        capacity_device_count: 7,
    };
    let policies = vec![
        policy("raid1-ftt1", ProtectionMethod::Raid1, 1, 0.0),
        policy("raid1-ftt2", ProtectionMethod::Raid1, 2, 100.0),
        policy("raid5-ftt1", ProtectionMethod::Raid5, 1, 0.0),
        policy("raid6-ftt2", ProtectionMethod::Raid6, 2, 50.0),
    ];
    let workloads = (0..workload_count)
        .map(|i| Workload {
            id: format!("w{i}").into(),
            name: format!("workload {i}"),
            cluster_id: "big".into(),
            policy_id: policies[(i * 7 / 3) % policies.len()].id.clone(),
            spec: workload_spec(&mut rng, i),
        })
        .collect();
    Project {
        schema_version: SCHEMA_VERSION,
        name: format!("benchmark: {HOSTS} hosts, {workload_count} workloads"),
        description: String::new(),
        facts: Default::default(),
        settings: Settings::default(),
        devices: vec![cache, capacity],
        clusters: vec![Cluster {
            id: "big".into(),
            name: "Large cluster".into(),
            host: HostSpec {
                model: "2U, 2 x 32 cores".into(),
                sockets: 2,
                cores_per_socket: 32,
                ghz: 2.8,
                ram_gb: 2048.0,
                nics: 4,
                nic_gbps: 25.0,
                unit_price: Some(40_000.0),
            },
            topology: Topology::Single { host_count: HOSTS },
            storage: Storage::VsanOsa {
                disk_groups: vec![group; 5],
                dedup_compression: dedup,
            },
        }],
        policies,
        workloads,
        pricing: Default::default(),
        scenarios: Vec::new(),
        origin: None,
    }
}
