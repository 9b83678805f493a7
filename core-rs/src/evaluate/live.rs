//! The evaluation the app's live views read on every edit. A project's
//! per-workload rows of capacity, cache and compute are most of its
//! evaluation (6.3 MB for 2,000 workloads, docs/performance.md) and no live
//! view shows them, yet converting them to JavaScript, cloning them and
//! comparing them with the last answer scaled with the workload count. The
//! reports and exports evaluate the project themselves and keep every row.

use serde::Serialize;

use super::{evaluate_json, ClusterDetail, EvaluateOutcome, Evaluation};
use crate::model::issue::InputIssue;

/// The per-workload rows a live evaluation leaves out, as paths within a
/// cluster's `detail`, by kind. Kept: the performance rows (the latency
/// chart, the ESA workload table), the ESA pool's capacity rows (that
/// table), the iSCSI rows and every cluster's `workload_shares`.
pub const LEFT_OUT: LeftOut = LeftOut {
    vsan_osa: &["capacity.workloads", "cache.workloads", "compute.workloads"],
    vsan_esa: &["compute.workloads"],
    xtremio_vplex: &["capacity.workloads", "compute.workloads"],
};

/// Which per-workload rows of each cluster kind are empty in a live
/// evaluation although the cluster has workloads.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct LeftOut {
    pub vsan_osa: &'static [&'static str],
    pub vsan_esa: &'static [&'static str],
    pub xtremio_vplex: &'static [&'static str],
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

/// Empties the rows `LEFT_OUT` names, so the two cannot disagree.
fn leave_out_rows(evaluation: &mut Evaluation) {
    for cluster in &mut evaluation.clusters {
        match &mut cluster.detail {
            ClusterDetail::VsanOsa(e) => {
                e.capacity.workloads = Vec::new();
                e.cache.workloads = Vec::new();
                e.compute.workloads = Vec::new();
            }
            ClusterDetail::VsanEsa(e) => e.compute.workloads = Vec::new(),
            ClusterDetail::XtremioVplex(e) => {
                e.capacity.workloads = Vec::new();
                e.compute.workloads = Vec::new();
            }
        }
    }
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
            let mut emptied = full.clone();
            leave_out_rows(&mut emptied);
            assert_eq!(
                emptied, live,
                "{name}: every other figure is the full one's"
            );
        }
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
