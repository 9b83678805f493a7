//! Compute sheet: CPU and memory per cluster with every host up and after
//! the N+x host failures the design reserves for, and per workload.

use super::sheet::{Cell, NumberFormat, Sheet, SheetBuilder};
use super::Context;
use crate::demand::compute::ClusterCompute;
use crate::source;

type Figure = (
    &'static str,
    &'static str,
    NumberFormat,
    fn(&ClusterCompute) -> Option<f64>,
);

const FIGURES: &[Figure] = &[
    ("Hosts", "hosts", NumberFormat::Count, |c| {
        Some(f64::from(c.hosts))
    }),
    (
        "Hosts after N+x failures",
        "hosts",
        NumberFormat::Count,
        |c| Some(f64::from(c.hosts_after_failure)),
    ),
    ("Physical cores", "cores", NumberFormat::Count, |c| {
        Some(f64::from(c.physical_cores))
    }),
    (
        "Physical cores after N+x",
        "cores",
        NumberFormat::Count,
        |c| Some(f64::from(c.physical_cores_after_failure)),
    ),
    ("vCPUs", "vCPU", NumberFormat::Count, |c| {
        Some(c.vcpus as f64)
    }),
    ("vCPU per physical core", "x", NumberFormat::Decimal, |c| {
        c.vcpu_per_core
    }),
    (
        "vCPU per physical core after N+x",
        "x",
        NumberFormat::Decimal,
        |c| c.vcpu_per_core_after_failure,
    ),
    (
        "Virtualization CPU overhead",
        "%",
        NumberFormat::Percent,
        |c| Some(c.virtualization_overhead_pct),
    ),
    (
        "Cores needed (vCPU ratios and overhead)",
        "cores",
        NumberFormat::Decimal,
        |c| Some(c.cores_needed),
    ),
    ("CPU used", "%", NumberFormat::Percent, |c| {
        c.cores_needed_pct
    }),
    ("CPU used after N+x", "%", NumberFormat::Percent, |c| {
        c.cores_needed_pct_after_failure
    }),
    ("RAM per host", "GB", NumberFormat::Count, |c| {
        Some(c.ram_per_host_gb)
    }),
    ("vSAN memory per host", "GB", NumberFormat::Decimal, |c| {
        Some(c.vsan_memory_per_host_gb)
    }),
    ("VM-usable RAM", "GB", NumberFormat::Count, |c| {
        Some(c.usable_ram_gb)
    }),
    ("VM-usable RAM after N+x", "GB", NumberFormat::Count, |c| {
        Some(c.usable_ram_after_failure_gb)
    }),
    (
        "RAM configured for the VMs",
        "GB",
        NumberFormat::Count,
        |c| Some(c.ram_demand_gb),
    ),
    ("RAM used after N+x", "%", NumberFormat::Percent, |c| {
        c.ram_demand_pct_after_failure
    }),
    (
        "SQL Server RAM (reserved in full)",
        "GB",
        NumberFormat::Count,
        |c| Some(c.sql_ram_gb),
    ),
    ("NUMA node cores", "cores", NumberFormat::Count, |c| {
        Some(f64::from(c.numa_node_cores))
    }),
    ("NUMA node RAM", "GB", NumberFormat::Count, |c| {
        Some(c.numa_node_ram_gb)
    }),
];

pub fn compute_sheet(ctx: &Context) -> Sheet {
    let mut b = SheetBuilder::new(ctx.sheet_name("Compute"));
    b.title(format!("Compute: {}", ctx.project.name));
    b.freeze_above(1);
    b.blank();
    b.section("CPU and memory per cluster");
    let mut headers = vec!["Figure", "Unit"];
    headers.extend(ctx.clusters.iter().map(|c| c.label.as_str()));
    let rows = FIGURES
        .iter()
        .map(|(label, unit, format, value)| {
            let mut cells = vec![Cell::text(*label), Cell::text(*unit)];
            cells.extend(
                ctx.clusters
                    .iter()
                    .map(|c| Cell::maybe(value(c.compute()), *format)),
            );
            cells
        })
        .collect();
    b.table("compute", &headers, rows);
    b.blank();
    b.section("Per workload");
    let mut rows = Vec::new();
    let mut notes = Vec::new();
    for c in &ctx.clusters {
        for w in &c.compute().workloads {
            rows.push(vec![
                Cell::text(c.label.clone()),
                Cell::text(ctx.workload_name(&w.workload_id)),
                Cell::count(w.vms),
                Cell::count(w.vcpus as f64),
                Cell::count(w.ram_gb),
                Cell::decimal(w.vcpu_per_core_ceiling),
                Cell::decimal(w.cores_needed),
            ]);
            notes.push(w.ceiling_source);
        }
    }
    b.table(
        "workload-compute",
        &[
            "Cluster",
            "Workload",
            "VMs",
            "vCPUs",
            "RAM (GB)",
            "vCPU per core ceiling (x)",
            "Cores needed",
        ],
        rows,
    );
    if let Some(first) = ctx.clusters.first() {
        let c = first.compute();
        notes.extend([source::HA_HOST_RESERVE, c.overhead_source]);
        // OSA and ESA clusters take vSAN's memory by different rules.
        notes.extend(ctx.clusters.iter().map(|c| c.compute().vsan_memory_source));
        notes.extend([source::SQL_MEMORY_RESERVED, source::NUMA_MEMORY]);
    }
    b.sources_note(notes);
    b.finish()
}
