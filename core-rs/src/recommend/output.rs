//! What the search returns: designs with their BOM, what limits them, the
//! project a user can open as an editable variant and its full evaluation.

use serde::Serialize;

use crate::evaluate::{evaluate, ClusterResult, Evaluation};
use crate::model::issue::InputIssue;
use crate::model::{DesignOrigin, Project};
use crate::rules::{Finding, Severity};
use crate::verdict::Verdict;

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
    /// The BOM's total, in `currency`.
    pub cost: f64,
    /// The catalog's currency the search priced in (ISO 4217).
    pub currency: String,
    pub summary: String,
    /// The sized cluster's verdict in the evaluation of `project`: a
    /// proposed design passes, cleanly or with warnings.
    pub verdict: Verdict,
    /// The sized cluster's warnings (and the project-wide ones) in the
    /// evaluation of `project`, most severe first; empty on a clean pass.
    pub warnings: Vec<Finding>,
    /// The figures designs are ranked by, from the cluster's key figures.
    pub figures: DesignFigures,
    /// Hosts in the cluster, both sites together when stretched.
    pub hosts: u32,
    pub rack_units: u32,
    /// The hosts' power draw under load in W (the catalog's `power_w`,
    /// drives not included); absent where the catalog states no power for
    /// a part of the design (X-Bricks and VPLEX engines have none).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub power_w: Option<f64>,
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

/// What a design offers for its cost, read from the sized cluster's key
/// figures in the evaluation of the design's project.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct DesignFigures {
    /// Usable capacity, decimal TB.
    pub usable_tb: f64,
    /// Cost per usable TB; absent without usable capacity.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub cost_per_usable_tb: Option<f64>,
    /// Front-end IOPS the design serves at the workloads' mix; absent
    /// where the limit needs a demand to be found.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub iops_limit: Option<f64>,
    /// Cost per front-end IOPS served.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub cost_per_iops: Option<f64>,
    /// CPU and RAM demand after N+x host failures, in % of what is left.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub cpu_after_failure_pct: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub ram_after_failure_pct: Option<f64>,
    /// The slowest workload's estimated mean latency at the host, the
    /// slower of read and write, in ms; absent where the kind does not
    /// model latency or a tier is saturated.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub latency_ms: Option<f64>,
}

impl DesignFigures {
    pub fn of(cluster: &ClusterResult, cost: f64) -> DesignFigures {
        let k = &cluster.key_figures;
        let usable_tb = k.usable.gb / 1000.0;
        let per = |amount: Option<f64>| {
            amount
                .filter(|a| *a > 0.0 && a.is_finite())
                .map(|a| cost / a)
        };
        DesignFigures {
            usable_tb,
            cost_per_usable_tb: per(Some(usable_tb)),
            iops_limit: k.iops.limit,
            cost_per_iops: per(k.iops.limit),
            cpu_after_failure_pct: k.cpu.after_failure.pct,
            ram_after_failure_pct: k.ram.after_failure.pct,
            latency_ms: k
                .latency
                .as_ref()
                .and_then(|l| match (l.read_ms, l.write_ms) {
                    (Some(r), Some(w)) => Some(r.max(w)),
                    (r, w) => r.or(w),
                }),
        }
    }
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
    /// Designs on the Pareto front of the sized designs costing no more
    /// than the dearest design the answer depends on (the search sizes
    /// dearer designs only as far as the answer needs them); only those
    /// in `designs` were confirmed by `evaluate`.
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

/// A returned design, from its point: evaluated as the whole project it
/// becomes, which gives its verdict, warnings, figures and binding
/// constraint.
pub fn design(
    designs: &Designs,
    point: &Point,
    (on_pareto_front, best_in_family): (bool, bool),
    currency: &str,
) -> Option<Design> {
    let reduced = designs.project(point.key)?;
    let mut project = designs.base.full_project(&reduced);
    let evaluation = evaluate(&project).ok()?;
    let index = designs.base.cluster_index();
    let cluster = evaluation.clusters.get(index)?;
    let constraint_use = constraint_uses(cluster);
    let warnings = evaluation
        .findings
        .iter()
        .filter(|f| f.severity == Severity::Warning && of_cluster(f, &project, index))
        .cloned()
        .collect();
    let choices = designs.choices;
    let protections_of = |chosen: &[ProtectionChoice]| -> Vec<ClassProtection> {
        designs
            .base
            .classes
            .iter()
            .zip(chosen)
            .map(|(&i, &protection)| ClassProtection {
                policy_id: designs.base.reduced().policies[i].id.to_string(),
                protection,
            })
            .collect()
    };
    let labels = |protections: &[ClassProtection]| {
        protections
            .iter()
            .map(|p| format!("{}: {}", p.policy_id, p.protection.label()))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let (bom, hosts, rack_units, power_w, summary, protections) = match point.key {
        DesignKey::Vsan { .. } => {
            let vsan = designs.vsan?;
            let (config, size) = vsan.config(choices, point.key)?;
            let (bom, units) = vsan.bom(choices, point.key)?;
            let protections = protections_of(config.protections);
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
                labels(&protections)
            );
            let power = config.host.power_w(hosts);
            (bom, hosts, units, power, summary, protections)
        }
        DesignKey::Esa { .. } => {
            let esa = designs.esa?;
            let (config, size) = esa.config(choices, point.key)?;
            let (bom, units) = esa.bom(choices, point.key)?;
            let protections = protections_of(&vec![config.protection; designs.base.classes.len()]);
            let summary = format!(
                "{size} x {}; ESA storage pool of {} x {} per host; {}",
                config.host.spec.model,
                config.devices_per_host,
                config.device.device.model,
                labels(&protections)
            );
            let power = config.host.power_w(size);
            (bom, size, units, power, summary, protections)
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
                None,
                summary,
                Vec::new(),
            )
        }
    };
    debug_assert_eq!(total(&bom), point.cost);
    // Opened as it stands, the design is the proposal; the app adds the
    // user's customisations, and the report says which it is.
    project.origin = Some(DesignOrigin {
        proposal: format!("{}: {summary}", point.family.label()),
        customisations: Vec::new(),
    });
    // An ESA point carries its storage axis's headroom (`esa_pool`); the
    // design's own is the evaluation's.
    let (capacity_headroom_gb, iops_headroom) = match point.key {
        DesignKey::Esa { .. } => (
            cluster.key_figures.headroom.gb,
            cluster.key_figures.iops.headroom.unwrap_or(0.0),
        ),
        _ => (point.capacity_headroom_gb, point.iops_headroom),
    };
    Some(Design {
        family: point.family,
        cost: point.cost,
        currency: currency.to_string(),
        summary,
        verdict: cluster.verdict.clone(),
        warnings,
        figures: DesignFigures::of(cluster, point.cost),
        hosts,
        rack_units,
        power_w,
        binding_constraint: binding(&constraint_use),
        constraint_use,
        capacity_headroom_tb: capacity_headroom_gb / 1000.0,
        iops_headroom_pct: (iops_headroom > 0.0).then_some((iops_headroom - 1.0) * 100.0),
        on_pareto_front,
        best_in_family,
        protections,
        bom,
        project,
        evaluation,
    })
}

/// Whether a finding of the whole project's evaluation concerns the
/// cluster at `index`: its own, its workloads', or project-wide (policies,
/// settings, none named).
fn of_cluster(f: &Finding, project: &Project, index: usize) -> bool {
    let Some(path) = f.path.as_deref() else {
        return true;
    };
    let indexed = |prefix: &str| -> Option<usize> {
        let rest = path.strip_prefix(prefix)?;
        rest[..rest.find(']')?].parse().ok()
    };
    if let Some(i) = indexed("clusters[") {
        return i == index;
    }
    if let Some(w) = indexed("workloads[") {
        return project
            .workloads
            .get(w)
            .is_none_or(|w| w.cluster_id == project.clusters[index].id);
    }
    true
}
