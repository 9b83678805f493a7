//! Findings: what a design breaks or risks, each with the rule's source.

use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum Severity {
    Info,
    Warning,
    /// The design does not meet a requirement or a hard vendor limit.
    Error,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct Finding {
    /// Stable identifier, e.g. `capacity.insufficient`.
    pub code: &'static str,
    pub severity: Severity,
    pub message: String,
    /// The seed document or public vendor guide behind the rule.
    pub source: &'static str,
    /// JSON path of the input that most directly causes it, for "jump to field".
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub path: Option<String>,
}
