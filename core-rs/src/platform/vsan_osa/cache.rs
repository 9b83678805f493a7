//! Cache tier sizing: how much cache the workloads ask for, and whether
//! each disk group's cache device keeps up with its share of the writes.

mod device;
mod findings;
mod requirement;

use serde::Serialize;

use crate::demand::compute::hosts_after_failure;
use crate::demand::placement::PlacedWorkload;
use crate::demand::write_load::{write_load, WriteLoad};
use crate::model::{Capacity, Id, ResolvedDiskGroup, Settings, StorageTier};
use crate::platform::vsan_osa::capacity::WorkloadCapacity;
use crate::platform::vsan_osa::performance::read_cache::hybrid_read_cache_gb;
use crate::totals::totals;

pub use device::{
    class_floor_writes_per_s, rated_tbw, rated_writes_per_s, written_tb, DiskGroupCache, Endurance,
    ALL_FLASH_WRITE_BUFFER_GB,
};
pub use findings::{cache_below_rule, cache_findings, endurance_exceeded, writes_exceed_rating};
pub use requirement::{share_of_consumed_gb, CacheNeed, CacheRule};

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct WorkloadCache {
    pub workload_id: Id,
    pub need: CacheNeed,
    pub writes: WriteLoad,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct CacheEvaluation {
    /// Disk groups in the whole cluster (per host x hosts).
    pub disk_groups: u32,
    pub installed: Capacity,
    /// Sum of the workloads' needs.
    pub required: Capacity,
    pub required_per_disk_group: Capacity,
    pub workloads: Vec<WorkloadCache>,
    /// One entry per disk group of a host (every host has the same ones).
    pub per_disk_group: Vec<DiskGroupCache>,
    /// After the N+x host failures the design reserves for; absent without
    /// a reserve or with no host left.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub after_failure: Option<CacheAfterFailure>,
}

impl CacheEvaluation {
    /// The disk group whose cache device is smallest: the cache rules
    /// judge it, since every disk group is asked the same share.
    pub fn smallest_cache_device(&self) -> Option<&DiskGroupCache> {
        self.per_disk_group
            .iter()
            .min_by(|a, b| a.installed.gb.total_cmp(&b.installed.gb))
    }
}

/// The hosts left after the N+x reserved hosts fail, where that is a
/// state to judge: some host is reserved and some host is left.
pub fn hosts_left_after_reserve(host_count: u32, reserve_hosts: u32) -> Option<u32> {
    let left = hosts_after_failure(host_count, reserve_hosts);
    (left > 0 && left < host_count).then_some(left)
}

/// The cache tier once the N+x reserved hosts have failed and their data
/// is rebuilt on the others: the failed hosts' disk groups take their
/// cache devices away, while the workloads ask the same cache, keep the
/// same working sets and send the same writes, now to fewer disk groups.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct CacheAfterFailure {
    pub hosts_left: u32,
    pub disk_groups: u32,
    pub installed: Capacity,
    /// Hybrid: the read cache of the surviving cache devices; 0 on all-flash.
    pub read_cache_gb: f64,
    pub required_per_disk_group: Capacity,
    /// Each surviving disk group's share of the cache writes.
    pub writes_per_s: f64,
}

/// `workloads` are the capacity figures of `placed`, in the same order.
pub fn evaluate_cache(
    groups: &[ResolvedDiskGroup],
    host_count: u32,
    tier: StorageTier,
    placed: &[PlacedWorkload],
    workloads: &[WorkloadCapacity],
    settings: &Settings,
) -> CacheEvaluation {
    let horizon = settings.planning_horizon_years;
    let needs: Vec<WorkloadCache> = placed
        .iter()
        .zip(workloads)
        .map(|(p, w)| WorkloadCache {
            workload_id: p.workload.id.clone(),
            need: requirement::cache_need(
                &p.workload.spec,
                &w.footprint,
                tier,
                settings.cache_pct_of_consumed,
                horizon,
            ),
            writes: write_load(&p.workload.spec, p.protection()),
        })
        .collect();
    let disk_groups = disk_groups_in_cluster(groups.len(), host_count);
    let [required_gb, writes_per_s, write_mb_per_s] = totals(&needs, |n| {
        [
            n.need.required.gb,
            n.writes.device_writes_per_s,
            n.writes.device_write_mb_per_s,
        ]
    });
    let share = |total: f64| per_disk_group(total, disk_groups);
    let cache_per_host_gb: f64 = groups.iter().map(|g| g.cache.capacity_gb).sum();
    let after_failure =
        hosts_left_after_reserve(host_count, settings.reserve_hosts).map(|hosts_left| {
            let disk_groups = disk_groups_in_cluster(groups.len(), hosts_left);
            CacheAfterFailure {
                hosts_left,
                disk_groups,
                installed: Capacity::from_gb(cache_per_host_gb * f64::from(hosts_left)),
                read_cache_gb: match tier {
                    StorageTier::Hybrid => hybrid_read_cache_gb(cache_per_host_gb, hosts_left),
                    StorageTier::AllFlash => 0.0,
                },
                required_per_disk_group: Capacity::from_gb(per_disk_group(
                    required_gb,
                    disk_groups,
                )),
                writes_per_s: per_disk_group(writes_per_s, disk_groups),
            }
        });
    let load = device::DiskGroupLoad {
        writes_per_s: share(writes_per_s),
        write_mb_per_s: share(write_mb_per_s),
        horizon_years: horizon,
    };
    CacheEvaluation {
        disk_groups,
        installed: Capacity::from_gb(cache_per_host_gb * f64::from(host_count)),
        required: Capacity::from_gb(required_gb),
        required_per_disk_group: Capacity::from_gb(share(required_gb)),
        workloads: needs,
        per_disk_group: groups
            .iter()
            .enumerate()
            .map(|(i, g)| device::disk_group_cache(i, g.cache, tier, &load))
            .collect(),
        after_failure,
    }
}

/// A cluster-wide total's share in each disk group: vSAN spreads
/// components over every disk group, each taking an even share. The share
/// only falls as hosts (and so disk groups) are added.
#[inline]
pub fn per_disk_group(total: f64, disk_groups: u32) -> f64 {
    total / f64::from(disk_groups.max(1))
}

#[inline]
pub fn disk_groups_in_cluster(per_host: usize, host_count: u32) -> u32 {
    u32::try_from(per_host)
        .unwrap_or(u32::MAX)
        .saturating_mul(host_count)
}

/// Cache per disk group for the 10 % rule when `logical_gb` will be
/// consumed (before replicas): the quick calculator's question.
pub fn share_of_consumed_per_disk_group_gb(
    logical_gb: f64,
    settings: &Settings,
    disk_groups: u32,
) -> f64 {
    share_of_consumed_gb(logical_gb, settings.cache_pct_of_consumed) / f64::from(disk_groups.max(1))
}
