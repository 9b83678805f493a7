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

impl Finding {
    pub fn error(code: &'static str, message: String, source: &'static str) -> Self {
        Finding::new(code, Severity::Error, message, source)
    }

    pub fn warning(code: &'static str, message: String, source: &'static str) -> Self {
        Finding::new(code, Severity::Warning, message, source)
    }

    pub fn info(code: &'static str, message: String, source: &'static str) -> Self {
        Finding::new(code, Severity::Info, message, source)
    }

    fn new(code: &'static str, severity: Severity, message: String, source: &'static str) -> Self {
        Finding {
            code,
            severity,
            message,
            source,
            path: None,
        }
    }

    /// Points the finding at the input that causes it.
    pub fn at(mut self, path: impl Into<String>) -> Self {
        self.path = Some(path.into());
        self
    }
}

/// What the cluster rules need to know about a cluster besides its figures.
#[derive(Debug, Clone, Copy)]
pub struct ClusterFacts<'a> {
    /// JSON path of the cluster, e.g. `clusters[0]`.
    pub path: &'a str,
    pub name: &'a str,
    pub host_count: u32,
    pub tier: crate::capacity::StorageTier,
    pub mixed_tiers: bool,
    /// The user turned dedup+compression on (it may not be able to run).
    pub dedup_requested: bool,
    pub stretched: bool,
    /// A stretched cluster keeping a full copy in each data site.
    pub site_mirrored: bool,
}

/// Most severe first; equal severities keep the order they were found in.
pub fn by_severity(mut findings: Vec<Finding>) -> Vec<Finding> {
    findings.sort_by_key(|f| std::cmp::Reverse(f.severity));
    findings
}

/// A decimal number for a message: thousands separated, `decimals` places.
pub fn num(value: f64, decimals: usize) -> String {
    let text = format!("{:.*}", decimals, value.abs());
    let (int, frac) = text.split_once('.').unwrap_or((&text, ""));
    let mut grouped = String::new();
    for (i, c) in int.chars().enumerate() {
        if i > 0 && (int.len() - i) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(c);
    }
    let sign = if value < 0.0 && text.chars().any(|c| c.is_ascii_digit() && c != '0') {
        "-"
    } else {
        ""
    };
    if frac.is_empty() {
        format!("{sign}{grouped}")
    } else {
        format!("{sign}{grouped}.{frac}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_like_the_seeds() {
        assert_eq!(num(5050.0, 0), "5,050");
        assert_eq!(num(12.8, 2), "12.80");
        assert_eq!(num(1_234_567.891, 1), "1,234,567.9");
        assert_eq!(num(-2500.0, 0), "-2,500");
        assert_eq!(num(-0.001, 1), "0.0");
        assert_eq!(num(999.0, 0), "999");
    }

    #[test]
    fn errors_sort_before_warnings_and_infos() {
        let sorted = by_severity(vec![
            Finding::info("a", String::new(), ""),
            Finding::error("b", String::new(), ""),
            Finding::warning("c", String::new(), ""),
            Finding::error("d", String::new(), "").at("x"),
        ]);
        let codes: Vec<_> = sorted.iter().map(|f| f.code).collect();
        assert_eq!(codes, ["b", "d", "c", "a"]);
        assert_eq!(sorted[1].path.as_deref(), Some("x"));
    }
}
