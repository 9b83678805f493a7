//! A vSAN ESA cluster: ESA capacity rules in OSA's shapes, compute as on
//! any vSAN cluster, ESA-only figures, and the growth timeline.

use serde::Serialize;

use super::{grown_workloads, placed_workloads, policies_to_check, regrown, FCI_NODES};
use crate::capacity::{CapacityEvaluation, RawCapacity};
use crate::compute::{assess_compute_with, ClusterCompute};
use crate::esa::{
    assess_esa_performance, esa_details, esa_findings, esa_performance_findings, esa_raw,
    esa_vsan_memory, evaluate_esa_capacity, EsaCluster, EsaEvaluation, EsaPerformance, ResolvedEsa,
};
use crate::growth::{assess_growth, growth_findings, ClusterGrowth, GrowthYear};
use crate::model::{Cluster, Project, Settings, Topology, VsanEsa};
use crate::rules::Finding;

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct EsaClusterEvaluation {
    pub cluster_id: String,
    pub cluster_name: String,
    pub host_count: u32,
    /// `cache_per_host` and `cache_devices` are 0: ESA has no cache tier.
    pub raw: RawCapacity,
    pub capacity: CapacityEvaluation,
    pub compute: ClusterCompute,
    pub performance: EsaPerformance,
    pub esa: EsaEvaluation,
    pub growth: ClusterGrowth,
}

/// Validation has checked that the device resolves to an NVMe device and
/// that the topology is single-site.
pub(super) fn evaluate_esa(
    project: &Project,
    index: usize,
    cluster: &Cluster,
    config: &VsanEsa,
) -> Option<(EsaClusterEvaluation, Vec<Finding>)> {
    let esa = ResolvedEsa {
        device: project.device(&config.device)?,
        config,
    };
    let settings = &project.settings;
    let hosts = cluster.topology.host_count();
    let placed = placed_workloads(project, &cluster.id, false);
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
    let policies = policies_to_check(project, &placed);
    let mut findings = esa_findings(
        &facts,
        &capacity,
        &esa_figures,
        &placed,
        &policies,
        settings,
    );
    findings.extend(esa_performance_findings(&path, &cluster.name, &performance));
    findings.extend(compute.findings.iter().cloned());
    let growth = assess_growth(
        &cluster.topology,
        settings.planning_horizon_years,
        |topology, year| esa_year(index, cluster, &esa, &placed, topology, year, settings),
    );
    findings.extend(growth_findings(&path, &cluster.name, &growth));
    let evaluation = EsaClusterEvaluation {
        cluster_id: cluster.id.clone(),
        cluster_name: cluster.name.clone(),
        host_count: hosts,
        raw: esa_raw(&esa, hosts),
        capacity,
        compute,
        performance,
        esa: esa_figures,
        growth,
    };
    Some((evaluation, findings))
}

/// One year of the timeline on `topology`, by the same ESA rules as today.
fn esa_year(
    index: usize,
    cluster: &Cluster,
    esa: &ResolvedEsa,
    placed: &[crate::capacity::PlacedWorkload],
    topology: &Topology,
    year: u32,
    settings: &Settings,
) -> GrowthYear {
    let hosts = topology.host_count();
    let at_year = Settings {
        planning_horizon_years: year,
        ..settings.clone()
    };
    let capacity = evaluate_esa_capacity(esa, hosts, placed, &at_year);
    let grown = grown_workloads(placed, year);
    let io = assess_esa_performance(esa, hosts, &regrown(placed, &grown), settings);
    let compute = assess_compute_with(
        index,
        &cluster.host,
        topology,
        esa_vsan_memory(esa.config, cluster.host.ram_gb),
        placed,
        settings,
        FCI_NODES,
    );
    GrowthYear {
        year,
        capacity_required: capacity.required,
        capacity_usable: capacity.usable,
        front_end_iops: io.front_end_iops,
        iops_limit: io.device_limited_front_end_iops,
        cpu_pct: compute.cores_needed_pct_after_failure,
        ram_pct: compute.ram_demand_pct_after_failure,
    }
}
