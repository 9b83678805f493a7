//! `stacksizer import` end to end: each kind of file recognised from its
//! bytes, the JSON summary's fields, a workloads CSV added to a project,
//! and bad input refused with exit code 2 naming the cell.

#[path = "common/live_optics_fixture.rs"]
mod live_optics_fixture;
#[path = "common/rvtools_fixture.rs"]
mod rvtools_fixture;
#[path = "common/scratch.rs"]
mod scratch;

use std::process::Output;

use live_optics_fixture::{lo_vms, lo_xlsx, lo_zip};
use rvtools_fixture::{fixture_vms, rvtools_xlsx, Shape};
use scratch::Scratch;
use serde_json::Value;

#[path = "common/cli_run.rs"]
mod cli_run;
use cli_run::stacksizer;

fn json_of(out: &Output) -> Value {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

/// The summary fields the issue names, present in every source's JSON.
const FIELDS: [&str; 13] = [
    "source",
    "vms_imported",
    "vms_skipped",
    "skipped",
    "total_vcpu",
    "total_ram_gib",
    "total_provisioned_gib",
    "total_in_use_gib",
    "sql_server_vms",
    "measured_peak_iops",
    "measured_p95_iops",
    "source_clusters",
    "source_hosts",
];

fn has_fields(v: &Value) {
    for field in FIELDS {
        assert!(v.get(field).is_some(), "{field} missing from {v}");
    }
}

#[test]
fn live_optics_xlsx_and_zip_print_measured_iops() {
    let dir = Scratch::new("import-cli-lo");
    let xlsx = lo_xlsx(&lo_vms(200), true);
    let zip = dir.file("export.zip", lo_zip(&xlsx));
    let xlsx = dir.file("export.xlsx", &xlsx);
    let project = dir.path("project.json");
    let a = json_of(&stacksizer(&["import", &xlsx, "--json", "-o", &project]));
    has_fields(&a);
    assert_eq!(a["source"], "live_optics");
    assert!(a["measured_peak_iops"].as_f64().unwrap() > a["measured_p95_iops"].as_f64().unwrap());
    assert_eq!(a["source_hosts"], 8);
    assert!(a["sql_server_vms"].as_u64().unwrap() > 0);
    let evaluated = stacksizer(&["evaluate", &project, "--json"]);
    assert!(evaluated.status.success());
    let b = json_of(&stacksizer(&["import", &zip, "--json", "--iops", "peak"]));
    assert_eq!(b["iops_basis"], "peak");
    assert_eq!(a["vms_imported"], b["vms_imported"]);
}

#[test]
fn rvtools_prints_null_measurements_and_skipped_vms_with_reasons() {
    let dir = Scratch::new("import-cli-rv");
    let shape = Shape {
        text_cell: Some((12, "CPUs", "eight")),
        ..Default::default()
    };
    let xlsx = dir.file("export.xlsx", rvtools_xlsx(&fixture_vms(100), &shape));
    let v = json_of(&stacksizer(&["import", &xlsx, "--json"]));
    has_fields(&v);
    assert_eq!(v["source"], "rvtools");
    assert_eq!(v["measured_peak_iops"], Value::Null);
    assert_eq!(v["measured_p95_iops"], Value::Null);
    let bad: Vec<&Value> = v["skipped"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["reason"] == "invalid_row")
        .collect();
    assert_eq!(bad.len(), 1);
    assert_eq!(
        (&bad[0]["row"], &bad[0]["column"]),
        (&Value::from(14), &Value::from("CPUs"))
    );
    assert_eq!(
        v["skipped"].as_array().unwrap().len() as u64,
        v["vms_skipped"].as_u64().unwrap()
    );
}

/// German Excel: semicolons, decimal comma, "." grouping thousands, Windows-1252.
const EUROPEAN: &[u8] = b"name;kind;vm_count;vcpu_per_vm;ram_gb_per_vm;mailboxes;mailbox_gb;iops_per_mailbox;database_copies\r\n\
B\xfcro Mail;exchange;4;8;64;16.000;2,5;0,1;2\r\n";

#[test]
fn a_european_workloads_csv_is_added_to_a_project() {
    let dir = Scratch::new("import-cli-csv");
    let csv = dir.file("workloads.csv", EUROPEAN);
    let seed = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../assets/examples/seed-001-all-flash-sql.json"
    ))
    .unwrap();
    let project = dir.file("project.json", &seed);
    let before: Value = serde_json::from_slice(&seed).unwrap();
    let v = json_of(&stacksizer(&["import", &csv, "--into", &project, "--json"]));
    has_fields(&v);
    assert_eq!(v["source"], "workloads_csv");
    assert_eq!(v["encoding"], "Windows-1252");
    assert_eq!(v["vms_imported"], 4);
    let after: Value = serde_json::from_str(&std::fs::read_to_string(&project).unwrap()).unwrap();
    let workloads = after["workloads"].as_array().unwrap();
    assert_eq!(
        workloads.len(),
        before["workloads"].as_array().unwrap().len() + 1
    );
    let added = workloads.last().unwrap();
    assert_eq!(added["name"], "Büro Mail");
    assert_eq!(added["spec"]["mailboxes"], 16_000, "never 1000x too small");
    assert_eq!(added["spec"]["mailbox_gb"], 2.5);
    assert_eq!(added["cluster_id"], before["clusters"][0]["id"]);
    assert!(stacksizer(&["evaluate", &project]).status.success());
}

#[test]
fn an_ambiguous_value_or_an_unknown_file_exits_2_naming_it() {
    let dir = Scratch::new("import-cli-bad");
    let csv = dir.file(
        "workloads.csv",
        "name;kind;vm_count;vcpu_per_vm;ram_gb_per_vm;disk_gb_per_vm;iops_per_vm;read_pct\nweb;vm_group;2;2;1.5;100;10;70\n",
    );
    let out = stacksizer(&["import", &csv]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("row 2, column \"ram_gb_per_vm\" (E2): expected a number, found \"1.5\"; in a semicolon-separated file"),
        "{stderr}"
    );
    let other = dir.file("notes.txt", "hello,world\n1,2\n");
    let out = stacksizer(&["import", &other]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a recognised inventory"));
    let xlsx = dir.file(
        "export.xlsx",
        rvtools_xlsx(&fixture_vms(3), &Shape::default()),
    );
    let out = stacksizer(&["import", &xlsx, "--into", &dir.path("p.json")]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("error: --into:"));
}

#[test]
fn export_workloads_writes_what_import_reads_back() {
    let dir = Scratch::new("export-workloads-cli");
    let example = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../assets/examples/seed-003-mixed-sql-exchange.json"
    );
    let csv = dir.path("w.csv");
    let out = stacksizer(&["export-workloads", example, "-o", &csv]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        format!("wrote 4 workloads to {csv}")
    );
    let v = json_of(&stacksizer(&["import", &csv, "--json"]));
    assert_eq!(v["source"], "workloads_csv");
    // 1 SQL Server + 2 Exchange + 2 domain controllers + 1 disk group VM.
    assert_eq!(v["vms_imported"], 6);
    // Never over its own input; a project that does not parse is named.
    let out = stacksizer(&["export-workloads", example, "-o", example]);
    assert_eq!(out.status.code(), Some(2));
    let bad = dir.file("bad.json", "{");
    let out = stacksizer(&["export-workloads", &bad, "-o", &csv]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("bad.json: the file is not valid JSON"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
