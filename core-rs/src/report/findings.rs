//! Findings sheet: every finding of every cluster, most severe first, with
//! the rule's source and the input field that causes it.

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
                Cell::text(f.code),
                Cell::text(f.message.clone()),
                Cell::text(f.source),
                Cell::text(f.path.clone().unwrap_or_default()),
            ]
        })
        .collect();
    b.table(
        "findings",
        &["Severity", "Code", "Message", "Source", "Field"],
        rows,
    );
    b.finish()
}
