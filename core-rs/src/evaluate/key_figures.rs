//! The figures every kind of cluster has, computed once here so that the
//! report, the CLI, Compare and the dashboard read the same numbers: raw,
//! usable, required and headroom, IOPS against the limit, CPU and RAM at N
//! and after N+x, capacity use, cost, latency where modelled, the site
//! failure where there are two sites, and the figure with the highest
//! share of its limit.
//! What a kind does not model is named in `not_modelled`, never a zero.

use serde::Serialize;

use super::{ArrayClusterEvaluation, ClusterDetail, ClusterEvaluation, EsaClusterEvaluation};
use crate::bom::ClusterCost;
use crate::demand::compute::ClusterCompute;
use crate::model::Capacity;
use crate::platform::two_sites::SiteFailure;
use crate::platform::vsan_osa::capacity::CapacityEvaluation;
use crate::platform::xtremio_vplex::{iops_after_name, worst_part_failure, ArrayFailureKind};
use crate::ratio::percent;
use crate::resilience::{ClusterResilience, FailureKind};

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct KeyFigures {
    pub hosts: u32,
    /// vSAN capacity devices (ESA: the storage pools), or both sites' X-Bricks.
    pub raw: Capacity,
    pub usable: Capacity,
    /// What the workloads need after protection and data reduction.
    pub required: Capacity,
    /// Usable - required (negative when short).
    pub headroom: Capacity,
    /// Headroom as a share of usable, in %; absent without usable capacity.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub headroom_pct: Option<f64>,
    pub iops: IopsFigures,
    /// Cores the workloads need against the cores there are.
    pub cpu: AtNAndAfterFailure,
    /// VM memory against the RAM VMs can have (host RAM less vSAN's).
    pub ram: AtNAndAfterFailure,
    /// vCPU per physical core left after N+x; absent without cores.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub vcpu_per_core_after_failure: Option<f64>,
    /// Required capacity against usable and against raw.
    pub capacity_use: CapacityUse,
    /// The bill of materials as the project prices it.
    pub cost: ClusterCost,
    /// The slowest workload's estimated latency, of the workloads that do
    /// I/O (one that does none waits for nothing); absent where the kind
    /// does not model latency (named in `not_modelled`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub latency: Option<Latency>,
    /// A whole site down; absent on single-site clusters.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub site_failure: Option<SiteFailureUse>,
    /// The failure of an array or VPLEX part that leaves the least of the
    /// IOPS the workloads demand; XtremIO + VPLEX only, with demand.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub part_failure: Option<PartFailureUse>,
    /// The utilisation with the highest share of its limit; absent when
    /// none has a limit to divide by.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub binding: Option<Binding>,
    /// What this kind of cluster does not model, and why.
    pub not_modelled: Vec<NotModelled>,
}

/// A demand against its limit.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct Utilisation {
    pub used: f64,
    pub limit: f64,
    /// `used / limit`, in %; absent when the limit is not positive.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub pct: Option<f64>,
    pub unit: &'static str,
}

impl Utilisation {
    pub(super) fn of(used: f64, limit: f64, unit: &'static str) -> Self {
        Self::with_pct(used, limit, percent(used, limit), unit)
    }

    /// With the share the rule that owns the figure computed.
    pub(super) fn with_pct(used: f64, limit: f64, pct: Option<f64>, unit: &'static str) -> Self {
        Utilisation {
            used,
            limit,
            pct,
            unit,
        }
    }
}

/// With every host up (N), and after the N+x host failures the design
/// reserves for.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct AtNAndAfterFailure {
    pub at_n: Utilisation,
    pub after_failure: Utilisation,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct CapacityUse {
    pub of_usable: Utilisation,
    pub of_raw: Utilisation,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct IopsFigures {
    /// What the workloads demand today.
    pub front_end: f64,
    /// After the protection write cost (arrays: both sites' X-Bricks).
    pub back_end: f64,
    /// Front-end IOPS the design serves at this workload mix; absent when
    /// the devices' limit needs a demand to be found (none yet).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub limit: Option<f64>,
    /// What `limit` is for this kind.
    pub limit_basis: &'static str,
    /// `limit / front_end`; absent without demand.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub headroom: Option<f64>,
    /// Front-end IOPS the surviving devices serve within the ceiling while
    /// the N+x rebuild takes its share; absent where that failure is not
    /// played (no reserved host, or an array's hosts).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub limit_during_rebuild: Option<f64>,
}

impl IopsFigures {
    /// The front-end demand against what the surviving devices carry while
    /// the N+x rebuild takes its share, where the scenario is played.
    pub fn during_rebuild(&self) -> Option<Utilisation> {
        let limit = self.limit_during_rebuild?;
        Some(Utilisation::of(self.front_end, limit, IOPS))
    }

    /// The front-end demand against what the surviving site serves (the
    /// demand x its headroom), where the site failure is modelled.
    pub fn after_site_failure(&self, headroom: Option<f64>) -> Option<Utilisation> {
        let headroom = headroom?;
        Some(Utilisation::of(
            self.front_end,
            self.front_end * headroom,
            IOPS,
        ))
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct Latency {
    /// The slowest workload's estimated mean read / write latency at the
    /// host; absent without workloads or when a tier is saturated.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub read_ms: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub write_ms: Option<f64>,
    /// A device tier some workload needs is past saturation: its latency
    /// has no finite estimate.
    pub saturated: bool,
    /// What the two figures are, for their explanation.
    pub rule: &'static str,
    pub source: &'static str,
}

/// `Latency::rule` of a vSAN cluster: the largest of its workloads' estimates.
pub const SLOWEST_WORKLOAD: &str = "The slowest workload's estimated mean read and write latency \
    at the host, each the largest over the cluster's workloads that do I/O (the latency chart \
    shows each one): an estimate from the latency model, not a measurement.";
/// `Latency::rule` of an XtremIO + VPLEX cluster: its I/O paths' estimates.
pub const VPLEX_PATHS: &str = "The estimated mean latency at the host through VPLEX: the read, \
    and the slower of a write to a distributed volume and a local one (the latency chart shows \
    both): an estimate from the latency model, not a measurement.";

#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct SiteFailureUse {
    pub cpu: Utilisation,
    pub ram: Utilisation,
    /// Front-end IOPS the surviving site carries / the demand.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub iops_headroom: Option<f64>,
}

/// The worst failure of an array or VPLEX part for IOPS
/// (`xtremio_vplex::worst_part_failure`): the demand on the part that
/// binds after it against what that part then carries.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct PartFailureUse {
    pub kind: ArrayFailureKind,
    /// As the verdict names it, e.g. "IOPS after a VPLEX engine failure".
    pub name: &'static str,
    /// The part that binds: the VPLEX (front-end IOPS) or the X-Bricks
    /// (back-end IOPS) serving the running workloads.
    pub vplex_binds: bool,
    pub after: Utilisation,
}

/// The utilisation with the highest share of its limit, named (the
/// verdict names the finding that binds first).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct Binding {
    pub name: &'static str,
    /// The utilisation row (`UtilisationRow::figure`) that shows it.
    pub figure: &'static str,
    pub used: f64,
    pub limit: f64,
    pub pct: f64,
    pub unit: &'static str,
}

/// A figure the kind does not model: its key-figure name and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct NotModelled {
    pub figure: &'static str,
    pub why: &'static str,
}

const TB: &str = "TB";
const IOPS: &str = "IOPS";

// The utilisation rows (`UtilisationRow::figure`) the candidates for the
// highest use are shown in.
pub(super) const CPU: &str = "cpu";
pub(super) const RAM: &str = "ram";
pub(super) const CAPACITY_USABLE: &str = "capacity_usable";
pub(super) const FRONT_END_IOPS: &str = "iops";
pub(super) const PART_FAILURE_IOPS: &str = "part_failure_iops";
const CORES: &str = "cores";
const GB: &str = "GB";

const DEVICE_LIMITED: &str = "Device-limited: the front-end IOPS that bring the busiest device tier to its utilisation ceiling.";
const ESA_DEVICE_LIMITED: &str = "Device-limited: the front-end IOPS that bring the pool's NVMe devices to their utilisation ceiling (RAID-1 performance leg plus full-stripe capacity writes).";
const VPLEX_LIMIT: &str = "The VPLEX engines' peak front-end limit at this read share; each site's X-Brick rated IOPS are in the detail.";

const ARRAY_SHARES: NotModelled = NotModelled {
    figure: "workload_shares",
    why: "XtremIO + VPLEX does not size I/O per workload (the VPLEX and X-Bricks take the cluster's total), so no per-workload share is modelled.",
};
const ARRAY_DURABILITY: NotModelled = NotModelled {
    figure: "durability",
    why: "XtremIO + VPLEX durability (data-loss probability) is not modelled: no public failure-rate model for XDP and VPLEX Metro.",
};

/// The key figures of one cluster from its kind's evaluation and its cost.
pub fn key_figures(detail: &ClusterDetail, cost: ClusterCost) -> KeyFigures {
    match detail {
        ClusterDetail::VsanOsa(e) => vsan_osa(e, cost),
        ClusterDetail::VsanEsa(e) => vsan_esa(e, cost),
        ClusterDetail::XtremioVplex(e) => xtremio_vplex(e, cost),
    }
}

/// What every kind fills the same way, from its capacity and compute.
struct Common<'a> {
    hosts: u32,
    raw: Capacity,
    capacity: &'a CapacityEvaluation,
    compute: &'a ClusterCompute,
    iops: IopsFigures,
    cost: ClusterCost,
    latency: Option<Latency>,
    site_failure: Option<&'a SiteFailure>,
    part_failure: Option<PartFailureUse>,
    not_modelled: Vec<NotModelled>,
}

fn vsan_osa(e: &ClusterEvaluation, cost: ClusterCost) -> KeyFigures {
    let p = &e.performance;
    build(Common {
        hosts: e.host_count,
        raw: e.raw.total,
        capacity: &e.capacity,
        compute: &e.compute,
        iops: IopsFigures {
            front_end: p.front_end_iops,
            back_end: p.back_end_iops,
            limit: p.device_limited_front_end_iops,
            limit_basis: DEVICE_LIMITED,
            headroom: p.headroom,
            limit_during_rebuild: during_rebuild(&e.resilience),
        },
        cost,
        latency: Some(slowest(
            p.workloads
                .iter()
                .filter(|w| w.front_end.total_iops > 0.0)
                .map(|w| (w.read_latency_ms, w.write_latency_ms)),
            SLOWEST_WORKLOAD,
            p.latency_model,
        )),
        site_failure: e.stretched.as_ref().map(|s| &s.site_failure),
        part_failure: None,
        not_modelled: Vec::new(),
    })
}

fn vsan_esa(e: &EsaClusterEvaluation, cost: ClusterCost) -> KeyFigures {
    let p = &e.performance;
    build(Common {
        hosts: e.host_count,
        raw: e.raw.total,
        capacity: &e.capacity,
        compute: &e.compute,
        iops: IopsFigures {
            front_end: p.front_end_iops,
            back_end: p.back_end_iops,
            limit: p.device_limited_front_end_iops,
            limit_basis: ESA_DEVICE_LIMITED,
            headroom: p.headroom,
            limit_during_rebuild: during_rebuild(&e.resilience),
        },
        cost,
        latency: Some(slowest(
            p.workloads
                .iter()
                .filter(|w| w.front_end.total_iops > 0.0)
                .map(|w| (w.read_latency_ms, w.write_latency_ms)),
            SLOWEST_WORKLOAD,
            p.latency_model,
        )),
        // Validation keeps ESA clusters single-site.
        site_failure: None,
        part_failure: None,
        not_modelled: Vec::new(),
    })
}

fn xtremio_vplex(e: &ArrayClusterEvaluation, cost: ClusterCost) -> KeyFigures {
    let x = &e.xtremio_vplex;
    let v = &x.vplex;
    let raw_gb = x.sites.iter().map(|s| s.raw.gb).sum();
    let peak = v.limit.frontend_iops_peak;
    build(Common {
        hosts: e.host_count,
        raw: Capacity::from_gb(raw_gb),
        capacity: &e.capacity,
        compute: &e.compute,
        iops: IopsFigures {
            front_end: v.frontend_iops,
            back_end: x.sites.iter().map(|s| s.back_end_iops).sum(),
            limit: Some(peak),
            limit_basis: VPLEX_LIMIT,
            headroom: crate::ratio::ratio(peak, v.frontend_iops),
            limit_during_rebuild: None,
        },
        cost,
        // Unloaded estimates; a distributed write crosses the sites.
        latency: Some(Latency {
            read_ms: Some(v.read_latency_ms),
            write_ms: Some(v.distributed_write_latency_ms.max(v.local_write_latency_ms)),
            saturated: false,
            rule: VPLEX_PATHS,
            source: v.latency_source,
        }),
        site_failure: Some(&x.site_failure),
        part_failure: worst_part_failure(&x.failures).map(|f| {
            let vplex_binds = f.vplex_binds();
            let (demand, after) = if vplex_binds {
                (f.vplex_iops_demand, f.vplex_iops_after)
            } else {
                (f.array_iops_demand, f.array_iops_after)
            };
            PartFailureUse {
                kind: f.kind,
                name: iops_after_name(f.kind),
                vplex_binds,
                after: Utilisation::of(demand, after, IOPS),
            }
        }),
        not_modelled: vec![ARRAY_SHARES, ARRAY_DURABILITY],
    })
}

/// The device-limited front-end IOPS while the N+x rebuild runs.
fn during_rebuild(r: &ClusterResilience) -> Option<f64> {
    r.scenario(FailureKind::ReserveHosts)?
        .rebuild_performance
        .device_limited_front_end_iops
}

/// The slowest read and write over the workloads (or clusters).
pub(super) fn slowest(
    workloads: impl Iterator<Item = (Option<f64>, Option<f64>)>,
    rule: &'static str,
    source: &'static str,
) -> Latency {
    let mut latency = Latency {
        read_ms: None,
        write_ms: None,
        saturated: false,
        rule,
        source,
    };
    for (read, write) in workloads {
        match (read, write) {
            (Some(r), Some(w)) => {
                latency.read_ms = Some(latency.read_ms.map_or(r, |l| l.max(r)));
                latency.write_ms = Some(latency.write_ms.map_or(w, |l| l.max(w)));
            }
            _ => latency.saturated = true,
        }
    }
    if latency.saturated {
        latency.read_ms = None;
        latency.write_ms = None;
    }
    latency
}

fn build(c: Common) -> KeyFigures {
    let (cap, compute) = (c.capacity, c.compute);
    let cpu = AtNAndAfterFailure {
        at_n: Utilisation::with_pct(
            compute.cores_needed,
            f64::from(compute.physical_cores),
            compute.cores_needed_pct,
            CORES,
        ),
        after_failure: Utilisation::with_pct(
            compute.cores_needed,
            f64::from(compute.physical_cores_after_failure),
            compute.cores_needed_pct_after_failure,
            CORES,
        ),
    };
    let ram = AtNAndAfterFailure {
        at_n: Utilisation::of(compute.ram_demand_gb, compute.usable_ram_gb, GB),
        after_failure: Utilisation::with_pct(
            compute.ram_demand_gb,
            compute.usable_ram_after_failure_gb,
            compute.ram_demand_pct_after_failure,
            GB,
        ),
    };
    let capacity_use = CapacityUse {
        of_usable: Utilisation::of(cap.required.tb, cap.usable.tb, TB),
        of_raw: Utilisation::of(cap.required.tb, c.raw.tb, TB),
    };
    let site_failure = c.site_failure.map(|s| SiteFailureUse {
        cpu: Utilisation::with_pct(
            compute.cores_needed,
            f64::from(s.surviving_cores),
            s.cores_needed_pct_after,
            CORES,
        ),
        ram: Utilisation::with_pct(
            s.ram_demand_gb,
            s.usable_ram_after_gb,
            s.ram_demand_pct_after,
            GB,
        ),
        iops_headroom: s.iops_headroom_after,
    });
    let iops_use = c
        .iops
        .limit
        .map(|limit| Utilisation::of(c.iops.front_end, limit, IOPS));
    let mut candidates = vec![
        ("CPU at N", CPU, cpu.at_n),
        ("CPU after N+x", CPU, cpu.after_failure),
        ("RAM at N", RAM, ram.at_n),
        ("RAM after N+x", RAM, ram.after_failure),
        (
            "Capacity (required / usable)",
            CAPACITY_USABLE,
            capacity_use.of_usable,
        ),
    ];
    candidates.extend(iops_use.map(|u| ("Front-end IOPS (demand / limit)", FRONT_END_IOPS, u)));
    // IOPS short after a failure fail the verdict (`rules::iops_short`),
    // so they bind like CPU and RAM after the same failure.
    candidates.extend(
        c.iops
            .during_rebuild()
            .map(|u| ("Front-end IOPS after N+x", FRONT_END_IOPS, u)),
    );
    candidates.extend(
        c.part_failure
            .as_ref()
            .map(|p| (p.name, PART_FAILURE_IOPS, p.after)),
    );
    if let Some(s) = &site_failure {
        candidates.push(("CPU after a site failure", CPU, s.cpu));
        candidates.push(("RAM after a site failure", RAM, s.ram));
        candidates.extend(
            c.iops
                .after_site_failure(s.iops_headroom)
                .map(|u| ("Front-end IOPS after a site failure", FRONT_END_IOPS, u)),
        );
    }
    KeyFigures {
        hosts: c.hosts,
        raw: c.raw,
        usable: cap.usable,
        required: cap.required,
        headroom: cap.headroom,
        headroom_pct: cap.headroom_pct,
        iops: c.iops,
        cpu,
        ram,
        vcpu_per_core_after_failure: compute.vcpu_per_core_after_failure,
        capacity_use,
        cost: c.cost,
        latency: c.latency,
        site_failure,
        part_failure: c.part_failure,
        binding: binding(&candidates),
        not_modelled: c.not_modelled,
    }
}

/// The candidate (name, utilisation row, figure) with the highest share
/// of its limit (the first of equals).
pub(crate) fn binding(candidates: &[(&'static str, &'static str, Utilisation)]) -> Option<Binding> {
    let mut best: Option<Binding> = None;
    for &(name, figure, u) in candidates {
        let Some(pct) = u.pct else { continue };
        if best.is_none_or(|b| pct > b.pct) {
            best = Some(Binding {
                name,
                figure,
                used: u.used,
                limit: u.limit,
                pct,
                unit: u.unit,
            });
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binding_is_the_highest_share_and_skips_figures_without_a_limit() {
        let u = |used, limit| Utilisation::of(used, limit, CORES);
        let b = binding(&[
            ("a", CPU, u(50.0, 100.0)),
            ("b", CPU, u(9.0, 0.0)),
            ("c", RAM, u(90.0, 100.0)),
        ])
        .unwrap();
        assert_eq!((b.name, b.figure, b.pct), ("c", RAM, 90.0));
        assert_eq!(binding(&[("b", CPU, u(9.0, 0.0))]), None);
    }

    #[test]
    fn a_saturated_workload_leaves_latency_without_an_estimate_and_says_so() {
        let l = slowest([(Some(1.0), Some(2.0)), (None, None)].into_iter(), "r", "m");
        assert!(l.saturated);
        assert_eq!((l.read_ms, l.write_ms), (None, None));
        let l = slowest(
            [(Some(1.0), Some(2.0)), (Some(3.0), Some(0.5))].into_iter(),
            "r",
            "m",
        );
        assert_eq!(
            (l.read_ms, l.write_ms, l.saturated),
            (Some(3.0), Some(2.0), false)
        );
    }
}
