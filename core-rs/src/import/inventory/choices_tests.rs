//! The choices over a hand-written inventory: exclusions, grouping, SQL
//! Server assumptions, baselines, with totals summed here independently.

use super::*;
use crate::catalog::shipped_catalog;
use crate::import::inventory::{GroupBy, Inventory, InventorySource, InventoryVm, PowerState};
use crate::import::inventory::{SourceHost, SqlAssumptions};
use crate::import::issue::ImportIssue;
use crate::model::WorkloadSpec;

const MIB: f64 = 1_048_576.0;
const WINDOWS: &str = "Microsoft Windows Server 2022 (64-bit)";

/// (name, cluster, power, template, vCPU, memory MiB, provisioned MiB)
type Row = (&'static str, &'static str, PowerState, bool, u32, f64, f64);

const ROWS: [Row; 8] = [
    (
        "SQLPRD01",
        "PROD",
        PowerState::On,
        false,
        8,
        65_536.0,
        204_800.0,
    ),
    (
        "SQLPRD02",
        "PROD",
        PowerState::On,
        false,
        8,
        65_536.0,
        307_200.0,
    ),
    ("web01", "PROD", PowerState::On, false, 2, 8_192.0, 51_200.0),
    ("web02", "PROD", PowerState::On, false, 2, 8_192.0, 61_440.0),
    (
        "app01",
        "DEV",
        PowerState::On,
        false,
        4,
        16_384.0,
        102_400.0,
    ),
    (
        "test-old",
        "DEV",
        PowerState::Off,
        false,
        2,
        4_096.0,
        40_960.0,
    ),
    (
        "tmpl-w2022",
        "DEV",
        PowerState::Off,
        true,
        2,
        4_096.0,
        40_960.0,
    ),
    (
        "app02",
        "DEV",
        PowerState::On,
        false,
        4,
        16_384.0,
        102_400.0,
    ),
];

fn vm(row: u32, r: &Row) -> InventoryVm {
    InventoryVm {
        row,
        name: r.0.into(),
        power: r.2,
        template: r.3,
        vcpu: Ok(r.4),
        memory_mib: Ok(r.5),
        provisioned_mib: Some(r.6),
        in_use_mib: Some(r.6 / 2.0),
        vdisk_mib: None,
        guest_used_mib: None,
        problem: None,
        cluster: r.1.into(),
        host: format!("esx-{}", r.1),
        os: WINDOWS.into(),
        annotation: String::new(),
        on_vsan: false,
        measured: None,
    }
}

fn host(name: &str, cluster: &str, cores: f64, memory_gib: f64) -> SourceHost {
    SourceHost {
        name: name.into(),
        cluster: cluster.into(),
        cores,
        memory_gib,
        cpu_usage_pct: Some(40.0),
        memory_usage_pct: None,
    }
}

fn preview() -> InventoryPreview {
    let mut vms: Vec<InventoryVm> = ROWS
        .iter()
        .enumerate()
        .map(|(i, r)| vm(i as u32 + 2, r))
        .collect();
    // A row whose vCPU cell is unreadable: skipped and listed when picked.
    let mut broken = vm(10, &("broken01", "DEV", PowerState::On, false, 1, 1.0, 1.0));
    broken.vcpu = Err(ImportIssue::file("row 10, column \"CPUs\": not a number"));
    vms.push(broken);
    let hosts = (1..=4)
        .map(|i| host(&format!("prod{i}"), "PROD", 32.0, 512.0))
        .chain((1..=3).map(|i| host(&format!("dev{i}"), "DEV", 16.0, 256.0)))
        .collect();
    InventoryPreview::new(
        Inventory {
            vms,
            hosts,
            vm_sheet: "vInfo".into(),
            ..Inventory::default()
        },
        InventorySource::Rvtools,
    )
}

fn apply_with(choices: &ImportChoices) -> AppliedImport {
    apply(&preview(), choices, "inventory.xlsx", &shipped_catalog()).unwrap()
}

fn rows_named(applied: &AppliedImport, p: &InventoryPreview) -> Vec<String> {
    let mut names: Vec<String> = applied
        .imported_rows
        .iter()
        .map(|r| p.vms.iter().find(|vm| vm.row == *r).unwrap().name.clone())
        .collect();
    names.sort();
    names
}

#[test]
fn name_patterns_clusters_and_unticked_rows_leave_vms_out_and_ticks_win() {
    let p = preview();
    let mut choices = ImportChoices {
        exclude_names: " web* , *-OLD,app0?".into(),
        ..ImportChoices::default()
    };
    let a = apply(&p, &choices, "f", &shipped_catalog()).unwrap();
    assert_eq!(rows_named(&a, &p), ["SQLPRD01", "SQLPRD02"]);
    // web01, web02, app01, app02, test-old.
    assert_eq!(a.excluded, 5);
    assert_eq!(a.summary.vms_imported, 2);

    choices.options.also_import_rows = vec![4]; // web01 (row 4), ticked back in
    choices.excluded_rows = vec![2]; // SQLPRD01, unticked
    choices.exclude_clusters = vec!["DEV".into()];
    let a = apply(&p, &choices, "f", &shipped_catalog()).unwrap();
    assert_eq!(rows_named(&a, &p), ["SQLPRD02", "web01"]);
}

#[test]
fn power_state_and_template_filters_reach_the_import() {
    let choices = ImportChoices {
        options: InventoryOptions {
            include_powered_off: true,
            ..InventoryOptions::default()
        },
        ..ImportChoices::default()
    };
    let a = apply_with(&choices);
    // All but the template; broken01 is listed as an invalid row.
    assert_eq!(a.summary.vms_imported, 7);
    assert_eq!(a.summary.skipped_by_reason.template, 1);
    assert_eq!(a.summary.skipped_by_reason.invalid_row, 1);
    let broken = a.summary.skipped.iter().find(|s| s.row == 10).unwrap();
    assert_eq!(
        broken.message.as_deref(),
        Some("row 10, column \"CPUs\": not a number")
    );
}

#[test]
fn totals_and_workloads_match_independent_sums() {
    let a = apply_with(&ImportChoices::default());
    let on: Vec<&Row> = ROWS
        .iter()
        .filter(|r| r.2 == PowerState::On && !r.3)
        .collect();
    assert_eq!(a.summary.vms_imported, on.len() as u32);
    let vcpu: u64 = on.iter().map(|r| u64::from(r.4)).sum();
    let ram_gib: f64 = on.iter().map(|r| r.5 / 1024.0).sum();
    let disk_gb: f64 = on.iter().map(|r| r.6 * MIB / 1e9).sum();
    assert_eq!(a.summary.total_vcpu, vcpu);
    assert!((a.summary.total_ram_gib - ram_gib).abs() < 1e-9);
    let (mut w_vms, mut w_vcpu, mut w_disk) = (0u32, 0u64, 0.0);
    for w in &a.project.workloads {
        match &w.spec {
            WorkloadSpec::VmGroup {
                vm_count,
                vcpu_per_vm,
                disk_gb_per_vm,
                ..
            } => {
                w_vms += vm_count;
                w_vcpu += u64::from(vm_count * vcpu_per_vm);
                w_disk += f64::from(*vm_count) * disk_gb_per_vm;
            }
            WorkloadSpec::SqlServer {
                vm_count,
                vcpu_per_vm,
                db_size_gb,
                log_size_gb,
                tempdb_size_gb,
                ..
            } => {
                w_vms += vm_count;
                w_vcpu += u64::from(vm_count * vcpu_per_vm);
                w_disk += f64::from(*vm_count) * (db_size_gb + log_size_gb + tempdb_size_gb);
            }
            other => panic!("unexpected workload {other:?}"),
        }
    }
    assert_eq!((w_vms, w_vcpu), (on.len() as u32, vcpu));
    assert!((w_disk - disk_gb).abs() < 1e-6, "{w_disk} vs {disk_gb}");
}

#[test]
fn grouping_per_vm_per_cluster_and_by_profile() {
    let count = |group_by: GroupBy| {
        let choices = ImportChoices {
            options: InventoryOptions {
                group_by,
                ..InventoryOptions::default()
            },
            ..ImportChoices::default()
        };
        apply_with(&choices).project.workloads.len()
    };
    // Powered on: 2 SQL (PROD, 8 vCPU), 2 web (PROD, 2 vCPU), 2 app (DEV, 4 vCPU).
    assert_eq!(count(GroupBy::Vm), 6);
    assert_eq!(count(GroupBy::Cluster), 3);
    // Profiles: SQL 8 vCPU/64 GiB, 2 vCPU/8 GiB, 4 vCPU/16 GiB.
    assert_eq!(count(GroupBy::Profile), 3);
    assert_eq!(count(GroupBy::None), 3);
}

#[test]
fn sql_server_assumptions_are_applied_to_the_candidates() {
    let sql = SqlAssumptions {
        db_share_pct: 60.0,
        log_share_pct: 25.0,
        tempdb_share_pct: 5.0,
        read_pct: 80.0,
        iops_per_vm: 1_500.0,
        ..SqlAssumptions::default()
    };
    let choices = ImportChoices {
        options: InventoryOptions {
            sql,
            iops_per_vm: 100.0,
            ..InventoryOptions::default()
        },
        ..ImportChoices::default()
    };
    let a = apply_with(&choices);
    assert_eq!(a.summary.sql_server_vms, 2);
    let p = preview();
    let rule = p.vms[0].sql_rule.as_deref().unwrap();
    assert!(rule.starts_with("its name contains \"sql\""), "{rule}");
    assert!(p.vms[2].sql_rule.is_none());
    let [sql_workload] = a
        .project
        .workloads
        .iter()
        .filter(|w| matches!(w.spec, WorkloadSpec::SqlServer { .. }))
        .collect::<Vec<_>>()[..]
    else {
        panic!("one SQL Server workload");
    };
    let WorkloadSpec::SqlServer {
        vm_count,
        db_size_gb,
        log_size_gb,
        tempdb_size_gb,
        read_pct,
        target_iops,
        ..
    } = sql_workload.spec
    else {
        unreachable!()
    };
    let per_vm_gb = (204_800.0 + 307_200.0) * MIB / 1e9 / 2.0;
    assert_eq!(vm_count, 2);
    assert!((db_size_gb - per_vm_gb * 0.60).abs() < 1e-9);
    assert!((log_size_gb - per_vm_gb * 0.25).abs() < 1e-9);
    assert!((tempdb_size_gb - per_vm_gb * 0.05).abs() < 1e-9);
    assert_eq!(read_pct, 80.0);
    assert_eq!(target_iops, 3_000.0);
    let web = a
        .project
        .workloads
        .iter()
        .find(|w| w.name.starts_with("PROD · 2 vCPU"))
        .unwrap();
    assert!(matches!(web.spec, WorkloadSpec::VmGroup { iops_per_vm, .. } if iops_per_vm == 100.0));
}

#[test]
fn the_existing_hosts_become_baseline_clusters_or_a_scenario() {
    let a = apply_with(&ImportChoices {
        baseline_clusters: true,
        ..ImportChoices::default()
    });
    let ids: Vec<&str> = a.project.clusters.iter().map(|c| c.id.as_str()).collect();
    assert_eq!(ids, ["existing-dev", "existing-prod"]);
    let prod = &a.project.clusters[1];
    assert_eq!(prod.topology, Topology::Single { host_count: 4 });
    assert_eq!(prod.host.cores(), 32);
    assert_eq!(prod.host.ram_gb, 512.0);
    assert_eq!(prod.host.unit_price, None);
    assert!(a
        .project
        .workloads
        .iter()
        .all(|w| ids.contains(&w.cluster_id.as_str())));
    assert!(a.scenario.is_none());

    let b = apply_with(&ImportChoices {
        baseline_scenario: true,
        ..ImportChoices::default()
    });
    assert_eq!(b.project.clusters.len(), 1);
    assert_eq!(b.project.clusters[0].id, STARTER_CLUSTER_ID);
    let scenario = b.scenario.unwrap();
    assert_eq!(scenario.clusters, a.project.clusters);
    assert_eq!(scenario.workloads.len(), b.project.workloads.len());
}

#[test]
fn hosts_without_usable_figures_give_no_baseline_and_a_finding() {
    let mut p = preview();
    for h in p.hosts.iter_mut().filter(|h| h.cluster == "DEV") {
        h.memory_gib = 0.0;
    }
    p = InventoryPreview::new(p.inventory(|_| true), InventorySource::Rvtools);
    let choices = ImportChoices {
        baseline_clusters: true,
        ..ImportChoices::default()
    };
    let a = apply(&p, &choices, "f", &shipped_catalog()).unwrap();
    let ids: Vec<&str> = a.project.clusters.iter().map(|c| c.id.as_str()).collect();
    assert_eq!(ids, [STARTER_CLUSTER_ID, "existing-prod"]);
    let finding = a
        .summary
        .findings
        .iter()
        .find(|f| f.code == "import.no_baseline")
        .unwrap();
    assert!(finding.message.contains("DEV"), "{}", finding.message);
}

#[test]
fn out_of_range_choices_are_refused_by_path() {
    let mut choices = ImportChoices::default();
    choices.options.sql.db_share_pct = 120.0;
    choices.options.iops_per_vm = f64::NAN;
    let err = apply(&preview(), &choices, "f", &shipped_catalog()).unwrap_err();
    let paths: Vec<&str> = err.iter().map(|i| i.path.as_str()).collect();
    assert_eq!(paths, ["options.iops_per_vm", "options.sql.db_share_pct"]);
    assert!(err[1].message.contains("between 0 and 100 (got 120)"));

    let mut choices = ImportChoices::default();
    choices.options.sql.db_share_pct = 80.0;
    choices.options.sql.log_share_pct = 30.0;
    let err = apply(&preview(), &choices, "f", &shipped_catalog()).unwrap_err();
    assert_eq!(err[0].path, "options.sql");
}

#[test]
fn a_preview_survives_its_json_and_imports_as_the_file_would() {
    let p = preview();
    let back: InventoryPreview = serde_json::from_str(&serde_json::to_string(&p).unwrap()).unwrap();
    assert_eq!(back, p);
    let options = InventoryOptions {
        include_powered_off: true,
        also_import_rows: vec![10],
        ..InventoryOptions::default()
    };
    let direct = import(&p.inventory(|_| true), InventorySource::Rvtools, &options);
    let via = apply_with(&ImportChoices {
        options,
        ..ImportChoices::default()
    });
    assert_eq!(via.summary, direct.summary);
    assert_eq!(via.project.workloads, direct.workloads);
}

#[test]
fn glob_patterns() {
    let m = |p: &str, name: &str| NamePatterns::new(p).matches(name);
    assert!(m("*-old", "srv-OLD"));
    assert!(m("sql*", "SQLPRD01"));
    assert!(m("a?c", "abc"));
    assert!(!m("a?c", "abbc"));
    assert!(m("*a*b*", "xxaxxbxx"));
    assert!(!m("web", "web01"));
    assert!(!m("", "anything"));
    assert!(!m(" , ", "anything"));
    assert!(m("x, Žluť*", "žluťoučký"));
}
