//! Customising a proposed design one step at a time ("one more host",
//! "64 GB more RAM"): the core takes the step, prices the host anew,
//! records the net changes in the design's origin, evaluates the result
//! and compares it with the optimum the search found, so the app shows
//! figures it does not compute.

mod against;
mod reprice;
mod step;

use serde::Serialize;

use crate::catalog::Catalog;
use crate::evaluate::{evaluate, ClusterResult, Evaluation};
use crate::model::issue::{CallError, InputIssue};
use crate::model::Project;
use crate::parse::parse_project;
use crate::verdict::Verdict;

pub use against::{AgainstOptimum, CustomisedFigures};
pub use step::{CustomiseStep, StepDirection, StepTaken, StepValue};

/// A design a step (or none) away from where the user left it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct Customised {
    /// The project with the step taken and its host priced (or left
    /// unpriced); a proposed design's `origin.customisations` hold one
    /// line per figure that differs from the optimum ("Hosts: 4 → 6").
    pub project: Project,
    /// Why the customised host has no price; absent when it has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub unpriced_reason: Option<String>,
    /// Whether any figure differs from the optimum's.
    pub customised: bool,
    /// The figures the user can step, as the cluster's kind names them.
    pub steps: Vec<StepValue>,
    /// The project's currency (ISO 4217), of `figures.cost`.
    pub currency: String,
    pub figures: CustomisedFigures,
    /// The sized cluster's verdict.
    pub verdict: Verdict,
    /// What binds the design, in words (`against::binds`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub binds: Option<String>,
}

/// `customise` of two project files' text; a file that does not parse
/// gives its issues with their JSON paths.
pub fn customise_json(
    optimum_json: &str,
    current_json: &str,
    index: usize,
    step: Option<StepTaken>,
    catalog: &Catalog,
) -> Result<Customised, CallError> {
    let optimum = parse_project(optimum_json)?;
    let current = parse_project(current_json)?;
    customise(&optimum, &current, index, step, catalog)
}

/// Takes `step` (none: shows `current` as it is) on cluster `index` of
/// `current`, a design the user has customised from `optimum` (or the
/// optimum itself). A step that leaves a field's allowed range gives
/// validation's issues, naming the field; nothing is clamped.
pub fn customise(
    optimum: &Project,
    current: &Project,
    index: usize,
    step: Option<StepTaken>,
    catalog: &Catalog,
) -> Result<Customised, CallError> {
    let kind = |p: &Project| {
        p.clusters
            .get(index)
            .map(|c| std::mem::discriminant(&c.storage))
    };
    if kind(current).is_none() || kind(current) != kind(optimum) {
        return Err(InputIssue::new(
            "cluster_index",
            format!(
                "must name a cluster of the same kind in both designs (0 to {}), not {index}",
                current
                    .clusters
                    .len()
                    .min(optimum.clusters.len())
                    .saturating_sub(1)
            ),
        )
        .into());
    }
    let mut stepped = current.clone();
    if let Some(taken) = step {
        step::take(
            &mut stepped.clusters[index],
            taken,
            &format!("clusters[{index}]"),
        )?;
    }
    let repriced = reprice::reprice_host(optimum, &stepped, index, catalog);
    let mut project = repriced.project;
    let changes = step::changes(&optimum.clusters[index], &project.clusters[index]);
    let customised = !changes.is_empty();
    if let Some(origin) = &mut project.origin {
        origin.customisations = changes;
    }
    let evaluation = evaluate(&project)?;
    let optimum_evaluation = evaluate(optimum)?;
    let (cluster, best) = (
        sized(&evaluation, index)?,
        sized(&optimum_evaluation, index)?,
    );
    Ok(Customised {
        unpriced_reason: repriced.unpriced_reason,
        customised,
        steps: step::step_values(&optimum.clusters[index], &project.clusters[index]),
        currency: project.pricing.currency.clone(),
        figures: CustomisedFigures::of(cluster, best),
        verdict: cluster.verdict.clone(),
        binds: against::binds(cluster),
        project,
    })
}

/// The evaluation of the sized cluster (every cluster is evaluated).
fn sized(evaluation: &Evaluation, index: usize) -> Result<&ClusterResult, CallError> {
    evaluation
        .clusters
        .get(index)
        .ok_or_else(|| CallError::failed(format!("cluster {index} was not evaluated")))
}

#[cfg(test)]
pub(super) mod tests {
    use std::sync::OnceLock;

    use super::*;
    use crate::catalog::shipped_catalog;
    use crate::model::DesignOrigin;
    use crate::recommend::{recommend, Constraint, Family, RecommendOptions};
    use crate::verdict::VerdictStatus;

    /// The cheapest all-flash design the search proposes for seed 001, as
    /// its project file, the summary of its verdict's binding finding and
    /// the constraint it is limited by: searched once for every test.
    struct Proposal {
        project_json: String,
        binding: Option<String>,
        limited_by: Constraint,
    }

    fn proposal() -> &'static Proposal {
        static PROPOSAL: OnceLock<Proposal> = OnceLock::new();
        PROPOSAL.get_or_init(|| {
            let project = crate::parse_project(include_str!(
                "../../../assets/examples/seed-001-all-flash-sql.json"
            ))
            .expect("seed 001 parses");
            let options = RecommendOptions {
                top: 1,
                families: vec![Family::AllFlashVsan],
                ..Default::default()
            };
            let design = recommend(&project, &shipped_catalog(), &options).designs[0].clone();
            Proposal {
                project_json: serde_json::to_string(&design.project).expect("serialises"),
                binding: design.verdict.binding.map(|b| b.summary),
                limited_by: design.binding_constraint,
            }
        })
    }

    /// The project of the design `proposal` describes.
    pub(in crate::recommend) fn all_flash_design() -> Project {
        crate::parse_project(&proposal().project_json).expect("a proposal parses")
    }

    fn up(step: CustomiseStep) -> Option<StepTaken> {
        Some(StepTaken {
            step,
            direction: StepDirection::Up,
        })
    }

    fn down(step: CustomiseStep) -> Option<StepTaken> {
        Some(StepTaken {
            step,
            direction: StepDirection::Down,
        })
    }

    #[test]
    fn one_more_host_costs_one_host_more_and_gives_headroom_against_the_optimum() {
        let optimum = &all_flash_design();
        let catalog = shipped_catalog();
        let c = customise(optimum, optimum, 0, up(CustomiseStep::Hosts), &catalog)
            .expect("a step within range");
        assert!(c.customised);
        // Every part of a vSAN design is bought per host: one host more
        // costs the optimum's cost per host more.
        let hosts = optimum.clusters[0].topology.host_count();
        let (cost, delta) = (
            c.figures.cost.value.expect("priced"),
            c.figures.cost.delta.expect("both priced"),
        );
        let per_host = (cost - delta) / f64::from(hosts);
        assert!(
            delta > 0.0 && (delta - per_host).abs() < 1e-6,
            "{delta} {per_host}"
        );
        // The optimum has the fewest hosts its RAID-5 policy needs, so it
        // keeps no rebuild reserve; the fifth host starts one (a host's
        // share held back), and only the sixth adds headroom over the fifth.
        let headroom = |c: &Customised| c.figures.headroom_tb.delta.expect("both have headroom");
        let sixth = customise(optimum, &c.project, 0, up(CustomiseStep::Hosts), &catalog)
            .expect("a step within range");
        assert!(
            headroom(&sixth) > headroom(&c),
            "{} {}",
            headroom(&sixth),
            headroom(&c)
        );
        assert!(
            c.figures
                .cpu_after_failure_pct
                .delta
                .expect("both have cores")
                < 0.0
        );
        assert_eq!(c.currency, optimum.pricing.currency);
        assert_eq!(
            c.project
                .origin
                .as_ref()
                .expect("a proposal")
                .customisations,
            [format!("Hosts: {hosts} → {}", hosts + 1)]
        );
        // Back down: the optimum again, no change recorded, every delta 0.
        let back = customise(optimum, &c.project, 0, down(CustomiseStep::Hosts), &catalog)
            .expect("back within range");
        assert!(!back.customised);
        assert_eq!(back.project, *optimum);
        assert_eq!(back.figures.cost.delta, Some(0.0));
    }

    #[test]
    fn without_a_step_it_shows_the_design_as_it_is_with_what_binds() {
        let design = all_flash_design();
        let c = customise(&design, &design, 0, None, &shipped_catalog())
            .expect("the optimum evaluates");
        assert!(!c.customised);
        assert_eq!(c.project, design);
        assert_eq!(
            c.verdict.binding.as_ref().map(|b| &b.summary),
            proposal().binding.as_ref()
        );
        assert_eq!(c.steps.len(), 5);
        assert!(c.steps.iter().all(|s| s.value == s.optimum));
        let binds = c.binds.expect("something binds");
        match &proposal().binding {
            Some(summary) => assert_eq!(&binds, summary),
            None => assert!(binds.starts_with(proposal().limited_by.label()), "{binds}"),
        }
    }

    #[test]
    fn an_unpriced_host_has_no_cost_and_so_no_cost_difference() {
        let design = all_flash_design();
        let mut catalog = shipped_catalog();
        for part in &mut catalog.parts {
            if let crate::catalog::PartSpec::Host(h) = &mut part.spec {
                h.ram_price_per_gb = None;
            }
        }
        let c = customise(&design, &design, 0, up(CustomiseStep::RamGb), &catalog)
            .expect("more RAM is within range");
        assert!(c.unpriced_reason.expect("why").contains("per GB of RAM"));
        assert_eq!(
            c.figures.cost,
            AgainstOptimum {
                value: None,
                delta: None
            }
        );
        assert!(
            c.figures
                .ram_after_failure_pct
                .delta
                .expect("both have RAM")
                < 0.0
        );
    }

    #[test]
    fn a_step_out_of_range_names_the_field_and_is_not_clamped() {
        let mut project: Project = crate::parse_project(include_str!(
            "../../../assets/examples/seed-001-all-flash-sql.json"
        ))
        .expect("seed 001 parses");
        project.origin = Some(DesignOrigin {
            proposal: "seed 001 as proposed".into(),
            customisations: Vec::new(),
        });
        let catalog = shipped_catalog();
        let mut at_max = project.clone();
        let crate::model::Storage::VsanOsa { disk_groups, .. } = &mut at_max.clusters[0].storage
        else {
            panic!("vSAN OSA")
        };
        for g in disk_groups.iter_mut() {
            g.capacity_device_count = crate::limits::MAX_CAPACITY_DEVICES_PER_DISK_GROUP;
        }
        let e = customise(
            &project,
            &at_max,
            0,
            up(CustomiseStep::DevicesPerDiskGroup),
            &catalog,
        )
        .expect_err("beyond the maximum");
        assert_eq!(
            e.issues[0].path,
            "clusters[0].storage.disk_groups[0].capacity_device_count"
        );
        assert_eq!(e.issues[0].value, Some(8.0));
        // Fewer hosts than the policies need is a design that fails, not an input issue.
        let mut two = project.clone();
        two.clusters[0].topology = crate::model::Topology::Single { host_count: 3 };
        let c = customise(&project, &two, 0, down(CustomiseStep::Hosts), &catalog)
            .expect("two hosts are a valid input");
        assert_eq!(c.verdict.status, VerdictStatus::Fail);
        assert!(c.binds.is_some());
        let e = customise(&project, &project, 3, None, &catalog).expect_err("no cluster 3");
        assert_eq!(e.issues[0].path, "cluster_index");
    }

    #[test]
    fn project_files_that_do_not_parse_give_their_issues() {
        let e = customise_json("{}", "{}", 0, None, &shipped_catalog()).expect_err("not projects");
        assert!(!e.issues.is_empty());
    }
}
