//! Growth models of vSAN OSA clusters: each year's figures by the same
//! capacity, performance and compute rules as today's, from per-workload
//! figures built once. Capacity is a sum of per-workload terms grown by
//! each workload's rate; CPU and RAM do not grow; only the I/O mix (rates
//! and working sets, grown with the data) is re-routed per year and host count.

use crate::demand::compute::ClusterCompute;
use crate::demand::footprint::{annual_growth_pct, growth_by_year};
use crate::demand::growth::{
    holds_of, year_of, GrowthLimit, GrowthModel, GrowthYear, LimitFigures,
};
use crate::demand::placement::PlacedWorkload;
use crate::model::{Capacity, Cluster, HostSpec, ResolvedDiskGroup, Settings, Topology};
use crate::platform::two_sites::Sites;
use crate::platform::vsan_osa::capacity::{raw_capacity, usable_capacity, ConsumedGrowth};
use crate::platform::vsan_osa::performance::growth::GrowingIo;
use crate::platform::vsan_osa::performance::ClusterPerformance;

pub(super) struct OsaGrowth<'a> {
    groups: &'a [ResolvedDiskGroup<'a>],
    placed: &'a [PlacedWorkload<'a>],
    host: &'a HostSpec,
    settings: &'a Settings,
    dedup_active: bool,
    consumed: Vec<ConsumedGrowth>,
    io: GrowingIo,
    /// Each workload's growth factor in each year of the horizon, year by
    /// year: capacity and I/O both grow by it, and the host search asks
    /// the same years again.
    growth: Vec<f64>,
    /// Today's compute: its totals hold every year.
    compute: &'a ClusterCompute,
    /// Today's topology and front-end I/O against its device limit: year 0
    /// on it, as `assess_performance` found it.
    topology: &'a Topology,
    today_io: (f64, Option<f64>),
}

/// What today's sizing of the cluster found that every year starts from.
pub(super) struct Today<'a> {
    /// Each workload's consumption as its data grows (`evaluate_capacity_and_growth`).
    pub consumed: Vec<ConsumedGrowth>,
    pub compute: &'a ClusterCompute,
    pub performance: &'a ClusterPerformance,
    /// Today's I/O, which each year grows (`assess_performance_and_growth`).
    pub io: GrowingIo,
}

impl<'a> OsaGrowth<'a> {
    pub(super) fn new(
        groups: &'a [ResolvedDiskGroup<'a>],
        placed: &'a [PlacedWorkload<'a>],
        cluster: &'a Cluster,
        settings: &'a Settings,
        dedup_active: bool,
        today: Today<'a>,
    ) -> Self {
        let Today {
            consumed,
            compute,
            performance,
            io,
        } = today;
        OsaGrowth {
            groups,
            placed,
            host: &cluster.host,
            settings,
            dedup_active,
            consumed,
            io,
            growth: growth_table(placed, settings.planning_horizon_years),
            compute,
            topology: &cluster.topology,
            today_io: (
                performance.front_end_iops,
                performance.device_limited_front_end_iops,
            ),
        }
    }

    /// Each workload's growth factor in `year`. `assess_growth` runs over
    /// the same `settings.planning_horizon_years` this model was built
    /// for, so it asks no year beyond the table.
    fn growth_in(&self, year: u32) -> &[f64] {
        let n = self.placed.len();
        let from = year as usize * n;
        &self.growth[from..from + n]
    }

    /// `capacity.required` with the planning horizon set to `year`.
    fn required(&self, year: u32) -> Capacity {
        let grown = self.consumed.iter().zip(self.growth_in(year));
        Capacity::from_gb(grown.map(|(c, &g)| c.consumed_gb_grown(g)).sum())
    }

    fn usable(&self, topology: &Topology) -> Capacity {
        let hosts = topology.host_count();
        let sites = if Sites::of(topology).is_some() { 2 } else { 1 };
        let raw = raw_capacity(self.groups, hosts);
        usable_capacity(
            &raw,
            hosts,
            sites,
            self.placed,
            self.settings,
            self.dedup_active,
        )
    }
}

/// Each workload's growth factor in each year from 0 to `horizon`, year
/// by year (`OsaGrowth::growth`): as `growth_factor` gives them, one
/// multiplication each.
fn growth_table(placed: &[PlacedWorkload], horizon: u32) -> Vec<f64> {
    let n = placed.len();
    let years = horizon as usize + 1;
    let mut table = vec![0.0; n * years];
    for (i, p) in placed.iter().enumerate() {
        let by_year = growth_by_year(annual_growth_pct(&p.workload.spec));
        for (year, g) in by_year.take(years).enumerate() {
            table[year * n + i] = g;
        }
    }
    table
}

impl LimitFigures for OsaGrowth<'_> {
    fn capacity(&self, topology: &Topology, year: u32) -> (Capacity, Capacity) {
        (self.required(year), self.usable(topology))
    }

    fn io(&self, topology: &Topology, year: u32) -> (f64, Option<f64>) {
        if year == 0 && topology == self.topology {
            return self.today_io;
        }
        self.io.device_limited_in(
            topology.host_count(),
            self.groups,
            self.growth_in(year),
            self.settings,
        )
    }

    fn compute(&self, topology: &Topology) -> (Option<f64>, Option<f64>) {
        let a = self
            .compute
            .after_failure_on(self.host, topology.host_count(), self.settings);
        (a.cores_needed_pct, a.ram_demand_pct)
    }
}

impl GrowthModel for OsaGrowth<'_> {
    fn year(&self, topology: &Topology, year: u32) -> GrowthYear {
        year_of(self, topology, year)
    }

    fn holds(&self, limit: GrowthLimit, topology: &Topology, year: u32) -> bool {
        holds_of(self, limit, topology, year)
    }
}

#[cfg(test)]
mod tests;
