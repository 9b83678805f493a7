//! A customised design's figures against the optimum the search found:
//! each figure with its difference, which is absent (never 0) when either
//! design has no figure to take it from.

use serde::Serialize;

use crate::evaluate::ClusterResult;
use crate::recommend::requirement::{binding, constraint_uses};

/// One figure of the customised design and its difference from the optimum's.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct AgainstOptimum {
    /// Absent when the design has no such figure.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub value: Option<f64>,
    /// `value` less the optimum's; absent when either has no figure.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub delta: Option<f64>,
}

impl AgainstOptimum {
    fn of(value: Option<f64>, optimum: Option<f64>) -> Self {
        AgainstOptimum {
            value,
            delta: value.zip(optimum).map(|(v, o)| v - o),
        }
    }
}

/// The figures the Customise line shows, each against the optimum's.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct CustomisedFigures {
    /// The sized cluster's cost in the project's currency; absent while a
    /// part has no price (the total would leave it out).
    pub cost: AgainstOptimum,
    /// Usable capacity left once the workloads are placed, decimal TB.
    pub headroom_tb: AgainstOptimum,
    /// CPU and RAM demand after N+x host failures, in % of what is left
    /// (differences in percentage points).
    pub cpu_after_failure_pct: AgainstOptimum,
    pub ram_after_failure_pct: AgainstOptimum,
}

impl CustomisedFigures {
    pub(super) fn of(cluster: &ClusterResult, optimum: &ClusterResult) -> Self {
        let cost = |c: &ClusterResult| {
            let cost = &c.key_figures.cost;
            cost.unpriced_parts.is_empty().then_some(cost.priced_total)
        };
        let headroom = |c: &ClusterResult| Some(c.key_figures.headroom.tb);
        let cpu = |c: &ClusterResult| c.key_figures.cpu.after_failure.pct;
        let ram = |c: &ClusterResult| c.key_figures.ram.after_failure.pct;
        let compared = |figure: &dyn Fn(&ClusterResult) -> Option<f64>| {
            AgainstOptimum::of(figure(cluster), figure(optimum))
        };
        CustomisedFigures {
            cost: compared(&cost),
            headroom_tb: compared(&headroom),
            cpu_after_failure_pct: compared(&cpu),
            ram_after_failure_pct: compared(&ram),
        }
    }
}

/// What binds the design, in words: the finding the verdict names (on a
/// fail, or the worst warning), else the constraint closest to its limit,
/// as the design list's "Limited by" names it; None when no constraint
/// has a limit to measure against.
pub(super) fn binds(cluster: &ClusterResult) -> Option<String> {
    if let Some(b) = &cluster.verdict.binding {
        return Some(b.summary.clone());
    }
    let uses = constraint_uses(cluster);
    let closest = binding(&uses);
    uses.iter()
        .find(|u| u.constraint == closest)
        .map(|u| format!("{} at {:.0} % of its limit", closest.label(), u.used_pct))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_difference_needs_both_figures() {
        assert_eq!(
            AgainstOptimum::of(Some(5.0), Some(3.0)),
            AgainstOptimum {
                value: Some(5.0),
                delta: Some(2.0)
            }
        );
        assert_eq!(AgainstOptimum::of(Some(5.0), None).delta, None);
        let unknown = AgainstOptimum::of(None, Some(3.0));
        assert_eq!((unknown.value, unknown.delta), (None, None));
    }
}
