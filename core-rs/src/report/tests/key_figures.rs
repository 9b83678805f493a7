//! The Summary sheet shows each cluster's key figures as the core computed
//! them, for every example project, and its total column the project totals.

use super::*;

fn examples() -> Vec<(String, String)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../assets/examples");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("examples folder")
        .map(|f| f.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).expect("example");
            (p.display().to_string(), text)
        })
        .collect()
}

/// Each key figure the summary shows, read straight from `KeyFigures`.
fn expected(k: &crate::evaluate::KeyFigures) -> Vec<(KeyFigure, Option<f64>)> {
    use KeyFigure as F;
    vec![
        (F::Hosts, Some(f64::from(k.hosts))),
        (F::RawTb, Some(k.raw.tb)),
        (F::RawTib, Some(k.raw.tib)),
        (F::UsableTb, Some(k.usable.tb)),
        (F::UsableTib, Some(k.usable.tib)),
        (F::RequiredTb, Some(k.required.tb)),
        (F::RequiredTib, Some(k.required.tib)),
        (F::HeadroomTb, Some(k.headroom.tb)),
        (F::HeadroomTib, Some(k.headroom.tib)),
        (F::HeadroomPct, k.headroom_pct),
        (F::FrontEndIops, Some(k.iops.front_end)),
        (F::BackEndIops, Some(k.iops.back_end)),
        (F::DeliverableIops, k.iops.limit),
        (F::IopsHeadroom, k.iops.headroom),
        (F::CoresAfterFailure, Some(k.cpu.after_failure.limit)),
        (F::CoresNeeded, Some(k.cpu.after_failure.used)),
        (F::CpuAfterFailurePct, k.cpu.after_failure.pct),
        (F::RamAfterFailureGb, Some(k.ram.after_failure.limit)),
        (F::RamDemandGb, Some(k.ram.after_failure.used)),
        (F::RamAfterFailurePct, k.ram.after_failure.pct),
    ]
}

fn value(s: &DesignSheets, at: &CellRef) -> Option<f64> {
    s.cell(at).and_then(Cell::numeric)
}

#[test]
fn every_example_summary_shows_each_cluster_key_figures() {
    let all = examples();
    assert!(all.len() >= 7, "{} examples", all.len());
    for (name, json) in all {
        let (p, e) = evaluated(&json);
        let s = sheets(&p, &e);
        for (i, c) in e.clusters.iter().enumerate() {
            for (figure, want) in expected(&c.key_figures) {
                let got = value(&s, &s.summary.cluster(i, figure));
                assert_eq!(got, want, "{name}, cluster {}, {figure:?}", c.id);
            }
        }
    }
}

#[test]
fn the_summary_total_column_is_the_project_totals() {
    let (p, e) = two_clusters();
    let s = sheets(&p, &e);
    let t = &e.totals;
    let close = |figure: KeyFigure, want: f64| {
        let got = value(&s, &s.summary.project(figure)).expect("a total");
        assert!(
            (got - want).abs() <= 1e-9 * want.abs().max(1.0),
            "{figure:?}: {got} != {want}"
        );
    };
    close(KeyFigure::Hosts, f64::from(t.hosts));
    close(KeyFigure::RawTb, t.raw.tb);
    close(KeyFigure::UsableTb, t.usable.tb);
    close(KeyFigure::RequiredTb, t.required.tb);
    close(KeyFigure::HeadroomTb, t.headroom.tb);
    close(KeyFigure::FrontEndIops, t.front_end_iops);
    close(KeyFigure::BackEndIops, t.back_end_iops);
    close(KeyFigure::DeliverableIops, t.iops_limit.expect("a limit"));
}

/// An example varied as a user would vary it: every workload's sizes and
/// demand scaled, each cluster's host count changed, and optionally a copy
/// of its first cluster (with copies of that cluster's workloads) added.
fn varied(json: &str, scale: f64, hosts: u32, second_cluster: bool) -> String {
    const SCALED: [&str; 9] = [
        "db_size_gb",
        "log_size_gb",
        "tempdb_size_gb",
        "target_iops",
        "mailboxes",
        "capacity_gb",
        "throughput_mbps",
        "disk_gb_per_vm",
        "iops_per_vm",
    ];
    let mut v: serde_json::Value = serde_json::from_str(json).expect("json");
    for w in v["workloads"].as_array_mut().expect("workloads") {
        for field in SCALED {
            if let Some(x) = w["spec"][field].as_f64() {
                w["spec"][field] = serde_json::json!((x * scale).round().max(1.0));
            }
        }
    }
    for c in v["clusters"].as_array_mut().expect("clusters") {
        let t = &mut c["topology"];
        for field in ["host_count", "hosts_per_site"] {
            if t[field].is_u64() {
                t[field] = serde_json::json!(hosts);
            }
        }
    }
    if second_cluster {
        let mut copy = v["clusters"][0].clone();
        let first = copy["id"].clone();
        copy["id"] = "second".into();
        copy["name"] = "Second".into();
        let workloads: Vec<serde_json::Value> = v["workloads"]
            .as_array()
            .expect("workloads")
            .iter()
            .filter(|w| w["cluster_id"] == first)
            .map(|w| {
                let mut w = w.clone();
                w["id"] = format!("{}-second", w["id"].as_str().expect("id")).into();
                w["cluster_id"] = "second".into();
                w
            })
            .collect();
        v["clusters"].as_array_mut().expect("clusters").push(copy);
        v["workloads"]
            .as_array_mut()
            .expect("workloads")
            .extend(workloads);
    }
    v.to_string()
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 48, ..Default::default() })]

    /// The same on projects generated from the examples: the summary reads
    /// each key figure as the core computed it, and its total column the
    /// project totals.
    #[test]
    fn every_generated_summary_shows_its_key_figures(
        example in 0usize..7,
        scale in 0.1f64..4.0,
        hosts in 2u32..12,
        second_cluster in proptest::bool::ANY,
    ) {
        let all = examples();
        let (name, json) = &all[example % all.len()];
        let text = varied(json, scale, hosts, second_cluster);
        // A variation the rules refuse (e.g. too few hosts for a policy) is
        // not a summary to check.
        let Ok((p, e)) = evaluate_project_json(&text) else {
            return Ok(());
        };
        let s = sheets(&p, &e);
        for (i, c) in e.clusters.iter().enumerate() {
            for (figure, want) in expected(&c.key_figures) {
                let got = value(&s, &s.summary.cluster(i, figure));
                proptest::prop_assert_eq!(got, want, "{}, cluster {}, {:?}", name, c.id, figure);
            }
        }
        let total = value(&s, &s.summary.project(KeyFigure::RawTb)).expect("a total");
        proptest::prop_assert!((total - e.totals.raw.tb).abs() <= 1e-9 * total.abs().max(1.0));
    }
}
