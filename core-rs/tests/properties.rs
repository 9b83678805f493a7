//! Properties of the capacity model over generated projects.

use proptest::prelude::*;
use serde_json::Value;
use stacksizer_core::evaluate::{evaluate, evaluate_json, EvaluateOutcome, Evaluation};
use stacksizer_core::model::{
    Cluster, CommitMode, DedupRatios, Device, DeviceKind, DiskGroup, HostSpec, Project,
    ProtectionMethod, Settings, SqlDeployment, Storage, StoragePolicy, Topology, Workload,
    WorkloadSpec, SCHEMA_VERSION,
};
use stacksizer_core::platform::vsan_osa::capacity::CapacityEvaluation;

fn device_kind() -> impl Strategy<Value = DeviceKind> {
    prop_oneof![
        Just(DeviceKind::Hdd7200),
        Just(DeviceKind::Hdd10k),
        Just(DeviceKind::Hdd15k),
        Just(DeviceKind::SataSsd),
        Just(DeviceKind::SasSsd),
        Just(DeviceKind::Nvme),
    ]
}

fn device(
    id: &'static str,
    kind: impl Strategy<Value = DeviceKind>,
) -> impl Strategy<Value = Device> {
    (
        kind,
        1.0..200_000.0f64,
        1.0..1e6f64,
        proptest::option::of(0.01..100.0f64),
    )
        .prop_map(move |(kind, gb, iops, dwpd)| Device {
            id: id.into(),
            model: id.into(),
            kind,
            capacity_gb: gb,
            read_iops: iops,
            write_iops: iops,
            endurance_dwpd: dwpd,
            flash_class: None,
            unit_price: None,
        })
}

fn policy() -> impl Strategy<Value = StoragePolicy> {
    (
        prop_oneof![
            (0..=3u32).prop_map(|f| (ProtectionMethod::Raid1, f)),
            Just((ProtectionMethod::Raid5, 1)),
            Just((ProtectionMethod::Raid6, 2)),
        ],
        0.0..=100.0f64,
    )
        .prop_map(|((method, ftt), osr)| StoragePolicy {
            id: "p".into(),
            name: "p".into(),
            method,
            ftt,
            stripe_width: 1,
            object_space_reservation_pct: osr,
            checksum: true,
            iops_limit: None,
            compression: None,
        })
}

fn deployment() -> impl Strategy<Value = SqlDeployment> {
    prop_oneof![
        Just(SqlDeployment::Standalone),
        (2..=9u32).prop_map(|replicas| SqlDeployment::AvailabilityGroup {
            replicas,
            commit: CommitMode::Sync
        }),
        any::<bool>().prop_map(|iscsi_target| SqlDeployment::FailoverCluster { iscsi_target }),
    ]
}

fn spec() -> impl Strategy<Value = WorkloadSpec> {
    let vms = (1..=1000u32, 1..=64u32, 0.25..2048.0f64);
    let pct = 0.0..=100.0f64;
    let growth = 0.0..=500.0f64;
    prop_oneof![
        (
            vms.clone(),
            0.001..100_000.0f64,
            0.0..10_000.0f64,
            pct.clone(),
            growth.clone(),
            deployment()
        )
            .prop_map(
                |((vm_count, vcpu, ram), db, iops, read, growth, deployment)| {
                    WorkloadSpec::SqlServer {
                        vm_count,
                        vcpu_per_vm: vcpu,
                        ram_gb_per_vm: ram,
                        memory_reservation_gb_per_vm: None,
                        db_size_gb: db,
                        log_size_gb: db / 10.0,
                        tempdb_size_gb: db / 20.0,
                        annual_growth_pct: growth,
                        working_set_pct: read,
                        target_iops: iops,
                        read_pct: read,
                        io_size_kb: 8.0,
                        deployment,
                    }
                }
            ),
        (
            vms.clone(),
            1..100_000u32,
            0.001..100.0f64,
            1..=16u32,
            pct.clone(),
            growth.clone()
        )
            .prop_map(
                |((vm_count, vcpu, ram), mailboxes, mailbox_gb, copies, read, growth)| {
                    WorkloadSpec::Exchange {
                        vm_count,
                        vcpu_per_vm: vcpu,
                        ram_gb_per_vm: ram,
                        memory_reservation_gb_per_vm: None,
                        mailboxes,
                        mailbox_gb,
                        iops_per_mailbox: 1.0,
                        database_copies: copies,
                        read_pct: read,
                        io_size_kb: 32.0,
                        annual_growth_pct: growth,
                    }
                }
            ),
        (
            vms.clone(),
            0.001..1e6f64,
            0.0..10_000.0f64,
            pct.clone(),
            growth.clone()
        )
            .prop_map(|((vm_count, vcpu, ram), capacity, mbps, read, growth)| {
                WorkloadSpec::FileServer {
                    vm_count,
                    vcpu_per_vm: vcpu,
                    ram_gb_per_vm: ram,
                    memory_reservation_gb_per_vm: None,
                    capacity_gb: capacity,
                    iscsi_luns: None,
                    throughput_mbps: mbps,
                    read_pct: read,
                    io_size_kb: 64.0,
                    annual_growth_pct: growth,
                }
            }),
        (vms, 0.0..10_000.0f64, 0.0..10_000.0f64, pct, growth).prop_map(
            |((vm_count, vcpu, ram), disk, iops, read, growth)| WorkloadSpec::VmGroup {
                vm_count,
                vcpu_per_vm: vcpu,
                ram_gb_per_vm: ram,
                memory_reservation_gb_per_vm: None,
                disk_gb_per_vm: disk,
                iops_per_vm: iops,
                read_pct: read,
                annual_growth_pct: growth,
            }
        ),
    ]
}

fn settings() -> impl Strategy<Value = Settings> {
    (
        0.0..=50.0f64,
        0..=3u32,
        0.0..=20.0f64,
        1..=10u32,
        1.0..=10.0f64,
        1.0..=100.0f64,
    )
        .prop_map(|(slack, reserve, overhead, years, ratio, alert)| Settings {
            slack_pct: slack,
            reserve_hosts: reserve,
            on_disk_format_overhead_pct: overhead,
            dedup_metadata_overhead_pct: overhead,
            planning_horizon_years: years,
            dedup_ratios: DedupRatios {
                sql_server: ratio,
                exchange: ratio,
                file_server: ratio,
                vm_group: ratio,
            },
            capacity_alert_pct: alert,
            ..Settings::default()
        })
}

prop_compose! {
    /// A valid one-cluster project with 0-6 workloads on one policy.
    fn project()(
        settings in settings(),
        cache in device("cache", Just(DeviceKind::Nvme)),
        capacity in device("capacity", device_kind()),
        hosts in 1..=63u32,
        groups in 1..=5usize,
        per_group in 1..=7u32,
        dedup in any::<bool>(),
        policy in policy(),
        specs in proptest::collection::vec(spec(), 0..6),
    ) -> Project {
        let group = DiskGroup {
            cache_device: "cache".into(),
            capacity_device: "capacity".into(),
            capacity_device_count: per_group,
        };
        Project {
            schema_version: SCHEMA_VERSION,
            name: "generated".into(),
            description: String::new(),
            facts: Default::default(),
            settings,
            devices: vec![cache, capacity],
            clusters: vec![Cluster {
                id: "c".into(),
                name: "c".into(),
                host: HostSpec {
                    model: "h".into(),
                    sockets: 2,
                    cores_per_socket: 16,
                    ghz: 2.5,
                    ram_gb: 512.0,
                    nics: 2,
                    nic_gbps: 25.0,
                    unit_price: None,
                },
                topology: Topology::Single { host_count: hosts },
                storage: Storage::VsanOsa {
                    disk_groups: vec![group; groups],
                    dedup_compression: dedup,
                },
            }],
            policies: vec![policy],
            workloads: specs
                .into_iter()
                .enumerate()
                .map(|(i, spec)| Workload {
                    id: format!("w{i}").into(),
                    name: format!("w{i}"),
                    cluster_id: "c".into(),
                    policy_id: "p".into(),
                    spec,
                })
                .collect(),
            pricing: Default::default(),
            scenarios: Vec::new(),
            origin: None,
        }
    }
}

fn eval(project: &Project) -> Evaluation {
    evaluate(project).unwrap_or_else(|issues| panic!("generated project is invalid: {issues:?}"))
}

fn has_null(value: &Value) -> bool {
    match value {
        Value::Null => true,
        Value::Array(items) => items.iter().any(has_null),
        Value::Object(map) => map.values().any(has_null),
        _ => false,
    }
}

/// An OSA project's usable space and host rebuild reserve, in GB.
fn usable_and_reserve(project: &Project) -> (f64, f64) {
    reserve_of(&eval(project).osa().next().unwrap().capacity)
}

/// Usable space and the rebuild reserve the waterfall kept.
fn reserve_of(c: &CapacityEvaluation) -> (f64, f64) {
    let kept = c
        .waterfall
        .iter()
        .find(|s| s.label == "Host-failure rebuild reserve")
        .map_or(0.0, |s| s.amount.gb);
    (c.usable.gb, kept)
}

fn set_host_count(project: &mut Project, hosts: u32) {
    project.clusters[0].topology = Topology::Single { host_count: hosts };
}

/// Relative slack for comparing sums of floats.
const EPS: f64 = 1e-9;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn usable_never_exceeds_raw(project in project()) {
        let e = eval(&project);
        let c = e.osa().next().unwrap();
        prop_assert!(c.capacity.usable.gb >= 0.0);
        prop_assert!(c.capacity.usable.gb <= c.raw.total.gb * (1.0 + EPS));
        if let Some(data) = c.capacity.effective_usable {
            // With dedup the data held may exceed raw; without it, never.
            if !c.capacity.dedup_active {
                prop_assert!(data.gb <= c.raw.total.gb * (1.0 + EPS));
            }
        }
    }

    /// Usable space grows with the hosts but where the added host is the
    /// first a failed host's components can rebuild on: the rebuild
    /// reserve starts there, and usable falls by no more than it.
    #[test]
    fn adding_a_host_never_lowers_usable_but_by_the_reserve_it_starts(project in project()) {
        let hosts = project.clusters[0].topology.host_count();
        let (before, kept_before) = usable_and_reserve(&project);
        let mut bigger = project;
        set_host_count(&mut bigger, hosts + 1);
        let (after, kept_after) = usable_and_reserve(&bigger);
        let starts = if kept_before == 0.0 { kept_after } else { 0.0 };
        prop_assert!(after + starts >= before * (1.0 - EPS), "{before} -> {after} (+{starts})");
    }

    #[test]
    fn raising_ftt_never_raises_usable(project in project(), ftt in 0..3u32) {
        prop_assume!(!project.workloads.is_empty());
        let mut lower = project;
        lower.policies[0].method = ProtectionMethod::Raid1;
        lower.policies[0].ftt = ftt;
        let mut higher = lower.clone();
        higher.policies[0].ftt = ftt + 1;
        // The data the space after slack holds: a policy needing more hosts
        // may leave no host to rebuild on and so keep no reserve, which
        // only the protection's cost is compared without.
        let data = |p: &Project| {
            let e = eval(p);
            let c = &e.osa().next().unwrap().capacity;
            let (usable, kept) = reserve_of(c);
            let held_per_gb = c.effective_usable.map(|_| c.logical.gb / c.required.gb);
            held_per_gb.map(|r| (usable + kept) * r)
        };
        let (a, b) = (data(&lower), data(&higher));
        prop_assert!(a.is_some() && b.is_some());
        prop_assert!(b <= a.map(|x| x * (1.0 + EPS)), "{a:?} -> {b:?}");
        // Erasure coding: RAID-6 never holds more than RAID-5.
        let mut raid5 = lower.clone();
        raid5.policies[0].method = ProtectionMethod::Raid5;
        raid5.policies[0].ftt = 1;
        let mut raid6 = lower;
        raid6.policies[0].method = ProtectionMethod::Raid6;
        raid6.policies[0].ftt = 2;
        prop_assert!(data(&raid6) <= data(&raid5).map(|x| x * (1.0 + EPS)));
    }

    #[test]
    fn results_are_always_finite(project in project()) {
        let json = serde_json::to_value(eval(&project)).expect("serializable");
        prop_assert!(!has_null(&json), "non-finite figure in {json}");
    }

    #[test]
    fn random_text_is_an_error_not_a_panic(text in ".{0,300}") {
        let outcome = evaluate_json(&text);
        let invalid = matches!(outcome, EvaluateOutcome::Invalid { .. });
        prop_assert!(invalid, "random text evaluated: {text:?}");
    }

    #[test]
    fn any_value_anywhere_is_an_error_or_a_finite_result(
        project in project(),
        pick in any::<prop::sample::Index>(),
        value in prop_oneof![
            any::<f64>().prop_map(|x| serde_json::Number::from_f64(x).map_or(Value::Null, Value::Number)),
            any::<i64>().prop_map(Value::from),
            Just(Value::Null),
            any::<bool>().prop_map(Value::Bool),
            ".{0,8}".prop_map(Value::String),
            Just(serde_json::json!([])),
            Just(serde_json::json!({})),
        ],
    ) {
        let mut json = serde_json::to_value(&project).expect("serializable");
        let mut leaves = Vec::new();
        collect_leaves(&json, String::new(), &mut leaves);
        let pointer = pick.get(&leaves).clone();
        if let Some(slot) = json.pointer_mut(&pointer) {
            *slot = value;
        }
        match evaluate_json(&json.to_string()) {
            EvaluateOutcome::Invalid { issues } => prop_assert!(!issues.is_empty()),
            EvaluateOutcome::Evaluated { evaluation } => {
                let out = serde_json::to_value(evaluation).expect("serializable");
                prop_assert!(!has_null(&out));
            }
        }
    }

    #[test]
    fn out_of_range_numbers_are_refused(
        project in project(),
        field in 0..6usize,
        bad in prop_oneof![Just(f64::NAN), Just(f64::INFINITY), Just(f64::NEG_INFINITY), -1e9..-1e-6f64],
    ) {
        let mut p = project;
        match field {
            0 => p.settings.slack_pct = bad,
            1 => p.settings.dedup_ratios.sql_server = bad,
            2 => p.devices[1].capacity_gb = bad,
            3 => p.policies[0].object_space_reservation_pct = bad,
            4 => p.settings.capacity_alert_pct = bad,
            _ => p.settings.cache_pct_of_consumed = bad,
        }
        prop_assert!(evaluate(&p).is_err());
    }
}

/// JSON pointers of every scalar in `value`.
fn collect_leaves(value: &Value, at: String, out: &mut Vec<String>) {
    match value {
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                collect_leaves(v, format!("{at}/{i}"), out);
            }
        }
        Value::Object(map) => {
            for (k, v) in map {
                collect_leaves(v, format!("{at}/{k}"), out);
            }
        }
        _ => out.push(at),
    }
}
