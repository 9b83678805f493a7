//! Growth models of vSAN OSA clusters: each year's figures by the same
//! capacity, performance and compute rules as today's, from per-workload
//! figures built once. Capacity is a sum of per-workload terms grown by
//! each workload's rate; CPU and RAM do not grow; only the I/O mix is
//! re-routed per year and host count.

use crate::capacity::{
    raw_capacity, usable_capacity, ConsumedGrowth, PlacedWorkload, ResolvedDiskGroup,
};
use crate::compute::ClusterCompute;
use crate::growth::{
    front_end_io_in, holds_of, year_of, GrowthLimit, GrowthModel, GrowthYear, LimitFigures,
};
use crate::model::{Capacity, Cluster, HostSpec, Settings, Topology};
use crate::performance::{
    device_limited_front_end_iops, placed_write_cost, working_set_gb, ClusterPerformance,
    FrontEndIo, WriteCost,
};
use crate::stretched::Sites;

pub(super) struct OsaGrowth<'a> {
    groups: &'a [ResolvedDiskGroup<'a>],
    placed: &'a [PlacedWorkload<'a>],
    host: &'a HostSpec,
    settings: &'a Settings,
    dedup_active: bool,
    consumed: Vec<ConsumedGrowth>,
    working_sets: Vec<f64>,
    write_costs: Vec<WriteCost>,
    /// Today's compute: its totals hold every year.
    compute: &'a ClusterCompute,
    /// Today's topology and front-end I/O against its device limit: year 0
    /// on it, as `assess_performance` found it.
    topology: &'a Topology,
    today_io: (f64, Option<f64>),
}

impl<'a> OsaGrowth<'a> {
    pub(super) fn new(
        groups: &'a [ResolvedDiskGroup<'a>],
        placed: &'a [PlacedWorkload<'a>],
        cluster: &'a Cluster,
        settings: &'a Settings,
        dedup_active: bool,
        compute: &'a ClusterCompute,
        performance: &ClusterPerformance,
    ) -> Self {
        OsaGrowth {
            groups,
            placed,
            host: &cluster.host,
            settings,
            dedup_active,
            consumed: placed
                .iter()
                .map(|p| ConsumedGrowth::of(p, settings, dedup_active))
                .collect(),
            working_sets: placed
                .iter()
                .map(|p| working_set_gb(&p.workload.spec))
                .collect(),
            write_costs: placed.iter().map(placed_write_cost).collect(),
            compute,
            topology: &cluster.topology,
            today_io: (
                performance.front_end_iops,
                performance.device_limited_front_end_iops,
            ),
        }
    }

    /// `capacity.required` with the planning horizon set to `year`.
    fn required(&self, year: u32) -> Capacity {
        Capacity::from_gb(self.consumed.iter().map(|c| c.consumed_gb(year)).sum())
    }

    fn usable(&self, topology: &Topology) -> Capacity {
        let hosts = topology.host_count();
        let sites = if Sites::of(topology).is_some() { 2 } else { 1 };
        let raw = raw_capacity(self.groups, hosts);
        usable_capacity(&raw, hosts, sites, self.settings, self.dedup_active)
    }
}

impl LimitFigures for OsaGrowth<'_> {
    fn capacity(&self, topology: &Topology, year: u32) -> (Capacity, Capacity) {
        (self.required(year), self.usable(topology))
    }

    fn io(&self, topology: &Topology, year: u32) -> (f64, Option<f64>) {
        if year == 0 && topology == self.topology {
            return self.today_io;
        }
        let front_ends: Vec<FrontEndIo> = self
            .placed
            .iter()
            .map(|p| front_end_io_in(&p.workload.spec, year))
            .collect();
        let demand = front_ends.iter().map(|f| f.total_iops).sum();
        let limit = device_limited_front_end_iops(
            topology.host_count(),
            self.groups,
            &self.write_costs,
            &front_ends,
            &self.working_sets,
            self.settings,
        );
        (demand, limit)
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
