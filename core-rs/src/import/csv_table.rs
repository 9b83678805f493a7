//! Reading one CSV file (an RVTools CSV tab, a workloads or catalog CSV)
//! into a [`Table`]: header on the first line, UTF-8, comma, semicolon or
//! tab separated (Excel writes semicolons in locales with a decimal comma).

use super::issue::ImportIssue;
use super::table::{ColumnMap, ColumnSpec, Table};
use super::xlsx::too_many_rows;

/// Larger CSV files are refused before parsing.
pub const MAX_CSV_BYTES: usize = 64 * 1024 * 1024;

pub fn read_csv(
    sheet: &str,
    bytes: &[u8],
    specs: &[ColumnSpec],
    max_rows: u32,
) -> Result<Table, Vec<ImportIssue>> {
    if bytes.len() > MAX_CSV_BYTES {
        return Err(vec![ImportIssue::sheet(
            sheet,
            None,
            format!(
                "the file is {} bytes; at most {MAX_CSV_BYTES} bytes are read",
                bytes.len()
            ),
        )]);
    }
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(delimiter(bytes))
        .has_headers(false)
        .flexible(true)
        .from_reader(bytes);
    let mut records = reader.records();
    let header: Vec<(usize, String)> = match records.next() {
        Some(Ok(record)) => record
            .iter()
            .enumerate()
            .map(|(i, h)| (i, h.to_owned()))
            .collect(),
        Some(Err(e)) => return Err(vec![csv_issue(sheet, &e)]),
        None => {
            return Err(vec![ImportIssue::sheet(
                sheet,
                None,
                "the file is empty; row 1 must hold the column headers",
            )])
        }
    };
    let map = ColumnMap::resolve(sheet, &header, specs)?;
    let mut rows = Vec::new();
    for (i, record) in records.enumerate() {
        let record = record.map_err(|e| vec![csv_issue(sheet, &e)])?;
        let number = u32::try_from(i + 2).unwrap_or(u32::MAX);
        if number > max_rows.saturating_add(1) {
            return Err(vec![too_many_rows(sheet, max_rows)]);
        }
        let mut row = map.new_row(number);
        for (c, field) in record.iter().enumerate() {
            if let Some(wanted) = map.wanted(c) {
                let cell = map
                    .text_cell(sheet, number, wanted, field.to_owned())
                    .map_err(|issue| vec![issue])?;
                row.set(wanted, cell);
            }
        }
        if !row.is_blank() {
            rows.push(row);
        }
    }
    Ok(map.into_table(sheet, rows))
}

/// The separator used most on the header line.
fn delimiter(bytes: &[u8]) -> u8 {
    let first_line = bytes.split(|&b| b == b'\n').next().unwrap_or(&[]);
    [b',', b';', b'\t']
        .into_iter()
        .max_by_key(|d| first_line.iter().filter(|b| *b == d).count())
        .filter(|d| first_line.contains(d))
        .unwrap_or(b',')
}

fn csv_issue(sheet: &str, e: &csv::Error) -> ImportIssue {
    let row = e
        .position()
        .and_then(|p| u32::try_from(p.record() + 1).ok());
    let what = match e.kind() {
        csv::ErrorKind::Utf8 { .. } => "is not UTF-8 text; save the CSV as UTF-8".to_owned(),
        _ => format!("cannot be read as CSV: {e}"),
    };
    let message = match row {
        Some(r) => format!("sheet \"{sheet}\", row {r}: {what}"),
        None => format!("sheet \"{sheet}\": {what}"),
    };
    ImportIssue {
        sheet: Some(sheet.to_owned()),
        row,
        column: None,
        message,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPECS: [ColumnSpec; 2] = [ColumnSpec::required("VM"), ColumnSpec::required("CPUs")];

    #[test]
    fn semicolons_and_a_bom_are_understood() {
        let csv = "\u{FEFF}VM;Notes;CPUs\nalpha;x;4\n;;\nbeta;y;2\n";
        let t = read_csv("vInfo", csv.as_bytes(), &SPECS, 10).unwrap();
        assert_eq!(t.rows.len(), 2, "the blank line is skipped");
        assert_eq!(t.text(&t.rows[1], 0), "beta");
        assert_eq!(t.rows[1].number, 4);
        assert_eq!(t.number(&t.rows[0], 1).unwrap(), 4.0);
    }

    #[test]
    fn invalid_utf8_names_the_row() {
        let err = read_csv("vInfo", b"VM,CPUs\nok,1\nbad\xff,2\n", &SPECS, 10).unwrap_err();
        assert_eq!(err[0].row, Some(3));
        assert!(err[0].message.contains("UTF-8"), "{}", err[0].message);
    }

    #[test]
    fn control_characters_and_overlong_text_are_refused_at_the_cell() {
        let err = read_csv("vInfo", b"VM,CPUs\nok,1\nb\x07d,2\n", &SPECS, 10).unwrap_err();
        assert_eq!(
            err[0].message,
            "sheet \"vInfo\", row 3, column \"VM\" (A3): must not hold control characters (found U+0007)"
        );
        let long = format!("VM,CPUs\n{},1\n", "v".repeat(40_000));
        let err = read_csv("vInfo", long.as_bytes(), &SPECS, 10).unwrap_err();
        assert!(
            err[0]
                .message
                .contains("(A2): must be at most 32703 characters"),
            "{}",
            err[0].message
        );
    }

    #[test]
    fn a_row_limit_is_enforced() {
        let err = read_csv("vInfo", b"VM,CPUs\na,1\nb,1\nc,1\n", &SPECS, 2).unwrap_err();
        assert!(err[0].message.contains("more than 2 data rows"));
    }
}
