//! What a deliverable says about the project besides the design: who it is
//! for, who wrote it, when, and what it sets out to do. Only text: the
//! sizing never reads it; the reports print it on their cover.

use serde::{Deserialize, Serialize};

/// Most characters of a one-line fact (customer, project, author): a cover
/// line, not a paragraph.
pub const MAX_FACT_CHARS: usize = 200;
/// Most characters of the notes: a page of objectives, well within what
/// a spreadsheet cell holds.
pub const MAX_NOTES_CHARS: usize = 5_000;

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(default, deny_unknown_fields)]
pub struct ProjectFacts {
    pub customer: String,
    /// The customer's name for the undertaking, e.g. "ERP refresh 2027";
    /// the project's own `name` names the design.
    pub project: String,
    pub author: String,
    /// ISO 8601 calendar date, `yyyy-mm-dd`, or empty.
    pub date: String,
    /// Objectives and notes: paragraphs, or a list with one item per line.
    pub notes: String,
}

impl ProjectFacts {
    /// Every fact that cannot be printed as entered: the field's name
    /// (under `facts.`) and why, naming the limit.
    pub fn problems(&self) -> Vec<(&'static str, String)> {
        let lines = [
            ("customer", &self.customer),
            ("project", &self.project),
            ("author", &self.author),
        ];
        let mut problems: Vec<(&'static str, String)> = lines
            .into_iter()
            .filter_map(|(field, text)| one_line_problem(text).map(|p| (field, p)))
            .collect();
        if let Some(p) = date_problem(&self.date) {
            problems.push(("date", p));
        }
        if let Some(p) = notes_problem(&self.notes) {
            problems.push(("notes", p));
        }
        problems
    }

    pub fn is_empty(&self) -> bool {
        *self == ProjectFacts::default()
    }
}

fn one_line_problem(text: &str) -> Option<String> {
    if let Some(c) = text.chars().find(|c| c.is_control()) {
        return Some(format!(
            "must be one line without control characters (found U+{:04X})",
            u32::from(c)
        ));
    }
    too_long(text, MAX_FACT_CHARS)
}

/// Notes keep their line breaks and tabs (a list, paragraphs); every other
/// control character is refused: XML, the XLSX's format, forbids most.
fn notes_problem(text: &str) -> Option<String> {
    if let Some(c) = text
        .chars()
        .find(|c| c.is_control() && !matches!(c, '\n' | '\r' | '\t'))
    {
        return Some(format!(
            "must not hold control characters other than line breaks and tabs (found U+{:04X})",
            u32::from(c)
        ));
    }
    too_long(text, MAX_NOTES_CHARS)
}

fn too_long(text: &str, max: usize) -> Option<String> {
    let chars = text.chars().count();
    (chars > max).then(|| format!("must be at most {max} characters (got {chars})"))
}

fn date_problem(date: &str) -> Option<String> {
    if date.is_empty() || calendar_date(date).is_some() {
        return None;
    }
    let shown: String = date.chars().take(40).collect();
    Some(format!(
        "must be a calendar date written yyyy-mm-dd, e.g. 2026-11-25, or empty (got \"{}\")",
        shown.escape_debug()
    ))
}

/// `(year, month, day)` of an ISO date that exists (no 30 February).
pub fn calendar_date(date: &str) -> Option<(u32, u32, u32)> {
    let b = date.as_bytes();
    let digits = |r: std::ops::Range<usize>| {
        b[r.clone()]
            .iter()
            .all(u8::is_ascii_digit)
            .then(|| date[r].parse::<u32>().ok())
            .flatten()
    };
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return None;
    }
    let (year, month, day) = (digits(0..4)?, digits(5..7)?, digits(8..10)?);
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    let days = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return None,
    };
    (year >= 1 && (1..=days).contains(&day)).then_some((year, month, day))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn facts() -> ProjectFacts {
        ProjectFacts {
            customer: "Contoso Ltd".into(),
            project: "ERP refresh".into(),
            author: "A. Presales".into(),
            date: "2026-11-25".into(),
            notes: "Objectives:\n- consolidate 40 SQL VMs\n- survive a host failure".into(),
        }
    }

    #[test]
    fn facts_as_a_customer_writes_them_pass() {
        assert!(facts().problems().is_empty());
        assert!(ProjectFacts::default().problems().is_empty());
        assert!(ProjectFacts::default().is_empty());
    }

    #[test]
    fn each_problem_names_its_field_and_limit() {
        let f = ProjectFacts {
            customer: "Contoso\u{0}".into(),
            project: "x".repeat(MAX_FACT_CHARS + 1),
            author: "two\nlines".into(),
            date: "25/11/2026".into(),
            notes: format!("ok\n\u{7}{}", "y".repeat(MAX_NOTES_CHARS)),
        };
        let problems = f.problems();
        let fields: Vec<&str> = problems.iter().map(|p| p.0).collect();
        assert_eq!(fields, ["customer", "project", "author", "date", "notes"]);
        assert!(problems[0].1.contains("U+0000"), "{}", problems[0].1);
        assert!(problems[1].1.contains("at most 200 characters (got 201)"));
        assert!(problems[2].1.contains("U+000A"));
        assert!(problems[3].1.contains("yyyy-mm-dd"));
        assert!(problems[4].1.contains("U+0007"));
        let long = ProjectFacts {
            notes: "n".repeat(MAX_NOTES_CHARS + 1),
            ..facts()
        };
        assert!(long.problems()[0].1.contains("at most 5000 characters"));
    }

    #[test]
    fn only_dates_that_exist_are_dates() {
        assert_eq!(calendar_date("2028-02-29"), Some((2028, 2, 29)));
        for bad in [
            "2026-02-29",
            "1900-02-29",
            "2026-13-01",
            "2026-04-31",
            "2026-1-05",
            "2026-01-00",
            "0000-01-01",
            "+026-01-01",
            "2026-01-01T00:00",
            "２０２６-01-01",
        ] {
            assert_eq!(calendar_date(bad), None, "{bad}");
        }
    }
}
