//! The stretched-cluster penalty over a range of inter-site RTTs: the
//! points of the app's latency-vs-RTT chart.

use serde::Serialize;

use super::latency::{rtt_penalty, RttPenalty};
use crate::model::issue::{AllowedRange, CallError, InputIssue};

/// The chart's widest RTT range, ms: beyond vMSC's 5 ms and VPLEX Geo's
/// 50 ms a stretched design is out of every guide the model draws on.
const MAX_RTT_MS: AllowedRange = AllowedRange {
    min: 0.5,
    max: 50.0,
};

/// Points per chart: enough for a smooth curve, few enough to draw at once.
const STEPS: AllowedRange = AllowedRange {
    min: 2.0,
    max: 200.0,
};

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct RttCurve {
    pub points: Vec<RttPenalty>,
}

/// `rtt_penalty` at `steps + 1` RTTs evenly from 0 to `max_rtt_ms`; each
/// argument out of range is an issue naming it and its range.
pub fn rtt_curve(max_rtt_ms: f64, steps: u32) -> Result<RttCurve, CallError> {
    let mut issues = Vec::new();
    if !(MAX_RTT_MS.min..=MAX_RTT_MS.max).contains(&max_rtt_ms) {
        issues.push(InputIssue::outside(
            "max_rtt_ms",
            format!("must be between 0.5 and 50 ms (got {max_rtt_ms})"),
            max_rtt_ms,
            MAX_RTT_MS,
        ));
    }
    if !(STEPS.min..=STEPS.max).contains(&f64::from(steps)) {
        issues.push(InputIssue::outside(
            "steps",
            format!("must be between 2 and 200 (got {steps})"),
            f64::from(steps),
            STEPS,
        ));
    }
    if !issues.is_empty() {
        return Err(CallError::from(issues));
    }
    let points = (0..=steps)
        .map(|i| rtt_penalty(max_rtt_ms * f64::from(i) / f64::from(steps)))
        .collect();
    Ok(RttCurve { points })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_curve_runs_from_no_rtt_to_the_widest_in_equal_steps() {
        let curve = rtt_curve(5.0, 10).unwrap();
        assert_eq!(curve.points.len(), 11);
        assert_eq!(curve.points[0], rtt_penalty(0.0));
        assert_eq!(curve.points[4].rtt_ms, 2.0);
        assert_eq!(curve.points[10], rtt_penalty(5.0));
    }

    #[test]
    fn each_argument_out_of_range_is_named_with_its_range() {
        let e = rtt_curve(60.0, 1).unwrap_err();
        let paths: Vec<&str> = e.issues.iter().map(|i| i.path.as_str()).collect();
        assert_eq!(paths, ["max_rtt_ms", "steps"]);
        assert_eq!(e.issues[0].value, Some(60.0));
        assert_eq!(e.issues[0].allowed, Some(MAX_RTT_MS));
        assert_eq!(e.issues[1].allowed, Some(STEPS));
        assert_eq!(
            e.message,
            "max_rtt_ms must be between 0.5 and 50 ms (got 60); steps must be between 2 and 200 (got 1)"
        );
        assert!(rtt_curve(f64::NAN, 20).is_err());
    }
}
