//! Tables: columns as wide as their content allows, text wrapped within
//! its column, numbers right-aligned, the header row repeated at the top
//! of every page the table runs on to. A table too wide for the page is
//! split into several tables of fewer columns, each repeating the key
//! columns (what each row is about), as a printed spreadsheet repeats them.

use super::font::Font;
use super::layout::{Color, Flow, Style, BLACK, DARK_BLUE, WHITE};
use super::wrap::{widest_line, widest_word, wrap};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    Left,
    Right,
}

#[derive(Debug, Clone, PartialEq)]
pub struct TableCell {
    pub text: String,
    pub align: Align,
}

#[derive(Debug, Clone, PartialEq)]
pub struct TableRow {
    pub cells: Vec<TableCell>,
    /// A total: bold, with a rule above.
    pub total: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub struct TableSpec {
    pub header: Vec<String>,
    pub rows: Vec<TableRow>,
    /// Leading columns repeated in every part of a table split for width.
    pub key_columns: usize,
}

pub const CELL: Style = Style {
    font: Font::Regular,
    size: 8.5,
    color: BLACK,
    leading: 10.5,
};
const HEADER: Style = Style {
    font: Font::Bold,
    color: WHITE,
    ..CELL
};
const TOTAL: Style = Style {
    font: Font::Bold,
    ..CELL
};
const PAD_X: f64 = 3.5;
const PAD_Y: f64 = 3.0;
/// A header longer than this wraps, so it does not widen a column of
/// short numbers.
const HEADER_WRAP_PT: f64 = 80.0;
/// No column asks for more than this; longer text wraps.
const MAX_COLUMN_PT: f64 = 220.0;
/// A word wider than this is broken rather than widening its column.
const MAX_WORD_PT: f64 = 110.0;
const STRIPE: Color = Color::rgb(0xEEF2F8);

/// How narrow and how wide a column can usefully be, padding included.
#[derive(Debug, Clone, Copy)]
struct Extent {
    min: f64,
    max: f64,
}

pub fn draw(flow: &mut Flow, table: &TableSpec) {
    let columns = table.header.len();
    if columns == 0 {
        return;
    }
    let extents: Vec<Extent> = (0..columns).map(|c| extent(table, c)).collect();
    let groups = column_groups(&extents, table.key_columns, flow.width());
    let parts = groups.len();
    for (i, group) in groups.iter().enumerate() {
        if i > 0 {
            flow.gap(8.0);
        }
        let widths = fit(group.iter().map(|&c| extents[c]), flow.width());
        draw_part(flow, table, group, &widths);
        if parts > 1 && i + 1 < parts {
            flow.gap(2.0);
            flow.paragraph(
                &format!(
                    "Table continued below with more columns ({} of {parts}).",
                    i + 1
                ),
                Style {
                    color: super::layout::GREY,
                    ..CELL
                },
            );
        }
    }
    flow.gap(6.0);
}

/// Takes out the text columns that hold one value in every row (the one
/// cluster of a design, the currency of every price) and returns them as
/// (header, value): said once above the table, they leave the width to
/// the columns that differ. A table of one row, or of two columns, keeps
/// all of them.
pub fn lift_constant_columns(table: &mut TableSpec) -> Vec<(String, String)> {
    let body: Vec<&TableRow> = table.rows.iter().filter(|r| !r.total).collect();
    if body.len() < 2 {
        return Vec::new();
    }
    let constant = |c: usize| -> Option<String> {
        let first = body[0].cells.get(c)?;
        let same = body.iter().all(|r| r.cells.get(c) == Some(first));
        let totals_agree = table.rows.iter().filter(|r| r.total).all(|r| {
            r.cells
                .get(c)
                .is_none_or(|cell| cell.text.is_empty() || cell.text == first.text)
        });
        (first.align == Align::Left && !first.text.is_empty() && same && totals_agree)
            .then(|| first.text.clone())
    };
    let mut lifted: Vec<(usize, String)> = (0..table.header.len())
        .filter_map(|c| constant(c).map(|v| (c, v)))
        .collect();
    lifted.truncate(table.header.len().saturating_sub(2));
    let named = lifted
        .iter()
        .map(|(c, value)| (table.header[*c].clone(), value.clone()))
        .collect();
    for (c, _) in lifted.iter().rev() {
        table.header.remove(*c);
        for row in &mut table.rows {
            if *c < row.cells.len() {
                row.cells.remove(*c);
            }
        }
    }
    named
}

/// Leading columns of text (or blanks) in every row but the totals: what
/// each row is about.
pub fn text_columns(table: &TableSpec) -> usize {
    (0..table.header.len())
        .take_while(|&c| {
            table
                .rows
                .iter()
                .filter(|r| !r.total)
                .all(|r| r.cells.get(c).is_none_or(|cell| cell.align == Align::Left))
        })
        .count()
}

/// A column of numbers (and blanks) only: its header is right-aligned.
fn is_numeric(table: &TableSpec, col: usize) -> bool {
    let mut cells = table
        .rows
        .iter()
        .filter(|r| !r.total)
        .filter_map(|r| r.cells.get(col))
        .filter(|c| !c.text.is_empty())
        .peekable();
    cells.peek().is_some() && cells.all(|c| c.align == Align::Right)
}

fn extent(table: &TableSpec, col: usize) -> Extent {
    let header = &table.header[col];
    let header_word = widest_word(header, HEADER.font, HEADER.size);
    let mut min = header_word;
    let mut max = widest_line(header, HEADER.font, HEADER.size)
        .min(HEADER_WRAP_PT)
        .max(header_word);
    for row in &table.rows {
        let Some(cell) = row.cells.get(col) else {
            continue;
        };
        let font = if row.total { TOTAL.font } else { CELL.font };
        let line = widest_line(&cell.text, font, CELL.size);
        match cell.align {
            // Numbers never wrap.
            Align::Right => min = min.max(line),
            Align::Left => min = min.max(widest_word(&cell.text, font, CELL.size).min(MAX_WORD_PT)),
        }
        max = max.max(line);
    }
    let max = max.min(MAX_COLUMN_PT).max(min);
    Extent {
        min: min + 2.0 * PAD_X,
        max: max + 2.0 * PAD_X,
    }
}

/// The columns of each part: all of them when they fit side by side at
/// their narrowest, else the key columns and as many more as fit, part
/// after part.
fn column_groups(extents: &[Extent], key_columns: usize, width: f64) -> Vec<Vec<usize>> {
    let narrowest: f64 = extents.iter().map(|e| e.min).sum();
    if narrowest <= width {
        return vec![(0..extents.len()).collect()];
    }
    // Keys take at most half the width, so every part has room for more.
    let mut keys = Vec::new();
    let mut key_width = 0.0;
    for (c, e) in extents.iter().enumerate().take(key_columns) {
        if key_width + e.min > width / 2.0 {
            break;
        }
        keys.push(c);
        key_width += e.min;
    }
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut group = keys.clone();
    let mut used = key_width;
    for (c, e) in extents.iter().enumerate().skip(keys.len()) {
        if used + e.min > width && group.len() > keys.len() {
            groups.push(std::mem::replace(&mut group, keys.clone()));
            used = key_width;
        }
        group.push(c);
        used += e.min;
    }
    groups.push(group);
    groups
}

/// Widths for columns of these extents in `width`: each as wide as it
/// asks when all fit, else each at its narrowest and the room left shared
/// equally among the columns that would take more, up to what each asks
/// (so a column of labels is not squeezed by columns of long text).
fn fit(extents: impl Iterator<Item = Extent> + Clone, width: f64) -> Vec<f64> {
    let extents: Vec<Extent> = extents.collect();
    let mut widths: Vec<f64> = extents.iter().map(|e| e.min).collect();
    let mut spare = width - widths.iter().sum::<f64>();
    while spare > 1e-6 {
        let growing: Vec<usize> = (0..widths.len())
            .filter(|&i| widths[i] < extents[i].max - 1e-6)
            .collect();
        let Some(step) = growing
            .iter()
            .map(|&i| extents[i].max - widths[i])
            .reduce(f64::min)
            .map(|room| room.min(spare / growing.len() as f64))
        else {
            break;
        };
        for &i in &growing {
            widths[i] += step;
        }
        spare -= step * growing.len() as f64;
    }
    widths
}

struct Laid {
    lines: Vec<Vec<String>>,
    height: f64,
}

fn lay_out(texts: &[(&str, Style)], widths: &[f64], max_lines: usize) -> Laid {
    let lines: Vec<Vec<String>> = texts
        .iter()
        .zip(widths)
        .map(|((text, style), width)| {
            let mut lines = wrap(text, style.font, style.size, width - 2.0 * PAD_X);
            if lines.len() > max_lines {
                lines.truncate(max_lines);
                if let Some(last) = lines.last_mut() {
                    // Cut, and visibly so: a cell taller than a page.
                    last.truncate(last.len().saturating_sub(3));
                    last.push_str("...");
                }
            }
            lines
        })
        .collect();
    let count = lines.iter().map(Vec::len).max().unwrap_or(1).max(1);
    Laid {
        lines,
        height: count as f64 * CELL.leading + 2.0 * PAD_Y,
    }
}

fn draw_part(flow: &mut Flow, table: &TableSpec, columns: &[usize], widths: &[f64]) {
    let numeric: Vec<bool> = columns.iter().map(|&c| is_numeric(table, c)).collect();
    let header_texts: Vec<(&str, Style)> = columns
        .iter()
        .map(|&c| (table.header[c].as_str(), HEADER))
        .collect();
    let header = lay_out(&header_texts, widths, usize::MAX);
    // A row no taller than a page under the header, or it could never fit.
    let max_lines = (((flow.page_height() - header.height - 2.0 * PAD_Y) / CELL.leading).floor()
        as usize)
        .max(1);
    let aligns: Vec<Align> = numeric
        .iter()
        .map(|&n| if n { Align::Right } else { Align::Left })
        .collect();
    let mut first = true;
    for (i, row) in table.rows.iter().enumerate() {
        let style = if row.total { TOTAL } else { CELL };
        let cells: Vec<Option<&TableCell>> = columns.iter().map(|&c| row.cells.get(c)).collect();
        let texts: Vec<(&str, Style)> = cells
            .iter()
            .map(|cell| (cell.map_or("", |cell| cell.text.as_str()), style))
            .collect();
        // Numbers right, text left, also in a column of both.
        let cell_aligns: Vec<Align> = cells
            .iter()
            .map(|cell| cell.map_or(Align::Left, |cell| cell.align))
            .collect();
        let laid = lay_out(&texts, widths, max_lines);
        let broke = flow.ensure(if first {
            header.height + laid.height
        } else {
            laid.height
        });
        if first || broke {
            draw_row(flow, &header, widths, &aligns, Some(DARK_BLUE), false);
            first = false;
        }
        let fill = (i % 2 == 1 && !row.total).then_some(STRIPE);
        draw_row(flow, &laid, widths, &cell_aligns, fill, row.total);
    }
    if first {
        draw_row(flow, &header, widths, &aligns, Some(DARK_BLUE), false);
    }
}

fn draw_row(
    flow: &mut Flow,
    laid: &Laid,
    widths: &[f64],
    aligns: &[Align],
    fill: Option<Color>,
    total: bool,
) {
    let top = flow.y();
    let left = flow.left();
    let width: f64 = widths.iter().sum();
    let style = match (fill, total) {
        (Some(DARK_BLUE), _) => HEADER,
        (_, true) => TOTAL,
        _ => CELL,
    };
    if let Some(fill) = fill {
        flow.rect(left, top, width, laid.height, fill);
    }
    if total {
        flow.line((left, top), (left + width, top), 0.75, BLACK);
    }
    let mut x = left;
    for ((lines, w), align) in laid.lines.iter().zip(widths).zip(aligns) {
        for (n, line) in lines.iter().enumerate() {
            let baseline = top + PAD_Y + style.size * 0.95 + n as f64 * style.leading;
            match align {
                Align::Left => flow.text(x + PAD_X, baseline, style, line),
                Align::Right => flow.text_right(x + w - PAD_X, baseline, style, line),
            }
        }
        x += w;
    }
    flow.advance(laid.height);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::pdf::layout::Mark;
    use crate::report::Paper;

    fn cell(text: &str, align: Align) -> TableCell {
        TableCell {
            text: text.into(),
            align,
        }
    }

    fn table(columns: usize, rows: usize) -> TableSpec {
        TableSpec {
            header: (0..columns).map(|c| format!("Column {c} header")).collect(),
            rows: (0..rows)
                .map(|r| TableRow {
                    cells: (0..columns)
                        .map(|c| {
                            if c == 0 {
                                cell(&format!("Row {r}"), Align::Left)
                            } else {
                                cell(&format!("{}", r * 1000 + c), Align::Right)
                            }
                        })
                        .collect(),
                    total: false,
                })
                .collect(),
            key_columns: 1,
        }
    }

    fn page_texts(page: &[Mark]) -> Vec<String> {
        page.iter()
            .filter_map(|m| match m {
                Mark::Text { text, .. } => Some(String::from_utf8_lossy(text).into_owned()),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn the_header_repeats_on_every_page_a_table_runs_on_to() {
        let mut flow = Flow::new(Paper::A4);
        draw(&mut flow, &table(3, 200));
        let pages = flow.finish();
        assert!(pages.len() >= 3, "{} pages", pages.len());
        for page in &pages {
            let texts = page_texts(page);
            assert_eq!(texts[0], "Column 0 header", "{texts:?}");
        }
        let rows: usize = pages
            .iter()
            .map(|p| {
                page_texts(p)
                    .iter()
                    .filter(|t| t.starts_with("Row "))
                    .count()
            })
            .sum();
        assert_eq!(rows, 200, "every row once");
    }

    #[test]
    fn a_table_wider_than_the_page_splits_and_repeats_its_key_column() {
        let mut flow = Flow::new(Paper::A4);
        let mut wide = table(30, 3);
        wide.rows[0].cells[0].text = "Key".into();
        draw(&mut flow, &wide);
        let pages = flow.finish();
        let texts = page_texts(&pages[0]);
        let keys = texts.iter().filter(|t| *t == "Key").count();
        assert!(keys > 1, "the key column in each part: {texts:?}");
        let right = flow_right(Paper::A4);
        for page in &pages {
            for m in page {
                if let Mark::Text {
                    x,
                    font,
                    size,
                    text,
                    ..
                } = m
                {
                    let end = x + font.encoded_width(text, *size);
                    assert!(*x >= 50.0 && end <= right + 1e-6, "{x} {end}");
                }
            }
        }
        // Every value shows once.
        assert!(texts.iter().any(|t| t == "29"));
        assert!(texts.iter().any(|t| t == "2029"));
    }

    fn flow_right(paper: Paper) -> f64 {
        let flow = Flow::new(paper);
        flow.left() + flow.width()
    }

    #[test]
    fn a_column_of_one_value_is_said_once_above_the_table() {
        let row = |cells: [&str; 4], total| TableRow {
            cells: cells
                .iter()
                .enumerate()
                .map(|(c, t)| cell(t, if c == 2 { Align::Right } else { Align::Left }))
                .collect(),
            total,
        };
        let mut t = TableSpec {
            header: ["Cluster", "Part", "Price", "Currency"]
                .map(String::from)
                .to_vec(),
            rows: vec![
                row(["A", "host", "10", "EUR"], false),
                row(["A", "disk", "10", "EUR"], false),
                row(["", "Total", "20", "EUR"], true),
            ],
            key_columns: 0,
        };
        let lifted = lift_constant_columns(&mut t);
        assert_eq!(
            lifted,
            [
                ("Cluster".into(), "A".into()),
                ("Currency".into(), "EUR".into())
            ]
        );
        assert_eq!(t.header, ["Part", "Price"]);
        assert!(t.rows.iter().all(|r| r.cells.len() == 2));
        assert_eq!(text_columns(&t), 1);
        // Numbers are data, and one row says nothing about the others.
        let mut one = table(3, 1);
        assert!(lift_constant_columns(&mut one).is_empty());
    }

    #[test]
    fn columns_share_the_width_by_what_they_ask() {
        let e = |min, max| Extent { min, max };
        assert_eq!(
            fit([e(10.0, 20.0), e(10.0, 30.0)].into_iter(), 100.0),
            [20.0, 30.0]
        );
        let shared = fit([e(10.0, 110.0), e(10.0, 310.0)].into_iter(), 120.0);
        assert!((shared.iter().sum::<f64>() - 120.0).abs() < 1e-9);
        assert!((shared[0] - 60.0).abs() < 1e-9, "{shared:?}");
        // A column reaching what it asks leaves the rest to the others.
        let capped = fit(
            [e(10.0, 30.0), e(10.0, 310.0), e(5.0, 5.0)].into_iter(),
            200.0,
        );
        assert_eq!(capped, [30.0, 165.0, 5.0]);
    }

    #[test]
    fn a_cell_taller_than_a_page_is_cut_visibly() {
        let mut flow = Flow::new(Paper::A4);
        let mut t = table(2, 1);
        t.rows[0].cells[0].text = "word ".repeat(20_000);
        draw(&mut flow, &t);
        let pages = flow.finish();
        assert_eq!(pages.len(), 1);
        assert!(page_texts(&pages[0]).iter().any(|t| t.ends_with("...")));
    }
}
