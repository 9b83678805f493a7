//! Workloads sheet: every workload with its inputs and what it costs in
//! capacity and I/O, and totals as live formulas.

use super::sheet::{column_range, Cell, Computed, NumberFormat, RowStyle, Sheet, SheetBuilder};
use super::Context;
use crate::demand::io::front_end_io;
use crate::labels;
use crate::model::ids::IdIndex;
use crate::model::WorkloadSpec;

/// Columns summed in the totals row, with how they are shown.
const SUMMED: &[(u16, NumberFormat)] = &[
    (6, NumberFormat::Count),
    (9, NumberFormat::Count),
    (10, NumberFormat::Count),
    (11, NumberFormat::Count),
    (12, NumberFormat::Decimal),
    (13, NumberFormat::Decimal),
    (14, NumberFormat::Decimal),
    (15, NumberFormat::Count),
];

pub fn workloads_sheet(ctx: &Context) -> Sheet {
    let mut b = SheetBuilder::new(ctx.sheet_name("Workloads"));
    let mut rows = Vec::new();
    for c in &ctx.clusters {
        let computed = &c.compute().workloads;
        let computed_index = IdIndex::new(computed.iter().map(|x| x.workload_id.as_str()));
        for wc in &c.capacity().workloads {
            let Some(w) = ctx.workload(&wc.workload_id) else {
                continue;
            };
            let vms = computed_index
                .position(&w.id)
                .map_or(wc.footprint.vms, |at| computed[at].vms);
            let policy = ctx.policy_label(&w.policy_id);
            let s = shape(&w.spec);
            let fp = &wc.footprint;
            rows.push(vec![
                Cell::text(w.name.clone()),
                Cell::text(w.id.clone()),
                Cell::text(c.label.clone()),
                Cell::text(labels::workload_kind(&w.spec)),
                Cell::text(policy),
                Cell::text(labels::workload_details(&w.spec)),
                Cell::count(vms),
                Cell::count(s.vcpu_per_vm),
                Cell::count(s.ram_gb_per_vm),
                Cell::count(fp.data_gb),
                Cell::count(fp.grown_gb),
                Cell::count(fp.swap_gb),
                Cell::decimal(wc.logical.tb),
                Cell::decimal(wc.consumed.tb),
                Cell::decimal(wc.consumed.tib),
                Cell::count(front_end_io(&w.spec).total_iops),
                Cell::percent(s.read_pct),
                Cell::maybe(s.io_size_kb, NumberFormat::Count),
                Cell::percent(s.annual_growth_pct),
            ]);
        }
    }
    let header = b.next_row();
    b.freeze_above(header + 1);
    let horizon = ctx.project.settings.planning_horizon_years;
    let grown = format!("Data after {horizon} years (GB)");
    let Some(table) = b.table(
        "workloads",
        &[
            "Workload",
            "Id",
            "Cluster",
            "Kind",
            "Policy",
            "Details",
            "VMs (powered on)",
            "vCPU per VM",
            "RAM per VM (GB)",
            "Data today (GB)",
            &grown,
            "VM swap (GB)",
            "Logical (TB)",
            "Consumed (TB)",
            "Consumed (TiB)",
            "Front-end IOPS",
            "Reads (%)",
            "I/O size (KB)",
            "Annual growth (%)",
        ],
        rows,
    ) else {
        return b.finish();
    };
    let (first, last) = (table.first_data_row(), table.last_row);
    let mut totals = vec![Cell::text("Total")];
    for &(col, format) in SUMMED {
        totals.resize(usize::from(col), Cell::Blank);
        let value = (first..=last)
            .filter_map(|r| b.cell(r, col).and_then(Cell::numeric))
            .sum();
        totals.push(Cell::formula(
            format!("=SUM({})", column_range(first, last, col)),
            Computed::Number(value),
            format,
        ));
    }
    b.row(RowStyle::Total, totals);
    b.finish()
}

/// The inputs every workload kind has, some of them optional.
struct Shape {
    vcpu_per_vm: u32,
    ram_gb_per_vm: f64,
    read_pct: f64,
    /// VM groups carry no I/O size.
    io_size_kb: Option<f64>,
    annual_growth_pct: f64,
}

fn shape(spec: &WorkloadSpec) -> Shape {
    match spec {
        WorkloadSpec::SqlServer {
            vcpu_per_vm,
            ram_gb_per_vm,
            read_pct,
            io_size_kb,
            annual_growth_pct,
            ..
        }
        | WorkloadSpec::Exchange {
            vcpu_per_vm,
            ram_gb_per_vm,
            read_pct,
            io_size_kb,
            annual_growth_pct,
            ..
        }
        | WorkloadSpec::FileServer {
            vcpu_per_vm,
            ram_gb_per_vm,
            read_pct,
            io_size_kb,
            annual_growth_pct,
            ..
        } => Shape {
            vcpu_per_vm: *vcpu_per_vm,
            ram_gb_per_vm: *ram_gb_per_vm,
            read_pct: *read_pct,
            io_size_kb: Some(*io_size_kb),
            annual_growth_pct: *annual_growth_pct,
        },
        WorkloadSpec::VmGroup {
            vcpu_per_vm,
            ram_gb_per_vm,
            read_pct,
            annual_growth_pct,
            ..
        } => Shape {
            vcpu_per_vm: *vcpu_per_vm,
            ram_gb_per_vm: *ram_gb_per_vm,
            read_pct: *read_pct,
            io_size_kb: None,
            annual_growth_pct: *annual_growth_pct,
        },
    }
}
