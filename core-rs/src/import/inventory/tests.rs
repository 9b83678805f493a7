//! The SQL Server candidate rule and the SQL Server workloads it makes,
//! over hand-written VMs.

use super::*;
use crate::model::WorkloadSpec;

fn vm(name: &str, os: &str, annotation: &str) -> InventoryVm {
    InventoryVm {
        row: 2,
        name: name.into(),
        power: PowerState::On,
        template: false,
        vcpu: Ok(8),
        memory_mib: Ok(65_536.0),
        provisioned_mib: Some(102_400.0),
        in_use_mib: Some(51_200.0),
        vdisk_mib: None,
        guest_used_mib: None,
        problem: None,
        cluster: "PROD-SQL-CL01".into(),
        host: "esx01".into(),
        os: os.into(),
        annotation: annotation.into(),
        on_vsan: false,
        measured: None,
    }
}

const WINDOWS: &str = "Microsoft Windows Server 2019 (64-bit)";

#[test]
fn sql_server_candidates_follow_the_stated_rule() {
    for (name, os, note, expected) in [
        ("SQLPRD01", WINDOWS, "", true),
        ("MSSQL-02", WINDOWS, "", true),
        (
            "app-sql-03",
            "Red Hat Enterprise Linux 8 (64-bit)",
            "",
            true,
        ),
        ("finance01", WINDOWS, "Runs SQL Server 2019", true),
        ("db-unknown-os", "", "MSSQL instance", true),
        ("mysql01", "Ubuntu Linux (64-bit)", "", false),
        (
            "postgresql-01",
            "Red Hat Enterprise Linux 8 (64-bit)",
            "",
            false,
        ),
        ("sql-appliance", "VMware Photon OS (64-bit)", "", false),
        ("web01", WINDOWS, "", false),
    ] {
        assert_eq!(
            is_sql_server_candidate(&vm(name, os, note)),
            expected,
            "{name} / {os} / {note}"
        );
    }
}

#[test]
fn candidates_become_sql_server_workloads_on_the_assumptions() {
    let inventory = Inventory {
        vms: vec![vm("SQLPRD01", WINDOWS, ""), vm("web01", WINDOWS, "")],
        vm_sheet: "vInfo".into(),
        ..Inventory::default()
    };
    let options = InventoryOptions::default();
    let r = import(&inventory, InventorySource::Rvtools, &options);
    assert_eq!(r.summary.sql_server_vms, 1);
    let sql = r
        .workloads
        .iter()
        .find(|w| matches!(w.spec, WorkloadSpec::SqlServer { .. }))
        .expect("one SQL Server workload");
    let WorkloadSpec::SqlServer {
        db_size_gb,
        log_size_gb,
        tempdb_size_gb,
        read_pct,
        ..
    } = sql.spec
    else {
        unreachable!()
    };
    let disk_gb = 102_400.0 * 1_048_576.0 / 1e9;
    assert!((db_size_gb - disk_gb * 0.7).abs() < 1e-9);
    assert!((log_size_gb - disk_gb * 0.2).abs() < 1e-9);
    assert!((tempdb_size_gb - disk_gb * 0.1).abs() < 1e-9);
    assert_eq!(read_pct, 90.0);
    assert_eq!(sql.id, "rvtools-sql-prod-sql-cl01-8vcpu");
    // No I/O measured: the core's unmeasured-IOPS finding says so.
    assert!(r
        .summary
        .findings
        .iter()
        .any(|f| f.code == "workload.iops_unmeasured"));
    let off = InventoryOptions {
        sql: SqlAssumptions {
            detect: false,
            ..SqlAssumptions::default()
        },
        ..InventoryOptions::default()
    };
    let r = import(&inventory, InventorySource::Rvtools, &off);
    assert_eq!(r.summary.sql_server_vms, 0);
    assert_eq!(r.workloads.len(), 1, "both VMs in one vm_group");
}

#[test]
fn vsan_vms_prefer_guest_and_disk_sizes_and_say_when_they_cannot() {
    let mut on_vsan = vm("web01", WINDOWS, "");
    on_vsan.on_vsan = true;
    on_vsan.vdisk_mib = Some(40_000.0);
    let mut vinfo_only = vm("web02", WINDOWS, "");
    vinfo_only.on_vsan = true;
    let inventory = Inventory {
        vms: vec![on_vsan, vinfo_only],
        vm_sheet: "vInfo".into(),
        ..Inventory::default()
    };
    let in_use = InventoryOptions {
        storage_basis: StorageBasis::InUse,
        ..InventoryOptions::default()
    };
    let r = import(&inventory, InventorySource::Rvtools, &in_use);
    let c = &r.summary.storage_sources;
    assert_eq!((c.vdisk_capacity, c.vinfo_in_use), (1, 1));
    assert_eq!(r.summary.vsan_vms, 2);
    let f = r
        .summary
        .findings
        .iter()
        .find(|f| f.code == "import.vsan_inflated")
        .expect("a finding for the VM sized from vInfo on vSAN");
    assert!(
        f.message.starts_with("1 of the 2 imported VMs"),
        "{}",
        f.message
    );
}
