//! Performance sheet: front-end to back-end IOPS per workload, the load on
//! each device tier against its rating, what the devices can deliver, the
//! latency estimate, and each disk group's cache device; vSAN ESA's demand;
//! VPLEX and the arrays; stretched clusters' sites; the iSCSI target
//! service's counts.

use super::iscsi::iscsi_section;
use super::sheet::{Cell, NumberFormat, Sheet, SheetBuilder};
use super::{Context, Evaluated};
use crate::labels;
use crate::platform::vsan_osa::performance::tier_load::TierLoad;

pub fn performance_sheet(ctx: &Context) -> Sheet {
    let mut b = SheetBuilder::new(ctx.sheet_name("Performance"));
    b.title(format!("Performance: {}", ctx.project.name));
    b.freeze_above(1);
    if ctx.vsan_views().next().is_some() {
        clusters(&mut b, ctx);
        tiers(&mut b, ctx);
        workloads(&mut b, ctx);
        cache_devices(&mut b, ctx);
        models(&mut b, ctx);
    }
    if ctx.esa_views().next().is_some() {
        esa(&mut b, ctx);
    }
    if ctx.array_views().next().is_some() {
        vplex(&mut b, ctx);
        array_sites(&mut b, ctx);
    }
    stretched(&mut b, ctx);
    iscsi_section(&mut b, ctx);
    b.finish()
}

fn clusters(b: &mut SheetBuilder, ctx: &Context) {
    b.blank();
    b.section("vSAN cluster I/O");
    let rows = ctx
        .vsan_views()
        .map(|(c, e)| {
            let p = &e.performance;
            vec![
                Cell::text(c.label.clone()),
                Cell::count(p.front_end_iops),
                Cell::count(p.back_end_iops),
                Cell::maybe(p.device_limited_front_end_iops, NumberFormat::Count),
                Cell::maybe(p.headroom, NumberFormat::Decimal),
                Cell::percent(p.utilisation_ceiling_pct),
                Cell::count(p.read_cache_gb),
                Cell::count(p.working_set_gb),
            ]
        })
        .collect();
    b.table(
        "cluster-io",
        &[
            "Cluster",
            "Front-end IOPS",
            "Back-end IOPS",
            "Deliverable front-end IOPS",
            "IOPS headroom (x)",
            "Utilisation ceiling (%)",
            "Read cache (GB)",
            "Working set (GB)",
        ],
        rows,
    );
}

fn tiers(b: &mut SheetBuilder, ctx: &Context) {
    b.blank();
    b.section("Device tiers");
    let mut rows = Vec::new();
    for (c, e) in ctx.vsan_views() {
        let p = &e.performance;
        for (name, t) in [("cache", &p.cache_tier), ("capacity", &p.capacity_tier)] {
            rows.push(tier_row(&c.label, name, t));
        }
    }
    b.table(
        "tiers",
        &[
            "Cluster",
            "Tier",
            "Devices",
            "Rated read IOPS",
            "Rated write IOPS",
            "Read IOPS",
            "Write IOPS",
            "Utilisation (%)",
            "Read service time (ms)",
            "Write service time (ms)",
        ],
        rows,
    );
}

fn tier_row(cluster: &str, name: &str, t: &TierLoad) -> Vec<Cell> {
    vec![
        Cell::text(cluster),
        Cell::text(name),
        Cell::count(t.devices),
        Cell::count(t.rated_read_iops),
        Cell::count(t.rated_write_iops),
        Cell::count(t.read_iops),
        Cell::count(t.write_iops),
        Cell::maybe(t.utilisation_pct, NumberFormat::Percent),
        Cell::maybe(t.read_service_ms, NumberFormat::Decimal),
        Cell::maybe(t.write_service_ms, NumberFormat::Decimal),
    ]
}

fn workloads(b: &mut SheetBuilder, ctx: &Context) {
    b.blank();
    b.section("Workload I/O");
    let mut rows = Vec::new();
    let mut notes = Vec::new();
    for (c, e) in ctx.vsan_views() {
        for w in &e.performance.workloads {
            rows.push(vec![
                Cell::text(c.label.clone()),
                Cell::text(ctx.workload_name(&w.workload_id)),
                Cell::text(ctx.policy_label(&w.policy_id)),
                Cell::count(w.front_end.read_iops),
                Cell::count(w.front_end.write_iops),
                Cell::decimal(w.back_end.write_cost),
                Cell::count(w.back_end.read_iops),
                Cell::count(w.back_end.write_iops),
                Cell::count(w.back_end.total_iops),
                Cell::count(w.working_set_gb),
                Cell::percent(w.read_cache_hit_ratio * 100.0),
                Cell::maybe(w.read_latency_ms, NumberFormat::Decimal),
                Cell::maybe(w.write_latency_ms, NumberFormat::Decimal),
            ]);
            notes.push(w.back_end.source);
        }
    }
    b.table(
        "workload-io",
        &[
            "Cluster",
            "Workload",
            "Policy",
            "Front-end read IOPS",
            "Front-end write IOPS",
            "Back-end I/Os per write",
            "Back-end read IOPS",
            "Back-end write IOPS",
            "Back-end IOPS",
            "Working set (GB)",
            "Read cache hits (%)",
            "Read latency (ms)",
            "Write latency (ms)",
        ],
        rows,
    );
    b.sources_note(notes);
}

fn cache_devices(b: &mut SheetBuilder, ctx: &Context) {
    b.blank();
    b.section("Cache device per disk group (every host alike)");
    let mut rows = Vec::new();
    let mut notes = Vec::new();
    for (c, e) in ctx.vsan_views() {
        for g in &e.cache.per_disk_group {
            let e = g.endurance.as_ref();
            rows.push(vec![
                Cell::text(c.label.clone()),
                Cell::count(g.disk_group as u32 + 1),
                Cell::text(g.cache_device.clone()),
                Cell::count(g.installed.gb),
                Cell::count(g.write_buffer.gb),
                Cell::count(g.writes_per_s),
                Cell::count(g.rated_writes_per_s),
                Cell::maybe(e.map(|e| e.rated_tbw), NumberFormat::Count),
                Cell::maybe(e.map(|e| e.written_tb), NumberFormat::Count),
            ]);
            notes.extend([
                g.write_buffer_source,
                g.rated_source,
                e.map_or("", |e| e.source),
            ]);
        }
    }
    b.table(
        "cache-devices",
        &[
            "Cluster",
            "Disk group",
            "Cache device",
            "Installed (GB)",
            "Write buffer (GB)",
            "Writes per second",
            "Rated writes per second",
            "Rated endurance (TBW)",
            "Written over the horizon (TB)",
        ],
        rows,
    );
    b.sources_note(notes);
}

fn models(b: &mut SheetBuilder, ctx: &Context) {
    let Some((_, first)) = ctx.vsan_views().next() else {
        return;
    };
    let p = &first.performance;
    b.blank();
    b.note(format!("Read cache model: {}.", p.read_cache_model));
    b.note(format!("Latency model: {}.", p.latency_model));
}

/// vSAN ESA: the pool's devices against the back-end I/O ESA's write path
/// makes of the demand, and each workload's write cost by its policy.
fn esa(b: &mut SheetBuilder, ctx: &Context) {
    b.blank();
    b.section("vSAN ESA storage pool I/O");
    let rows = ctx
        .esa_views()
        .map(|(c, e)| {
            let p = &e.performance;
            vec![
                Cell::text(c.label.clone()),
                Cell::count(p.front_end_iops),
                Cell::count(p.back_end_read_iops),
                Cell::count(p.back_end_write_iops),
                Cell::count(p.devices),
                Cell::text(e.esa.device_model.clone()),
                Cell::count(p.rated_read_iops),
                Cell::count(p.rated_write_iops),
                Cell::maybe(p.utilisation_pct, NumberFormat::Decimal),
                Cell::number(p.utilisation_ceiling_pct, NumberFormat::Decimal),
                Cell::maybe(p.device_limited_front_end_iops, NumberFormat::Count),
                Cell::maybe(p.headroom, NumberFormat::Decimal),
            ]
        })
        .collect();
    b.table(
        "esa-io",
        &[
            "Cluster",
            "Front-end IOPS",
            "Back-end reads/s",
            "Back-end writes/s",
            "NVMe devices",
            "Device",
            "Rated read IOPS",
            "Rated write IOPS",
            "Device busy %",
            "Ceiling %",
            "Device-limited front-end IOPS",
            "Headroom (x)",
        ],
        rows,
    );
    let rows = ctx
        .esa_views()
        .flat_map(|(c, e)| {
            e.performance.workloads.iter().map(move |w| {
                vec![
                    Cell::text(c.label.clone()),
                    Cell::text(w.workload_id.clone()),
                    Cell::text(w.policy_id.clone()),
                    Cell::count(w.front_end.read_iops),
                    Cell::count(w.front_end.write_iops),
                    Cell::number(w.write_cost.performance_leg, NumberFormat::Decimal),
                    Cell::number(w.write_cost.capacity_leg, NumberFormat::Decimal),
                    Cell::count(w.back_end_write_iops),
                ]
            })
        })
        .collect();
    b.blank();
    b.table(
        "esa-workload-io",
        &[
            "Cluster",
            "Workload",
            "Policy",
            "Front-end reads/s",
            "Front-end writes/s",
            "Performance-leg writes per write",
            "Capacity-leg writes per write",
            "Back-end writes/s",
        ],
        rows,
    );
    if let Some((_, e)) = ctx.esa_views().next() {
        b.blank();
        b.note(format!(
            "ESA write path: {}.",
            e.performance.write_path_source
        ));
        b.note(format!(
            "ESA device limit: {}.",
            e.performance.device_iops_source
        ));
    }
}

fn vplex(b: &mut SheetBuilder, ctx: &Context) {
    b.blank();
    b.section("VPLEX (production site)");
    let mut notes = Vec::new();
    let rows = ctx
        .array_views()
        .map(|(c, e)| {
            let v = &e.xtremio_vplex.vplex;
            notes.extend([v.limit.source, v.latency_source, v.cache_source]);
            vec![
                Cell::text(c.label.clone()),
                Cell::text(labels::replication(v.replication)),
                Cell::count(v.limit.engines),
                Cell::count(v.frontend_iops),
                Cell::count(v.limit.frontend_iops_peak),
                Cell::count(v.limit.frontend_iops_average),
                Cell::maybe(v.utilisation_pct, NumberFormat::Percent),
                Cell::percent(v.read_cache_hit_pct),
                Cell::count(v.read_cache_iops),
                Cell::count(v.replication_iops),
                Cell::decimal(v.rtt_ms),
                Cell::decimal(v.max_rtt_ms),
                Cell::decimal(v.read_latency_ms),
                Cell::decimal(v.distributed_write_latency_ms),
                Cell::decimal(v.local_write_latency_ms),
            ]
        })
        .collect();
    b.table(
        "vplex",
        &[
            "Cluster",
            "Replication",
            "Engines per site",
            "Front-end IOPS",
            "Peak limit (IOPS)",
            "Average limit (IOPS)",
            "Utilisation of peak (%)",
            "Read cache hits (%)",
            "Reads from VPLEX cache (IOPS)",
            "Replication IOPS",
            "Inter-site RTT (ms)",
            "RTT limit (ms)",
            "Read latency (ms)",
            "Distributed write latency (ms)",
            "Local write latency (ms)",
        ],
        rows,
    );
    b.sources_note(notes);
}

fn array_sites(b: &mut SheetBuilder, ctx: &Context) {
    b.blank();
    b.section("XtremIO arrays: I/O per site");
    let mut rows = Vec::new();
    for (c, e) in ctx.array_views() {
        for s in &e.xtremio_vplex.sites {
            rows.push(vec![
                Cell::text(c.label.clone()),
                Cell::text(labels::site(s.role)),
                Cell::count(s.x_bricks),
                Cell::count(s.rated_iops),
                Cell::count(s.back_end_iops),
                Cell::maybe(s.iops_utilisation_pct, NumberFormat::Percent),
            ]);
        }
    }
    b.table(
        "array-io",
        &[
            "Cluster",
            "Site",
            "X-Bricks",
            "Rated IOPS (8 KB OLTP)",
            "Back-end IOPS",
            "Utilisation (%)",
        ],
        rows,
    );
}

/// Every cluster spread over two sites: RTT, what it costs SQL Server, the
/// inter-site link and the witness.
fn stretched(b: &mut SheetBuilder, ctx: &Context) {
    let mut rows = Vec::new();
    let mut notes = Vec::new();
    for c in &ctx.clusters {
        let row = match c.evaluated {
            Evaluated::Vsan(e) => {
                let Some(s) = &e.stretched else { continue };
                notes.extend([s.rtt.model, s.link.source, s.witness.source]);
                vec![
                    Cell::text(c.label.clone()),
                    Cell::decimal(s.rtt.rtt_ms),
                    Cell::percent(s.rtt.tps_change_pct),
                    Cell::decimal(s.rtt.data_write_latency_ms),
                    Cell::decimal(s.rtt.log_write_latency_ms),
                    Cell::count(s.link.write_mb_per_s),
                    Cell::decimal(s.link.required_gbps),
                    Cell::decimal(s.link.link_gbps),
                    Cell::maybe(s.link.utilisation_pct, NumberFormat::Percent),
                    Cell::decimal(s.witness.rtt_ms),
                    Cell::decimal(s.witness.required_mbps),
                    Cell::text(
                        s.witness
                            .appliance
                            .map_or_else(|| "none large enough".to_string(), |a| format!("{a:?}")),
                    ),
                ]
            }
            // Validation keeps vSAN ESA clusters on one site.
            Evaluated::Esa(_) => continue,
            Evaluated::Array(e) => {
                let (v, w) = (&e.xtremio_vplex.vplex, &e.xtremio_vplex.wan);
                notes.extend([v.latency_source, w.source]);
                vec![
                    Cell::text(c.label.clone()),
                    Cell::decimal(v.rtt_ms),
                    Cell::Blank,
                    Cell::decimal(v.distributed_write_latency_ms),
                    Cell::Blank,
                    Cell::count(w.write_mb_per_s),
                    Cell::decimal(w.required_gbps),
                    Cell::decimal(w.link_gbps),
                    Cell::maybe(w.utilisation_pct, NumberFormat::Percent),
                    Cell::Blank,
                    Cell::Blank,
                    Cell::text("VPLEX Witness"),
                ]
            }
        };
        rows.push(row);
    }
    if rows.is_empty() {
        return;
    }
    b.blank();
    b.section("Stretched clusters: inter-site latency, link and witness");
    b.table(
        "sites",
        &[
            "Cluster",
            "Inter-site RTT (ms)",
            "SQL Server TPS change (%)",
            "Data write latency (ms)",
            "Log write latency (ms)",
            "Inter-site writes (MB/s)",
            "Link required (Gbps)",
            "Link (Gbps)",
            "Link used (%)",
            "Witness RTT (ms)",
            "Witness link required (Mbps)",
            "Witness",
        ],
        rows,
    );
    b.sources_note(notes);
}
