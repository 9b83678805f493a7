//! The Growth sheet against the core's timelines: every year of every vSAN
//! cluster (OSA and ESA), the first crossings, live formulas.

use super::esa::{mixed, table};
use super::*;
use crate::demand::growth::GrowthLimit;

const SEED_004: &str = include_str!("../../../../assets/examples/seed-004-xtremio-vplex.json");

/// The ESA example over `horizon` years with every workload's data growing
/// `growth_pct` a year.
fn esa_growing(horizon: u32, growth_pct: f64) -> (Project, Evaluation) {
    let mut v: serde_json::Value = serde_json::from_str(ESA).expect("json");
    v["settings"]["planning_horizon_years"] = horizon.into();
    for w in v["workloads"].as_array_mut().expect("workloads") {
        w["spec"]["annual_growth_pct"] = growth_pct.into();
    }
    evaluated(&v.to_string())
}

#[test]
fn every_year_of_every_vsan_cluster_with_headroom_as_a_formula() {
    let (p, e) = mixed();
    let s = sheets(&p, &e);
    let g = sheet(&s, "Growth");
    let t = table(g, "growth");
    let expected: Vec<(&str, &crate::demand::growth::GrowthYear)> = e
        .osa()
        .next()
        .unwrap()
        .growth
        .years
        .iter()
        .map(|y| (p.clusters[0].name.as_str(), y))
        .chain(
            e.esa()
                .next()
                .unwrap()
                .growth
                .years
                .iter()
                .map(|y| (p.clusters[1].name.as_str(), y)),
        )
        .collect();
    assert_eq!((t.last_row - t.header_row) as usize, expected.len());
    for (r, (label, y)) in (t.first_data_row()..=t.last_row).zip(expected) {
        let cells = &g.rows[r as usize].cells;
        assert_eq!(cells[0].plain(), label);
        assert_eq!(cells[1].numeric(), Some(f64::from(y.year)));
        assert_eq!(cells[2].numeric(), Some(y.capacity_required.tb));
        assert_eq!(cells[3].numeric(), Some(y.capacity_usable.tb));
        let (text, value) = formula(cells.get(4));
        assert_eq!(text, format!("=D{0}-C{0}", r + 1));
        assert_eq!(number(value), y.capacity_usable.tb - y.capacity_required.tb);
        assert_eq!(cells[5].numeric(), Some(y.front_end_iops));
        assert_eq!(cells[6].numeric(), y.iops_limit);
        assert_eq!(cells[7].numeric(), y.cpu_pct);
        assert_eq!(cells[8].numeric(), y.ram_pct);
    }
    // ESA's device-limited IOPS fill the last cluster's rows too.
    let last = &g.rows[t.last_row as usize].cells;
    assert!(last[6].numeric().is_some_and(|l| l > 0.0));
}

#[test]
fn crossings_give_the_year_and_the_hosts_from_the_summary() {
    let (p, e) = esa_growing(8, 25.0);
    let growth = &e.esa().next().unwrap().growth;
    let crossing = growth
        .first_crossing
        .iter()
        .find(|c| c.limit == GrowthLimit::Capacity)
        .expect("capacity runs out within 8 years at 25 % a year");
    let add = crossing.hosts_to_add.expect("a few hosts carry it");
    let s = sheets(&p, &e);
    let g = sheet(&s, "Growth");
    let t = table(g, "crossings");
    assert_eq!(
        (t.last_row - t.header_row) as usize,
        growth.first_crossing.len()
    );
    let r = (t.first_data_row()..=t.last_row)
        .find(|r| g.rows[*r as usize].cells[1].plain() == "usable capacity")
        .expect("capacity row");
    let cells = &g.rows[r as usize].cells;
    assert_eq!(cells[2].numeric(), Some(f64::from(crossing.year)));
    let hosts = e.esa().next().unwrap().host_count;
    let (text, value) = formula(cells.get(3));
    assert_eq!(
        text,
        format!("={}", s.summary.cluster(0, KeyFigure::Hosts).absolute())
    );
    assert_eq!(number(value), f64::from(hosts));
    assert_eq!(cells[4].numeric(), Some(f64::from(add)));
    let (text, value) = formula(cells.get(5));
    assert_eq!(text, format!("=IF(ISNUMBER(E{0}),D{0}+E{0},\"\")", r + 1));
    assert_eq!(number(value), f64::from(hosts + add));
    // The Summary cell the formula reads holds the host count.
    assert_eq!(
        s.cell(&s.summary.cluster(0, KeyFigure::Hosts))
            .and_then(Cell::numeric),
        Some(f64::from(hosts))
    );
}

#[test]
fn a_crossing_no_cluster_size_carries_is_said_not_summed() {
    let (p, e) = esa_growing(8, 300.0);
    let crossing = e
        .esa()
        .next()
        .unwrap()
        .growth
        .first_crossing
        .iter()
        .find(|c| c.limit == GrowthLimit::Capacity)
        .expect("capacity runs out");
    assert_eq!(crossing.hosts_to_add, None);
    let s = sheets(&p, &e);
    let g = sheet(&s, "Growth");
    let t = table(g, "crossings");
    let cells = &g.rows[t.first_data_row() as usize].cells;
    assert_eq!(cells[4], Cell::Blank);
    let (_, value) = formula(cells.get(5));
    assert_eq!(value, &Computed::Text(String::new()));
    assert!(cells[6].plain().contains("64 hosts"), "{:?}", cells[6]);
}

#[test]
fn xtremio_vplex_clusters_have_no_timeline_and_say_so() {
    let (p, e) = evaluated(SEED_004);
    let s = sheets(&p, &e);
    let g = sheet(&s, "Growth");
    assert!(g.tables.is_empty());
    assert!(g.rows.iter().filter_map(|r| r.cells.first()).any(|c| c
        .plain()
        .contains("XtremIO + VPLEX clusters have no growth")));
}

#[test]
fn esa_growth_warnings_are_on_the_findings_sheet() {
    let (p, e) = esa_growing(8, 25.0);
    assert!(e
        .findings
        .iter()
        .any(|f| f.code == "growth.capacity_crossed"));
    let s = sheets(&p, &e);
    let f = sheet(&s, "Findings");
    let t = table(f, "findings");
    let titles: Vec<String> = (t.first_data_row()..=t.last_row)
        .map(|r| f.rows[r as usize].cells[1].plain())
        .collect();
    let expected: Vec<&str> = e
        .findings
        .iter()
        .map(|x| crate::report::finding_titles::finding_title(x.code.as_str()))
        .collect();
    assert_eq!(titles, expected);
}

#[test]
fn growth_tables_are_csv_files_with_the_same_figures() {
    let (p, e) = esa_growing(8, 25.0);
    let tables = csv_tables(&p, &e).expect("csv");
    let (_, growth) = tables
        .iter()
        .find(|(n, _)| n == "growth.csv")
        .expect("growth.csv");
    assert!(tables.iter().any(|(n, _)| n == "growth-crossings.csv"));
    let mut reader = csv::Reader::from_reader(growth.trim_start_matches('\u{feff}').as_bytes());
    let records: Vec<csv::StringRecord> = reader.records().map(|r| r.expect("record")).collect();
    let years = &e.esa().next().unwrap().growth.years;
    assert_eq!(records.len(), years.len());
    for (rec, y) in records.iter().zip(years) {
        // The core's figures at the precision the workbook shows.
        assert_eq!(&rec[1], y.year.to_string());
        assert_eq!(&rec[2], NumberFormat::Decimal.shown(y.capacity_required.tb));
        // The headroom formula's value, as the core computes it.
        let headroom = y.capacity_usable.tb - y.capacity_required.tb;
        assert_eq!(&rec[4], NumberFormat::Decimal.shown(headroom));
        let limit = y.iops_limit.expect("the ESA pool's device-limited IOPS");
        assert_eq!(&rec[6], NumberFormat::Count.shown(limit));
    }
}
