//! `recommend(project, catalog, options)`: the cheapest designs that meet
//! every requirement of a cluster's workloads, across families (hybrid
//! and all-flash vSAN, stretched when the cluster is, XtremIO + VPLEX
//! Metro), and the trade-offs between them.
//!
//! How (one module each):
//! - `space`: the catalog's host models, cache and capacity devices,
//!   disk-group layouts the drive bays hold, X-Brick models and engines;
//!   `base`: the cluster, its workload classes (the policies its workloads
//!   use), and the candidate projects designs become.
//! - `figures` reads what a candidate's checks need but its hardware does
//!   not change from `evaluate` itself; `score` checks a vSAN candidate's
//!   sizing rules with `evaluate`'s own arithmetic, millions per second;
//!   `vsan` sizes every line (everything but the host count) to the fewest
//!   hosts that pass (`sizing`); `array` and `esa_pool` size XtremIO +
//!   VPLEX and vSAN ESA designs with `evaluate`; all three check CPU and
//!   RAM with one `compute` axis.
//! - `pareto` finds the front over (cost, capacity headroom, IOPS
//!   headroom), over the designs no design of their group beats
//!   (`shadow`); `select` confirms the returned designs with `evaluate`,
//!   the final word, walking past any it rejects; `output` builds each
//!   design's BOM, binding constraint, project and evaluation.
//! - `search` runs it all as a stepper for progress and cancelling.
//!
//! "Meets every requirement" is `requirement::is_unmet` on no finding:
//! every error, plus CPU and RAM with N+x (and a site down) and the cache
//! rules, which `evaluate` reports as warnings.

mod array;
mod base;
mod bom;
mod bound;
mod compute;
mod customise;
mod esa_pool;
mod family;
mod figures;
mod geometry;
mod options;
mod output;
mod pareto;
mod reason;
mod requirement;
mod score;
mod search;
mod select;
mod shadow;
mod sizing;
mod space;
mod survive;
mod tally;
#[cfg(test)]
pub(crate) mod tests;
mod vsan;

use serde::Serialize;

use crate::catalog::Catalog;
use crate::model::issue::InputIssue;
use crate::model::Project;

pub use bom::BomLine;
pub use customise::{
    customise, customise_json, AgainstOptimum, CustomiseStep, Customised, CustomisedFigures,
    StepDirection, StepTaken, StepValue,
};
pub use family::Family;
pub use options::{ProtectionChoice, RecommendOptions, WarningPolicy};
pub use output::{ClassProtection, Design, Progress, Recommendation};
pub use requirement::{is_unmet, Constraint, ConstraintUse, REQUIRED_WARNINGS};
pub use search::{Phase, Search};
pub use survive::MustSurvive;

/// A design search's answer: ranked designs (possibly none, with the
/// reason), or every issue of an invalid project.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum RecommendOutcome {
    Searched { recommendation: Box<Recommendation> },
    Invalid { issues: Vec<InputIssue> },
}

impl RecommendOutcome {
    /// The answer of a search `search_json` started: the search run to
    /// its end, or the project's issues.
    pub fn of(started: Result<Search, Vec<InputIssue>>) -> Self {
        match started {
            Ok(search) => RecommendOutcome::Searched {
                recommendation: Box::new(search.finish()),
            },
            Err(issues) => RecommendOutcome::Invalid { issues },
        }
    }
}

/// The search of a project file's designs, to run a step at a time; an
/// invalid project is not searched: every issue with its JSON path.
pub fn search_json(
    project_json: &str,
    catalog: &Catalog,
    options: &RecommendOptions,
) -> Result<Search, Vec<InputIssue>> {
    let project = crate::parse::parse_project(project_json).map_err(|issue| vec![issue])?;
    let issues = crate::validate::validate(&project);
    if !issues.is_empty() {
        return Err(issues);
    }
    Ok(Search::new(&project, catalog, options))
}

/// Searches the catalog for the designs of the project's cluster.
pub fn recommend(
    project: &Project,
    catalog: &Catalog,
    options: &RecommendOptions,
) -> Recommendation {
    Search::new(project, catalog, options).finish()
}
