//! A report as data: sheets of rows of cells, with their tables marked,
//! before any file format. The XLSX and CSV writers both read this, so the
//! two exports cannot disagree.

/// How a number is shown. Units live in the column header or the row's
/// unit cell; percentages are stored as 0-100, as the core computes them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NumberFormat {
    /// Whole things: hosts, devices, VMs, IOPS, GB.
    Count,
    /// TB, TiB, GHz, ratios: two decimals, negatives in red.
    Decimal,
    /// 0-100 with one decimal.
    Percent,
    /// Money in the unit prices' (unstated) currency.
    Price,
}

impl NumberFormat {
    /// Decimals the workbook's number format shows; the CSV rounds to them.
    pub fn decimals(self) -> usize {
        match self {
            NumberFormat::Count => 0,
            NumberFormat::Percent => 1,
            NumberFormat::Decimal | NumberFormat::Price => 2,
        }
    }

    /// `value` as the workbook shows it, without thousands separators:
    /// rounded half away from zero like a spreadsheet (not to even, as
    /// Rust's formatting does), and never `-0`.
    pub fn shown(self, value: f64) -> String {
        let decimals = self.decimals();
        let scale = 10u64.pow(decimals as u32);
        let scaled = (value * scale as f64).round();
        // Whole units of the last decimal, as an integer: formatting a
        // float at a precision was a fifth of a large CSV export's time.
        // Beyond 2^53 a float has no decimals left to show.
        if !scaled.is_finite() || scaled.abs() >= 9.0e15 {
            return format!("{value:.decimals$}");
        }
        // A negative that rounds to zero, or a total of no rows (Rust's
        // float sum starts at -0.0), has no sign: n is 0.
        let n = scaled as i64;
        let sign = if n < 0 { "-" } else { "" };
        let (whole, fraction) = (n.unsigned_abs() / scale, n.unsigned_abs() % scale);
        if decimals == 0 {
            format!("{sign}{whole}")
        } else {
            format!("{sign}{whole}.{fraction:0decimals$}")
        }
    }
}

/// The value the core computed for a formula: the CSV export writes it,
/// and the XLSX stores it as the formula's cached result for readers that
/// do not recalculate.
#[derive(Debug, Clone, PartialEq)]
pub enum Computed {
    Number(f64),
    /// Shown when a formula has nothing to compute (e.g. no usable capacity).
    Text(String),
}

#[derive(Debug, Clone, PartialEq)]
pub struct Formula {
    /// Excel syntax, starting with `=`.
    pub text: String,
    pub value: Computed,
    pub format: NumberFormat,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Cell {
    Blank,
    Text(String),
    Number(f64, NumberFormat),
    /// A figure a buyer fills in or changes (a unit price); blank when the
    /// project has none. Highlighted, and every formula reads it live.
    Input(Option<f64>, NumberFormat),
    Formula(Formula),
}

impl Cell {
    pub fn text(s: impl Into<String>) -> Cell {
        Cell::Text(s.into())
    }

    /// Non-finite numbers cannot be stored in a workbook; the core should
    /// never produce one, so show it rather than hide it.
    pub fn number(value: f64, format: NumberFormat) -> Cell {
        if value.is_finite() {
            Cell::Number(value, format)
        } else {
            Cell::text("not a number")
        }
    }

    /// An optional figure: blank when the core has none (e.g. no demand).
    pub fn maybe(value: Option<f64>, format: NumberFormat) -> Cell {
        value.map_or(Cell::Blank, |v| Cell::number(v, format))
    }

    pub fn count(value: impl Into<f64>) -> Cell {
        Cell::number(value.into(), NumberFormat::Count)
    }

    pub fn decimal(value: f64) -> Cell {
        Cell::number(value, NumberFormat::Decimal)
    }

    pub fn percent(value: f64) -> Cell {
        Cell::number(value, NumberFormat::Percent)
    }

    pub fn formula(text: String, value: Computed, format: NumberFormat) -> Cell {
        Cell::Formula(Formula {
            text,
            value,
            format,
        })
    }

    /// The number this cell holds or computes, if any.
    pub fn numeric(&self) -> Option<f64> {
        match self {
            Cell::Number(v, _) | Cell::Input(Some(v), _) => Some(*v),
            Cell::Formula(Formula {
                value: Computed::Number(v),
                ..
            }) => Some(*v),
            _ => None,
        }
    }

    /// Whether the cell shows text (a formula's text result included).
    pub fn is_text(&self) -> bool {
        matches!(
            self,
            Cell::Text(_)
                | Cell::Formula(Formula {
                    value: Computed::Text(_),
                    ..
                })
        )
    }

    /// The cell as plain text, for CSV: formulas give their computed value,
    /// numbers are rounded as their format shows them.
    pub fn plain(&self) -> String {
        match self {
            Cell::Blank | Cell::Input(None, _) => String::new(),
            Cell::Text(s)
            | Cell::Formula(Formula {
                value: Computed::Text(s),
                ..
            }) => s.clone(),
            Cell::Number(v, format)
            | Cell::Input(Some(v), format)
            | Cell::Formula(Formula {
                value: Computed::Number(v),
                format,
                ..
            }) => format.shown(*v),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RowStyle {
    Body,
    /// The sheet's first row: what the sheet is about.
    Title,
    /// Names the table below it.
    Section,
    /// A paragraph of text across the sheet's width.
    Note,
    /// A note on using the workbook itself (where to type a price): shown
    /// like a note in the XLSX, left out of the PDF proposal.
    Hint,
    /// Totals under a table.
    Total,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    pub style: RowStyle,
    pub cells: Vec<Cell>,
}

impl Row {
    pub fn body(cells: Vec<Cell>) -> Row {
        Row {
            style: RowStyle::Body,
            cells,
        }
    }

    /// A subtotal or total row, inside a table or under it.
    pub fn total(cells: Vec<Cell>) -> Row {
        Row {
            style: RowStyle::Total,
            cells,
        }
    }
}

/// A header row and the data rows under it, from column A.
#[derive(Debug, Clone, PartialEq)]
pub struct Table {
    /// Stable identifier, part of the CSV file name (e.g. `key-figures`).
    pub id: String,
    /// 0-based row of the header.
    pub header_row: u32,
    /// 0-based last data row.
    pub last_row: u32,
    pub columns: u16,
}

impl Table {
    pub fn first_data_row(&self) -> u32 {
        self.header_row + 1
    }
}

/// Cells of one row, from `first_col` to `last_col`, 0-based.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RowSpan {
    pub row: u32,
    pub first_col: u16,
    pub last_col: u16,
}

/// A column chart of figures on its own sheet: the categories are a row of
/// labels (e.g. cluster names), each series a row of values named by the
/// cell in `name_col` of its row. The workbook draws it live from those
/// cells; the CSV export has the figures only.
#[derive(Debug, Clone, PartialEq)]
pub struct Chart {
    pub title: String,
    /// The value axis's title, with its unit.
    pub axis: String,
    pub categories: RowSpan,
    pub series: Vec<RowSpan>,
    pub name_col: u16,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Sheet {
    pub name: String,
    pub rows: Vec<Row>,
    pub tables: Vec<Table>,
    /// Rows kept in view while scrolling.
    pub frozen_rows: u32,
    /// Drawn below the last row, one under the other.
    pub charts: Vec<Chart>,
}

impl Sheet {
    pub fn cell(&self, at: &CellRef) -> Option<&Cell> {
        self.rows
            .get(at.row as usize)
            .and_then(|r| r.cells.get(usize::from(at.col)))
    }
}

/// A cell's address, for formulas on this sheet or another one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CellRef {
    pub sheet: String,
    /// 0-based.
    pub row: u32,
    /// 0-based.
    pub col: u16,
}

impl CellRef {
    /// `C9`: for formulas on the same sheet.
    pub fn local(&self) -> String {
        a1(self.row, self.col)
    }

    /// `'Summary'!$C$9`: quoted, so any sheet name works.
    pub fn absolute(&self) -> String {
        format!(
            "'{}'!${}${}",
            self.sheet.replace('\'', "''"),
            column_letters(self.col),
            self.row + 1
        )
    }
}

/// `C9` for 0-based row 8, column 2.
pub fn a1(row: u32, col: u16) -> String {
    format!("{}{}", column_letters(col), row + 1)
}

/// `$C$2:$C$9`, both ends 0-based: absolute, so it survives copying.
pub fn column_range(first_row: u32, last_row: u32, col: u16) -> String {
    let letters = column_letters(col);
    format!("${letters}${}:${letters}${}", first_row + 1, last_row + 1)
}

pub fn column_letters(col: u16) -> String {
    let mut n = u32::from(col) + 1;
    let mut letters = Vec::new();
    while n > 0 {
        let rem = ((n - 1) % 26) as u8;
        letters.push(char::from(b'A' + rem));
        n = (n - 1) / 26;
    }
    letters.iter().rev().collect()
}

/// The note that stands for a table without rows.
pub const EMPTY_TABLE: &str = "None.";

/// Appends rows top to bottom and records where each table lands.
pub struct SheetBuilder {
    sheet: Sheet,
}

impl SheetBuilder {
    pub fn new(name: impl Into<String>) -> Self {
        SheetBuilder {
            sheet: Sheet {
                name: name.into(),
                rows: Vec::new(),
                tables: Vec::new(),
                frozen_rows: 0,
                charts: Vec::new(),
            },
        }
    }

    pub fn name(&self) -> &str {
        &self.sheet.name
    }

    /// The 0-based row the next row (or table header) will take.
    pub fn next_row(&self) -> u32 {
        self.sheet.rows.len() as u32
    }

    /// A reference to a cell of this sheet.
    pub fn at(&self, row: u32, col: u16) -> CellRef {
        CellRef {
            sheet: self.sheet.name.clone(),
            row,
            col,
        }
    }

    /// A cell already written (0-based), to total or refer to it.
    pub fn cell(&self, row: u32, col: u16) -> Option<&Cell> {
        self.sheet.cell(&self.at(row, col))
    }

    pub fn row(&mut self, style: RowStyle, cells: Vec<Cell>) -> u32 {
        let at = self.next_row();
        self.sheet.rows.push(Row { style, cells });
        at
    }

    pub fn title(&mut self, text: impl Into<String>) {
        self.row(RowStyle::Title, vec![Cell::text(text)]);
    }

    pub fn section(&mut self, text: impl Into<String>) {
        self.row(RowStyle::Section, vec![Cell::text(text)]);
    }

    pub fn note(&mut self, text: impl Into<String>) {
        self.row(RowStyle::Note, vec![Cell::text(text)]);
    }

    /// "Sources: a; b." under a table whose rows share a few sources, so
    /// the table stays narrow. Each source once, empty ones skipped.
    pub fn sources_note<'s>(&mut self, sources: impl IntoIterator<Item = &'s str>) {
        let mut unique: Vec<&str> = Vec::new();
        for s in sources {
            if !s.is_empty() && !unique.contains(&s) {
                unique.push(s);
            }
        }
        if !unique.is_empty() {
            self.note(format!("Sources: {}.", unique.join("; ")));
        }
    }

    pub fn hint(&mut self, text: impl Into<String>) {
        self.row(RowStyle::Hint, vec![Cell::text(text)]);
    }

    pub fn blank(&mut self) {
        self.row(RowStyle::Body, Vec::new());
    }

    /// A header row and its rows. Header names are made unique (spreadsheet
    /// tables require it). Without rows a note says so, since a table needs
    /// at least one data row; then `None`.
    pub fn table(&mut self, id: &str, headers: &[&str], rows: Vec<Vec<Cell>>) -> Option<Table> {
        self.styled_table(id, headers, rows.into_iter().map(Row::body).collect())
    }

    /// A table whose rows keep their own style: totals inside the table.
    pub fn styled_table(&mut self, id: &str, headers: &[&str], rows: Vec<Row>) -> Option<Table> {
        if rows.is_empty() {
            self.note(EMPTY_TABLE);
            return None;
        }
        let header_row = self.row(RowStyle::Body, unique_headers(headers));
        for row in rows {
            self.sheet.rows.push(row);
        }
        let table = Table {
            id: id.to_string(),
            header_row,
            last_row: self.next_row() - 1,
            columns: headers.len() as u16,
        };
        self.sheet.tables.push(table.clone());
        Some(table)
    }

    pub fn chart(&mut self, chart: Chart) {
        self.sheet.charts.push(chart);
    }

    /// Keeps every row above `row` (0-based) in view.
    pub fn freeze_above(&mut self, row: u32) {
        self.sheet.frozen_rows = row;
    }

    pub fn finish(self) -> Sheet {
        self.sheet
    }
}

fn unique_headers(headers: &[&str]) -> Vec<Cell> {
    let mut seen: Vec<String> = Vec::new();
    for h in headers {
        let base = if h.is_empty() { "Column" } else { h };
        let mut name = base.to_string();
        let mut n = 2;
        while seen.iter().any(|s| s.eq_ignore_ascii_case(&name)) {
            name = format!("{base} {n}");
            n += 1;
        }
        seen.push(name);
    }
    seen.into_iter().map(Cell::Text).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_print_as_shown_without_float_tails_or_minus_zero() {
        assert_eq!(Cell::decimal(-0.0).plain(), "0.00");
        assert_eq!(Cell::decimal(-0.001).plain(), "0.00");
        assert_eq!(Cell::count(-0.4).plain(), "0");
        assert_eq!(Cell::decimal(-1.5).plain(), "-1.50");
        assert_eq!(Cell::decimal(1543.9600000000005).plain(), "1543.96");
        assert_eq!(Cell::number(0.125, NumberFormat::Price).plain(), "0.13");
        assert_eq!(Cell::count(2653.5).plain(), "2654");
        assert_eq!(Cell::percent(33.333_333).plain(), "33.3");
        assert_eq!(Cell::percent(-0.04).plain(), "0.0");
        assert_eq!(Cell::decimal(-1234.005).plain(), "-1234.01");
        assert_eq!(Cell::decimal(0.07).plain(), "0.07");
        assert_eq!(Cell::count(1e300).plain(), format!("{:.0}", 1e300));
        assert_eq!(
            Cell::formula(
                "=SUM(A1)".into(),
                Computed::Number(-0.0),
                NumberFormat::Price
            )
            .plain(),
            "0.00"
        );
    }

    #[test]
    fn column_letters_roll_over_after_z() {
        assert_eq!(column_letters(0), "A");
        assert_eq!(column_letters(25), "Z");
        assert_eq!(column_letters(26), "AA");
        assert_eq!(column_letters(701), "ZZ");
        assert_eq!(column_letters(702), "AAA");
    }

    #[test]
    fn references_quote_the_sheet_name() {
        let at = CellRef {
            sheet: "1 Summary".into(),
            row: 8,
            col: 2,
        };
        assert_eq!(at.local(), "C9");
        assert_eq!(at.absolute(), "'1 Summary'!$C$9");
        let odd = CellRef {
            sheet: "O'Brien".into(),
            row: 0,
            col: 0,
        };
        assert_eq!(odd.absolute(), "'O''Brien'!$A$1");
        assert_eq!(column_range(1, 4, 4), "$E$2:$E$5");
    }

    #[test]
    fn duplicate_headers_get_a_number() {
        let cells = unique_headers(&["Name", "name", "", "Name"]);
        let names: Vec<String> = cells.iter().map(Cell::plain).collect();
        assert_eq!(names, ["Name", "name 2", "Column", "Name 3"]);
    }

    #[test]
    fn an_empty_table_becomes_a_note() {
        let mut b = SheetBuilder::new("S");
        assert!(b.table("t", &["A"], Vec::new()).is_none());
        let sheet = b.finish();
        assert!(sheet.tables.is_empty());
        assert_eq!(sheet.rows[0].style, RowStyle::Note);
    }

    #[test]
    fn non_finite_numbers_are_shown_not_stored() {
        assert_eq!(
            Cell::number(f64::NAN, NumberFormat::Count),
            Cell::text("not a number")
        );
        assert_eq!(Cell::maybe(None, NumberFormat::Count), Cell::Blank);
    }
}
