//! What the search returns: designs with their BOM, what limits them, the
//! project a user can open as an editable variant and its full evaluation.

use serde::Serialize;

use crate::evaluate::{evaluate, Evaluation};
use crate::issue::InputIssue;
use crate::model::Project;

use super::bom::{total, BomLine};
use super::family::Family;
use super::options::ProtectionChoice;
use super::pareto::{DesignKey, Point};
use super::requirement::{binding, constraint_uses, Constraint, ConstraintUse};
use super::search::Phase;
use super::select::Designs;

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct ClassProtection {
    /// The project policy whose workloads form the class.
    pub policy_id: String,
    pub protection: ProtectionChoice,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct Design {
    pub family: Family,
    /// The BOM's total, in `Recommendation::currency`.
    pub cost: f64,
    pub summary: String,
    /// Hosts in the cluster, both sites together when stretched.
    pub hosts: u32,
    pub rack_units: u32,
    /// The constraint closest to its limit: what keeps the design from
    /// being any smaller.
    pub binding_constraint: Constraint,
    pub constraint_use: Vec<ConstraintUse>,
    /// Usable capacity left once the workloads are placed, decimal TB.
    pub capacity_headroom_tb: f64,
    /// IOPS the design carries beyond the demand, in % of the demand;
    /// absent without demand.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub iops_headroom_pct: Option<f64>,
    /// On the Pareto front over (cost, capacity headroom, IOPS headroom)
    /// of the designs meeting every requirement.
    pub on_pareto_front: bool,
    /// The cheapest design of its family meeting every requirement.
    pub best_in_family: bool,
    /// vSAN: the protection each workload class got.
    pub protections: Vec<ClassProtection>,
    pub bom: Vec<BomLine>,
    /// The whole project with this design in place of the sized cluster.
    pub project: Project,
    /// `evaluate` of `project`.
    pub evaluation: Evaluation,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct Recommendation {
    pub cluster_id: String,
    pub currency: String,
    /// Designs in the search space: every configuration at every size.
    pub search_space: u64,
    /// Designs whose sizing rules were checked, by the fast scorer (vSAN)
    /// or by `evaluate` (the XtremIO + VPLEX axes).
    pub evaluated: u64,
    /// Designs never checked because a proven argument settles them
    /// (`search_space = evaluated + pruned`).
    pub pruned: u64,
    /// `evaluate` calls: reading figures, the array axes, verification.
    pub full_evaluations: u64,
    /// vSAN designs the fast scorer passed but `evaluate` rejected for a
    /// rule the scorer reproduces; 0 unless the two have drifted apart
    /// (such designs are skipped, `evaluate` having the final word).
    pub scorer_mismatches: u64,
    /// Designs on the Pareto front of the sized designs; only those in
    /// `designs` were confirmed by `evaluate`.
    pub pareto_front_size: usize,
    /// Cheapest first: the `top` cheapest designs of the Pareto front and
    /// each family's cheapest design. Empty when nothing meets the
    /// requirements: see `infeasible_reason`.
    pub designs: Vec<Design>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub infeasible_reason: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub infeasible_constraint: Option<Constraint>,
    /// Input issues that stop the search (the project must be valid).
    pub input_issues: Vec<InputIssue>,
    /// What the search left out and why.
    pub notes: Vec<String>,
}

/// How far a search has got.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct Progress {
    pub phase: Phase,
    /// vSAN lines sized so far, of `lines`.
    pub lines_done: u64,
    pub lines: u64,
    pub evaluated: u64,
    pub pruned: u64,
    pub full_evaluations: u64,
}

/// A returned design, from its point.
pub fn design(
    designs: &Designs,
    point: &Point,
    (on_pareto_front, best_in_family): (bool, bool),
) -> Option<Design> {
    let reduced = designs.project(point.key)?;
    let own = evaluate(&reduced).ok()?;
    let constraint_use = constraint_uses(&own);
    let project = designs.base.full_project(&reduced);
    let evaluation = evaluate(&project).unwrap_or(own);
    let choices = designs.choices;
    let (bom, hosts, rack_units, summary, protections) = match point.key {
        DesignKey::Vsan { .. } => {
            let vsan = designs.vsan?;
            let (config, size) = vsan.config(choices, point.key)?;
            let (bom, units) = vsan.bom(choices, point.key)?;
            let protections: Vec<ClassProtection> = designs
                .base
                .classes
                .iter()
                .zip(config.protections)
                .map(|(&i, &protection)| ClassProtection {
                    policy_id: designs.base.reduced().policies[i].id.to_string(),
                    protection,
                })
                .collect();
            let hosts = vsan.scorer.hosts(size);
            let summary = format!(
                "{hosts} x {}{}; {} disk group(s) per host of 1 x {} + {} x {}; dedup+compression {}; {}",
                config.host.spec.model,
                if vsan.stretched {
                    format!(" ({size} per site)")
                } else {
                    String::new()
                },
                config.layout.groups,
                config.cache.device.model,
                config.layout.devices,
                config.capacity.device.model,
                if config.dedup { "on" } else { "off" },
                protections
                    .iter()
                    .map(|p| format!("{}: {}", p.policy_id, p.protection.label()))
                    .collect::<Vec<_>>()
                    .join(", ")
            );
            (bom, hosts, units, summary, protections)
        }
        DesignKey::Array { .. } => {
            let array = designs.array?;
            let (s, c) = array.parts(point.key)?;
            let summary = format!(
                "{} x {} ({} per site); {} x {} and {} VPLEX engine(s) per site",
                2 * c.size,
                choices.hosts[c.host].spec.model,
                c.size,
                s.x_bricks,
                choices.x_bricks[s.x_brick].model.name,
                s.engines
            );
            (
                array.bom(choices, point.key),
                2 * c.size,
                array.rack_units(choices, point.key),
                summary,
                Vec::new(),
            )
        }
    };
    debug_assert_eq!(total(&bom), point.cost);
    Some(Design {
        family: point.family,
        cost: point.cost,
        summary,
        hosts,
        rack_units,
        binding_constraint: binding(&constraint_use),
        constraint_use,
        capacity_headroom_tb: point.capacity_headroom_gb / 1000.0,
        iops_headroom_pct: (point.iops_headroom > 0.0)
            .then_some((point.iops_headroom - 1.0) * 100.0),
        on_pareto_front,
        best_in_family,
        protections,
        bom,
        project,
        evaluation,
    })
}
