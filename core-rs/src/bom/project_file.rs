//! The catalog's calls on a project file, as the app makes them: price
//! its parts from the catalog in use, or put a catalog part into its
//! design. Each parses the file first; one that does not parse is an issue
//! with its JSON path.

use serde::Serialize;

use super::pricing::{price_project, PriceChange};
use crate::catalog::{use_part, Catalog, PartSlot, PartUse};
use crate::model::issue::InputIssue;
use crate::model::Project;
use crate::parse::parse_project;

/// A project with its catalog parts priced from the catalog in use, as
/// the app gets it, or why its file does not parse.
#[derive(Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum PriceOutcome {
    Priced {
        project: Box<Project>,
        changes: Vec<PriceChange>,
    },
    Invalid {
        issues: Vec<InputIssue>,
    },
}

/// `price_project` of a project file's text.
pub fn price_project_json(project_json: &str, catalog: &Catalog) -> PriceOutcome {
    match parse_project(project_json) {
        Ok(mut project) => {
            let changes = price_project(&mut project, catalog);
            PriceOutcome::Priced {
                project: Box::new(project),
                changes,
            }
        }
        Err(issue) => PriceOutcome::Invalid {
            issues: vec![issue],
        },
    }
}

/// A catalog part put into the design as the app gets it, or why it does
/// not fit there, or why the project file does not parse.
#[derive(Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum PartUseOutcome {
    Used { part_use: Box<PartUse> },
    Refused { reason: String },
    Invalid { issues: Vec<InputIssue> },
}

/// `use_part` on a project file's text.
pub fn use_part_json(
    project_json: &str,
    catalog: &Catalog,
    part_id: &str,
    slot: PartSlot,
) -> PartUseOutcome {
    match parse_project(project_json) {
        Ok(project) => match use_part(&project, catalog, part_id, slot) {
            Ok(part_use) => PartUseOutcome::Used {
                part_use: Box::new(part_use),
            },
            Err(reason) => PartUseOutcome::Refused { reason },
        },
        Err(issue) => PartUseOutcome::Invalid {
            issues: vec![issue],
        },
    }
}
