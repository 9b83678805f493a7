//! What an XtremIO + VPLEX Metro design keeps when one part fails: a
//! storage controller or an SSD of a production X-Brick, a VPLEX director
//! or engine at the production site, a whole site, or the inter-site link.
//! For each: the usable capacity of the array that then holds the data vs
//! what it must hold, the array's and the VPLEX's IOPS capability vs the
//! demand they then carry, and which workloads keep running.
//!
//! Published behaviour comes from seed 004 (VPLEX Witness, Table 5, Table 11,
//! the failover test) and the public XtremIO and VPLEX documents (see each
//! `source`); the performance lost with a controller, an SSD rebuild or a
//! director is not published and comes from user-adjustable settings.
//! The production site runs every workload and is the preferred cluster of
//! the distributed volumes' detach rule (an assumption: seed 004 ran its
//! FCIs there and named a preferred site without stating the rule).

use serde::Serialize;

use super::sites::{ArraySite, PlacedVolumes, SiteRole};
use super::vplex::{vplex_limit, DIRECTORS_PER_ENGINE};
use super::x_brick::XBrickModel;
use crate::model::{Capacity, Id, ResilienceSettings, VolumePlacement};
use crate::ratio::{percent, ratio};
use crate::source;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum ArrayFailureKind {
    StorageController,
    Ssd,
    VplexDirector,
    VplexEngine,
    ProductionSite,
    RemoteSite,
    InterSiteLink,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct ArrayFailure {
    pub kind: ArrayFailureKind,
    /// Where the failed part is.
    pub site: SiteRole,
    /// What the arrays, VPLEX and the Witness do.
    pub effect: String,
    /// The site whose array and VPLEX serve the running workloads after it.
    pub serving_site: SiteRole,
    /// Usable physical capacity of the serving array, healthy and after.
    pub usable_healthy: Capacity,
    pub usable_after: Capacity,
    /// What the serving array must hold (data, snapshots, system volumes).
    pub required: Capacity,
    pub fits: bool,
    /// 8 KB OLTP IOPS the serving array serves within its latency, healthy
    /// and after, and the back-end I/O it must then carry.
    pub array_iops_healthy: f64,
    pub array_iops_after: f64,
    pub array_iops_demand: f64,
    /// Peak front-end IOPS of the serving VPLEX at the running workloads'
    /// mix (seed 004 Table 11), healthy and after, and their demand.
    pub vplex_iops_healthy: f64,
    pub vplex_iops_after: f64,
    pub vplex_iops_demand: f64,
    /// The lower of array and VPLEX capability / demand; absent without demand.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub iops_headroom: Option<f64>,
    /// Data XDP rebuilds into free space (SSD failure only).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub rebuild: Option<Capacity>,
    pub workloads_running: Vec<Id>,
    pub workloads_stopped: Vec<Id>,
    /// The distributed volumes run on one copy until the other site returns.
    pub site_copy_lost: bool,
    pub source: &'static str,
}

impl ArrayFailure {
    /// The design absorbs the failure: the data still fits, the parts
    /// left carry the running workloads' IOPS, and no workload stops.
    pub fn holds(&self) -> bool {
        self.fits && !self.iops_short() && self.workloads_stopped.is_empty()
    }

    /// `xtremio.failure_iops`: the array and VPLEX left carry less than
    /// the running workloads demand (`rules::iops_short`, as after every
    /// other failure). More X-Bricks or engines only add IOPS left.
    pub fn iops_short(&self) -> bool {
        crate::rules::iops_short(self.iops_headroom)
    }

    /// The VPLEX, not the array, carries the smaller share of its demand
    /// after the failure: it sets `iops_headroom`.
    pub fn vplex_binds(&self) -> bool {
        let array = ratio(self.array_iops_after, self.array_iops_demand).unwrap_or(f64::INFINITY);
        let vplex = ratio(self.vplex_iops_after, self.vplex_iops_demand).unwrap_or(f64::INFINITY);
        vplex < array
    }

    /// A whole site down: the site-failure figures judge it
    /// (`stretched.site_failure_*`), not the parts' N+x.
    pub fn is_site(&self) -> bool {
        matches!(
            self.kind,
            ArrayFailureKind::ProductionSite | ArrayFailureKind::RemoteSite
        )
    }
}

/// The failure of a part (not a whole site) that leaves the least IOPS
/// headroom, the first of equals; None without demand.
pub fn worst_part_failure(failures: &[ArrayFailure]) -> Option<&ArrayFailure> {
    failures
        .iter()
        .filter(|f| !f.is_site())
        .filter_map(|f| f.iops_headroom.map(|h| (f, h)))
        .fold(
            None,
            |worst: Option<(&ArrayFailure, f64)>, (f, h)| match worst {
                Some((_, w)) if w <= h => worst,
                _ => Some((f, h)),
            },
        )
        .map(|(f, _)| f)
}

/// The healthy design the scenarios start from.
pub struct Healthy<'a> {
    pub model: &'a XBrickModel,
    pub x_bricks: u32,
    pub engines: u32,
    /// Production first, then remote.
    pub sites: &'a [ArraySite],
    pub volumes: &'a [PlacedVolumes<'a>],
    /// Share of VPLEX reads its cache serves (0-1).
    pub read_cache_hit: f64,
}

/// Front-end and back-end I/O of a set of volumes.
#[derive(Clone, Copy)]
struct Io {
    reads: f64,
    total: f64,
    /// Reaching the array: VPLEX cache misses, writes, mounted snapshots.
    back_end: f64,
    /// Passing through VPLEX.
    front_end: f64,
}

fn io<'a>(volumes: impl Iterator<Item = &'a PlacedVolumes<'a>>, hit: f64) -> Io {
    volumes.fold(
        Io {
            reads: 0.0,
            total: 0.0,
            back_end: 0.0,
            front_end: 0.0,
        },
        |acc, v| {
            let f = &v.front_end;
            let (back_end, front_end) = if v.through_vplex() {
                (f.read_iops * (1.0 - hit) + f.write_iops, f.total_iops)
            } else {
                (f.total_iops, 0.0)
            };
            Io {
                reads: acc.reads + if v.through_vplex() { f.read_iops } else { 0.0 },
                total: acc.total + front_end,
                back_end: acc.back_end + back_end,
                front_end: acc.front_end + front_end,
            }
        },
    )
}

impl Healthy<'_> {
    fn production(&self) -> &ArraySite {
        &self.sites[0]
    }

    fn remote(&self) -> &ArraySite {
        &self.sites[1]
    }

    /// Peak front-end IOPS of one site's VPLEX at a mix (Table 11's 90 %
    /// reads without demand).
    fn vplex_peak(&self, io: Io) -> f64 {
        let read_pct = percent(io.reads, io.total)
            .unwrap_or(90.0)
            .clamp(0.0, 100.0);
        vplex_limit(self.engines, read_pct).map_or(0.0, |l| l.frontend_iops_peak)
    }

    fn ids<'b>(&'b self, keep: impl Fn(&PlacedVolumes) -> bool + 'b) -> Vec<Id> {
        self.volumes
            .iter()
            .filter(|v| keep(v))
            .map(|v| v.placed.workload.id.clone())
            .collect()
    }

    /// A failure inside the production site that leaves every workload
    /// running there, with the given shares of the array's and the VPLEX's
    /// capability kept and capacity lost.
    fn degraded(
        &self,
        kind: ArrayFailureKind,
        effect: String,
        kept: Kept,
        source: &'static str,
    ) -> ArrayFailure {
        let p = self.production();
        let all = io(self.volumes.iter(), self.read_cache_hit);
        let vplex = self.vplex_peak(all);
        let usable_after = p.usable.gb - kept.usable_lost_gb;
        outcome(Outcome {
            kind,
            site: SiteRole::Production,
            effect,
            serving_site: SiteRole::Production,
            usable_healthy: p.usable.gb,
            usable_after,
            required: p.required.gb,
            array_healthy: p.rated_iops,
            array_after: p.rated_iops * kept.array,
            array_demand: p.back_end_iops,
            vplex_healthy: vplex,
            vplex_after: vplex * kept.vplex,
            vplex_demand: all.front_end,
            rebuild_gb: kept.rebuild_gb,
            running: self.ids(|_| true),
            stopped: Vec::new(),
            site_copy_lost: false,
            source,
        })
    }

    /// The production site's storage gone (the site, or its only VPLEX
    /// engine): the Witness lets the remote cluster continue the distributed
    /// volumes; local volumes and mounted snapshots stop with the site.
    fn production_storage_lost(&self, kind: ArrayFailureKind, effect: String) -> ArrayFailure {
        let r = self.remote();
        let distributed = |v: &PlacedVolumes| v.placement == VolumePlacement::Distributed;
        let surviving = io(
            self.volumes.iter().filter(|v| distributed(v)),
            self.read_cache_hit,
        );
        let vplex = self.vplex_peak(surviving);
        outcome(Outcome {
            kind,
            site: SiteRole::Production,
            effect,
            serving_site: SiteRole::Remote,
            usable_healthy: r.usable.gb,
            usable_after: r.usable.gb,
            required: r.required.gb,
            array_healthy: r.rated_iops,
            array_after: r.rated_iops,
            array_demand: surviving.back_end,
            vplex_healthy: vplex,
            vplex_after: vplex,
            vplex_demand: surviving.front_end,
            rebuild_gb: None,
            running: self.ids(distributed),
            stopped: self.ids(move |v| !distributed(v)),
            site_copy_lost: true,
            source: source::VPLEX_SITE_FAILURE,
        })
    }
}

/// Shares kept by a failure inside the production site.
struct Kept {
    array: f64,
    vplex: f64,
    usable_lost_gb: f64,
    rebuild_gb: Option<f64>,
}

const INTACT: Kept = Kept {
    array: 1.0,
    vplex: 1.0,
    usable_lost_gb: 0.0,
    rebuild_gb: None,
};

/// The scenarios, in the order the report lists them.
pub fn array_failures(h: &Healthy, s: &ResilienceSettings) -> Vec<ArrayFailure> {
    let bricks = f64::from(h.x_bricks.max(1));
    let engines = f64::from(h.engines.max(1));
    let per_director = s.vplex_director_loss_iops_pct / 100.0 / engines;
    let ssd_usable_gb = h.model.usable_gb() / f64::from(h.model.ssds.max(1));
    let ssd_data_gb = ratio(
        h.production().required.gb.max(0.0),
        bricks * f64::from(h.model.ssds),
    )
    .unwrap_or(0.0);
    let controller = h.degraded(
        ArrayFailureKind::StorageController,
        format!(
            "One of the two active/active storage controllers of a production X-Brick fails; its peer serves all of that X-Brick's SSDs, which stay online. The X-Brick loses {} % of its IOPS (an assumption).",
            s.x_brick_controller_loss_iops_pct
        ),
        Kept {
            array: 1.0 - s.x_brick_controller_loss_iops_pct / 100.0 / bricks,
            ..INTACT
        },
        source::X_BRICK_CONTROLLER_FAILURE,
    );
    let ssd = h.degraded(
        ArrayFailureKind::Ssd,
        format!(
            "One SSD of a production X-Brick fails; XDP (23 + 2, two concurrent SSD failures per X-Brick) rebuilds its data into free space, as there is no spare: the X-Brick keeps {} of {} SSDs' capacity and loses {} % of its IOPS while rebuilding (an assumption).",
            h.model.ssds.saturating_sub(1),
            h.model.ssds,
            s.xdp_rebuild_iops_loss_pct
        ),
        Kept {
            array: 1.0 - s.xdp_rebuild_iops_loss_pct / 100.0 / bricks,
            usable_lost_gb: ssd_usable_gb,
            rebuild_gb: Some(ssd_data_gb),
            ..INTACT
        },
        source::XDP_SSD_FAILURE,
    );
    let director = h.degraded(
        ArrayFailureKind::VplexDirector,
        format!(
            "One of the production VPLEX's {} directors fails; hosts' paths fail over to the others, which serve every volume. The VPLEX loses {} % of one engine's IOPS (an assumption).",
            h.engines * DIRECTORS_PER_ENGINE,
            s.vplex_director_loss_iops_pct
        ),
        Kept {
            vplex: (1.0 - per_director).max(0.0),
            ..INTACT
        },
        source::VPLEX_DIRECTOR_FAILURE,
    );
    let engine = if h.engines > 1 {
        h.degraded(
            ArrayFailureKind::VplexEngine,
            format!(
                "One of the production VPLEX's {} engines fails (both its directors); the others serve every volume.",
                h.engines
            ),
            Kept {
                vplex: (1.0 - f64::from(DIRECTORS_PER_ENGINE) * per_director).max(0.0),
                ..INTACT
            },
            source::VPLEX_DIRECTOR_FAILURE,
        )
    } else {
        h.production_storage_lost(
            ArrayFailureKind::VplexEngine,
            "The production VPLEX's only engine fails: that VPLEX cluster is down, the VPLEX Witness lets the remote cluster continue the distributed volumes and the SQL Server FCIs fail over to the remote site's nodes; volumes only at the production site are unreachable.".to_string(),
        )
    };
    let site = h.production_storage_lost(
        ArrayFailureKind::ProductionSite,
        "The production site fails (hosts, VPLEX and XtremIO): the VPLEX Witness lets the remote cluster continue the distributed volumes and the FCIs restart on the remote nodes (seed 004: about one minute); local volumes and mounted snapshots are lost with the site.".to_string(),
    );
    let remote_site = ArrayFailure {
        kind: ArrayFailureKind::RemoteSite,
        site: SiteRole::Remote,
        effect: "The remote site fails: the VPLEX Witness keeps the production cluster serving every volume; the distributed volumes run on the production copy only and the logging volume tracks their writes for the rebuild.".to_string(),
        site_copy_lost: true,
        source: source::VPLEX_SITE_FAILURE,
        ..h.degraded(ArrayFailureKind::RemoteSite, String::new(), INTACT, "")
    };
    let link = ArrayFailure {
        kind: ArrayFailureKind::InterSiteLink,
        site: SiteRole::Witness,
        effect: "The inter-site link fails while both VPLEX clusters still reach the Witness: the detach rule's preferred cluster (the production site, an assumption) continues every volume and the remote cluster suspends the distributed volumes; the logging volume tracks writes until the link returns and a rebuild resynchronises them.".to_string(),
        site_copy_lost: true,
        source: source::VPLEX_LINK_FAILURE,
        ..h.degraded(ArrayFailureKind::InterSiteLink, String::new(), INTACT, "")
    };
    vec![controller, ssd, director, engine, site, remote_site, link]
}

struct Outcome {
    kind: ArrayFailureKind,
    site: SiteRole,
    effect: String,
    serving_site: SiteRole,
    usable_healthy: f64,
    usable_after: f64,
    required: f64,
    array_healthy: f64,
    array_after: f64,
    array_demand: f64,
    vplex_healthy: f64,
    vplex_after: f64,
    vplex_demand: f64,
    rebuild_gb: Option<f64>,
    running: Vec<Id>,
    stopped: Vec<Id>,
    site_copy_lost: bool,
    source: &'static str,
}

/// Whether the serving array still holds its data once the failure is
/// absorbed (`xtremio.failure_capacity` when not): usable capacity after
/// the failure grows with the X-Bricks (a failed SSD costs one SSD's worth
/// whatever the count), the data does not.
#[inline]
fn data_fits(required_gb: f64, usable_after_gb: f64) -> bool {
    required_gb <= usable_after_gb
}

fn outcome(o: Outcome) -> ArrayFailure {
    let headroom = [
        ratio(o.array_after, o.array_demand),
        ratio(o.vplex_after, o.vplex_demand),
    ]
    .into_iter()
    .flatten()
    .reduce(f64::min);
    ArrayFailure {
        kind: o.kind,
        site: o.site,
        effect: o.effect,
        serving_site: o.serving_site,
        usable_healthy: Capacity::from_gb(o.usable_healthy),
        usable_after: Capacity::from_gb(o.usable_after),
        required: Capacity::from_gb(o.required),
        fits: data_fits(o.required, o.usable_after),
        array_iops_healthy: o.array_healthy,
        array_iops_after: o.array_after,
        array_iops_demand: o.array_demand,
        vplex_iops_healthy: o.vplex_healthy,
        vplex_iops_after: o.vplex_after,
        vplex_iops_demand: o.vplex_demand,
        iops_headroom: headroom,
        rebuild: o.rebuild_gb.map(Capacity::from_gb),
        workloads_running: o.running,
        workloads_stopped: o.stopped,
        site_copy_lost: o.site_copy_lost,
        source: o.source,
    }
}
