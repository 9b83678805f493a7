//! The I/O a cluster's growth timeline grows year by year, kept from
//! today's assessment so each year and candidate host count costs a scale
//! and a tier load rather than a re-derivation from every spec.

use std::cell::Cell;

use super::back_end::{back_end_io_at, WriteCost};
use super::host_path::host_path_utilisation_pct;
use super::read_cache::{read_cache_gb, LruCache};
use super::tier_load::{device_limited_iops, tier_loads, Reads};
use crate::demand::io::FrontEndIo;
use crate::model::{ResolvedDiskGroup, Settings};

/// A cluster's I/O today, per workload, that every year of the growth
/// timeline grows: a year multiplies a workload's I/O rates and working set
/// by the factor its data has grown by (`demand::growth::grown_io`), so the year's
/// front-end I/O is today's times that factor, and its read density (reads
/// per GB) stays today's. Kept from `assess_performance_and_growth`; a year
/// scales it where re-deriving each workload's from its spec took a
/// division or more per figure, and solves the hybrid read cache from
/// where the last solve ended (`GrowingReads`).
pub struct GrowingIo {
    front_ends: Vec<FrontEndIo>,
    costs: Vec<WriteCost>,
    /// The host path's counted I/Os per back-end I/O (`host_path_ios`).
    path_ios: Vec<f64>,
    /// Hybrid only.
    reads: Option<GrowingReads>,
}

/// What the hybrid read cache sees, kept for the growth timeline: today's
/// demands, and the characteristic time of the last solve (today's, then
/// each year's and host count's the timeline asked for). The timeline asks
/// years and host counts in turn, each mix a little more or less grown or
/// cached than the last, so its T is a start near the next root.
pub(super) struct GrowingReads {
    /// Today's (working set GB, read IOPS) per workload.
    demands: Vec<(f64, f64)>,
    last_time: Cell<f64>,
}

impl GrowingReads {
    /// Today's demands and the cache solved against them.
    pub(super) fn new(demands: Vec<(f64, f64)>, cache: &LruCache) -> Self {
        GrowingReads {
            last_time: Cell::new(cache.time().unwrap_or(0.0)),
            demands,
        }
    }

    /// The read cache of `cache_gb` against each demand grown by its entry
    /// of `growth` (working set and reads alike: its density stays today's).
    fn solve_grown(&self, cache_gb: f64, growth: &[f64]) -> LruCache {
        let grown = self
            .demands
            .iter()
            .zip(growth)
            .map(|(&(ws, r), &g)| (ws * g, r * g));
        let cache = LruCache::solve_from(self.last_time.get(), cache_gb, grown);
        if let Some(time) = cache.time() {
            self.last_time.set(time);
        }
        cache
    }
}

impl GrowingIo {
    /// Today's front-end I/O, write cost and host-path I/Os per back-end
    /// I/O per workload, and on hybrid clusters what the read cache sees.
    pub(super) fn new(
        front_ends: Vec<FrontEndIo>,
        costs: Vec<WriteCost>,
        path_ios: Vec<f64>,
        reads: Option<GrowingReads>,
    ) -> Self {
        GrowingIo {
            front_ends,
            costs,
            path_ios,
            reads,
        }
    }

    /// The front-end IOPS and device-limited front-end IOPS `assess_performance`
    /// reports, with each workload's I/O grown by its entry of `growth`, on
    /// `hosts` hosts, without the per-workload figures and findings: the
    /// growth timeline asks it for every year and candidate host count.
    pub fn device_limited_in(
        &self,
        hosts: u32,
        disk_groups: &[ResolvedDiskGroup],
        growth: &[f64],
        settings: &Settings,
    ) -> (f64, Option<f64>) {
        // Grown as they are used: a year's copy would be allocated and freed
        // once per year and host count.
        let front_ends = || {
            self.front_ends
                .iter()
                .zip(growth)
                .map(|(fe, &g)| FrontEndIo::new(fe.read_iops * g, fe.write_iops * g))
        };
        let reads = match &self.reads {
            Some(reads) => {
                Reads::of(&reads.solve_grown(read_cache_gb(disk_groups, hosts, true), growth))
            }
            None => Reads::Uncached,
        };
        let (cache_tier, capacity_tier) = tier_loads(
            disk_groups,
            hosts,
            self.costs.iter().zip(front_ends()),
            reads,
        );
        let front_end_iops: f64 = front_ends().map(|f| f.total_iops).sum();
        // Summed as `assess_performance_and_growth` sums it, from 0.
        let mut counted = 0.0;
        for ((fe, &cost), &ios) in front_ends().zip(&self.costs).zip(&self.path_ios) {
            counted += back_end_io_at(fe, cost).total_iops * ios;
        }
        let limit = device_limited_iops(
            front_end_iops,
            settings.device_utilisation_ceiling_pct,
            [
                cache_tier.utilisation_pct,
                capacity_tier.utilisation_pct,
                Some(host_path_utilisation_pct(counted, hosts)),
            ],
        );
        (front_end_iops, limit)
    }
}
