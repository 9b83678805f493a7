//! A vSAN ESA cluster: ESA capacity rules in OSA's shapes, compute and the
//! iSCSI target service as on any vSAN cluster, ESA-only figures, and the
//! growth timeline.

use serde::Serialize;

use super::{placed_workloads, policies_by_rule_note, policies_to_check, Lookup, FCI_NODES};
use crate::demand::compute::{assess_compute_with, ClusterCompute};
use crate::demand::growth::{
    assess_growth, growth_findings, holds_of, year_of, ClusterGrowth, GrowthLimit, GrowthModel,
    GrowthYear, LimitFigures,
};
use crate::demand::placement::PlacedWorkload;
use crate::model::{Capacity, Cluster, HostSpec, Settings, Topology, VsanEsa};
use crate::platform::vsan_esa::{
    assess_esa_performance, esa_details, esa_findings, esa_performance_findings, esa_raw,
    esa_vsan_memory, evaluate_esa_capacity, grown_device_limit, EsaCluster, EsaEvaluation,
    EsaPerformance, ResolvedEsa,
};
use crate::platform::vsan_iscsi::{assess_iscsi, ClusterIscsi, IscsiLayout, VsanArchitecture};
use crate::platform::vsan_osa::capacity::{CapacityEvaluation, RawCapacity};
use crate::resilience::{assess_esa_resilience, ClusterResilience, EsaFailureInputs};
use crate::rules::Finding;

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct EsaClusterEvaluation {
    pub host_count: u32,
    /// `cache_per_host` and `cache_devices` are 0: ESA has no cache tier.
    pub raw: RawCapacity,
    pub capacity: CapacityEvaluation,
    pub compute: ClusterCompute,
    /// Device I/O of the storage pools: ESA's write path, device-limited IOPS.
    pub performance: EsaPerformance,
    pub esa: EsaEvaluation,
    /// Device, host and N+x failures and the policies' durability, in
    /// vSAN OSA's shapes.
    pub resilience: ClusterResilience,
    /// The iSCSI target service's targets, LUNs and sessions, as on OSA.
    pub iscsi: ClusterIscsi,
    pub growth: ClusterGrowth,
}

/// Validation has checked that the device resolves to an NVMe device and
/// that the topology is single-site.
pub(super) fn evaluate_esa(
    lookup: &Lookup,
    index: usize,
    cluster: &Cluster,
    config: &VsanEsa,
) -> Option<(EsaClusterEvaluation, Vec<Finding>)> {
    let project = lookup.project;
    let esa = ResolvedEsa {
        device: lookup.device(&config.device)?,
        config,
    };
    let settings = &project.settings;
    let hosts = cluster.topology.host_count();
    let placed = placed_workloads(lookup, index, false);
    let capacity = evaluate_esa_capacity(&esa, hosts, &placed, settings);
    let esa_figures = esa_details(&esa, hosts, &placed, settings);
    let performance = assess_esa_performance(&esa, hosts, &placed, settings);
    let vsan_memory = esa_vsan_memory(config, cluster.host.ram_gb);
    let compute = assess_compute_with(
        index,
        &cluster.host,
        &cluster.topology,
        vsan_memory,
        &placed,
        settings,
        FCI_NODES,
    );
    let path = format!("clusters[{index}]");
    let facts = EsaCluster {
        path: &path,
        name: &cluster.name,
        host_count: hosts,
        host: &cluster.host,
        esa: &esa,
    };
    let policies = policies_to_check(lookup, &placed);
    let mut findings = esa_findings(
        &facts,
        &capacity,
        &esa_figures,
        &placed,
        &policies,
        settings,
    );
    findings.extend(esa_performance_findings(&path, &cluster.name, &performance));
    let resilience = assess_esa_resilience(
        &EsaFailureInputs {
            facts: &facts.facts(),
            model: cluster,
            esa: &esa,
            capacity: &capacity,
            reserve: &esa_figures.reserve,
            performance: &performance,
        },
        &policies,
        settings,
    );
    findings.extend(resilience.findings.iter().cloned());
    findings.extend(policies_by_rule_note(
        &path,
        &cluster.name,
        project,
        &placed,
        &policies,
    ));
    findings.extend(compute.findings.iter().cloned());
    let iscsi = assess_iscsi(
        index,
        VsanArchitecture::Esa,
        &cluster.topology,
        &placed,
        settings,
        &IscsiLayout::default(),
    );
    findings.extend(iscsi.findings.iter().cloned());
    let growth = assess_growth(
        &cluster.topology,
        settings.planning_horizon_years,
        compute.hosts - compute.hosts_after_failure,
        &EsaGrowth {
            esa: &esa,
            host: &cluster.host,
            placed: &placed,
            settings,
            compute: &compute,
        },
    );
    findings.extend(growth_findings(&path, &cluster.name, &growth));
    let evaluation = EsaClusterEvaluation {
        host_count: hosts,
        raw: esa_raw(&esa, hosts),
        capacity,
        compute,
        performance,
        esa: esa_figures,
        resilience,
        iscsi,
        growth,
    };
    Some((evaluation, findings))
}

/// The timeline by the same ESA rules as today: capacity re-sized per year
/// (ESA's RAID-5 layout depends on the host count), front-end I/O grown
/// against the pool's device limit on that many hosts, CPU and RAM from
/// today's totals, which do not grow.
struct EsaGrowth<'a> {
    esa: &'a ResolvedEsa<'a>,
    host: &'a HostSpec,
    placed: &'a [PlacedWorkload<'a>],
    settings: &'a Settings,
    compute: &'a ClusterCompute,
}

impl LimitFigures for EsaGrowth<'_> {
    fn capacity(&self, topology: &Topology, year: u32) -> (Capacity, Capacity) {
        let at_year = Settings {
            planning_horizon_years: year,
            ..self.settings.clone()
        };
        let c = evaluate_esa_capacity(self.esa, topology.host_count(), self.placed, &at_year);
        (c.required, c.usable)
    }

    fn io(&self, topology: &Topology, year: u32) -> (f64, Option<f64>) {
        grown_device_limit(
            self.esa,
            topology.host_count(),
            self.placed,
            year,
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

impl GrowthModel for EsaGrowth<'_> {
    fn year(&self, topology: &Topology, year: u32) -> GrowthYear {
        year_of(self, topology, year)
    }

    fn holds(&self, limit: GrowthLimit, topology: &Topology, year: u32) -> bool {
        holds_of(self, limit, topology, year)
    }
}
