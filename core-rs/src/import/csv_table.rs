//! Reading one CSV file (an RVTools CSV tab, a workloads or catalog CSV)
//! into a [`Table`]: header on the first line; UTF-8 (with or without a
//! BOM), UTF-16 (with its BOM) or Windows-1252; comma, semicolon or tab
//! separated. Excel writes semicolons in locales with a decimal comma, so
//! the separator also decides how numbers are read (number_text.rs).

use super::issue::ImportIssue;
use super::number_text::DecimalMark;
use super::table::{ColumnMap, ColumnSpec, Table};
use super::xlsx::too_many_rows;

/// A CSV file's text and the encoding it was found in.
pub struct DecodedText {
    pub text: String,
    pub encoding: &'static str,
}

/// Windows-1252's characters for bytes 0x80-0x9F (the rest is Latin-1);
/// 0 marks the five bytes it leaves undefined.
const CP1252_HIGH: [u16; 32] = [
    0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039,
    0x0152, 0, 0x017D, 0, 0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC,
    0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
];

/// The text of a CSV file: a BOM says UTF-8 or UTF-16 (LE/BE); without
/// one, valid UTF-8 is UTF-8 and anything else is read as Windows-1252
/// (what Excel writes as "CSV" on Western-European Windows).
pub fn decode(bytes: &[u8]) -> Result<DecodedText, String> {
    if let Some(rest) = bytes.strip_prefix(b"\xEF\xBB\xBF") {
        return utf8(rest, "UTF-8 (with BOM)");
    }
    let utf16 = |rest: &[u8], unit: fn([u8; 2]) -> u16, name: &'static str| {
        if !rest.len().is_multiple_of(2) {
            return Err(format!(
                "the file starts with a {name} byte order mark but has an odd number of bytes"
            ));
        }
        let units = rest.chunks_exact(2).map(|p| unit([p[0], p[1]]));
        char::decode_utf16(units)
            .collect::<Result<String, _>>()
            .map(|text| DecodedText {
                text,
                encoding: name,
            })
            .map_err(|e| format!("the file is not valid {name} text ({e})"))
    };
    if let Some(rest) = bytes.strip_prefix(b"\xFF\xFE") {
        return utf16(rest, u16::from_le_bytes, "UTF-16LE");
    }
    if let Some(rest) = bytes.strip_prefix(b"\xFE\xFF") {
        return utf16(rest, u16::from_be_bytes, "UTF-16BE");
    }
    if let Ok(text) = std::str::from_utf8(bytes) {
        return Ok(DecodedText {
            text: text.to_owned(),
            encoding: "UTF-8",
        });
    }
    let mut text = String::with_capacity(bytes.len() + bytes.len() / 8);
    for (offset, &b) in bytes.iter().enumerate() {
        let c = match b {
            0x80..=0x9F => {
                char::from_u32(u32::from(CP1252_HIGH[usize::from(b - 0x80)])).filter(|c| *c != '\0')
            }
            _ => Some(char::from(b)),
        };
        let Some(c) = c else {
            return Err(format!(
                "the file is neither UTF-8, UTF-16 with a byte order mark, nor Windows-1252 \
                 text (byte 0x{b:02X} at offset {offset}); save it as CSV UTF-8"
            ));
        };
        text.push(c);
    }
    Ok(DecodedText {
        text,
        encoding: "Windows-1252",
    })
}

fn utf8(bytes: &[u8], encoding: &'static str) -> Result<DecodedText, String> {
    std::str::from_utf8(bytes)
        .map(|t| DecodedText {
            text: t.to_owned(),
            encoding,
        })
        .map_err(|e| {
            format!("the file starts with a UTF-8 byte order mark but is not UTF-8 text ({e})")
        })
}

/// The header row's cells (quotes removed), for telling file kinds apart.
pub fn split_header(text: &str) -> Vec<String> {
    let sep = delimiter(text.as_bytes());
    csv::ReaderBuilder::new()
        .delimiter(sep)
        .has_headers(false)
        .flexible(true)
        .from_reader(text.as_bytes())
        .records()
        .next()
        .and_then(Result::ok)
        .map(|r| r.iter().map(|h| h.trim().to_owned()).collect())
        .unwrap_or_default()
}

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
    let decoded =
        decode(bytes).map_err(|problem| vec![ImportIssue::sheet(sheet, None, problem)])?;
    let bytes = decoded.text.as_bytes();
    let separator = delimiter(bytes);
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(separator)
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
    let mut table = map.into_table(sheet, rows);
    table.decimal = match separator {
        b';' => DecimalMark::Comma,
        b'\t' => DecimalMark::Either,
        _ => DecimalMark::Point,
    };
    table.encoding = Some(decoded.encoding);
    Ok(table)
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
    fn utf16_and_windows_1252_are_decoded_and_named() {
        let text = "VM;CPUs\nZürich;4\n";
        let mut le = vec![0xFF, 0xFE];
        let mut be = vec![0xFE, 0xFF];
        for unit in text.encode_utf16() {
            le.extend(unit.to_le_bytes());
            be.extend(unit.to_be_bytes());
        }
        let cp1252 = b"VM;CPUs\nZ\xfcrich \x80;4\n";
        for (bytes, encoding, name) in [
            (le, "UTF-16LE", "Zürich"),
            (be, "UTF-16BE", "Zürich"),
            (cp1252.to_vec(), "Windows-1252", "Zürich €"),
        ] {
            let t = read_csv("vInfo", &bytes, &SPECS, 10).unwrap();
            assert_eq!(t.encoding, Some(encoding));
            assert_eq!(t.text(&t.rows[0], 0), name);
            assert_eq!(t.number(&t.rows[0], 1).unwrap(), 4.0);
        }
        let err = read_csv("vInfo", b"VM,CPUs\nok,1\nbad\x81,2\n", &SPECS, 10).unwrap_err();
        assert!(
            err[0].message.contains("Windows-1252"),
            "{}",
            err[0].message
        );
    }

    #[test]
    fn a_semicolon_file_reads_points_as_thousands_or_names_the_cell() {
        let t = read_csv(
            "vInfo",
            "VM;CPUs\na;16.000\nb;1,5\nc;1.5\n".as_bytes(),
            &SPECS,
            10,
        )
        .unwrap();
        assert_eq!(t.number(&t.rows[0], 1).unwrap(), 16_000.0);
        assert_eq!(t.number(&t.rows[1], 1).unwrap(), 1.5);
        let err = t.number(&t.rows[2], 1).unwrap_err();
        assert!(
            err.message.starts_with("sheet \"vInfo\", row 4, column \"CPUs\" (B4): expected a number, found \"1.5\"; in a semicolon-separated file"),
            "{}",
            err.message
        );
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
