//! Problems with the user's input, as data: the field's JSON path and a
//! message naming the allowed range. Never a panic, never a clamped value.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct InputIssue {
    /// JSON path of the offending field, e.g. `clusters[0].topology.host_count`.
    pub path: String,
    /// A sentence starting with the path and stating what is allowed.
    pub message: String,
    /// The field's allowed range, for a number outside it: what the
    /// message says, as data an editor can show before anything is typed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub allowed: Option<AllowedRange>,
}

/// The closed range a number must lie in.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct AllowedRange {
    pub min: f64,
    pub max: f64,
}

impl InputIssue {
    pub fn new(path: impl Into<String>, message: impl std::fmt::Display) -> Self {
        let path = path.into();
        let message = if path.is_empty() {
            message.to_string()
        } else {
            format!("{path} {message}")
        };
        InputIssue {
            path,
            message,
            allowed: None,
        }
    }

    /// The issue of a number outside `allowed`, which the message states.
    pub fn outside(
        path: impl Into<String>,
        message: impl std::fmt::Display,
        allowed: AllowedRange,
    ) -> Self {
        InputIssue {
            allowed: Some(allowed),
            ..InputIssue::new(path, message)
        }
    }
}
