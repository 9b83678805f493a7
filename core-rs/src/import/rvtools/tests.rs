//! Unit tests over CSV tabs, written inline; the .xlsx path (generated
//! workbooks, malformed files, 5,000 VMs) is tested in tests/import_rvtools.rs.

use super::*;
use crate::model::WorkloadSpec;

const VINFO_HEADER: &str = "VM,Powerstate,Template,CPUs,Memory,Provisioned MiB,In Use MiB,Cluster,OS according to the configuration file,OS according to the VMware Tools,VM UUID";

fn vinfo(rows: &[&str]) -> String {
    std::iter::once(VINFO_HEADER)
        .chain(rows.iter().copied())
        .collect::<Vec<_>>()
        .join("\n")
}

fn import(vinfo: &str, options: &RvtoolsOptions) -> Result<RvtoolsImport, Vec<ImportIssue>> {
    import_rvtools(
        RvtoolsFile::CsvTabs {
            vinfo: vinfo.as_bytes(),
            vdisk: None,
            vpartition: None,
        },
        options,
    )
}

const SAMPLE: [&str; 5] = [
    "web01,poweredOn,False,2,4096,51200,20480,Prod,Windows,,u1",
    "web02,poweredOn,False,2,8192,102400,40960,Prod,Windows,,u2",
    "db01,poweredOn,False,8,65536,1048576,524288,Prod,Windows,,u3",
    "tmpl,poweredOff,True,2,4096,40960,10240,Prod,Windows,,u4",
    "old,poweredOff,False,1,2048,20480,20480,Test,Linux,,u5",
];

#[test]
fn powered_on_vms_are_grouped_by_cluster_and_vcpu() {
    let r = import(&vinfo(&SAMPLE), &RvtoolsOptions::default()).unwrap();
    let s = &r.summary;
    assert_eq!(s.vms_imported, 3);
    assert_eq!(s.vms_skipped, 2);
    assert_eq!(s.total_vcpu, 12);
    assert_eq!(s.total_ram_gib, 76.0);
    assert_eq!(s.total_provisioned_gib, 1174.0);
    assert_eq!(s.total_in_use_gib, 572.0);
    assert_eq!(s.storage_source, StorageSource::VinfoProvisioned);
    assert_eq!(r.workloads.len(), 2);
    let w = &r.workloads[0];
    assert_eq!(w.id, "rvtools-prod-2vcpu");
    let WorkloadSpec::VmGroup {
        vm_count,
        vcpu_per_vm,
        ram_gb_per_vm,
        disk_gb_per_vm,
        ..
    } = w.spec
    else {
        panic!("a vm_group");
    };
    assert_eq!((vm_count, vcpu_per_vm), (2, 2));
    assert_eq!(ram_gb_per_vm, 6.0);
    // 76,800 MiB average = 80.53 decimal GB.
    assert!((disk_gb_per_vm - 76_800.0 * 1_048_576.0 / 1e9).abs() < 1e-9);
}

#[test]
fn skipped_vms_are_listed_with_reasons_and_can_be_picked() {
    let r = import(&vinfo(&SAMPLE), &RvtoolsOptions::default()).unwrap();
    let skipped: Vec<_> = r
        .summary
        .skipped
        .iter()
        .map(|s| (s.row, s.name.as_str(), s.reason))
        .collect();
    assert_eq!(
        skipped,
        [
            (5, "tmpl", SkipReason::Template),
            (6, "old", SkipReason::PoweredOff)
        ]
    );
    let picked = RvtoolsOptions {
        also_import_rows: vec![6],
        ..Default::default()
    };
    let r = import(&vinfo(&SAMPLE), &picked).unwrap();
    assert_eq!(r.summary.vms_imported, 4);
    assert_eq!(r.summary.skipped_by_reason.template, 1);
    assert!(r.workloads.iter().any(|w| w.id == "rvtools-test-1vcpu"));
}

#[test]
fn including_powered_off_keeps_templates_out() {
    let all_off = RvtoolsOptions {
        include_powered_off: true,
        ..Default::default()
    };
    let r = import(&vinfo(&SAMPLE), &all_off).unwrap();
    assert_eq!(r.summary.vms_imported, 4);
    assert_eq!(r.summary.skipped[0].reason, SkipReason::Template);
}

#[test]
fn group_by_os_prefers_what_vmware_tools_reports() {
    let rows = [
        "a,poweredOn,False,2,4096,1024,1024,C1,Windows 2016,Windows 2019,u1",
        "b,poweredOn,False,2,4096,1024,1024,C2,Windows 2019,,u2",
        "c,poweredOn,False,2,4096,1024,1024,C2,,,u3",
    ];
    let by_os = RvtoolsOptions {
        group_by: GroupBy::Os,
        ..Default::default()
    };
    let r = import(&vinfo(&rows), &by_os).unwrap();
    let names: Vec<_> = r.summary.groups.iter().map(|g| g.name.as_str()).collect();
    assert_eq!(names, ["(unknown OS) · 2 vCPU", "Windows 2019 · 2 vCPU"]);
    assert_eq!(r.summary.groups[1].vm_count, 2);
    let one = RvtoolsOptions {
        group_by: GroupBy::None,
        ..Default::default()
    };
    assert_eq!(import(&vinfo(&rows), &one).unwrap().workloads.len(), 1);
}

#[test]
fn per_disk_tabs_set_the_storage_and_are_matched_by_uuid() {
    let vinfo = vinfo(&[
        "twin,poweredOn,False,2,4096,999999,999999,C,Linux,,u1",
        "twin,poweredOn,False,2,4096,999999,999999,C,Linux,,u2",
    ]);
    let vdisk = "VM,Capacity MiB,VM UUID\ntwin,1024,u1\ntwin,0,u1\ntwin,3072,u2\n";
    let vpartition = "VM,Capacity MiB,Consumed MiB,VM UUID\ntwin,1000,100,u1\ntwin,3000,300,u2\n";
    let file = RvtoolsFile::CsvTabs {
        vinfo: vinfo.as_bytes(),
        vdisk: Some(vdisk.as_bytes()),
        vpartition: Some(vpartition.as_bytes()),
    };
    let r = import_rvtools(file, &RvtoolsOptions::default()).unwrap();
    let d = r.summary.vdisk.as_ref().unwrap();
    assert_eq!((d.rows, d.zero_size, d.capacity_gib), (3, 1, 4.0));
    assert_eq!(r.summary.storage_source, StorageSource::VdiskCapacity);
    assert!((r.summary.groups[0].storage_gb - 4096.0 * 1_048_576.0 / 1e9).abs() < 1e-9);
    let in_use = RvtoolsOptions {
        storage_basis: StorageBasis::InUse,
        ..Default::default()
    };
    let r = import_rvtools(file, &in_use).unwrap();
    assert_eq!(r.summary.storage_source, StorageSource::VpartitionConsumed);
    assert!((r.summary.groups[0].storage_gb - 400.0 * 1_048_576.0 / 1e9).abs() < 1e-9);
}

#[test]
fn every_bad_cell_is_reported_and_nothing_is_imported() {
    let rows = [
        "ok,poweredOn,False,2,4096,1024,1024,C,Linux,,u1",
        "bad,poweredOn,maybe,four,4096,1024,-5,C,Linux,,u2",
        "worse,standby,False,2,4096,1024,1024,C,Linux,,u3",
    ];
    let err = import(&vinfo(&rows), &RvtoolsOptions::default()).unwrap_err();
    let at: Vec<_> = err
        .iter()
        .map(|e| (e.row.unwrap(), e.column.clone().unwrap()))
        .collect();
    assert_eq!(
        at,
        [
            (3, "CPUs".to_owned()),
            (3, "In Use MiB".to_owned()),
            (3, "Template".to_owned()),
            (4, "Powerstate".to_owned())
        ]
    );
    assert_eq!(
        err[0].message,
        "sheet \"vInfo\", row 3, column \"CPUs\" (D3): expected a number, found \"four\""
    );
}

#[test]
fn a_renamed_column_is_named_with_its_sheet() {
    let text = vinfo(&SAMPLE).replacen("CPUs", "vCPUs", 1);
    let err = import(&text, &RvtoolsOptions::default()).unwrap_err();
    assert_eq!(err.len(), 1);
    assert_eq!(err[0].sheet.as_deref(), Some("vInfo"));
    assert_eq!(err[0].column.as_deref(), Some("CPUs"));
    assert!(
        err[0].message.contains("missing or renamed"),
        "{}",
        err[0].message
    );
}

#[test]
fn rvtools_3_column_names_are_accepted() {
    let text = vinfo(&SAMPLE)
        .replacen("Provisioned MiB", "Provisioned MB", 1)
        .replacen("In Use MiB", "In Use MB", 1);
    assert_eq!(
        import(&text, &RvtoolsOptions::default())
            .unwrap()
            .summary
            .vms_imported,
        3
    );
}

#[test]
fn a_vinfo_without_vms_is_an_error() {
    let err = import(&vinfo(&[]), &RvtoolsOptions::default()).unwrap_err();
    assert!(err[0].message.contains("lists no VM"), "{}", err[0].message);
}

#[test]
fn ids_are_ascii_and_unique_while_names_keep_unicode() {
    let rows = [
        "a,poweredOn,False,2,4096,1024,1024,Zürich Prod,Linux,,u1",
        "b,poweredOn,False,2,4096,1024,1024,zürich-prod,Linux,,u2",
        "c,poweredOn,False,2,4096,1024,1024,東京,Linux,,u3",
    ];
    let r = import(&vinfo(&rows), &RvtoolsOptions::default()).unwrap();
    let ids: Vec<_> = r.workloads.iter().map(|w| w.id.as_str()).collect();
    assert_eq!(
        ids,
        [
            "rvtools-z-rich-prod-2vcpu",
            "rvtools-z-rich-prod-2vcpu-2",
            "rvtools-group-2vcpu"
        ]
    );
    assert_eq!(r.workloads[2].name, "東京 · 2 vCPU");
}
