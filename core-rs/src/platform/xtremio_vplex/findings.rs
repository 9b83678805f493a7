//! Rules of an XtremIO + VPLEX design: distance for the replication mode,
//! VPLEX and array IOPS, each site's capacity, the WAN link, SQL Server log
//! latency over Metro, and what a production-site failure takes down.

use super::failures::{ArrayFailure, ArrayFailureKind};
use super::sites::{ArraySite, SiteRole};
use super::XtremioVplexEvaluation;
use crate::model::{Settings, VplexReplication};
use crate::platform::two_sites::site_failure_findings;
use crate::platform::vsan_osa::capacity::past_alert;
use crate::platform::vsan_osa::performance::latency_findings::LOG_WRITE_LATENCY_LIMIT_MS;
use crate::rules::{num, Finding, FindingCode, Measure};

pub struct Context<'a> {
    /// JSON path of the cluster, e.g. `clusters[0]`.
    pub path: &'a str,
    pub name: &'a str,
    pub settings: &'a Settings,
    pub runs_sql_on_distributed: bool,
}

pub fn findings(e: &XtremioVplexEvaluation, ctx: &Context) -> Vec<Finding> {
    let mut out = Vec::new();
    out.extend(distance(e, ctx));
    out.extend(vplex_load(e, ctx));
    for site in &e.sites {
        out.extend(site_findings(site, ctx));
    }
    if e.wan.insufficient() {
        out.push(
            Finding::new(
                FindingCode::VplexWanLinkInsufficient,
                format!(
                    "Cluster \"{}\": distributed volumes write {} MB/s ({} Gbps) to the remote site; the inter-site link has {} Gbps.",
                    ctx.name,
                    num(e.wan.write_mb_per_s, 0),
                    num(e.wan.required_gbps, 2),
                    num(e.wan.link_gbps, 2)
                ),
            )
            .at(format!("{}.topology.inter_site_link_gbps", ctx.path))
            .measured(Measure::against(
                "Inter-site link",
                e.wan.required_gbps,
                e.wan.link_gbps,
                "Gbps",
                2,
            )),
        );
    }
    if !e.unprotected_workloads.is_empty() {
        out.push(
            Finding::new(
                FindingCode::VplexWorkloadsNotDistributed,
                format!(
                    "Cluster \"{}\": workload(s) {} keep their volumes on the production site only (VPLEX local or mounted snapshots); a production-site failure takes them down.",
                    ctx.name,
                    e.unprotected_workloads.join(", ")
                ),
            )
            .at(format!("{}.storage.volumes", ctx.path)),
        );
    }
    // The surviving array and VPLEX carry the I/O, not the hosts.
    out.extend(site_failure_findings(
        &e.site_failure,
        ctx.path,
        ctx.name,
        false,
        ctx.settings,
    ));
    out.extend(e.failures.iter().flat_map(|f| failure_findings(f, ctx)));
    out
}

/// A failure the design cannot absorb: data that no longer fits (XDP
/// cannot rebuild, writes stop) or I/O beyond what the parts left carry
/// (the workloads cannot run as sized until the part is replaced, as
/// `resilience.rebuild_iops_short` on vSAN): both errors.
fn failure_findings(f: &ArrayFailure, ctx: &Context) -> Vec<Finding> {
    let what = failure_name(f.kind);
    let mut out = Vec::new();
    if !f.fits {
        out.push(
            Finding::new(
                FindingCode::XtremioFailureCapacity,
                format!(
                    "Cluster \"{}\": after {what} the serving array has {} TB usable for {} TB of data.",
                    ctx.name,
                    num(f.usable_after.tb, 2),
                    num(f.required.tb, 2)
                ),
            ).citing(f.source)
            .at(format!("{}.storage.x_bricks_per_site", ctx.path)),
        );
    }
    if let Some(h) = f.iops_headroom.filter(|_| f.iops_short()) {
        let (part, at) = short_part(f);
        out.push(
            Finding::new(
                FindingCode::XtremioFailureIops,
                format!(
                    "Cluster \"{}\": after {what} the array and VPLEX left carry {} % of the IOPS the running workloads demand; {part} binds, and the workloads cannot run as sized until the failed part is replaced.",
                    ctx.name,
                    num(h * 100.0, 0)
                ),
            ).citing(f.source)
            .at(format!("{}.{at}", ctx.path))
            .measured(
                Measure::new(
                    format!("IOPS after {what}"),
                    100.0 / h,
                    100.0,
                    "the IOPS the array and VPLEX left carry".to_string(),
                )
                .remedy(Some(format!("more {part}s"))),
            ),
        );
    }
    out
}

/// Which of the serving site's parts binds after the failure, and the
/// field that adds more of it.
fn short_part(f: &ArrayFailure) -> (&'static str, &'static str) {
    if f.vplex_binds() {
        ("VPLEX engine", "storage.vplex_engines")
    } else {
        ("X-Brick", "storage.x_bricks_per_site")
    }
}

/// What a finding calls the failure, e.g. "a VPLEX engine failure".
pub fn failure_name(kind: ArrayFailureKind) -> &'static str {
    names(kind).0
}

/// The name of the IOPS the failure leaves as the highest use of a limit,
/// e.g. "IOPS after a VPLEX engine failure" (the verdict's words).
pub fn iops_after_name(kind: ArrayFailureKind) -> &'static str {
    names(kind).1
}

fn names(kind: ArrayFailureKind) -> (&'static str, &'static str) {
    macro_rules! named {
        ($what:literal) => {
            ($what, concat!("IOPS after ", $what))
        };
    }
    match kind {
        ArrayFailureKind::StorageController => named!("a storage controller failure"),
        ArrayFailureKind::Ssd => named!("an SSD failure"),
        ArrayFailureKind::VplexDirector => named!("a VPLEX director failure"),
        ArrayFailureKind::VplexEngine => named!("a VPLEX engine failure"),
        ArrayFailureKind::ProductionSite => named!("a production-site failure"),
        ArrayFailureKind::RemoteSite => named!("a remote-site failure"),
        ArrayFailureKind::InterSiteLink => named!("an inter-site link failure"),
    }
}

fn distance(e: &XtremioVplexEvaluation, ctx: &Context) -> Vec<Finding> {
    let v = &e.vplex;
    let mut out = Vec::new();
    let at = format!("{}.topology.inter_site_rtt_ms", ctx.path);
    if v.rtt_ms > v.max_rtt_ms {
        let hint = match v.replication {
            VplexReplication::Metro if v.rtt_ms <= super::GEO_MAX_RTT_MS => {
                " VPLEX Geo (asynchronous) reaches 50 ms."
            }
            _ => "",
        };
        out.push(
            Finding::new(
                FindingCode::VplexRttExceedsLimit,
                format!(
                    "Cluster \"{}\": {} ms between sites exceeds the {} ms VPLEX {:?} supports.{hint}",
                    ctx.name,
                    num(v.rtt_ms, 1),
                    num(v.max_rtt_ms, 0),
                    v.replication
                ),
            )
            .at(at.clone())
            .measured(Measure::against(
                "Inter-site RTT",
                v.rtt_ms,
                v.max_rtt_ms,
                "ms",
                1,
            )),
        );
    }
    if ctx.runs_sql_on_distributed && v.distributed_write_latency_ms > LOG_WRITE_LATENCY_LIMIT_MS {
        out.push(
            Finding::new(
                FindingCode::VplexLogLatencyHigh,
                format!(
                    "Cluster \"{}\": a Metro write to a distributed volume takes about {} ms (XtremIO + VPLEX + {} ms RTT), above the {LOG_WRITE_LATENCY_LIMIT_MS} ms Microsoft recommends for SQL Server logs.",
                    ctx.name,
                    num(v.distributed_write_latency_ms, 1),
                    num(v.rtt_ms, 1)
                ),
            )
            .at(at),
        );
    }
    out
}

fn vplex_load(e: &XtremioVplexEvaluation, ctx: &Context) -> Vec<Finding> {
    let v = &e.vplex;
    let at = format!("{}.storage.vplex_engines", ctx.path);
    let mix = format!(
        "{} VPLEX engine(s) at {} % reads",
        v.limit.engines,
        num(v.limit.read_pct, 0)
    );
    if v.frontend_iops_exceeded() {
        vec![Finding::new(
            FindingCode::VplexFrontendIopsExceeded,
            format!(
                "Cluster \"{}\": the workloads send {} front-end IOPS through VPLEX; {mix} peak at about {}.",
                ctx.name,
                num(v.frontend_iops, 0),
                num(v.limit.frontend_iops_peak, 0)
            ),
        )
        .at(at)
        .measured(Measure::against(
            "VPLEX front-end IOPS",
            v.frontend_iops,
            v.limit.frontend_iops_peak,
            "IOPS",
            0,
        ))]
    } else if v.above_average_load() {
        vec![Finding::new(
            FindingCode::VplexAboveAverageLoad,
            format!(
                "Cluster \"{}\": {} front-end IOPS is within the peak of {mix} ({}) but above what they sustain on average ({}); EMC advises not to run VPLEX at its maximum constantly.",
                ctx.name,
                num(v.frontend_iops, 0),
                num(v.limit.frontend_iops_peak, 0),
                num(v.limit.frontend_iops_average, 0)
            ),
        )
        .at(at)]
    } else {
        Vec::new()
    }
}

fn site_findings(site: &ArraySite, ctx: &Context) -> Vec<Finding> {
    let role = match site.role {
        SiteRole::Production => "production",
        SiteRole::Remote | SiteRole::Witness => "remote",
    };
    let at = format!("{}.storage.x_bricks_per_site", ctx.path);
    let mut out = Vec::new();
    if site.capacity_insufficient() {
        out.push(
            Finding::new(
                FindingCode::XtremioCapacityInsufficient,
                format!(
                    "Cluster \"{}\": the {role} site's XtremIO needs {} TB ({} TiB) physical but has {} TB ({} TiB) usable with {} X-Brick(s).",
                    ctx.name,
                    num(site.required.tb, 2),
                    num(site.required.tib, 2),
                    num(site.usable.tb, 2),
                    num(site.usable.tib, 2),
                    site.x_bricks
                ),
            )
            .at(at.clone())
            .measured(Measure::against(
                &format!("XtremIO capacity, {role} site"),
                site.required.tb,
                site.usable.tb,
                "TB",
                2,
            )),
        );
    } else if let Some(used) = site
        .used_pct
        .filter(|&u| past_alert(u, ctx.settings.capacity_alert_pct))
    {
        out.push(
            Finding::new(
                FindingCode::XtremioCapacityAlert,
                format!(
                    "Cluster \"{}\": the {role} site's XtremIO would be {} % full (alert at {} %).",
                    ctx.name,
                    num(used, 1),
                    num(ctx.settings.capacity_alert_pct, 0)
                ),
            )
            .at(at.clone()),
        );
    }
    if site.iops_exceeded() {
        out.push(
            Finding::new(
                FindingCode::XtremioIopsExceeded,
                format!(
                    "Cluster \"{}\": the {role} site's XtremIO would serve {} IOPS; {} X-Brick(s) serve about {} within 1 ms.",
                    ctx.name,
                    num(site.back_end_iops, 0),
                    site.x_bricks,
                    num(site.rated_iops, 0)
                ),
            )
            .at(at)
            .measured(Measure::against(
                &format!("XtremIO IOPS, {role} site"),
                site.back_end_iops,
                site.rated_iops,
                "IOPS",
                0,
            )),
        );
    }
    out
}
