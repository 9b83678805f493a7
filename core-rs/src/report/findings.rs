//! Findings sheet: every finding of every cluster, most severe first, in
//! plain words. The rule's code, source and causing field are for whoever
//! checks the sizing: the Sources sheet lists them, in the same order.

use super::finding_titles::finding_title;
use super::sheet::{Cell, Sheet, SheetBuilder};
use super::Context;
use crate::labels;
use crate::rules::Finding;

pub fn findings_sheet(ctx: &Context) -> Sheet {
    let mut b = SheetBuilder::new(ctx.sheet_name("Findings"));
    b.title(format!("Findings: {}", ctx.project.name));
    finding_rows(
        b,
        ctx,
        "findings",
        &["Severity", "Finding", "Details"],
        |f| {
            vec![
                Cell::text(labels::severity(f.severity)),
                Cell::text(finding_title(f.code.as_str())),
                Cell::text(f.message.clone()),
            ]
        },
    )
}

/// Each finding's rule, in the Findings sheet's order: its code, the seed
/// document or vendor guide behind it, and the input field that causes it.
pub fn sources_sheet(ctx: &Context) -> Sheet {
    let mut b = SheetBuilder::new(ctx.sheet_name("Sources"));
    b.title(format!("Sources of the findings: {}", ctx.project.name));
    let headers = ["Finding", "Code", "Source", "Field"];
    finding_rows(b, ctx, "finding-sources", &headers, |f| {
        vec![
            Cell::text(finding_title(f.code.as_str())),
            Cell::text(f.code.as_str()),
            Cell::text(f.source),
            Cell::text(f.path.clone().unwrap_or_default()),
        ]
    })
}

/// A table of one row per finding, its header kept in view.
fn finding_rows(
    mut b: SheetBuilder,
    ctx: &Context,
    id: &str,
    headers: &[&str],
    row: fn(&Finding) -> Vec<Cell>,
) -> Sheet {
    let header = b.next_row();
    b.freeze_above(header + 1);
    b.table(
        id,
        headers,
        ctx.evaluation.findings.iter().map(row).collect(),
    );
    b.finish()
}
