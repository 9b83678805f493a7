//! A report sheet drawn into the flow, row by row as the sheet model holds
//! it: titles and sections as headings, notes as paragraphs, tables as
//! tables (totals in bold), label-value rows as a list, and the sheet's
//! charts under the table they draw from. The figures are the cells the
//! XLSX and CSV exports write, shown with the same decimals.

use super::chart::{self, BarChart, Series};
use super::font::Font;
use super::layout::{Flow, Style, BLACK, DARK_BLUE, GREY};
use super::table::{self, Align, TableCell, TableRow, TableSpec};
use super::wrap::wrap;
use crate::report::sheet::{
    Cell, Chart, Computed, Formula, Row, RowStyle, Sheet, Table, EMPTY_TABLE,
};

pub const BODY: Style = Style {
    font: Font::Regular,
    size: 9.5,
    color: BLACK,
    leading: 13.0,
};
const NOTE: Style = Style {
    color: GREY,
    size: 9.0,
    leading: 12.0,
    ..BODY
};
pub const CHAPTER: Style = Style {
    font: Font::Bold,
    size: 16.0,
    color: DARK_BLUE,
    leading: 20.0,
};
const SECTION: Style = Style {
    font: Font::Bold,
    size: 11.0,
    color: DARK_BLUE,
    leading: 15.0,
};
/// Key columns a table split for width repeats at most.
const MAX_KEY_COLUMNS: usize = 2;
/// Rows a table shows at most (its totals besides): a proposal is read,
/// the workbook holds every row.
pub const MAX_TABLE_ROWS: usize = 150;
/// Where a label-value row's value starts, from the left margin.
const VALUE_OFFSET: f64 = 120.0;

/// What of a sheet to draw: from which row, under which title (instead
/// of the sheet's own), without which tables (by id; the section heading
/// above a table left out goes with it).
pub struct Part<'a> {
    pub first_row: usize,
    pub title: Option<&'a str>,
    pub left_out: &'a [&'a str],
}

pub fn sheet(flow: &mut Flow, sheet: &Sheet, part: &Part) {
    let title = part.title;
    if let Some(title) = title {
        heading(flow, title, CHAPTER);
    }
    let mut skipped = vec![false; sheet.rows.len()];
    for t in sheet
        .tables
        .iter()
        .filter(|t| part.left_out.contains(&t.id.as_str()))
    {
        let (first, last) = (t.header_row as usize, t.last_row as usize);
        skipped[first..=last].fill(true);
        if let Some(above) = first.checked_sub(1) {
            skipped[above] |= sheet.rows[above].style == RowStyle::Section;
        }
    }
    // A section whose table has no rows: a heading over "None." is noise
    // in a document read front to back.
    for (at, pair) in sheet.rows.windows(2).enumerate() {
        if pair[0].style == RowStyle::Section && is_empty_table(&pair[1]) {
            skipped[at..=at + 1].fill(true);
        }
    }
    let mut drawn = vec![false; sheet.charts.len()];
    let mut r = part.first_row;
    while r < sheet.rows.len() {
        if skipped[r] {
            r += 1;
            continue;
        }
        if let Some(t) = sheet.tables.iter().find(|t| t.header_row as usize == r) {
            let (spec, left_out, constants) = table_spec(sheet, t);
            if !constants.is_empty() {
                flow.ensure(constants.len() as f64 * BODY.leading + 4.0 * table::CELL.leading);
            }
            for (header, value) in constants {
                label_row(flow, &[Cell::Text(header), Cell::Text(value)], false);
            }
            table::draw(flow, &spec);
            if left_out > 0 {
                flow.paragraph(
                    &format!(
                        "The first {MAX_TABLE_ROWS} rows of {}: the XLSX report lists them all.",
                        MAX_TABLE_ROWS + left_out
                    ),
                    NOTE,
                );
            }
            for (chart, done) in sheet.charts.iter().zip(drawn.iter_mut()) {
                if (t.header_row..=t.last_row).contains(&chart.categories.row) {
                    chart::draw(flow, &bar_chart(sheet, chart));
                    *done = true;
                }
            }
            r = t.last_row as usize + 1;
            continue;
        }
        let row = &sheet.rows[r];
        let text = row.cells.first().map(Cell::plain).unwrap_or_default();
        match row.style {
            RowStyle::Title if title.is_none() => heading(flow, &text, CHAPTER),
            RowStyle::Title | RowStyle::Hint => {}
            RowStyle::Section => heading(flow, &text, SECTION),
            RowStyle::Note => flow.paragraph(&text, NOTE),
            RowStyle::Body | RowStyle::Total => {
                if row.cells.iter().all(|c| shown(c).0.is_empty()) {
                    flow.gap(6.0);
                } else {
                    label_row(flow, &row.cells, row.style == RowStyle::Total);
                }
            }
        }
        r += 1;
    }
    for (chart, done) in sheet.charts.iter().zip(drawn) {
        if !done {
            chart::draw(flow, &bar_chart(sheet, chart));
        }
    }
}

/// A heading kept with what follows it: no heading ends a page.
pub fn heading(flow: &mut Flow, text: &str, style: Style) {
    flow.gap(style.leading * 0.5);
    flow.ensure(style.leading * 2.0 + 3.0 * table::CELL.leading);
    flow.paragraph(text, style);
    flow.gap(3.0);
}

/// A cell as the proposal shows it: numbers with thousands separators and
/// the decimals of their format, right-aligned.
pub fn shown(cell: &Cell) -> (String, Align) {
    match cell {
        Cell::Blank | Cell::Input(None, _) => (String::new(), Align::Left),
        Cell::Text(s) => (s.clone(), Align::Left),
        Cell::Formula(Formula {
            value: Computed::Text(s),
            ..
        }) => (s.clone(), Align::Right),
        Cell::Number(..) | Cell::Input(Some(_), _) | Cell::Formula(_) => {
            (thousands(&cell.plain()), Align::Right)
        }
    }
}

/// `1234567.5` as `1,234,567.5`.
pub fn thousands(plain: &str) -> String {
    let (sign, rest) = plain.strip_prefix('-').map_or(("", plain), |r| ("-", r));
    let (whole, fraction) = rest.split_at(rest.find('.').unwrap_or(rest.len()));
    if !whole.bytes().all(|b| b.is_ascii_digit()) {
        return plain.to_string();
    }
    let mut grouped = String::new();
    for (i, d) in whole.chars().enumerate() {
        if i > 0 && (whole.len() - i).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(d);
    }
    format!("{sign}{grouped}{fraction}")
}

/// The table as the proposal shows it, how many rows it leaves out, and
/// the columns of one value in every row, shown above it instead.
fn table_spec(sheet: &Sheet, t: &Table) -> (TableSpec, usize, Vec<(String, String)>) {
    let columns = usize::from(t.columns);
    let header = sheet.rows[t.header_row as usize]
        .cells
        .iter()
        .take(columns)
        .map(Cell::plain)
        .collect();
    let body = &sheet.rows[t.first_data_row() as usize..=t.last_row as usize];
    let mut kept = 0;
    let rows: Vec<TableRow> = body
        .iter()
        .filter(|row| {
            let keep = row.style == RowStyle::Total || kept < MAX_TABLE_ROWS;
            kept += usize::from(keep && row.style != RowStyle::Total);
            keep
        })
        .map(|row| TableRow {
            cells: row
                .cells
                .iter()
                .take(columns)
                .map(|c| {
                    let (text, align) = shown(c);
                    TableCell { text, align }
                })
                .collect(),
            total: row.style == RowStyle::Total,
        })
        .collect();
    let left_out = body.len() - rows.len();
    let mut spec = TableSpec {
        header,
        rows,
        key_columns: 0,
    };
    let constants = table::lift_constant_columns(&mut spec);
    spec.key_columns = table::text_columns(&spec).min(MAX_KEY_COLUMNS);
    (spec, left_out, constants)
}

/// The note a table without rows leaves.
fn is_empty_table(row: &Row) -> bool {
    row.style == RowStyle::Note
        && row.cells.first().map(Cell::plain).as_deref() == Some(EMPTY_TABLE)
}

fn bar_chart(sheet: &Sheet, chart: &Chart) -> BarChart {
    let cells = |row: u32, first: u16, last: u16| -> Vec<&Cell> {
        (first..=last)
            .filter_map(|col| sheet.rows.get(row as usize)?.cells.get(usize::from(col)))
            .collect()
    };
    let c = chart.categories;
    BarChart {
        title: chart.title.clone(),
        axis: chart.axis.clone(),
        categories: cells(c.row, c.first_col, c.last_col)
            .into_iter()
            .map(Cell::plain)
            .collect(),
        series: chart
            .series
            .iter()
            .map(|s| Series {
                name: sheet
                    .rows
                    .get(s.row as usize)
                    .and_then(|r| r.cells.get(usize::from(chart.name_col)))
                    .map(Cell::plain)
                    .unwrap_or_default(),
                values: cells(s.row, s.first_col, s.last_col)
                    .into_iter()
                    .map(Cell::numeric)
                    .collect(),
            })
            .collect(),
    }
}

/// A row outside any table: its first cell a label, the others its value
/// (a number right-aligned at the page's right edge).
fn label_row(flow: &mut Flow, cells: &[Cell], total: bool) {
    let label = cells.first().map(Cell::plain).unwrap_or_default();
    let values: Vec<(String, Align)> = cells
        .iter()
        .skip(1)
        .map(shown)
        .filter(|(t, _)| !t.is_empty())
        .collect();
    let label_style = Style {
        font: Font::Bold,
        ..BODY
    };
    let value_style = if total { label_style } else { BODY };
    let numeric = values.iter().all(|(_, a)| *a == Align::Right) && !values.is_empty();
    let value = values
        .iter()
        .map(|(t, _)| t.as_str())
        .collect::<Vec<_>>()
        .join("  ");
    let left = flow.left();
    let width = flow.width();
    let (label_width, value_x) = if numeric {
        (width * 0.75, left + width)
    } else {
        (VALUE_OFFSET - 8.0, left + VALUE_OFFSET)
    };
    let label_lines = wrap(&label, label_style.font, label_style.size, label_width);
    let value_lines = if numeric {
        vec![value]
    } else {
        wrap(
            &value,
            value_style.font,
            value_style.size,
            width - VALUE_OFFSET,
        )
    };
    let lines = label_lines.len().max(value_lines.len());
    flow.ensure(lines as f64 * BODY.leading);
    let top = flow.y();
    for (n, line) in label_lines.iter().enumerate() {
        flow.text(
            left,
            top + BODY.size + n as f64 * BODY.leading,
            label_style,
            line,
        );
    }
    for (n, line) in value_lines.iter().enumerate() {
        let baseline = top + BODY.size + n as f64 * BODY.leading;
        if numeric {
            flow.text_right(value_x, baseline, value_style, line);
        } else {
            flow.text(value_x, baseline, value_style, line);
        }
    }
    flow.advance(lines as f64 * BODY.leading);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::sheet::NumberFormat;

    #[test]
    fn numbers_show_thousands_and_their_formats_decimals() {
        assert_eq!(shown(&Cell::count(1_234_567.4)).0, "1,234,567");
        assert_eq!(shown(&Cell::decimal(-9.349)).0, "-9.35");
        assert_eq!(
            shown(&Cell::number(112_000.0, NumberFormat::Price)).0,
            "112,000.00"
        );
        assert_eq!(shown(&Cell::percent(87.25)).1, Align::Right);
        assert_eq!(shown(&Cell::Input(None, NumberFormat::Price)).0, "");
        assert_eq!(thousands("999"), "999");
        assert_eq!(thousands("-1000.5"), "-1,000.5");
        assert_eq!(thousands("not a number"), "not a number");
    }
}
