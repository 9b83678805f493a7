//! Findings sheet: every finding of every cluster, most severe first, in
//! plain words. The rule's code, source and causing field are for whoever
//! checks the sizing: the Sources sheet lists them, in the same order.

use super::finding_titles::finding_title;
use super::labels;
use super::sheet::{Cell, Sheet, SheetBuilder};
use super::Context;

pub fn findings_sheet(ctx: &Context) -> Sheet {
    let mut b = SheetBuilder::new(ctx.sheet_name("Findings"));
    let header = b.next_row();
    b.freeze_above(header + 1);
    let rows = ctx
        .evaluation
        .findings
        .iter()
        .map(|f| {
            vec![
                Cell::text(labels::severity(f.severity)),
                Cell::text(finding_title(f.code)),
                Cell::text(f.message.clone()),
            ]
        })
        .collect();
    b.table("findings", &["Severity", "Finding", "Details"], rows);
    b.finish()
}

/// Each finding's rule, in the Findings sheet's order: its code, the seed
/// document or vendor guide behind it, and the input field that causes it.
pub fn sources_sheet(ctx: &Context) -> Sheet {
    let mut b = SheetBuilder::new(ctx.sheet_name("Sources"));
    b.title(format!("Sources of the findings: {}", ctx.project.name));
    let header = b.next_row();
    b.freeze_above(header + 1);
    let rows = ctx
        .evaluation
        .findings
        .iter()
        .map(|f| {
            vec![
                Cell::text(finding_title(f.code)),
                Cell::text(f.code),
                Cell::text(f.source),
                Cell::text(f.path.clone().unwrap_or_default()),
            ]
        })
        .collect();
    b.table(
        "finding-sources",
        &["Finding", "Code", "Source", "Field"],
        rows,
    );
    b.finish()
}
