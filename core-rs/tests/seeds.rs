//! The example projects shipped in `assets/examples/` open, evaluate and
//! reproduce their seeds' published figures (tolerances stated per check).

use std::path::PathBuf;

use serde_json::Value;
use stacksizer_core::evaluate::{evaluate, Evaluation};
use stacksizer_core::model::{Project, StorageTier, WorkloadSpec};
use stacksizer_core::parse_project;
use stacksizer_core::rules::Severity;

fn examples() -> Vec<(String, Project)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../assets/examples");
    let mut out: Vec<(String, Project)> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
        .filter_map(|entry| {
            let path = entry.ok()?.path();
            (path.extension()? == "json").then_some(path)
        })
        .map(|path| {
            let name = path
                .file_name()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned();
            let text = std::fs::read_to_string(&path).expect("readable example");
            let project = parse_project(&text).unwrap_or_else(|e| panic!("{name}: {}", e.message));
            (name, project)
        })
        .collect();
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

fn example(prefix: &str) -> Project {
    examples()
        .into_iter()
        .find(|(name, _)| name.starts_with(prefix))
        .map(|(_, p)| p)
        .unwrap_or_else(|| panic!("no example {prefix}*.json"))
}

/// A variant project docs/fidelity.md runs (`core-rs/tests/fidelity/`,
/// checked against its definition by tests/fidelity.rs): a seed's run the
/// shipped example is not.
fn variant(file: &str) -> Project {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fidelity")
        .join(file);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    parse_project(&text).unwrap_or_else(|e| panic!("{file}: {}", e.message))
}

fn evaluated(project: &Project) -> Evaluation {
    evaluate(project).unwrap_or_else(|issues| panic!("invalid example: {issues:?}"))
}

/// serde_json writes NaN and infinities as null; every Option we emit is
/// skipped when absent, so a null anywhere means a non-finite figure.
fn assert_no_null(value: &Value, at: &str) {
    match value {
        Value::Null => panic!("null (NaN or infinity) at {at}"),
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                assert_no_null(v, &format!("{at}[{i}]"));
            }
        }
        Value::Object(map) => {
            for (k, v) in map {
                assert_no_null(v, &format!("{at}.{k}"));
            }
        }
        _ => {}
    }
}

fn close(actual: f64, expected: f64, tolerance: f64) -> bool {
    (actual - expected).abs() <= tolerance * expected.abs()
}

#[test]
fn every_example_evaluates_to_finite_figures() {
    let all = examples();
    assert!(!all.is_empty(), "no example projects found");
    for (name, project) in all {
        let evaluation = evaluate(&project).unwrap_or_else(|issues| panic!("{name}: {issues:?}"));
        let json = serde_json::to_value(&evaluation).expect("serializable");
        assert_no_null(&json, &name);
    }
}

#[test]
fn seed_001_raw_capacity() {
    // Seed 001 Table 1: 4 hosts x 2 disk groups x 4 x 400 GB capacity SSD =
    // 12.8 TB = 11.64 TiB (the paper's "around 11.88TB" matches neither).
    let e = evaluated(&example("seed-001"));
    let c = e.osa().next().unwrap();
    assert_eq!(c.host_count, 4);
    assert_eq!(c.raw.capacity_devices, 32);
    assert!(close(c.raw.total.tb, 12.8, 1e-12));
    assert!((c.raw.total.tib - 11.64).abs() < 0.005);
    assert_eq!(c.tier, StorageTier::AllFlash);
}

#[test]
fn seed_001_dedup_metadata_and_policies() {
    // Seed 001, Space Saving by Enabling Deduplication: ~630 GB metadata
    // (5 % of 12.8 TB = 640 GB, within 2 %); RAID-1 FTT=1 is 2x on >= 3 hosts.
    let e = evaluated(&example("seed-001"));
    let c = e.osa().next().unwrap();
    assert!(c.capacity.dedup_active);
    let metadata = c
        .capacity
        .waterfall
        .iter()
        .find(|s| s.label == "Dedup and compression metadata")
        .expect("dedup is on in seed 001");
    assert!(close(metadata.amount.gb, 630.0, 0.02));
    let raid1 = &c.capacity.per_policy[0];
    assert_eq!(raid1.protection.multiplier, 2.0);
    assert_eq!(raid1.protection.min_hosts, 3);
    assert!(c.capacity.required.gb > 0.0);
    assert!(c.capacity.required.gb <= c.capacity.usable.gb);
    // The seed ran 24- and 32-vCPU VMs on 2 x 12-core hosts: VMs wider
    // than a NUMA node are warnings, and at the 1:1 vCPU:pCore rule for
    // tier-1 SQL Server the cores left after N+1 are short (an error since
    // the severity review: CPU over 100 % after N+x fails the design). No
    // other rule may fail: capacity and protection fit.
    let errors: Vec<_> = e
        .findings
        .iter()
        .filter(|f| f.severity == Severity::Error)
        .map(|f| f.code)
        .collect();
    assert_eq!(errors, ["compute.cpu_overcommitted"]);
}

/// Seed 001's space test as one workload (the fidelity variant
/// seed-001-space-raid*.json): the 5,050 GB it wrote under RAID-1 FTT=1 is
/// 2,525 GB of data, no growth, its memory reserved (no swap object).
fn seed_001_space_test(file: &str) -> f64 {
    let e = evaluated(&variant(file));
    let c = e.osa().next().unwrap();
    let w = &c.capacity.workloads[0];
    assert_eq!(w.footprint.swap_gb, 0.0);
    w.consumed.gb
}

#[test]
fn seed_001_dedup_2220_gb_under_raid1() {
    // Seed 001: 5,050 GB written -> 2,220 GB with dedup+compression (2.27x);
    // the model gives 2,225 GB. Tolerance 1 %.
    let consumed = seed_001_space_test("seed-001-space-raid1.json");
    assert!(close(consumed, 2_220.0, 0.01), "{consumed}");
}

#[test]
fn seed_001_dedup_1900_gb_under_raid5() {
    // Seed 001: 1,900 GB after switching to RAID-5 (2.66x overall); the
    // model gives 1,954 GB (2.58x). Tolerance 3 %.
    let consumed = seed_001_space_test("seed-001-space-raid5.json");
    assert!(close(consumed, 1_900.0, 0.03), "{consumed}");
    assert!(close(5_050.0 / consumed, 2.66, 0.03));
}

#[test]
fn seed_002_seven_luns_under_seven_targets() {
    // Seed 002 VM Disk Layout: "seven LUNs under seven targets ... for SQL
    // Server FCI (four disks) and File Server (three disks)". Exact: counts.
    let e = evaluated(&example("seed-002"));
    let iscsi = &e.osa().next().expect("a vSAN OSA cluster").iscsi;
    assert_eq!((iscsi.luns, iscsi.targets), (7, 7));
    let luns: Vec<u32> = iscsi.workloads.iter().map(|w| w.luns).collect();
    assert_eq!(luns, [4, 3]);
    // Two nodes per cluster, two paths per LUN (RAID-1 FTT=1): 4 sessions a target.
    assert_eq!(iscsi.sessions, 28);
    assert!(iscsi.findings.is_empty(), "{:?}", iscsi.findings);
}

/// Failure what-ifs and resync times (seeds 000, 001, 003).
mod failures {
    use super::*;
    use stacksizer_core::evaluate::ClusterEvaluation;
    use stacksizer_core::resilience::{ComponentState, FailureKind, FailureScenario};

    fn scenario(c: &ClusterEvaluation, kind: FailureKind) -> &FailureScenario {
        c.resilience
            .scenarios
            .iter()
            .find(|s| s.kind == kind)
            .unwrap_or_else(|| panic!("no {kind:?} scenario"))
    }

    fn limit(s: &FailureScenario) -> f64 {
        s.rebuild_performance
            .device_limited_front_end_iops
            .expect("the example has demand")
    }

    #[test]
    fn seed_000_table_14_failure_impacts() {
        // Seed 000 Table 14 (TPS before / lowest after / seconds to steady
        // state): HDD 1,650 / 900 / 69; disk group 1,550 / 850 / 115; host
        // 1,400 / 520 / 350, and "None of the test reported IO error". The
        // lowest TPS is a transient the steady-state model does not predict;
        // what it must reproduce: no data lost, full compliance restorable,
        // and the same order of severity: more data to resync, a longer
        // rebuild and fewer device IOPS left from disk to disk group to host.
        let e = evaluated(&example("seed-000"));
        let c = e.osa().next().unwrap();
        let order = [
            FailureKind::CapacityDevice,
            FailureKind::DiskGroup,
            FailureKind::Host,
        ];
        let s: Vec<&FailureScenario> = order.iter().map(|&k| scenario(c, k)).collect();
        for x in &s {
            assert!(x.policies.iter().all(|p| p.data_accessible), "{x:?}");
            assert!(x.compliance_restorable, "{x:?}");
        }
        for pair in s.windows(2) {
            assert!(pair[0].data_to_resync.gb < pair[1].data_to_resync.gb);
            assert!(pair[0].time_to_compliance_minutes < pair[1].time_to_compliance_minutes);
            assert!(limit(pair[0]) > limit(pair[1]));
        }
        // §8.3: a failed disk is degraded and repaired at once; a powered-off
        // host is absent and waits the 60-minute repair delay.
        assert_eq!(s[0].component_state, ComponentState::Degraded);
        assert_eq!(s[0].wait_minutes, 0.0);
        assert_eq!(
            (s[2].component_state, s[2].wait_minutes),
            (ComponentState::Absent, 60.0)
        );
        // §8.3 measured 285 GB on the failed HDD; the example counts only the
        // databases' files (6,784 GB consumed, 141 GB per HDD) where the lab's
        // thick VMDKs reserved more, so only the rate is checked there
        // (resilience::tests::seed_000_hybrid_resync_rate_reproduces_122_minutes).
        assert!(close(
            s[0].data_to_resync.gb,
            c.capacity.required.gb / 48.0,
            1e-12
        ));
    }

    #[test]
    fn seed_001_table_9_a_disk_failure_is_a_disk_group_failure_with_dedup() {
        // Seed 001, dedup+compression on (the uncaptioned table after Table
        // 8): one row "Disk or disk group", 1,760 -> 1,510 TPS, 540 s; host
        // 1,638 -> 1,211 TPS. The model plays both failures identically
        // (exact) and the host failure as the worse one.
        let e = evaluated(&example("seed-001"));
        let c = e.osa().next().unwrap();
        assert!(c.capacity.dedup_active);
        let device = scenario(c, FailureKind::CapacityDevice);
        let group = scenario(c, FailureKind::DiskGroup);
        let host = scenario(c, FailureKind::Host);
        assert_eq!(device.lost, group.lost);
        assert_eq!(device.data_to_resync, group.data_to_resync);
        assert_eq!(
            device.time_to_compliance_minutes,
            group.time_to_compliance_minutes
        );
        assert_eq!(device.rebuild_performance, group.rebuild_performance);
        assert!(limit(host) < limit(group));
        // Component Resynchronization Duration: 5-6 GB/min with dedup on.
        let rate = c.resilience.resync_rate.under_load_gb_per_min;
        assert!((5.0..=6.0).contains(&rate), "{rate}");
    }

    #[test]
    fn seed_001_table_8_disk_disk_group_host_without_dedup() {
        // Seed 001 Table 8, dedup+compression off: disk 1,813 -> 1,643 TPS
        // (160 s), disk group 1,853 -> 1,659 (430 s), host 1,568 -> 1,312
        // (715 s): the drop and the recovery grow in that order, as do the
        // model's data to resync and time to compliance. Its IOPS limit
        // never rises: each host's vSAN I/O path binds before these flash
        // devices, so a device or a disk group lost leaves the limit where
        // it was (every host still serves) and a host lost lowers it.
        // Resync runs at 5-20 GB/min here, faster than with dedup on.
        let mut json = serde_json::to_value(example("seed-001")).expect("serializable");
        json["clusters"][0]["storage"]["dedup_compression"] = Value::Bool(false);
        let project = parse_project(&json.to_string()).expect("still a valid project");
        let e = evaluated(&project);
        let c = e.osa().next().unwrap();
        let rate = c.resilience.resync_rate.under_load_gb_per_min;
        assert!((5.0..=20.0).contains(&rate) && rate > 6.0, "{rate}");
        let s: Vec<&FailureScenario> = [
            FailureKind::CapacityDevice,
            FailureKind::DiskGroup,
            FailureKind::Host,
        ]
        .iter()
        .map(|&k| scenario(c, k))
        .collect();
        assert_eq!(s[0].lost.capacity_devices, 1);
        // Without dedup the example's grown data needs 10.8 TB: after a host
        // failure it no longer fits, so compare rebuild times, not
        // times to compliance.
        let rebuild = |x: &FailureScenario| x.wait_minutes + x.resync_minutes;
        for pair in s.windows(2) {
            assert!(pair[0].data_to_resync.gb < pair[1].data_to_resync.gb);
            assert!(rebuild(pair[0]) < rebuild(pair[1]));
            assert!(limit(pair[0]) >= limit(pair[1]));
        }
        assert!(limit(s[1]) > limit(s[2]));
    }

    #[test]
    fn seed_003_disk_group_resync_5_30_tb_eta_107_minutes() {
        // Seed 003 Mixed Workload Failure Test: a cache-disk failure resynced
        // at once, "Bytes left to resync 5.30 TB", "ETA to compliance 107
        // minutes" (the text says 5.4 TB). The example, every disk of table
        // 5 as published, consumes 37.68 TB (61.9 % of the datastore where
        // the seed says ~65 %); a disk group holds 1/8 of it: 4.71 TB, 11 %
        // under 5.30. This test held those figures to 10 % while the example
        // entered Exchange at 16 TB to land on 65 %; the faithful example
        // misses that bound, and docs/fidelity.md shows the miss. Held here:
        // the disk group's share of what the cluster consumes, exactly, and
        // issue "fidelity"'s 25 % for a predicted figure.
        let project = example("seed-003");
        let e = evaluated(&project);
        let c = e.osa().next().unwrap();
        let group = scenario(c, FailureKind::DiskGroup);
        assert!(
            close(group.data_to_resync.gb, c.capacity.required.gb / 8.0, 1e-9),
            "{} of {}",
            group.data_to_resync.gb,
            c.capacity.required.gb
        );
        assert!(
            close(group.data_to_resync.tb, 5.30, 0.25),
            "{}",
            group.data_to_resync.tb
        );
        assert_eq!(group.component_state, ComponentState::Degraded);
        assert_eq!(group.wait_minutes, 0.0);
        // Its NVMe cache devices resync at the NVMe class's default, 49.5
        // GB/min (fitted to this one point: 5.30 TB in 107 minutes), so the
        // ETA misses by what the data does: ~95 min. Seed 001's SAS/SATA
        // class rate would give ~4x longer.
        let minutes = group.time_to_compliance_minutes.expect("restorable");
        let nvme = stacksizer_core::model::ResilienceSettings::default().nvme_resync_gb_per_min;
        assert!(
            close(minutes, group.data_to_resync.gb / nvme, 1e-9),
            "{minutes}"
        );
        assert!(close(minutes, 107.0, 0.25), "{minutes}");
        let sas_class = group.data_to_resync.gb
            / stacksizer_core::model::ResilienceSettings::default().all_flash_resync_gb_per_min;
        assert!(sas_class / 107.0 > 3.5, "{sas_class}");
        // Host failure: components absent, the 60-minute timer first.
        let host = scenario(c, FailureKind::Host);
        assert_eq!(
            (host.component_state, host.wait_minutes),
            (ComponentState::Absent, 60.0)
        );
    }
}

/// Latency under load (issue 22): vSAN OSA's unloaded I/O path time is
/// fitted on seed 001 Table 7's RAID-1 run without dedup or checksum; every other
/// published latency is a prediction, held within 25 % (the issue's bound;
/// seed 001's own RAID-1 runs spread 1.7-2.1 ms, +-11 % around 1.9 ms).
mod latency {
    use super::*;
    use stacksizer_core::evaluate::ClusterEvaluation;
    use stacksizer_core::platform::vsan_osa::performance::latency::OSA_READ_PATH_MS;
    use stacksizer_core::platform::vsan_osa::performance::WorkloadPerformance;

    const PREDICTED: f64 = 0.25;

    fn osa(e: &Evaluation) -> &ClusterEvaluation {
        e.osa().next().expect("a vSAN OSA cluster")
    }

    /// The first workload's (read, write) latency: the SQL Server VMs of
    /// seed 001's Table 7 runs (the fidelity variants
    /// seed-001-table-7-*.json).
    fn first_workload_latency(project: &Project) -> (f64, f64) {
        let e = evaluated(project);
        let w = &osa(&e).performance.workloads[0];
        (
            w.read_latency_ms.expect("a read latency"),
            w.write_latency_ms.expect("a write latency"),
        )
    }

    /// Seed 001's example at `total_iops` front-end IOPS (shared between
    /// its workloads as the example shares them) under `policy`, with
    /// checksum and dedup on: a run Table 7 did not make (RAID-1 at the
    /// RAID-5 run's load), to compare the two policies at one load.
    fn seed_001_run(policy: &str, total_iops: f64) -> (f64, f64) {
        let mut project = example("seed-001-all-flash");
        let current: f64 = project.workloads.iter().map(target_iops).sum();
        for w in &mut project.workloads {
            if let WorkloadSpec::SqlServer { target_iops, .. } = &mut w.spec {
                *target_iops *= total_iops / current;
            }
            w.policy_id = policy.into();
        }
        first_workload_latency(&project)
    }

    fn target_iops(w: &stacksizer_core::model::Workload) -> f64 {
        match w.spec {
            WorkloadSpec::SqlServer { target_iops, .. } => target_iops,
            _ => 0.0,
        }
    }

    #[test]
    fn seed_001_table_7_fitted_run_is_reproduced() {
        // Row 1: RAID-1, no dedup, no checksum, 17,014 IOPS: 1.0 / 1.7 ms.
        let (read, write) = first_workload_latency(&variant("seed-001-table-7-raid1-plain.json"));
        assert!((read - 1.0).abs() <= 0.01, "{read}");
        assert!((write - 1.7).abs() <= 0.01, "{write}");
    }

    #[test]
    fn seed_001_table_7_raid1_dedup_write_1_9_ms_predicted() {
        // Row 3: RAID-1, dedup and checksum, 16,656 IOPS: 1.9 ms write,
        // 1.6 ms read (the checksum and dedup costs are rows 2 and 3's
        // differences from row 1, so the read is reproduced, not predicted).
        let (read, write) = first_workload_latency(&variant("seed-001-table-7-raid1-dedup.json"));
        assert!(close(write, 1.9, PREDICTED), "{write}");
        assert!((read - 1.6).abs() <= 0.01, "{read}");
    }

    #[test]
    fn seed_001_table_7_raid5_write_4_4_ms_predicted() {
        // Row 4: RAID-5, dedup and checksum, 16,506 IOPS: 4.4 ms write, 1.5
        // ms read. The model gives a read phase (~1.6 ms) and a write phase
        // (~2.1 ms): 3.7 ms, 16 % low, and RAID-5/RAID-1 1.76 against 2.3.
        let (read, write) = first_workload_latency(&variant("seed-001-table-7-raid5-dedup.json"));
        assert!(close(write, 4.4, PREDICTED), "{write}");
        assert!(close(read, 1.5, PREDICTED), "{read}");
        let (_, mirrored) = seed_001_run("raid1-ftt1", 16_506.0);
        assert!(write / mirrored > 1.5, "{write} / {mirrored}");
    }

    #[test]
    fn seed_000_log_write_2_ms_predicted() {
        // Seed 000 §7.3: hybrid, AlwaysOn sync at ~6,475 IOPS: the average
        // transaction log write latency was 2 ms, data disks at most 15 ms.
        let e = evaluated(&example("seed-000"));
        for w in &osa(&e).performance.workloads {
            let write = w.write_latency_ms.expect("a write latency");
            assert!(close(write, 2.0, PREDICTED), "{write}");
            assert!(w.read_latency_ms.expect("a read latency") <= 15.0);
        }
    }

    #[test]
    fn seed_003_sql_aag_baseline_write_1_77_ms_predicted() {
        // Seed 003 Table 9, baseline (SQL Server AAG alone, 15,539 IOPS
        // primary + secondary): 1.765 ms write.
        let e = evaluated(&variant("seed-003-sql-alone.json"));
        let sql = &osa(&e).performance.workloads[0];
        assert!((sql.front_end.total_iops - 15_539.0).abs() <= 10.0);
        let write = sql.write_latency_ms.expect("a write latency");
        assert!(close(write, 1.765, PREDICTED), "{write}");
    }

    #[test]
    fn seed_003_sql_aag_write_beside_exchange_2_82_ms_predicted() {
        // Seed 003 Table 9, mixed (SQL Server AAG with the Exchange DAG):
        // 2.818 ms write against 1.765 ms alone. Exchange's 32 KB I/Os load
        // each host's vSAN I/O path four times per I/O (100K 8 KB IOPS per
        // node, seed 001), which stretches SQL Server's path time.
        let e = evaluated(&example("seed-003"));
        let perf = &osa(&e).performance;
        let sql = &perf.workloads[0];
        let write = sql.write_latency_ms.expect("a write latency");
        assert!(close(write, 2.818, PREDICTED), "{write}");
        let alone = evaluated(&variant("seed-003-sql-alone.json"));
        let alone = &osa(&alone).performance;
        assert!(perf.host_path_utilisation_pct > 5.0 * alone.host_path_utilisation_pct);
        assert!(write > alone.workloads[0].write_latency_ms.expect("a write") + 0.3);
    }

    /// Seed 003 Table 10's run: the example's Exchange DAG alone
    /// (`alone`) or beside SQL Server as shipped; its workload's figures
    /// and the cluster's host path utilisation in %.
    fn seed_003_exchange(alone: bool) -> (WorkloadPerformance, f64) {
        let e = evaluated(&if alone {
            variant("seed-003-exchange-alone.json")
        } else {
            example("seed-003")
        });
        let perf = &osa(&e).performance;
        let exchange = perf
            .workloads
            .iter()
            .find(|w| w.workload_id == "exchange-dag")
            .expect("the Exchange DAG");
        (exchange.clone(), perf.host_path_utilisation_pct)
    }

    #[test]
    fn seed_003_exchange_dag_baseline_database_write_2_85_ms_predicted() {
        // Seed 003 Table 10, baseline (the Exchange DAG alone): database
        // writes 2.846 ms.
        let (exchange, _) = seed_003_exchange(true);
        let write = exchange.write_latency_ms.expect("a write latency");
        assert!(close(write, 2.846, PREDICTED), "{write}");
    }

    #[test]
    fn seed_003_exchange_dag_database_write_beside_sql_2_94_ms_predicted() {
        // Seed 003 Table 10, mixed (beside the SQL Server AAG): database
        // writes 2.937 ms.
        let (exchange, _) = seed_003_exchange(false);
        let write = exchange.write_latency_ms.expect("a write latency");
        assert!(close(write, 2.937, PREDICTED), "{write}");
    }

    /// Seed 003 Table 10's database reads (0.606 ms alone, 0.647 ms mixed)
    /// miss the 25 % by about +105 %, as Table 9's SQL Server reads do
    /// (docs/fidelity.md). The stated bound is the miss's cause: the
    /// measured read lies between the model's read without its read path
    /// time (fitted on seed 001's vSAN 6.2 hosts) and the model's read.
    #[test]
    fn seed_003_exchange_dag_database_reads_miss_by_the_fitted_path_time() {
        for (alone, published) in [(true, 0.606), (false, 0.647)] {
            let (exchange, path_pct) = seed_003_exchange(alone);
            let read = exchange.read_latency_ms.expect("a read latency");
            let path = OSA_READ_PATH_MS / (1.0 - path_pct / 100.0);
            assert!(read - path < published && published < read, "{read} {path}");
        }
    }

    #[test]
    fn latency_grows_with_load_until_the_devices_saturate() {
        // Seed 000's hybrid cluster: read misses queue on the spinning
        // disks, so reads slow as the load grows, then have no bound.
        let read_at = |scale: f64| {
            let mut project = example("seed-000");
            for w in &mut project.workloads {
                if let WorkloadSpec::SqlServer { target_iops, .. } = &mut w.spec {
                    *target_iops *= scale;
                }
            }
            osa(&evaluated(&project)).performance.workloads[0].read_latency_ms
        };
        let (light, today, heavy) = (read_at(0.25), read_at(1.0), read_at(2.0));
        assert!(light.unwrap() < today.unwrap() && today.unwrap() < heavy.unwrap());
        assert_eq!(read_at(100.0), None);
    }
}

/// Stretched vSAN: the inter-site RTT penalty (seeds 000, 001), site
/// mirroring and a site failure (seed 001).
mod stretched {
    use super::*;
    use stacksizer_core::model::Topology;
    use stacksizer_core::platform::two_sites::{rtt_penalty, StretchedEvaluation};

    fn stretched(e: &Evaluation) -> &StretchedEvaluation {
        e.osa()
            .next()
            .and_then(|c| c.stretched.as_ref())
            .expect("a stretched cluster")
    }

    fn codes(e: &Evaluation) -> Vec<&'static str> {
        e.findings.iter().map(|f| f.code.as_str()).collect()
    }

    fn with_topology(edit: impl Fn(&mut Topology)) -> Evaluation {
        let mut project = example("seed-001-stretched");
        edit(&mut project.clusters[0].topology);
        evaluated(&project)
    }

    fn set_rtt(rtt: f64) -> impl Fn(&mut Topology) {
        move |t| {
            if let Topology::Stretched {
                inter_site_rtt_ms, ..
            } = t
            {
                *inter_site_rtt_ms = rtt;
            }
        }
    }

    #[test]
    fn seed_000_section_9_3_tps_change_within_3_points() {
        // Seed 000 §9.3: TPS -5 / -19 / -29 % at 1.2 / 2.2 / 4.2 ms RTT.
        for (rtt, published) in [(1.2, -5.0), (2.2, -19.0), (4.2, -29.0)] {
            let got = rtt_penalty(rtt).tps_change_pct;
            assert!((got - published).abs() <= 3.0, "{rtt} ms: {got} %");
        }
    }

    #[test]
    fn seed_001_stretched_write_latency_within_1_ms() {
        // Seed 001 All-Flash vSAN Stretched Cluster Performance: data-disk
        // writes 1.9 ms at 1 ms RTT and 10.3 ms at 4 ms, log writes 5 ms
        // and 15.5 ms; Site Failure: 7 ms at 2 ms before the failure.
        for (rtt, data, log) in [
            (1.0, 1.9, Some(5.0)),
            (4.0, 10.3, Some(15.5)),
            (2.0, 7.0, None),
        ] {
            let p = rtt_penalty(rtt);
            assert!(
                (p.data_write_latency_ms - data).abs() <= 1.0,
                "{rtt}: {p:?}"
            );
            if let Some(log) = log {
                assert!((p.log_write_latency_ms - log).abs() <= 1.0, "{rtt}: {p:?}");
            }
        }
        // Seed 000 §3.4: up to 5 ms supported; seed 001: <= 2 ms for SQL.
        assert!(rtt_penalty(5.0).supported && !rtt_penalty(5.5).supported);
        assert!(rtt_penalty(2.0).recommended_for_sql && !rtt_penalty(2.5).recommended_for_sql);
    }

    #[test]
    fn seed_001_stretched_example_keeps_one_copy_per_site() {
        // RAID-1 site mirroring without local protection is 2x on 1 + 1
        // hosts at least, like the seed's single-site RAID-1 FTT=1: the same
        // workloads consume exactly what the single-site example does.
        let e = evaluated(&example("seed-001-stretched"));
        let c = e.osa().next().unwrap();
        let p = &c.capacity.per_policy[0].protection;
        assert_eq!((p.site_copies, p.multiplier), (2, 2.0));
        assert_eq!((p.min_hosts_per_site, p.min_hosts), (Some(1), 2));
        let single = evaluated(&example("seed-001-all-flash"));
        assert!(close(
            c.capacity.required.gb,
            single.osa().next().unwrap().capacity.required.gb,
            1e-12
        ));
        assert!(close(c.raw.total.tb, 12.8, 1e-12));
        // 2 ms between sites (the site failure test), witness at 200 ms.
        let s = stretched(&e);
        assert!(s.rtt.supported && s.rtt.recommended_for_sql);
        assert_eq!(s.witness.max_rtt_ms, 200.0);
        // Only CPU fails (1:1 vCPU:pCore for tier-1 SQL Server, with every
        // host up and on the surviving site); the sites, links and witness
        // are within their limits.
        let errors: Vec<_> = e
            .findings
            .iter()
            .filter(|f| f.severity == Severity::Error)
            .map(|f| f.code)
            .collect();
        assert_eq!(
            errors,
            ["compute.cpu_overcommitted", "stretched.site_failure_cpu"]
        );
        // Every write crosses sites: the calibrated penalty puts the SQL
        // log writes above 5 ms at 2 ms RTT (seed 001: 5 ms already at 1 ms).
        assert!(codes(&e).contains(&"performance.log_latency_high"));
    }

    #[test]
    fn seed_001_site_failure_doubles_each_surviving_hosts_load() {
        // Seed 001 Site Failure: physical CPU 36.56-47.13 % on four hosts ->
        // 71.62-80.95 % on the two surviving ones (TPS 7,743 -> 5,856). The
        // model moves the same work onto half the hosts: 73.1-94.3 %. The
        // low end is within 1.5 points; the measured high end stays under
        // the model's, as the surviving site ran 24 % fewer transactions.
        let e = evaluated(&example("seed-001-stretched"));
        let f = &stretched(&e).site_failure;
        assert_eq!((f.surviving_hosts, f.host_load_factor), (2, 2.0));
        let (low, high) = (36.56 * f.host_load_factor, 47.13 * f.host_load_factor);
        assert!((low - 71.62).abs() <= 1.5, "{low}");
        assert!(high >= 80.95, "{high}");
        // All four VMs restarted there: their reserved memory must fit.
        assert!(f.sql_ram_gb <= f.usable_ram_after_gb, "{f:?}");
        assert!(f.iops_headroom_after.expect("demand") >= 1.0);
        assert!(codes(&e).contains(&"stretched.site_failure_cpu"));
        assert!(!codes(&e).contains(&"stretched.site_failure_memory"));
    }

    /// The stretched example with the design's own CPU before a site
    /// failure at `before_pct` (the fidelity variant
    /// seed-001-site-failure-cpu-*.json: its four VMs' vCPUs and the
    /// virtualization overhead, inside seed 000's 8-15 %, set to give it).
    fn seed_001_at_cpu(before_pct: f64) -> Project {
        variant(&format!("seed-001-site-failure-cpu-{before_pct}.json"))
    }

    #[test]
    fn seed_001_site_failure_cpu_comes_from_the_designs_own_compute() {
        // Seed 001 Site Failure: physical CPU 36.56-47.13 % on four hosts ->
        // 71.62-80.95 % on the two surviving ones. From the design's own
        // compute at those before-failure figures, the survivors carry
        // before x 2: 73.1 % (2 % above the measured low end) and 94.3 %
        // (16 % above the high end: the surviving site ran 24 % fewer
        // transactions). Within issue "fidelity"'s 25 %. The TPS model
        // starts from the same figure, so the two cannot disagree.
        for (before, measured_after) in [(36.56, 71.62), (47.13, 80.95)] {
            let e = evaluated(&seed_001_at_cpu(before));
            let f = &stretched(&e).site_failure;
            let own = f.cores_needed_pct_before.expect("cores");
            assert!(close(own, before, 1e-9), "{own}");
            let after = f.cores_needed_pct_after.expect("cores");
            assert!(close(after, before * 2.0, 1e-9), "{after}");
            assert!(
                (after - measured_after).abs() <= 0.25 * measured_after,
                "{after} vs {measured_after}"
            );
            let t = f.tps.as_ref().expect("within the model");
            assert!(close(t.cpu_before_pct, own, 1e-9), "{t:?}");
            assert!(close(t.cpu_after_offered_pct, after, 1e-9), "{t:?}");
            assert!(!codes(&e).contains(&"stretched.site_failure_cpu"));
        }
        // The example as transcribed reserves 128 % before the failure: past
        // the TPS model (and failing on CPU), so no estimate is made.
        let e = evaluated(&example("seed-001-stretched"));
        assert!(stretched(&e).site_failure.tps.is_none());
    }

    #[test]
    fn seed_001_site_failure_tps_estimate_within_5_pct() {
        // Seed 001 Site Failure: 7,743 -> 5,856 TPS (75.6 % kept) with host
        // CPU 36.56-47.13 % before; the model's fit uses its middle, here
        // the design's own CPU before the failure.
        // The example's storage is far from its limit in either site, so
        // the CPU bounds the estimate, as the seed's text says it did.
        let e = evaluated(&seed_001_at_cpu(41.85));
        let t = stretched(&e)
            .site_failure
            .tps
            .as_ref()
            .expect("storage within its rating");
        let published = 5_856.0 / 7_743.0 * 100.0;
        assert!(
            (t.tps_retained_pct - published).abs() <= 0.05 * published,
            "{t:?}"
        );
        assert_eq!(
            t.limited_by,
            stacksizer_core::platform::two_sites::FailoverLimit::Cpu
        );
        assert!(t.storage_after_offered_pct < 10.0, "{t:?}");
        assert!(t.model.contains("model estimate"));
    }

    #[test]
    fn seed_001_site_failure_cpu_at_the_tps_kept_within_25_pct() {
        // Seed 001 Site Failure: the survivors ran at 71.62-80.95 % CPU
        // while serving 5,856 of 7,743 TPS. The model's CPU at the TPS it
        // predicts they keep (from 41.85 % before, the middle) is 63.3 %:
        // 17 % under the middle, 76.3 %. The fit is on the TPS, not this
        // CPU (platform::two_sites::failover_tps: the CPU per transaction
        // rose when two VMs shared a host), so this is a prediction, held
        // to issue "fidelity"'s 25 %, and below the offered 2 x before.
        let e = evaluated(&seed_001_at_cpu(41.85));
        let t = stretched(&e)
            .site_failure
            .tps
            .as_ref()
            .expect("within the model");
        let middle = (71.62 + 80.95) / 2.0;
        assert!(close(t.cpu_after_pct, middle, 0.25), "{t:?}");
        assert!(t.cpu_after_pct < t.cpu_after_offered_pct, "{t:?}");
    }

    #[test]
    fn rtt_beyond_5_ms_is_unsupported_and_beyond_2_ms_a_warning() {
        let far = with_topology(set_rtt(6.0));
        let f = far
            .findings
            .iter()
            .find(|f| f.code == "stretched.rtt_unsupported")
            .expect("6 ms > 5 ms");
        assert_eq!(f.severity, Severity::Error);
        assert_eq!(
            f.path.as_deref(),
            Some("clusters[0].topology.inter_site_rtt_ms")
        );
        // The verdict names it by how much (the site-failure CPU, further
        // past its limit, binds the example first).
        let measure = f.measure.as_ref().expect("a figure").to_string();
        assert_eq!(
            measure,
            "Inter-site RTT: 120 % of 5.0 ms (limit 100 %) — 1.0 ms over"
        );
        let mid = with_topology(set_rtt(3.0));
        assert!(codes(&mid).contains(&"stretched.rtt_above_sql_recommendation"));
        assert!(!codes(&mid).contains(&"stretched.rtt_unsupported"));
    }

    #[test]
    fn links_and_witness_are_checked() {
        let e = with_topology(|t| {
            if let Topology::Stretched {
                inter_site_link_gbps,
                witness_rtt_ms,
                ..
            } = t
            {
                *inter_site_link_gbps = 0.1;
                *witness_rtt_ms = 250.0;
            }
        });
        let s = stretched(&e);
        // 16,192 IOPS x 10 % writes x 8 KB = 12.95 MB/s of front-end
        // writes x 8 x 1.4 x 1.25 = 0.181 Gbps > 0.1.
        let writes_mb_s = 16_192.0 * 0.1 * 8.0 / 1000.0;
        assert!(
            close(
                s.link.required_gbps,
                writes_mb_s * 8.0 * 1.4 * 1.25 / 1000.0,
                1e-9
            ),
            "{:?}",
            s.link
        );
        let found = codes(&e);
        assert!(found.contains(&"stretched.link_insufficient"), "{found:?}");
        assert!(found.contains(&"stretched.witness_rtt"), "{found:?}");
        // VMware's rule: 1,138 B x 8 per component in 5 s, + 10 %.
        assert!(close(
            s.witness.required_mbps,
            s.witness.components as f64 * 1138.0 * 8.0 / 5.0 * 1.1 / 1e6,
            1e-12
        ));
        // Every copy counted: site mirroring keeps two, so the components
        // are twice the witness components (one per object).
        assert_eq!(s.witness.components, 2 * s.witness.witness_components);
    }

    #[test]
    fn without_site_mirroring_a_site_failure_can_take_data_offline() {
        let e = with_topology(|t| {
            if let Topology::Stretched { site_mirroring, .. } = t {
                *site_mirroring = false;
            }
        });
        assert!(codes(&e).contains(&"stretched.not_site_mirrored"));
        assert_eq!(
            e.osa().next().unwrap().capacity.per_policy[0]
                .protection
                .site_copies,
            1
        );
    }
}

/// XtremIO + VPLEX Metro (seed 004).
mod xtremio_vplex {
    use super::*;
    use stacksizer_core::evaluate::ArrayClusterEvaluation;
    use stacksizer_core::model::{Storage, XtremioVplex};
    use stacksizer_core::platform::xtremio_vplex::{
        vplex_limit, ArrayFailure, ArrayFailureKind, SiteRole,
    };

    fn array(e: &Evaluation) -> &ArrayClusterEvaluation {
        e.arrays().next().expect("an XtremIO + VPLEX cluster")
    }

    fn storage(project: &mut Project) -> &mut XtremioVplex {
        match &mut project.clusters[0].storage {
            Storage::XtremioVplex(a) => a,
            Storage::VsanOsa { .. } | Storage::VsanEsa(_) => {
                panic!("seed 004 is an array cluster")
            }
        }
    }

    fn codes(e: &Evaluation) -> Vec<&'static str> {
        e.findings.iter().map(|f| f.code.as_str()).collect()
    }

    #[test]
    fn seed_004_two_x_bricks_give_14_94_tb_usable_in_each_site() {
        // Seed 004 Architecture: "two X-Bricks ... with 14.94 TB of usable
        // physical capacity" per site: 7.47 TB per first-generation X-Brick.
        let e = evaluated(&example("seed-004"));
        let a = array(&e);
        assert_eq!(e.osa().count(), 0);
        let sites = &a.xtremio_vplex.sites;
        assert_eq!(sites.len(), 2);
        assert_eq!(
            (sites[0].role, sites[1].role),
            (SiteRole::Production, SiteRole::Remote)
        );
        for s in sites {
            assert!(close(s.usable.tb, 14.94, 1e-9), "{}", s.usable.tb);
            // XDP 23+2: 8 % of the 20 TB raw.
            assert!(close(s.xdp_parity.tb, 1.6, 1e-12));
            assert!(s.required.gb <= s.usable.gb);
        }
        // The remote array holds the distributed volumes only.
        assert!(sites[1].required.gb < sites[0].required.gb);
        assert!(
            close(a.capacity.usable.tb + 2.0 * 0.33, 29.88, 1e-9),
            "{}",
            a.capacity.usable.tb
        );
        // With every part up capacity, IOPS and the VPLEX limits hold; the
        // surviving site's cores fall short (123.2 needed at 1:1 on 120),
        // and so do the IOPS a failed part leaves (the arrays run near
        // their rating: `seed_004_vplex_engine_and_director_failures_...`).
        let mut errors: Vec<_> = e
            .findings
            .iter()
            .filter(|f| f.severity == Severity::Error)
            .map(|f| f.code.as_str())
            .collect();
        errors.dedup();
        assert_eq!(
            errors,
            ["stretched.site_failure_cpu", "xtremio.failure_iops"]
        );
    }

    #[test]
    fn seed_004_table_15_iops_on_each_array_and_vplex() {
        // Seed 004: XtremIO "almost 190,000 IOPS" under 1 ms on two X-Bricks;
        // Table 15: ~188k on the production XtremIO, ~83k through VPLEX,
        // ~2k (VPLEX) / 2.3k (XtremIO) of replication at the remote site.
        let e = evaluated(&example("seed-004"));
        let x = &array(&e).xtremio_vplex;
        let (production, remote) = (&x.sites[0], &x.sites[1]);
        assert!(close(production.rated_iops, 190_000.0, 0.01));
        assert!(x.x_brick.latency_ms <= 1.0);
        assert!(
            close(production.back_end_iops, 188_000.0, 0.02),
            "{}",
            production.back_end_iops
        );
        assert!(
            close(x.vplex.frontend_iops, 83_000.0, 0.02),
            "{}",
            x.vplex.frontend_iops
        );
        assert!(
            close(remote.back_end_iops, 2_000.0, 0.15),
            "{}",
            remote.back_end_iops
        );
        assert!(close(x.vplex.replication_iops, 2_000.0, 0.15));
    }

    #[test]
    fn seed_004_table_11_dual_engine_limits() {
        // Table 11: a dual-engine VPLEX peaks at ~90,000 8 KB IOPS at 90:10
        // and sustains 60,000 on average; the example's 82,000 sit between.
        let e = evaluated(&example("seed-004"));
        let v = &array(&e).xtremio_vplex.vplex;
        assert_eq!((v.limit.engines, v.limit.directors), (2, 4));
        assert!(close(v.limit.read_pct, 90.0, 1e-9));
        assert!(close(v.limit.frontend_iops_peak, 90_000.0, 1e-9));
        assert!(close(v.limit.frontend_iops_average, 60_000.0, 1e-9));
        assert!(codes(&e).contains(&"vplex.above_average_load"));
        for (engines, write_only, read_only, mixed, average) in [
            (1, 35_000.0, 50_000.0, 45_000.0, 30_000.0),
            (2, 55_000.0, 100_000.0, 90_000.0, 60_000.0),
            (4, 100_000.0, 240_000.0, 180_000.0, 120_000.0),
        ] {
            let at = |pct| vplex_limit(engines, pct).expect("1, 2 or 4 engines");
            assert!(close(at(0.0).frontend_iops_peak, write_only, 1e-9));
            assert!(close(at(100.0).frontend_iops_peak, read_only, 1e-9));
            assert!(close(at(90.0).frontend_iops_peak, mixed, 1e-9));
            assert!(close(at(90.0).frontend_iops_average, average, 1e-9));
        }
    }

    #[test]
    fn seed_004_vplex_cache_serves_15k_of_90k() {
        // Seed 004 VPLEX performance: of 90,000 front-end IOPS (90:10) about
        // 15,000 reads came from the VPLEX cache and XtremIO served ~75,000.
        let mut project = example("seed-004");
        project.workloads.truncate(1);
        storage(&mut project).volumes.clear();
        if let WorkloadSpec::SqlServer { target_iops, .. } = &mut project.workloads[0].spec {
            *target_iops = 90_000.0;
        }
        let e = evaluated(&project);
        let x = &array(&e).xtremio_vplex;
        assert!(
            close(x.vplex.read_cache_iops, 15_000.0, 0.01),
            "{}",
            x.vplex.read_cache_iops
        );
        assert!(
            close(x.sites[0].back_end_iops, 75_000.0, 0.01),
            "{}",
            x.sites[0].back_end_iops
        );
    }

    #[test]
    fn seed_004_latency_adders_and_distances() {
        // Seed 004: VPLEX adds ~1-1.6 ms to writes and ~200 µs to reads
        // (no WAN latency); a Metro write also waits for the inter-site RTT.
        // Metro <= 5 ms, Geo <= 50 ms.
        let mut project = example("seed-004");
        let e = evaluated(&project);
        let v = &array(&e).xtremio_vplex.vplex;
        // Beyond the wait in front of VPLEX (its load, checked below).
        let adder = v.local_write_latency_ms - v.queue_wait_ms - 0.6;
        assert!((1.0..=1.6).contains(&adder), "{adder}");
        assert!(close(
            v.distributed_write_latency_ms - v.local_write_latency_ms,
            v.rtt_ms,
            1e-9
        ));
        let read = v.read_latency_ms - v.queue_wait_ms;
        assert!((0.2..1.0).contains(&read), "{read}");
        if let stacksizer_core::model::Topology::Stretched {
            inter_site_rtt_ms, ..
        } = &mut project.clusters[0].topology
        {
            *inter_site_rtt_ms = 6.0;
        }
        let far = evaluated(&project);
        let f = far
            .findings
            .iter()
            .find(|f| f.code == "vplex.rtt_exceeds_limit")
            .expect("6 ms > Metro's 5 ms");
        assert!(f.message.contains("Geo"), "{}", f.message);
        assert!(codes(&far).contains(&"vplex.log_latency_high"));
        storage(&mut project).replication = stacksizer_core::model::VplexReplication::Geo;
        assert!(!codes(&evaluated(&project)).contains(&"vplex.rtt_exceeds_limit"));
    }

    #[test]
    fn seed_004_sql_latency_at_91_pct_of_the_vplex_rating() {
        // Seed 004 VPLEX performance (Figure 14): at ~90 % VPLEX CPU and
        // ~90,000 front-end IOPS, SQL Server saw 2-3 ms reads (the fitted
        // point: the queue's service time) and 3-4 ms writes (predicted,
        // held within 25 % of 3.5 ms). No WAN latency in the test.
        let e = evaluated(&example("seed-004"));
        let v = &array(&e).xtremio_vplex.vplex;
        assert!((v.utilisation_pct.unwrap() - 91.1).abs() < 0.1);
        assert!((v.read_latency_ms - 2.5).abs() <= 0.01, "{v:?}");
        let local = v.local_write_latency_ms;
        assert!(
            close(local, 3.5, 0.25) && (3.0..=4.0).contains(&local),
            "{local}"
        );
        assert!(close(v.distributed_write_latency_ms, 3.5, 0.25), "{v:?}");
        // At half the load the wait all but goes: near the unloaded adders.
        let mut light = example("seed-004");
        for w in &mut light.workloads {
            if let WorkloadSpec::SqlServer { target_iops, .. } = &mut w.spec {
                *target_iops *= 0.5;
            }
        }
        let e = evaluated(&light);
        let l = &array(&e).xtremio_vplex.vplex;
        assert!(
            l.read_latency_ms < 1.0 && l.local_write_latency_ms < 2.0,
            "{l:?}"
        );
    }

    #[test]
    fn seed_004_table_4_reduction_and_snapshots() {
        // Table 4, production site: 1.4:1 dedup, 64 % thin savings, 3.9:1.
        let e = evaluated(&example("seed-004"));
        let x = &array(&e).xtremio_vplex;
        assert!(close(x.data_reduction.overall_efficiency, 3.9, 0.01));
        // Snapshots stay on the production array (not replicated), and so
        // do the OS disks on VPLEX local volumes (Table 5).
        assert!(x.sites[0].snapshots.gb > 0.0 && x.sites[1].snapshots.gb == 0.0);
        assert_eq!(x.unprotected_workloads, ["testdev", "os-disks"]);
    }

    #[test]
    fn seed_004_components_per_site() {
        // Table 2 / Table 5 / Figure 7: per site 2 X-Bricks, a dual-engine
        // VPLEX, four 80 GB meta volumes and a 10 GB logging volume (10 GB
        // covers 320 TB of distributed volumes); a VPLEX Witness VM.
        let e = evaluated(&example("seed-004"));
        let lines = &array(&e).xtremio_vplex.components;
        for site in [SiteRole::Production, SiteRole::Remote] {
            let qty = |prefix: &str| {
                lines
                    .iter()
                    .find(|l| l.site == site && l.component.starts_with(prefix))
                    .map(|l| l.quantity)
            };
            assert_eq!(qty("XtremIO X-Brick"), Some(2));
            assert_eq!(qty("VPLEX engine"), Some(2));
            assert_eq!(qty("VPLEX meta volume, 80 GB"), Some(4));
            assert_eq!(qty("VPLEX logging volume, 10 GB"), Some(1));
        }
        assert!(lines.iter().any(|l| l.site == SiteRole::Witness));
        let site = &array(&e).xtremio_vplex.sites[0];
        assert!(close(site.system_volumes.gb, 330.0, 1e-12));
    }

    fn failure(e: &Evaluation, kind: ArrayFailureKind) -> &ArrayFailure {
        array(e)
            .xtremio_vplex
            .failures
            .iter()
            .find(|f| f.kind == kind)
            .expect("every scenario is listed")
    }

    #[test]
    fn seed_004_site_failure_keeps_the_distributed_workloads_at_full_speed() {
        // Seed 004 VPLEX Witness: the cluster still connected to the Witness
        // continues the distributed volumes. Failover test: after the
        // production site failed, SQL Server ran on the second site "with
        // the same performance"; Table 5: test/dev runs on snapshots mounted
        // from the production XtremIO only, and the production VMs' OS disks
        // are VPLEX local volumes there.
        let e = evaluated(&example("seed-004"));
        let f = failure(&e, ArrayFailureKind::ProductionSite);
        assert_eq!(f.serving_site, SiteRole::Remote);
        assert_eq!(f.workloads_running, ["sql2012", "sql2014"]);
        assert_eq!(f.workloads_stopped, ["testdev", "os-disks"]);
        assert!(f.fits && f.site_copy_lost);
        assert!(f.iops_headroom.expect("demand") >= 1.0, "{f:?}");
        // The FCIs' remote nodes wait: the failover moves the load host for
        // host, so the TPS model keeps all of it.
        let tps = array(&e)
            .xtremio_vplex
            .site_failure
            .tps
            .as_ref()
            .expect("estimate");
        assert!(close(tps.tps_retained_pct, 100.0, 1e-9), "{tps:?}");
    }

    #[test]
    fn seed_004_vplex_engine_and_director_failures_follow_table_11() {
        // Seed 004 Table 11: a dual-engine VPLEX peaks at 90k 8 KB IOPS at
        // 90:10, a single engine at 45k. Losing one of two engines leaves
        // the single-engine figure; a director (assumption, default 50 % of
        // an engine) leaves 67.5k; both below the 82k the workloads demand.
        let e = evaluated(&example("seed-004"));
        let engine = failure(&e, ArrayFailureKind::VplexEngine);
        assert!(close(engine.vplex_iops_healthy, 90_000.0, 1e-9));
        let single = vplex_limit(1, 90.0)
            .expect("Table 11 row")
            .frontend_iops_peak;
        assert!(close(engine.vplex_iops_after, single, 1e-9));
        let director = failure(&e, ArrayFailureKind::VplexDirector);
        assert!(close(director.vplex_iops_after, 67_500.0, 1e-9));
        for f in [engine, director] {
            assert!(f.iops_headroom.expect("demand") < 1.0);
            assert!(f.workloads_stopped.is_empty());
        }
        // An error, as every other shortfall of IOPS after a failure: the
        // VPLEX engines bind (45k of 82k), so more of them meet it.
        let engine_finding = e
            .findings
            .iter()
            .find(|f| {
                f.code.as_str() == "xtremio.failure_iops"
                    && f.message.contains("a VPLEX engine failure")
            })
            .expect("engine failure finding");
        assert_eq!(engine_finding.severity, Severity::Error);
        assert_eq!(
            engine_finding.path.as_deref(),
            Some("clusters[0].storage.vplex_engines")
        );
        let m = engine_finding.measure.as_ref().expect("measured");
        assert_eq!(m.quantity, "IOPS after a VPLEX engine failure");
        assert!(m.used_pct > 100.0 && m.limit_pct == 100.0);
        assert_eq!(m.remedy.as_deref(), Some("more VPLEX engines"));
    }

    #[test]
    fn seed_004_controller_and_ssd_failures_keep_the_data() {
        // Seed 004: two X-Bricks, 14.94 TB usable, ~190k IOPS fully used.
        // XDP 23 + 2 with no spare: one of 25 SSDs of one X-Brick takes 1/25
        // of its 7.47 TB (0.2988 TB); a controller (assumption: half an X-Brick)
        // leaves 142.5k of 190k IOPS.
        let e = evaluated(&example("seed-004"));
        let ssd = failure(&e, ArrayFailureKind::Ssd);
        assert!(close(
            ssd.usable_healthy.tb - ssd.usable_after.tb,
            0.2988,
            1e-9
        ));
        assert!(ssd.fits);
        let rebuild = ssd.rebuild.as_ref().expect("XDP rebuild").gb;
        assert!(close(rebuild, ssd.required.gb / 50.0, 1e-9));
        let controller = failure(&e, ArrayFailureKind::StorageController);
        assert!(close(controller.array_iops_after, 142_500.0, 1e-9));
        assert_eq!(controller.usable_after, controller.usable_healthy);
    }

    #[test]
    fn seed_004_link_failure_leaves_the_preferred_production_site_running() {
        // Seed 004 VPLEX Witness: with both clusters still reaching the
        // Witness the static preference decides; the production site runs
        // every workload on its own copy.
        let e = evaluated(&example("seed-004"));
        let f = failure(&e, ArrayFailureKind::InterSiteLink);
        assert_eq!(f.serving_site, SiteRole::Production);
        assert_eq!(f.workloads_running.len(), 4);
        assert!(f.site_copy_lost && f.workloads_stopped.is_empty());
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]
        #[test]
        fn a_failure_never_reports_more_than_healthy(
            x_bricks in 1..=8u32,
            engines in proptest::sample::select(vec![1u32, 2, 4]),
            controller in 0.0..=100.0f64,
            rebuild in 0.0..=100.0f64,
            director in 0.0..=100.0f64,
        ) {
            let mut project = example("seed-004");
            storage(&mut project).x_bricks_per_site = x_bricks;
            storage(&mut project).vplex_engines = engines;
            let r = &mut project.settings.resilience;
            r.x_brick_controller_loss_iops_pct = controller;
            r.xdp_rebuild_iops_loss_pct = rebuild;
            r.vplex_director_loss_iops_pct = director;
            let e = evaluated(&project);
            let x = &array(&e).xtremio_vplex;
            proptest::prop_assert_eq!(x.failures.len(), 7);
            for f in &x.failures {
                let site = if f.serving_site == SiteRole::Remote { &x.sites[1] } else { &x.sites[0] };
                proptest::prop_assert_eq!(&f.usable_healthy, &site.usable);
                proptest::prop_assert!(f.usable_after.gb <= f.usable_healthy.gb);
                proptest::prop_assert!(f.array_iops_after <= f.array_iops_healthy);
                proptest::prop_assert!(f.array_iops_healthy <= site.rated_iops);
                proptest::prop_assert!(f.vplex_iops_after <= f.vplex_iops_healthy);
                proptest::prop_assert!(f.vplex_iops_after >= 0.0 && f.array_iops_after >= 0.0);
                proptest::prop_assert!(f.iops_headroom.is_none_or(|h| h.is_finite()));
            }
        }
    }

    #[test]
    fn bad_array_inputs_name_the_field() {
        let issues = |edit: &dyn Fn(&mut Project)| {
            let mut project = example("seed-004");
            edit(&mut project);
            evaluate(&project).expect_err("invalid")
        };
        let engines = issues(&|p| storage(p).vplex_engines = 3);
        assert_eq!(engines[0].path, "clusters[0].storage.vplex_engines");
        assert!(
            engines[0].message.contains("must be 1, 2 or 4"),
            "{}",
            engines[0].message
        );
        let none = issues(&|p| storage(p).x_bricks_per_site = 0);
        assert_eq!(none[0].path, "clusters[0].storage.x_bricks_per_site");
        assert!(
            none[0].message.contains("between 1 and 8 (got 0)"),
            "{}",
            none[0].message
        );
        let model = issues(&|p| storage(p).x_brick_model = "x9".into());
        assert_eq!(model[0].path, "clusters[0].storage.x_brick_model");
        let single = issues(&|p| {
            p.clusters[0].topology = stacksizer_core::model::Topology::Single { host_count: 6 }
        });
        assert_eq!(single[0].path, "clusters[0].topology.kind");
        let rtt = issues(&|p| {
            if let stacksizer_core::model::Topology::Stretched {
                inter_site_rtt_ms, ..
            } = &mut p.clusters[0].topology
            {
                *inter_site_rtt_ms = -1.0;
            }
        });
        assert_eq!(rtt[0].path, "clusters[0].topology.inter_site_rtt_ms");
        let volume = issues(&|p| storage(p).volumes[0].workload_id = "nope".into());
        assert_eq!(volume[0].path, "clusters[0].storage.volumes[0].workload_id");
    }
}
