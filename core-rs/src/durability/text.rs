//! Durability figures as people read them, for the CLI and the report (the
//! app formats the same figures the same way in `src/units.ts`): an MTTDL
//! or a loss probability spans many orders of magnitude, and "4.05e+3
//! years" or a probability rounded to "0.0 %" says nothing to a customer.

use crate::rules::num;

/// From here on an MTTDL reads "> 1 million years": the model's
/// independence assumption (no correlated or latent failures) matters far
/// more than any further digit, so more digits would claim a precision the
/// model does not have.
pub const READABLE_YEARS: f64 = 1e6;

/// Below this share (one in 100,000 a year) a loss probability reads
/// "< 0.001 %", the counterpart of `READABLE_YEARS`.
pub const READABLE_LOSS_PCT: f64 = 0.001;

/// Three significant digits, thousands grouped: "4,050 years",
/// "28.5 years", "> 1 million years".
pub fn mttdl_text(years: f64) -> String {
    if years >= READABLE_YEARS {
        return "> 1 million years".to_string();
    }
    format!("{} years", significant(years, 3))
}

/// The annual probability of losing data as a percentage, two significant
/// digits: "0.025 %", "5.3 %", "< 0.001 %".
pub fn annual_loss_text(probability: f64) -> String {
    let pct = probability * 100.0;
    if pct <= 0.0 {
        return "0 %".to_string();
    }
    if pct < READABLE_LOSS_PCT {
        return format!("< {} %", num(READABLE_LOSS_PCT, 3));
    }
    format!("{} %", significant(pct, 2))
}

/// `value` (positive) rounded to `digits` significant digits, grouped.
fn significant(value: f64, digits: i32) -> String {
    if value <= 0.0 || !value.is_finite() {
        return num(value, 0).to_string();
    }
    let magnitude = |v: f64| v.log10().floor() as i32;
    let step = 10f64.powi(magnitude(value) + 1 - digits);
    let rounded = (value / step).round() * step;
    // Rounding may carry into the next power of ten (9.996 -> 10.0): the
    // decimals follow the rounded figure, as the app's Intl format does.
    let decimals = (digits - 1 - magnitude(rounded)).max(0);
    num(rounded, decimals as usize).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_mttdl_reads_in_grouped_digits_never_in_exponent_notation() {
        assert_eq!(mttdl_text(4_048.35), "4,050 years");
        assert_eq!(mttdl_text(28_513.2), "28,500 years");
        assert_eq!(mttdl_text(999_499.0), "999,000 years");
        assert_eq!(mttdl_text(28.46), "28.5 years");
        assert_eq!(mttdl_text(4.046), "4.05 years");
        assert_eq!(mttdl_text(0.5), "0.500 years");
        assert_eq!(mttdl_text(9.996), "10.0 years");
        assert_eq!(mttdl_text(99_960.0), "100,000 years");
        assert_eq!(mttdl_text(1e6), "> 1 million years");
        assert_eq!(mttdl_text(3.2e14), "> 1 million years");
    }

    #[test]
    fn a_loss_probability_reads_as_a_percentage_with_two_digits() {
        assert_eq!(annual_loss_text(2.47e-4), "0.025 %");
        assert_eq!(annual_loss_text(0.053), "5.3 %");
        assert_eq!(annual_loss_text(0.634), "63 %");
        assert_eq!(annual_loss_text(1.0), "100 %");
        assert_eq!(annual_loss_text(2.3e-5), "0.0023 %");
        assert_eq!(annual_loss_text(9e-6), "< 0.001 %");
        assert_eq!(annual_loss_text(0.0), "0 %");
    }
}
