//! Findings: what a design breaks or risks, each with the rule's source.

use std::fmt::{self, Write};

use serde::Serialize;

mod code;
pub use code::{FindingCode, RuleSource};

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
    pub code: FindingCode,
    pub severity: Severity,
    pub message: String,
    /// The seed document or public vendor guide behind the rule.
    pub source: &'static str,
    /// JSON path of the input that most directly causes it, for "jump to field".
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub path: Option<String>,
    /// How far the design is from the rule's limit, where the rule has a
    /// figure: what a verdict names when this finding binds.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub measure: Option<Measure>,
}

/// A finding's figure against its limit, in plain words.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct Measure {
    /// What is measured, e.g. "CPU after N+1".
    pub quantity: String,
    /// Demand as a share of what the design offers, in %.
    pub used_pct: f64,
    /// Where the rule draws the line, in % of what is offered (100 for a
    /// hard limit, lower for a threshold such as an alert).
    pub limit_pct: f64,
    /// What the share is of, e.g. "72 cores".
    pub of: String,
    /// What would meet the rule, computed from the design's own figures,
    /// e.g. "add 3 hosts"; absent where the core cannot say.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub remedy: Option<String>,
}

impl Measure {
    pub fn new(quantity: impl Into<String>, used_pct: f64, limit_pct: f64, of: String) -> Self {
        Measure {
            quantity: quantity.into(),
            used_pct,
            limit_pct,
            of,
            remedy: None,
        }
    }

    /// A figure against a hard limit in the same unit, e.g. "Inter-site
    /// RTT: 120 % of 5 ms (limit 100 %) — 1 ms over".
    pub fn against(quantity: &str, value: f64, limit: f64, unit: &str, decimals: usize) -> Self {
        Measure::new(
            quantity,
            value / limit * 100.0,
            100.0,
            format!("{} {unit}", num(limit, decimals)),
        )
        .remedy(Some(format!(
            "{} {unit} over",
            num(value - limit, decimals)
        )))
    }

    pub fn remedy(mut self, remedy: Option<String>) -> Self {
        self.remedy = remedy;
        self
    }

    /// How far past its limit the figure is, in % of the limit (0 at it).
    pub fn excess_pct(&self) -> f64 {
        (self.used_pct / self.limit_pct - 1.0) * 100.0
    }
}

impl fmt::Display for Measure {
    /// "CPU after N+1: 171 % of 72 cores (limit 100 %) — add 3 hosts".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {} % of {} (limit {} %)",
            self.quantity,
            num(self.used_pct, 0),
            self.of,
            num(self.limit_pct, 0)
        )?;
        match &self.remedy {
            Some(r) => write!(f, " — {r}"),
            None => Ok(()),
        }
    }
}

/// `resilience.rebuild_iops_short` and `stretched.site_failure_iops`: what
/// a failure leaves carries less than the front-end IOPS demanded within
/// the utilisation ceiling (`headroom`: the devices' limit at the
/// workloads' mix / the demand, below 1). The workloads then cannot run as
/// sized until the failure is repaired, an error like the same shortfall
/// with every part up. None (no demand, or nothing loaded) is never short.
/// `evaluate`'s findings and the design search's scorer both decide it
/// here, on headroom each takes from the same model
/// (`resilience::rebuild_performance`, `tier_load::device_limited_iops`).
#[inline]
pub fn iops_short(headroom: Option<f64>) -> bool {
    headroom.is_some_and(|h| h < 1.0)
}

/// Hosts of `per_host` each a demand needs, beyond the `have` it has and
/// with `reserve` more kept free; None when a host offers nothing.
pub fn hosts_to_add(demand: f64, per_host: f64, reserve: u32, have: u32) -> Option<u32> {
    let needed = (demand / per_host).ceil();
    (per_host > 0.0 && needed.is_finite())
        .then(|| (needed as u32).saturating_add(reserve).saturating_sub(have))
}

impl Finding {
    /// A finding of `code`, with the code's severity and source.
    pub fn new(code: FindingCode, message: String) -> Self {
        Finding {
            code,
            severity: code.severity(),
            message,
            source: code.source().text(),
            path: None,
            measure: None,
        }
    }

    /// Names the source of the figure a rule checks, for the codes whose
    /// rule takes its source from that figure (`RuleSource`): a code with
    /// one fixed source keeps it.
    pub fn citing(mut self, figure_source: &'static str) -> Self {
        debug_assert!(
            !matches!(self.code.source(), RuleSource::Fixed(_)),
            "{} has a fixed source",
            self.code
        );
        if !matches!(self.code.source(), RuleSource::Fixed(_)) {
            self.source = figure_source;
        }
        self
    }

    /// Attaches the figure behind the finding; a figure that is not finite
    /// (nothing offered) is left out rather than written as null.
    pub fn measured(mut self, measure: Measure) -> Self {
        self.measure = measure.used_pct.is_finite().then_some(measure);
        self
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
    pub tier: crate::model::StorageTier,
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
        let abs = self.value.abs();
        let mut digits = Digits::default();
        let written = match scaled_units(abs, self.decimals) {
            Some((units, scale)) => {
                let whole = units / scale;
                let fraction = units % scale;
                if self.decimals == 0 {
                    write!(digits, "{whole}")
                } else {
                    write!(digits, "{whole}.{fraction:0width$}", width = self.decimals)
                }
            }
            None => write!(digits, "{:.*}", self.decimals, abs),
        };
        if written.is_ok() {
            self.write_grouped(digits.as_str(), f)
        } else {
            self.write_grouped(&format!("{:.*}", self.decimals, abs), f)
        }
    }
}

/// `abs` (>= 0) rounded to `decimals` places, as a whole number of units of
/// 10^-decimals and 10^decimals, where integer arithmetic gives the digits
/// `{:.*}` would: where abs x 10^decimals is below 10^12, its rounding
/// error is under 2^-13, so a fraction more than 1/1000 from one half rounds
/// the same way the exact product does. Near a tie, or for larger figures,
/// None: `{:.*}`'s exact decimal expansion decides (it is several times slower).
fn scaled_units(abs: f64, decimals: usize) -> Option<(u64, u64)> {
    const POWERS_OF_TEN: [f64; 7] = [1.0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6];
    let power = *POWERS_OF_TEN.get(decimals)?;
    let scaled = abs * power;
    if !scaled.is_finite() || scaled >= 1e12 {
        return None;
    }
    let fraction = scaled - scaled.floor();
    if (fraction - 0.5).abs() <= 1e-3 {
        return None;
    }
    Some((scaled.round() as u64, power as u64))
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

    proptest::proptest! {
        /// The integer digits agree with `{:.*}`'s exact ones, across
        /// magnitudes, ties and near-ties (x.5 / 10^decimals).
        #[test]
        fn fast_digits_equal_the_exact_formatting(
            mantissa in 0u64..100_000_000_000,
            exponent in -12i32..4,
            near_tie in proptest::bool::ANY,
            decimals in 0usize..8,
        ) {
            let value = if near_tie {
                (mantissa as f64 + 0.5) / 10f64.powi(decimals as i32)
            } else {
                mantissa as f64 * 10f64.powi(exponent)
            };
            let grouped = num(value, decimals).to_string().replace(',', "");
            proptest::prop_assert_eq!(grouped, format!("{:.*}", decimals, value));
        }
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
        use FindingCode::*;
        let sorted = by_severity(vec![
            Finding::new(CacheEnduranceUnknown, String::new()),
            Finding::new(CapacityInsufficient, String::new()),
            Finding::new(CapacityAlertThreshold, String::new()),
            Finding::new(ComputeCpuOvercommitted, String::new()).at("x"),
        ]);
        let codes: Vec<_> = sorted.iter().map(|f| f.code).collect();
        assert_eq!(
            codes,
            [
                CapacityInsufficient,
                ComputeCpuOvercommitted,
                CapacityAlertThreshold,
                CacheEnduranceUnknown
            ]
        );
        assert_eq!(sorted[1].path.as_deref(), Some("x"));
    }

    #[test]
    fn a_finding_takes_its_codes_severity_and_source() {
        let f = Finding::new(FindingCode::CacheBelowRuleAllFlash, "m".into());
        assert_eq!(f.severity, Severity::Warning);
        assert_eq!(f.source, crate::source::CACHE_TEN_PCT);
        let policy = Finding::new(FindingCode::ProtectionTooFewHosts, "m".into())
            .citing(crate::source::RAID6_ERASURE);
        assert_eq!(policy.source, crate::source::RAID6_ERASURE);
        assert_eq!(policy.severity, Severity::Error);
    }
}
