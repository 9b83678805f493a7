//! The evaluation the app's live views read on every edit. A project's
//! per-workload rows are most of its evaluation (6.3 MB for 2,000
//! workloads, docs/performance.md) and the live views show few of them, yet
//! converting them to JavaScript, cloning them and comparing them with the
//! last answer scaled with the workload count. The reports and exports
//! evaluate the project themselves and keep every row.

use serde::Serialize;

use super::{evaluate_json, ClusterDetail, EvaluateOutcome, Evaluation};
use crate::model::issue::InputIssue;
use crate::platform::vsan_osa::performance::WorkloadPerformance;

/// What a live evaluation leaves out, as paths within a cluster's
/// `detail`, by kind: per-workload rows no live view reads, and each part's
/// own findings (every one of them is also in the evaluation's `findings`).
/// Kept: the ESA pool's capacity and performance rows (its workload table),
/// the iSCSI rows and findings, every cluster's `workload_shares`, and of a
/// vSAN OSA cluster's performance rows the `slowest_performance_rows`
/// slowest (all the latency chart shows).
pub const LEFT_OUT: LeftOut = LeftOut {
    vsan_osa: &[
        "capacity.workloads",
        "cache.workloads",
        "compute.workloads",
        "compute.findings",
        "performance.findings",
        "resilience.findings",
        "stretched.findings",
    ],
    vsan_esa: &[
        "compute.workloads",
        "compute.findings",
        "resilience.findings",
    ],
    xtremio_vplex: &[
        "capacity.workloads",
        "compute.workloads",
        "compute.findings",
        "xtremio_vplex.findings",
    ],
    slowest_performance_rows: SLOWEST_PERFORMANCE_ROWS,
};

/// The latency chart's bars: a vSAN OSA cluster's live performance rows
/// are its this many slowest workloads.
const SLOWEST_PERFORMANCE_ROWS: u32 = 20;

/// What a live evaluation leaves out (see `LEFT_OUT`).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct LeftOut {
    /// Paths emptied in every cluster of the kind.
    pub vsan_osa: &'static [&'static str],
    pub vsan_esa: &'static [&'static str],
    pub xtremio_vplex: &'static [&'static str],
    /// A vSAN OSA cluster's `performance.workloads` holds at most this
    /// many rows, the slowest first (by the larger of the read and write
    /// latency estimates; a side without an estimate counts as 0 ms), of
    /// as many workloads as its `workload_shares` has.
    pub slowest_performance_rows: u32,
}

/// `EvaluateOutcome` for the app's live views: the evaluation without the
/// rows `left_out` names (every figure else as `evaluate` computes it).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum LiveOutcome {
    Evaluated {
        evaluation: Box<Evaluation>,
        left_out: LeftOut,
    },
    Invalid {
        issues: Vec<InputIssue>,
    },
}

/// A project file's live evaluation, or every input issue with its JSON path.
pub fn live_evaluation_json(json: &str) -> LiveOutcome {
    match evaluate_json(json) {
        EvaluateOutcome::Evaluated { mut evaluation } => {
            leave_out_rows(&mut evaluation);
            LiveOutcome::Evaluated {
                evaluation,
                left_out: LEFT_OUT,
            }
        }
        EvaluateOutcome::Invalid { issues } => LiveOutcome::Invalid { issues },
    }
}

/// Empties what `LEFT_OUT` names, so the two cannot disagree.
fn leave_out_rows(evaluation: &mut Evaluation) {
    for cluster in &mut evaluation.clusters {
        match &mut cluster.detail {
            ClusterDetail::VsanOsa(e) => {
                e.capacity.workloads = Vec::new();
                e.cache.workloads = Vec::new();
                e.compute.workloads = Vec::new();
                e.compute.findings = Vec::new();
                e.performance.findings = Vec::new();
                e.resilience.findings = Vec::new();
                if let Some(stretched) = &mut e.stretched {
                    stretched.findings = Vec::new();
                }
                keep_slowest(&mut e.performance.workloads);
            }
            ClusterDetail::VsanEsa(e) => {
                e.compute.workloads = Vec::new();
                e.compute.findings = Vec::new();
                e.resilience.findings = Vec::new();
            }
            ClusterDetail::XtremioVplex(e) => {
                e.capacity.workloads = Vec::new();
                e.compute.workloads = Vec::new();
                e.compute.findings = Vec::new();
                e.xtremio_vplex.findings = Vec::new();
            }
        }
    }
}

/// The `SLOWEST_PERFORMANCE_ROWS` slowest rows, slowest first; equal ones
/// in project order. A workload without I/O waits for nothing: last.
fn keep_slowest(rows: &mut Vec<WorkloadPerformance>) {
    let slowest = |w: &WorkloadPerformance| {
        if w.front_end.total_iops > 0.0 {
            w.read_latency_ms
                .unwrap_or(0.0)
                .max(w.write_latency_ms.unwrap_or(0.0))
        } else {
            f64::NEG_INFINITY
        }
    };
    rows.sort_by(|a, b| slowest(b).total_cmp(&slowest(a)));
    rows.truncate(SLOWEST_PERFORMANCE_ROWS as usize);
}

#[cfg(test)]
mod tests {
    use super::*;

    const EXAMPLES: [(&str, &str); 4] = [
        (
            "seed 001",
            include_str!("../../../assets/examples/seed-001-all-flash-sql.json"),
        ),
        (
            "seed 003",
            include_str!("../../../assets/examples/seed-003-mixed-sql-exchange.json"),
        ),
        (
            "ESA",
            include_str!("../../../assets/examples/esa-all-nvme.json"),
        ),
        (
            "seed 004",
            include_str!("../../../assets/examples/seed-004-xtremio-vplex.json"),
        ),
    ];

    fn both(json: &str) -> (Evaluation, Evaluation) {
        let EvaluateOutcome::Evaluated { evaluation: full } = evaluate_json(json) else {
            panic!("the example evaluates");
        };
        let LiveOutcome::Evaluated {
            evaluation: live, ..
        } = live_evaluation_json(json)
        else {
            panic!("the example evaluates live");
        };
        (*full, *live)
    }

    /// Per cluster: capacity, cache and compute rows, then performance rows.
    fn row_counts(e: &Evaluation) -> Vec<[usize; 4]> {
        e.clusters
            .iter()
            .map(|c| match &c.detail {
                ClusterDetail::VsanOsa(e) => [
                    e.capacity.workloads.len(),
                    e.cache.workloads.len(),
                    e.compute.workloads.len(),
                    e.performance.workloads.len(),
                ],
                ClusterDetail::VsanEsa(e) => [
                    e.capacity.workloads.len(),
                    0,
                    e.compute.workloads.len(),
                    e.performance.workloads.len(),
                ],
                ClusterDetail::XtremioVplex(e) => {
                    [e.capacity.workloads.len(), 0, e.compute.workloads.len(), 0]
                }
            })
            .collect()
    }

    #[test]
    fn a_live_evaluation_leaves_out_only_the_rows_it_names() {
        for (name, json) in EXAMPLES {
            let (full, live) = both(json);
            let counts = row_counts(&full).into_iter().zip(row_counts(&live));
            for (cluster, (f, l)) in full.clusters.iter().zip(counts) {
                let esa = cluster.vsan_esa().is_some();
                assert!(
                    f[0] > 0 && f[2] > 0,
                    "{name}: the example has rows to leave out"
                );
                let capacity_kept = if esa { f[0] } else { 0 };
                assert_eq!(l, [capacity_kept, 0, 0, f[3]], "{name}: {f:?} -> {l:?}");
            }
            assert_eq!(full.findings, live.findings, "{name}: every finding kept");
            for c in live.osa() {
                assert!(c.compute.findings.is_empty() && c.performance.findings.is_empty());
                assert!(c.resilience.findings.is_empty());
            }
            let mut emptied = full.clone();
            leave_out_rows(&mut emptied);
            assert_eq!(
                emptied, live,
                "{name}: every other figure is the full one's"
            );
        }
    }

    #[test]
    fn a_vsan_osa_cluster_keeps_its_slowest_performance_rows_slowest_first() {
        let (full, _) = both(EXAMPLES[0].1);
        let row = &full
            .osa()
            .next()
            .expect("an OSA cluster")
            .performance
            .workloads[0];
        let mut rows: Vec<WorkloadPerformance> = (0..30)
            .map(|i| WorkloadPerformance {
                workload_id: format!("w{i}").into(),
                read_latency_ms: Some(f64::from(i % 10)),
                write_latency_ms: (i == 3).then_some(50.0),
                ..row.clone()
            })
            .collect();
        keep_slowest(&mut rows);
        let ids: Vec<&str> = rows.iter().map(|r| r.workload_id.as_str()).collect();
        assert_eq!(ids.len(), 20);
        assert_eq!(&ids[..5], ["w3", "w9", "w19", "w29", "w8"]);
        assert_eq!(&ids[16..], ["w4", "w14", "w24", "w13"]);
    }

    #[test]
    fn invalid_input_comes_back_with_its_issues() {
        let outcome = live_evaluation_json(r#"{"schema_version": 1}"#);
        assert!(
            matches!(&outcome, LiveOutcome::Invalid { issues } if !issues.is_empty()),
            "{outcome:?}"
        );
    }
}
