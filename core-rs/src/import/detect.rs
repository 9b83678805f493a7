//! Which importer a file is for, from its bytes: an .xlsx workbook is an
//! RVTools export when it has a vInfo sheet and a Live Optics VMware
//! export when it has Live Optics' sheets; a .zip holding one .xlsx is
//! what Live Optics hands out; text is an RVTools vInfo CSV tab or the
//! workloads CSV, by its header row.

use std::io::{Cursor, Read};

use super::csv_table::{decode, split_header};
use super::issue::ImportIssue;
use super::live_optics::is_live_optics;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    RvtoolsXlsx,
    RvtoolsCsv,
    LiveOpticsXlsx,
    LiveOpticsZip,
    WorkloadsCsv,
}

/// The workbook part that names the sheets is small; a larger one is not
/// a workbook this reads.
const MAX_WORKBOOK_XML: u64 = 4 * 1024 * 1024;

pub fn detect(bytes: &[u8]) -> Result<FileKind, ImportIssue> {
    if bytes.starts_with(b"PK\x03\x04") {
        return detect_zip(bytes);
    }
    let text = decode(bytes).map_err(ImportIssue::file)?;
    let header: Vec<String> = split_header(&text.text)
        .into_iter()
        .map(|h| h.to_ascii_lowercase())
        .collect();
    let has = |name: &str| header.iter().any(|h| h == name);
    if has("kind") && has("name") {
        return Ok(FileKind::WorkloadsCsv);
    }
    if (has("vm") || has("vinfovmname")) && (has("powerstate") || has("vinfopowerstate")) {
        return Ok(FileKind::RvtoolsCsv);
    }
    Err(ImportIssue::file(
        "the file is not a recognised inventory: expected an RVTools export (.xlsx, or its vInfo \
         CSV tab with VM and Powerstate columns), a Live Optics VMware export (.xlsx or .zip) or \
         a workloads CSV (name and kind columns)",
    ))
}

fn detect_zip(bytes: &[u8]) -> Result<FileKind, ImportIssue> {
    let mut zip = zip::ZipArchive::new(Cursor::new(bytes)).map_err(|e| {
        ImportIssue::file(format!(
            "the file is not a complete .xlsx workbook or .zip archive: its zip container is \
             truncated or damaged ({e})"
        ))
    })?;
    let Ok(entry) = zip.by_name("xl/workbook.xml") else {
        return Ok(FileKind::LiveOpticsZip);
    };
    let mut xml = String::new();
    entry
        .take(MAX_WORKBOOK_XML)
        .read_to_string(&mut xml)
        .map_err(|e| ImportIssue::file(format!("the workbook's sheet list is damaged ({e})")))?;
    let sheets = sheet_names(&xml);
    if sheets
        .iter()
        .any(|s| s.trim().eq_ignore_ascii_case("vInfo"))
    {
        Ok(FileKind::RvtoolsXlsx)
    } else if is_live_optics(&sheets) {
        Ok(FileKind::LiveOpticsXlsx)
    } else {
        Err(ImportIssue::file(format!(
            "the workbook is neither an RVTools export (no \"vInfo\" sheet) nor a Live Optics \
             VMware export (no \"VMs\" sheet with \"VM Performance\", \"ESX Hosts\" or \
             \"Details\"); it has {}",
            super::rvtools::quoted_list(&sheets)
        )))
    }
}

/// The `name` attributes of the `<sheet>` elements of xl/workbook.xml.
fn sheet_names(xml: &str) -> Vec<String> {
    xml.split("<sheet ")
        .skip(1)
        .filter_map(|element| {
            let start = element.find("name=\"")? + "name=\"".len();
            let end = element[start..].find('"')?;
            Some(unescape(&element[start..start + end]))
        })
        .collect()
}

fn unescape(text: &str) -> String {
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&apos;", "'")
        .replace("&amp;", "&")
}
