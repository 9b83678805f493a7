use serde_json::json;

use crate::durability::EventKind;
use crate::evaluate::{evaluate, EsaClusterEvaluation};
use crate::parse::parse_project;
use crate::resilience::tests::one_sql_server;
use crate::resilience::{FailureKind, FailureScenario, RebuildBlocker};
use crate::rules::{Finding, FindingCode, Severity};

/// An ESA cluster of `hosts` hosts, 4 x 1,000 GB NVMe per host (100,000
/// read / 50,000 write IOPS each), reserved capacity, N+`reserve`, one
/// RAID-5 policy and one SQL Server VM of `db_gb` (no growth, log or
/// tempdb; 1 GB of RAM, so a 1 GB swap object) at 5,000 IOPS, 70 % reads.
fn esa(
    hosts: u32,
    reserve: u32,
    rebuild_reserve: bool,
    db_gb: f64,
) -> (EsaClusterEvaluation, Vec<Finding>) {
    let p = json!({
        "schema_version": 1,
        "name": "esa failures",
        "settings": { "planning_horizon_years": 1, "reserve_hosts": reserve },
        "devices": [{ "id": "nvme", "model": "nvme", "kind": "nvme", "capacity_gb": 1000,
                      "read_iops": 100000, "write_iops": 50000 }],
        "clusters": [{
            "id": "c", "name": "c",
            "host": { "model": "h", "sockets": 2, "cores_per_socket": 16, "ghz": 2.6,
                      "ram_gb": 512, "nics": 2, "nic_gbps": 25 },
            "topology": { "kind": "single", "host_count": hosts },
            "storage": { "architecture": "vsan_esa", "device": "nvme", "devices_per_host": 4,
                         "host_rebuild_reserve": rebuild_reserve }
        }],
        "policies": [{ "id": "p", "name": "r5", "method": "raid5", "ftt": 1 }],
        "workloads": [one_sql_server(db_gb)]
    });
    let project = parse_project(&p.to_string()).expect("test project parses");
    let e = evaluate(&project).expect("valid project");
    let c = e.clusters[0].vsan_esa().expect("an ESA cluster").clone();
    (c, e.findings)
}

fn scenario(c: &EsaClusterEvaluation, kind: FailureKind) -> &FailureScenario {
    c.resilience
        .scenario(kind)
        .unwrap_or_else(|| panic!("no {kind:?} scenario"))
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-6 * b.abs().max(1.0)
}

#[test]
fn four_hosts_ride_out_a_device_a_host_and_n_plus_1() {
    // 4 hosts x 4 x 1,000 GB = 16,000 GB raw. Reserved capacity keeps
    // 255 GB x 4 = 1,020 GB operations + 5 % = 800 GB buffer (1,820 GB
    // apart from the rebuilds) and one host's 4,000 GB for N+1.
    // RAID-5 on 4 hosts is 2+1: 4,000 GB logical (3,999 data + 1 swap)
    // x 1.5 x 1.131 (LFS) = 6,786 GB consumed.
    let (c, findings) = esa(4, 1, true, 3_999.0);
    assert!(close(c.capacity.required.gb, 6_786.0));
    let kinds: Vec<FailureKind> = c.resilience.scenarios.iter().map(|s| s.kind).collect();
    assert_eq!(
        kinds,
        [
            FailureKind::CapacityDevice,
            FailureKind::Host,
            FailureKind::ReserveHosts
        ]
    );
    // NVMe resync (seed 003) at 49.5 GB/min; 25 GbE caps at 187.5, above it.
    assert_eq!(c.resilience.resync_rate.under_load_gb_per_min, 49.5);
    assert_eq!(c.resilience.resync_rate.source, crate::source::ESA_RESYNC);

    // One device: 1,000 of 16,000 GB raw, so 15,000 GB left; it held
    // 6,786 / 16 = 424.125 GB, resynced at once in 424.125 / 49.5 = 8.57 min.
    let d = scenario(&c, FailureKind::CapacityDevice);
    assert_eq!(
        (d.lost.capacity_devices, d.lost.disk_groups, d.hosts_left),
        (1, 0, 4)
    );
    assert!(close(d.capacity_left.gb, 15_000.0));
    assert!(close(d.kept_free.expect("operations reserve").gb, 1_820.0));
    assert!(close(d.data_to_resync.gb, 424.125));
    assert_eq!(d.wait_minutes, 0.0);
    assert!(close(d.resync_minutes, 424.125 / 49.5));
    assert!(d.compliance_restorable);

    // One host: 12,000 GB left, less 1,820 kept = 10,180 >= 6,786; three
    // hosts left, as many as 2+1 needs. 6,786 / 4 = 1,696.5 GB after the
    // 60-minute repair delay: 60 + 34.27 min.
    let h = scenario(&c, FailureKind::Host);
    assert_eq!((h.hosts_left, h.lost.capacity_devices), (3, 4));
    assert!(close(h.capacity_left.gb, 12_000.0));
    assert_eq!(h.policies[0].min_hosts, 3);
    assert!(h.policies[0].enough_hosts && h.compliance_restorable);
    assert!(close(h.data_to_resync.gb, 1_696.5));
    assert!(close(
        h.time_to_compliance_minutes.expect("restorable"),
        60.0 + 1_696.5 / 49.5
    ));
    // 6,786 / 12,000 of the surviving datastore.
    assert!(close(h.used_after_rebuild_pct.expect("capacity"), 56.55));

    // Device I/O: 3,500 reads and 1,500 writes x (2 performance leg +
    // 1.5 capacity leg) = 5,250 device writes. Twelve devices left rate
    // 1.2 M reads and 600 k writes: busy 3,500 / 1.2 M + 5,250 / 600 k =
    // 0.011667. At the 80 % ceiling less the 20 % resync share:
    // 5,000 x 0.8 x 0.8 / 0.011667 = 274,286 front-end IOPS.
    let io = &h.rebuild_performance;
    assert!(close(
        io.device_limited_front_end_iops.expect("demand"),
        5_000.0 * 0.8 * 0.8 / (3_500.0 / 1.2e6 + 5_250.0 / 6e5)
    ));
    let n1 = scenario(&c, FailureKind::ReserveHosts);
    assert_eq!((n1.hosts_left, n1.data_to_resync), (3, h.data_to_resync));
    assert!(!findings
        .iter()
        .any(|f| f.code.as_str().starts_with("resilience.")));

    // Durability: four devices per host fail at 4 x the flash AFR, each
    // opening an 8.57-minute window; the host a 60 + 34.27-minute one.
    let events = &c.resilience.durability.assumptions.events;
    let kinds: Vec<EventKind> = events.iter().map(|e| e.kind).collect();
    assert_eq!(kinds, [EventKind::CapacityDevice, EventKind::Host]);
    assert_eq!(events[0].per_host, 4);
    assert!(close(events[0].window_hours, 424.125 / 49.5 / 60.0));
    assert!(close(
        events[1].window_hours,
        (60.0 + 1_696.5 / 49.5) / 60.0
    ));
    let p = &c.resilience.durability.policies[0];
    assert_eq!(
        (p.failures_tolerated, p.min_hosts, p.placeable),
        (1, 3, true)
    );
    assert!(p
        .annual_loss_probability
        .is_some_and(|x| x > 0.0 && x < 1e-3));
}

#[test]
fn six_hosts_cannot_rebuild_4_plus_1_after_two_host_failures() {
    // 6 hosts x 4,000 GB = 24,000 GB raw; RAID-5 is 4+1 (x 1.25): 4,000 GB
    // logical x 1.25 x 1.131 = 5,655 GB consumed. Reserved capacity:
    // 255 x 6 = 1,530 GB + 5 % = 1,200 GB kept apart, and N+2 keeps two
    // hosts' 8,000 GB. A 4+1 stripe is rebuilt on 5 hosts.
    let (c, findings) = esa(6, 2, true, 3_999.0);
    assert!(close(c.capacity.required.gb, 5_655.0));
    // One host: five left, enough for 4+1; 20,000 GB - 2,730 kept holds it.
    let h = scenario(&c, FailureKind::Host);
    assert_eq!(h.policies[0].min_hosts, 5);
    assert!(h.compliance_restorable);
    assert!(close(h.capacity_left.gb, 20_000.0));
    // N+2, one after another: four hosts left, one short of 4+1. The data
    // resynced is 1/6 then 1/5 of it: 5,655 x 11/30 = 2,073.5 GB after two
    // repair delays.
    let n2 = scenario(&c, FailureKind::ReserveHosts);
    assert_eq!((n2.hosts_left, n2.lost.hosts), (4, 2));
    assert_eq!(n2.rebuild_blockers, [RebuildBlocker::TooFewHosts]);
    assert!(close(n2.capacity_left.gb, 16_000.0));
    assert!(close(n2.data_to_resync.gb, 5_655.0 * 11.0 / 30.0));
    assert_eq!(n2.wait_minutes, 120.0);
    assert_eq!(n2.time_to_compliance_minutes, None);
    let short = findings
        .iter()
        .find(|f| f.code == FindingCode::ResilienceRebuildTooFewHosts)
        .expect("N+2 leaves 4+1 short of hosts");
    assert_eq!(short.severity, Severity::Error);
    assert_eq!(short.path.as_deref(), Some("clusters[0].topology"));
    assert!(short.message.contains("\"r5\" needs 5"));
}

#[test]
fn without_the_host_rebuild_reserve_a_full_pool_cannot_rebuild_a_host() {
    // 4 hosts, no host rebuild reserve: usable 16,000 - 1,820 = 14,180 GB
    // holds 7,000 GB logical x 1.6965 = 11,875.5 GB, but after a host the
    // 12,000 GB left less the 1,820 kept is 10,180 GB.
    let (c, findings) = esa(4, 1, false, 6_999.0);
    assert!(close(c.capacity.usable.gb, 14_180.0));
    assert!(close(c.capacity.required.gb, 11_875.5));
    let n1 = scenario(&c, FailureKind::ReserveHosts);
    assert_eq!(n1.rebuild_blockers, [RebuildBlocker::NotEnoughSpace]);
    let short = findings
        .iter()
        .find(|f| f.code == FindingCode::ResilienceRebuildSpaceShort)
        .expect("no room to rebuild the host");
    assert_eq!(
        short.path.as_deref(),
        Some("clusters[0].storage.devices_per_host")
    );
    assert!(
        short
            .message
            .contains("hold 12.00 TB, of which vSAN keeps 1.82 TB"),
        "{}",
        short.message
    );
}

#[test]
fn raid5_2_plus_1_on_three_hosts_keeps_and_judges_no_host_rebuild_space() {
    // 3 hosts x 4,000 GB = 12,000 GB raw; a 2+1 stripe spans all three,
    // so no host rebuild reserve: 765 GB operations + 600 GB buffer kept,
    // 10,635 GB usable. 5,000 GB logical x 1.5 x 1.131 = 8,482.5 GB fits.
    let (c, findings) = esa(3, 1, true, 4_999.0);
    let reserve = &c.esa.reserve;
    assert!(!reserve.rebuild_target);
    assert_eq!(reserve.host_rebuild_reserve.gb, 0.0);
    assert!(close(c.capacity.usable.gb, 10_635.0));
    assert!(close(c.capacity.required.gb, 8_482.5));
    let step = c
        .capacity
        .waterfall
        .iter()
        .find(|s| s.label == "Host rebuild reserve")
        .expect("the reserve's step");
    assert_eq!(step.source, crate::source::ESA_NO_REBUILD_TARGET);
    assert!(step.rule.starts_with("None kept: 3 hosts"), "{}", step.rule);
    // After a host, 8,000 GB less the 1,365 kept would not hold it, but
    // nothing is rebuilt until the host returns: no space is judged.
    let n1 = scenario(&c, FailureKind::ReserveHosts);
    assert_eq!(n1.rebuild_blockers, [RebuildBlocker::TooFewHosts]);
    assert_eq!(n1.used_after_rebuild_pct, None);
    // A device is rebuilt on the devices left: 11,000 - 1,365 holds it.
    let device = scenario(&c, FailureKind::CapacityDevice);
    assert!(device.compliance_restorable);
    let codes: Vec<FindingCode> = findings.iter().map(|f| f.code).collect();
    assert!(!codes.contains(&FindingCode::ResilienceRebuildSpaceShort));
    assert!(!codes.contains(&FindingCode::EsaNoHostRebuildReserve));
    assert!(codes.contains(&FindingCode::ProtectionNoSpareHost));
    assert!(
        findings.iter().all(|f| f.severity != Severity::Error),
        "{findings:?}"
    );
    // A fourth host takes the rebuild, so one host's 4,000 GB is kept.
    let (four, _) = esa(4, 1, true, 4_999.0);
    assert!(four.esa.reserve.rebuild_target);
    assert!(close(four.esa.reserve.host_rebuild_reserve.gb, 4_000.0));
}
