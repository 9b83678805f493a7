//! vSAN ESA clusters on every sheet, against the core's ESA figures.

use super::*;
use crate::report::sheet::Table;
use crate::report::summary::SummaryCells;

/// The ESA example with prices on its host and NVMe device.
pub(super) fn esa_priced() -> (Project, Evaluation) {
    let mut v: serde_json::Value = serde_json::from_str(ESA).expect("json");
    v["clusters"][0]["host"]["unit_price"] = 20_000.into();
    v["devices"][0]["unit_price"] = 1_200.into();
    evaluated(&v.to_string())
}

/// Seed 001's vSAN OSA cluster, then the ESA example's cluster with its
/// device, policies and workloads.
pub(super) fn mixed() -> (Project, Evaluation) {
    let mut v: serde_json::Value = serde_json::from_str(SEED_001).expect("json");
    let esa: serde_json::Value = serde_json::from_str(ESA).expect("json");
    for key in ["devices", "clusters", "policies", "workloads"] {
        let extra = esa[key].as_array().expect(key).clone();
        v[key].as_array_mut().expect(key).extend(extra);
    }
    evaluated(&v.to_string())
}

pub(super) fn table<'a>(sheet: &'a Sheet, id: &str) -> &'a Table {
    sheet
        .tables
        .iter()
        .find(|t| t.id == id)
        .unwrap_or_else(|| panic!("no table {id} on {}", sheet.name))
}

fn figure(s: &DesignSheets, summary: &SummaryCells, i: usize, f: KeyFigure) -> Option<f64> {
    s.cell(&summary.cluster(i, f)).and_then(Cell::numeric)
}

#[test]
fn an_esa_project_exports_instead_of_failing_on_a_cluster_mismatch() {
    let (p, e) = esa_priced();
    assert_eq!(e.clusters.len(), 1);
    assert_eq!(e.esa().count(), 1);
    assert!(xlsx_report(&p, &e, Paper::A4).is_ok());
    assert!(csv_tables(&p, &e).is_ok());
    // An ESA evaluation still has to come from the same project.
    let (seed, _) = evaluated(SEED_000);
    assert_eq!(
        xlsx_report(&seed, &e, Paper::A4),
        Err(ReportError::ClusterMismatch {
            cluster_id: "sql-esa".into()
        })
    );
}

#[test]
fn summary_shows_the_esa_figures() {
    let (p, e) = esa_priced();
    let x = &e.esa().next().unwrap();
    let s = sheets(&p, &e);
    let sum = &s.summary;
    assert_eq!(
        figure(&s, sum, 0, KeyFigure::Hosts),
        Some(f64::from(x.host_count))
    );
    assert_eq!(figure(&s, sum, 0, KeyFigure::RawTb), Some(x.raw.total.tb));
    assert_eq!(figure(&s, sum, 0, KeyFigure::RawTib), Some(x.raw.total.tib));
    assert_eq!(
        figure(&s, sum, 0, KeyFigure::UsableTb),
        Some(x.capacity.usable.tb)
    );
    assert_eq!(
        figure(&s, sum, 0, KeyFigure::RequiredTb),
        Some(x.capacity.required.tb)
    );
    assert_eq!(
        figure(&s, sum, 0, KeyFigure::FrontEndIops),
        Some(x.growth.years[0].front_end_iops)
    );
    assert_eq!(
        figure(&s, sum, 0, KeyFigure::CpuAfterFailurePct),
        x.compute.cores_needed_pct_after_failure
    );
    let p = &x.performance;
    assert_eq!(
        figure(&s, sum, 0, KeyFigure::BackEndIops),
        Some(p.back_end_iops)
    );
    assert_eq!(
        figure(&s, sum, 0, KeyFigure::DeliverableIops),
        p.device_limited_front_end_iops
    );
    assert_eq!(figure(&s, sum, 0, KeyFigure::IopsHeadroom), p.headroom);
    // No cache tier on ESA: blank, not zero.
    assert_eq!(
        s.cell(&sum.cluster(0, KeyFigure::CacheInstalledGb)),
        Some(&Cell::Blank)
    );
    let summary = sheet(&s, "Summary");
    let storage = row_of(summary, "Storage");
    let text = summary.rows[storage as usize].cells[2].plain();
    assert!(text.starts_with("vSAN ESA"), "{text}");
}

#[test]
fn bom_prices_esa_hosts_and_nvme_devices_with_live_formulas() {
    let (p, e) = esa_priced();
    let x = &e.esa().next().unwrap();
    let s = sheets(&p, &e);
    let bom = sheet(&s, "BOM");
    let hosts = f64::from(x.host_count);
    let devices = f64::from(x.esa.devices_per_host * x.host_count);
    assert_eq!(
        bom.tables[0].last_row, 3,
        "hosts, one NVMe line and the total"
    );
    let (text, value) = formula(bom.cell(&at(bom, 1, 5)));
    assert_eq!(text, "=IF(E2=\"\",\"\",D2*E2)");
    assert_eq!(number(value), hosts * 20_000.0);
    assert_eq!(
        bom.cell(&at(bom, 2, 1)),
        Some(&Cell::text(&x.esa.device_model))
    );
    assert_eq!(
        bom.cell(&at(bom, 2, 3)).and_then(Cell::numeric),
        Some(devices)
    );
    assert_eq!(
        bom.cell(&at(bom, 2, 4)),
        Some(&Cell::Input(Some(1_200.0), NumberFormat::Price))
    );
    let (text, value) = formula(bom.cell(&at(bom, 2, 5)));
    assert_eq!(text, "=IF(E3=\"\",\"\",D3*E3)");
    assert_eq!(number(value), devices * 1_200.0);
    let total = hosts * 20_000.0 + devices * 1_200.0;
    let (text, value) = formula(bom.cell(&s.bom.total));
    assert_eq!(text, "=SUBTOTAL(109,$F$2:$F$3)");
    assert_eq!(number(value), total);
    let (text, value) = formula(bom.cell(&s.bom.per_usable_tb));
    assert!(
        text.contains(&s.summary.project(KeyFigure::UsableTb).absolute()),
        "{text}"
    );
    assert!((number(value) - total / x.capacity.usable.tb).abs() < 1e-9);
    // Per deliverable IOPS: the pool's device-limited front-end IOPS.
    let (text, value) = formula(bom.cell(&s.bom.per_iops));
    assert!(text.starts_with("=IF("), "{text}");
    let deliverable = x.performance.device_limited_front_end_iops.expect("demand");
    assert!((number(value) - total / deliverable).abs() < 1e-9);
}

#[test]
fn capacity_waterfall_and_esa_figures_follow_the_evaluation() {
    let (p, e) = esa_priced();
    let x = &e.esa().next().unwrap();
    let s = sheets(&p, &e);
    let c = sheet(&s, "Capacity");
    let w = table(c, "waterfall");
    let steps: Vec<(String, f64)> = (w.first_data_row()..=w.last_row)
        .map(|r| {
            let row = &c.rows[r as usize].cells;
            (row[1].plain(), row[4].numeric().expect("TB"))
        })
        .collect();
    let mut expected: Vec<(String, f64)> = x
        .capacity
        .waterfall
        .iter()
        .map(|st| {
            let sign = if st.kind == crate::platform::vsan_osa::capacity::StepKind::Deduction {
                -1.0
            } else {
                1.0
            };
            (st.label.to_string(), sign * st.amount.tb)
        })
        .collect();
    expected.push(("Required by the workloads".into(), -x.capacity.required.tb));
    expected.push(("Headroom".into(), x.capacity.headroom.tb));
    assert_eq!(steps, expected);
    // ESA's RAID-5 is 4+1 on six hosts: 1.25x, not OSA's 1.33x.
    let wl = table(c, "workload-capacity");
    let oltp = (wl.first_data_row()..=wl.last_row)
        .find(|r| c.rows[*r as usize].cells[1].plain() == "OLTP instances")
        .expect("OLTP row");
    assert_eq!(c.rows[oltp as usize].cells[8].numeric(), Some(1.25));
    let esa = table(c, "esa");
    let row = &c.rows[esa.first_data_row() as usize].cells;
    assert_eq!(row[4].numeric(), Some(x.esa.lfs_overhead_pct));
    assert_eq!(row[6].numeric(), Some(x.esa.components_per_host as f64));
    assert_eq!(
        row[9].numeric(),
        Some(x.esa.max_components_per_device as f64)
    );
}

#[test]
fn design_performance_compute_resilience_findings_and_assumptions_show_esa() {
    let (p, e) = esa_priced();
    let x = &e.esa().next().unwrap();
    let s = sheets(&p, &e);
    let design = sheet(&s, "Design");
    let pools = table(design, "esa-pools");
    let row = &design.rows[pools.first_data_row() as usize].cells;
    assert_eq!(row[2].numeric(), Some(f64::from(x.esa.devices_per_host)));
    assert_eq!(row[5].plain(), "reserved capacity");
    let perf = sheet(&s, "Performance");
    let io = table(perf, "esa-io");
    let row = &perf.rows[io.first_data_row() as usize].cells;
    let io_figures = &x.performance;
    assert_eq!(row[1].numeric(), Some(x.growth.years[0].front_end_iops));
    assert_eq!(row[3].numeric(), Some(io_figures.back_end_write_iops));
    assert_eq!(row[4].numeric(), Some(f64::from(io_figures.devices)));
    assert_eq!(row[8].numeric(), io_figures.utilisation_pct);
    assert_eq!(row[10].numeric(), io_figures.device_limited_front_end_iops);
    let per_workload = table(perf, "esa-workload-io");
    assert_eq!(
        (per_workload.last_row - per_workload.header_row) as usize,
        io_figures.workloads.len()
    );
    let compute = sheet(&s, "Compute");
    assert!(compute.rows.iter().any(|r| r
        .cells
        .iter()
        .any(|c| c.plain().contains(crate::source::ESA_MEMORY))));
    let compute = sheet(&s, "Compute");
    let cores = row_of(compute, "Cores needed (vCPU ratios and overhead)");
    assert_eq!(
        compute.rows[cores as usize].cells[2].numeric(),
        Some(x.compute.cores_needed)
    );
    let resilience = sheet(&s, "Resilience");
    let failures = table(resilience, "esa-host-failures");
    let row = &resilience.rows[failures.first_data_row() as usize].cells;
    assert_eq!(
        row[3].numeric(),
        Some(f64::from(x.compute.hosts_after_failure))
    );
    // The example meets every ESA rule: no findings, and the sheet says so.
    assert!(e.findings.is_empty());
    let findings = sheet(&s, "Findings");
    assert!(findings.tables.is_empty());
    assert_eq!(findings.rows[1].cells[0].plain(), "None.");
    let assumptions = sheet(&s, "Assumptions");
    let inputs = table(assumptions, "esa-inputs");
    let compression = (inputs.first_data_row()..=inputs.last_row)
        .map(|r| &assumptions.rows[r as usize].cells)
        .find(|r| r[2].plain() == "clusters[0].storage.compression_ratio")
        .expect("compression row");
    assert_eq!(compression[3].numeric(), Some(1.0));
    assert_eq!(compression[6].plain(), "default");
    // Each policy on the cluster: its compression rule, on by default.
    let rules: Vec<_> = (inputs.first_data_row()..=inputs.last_row)
        .map(|r| &assumptions.rows[r as usize].cells)
        .filter(|r| r[2].plain().ends_with(".compression"))
        .collect();
    assert_eq!(rules.len(), p.policies.len());
    assert!(rules
        .iter()
        .all(|r| r[3].plain() == "on" && r[6].plain() == "default"));
    let constants = table(assumptions, "model-constants");
    assert!((constants.first_data_row()..=constants.last_row).any(|r| {
        assumptions.rows[r as usize].cells[0].plain()
            == "vSAN ESA log-structured file system overhead"
    }));
}

#[test]
fn a_mixed_project_keeps_each_cluster_with_its_own_kind() {
    let (p, e) = mixed();
    assert_eq!((e.osa().count(), e.esa().count()), (1, 1));
    let (osa, esa) = (e.osa().next().unwrap(), e.esa().next().unwrap());
    let s = sheets(&p, &e);
    let sum = &s.summary;
    assert_eq!(figure(&s, sum, 0, KeyFigure::RawTb), Some(osa.raw.total.tb));
    assert_eq!(figure(&s, sum, 1, KeyFigure::RawTb), Some(esa.raw.total.tb));
    let (text, value) = formula(s.cell(&sum.project(KeyFigure::Hosts)));
    assert!(text.starts_with("=SUM(C"), "{text}");
    assert_eq!(number(value), f64::from(osa.host_count + esa.host_count));
    // Deliverable IOPS add up over OSA and ESA clusters alike.
    let (_, value) = formula(s.cell(&sum.project(KeyFigure::DeliverableIops)));
    let deliverable = |limit: Option<f64>| limit.expect("demand");
    assert!(
        (number(value)
            - deliverable(osa.performance.device_limited_front_end_iops)
            - deliverable(esa.performance.device_limited_front_end_iops))
        .abs()
            < 1e-6
    );
    // A figure only OSA has (its cache tier) totals OSA's alone.
    let (_, value) = formula(s.cell(&sum.project(KeyFigure::CacheInstalledGb)));
    assert_eq!(number(value), osa.cache.installed.gb);
    let bom = sheet(&s, "BOM");
    let esa_label = &p.clusters[1].name;
    assert!(row_of(bom, &format!("Subtotal: {esa_label}")) > 0);
    let lines = table(bom, "bom");
    let esa_lines = (lines.first_data_row()..=lines.last_row)
        .filter(|r| bom.rows[*r as usize].cells[7].plain() == *esa_label)
        .count();
    assert_eq!(esa_lines, 2);
}

#[test]
fn an_esa_cluster_of_catalog_parts_is_priced_in_the_bom_and_its_cluster_subtotal() {
    // The ESA example rebuilt from shipped catalog parts: Dell PowerEdge
    // R760 hosts ($28,000 indicative) with 6 Micron 7450 PRO 3.84 TB each
    // ($650 indicative), next to seed 001's OSA cluster. 6 hosts: 6 x
    // 28,000 + 36 x 650 = 191,400 in the ESA cluster's subtotal.
    let catalog = crate::catalog::shipped_catalog();
    let part = |id: &str| catalog.part(id).unwrap_or_else(|| panic!("{id}"));
    let device = part("micron-7450-pro-3840").to_device().expect("device");
    let host = part("dell-r760-gold6430").to_host_spec().expect("host");
    let mut v: serde_json::Value = serde_json::from_str(SEED_001).expect("json");
    let mut esa: serde_json::Value = serde_json::from_str(ESA).expect("json");
    esa["clusters"][0]["host"] = serde_json::to_value(&host).expect("host json");
    esa["clusters"][0]["storage"]["device"] = device.id.clone().into();
    esa["devices"] = serde_json::json!([device]);
    for key in ["devices", "clusters", "policies", "workloads"] {
        let extra = esa[key].as_array().expect(key).clone();
        v[key].as_array_mut().expect(key).extend(extra);
    }
    let (p, e) = evaluated(&v.to_string());
    let x = &e.esa().next().unwrap();
    let s = sheets(&p, &e);
    let bom = sheet(&s, "BOM");
    let label = &p.clusters[1].name;
    let lines = table(bom, "bom");
    let esa_lines: Vec<_> = (lines.first_data_row()..=lines.last_row)
        .map(|r| &bom.rows[r as usize].cells)
        .filter(|c| c.len() > 7 && c[7].plain() == *label)
        .collect();
    assert_eq!(esa_lines.len(), 2);
    assert_eq!(esa_lines[0][3].numeric(), Some(6.0));
    assert_eq!(
        esa_lines[0][4],
        Cell::Input(Some(28_000.0), NumberFormat::Price)
    );
    assert_eq!(esa_lines[1][3].numeric(), Some(36.0));
    assert_eq!(
        esa_lines[1][4],
        Cell::Input(Some(650.0), NumberFormat::Price)
    );
    assert_eq!(esa_lines[1][0], Cell::text("MTFDKCC3T8TFR"));
    let subtotal = row_of(bom, &format!("Subtotal: {label}"));
    let (text, value) = formula(bom.rows[subtotal as usize].cells.get(5));
    assert!(text.starts_with("=SUBTOTAL(109,"), "{text}");
    assert_eq!(number(value), 191_400.0);
    // Price per deliverable IOPS of the ESA cluster: its pool's limit.
    let per_iops = row_of(
        bom,
        &format!("Price per deliverable front-end IOPS: {label}"),
    );
    let (_, value) = formula(bom.rows[per_iops as usize].cells.get(5));
    let deliverable = x.performance.device_limited_front_end_iops.expect("demand");
    assert!((number(value) - 191_400.0 / deliverable).abs() < 1e-12);
    // The project total sums every line: seed 001's legacy parts priced
    // from the catalog too.
    let (text, total) = formula(bom.cell(&s.bom.total));
    assert!(text.starts_with("=SUBTOTAL(109,"), "{text}");
    let osa = e.clusters[0].key_figures.cost.priced_total;
    assert!(osa > 0.0);
    assert_eq!(number(total), 191_400.0 + osa);
}
