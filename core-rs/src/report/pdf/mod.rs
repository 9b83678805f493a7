//! The PDF proposal: the design, its figures, charts, bill of materials,
//! findings and assumptions as a document a presales engineer sends to a
//! customer, A4 or Letter.
//!
//! Why the core writes the PDF itself, in pure Rust: the CLI has no browser
//! to print a page with, and a second renderer (the app printing HTML)
//! would be a second copy of the layout that drifts from the first. Here
//! one piece of code makes the document; the CLI writes its bytes to a
//! file and the app (through the Wasm build) saves the same bytes, so both
//! hand out the identical proposal. It is drawn from the report's sheets
//! (`super::sheet`), the data the XLSX and CSV exports write, so it shows
//! the same figures the core computed once.
//!
//! The fonts are the standard Helvetica and Helvetica-Bold, which every
//! PDF reader has: nothing is embedded, so the Wasm module and the file
//! stay small; text is WinAnsi, and what WinAnsi lacks shows as `?`.
//! Pages are laid out first as marks (`layout`: text flow with wrapping,
//! `table`, `chart`), then written (`write`); `proposal` composes them.

mod afm;
mod chart;
mod font;
mod layout;
mod proposal;
mod render;
mod table;
mod wrap;
mod write;

use super::cover::TOOL;
use super::sheet::Sheet;
use super::Paper;

/// The proposal of a design, from its report sheets.
pub fn proposal_pdf(sheets: &[Sheet], project_name: &str, paper: Paper) -> Vec<u8> {
    let flow = proposal::lay_out(sheets, paper);
    let size = flow.size;
    write::pdf_bytes(&write::Document {
        pages: flow.finish(),
        size,
        title: &format!("Storage sizing proposal: {project_name}"),
        footer: project_name,
        producer: TOOL,
    })
}
