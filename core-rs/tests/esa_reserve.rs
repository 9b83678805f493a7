//! vSAN ESA reserved capacity through the whole evaluation: the documented
//! operations reserve and host rebuild reserve reach the waterfall, the key
//! figures and the JSON; the host rebuild switch, the 4-host floor of
//! reserved capacity and the entered percentage's range.

use serde_json::{json, Value};
use stacksizer_core::evaluate::{evaluate, Evaluation};
use stacksizer_core::model::{Project, SCHEMA_VERSION};
use stacksizer_core::rules::Severity;

/// `hosts` hosts of 6 x 3,840 GB NVMe (23,040 GB per host), one SQL
/// Server VM of `db_gb`, `storage` merged into the ESA pool's settings.
fn project(hosts: u32, db_gb: f64, storage: Value) -> Project {
    let mut pool = json!({
        "architecture": "vsan_esa",
        "device": "nvme",
        "devices_per_host": 6
    });
    for (k, v) in storage.as_object().expect("an object") {
        pool[k] = v.clone();
    }
    serde_json::from_value(json!({
        "schema_version": SCHEMA_VERSION,
        "name": "ESA reserve",
        "devices": [{
            "id": "nvme", "model": "3.84 TB NVMe", "kind": "nvme",
            "capacity_gb": 3840, "read_iops": 750000, "write_iops": 180000
        }],
        "clusters": [{
            "id": "c", "name": "ESA",
            "host": {
                "model": "host", "sockets": 2, "cores_per_socket": 24, "ghz": 2.8,
                "ram_gb": 768, "nics": 2, "nic_gbps": 25
            },
            "topology": { "kind": "single", "host_count": hosts },
            "storage": pool
        }],
        "policies": [{ "id": "p", "name": "RAID-5", "method": "raid5", "ftt": 1 }],
        "workloads": [{
            "id": "sql", "name": "SQL", "cluster_id": "c", "policy_id": "p",
            "spec": {
                "kind": "sql_server", "vm_count": 1, "vcpu_per_vm": 8,
                "ram_gb_per_vm": 64, "db_size_gb": db_gb, "log_size_gb": 0,
                "tempdb_size_gb": 0, "annual_growth_pct": 0, "working_set_pct": 20,
                "target_iops": 1000, "read_pct": 70, "io_size_kb": 8,
                "deployment": { "type": "standalone" }
            }
        }]
    }))
    .expect("a project")
}

fn run(p: &Project) -> Evaluation {
    evaluate(p).unwrap_or_else(|issues| panic!("{issues:?}"))
}

fn waterfall(e: &Evaluation) -> Vec<(String, f64)> {
    let json = serde_json::to_value(e).expect("serialisable");
    find(&json, "waterfall")
        .and_then(Value::as_array)
        .expect("a waterfall")
        .iter()
        .map(|s| {
            let label = s["label"].as_str().unwrap_or_default().to_string();
            (label, s["amount"]["gb"].as_f64().unwrap_or(f64::NAN))
        })
        .collect()
}

fn find<'a>(v: &'a Value, key: &str) -> Option<&'a Value> {
    match v {
        Value::Object(m) => m.get(key).or_else(|| m.values().find_map(|x| find(x, key))),
        Value::Array(a) => a.iter().find_map(|x| find(x, key)),
        _ => None,
    }
}

fn codes(e: &Evaluation) -> Vec<(&'static str, Severity)> {
    e.findings
        .iter()
        .map(|f| (f.code.as_str(), f.severity))
        .collect()
}

#[test]
fn six_hosts_keep_255_gb_each_5_percent_and_one_host() {
    // 138,240 GB raw: 6 x 255 = 1,530 GB, 5 % = 6,912 GB, one host
    // 23,040 GB -> 106,758 GB usable, in the key figures as in the waterfall.
    let e = run(&project(6, 2_000.0, json!({})));
    let steps = waterfall(&e);
    let step = |label: &str| {
        steps
            .iter()
            .find(|(l, _)| l == label)
            .map(|(_, gb)| *gb)
            .unwrap_or_else(|| panic!("no step {label}: {steps:?}"))
    };
    assert!((step("Operations reserve") - 1_530.0).abs() < 1e-6);
    assert!((step("Operations reserve buffer (5 %)") - 6_912.0).abs() < 1e-6);
    assert!((step("Host rebuild reserve") - 23_040.0).abs() < 1e-6);
    assert!((step("Usable for protected data") - 106_758.0).abs() < 1e-6);
    assert!((e.clusters[0].key_figures.usable.gb - 106_758.0).abs() < 1e-6);
    let json = serde_json::to_value(&e).expect("serialisable");
    let reserve = find(&json, "reserve").expect("the ESA reserve in the JSON");
    assert_eq!(reserve["operations_per_host"]["gb"], json!(255.0));
    assert_eq!(reserve["enforceable"], json!(true));
    assert!(!codes(&e)
        .iter()
        .any(|(c, _)| c.starts_with("esa.reserved") || *c == "esa.no_host_rebuild_reserve"));
}

#[test]
fn a_vm_of_8_tb_moves_the_cluster_to_765_gb_per_host() {
    let small = run(&project(6, 7_900.0, json!({})));
    let large = run(&project(6, 8_000.0, json!({})));
    let usable = |e: &Evaluation| e.clusters[0].key_figures.usable.gb;
    // 6 x (765 - 255) = 3,060 GB less usable.
    assert!((usable(&small) - usable(&large) - 3_060.0).abs() < 1e-6);
}

#[test]
fn the_host_rebuild_switch_frees_one_host_and_says_so() {
    let on = run(&project(6, 2_000.0, json!({})));
    let off = run(&project(
        6,
        2_000.0,
        json!({ "host_rebuild_reserve": false }),
    ));
    let usable = |e: &Evaluation| e.clusters[0].key_figures.usable.gb;
    assert!((usable(&off) - usable(&on) - 23_040.0).abs() < 1e-6);
    let f = off
        .findings
        .iter()
        .find(|f| f.code == "esa.no_host_rebuild_reserve")
        .expect("the missing reserve is said");
    assert_eq!(f.severity, Severity::Info);
    assert_eq!(
        f.path.as_deref(),
        Some("clusters[0].storage.host_rebuild_reserve")
    );
}

#[test]
fn below_four_hosts_the_reserve_is_free_space_vsan_does_not_enforce() {
    let three = run(&project(3, 2_000.0, json!({})));
    assert!(codes(&three).contains(&("esa.reserved_capacity_not_enforced", Severity::Info)));
    let four = run(&project(4, 2_000.0, json!({})));
    assert!(!codes(&four)
        .iter()
        .any(|(c, _)| *c == "esa.reserved_capacity_not_enforced"));
    // The slack model is the older rule: nothing to enforce.
    let slack = run(&project(3, 2_000.0, json!({ "free_space": "slack" })));
    assert!(!codes(&slack)
        .iter()
        .any(|(c, _)| *c == "esa.reserved_capacity_not_enforced"));
}

#[test]
fn an_entered_operations_reserve_is_checked_and_used() {
    let entered = run(&project(
        6,
        2_000.0,
        json!({ "operations_reserve_pct": 10 }),
    ));
    // 10 % of 138,240 = 13,824 GB, one host 23,040 GB -> 101,376 GB.
    assert!((entered.clusters[0].key_figures.usable.gb - 101_376.0).abs() < 1e-6);
    let issues = evaluate(&project(
        6,
        2_000.0,
        json!({ "operations_reserve_pct": 60 }),
    ))
    .expect_err("60 % is out of range");
    let issue = issues
        .iter()
        .find(|i| i.path == "clusters[0].storage.operations_reserve_pct")
        .unwrap_or_else(|| panic!("{issues:?}"));
    assert!(issue.message.contains("50"), "{}", issue.message);
}
