use proptest::prelude::*;

use super::*;
use crate::model::{DeviceKind, FreeSpaceModel};
use crate::platform::vsan_osa::capacity::StepKind;

fn policy(method: ProtectionMethod, ftt: u32, osr: f64) -> StoragePolicy {
    StoragePolicy {
        object_space_reservation_pct: osr,
        ..StoragePolicy::of(method, ftt)
    }
}

fn nvme(gb: f64) -> Device {
    Device {
        id: "nvme".into(),
        model: "NVMe".into(),
        kind: DeviceKind::Nvme,
        capacity_gb: gb,
        read_iops: 500_000.0,
        write_iops: 150_000.0,
        endurance_dwpd: None,
        flash_class: None,
        unit_price: None,
    }
}

fn pool(devices_per_host: u32, free_space: FreeSpaceModel) -> VsanEsa {
    VsanEsa {
        device: "nvme".into(),
        devices_per_host,
        compression_ratio: 1.0,
        free_space,
        operations_reserve_pct: None,
        host_rebuild_reserve: true,
        vsan_memory_gb: None,
    }
}

/// GB consumed by `written` GB under a policy on `hosts` hosts.
fn consumed(method: ProtectionMethod, ftt: u32, osr: f64, hosts: u32, written: f64) -> f64 {
    let p = esa_protection(&policy(method, ftt, osr), hosts);
    written * esa_physical_per_logical(&p, 1.0, osr)
}

#[test]
fn kb_394410_thin_objects() {
    // Broadcom KB 394410 table, 10 GB written to a 20 GB thin object:
    // RAID-1 20 + 2.62 = 22.62 GB; RAID-5 (4+1) 12.5 + 1.63 = 14.13 GB;
    // RAID-6 15 + 1.96 = 16.96 GB; RAID-5 (2+1) 15 + 1.96 = 16.96 GB.
    let cases = [
        (ProtectionMethod::Raid1, 1, 6, 22.62),
        (ProtectionMethod::Raid5, 1, 6, 14.13),
        (ProtectionMethod::Raid6, 2, 6, 16.96),
        (ProtectionMethod::Raid5, 1, 5, 16.96),
    ];
    for (method, ftt, hosts, kb) in cases {
        let gb = consumed(method, ftt, 0.0, hosts, 10.0);
        assert!(
            (gb - kb).abs() < 0.01,
            "{method:?} on {hosts} hosts: {gb} vs {kb}"
        );
    }
}

#[test]
fn kb_394410_thick_objects_consume_their_provisioned_size() {
    // KB 394410: a 20 GB thick object, RAID-1: 40 + 5.24 = 45.24 GB;
    // RAID-5 (4+1): 25 + 3.275 = 28.27 GB. Thick = 100 % reservation.
    assert!((consumed(ProtectionMethod::Raid1, 1, 100.0, 6, 20.0) - 45.24).abs() < 0.01);
    assert!((consumed(ProtectionMethod::Raid5, 1, 100.0, 6, 20.0) - 28.27).abs() < 0.01);
}

#[test]
fn raid5_is_2_plus_1_below_six_hosts_and_needs_three() {
    // vSAN 8 ESA guidance: 2+1 on 3-5 hosts (1.5x), 4+1 from 6 (1.25x).
    let raid5 = policy(ProtectionMethod::Raid5, 1, 0.0);
    for (hosts, data, multiplier) in [(3, 2, 1.5), (5, 2, 1.5), (6, 4, 1.25), (16, 4, 1.25)] {
        let p = esa_protection(&raid5, hosts);
        assert_eq!((p.data_blocks, p.redundancy_blocks), (data, 1));
        assert!((p.multiplier - multiplier).abs() < 1e-12);
        assert_eq!(p.min_hosts, 3);
    }
    let raid6 = esa_protection(&policy(ProtectionMethod::Raid6, 2, 0.0), 6);
    assert_eq!(
        (raid6.data_blocks, raid6.redundancy_blocks, raid6.min_hosts),
        (4, 2, 6)
    );
}

#[test]
fn compression_shrinks_data_and_its_replicas_but_not_reserved_space() {
    // ESA compresses before protecting: 10 GB at 2:1 under RAID-1 is
    // 5 x 2 x 1.131 = 11.31 GB; reserved (thick) space is not compressed.
    let p = esa_protection(&policy(ProtectionMethod::Raid1, 1, 0.0), 4);
    assert!((10.0 * esa_physical_per_logical(&p, 2.0, 0.0) - 11.31).abs() < 1e-9);
    assert!((10.0 * esa_physical_per_logical(&p, 2.0, 100.0) - 22.62).abs() < 1e-9);
}

#[test]
fn compression_follows_each_policys_rule() {
    // ESA's "Data compression" is a policy rule, on by default. With a
    // measured 2:1 on the cluster, 100 GB under RAID-1 FTT=1 on 4 hosts:
    // compressed 100 / 2 x 2 x 1.131 = 113.1 GB; a policy with compression
    // off stores 100 x 2 x 1.131 = 226.2 GB.
    let device = nvme(3_840.0);
    let config = VsanEsa {
        compression_ratio: 2.0,
        ..pool(4, FreeSpaceModel::ReservedCapacity)
    };
    let esa = ResolvedEsa {
        device: &device,
        config: &config,
    };
    let on = policy(ProtectionMethod::Raid1, 1, 0.0);
    let off = StoragePolicy {
        id: "off".into(),
        compression: Some(false),
        ..on.clone()
    };
    let workload = |id: &str, policy: &str| crate::model::Workload {
        id: id.into(),
        name: id.into(),
        cluster_id: "c".into(),
        policy_id: policy.into(),
        spec: crate::model::WorkloadSpec::FileServer {
            vm_count: 1,
            vcpu_per_vm: 2,
            ram_gb_per_vm: 0.0,
            memory_reservation_gb_per_vm: None,
            capacity_gb: 100.0,
            iscsi_luns: None,
            throughput_mbps: 0.0,
            io_size_kb: 64.0,
            read_pct: 50.0,
            annual_growth_pct: 0.0,
        },
    };
    let (a, b) = (workload("a", "p"), workload("b", "off"));
    let placed = [(0, &a, &on), (1, &b, &off)].map(|(index, workload, policy)| {
        PlacedWorkload::new(index, workload, index, policy, false)
    });
    let c = evaluate_esa_capacity(&esa, 4, &placed, &Settings::default());
    assert!((c.workloads[0].consumed.gb - 113.1).abs() < 1e-9);
    assert!((c.workloads[1].consumed.gb - 226.2).abs() < 1e-9);
    assert_eq!(
        (c.workloads[0].dedup_ratio, c.workloads[1].dedup_ratio),
        (2.0, 1.0)
    );
    assert!(c.dedup_active);
    assert_eq!(policy_compression(&config, &on), 2.0);
    assert_eq!(policy_compression(&config, &off), 1.0);
}

#[test]
fn reserved_capacity_and_slack_waterfalls() {
    // 4 hosts x 4 x 3.84 TB = 61,440 GB raw.
    // Reserved capacity: 4 x 255 GB operations reserve (1,020) + 5 %
    // buffer (3,072) + one host (15,360) -> 41,988 GB usable.
    // Slack: 25 % (15,360) + one host (15,360) -> 30,720 GB usable.
    let device = nvme(3_840.0);
    let settings = Settings::default();
    for (model, usable) in [
        (FreeSpaceModel::ReservedCapacity, 41_988.0),
        (FreeSpaceModel::Slack, 30_720.0),
    ] {
        let config = pool(4, model);
        let esa = ResolvedEsa {
            device: &device,
            config: &config,
        };
        let c = evaluate_esa_capacity(&esa, 4, &[], &settings);
        assert!((c.datastore.gb - 61_440.0).abs() < 1e-6);
        assert!(
            (c.usable.gb - usable).abs() < 1e-6,
            "{model:?}: {}",
            c.usable.gb
        );
        let deducted: f64 = c
            .waterfall
            .iter()
            .filter(|s| s.kind == StepKind::Deduction)
            .map(|s| s.amount.gb)
            .sum();
        assert!((61_440.0 - deducted - c.usable.gb).abs() < 1e-6);
    }
}

#[test]
fn each_waterfall_step_states_its_formula_with_this_designs_numbers() {
    let device = nvme(3_840.0);
    let config = pool(4, FreeSpaceModel::ReservedCapacity);
    let esa = ResolvedEsa {
        device: &device,
        config: &config,
    };
    let c = evaluate_esa_capacity(&esa, 4, &[], &Settings::default());
    let rules: Vec<&str> = c.waterfall.iter().map(|s| s.rule.as_str()).collect();
    assert_eq!(
        rules,
        [
            "16 NVMe devices: 15.36 TB per host x 4 hosts = 61.44 TB.",
            "The pool's 61.44 TB: ESA takes no on-disk format or dedup metadata step; its file \
             system's overhead is charged on each object.",
            "255 GB per host (the largest object, 0 GB, is under 8,000 GB) x 4 hosts = 1.02 TB.",
            "5.0 % of the 61.44 TB raw = 3.07 TB.",
            "1 reserved host(s) x 15.36 TB, one host's raw = 15.36 TB, kept free so a failed \
             host's components rebuild on the others.",
            "61.44 TB raw - 19.45 TB kept free = 41.99 TB for the workloads' data with its \
             parity or copies.",
        ]
    );
    let slack = pool(4, FreeSpaceModel::Slack);
    let esa = ResolvedEsa {
        device: &device,
        config: &slack,
    };
    let c = evaluate_esa_capacity(&esa, 4, &[], &Settings::default());
    assert_eq!(
        c.waterfall[2].rule,
        "25.0 % of the 61.44 TB raw kept free = 15.36 TB."
    );
}

proptest! {
    /// Usable space grows with the hosts on either side of the size where
    /// a rebuild target appears (here, with no policy, from 2 hosts: one
    /// host alone never rebuilds), and falls by the reserve once there.
    #[test]
    fn usable_never_exceeds_raw_and_grows_with_hosts(
        gb in 100.0..30_000.0f64,
        devices in 1..=24u32,
        hosts in 1..=63u32,
        reserve in 0..=3u32,
        ops in proptest::option::of(0.0..=50.0f64),
        rebuild in any::<bool>(),
        slack in 0.0..=50.0f64,
        reserved_capacity in any::<bool>(),
    ) {
        let device = nvme(gb);
        let free_space = if reserved_capacity {
            FreeSpaceModel::ReservedCapacity
        } else {
            FreeSpaceModel::Slack
        };
        let config = VsanEsa {
            operations_reserve_pct: ops,
            host_rebuild_reserve: rebuild,
            ..pool(devices, free_space)
        };
        let esa = ResolvedEsa { device: &device, config: &config };
        let settings = Settings { reserve_hosts: reserve, slack_pct: slack, ..Settings::default() };
        let now = evaluate_esa_capacity(&esa, hosts, &[], &settings);
        let more = evaluate_esa_capacity(&esa, hosts + 1, &[], &settings);
        let raw = esa_raw(&esa, hosts).total.gb;
        prop_assert!(now.usable.gb >= 0.0 && now.usable.gb <= raw + 1e-6);
        let target = |n: u32| cluster_reserve(&esa, n, &[], &settings).rebuild_target;
        if target(hosts) == target(hosts + 1) {
            prop_assert!(more.usable.gb + 1e-6 >= now.usable.gb);
        }
    }
}
