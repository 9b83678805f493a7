//! The proposal's two fonts, Helvetica and Helvetica-Bold: two of the 14
//! standard PDF fonts every reader has, so no font file is embedded (the
//! Wasm module and the PDF stay small). They are set in WinAnsi encoding:
//! text is written as one byte a character, and measured with the Adobe
//! metrics in `afm`, which line wrapping and right-aligned numbers need.

use super::afm;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Font {
    Regular,
    Bold,
}

impl Font {
    /// The font's name in each page's resources.
    pub fn resource(self) -> &'static [u8] {
        match self {
            Font::Regular => b"F1",
            Font::Bold => b"F2",
        }
    }

    pub fn base_font(self) -> &'static [u8] {
        match self {
            Font::Regular => b"Helvetica",
            Font::Bold => b"Helvetica-Bold",
        }
    }

    fn widths(self) -> &'static [u16; 224] {
        match self {
            Font::Regular => &afm::REGULAR,
            Font::Bold => &afm::BOLD,
        }
    }

    /// Width of `text` set at `size` points, in points.
    pub fn width(self, text: &str, size: f64) -> f64 {
        self.encoded_width(&encode(text), size)
    }

    /// Width of text already encoded by [`encode`].
    pub fn encoded_width(self, bytes: &[u8], size: f64) -> f64 {
        let widths = self.widths();
        let units: u32 = bytes
            .iter()
            .map(|b| u32::from(widths[usize::from(b.saturating_sub(32))]))
            .sum();
        f64::from(units) * size / 1000.0
    }
}

/// `text` in WinAnsi, one byte a character. A few common signs WinAnsi
/// lacks are spelled out (`>=`); any other character it cannot show, and
/// control characters, become a visible `?` rather than a wrong glyph.
pub fn encode(text: &str) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\t' => bytes.push(b' '),
            '≥' => bytes.extend_from_slice(b">="),
            '≤' => bytes.extend_from_slice(b"<="),
            '≠' => bytes.extend_from_slice(b"!="),
            '→' => bytes.extend_from_slice(b"->"),
            '←' => bytes.extend_from_slice(b"<-"),
            '−' | '‐' | '‑' => bytes.push(b'-'),
            _ => bytes.push(win_ansi(c).unwrap_or(b'?')),
        }
    }
    bytes
}

/// The WinAnsi code of a character that has a glyph there.
fn win_ansi(c: char) -> Option<u8> {
    let code = u32::from(c);
    match code {
        0x20..=0x7E | 0xA0..=0xFF => u8::try_from(code).ok(),
        0 => None,
        _ => WIN_ANSI_80
            .iter()
            .position(|&w| w == c)
            .and_then(|at| u8::try_from(0x80 + at).ok()),
    }
}

/// WinAnsi 0x80 to 0x9F, the codes where it differs from Latin-1; NUL
/// marks the five codes without a glyph.
const WIN_ANSI_80: [char; 32] = [
    '€', '\0', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\0', 'Ž', '\0', //
    '\0', '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\0', 'ž', 'Ÿ',
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_outside_win_ansi_is_replaced_visibly() {
        assert_eq!(encode("Ab 1"), b"Ab 1");
        assert_eq!(encode("café §12 — €5"), b"caf\xe9 \xa712 \x97 \x805");
        assert_eq!(encode("≥ 3 → x"), b">= 3 -> x");
        assert_eq!(encode("日本\u{0}\u{7}"), b"????");
        // NUL in the table marks a gap, never a match for a NUL character.
        assert_eq!(encode("\u{81}\u{8d}"), b"??");
    }

    #[test]
    fn widths_are_helveticas() {
        // Helvetica.afm: space 278, "A" 667, "i" 222; Helvetica-Bold "A" 722.
        assert!((Font::Regular.width("A i", 10.0) - 11.67).abs() < 1e-9);
        assert!((Font::Bold.width("A", 1000.0) - 722.0).abs() < 1e-9);
        assert!((Font::Regular.width("€", 1000.0) - 556.0).abs() < 1e-9);
        // Digits share one width, so numbers line up in a column.
        assert_eq!(
            Font::Regular.width("0123", 9.0),
            Font::Regular.width("8888", 9.0)
        );
    }
}
