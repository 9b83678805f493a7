//! The workbook's cell formats and column widths: each format built once
//! and numbered by what it depends on, each column's width from its
//! content and its most common format, and formats applied per run of
//! cells down a column rather than per cell (the writer hashes a whole
//! format on every formatted write).

use std::cmp::Reverse;

use rust_xlsxwriter::{Color, Format, FormatAlign, FormatBorder, Worksheet, XlsxError};

use crate::report::sheet::{Cell, Computed, NumberFormat, RowStyle, Sheet};

/// Widest column, in characters; longer text wraps. Narrow enough that a
/// sheet of a few text columns prints one page wide at a legible scale.
const MAX_WIDTH: usize = 40;
pub(super) const MIN_WIDTH: usize = 8;
/// Room for a table header's filter button.
pub(super) const FILTER_BUTTON: usize = 3;
/// Headers wrap beyond this many characters, so a long header does not
/// widen a column of short numbers.
const HEADER_WIDTH: usize = 14;

const DARK_BLUE: u32 = 0x001F_3864;
const GREY: u32 = 0x0059_5959;
const INPUT_FILL: u32 = 0x00FF_F2CC;
const INPUT_BORDER: u32 = 0x00BF_9000;
const HEADER_FILL: u32 = 0x0030_5496;
const WHITE: u32 = 0x00FF_FFFF;

/// Each column's most common body cell format, for formats that show
/// nothing on an empty cell (no fill, no border): the writer hashes a whole
/// format on every formatted write, the largest cost of streaming a
/// 45,000-workload report, and a cell written without one takes its
/// column's at no cost. Both modes set them, so both write the same
/// workbook; the columns' empty cells get the alignment, number format and
/// wrapping, which show only once something is typed there.
pub(super) fn column_formats(sheet: &Sheet, widths: &[usize]) -> Vec<Option<FormatKey>> {
    let headers: Vec<u32> = sheet.tables.iter().map(|t| t.header_row).collect();
    let mut counts = vec![[0usize; FormatKey::COUNT]; widths.len()];
    for (r, row) in sheet.rows.iter().enumerate() {
        if row.style != RowStyle::Body || headers.contains(&(r as u32)) {
            continue;
        }
        for (c, cell) in row.cells.iter().enumerate() {
            let width = widths.get(c).copied().unwrap_or(MIN_WIDTH);
            let key = FormatKey::cell(row.style, cell, wraps(cell, width));
            if let Some(count) = counts.get_mut(c) {
                count[key.index()] += 1;
            }
        }
    }
    counts
        .iter()
        .map(|count| {
            FormatKey::every()
                .filter(|key| key.blank_looks_plain() && count[key.index()] > 0)
                // The first of the most common: the same every time.
                .max_by_key(|key| (count[key.index()], Reverse(key.index())))
        })
        .collect()
}

/// Rows a run spans at most, so the rows it formats are still in cache:
/// applying runs down a whole 45,000-row column cost as much as hashing.
const RUN_ROWS: u32 = 256;

/// Formats applied per run of cells down a column that share one format:
/// the writer hashes a whole format on every formatted write, which was
/// the largest single cost of a 45,000-workload report; a run costs one
/// hash. A blank cell in a run is written as a formatted blank.
#[derive(Default)]
pub(super) struct FormatRuns {
    /// Per column: the format, first and last row.
    open: Vec<Option<(FormatKey, u32, u32)>>,
}

impl FormatRuns {
    pub(super) fn extend(
        &mut self,
        ws: &mut Worksheet,
        formats: &Formats,
        row: u32,
        col: u16,
        format: FormatKey,
    ) -> Result<(), XlsxError> {
        let c = usize::from(col);
        if self.open.len() <= c {
            self.open.resize(c + 1, None);
        }
        match &mut self.open[c] {
            Some((key, first, last))
                if *key == format && *last + 1 == row && row - *first < RUN_ROWS =>
            {
                *last = row
            }
            open => {
                if let Some(run) = open.replace((format, row, row)) {
                    apply(ws, formats, col, run)?;
                }
            }
        }
        Ok(())
    }

    pub(super) fn finish(self, ws: &mut Worksheet, formats: &Formats) -> Result<(), XlsxError> {
        for (col, run) in self.open.into_iter().enumerate() {
            if let Some(run) = run {
                apply(ws, formats, col as u16, run)?;
            }
        }
        Ok(())
    }
}

fn apply(
    ws: &mut Worksheet,
    formats: &Formats,
    col: u16,
    (key, first, last): (FormatKey, u32, u32),
) -> Result<(), XlsxError> {
    ws.set_range_format(first, col, last, col, formats.get(key))?;
    Ok(())
}

/// Every format a cell can have, each built once per workbook (building
/// one per cell was a large share of a big report's time), in the order
/// of [`FormatKey::every`].
pub(super) struct Formats {
    all: Vec<Format>,
}

impl Formats {
    pub(super) fn new() -> Self {
        Formats {
            all: FormatKey::every().map(FormatKey::format).collect(),
        }
    }

    /// Every format, in [`FormatKey::every`]'s order.
    pub(super) fn all(&self) -> &[Format] {
        &self.all
    }

    pub(super) fn get(&self, key: FormatKey) -> &Format {
        &self.all[key.index()]
    }
}

/// What a cell's format depends on: a table header, a row spanning the
/// page, or a body or total cell's number format, whether it is an input,
/// whether it wraps.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum FormatKey {
    Header,
    Title,
    Section,
    /// Notes and hints.
    Note,
    Cell {
        total: bool,
        number: Option<NumberFormat>,
        input: bool,
        wrap: bool,
    },
}

/// A cell's number formats, in [`FormatKey::index`]'s order.
const NUMBER_FORMATS: [Option<NumberFormat>; 5] = [
    None,
    Some(NumberFormat::Count),
    Some(NumberFormat::Decimal),
    Some(NumberFormat::Percent),
    Some(NumberFormat::Price),
];

impl FormatKey {
    /// How many keys [`FormatKey::every`] gives.
    const COUNT: usize = 4 + 2 * NUMBER_FORMATS.len() * 2 * 2;

    pub(super) fn cell(style: RowStyle, cell: &Cell, wrap: bool) -> FormatKey {
        FormatKey::Cell {
            total: style == RowStyle::Total,
            number: number_format(cell),
            input: matches!(cell, Cell::Input(..)),
            wrap,
        }
    }

    /// Every key, each once, at its [`FormatKey::index`].
    fn every() -> impl Iterator<Item = FormatKey> {
        let bools = [false, true];
        let cells = bools.into_iter().flat_map(move |total| {
            NUMBER_FORMATS.into_iter().flat_map(move |number| {
                bools.into_iter().flat_map(move |input| {
                    bools.map(move |wrap| FormatKey::Cell {
                        total,
                        number,
                        input,
                        wrap,
                    })
                })
            })
        });
        [
            FormatKey::Header,
            FormatKey::Title,
            FormatKey::Section,
            FormatKey::Note,
        ]
        .into_iter()
        .chain(cells)
    }

    /// Whether an empty cell with this format looks like one without.
    fn blank_looks_plain(self) -> bool {
        matches!(
            self,
            FormatKey::Cell {
                total: false,
                input: false,
                ..
            }
        )
    }

    fn index(self) -> usize {
        match self {
            FormatKey::Header => 0,
            FormatKey::Title => 1,
            FormatKey::Section => 2,
            FormatKey::Note => 3,
            FormatKey::Cell {
                total,
                number,
                input,
                wrap,
            } => {
                let number = match number {
                    None => 0,
                    Some(NumberFormat::Count) => 1,
                    Some(NumberFormat::Decimal) => 2,
                    Some(NumberFormat::Percent) => 3,
                    Some(NumberFormat::Price) => 4,
                };
                let total = usize::from(total);
                4 + ((total * NUMBER_FORMATS.len() + number) * 2 + usize::from(input)) * 2
                    + usize::from(wrap)
            }
        }
    }

    fn format(self) -> Format {
        match self {
            FormatKey::Header => header_format(),
            FormatKey::Title => heading_format(14),
            FormatKey::Section => heading_format(12),
            FormatKey::Note => Format::new()
                .set_italic()
                .set_font_color(Color::RGB(GREY))
                .set_text_wrap()
                .set_align(FormatAlign::Top),
            FormatKey::Cell {
                total,
                number,
                input,
                wrap,
            } => {
                let mut f = Format::new().set_align(FormatAlign::Top);
                if total {
                    f = f.set_bold().set_border_top(FormatBorder::Thin);
                }
                if let Some(n) = number {
                    f = f.set_num_format(num_format(n));
                }
                if input {
                    f = f
                        .set_background_color(Color::RGB(INPUT_FILL))
                        .set_border(FormatBorder::Thin)
                        .set_border_color(Color::RGB(INPUT_BORDER));
                }
                if wrap {
                    f = f.set_text_wrap();
                }
                f
            }
        }
    }
}

fn number_format(cell: &Cell) -> Option<NumberFormat> {
    match cell {
        Cell::Number(_, n) | Cell::Input(_, n) => Some(*n),
        Cell::Formula(formula) => Some(formula.format),
        Cell::Blank | Cell::Text(_) => None,
    }
}

pub(super) fn header_format() -> Format {
    Format::new()
        .set_bold()
        .set_font_color(Color::RGB(WHITE))
        .set_background_color(Color::RGB(HEADER_FILL))
        .set_text_wrap()
        .set_align(FormatAlign::Top)
}

fn heading_format(size: u8) -> Format {
    Format::new()
        .set_bold()
        .set_font_size(size)
        .set_font_color(Color::RGB(DARK_BLUE))
        .set_text_wrap()
        .set_align(FormatAlign::Top)
}

fn num_format(n: NumberFormat) -> &'static str {
    match n {
        NumberFormat::Count => "#,##0",
        NumberFormat::Decimal => "#,##0.00;[Red]-#,##0.00",
        NumberFormat::Percent => "0.0",
        NumberFormat::Price => "#,##0.00",
    }
}

/// Whether a body cell's text wraps: only in a column at its widest.
pub(super) fn wraps(cell: &Cell, width: usize) -> bool {
    width == MAX_WIDTH && matches!(cell, Cell::Text(_))
}

/// Each column as wide as its widest body or header cell (titles, sections
/// and notes overflow or wrap instead), within MIN_WIDTH..=MAX_WIDTH.
pub(super) fn column_widths(sheet: &Sheet) -> Vec<usize> {
    let mut widths: Vec<usize> = Vec::new();
    let headers: Vec<u32> = sheet.tables.iter().map(|t| t.header_row).collect();
    for (r, row) in sheet.rows.iter().enumerate() {
        if !matches!(row.style, RowStyle::Body | RowStyle::Total) {
            continue;
        }
        let header = headers.contains(&(r as u32));
        for (c, cell) in row.cells.iter().enumerate() {
            if widths.len() <= c {
                widths.resize(c + 1, MIN_WIDTH);
            }
            let chars = if header {
                header_chars(&cell.plain()) + FILTER_BUTTON
            } else {
                display_chars(cell)
            };
            widths[c] = widths[c].max(chars);
        }
    }
    widths
        .into_iter()
        .map(|w| (w + 1).clamp(MIN_WIDTH, MAX_WIDTH))
        .collect()
}

/// Width a header asks for: all of it when short, else its longest word
/// (it wraps).
fn header_chars(text: &str) -> usize {
    let all = text.chars().count();
    if all <= HEADER_WIDTH {
        return all;
    }
    let word = text
        .split_whitespace()
        .map(|w| w.chars().count())
        .max()
        .unwrap_or(0);
    word.max(HEADER_WIDTH)
}

/// About how many characters a cell shows.
fn display_chars(cell: &Cell) -> usize {
    let longest_line = |s: &str| s.lines().map(|l| l.chars().count()).max().unwrap_or(0);
    match cell {
        Cell::Blank => 0,
        Cell::Text(s) => longest_line(s),
        // Room for a price the buyer types.
        Cell::Input(None, _) => 12,
        Cell::Formula(f) if matches!(f.value, Computed::Text(_)) => 12,
        _ => {
            let v = cell.numeric().unwrap_or(0.0).abs().round();
            // Digits of the whole part (`as` saturates beyond u64).
            let digits = (v as u64).checked_ilog10().map_or(1, |d| d as usize + 1);
            let separators = (digits - 1) / 3;
            let decimals = match cell {
                Cell::Number(_, NumberFormat::Count) => 0,
                Cell::Number(_, NumberFormat::Percent) => 2,
                _ => 3,
            };
            digits + separators + decimals + 1
        }
    }
}

#[cfg(test)]
mod tests {
    use super::FormatKey;

    #[test]
    fn every_format_key_is_at_its_index() {
        for (i, key) in FormatKey::every().enumerate() {
            assert_eq!(key.index(), i, "{key:?}");
        }
        assert_eq!(FormatKey::every().count(), FormatKey::COUNT);
    }
}
