use super::*;
use crate::catalog::shipped_catalog;
use crate::import::project::starter_project;

const HEADER: &str = "name,kind,vm_count,vcpu_per_vm,ram_gb_per_vm,disk_gb_per_vm,iops_per_vm,read_pct,db_size_gb,log_size_gb,tempdb_size_gb,working_set_pct,target_iops,deployment,replicas,commit,mailboxes";

fn import(rows: &[&str]) -> Result<Vec<Workload>, Vec<ImportIssue>> {
    let text = std::iter::once(HEADER)
        .chain(rows.iter().copied())
        .collect::<Vec<_>>()
        .join("\n");
    import_workloads_csv(text.as_bytes(), &WorkloadsCsvOptions::default())
}

fn at(err: &[ImportIssue]) -> Vec<(u32, String)> {
    err.iter()
        .map(|e| (e.row.unwrap_or(0), e.column.clone().unwrap_or_default()))
        .collect()
}

#[test]
fn the_shipped_template_imports_into_a_valid_project() {
    let csv = include_str!("../../../../assets/templates/workloads.csv");
    let workloads = import_workloads_csv(csv.as_bytes(), &WorkloadsCsvOptions::default()).unwrap();
    assert_eq!(workloads.len(), 6);
    assert!(matches!(
        workloads[1].spec,
        WorkloadSpec::SqlServer {
            deployment: SqlDeployment::AvailabilityGroup {
                replicas: 2,
                commit: CommitMode::Sync
            },
            ..
        }
    ));
    starter_project("template", "", workloads, &shipped_catalog()).unwrap();
}

#[test]
fn profile_defaults_fill_empty_cells_and_ids_come_from_names() {
    let w = import(&["Big SQL,sql_server,2,8,64,,,,500,50,20,20,3000,,,,"]).unwrap();
    assert_eq!(w[0].id, "big-sql");
    assert_eq!(w[0].cluster_id, STARTER_CLUSTER_ID);
    let WorkloadSpec::SqlServer {
        read_pct,
        io_size_kb,
        annual_growth_pct,
        ref deployment,
        ..
    } = w[0].spec
    else {
        panic!("sql_server");
    };
    assert_eq!((read_pct, io_size_kb, annual_growth_pct), (90.0, 8.0, 0.0));
    assert_eq!(*deployment, SqlDeployment::Standalone);
}

#[test]
fn every_problem_names_its_row_and_column() {
    let err = import(&[
        "web,vm_group,10,2,8,100,50,70,,,,,,,,,",
        "no disk,vm_group,10,two,8,,50,70,,,,,,,,,",
        "odd,vm_group,10,2,8,100,50,70,,,,,,,,,500",
        "what,database,1,1,1,,,,,,,,,,,,",
        "ag,sql_server,1,8,64,,,,100,10,10,20,100,availability_group,,maybe,",
    ])
    .unwrap_err();
    assert_eq!(
        at(&err),
        [
            (3, "vcpu_per_vm".into()),
            (3, "disk_gb_per_vm".into()),
            (4, "mailboxes".into()),
            (5, "kind".into()),
            (6, "replicas".into()),
            (6, "commit".into()),
        ]
    );
    assert_eq!(
        err[0].message,
        "sheet \"workloads\", row 3, column \"vcpu_per_vm\" (D3): expected a number, found \"two\""
    );
}

#[test]
fn the_project_ranges_are_checked_at_the_cell() {
    let err = import(&["web,vm_group,0,2,8,100,50,170,,,,,,,,,"]).unwrap_err();
    assert_eq!(at(&err), [(2, "vm_count".into()), (2, "read_pct".into())]);
    assert!(
        err[1]
            .message
            .ends_with("must be between 0 and 100 (got 170)"),
        "{}",
        err[1].message
    );
}

#[test]
fn an_empty_file_or_a_missing_column_is_refused() {
    let err = import_workloads_csv(b"name,kind\n", &WorkloadsCsvOptions::default()).unwrap_err();
    assert!(err[0].message.contains("lists no workload"));
    let err = import_workloads_csv(b"name\nx\n", &WorkloadsCsvOptions::default()).unwrap_err();
    assert_eq!(err[0].column.as_deref(), Some("kind"));
}

/// Found by fuzzing (tests/fuzz_imports.rs): an availability group in a
/// file without a commit column panicked looking for the cell to blame.
#[test]
fn an_availability_group_without_a_commit_column_names_the_missing_column() {
    let csv = "name,kind,vm_count,vcpu_per_vm,ram_gb_per_vm,db_size_gb,log_size_gb,tempdb_size_gb,working_set_pct,target_iops,deployment,replicas\n\
               ag,sql_server,1,16,128,600,125,330,20,6500,availability_group,2\n";
    let err = import_workloads_csv(csv.as_bytes(), &WorkloadsCsvOptions::default()).unwrap_err();
    assert_eq!(at(&err), vec![(2, "commit".to_owned())]);
    assert!(
        err[0].message.contains("the column is missing"),
        "{}",
        err[0].message
    );
}

/// Seed 002's workloads as a workloads CSV: the same workloads as the
/// example project holds, file server's three iSCSI LUNs included.
#[test]
fn seed_002_workloads_round_trip_through_the_csv() {
    let example = crate::parse::parse_project(include_str!(
        "../../../../assets/examples/seed-002-iscsi-fci.json"
    ))
    .unwrap();
    let csv = "id,name,kind,cluster_id,policy_id,vm_count,vcpu_per_vm,ram_gb_per_vm,annual_growth_pct,read_pct,io_size_kb,db_size_gb,log_size_gb,tempdb_size_gb,working_set_pct,target_iops,deployment,iscsi_target,capacity_gb,throughput_mbps,iscsi_luns,disk_gb_per_vm,iops_per_vm\n\
        sql-fci,\"SQL Server 2016 FCI (active + passive, DVD Store 3, 306 GB)\",sql_server,,,1,24,128,0,13,8,306,100,80,20,7600,failover_cluster,true,,,,,\n\
        sofs,\"Scale-Out File Server (active + passive, 3 shares)\",file_server,,,2,4,16,0,0,48,,,,,,,,240,382,3,,\n\
        dc,Domain controller / DNS,vm_group,,,1,2,8,0,70,,,,,,,,,,,,40,20\n\
        os-disks,\"SQL Server and file-server nodes' OS disks (disks only: the VMs and vCPUs are counted by their own workloads)\",vm_group,,,1,0,0,0,90,,,,,,,,,,,,400,0\n";
    let options = WorkloadsCsvOptions {
        cluster_id: "iscsi-af".into(),
        policy_id: "raid1-ftt1".into(),
    };
    let workloads = import_workloads_csv(csv.as_bytes(), &options).unwrap();
    assert_eq!(workloads, example.workloads);
}

#[test]
fn iscsi_luns_are_a_file_servers_whole_number_from_1_to_1000() {
    let csv = |luns: &str| {
        format!(
            "name,kind,vm_count,vcpu_per_vm,ram_gb_per_vm,capacity_gb,throughput_mbps,read_pct,io_size_kb,iscsi_luns\n\
             files,file_server,2,4,16,240,382,0,48,{luns}\n"
        )
    };
    let luns = |text: &str| -> Result<Option<u32>, Vec<ImportIssue>> {
        let w = import_workloads_csv(csv(text).as_bytes(), &WorkloadsCsvOptions::default())?;
        match w[0].spec {
            WorkloadSpec::FileServer { iscsi_luns, .. } => Ok(iscsi_luns),
            _ => panic!("file_server"),
        }
    };
    assert_eq!(luns("").unwrap(), None);
    assert_eq!(luns("1").unwrap(), Some(1));
    assert_eq!(luns("1000").unwrap(), Some(1_000));
    for bad in ["0", "1001", "2.5", "-3"] {
        let err = luns(bad).unwrap_err();
        assert_eq!(at(&err), [(2, "iscsi_luns".into())], "{bad}");
        assert_eq!(
            err[0].message,
            format!(
                "sheet \"workloads\", row 2, column \"iscsi_luns\" (J2): expected a whole number from 1 to 1000, found {bad}"
            )
        );
    }
    let err = luns("three").unwrap_err();
    assert!(err[0]
        .message
        .ends_with("expected a number, found \"three\""));
}

#[test]
fn iscsi_luns_do_not_apply_to_other_kinds() {
    let csv = "name,kind,vm_count,vcpu_per_vm,ram_gb_per_vm,disk_gb_per_vm,iops_per_vm,read_pct,iscsi_luns\n\
               web,vm_group,10,2,8,100,50,70,3\n";
    let err = import_workloads_csv(csv.as_bytes(), &WorkloadsCsvOptions::default()).unwrap_err();
    assert_eq!(at(&err), [(2, "iscsi_luns".into())]);
    assert!(err[0]
        .message
        .ends_with("does not apply to a vm_group workload; leave it empty"));
}

/// Export, then import with defaults that no exported row may need.
fn round_trip(workloads: &[Workload]) -> Vec<Workload> {
    let csv = export_workloads_csv(workloads);
    let unused = WorkloadsCsvOptions {
        cluster_id: "not-in-the-file".into(),
        policy_id: "not-in-the-file".into(),
    };
    import_workloads_csv(csv.as_bytes(), &unused)
        .unwrap_or_else(|issues| panic!("the export does not import: {issues:?}\n{csv}"))
}

#[test]
fn every_examples_workloads_round_trip_through_the_csv() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets/examples");
    let mut examples = 0;
    for entry in std::fs::read_dir(dir).expect("the examples folder") {
        let path = entry.expect("an entry").path();
        if path.extension().is_none_or(|e| e != "json") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("readable");
        let project = crate::parse::parse_project(&text).expect("a valid example");
        assert_eq!(
            round_trip(&project.workloads),
            project.workloads,
            "{}",
            path.display()
        );
        examples += 1;
    }
    assert!(examples >= 7, "found {examples} examples");
}

#[test]
fn every_optional_field_and_awkward_text_round_trips() {
    let csv = "id,name,kind,cluster_id,policy_id,vm_count,vcpu_per_vm,ram_gb_per_vm,\
               memory_reservation_gb_per_vm,read_pct,io_size_kb,db_size_gb,log_size_gb,\
               tempdb_size_gb,working_set_pct,target_iops,deployment,replicas,commit,\
               iscsi_target,capacity_gb,throughput_mbps,iscsi_luns,annual_growth_pct\n\
               a,\"=SUM(A1), \"\"quoted\"\"\",sql_server,c1,p1,2,8,64,32.5,85,8,1000.25,100,80,\
               20,1234.5,availability_group,3,async,,,,,7.5\n\
               b,-fci,sql_server,c1,p1,1,8,64,,90,8,500,0,80,20,1000,failover_cluster,,,true,,,,0\n\
               c,Ünïcode files,file_server,c2,p2,2,4,16,16,50,64,,,,,,,,,,62490,200,3,0\n";
    let workloads = import_workloads_csv(csv.as_bytes(), &WorkloadsCsvOptions::default()).unwrap();
    assert_eq!(workloads[0].name, "=SUM(A1), \"quoted\"");
    assert_eq!(workloads[1].name, "-fci");
    assert_eq!(workloads[0].spec.memory_reservation_gb(), 32.5);
    let exported = export_workloads_csv(&workloads);
    assert!(
        exported.contains("\"'=SUM(A1), \"\"quoted\"\"\""),
        "{exported}"
    );
    assert!(exported.contains(",'-fci,"), "{exported}");
    assert_eq!(round_trip(&workloads), workloads);
    // The header is every column the import reads, in the template's order.
    let header = exported.lines().next().unwrap();
    assert_eq!(header, WORKLOAD_COLUMNS.join(","));
    let template = include_str!("../../../../assets/templates/workloads.csv");
    assert_eq!(template.lines().next(), Some(header));
}

#[test]
fn a_reservation_out_of_range_is_named_at_its_cell() {
    let csv = "name,kind,vm_count,vcpu_per_vm,ram_gb_per_vm,disk_gb_per_vm,iops_per_vm,read_pct,\
               memory_reservation_gb_per_vm\nweb,vm_group,2,2,8,100,50,70,9\n";
    let err = import_workloads_csv(csv.as_bytes(), &WorkloadsCsvOptions::default()).unwrap_err();
    assert_eq!(at(&err), [(2, "memory_reservation_gb_per_vm".into())]);
}

proptest::proptest! {
    #[test]
    fn any_numbers_round_trip_exactly(
        vm_count in 1u32..100,
        vcpu_per_vm in 1u32..64,
        ram_gb_per_vm in 1.0f64..1024.0,
        disk_gb_per_vm in 0.001f64..100_000.0,
        iops_per_vm in 0.0f64..100_000.0,
        read_pct in 0.0f64..100.0,
        annual_growth_pct in 0.0f64..50.0,
    ) {
        let w = Workload {
            id: "w".into(),
            name: "w".into(),
            cluster_id: "c".into(),
            policy_id: "p".into(),
            spec: WorkloadSpec::VmGroup {
                vm_count,
                vcpu_per_vm,
                ram_gb_per_vm,
                memory_reservation_gb_per_vm: Some(ram_gb_per_vm / 3.0),
                disk_gb_per_vm,
                iops_per_vm,
                read_pct,
                annual_growth_pct,
            },
        };
        proptest::prop_assert_eq!(round_trip(std::slice::from_ref(&w)), vec![w]);
    }
}

#[test]
fn a_project_file_that_does_not_parse_exports_its_problem_with_its_path() {
    let seed_002 = include_str!("../../../../assets/examples/seed-002-iscsi-fci.json");
    let csv = workloads_csv_from_json(seed_002).expect("the example parses");
    let project = crate::parse::parse_project(seed_002).expect("the example parses");
    assert_eq!(csv, export_workloads_csv(&project.workloads));

    let broken = seed_002.replacen("\"vm_count\": ", "\"vm_count\": \"two\", \"x\": ", 1);
    let error = workloads_csv_from_json(&broken).expect_err("a string VM count");
    assert_eq!(error.issues.len(), 1);
    assert!(
        error.issues[0].path.starts_with("workloads[0]"),
        "{:?}",
        error.issues
    );
}
