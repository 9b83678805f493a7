//! Numbers written as text by spreadsheets in any locale. Excel writes a
//! CSV with `;` where the decimal mark is `,` (German, French, ...), and
//! then groups thousands with `.`: "16.000" is sixteen thousand, "1.299,50"
//! is 1299.5. Reading such a file with `.` as the decimal mark makes those
//! figures 1000 times too small, silently; so the separator decides the
//! marks, and a value that fits neither reading for certain is refused.

/// Which decimal mark numbers written as text use.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum DecimalMark {
    /// `1234.5` (comma-separated CSV, and text cells of a workbook).
    #[default]
    Point,
    /// `1.234,5` (semicolon-separated CSV).
    Comma,
    /// Either (tab-separated CSV, written by any locale): a value that
    /// could be read both ways ("1.500", "1,500") is refused.
    Either,
}

/// The number `text` holds, or why it is not one (a sentence fragment
/// that follows "found ...").
pub fn parse_number(text: &str, mark: DecimalMark) -> Result<f64, String> {
    let t = text.trim();
    let n = match mark {
        DecimalMark::Point => t.parse::<f64>().ok(),
        DecimalMark::Comma => comma_decimal(t)?,
        DecimalMark::Either => either(t)?,
    };
    match n {
        Some(n) if n.is_finite() => Ok(n),
        _ => Err(String::new()),
    }
}

/// `.` groups thousands, `,` is the decimal mark.
fn comma_decimal(t: &str) -> Result<Option<f64>, String> {
    let (int, frac) = match t.split_once(',') {
        Some((i, f)) => (i, Some(f)),
        None => (t, None),
    };
    if int.contains('.') && !grouped(int, '.') {
        return Err(format!(
            "; in a semicolon-separated file \",\" is the decimal mark and \".\" groups \
             thousands, so \"{t}\" is ambiguous: write it as \"{}\" (decimal) or with groups of \
             three digits (thousands)",
            t.replacen('.', ",", 1)
        ));
    }
    let digits = int.replace('.', "");
    let joined = match frac {
        Some(f) => format!("{digits}.{f}"),
        None => digits,
    };
    Ok(joined.parse::<f64>().ok())
}

fn either(t: &str) -> Result<Option<f64>, String> {
    let ambiguous = || {
        Err(format!(
            "; in a tab-separated file \"{t}\" reads as a decimal or as thousands: write it \
             without a thousands separator (\"1500\" or \"1.5\")"
        ))
    };
    match (t.contains('.'), t.contains(',')) {
        (true, true) => {
            let (last, other) = if t.rfind('.') > t.rfind(',') {
                ('.', ',')
            } else {
                (',', '.')
            };
            let (int, frac) = t.rsplit_once(last).unwrap_or((t, ""));
            if !grouped(int, other) {
                return ambiguous();
            }
            Ok(format!("{}.{frac}", int.replace(other, "")).parse().ok())
        }
        (dot, comma) if (dot || comma) && grouped(t, if dot { '.' } else { ',' }) => ambiguous(),
        (false, true) => Ok(t.replacen(',', ".", 1).parse().ok()),
        _ => Ok(t.parse().ok()),
    }
}

/// Whether `int` is digits grouped by `sep` in threes after the first
/// group ("1.234.567", "-12.000"), with at least one separator.
fn grouped(int: &str, sep: char) -> bool {
    let body = int.strip_prefix(['-', '+']).unwrap_or(int);
    let mut groups = body.split(sep);
    let first = groups.next().unwrap_or_default();
    let digits = |g: &str| !g.is_empty() && g.bytes().all(|b| b.is_ascii_digit());
    let rest: Vec<&str> = groups.collect();
    digits(first)
        && first.len() <= 3
        && !rest.is_empty()
        && rest.iter().all(|g| g.len() == 3 && digits(g))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn semicolon_files_group_thousands_with_a_point() {
        let c = DecimalMark::Comma;
        assert_eq!(parse_number("16.000", c), Ok(16_000.0));
        assert_eq!(parse_number("1.299,50", c), Ok(1_299.5));
        assert_eq!(parse_number("0,5", c), Ok(0.5));
        assert_eq!(parse_number("-1.234.567", c), Ok(-1_234_567.0));
        assert_eq!(parse_number(" 42 ", c), Ok(42.0));
        let err = parse_number("1.5", c).unwrap_err();
        assert!(err.contains("ambiguous"), "{err}");
        assert!(parse_number("1,2,3", c).is_err());
    }

    #[test]
    fn comma_files_keep_the_point_as_decimal_mark() {
        assert_eq!(parse_number("1.299", DecimalMark::Point), Ok(1.299));
        assert!(parse_number("1,299", DecimalMark::Point).is_err());
        assert!(parse_number("inf", DecimalMark::Point).is_err());
    }

    #[test]
    fn tab_files_refuse_what_reads_both_ways() {
        let e = DecimalMark::Either;
        assert_eq!(parse_number("1.5", e), Ok(1.5));
        assert_eq!(parse_number("1,5", e), Ok(1.5));
        assert_eq!(parse_number("1.299,50", e), Ok(1_299.5));
        assert_eq!(parse_number("1,299.50", e), Ok(1_299.5));
        assert!(parse_number("16.000", e)
            .unwrap_err()
            .contains("tab-separated"));
        assert!(parse_number("16,000", e).is_err());
        assert_eq!(parse_number("16000", e), Ok(16_000.0));
    }
}
