//! Findings: what a design breaks or risks, each with the rule's source.

use std::fmt::{self, Write};

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
/// Written straight into the message: a large cluster's findings format
/// hundreds of figures per evaluation.
pub fn num(value: f64, decimals: usize) -> Num {
    Num { value, decimals }
}

#[derive(Debug, Clone, Copy)]
pub struct Num {
    value: f64,
    decimals: usize,
}

impl fmt::Display for Num {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut digits = Digits::default();
        if write!(digits, "{:.*}", self.decimals, self.value.abs()).is_ok() {
            self.write_grouped(digits.as_str(), f)
        } else {
            self.write_grouped(&format!("{:.*}", self.decimals, self.value.abs()), f)
        }
    }
}

impl Num {
    /// `text` is the absolute value with its decimals.
    fn write_grouped(&self, text: &str, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (int, frac) = text.split_once('.').unwrap_or((text, ""));
        if self.value < 0.0 && text.bytes().any(|c| c.is_ascii_digit() && c != b'0') {
            f.write_str("-")?;
        }
        let lead = match int.len() % 3 {
            0 => 3.min(int.len()),
            n => n,
        };
        f.write_str(&int[..lead])?;
        let mut rest = &int[lead..];
        while !rest.is_empty() {
            f.write_str(",")?;
            f.write_str(&rest[..3])?;
            rest = &rest[3..];
        }
        if !frac.is_empty() {
            f.write_str(".")?;
            f.write_str(frac)?;
        }
        Ok(())
    }
}

/// A number's text on the stack; a value too long for it (over about 60
/// digits) reports an error and is formatted on the heap instead.
struct Digits {
    bytes: [u8; 64],
    len: usize,
}

impl Default for Digits {
    fn default() -> Self {
        Digits {
            bytes: [0; 64],
            len: 0,
        }
    }
}

impl Digits {
    fn as_str(&self) -> &str {
        // Only whole `&str`s are copied in, so the bytes stay UTF-8.
        std::str::from_utf8(&self.bytes[..self.len]).unwrap_or("")
    }
}

impl fmt::Write for Digits {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let end = self.len + s.len();
        let slot = self.bytes.get_mut(self.len..end).ok_or(fmt::Error)?;
        slot.copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_like_the_seeds() {
        let n = |value: f64, decimals: usize| num(value, decimals).to_string();
        assert_eq!(n(5050.0, 0), "5,050");
        assert_eq!(n(12.8, 2), "12.80");
        assert_eq!(n(1_234_567.891, 1), "1,234,567.9");
        assert_eq!(n(-2500.0, 0), "-2,500");
        assert_eq!(n(-0.001, 1), "0.0");
        assert_eq!(n(999.0, 0), "999");
        assert_eq!(n(0.0, 0), "0");
        assert_eq!(n(100_000.0, 0), "100,000");
        assert_eq!(n(-0.25, 1), "-0.2");
        assert_eq!(format!("[{}]", num(1_000.5, 1)), "[1,000.5]");
    }

    #[test]
    fn numbers_too_long_for_the_stack_are_grouped_the_same() {
        let long = num(-1e70, 2).to_string();
        let digits: String = long.chars().filter(char::is_ascii_digit).collect();
        assert_eq!(digits, format!("{:.2}", 1e70).replace('.', ""));
        assert!(long.starts_with("-10,000,000,000,000,000,"), "{long}");
        assert!(long.ends_with(",400.00"), "{long}");
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
