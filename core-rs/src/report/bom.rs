//! Bill of materials: hosts, cache and capacity devices (vSAN ESA: the
//! storage pools' NVMe devices) or X-Bricks and VPLEX engines per cluster,
//! then the user's extra lines (licences, support, services, discounts),
//! each with its part number, in the project's currency. Unit prices come
//! from the project or the catalog (`crate::bom`) and are left blank (and
//! highlighted) where there is none; extended prices, subtotals, the total
//! and the prices per usable TB and per IOPS are live formulas, so a buyer
//! types a price and the sheet recomputes. Subtotals and the total are
//! `SUBTOTAL(109, …)` over the table's own rows: a row inserted inside the
//! table is counted, each subtotal is left out of the total, and no total
//! keys on user text.

use super::sheet::{
    a1, column_range, Cell, CellRef, Computed, NumberFormat, Row, RowStyle, Sheet, SheetBuilder,
};
use super::summary::{KeyFigure, SummaryCells};
use super::{ClusterView, Context};
use crate::bom::{self, cluster_parts, discounts, extra_items, Part};
use crate::catalog::shipped;
use crate::rules::num;

/// One orderable part of one cluster.
#[derive(Debug, Clone, PartialEq)]
pub struct Line {
    pub part: Part,
    pub cluster: usize,
}

/// Where the totals landed, for the comparison sheet.
#[derive(Debug, Clone)]
pub struct BomCells {
    pub total: CellRef,
    pub per_usable_tb: CellRef,
    pub per_iops: CellRef,
}

pub const QUANTITY: u16 = 3;
pub const UNIT_PRICE: u16 = 4;
pub const EXTENDED: u16 = 5;

pub fn bom_sheet(ctx: &Context, summary: &SummaryCells) -> (Sheet, BomCells) {
    let mut b = SheetBuilder::new(ctx.sheet_name("BOM"));
    let pricing = &ctx.project.pricing;
    let currency = pricing.currency.as_str();
    let header = b.next_row();
    let first = header + 1;
    b.freeze_above(first);
    let mut rows: Vec<Row> = Vec::new();
    let row_at = |rows: &Vec<Row>| first + rows.len() as u32;
    let several = ctx.clusters.len() > 1;
    let mut subtotals: Vec<(usize, u32, f64)> = Vec::new();
    let mut unpriced: Vec<String> = Vec::new();
    let mut clusters_total = 0.0;
    for (i, c) in ctx.clusters.iter().enumerate() {
        let from = row_at(&rows);
        let mut subtotal = 0.0;
        for l in cluster_lines(i, c) {
            subtotal += extended_price(&l);
            if let Some(reason) = &l.part.unpriced_reason {
                let named = format!("{} ({reason})", l.part.part);
                if !unpriced.contains(&named) {
                    unpriced.push(named);
                }
            }
            rows.push(Row::body(line_row(
                &l.part,
                row_at(&rows),
                currency,
                &c.label,
            )));
        }
        clusters_total += subtotal;
        if several {
            let at = row_at(&rows);
            rows.push(Row::total(subtotal_row(
                &format!("Subtotal: {}", c.label),
                (from, at - 1),
                subtotal,
                currency,
            )));
            subtotals.push((i, at, subtotal));
        }
    }
    let items = extra_items(pricing);
    let items_total: f64 = items.iter().filter_map(bom::extended_price).sum();
    if !items.is_empty() {
        let from = row_at(&rows);
        for item in &items {
            rows.push(Row::body(line_row(
                item,
                row_at(&rows),
                currency,
                "Project",
            )));
        }
        let at = row_at(&rows);
        rows.push(Row::total(subtotal_row(
            "Subtotal: extra lines",
            (from, at - 1),
            items_total,
            currency,
        )));
    }
    let before_discounts = row_at(&rows) - 1;
    for (description, percent) in discounts(pricing) {
        let off = (clusters_total + items_total) * percent / 100.0;
        rows.push(Row::body(vec![
            Cell::Blank,
            Cell::text(description),
            Cell::text(format!(
                "Discount: {} % of the lines above",
                num(percent, 2)
            )),
            Cell::Blank,
            Cell::Blank,
            Cell::formula(
                format!(
                    "=-SUBTOTAL(109,{})*{percent}/100",
                    column_range(first, before_discounts, EXTENDED)
                ),
                Computed::Number(-off),
                NumberFormat::Price,
            ),
            Cell::text(currency),
            Cell::text("Project"),
        ]));
    }
    let total_row = row_at(&rows);
    let total = bom::project_total(clusters_total, pricing);
    rows.push(Row::total(subtotal_row(
        "Total",
        (first, total_row - 1),
        total,
        currency,
    )));
    b.styled_table(
        "bom",
        &[
            "Part number",
            "Part",
            "Description",
            "Quantity",
            &format!("Unit price ({currency})"),
            &format!("Extended price ({currency})"),
            "Currency",
            "Cluster",
        ],
        rows,
    );
    b.blank();
    for (i, at, subtotal) in subtotals {
        let c = &ctx.clusters[i];
        let subtotal_at = b.at(at, EXTENDED);
        price_per(
            &mut b,
            &format!("Price per usable TB: {}", c.label),
            (&subtotal_at, subtotal),
            summary_figure(ctx, summary, Some(i), KeyFigure::UsableTb),
        );
        price_per(
            &mut b,
            &format!("Price per deliverable front-end IOPS: {}", c.label),
            (&subtotal_at, subtotal),
            summary_figure(ctx, summary, Some(i), KeyFigure::DeliverableIops),
        );
    }
    let total_at = b.at(total_row, EXTENDED);
    let per_usable_tb = price_per(
        &mut b,
        "Price per usable TB",
        (&total_at, total),
        summary_figure(ctx, summary, None, KeyFigure::UsableTb),
    );
    let per_iops = price_per(
        &mut b,
        "Price per deliverable front-end IOPS",
        (&total_at, total),
        summary_figure(ctx, summary, None, KeyFigure::DeliverableIops),
    );
    let mut cells = label_cells("Lines without a unit price");
    cells.push(Cell::formula(
        format!(
            "=SUMPRODUCT(({}<>\"\")*({}=\"\"))",
            column_range(first, total_row, QUANTITY),
            column_range(first, total_row, UNIT_PRICE)
        ),
        Computed::Number(unpriced_lines(ctx) as f64),
        NumberFormat::Count,
    ));
    b.row(RowStyle::Total, cells);
    b.blank();
    b.note(currency_note(ctx));
    if !unpriced.is_empty() {
        b.note(format!(
            "Without a price, left out of every total: {}.",
            unpriced.join("; ")
        ));
    }
    b.hint(
        "Type or change unit prices in the highlighted Unit price cells: extended prices, \
         subtotals, the total and the prices per usable TB and per IOPS recompute; a row \
         inserted inside the table is counted. Part numbers are the catalog's (its part id \
         where the vendor's is not recorded). Usable TB and deliverable IOPS come from the \
         Summary sheet.",
    );
    let cells = BomCells {
        total: total_at,
        per_usable_tb,
        per_iops,
    };
    (b.finish(), cells)
}

fn unpriced_lines(ctx: &Context) -> usize {
    ctx.clusters
        .iter()
        .enumerate()
        .flat_map(|(i, c)| cluster_lines(i, c))
        .filter(|l| l.part.unit_price.is_none())
        .count()
}

/// The BOM's currency, and the rate each other currency was converted at.
fn currency_note(ctx: &Context) -> String {
    let pricing = &ctx.project.pricing;
    let mut note = format!("Every price is in {}.", pricing.currency);
    for r in &pricing.exchange_rates {
        note.push_str(&format!(
            " Parts priced in {} are converted at {} {} per {}.",
            r.from, r.rate, pricing.currency, r.from
        ));
    }
    note
}

fn extended_price(l: &Line) -> f64 {
    bom::extended_price(&l.part).unwrap_or(0.0)
}

fn line_row(part: &Part, row: u32, currency: &str, cluster: &str) -> Vec<Cell> {
    let (quantity, unit) = (a1(row, QUANTITY), a1(row, UNIT_PRICE));
    let extended = match bom::extended_price(part) {
        Some(v) => Computed::Number(v),
        None => Computed::Text(String::new()),
    };
    vec![
        Cell::text(part.part_number.clone()),
        Cell::text(part.part.clone()),
        Cell::text(part.description.clone()),
        Cell::count(part.quantity),
        Cell::Input(part.unit_price, NumberFormat::Price),
        Cell::formula(
            format!("=IF({unit}=\"\",\"\",{quantity}*{unit})"),
            extended,
            NumberFormat::Price,
        ),
        Cell::text(currency),
        Cell::text(cluster),
    ]
}

/// A subtotal (or the total) of the table rows `from..=to`: SUBTOTAL skips
/// the subtotals inside its range, so the total counts each line once.
fn subtotal_row(label: &str, (from, to): (u32, u32), value: f64, currency: &str) -> Vec<Cell> {
    let mut cells = label_cells(label);
    cells.push(Cell::formula(
        format!("=SUBTOTAL(109,{})", column_range(from, to, EXTENDED)),
        Computed::Number(value),
        NumberFormat::Price,
    ));
    cells.push(Cell::text(currency));
    cells.push(Cell::Blank);
    cells
}

/// A totals-row label in column A, with the columns up to the amount empty.
fn label_cells(label: &str) -> Vec<Cell> {
    vec![
        Cell::text(label),
        Cell::Blank,
        Cell::Blank,
        Cell::Blank,
        Cell::Blank,
    ]
}

/// The Summary cell and value a price is divided by.
fn summary_figure(
    ctx: &Context,
    summary: &SummaryCells,
    cluster: Option<usize>,
    figure: KeyFigure,
) -> (CellRef, f64) {
    let def = super::summary::figure_def(figure);
    match cluster {
        Some(i) => (
            summary.cluster(i, figure),
            (def.value)(&ctx.clusters[i]).unwrap_or(0.0),
        ),
        None => (
            summary.project(figure),
            ctx.clusters.iter().filter_map(|c| (def.value)(c)).sum(),
        ),
    }
}

/// `amount / figure`, blank while the figure is zero (nothing to divide by).
fn price_per(
    b: &mut SheetBuilder,
    label: &str,
    (amount_at, amount): (&CellRef, f64),
    (figure_at, figure): (CellRef, f64),
) -> CellRef {
    let row = b.next_row();
    let den = figure_at.absolute();
    let value = if figure > 0.0 {
        Computed::Number(amount / figure)
    } else {
        Computed::Text(String::new())
    };
    let mut cells = label_cells(label);
    cells.push(Cell::formula(
        format!("=IF({den}>0,{}/{den},\"\")", amount_at.local()),
        value,
        NumberFormat::Price,
    ));
    b.row(RowStyle::Total, cells);
    b.at(row, EXTENDED)
}

/// Hosts first; then, for vSAN OSA, each cache and capacity device with its
/// count over every host, in the order the disk groups name them; for vSAN
/// ESA, the storage pool's NVMe devices over every host; for XtremIO +
/// VPLEX, each site's X-Bricks and VPLEX engines.
pub fn cluster_lines(index: usize, c: &ClusterView) -> Vec<Line> {
    cluster_parts(c.project, c.cluster, shipped())
        .into_iter()
        .map(|part| Line {
            part,
            cluster: index,
        })
        .collect()
}
