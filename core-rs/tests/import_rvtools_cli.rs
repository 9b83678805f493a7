//! `stacksizer import-rvtools` end to end: generated exports written to a
//! temporary folder, the binary run on them.

#[path = "common/rvtools_fixture.rs"]
mod rvtools_fixture;

use std::path::PathBuf;

use rvtools_fixture::{fixture_vms, rvtools_xlsx, Shape};
use serde_json::Value;

fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("stacksizer-import-{}-{test}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[path = "common/cli_run.rs"]
mod cli_run;
use cli_run::stacksizer;

#[test]
fn json_summary_and_a_valid_project() {
    let dir = scratch("ok");
    let xlsx = dir.join("export.xlsx");
    std::fs::write(&xlsx, rvtools_xlsx(&fixture_vms(200), &Shape::default())).unwrap();
    let project = dir.join("project.json");
    let out = stacksizer(&[
        "import-rvtools",
        xlsx.to_str().unwrap(),
        "-o",
        project.to_str().unwrap(),
        "--json",
        "--group-by",
        "os",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    for field in [
        "vms_imported",
        "vms_skipped",
        "total_vcpu",
        "total_ram_gib",
        "total_provisioned_gib",
        "total_in_use_gib",
    ] {
        assert!(v[field].is_number(), "{field} missing from {v}");
    }
    assert_eq!(
        v["vms_imported"].as_u64().unwrap() + v["vms_skipped"].as_u64().unwrap(),
        200
    );
    let evaluated = stacksizer(&["evaluate", project.to_str().unwrap(), "--json"]);
    assert!(
        evaluated.status.success(),
        "{}",
        String::from_utf8_lossy(&evaluated.stderr)
    );
    let more = stacksizer(&[
        "import-rvtools",
        xlsx.to_str().unwrap(),
        "--json",
        "--include-powered-off",
    ]);
    let more: Value = serde_json::from_slice(&more.stdout).unwrap();
    assert!(more["vms_imported"].as_u64() > v["vms_imported"].as_u64());
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_bad_row_is_skipped_and_named_while_the_rest_imports() {
    let dir = scratch("badrow");
    let xlsx = dir.join("export.xlsx");
    let shape = Shape {
        text_cell: Some((10, "Memory", "16 GB")),
        ..Default::default()
    };
    std::fs::write(&xlsx, rvtools_xlsx(&fixture_vms(50), &shape)).unwrap();
    let project = dir.join("project.json");
    let out = stacksizer(&[
        "import",
        xlsx.to_str().unwrap(),
        "-o",
        project.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains(
            "skipped: sheet \"vInfo\", row 12, column \"Memory\" (K12): expected a number, found \"16 GB\""
        ),
        "{stdout}"
    );
    assert!(project.exists());
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn an_unreadable_file_exits_2_naming_the_column_and_writes_nothing() {
    let dir = scratch("bad");
    let xlsx = dir.join("export.xlsx");
    let shape = Shape {
        rename: Some(("CPUs", "vCPUs")),
        ..Default::default()
    };
    std::fs::write(&xlsx, rvtools_xlsx(&fixture_vms(5), &shape)).unwrap();
    let project = dir.join("project.json");
    let out = stacksizer(&[
        "import-rvtools",
        xlsx.to_str().unwrap(),
        "-o",
        project.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("sheet \"vInfo\", column \"CPUs\": the column is missing or renamed"),
        "{stderr}"
    );
    assert!(!project.exists(), "nothing is written for a failed import");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn csv_tabs_are_read_with_their_siblings() {
    let dir = scratch("csv");
    let vinfo = dir.join("RVTools_tabvInfo.csv");
    std::fs::write(
        &vinfo,
        "VM,Powerstate,Template,CPUs,Memory,Provisioned MiB,In Use MiB,Cluster,OS according to the configuration file\n\
         a,poweredOn,False,2,4096,999,999,C,Linux\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("RVTools_tabvDisk.csv"),
        "VM,Capacity MiB\na,2048\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("RVTools_tabvHost.csv"),
        "Host,Cluster,# Cores,# Memory\nesx1,C,16,262144\nesx2,C,16,262144\n",
    )
    .unwrap();
    let out = stacksizer(&["import-rvtools", vinfo.to_str().unwrap(), "--json"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["storage_source"], "vdisk_capacity");
    assert_eq!(v["vdisk"]["capacity_gib"], 2.0);
    assert_eq!(
        v["source_hosts"], 2,
        "the vHost tab beside vInfo is read too"
    );
    std::fs::remove_dir_all(dir).unwrap();
}
