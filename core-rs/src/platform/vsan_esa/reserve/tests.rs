use super::*;
use crate::model::{ProtectionMethod, StoragePolicy, Workload, WorkloadSpec};
use crate::platform::vsan_esa::policy_hosts;

fn config(free_space: FreeSpaceModel, pct: Option<f64>, rebuild: bool) -> VsanEsa {
    VsanEsa {
        device: "nvme".into(),
        devices_per_host: 6,
        compression_ratio: 1.0,
        free_space,
        operations_reserve_pct: pct,
        host_rebuild_reserve: rebuild,
        vsan_memory_gb: None,
    }
}

fn documented() -> VsanEsa {
    config(FreeSpaceModel::ReservedCapacity, None, true)
}

/// 6 hosts of 6 x 3,840 GB: 23,040 GB per host, 138,240 GB raw.
const RAW_6: f64 = 138_240.0;
/// Hosts a RAID-1 FTT=1 object is rebuilt on (2 x FTT + 1): 4 hosts and
/// more have one to spare.
const RAID1_FTT1: u32 = 3;
/// 6 hosts of RAID-1 FTT=1: one host to spare.
const SIX: (u32, u32) = (6, RAID1_FTT1);

#[test]
fn operations_reserve_is_255_gb_per_host_plus_5_percent_of_raw() {
    // vSAN 8 Administration: 255 GB per host while objects are under
    // 8 TB; VCF 9.0: +5 % buffer. 6 x 255 = 1,530 GB; 5 % of 138,240 =
    // 6,912 GB; together 6.1 % of raw, as the source text states.
    let r = esa_reserve(&documented(), RAW_6, SIX, 4_000.0, &Settings::default());
    assert_eq!(r.operations_per_host.map(|c| c.gb), Some(255.0));
    assert!((r.operations_reserve.gb - 1_530.0).abs() < 1e-9);
    assert!((r.operations_buffer.gb - 6_912.0).abs() < 1e-9);
    let pct = (r.operations_reserve.gb + r.operations_buffer.gb) / RAW_6 * 100.0;
    assert!((pct - 6.107).abs() < 0.001, "{pct}");
    // One host (23,040 GB) for the default N+1: 106,758 GB left.
    assert!((r.host_rebuild_reserve.gb - 23_040.0).abs() < 1e-9);
    assert!((RAW_6 - r.total_gb() - 106_758.0).abs() < 1e-9);
    assert!(r.enforceable);
}

#[test]
fn an_object_of_8_tb_or_more_takes_765_gb_per_host() {
    let per_host = |largest: f64| {
        esa_reserve(&documented(), RAW_6, SIX, largest, &Settings::default())
            .operations_per_host
            .map(|c| c.gb)
    };
    assert_eq!(per_host(7_999.0), Some(255.0));
    assert_eq!(per_host(8_000.0), Some(765.0));
    assert_eq!(per_host(40_000.0), Some(765.0));
    let r = esa_reserve(&documented(), RAW_6, SIX, 9_000.0, &Settings::default());
    assert!((r.operations_reserve.gb - 4_590.0).abs() < 1e-9);
}

#[test]
fn host_rebuild_reserve_is_one_host_in_n() {
    // VCF 9.0 design (VCF-VSAN-RCMD-CFG-003): the host rebuild reserve is
    // 25 % of a 4-host cluster and about 8 % of a 12-host one.
    for (hosts, pct) in [(4, 25.0), (12, 8.33)] {
        let raw = 23_040.0 * f64::from(hosts);
        let r = esa_reserve(
            &documented(),
            raw,
            (hosts, RAID1_FTT1),
            0.0,
            &Settings::default(),
        );
        let got = r.host_rebuild_reserve.gb / raw * 100.0;
        assert!((got - pct).abs() < 0.01, "{hosts} hosts: {got} %");
    }
    // One host per planned host failure (settings.reserve_hosts).
    let two = Settings {
        reserve_hosts: 2,
        ..Settings::default()
    };
    let r = esa_reserve(&documented(), RAW_6, SIX, 0.0, &two);
    assert_eq!(r.host_rebuild_hosts, 2);
    assert!((r.host_rebuild_reserve.gb - 46_080.0).abs() < 1e-9);
}

#[test]
fn the_switch_turns_the_host_rebuild_reserve_off() {
    let off = config(FreeSpaceModel::ReservedCapacity, None, false);
    let r = esa_reserve(&off, RAW_6, SIX, 0.0, &Settings::default());
    assert_eq!(r.host_rebuild_hosts, 0);
    assert_eq!(r.host_rebuild_reserve.gb, 0.0);
    assert!((r.total_gb() - 8_442.0).abs() < 1e-9);
}

#[test]
fn an_entered_percentage_replaces_the_per_host_reserve_and_its_buffer() {
    let entered = config(FreeSpaceModel::ReservedCapacity, Some(10.0), true);
    let r = esa_reserve(&entered, RAW_6, SIX, 9_000.0, &Settings::default());
    assert_eq!(r.operations_per_host, None);
    assert!((r.operations_reserve.gb - 13_824.0).abs() < 1e-9);
    assert_eq!(r.operations_buffer.gb, 0.0);
    assert_eq!(r.operations_source, source::ESA_OPERATIONS_RESERVE_ENTERED);
}

#[test]
fn slack_keeps_the_settings_share_and_no_operations_reserve() {
    let slack = config(FreeSpaceModel::Slack, Some(10.0), true);
    let r = esa_reserve(&slack, RAW_6, SIX, 9_000.0, &Settings::default());
    assert_eq!(r.operations_reserve.gb + r.operations_buffer.gb, 0.0);
    assert!((r.slack.gb - RAW_6 * Settings::default().slack_pct / 100.0).abs() < 1e-9);
    assert!((r.host_rebuild_reserve.gb - 23_040.0).abs() < 1e-9);
}

/// The host rebuild reserve of `hosts` hosts of 23,040 GB under one
/// policy, as `cluster_reserve` counts the policy's rebuild hosts.
fn under(method: ProtectionMethod, ftt: u32, hosts: u32) -> EsaReserve {
    let policy = StoragePolicy::of(method, ftt);
    let widest = policy_hosts([&policy], hosts);
    let raw = 23_040.0 * f64::from(hosts);
    esa_reserve(
        &documented(),
        raw,
        (hosts, widest),
        0.0,
        &Settings::default(),
    )
}

#[test]
fn raid5_2_plus_1_on_three_hosts_keeps_no_host_rebuild_reserve() {
    // A 2+1 stripe spans all three hosts: a failed host's components have
    // nowhere to go, so only the operations reserve is kept.
    let three = under(ProtectionMethod::Raid5, 1, 3);
    assert_eq!(three.policy_hosts, 3);
    assert!(!three.rebuild_target);
    assert_eq!(three.host_rebuild_hosts, 0);
    assert_eq!(three.host_rebuild_reserve.gb, 0.0);
    assert_eq!(three.host_rebuild_source, source::ESA_NO_REBUILD_TARGET);
    // 3 x 255 GB + 5 % of 69,120 GB.
    assert!((three.total_gb() - (765.0 + 3_456.0)).abs() < 1e-9);
    // A fourth host takes the rebuild: one host's 23,040 GB is kept.
    let four = under(ProtectionMethod::Raid5, 1, 4);
    assert!(four.rebuild_target);
    assert!((four.host_rebuild_reserve.gb - 23_040.0).abs() < 1e-9);
    assert_eq!(four.host_rebuild_source, source::ESA_HOST_REBUILD_RESERVE);
    // From 6 hosts RAID-5 is 4+1, rebuilt on 5: the sixth host spares one.
    let six = under(ProtectionMethod::Raid5, 1, 6);
    assert_eq!(six.policy_hosts, 5);
    assert_eq!(six.host_rebuild_hosts, 1);
}

#[test]
fn raid6_keeps_its_host_rebuild_reserve_from_seven_hosts() {
    // 4+2 spans 6 hosts (yellow-bricks: 6 components on 7 hosts leave one
    // to rebuild on).
    let six = under(ProtectionMethod::Raid6, 2, 6);
    assert_eq!((six.policy_hosts, six.host_rebuild_hosts), (6, 0));
    assert_eq!(six.host_rebuild_reserve.gb, 0.0);
    let seven = under(ProtectionMethod::Raid6, 2, 7);
    assert_eq!((seven.policy_hosts, seven.host_rebuild_hosts), (6, 1));
    assert!((seven.host_rebuild_reserve.gb - 23_040.0).abs() < 1e-9);
}

#[test]
fn the_widest_policy_decides_and_n_plus_2_keeps_two_hosts_past_it() {
    let r1 = StoragePolicy::of(ProtectionMethod::Raid1, 1);
    let r6 = StoragePolicy::of(ProtectionMethod::Raid6, 2);
    assert_eq!(policy_hosts([&r1, &r6], 7), 6);
    assert_eq!(policy_hosts([&r1], 7), 3);
    assert_eq!(policy_hosts([], 7), 0);
    let two = Settings {
        reserve_hosts: 2,
        ..Settings::default()
    };
    let raw = 23_040.0 * 6.0;
    let at = |widest: u32| esa_reserve(&documented(), raw, (6, widest), 0.0, &two);
    assert_eq!(at(policy_hosts([&r1, &r6], 6)).host_rebuild_hosts, 0);
    assert_eq!(at(policy_hosts([&r1], 6)).host_rebuild_hosts, 2);
}

#[test]
fn below_four_hosts_vsan_does_not_enforce_it() {
    // VCF 9.0: reserved capacity is not supported below four hosts.
    let r = esa_reserve(
        &documented(),
        69_120.0,
        (3, RAID1_FTT1),
        0.0,
        &Settings::default(),
    );
    assert!(!r.enforceable);
    assert!(
        esa_reserve(
            &documented(),
            92_160.0,
            (4, RAID1_FTT1),
            0.0,
            &Settings::default()
        )
        .enforceable
    );
}

#[test]
fn nothing_is_kept_beyond_the_raw() {
    // 4 hosts of 100 GB: 765 GB of operations space alone exceeds them.
    let r = esa_reserve(
        &documented(),
        400.0,
        (4, RAID1_FTT1),
        9_000.0,
        &Settings::default(),
    );
    assert!(r.rebuild_target);
    assert!((r.total_gb() - 400.0).abs() < 1e-9);
    assert_eq!(r.host_rebuild_reserve.gb, 0.0);
}

fn sql(id: &str, vm_count: u32, db_size_gb: f64, growth: f64) -> Workload {
    serde_json::from_value(serde_json::json!({
        "id": id, "name": id, "cluster_id": "c", "policy_id": "p",
        "spec": {
            "kind": "sql_server", "vm_count": vm_count, "vcpu_per_vm": 8,
            "ram_gb_per_vm": 64, "db_size_gb": db_size_gb, "log_size_gb": 0,
            "tempdb_size_gb": 0, "annual_growth_pct": growth,
            "working_set_pct": 20, "target_iops": 1000, "read_pct": 70,
            "io_size_kb": 8, "deployment": { "type": "standalone" }
        }
    }))
    .expect("a SQL Server workload")
}

#[test]
fn the_largest_object_is_the_largest_vms_data_at_the_horizon() {
    let policy: crate::model::StoragePolicy = serde_json::from_value(serde_json::json!({
        "id": "p", "name": "p", "method": "raid5", "ftt": 1
    }))
    .expect("a policy");
    // 4 VMs of 2,000 GB, and one of 5,000 GB growing 30 % a year:
    // 5,000 x 1.3^2 = 8,450 GB at year 2, past the 8 TB class boundary.
    let (small, large) = (
        sql("small", 4, 2_000.0, 0.0),
        sql("large", 1, 5_000.0, 30.0),
    );
    assert!(matches!(small.spec, WorkloadSpec::SqlServer { .. }));
    let placed =
        [(0, &small), (1, &large)].map(|(i, w)| PlacedWorkload::new(i, w, 0, &policy, false));
    assert!((largest_object_gb(&placed, 0) - 5_000.0).abs() < 1e-9);
    assert!((largest_object_gb(&placed, 2) - 8_450.0).abs() < 1e-6);
    assert_eq!(largest_object_gb(&[], 3), 0.0);
}
