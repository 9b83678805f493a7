//! Growth sheet: each vSAN cluster's (OSA or ESA) timeline over the
//! planning horizon, year by year: capacity required against usable,
//! front-end IOPS against the device limit, CPU and RAM after N+x host
//! failures; then the first year each limit is crossed and the hosts that
//! would carry the load to the end of the horizon. Headroom and the hosts
//! needed are live formulas, and the hosts today refer to the Summary.

use super::sheet::{a1, Cell, Computed, NumberFormat, Sheet, SheetBuilder};
use super::summary::{KeyFigure, SummaryCells};
use super::Context;

// Timeline columns.
const REQUIRED: u16 = 2;
const USABLE: u16 = 3;
// Crossing columns.
const HOSTS_TODAY: u16 = 3;
const HOSTS_TO_ADD: u16 = 4;

pub fn growth_sheet(ctx: &Context, summary: &SummaryCells) -> Sheet {
    let mut b = SheetBuilder::new(ctx.sheet_name("Growth"));
    b.title(format!("Growth: {}", ctx.project.name));
    b.freeze_above(1);
    b.note(format!(
        "Year 0 is today; the last year is the planning horizon ({} years), where capacity \
         required equals the Capacity sheet's. Blank: no figure (no I/O demand, or a limit the \
         model does not have for the cluster, such as vSAN ESA device IOPS).",
        ctx.project.settings.planning_horizon_years
    ));
    timeline(&mut b, ctx);
    crossings(&mut b, ctx, summary);
    let arrays: Vec<&str> = ctx.array_views().map(|(c, _)| c.label.as_str()).collect();
    if !arrays.is_empty() {
        b.blank();
        b.note(format!(
            "XtremIO + VPLEX clusters have no growth timeline yet: {}.",
            arrays.join(", ")
        ));
    }
    b.sources_note(
        ctx.clusters
            .iter()
            .filter_map(|c| c.growth())
            .map(|g| g.source),
    );
    b.finish()
}

fn timeline(b: &mut SheetBuilder, ctx: &Context) {
    b.blank();
    b.section("Year by year");
    let first = b.next_row() + 1;
    let mut rows = Vec::new();
    for c in &ctx.clusters {
        let Some(g) = c.growth() else { continue };
        for y in &g.years {
            let row = first + rows.len() as u32;
            let headroom = y.capacity_usable.tb - y.capacity_required.tb;
            rows.push(vec![
                Cell::text(c.label.clone()),
                Cell::count(y.year),
                Cell::decimal(y.capacity_required.tb),
                Cell::decimal(y.capacity_usable.tb),
                Cell::formula(
                    format!("={}-{}", a1(row, USABLE), a1(row, REQUIRED)),
                    Computed::Number(headroom),
                    NumberFormat::Decimal,
                ),
                Cell::count(y.front_end_iops),
                Cell::maybe(y.iops_limit, NumberFormat::Count),
                Cell::maybe(y.cpu_pct, NumberFormat::Percent),
                Cell::maybe(y.ram_pct, NumberFormat::Percent),
            ]);
        }
    }
    b.table(
        "growth",
        &[
            "Cluster",
            "Year",
            "Capacity required (TB)",
            "Usable (TB)",
            "Capacity headroom (TB)",
            "Front-end IOPS",
            "IOPS limit (devices at their ceiling)",
            "CPU used after N+x (%)",
            "RAM used after N+x (%)",
        ],
        rows,
    );
}

fn crossings(b: &mut SheetBuilder, ctx: &Context, summary: &SummaryCells) {
    b.blank();
    b.section("First year each limit is crossed, and the hosts that carry it to the horizon");
    let first = b.next_row() + 1;
    let mut rows = Vec::new();
    for (index, c) in ctx.clusters.iter().enumerate() {
        let Some(g) = c.growth() else { continue };
        let hosts = c.host_count();
        let hosts_at = summary.cluster(index, KeyFigure::Hosts);
        for x in &g.first_crossing {
            let row = first + rows.len() as u32;
            let (to_add, needed) = match x.hosts_to_add {
                Some(n) => (
                    Cell::count(n),
                    Computed::Number(f64::from(hosts.saturating_add(n))),
                ),
                None => (Cell::Blank, Computed::Text(String::new())),
            };
            let today = a1(row, HOSTS_TODAY);
            let add = a1(row, HOSTS_TO_ADD);
            rows.push(vec![
                Cell::text(c.label.clone()),
                Cell::text(x.limit_label.clone()),
                Cell::count(x.year),
                Cell::formula(
                    format!("={}", hosts_at.absolute()),
                    Computed::Number(f64::from(hosts)),
                    NumberFormat::Count,
                ),
                to_add,
                Cell::formula(
                    format!("=IF(ISNUMBER({add}),{today}+{add},\"\")"),
                    needed,
                    NumberFormat::Count,
                ),
                Cell::text(x.summary.clone()),
            ]);
        }
    }
    if rows.is_empty() {
        if ctx.clusters.iter().any(|c| c.growth().is_some()) {
            b.note("None: every limit holds to the end of the planning horizon.");
        }
        return;
    }
    b.table(
        "crossings",
        &[
            "Cluster",
            "Limit",
            "First year crossed",
            "Hosts today",
            "Hosts to add",
            "Hosts needed",
            "Note",
        ],
        rows,
    );
}
