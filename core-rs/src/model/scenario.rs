use serde::{Deserialize, Serialize};

use super::Project;

/// A named alternative design kept in the project file for Compare: a
/// snapshot of the whole project (design, workloads, settings and pricing),
/// since a scenario may size other workloads than the current design.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    pub name: String,
    /// Holds no scenarios of its own (validation refuses nesting).
    pub project: Box<Project>,
}

/// Compare shows the current design beside at most this many scenarios:
/// more columns than this do not fit a 1280 px window.
pub const MAX_SCENARIOS: usize = 4;
