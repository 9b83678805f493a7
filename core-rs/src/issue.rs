//! Problems with the user's input, as data: the field's JSON path and a
//! message naming the allowed range. Never a panic, never a clamped value.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct InputIssue {
    /// JSON path of the offending field, e.g. `clusters[0].topology.host_count`.
    pub path: String,
    /// A sentence starting with the path and stating what is allowed.
    pub message: String,
}

impl InputIssue {
    pub fn new(path: impl Into<String>, message: impl std::fmt::Display) -> Self {
        let path = path.into();
        let message = if path.is_empty() {
            message.to_string()
        } else {
            format!("{path} {message}")
        };
        InputIssue { path, message }
    }
}
