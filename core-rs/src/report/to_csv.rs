//! Writes each table of the report sheets as a CSV file: UTF-8 with a byte
//! order mark (without it Excel reads UTF-8 as the local code page and
//! garbles "§" and non-ASCII names), RFC 4180 quoting and CRLF line ends.
//! Formulas become the values the core computed, numbers are rounded as
//! the workbook shows them, and text that starts like a formula is
//! neutralised (a spreadsheet would run it). The notes under a sheet's
//! tables go to a `-notes.csv` of their own.

use super::sheet::{Cell, RowStyle, Sheet, Table};
use crate::cell_text::csv_text;

const UTF8_BOM: &str = "\u{feff}";

pub fn tables(sheets: &[Sheet]) -> Result<Vec<(String, String)>, csv::Error> {
    let mut files = Vec::new();
    for sheet in sheets {
        for table in &sheet.tables {
            files.push((file_name(&sheet.name, &table.id), table_csv(sheet, table)?));
        }
        if !sheet.tables.is_empty() {
            if let Some(notes) = notes_csv(sheet)? {
                files.push((file_name(&sheet.name, "notes"), notes));
            }
        }
    }
    Ok(files)
}

/// The notes under a sheet's tables (the BOM's currency and exchange
/// rates, what a figure assumes), one per row: a CSV reader gets what the
/// workbook says beside its tables.
fn notes_csv(sheet: &Sheet) -> Result<Option<String>, csv::Error> {
    let notes: Vec<&Cell> = sheet
        .rows
        .iter()
        .filter(|r| r.style == RowStyle::Note)
        .filter_map(|r| r.cells.first())
        .collect();
    if notes.is_empty() {
        return Ok(None);
    }
    let mut w = writer();
    w.write_record(["Note"])?;
    for note in notes {
        w.write_record([csv_field(note)])?;
    }
    finish(w).map(Some)
}

fn writer() -> csv::Writer<Vec<u8>> {
    csv::WriterBuilder::new()
        .terminator(csv::Terminator::CRLF)
        .from_writer(UTF8_BOM.as_bytes().to_vec())
}

fn finish(w: csv::Writer<Vec<u8>>) -> Result<String, csv::Error> {
    let bytes = w
        .into_inner()
        .map_err(|e| csv::Error::from(e.into_error()))?;
    // Every field came from a Rust String, so the bytes are UTF-8.
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// `summary-key-figures.csv`; `bom.csv` when the table is named like its sheet.
pub fn file_name(sheet: &str, table: &str) -> String {
    let sheet = slug(sheet);
    if sheet == table || sheet.ends_with(&format!("-{table}")) {
        format!("{sheet}.csv")
    } else {
        format!("{sheet}-{table}.csv")
    }
}

fn slug(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    out.trim_end_matches('-').to_string()
}

fn table_csv(sheet: &Sheet, table: &Table) -> Result<String, csv::Error> {
    let mut w = writer();
    for r in table.header_row..=table.last_row {
        let cells = &sheet.rows[r as usize].cells;
        let record: Vec<String> = (0..usize::from(table.columns))
            .map(|c| cells.get(c).map(csv_field).unwrap_or_default())
            .collect();
        w.write_record(&record)?;
    }
    finish(w)
}

fn csv_field(cell: &Cell) -> String {
    let text = cell.plain();
    if cell.is_text() {
        csv_text(&text).into_owned()
    } else {
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_are_slugs_without_repeats() {
        assert_eq!(
            file_name("Summary", "key-figures"),
            "summary-key-figures.csv"
        );
        assert_eq!(file_name("BOM", "bom"), "bom.csv");
        assert_eq!(file_name("2 BOM", "bom"), "2-bom.csv");
        assert_eq!(
            file_name("1 Capacity", "waterfall"),
            "1-capacity-waterfall.csv"
        );
    }

    #[test]
    fn the_bom_notes_state_the_currency_and_each_exchange_rate() {
        use crate::model::ExchangeRate;
        use crate::report::{csv_tables, evaluate_project_json};
        let json = include_str!("../../../assets/examples/seed-001-all-flash-sql.json");
        let (mut project, evaluation) = evaluate_project_json(json).expect("evaluates");
        project.pricing.exchange_rates.push(ExchangeRate {
            from: "EUR".into(),
            rate: 1.08,
        });
        let files = csv_tables(&project, &evaluation).expect("tables");
        let notes = &files
            .iter()
            .find(|(name, _)| name == "bom-notes.csv")
            .expect("the BOM's notes")
            .1;
        assert!(notes.starts_with("\u{feff}Note\r\n"), "{notes}");
        assert!(notes.contains("Every price is in USD."), "{notes}");
        assert!(
            notes.contains("Parts priced in EUR are converted at 1.08 USD per EUR."),
            "{notes}"
        );
    }
}
