//! Capacity sheet: the waterfall from raw capacity to usable, then what the
//! workloads require and the headroom left, step by step with the source of
//! each step; then the requirement per policy and per workload, and vSAN
//! ESA's file-system overhead, compression and components.

use super::sheet::{Cell, NumberFormat, Sheet, SheetBuilder};
use super::{Context, Evaluated};
use crate::demand::protection::protection;
use crate::labels;
use crate::platform::vsan_esa::esa_protection;
use crate::platform::vsan_osa::capacity::StepKind;
use crate::source;

pub fn capacity_sheet(ctx: &Context) -> Sheet {
    let mut b = SheetBuilder::new(ctx.sheet_name("Capacity"));
    b.title(format!("Capacity: {}", ctx.project.name));
    b.freeze_above(1);
    b.note(format!(
        "TB are decimal (10^12 bytes, how drives are sold); TiB are binary (2^40 bytes, how \
         vSphere reports). Deductions are negative. Source: {}.",
        source::IEC_UNITS
    ));
    waterfall(&mut b, ctx);
    policies(&mut b, ctx);
    workloads(&mut b, ctx);
    esa(&mut b, ctx);
    esa_reserve(&mut b, ctx);
    b.finish()
}

const REQUIRED_SOURCE: &str = "the workloads' consumption after protection and data \
     reduction (Required capacity per workload, below)";
const HEADROOM_SOURCE: &str = "usable for protected data less required";

fn waterfall(b: &mut SheetBuilder, ctx: &Context) {
    b.blank();
    b.section("Raw to usable to headroom");
    let mut rows = Vec::new();
    for c in &ctx.clusters {
        let cap = c.capacity();
        let steps = cap
            .waterfall
            .iter()
            .map(|s| (s.label, s.kind, s.amount, s.source))
            .chain([
                (
                    "Required by the workloads",
                    StepKind::Deduction,
                    cap.required,
                    REQUIRED_SOURCE,
                ),
                (
                    "Headroom",
                    StepKind::Subtotal,
                    cap.headroom,
                    HEADROOM_SOURCE,
                ),
            ]);
        for (label, kind, amount, source) in steps {
            let signed = |v: f64| if kind == StepKind::Deduction { -v } else { v };
            rows.push(vec![
                Cell::text(c.label.clone()),
                Cell::text(label),
                Cell::text(source),
                Cell::text(labels::step_kind(kind)),
                Cell::decimal(signed(amount.tb)),
                Cell::decimal(signed(amount.tib)),
            ]);
        }
    }
    b.table(
        "waterfall",
        &["Cluster", "Step", "Source", "Kind", "TB", "TiB"],
        rows,
    );
}

fn policies(b: &mut SheetBuilder, ctx: &Context) {
    b.blank();
    b.section("Required capacity per storage policy");
    let mut rows = Vec::new();
    for c in &ctx.clusters {
        for p in &c.capacity().per_policy {
            rows.push(vec![
                Cell::text(c.label.clone()),
                Cell::text(ctx.policy_label(&p.policy_id)),
                Cell::text(labels::method(p.protection.method)),
                Cell::count(p.protection.ftt),
                Cell::decimal(p.protection.multiplier),
                Cell::count(p.protection.min_hosts),
                Cell::decimal(p.logical.tb),
                Cell::decimal(p.consumed.tb),
                Cell::decimal(p.consumed.tib),
                Cell::percent(p.share_pct),
            ]);
        }
    }
    b.table(
        "policies",
        &[
            "Cluster",
            "Policy",
            "Method",
            "Failures to tolerate",
            "Capacity multiplier (x)",
            "Minimum hosts",
            "Logical (TB)",
            "Consumed (TB)",
            "Consumed (TiB)",
            "Share of consumed (%)",
        ],
        rows,
    );
}

/// One row per workload, its sources given by a key into a table of bases
/// below, a row per source: a basis (the footprint, growth, swap and
/// data-reduction rules a workload is sized by) is shared by every
/// workload of its kind, and written out on each of 45,000 rows it was a
/// third of the workbook.
fn workloads(b: &mut SheetBuilder, ctx: &Context) {
    b.blank();
    b.section("Required capacity per workload");
    // Each basis and how many workloads it sizes, in first-seen order.
    let mut bases: Vec<([&str; 5], usize)> = Vec::new();
    let mut rows = Vec::new();
    for c in &ctx.clusters {
        for w in &c.capacity().workloads {
            let fp = &w.footprint;
            // ESA protects by its own rules (RAID-5 width by host count).
            let multiplier = ctx.policy(&w.policy_id).map(|p| match c.evaluated {
                Evaluated::Esa(_) => esa_protection(p, c.host_count()).multiplier,
                Evaluated::Vsan(_) | Evaluated::Array(_) => protection(p).multiplier,
            });
            let basis = [
                fp.source,
                fp.growth_source,
                fp.swap_source,
                w.dedup_source,
                w.reduction_source,
            ];
            let key = match bases.iter().position(|(b, _)| *b == basis) {
                Some(at) => at,
                None => {
                    bases.push((basis, 0));
                    bases.len() - 1
                }
            };
            bases[key].1 += 1;
            rows.push(vec![
                Cell::text(c.label.clone()),
                Cell::text(ctx.workload_name(&w.workload_id)),
                Cell::text(basis_key(key)),
                Cell::count(fp.data_gb),
                Cell::count(fp.grown_gb),
                Cell::count(fp.swap_gb),
                Cell::count(fp.reserved_memory_gb),
                Cell::decimal(w.logical.tb),
                Cell::maybe(multiplier, NumberFormat::Decimal),
                Cell::decimal(w.dedup_ratio),
                Cell::decimal(w.physical_per_logical),
                Cell::decimal(w.consumed.tb),
                Cell::decimal(w.consumed.tib),
            ]);
        }
    }
    b.table(
        "workload-capacity",
        &[
            "Cluster",
            "Workload",
            "Basis",
            "Data today (GB)",
            "Data at horizon (GB)",
            "VM swap (GB)",
            "Memory reserved, no swap (GB)",
            "Logical (TB)",
            "Capacity multiplier (x)",
            "Dedup+compression ratio (x)",
            "Physical per logical (x)",
            "Consumed (TB)",
            "Consumed (TiB)",
        ],
        rows,
    );
    if bases.is_empty() {
        return;
    }
    b.blank();
    b.section("Bases of the capacity per workload");
    let mut lines = Vec::new();
    for (at, (basis, workloads)) in bases.iter().enumerate() {
        for source in sources(basis).lines() {
            lines.push(vec![
                Cell::text(basis_key(at)),
                Cell::text(source),
                Cell::count(*workloads as f64),
            ]);
        }
    }
    b.table(
        "workload-capacity-bases",
        &["Basis", "Source", "Workloads"],
        lines,
    );
}

/// The key of the `at`-th basis: B1, B2, ...
fn basis_key(at: usize) -> String {
    format!("B{}", at + 1)
}

/// vSAN ESA's own figures: the file-system overhead and compression the
/// consumed capacity includes, and the components against their limits.
fn esa(b: &mut SheetBuilder, ctx: &Context) {
    let mut notes = Vec::new();
    let rows: Vec<Vec<Cell>> = ctx
        .esa_views()
        .map(|(c, e)| {
            let x = &e.esa;
            notes.extend([x.lfs_source, x.components_source]);
            vec![
                Cell::text(c.label.clone()),
                Cell::text(x.device_model.clone()),
                Cell::count(x.devices_per_host),
                Cell::text(labels::free_space(x.free_space)),
                Cell::percent(x.lfs_overhead_pct),
                Cell::decimal(x.compression_ratio),
                Cell::count(x.components_per_host as f64),
                Cell::count(x.max_components_per_host as f64),
                Cell::count(x.components_per_device as f64),
                Cell::count(x.max_components_per_device as f64),
            ]
        })
        .collect();
    if rows.is_empty() {
        return;
    }
    b.blank();
    b.section("vSAN ESA storage pools: file-system overhead, compression and components");
    b.table(
        "esa",
        &[
            "Cluster",
            "Device",
            "Devices per host",
            "Free space",
            "Log-structured file system overhead (%)",
            "Compression ratio (x)",
            "Components per host",
            "Components per host, limit",
            "Components per device",
            "Components per device, limit",
        ],
        rows,
    );
    b.sources_note(notes);
}

/// Each ESA cluster's free space, part by part: the waterfall's
/// deductions with what sizes them.
fn esa_reserve(b: &mut SheetBuilder, ctx: &Context) {
    let mut notes = Vec::new();
    let rows: Vec<Vec<Cell>> = ctx
        .esa_views()
        .map(|(c, e)| {
            let r = &e.esa.reserve;
            notes.extend([r.operations_source, r.host_rebuild_source]);
            if !r.enforceable {
                notes.push(source::ESA_RESERVED_CAPACITY_MIN_HOSTS);
            }
            vec![
                Cell::text(c.label.clone()),
                Cell::text(labels::free_space(r.free_space)),
                Cell::decimal(r.largest_object.tb),
                r.operations_per_host
                    .map_or(Cell::Blank, |p| Cell::count(p.gb)),
                Cell::decimal(r.operations_reserve.tb),
                Cell::decimal(r.operations_buffer.tb),
                Cell::decimal(r.slack.tb),
                Cell::count(r.host_rebuild_hosts),
                Cell::decimal(r.host_rebuild_reserve.tb),
                Cell::text(labels::yes_no(r.enforceable)),
            ]
        })
        .collect();
    if rows.is_empty() {
        return;
    }
    b.blank();
    b.section("vSAN ESA reserved capacity: operations and host rebuild reserves");
    b.table(
        "esa-reserve",
        &[
            "Cluster",
            "Free space",
            "Largest object (TB)",
            "Operations reserve per host (GB)",
            "Operations reserve (TB)",
            "Operations buffer, 5 % (TB)",
            "Slack space (TB)",
            "Host rebuild reserve (hosts)",
            "Host rebuild reserve (TB)",
            "vSAN enforces it (4+ hosts)",
        ],
        rows,
    );
    b.sources_note(notes);
}

/// Several sources in one cell, one per line, each once; empty ones skipped.
pub fn sources(list: &[&str]) -> String {
    let mut unique: Vec<&str> = Vec::new();
    for s in list {
        if !s.is_empty() && !unique.contains(s) {
            unique.push(s);
        }
    }
    unique.join("\n")
}
