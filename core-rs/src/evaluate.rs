//! `evaluate(project) -> result`: pure and deterministic.

use serde::Serialize;

use crate::cache::{cache_findings, evaluate_cache, CacheEvaluation};
use crate::capacity::{
    capacity_findings, evaluate_capacity, mixes_tiers, raw_capacity, storage_tier,
    CapacityEvaluation, PlacedWorkload, RawCapacity, ResolvedDiskGroup, StorageTier,
};
use crate::compute::{assess_compute, ClusterCompute};
use crate::iscsi::{assess_iscsi, ClusterIscsi, IscsiLayout};
use crate::issue::InputIssue;
use crate::model::{Cluster, DiskGroup, Project, Storage, StoragePolicy, Topology};
use crate::performance::{assess_performance, ClusterPerformance};
use crate::protection::host_findings;
use crate::rules::{by_severity, ClusterFacts, Finding};
use crate::validate::validate;

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct Evaluation {
    pub clusters: Vec<ClusterEvaluation>,
    /// Every cluster's findings, most severe first; messages name the cluster.
    pub findings: Vec<Finding>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct ClusterEvaluation {
    pub cluster_id: String,
    pub cluster_name: String,
    pub host_count: u32,
    pub raw: RawCapacity,
    /// Hybrid when any capacity device is an HDD.
    pub tier: StorageTier,
    pub capacity: CapacityEvaluation,
    pub cache: CacheEvaluation,
    pub performance: ClusterPerformance,
    pub compute: ClusterCompute,
    pub iscsi: ClusterIscsi,
}

/// SQL Server FCI nodes per instance. The model does not hold it per
/// workload yet; seed 002 ran two (active + passive).
const FCI_NODES: u32 = 2;

/// Validates, then sizes every cluster. Invalid input yields every issue found.
pub fn evaluate(project: &Project) -> Result<Evaluation, Vec<InputIssue>> {
    let issues = validate(project);
    if !issues.is_empty() {
        return Err(issues);
    }
    let mut findings = Vec::new();
    let clusters = project
        .clusters
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let (evaluation, found) = evaluate_cluster(project, i, c);
            findings.extend(found);
            evaluation
        })
        .collect();
    Ok(Evaluation {
        clusters,
        findings: by_severity(findings),
    })
}

fn evaluate_cluster(
    project: &Project,
    index: usize,
    cluster: &Cluster,
) -> (ClusterEvaluation, Vec<Finding>) {
    let host_count = cluster.topology.host_count();
    let Storage::VsanOsa {
        disk_groups,
        dedup_compression,
    } = &cluster.storage;
    let groups = resolve_disk_groups(project, disk_groups);
    let placed = placed_workloads(project, &cluster.id);
    let tier = storage_tier(&groups);
    let settings = &project.settings;
    let dedup_active = *dedup_compression && tier == StorageTier::AllFlash;
    let raw = raw_capacity(&groups, host_count);
    let capacity = evaluate_capacity(&raw, host_count, &placed, settings, dedup_active);
    let cache = evaluate_cache(
        &groups,
        host_count,
        tier,
        &placed,
        &capacity.workloads,
        settings,
    );
    let path = format!("clusters[{index}]");
    let facts = ClusterFacts {
        path: &path,
        name: &cluster.name,
        host_count,
        tier,
        mixed_tiers: mixes_tiers(&groups),
        dedup_requested: *dedup_compression,
        stretched: matches!(cluster.topology, Topology::Stretched { .. }),
    };
    let mut findings = capacity_findings(&facts, &capacity, &placed, settings);
    findings.extend(host_findings(&facts, &policies_to_check(project, &placed)));
    findings.extend(cache_findings(&facts, &groups, &project.devices, &cache));
    let performance = assess_performance(index, &cluster.topology, &groups, &placed, settings);
    let compute = assess_compute(
        index,
        &cluster.host,
        &cluster.topology,
        &groups,
        &placed,
        settings,
        FCI_NODES,
    );
    let iscsi = assess_iscsi(
        index,
        &cluster.topology,
        &placed,
        settings,
        &IscsiLayout::default(),
    );
    findings.extend(performance.findings.iter().cloned());
    findings.extend(compute.findings.iter().cloned());
    findings.extend(iscsi.findings.iter().cloned());
    let evaluation = ClusterEvaluation {
        cluster_id: cluster.id.clone(),
        cluster_name: cluster.name.clone(),
        host_count,
        raw,
        tier,
        capacity,
        cache,
        performance,
        compute,
        iscsi,
    };
    (evaluation, findings)
}

/// Validation has checked that every device id resolves.
fn resolve_disk_groups<'a>(
    project: &'a Project,
    groups: &[DiskGroup],
) -> Vec<ResolvedDiskGroup<'a>> {
    groups
        .iter()
        .filter_map(|g| {
            Some(ResolvedDiskGroup {
                cache: project.device(&g.cache_device)?,
                capacity: project.device(&g.capacity_device)?,
                capacity_device_count: g.capacity_device_count,
            })
        })
        .collect()
}

/// The cluster's workloads with their policies; validation has checked
/// that every policy id resolves.
fn placed_workloads<'a>(project: &'a Project, cluster_id: &str) -> Vec<PlacedWorkload<'a>> {
    project
        .workloads
        .iter()
        .enumerate()
        .filter(|(_, w)| w.cluster_id == cluster_id)
        .filter_map(|(index, workload)| {
            let (policy_index, policy) = project
                .policies
                .iter()
                .enumerate()
                .find(|(_, p)| p.id == workload.policy_id)?;
            Some(PlacedWorkload {
                index,
                workload,
                policy_index,
                policy,
            })
        })
        .collect()
}

/// The policies the cluster's workloads use. A cluster without workloads
/// is checked against every policy: nothing says which it will use.
fn policies_to_check<'a>(
    project: &'a Project,
    placed: &[PlacedWorkload<'a>],
) -> Vec<(usize, &'a StoragePolicy)> {
    if placed.is_empty() {
        return project.policies.iter().enumerate().collect();
    }
    let mut used: Vec<(usize, &StoragePolicy)> = Vec::new();
    for p in placed {
        if !used.iter().any(|(i, _)| *i == p.policy_index) {
            used.push((p.policy_index, p.policy));
        }
    }
    used
}

/// What a caller at the edge (CLI, Wasm) gets for a project file: figures,
/// or every input issue with its JSON path.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum EvaluateOutcome {
    Evaluated { evaluation: Evaluation },
    Invalid { issues: Vec<InputIssue> },
}

pub fn evaluate_json(json: &str) -> EvaluateOutcome {
    match crate::parse::parse_project(json)
        .map_err(|e| vec![e])
        .and_then(|p| evaluate(&p))
    {
        Ok(evaluation) => EvaluateOutcome::Evaluated { evaluation },
        Err(issues) => EvaluateOutcome::Invalid { issues },
    }
}

#[cfg(test)]
mod tests;
