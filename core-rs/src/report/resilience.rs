//! Resilience sheet: what each failure does to a vSAN cluster (capacity
//! left, whether compliance can be rebuilt, how long it takes, the IOPS
//! while it runs), the durability of each policy, and what a site failure
//! leaves a stretched cluster or an XtremIO + VPLEX design; for vSAN ESA,
//! also its host rebuild reserve and compute after N+x.

use super::sheet::{Cell, NumberFormat, Sheet, SheetBuilder};
use super::{Context, Evaluated};
use crate::durability::text::{annual_loss_text, mttdl_text};
use crate::model::Id;
use crate::platform::two_sites::{FailoverLimit, SiteFailure};
use crate::platform::xtremio_vplex::{ArrayFailureKind, SiteRole};
use crate::resilience::{ComponentState, RebuildBlocker};
use crate::source;

const MINUTES_PER_HOUR: f64 = 60.0;

pub fn resilience_sheet(ctx: &Context) -> Sheet {
    let mut b = SheetBuilder::new(ctx.sheet_name("Resilience"));
    b.title(format!("Resilience: {}", ctx.project.name));
    b.freeze_above(1);
    if ctx.resilience_views().next().is_some() {
        scenarios(&mut b, ctx);
        durability(&mut b, ctx);
    }
    if ctx.esa_views().next().is_some() {
        esa_host_failures(&mut b, ctx);
    }
    site_failures(&mut b, ctx);
    b.finish()
}

/// vSAN ESA: what N+x host failures leave, from its capacity and compute
/// figures (its failure scenarios and durability are in the tables above).
fn esa_host_failures(b: &mut SheetBuilder, ctx: &Context) {
    b.blank();
    b.section("vSAN ESA clusters: N+x host failures");
    let reserve_hosts = ctx.project.settings.reserve_hosts;
    let rows = ctx
        .esa_views()
        .map(|(c, e)| {
            let rebuild = e.esa.reserve.host_rebuild_reserve.tb;
            let compute = &e.compute;
            vec![
                Cell::text(c.label.clone()),
                Cell::count(e.host_count),
                Cell::count(reserve_hosts),
                Cell::count(compute.hosts_after_failure),
                Cell::decimal(rebuild),
                Cell::maybe(
                    compute.cores_needed_pct_after_failure,
                    NumberFormat::Percent,
                ),
                Cell::maybe(compute.ram_demand_pct_after_failure, NumberFormat::Percent),
            ]
        })
        .collect();
    b.table(
        "esa-host-failures",
        &[
            "Cluster",
            "Hosts",
            "Host failures reserved (N+x)",
            "Hosts after N+x failures",
            "Host rebuild reserve (TB)",
            "CPU used after N+x (%)",
            "RAM used after N+x (%)",
        ],
        rows,
    );
    b.note("Site failures do not apply: vSAN ESA clusters are single-site here.");
    b.sources_note([source::ESA_HOST_REBUILD_RESERVE, source::HA_HOST_RESERVE]);
}

fn scenarios(b: &mut SheetBuilder, ctx: &Context) {
    b.blank();
    b.section("Failure scenarios (worst case of each kind)");
    let mut rows = Vec::new();
    let mut notes = Vec::new();
    for (c, r) in ctx.resilience_views() {
        for s in &r.scenarios {
            let hours = |minutes: f64| Cell::decimal(minutes / MINUTES_PER_HOUR);
            rows.push(vec![
                Cell::text(c.label.clone()),
                Cell::text(s.label.clone()),
                Cell::count(s.hosts_left),
                Cell::text(match s.component_state {
                    ComponentState::Degraded => "degraded (rebuilt at once)",
                    ComponentState::Absent => "absent (rebuilt after the repair delay)",
                }),
                Cell::decimal(s.capacity_left.tb),
                Cell::decimal(s.required.tb),
                Cell::maybe(s.used_after_rebuild_pct, NumberFormat::Percent),
                Cell::text(if s.compliance_restorable { "yes" } else { "no" }),
                Cell::text(
                    s.rebuild_blockers
                        .iter()
                        .map(|b| blocker(*b))
                        .collect::<Vec<_>>()
                        .join("; "),
                ),
                Cell::decimal(s.data_to_resync.tb),
                Cell::count(s.wait_minutes),
                hours(s.resync_minutes),
                hours(s.resync_minutes_idle),
                s.time_to_compliance_minutes.map_or(Cell::Blank, hours),
                Cell::maybe(
                    s.rebuild_performance.device_limited_front_end_iops,
                    NumberFormat::Count,
                ),
            ]);
            notes.extend([s.source, r.resync_rate.source, s.rebuild_performance.source]);
        }
    }
    b.table(
        "scenarios",
        &[
            "Cluster",
            "Failure",
            "Hosts left",
            "Components",
            "Capacity left (TB)",
            "Required after rebuild (TB)",
            "Used after rebuild (%)",
            "Compliance restorable",
            "Why not",
            "Data to resync (TB)",
            "Repair delay (min)",
            "Resync under load (h)",
            "Resync idle (h)",
            "Time to compliance (h)",
            "Deliverable front-end IOPS while resyncing",
        ],
        rows,
    );
    b.sources_note(notes);
}

fn blocker(b: RebuildBlocker) -> &'static str {
    match b {
        RebuildBlocker::DataLost => "some data kept no other copy",
        RebuildBlocker::TooFewHosts => "fewer hosts left than a policy needs",
        RebuildBlocker::NotEnoughSpace => "not enough space to rebuild",
        RebuildBlocker::SiteDown => "the site mirror waits for the site to return",
    }
}

fn durability(b: &mut SheetBuilder, ctx: &Context) {
    b.blank();
    b.section("Durability per storage policy");
    let mut rows = Vec::new();
    let mut notes = Vec::new();
    let mut cited = Vec::new();
    for (c, r) in ctx.resilience_views() {
        let d = &r.durability;
        for p in &d.policies {
            rows.push(vec![
                Cell::text(c.label.clone()),
                Cell::text(ctx.policy_label(&p.policy_id)),
                Cell::count(p.failures_tolerated),
                Cell::count(p.min_hosts),
                Cell::text(if p.placeable { "yes" } else { "no" }),
                // Text: a figure spanning orders of magnitude, read rather
                // than computed with (a number format showed 0.0 %).
                p.mttdl_years
                    .map_or(Cell::Blank, |y| Cell::text(mttdl_text(y))),
                p.annual_loss_probability
                    .map_or(Cell::Blank, |x| Cell::text(annual_loss_text(x))),
            ]);
        }
        let a = &d.assumptions;
        notes.push(format!("{}: {}; {}.", c.label, a.model, a.independence));
        cited.extend([a.ssd_afr_source, a.hdd_afr_source, a.host_afr_source]);
    }
    b.table(
        "durability",
        &[
            "Cluster",
            "Policy",
            "Failures tolerated",
            "Minimum hosts",
            "Placeable",
            "Mean time to data loss",
            "Annual probability of data loss",
        ],
        rows,
    );
    for n in notes {
        b.note(n);
    }
    b.sources_note(cited);
}

fn site_failures(b: &mut SheetBuilder, ctx: &Context) {
    let mut notes = Vec::new();
    let rows: Vec<Vec<Cell>> = ctx
        .clusters
        .iter()
        .filter_map(|c| {
            let (failure, unprotected): (&SiteFailure, String) = match c.evaluated {
                Evaluated::Vsan(e) => (&e.stretched.as_ref()?.site_failure, String::new()),
                Evaluated::Esa(_) => return None,
                Evaluated::Array(e) => (
                    &e.xtremio_vplex.site_failure,
                    e.xtremio_vplex
                        .unprotected_workloads
                        .iter()
                        .map(|w| ctx.workload_name(w))
                        .collect::<Vec<_>>()
                        .join(", "),
                ),
            };
            notes.push(failure.source);
            notes.push(failure.cpu_before_source);
            let tps = failure.tps.as_ref();
            if let Some(t) = tps {
                notes.push(t.model);
            }
            Some(vec![
                Cell::text(c.label.clone()),
                Cell::count(failure.surviving_hosts),
                Cell::decimal(failure.host_load_factor),
                Cell::count(failure.surviving_cores),
                Cell::maybe(failure.cores_needed_pct_before, NumberFormat::Percent),
                Cell::maybe(failure.cores_needed_pct_after, NumberFormat::Percent),
                Cell::count(failure.usable_ram_after_gb),
                Cell::count(failure.ram_demand_gb),
                Cell::maybe(failure.ram_demand_pct_after, NumberFormat::Percent),
                Cell::maybe(failure.iops_headroom_after, NumberFormat::Decimal),
                Cell::maybe(tps.map(|t| t.cpu_before_pct), NumberFormat::Percent),
                Cell::maybe(tps.map(|t| t.cpu_after_pct), NumberFormat::Percent),
                Cell::maybe(tps.map(|t| t.tps_retained_pct), NumberFormat::Percent),
                Cell::text(tps.map_or("", |t| limit_label(t.limited_by))),
                Cell::text(unprotected),
            ])
        })
        .collect();
    if rows.is_empty() {
        return;
    }
    b.blank();
    b.section("Site failure (the surviving site carries everything)");
    b.table(
        "site-failure",
        &[
            "Cluster",
            "Surviving hosts",
            "Load per host (x)",
            "Surviving cores",
            "CPU used before (%)",
            "CPU used after (%)",
            "VM-usable RAM after (GB)",
            "RAM configured (GB)",
            "RAM used after (%)",
            "IOPS headroom after (x)",
            "Host CPU busy before (%)",
            "Host CPU busy after, model estimate (%)",
            "TPS kept, model estimate (% of before)",
            "TPS limited by",
            "Workloads lost with the site",
        ],
        rows,
    );
    b.sources_note(notes);
    array_failures(b, ctx);
}

fn limit_label(limit: FailoverLimit) -> &'static str {
    match limit {
        FailoverLimit::Cpu => "CPU",
        FailoverLimit::Storage => "storage",
    }
}

/// XtremIO + VPLEX: what each part failing leaves the array that then
/// serves the workloads.
fn array_failures(b: &mut SheetBuilder, ctx: &Context) {
    let mut notes = Vec::new();
    let mut rows = Vec::new();
    for c in &ctx.clusters {
        let Evaluated::Array(e) = c.evaluated else {
            continue;
        };
        for f in &e.xtremio_vplex.failures {
            notes.push(f.source);
            let names = |ids: &[Id]| {
                ids.iter()
                    .map(|w| ctx.workload_name(w))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            rows.push(vec![
                Cell::text(c.label.clone()),
                Cell::text(failure_label(f.kind)),
                Cell::text(site_label(f.serving_site)),
                Cell::decimal(f.usable_healthy.tb),
                Cell::decimal(f.usable_after.tb),
                Cell::decimal(f.required.tb),
                Cell::text(if f.fits { "yes" } else { "no" }),
                Cell::count(f.array_iops_after),
                Cell::count(f.array_iops_demand),
                Cell::count(f.vplex_iops_after),
                Cell::count(f.vplex_iops_demand),
                Cell::maybe(f.iops_headroom, NumberFormat::Decimal),
                Cell::maybe(f.rebuild.as_ref().map(|r| r.gb), NumberFormat::Count),
                Cell::text(names(&f.workloads_running)),
                Cell::text(names(&f.workloads_stopped)),
                Cell::text(f.effect.clone()),
            ]);
        }
    }
    if rows.is_empty() {
        return;
    }
    b.blank();
    b.section("XtremIO + VPLEX: one part failing");
    b.table(
        "array-failures",
        &[
            "Cluster",
            "Failure",
            "Serving site",
            "Usable healthy (TB)",
            "Usable after (TB)",
            "Required (TB)",
            "Data fits",
            "Array IOPS after",
            "Array IOPS demand",
            "VPLEX IOPS after (peak)",
            "VPLEX IOPS demand",
            "IOPS headroom (x)",
            "XDP rebuild (GB)",
            "Workloads running",
            "Workloads stopped",
            "What happens",
        ],
        rows,
    );
    b.sources_note(notes);
}

fn failure_label(kind: ArrayFailureKind) -> &'static str {
    match kind {
        ArrayFailureKind::StorageController => "Storage controller (production X-Brick)",
        ArrayFailureKind::Ssd => "SSD (production X-Brick)",
        ArrayFailureKind::VplexDirector => "VPLEX director (production)",
        ArrayFailureKind::VplexEngine => "VPLEX engine (production)",
        ArrayFailureKind::ProductionSite => "Production site",
        ArrayFailureKind::RemoteSite => "Remote site",
        ArrayFailureKind::InterSiteLink => "Inter-site link",
    }
}

fn site_label(role: SiteRole) -> &'static str {
    match role {
        SiteRole::Production => "production",
        SiteRole::Remote => "remote",
        SiteRole::Witness => "witness",
    }
}
