//! `evaluate(project) -> result`: pure and deterministic.

use serde::Serialize;

use crate::capacity::{raw_capacity, RawCapacity, ResolvedDiskGroup};
use crate::issue::InputIssue;
use crate::model::{Cluster, Project, Storage};
use crate::validate::validate;

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct Evaluation {
    pub clusters: Vec<ClusterEvaluation>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct ClusterEvaluation {
    pub cluster_id: String,
    pub cluster_name: String,
    pub host_count: u32,
    pub raw: RawCapacity,
}

/// Validates, then sizes every cluster. Invalid input yields every issue found.
pub fn evaluate(project: &Project) -> Result<Evaluation, Vec<InputIssue>> {
    let issues = validate(project);
    if !issues.is_empty() {
        return Err(issues);
    }
    Ok(Evaluation {
        clusters: project
            .clusters
            .iter()
            .map(|c| evaluate_cluster(project, c))
            .collect(),
    })
}

fn evaluate_cluster(project: &Project, cluster: &Cluster) -> ClusterEvaluation {
    let host_count = cluster.topology.host_count();
    let Storage::VsanOsa { disk_groups, .. } = &cluster.storage;
    let groups = resolve_disk_groups(project, disk_groups);
    ClusterEvaluation {
        cluster_id: cluster.id.clone(),
        cluster_name: cluster.name.clone(),
        host_count,
        raw: raw_capacity(&groups, host_count),
    }
}

/// Validation has checked that every device id resolves.
fn resolve_disk_groups<'a>(
    project: &'a Project,
    groups: &[crate::model::DiskGroup],
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
