//! Each resource of a cluster against its limit, with every host up (N),
//! after the N+x host failures the design reserves for, and after a site
//! failure where there are two sites: the dials the dashboard draws and
//! Compare lines up. Every figure is one the evaluation already computed;
//! this module only names it, states its rule with this design's numbers
//! and cites its source. A resource the kind does not model has no row.

use std::fmt::Write as _;

use serde::Serialize;

use super::key_figures::{self, KeyFigures, Utilisation};
use super::{ArrayClusterEvaluation, ClusterDetail, ClusterEvaluation, EsaClusterEvaluation};
use crate::demand::compute::ClusterCompute;
use crate::model::{Settings, StorageTier};
use crate::platform::two_sites::SiteFailure;
use crate::platform::vsan_esa::components_exceed;
use crate::platform::vsan_osa::cache::{
    endurance_exceeded, writes_exceed_rating, CacheAfterFailure,
};
use crate::platform::vsan_osa::capacity::{
    capacity_insufficient, past_alert, CapacityEvaluation, StepKind,
};
use crate::platform::vsan_osa::performance::latency::OSA_HOST_PATH_IOPS;
use crate::platform::vsan_osa::performance::tier_load::over_ceiling;
use crate::platform::vsan_osa::performance::ClusterPerformance;
use crate::platform::xtremio_vplex::{failure_name, VplexEvaluation, XtremioVplexEvaluation};
use crate::resilience::{FailureKind, FailureScenario};
use crate::rules::{num, FindingCode};
use crate::source;

mod judgement;
use judgement::{
    at_n_only, cache_judged, cpu_judged, fullness_judged, osa_iops_judged, ram_judged,
    rebuild_iops, site_iops_judged, unchanged_by_hosts, unjudged,
};
pub use judgement::{Judged, Judgement, Level, Line};

/// A cluster's utilisation: one row per resource its kind models.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct ClusterUtilisation {
    /// x in N+x: the hosts the design reserves for failures.
    pub hosts_failed: u32,
    /// The cluster has two sites (stretched vSAN, XtremIO + VPLEX Metro),
    /// so rows may carry `after_site_failure`.
    pub two_sites: bool,
    pub rows: Vec<UtilisationRow>,
}

/// One resource against its limit in each state the design is sized for.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct UtilisationRow {
    /// Stable across kinds and versions, e.g. `cpu`, `capacity_usable`.
    pub figure: &'static str,
    pub label: String,
    /// With every host up.
    pub at_n: Utilisation,
    /// After the N+x host failures; absent where the state does not change
    /// the figure's limit or the kind does not model it (`rule` says which).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub after_failure: Option<Utilisation>,
    /// The failure `after_failure` plays where it is not the N+x host
    /// failures, e.g. "a VPLEX engine failure".
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub failure: Option<&'static str>,
    /// After a whole site fails; two-site clusters only, where modelled.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub after_site_failure: Option<Utilisation>,
    /// Each column's level and lines, as the findings judge it.
    pub judged: Judged,
    /// The rule, with this design's numbers.
    pub rule: String,
    /// Seed documents and vendor guides the rule comes from.
    pub sources: Vec<&'static str>,
}

impl UtilisationRow {
    /// The warning line of the first column that has one, for the
    /// report's and the CLI's one threshold per row.
    pub fn threshold(&self) -> Option<Line> {
        [
            Some(self.judged.at_n),
            self.judged.after_failure,
            self.judged.after_site_failure,
        ]
        .into_iter()
        .flatten()
        .find_map(|j| j.threshold)
    }
}

pub fn utilisation(
    detail: &ClusterDetail,
    k: &KeyFigures,
    settings: &Settings,
) -> ClusterUtilisation {
    match detail {
        ClusterDetail::VsanOsa(e) => vsan_osa(e, k, settings),
        ClusterDetail::VsanEsa(e) => vsan_esa(e, k, settings),
        ClusterDetail::XtremioVplex(e) => xtremio_vplex(e, k, settings),
    }
}

fn vsan_osa(e: &ClusterEvaluation, k: &KeyFigures, settings: &Settings) -> ClusterUtilisation {
    let reserve = e.resilience.scenario(FailureKind::ReserveHosts);
    let site = e.resilience.scenario(FailureKind::Site);
    let survivors = e.stretched.as_ref().map(|s| &s.site_failure);
    let mut rows = vec![
        cpu(k, &e.compute, survivors, settings),
        ram(k, &e.compute, survivors, settings),
    ];
    rows.push(fullness(
        &e.capacity,
        OSA_DATASTORE,
        settings,
        reserve,
        site,
    ));
    rows.extend(capacity_rows(k, &e.capacity, settings));
    if let Some(limit) = k.iops.limit {
        let p = &e.performance;
        rows.push(UtilisationRow {
            figure: key_figures::FRONT_END_IOPS,
            label: "Front-end IOPS".to_string(),
            at_n: Utilisation::of(k.iops.front_end, limit, IOPS),
            after_failure: k.iops.during_rebuild(),
            after_site_failure: site_iops(k),
            failure: None,
            judged: Judged {
                at_n: osa_iops_judged(p, iops_binding(p) == HOST_PATH),
                after_failure: k.iops.during_rebuild().and(reserve).map(rebuild_iops),
                after_site_failure: site_iops(k).map(|_| site_iops_judged(k)),
            },
            rule: format!(
                "{} front-end IOPS become {} back-end I/Os after the policies' write cost; the \
                 limit, {} front-end IOPS at this mix, brings the busiest of the cache tier ({} \
                 devices, {} % busy), the capacity tier ({} devices, {} % busy) and each host's \
                 vSAN I/O path ({} % of vSAN's {} 8 KB IOPS per host) to {} %: the {} binds. \
                 After N+{}: the surviving devices and hosts while the rebuild takes its share.",
                num(k.iops.front_end, 0),
                num(k.iops.back_end, 0),
                num(limit, 0),
                p.cache_tier.devices,
                busy(p.cache_tier.utilisation_pct),
                p.capacity_tier.devices,
                busy(p.capacity_tier.utilisation_pct),
                num(p.host_path_utilisation_pct, 1),
                num(OSA_HOST_PATH_IOPS, 0),
                num(p.utilisation_ceiling_pct, 0),
                iops_binding(p),
                hosts_failed(&e.compute),
            ),
            sources: vec![
                source::BACK_END_IO,
                source::DEVICE_IOPS_CEILING,
                source::HOST_PATH_IOPS,
            ],
        });
    }
    rows.extend(cache_rows(e));
    if let Some(s) = &e.stretched {
        let l = &s.link;
        rows.push(UtilisationRow {
            figure: "network",
            label: "Inter-site link".to_string(),
            at_n: Utilisation::with_pct(l.required_gbps, l.link_gbps, l.utilisation_pct, GBPS),
            after_failure: None,
            after_site_failure: None,
            failure: None,
            judged: at_n_only(Judgement::past(
                l.insufficient(),
                Line::limit(FindingCode::StretchedLinkInsufficient, "link bandwidth"),
            )),
            rule: format!(
                "{} MB/s of site-mirrored writes x {} (data) x {} (resync) = {} Gbps needed \
                 on a {} Gbps link.",
                num(l.write_mb_per_s, 1),
                num(l.data_multiplier, 2),
                num(l.resync_multiplier, 2),
                num(l.required_gbps, 2),
                num(l.link_gbps, 0),
            ),
            sources: vec![l.source],
        });
    }
    ClusterUtilisation {
        hosts_failed: hosts_failed(&e.compute),
        two_sites: e.stretched.is_some(),
        rows,
    }
}

/// A tier's busy share in % for a rule's text; a tier with demand and no
/// rated IOPS is "over 100".
fn busy(utilisation_pct: Option<f64>) -> String {
    utilisation_pct.map_or_else(|| "over 100".into(), |u| num(u, 1).to_string())
}

const HOST_PATH: &str = "host path";

/// Which of a vSAN OSA cluster's three IOPS limits binds: the busiest.
fn iops_binding(p: &ClusterPerformance) -> &'static str {
    let tier = |u: Option<f64>| u.unwrap_or(f64::INFINITY);
    let cache = tier(p.cache_tier.utilisation_pct);
    let capacity = tier(p.capacity_tier.utilisation_pct);
    if p.host_path_utilisation_pct > cache.max(capacity) {
        HOST_PATH
    } else if cache > capacity {
        "cache tier"
    } else {
        "capacity tier"
    }
}

fn vsan_esa(e: &EsaClusterEvaluation, k: &KeyFigures, settings: &Settings) -> ClusterUtilisation {
    let reserve = e.resilience.scenario(FailureKind::ReserveHosts);
    let mut rows = vec![
        cpu(k, &e.compute, None, settings),
        ram(k, &e.compute, None, settings),
    ];
    rows.push(fullness(
        &e.capacity,
        ESA_DATASTORE,
        settings,
        reserve,
        None,
    ));
    let [mut usable, raw] = capacity_rows(k, &e.capacity, settings);
    if let Some(s) = reserve {
        // ESA keeps its operations reserve apart: the rebuilt components
        // have the surviving devices less it. Not clamped: a reserve larger
        // than what survives leaves a negative space and no share, which
        // the scenario's rebuild rule reports as not enough space.
        let kept = s.kept_free.map_or(0.0, |c| c.tb);
        usable.after_failure = Some(Utilisation::of(
            s.required.tb,
            s.capacity_left.tb - kept,
            TB,
        ));
        let _ = write!(
            usable.rule,
            " After N+{}: the {} TB required against the {} TB the surviving devices hold \
             less the {} TB vSAN keeps for its operations; above 100 % a failed host's \
             components cannot all be rebuilt.",
            hosts_failed(&e.compute),
            num(s.required.tb, 2),
            num(s.capacity_left.tb, 2),
            num(kept, 2),
        );
        usable.sources.push(source::ESA_REBUILD_SPACE);
        usable.judged.after_failure = Some(Judgement::past(
            s.space_short(),
            Line::limit(
                FindingCode::ResilienceRebuildSpaceShort,
                "what the surviving devices hold",
            ),
        ));
    }
    rows.extend([usable, raw]);
    let p = &e.performance;
    if let Some(limit) = k.iops.limit {
        rows.push(UtilisationRow {
            figure: key_figures::FRONT_END_IOPS,
            label: "Front-end IOPS".to_string(),
            at_n: Utilisation::of(k.iops.front_end, limit, IOPS),
            after_failure: k.iops.during_rebuild(),
            after_site_failure: None,
            failure: None,
            judged: Judged {
                at_n: Judgement::past(
                    over_ceiling(p.utilisation_pct, p.utilisation_ceiling_pct),
                    Line::limit(FindingCode::EsaIopsExceeded, "device IOPS limit"),
                ),
                after_failure: k.iops.during_rebuild().and(reserve).map(rebuild_iops),
                after_site_failure: None,
            },
            rule: format!(
                "{} front-end IOPS become {} device I/Os on ESA's write path; the limit, {} \
                 front-end IOPS at this mix, brings the {} NVMe devices to {} % of their rated \
                 IOPS. After N+{}: the surviving devices while the rebuild takes its share.",
                num(k.iops.front_end, 0),
                num(p.back_end_iops, 0),
                num(limit, 0),
                p.devices,
                num(p.utilisation_ceiling_pct, 0),
                hosts_failed(&e.compute),
            ),
            sources: vec![
                p.write_path_source,
                p.device_iops_source,
                source::REBUILD_PERFORMANCE,
            ],
        });
    }
    let c = &e.esa;
    rows.push(UtilisationRow {
        figure: "components",
        label: "Components per host".to_string(),
        at_n: Utilisation::of(
            c.components_per_host as f64,
            c.max_components_per_host as f64,
            "components",
        ),
        after_failure: None,
        after_site_failure: None,
        failure: None,
        judged: at_n_only(Judgement::past(
            components_exceed(c.components_per_host, c.max_components_per_host),
            Line::limit(FindingCode::EsaComponentsPerHost, "components per host"),
        )),
        rule: format!(
            "An estimated {} components on the busiest host (spread evenly) against the {} \
             vSAN supports per host.",
            num(c.components_per_host as f64, 0),
            num(c.max_components_per_host as f64, 0),
        ),
        sources: vec![c.components_source],
    });
    ClusterUtilisation {
        hosts_failed: hosts_failed(&e.compute),
        two_sites: false,
        rows,
    }
}

fn xtremio_vplex(
    e: &ArrayClusterEvaluation,
    k: &KeyFigures,
    settings: &Settings,
) -> ClusterUtilisation {
    let x = &e.xtremio_vplex;
    let survivors = Some(&x.site_failure);
    let mut rows = vec![
        cpu(k, &e.compute, survivors, settings),
        ram(k, &e.compute, survivors, settings),
    ];
    // The hosts run no storage: a host failure leaves the arrays as they were.
    let unchanged = |u: Utilisation| Some(u);
    let production = &x.sites[0];
    let usable = Utilisation::of(production.required.tb, production.usable.tb, TB);
    rows.push(UtilisationRow {
        figure: key_figures::CAPACITY_USABLE,
        label: "Capacity (required / usable, production site)".to_string(),
        at_n: usable,
        after_failure: unchanged(usable),
        after_site_failure: None,
        failure: None,
        judged: unchanged_by_hosts(Judgement::ceiling(
            production.capacity_insufficient(),
            production
                .used_pct
                .is_some_and(|u| past_alert(u, settings.capacity_alert_pct)),
            Line::at(
                settings.capacity_alert_pct,
                FindingCode::XtremioCapacityAlert,
                "capacity alert",
            ),
            Line::limit(FindingCode::XtremioCapacityInsufficient, "usable"),
        )),
        rule: format!(
            "{} TB physical (data after dedup and compression, snapshots and VPLEX system \
             volumes) on the production site's {} x {} = {} TB usable after XDP parity and \
             the array reserve. Host failures do not change the arrays, so N+{} reads the \
             same.",
            num(production.required.tb, 2),
            production.x_bricks,
            x.x_brick.name,
            num(production.usable.tb, 2),
            hosts_failed(&e.compute),
        ),
        sources: vec![source::XTREMIO_CAPACITY, x.x_brick.source],
    });
    rows.push(of_raw(k));
    if let Some(limit) = k.iops.limit {
        let v = &x.vplex;
        let at_n = Utilisation::of(v.frontend_iops, limit, IOPS);
        rows.push(UtilisationRow {
            figure: key_figures::FRONT_END_IOPS,
            label: "Front-end IOPS (VPLEX)".to_string(),
            at_n,
            after_failure: unchanged(at_n),
            after_site_failure: site_iops(k),
            failure: None,
            judged: {
                let engines = vplex_judged(v, limit);
                Judged {
                    at_n: engines,
                    after_failure: Some(engines),
                    after_site_failure: site_iops(k).map(|_| site_iops_judged(k)),
                }
            },
            rule: format!(
                "{} front-end IOPS through {} VPLEX engine(s), which peak at {} 8 KB IOPS at \
                 {} % reads and sustain {} on average.",
                num(v.frontend_iops, 0),
                v.limit.engines,
                num(limit, 0),
                num(v.limit.read_pct, 0),
                num(v.limit.frontend_iops_average, 0),
            ),
            sources: vec![v.limit.source],
        });
    }
    for site in &x.sites {
        let at_n = Utilisation::of(site.back_end_iops, site.rated_iops, IOPS);
        rows.push(UtilisationRow {
            figure: "array_iops",
            label: format!("X-Brick IOPS ({} site)", site.role.name()),
            at_n,
            after_failure: unchanged(at_n),
            after_site_failure: None,
            failure: None,
            judged: unchanged_by_hosts(Judgement::past(
                site.iops_exceeded(),
                Line::limit(FindingCode::XtremioIopsExceeded, "rated IOPS"),
            )),
            rule: format!(
                "{} I/Os reach the site's {} x {} (VPLEX cache misses and writes) against \
                 {} 8 KB OLTP IOPS rated within its latency.",
                num(site.back_end_iops, 0),
                site.x_bricks,
                x.x_brick.name,
                num(site.rated_iops, 0),
            ),
            sources: vec![source::XTREMIO_IOPS, x.x_brick.source],
        });
    }
    rows.extend(part_failure_iops(x, k));
    let w = &x.wan;
    rows.push(UtilisationRow {
        figure: "network",
        label: "Inter-site WAN".to_string(),
        at_n: Utilisation::with_pct(w.required_gbps, w.link_gbps, w.utilisation_pct, GBPS),
        after_failure: None,
        after_site_failure: None,
        failure: None,
        judged: at_n_only(Judgement::past(
            w.insufficient(),
            Line::limit(FindingCode::VplexWanLinkInsufficient, "link bandwidth"),
        )),
        rule: format!(
            "{} MB/s of distributed-volume writes need {} Gbps on a {} Gbps link.",
            num(w.write_mb_per_s, 1),
            num(w.required_gbps, 2),
            num(w.link_gbps, 0),
        ),
        sources: vec![w.source],
    });
    ClusterUtilisation {
        hosts_failed: hosts_failed(&e.compute),
        two_sites: true,
        rows,
    }
}

/// `vplex.frontend_iops_exceeded` past the engines' peak, with
/// `vplex.above_average_load`'s line where the limit divides.
fn vplex_judged(v: &VplexEvaluation, limit: f64) -> Judgement {
    let peak = Line::limit(FindingCode::VplexFrontendIopsExceeded, "engines' peak");
    if limit > 0.0 {
        Judgement::ceiling(
            v.frontend_iops_exceeded(),
            v.above_average_load(),
            Line::at(
                v.limit.frontend_iops_average / limit * 100.0,
                FindingCode::VplexAboveAverageLoad,
                "what the engines sustain on average",
            ),
            peak,
        )
    } else {
        Judgement::past(v.frontend_iops_exceeded(), peak)
    }
}

/// The part that binds after the worst failure of an array or VPLEX part
/// (`KeyFigures::part_failure`): at N the production site's, judged as its
/// own row; after N+x that failure's, judged by `xtremio.failure_iops`.
/// A host failure leaves the arrays as they were, so the column plays the
/// parts' failures instead, named in `failure`.
fn part_failure_iops(x: &XtremioVplexEvaluation, k: &KeyFigures) -> Option<UtilisationRow> {
    let p = k.part_failure.as_ref()?;
    let f = x.failures.iter().find(|f| f.kind == p.kind)?;
    let production = &x.sites[0];
    let (part, at_n, judged_at_n) = if p.vplex_binds {
        let limit = k.iops.limit?;
        (
            "VPLEX",
            Utilisation::of(x.vplex.frontend_iops, limit, IOPS),
            vplex_judged(&x.vplex, limit),
        )
    } else {
        (
            "X-Bricks",
            Utilisation::of(production.back_end_iops, production.rated_iops, IOPS),
            Judgement::past(
                production.iops_exceeded(),
                Line::limit(FindingCode::XtremioIopsExceeded, "rated IOPS"),
            ),
        )
    };
    let failure = failure_name(f.kind);
    Some(UtilisationRow {
        figure: key_figures::PART_FAILURE_IOPS,
        label: "Array / VPLEX IOPS (worst part failure)".to_string(),
        at_n,
        after_failure: Some(p.after),
        failure: Some(failure),
        after_site_failure: None,
        judged: Judged {
            at_n: judged_at_n,
            after_failure: Some(Judgement::past(
                f.iops_short(),
                Line::limit(FindingCode::XtremioFailureIops, "IOPS the parts left carry"),
            )),
            after_site_failure: None,
        },
        rule: format!(
            "The {part} bind: with every part up, {} of the {} IOPS of the production site's \
             {part}. After {failure} (the worst for IOPS of a storage controller, SSD, VPLEX \
             director, VPLEX engine or inter-site link failure), the {part} serving the running \
             workloads: {} of the {} IOPS left; past 100 % the workloads cannot run as sized \
             until the failed part is replaced. A site failure is the IOPS row's site column.",
            num(at_n.used, 0),
            num(at_n.limit, 0),
            num(p.after.used, 0),
            num(p.after.limit, 0),
        ),
        sources: vec![f.source, source::XTREMIO_IOPS, x.vplex.limit.source],
    })
}

fn hosts_failed(c: &ClusterCompute) -> u32 {
    c.hosts - c.hosts_after_failure
}

fn cpu(
    k: &KeyFigures,
    c: &ClusterCompute,
    site: Option<&SiteFailure>,
    settings: &Settings,
) -> UtilisationRow {
    let mut rule = format!(
        "Cores needed = each workload's vCPUs / its vCPU:pCore ceiling, + {} % virtualisation \
         overhead = {} cores; against {} cores on {} hosts (N) and {} on {} hosts after N+{}",
        num(c.virtualization_overhead_pct, 0),
        num(c.cores_needed, 1),
        c.physical_cores,
        c.hosts,
        c.physical_cores_after_failure,
        c.hosts_after_failure,
        hosts_failed(c),
    );
    if let Some(s) = &k.site_failure {
        let _ = write!(rule, ", {} in the surviving site", num(s.cpu.limit, 0));
    }
    let _ = write!(
        rule,
        ". Above the {} % CPU ceiling set for planning after N+x is a warning; above 100 % the \
         VMs cannot run within their vCPU:pCore ceilings.",
        num(settings.cpu_ceiling_pct, 0)
    );
    UtilisationRow {
        figure: key_figures::CPU,
        label: "CPU (cores needed / cores)".to_string(),
        at_n: k.cpu.at_n,
        after_failure: (hosts_failed(c) > 0).then_some(k.cpu.after_failure),
        after_site_failure: k.site_failure.as_ref().map(|s| s.cpu),
        failure: None,
        judged: cpu_judged(c, site, settings),
        rule,
        sources: vec![
            source::SQL_CPU_RATIO,
            source::VIRTUALIZATION_OVERHEAD,
            source::CPU_CEILING,
            source::HA_HOST_RESERVE,
        ],
    }
}

fn ram(
    k: &KeyFigures,
    c: &ClusterCompute,
    site: Option<&SiteFailure>,
    settings: &Settings,
) -> UtilisationRow {
    let vsan = if c.vsan_memory_per_host_gb > 0.0 {
        format!(
            " less vSAN's {} GB = {} GB",
            num(c.vsan_memory_per_host_gb, 1),
            num(c.usable_ram_per_host_gb, 1)
        )
    } else {
        String::new()
    };
    let mut sources = vec![source::SQL_MEMORY_RESERVED, source::RAM_CEILING];
    if c.vsan_memory_per_host_gb > 0.0 {
        sources.push(c.vsan_memory_source);
    }
    sources.push(source::HA_HOST_RESERVE);
    UtilisationRow {
        figure: key_figures::RAM,
        label: "RAM (VM memory / RAM for VMs)".to_string(),
        at_n: k.ram.at_n,
        after_failure: (hosts_failed(c) > 0).then_some(k.ram.after_failure),
        after_site_failure: k.site_failure.as_ref().map(|s| s.ram),
        failure: None,
        judged: ram_judged(c, site, settings),
        rule: format!(
            "{} GB of VM memory against {} GB per host{vsan}, x {} hosts = {} GB (N), {} GB \
             after N+{}. Above the {} % RAM ceiling set for planning after N+x is a warning \
             (room for ESXi's per-VM overhead and growth), above 100 % the VMs cannot all \
             restart without overcommitting memory.",
            num(c.ram_demand_gb, 0),
            num(c.ram_per_host_gb, 0),
            c.hosts,
            num(c.usable_ram_gb, 0),
            num(c.usable_ram_after_failure_gb, 0),
            hosts_failed(c),
            num(settings.ram_ceiling_pct, 0),
        ),
        sources,
    }
}

/// What each architecture's datastore is, for the fullness row's rule.
const OSA_DATASTORE: &str = "raw less the on-disk format and dedup metadata";
const ESA_DATASTORE: &str = "the storage pool's raw capacity";

/// Required against the datastore (vSAN's fullness figure), with the
/// failure scenarios' datastore left once their components are rebuilt.
fn fullness(
    capacity: &CapacityEvaluation,
    datastore: &str,
    settings: &Settings,
    reserve: Option<&FailureScenario>,
    site: Option<&FailureScenario>,
) -> UtilisationRow {
    let after = |s: &FailureScenario| {
        Utilisation::with_pct(
            s.required.tb,
            s.capacity_left.tb,
            s.used_after_rebuild_pct,
            TB,
        )
    };
    let mut rule = format!(
        "{} TB required on a {} TB datastore ({datastore}). \
         vSAN raises an alert and starts rebalancing at {} % full.",
        num(capacity.required.tb, 2),
        num(capacity.datastore.tb, 2),
        num(settings.capacity_alert_pct, 0),
    );
    // Where no host is left to rebuild on, nothing is rebuilt until the
    // host returns (`FailureScenario::used_after_rebuild_pct` is absent):
    // there is no fullness after the rebuild to show or judge.
    let no_rebuild = reserve.is_some_and(|s| s.used_after_rebuild_pct.is_none());
    let reserve = reserve.filter(|_| !no_rebuild);
    if reserve.is_some() || site.is_some() {
        rule.push_str(
            " After a failure: what the surviving devices hold once every component is rebuilt.",
        );
    } else if !no_rebuild {
        rule.push_str(" Failure what-ifs are not modelled for this kind.");
    }
    if no_rebuild {
        rule.push_str(
            " After the N+x host failures nothing is rebuilt until the host returns: no host is \
             left to rebuild on.",
        );
    }
    UtilisationRow {
        figure: "datastore_fullness",
        label: "Datastore fullness".to_string(),
        at_n: Utilisation::with_pct(
            capacity.required.tb,
            capacity.datastore.tb,
            capacity.datastore_used_pct,
            TB,
        ),
        after_failure: reserve.map(after),
        after_site_failure: site.map(after),
        failure: None,
        judged: fullness_judged(capacity, settings, reserve, site),
        rule,
        sources: vec![source::CAPACITY_ALERT, source::REBUILD_SPACE],
    }
}

/// Required against usable (raw less every overhead and reserve) and raw.
fn capacity_rows(
    k: &KeyFigures,
    capacity: &CapacityEvaluation,
    settings: &Settings,
) -> [UtilisationRow; 2] {
    let mut steps = String::new();
    for s in &capacity.waterfall {
        let sign = match s.kind {
            StepKind::Start => "",
            StepKind::Deduction => "- ",
            StepKind::Subtotal => continue,
        };
        if !steps.is_empty() {
            steps.push(' ');
        }
        let _ = write!(
            steps,
            "{sign}{} {} TB",
            s.label.to_lowercase(),
            num(s.amount.tb, 2)
        );
    }
    let usable = UtilisationRow {
        figure: key_figures::CAPACITY_USABLE,
        label: "Capacity (required / usable)".to_string(),
        at_n: k.capacity_use.of_usable,
        after_failure: None,
        after_site_failure: None,
        failure: None,
        judged: at_n_only(Judgement::past(
            capacity_insufficient(capacity.required.gb, capacity.usable.gb),
            Line::limit(FindingCode::CapacityInsufficient, "usable"),
        )),
        rule: format!(
            "{} TB required (after protection, data reduction and {} years of growth) against \
             {} TB usable: {steps}. Usable already keeps the N+x rebuild space free, so it has \
             no separate N+x figure (the datastore fullness row shows the failure).",
            num(capacity.required.tb, 2),
            settings.planning_horizon_years,
            num(capacity.usable.tb, 2),
        ),
        sources: vec![
            source::SLACK_SPACE,
            source::HOST_REBUILD_RESERVE,
            source::ON_DISK_FORMAT,
        ],
    };
    [usable, of_raw(k)]
}

fn of_raw(k: &KeyFigures) -> UtilisationRow {
    UtilisationRow {
        figure: "capacity_raw",
        label: "Capacity (required / raw)".to_string(),
        at_n: k.capacity_use.of_raw,
        after_failure: None,
        after_site_failure: None,
        // Past raw, usable (raw less every overhead) is short too:
        // `capacity.insufficient` fires.
        failure: None,
        judged: at_n_only(Judgement::past(
            capacity_insufficient(k.required.gb, k.raw.gb),
            Line::limit(FindingCode::CapacityInsufficient, "raw"),
        )),
        rule: format!(
            "{} TB required against {} TB raw: the share of the bought capacity the protected \
             data fills.",
            num(k.required.tb, 2),
            num(k.raw.tb, 2),
        ),
        sources: vec![source::IEC_UNITS],
    }
}

/// `IopsFigures::after_site_failure` at the surviving site's headroom.
fn site_iops(k: &KeyFigures) -> Option<Utilisation> {
    k.iops
        .after_site_failure(k.site_failure.as_ref().and_then(|s| s.iops_headroom))
}

fn cache_rows(e: &ClusterEvaluation) -> Vec<UtilisationRow> {
    let c = &e.cache;
    let tier = e.tier;
    let after = c.after_failure.as_ref();
    let x = hosts_failed(&e.compute);
    let mut cache = UtilisationRow {
        figure: "cache",
        label: "Cache (required / installed)".to_string(),
        at_n: Utilisation::of(c.required.gb, c.installed.gb, GB),
        after_failure: after.map(|a| Utilisation::of(c.required.gb, a.installed.gb, GB)),
        after_site_failure: None,
        failure: None,
        judged: cache_judged(c, tier),
        rule: format!(
            "The workloads ask for {} GB of cache ({} GB per disk group over {} disk groups) \
             against {} GB installed.",
            num(c.required.gb, 0),
            num(c.required_per_disk_group.gb, 0),
            c.disk_groups,
            num(c.installed.gb, 0),
        ),
        sources: vec![
            source::CACHE_TEN_PCT,
            source::CACHE_WORKING_SET,
            source::CACHE_AVAILABILITY_GROUP,
        ],
    };
    after_n_plus_x(&mut cache.rule, after, x, |a| {
        format!(
            "the same {} GB against the {} GB of the {} hosts left ({} GB per disk group)",
            num(c.required.gb, 0),
            num(a.installed.gb, 0),
            a.hosts_left,
            num(a.required_per_disk_group.gb, 0),
        )
    });
    let mut rows = vec![cache];
    let p = &e.performance;
    if tier == StorageTier::Hybrid && p.read_cache_gb > 0.0 {
        let mut read_cache = UtilisationRow {
            figure: "read_cache",
            label: "Working set / read cache".to_string(),
            at_n: Utilisation::of(p.working_set_gb, p.read_cache_gb, GB),
            after_failure: after.map(|a| Utilisation::of(p.working_set_gb, a.read_cache_gb, GB)),
            after_site_failure: None,
            // Misses cost latency, which the latency findings judge.
            failure: None,
            judged: unjudged(after.is_some()),
            rule: format!(
                "{} GB of working sets against the {} GB read cache (70 % of the hybrid cache \
                 devices); what does not fit misses to the spinning disks.",
                num(p.working_set_gb, 0),
                num(p.read_cache_gb, 0),
            ),
            sources: vec![source::CACHE_WORKING_SET, p.read_cache_model],
        };
        after_n_plus_x(&mut read_cache.rule, after, x, |a| {
            format!(
                "the same working sets against the {} GB read cache of the {} hosts left",
                num(a.read_cache_gb, 0),
                a.hosts_left,
            )
        });
        rows.push(read_cache);
    }
    // Every disk group takes an even share: the tightest device binds, at
    // N and after N+x alike (the shares scale together).
    let tightest =
        |f: &dyn Fn(&crate::platform::vsan_osa::cache::DiskGroupCache) -> Option<Utilisation>| {
            c.per_disk_group
                .iter()
                .filter_map(|d| f(d).map(|u| (d, u)))
                .max_by(|a, b| a.1.pct.unwrap_or(0.0).total_cmp(&b.1.pct.unwrap_or(0.0)))
        };
    if tier == StorageTier::AllFlash {
        if let Some((d, u)) = tightest(&|d| {
            Some(Utilisation::of(
                c.required_per_disk_group.gb,
                d.write_buffer.gb,
                GB,
            ))
        }) {
            let mut row = UtilisationRow {
                figure: "write_buffer",
                label: "Write buffer per disk group".to_string(),
                at_n: u,
                after_failure: after
                    .map(|a| Utilisation::of(a.required_per_disk_group.gb, d.write_buffer.gb, GB)),
                after_site_failure: None,
                // Past the buffer, writes destage sooner: the cache rule
                // (`cache` row) and the latency findings judge it.
                failure: None,
                judged: unjudged(after.is_some()),
                rule: format!(
                    "{} GB of cache asked per disk group against the {} GB {} buffers (an \
                     all-flash cache device buffers at most 600 GB; more disk groups add \
                     buffer, a larger device only endurance).",
                    num(c.required_per_disk_group.gb, 0),
                    num(d.write_buffer.gb, 0),
                    d.cache_device,
                ),
                sources: vec![d.write_buffer_source],
            };
            after_n_plus_x(&mut row.rule, after, x, |a| {
                format!(
                    "{} GB asked of each of the {} disk groups left",
                    num(a.required_per_disk_group.gb, 0),
                    a.disk_groups,
                )
            });
            rows.push(row);
        }
    }
    if let Some((d, u)) = tightest(&|d| {
        Some(Utilisation::of(
            d.writes_per_s,
            d.rated_writes_per_s,
            "writes/s",
        ))
    }) {
        let mut row = UtilisationRow {
            figure: "cache_writes",
            label: "Cache writes per disk group".to_string(),
            at_n: u,
            after_failure: after
                .map(|a| Utilisation::of(a.writes_per_s, d.rated_writes_per_s, "writes/s")),
            after_site_failure: None,
            failure: None,
            judged: Judged {
                at_n: Judgement::past(
                    writes_exceed_rating(d.writes_per_s, d.rated_writes_per_s),
                    Line::limit(FindingCode::CacheWritesExceedRating, "rated writes"),
                ),
                // No finding holds the surviving disk groups' writes to the
                // rating while the hosts are down.
                after_failure: after.map(|_| Judgement::UNJUDGED),
                after_site_failure: None,
            },
            rule: format!(
                "{} writes/s reach each disk group's {} (the cluster's cache writes spread over \
                 {} disk groups) against the {} it sustains.",
                num(d.writes_per_s, 0),
                d.cache_device,
                c.disk_groups,
                num(d.rated_writes_per_s, 0),
            ),
            sources: vec![source::CACHE_WRITE_LOAD, d.rated_source],
        };
        after_n_plus_x(&mut row.rule, after, x, |a| {
            format!(
                "the same writes spread over the {} disk groups left, {} writes/s each",
                a.disk_groups,
                num(a.writes_per_s, 0),
            )
        });
        rows.push(row);
    }
    if let Some((d, u)) = tightest(&|d| {
        d.endurance
            .as_ref()
            .map(|n| Utilisation::of(n.written_tb, n.rated_tbw, "TBW"))
    }) {
        let horizon = d.endurance.as_ref().map_or(0, |n| n.horizon_years);
        let mut rule = format!(
            "{} TB written to each {} over the {horizon}-year planning horizon against its {} \
             TBW rating (capacity x DWPD x 365 x 5 years).",
            num(u.used, 0),
            d.cache_device,
            num(u.limit, 0),
        );
        if x > 0 {
            // A failed host is repaired or replaced within days; the rating
            // is spent over years, so its share of the horizon is too small
            // to state without a repair time the model does not hold.
            let _ = write!(
                rule,
                " After N+{x}: not modelled; the surviving devices take more writes only until \
                 the failed host is repaired, a small part of the horizon."
            );
        }
        rows.push(UtilisationRow {
            figure: "cache_endurance",
            label: format!("Cache endurance over {horizon} years"),
            at_n: u,
            after_failure: None,
            after_site_failure: None,
            failure: None,
            judged: at_n_only(Judgement::past(
                endurance_exceeded(u.used, u.limit),
                Line::limit(FindingCode::CacheEnduranceExceeded, "rated TBW"),
            )),
            rule,
            sources: vec![source::CACHE_WRITE_LOAD, source::ENDURANCE_TBW],
        });
    }
    rows
}

/// Adds what a cache row reads after N+x to its rule: the failed hosts'
/// disk groups take their cache devices away while the data, rebuilt on
/// the hosts left, asks the same of the cache.
fn after_n_plus_x(
    rule: &mut String,
    after: Option<&CacheAfterFailure>,
    hosts_failed: u32,
    what: impl Fn(&CacheAfterFailure) -> String,
) {
    match after {
        Some(a) => {
            let _ = write!(
                rule,
                " After N+{hosts_failed}: the failed hosts' disk groups take their cache away \
                 while their data is rebuilt on the others, so {}.",
                what(a)
            );
        }
        None if hosts_failed > 0 => {
            let _ = write!(
                rule,
                " After N+{hosts_failed}: not modelled, no host is left to rebuild on."
            );
        }
        None => {}
    }
}

const TB: &str = "TB";
const GB: &str = "GB";
const IOPS: &str = "IOPS";
const GBPS: &str = "Gbps";

#[cfg(test)]
mod tests;
