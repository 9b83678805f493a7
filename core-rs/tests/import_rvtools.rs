//! RVTools .xlsx import over generated workbooks: exact totals for 5,000
//! VMs with edge cases, and clear errors (sheet, row, column) with nothing
//! imported for malformed files.

#[path = "common/rvtools_fixture.rs"]
mod rvtools_fixture;

use rvtools_fixture::{fixture_vms, rvtools_xlsx, FixtureVm, Shape};
use stacksizer_core::catalog::shipped_catalog;
use stacksizer_core::evaluate::evaluate;
use stacksizer_core::import::project::starter_project;
use stacksizer_core::import::rvtools::{
    import_rvtools, RvtoolsFile, RvtoolsImport, RvtoolsOptions, SkipReason, StorageBasis,
    StorageSource,
};
use stacksizer_core::import::ImportIssue;
use stacksizer_core::model::WorkloadSpec;
use stacksizer_core::verdict::VerdictStatus;

fn import(bytes: &[u8], options: &RvtoolsOptions) -> Result<RvtoolsImport, Vec<ImportIssue>> {
    import_rvtools(RvtoolsFile::Xlsx(bytes), options)
}

fn running(vm: &FixtureVm) -> bool {
    vm.power == "poweredOn" && !vm.template
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-6 * b.abs().max(1.0)
}

#[test]
fn five_thousand_vms_import_with_exact_totals() {
    let vms = fixture_vms(5000);
    let r = import(
        &rvtools_xlsx(&vms, &Shape::default()),
        &RvtoolsOptions::default(),
    )
    .unwrap();
    let s = &r.summary;
    let on: Vec<&FixtureVm> = vms.iter().filter(|v| running(v)).collect();
    assert_eq!(s.vms_imported as usize, on.len());
    assert_eq!(s.vms_skipped as usize, 5000 - on.len());
    assert_eq!(s.skipped_by_reason.template, 200);
    assert_eq!(
        s.skipped_by_reason.suspended as usize,
        vms.iter()
            .filter(|v| v.power == "suspended" && !v.template)
            .count()
    );
    assert_eq!(
        s.total_vcpu,
        on.iter().map(|v| u64::from(v.cpus)).sum::<u64>()
    );
    assert!(close(
        s.total_ram_gib,
        on.iter().map(|v| v.memory_mib).sum::<f64>() / 1024.0
    ));
    assert!(close(
        s.total_provisioned_gib,
        on.iter().map(|v| v.provisioned_mib).sum::<f64>() / 1024.0
    ));
    assert!(close(
        s.total_in_use_gib,
        on.iter().map(|v| v.in_use_mib).sum::<f64>() / 1024.0
    ));
    // vDisk wins over vInfo's provisioned figure (which includes swap).
    assert_eq!(s.storage_source, Some(StorageSource::VdiskCapacity));
    let disk_mib: f64 = on.iter().flat_map(|v| &v.disks).map(|d| d.0).sum();
    let workload_gb: f64 = r
        .workloads
        .iter()
        .map(|w| match w.spec {
            WorkloadSpec::VmGroup {
                vm_count,
                disk_gb_per_vm,
                ..
            } => f64::from(vm_count) * disk_gb_per_vm,
            // SQL Server candidates split the same storage into data, log and tempdb.
            WorkloadSpec::SqlServer {
                vm_count,
                db_size_gb,
                log_size_gb,
                tempdb_size_gb,
                ..
            } => f64::from(vm_count) * (db_size_gb + log_size_gb + tempdb_size_gb),
            _ => panic!("vm_group and sql_server workloads only"),
        })
        .sum();
    assert!(close(workload_gb, disk_mib * 1_048_576.0 / 1e9));
    let vdisk = s.vdisk.as_ref().unwrap();
    assert_eq!(
        vdisk.zero_size as usize,
        vms.iter().filter(|v| v.disks.len() == 3).count()
    );
    let vm_count: u32 = s.groups.iter().map(|g| g.vm_count).sum();
    assert_eq!(vm_count, s.vms_imported);
}

#[test]
fn non_ascii_names_survive_and_skipped_vms_can_be_picked_back() {
    let vms = fixture_vms(100);
    let bytes = rvtools_xlsx(&vms, &Shape::default());
    let r = import(&bytes, &RvtoolsOptions::default()).unwrap();
    let off = r
        .summary
        .skipped
        .iter()
        .find(|s| s.reason == SkipReason::PoweredOff && s.name.contains("東京"))
        .expect("a powered-off VM with a non-ASCII name is listed");
    let index = (off.row - 2) as usize;
    assert_eq!(off.name, vms[index].name);
    let picked = RvtoolsOptions {
        also_import_rows: vec![off.row],
        ..Default::default()
    };
    let again = import(&bytes, &picked).unwrap();
    assert_eq!(again.summary.vms_imported, r.summary.vms_imported + 1);
    let everything = RvtoolsOptions {
        include_powered_off: true,
        include_templates: true,
        ..Default::default()
    };
    assert_eq!(
        import(&bytes, &everything).unwrap().summary.vms_imported,
        100
    );
}

#[test]
fn in_use_storage_comes_from_vpartition() {
    let vms = fixture_vms(50);
    let options = RvtoolsOptions {
        storage_basis: StorageBasis::InUse,
        ..Default::default()
    };
    let r = import(&rvtools_xlsx(&vms, &Shape::default()), &options).unwrap();
    assert_eq!(
        r.summary.storage_source,
        Some(StorageSource::VpartitionConsumed)
    );
    let consumed: f64 = vms
        .iter()
        .filter(|v| running(v))
        .flat_map(|v| &v.disks)
        .map(|d| d.1)
        .sum();
    let gb: f64 = r.summary.groups.iter().map(|g| g.storage_gb).sum();
    assert!(close(gb, consumed * 1_048_576.0 / 1e9));
}

#[test]
fn without_disk_tabs_vinfo_provisioned_is_used() {
    let vms = fixture_vms(20);
    let shape = Shape {
        without_disk_tabs: true,
        ..Default::default()
    };
    let r = import(&rvtools_xlsx(&vms, &shape), &RvtoolsOptions::default()).unwrap();
    assert_eq!(
        r.summary.storage_source,
        Some(StorageSource::VinfoProvisioned)
    );
    assert!(r.summary.vdisk.is_none());
}

#[test]
fn the_import_makes_a_valid_project() {
    let vms = fixture_vms(300);
    let r = import(
        &rvtools_xlsx(&vms, &Shape::default()),
        &RvtoolsOptions::default(),
    )
    .unwrap();
    let project = starter_project("fixture", "", r.workloads, &shipped_catalog()).unwrap();
    assert_eq!(project.workloads.len(), r.summary.groups.len());
    // RVTools carries no I/O rates: the evaluation says 0 IOPS was assumed
    // rather than pass the inventory as measured.
    let e = evaluate(&project).expect("valid");
    let unmeasured = e
        .findings
        .iter()
        .find(|f| f.code == "workload.iops_unmeasured")
        .expect("a finding for the 0-IOPS workloads");
    assert!(unmeasured.message.contains("assumed to do no I/O"));
    assert_ne!(e.verdict.status, VerdictStatus::Pass);
}

#[test]
fn a_truncated_file_is_a_clear_error() {
    let bytes = rvtools_xlsx(&fixture_vms(20), &Shape::default());
    let err = import(&bytes[..bytes.len() / 2], &RvtoolsOptions::default()).unwrap_err();
    assert_eq!(err.len(), 1);
    assert_eq!(err[0].sheet, None);
    assert!(err[0].message.contains("truncated"), "{}", err[0].message);
}

#[test]
fn a_file_that_is_not_a_workbook_is_a_clear_error() {
    let err = import(b"VM,CPUs\nx,1\n", &RvtoolsOptions::default()).unwrap_err();
    assert!(
        err[0].message.contains("not a complete .xlsx"),
        "{}",
        err[0].message
    );
}

#[test]
fn a_workbook_without_vinfo_names_its_sheets() {
    let shape = Shape {
        vinfo_sheet: Some("Sheet1"),
        ..Default::default()
    };
    let err = import(
        &rvtools_xlsx(&fixture_vms(3), &shape),
        &RvtoolsOptions::default(),
    )
    .unwrap_err();
    assert_eq!(err[0].sheet.as_deref(), Some("vInfo"));
    assert!(err[0].message.contains("\"Sheet1\""), "{}", err[0].message);
}

#[test]
fn a_renamed_column_names_sheet_and_column() {
    let shape = Shape {
        rename: Some(("Memory", "Memory MB")),
        ..Default::default()
    };
    let err = import(
        &rvtools_xlsx(&fixture_vms(3), &shape),
        &RvtoolsOptions::default(),
    )
    .unwrap_err();
    assert_eq!(err.len(), 1);
    assert_eq!(
        (err[0].sheet.as_deref(), err[0].column.as_deref()),
        (Some("vInfo"), Some("Memory"))
    );
}

/// The one bad row is skipped and named; the other 4,999 VMs import.
fn one_bad_row(text_cell: (usize, &'static str, &'static str), vms: usize) -> RvtoolsImport {
    let shape = Shape {
        text_cell: Some(text_cell),
        ..Default::default()
    };
    import(
        &rvtools_xlsx(&fixture_vms(vms), &shape),
        &RvtoolsOptions::default(),
    )
    .unwrap()
}

#[test]
fn text_in_a_numeric_column_skips_only_its_row_and_names_the_cell() {
    let all = import(
        &rvtools_xlsx(&fixture_vms(5000), &Shape::default()),
        &RvtoolsOptions::default(),
    )
    .unwrap();
    let r = one_bad_row((4_321, "CPUs", "eight"), 5000);
    assert_eq!(r.summary.vms_imported + 1, all.summary.vms_imported);
    let bad: Vec<_> = r
        .summary
        .skipped
        .iter()
        .filter(|v| v.reason == SkipReason::InvalidRow)
        .collect();
    assert_eq!(bad.len(), 1, "one bad cell, one skipped VM");
    // VM 4,321 sits on row 4,323 (header on row 1); CPUs is column J.
    assert_eq!(bad[0].row, 4323);
    assert_eq!(
        bad[0].message.as_deref(),
        Some("sheet \"vInfo\", row 4323, column \"CPUs\" (J4323): expected a number, found \"eight\"")
    );
}

#[test]
fn an_unknown_power_state_is_named() {
    let r = one_bad_row((1, "Powerstate", "standby"), 3);
    let bad = r
        .summary
        .skipped
        .iter()
        .find(|v| v.reason == SkipReason::InvalidRow)
        .unwrap();
    assert_eq!((bad.row, bad.column.as_deref()), (3, Some("Powerstate")));
}
