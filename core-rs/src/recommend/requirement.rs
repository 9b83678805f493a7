//! What "meets every requirement" means for the search, and which
//! constraint each unmet requirement belongs to.
//!
//! Every error-level finding is unmet: exactly what fails the verdict
//! (`crate::verdict`), so the search never proposes a design `evaluate`
//! fails (CPU and RAM past what is left after N+x host failures or a site
//! failure, cache writes or endurance past the device's rating, ...). One
//! warning is unmet too: the all-flash cache rule (10 % of consumed
//! capacity, `cache.below_rule_all_flash`), which a design can miss and still run (it only loses
//! write-buffer margin, so `evaluate` warns) but which the search sizes to,
//! as VMware's guide does.

use serde::{Deserialize, Serialize};

use crate::demand::protection::fault_domain_hosts;
use crate::evaluate::ClusterResult;
use crate::platform::vsan_osa::capacity::CapacityEvaluation;
use crate::rules::{Finding, FindingCode, Severity};

/// What limits a design, or what no design can meet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum Constraint {
    Capacity,
    Iops,
    Cache,
    Cpu,
    Ram,
    /// Hosts (fault domains) the policies and the N+x reserve need.
    FaultDomains,
    /// Inter-site and witness links and round trips.
    SiteLinks,
    /// The vSAN iSCSI target service's limits.
    Iscsi,
    /// Rebuilding full compliance after a promised failure.
    Resilience,
    Budget,
    RackUnits,
    /// The most power the user allows the design to draw.
    Power,
    /// A rule the search has no better name for (the finding says which).
    Other,
}

impl Constraint {
    pub fn label(self) -> &'static str {
        match self {
            Constraint::Capacity => "capacity",
            Constraint::Iops => "IOPS",
            Constraint::Cache => "cache",
            Constraint::Cpu => "CPU",
            Constraint::Ram => "RAM",
            Constraint::FaultDomains => "fault domains",
            Constraint::SiteLinks => "site links",
            Constraint::Iscsi => "iSCSI limits",
            Constraint::Resilience => "resilience",
            Constraint::Budget => "budget",
            Constraint::RackUnits => "rack units",
            Constraint::Power => "power",
            Constraint::Other => "other rules",
        }
    }
}

/// Warnings that count as unmet requirements: the cache rule on
/// all-flash and after N+x, and the user's CPU and RAM ceilings after N+x
/// and after a site failure, which the search sizes to.
pub const REQUIRED_WARNINGS: [FindingCode; 6] = [
    FindingCode::CacheBelowRuleAllFlash,
    FindingCode::CacheShortAfterFailure,
    FindingCode::ComputeCpuAboveCeiling,
    FindingCode::ComputeMemoryHighAfterFailure,
    FindingCode::StretchedSiteFailureCpuAboveCeiling,
    FindingCode::StretchedSiteFailureMemoryAboveCeiling,
];

pub fn is_unmet(f: &Finding) -> bool {
    f.severity == Severity::Error || REQUIRED_WARNINGS.contains(&f.code)
}

/// The constraint a finding code belongs to.
pub fn constraint_of(code: FindingCode) -> Constraint {
    use FindingCode::*;
    match code {
        CapacityInsufficient | XtremioCapacityInsufficient => Constraint::Capacity,
        // With every part up, while a rebuild takes its share, or on the
        // surviving site: IOPS over the limit all the same.
        PerformanceIopsExceeded
        | PerformanceHostPathIopsExceeded
        | ResilienceRebuildIopsShort
        | StretchedSiteFailureIops
        | XtremioIopsExceeded
        | VplexFrontendIopsExceeded => Constraint::Iops,
        ComputeCpuOvercommitted
        | ComputeCpuAboveCeiling
        | StretchedSiteFailureCpu
        | StretchedSiteFailureCpuAboveCeiling => Constraint::Cpu,
        ComputeSqlMemoryOvercommitted
        | ComputeMemoryOvercommitted
        | ComputeMemoryHighAfterFailure
        | ComputeVmExceedsHostMemory
        | StretchedSiteFailureMemory
        | StretchedSiteFailureMemoryAboveCeiling => Constraint::Ram,
        CapacityReserveExceedsCluster | ComputeNoHostsAfterFailure | ProtectionTooFewHosts => {
            Constraint::FaultDomains
        }
        // The data no longer fits once XDP rebuilds a failed SSD into free
        // space: vSAN's `resilience.rebuild_space_short` on the array.
        XtremioFailureCapacity => Constraint::Resilience,
        _ => match code.as_str().split('.').next() {
            Some("cache") => Constraint::Cache,
            Some("stretched" | "vplex") => Constraint::SiteLinks,
            Some("iscsi") => Constraint::Iscsi,
            Some("resilience") => Constraint::Resilience,
            _ => Constraint::Other,
        },
    }
}

/// The constraint of a rejection's code: a finding's, or a failure the
/// user asked the design to survive (`must_survive.*`), or another.
pub fn constraint_of_rejection(code: &str) -> Constraint {
    match FindingCode::parse(code) {
        Some(code) => constraint_of(code),
        None if code.starts_with("must_survive.") => Constraint::Resilience,
        None => Constraint::Other,
    }
}

/// How close a design is to one constraint's limit: demand over what the
/// design offers, in % (100 % = at the limit).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct ConstraintUse {
    pub constraint: Constraint,
    pub used_pct: f64,
}

/// Each constraint's use in one cluster's evaluation.
pub fn constraint_uses(cluster: &ClusterResult) -> Vec<ConstraintUse> {
    let mut uses = Vec::new();
    let mut push = |constraint, used: Option<f64>| {
        if let Some(used_pct) = used.filter(|u| u.is_finite()) {
            uses.push(ConstraintUse {
                constraint,
                used_pct,
            });
        }
    };
    if let Some(c) = cluster.vsan_osa() {
        push(
            Constraint::Capacity,
            pct(c.capacity.required.gb, c.capacity.usable.gb),
        );
        let ceiling = c.performance.utilisation_ceiling_pct;
        let busiest = [&c.performance.cache_tier, &c.performance.capacity_tier]
            .iter()
            .filter_map(|t| t.utilisation_pct)
            .fold(0.0_f64, f64::max);
        push(Constraint::Iops, pct(busiest, ceiling));
        let cache = c.cache.per_disk_group.iter().filter_map(|g| {
            let size = pct(c.cache.required_per_disk_group.gb, g.installed.gb);
            let writes = pct(g.writes_per_s, g.rated_writes_per_s);
            max_of(size, writes)
        });
        push(Constraint::Cache, cache.reduce(f64::max));
        compute_uses(
            &c.compute,
            c.stretched.as_ref().map(|s| &s.site_failure),
            &mut push,
        );
        push(
            Constraint::FaultDomains,
            fault_domain_use(&c.capacity, c.host_count),
        );
    }
    if let Some(c) = cluster.vsan_esa() {
        push(
            Constraint::Capacity,
            pct(c.capacity.required.gb, c.capacity.usable.gb),
        );
        let busy = c.performance.utilisation_pct.unwrap_or(0.0);
        push(
            Constraint::Iops,
            pct(busy, c.performance.utilisation_ceiling_pct),
        );
        compute_uses(&c.compute, None, &mut push);
        push(
            Constraint::FaultDomains,
            fault_domain_use(&c.capacity, c.host_count),
        );
    }
    if let Some(a) = cluster.xtremio_vplex() {
        let x = &a.xtremio_vplex;
        let capacity = x
            .sites
            .iter()
            .map(|s| pct(s.required.gb, s.usable.gb))
            .fold(None, max_of);
        push(Constraint::Capacity, capacity);
        let array = x
            .sites
            .iter()
            .map(|s| pct(s.back_end_iops, s.rated_iops))
            .fold(None, max_of);
        let vplex = pct(x.vplex.frontend_iops, x.vplex.limit.frontend_iops_peak);
        push(Constraint::Iops, max_of(array, vplex));
        compute_uses(&a.compute, Some(&x.site_failure), &mut push);
    }
    uses
}

/// The hosts the most demanding policy needs, of those there are (per
/// site where the policy protects within each site).
fn fault_domain_use(capacity: &CapacityEvaluation, host_count: u32) -> Option<f64> {
    capacity
        .per_policy
        .iter()
        .map(|p| {
            let have = fault_domain_hosts(host_count, p.protection.per_site());
            pct(f64::from(p.protection.hosts_needed()), f64::from(have))
        })
        .fold(None, max_of)
}

fn compute_uses(
    c: &crate::demand::compute::ClusterCompute,
    site_failure: Option<&crate::platform::two_sites::SiteFailure>,
    push: &mut impl FnMut(Constraint, Option<f64>),
) {
    let after = f64::from(c.physical_cores_after_failure);
    let site_cpu = site_failure.and_then(|s| s.cores_needed_pct_after);
    push(
        Constraint::Cpu,
        max_of(pct(c.cores_needed, after), site_cpu),
    );
    let vm = c
        .workloads
        .iter()
        .filter(|w| w.vms > 0)
        .map(|w| pct(w.ram_gb / f64::from(w.vms), c.usable_ram_per_host_gb))
        .fold(None, max_of);
    let site_ram = site_failure.and_then(|s| pct(s.ram_demand_gb, s.usable_ram_after_gb));
    let ram = [
        pct(c.ram_demand_gb, c.usable_ram_after_failure_gb),
        vm,
        site_ram,
    ]
    .into_iter()
    .fold(None, max_of);
    push(Constraint::Ram, ram);
}

/// The constraint closest to its limit: what stops the design from being
/// any smaller. Ties go to the first in `Constraint` order.
pub fn binding(uses: &[ConstraintUse]) -> Constraint {
    uses.iter()
        .fold(None::<&ConstraintUse>, |best, u| match best {
            Some(b) if b.used_pct >= u.used_pct => Some(b),
            _ => Some(u),
        })
        .map_or(Constraint::Other, |u| u.constraint)
}

/// `100 * demand / offered`; None when nothing is offered.
fn pct(demand: f64, offered: f64) -> Option<f64> {
    let r = demand / offered;
    (offered > 0.0 && r.is_finite()).then_some(r * 100.0)
}

fn max_of(a: Option<f64>, b: Option<f64>) -> Option<f64> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.max(b)),
        (a, b) => a.or(b),
    }
}
