//! User text that ends up in spreadsheet cells (report XLSX and CSV, the
//! catalog CSV): what validation allows in it, and how a CSV cell is kept
//! from being read as a formula.

use std::borrow::Cow;

/// Most characters an XLSX cell holds (Excel specifications and limits;
/// rust_xlsxwriter refuses longer strings).
pub const MAX_CELL_CHARS: usize = 32_767;

/// Why `text` cannot go into a cell, if it cannot: a control character
/// (C0 other than TAB, LF and CR, DEL, C1: XML 1.0, the XLSX's format,
/// forbids most of them and the rest are invisible) or more characters
/// than a cell holds. TAB, LF and CR stay allowed: XML keeps them, and
/// descriptions hold paragraphs. The message follows the field's path.
pub fn cell_text_problem(text: &str) -> Option<String> {
    // Validation checks every name of a project on each evaluation: most
    // text has no byte that can start a control character (C0, DEL, and
    // 0xC2, the lead byte of C1 in UTF-8) and is short.
    let suspect = |b: &u8| *b < 0x20 || *b == 0x7F || *b == 0xC2;
    if text.len() <= MAX_CELL_CHARS && !text.as_bytes().iter().any(suspect) {
        return None;
    }
    if let Some(c) = text.chars().find(|&c| is_refused_control(c)) {
        return Some(format!(
            "must not hold control characters (found U+{:04X})",
            u32::from(c)
        ));
    }
    // A char is at least one byte: only long strings need counting.
    if text.len() > MAX_CELL_CHARS {
        let chars = text.chars().count();
        if chars > MAX_CELL_CHARS {
            return Some(format!(
                "must be at most {MAX_CELL_CHARS} characters, what a spreadsheet cell holds (got {chars})"
            ));
        }
    }
    None
}

/// `text` cut to what a cell holds, ending with a note of the cut. User
/// text is validated to fit; text the report composes around it (a title
/// with the project's name, a list of workload names) may still not.
pub fn fit_cell(text: &str) -> Cow<'_, str> {
    if text.len() <= MAX_CELL_CHARS {
        return Cow::Borrowed(text);
    }
    let chars = text.chars().count();
    if chars <= MAX_CELL_CHARS {
        return Cow::Borrowed(text);
    }
    let note = format!("... (cut here: the text is {chars} characters, a cell holds {MAX_CELL_CHARS}; the CSV export has all of it)");
    let kept: String = text
        .chars()
        .take(MAX_CELL_CHARS - note.chars().count())
        .collect();
    Cow::Owned(kept + &note)
}

fn is_refused_control(c: char) -> bool {
    c.is_control() && !matches!(c, '\t' | '\n' | '\r')
}

/// Characters that make a spreadsheet read a CSV cell as a formula (OWASP,
/// "CSV Injection"): LibreOffice and Excel run `=HYPERLINK(...)`, `+1+1`,
/// `@SUM(A1)` and DDE payloads from a CSV they open.
const FORMULA_STARTS: [char; 6] = ['=', '+', '-', '@', '\t', '\r'];

/// A text cell for CSV: prefixed with `'` when it starts like a formula,
/// so a spreadsheet shows it as text (OWASP's mitigation). Numbers are
/// not text cells and keep their sign.
pub fn csv_text(text: &str) -> Cow<'_, str> {
    if text.starts_with(FORMULA_STARTS) {
        Cow::Owned(format!("'{text}"))
    } else {
        Cow::Borrowed(text)
    }
}

/// The inverse of [`csv_text`] for a CSV StackSizer wrote and a user
/// edited: the `'` before a formula start comes off again.
pub fn csv_text_read(cell: &str) -> &str {
    match cell.strip_prefix('\'') {
        Some(rest) if rest.starts_with(FORMULA_STARTS) => rest,
        _ => cell,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formula_starts_are_prefixed_and_read_back() {
        for payload in [
            "=HYPERLINK(\"http://x\",\"y\")",
            "+1+1",
            "-2",
            "@SUM(A1)",
            "\tname",
            "\rname",
            "=cmd|' /C calc'!A0",
        ] {
            let safe = csv_text(payload);
            assert_eq!(safe, format!("'{payload}"));
            assert_eq!(csv_text_read(&safe), payload);
        }
        for plain in ["SQL prod", "", "a=b", "'quoted'", "1-2"] {
            assert_eq!(csv_text(plain), plain);
            assert_eq!(csv_text_read(plain), plain);
        }
    }

    #[test]
    fn text_longer_than_a_cell_is_cut_to_fit_with_a_note() {
        let fits = "x".repeat(MAX_CELL_CHARS);
        assert_eq!(fit_cell(&fits), fits);
        let long = "y".repeat(MAX_CELL_CHARS + 10);
        let cut = fit_cell(&long);
        assert_eq!(cut.chars().count(), MAX_CELL_CHARS);
        assert!(cut.starts_with("yyy") && cut.ends_with("the CSV export has all of it)"));
        assert!(cut.contains("the text is 32777 characters"), "{cut}");
    }

    #[test]
    fn control_characters_and_overlong_text_are_named() {
        assert_eq!(cell_text_problem("two\nlines\twith tab\r"), None);
        let nul = cell_text_problem("a\u{0}b").expect("NUL refused");
        assert!(nul.contains("U+0000"), "{nul}");
        for c in ['\u{7}', '\u{1b}', '\u{7f}', '\u{85}', '\u{9f}'] {
            assert!(cell_text_problem(&format!("x{c}")).is_some(), "{c:?}");
        }
        assert_eq!(cell_text_problem(&"é".repeat(MAX_CELL_CHARS)), None);
        let long = cell_text_problem(&"x".repeat(40_000)).expect("too long");
        assert!(long.contains("32767") && long.contains("40000"), "{long}");
    }
}
