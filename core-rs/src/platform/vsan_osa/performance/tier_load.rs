//! Steps 3 and 4 of the model: where the back-end I/O lands (the cache tier
//! takes every write and, on hybrid clusters, the read-cache hits; the
//! capacity tier the misses, read-modify-write reads and destaged writes),
//! how busy that keeps each tier's devices, and the front-end IOPS the
//! busiest tier allows under the utilisation ceiling.

use serde::Serialize;

use super::back_end::WriteCost;
use super::device_queue::{device_service_ms, mm1_response_ms};
use super::read_cache::LruCache;
use crate::demand::io::FrontEndIo;
use crate::model::{Device, ResolvedDiskGroup};
use crate::source;

/// Demand on one tier of devices (cache or capacity) across the cluster.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct TierLoad {
    pub devices: u32,
    /// Sum of the devices' rated random read IOPS.
    pub rated_read_iops: f64,
    pub rated_write_iops: f64,
    pub read_iops: f64,
    pub write_iops: f64,
    /// Busy time of the devices: reads / rated reads + writes / rated writes,
    /// in %. None when there is demand but no device to serve it.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub utilisation_pct: Option<f64>,
    /// Mean device time of one read / write (see `device_service_ms`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub read_service_ms: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub write_service_ms: Option<f64>,
    pub source: &'static str,
}

/// A tier's rated IOPS: each device's rating times how many there are,
/// summed in the order given. `TierLoad::new` and the recommend scorer
/// both sum through it, per disk group in project order, so the scorer's
/// utilisation is `evaluate`'s to the last bit.
#[inline]
pub fn rated_iops(devices: impl IntoIterator<Item = (f64, u32)>) -> f64 {
    devices
        .into_iter()
        .map(|(iops, count)| iops * f64::from(count))
        .sum()
}

impl TierLoad {
    pub(crate) fn new(devices: &[(&Device, u32)], read_iops: f64, write_iops: f64) -> Self {
        let count: u32 = devices.iter().map(|&(_, n)| n).sum();
        let rated =
            |iops: fn(&Device) -> f64| rated_iops(devices.iter().map(|&(d, n)| (iops(d), n)));
        let rated_read_iops = rated(|d| d.read_iops);
        let rated_write_iops = rated(|d| d.write_iops);
        let mean_service = |iops: fn(&Device) -> f64| -> Option<f64> {
            let total: Option<f64> = devices
                .iter()
                .map(|&(d, n)| device_service_ms(iops(d)).map(|s| s * f64::from(n)))
                .sum();
            total.and_then(|t| (count > 0).then(|| t / f64::from(count)))
        };
        TierLoad {
            devices: count,
            rated_read_iops,
            rated_write_iops,
            read_iops,
            write_iops,
            utilisation_pct: utilisation_pct(
                read_iops,
                rated_read_iops,
                write_iops,
                rated_write_iops,
            ),
            read_service_ms: mean_service(|d| d.read_iops),
            write_service_ms: mean_service(|d| d.write_iops),
            source: source::VSAN_DESIGN_GUIDE,
        }
    }

    fn utilisation(&self) -> Option<f64> {
        self.utilisation_pct.map(|u| u / 100.0)
    }

    pub(super) fn read_response_ms(&self) -> Option<f64> {
        mm1_response_ms(self.read_service_ms?, self.utilisation()?)
    }

    pub(super) fn write_response_ms(&self) -> Option<f64> {
        mm1_response_ms(self.write_service_ms?, self.utilisation()?)
    }
}

/// A tier's busy time in %: `(reads / rated reads + writes / rated
/// writes) x 100`. None when there is demand but no rated IOPS to serve it.
#[inline]
pub fn utilisation_pct(
    reads: f64,
    rated_reads: f64,
    writes: f64,
    rated_writes: f64,
) -> Option<f64> {
    Some((busy_share(reads, rated_reads)? + busy_share(writes, rated_writes)?) * 100.0)
}

/// `performance.iops_exceeded`: a tier busier than the utilisation
/// ceiling, or with demand and no rated IOPS. Rated IOPS grow with the
/// hosts while the demand stays; on hybrid clusters the larger read cache
/// also moves reads from the capacity tier to the cache tier, and the hits
/// per GB of cache never rise as the cache grows (the LRU hit count is
/// concave in the cache size), so neither tier's utilisation rises with
/// hosts.
#[inline]
pub fn over_ceiling(utilisation_pct: Option<f64>, ceiling_pct: f64) -> bool {
    !matches!(utilisation_pct, Some(u) if u <= ceiling_pct)
}

/// Share of rated capacity a demand takes; None if it has nowhere to go.
#[inline]
fn busy_share(demand: f64, rated: f64) -> Option<f64> {
    if demand <= 0.0 {
        Some(0.0)
    } else if rated > 0.0 {
        Some(demand / rated)
    } else {
        None
    }
}

/// Where a mix's reads go.
pub(super) enum Reads {
    /// Hybrid: the read cache serves its hits (Che's approximation) and
    /// passes the misses to the capacity tier.
    Cached { served: f64, missed: f64 },
    /// All-flash: the cache device serves no reads.
    Uncached,
}

impl Reads {
    pub(super) fn of(cache: &LruCache) -> Self {
        let (served, missed) = cache.read_split();
        Reads::Cached { served, missed }
    }
}

/// Routes every workload's back-end I/O to the cache and capacity tiers
/// (step 3 of the model, `performance`). The recommend scorer rates its tiers
/// through the same `rated_iops`, one entry per disk group as here.
pub(super) fn tier_loads<'c>(
    disk_groups: &[ResolvedDiskGroup],
    hosts: u32,
    io: impl Iterator<Item = (&'c WriteCost, FrontEndIo)>,
    reads: Reads,
) -> (TierLoad, TierLoad) {
    let (cache_reads, mut capacity_reads) = match reads {
        Reads::Cached { served, missed } => (served, missed),
        Reads::Uncached => (0.0, 0.0),
    };
    let uncached = matches!(reads, Reads::Uncached);
    let mut buffered_writes = 0.0;
    for (cost, fe) in io {
        let misses = if uncached { fe.read_iops } else { 0.0 };
        capacity_reads += misses + fe.write_iops * cost.reads;
        buffered_writes += fe.write_iops * cost.writes;
    }
    let cache_devices: Vec<(&Device, u32)> = disk_groups.iter().map(|g| (g.cache, hosts)).collect();
    let capacity_devices: Vec<(&Device, u32)> = disk_groups
        .iter()
        .map(|g| (g.capacity, g.capacity_device_count.saturating_mul(hosts)))
        .collect();
    (
        TierLoad::new(&cache_devices, cache_reads, buffered_writes),
        TierLoad::new(&capacity_devices, capacity_reads, buffered_writes),
    )
}

/// Device-limited front-end IOPS / the demand (`device_limited_iops`);
/// None without demand or limit. What `rules::iops_short` judges after a
/// failure.
#[inline]
pub fn iops_headroom(limit: Option<f64>, front_end_iops: f64) -> Option<f64> {
    limit.and_then(|l| (front_end_iops > 0.0).then(|| l / front_end_iops))
}

/// Front-end IOPS, at this mix, that bring the busiest of `utilisations_pct`
/// (vSAN OSA: the cache and capacity tiers' `utilisation_pct` and the host
/// path's, `host_path`; ESA: its pool's) to the ceiling: demand x ceiling
/// / busiest utilisation. 0 when a tier cannot serve its demand at all;
/// None without demand.
#[inline]
pub fn device_limited_iops<const N: usize>(
    front_end_iops: f64,
    ceiling_pct: f64,
    utilisations_pct: [Option<f64>; N],
) -> Option<f64> {
    // A comparison rather than `f64::max`, a libm call in Wasm, as the
    // search asks this of every candidate; a NaN is skipped as by `max`.
    let busiest = utilisations_pct
        .into_iter()
        .try_fold(0.0_f64, |max, u| u.map(|u| if u > max { u } else { max }));
    match busiest {
        None => Some(0.0),
        Some(u) if u > 0.0 => Some(front_end_iops * ceiling_pct / u),
        Some(_) => None,
    }
}
