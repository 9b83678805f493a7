//! The figures a vSAN candidate's checks need that do not depend on its
//! hardware, read from `evaluate` itself on reference candidates (one per
//! storage tier and per class protection), so the scorer works from the
//! very numbers `evaluate` computes: what the workloads consume under each
//! protection, their cache need, I/O and write load, CPU and memory, and
//! the stretched links they load.

use crate::demand::protection::needs_other_tier;
use crate::evaluate::{evaluate, ClusterEvaluation};
use crate::limits::MAX_HOSTS_PER_CLUSTER;
use crate::model::issue::InputIssue;
use crate::model::StorageTier;
use crate::platform::two_sites::witness_link;
use crate::resilience::{DeviceDemand, HostLayout};

use super::base::{Base, VsanConfig};
use super::compute::ComputeDemand;
use super::options::ProtectionChoice;
use super::space::{Choices, Layout};
use super::survive::MustSurvive;

/// Design-independent figures of the cluster's workloads.
#[derive(Debug, Clone)]
pub struct ProjectFigures {
    pub front_end_iops: f64,
    /// (working set GB, front-end read IOPS) per workload, in project
    /// order: what competes for a hybrid read cache.
    pub read_demands: Vec<(f64, f64)>,
    /// Total cache the workloads ask for, hybrid then all-flash.
    pub cache_need_gb: [f64; 2],
    pub compute: ComputeDemand,
    /// The inter-site RTT is within what vSAN supports (stretched only).
    pub rtt_supported: bool,
    /// Most hosts per site the witness RTT allows (stretched only).
    pub witness_max_size: u32,
}

/// Figures of one protection per workload class.
#[derive(Debug, Clone)]
pub struct AssignmentFigures {
    pub protections: Vec<ProtectionChoice>,
    /// Capacity the workloads consume, dedup+compression off then on.
    pub required_gb: [f64; 2],
    /// Hosts the policies need: in each site when site-mirrored.
    pub min_hosts: u32,
    /// Writes per second reaching the cache tier, all copies included.
    pub cache_writes_per_s: f64,
    /// The same writes in MB/s (what wears the cache devices out).
    pub cache_write_mb_per_s: f64,
    /// All-flash tier demand: reads on each tier and buffered writes.
    pub cache_reads: f64,
    pub capacity_reads: f64,
    pub buffered_writes: f64,
    /// Back-end I/Os per second through the hosts' vSAN I/O path, counted
    /// by size (`ClusterPerformance::host_path_counted_iops`).
    pub host_path_iops: f64,
    /// Stretched only: the surviving site's device demand after a site
    /// failure, each workload keeping one copy (`evaluate`'s
    /// `surviving_site_demand`); the hybrid read split is solved again at
    /// each size.
    pub site_demand: Option<DeviceDemand>,
    /// Inter-site link and witness bandwidth and components suffice.
    pub links_ok: bool,
    /// Fewest hosts (per site when stretched) the iSCSI target service's
    /// limits allow; `u32::MAX` when none does.
    pub iscsi_min_size: u32,
    /// Fewest hosts (per site when stretched) at which every failure the
    /// user named (`must_survive`) leaves hosts enough to rebuild on
    /// (`MustSurvive::short_of_hosts`); `u32::MAX` when none does.
    pub survive_min_size: u32,
    pub all_flash_only: bool,
}

pub fn tier_index(tier: StorageTier) -> usize {
    match tier {
        StorageTier::Hybrid => 0,
        StorageTier::AllFlash => 1,
    }
}

/// A reference candidate of the tier: the first host, cache and capacity
/// device of that tier, one disk group of one device.
fn reference<'a>(
    choices: &'a Choices,
    tier: StorageTier,
    protections: &'a [ProtectionChoice],
    dedup: bool,
) -> Option<VsanConfig<'a>> {
    let capacity = choices
        .capacities
        .iter()
        .find(|c| c.device.kind.is_flash() == (tier == StorageTier::AllFlash))?;
    Some(VsanConfig {
        host: choices.hosts.first()?,
        layout: Layout {
            groups: 1,
            devices: 1,
        },
        cache: choices.caches.first()?,
        capacity,
        dedup,
        protections,
    })
}

/// Counts the full evaluations spent reading figures.
struct Evaluator<'a> {
    base: &'a Base,
    count: u64,
}

impl Evaluator<'_> {
    fn cluster(
        &mut self,
        config: &VsanConfig,
        size: u32,
    ) -> Result<ClusterEvaluation, Vec<InputIssue>> {
        self.count += 1;
        let mut e = evaluate(&self.base.vsan_project(config, size))?;
        let cluster = e.clusters.remove(0).detail.into_vsan_osa();
        Ok(cluster.expect("a vSAN candidate is one vSAN OSA cluster"))
    }

    /// No iSCSI limit is exceeded at this size.
    fn iscsi_allowed(&mut self, config: &VsanConfig, size: u32) -> Result<bool, Vec<InputIssue>> {
        Ok(!self.cluster(config, size)?.iscsi.limits_exceeded())
    }
}

pub struct Figures {
    pub project: ProjectFigures,
    pub assignments: Vec<AssignmentFigures>,
    pub full_evaluations: u64,
}

/// Reads every figure from `evaluate`; `assignments` lists each class's
/// protection per assignment; `size_range` the sizes searched;
/// `must_survive` the failures a design must ride out. None when the
/// catalog offers no vSAN design.
pub fn figures(
    base: &Base,
    choices: &Choices,
    assignments: &[Vec<ProtectionChoice>],
    size_range: (u32, u32),
    must_survive: &[MustSurvive],
) -> Result<Option<Figures>, Vec<InputIssue>> {
    let mut ev = Evaluator { base, count: 0 };
    let Some(first) = assignments.first() else {
        return Ok(None);
    };
    let tiers = [StorageTier::AllFlash, StorageTier::Hybrid];
    let lo = size_range.0;
    let mut cache_need_gb = [0.0; 2];
    let mut reference_config = None;
    for t in tiers {
        if let Some(config) = reference(choices, t, first, false) {
            let e = ev.cluster(&config, lo)?;
            cache_need_gb[tier_index(t)] = e.cache.required.gb;
            reference_config = reference_config.or(Some((t, config, e)));
        }
    }
    let Some((tier, config, e)) = reference_config else {
        return Ok(None);
    };
    let project = ProjectFigures {
        front_end_iops: e.performance.front_end_iops,
        read_demands: e
            .performance
            .workloads
            .iter()
            .map(|w| (w.working_set_gb, w.front_end.read_iops))
            .collect(),
        cache_need_gb,
        compute: ComputeDemand::of(&e.compute, &base.reduced().workloads),
        rtt_supported: e.stretched.as_ref().is_none_or(|s| s.rtt.supported),
        witness_max_size: witness_max_size(&base.cluster().topology),
    };
    let mut out = Vec::with_capacity(assignments.len());
    for protections in assignments {
        let config = VsanConfig {
            protections,
            ..config
        };
        let e = ev.cluster(&config, lo)?;
        let dedup_gb = if tier == StorageTier::AllFlash {
            let on = VsanConfig {
                dedup: true,
                ..config
            };
            ev.cluster(&on, lo)?.capacity.required.gb
        } else {
            e.capacity.required.gb
        };
        let iscsi_min_size = if e.iscsi.workloads.is_empty() {
            0
        } else {
            first_allowed(size_range, |size| ev.iscsi_allowed(&config, size))?
        };
        let survive_min_size = if must_survive.is_empty() {
            0
        } else {
            let policies = rebuild_policies(&e);
            let reserve_hosts = base.reduced().settings.reserve_hosts;
            first_allowed(size_range, |size| {
                let hosts = HostLayout::of(&base.topology(size), reserve_hosts);
                Ok(!must_survive
                    .iter()
                    .any(|m| m.short_of_hosts(&hosts, &policies)))
            })?
        };
        out.push(AssignmentFigures {
            protections: protections.clone(),
            required_gb: [e.capacity.required.gb, dedup_gb],
            min_hosts: e
                .capacity
                .per_policy
                .iter()
                .map(|p| p.protection.hosts_needed())
                .max()
                .unwrap_or(0),
            cache_writes_per_s: e
                .cache
                .workloads
                .iter()
                .map(|w| w.writes.device_writes_per_s)
                .sum(),
            cache_write_mb_per_s: e
                .cache
                .workloads
                .iter()
                .map(|w| w.writes.device_write_mb_per_s)
                .sum(),
            cache_reads: e.performance.cache_tier.read_iops,
            capacity_reads: e.performance.capacity_tier.read_iops,
            buffered_writes: e.performance.capacity_tier.write_iops,
            host_path_iops: e.performance.host_path_counted_iops,
            site_demand: e.surviving_site_demand,
            links_ok: e.stretched.as_ref().is_none_or(|s| {
                !(s.link.insufficient()
                    || s.witness.bandwidth_short()
                    || s.witness.too_many_components())
            }),
            iscsi_min_size,
            survive_min_size,
            all_flash_only: e
                .capacity
                .per_policy
                .iter()
                .any(|p| needs_other_tier(&p.protection, StorageTier::Hybrid)),
        });
    }
    Ok(Some(Figures {
        project,
        assignments: out,
        full_evaluations: ev.count,
    }))
}

/// Each policy's (failures tolerated, minimum hosts), as the cluster's
/// failure scenarios check them (`MustSurvive::short_of_hosts`).
pub fn rebuild_policies(e: &ClusterEvaluation) -> Vec<(u32, u32)> {
    e.resilience.scenarios.first().map_or_else(Vec::new, |s| {
        s.policies
            .iter()
            .map(|p| (p.failures_tolerated, p.min_hosts))
            .collect()
    })
}

/// Hosts per site the witness round trip allows: the limit falls from
/// 200 ms to 100 ms above 10 hosts per site, so the allowed sizes are a
/// prefix of 1..=32.
fn witness_max_size(topology: &crate::model::Topology) -> u32 {
    match *topology {
        crate::model::Topology::Single { .. } => MAX_HOSTS_PER_CLUSTER,
        crate::model::Topology::Stretched {
            witness_rtt_ms,
            witness_link_mbps,
            ..
        } => (1..=MAX_HOSTS_PER_CLUSTER / 2)
            .take_while(|&n| {
                witness_link(Default::default(), witness_link_mbps, witness_rtt_ms, n)
                    .rtt_within_limit
            })
            .last()
            .unwrap_or(0),
    }
}

/// The fewest hosts the iSCSI limits allow; `u32::MAX` when none does.
/// Targets and LUNs do not depend on the hosts and the busiest host's
/// sessions only fall as hosts are added (target owners spread over more
/// hosts), so the allowed sizes are a suffix of the range: bisect for it.
fn first_allowed(
    (lo, hi): (u32, u32),
    mut allowed: impl FnMut(u32) -> Result<bool, Vec<InputIssue>>,
) -> Result<u32, Vec<InputIssue>> {
    if hi < lo || !allowed(hi)? {
        return Ok(u32::MAX);
    }
    let (mut below, mut pass) = (lo.saturating_sub(1), hi);
    while pass - below > 1 {
        let mid = below + (pass - below) / 2;
        if allowed(mid)? {
            pass = mid;
        } else {
            below = mid;
        }
    }
    Ok(pass)
}
