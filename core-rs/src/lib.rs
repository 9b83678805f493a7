//! StackSizer sizing core: pure functions from a project (inputs) to an
//! evaluation (outputs). No I/O here; the CLI and the Wasm API are the edges.

pub mod bom;
pub mod catalog;
pub mod cell_text;
pub mod demand;
pub mod durability;
pub mod evaluate;
pub mod import;
pub mod json_text;
pub(crate) mod labels;
pub mod limits;
pub mod model;
pub mod parse;
pub mod platform;
pub mod quick;
pub(crate) mod ratio;
pub mod recommend;
pub mod report;
pub mod resilience;
pub mod rules;
pub mod source;
pub(crate) mod totals;
pub mod unsigned_zero;
pub mod validate;
pub mod verdict;

#[cfg(feature = "wasm")]
mod wasm;

pub use evaluate::{evaluate, Evaluation};
pub use model::issue::InputIssue;
pub use parse::parse_project;
