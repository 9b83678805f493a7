//! Reading sheets of an untrusted .xlsx file. The zip container is checked
//! first (size, entry count, what it inflates to) so a damaged or hostile
//! file fails with a clear message before calamine allocates for it; cells
//! are then streamed, keeping only the wanted columns.

use std::collections::HashMap;
use std::io::{Cursor, Read};

use calamine::{DataRef, Dimensions, Reader, Xlsx};

use super::issue::ImportIssue;
use super::progress::Progress;
use super::table::{Cell, ColumnMap, ColumnSpec, Row, Table};

/// Larger files are refused before they are opened. An RVTools export of
/// 10,000 VMs with every tab is a few megabytes.
pub const MAX_XLSX_BYTES: usize = 64 * 1024 * 1024;
/// What all entries of the zip may inflate to together, counted while
/// inflating (declared sizes can lie), so a zip bomb stops here.
pub const MAX_INFLATED_BYTES: u64 = 1024 * 1024 * 1024;
pub const MAX_ZIP_ENTRIES: usize = 10_000;

/// The share of a workbook's read its opening takes: every part inflated
/// once to check it, then the shared strings parsed. Assumed from one
/// measurement, not derived: on the 10,000-VM RVTools benchmark file in
/// the app's Wasm build (bench/import-app-timing.mjs) the opening took
/// 40-60 ms of a 450-800 ms read, under a tenth; the sheets share the
/// rest by the cells they declare.
pub const OPENING_SHARE: f64 = 0.1;

pub struct Workbook<'a> {
    xlsx: Xlsx<Cursor<&'a [u8]>>,
    /// The share of the read each planned sheet takes ([`Workbook::plan`]).
    shares: HashMap<String, f64>,
}

impl<'a> Workbook<'a> {
    pub fn open(bytes: &'a [u8], progress: &mut Progress) -> Result<Self, ImportIssue> {
        progress.step(OPENING_SHARE);
        check_container(bytes, MAX_INFLATED_BYTES, progress)?;
        let xlsx = Xlsx::new(Cursor::new(bytes)).map_err(|e| {
            ImportIssue::file(format!(
                "the file is a zip archive but not a readable .xlsx workbook: {e}"
            ))
        })?;
        progress.advance(1, 1);
        Ok(Workbook {
            xlsx,
            shares: HashMap::new(),
        })
    }

    /// Shares the rest of the read among the sheets about to be read, by
    /// the cells each one's dimension declares (a sheet without one counts
    /// as a single cell; its progress then shows when it is done).
    pub fn plan(&mut self, sheets: &[&str]) {
        let names: Vec<String> = sheets.iter().filter_map(|s| self.find_sheet(s)).collect();
        let cells: Vec<(String, u64)> = names
            .into_iter()
            .map(|name| {
                let declared = self
                    .xlsx
                    .worksheet_cells_reader(&name)
                    .map(|r| cell_count(r.dimensions()))
                    .unwrap_or(1);
                (name, declared)
            })
            .collect();
        let total: u64 = cells.iter().map(|(_, n)| n).sum();
        self.shares = cells
            .into_iter()
            .map(|(name, n)| (name, (1.0 - OPENING_SHARE) * n as f64 / total.max(1) as f64))
            .collect();
    }

    /// The workbook's name for `sheet`, compared without regard to case.
    pub fn find_sheet(&self, sheet: &str) -> Option<String> {
        self.xlsx
            .sheet_names()
            .into_iter()
            .find(|n| n.trim().eq_ignore_ascii_case(sheet))
    }

    pub fn sheet_names(&self) -> Vec<String> {
        self.xlsx.sheet_names()
    }

    /// Reads `sheet` (row 1 = header) keeping the columns of `specs`;
    /// at most `max_rows` data rows.
    pub fn read(
        &mut self,
        sheet: &str,
        specs: &[ColumnSpec],
        max_rows: u32,
        progress: &mut Progress,
    ) -> Result<Table, Vec<ImportIssue>> {
        let broken = |e: calamine::XlsxError| {
            vec![ImportIssue::sheet(
                sheet,
                None,
                format!("the sheet cannot be read: {e}"),
            )]
        };
        progress.step(self.shares.get(sheet).copied().unwrap_or(0.0));
        let mut cells = self.xlsx.worksheet_cells_reader(sheet).map_err(broken)?;
        let declared_rows = u64::from(row_count(cells.dimensions()));
        let mut header: Vec<(usize, String)> = Vec::new();
        let mut map: Option<ColumnMap> = None;
        let mut rows = Vec::new();
        let mut current = None;
        while let Some(cell) = cells.next_cell().map_err(broken)? {
            let (r, c) = cell.get_position();
            if r == 0 {
                header.push((c as usize, text_of(cell.get_value())));
                continue;
            }
            let map = match &mut map {
                Some(m) => m,
                None => map.insert(ColumnMap::resolve(sheet, &header, specs)?),
            };
            let Some(wanted) = map.wanted(c as usize) else {
                continue;
            };
            let number = r + 1;
            if current.as_ref().map(|row: &Row| row.number) != Some(number) {
                if number > max_rows.saturating_add(1) {
                    return Err(vec![too_many_rows(sheet, max_rows)]);
                }
                if let Some(done) = current.take() {
                    push_unless_blank(&mut rows, done);
                }
                progress.advance(u64::from(number), declared_rows);
                current = Some(map.new_row(number));
            }
            if let Some(row) = &mut current {
                let value = match cell_of(cell.get_value()) {
                    Cell::Text(text) => map
                        .text_cell(sheet, number, wanted, text)
                        .map_err(|issue| vec![issue])?,
                    value => value,
                };
                row.set(wanted, value);
            }
        }
        let map = match map {
            Some(m) => m,
            None => ColumnMap::resolve(sheet, &header, specs)?,
        };
        if let Some(done) = current {
            push_unless_blank(&mut rows, done);
        }
        progress.advance(1, 1);
        Ok(map.into_table(sheet, rows))
    }
}

/// Rows a dimension declares (a hostile one may end before it starts).
fn row_count(d: Dimensions) -> u32 {
    d.end.0.saturating_sub(d.start.0).saturating_add(1)
}

fn cell_count(d: Dimensions) -> u64 {
    let columns = d.end.1.saturating_sub(d.start.1).saturating_add(1);
    u64::from(row_count(d)) * u64::from(columns)
}

fn push_unless_blank(rows: &mut Vec<Row>, row: Row) {
    if !row.is_blank() {
        rows.push(row);
    }
}

pub fn too_many_rows(sheet: &str, max_rows: u32) -> ImportIssue {
    ImportIssue::sheet(
        sheet,
        None,
        format!("has more than {max_rows} data rows, the most this importer reads"),
    )
}

/// Shared strings Excel keeps per workbook: at most this many, and at
/// most this much XML for them, counted before anything is parsed. The
/// count is what a workbook can parse within the 1 s budget natively (a
/// hostile part of 60 million strings took 42 s and 3.2 GB); an inventory
/// past it is refused with this reason, and an export of fewer tabs
/// (RVTools reads vInfo, vDisk, vPartition, vDatastore and vHost) fits.
pub const MAX_SHARED_STRINGS: u64 = 600_000;
pub const MAX_SHARED_STRINGS_BYTES: u64 = 128 * 1024 * 1024;
/// Apache POI's default (ZipSecureFile.MIN_INFLATE_RATIO = 0.01): a part
/// may inflate to at most 100 times its compressed size, once past the
/// first 100 KiB (its GRACE_ENTRY_SIZE) so tiny parts are not judged.
pub const MAX_INFLATE_RATIO: u64 = 100;
pub const RATIO_GRACE_BYTES: u64 = 100 * 1024;

/// Refuses what is not a complete, reasonably sized zip archive, before
/// any part is parsed: every part is inflated once into nothing, counting
/// its bytes (declared sizes can lie), its ratio, and the shared strings.
/// Progress is the bytes inflated against the sizes the parts declare,
/// the shared strings counted twice: opening the workbook parses them next.
fn check_container(
    bytes: &[u8],
    max_inflated: u64,
    progress: &mut Progress,
) -> Result<(), ImportIssue> {
    if bytes.len() > MAX_XLSX_BYTES {
        return Err(ImportIssue::file(format!(
            "the file is {} bytes; at most {MAX_XLSX_BYTES} bytes are read",
            bytes.len()
        )));
    }
    let mut zip = zip::ZipArchive::new(Cursor::new(bytes)).map_err(|e| {
        ImportIssue::file(format!(
            "the file is not a complete .xlsx workbook: its zip container is truncated, \
             damaged or not a zip at all (a password-protected or .xls file is not read) ({e})"
        ))
    })?;
    if zip.len() > MAX_ZIP_ENTRIES {
        return Err(ImportIssue::file(format!(
            "the workbook holds {} parts; at most {MAX_ZIP_ENTRIES} are read",
            zip.len()
        )));
    }
    let mut declared = 0u64;
    for i in 0..zip.len() {
        if let Ok(entry) = zip.by_index_raw(i) {
            let shared = entry
                .name()
                .is_ok_and(|n| n.eq_ignore_ascii_case("xl/sharedStrings.xml"));
            let size = entry.size().saturating_mul(if shared { 2 } else { 1 });
            declared = declared.saturating_add(size);
        }
    }
    let mut left = max_inflated;
    for i in 0..zip.len() {
        let damaged = |e: &dyn std::fmt::Display| {
            ImportIssue::file(format!(
                "the file is not a complete .xlsx workbook: part {i} of its zip container is damaged ({e})"
            ))
        };
        let entry = zip.by_index(i).map_err(|e| damaged(&e))?;
        let name = entry
            .name()
            .map(|n| n.into_owned())
            .map_err(|e| damaged(&e))?;
        let shared = name.eq_ignore_ascii_case("xl/sharedStrings.xml");
        let part = Part {
            name: &name,
            compressed: entry.compressed_size(),
            shared,
        };
        let (read, _) = part.inflate(entry.take(left + 1)).map_err(|e| match e {
            Inflate::Io(e) => damaged(&e),
            Inflate::Refused(issue) => issue,
        })?;
        if read > left {
            return Err(ImportIssue::file(format!(
                "the workbook inflates to more than {max_inflated} bytes; it is refused as unsafe"
            )));
        }
        left -= read;
        progress.advance(max_inflated - left, declared);
    }
    Ok(())
}

struct Part<'n> {
    name: &'n str,
    compressed: u64,
    shared: bool,
}

enum Inflate {
    Io(std::io::Error),
    Refused(ImportIssue),
}

impl Part<'_> {
    /// Inflates the part into nothing, in chunks: its size and shared
    /// strings, or the cap it broke. Shared string items are counted by
    /// their closing tags.
    fn inflate(&self, mut reader: impl Read) -> Result<(u64, u64), Inflate> {
        const CLOSE: &[u8] = b"</si>";
        let mut buf = vec![0u8; 64 * 1024];
        let (mut total, mut strings) = (0u64, 0u64);
        // The last bytes of the previous chunk, so a tag split between chunks counts.
        let mut carry: Vec<u8> = Vec::new();
        loop {
            let n = reader.read(&mut buf).map_err(Inflate::Io)?;
            if n == 0 {
                return Ok((total, strings));
            }
            total += n as u64;
            if total > RATIO_GRACE_BYTES
                && total > self.compressed.saturating_mul(MAX_INFLATE_RATIO)
            {
                return Err(Inflate::Refused(ImportIssue::file(format!(
                    "the workbook part {} inflates more than {MAX_INFLATE_RATIO} times its \
                     compressed size ({} bytes); it is refused as unsafe (a zip bomb)",
                    self.name, self.compressed
                ))));
            }
            if !self.shared {
                continue;
            }
            let chunk = &buf[..n];
            // `carry` (the stream's last bytes) is shorter than the tag: a
            // match in carry + the chunk's first bytes spans the boundary,
            // so it is not counted twice.
            let keep = CLOSE.len() - 1;
            let mut joined = std::mem::take(&mut carry);
            joined.extend_from_slice(&chunk[..n.min(keep)]);
            strings += count(chunk, CLOSE) + count(&joined, CLOSE);
            carry = if n >= keep {
                chunk[n - keep..].to_vec()
            } else {
                joined[joined.len().saturating_sub(keep)..].to_vec()
            };
            if strings > MAX_SHARED_STRINGS || total > MAX_SHARED_STRINGS_BYTES {
                return Err(Inflate::Refused(ImportIssue::file(format!(
                    "the workbook's shared strings exceed {MAX_SHARED_STRINGS} strings or \
                     {MAX_SHARED_STRINGS_BYTES} bytes; it is refused as unsafe"
                ))));
            }
        }
    }
}

fn count(haystack: &[u8], needle: &[u8]) -> u64 {
    haystack
        .windows(needle.len())
        .filter(|w| *w == needle)
        .count() as u64
}

fn text_of(value: &DataRef) -> String {
    match cell_of(value) {
        Cell::Text(t) => t,
        Cell::Number(n) => n.to_string(),
        Cell::Bool(b) => b.to_string(),
        Cell::Empty => String::new(),
    }
}

fn cell_of(value: &DataRef) -> Cell {
    match value {
        DataRef::Int(i) => Cell::Number(*i as f64),
        DataRef::Float(f) => Cell::Number(*f),
        DataRef::String(s) | DataRef::DateTimeIso(s) | DataRef::DurationIso(s) => {
            Cell::Text(s.clone())
        }
        DataRef::SharedString(s) => Cell::Text((*s).to_owned()),
        DataRef::Bool(b) => Cell::Bool(*b),
        DataRef::DateTime(d) => Cell::Number(d.as_f64()),
        DataRef::Error(e) => Cell::Text(e.to_string()),
        DataRef::Empty => Cell::Empty,
    }
}

#[cfg(test)]
mod tests {
    use std::io::Write;

    use super::*;

    fn zip_of_zeros(len: usize) -> Vec<u8> {
        let mut zip = zip::ZipWriter::new(Cursor::new(Vec::new()));
        let options = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated);
        zip.start_file("xl/sharedStrings.xml", options).unwrap();
        zip.write_all(&vec![b'0'; len]).unwrap();
        zip.finish().unwrap().into_inner()
    }

    #[test]
    fn what_a_zip_inflates_to_is_bounded() {
        let bomb = zip_of_zeros(100_000);
        assert!(bomb.len() < 1_000, "deflate shrinks zeros");
        assert!(check_container(&bomb, 100_000, &mut Progress::silent()).is_ok());
        let err = check_container(&bomb, 99_999, &mut Progress::silent()).unwrap_err();
        assert!(err.message.contains("refused as unsafe"), "{}", err.message);
    }

    #[test]
    fn a_part_inflating_over_100_to_1_is_refused() {
        let bomb = zip_of_zeros(1_000_000);
        let err = check_container(&bomb, MAX_INFLATED_BYTES, &mut Progress::silent()).unwrap_err();
        assert!(err.message.contains("100 times"), "{}", err.message);
    }

    /// Hands out its bytes a few at a time, as a slow inflater might.
    struct Trickle<'a>(&'a [u8]);

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let n = buf.len().min(3).min(self.0.len());
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    #[test]
    fn shared_strings_are_counted_across_chunk_boundaries() {
        let xml = "<sst><si><t>a</t></si><si><t>bc</t></si><si/><si><t>d</t></si></sst>";
        let part = Part {
            name: "xl/sharedStrings.xml",
            compressed: u64::MAX,
            shared: true,
        };
        let (total, strings) = part.inflate(Trickle(xml.as_bytes())).ok().unwrap();
        assert_eq!((total, strings), (xml.len() as u64, 3));
    }

    #[test]
    fn a_zip_that_is_not_a_workbook_is_named_as_such() {
        let err = Workbook::open(&zip_of_zeros(10), &mut Progress::silent())
            .err()
            .unwrap();
        assert!(
            err.message.contains("not a readable .xlsx workbook"),
            "{}",
            err.message
        );
    }
}
