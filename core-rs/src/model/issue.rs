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
    /// The number given, for a finite number outside its allowed range.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub value: Option<f64>,
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
            value: None,
            allowed: None,
        }
    }

    /// The issue of a number outside `allowed`, which the message states;
    /// `value` is None where the number is not finite (JSON has no NaN).
    pub fn outside(
        path: impl Into<String>,
        message: impl std::fmt::Display,
        value: f64,
        allowed: AllowedRange,
    ) -> Self {
        InputIssue {
            value: value.is_finite().then_some(value),
            allowed: Some(allowed),
            ..InputIssue::new(path, message)
        }
    }
}

/// Why a call from the app (through the Wasm module) gives no result:
/// every problem of its input as data, each with its JSON path, value and
/// allowed range, or a failure that is not the input's (then `issues` is
/// empty). `message` says it all in one line; the Wasm module throws it as
/// an `Error` with that message, carrying `issues`.
#[derive(Debug, Clone, PartialEq)]
pub struct CallError {
    pub message: String,
    pub issues: Vec<InputIssue>,
}

impl CallError {
    /// A failure that is not the input's, e.g. a report that could not be written.
    pub fn failed(message: impl std::fmt::Display) -> Self {
        CallError {
            message: message.to_string(),
            issues: Vec::new(),
        }
    }
}

impl From<Vec<InputIssue>> for CallError {
    fn from(issues: Vec<InputIssue>) -> Self {
        let messages: Vec<&str> = issues.iter().map(|i| i.message.as_str()).collect();
        CallError {
            message: messages.join("; "),
            issues,
        }
    }
}

impl From<InputIssue> for CallError {
    fn from(issue: InputIssue) -> Self {
        CallError::from(vec![issue])
    }
}

impl std::fmt::Display for CallError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_number_outside_its_range_keeps_its_value_and_range() {
        let allowed = AllowedRange {
            min: 3.0,
            max: 64.0,
        };
        let issue = InputIssue::outside(
            "clusters[0].topology.host_count",
            "must be between 3 and 64 (got 2)",
            2.0,
            allowed,
        );
        assert_eq!(
            serde_json::to_value(&issue).unwrap(),
            serde_json::json!({
                "path": "clusters[0].topology.host_count",
                "message": "clusters[0].topology.host_count must be between 3 and 64 (got 2)",
                "value": 2.0,
                "allowed": { "min": 3.0, "max": 64.0 }
            })
        );
        let nan = InputIssue::outside("x", "must be a number", f64::NAN, allowed);
        assert_eq!(nan.value, None);
    }

    #[test]
    fn a_call_error_lists_every_issue_and_says_them_in_one_line() {
        let e = CallError::from(vec![
            InputIssue::new("a", "is wrong"),
            InputIssue::new("b", "is too"),
        ]);
        assert_eq!(e.message, "a is wrong; b is too");
        assert_eq!(e.issues.len(), 2);
        assert_eq!(e.issues[1].path, "b");
        assert!(CallError::failed("disk full").issues.is_empty());
    }
}
