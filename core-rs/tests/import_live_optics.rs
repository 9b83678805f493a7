//! Live Optics VMware export import over generated workbooks (xlsx and
//! zip): exact totals against independent sums, measured IOPS as the
//! workloads' I/O, hosts and shared LUNs of the source.

#[path = "common/live_optics_fixture.rs"]
mod live_optics_fixture;

use live_optics_fixture::{lo_vms, lo_xlsx, lo_zip, LoVm, HOSTS};
use stacksizer_core::catalog::shipped_catalog;
use stacksizer_core::demand::io::front_end_io;
use stacksizer_core::evaluate::{evaluate_json, EvaluateOutcome};
use stacksizer_core::import::detect::{detect, FileKind};
use stacksizer_core::import::inventory::{InventoryOptions, InventorySource, IopsBasis};
use stacksizer_core::import::live_optics::{import_live_optics, workbook_in_zip};
use stacksizer_core::import::project::starter_project;

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-6 * b.abs().max(1.0)
}

fn running(vm: &&LoVm) -> bool {
    vm.power == "poweredOn" && !vm.template
}

#[test]
fn a_live_optics_export_imports_with_exact_totals_and_measured_iops() {
    let vms = lo_vms(1000);
    let xlsx = lo_xlsx(&vms, true);
    assert_eq!(detect(&xlsx).unwrap(), FileKind::LiveOpticsXlsx);
    let r = import_live_optics(&xlsx, &InventoryOptions::default()).unwrap();
    let s = &r.summary;
    let on: Vec<&LoVm> = vms.iter().filter(running).collect();
    assert_eq!(s.source, InventorySource::LiveOptics);
    assert_eq!(s.vms_imported as usize, on.len());
    assert_eq!(s.vms_skipped as usize, vms.len() - on.len());
    assert_eq!(
        s.total_vcpu,
        on.iter().map(|v| u64::from(v.vcpu)).sum::<u64>()
    );
    assert!(close(
        s.total_ram_gib,
        on.iter().map(|v| v.memory_mib).sum::<f64>() / 1024.0
    ));
    assert!(close(
        s.total_provisioned_gib,
        on.iter().map(|v| v.disk_size_mib).sum::<f64>() / 1024.0
    ));
    assert!(close(
        s.total_in_use_gib,
        on.iter().map(|v| v.disk_used_mib).sum::<f64>() / 1024.0
    ));
    let peak: f64 = on.iter().map(|v| v.peak_iops).sum();
    let p95: f64 = on.iter().map(|v| v.p95_iops).sum();
    assert!(close(s.measured_peak_iops.unwrap(), peak));
    assert!(close(s.measured_p95_iops.unwrap(), p95));
    assert_eq!(
        s.sql_server_vms as usize,
        on.iter().filter(|v| v.name.starts_with("SQLPRD")).count()
    );
    // The workloads carry the 95th percentile by default...
    let workload_iops: f64 = r
        .workloads
        .iter()
        .map(|w| front_end_io(&w.spec).total_iops)
        .sum();
    assert!(close(workload_iops, p95), "{workload_iops} vs {p95}");
    assert!(!s
        .findings
        .iter()
        .any(|f| f.code == "workload.iops_unmeasured"));
    // ... or the peak, when asked.
    let by_peak = InventoryOptions {
        iops_basis: IopsBasis::Peak,
        ..Default::default()
    };
    let r = import_live_optics(&xlsx, &by_peak).unwrap();
    let workload_iops: f64 = r
        .workloads
        .iter()
        .map(|w| front_end_io(&w.spec).total_iops)
        .sum();
    assert!(close(workload_iops, peak));
    // The source: hosts, clusters with utilisation, each shared LUN once.
    let s = &r.summary;
    assert_eq!((s.source_hosts, s.source_clusters), (HOSTS as u32, 2));
    let sql_cluster = s
        .clusters
        .iter()
        .find(|c| c.name == "PROD-SQL-CL01")
        .unwrap();
    assert_eq!((sql_cluster.hosts, sql_cluster.cores), (4, 128.0));
    assert_eq!(sql_cluster.memory_gib, 2048.0);
    assert_eq!(
        sql_cluster.cpu_usage_pct,
        Some((40.0 + 42.0 + 44.0 + 46.0) / 4.0)
    );
    let storage = s.source_storage.as_ref().unwrap();
    assert_eq!(storage.devices, 2);
    assert_eq!(storage.capacity_gib, 30_720.0);
    assert_eq!(storage.used_gib, 15_000.0);
    // The starter project built around it evaluates.
    let project = starter_project("lo", "", r.workloads, &shipped_catalog()).unwrap();
    let json = serde_json::to_string(&project).unwrap();
    assert!(matches!(
        evaluate_json(&json),
        EvaluateOutcome::Evaluated { .. }
    ));
}

#[test]
fn the_zip_live_optics_hands_out_is_read_like_its_workbook() {
    let vms = lo_vms(50);
    let xlsx = lo_xlsx(&vms, true);
    let zip = lo_zip(&xlsx);
    assert_eq!(detect(&zip).unwrap(), FileKind::LiveOpticsZip);
    let inner = workbook_in_zip(&zip).unwrap();
    assert_eq!(inner, xlsx);
    let a = import_live_optics(&inner, &InventoryOptions::default()).unwrap();
    let b = import_live_optics(&xlsx, &InventoryOptions::default()).unwrap();
    assert_eq!(a.summary, b.summary);
}

#[test]
fn without_a_95th_percentile_column_the_peak_is_used_and_said() {
    let vms = lo_vms(30);
    let r = import_live_optics(&lo_xlsx(&vms, false), &InventoryOptions::default()).unwrap();
    assert_eq!(r.summary.measured_p95_iops, None);
    assert!(r.summary.measured_peak_iops.is_some());
    assert!(r
        .summary
        .findings
        .iter()
        .any(|f| f.code == "import.p95_missing"));
}
