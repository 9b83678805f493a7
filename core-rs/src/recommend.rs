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
//!   hosts that pass (`sizing`); `array` sizes XtremIO + VPLEX designs
//!   with `evaluate`.
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
mod tests;
mod vsan;

use crate::catalog::Catalog;
use crate::model::Project;

pub use bom::BomLine;
pub use customise::{reprice_host, RepricedHost};
pub use family::Family;
pub use options::{ProtectionChoice, RecommendOptions, WarningPolicy};
pub use output::{ClassProtection, Design, Progress, Recommendation};
pub use requirement::{is_unmet, Constraint, ConstraintUse, REQUIRED_WARNINGS};
pub use search::{Phase, Search};
pub use survive::MustSurvive;

/// Searches the catalog for the designs of the project's cluster.
pub fn recommend(
    project: &Project,
    catalog: &Catalog,
    options: &RecommendOptions,
) -> Recommendation {
    Search::new(project, catalog, options).finish()
}
