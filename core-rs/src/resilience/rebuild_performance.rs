//! Device-limited IOPS while a failure is being rebuilt: the healthy
//! demand on each device tier against the devices that survive, and on
//! vSAN OSA the hosts' I/O path against the hosts that survive, with a
//! share of their time given to the resync.

use serde::Serialize;

use super::loss::Devices;
use crate::platform::vsan_osa::performance::latency::host_path_utilisation;
use crate::platform::vsan_osa::performance::ClusterPerformance;
use crate::source;

/// The healthy device I/O per tier a rebuild competes with: vSAN OSA's
/// cache and capacity tiers and its hosts' I/O path, or vSAN ESA's pool as
/// the capacity tier with an idle cache tier (and no host path limit).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DeviceDemand {
    pub front_end_iops: f64,
    pub utilisation_ceiling_pct: f64,
    pub cache_read_iops: f64,
    pub cache_write_iops: f64,
    pub capacity_read_iops: f64,
    pub capacity_write_iops: f64,
    /// Back-end I/Os through the hosts' vSAN I/O path, counted by size
    /// (`ClusterPerformance::host_path_counted_iops`); 0 on ESA.
    pub host_path_counted_iops: f64,
}

impl DeviceDemand {
    pub fn osa(p: &ClusterPerformance) -> Self {
        DeviceDemand {
            front_end_iops: p.front_end_iops,
            utilisation_ceiling_pct: p.utilisation_ceiling_pct,
            cache_read_iops: p.cache_tier.read_iops,
            cache_write_iops: p.cache_tier.write_iops,
            capacity_read_iops: p.capacity_tier.read_iops,
            capacity_write_iops: p.capacity_tier.write_iops,
            host_path_counted_iops: p.host_path_counted_iops,
        }
    }
}

/// vSAN adaptive resync keeps at least 20 % of the bandwidth for resync
/// when I/O is contended (seed 003, Mixed Workload Failure Test).
pub const RESYNC_BANDWIDTH_SHARE: f64 = 0.2;

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct RebuildPerformance {
    /// Share of device time the resync takes (0 when nothing is rebuilt).
    pub resync_share_pct: f64,
    /// Front-end IOPS at the workloads' mix that bring the busiest
    /// surviving tier, or the surviving hosts' I/O path, to the utilisation
    /// ceiling, less the resync share;
    /// absent without demand, 0 when a tier has no device left.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub device_limited_front_end_iops: Option<f64>,
    /// Device-limited IOPS / front-end demand; below 1 the rebuild slows the workloads.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub headroom: Option<f64>,
    pub source: &'static str,
}

/// `cluster`: every device of the healthy cluster; `lost`: what the failure
/// removes; `resyncing`: whether a rebuild competes with the workloads.
/// The demand per tier is the healthy one (`demand`), except that the
/// lost share of a hybrid read cache sends its hits to the capacity devices
/// (hits scale with cache size: exact for one workload larger than the
/// cache, conservative otherwise).
pub fn rebuild_performance(
    demand: &DeviceDemand,
    cluster: &Devices,
    lost: &Devices,
    resyncing: bool,
) -> RebuildPerformance {
    let left = cluster.less(*lost);
    let d = demand;
    let lost_cache_share = if cluster.cache_gb > 0.0 {
        (lost.cache_gb / cluster.cache_gb).min(1.0)
    } else {
        0.0
    };
    let moved_reads = d.cache_read_iops * lost_cache_share;
    let cache_busy = busy(
        d.cache_read_iops - moved_reads,
        left.cache_read_iops,
        d.cache_write_iops,
        left.cache_write_iops,
    );
    let capacity_busy = busy(
        d.capacity_read_iops + moved_reads,
        left.capacity_read_iops,
        d.capacity_write_iops,
        left.capacity_write_iops,
    );
    let share = if resyncing {
        RESYNC_BANDWIDTH_SHARE
    } else {
        0.0
    };
    // The healthy cluster's path load shared by the hosts left.
    let path_busy = host_path_utilisation(d.host_path_counted_iops, left.hosts);
    let front_end = d.front_end_iops;
    let limit = (front_end > 0.0)
        .then(|| match cache_busy.zip(capacity_busy) {
            None => Some(0.0),
            Some((a, b)) if a.max(b).max(path_busy) > 0.0 => Some(
                front_end * d.utilisation_ceiling_pct / 100.0 * (1.0 - share)
                    / a.max(b).max(path_busy),
            ),
            Some(_) => None,
        })
        .flatten();
    RebuildPerformance {
        resync_share_pct: share * 100.0,
        device_limited_front_end_iops: limit,
        headroom: limit.map(|l| l / front_end),
        source: source::REBUILD_PERFORMANCE,
    }
}

/// Busy share of a tier (1 = fully busy): reads / rated reads + writes /
/// rated writes. None when there is demand and no device left to serve it.
fn busy(reads: f64, rated_reads: f64, writes: f64, rated_writes: f64) -> Option<f64> {
    let part = |demand: f64, rated: f64| {
        if demand <= 0.0 {
            Some(0.0)
        } else if rated > 0.0 {
            Some(demand / rated)
        } else {
            None
        }
    };
    Some(part(reads, rated_reads)? + part(writes, rated_writes)?)
}
