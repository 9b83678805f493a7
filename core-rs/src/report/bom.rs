//! Bill of materials: hosts, cache and capacity devices (vSAN ESA: the
//! storage pools' NVMe devices) or arrays per cluster. Unit prices come
//! from the project when it has them and are left blank (and highlighted)
//! otherwise; extended prices, totals and the price per usable
//! TB and per IOPS are live formulas, so a buyer types a price and the
//! sheet recomputes.

use super::sheet::{
    a1, column_range, Cell, CellRef, Computed, NumberFormat, RowStyle, Sheet, SheetBuilder,
};
use super::summary::{KeyFigure, SummaryCells};
use super::{ClusterView, Context};
use crate::bom::{self, cluster_parts, Part};

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

// Columns: the brief's `=C2*D2` layout.
const QUANTITY: u16 = 2;
const UNIT_PRICE: u16 = 3;
const EXTENDED: u16 = 4;
const CLUSTER: u16 = 5;

pub fn bom_sheet(ctx: &Context, summary: &SummaryCells) -> (Sheet, BomCells) {
    let mut b = SheetBuilder::new(ctx.sheet_name("BOM"));
    let lines: Vec<Line> = ctx
        .clusters
        .iter()
        .enumerate()
        .flat_map(|(i, c)| cluster_lines(i, c))
        .collect();
    let first = b.next_row() + 1;
    let last = first + lines.len() as u32 - 1;
    b.freeze_above(first);
    let rows = lines
        .iter()
        .enumerate()
        .map(|(i, l)| line_row(l, first + i as u32, &ctx.clusters[l.cluster].label))
        .collect();
    b.table(
        "bom",
        &[
            "Part",
            "Description",
            "Quantity",
            "Unit price",
            "Extended price",
            "Cluster",
        ],
        rows,
    );
    b.blank();
    let extended = column_range(first, last, EXTENDED);
    let clusters_col = column_range(first, last, CLUSTER);
    if ctx.clusters.len() > 1 {
        for (i, c) in ctx.clusters.iter().enumerate() {
            let row = b.next_row();
            let subtotal: f64 = lines
                .iter()
                .filter(|l| l.cluster == i)
                .map(extended_price)
                .sum();
            let mut cells = label_cells(&format!("Subtotal: {}", c.label));
            cells.push(Cell::formula(
                format!(
                    "=SUMIF({clusters_col},{},{extended})",
                    b.at(row, CLUSTER).local()
                ),
                Computed::Number(subtotal),
                NumberFormat::Price,
            ));
            cells.push(Cell::text(c.label.clone()));
            b.row(RowStyle::Total, cells);
            let subtotal_at = b.at(row, EXTENDED);
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
    }
    let total: f64 = lines.iter().map(extended_price).sum();
    let total_row = b.next_row();
    let mut cells = label_cells("Total");
    cells.push(Cell::formula(
        format!("=SUM({extended})"),
        Computed::Number(total),
        NumberFormat::Price,
    ));
    b.row(RowStyle::Total, cells);
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
    let unpriced = lines.iter().filter(|l| l.part.unit_price.is_none()).count();
    let mut cells = label_cells("Lines without a unit price");
    cells.push(Cell::formula(
        format!("=COUNTBLANK({})", column_range(first, last, UNIT_PRICE)),
        Computed::Number(unpriced as f64),
        NumberFormat::Count,
    ));
    b.row(RowStyle::Total, cells);
    b.blank();
    b.note(
        "Type or change unit prices in the highlighted Unit price cells: extended prices, \
         totals and the prices per usable TB and per IOPS recompute. Prices are in the \
         currency of the unit prices. Usable TB and deliverable IOPS come from the Summary \
         sheet.",
    );
    let cells = BomCells {
        total: total_at,
        per_usable_tb,
        per_iops,
    };
    (b.finish(), cells)
}

fn extended_price(l: &Line) -> f64 {
    bom::extended_price(&l.part).unwrap_or(0.0)
}

fn line_row(l: &Line, row: u32, cluster: &str) -> Vec<Cell> {
    vec![
        Cell::text(l.part.part.clone()),
        Cell::text(l.part.description.clone()),
        Cell::count(l.part.quantity),
        Cell::Input(l.part.unit_price, NumberFormat::Price),
        Cell::formula(
            format!("={}*{}", a1(row, QUANTITY), a1(row, UNIT_PRICE)),
            Computed::Number(extended_price(l)),
            NumberFormat::Price,
        ),
        Cell::text(cluster),
    ]
}

/// A totals-row label in column A, with B-D left empty up to the amount.
fn label_cells(label: &str) -> Vec<Cell> {
    vec![Cell::text(label), Cell::Blank, Cell::Blank, Cell::Blank]
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
/// VPLEX, each site's arrays, engines and system volumes.
pub fn cluster_lines(index: usize, c: &ClusterView) -> Vec<Line> {
    let components = c.array().map(|a| a.xtremio_vplex.components.as_slice());
    cluster_parts(c.project, c.cluster, components)
        .into_iter()
        .map(|part| Line {
            part,
            cluster: index,
        })
        .collect()
}
