//! One sheet read into memory: only the columns the importer asked for,
//! each row keeping its spreadsheet row number so errors can point at it.
//! Both the .xlsx and the CSV readers produce this.

use super::issue::ImportIssue;
use super::number_text::{parse_number, DecimalMark};
use crate::cell_text::imported_text_problem;

/// A column the importer wants, by its header text.
#[derive(Debug, Clone, Copy)]
pub struct ColumnSpec {
    pub name: &'static str,
    /// Older spellings of the same column (RVTools 3.x wrote "MB" where 4.x writes "MiB").
    pub aliases: &'static [&'static str],
    pub required: bool,
}

impl ColumnSpec {
    pub const fn required(name: &'static str) -> Self {
        ColumnSpec {
            name,
            aliases: &[],
            required: true,
        }
    }

    pub const fn optional(name: &'static str) -> Self {
        ColumnSpec {
            name,
            aliases: &[],
            required: false,
        }
    }

    pub const fn with_aliases(self, aliases: &'static [&'static str]) -> Self {
        ColumnSpec { aliases, ..self }
    }

    fn matches(&self, header: &str) -> bool {
        let header = header.trim();
        std::iter::once(&self.name)
            .chain(self.aliases)
            .any(|n| n.eq_ignore_ascii_case(header))
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum Cell {
    Empty,
    Text(String),
    Number(f64),
    Bool(bool),
}

#[derive(Debug)]
pub struct Row {
    /// Spreadsheet row number, 1-based (the header is row 1).
    pub number: u32,
    cells: Vec<Cell>,
}

/// Where a wanted column sits in the sheet.
#[derive(Debug, Clone)]
struct Found {
    header: String,
    index: usize,
}

#[derive(Debug)]
pub struct Table {
    pub sheet: String,
    found: Vec<Option<Found>>,
    pub rows: Vec<Row>,
    /// How numbers written as text are read (a CSV's separator decides).
    pub decimal: DecimalMark,
    /// The text encoding a CSV file was read in (none for a workbook).
    pub encoding: Option<&'static str>,
}

/// Maps the sheet's header cells to the wanted columns: for each sheet
/// column index, the position in `specs` it feeds (if any).
pub struct ColumnMap {
    found: Vec<Option<Found>>,
    by_index: Vec<Option<usize>>,
}

impl ColumnMap {
    /// Resolves `specs` against a header row given as (column index, text).
    /// A missing required column, or a wanted column the header names more
    /// than once (which one holds the data?), is an error naming the sheet
    /// and column.
    pub fn resolve(
        sheet: &str,
        header: &[(usize, String)],
        specs: &[ColumnSpec],
    ) -> Result<ColumnMap, Vec<ImportIssue>> {
        let mut found = Vec::with_capacity(specs.len());
        let mut issues = Vec::new();
        for spec in specs {
            let mut hits = header.iter().filter(|(_, text)| spec.matches(text));
            let hit = hits.next().map(|(index, text)| Found {
                header: text.trim().to_owned(),
                index: *index,
            });
            let repeats: Vec<usize> = hits.map(|(index, _)| *index).collect();
            match &hit {
                None if spec.required => issues.push(missing_column(sheet, spec)),
                Some(first) if !repeats.is_empty() => {
                    issues.push(repeated_column(sheet, first, &repeats));
                }
                _ => {}
            }
            found.push(hit);
        }
        if !issues.is_empty() {
            return Err(issues);
        }
        let width = found.iter().flatten().map(|f| f.index + 1).max();
        let mut by_index = vec![None; width.unwrap_or(0)];
        for (wanted, f) in found.iter().enumerate() {
            if let Some(f) = f {
                by_index[f.index] = Some(wanted);
            }
        }
        Ok(ColumnMap { found, by_index })
    }

    /// The position in `specs` fed by sheet column `index`, if any.
    pub fn wanted(&self, index: usize) -> Option<usize> {
        self.by_index.get(index).copied().flatten()
    }

    pub fn into_table(self, sheet: &str, rows: Vec<Row>) -> Table {
        Table {
            sheet: sheet.to_owned(),
            found: self.found,
            rows,
            decimal: DecimalMark::Point,
            encoding: None,
        }
    }

    /// The text of a cell of the wanted column `wanted`, row `number`:
    /// refused, naming the cell, when it holds control characters or is
    /// too long to make a name from.
    pub fn text_cell(
        &self,
        sheet: &str,
        number: u32,
        wanted: usize,
        text: String,
    ) -> Result<Cell, ImportIssue> {
        match (imported_text_problem(&text), &self.found[wanted]) {
            (Some(problem), Some(found)) => Err(ImportIssue::cell(
                sheet,
                number,
                &found.header,
                &column_letter(found.index),
                problem,
            )),
            _ => Ok(Cell::Text(text)),
        }
    }

    pub fn new_row(&self, number: u32) -> Row {
        Row {
            number,
            cells: vec![Cell::Empty; self.found.len()],
        }
    }
}

fn missing_column(sheet: &str, spec: &ColumnSpec) -> ImportIssue {
    let also = if spec.aliases.is_empty() {
        String::new()
    } else {
        format!(
            " (older exports call it {})",
            spec.aliases
                .iter()
                .map(|a| format!("\"{a}\""))
                .collect::<Vec<_>>()
                .join(" or ")
        )
    };
    ImportIssue::sheet(
        sheet,
        Some(spec.name),
        format!("the column is missing or renamed{also}; the header row (row 1) must name it"),
    )
}

fn repeated_column(sheet: &str, first: &Found, repeats: &[usize]) -> ImportIssue {
    let mut letters: Vec<usize> = std::iter::once(first.index)
        .chain(repeats.iter().copied())
        .collect();
    letters.sort_unstable();
    let letters: Vec<String> = letters.into_iter().map(column_letter).collect();
    ImportIssue::sheet(
        sheet,
        Some(&first.header),
        format!(
            "the header row names this column more than once (columns {}); keep one",
            letters.join(", ")
        ),
    )
}

impl Row {
    pub fn set(&mut self, wanted: usize, cell: Cell) {
        self.cells[wanted] = cell;
    }

    pub fn is_blank(&self) -> bool {
        self.cells.iter().all(|c| match c {
            Cell::Empty => true,
            Cell::Text(t) => t.trim().is_empty(),
            _ => false,
        })
    }
}

/// Spreadsheet column letters for a 0-based index: 0 -> A, 26 -> AA.
pub fn column_letter(index: usize) -> String {
    let mut n = index + 1;
    let mut letters = Vec::new();
    while n > 0 {
        let rem = (n - 1) % 26;
        letters.push(b'A' + rem as u8);
        n = (n - 1) / 26;
    }
    letters.iter().rev().map(|&b| b as char).collect()
}

impl Table {
    /// Whether the sheet has the column at position `wanted` of the specs.
    pub fn has(&self, wanted: usize) -> bool {
        self.found[wanted].is_some()
    }

    /// The cell's text; numbers are written as Excel would show them.
    pub fn text(&self, row: &Row, wanted: usize) -> String {
        match &row.cells[wanted] {
            Cell::Empty => String::new(),
            Cell::Text(t) => t.trim().to_owned(),
            Cell::Number(n) => n.to_string(),
            Cell::Bool(b) => if *b { "True" } else { "False" }.to_owned(),
        }
    }

    /// A number; text that reads as a number (CSV, or a number stored as
    /// text in Excel) is accepted, anything else is an error at the cell.
    pub fn number(&self, row: &Row, wanted: usize) -> Result<f64, ImportIssue> {
        let value = match &row.cells[wanted] {
            Cell::Number(n) if n.is_finite() => Ok(*n),
            Cell::Text(t) => parse_number(t, self.decimal),
            _ => Err(String::new()),
        };
        value.map_err(|why| {
            self.cell_issue(
                row,
                wanted,
                format!("expected a number, found {}{why}", self.shown(row, wanted)),
            )
        })
    }

    /// A number that must lie in `min..=max` (and be whole when `whole`).
    pub fn number_in(
        &self,
        row: &Row,
        wanted: usize,
        min: f64,
        max: f64,
        whole: bool,
    ) -> Result<f64, ImportIssue> {
        let n = self.number(row, wanted)?;
        if n < min || n > max || (whole && n.fract() != 0.0) {
            let kind = if whole { "a whole number" } else { "a number" };
            return Err(self.cell_issue(
                row,
                wanted,
                format!("expected {kind} from {min} to {max}, found {n}"),
            ));
        }
        Ok(n)
    }

    /// A number in `min..=max` that may be absent: `None` when the sheet
    /// has no such column or the cell is empty.
    pub fn optional_number(
        &self,
        row: &Row,
        wanted: usize,
        min: f64,
        max: f64,
    ) -> Result<Option<f64>, ImportIssue> {
        if !self.has(wanted) || self.text(row, wanted).is_empty() {
            return Ok(None);
        }
        self.number_in(row, wanted, min, max, false).map(Some)
    }

    /// True/False as RVTools writes it (text "True"/"False" or a boolean cell).
    pub fn flag(&self, row: &Row, wanted: usize) -> Result<bool, ImportIssue> {
        let text = match &row.cells[wanted] {
            Cell::Bool(b) => return Ok(*b),
            Cell::Text(t) => t.trim().to_ascii_lowercase(),
            Cell::Number(n) if *n == 0.0 || *n == 1.0 => return Ok(*n == 1.0),
            _ => String::new(),
        };
        match text.as_str() {
            "true" | "yes" => Ok(true),
            "false" | "no" => Ok(false),
            _ => Err(self.cell_issue(
                row,
                wanted,
                format!("expected True or False, found {}", self.shown(row, wanted)),
            )),
        }
    }

    pub fn cell_issue(
        &self,
        row: &Row,
        wanted: usize,
        message: impl std::fmt::Display,
    ) -> ImportIssue {
        let found = self.found[wanted]
            .as_ref()
            .expect("only columns present in the sheet are read");
        ImportIssue::cell(
            &self.sheet,
            row.number,
            &found.header,
            &column_letter(found.index),
            message,
        )
    }

    fn shown(&self, row: &Row, wanted: usize) -> String {
        match &row.cells[wanted] {
            Cell::Empty => "an empty cell".to_owned(),
            Cell::Text(t) if t.trim().is_empty() => "an empty cell".to_owned(),
            Cell::Text(t) => format!("\"{}\"", t.trim()),
            Cell::Bool(b) => format!("the boolean {b}"),
            Cell::Number(n) => format!("the number {n}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn column_letters_follow_excel() {
        assert_eq!(column_letter(0), "A");
        assert_eq!(column_letter(25), "Z");
        assert_eq!(column_letter(26), "AA");
        assert_eq!(column_letter(701), "ZZ");
        assert_eq!(column_letter(702), "AAA");
    }

    #[test]
    fn an_alias_resolves_and_a_missing_column_is_named() {
        let specs = [
            ColumnSpec::required("Provisioned MiB").with_aliases(&["Provisioned MB"]),
            ColumnSpec::required("CPUs"),
        ];
        let header = vec![(3, "Provisioned MB".to_owned())];
        let err = ColumnMap::resolve("vInfo", &header, &specs).err().unwrap();
        assert_eq!(err.len(), 1);
        assert_eq!(err[0].column.as_deref(), Some("CPUs"));
        assert!(err[0]
            .message
            .starts_with("sheet \"vInfo\", column \"CPUs\""));
        let header = vec![(3, "Provisioned MB".to_owned()), (0, " cpus ".to_owned())];
        let map = ColumnMap::resolve("vInfo", &header, &specs).unwrap();
        assert_eq!(map.wanted(3), Some(0));
        assert_eq!(map.wanted(0), Some(1));
        assert_eq!(map.wanted(1), None);
    }

    #[test]
    fn a_wanted_column_named_twice_is_refused_by_name() {
        let specs = [
            ColumnSpec::required("Provisioned MiB").with_aliases(&["Provisioned MB"]),
            ColumnSpec::optional("Notes"),
        ];
        let header = vec![
            (0, "Provisioned MiB".to_owned()),
            (1, "notes".to_owned()),
            (2, "Other".to_owned()),
            (3, "Provisioned MB".to_owned()),
            (4, "Other".to_owned()),
        ];
        let err = ColumnMap::resolve("vInfo", &header, &specs).err().unwrap();
        assert_eq!(err.len(), 1, "a repeated column nobody reads is fine");
        assert_eq!(err[0].column.as_deref(), Some("Provisioned MiB"));
        assert!(
            err[0].message.contains("more than once (columns A, D)"),
            "{}",
            err[0].message
        );
    }

    #[test]
    fn text_in_a_numeric_column_names_row_column_and_letter() {
        let specs = [ColumnSpec::required("CPUs")];
        let map = ColumnMap::resolve("vInfo", &[(4, "CPUs".to_owned())], &specs).unwrap();
        let mut row = map.new_row(7);
        row.set(0, Cell::Text("four".into()));
        let table = map.into_table("vInfo", vec![]);
        let err = table.number(&row, 0).unwrap_err();
        assert_eq!(
            err.message,
            "sheet \"vInfo\", row 7, column \"CPUs\" (E7): expected a number, found \"four\""
        );
        assert_eq!(err.row, Some(7));
    }

    #[test]
    fn numbers_stored_as_text_are_read() {
        let specs = [ColumnSpec::required("CPUs")];
        let map = ColumnMap::resolve("vInfo", &[(0, "CPUs".to_owned())], &specs).unwrap();
        let mut row = map.new_row(2);
        row.set(0, Cell::Text(" 8 ".into()));
        let table = map.into_table("vInfo", vec![]);
        assert_eq!(table.number(&row, 0).unwrap(), 8.0);
        assert!(table.number_in(&row, 0, 1.0, 4.0, true).is_err());
    }
}
