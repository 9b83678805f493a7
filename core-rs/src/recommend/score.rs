//! The fast vSAN candidate scorer: for one configuration (a `Geometry` and
//! a protection per workload class) at one size, which sizing rules fail.
//!
//! It repeats, operation for operation and in the same order, the
//! arithmetic `evaluate` does for every finding in `COVERED`, on the
//! figures `figures` read from `evaluate` itself, so its verdict on those
//! findings is `evaluate`'s (the property tests check this on generated
//! catalogs and workloads, rule by rule). Findings outside `COVERED` (the
//! failure what-ifs of `crate::resilience`, and any rule added later) are
//! left to `evaluate`, the final word on every design the search returns.
//!
//! Every check is monotonic in the size (more hosts never fail a rule that
//! fewer hosts pass), which is what lets the sizing stop at the first size
//! that passes. The argument is given at each check.

use std::cell::OnceCell;

use crate::limits::MAX_DISK_GROUPS_PER_HOST;
use crate::model::Settings;
use crate::platform::vsan_osa::cache::written_tb;
use crate::platform::vsan_osa::capacity::StorageTier;
use crate::platform::vsan_osa::performance::{LruCache, HYBRID_READ_CACHE_SHARE};
use crate::rules::FindingCode;

use super::figures::{tier_index, AssignmentFigures, ProjectFigures};
use super::geometry::Geometry;
use super::requirement::Constraint;

/// The findings whose verdict the scorer reproduces exactly.
pub const COVERED: [FindingCode; 27] = [
    FindingCode::CapacityReserveExceedsCluster,
    FindingCode::CapacityInsufficient,
    FindingCode::ProtectionTooFewHosts,
    FindingCode::ProtectionErasureCodingNeedsAllFlash,
    FindingCode::DedupNeedsAllFlash,
    FindingCode::StorageMixedTiers,
    FindingCode::StorageCacheDeviceNotFlash,
    FindingCode::CacheBelowRule,
    FindingCode::CacheBelowRuleAllFlash,
    FindingCode::CacheWritesExceedRating,
    FindingCode::CacheEnduranceExceeded,
    FindingCode::PerformanceIopsExceeded,
    FindingCode::ComputeNoHostsAfterFailure,
    FindingCode::ComputeCpuOvercommitted,
    FindingCode::ComputeSqlMemoryOvercommitted,
    FindingCode::ComputeMemoryOvercommitted,
    FindingCode::ComputeVmExceedsHostMemory,
    FindingCode::StretchedSiteFailureMemory,
    FindingCode::StretchedSiteFailureCpu,
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
    stretched: bool,
    site_mirrored: bool,
    /// Hybrid read-cache traffic per (cache device, disk groups, hosts).
    hits: Vec<OnceCell<(f64, f64)>>,
    max_hosts: u32,
    /// 1 / (1 - slack) and 100 / ceiling, for `hosts_estimate`.
    inverse_free: f64,
    inverse_ceiling: f64,
}

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
        Scorer {
            figures,
            settings,
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

        // Fault domains: the reserve leaves hosts, and each policy has its
        // hosts (per site when site-mirrored). Both only ease with hosts.
        let have = if self.site_mirrored { hosts / 2 } else { hosts };
        if s.reserve_hosts >= hosts || have < a.min_hosts {
            failing.add(Constraint::FaultDomains);
        }

        // Capacity: usable = host's datastore share x (hosts x (1 - slack)
        // - reserved hosts), capped at 0: it grows with hosts.
        let required = a.required_gb[usize::from(g.dedup)];
        let usable = self.usable_gb(g, hosts);
        if required > usable {
            failing.add(Constraint::Capacity);
        }

        // Cache: the need is shared by every disk group in the cluster, so
        // each group's share only falls as hosts are added.
        let groups = g.layout.groups.saturating_mul(hosts).max(1);
        let share = |total: f64| total / f64::from(groups);
        let worn_out = g.cache_rated_tbw.is_some_and(|tbw| {
            written_tb(share(a.cache_write_mb_per_s), s.planning_horizon_years) > tbw
        });
        if g.cache_gb < share(f.cache_need_gb[tier_index(g.tier)])
            || share(a.cache_writes_per_s) > g.cache_rated_writes_per_s
            || worn_out
        {
            failing.add(Constraint::Cache);
        }

        // IOPS: rated IOPS grow with hosts while the demand stays; on
        // hybrid clusters the larger read cache also moves reads from the
        // capacity tier to the cache tier, and the hits per GB of cache
        // never rise as the cache grows (the LRU hit count is concave in
        // the cache size), so neither tier's utilisation rises.
        let (cache_util, capacity_util) = self.utilisations(g, a, hosts);
        let ceiling = s.device_utilisation_ceiling_pct;
        if !matches!(cache_util, Some(u) if u <= ceiling)
            || !matches!(capacity_util, Some(u) if u <= ceiling)
        {
            failing.add(Constraint::Iops);
        }

        failing.merge(self.compute_failing(g, size));

        if self.stretched {
            // Links and the RTT do not depend on the hosts; the witness
            // RTT caps the hosts per site (`sizes` stops there).
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
        // `device_limited_iops`: front-end IOPS with the busiest tier at the
        // ceiling, over the demand.
        let demand = f.front_end_iops;
        let limit = match (cache_util, capacity_util) {
            (Some(c), Some(k)) => {
                let busiest = larger(larger(0.0, c), k);
                (busiest > 0.0).then(|| demand * ceiling / busiest)
            }
            _ => Some(0.0),
        };
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
    /// or the protections, and what is left grows with hosts; one VM must
    /// fit on one host whatever the count.
    fn compute_failing(&self, g: &Geometry, size: u32) -> Failing {
        let f = &self.figures;
        let hosts = self.hosts(size);
        let hosts_after = hosts.saturating_sub(self.settings.reserve_hosts);
        let mut failing = Failing::default();
        if hosts_after > 0 {
            if f.cores_needed > f64::from(g.cores.saturating_mul(hosts_after)) {
                failing.add(Constraint::Cpu);
            }
            let usable_after = g.usable_ram_per_host_gb * f64::from(hosts_after);
            if f.sql_ram_gb > usable_after || f.ram_demand_gb > usable_after {
                failing.add(Constraint::Ram);
            }
        }
        if f.largest_vm_ram_gb > g.usable_ram_per_host_gb {
            failing.add(Constraint::Ram);
        }
        if self.stretched {
            // A site down: the other site's hosts carry every VM.
            let usable_after = g.usable_ram_per_host_gb * f64::from(size);
            if f.sql_ram_gb > usable_after || f.ram_demand_gb > usable_after {
                failing.add(Constraint::Ram);
            }
            let surviving_cores = f64::from(g.cores * size);
            let needed_pct = f.cores_needed / surviving_cores;
            if surviving_cores > 0.0 && needed_pct.is_finite() && needed_pct * 100.0 > 100.0 {
                failing.add(Constraint::Cpu);
            }
        }
        failing
    }

    /// The smallest size in `sizes` at which no protection can fail the
    /// checks that do not depend on it: CPU, RAM, and capacity for the
    /// least capacity any protection needs (`required_gb`). Every line of
    /// the geometry needs at least this size (each check is monotonic), so
    /// its cost there bounds the cost of the line's design from below.
    /// None when no size in the range passes them.
    pub fn floor_size(&self, g: &Geometry, required_gb: f64, (lo, hi): (u32, u32)) -> Option<u32> {
        let passes = |size: u32| {
            self.compute_failing(g, size).is_empty()
                && required_gb <= self.usable_gb(g, self.hosts(size))
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
        let capacity = (a.required_gb[usize::from(g.dedup)] * r.datastore + reserve * sites)
            * self.inverse_free;
        let (cache_reads, capacity_reads) = match g.tier {
            StorageTier::AllFlash => (a.cache_reads, a.capacity_reads),
            StorageTier::Hybrid => (0.0, 0.0),
        };
        let writes = a.buffered_writes;
        let ram = larger(f.ram_demand_gb, f.sql_ram_gb) * r.usable_ram_gb;
        let cpu = f.cores_needed * r.cores;
        let site_down = if self.stretched {
            2.0 * larger(ram, cpu)
        } else {
            0.0
        };
        [
            f64::from(a.min_hosts) * per_site,
            reserve + 1.0,
            capacity,
            f.cache_need_gb[tier_index(g.tier)] * r.cache_gb,
            a.cache_writes_per_s * r.cache_rated_writes,
            (capacity_reads * r.capacity_read_iops + writes * r.capacity_write_iops)
                * self.inverse_ceiling,
            (cache_reads * r.cache_read_iops + writes * r.cache_write_iops) * self.inverse_ceiling,
            reserve + cpu,
            reserve + ram,
            site_down,
        ]
        .into_iter()
        .fold(0.0, larger)
    }

    /// `capacity::waterfall`, step by step.
    fn usable_gb(&self, g: &Geometry, hosts: u32) -> f64 {
        let s = &self.settings;
        let raw = g.raw_per_host_gb * f64::from(hosts);
        let format = raw * s.on_disk_format_overhead_pct / 100.0;
        let metadata = if g.dedup {
            raw * s.dedup_metadata_overhead_pct / 100.0
        } else {
            0.0
        };
        let datastore = (raw - format - metadata).max(0.0);
        let slack = datastore * s.slack_pct / 100.0;
        let after_slack = datastore - slack;
        let per_host = datastore / f64::from(hosts.max(1));
        let sites: u32 = if self.stretched { 2 } else { 1 };
        let reserved = f64::from(s.reserve_hosts) * f64::from(sites);
        after_slack - (per_host * reserved).min(after_slack)
    }

    /// Each tier's utilisation in % (`TierLoad::new`); None when it has
    /// demand but no rated IOPS.
    fn utilisations(
        &self,
        g: &Geometry,
        a: &AssignmentFigures,
        hosts: u32,
    ) -> (Option<f64>, Option<f64>) {
        let (cache_reads, capacity_reads) = match g.tier {
            StorageTier::AllFlash => (a.cache_reads, a.capacity_reads),
            StorageTier::Hybrid => self.hybrid_reads(g, hosts),
        };
        let per_group = f64::from(hosts);
        let devices = f64::from(g.layout.devices.saturating_mul(hosts));
        let (mut cache_read, mut cache_write, mut capacity_read, mut capacity_write) =
            (0.0, 0.0, 0.0, 0.0);
        for _ in 0..g.layout.groups {
            cache_read += g.cache_read_iops * per_group;
            cache_write += g.cache_write_iops * per_group;
            capacity_read += g.capacity_read_iops * devices;
            capacity_write += g.capacity_write_iops * devices;
        }
        let writes = a.buffered_writes;
        (
            utilisation(cache_reads, cache_read, writes, cache_write),
            utilisation(capacity_reads, capacity_read, writes, capacity_write),
        )
    }

    /// Reads the hybrid read cache serves and those it passes to the
    /// capacity tier, from the LRU read-cache model at this cache size.
    fn hybrid_reads(&self, g: &Geometry, hosts: u32) -> (f64, f64) {
        let slot = (usize::from(g.cache) * MAX_DISK_GROUPS_PER_HOST
            + (g.layout.groups as usize - 1))
            * (self.max_hosts as usize + 1)
            + hosts as usize;
        *self.hits[slot].get_or_init(|| {
            let cache_gb = g.cache_per_host_gb * f64::from(hosts) * HYBRID_READ_CACHE_SHARE;
            let demands = &self.figures.read_demands;
            LruCache::solve(cache_gb, demands).read_split()
        })
    }
}

/// `f64::max` where its result only meets `> 0.0` or starts the sizing:
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

/// `(reads / rated reads + writes / rated writes) x 100`, each share 0
/// without demand and undefined without rated IOPS.
fn utilisation(reads: f64, rated_reads: f64, writes: f64, rated_writes: f64) -> Option<f64> {
    Some((busy_share(reads, rated_reads)? + busy_share(writes, rated_writes)?) * 100.0)
}

fn busy_share(demand: f64, rated: f64) -> Option<f64> {
    if demand <= 0.0 {
        Some(0.0)
    } else if rated > 0.0 {
        Some(demand / rated)
    } else {
        None
    }
}
