//! The fast vSAN candidate scorer: for one configuration (a `Geometry` and
//! a protection per workload class) at one size, which sizing rules fail.
//!
//! It decides every finding in `COVERED` by calling the predicate
//! `evaluate`'s finding code calls, on the figures `figures` read from
//! `evaluate` itself and the geometry's per-host figures; it only gathers
//! those inputs per size. Findings outside `COVERED` (the failure
//! what-ifs of `crate::resilience` but the rebuild's IOPS, and any rule
//! added later) are left to `evaluate`, the final word on every design the
//! search returns. The
//! property tests check, on generated catalogs and workloads, that the
//! two agree rule by rule.
//!
//! | finding | predicate |
//! |---|---|
//! | `capacity.reserve_exceeds_cluster` | `capacity::reserve_exceeds_cluster` |
//! | `capacity.insufficient` | `capacity::capacity_insufficient` on `capacity::usable_space` |
//! | `protection.too_few_hosts` | `protection::too_few_hosts` |
//! | `protection.erasure_coding_needs_all_flash` | `protection::needs_other_tier` (`figures`: such assignments are not tried on hybrid) |
//! | `dedup.needs_all_flash`, `storage.mixed_tiers`, `storage.cache_device_not_flash` | none needed: the search builds no such geometry (`vsan`, `space`) |
//! | `cache.below_rule`, `cache.below_rule_all_flash` | `cache::cache_below_rule` on `cache::per_disk_group` |
//! | `cache.short_after_failure` (a warning the search sizes to) | `cache::cache_below_rule` on `cache::per_disk_group` over the disk groups of the hosts left after N+x (`cache::hosts_left_after_reserve`) |
//! | `cache.writes_exceed_rating` | `cache::writes_exceed_rating` (rating: `cache::rated_writes_per_s`) |
//! | `cache.endurance_exceeded` | `cache::endurance_exceeded` on `cache::written_tb` |
//! | `performance.iops_exceeded` | `tier_load::over_ceiling` on `tier_load::utilisation_pct` |
//! | `performance.host_path_iops_exceeded` | `tier_load::over_ceiling` on `host_path::host_path_utilisation_pct` |
//! | `resilience.rebuild_iops_short` | `rules::iops_short` on `resilience::rebuild_performance` after each failure promised (largest capacity device, largest disk group, N+x hosts), the devices summed as `resilience::Devices` |
//! | `stretched.site_failure_iops` | `rules::iops_short` on `tier_load::iops_headroom` of the surviving site (`size` hosts, `AssignmentFigures::site_demand`) |
//! | `compute.no_hosts_after_failure`, `compute.cpu_overcommitted`, `compute.cpu_above_ceiling`, `compute.sql_memory_overcommitted`, `compute.memory_overcommitted`, `compute.memory_high_after_failure`, `compute.vm_exceeds_host_memory`, `stretched.site_failure_memory`, `stretched.site_failure_cpu`, `stretched.site_failure_memory_above_ceiling`, `stretched.site_failure_cpu_above_ceiling` | `ComputeAxis::failing`, which calls `demand::compute`'s and `two_sites`' predicates (the table in `recommend::compute`) |
//! | `stretched.rtt_unsupported` | `RttPenalty::supported`, read by `figures` |
//! | `stretched.link_insufficient`, `stretched.witness_bandwidth`, `stretched.witness_components` | `InterSiteLink::insufficient`, `WitnessLink::bandwidth_short`, `WitnessLink::too_many_components`, read by `figures` |
//! | `stretched.witness_rtt` | `WitnessLink::rtt_exceeded`: `figures` caps the sizes below it |
//! | `iscsi.targets_exceeded`, `iscsi.luns_exceeded`, `iscsi.sessions_exceeded` | `ClusterIscsi::limits_exceeded`: `figures` bisects for the fewest hosts |
//!
//! Every check is monotonic in the size (more hosts never fail a rule that
//! fewer hosts pass), which is what lets the sizing stop at the first size
//! that passes; capacity only on either side of the size where the rebuild
//! reserve starts, which `VsanSearch::size_line` sizes apart; each predicate's doc comment gives the argument, and the
//! witness RTT, the one rule that tightens with hosts, bounds the sizes
//! searched instead.

use std::cell::OnceCell;

use crate::demand::protection::too_few_hosts;
use crate::limits::MAX_DISK_GROUPS_PER_HOST;
use crate::model::{Settings, StorageTier};
use crate::platform::vsan_osa::cache::{
    cache_below_rule, disk_groups_in_cluster, endurance_exceeded, hosts_left_after_reserve,
    per_disk_group, writes_exceed_rating, written_tb,
};
use crate::platform::vsan_osa::capacity::{
    capacity_insufficient, rebuild_minimum_per_site, reserve_exceeds_cluster, usable_space,
};
use crate::platform::vsan_osa::performance::host_path::host_path_utilisation_pct;
use crate::platform::vsan_osa::performance::latency::OSA_HOST_PATH_IOPS;
use crate::platform::vsan_osa::performance::read_cache::{hybrid_read_cache_gb, LruCache};
use crate::platform::vsan_osa::performance::tier_load::{
    device_limited_iops, iops_headroom, over_ceiling, rated_iops, utilisation_pct,
};
use crate::resilience::{
    rebuild_performance, DeviceDemand, DeviceRating, Devices, FailureKind, HostLayout,
    RESYNC_BANDWIDTH_SHARE,
};
use crate::rules::{iops_short, FindingCode};

use super::compute::{ComputeAxis, HostShape};
use super::figures::{tier_index, AssignmentFigures, ProjectFigures};
use super::geometry::Geometry;
use super::requirement::Constraint;

/// The findings whose verdict the scorer reproduces exactly.
pub const COVERED: [FindingCode; 35] = [
    FindingCode::CapacityReserveExceedsCluster,
    FindingCode::CapacityInsufficient,
    FindingCode::ProtectionTooFewHosts,
    FindingCode::ProtectionErasureCodingNeedsAllFlash,
    FindingCode::DedupNeedsAllFlash,
    FindingCode::StorageMixedTiers,
    FindingCode::StorageCacheDeviceNotFlash,
    FindingCode::CacheBelowRule,
    FindingCode::CacheBelowRuleAllFlash,
    FindingCode::CacheShortAfterFailure,
    FindingCode::CacheWritesExceedRating,
    FindingCode::CacheEnduranceExceeded,
    FindingCode::PerformanceIopsExceeded,
    FindingCode::PerformanceHostPathIopsExceeded,
    FindingCode::ResilienceRebuildIopsShort,
    FindingCode::StretchedSiteFailureIops,
    FindingCode::ComputeNoHostsAfterFailure,
    FindingCode::ComputeCpuOvercommitted,
    FindingCode::ComputeCpuAboveCeiling,
    FindingCode::ComputeSqlMemoryOvercommitted,
    FindingCode::ComputeMemoryOvercommitted,
    FindingCode::ComputeMemoryHighAfterFailure,
    FindingCode::ComputeVmExceedsHostMemory,
    FindingCode::StretchedSiteFailureMemory,
    FindingCode::StretchedSiteFailureCpu,
    FindingCode::StretchedSiteFailureMemoryAboveCeiling,
    FindingCode::StretchedSiteFailureCpuAboveCeiling,
    FindingCode::StretchedRttUnsupported,
    FindingCode::StretchedLinkInsufficient,
    FindingCode::StretchedWitnessBandwidth,
    FindingCode::StretchedWitnessRtt,
    FindingCode::StretchedWitnessComponents,
    FindingCode::IscsiTargetsExceeded,
    FindingCode::IscsiLunsExceeded,
    FindingCode::IscsiSessionsExceeded,
];

/// A set of failing constraints.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Failing(u16);

impl Failing {
    pub fn add(&mut self, c: Constraint) {
        self.0 |= 1 << c as u16;
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn contains(self, c: Constraint) -> bool {
        self.0 & (1 << c as u16) != 0
    }

    pub fn merge(&mut self, other: Failing) {
        self.0 |= other.0;
    }
}

/// The cluster-wide inputs of the checks.
#[derive(Debug)]
pub struct Scorer {
    pub figures: ProjectFigures,
    settings: Settings,
    compute: ComputeAxis,
    stretched: bool,
    site_mirrored: bool,
    /// Hybrid read-cache traffic per (cache device, disk groups, hosts).
    hits: Vec<OnceCell<(f64, f64)>>,
    max_hosts: u32,
    /// 1 / (1 - slack) and 100 / ceiling, for `hosts_estimate`.
    inverse_free: f64,
    inverse_ceiling: f64,
}

/// A widest-policy host count no cluster exceeds: no rebuild reserve is
/// kept, so usable space is the most any protection leaves.
const NO_REBUILD_POSSIBLE: u32 = u32::MAX;

/// A candidate's verdict and headroom.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Assessment {
    pub failing: Failing,
    pub score: Score,
}

/// What the scorer measures of a candidate (meaningful when it passes).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Score {
    pub capacity_headroom_gb: f64,
    /// Device-limited front-end IOPS / demand; 0 without demand.
    pub iops_headroom: f64,
}

impl Scorer {
    pub fn new(
        figures: ProjectFigures,
        settings: Settings,
        (stretched, site_mirrored): (bool, bool),
        caches: usize,
        max_hosts: u32,
    ) -> Scorer {
        let slots = caches * MAX_DISK_GROUPS_PER_HOST * (max_hosts as usize + 1);
        let inverse_free = 1.0 / (1.0 - settings.slack_pct / 100.0);
        let inverse_ceiling = 100.0 / settings.device_utilisation_ceiling_pct;
        let compute = ComputeAxis::new(figures.compute, &settings, stretched);
        Scorer {
            figures,
            settings,
            compute,
            stretched,
            site_mirrored,
            hits: (0..slots).map(|_| OnceCell::new()).collect(),
            max_hosts,
            inverse_free,
            inverse_ceiling,
        }
    }

    pub fn hosts(&self, size: u32) -> u32 {
        if self.stretched {
            size * 2
        } else {
            size
        }
    }

    /// The constraints the candidate fails at `size` hosts (per site when
    /// stretched), and its headroom.
    pub fn assess(&self, g: &Geometry, a: &AssignmentFigures, size: u32) -> Assessment {
        let s = &self.settings;
        let f = &self.figures;
        let hosts = self.hosts(size);
        let mut failing = Failing::default();

        // Every policy of the assignment is placed per site or none is, so
        // the policy needing the most hosts decides.
        if reserve_exceeds_cluster(s.reserve_hosts, hosts)
            || too_few_hosts(hosts, a.min_hosts, self.site_mirrored)
        {
            failing.add(Constraint::FaultDomains);
        }

        let required = a.required_gb[usize::from(g.dedup)];
        let usable = self.usable_gb(g, hosts, self.rebuild_minimum(a));
        if capacity_insufficient(required, usable) {
            failing.add(Constraint::Capacity);
        }

        // Every disk group has the geometry's cache device.
        let groups = disk_groups_in_cluster(g.layout.groups as usize, hosts);
        let share = |total: f64| per_disk_group(total, groups);
        let need = f.cache_need_gb[tier_index(g.tier)];
        // `evaluate` plays N+x where a host is left and one fails.
        let short_after_failure =
            hosts_left_after_reserve(hosts, s.reserve_hosts).is_some_and(|hosts_left| {
                cache_below_rule(
                    g.cache_gb,
                    per_disk_group(
                        need,
                        disk_groups_in_cluster(g.layout.groups as usize, hosts_left),
                    ),
                )
            });
        let worn_out = g.cache_rated_tbw.is_some_and(|tbw| {
            let written = written_tb(share(a.cache_write_mb_per_s), s.planning_horizon_years);
            endurance_exceeded(written, tbw)
        });
        if cache_below_rule(g.cache_gb, share(need))
            || short_after_failure
            || writes_exceed_rating(share(a.cache_writes_per_s), g.cache_rated_writes_per_s)
            || worn_out
        {
            failing.add(Constraint::Cache);
        }

        let reads = self.reads(g, (a.cache_reads, a.capacity_reads), hosts);
        let tiers = self.utilisations(g, reads, a.buffered_writes, hosts);
        let utilisations = [
            tiers[0],
            tiers[1],
            Some(host_path_utilisation_pct(a.host_path_iops, hosts)),
        ];
        let ceiling = s.device_utilisation_ceiling_pct;
        if utilisations.iter().any(|&u| over_ceiling(u, ceiling))
            || self.rebuild_short(g, a, reads, hosts)
            || self.site_short(g, a, size)
        {
            failing.add(Constraint::Iops);
        }

        failing.merge(self.compute_failing(g, size));

        if self.stretched {
            // The witness RTT caps the hosts per site (`sizes` stops there).
            if !f.rtt_supported || !a.links_ok || size > f.witness_max_size {
                failing.add(Constraint::SiteLinks);
            }
        }
        if size < a.iscsi_min_size {
            failing.add(Constraint::Iscsi);
        }
        if size < a.survive_min_size {
            failing.add(Constraint::Resilience);
        }
        let demand = f.front_end_iops;
        let limit = device_limited_iops(demand, ceiling, utilisations);
        Assessment {
            failing,
            score: Score {
                capacity_headroom_gb: usable - required,
                iops_headroom: limit.filter(|_| demand > 0.0).map_or(0.0, |l| l / demand),
            },
        }
    }

    /// CPU and RAM with the N+x reserve, and with a site down when
    /// stretched: they depend on the host model alone, not on the storage
    /// or the protections.
    fn compute_failing(&self, g: &Geometry, size: u32) -> Failing {
        let host = HostShape {
            cores: g.cores,
            usable_ram_gb: g.usable_ram_per_host_gb,
        };
        self.compute.failing(host, size)
    }

    /// The smallest size in `sizes` at which no protection can fail the
    /// checks that do not depend on it: CPU, RAM, and capacity for the
    /// least capacity any protection needs (`required_gb`), in usable
    /// space without a rebuild reserve (the most any protection leaves,
    /// and growing with the hosts). Every line of
    /// the geometry needs at least this size (each check is monotonic), so
    /// its cost there bounds the cost of the line's design from below.
    /// None when no size in the range passes them.
    pub fn floor_size(&self, g: &Geometry, required_gb: f64, (lo, hi): (u32, u32)) -> Option<u32> {
        let passes = |size: u32| {
            self.compute_failing(g, size).is_empty()
                && required_gb <= self.usable_gb(g, self.hosts(size), NO_REBUILD_POSSIBLE)
        };
        if lo > hi || !passes(hi) {
            return None;
        }
        if passes(lo) {
            return Some(lo);
        }
        let (mut below, mut pass) = (lo, hi);
        while pass - below > 1 {
            let mid = below + (pass - below) / 2;
            if passes(mid) {
                pass = mid;
            } else {
                below = mid;
            }
        }
        Some(pass)
    }

    /// Hosts each rule needs, solved from its formula with the hybrid
    /// read cache left out: where the sizing starts, not a verdict.
    pub fn hosts_estimate(&self, g: &Geometry, a: &AssignmentFigures) -> f64 {
        let s = &self.settings;
        let f = &self.figures;
        let r = &g.per_host;
        let reserve = f64::from(s.reserve_hosts);
        let (sites, per_site) = match (self.stretched, self.site_mirrored) {
            (true, true) => (2.0, 2.0),
            (true, false) => (2.0, 1.0),
            _ => (1.0, 1.0),
        };
        // Capacity passes at n hosts when n x (1 - slack) >= required /
        // datastore per host + R, R the reserved hosts: reserve x sites
        // once a site has more hosts than the widest policy needs
        // (`rebuild_target_exists`), else 0. So a size passing without a
        // reserve is at least `bare` and at most that minimum (in hosts,
        // `no_rebuild_up_to`); one passing with it is at least
        // `with_reserve`. Where `bare` is within the minimum that is the
        // lower bound; past it, every size from `bare` on keeps the reserve.
        let data = a.required_gb[usize::from(g.dedup)] * r.datastore;
        let bare = data * self.inverse_free;
        let with_reserve = (data + reserve * sites) * self.inverse_free;
        let no_rebuild_up_to = f64::from(self.rebuild_minimum(a).max(1)) * sites;
        let capacity = if bare <= no_rebuild_up_to {
            bare
        } else {
            with_reserve
        };
        let (cache_reads, capacity_reads) = match g.tier {
            StorageTier::AllFlash => (a.cache_reads, a.capacity_reads),
            StorageTier::Hybrid => (0.0, 0.0),
        };
        let writes = a.buffered_writes;
        let d = &f.compute;
        let ram = larger(d.ram_demand_gb, d.sql_ram_gb) * r.usable_ram_gb;
        let cpu = d.cores_needed * r.cores;
        let site_down = if self.stretched {
            2.0 * larger(ram, cpu)
        } else {
            0.0
        };
        let iops = [
            (capacity_reads * r.capacity_read_iops + writes * r.capacity_write_iops)
                * self.inverse_ceiling,
            (cache_reads * r.cache_read_iops + writes * r.cache_write_iops) * self.inverse_ceiling,
            a.host_path_iops / OSA_HOST_PATH_IOPS * self.inverse_ceiling,
        ]
        .into_iter()
        .fold(0.0, larger);
        [
            f64::from(a.min_hosts) * per_site,
            reserve + 1.0,
            capacity,
            f.cache_need_gb[tier_index(g.tier)] * r.cache_gb,
            a.cache_writes_per_s * r.cache_rated_writes,
            iops,
            // During a rebuild the hosts left give the resync its share.
            reserve + iops / (1.0 - RESYNC_BANDWIDTH_SHARE),
            reserve + cpu,
            reserve + ram,
            site_down,
        ]
        .into_iter()
        .fold(0.0, larger)
    }

    /// Hosts per site up to which no host can rebuild: the assignment's
    /// widest policy as `capacity::rebuild_minimum_per_site` counts it.
    pub fn rebuild_minimum(&self, a: &AssignmentFigures) -> u32 {
        let sites = if self.stretched { 2 } else { 1 };
        rebuild_minimum_per_site(a.min_hosts, sites, self.site_mirrored)
    }

    /// `capacity::waterfall`'s usable space at `hosts` hosts, the widest
    /// policy needing `policy_hosts` per site.
    fn usable_gb(&self, g: &Geometry, hosts: u32, policy_hosts: u32) -> f64 {
        let raw = g.raw_per_host_gb * f64::from(hosts);
        let sites = if self.stretched { 2 } else { 1 };
        usable_space(raw, hosts, sites, policy_hosts, &self.settings, g.dedup).usable_gb
    }

    /// `resilience.rebuild_iops_short`: after a failure the design
    /// promises to ride out (`resilience`'s findings: the largest capacity
    /// device, which takes its disk group with dedup; the largest disk
    /// group; the N+x hosts), the surviving devices and hosts' I/O paths
    /// carry the healthy demand less the resync's share. `evaluate`'s
    /// scenario computes it by `rebuild_performance` on the devices as
    /// `Devices` sums them; the scorer calls both on the geometry's parts.
    /// More hosts add devices and paths under the same demand, and on
    /// hybrid the reads a failure moves to the capacity tier are the
    /// lost share of the hits, which per host never rise (`over_ceiling`):
    /// monotonic in the size.
    fn rebuild_short(
        &self,
        g: &Geometry,
        a: &AssignmentFigures,
        (cache_reads, capacity_reads): (f64, f64),
        hosts: u32,
    ) -> bool {
        let s = &self.settings;
        let demand = DeviceDemand {
            front_end_iops: self.figures.front_end_iops,
            utilisation_ceiling_pct: s.device_utilisation_ceiling_pct,
            cache_read_iops: cache_reads,
            cache_write_iops: a.buffered_writes,
            capacity_read_iops: capacity_reads,
            capacity_write_iops: a.buffered_writes,
            host_path_counted_iops: a.host_path_iops,
        };
        let cache = DeviceRating {
            gb: g.cache_gb,
            read_iops: g.cache_read_iops,
            write_iops: g.cache_write_iops,
        };
        let capacity = DeviceRating {
            gb: g.capacity_gb,
            read_iops: g.capacity_read_iops,
            write_iops: g.capacity_write_iops,
        };
        let group = Devices::disk_group(cache, capacity, g.layout.devices);
        let host = Devices::host_of(std::iter::repeat_n(group, g.layout.groups as usize));
        let whole = host.times(hosts);
        let device = if g.dedup {
            group
        } else {
            Devices::capacity_device(capacity)
        };
        let layout = HostLayout {
            hosts,
            hosts_per_site: self.stretched.then_some(hosts / 2),
            site_mirrored: self.site_mirrored,
            reserve_hosts: s.reserve_hosts,
        };
        let reserve = layout
            .reach(FailureKind::ReserveHosts)
            .map(|r| host.times(hosts - r.hosts_left));
        // Each failure takes devices holding a share of the data, which
        // resyncs while the workloads run.
        let resyncing = a.required_gb[usize::from(g.dedup)] > 0.0;
        [Some(device), Some(group), reserve]
            .into_iter()
            .flatten()
            .any(|lost| iops_short(rebuild_performance(&demand, &whole, &lost, resyncing).headroom))
    }

    /// `stretched.site_failure_iops`: the surviving site, `size` hosts of
    /// the geometry, carries each workload's one copy as `evaluate`
    /// assesses it (`surviving_site_performance`): its tiers' and hosts'
    /// path utilisations, the limit and headroom by the functions it
    /// calls. Monotonic in the size as the healthy check is.
    fn site_short(&self, g: &Geometry, a: &AssignmentFigures, size: u32) -> bool {
        let Some(site) = &a.site_demand else {
            return false;
        };
        let reads = self.reads(g, (site.cache_read_iops, site.capacity_read_iops), size);
        let [cache, capacity] = self.utilisations(g, reads, site.capacity_write_iops, size);
        let path = host_path_utilisation_pct(site.host_path_counted_iops, size);
        let limit = device_limited_iops(
            site.front_end_iops,
            site.utilisation_ceiling_pct,
            [cache, capacity, Some(path)],
        );
        iops_short(iops_headroom(limit, site.front_end_iops))
    }

    /// Reads on the cache and capacity tiers at `hosts` hosts: the hybrid
    /// read cache's split at its size, or all-flash's as `evaluate` found
    /// them (`all_flash`).
    fn reads(&self, g: &Geometry, all_flash: (f64, f64), hosts: u32) -> (f64, f64) {
        match g.tier {
            StorageTier::AllFlash => all_flash,
            StorageTier::Hybrid => self.hybrid_reads(g, hosts),
        }
    }

    /// The cache and capacity tiers' utilisation in % (`TierLoad::new`)
    /// under these reads and `writes` buffered through both; None when a
    /// tier has demand but no rated IOPS.
    fn utilisations(
        &self,
        g: &Geometry,
        (cache_reads, capacity_reads): (f64, f64),
        writes: f64,
        hosts: u32,
    ) -> [Option<f64>; 2] {
        // Per disk group, as `evaluate` hands them to `TierLoad::new`: each
        // group's cache device on every host, its capacity devices likewise.
        let groups = g.layout.groups as usize;
        let devices = g.layout.devices.saturating_mul(hosts);
        let cache = |iops: f64| rated_iops(std::iter::repeat_n((iops, hosts), groups));
        let capacity = |iops: f64| rated_iops(std::iter::repeat_n((iops, devices), groups));
        [
            utilisation_pct(
                cache_reads,
                cache(g.cache_read_iops),
                writes,
                cache(g.cache_write_iops),
            ),
            utilisation_pct(
                capacity_reads,
                capacity(g.capacity_read_iops),
                writes,
                capacity(g.capacity_write_iops),
            ),
        ]
    }

    /// Reads the hybrid read cache serves and those it passes to the
    /// capacity tier, from the LRU read-cache model at this cache size.
    fn hybrid_reads(&self, g: &Geometry, hosts: u32) -> (f64, f64) {
        let slot = (usize::from(g.cache) * MAX_DISK_GROUPS_PER_HOST
            + (g.layout.groups as usize - 1))
            * (self.max_hosts as usize + 1)
            + hosts as usize;
        *self.hits[slot].get_or_init(|| {
            let cache_gb = hybrid_read_cache_gb(g.cache_per_host_gb, hosts);
            let demands = &self.figures.read_demands;
            LruCache::solve(cache_gb, demands).read_split()
        })
    }
}

/// `f64::max` for `hosts_estimate`, where its result starts the sizing:
/// the same value but for which zero of two equal ones. In Wasm `f64::max`
/// is a libm call (the `f64.max` instruction handles NaN differently), and
/// this runs for every line; a NaN `b` leaves `a`, as `f64::max` does.
fn larger(a: f64, b: f64) -> f64 {
    if b > a {
        b
    } else {
        a
    }
}
