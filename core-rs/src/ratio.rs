//! Ratios and percentages of figures that may be zero: `None` rather than
//! an infinite or NaN figure, which every platform's rules and the outputs
//! report as "not applicable".

/// `a / b`, or `None` when `b` is not a positive finite number.
pub(crate) fn ratio(a: f64, b: f64) -> Option<f64> {
    let r = a / b;
    (b > 0.0 && b.is_finite() && r.is_finite()).then_some(r)
}

/// `100 * a / b`, or `None` when `b` is not a positive finite number.
pub(crate) fn percent(a: f64, b: f64) -> Option<f64> {
    ratio(a, b).map(|r| r * 100.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ratio_never_divides_by_zero() {
        assert_eq!(ratio(1.0, 0.0), None);
        assert_eq!(ratio(0.0, 0.0), None);
        assert_eq!(ratio(1.0, f64::INFINITY), None);
        assert_eq!(percent(1.0, 4.0), Some(25.0));
    }
}
