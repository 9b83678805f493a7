//! The document as marks on pages, before any PDF syntax: text runs,
//! filled rectangles and lines, placed from the page's top-left corner
//! (y grows down). [`Flow`] stacks blocks down a page and starts a new
//! page when the next block does not fit.

use super::font::{encode, Font};
use super::wrap::wrap;
use crate::report::Paper;

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Color(pub f32, pub f32, pub f32);

impl Color {
    pub const fn rgb(hex: u32) -> Color {
        Color(
            ((hex >> 16) & 0xFF) as f32 / 255.0,
            ((hex >> 8) & 0xFF) as f32 / 255.0,
            (hex & 0xFF) as f32 / 255.0,
        )
    }
}

pub const BLACK: Color = Color::rgb(0x1A1A1A);
pub const GREY: Color = Color::rgb(0x595959);
pub const DARK_BLUE: Color = Color::rgb(0x1F3864);
pub const WHITE: Color = Color::rgb(0xFFFFFF);

/// One thing drawn on a page; coordinates in points from the top-left.
#[derive(Debug, Clone, PartialEq)]
pub enum Mark {
    /// `text` (WinAnsi bytes) with its baseline at `y`.
    Text {
        x: f64,
        y: f64,
        font: Font,
        size: f64,
        color: Color,
        text: Vec<u8>,
    },
    Rect {
        x: f64,
        y: f64,
        width: f64,
        height: f64,
        fill: Color,
    },
    Line {
        from: (f64, f64),
        to: (f64, f64),
        width: f64,
        color: Color,
    },
}

/// The smallest text anywhere in the document: legible on paper.
pub const MIN_TEXT_PT: f64 = 8.0;

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PageSize {
    pub width: f64,
    pub height: f64,
}

impl PageSize {
    pub fn of(paper: Paper) -> PageSize {
        match paper {
            Paper::A4 => PageSize {
                width: 595.28,
                height: 841.89,
            },
            Paper::Letter => PageSize {
                width: 612.0,
                height: 792.0,
            },
        }
    }
}

pub const MARGIN_SIDE: f64 = 50.0;
pub const MARGIN_TOP: f64 = 50.0;
/// Room under the content for the footer.
pub const MARGIN_BOTTOM: f64 = 60.0;

/// A text style: font, size, colour and the distance between baselines.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Style {
    pub font: Font,
    pub size: f64,
    pub color: Color,
    pub leading: f64,
}

/// Blocks stacked down pages.
pub struct Flow {
    pub size: PageSize,
    pages: Vec<Vec<Mark>>,
    /// Where the next block starts, from the page's top.
    y: f64,
}

impl Flow {
    pub fn new(paper: Paper) -> Flow {
        Flow {
            size: PageSize::of(paper),
            pages: vec![Vec::new()],
            y: MARGIN_TOP,
        }
    }

    pub fn left(&self) -> f64 {
        MARGIN_SIDE
    }

    pub fn width(&self) -> f64 {
        self.size.width - 2.0 * MARGIN_SIDE
    }

    pub fn y(&self) -> f64 {
        self.y
    }

    fn bottom(&self) -> f64 {
        self.size.height - MARGIN_BOTTOM
    }

    /// The height a page holds between its margins.
    pub fn page_height(&self) -> f64 {
        self.bottom() - MARGIN_TOP
    }

    pub fn remaining(&self) -> f64 {
        self.bottom() - self.y
    }

    fn page_is_empty(&self) -> bool {
        self.pages.last().is_none_or(Vec::is_empty)
    }

    /// The current page, 0-based.
    pub fn page(&self) -> usize {
        self.pages.len().saturating_sub(1)
    }

    /// Adds a mark to a page already laid out: what is known only once
    /// the pages after it are (a table of contents).
    pub fn mark_on(&mut self, page: usize, mark: Mark) {
        if let Some(marks) = self.pages.get_mut(page) {
            marks.push(mark);
        }
    }

    /// An empty page inserted before page `at` (0-based), after layout.
    pub fn insert_page(&mut self, at: usize) {
        self.pages.insert(at.min(self.pages.len()), Vec::new());
    }

    pub fn new_page(&mut self) {
        if !self.page_is_empty() {
            self.pages.push(Vec::new());
        }
        self.y = MARGIN_TOP;
    }

    /// Starts a new page unless `height` fits on this one (or the page is
    /// still empty: more room there is not).
    pub fn ensure(&mut self, height: f64) -> bool {
        if height > self.remaining() && !self.page_is_empty() {
            self.new_page();
            return true;
        }
        false
    }

    /// Moves down; a gap at the top of a page is dropped.
    pub fn gap(&mut self, height: f64) {
        if !self.page_is_empty() {
            self.y = (self.y + height).min(self.bottom());
        }
    }

    pub fn advance(&mut self, height: f64) {
        self.y += height;
    }

    pub fn mark(&mut self, mark: Mark) {
        if let Some(page) = self.pages.last_mut() {
            page.push(mark);
        }
    }

    pub fn text(&mut self, x: f64, baseline: f64, style: Style, text: &str) {
        if text.is_empty() {
            return;
        }
        self.mark(Mark::Text {
            x,
            y: baseline,
            font: style.font,
            size: style.size.max(MIN_TEXT_PT),
            color: style.color,
            text: encode(text),
        });
    }

    /// Text whose right edge is at `right`.
    pub fn text_right(&mut self, right: f64, baseline: f64, style: Style, text: &str) {
        let width = style.font.width(text, style.size);
        self.text(right - width, baseline, style, text);
    }

    pub fn rect(&mut self, x: f64, y: f64, width: f64, height: f64, fill: Color) {
        self.mark(Mark::Rect {
            x,
            y,
            width,
            height,
            fill,
        });
    }

    pub fn line(&mut self, from: (f64, f64), to: (f64, f64), width: f64, color: Color) {
        self.mark(Mark::Line {
            from,
            to,
            width,
            color,
        });
    }

    /// A paragraph across the page's width, wrapped; its lines run on to
    /// the next page where this one ends.
    pub fn paragraph(&mut self, text: &str, style: Style) {
        self.paragraph_at(self.left(), self.width(), text, style);
    }

    pub fn paragraph_at(&mut self, x: f64, width: f64, text: &str, style: Style) {
        for line in wrap(text, style.font, style.size, width) {
            self.ensure(style.leading);
            let baseline = self.y + style.size;
            self.text(x, baseline, style, &line);
            self.advance(style.leading);
        }
    }

    /// Every page's marks, in order; a trailing empty page is dropped.
    pub fn finish(mut self) -> Vec<Vec<Mark>> {
        if self.pages.len() > 1 && self.page_is_empty() {
            self.pages.pop();
        }
        self.pages
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BODY: Style = Style {
        font: Font::Regular,
        size: 9.0,
        color: BLACK,
        leading: 12.0,
    };

    fn text_marks(page: &[Mark]) -> Vec<(f64, String)> {
        page.iter()
            .filter_map(|m| match m {
                Mark::Text { y, text, .. } => Some((*y, String::from_utf8_lossy(text).into())),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn a_long_paragraph_runs_on_to_the_next_pages_within_the_margins() {
        let mut flow = Flow::new(Paper::A4);
        let text = "word ".repeat(3000);
        flow.paragraph(&text, BODY);
        let pages = flow.finish();
        assert!(pages.len() >= 3, "{} pages", pages.len());
        let bottom = PageSize::of(Paper::A4).height - MARGIN_BOTTOM;
        for page in &pages {
            let lines = text_marks(page);
            assert!(!lines.is_empty());
            assert!(lines.iter().all(|(y, _)| *y > MARGIN_TOP && *y <= bottom));
        }
        let words: usize = pages
            .iter()
            .flat_map(|p| text_marks(p))
            .map(|(_, l)| l.split_whitespace().count())
            .sum();
        assert_eq!(words, 3000);
    }

    #[test]
    fn ensure_breaks_only_a_page_with_content() {
        let mut flow = Flow::new(Paper::Letter);
        assert!(
            !flow.ensure(10_000.0),
            "an empty page has no more room to offer"
        );
        flow.paragraph("x", BODY);
        assert!(!flow.ensure(10.0));
        assert!(flow.ensure(flow.remaining() + 1.0));
        assert_eq!(flow.y(), MARGIN_TOP);
        assert_eq!(flow.finish().len(), 1, "the new page is still empty");
    }

    #[test]
    fn text_is_never_set_below_the_minimum_size() {
        let mut flow = Flow::new(Paper::A4);
        flow.text(0.0, 100.0, Style { size: 5.0, ..BODY }, "tiny");
        let pages = flow.finish();
        assert!(matches!(pages[0][0], Mark::Text { size, .. } if size == MIN_TEXT_PT));
    }
}
