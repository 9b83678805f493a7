//! The Performance sheet's iSCSI section against the core's counts: seed
//! 002's seven LUNs under seven targets and their sessions.

use super::*;

const SEED_002: &str = include_str!("../../../../assets/examples/seed-002-iscsi-fci.json");

#[test]
fn seed_002_shows_its_luns_targets_and_sessions_with_their_rules() {
    let (p, e) = evaluated(SEED_002);
    let s = sheets(&p, &e);
    let performance = sheet(&s, "Performance");
    let (header, rows) = table_rows(performance, "iscsi");
    let headers: Vec<String> = header.iter().map(Cell::plain).collect();
    assert_eq!(
        headers,
        ["Cluster", "Figure", "Count", "Limit", "After N+1", "Rule"]
    );
    let figures: Vec<(String, f64, f64, Option<f64>)> = rows
        .iter()
        .map(|r| (r[1].plain(), num(&r[2]), num(&r[3]), r[4].numeric()))
        .collect();
    let expected = [
        ("iSCSI LUNs", 7.0, 128.0, None),
        ("iSCSI targets", 7.0, 16.0, None),
        ("iSCSI sessions on the busiest host", 8.0, 128.0, Some(12.0)),
    ];
    let expected: Vec<_> = expected
        .into_iter()
        .map(|(l, u, m, a)| (l.to_string(), u, m, a))
        .collect();
    assert_eq!(figures, expected);
    assert!(rows[2][5].plain().starts_with("28 sessions in all"));
    let osa = e.osa().next().expect("a vSAN OSA cluster");
    assert_eq!(rows[2][5].plain(), osa.iscsi.figures[2].rule);
    let sources = row_of(performance, "Sources: seed 002 Best Practices: no more than 16 targets and 128 LUNs in one vSAN cluster, and 128 sessions on each host; seed 002 Best Practices: for a mission-critical application use one target with one LUN mapping; seed 002 Best Practices: do not set the paths of each virtual disk above FTT+1, to limit the session number while keeping paths alive through a host failure.");
    assert!(sources > 0);
}

#[test]
fn a_design_without_iscsi_has_no_section() {
    let (p, e) = evaluated(SEED_001);
    let s = sheets(&p, &e);
    assert!(!sheet(&s, "Performance")
        .tables
        .iter()
        .any(|t| t.id == "iscsi"));
}

fn num(c: &Cell) -> f64 {
    c.numeric().unwrap_or_else(|| panic!("not a number: {c:?}"))
}

#[test]
fn an_esa_cluster_lists_its_iscsi_figures_with_the_esa_source() {
    // The ESA example's 8 OLTP instances as iSCSI-served FCIs: 32 LUNs
    // under 32 targets (src/evaluate/tests.rs has the counts).
    let mut v: serde_json::Value = serde_json::from_str(ESA).expect("json");
    v["workloads"][0]["spec"]["deployment"] =
        serde_json::json!({ "type": "failover_cluster", "iscsi_target": true });
    let (p, e) = evaluated(&v.to_string());
    let s = sheets(&p, &e);
    let performance = sheet(&s, "Performance");
    let (_, rows) = table_rows(performance, "iscsi");
    let esa = e.esa().next().expect("a vSAN ESA cluster");
    let counts: Vec<f64> = rows.iter().map(|r| num(&r[2])).collect();
    assert_eq!(counts, [32.0, 32.0, 24.0]);
    for (row, figure) in rows.iter().zip(&esa.iscsi.figures) {
        assert_eq!(row[5].plain(), figure.rule);
    }
    assert!(performance
        .rows
        .iter()
        .flat_map(|r| &r.cells)
        .any(|c| c.plain().contains("Express Storage Architecture")));
}
