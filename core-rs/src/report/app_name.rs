//! The workbook's "Application" property: rust_xlsxwriter writes
//! "Microsoft Excel" into `docProps/app.xml` and offers no setter, so the
//! finished file is copied with that one entry rewritten to name the tool
//! that made it. Every other entry is copied as stored, not re-compressed.

use std::io::{Cursor, Read, Write};

use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, ZipArchive, ZipWriter};

use super::cover::TOOL;

const APP_XML: &str = "docProps/app.xml";
const WRITTEN: &str = "<Application>Microsoft Excel</Application>";

pub fn name_application(xlsx: &[u8]) -> Result<Vec<u8>, String> {
    let mut archive = ZipArchive::new(Cursor::new(xlsx)).map_err(|e| e.to_string())?;
    let mut out = ZipWriter::new(Cursor::new(Vec::with_capacity(xlsx.len())));
    for i in 0..archive.len() {
        let mut entry = archive.by_index(i).map_err(|e| e.to_string())?;
        if entry.name().map_err(|e| e.to_string())? != APP_XML {
            out.raw_copy_file(entry).map_err(|e| e.to_string())?;
            continue;
        }
        let mut xml = String::new();
        entry.read_to_string(&mut xml).map_err(|e| e.to_string())?;
        if !xml.contains(WRITTEN) {
            return Err(format!(
                "{APP_XML} does not name the application as expected"
            ));
        }
        let xml = xml.replace(WRITTEN, &format!("<Application>{TOOL}</Application>"));
        out.start_file(
            APP_XML,
            SimpleFileOptions::default().compression_method(CompressionMethod::Deflated),
        )
        .map_err(|e| e.to_string())?;
        out.write_all(xml.as_bytes()).map_err(|e| e.to_string())?;
    }
    Ok(out.finish().map_err(|e| e.to_string())?.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::{evaluate_project_json, xlsx_report, Paper};

    #[test]
    fn the_workbook_names_stacksizer_as_its_application() {
        let json = include_str!("../../../assets/examples/seed-001-all-flash-sql.json");
        let (project, evaluation) = evaluate_project_json(json).expect("the example evaluates");
        let xlsx = xlsx_report(&project, &evaluation, Paper::Letter).expect("a workbook");
        let mut archive = ZipArchive::new(Cursor::new(xlsx)).expect("a zip");
        let mut app = String::new();
        archive
            .by_name(APP_XML)
            .expect("app.xml")
            .read_to_string(&mut app)
            .expect("text");
        assert!(
            app.contains(&format!("<Application>{TOOL}</Application>")),
            "{app}"
        );
        assert!(!app.contains("Microsoft"), "{app}");
        let mut sheet = String::new();
        archive
            .by_name("xl/worksheets/sheet2.xml")
            .expect("the summary sheet")
            .read_to_string(&mut sheet)
            .expect("text");
        // Letter is paper size 1, which Excel leaves out as the default;
        // the summary is wider than a portrait page.
        assert!(!sheet.contains("paperSize=\"9\""), "{sheet}");
        assert!(sheet.contains("orientation=\"landscape\""), "{sheet}");
    }
}
