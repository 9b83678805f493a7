//! Breaking text into lines that fit a width, measured in the font it is
//! set in.

use super::font::Font;

/// Points a line may pass its width by: a column exactly as wide as its
/// widest word (plus padding, less padding) is not always that wide again
/// in floating point.
const SLACK: f64 = 1e-6;

/// `text` as lines no wider than `width` points: broken at spaces, a word
/// wider than the line broken between characters, each line break of the
/// text kept (an empty line stays empty). At least one line.
pub fn wrap(text: &str, font: Font, size: f64, width: f64) -> Vec<String> {
    let mut lines = Vec::new();
    for paragraph in text.split('\n') {
        let paragraph = paragraph.trim_end_matches('\r');
        let mut line = String::new();
        for word in paragraph.split(' ').filter(|w| !w.is_empty()) {
            let candidate = if line.is_empty() {
                word.to_string()
            } else {
                format!("{line} {word}")
            };
            if font.width(&candidate, size) <= width + SLACK {
                line = candidate;
                continue;
            }
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            line = break_word(word, font, size, width, &mut lines);
        }
        lines.push(line);
    }
    lines
}

/// Pushes the full-width pieces of a word too wide for a line, broken
/// after a hyphen where it has one (part numbers, "12-core"), else between
/// characters; returns the rest, which starts the next line.
fn break_word(word: &str, font: Font, size: f64, width: f64, lines: &mut Vec<String>) -> String {
    let mut piece = String::new();
    for c in word.chars() {
        piece.push(c);
        if font.width(&piece, size) > width + SLACK && piece.chars().count() > 1 {
            piece.pop();
            let cut = piece.rfind('-').map_or(piece.len(), |at| at + 1);
            let rest = piece.split_off(cut);
            lines.push(std::mem::replace(&mut piece, rest));
            piece.push(c);
        }
    }
    piece
}

/// The widest word of `text` (a hyphenated word counts by its parts, as
/// it may break after a hyphen): the narrowest a column can be without
/// breaking a word between characters.
pub fn widest_word(text: &str, font: Font, size: f64) -> f64 {
    text.split([' ', '\n'])
        .flat_map(|w| w.split_inclusive('-'))
        .map(|w| font.width(w, size))
        .fold(0.0, f64::max)
}

/// The widest line of `text` set without wrapping.
pub fn widest_line(text: &str, font: Font, size: f64) -> f64 {
    text.split('\n')
        .map(|l| font.width(l, size))
        .fold(0.0, f64::max)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SIZE: f64 = 10.0;

    fn fits(lines: &[String], width: f64) -> bool {
        lines.iter().all(|l| Font::Regular.width(l, SIZE) <= width)
    }

    #[test]
    fn lines_break_at_spaces_and_fit() {
        let text = "The design runs three workloads on one cluster with four hosts in all.";
        let width = 120.0;
        let lines = wrap(text, Font::Regular, SIZE, width);
        assert!(lines.len() > 2, "{lines:?}");
        assert!(fits(&lines, width), "{lines:?}");
        assert_eq!(lines.join(" "), text);
    }

    #[test]
    fn a_word_wider_than_the_line_is_broken_between_characters() {
        let word = "x".repeat(200);
        let lines = wrap(&format!("a {word} b"), Font::Bold, SIZE, 50.0);
        assert!(fits(&lines, 50.0), "{lines:?}");
        assert_eq!(lines.concat(), format!("a{word}b"));
        assert_eq!(lines[0], "a");
    }

    #[test]
    fn a_column_as_wide_as_its_widest_word_keeps_it_whole() {
        let f = Font::Regular;
        let pad = 3.5;
        let column = widest_word("cache capacity", f, 8.5) + 2.0 * pad;
        assert_eq!(wrap("capacity", f, 8.5, column - 2.0 * pad), ["capacity"]);
    }

    #[test]
    fn a_hyphenated_word_breaks_after_a_hyphen() {
        let f = Font::Regular;
        let word = "seed001-sas-ssd-400-capacity";
        let width = f.width("seed001-sas-ssd-", SIZE) + 1.0;
        let lines = wrap(word, f, SIZE, width);
        assert_eq!(lines, ["seed001-sas-ssd-", "400-capacity"]);
        assert_eq!(widest_word(word, f, SIZE), f.width("seed001-", SIZE));
    }

    #[test]
    fn line_breaks_are_kept_and_empty_text_is_one_line() {
        assert_eq!(
            wrap("one\n\ntwo", Font::Regular, SIZE, 500.0),
            ["one", "", "two"]
        );
        assert_eq!(wrap("", Font::Regular, SIZE, 500.0), [""]);
        // Even a width narrower than one character makes progress.
        assert_eq!(wrap("ab", Font::Regular, SIZE, 1.0), ["a", "b"]);
    }

    #[test]
    fn widths_of_words_and_lines() {
        let f = Font::Regular;
        assert_eq!(widest_word("a bbb", f, SIZE), f.width("bbb", SIZE));
        assert_eq!(widest_line("a b\nc", f, SIZE), f.width("a b", SIZE));
    }
}
