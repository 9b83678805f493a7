//! The verdict on a design: whether it runs its workloads within the rules,
//! and the one finding that binds first.
//!
//! Severity carries the meaning (the review, code by code, is
//! `SEVERITY_REVIEW` in the tests): an error is a design that cannot run
//! its workloads within a rule (CPU or RAM over 100 % after N+x or after a
//! site failure, cache endurance spent within the planning horizon,
//! capacity short, IOPS over the device or array limit, an unsupported
//! round trip, a hard vendor maximum); a warning is a design that runs,
//! with a risk or a rule of thumb missed.
//! So the verdict reads severities only, and the design search rejects
//! every design it fails (`recommend::is_unmet`).

use serde::Serialize;

use crate::rules::{Finding, FindingCode, Severity};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum VerdictStatus {
    Pass,
    PassWithWarnings,
    Fail,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct Verdict {
    pub status: VerdictStatus,
    /// The error that binds first, or on a pass with warnings the worst
    /// warning; absent on a clean pass. Boxed: the evaluation carries one
    /// per cluster, and a clean pass needs no room for it.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub binding: Option<Box<Binding>>,
    /// How many findings of each severity the verdict was reached on.
    pub counts: SeverityCounts,
}

/// Findings counted by severity.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct SeverityCounts {
    pub errors: u32,
    pub warnings: u32,
    pub infos: u32,
}

impl SeverityCounts {
    pub fn of(findings: &[Finding]) -> SeverityCounts {
        let count = |s: Severity| {
            u32::try_from(findings.iter().filter(|f| f.severity == s).count()).unwrap_or(u32::MAX)
        };
        SeverityCounts {
            errors: count(Severity::Error),
            warnings: count(Severity::Warning),
            infos: count(Severity::Info),
        }
    }
}

/// The finding a verdict names.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct Binding {
    pub code: FindingCode,
    /// In plain words with the figure and by how much, e.g. "CPU after
    /// N+1: 171 % of 72 cores (limit 100 %) — add 3 hosts"; the finding's
    /// message where the rule has no figure.
    pub summary: String,
    pub source: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub path: Option<String>,
}

/// The verdict on a set of findings (a cluster's or a whole project's).
/// Among the most severe findings, the one furthest past its limit binds
/// (a figure beats none: it says by how much; a finding on the design
/// beats one on an assumed input); ties keep the order found. Infos never
/// bind.
pub fn verdict(findings: &[Finding]) -> Verdict {
    let counts = SeverityCounts::of(findings);
    let worst = findings
        .iter()
        .map(|f| f.severity)
        .filter(|s| *s > Severity::Info)
        .max();
    let Some(severity) = worst else {
        return Verdict {
            status: VerdictStatus::Pass,
            binding: None,
            counts,
        };
    };
    let status = match severity {
        Severity::Error => VerdictStatus::Fail,
        _ => VerdictStatus::PassWithWarnings,
    };
    let excess = |f: &Finding| f.measure.as_ref().map(|m| m.excess_pct());
    // A finding on the design binds before one on an input the sizing had
    // to assume (0 IOPS taken as no I/O): the design's is what to act on.
    let of_severity = || findings.iter().filter(|f| f.severity == severity);
    let on_design = of_severity().any(|f| f.code != FindingCode::WorkloadIopsUnmeasured);
    let binding = of_severity()
        .filter(|f| !on_design || f.code != FindingCode::WorkloadIopsUnmeasured)
        .fold(None::<&Finding>, |best, f| match best {
            Some(b) if !further(excess(f), excess(b)) => Some(b),
            _ => Some(f),
        })
        .map(|f| Binding {
            code: f.code,
            summary: f
                .measure
                .as_ref()
                .map_or_else(|| f.message.clone(), ToString::to_string),
            source: f.source,
            path: f.path.clone(),
        })
        .map(Box::new);
    Verdict {
        status,
        binding,
        counts,
    }
}

impl std::fmt::Display for Verdict {
    /// "fail: CPU after N+1: 171 % of 72 cores (limit 100 %) — add 3 hosts".
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let status = match self.status {
            VerdictStatus::Pass => "pass",
            VerdictStatus::PassWithWarnings => "pass with warnings",
            VerdictStatus::Fail => "fail",
        };
        match &self.binding {
            Some(b) => write!(f, "{status}: {}", b.summary),
            None => f.write_str(status),
        }
    }
}

/// Whether excess `a` is strictly further past its limit than `b`.
fn further(a: Option<f64>, b: Option<f64>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => a > b,
        (Some(_), None) => true,
        (None, _) => false,
    }
}

#[cfg(test)]
pub(crate) mod tests;
