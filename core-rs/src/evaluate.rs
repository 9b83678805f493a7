//! `evaluate(project) -> result`: pure and deterministic.

use std::cell::OnceCell;
use std::rc::Rc;

use serde::Serialize;

use crate::bom::{cluster_cost, cluster_parts};
use crate::demand::compute::{assess_compute, ClusterCompute};
use crate::demand::growth::{assess_growth, growth_findings, ClusterGrowth};
use crate::demand::placement::PlacedWorkload;
use crate::demand::protection::{host_findings, policy_label_findings, protection};
use crate::demand::unmeasured::unmeasured_iops;
use crate::evaluate::shares::{workload_shares, WorkloadShare};
use crate::model::ids::IdIndex;
use crate::model::issue::InputIssue;
use crate::model::{
    mixes_tiers, storage_tier, Cluster, Device, DiskGroup, Project, ResolvedDiskGroup, Storage,
    StoragePolicy, StorageTier, XtremioVplex,
};
use crate::platform::two_sites::{assess_stretched, Healthy, Sites, StretchedEvaluation};
use crate::platform::vsan_iscsi::{assess_iscsi, ClusterIscsi, IscsiLayout, VsanArchitecture};
use crate::platform::vsan_osa::cache::{cache_findings, evaluate_cache, CacheEvaluation};
use crate::platform::vsan_osa::capacity::{
    capacity_findings, evaluate_capacity_and_growth, raw_capacity, CapacityEvaluation, RawCapacity,
};
use crate::platform::vsan_osa::performance::{
    assess_performance_and_growth, surviving_site_performance, ClusterPerformance,
};
use crate::platform::xtremio_vplex::{assess_xtremio_vplex, XtremioVplexEvaluation};
use crate::resilience::{assess_resilience, ClusterResilience, DeviceDemand};
use crate::rules::{by_severity, ClusterFacts, Finding, FindingCode};
use crate::validate::{validate_with_refs, WorkloadRefs};
use crate::verdict::{verdict, Verdict};

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct Evaluation {
    /// Every project cluster, in project order, whatever its kind.
    pub clusters: Vec<ClusterResult>,
    /// The whole project over its clusters' key figures.
    pub totals: ProjectTotals,
    /// Every cluster's findings, most severe first; messages name the cluster.
    pub findings: Vec<Finding>,
    /// Pass, pass with warnings or fail, and what binds: from `findings`.
    pub verdict: Verdict,
}

impl Evaluation {
    /// The vSAN OSA clusters' evaluations, in project order.
    pub fn osa(&self) -> impl Iterator<Item = &ClusterEvaluation> {
        self.clusters.iter().filter_map(ClusterResult::vsan_osa)
    }

    /// The vSAN ESA clusters' evaluations, in project order.
    pub fn esa(&self) -> impl Iterator<Item = &EsaClusterEvaluation> {
        self.clusters.iter().filter_map(ClusterResult::vsan_esa)
    }

    /// The XtremIO + VPLEX clusters' evaluations, in project order.
    pub fn arrays(&self) -> impl Iterator<Item = &ArrayClusterEvaluation> {
        self.clusters
            .iter()
            .filter_map(ClusterResult::xtremio_vplex)
    }
}

/// An XtremIO + VPLEX cluster: capacity and compute in the shapes vSAN
/// clusters use, and the arrays, VPLEX and sites in `xtremio_vplex`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct ArrayClusterEvaluation {
    pub host_count: u32,
    /// Both sites' arrays together; `xtremio_vplex.sites` has each one.
    pub capacity: CapacityEvaluation,
    pub compute: ClusterCompute,
    pub xtremio_vplex: XtremioVplexEvaluation,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct ClusterEvaluation {
    pub host_count: u32,
    pub raw: RawCapacity,
    /// Hybrid when any capacity device is an HDD.
    pub tier: StorageTier,
    pub capacity: CapacityEvaluation,
    pub cache: CacheEvaluation,
    pub performance: ClusterPerformance,
    pub compute: ClusterCompute,
    pub iscsi: ClusterIscsi,
    /// Failure what-ifs (device, disk group, host, site, N+x) and the
    /// durability of each policy.
    pub resilience: ClusterResilience,
    /// Stretched clusters only: inter-site RTT, links, witness, site failure.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub stretched: Option<StretchedEvaluation>,
    /// Stretched clusters only: the surviving site's device demand after a
    /// site failure (each workload's one copy), whose headroom
    /// `stretched.site_failure` shows; the design search's scorer reads
    /// it, the result leaves it out.
    #[serde(skip)]
    pub surviving_site_demand: Option<DeviceDemand>,
    /// Year by year over the planning horizon: capacity, IOPS, CPU and RAM
    /// against the limits, and the first year each is crossed.
    pub growth: ClusterGrowth,
}

/// SQL Server FCI nodes per instance. The model does not hold it per
/// workload yet; seed 002 ran two (active + passive).
pub(crate) const FCI_NODES: u32 = 2;

/// Validates, then sizes every cluster. Invalid input yields every issue found.
pub fn evaluate(project: &Project) -> Result<Evaluation, Vec<InputIssue>> {
    let (issues, refs) = validate_with_refs(project);
    if !issues.is_empty() {
        return Err(issues);
    }
    let lookup = Lookup::new(project, refs);
    let mut findings = Vec::new();
    let mut clusters = Vec::with_capacity(project.clusters.len());
    for (i, c) in project.clusters.iter().enumerate() {
        let first = findings.len();
        let workloads = lookup.workloads_by_cluster[i].iter();
        findings.extend(unmeasured_iops(
            &c.name,
            workloads.map(|&w| (w, &project.workloads[w])),
        ));
        let (detail, found) = match &c.storage {
            Storage::VsanOsa {
                disk_groups,
                dedup_compression,
            } => {
                let (evaluation, found) =
                    evaluate_vsan(&lookup, i, c, disk_groups, *dedup_compression);
                (ClusterDetail::VsanOsa(Box::new(evaluation)), found)
            }
            Storage::VsanEsa(config) => {
                let Some((evaluation, found)) = evaluate_esa(&lookup, i, c, config) else {
                    continue;
                };
                (ClusterDetail::VsanEsa(Box::new(evaluation)), found)
            }
            Storage::XtremioVplex(array) => {
                let Some(evaluation) = evaluate_xtremio_vplex(&lookup, i, c, array) else {
                    continue;
                };
                let found = [
                    &evaluation.compute.findings,
                    &evaluation.xtremio_vplex.findings,
                ]
                .into_iter()
                .flatten()
                .cloned()
                .collect();
                (ClusterDetail::XtremioVplex(Box::new(evaluation)), found)
            }
        };
        findings.extend(found);
        let cost = cluster_cost(&cluster_parts(project, c, crate::catalog::shipped()));
        let key_figures = key_figures(&detail, cost);
        clusters.push(ClusterResult {
            id: c.id.clone(),
            name: c.name.clone(),
            utilisation: utilisation(&detail, &key_figures, &project.settings),
            key_figures,
            verdict: verdict(&findings[first..]),
            workload_shares: shares_of(&detail),
            detail,
        });
    }
    findings.extend(policy_label_findings(&project.policies));
    let findings = by_severity(findings);
    Ok(Evaluation {
        totals: project_totals::of_clusters(&clusters, &project.pricing),
        clusters,
        verdict: verdict(&findings),
        findings,
    })
}

/// Each workload's share of the cluster, where the kind sizes I/O per
/// workload (vSAN OSA and ESA; XtremIO + VPLEX takes the cluster's total).
fn shares_of(detail: &ClusterDetail) -> Option<Vec<WorkloadShare>> {
    let (capacity, front_end_iops, iops): (_, _, Vec<_>) = match detail {
        ClusterDetail::VsanOsa(e) => (
            &e.capacity,
            e.performance.front_end_iops,
            e.performance
                .workloads
                .iter()
                .map(|w| (&w.workload_id, w.front_end.total_iops))
                .collect(),
        ),
        ClusterDetail::VsanEsa(e) => (
            &e.capacity,
            e.performance.front_end_iops,
            e.performance
                .workloads
                .iter()
                .map(|w| (&w.workload_id, w.front_end.total_iops))
                .collect(),
        ),
        ClusterDetail::XtremioVplex(_) => return None,
    };
    Some(workload_shares(capacity, front_end_iops, iops))
}

/// An XtremIO + VPLEX cluster. Validation has checked that its topology is
/// stretched and its X-Brick model and engine count exist, so this yields
/// an evaluation for every valid cluster.
fn evaluate_xtremio_vplex(
    lookup: &Lookup,
    index: usize,
    cluster: &Cluster,
    array: &XtremioVplex,
) -> Option<ArrayClusterEvaluation> {
    let sites = Sites::of(&cluster.topology)?;
    let placed = placed_workloads(lookup, index, false);
    let settings = &lookup.project.settings;
    // No disk groups: the hosts run no vSAN, so it takes none of their memory.
    let compute = assess_compute(
        index,
        &cluster.host,
        &cluster.topology,
        &[],
        &placed,
        settings,
        FCI_NODES,
    );
    let (xtremio_vplex, capacity) = assess_xtremio_vplex(
        index,
        &cluster.name,
        array,
        sites,
        &placed,
        settings,
        &compute,
    )?;
    Some(ArrayClusterEvaluation {
        host_count: cluster.topology.host_count(),
        capacity,
        compute,
        xtremio_vplex,
    })
}

/// A vSAN cluster: disk groups on every host, single-site or stretched.
fn evaluate_vsan(
    lookup: &Lookup,
    index: usize,
    cluster: &Cluster,
    disk_groups: &[DiskGroup],
    dedup_compression: bool,
) -> (ClusterEvaluation, Vec<Finding>) {
    let host_count = cluster.topology.host_count();
    let sites = Sites::of(&cluster.topology);
    let project = lookup.project;
    let groups = resolve_disk_groups(lookup, disk_groups);
    let placed = placed_workloads(lookup, index, cluster.topology.site_mirrored());
    let tier = storage_tier(&groups);
    let settings = &project.settings;
    let dedup_active = dedup_compression && tier == StorageTier::AllFlash;
    let raw = raw_capacity(&groups, host_count);
    let data_sites = if sites.is_some() { 2 } else { 1 };
    let (capacity, consumed) = evaluate_capacity_and_growth(
        &raw,
        host_count,
        data_sites,
        &placed,
        settings,
        dedup_active,
    );
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
        dedup_requested: dedup_compression,
        stretched: sites.is_some(),
        site_mirrored: cluster.topology.site_mirrored(),
    };
    let mut findings = capacity_findings(&facts, &capacity, &placed, settings);
    let policies = policies_to_check(lookup, &placed);
    findings.extend(host_findings(&facts, &policies));
    findings.extend(policies_by_rule_note(
        &path,
        &cluster.name,
        project,
        &placed,
        &policies,
    ));
    findings.extend(cache_findings(&facts, &groups, &project.devices, &cache));
    let (performance, growing_io) = assess_performance_and_growth(
        index,
        &cluster.topology,
        &groups,
        dedup_active,
        &placed,
        settings,
    );
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
        VsanArchitecture::Osa,
        &cluster.topology,
        &placed,
        settings,
        &IscsiLayout::default(),
    );
    let mut surviving_site_demand = None;
    let stretched = sites.map(|s| {
        let site = surviving_site_performance(index, s.hosts_per_site, &groups, &placed, settings);
        surviving_site_demand = Some(DeviceDemand::osa(&site));
        assess_stretched(
            index,
            &cluster.name,
            s,
            &placed,
            settings,
            Healthy {
                compute: &compute,
                iops_headroom: performance.headroom,
            },
            site.headroom,
        )
    });
    let resilience = assess_resilience(
        &facts,
        cluster,
        &groups,
        &capacity,
        &performance,
        &policies,
        settings,
    );
    findings.extend(performance.findings.iter().cloned());
    findings.extend(compute.findings.iter().cloned());
    findings.extend(resilience.findings.iter().cloned());
    findings.extend(iscsi.findings.iter().cloned());
    if let Some(s) = &stretched {
        findings.extend(s.findings.iter().cloned());
    }
    let growth = assess_growth(
        &cluster.topology,
        settings.planning_horizon_years,
        compute.hosts - compute.hosts_after_failure,
        &OsaGrowth::new(
            &groups,
            &placed,
            cluster,
            settings,
            dedup_active,
            Today {
                consumed,
                compute: &compute,
                performance: &performance,
                io: growing_io,
            },
        ),
    );
    findings.extend(growth_findings(&path, &cluster.name, &growth));
    let evaluation = ClusterEvaluation {
        host_count,
        raw,
        tier,
        capacity,
        cache,
        performance,
        compute,
        iscsi,
        resilience,
        stretched,
        surviving_site_demand,
        growth,
    };
    (evaluation, findings)
}

/// The project's devices and policies by id, and each cluster's
/// workloads, found once: per-cluster scans of every workload made large
/// projects quadratic.
pub(crate) struct Lookup<'a> {
    pub project: &'a Project,
    devices: IdIndex<'a>,
    /// Each workload's policy, by position in `project.policies`.
    workload_policies: Vec<Option<usize>>,
    /// Indices into `project.workloads`, per cluster, in project order.
    workloads_by_cluster: Vec<Vec<usize>>,
    /// What a cluster without workloads is checked against (see
    /// `policies_to_check`): the same for every such cluster.
    unplaced_policies: OnceCell<Vec<(usize, &'a StoragePolicy)>>,
}

impl<'a> Lookup<'a> {
    /// `refs`: where validation found each workload's cluster and policy.
    pub fn new(project: &'a Project, refs: WorkloadRefs) -> Self {
        let mut workloads_by_cluster = vec![Vec::new(); project.clusters.len()];
        for (i, c) in refs.clusters.into_iter().enumerate() {
            if let Some(c) = c {
                workloads_by_cluster[c].push(i);
            }
        }
        Lookup {
            project,
            devices: IdIndex::new(project.devices.iter().map(|d| d.id.as_str())),
            workload_policies: refs.policies,
            workloads_by_cluster,
            unplaced_policies: OnceCell::new(),
        }
    }

    pub fn device(&self, id: &str) -> Option<&'a Device> {
        self.devices.position(id).map(|i| &self.project.devices[i])
    }
}

/// Validation has checked that every device id resolves.
pub(crate) fn resolve_disk_groups<'a>(
    lookup: &Lookup<'a>,
    groups: &[DiskGroup],
) -> Vec<ResolvedDiskGroup<'a>> {
    groups
        .iter()
        .filter_map(|g| {
            Some(ResolvedDiskGroup {
                cache: lookup.device(&g.cache_device)?,
                capacity: lookup.device(&g.capacity_device)?,
                capacity_device_count: g.capacity_device_count,
            })
        })
        .collect()
}

/// The workloads of the cluster at `cluster_index` with their policies;
/// validation has checked that every policy id resolves.
pub(crate) fn placed_workloads<'a>(
    lookup: &Lookup<'a>,
    cluster_index: usize,
    site_mirrored: bool,
) -> Vec<PlacedWorkload<'a>> {
    let project = lookup.project;
    // Many workloads share a few policies: each policy's protection once.
    let mut protections = vec![None; project.policies.len()];
    let indices = &lookup.workloads_by_cluster[cluster_index];
    // Sized up front: a placed workload is large (its protection), and
    // growing the list copied it again and again.
    let mut placed = Vec::with_capacity(indices.len());
    for &index in indices {
        let Some(policy_index) = lookup.workload_policies[index] else {
            continue;
        };
        let policy = &project.policies[policy_index];
        let protection =
            Rc::clone(protections[policy_index].get_or_insert_with(|| {
                Rc::new(PlacedWorkload::protection_of(policy, site_mirrored))
            }));
        placed.push(PlacedWorkload::with_protection(
            index,
            &project.workloads[index],
            policy_index,
            policy,
            protection,
        ));
    }
    placed
}

/// Up to this many policies, a cluster without workloads is checked
/// against each of them.
const POLICIES_CHECKED_ONE_BY_ONE: usize = 16;

/// The policies the cluster's workloads use, in order of first use. A
/// cluster without workloads is checked against every policy: nothing says
/// which it will use. Past `POLICIES_CHECKED_ONE_BY_ONE` policies, it is
/// checked against the first policy of each protection rule (method and
/// FTT, all that the host, tier, resilience and durability checks read),
/// so clusters x policies findings cannot grow without bound;
/// `policies_by_rule_note` says so in the result.
pub(crate) fn policies_to_check<'a>(
    lookup: &Lookup<'a>,
    placed: &[PlacedWorkload<'a>],
) -> Vec<(usize, &'a StoragePolicy)> {
    if placed.is_empty() {
        return lookup
            .unplaced_policies
            .get_or_init(|| {
                let all = lookup.project.policies.iter().enumerate();
                if lookup.project.policies.len() <= POLICIES_CHECKED_ONE_BY_ONE {
                    return all.collect();
                }
                let mut firsts: Vec<(usize, &StoragePolicy)> = Vec::new();
                for (i, p) in all {
                    if !firsts.iter().any(|(_, q)| same_rule(p, q)) {
                        firsts.push((i, p));
                    }
                }
                firsts
            })
            .clone();
    }
    // A mark per policy of the project: a byte each per cluster, where a
    // hash of every workload's policy cost more on large projects.
    let mut seen = vec![false; lookup.project.policies.len()];
    let mut used: Vec<(usize, &StoragePolicy)> = Vec::new();
    for p in placed {
        if !std::mem::replace(&mut seen[p.policy_index], true) {
            used.push((p.policy_index, p.policy));
        }
    }
    used
}

fn same_rule(a: &StoragePolicy, b: &StoragePolicy) -> bool {
    let (a, b) = (protection(a), protection(b));
    (a.method, a.ftt) == (b.method, b.ftt)
}

/// Says when a cluster without workloads was checked per protection rule
/// rather than per policy (see `policies_to_check`). A cluster with
/// workloads is checked against the policies they use, however few.
pub(crate) fn policies_by_rule_note(
    cluster_path: &str,
    cluster_name: &str,
    project: &Project,
    placed: &[PlacedWorkload],
    checked: &[(usize, &StoragePolicy)],
) -> Option<Finding> {
    let total = project.policies.len();
    (placed.is_empty() && checked.len() < total).then(|| {
        Finding::new(
            FindingCode::ProtectionPoliciesCheckedByRule,
            format!(
                "Cluster \"{cluster_name}\" has no workloads, so nothing says which of the \
                 project's {total} policies it will use: it is checked against each of the {} \
                 protection rules (method and FTT) they use, each named by its first policy; \
                 the other policies with that rule get the same results.",
                checked.len()
            ),
        )
        .at(format!("{cluster_path}.topology"))
    })
}

/// What a caller at the edge (CLI, Wasm) gets for a project file: figures,
/// or every input issue with its JSON path.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum EvaluateOutcome {
    Evaluated { evaluation: Box<Evaluation> },
    Invalid { issues: Vec<InputIssue> },
}

pub fn evaluate_json(json: &str) -> EvaluateOutcome {
    match crate::parse::parse_project(json)
        .map_err(|e| vec![e])
        .and_then(|p| evaluate(&p))
    {
        Ok(evaluation) => EvaluateOutcome::Evaluated {
            evaluation: Box::new(evaluation),
        },
        Err(issues) => EvaluateOutcome::Invalid { issues },
    }
}

mod cluster_result;
mod esa;
mod key_figures;
pub mod live;
mod project_totals;
pub mod shares;
mod timeline;
mod utilisation;

pub use cluster_result::{ClusterDetail, ClusterResult};
use esa::evaluate_esa;
pub use esa::EsaClusterEvaluation;
use key_figures::key_figures;
pub use key_figures::{
    AtNAndAfterFailure, Binding, CapacityUse, IopsFigures, KeyFigures, Latency, NotModelled,
    PartFailureUse, SiteFailureUse, Utilisation,
};
pub use project_totals::{ClusterBinding, ProjectTotals, Tightest, TightestUse};
use timeline::{OsaGrowth, Today};
use utilisation::utilisation;
pub use utilisation::{ClusterUtilisation, Judged, Judgement, Level, Line, UtilisationRow};

#[cfg(test)]
mod tests;
