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
        RvtoolsFile::Csv(CsvTabs {
            vinfo: vinfo.as_bytes(),
            vdisk: None,
            vpartition: None,
            ..CsvTabs::default()
        }),
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
    assert_eq!(s.storage_source, Some(StorageSource::VinfoProvisioned));
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
    let file = RvtoolsFile::Csv(CsvTabs {
        vinfo: vinfo.as_bytes(),
        vdisk: Some(vdisk.as_bytes()),
        vpartition: Some(vpartition.as_bytes()),
        ..CsvTabs::default()
    });
    let r = import_rvtools(file, &RvtoolsOptions::default()).unwrap();
    let d = r.summary.vdisk.as_ref().unwrap();
    assert_eq!((d.rows, d.zero_size, d.capacity_gib), (3, 1, 4.0));
    assert_eq!(r.summary.storage_source, Some(StorageSource::VdiskCapacity));
    assert!((r.summary.groups[0].storage_gb - 4096.0 * 1_048_576.0 / 1e9).abs() < 1e-9);
    let in_use = RvtoolsOptions {
        storage_basis: StorageBasis::InUse,
        ..Default::default()
    };
    let r = import_rvtools(file, &in_use).unwrap();
    assert_eq!(
        r.summary.storage_source,
        Some(StorageSource::VpartitionConsumed)
    );
    assert!((r.summary.groups[0].storage_gb - 400.0 * 1_048_576.0 / 1e9).abs() < 1e-9);
}

#[test]
fn bad_rows_are_skipped_and_listed_while_the_rest_imports() {
    let rows = [
        "ok,poweredOn,False,2,4096,1024,1024,C,Linux,,u1",
        "bad,poweredOn,maybe,four,4096,1024,-5,C,Linux,,u2",
        "worse,standby,False,2,4096,1024,1024,C,Linux,,u3",
        "off0,poweredOff,False,0,4096,1024,1024,C,Linux,,u4",
        "no-in-use,poweredOn,False,4,8192,2048,,C,Linux,,u5",
        "no-template,poweredOn,,1,2048,512,256,C,Linux,,u6",
    ];
    let r = import(&vinfo(&rows), &RvtoolsOptions::default()).unwrap();
    let s = &r.summary;
    assert_eq!(s.vms_imported, 3, "ok, no-in-use and no-template");
    assert_eq!(s.total_vcpu, 2 + 4 + 1);
    // The empty In Use MiB falls back to the VM's provisioned figure.
    assert_eq!(s.total_in_use_gib, (1024.0 + 2048.0 + 256.0) / 1024.0);
    let skipped: Vec<_> = s
        .skipped
        .iter()
        .map(|v| (v.row, v.reason, v.column.as_deref()))
        .collect();
    assert_eq!(
        skipped,
        [
            (3, SkipReason::InvalidRow, Some("Template")),
            (4, SkipReason::InvalidRow, Some("Powerstate")),
            (5, SkipReason::PoweredOff, None),
        ]
    );
    assert_eq!(s.skipped_by_reason.invalid_row, 2);
    assert_eq!(
        s.skipped[0].message.as_deref(),
        Some("sheet \"vInfo\", row 3, column \"Template\" (C3): expected True or False, found \"maybe\"")
    );
    let noted: Vec<_> = s
        .notes
        .iter()
        .map(|n| (n.row, n.column.as_deref()))
        .collect();
    assert!(noted.contains(&(Some(6), Some("In Use MiB"))), "{noted:?}");
    assert!(noted.contains(&(Some(7), Some("Template"))), "{noted:?}");
    // Brought in on purpose, the 0-vCPU VM is skipped with the cell named.
    let off = RvtoolsOptions {
        include_powered_off: true,
        ..Default::default()
    };
    let r = import(&vinfo(&rows), &off).unwrap();
    let zero = r.summary.skipped.iter().find(|v| v.row == 5).unwrap();
    assert_eq!(zero.reason, SkipReason::InvalidRow);
    assert_eq!(zero.column.as_deref(), Some("CPUs"));
}

#[test]
fn in_use_storage_falls_back_per_vm_and_counts_each_source() {
    let vinfo = vinfo(&[
        "parts,poweredOn,False,2,4096,10240,9000,C,Linux,,u1",
        "vinfo-only,poweredOn,False,2,4096,20480,7000,C,Linux,,u2",
        "disks-only,poweredOn,False,2,4096,30720,,C,Linux,,u3",
    ]);
    let vdisk = "VM,Capacity MiB,VM UUID\nparts,10000,u1\ndisks-only,30000,u3\n";
    let vpartition = "VM,Capacity MiB,Consumed MiB,VM UUID\nparts,9000,4000,u1\n";
    let file = RvtoolsFile::Csv(CsvTabs {
        vinfo: vinfo.as_bytes(),
        vdisk: Some(vdisk.as_bytes()),
        vpartition: Some(vpartition.as_bytes()),
        ..CsvTabs::default()
    });
    let in_use = RvtoolsOptions {
        storage_basis: StorageBasis::InUse,
        group_by: GroupBy::None,
        ..Default::default()
    };
    let r = import_rvtools(file, &in_use).unwrap();
    let c = &r.summary.storage_sources;
    assert_eq!(
        (
            c.vpartition_consumed,
            c.vinfo_in_use,
            c.vdisk_capacity,
            c.none
        ),
        (1, 1, 1, 0)
    );
    let expected_mib = 4000.0 + 7000.0 + 30000.0;
    assert!((r.summary.groups[0].storage_gb - expected_mib * 1_048_576.0 / 1e9).abs() < 1e-9);
    // Provisioned: vDisk where the VM has rows, vInfo otherwise (never 0).
    let r = import_rvtools(file, &RvtoolsOptions::default()).unwrap();
    let c = &r.summary.storage_sources;
    assert_eq!((c.vdisk_capacity, c.vinfo_provisioned), (2, 1));
    assert_eq!(r.summary.storage_source, Some(StorageSource::VdiskCapacity));
}

#[test]
fn mb_and_mib_columns_are_both_binary() {
    let mib = vinfo(&SAMPLE);
    let mb = mib
        .replacen("Provisioned MiB", "Provisioned MB", 1)
        .replacen("In Use MiB", "In Use MB", 1);
    let a = import(&mib, &RvtoolsOptions::default()).unwrap();
    let b = import(&mb, &RvtoolsOptions::default()).unwrap();
    assert_eq!(a.summary.total_provisioned_gib, 1174.0);
    assert_eq!(a.summary, b.summary);
    assert_eq!(a.workloads, b.workloads);
}

#[test]
fn db_column_names_and_a_minimal_old_column_set_are_read() {
    let header = "vInfoVMName,vInfoPowerstate,vInfoTemplate,vInfoCPUs,vInfoMemory,vInfoProvisioned,vInfoInUse,vInfoCluster,vInfoOS,vInfoOSTools,vInfoUUID";
    let text = std::iter::once(header)
        .chain(SAMPLE)
        .collect::<Vec<_>>()
        .join("\n");
    let db = import(&text, &RvtoolsOptions::default()).unwrap();
    let plain = import(&vinfo(&SAMPLE), &RvtoolsOptions::default()).unwrap();
    assert_eq!(db.summary, plain.summary);
    // A VMware 5.5-era export: no Template, In Use, Cluster or OS columns.
    let old = "VM,Powerstate,CPUs,Memory,Provisioned MB\na,poweredOn,2,4096,10240\nb,poweredOff,1,1024,2048\n";
    let r = import(old, &RvtoolsOptions::default()).unwrap();
    assert_eq!((r.summary.vms_imported, r.summary.vms_skipped), (1, 1));
    assert_eq!(
        r.summary.total_in_use_gib, 10.0,
        "falls back to provisioned"
    );
    assert_eq!(r.summary.groups[0].name, "(no cluster) · 2 vCPU");
}

#[test]
fn duplicate_names_are_told_apart_by_host_and_cluster_or_reported() {
    let header = "VM,Powerstate,Template,CPUs,Memory,Provisioned MiB,In Use MiB,Cluster,Host";
    let vinfo = [
        header,
        "twin,poweredOn,False,2,4096,99999,99999,C1,h1",
        "twin,poweredOn,False,2,4096,99999,99999,C2,h2",
        "clone,poweredOn,False,2,4096,5000,5000,C1,h1",
        "clone,poweredOn,False,2,4096,6000,6000,C1,h1",
    ]
    .join("\n");
    let vdisk = "VM,Capacity MiB,Cluster,Host\ntwin,1000,C1,h1\ntwin,3000,C2,h2\nclone,50,C1,h1\n";
    let file = RvtoolsFile::Csv(CsvTabs {
        vinfo: vinfo.as_bytes(),
        vdisk: Some(vdisk.as_bytes()),
        vpartition: None,
        ..CsvTabs::default()
    });
    let r = import_rvtools(file, &RvtoolsOptions::default()).unwrap();
    let by_cluster: Vec<_> = r
        .summary
        .groups
        .iter()
        .map(|g| (g.name.as_str(), g.storage_gb))
        .collect();
    let gb = |mib: f64| mib * 1_048_576.0 / 1e9;
    assert_eq!(
        by_cluster,
        [
            ("C1 · 2 vCPU", gb(1000.0 + 5000.0 + 6000.0)),
            ("C2 · 2 vCPU", gb(3000.0))
        ]
    );
    let f = &r.summary.findings[0];
    assert_eq!(f.code, "import.duplicate_vm_names");
    assert!(f.message.starts_with("2 vInfo rows"), "{}", f.message);
    assert!(f.message.contains("\"clone\""), "{}", f.message);
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

/// A small workbook: `sheets` of (name, header, rows), every cell text.
fn workbook(sheets: &[(&str, &str, &[&str])]) -> Vec<u8> {
    let mut book = rust_xlsxwriter::Workbook::new();
    for (name, header, rows) in sheets {
        let s = book.add_worksheet();
        s.set_name(*name).unwrap();
        for (r, line) in std::iter::once(header).chain(rows.iter()).enumerate() {
            for (c, cell) in line.split(',').enumerate() {
                match cell.parse::<f64>() {
                    Ok(n) if r > 0 => s.write_number(r as u32, c as u16, n),
                    _ => s.write_string(r as u32, c as u16, cell),
                }
                .unwrap();
            }
        }
    }
    book.save_to_buffer().unwrap()
}

#[test]
fn vsan_datastores_hosts_and_clusters_are_read_from_their_tabs() {
    let bytes = workbook(&[
        (
            "vInfo",
            "VM,Powerstate,Template,CPUs,Memory,Provisioned MiB,In Use MiB,Cluster,Host,Path,VM UUID",
            &[
                "a,poweredOn,False,4,8192,204800,180000,VSAN-CL,esx1,[vsanDatastore] a/a.vmx,u1",
                "b,poweredOn,False,4,8192,204800,180000,VSAN-CL,esx2,[vsanDatastore] b/b.vmx,u2",
                "c,poweredOn,False,2,4096,10240,9000,SAN-CL,esx3,[lun01] c/c.vmx,u3",
            ],
        ),
        (
            "vPartition",
            "VM,Capacity MiB,Consumed MiB,VM UUID",
            &["a,100000,40000,u1"],
        ),
        (
            "vDatastore",
            "Name,Type",
            &["vsanDatastore,vsan", "lun01,VMFS"],
        ),
        (
            "vHost",
            "Host,Cluster,# Cores,# Memory,CPU usage %,Memory usage %",
            &[
                "esx1,VSAN-CL,32,524288,40,70",
                "esx2,VSAN-CL,32,524288,60,50",
                "esx3,SAN-CL,16,262144,20,30",
            ],
        ),
    ]);
    let in_use = RvtoolsOptions {
        storage_basis: StorageBasis::InUse,
        ..Default::default()
    };
    let r = import_rvtools(RvtoolsFile::Xlsx(&bytes), &in_use).unwrap();
    let s = &r.summary;
    assert_eq!(s.vsan_vms, 2);
    assert_eq!((s.source_hosts, s.source_clusters), (3, 2));
    let c = &s.storage_sources;
    // a: in-guest; b: on vSAN without vDisk/vPartition, vInfo (flagged); c: vInfo.
    assert_eq!((c.vpartition_consumed, c.vinfo_in_use), (1, 2));
    assert!(s.findings.iter().any(|f| f.code == "import.vsan_inflated"));
    let vsan = s.clusters.iter().find(|c| c.name == "VSAN-CL").unwrap();
    assert_eq!((vsan.hosts, vsan.cores, vsan.memory_gib), (2, 64.0, 1024.0));
    assert_eq!(vsan.cpu_usage_pct, Some(50.0));
    assert_eq!((vsan.vms_imported, vsan.vcpu), (2, 8));
}
