//! StackSizer sizing core: pure functions from a project (inputs) to an
//! evaluation (outputs). No I/O here; the CLI and the Wasm API are the edges.

pub mod bom;
pub mod cache;
pub mod capacity;
pub mod catalog;
pub mod cell_text;
pub mod compute;
pub mod durability;
pub mod esa;
pub mod evaluate;
pub mod growth;
pub mod ids;
pub mod import;
pub mod iscsi;
pub mod issue;
pub mod json_text;
pub mod limits;
pub mod model;
pub mod parse;
pub mod performance;
pub mod protection;
pub mod quick;
pub mod recommend;
pub mod report;
pub mod resilience;
pub mod rules;
pub mod shares;
pub mod source;
pub mod stretched;
pub(crate) mod totals;
pub mod unmeasured;
pub mod validate;
pub mod verdict;
pub mod xtremio_vplex;

#[cfg(feature = "wasm")]
mod wasm;

pub use evaluate::{evaluate, Evaluation};
pub use issue::InputIssue;
pub use parse::parse_project;
