//! The vSAN iSCSI target service serving Windows failover clusters' shared
//! disks (seed 002: a SQL Server FCI and a Scale-Out File Server), against
//! its limits: <= 16 targets and <= 128 LUNs per cluster, <= 128 sessions
//! per host, MPIO paths per disk <= FTT+1. The service runs on vSAN OSA and
//! ESA clusters alike (`source::ISCSI_ON_ESA`); it counts workloads, hosts
//! and policies only, so both architectures share this module.
//!
//! The model: each FCI instance (`vm_count` of a SQL Server workload with
//! `failover_cluster { iscsi_target: true }`) shares its data LUNs, one log
//! LUN and one tempdb LUN (each only if that file has a size), as seed 002's
//! FCI did with 2 data + 1 log + 1 tempdb disks. A file server with
//! `iscsi_luns` is one failover cluster of its `vm_count` nodes sharing
//! that many LUNs (seed 002's three share disks). Every node of a cluster
//! is an initiator that opens one session per path to each target, and a
//! target's sessions all end on its owner host. Owners are spread evenly
//! over the hosts (seed 002 spread its 7 targets over 4 hosts), and move to
//! the survivors when hosts fail. The 80 % datastore alert of seed 002 is
//! raised by the capacity rules for every cluster, so it is not repeated here.

use serde::Serialize;

use crate::demand::compute::hosts_after_failure;
use crate::demand::placement::PlacedWorkload;
use crate::limits::{
    MAX_ISCSI_LUNS_PER_CLUSTER, MAX_ISCSI_SESSIONS_PER_HOST, MAX_ISCSI_TARGETS_PER_CLUSTER,
};
use crate::model::{Id, Settings, SqlDeployment, Topology, WorkloadSpec};
use crate::rules::{Finding, FindingCode};
use crate::source;

mod figures;
pub use figures::IscsiFigure;

/// Seed 002 Solution Architecture: "a minimum of four nodes".
pub const MIN_RECOMMENDED_HOSTS: u32 = 4;

/// The vSAN architecture whose cluster runs the service: the counts and
/// limits are the same, the sources behind the limits are not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VsanArchitecture {
    Osa,
    Esa,
}

impl VsanArchitecture {
    /// Seed 002 measured the limits on vSAN 6.7 (OSA); on ESA they are
    /// applied as an assumption, which the ESA source says.
    fn limit_sources(self) -> Vec<&'static str> {
        match self {
            VsanArchitecture::Osa => vec![source::ISCSI_LIMITS],
            VsanArchitecture::Esa => vec![source::ISCSI_LIMITS, source::ISCSI_ON_ESA],
        }
    }
}

/// How an instance's LUNs are grouped under targets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum TargetMapping {
    /// One LUN per target: seed 002's advice for mission-critical
    /// applications, and its lab layout (7 LUNs under 7 targets).
    OneLunPerTarget,
    /// One target per instance holding all its LUNs: simpler to manage.
    OneTargetPerInstance,
}

/// How the FCIs' shared disks are laid out: inputs the project model does
/// not hold yet, with seed 002's layout as the default.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct IscsiLayout {
    /// Data LUNs per instance (seed 002: 2 x 250 GB).
    pub data_luns_per_instance: u32,
    /// VMs per SQL Server instance, each an iSCSI initiator (seed 002:
    /// active + passive). A file server's nodes are its VMs.
    pub fci_nodes: u32,
    /// MPIO paths per LUN; None means FTT+1, the most seed 002 allows.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub paths_per_lun: Option<u32>,
    pub mapping: TargetMapping,
}

impl Default for IscsiLayout {
    fn default() -> Self {
        IscsiLayout {
            data_luns_per_instance: 2,
            fci_nodes: 2,
            paths_per_lun: None,
            mapping: TargetMapping::OneLunPerTarget,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct IscsiWorkload {
    pub workload_id: Id,
    pub instances: u32,
    pub luns_per_instance: u32,
    pub targets_per_instance: u32,
    pub luns: u32,
    pub targets: u32,
    pub paths_per_lun: u32,
    /// FTT+1 of the workload's policy.
    pub max_paths_per_lun: u32,
    /// Sessions one of its targets carries: nodes x paths.
    pub sessions_per_target: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct ClusterIscsi {
    pub layout: IscsiLayout,
    pub workloads: Vec<IscsiWorkload>,
    pub targets: u32,
    pub luns: u32,
    pub sessions: u32,
    /// Sessions on the host owning the most targets; None without hosts.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub busiest_host_sessions: Option<u32>,
    /// The same once the N+x reserved hosts have failed.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub busiest_host_sessions_after_failure: Option<u32>,
    pub max_targets: u32,
    pub max_luns: u32,
    pub max_sessions_per_host: u32,
    pub source: &'static str,
    /// Targets, LUNs and the busiest host's sessions against their limits,
    /// each with its rule; empty when no workload uses the service.
    pub figures: Vec<IscsiFigure>,
    pub findings: Vec<Finding>,
}

impl ClusterIscsi {
    /// `iscsi.targets_exceeded`. Targets do not depend on the hosts.
    #[inline]
    pub fn targets_exceeded(&self) -> bool {
        self.targets > self.max_targets
    }

    /// `iscsi.luns_exceeded`. LUNs do not depend on the hosts.
    #[inline]
    pub fn luns_exceeded(&self) -> bool {
        self.luns > self.max_luns
    }

    /// `iscsi.sessions_exceeded`: the busiest host after N+x failures
    /// carries more sessions than a host should. Target owners spread over
    /// more hosts as hosts are added, so it only falls with hosts. Without
    /// surviving hosts there is nothing to count; the compute rules report
    /// that case.
    #[inline]
    pub fn sessions_exceeded(&self) -> bool {
        self.busiest_host_sessions_after_failure.unwrap_or(0) > self.max_sessions_per_host
    }

    /// Any of the service's limits is exceeded (each an error).
    pub fn limits_exceeded(&self) -> bool {
        self.targets_exceeded() || self.luns_exceeded() || self.sessions_exceeded()
    }
}

/// True for a SQL Server FCI or a file server whose shared disks the iSCSI
/// target service serves.
pub fn uses_iscsi_target(spec: &WorkloadSpec) -> bool {
    match spec {
        WorkloadSpec::SqlServer { deployment, .. } => matches!(
            deployment,
            SqlDeployment::FailoverCluster { iscsi_target: true }
        ),
        WorkloadSpec::FileServer { iscsi_luns, .. } => iscsi_luns.is_some_and(|n| n > 0),
        WorkloadSpec::Exchange { .. } | WorkloadSpec::VmGroup { .. } => false,
    }
}

/// The LUNs one instance shares: a SQL Server FCI's data LUNs, plus a log
/// and a tempdb LUN when those files have a size; a file server's iSCSI LUNs.
pub fn luns_per_instance(spec: &WorkloadSpec, data_luns: u32) -> u32 {
    match spec {
        WorkloadSpec::SqlServer {
            log_size_gb,
            tempdb_size_gb,
            ..
        } => data_luns + u32::from(*log_size_gb > 0.0) + u32::from(*tempdb_size_gb > 0.0),
        WorkloadSpec::FileServer { iscsi_luns, .. } => iscsi_luns.unwrap_or(0),
        WorkloadSpec::Exchange { .. } | WorkloadSpec::VmGroup { .. } => 0,
    }
}

/// Failover clusters the workload holds and the initiators (nodes) of each:
/// a SQL Server FCI workload is `vm_count` instances of the layout's nodes,
/// a file server one cluster of its VMs.
fn instances_and_nodes(spec: &WorkloadSpec, layout: &IscsiLayout) -> (u32, u32) {
    match spec {
        WorkloadSpec::SqlServer { vm_count, .. } => (*vm_count, layout.fci_nodes),
        WorkloadSpec::FileServer { vm_count, .. } => (1, *vm_count),
        WorkloadSpec::Exchange { .. } | WorkloadSpec::VmGroup { .. } => (0, 0),
    }
}

fn iscsi_workload(w: &PlacedWorkload, layout: &IscsiLayout) -> IscsiWorkload {
    let spec = &w.workload.spec;
    let (instances, nodes) = instances_and_nodes(spec, layout);
    let luns_per_instance = luns_per_instance(spec, layout.data_luns_per_instance);
    let targets_per_instance = match layout.mapping {
        TargetMapping::OneLunPerTarget => luns_per_instance,
        TargetMapping::OneTargetPerInstance => u32::from(luns_per_instance > 0),
    };
    let max_paths_per_lun = w.policy.ftt.saturating_add(1);
    let paths_per_lun = layout.paths_per_lun.unwrap_or(max_paths_per_lun);
    IscsiWorkload {
        workload_id: w.workload.id.clone(),
        instances,
        luns_per_instance,
        targets_per_instance,
        luns: instances.saturating_mul(luns_per_instance),
        targets: instances.saturating_mul(targets_per_instance),
        paths_per_lun,
        max_paths_per_lun,
        sessions_per_target: nodes.saturating_mul(paths_per_lun),
    }
}

/// Targets that carry the same number of sessions each.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TargetGroup {
    pub sessions_per_target: u32,
    pub targets: u64,
}

/// Sessions on the busiest of `hosts` owners: owners spread evenly, so one
/// host owns ceil(targets / hosts) targets; the busiest owns the ones with
/// the most sessions. None without hosts. Counted per group of equal
/// targets: a workload may have millions of targets but few distinct
/// session counts.
pub fn busiest_host_sessions(groups: &[TargetGroup], hosts: u32) -> Option<u32> {
    if hosts == 0 {
        return None;
    }
    let all: u64 = groups.iter().map(|g| g.targets).sum();
    let mut owned = all.div_ceil(u64::from(hosts));
    let mut by_sessions = groups.to_vec();
    by_sessions.sort_unstable_by_key(|g| std::cmp::Reverse(g.sessions_per_target));
    let mut sum = 0u32;
    for g in by_sessions {
        let taken = g.targets.min(owned);
        owned -= taken;
        let sessions = u64::from(g.sessions_per_target).saturating_mul(taken);
        sum = sum.saturating_add(u32::try_from(sessions).unwrap_or(u32::MAX));
    }
    Some(sum)
}

/// Checks the iSCSI-served FCIs placed on one cluster. `cluster_index` is
/// the cluster's index in `project.clusters`, for findings' paths.
pub fn assess_iscsi(
    cluster_index: usize,
    architecture: VsanArchitecture,
    topology: &Topology,
    workloads: &[PlacedWorkload],
    settings: &Settings,
    layout: &IscsiLayout,
) -> ClusterIscsi {
    let served: Vec<(&PlacedWorkload, IscsiWorkload)> = workloads
        .iter()
        .filter(|w| uses_iscsi_target(&w.workload.spec))
        .map(|w| (w, iscsi_workload(w, layout)))
        .collect();
    let targets = served
        .iter()
        .fold(0u32, |n, (_, i)| n.saturating_add(i.targets));
    let luns = served
        .iter()
        .fold(0u32, |n, (_, i)| n.saturating_add(i.luns));
    let groups: Vec<TargetGroup> = served
        .iter()
        .map(|(_, i)| TargetGroup {
            sessions_per_target: i.sessions_per_target,
            targets: u64::from(i.targets),
        })
        .collect();
    let sessions = groups.iter().fold(0u32, |n, g| {
        let all = u64::from(g.sessions_per_target).saturating_mul(g.targets);
        n.saturating_add(u32::try_from(all).unwrap_or(u32::MAX))
    });
    let hosts = topology.host_count();
    let hosts_after_failure = hosts_after_failure(hosts, settings.reserve_hosts);

    let mut iscsi = ClusterIscsi {
        layout: *layout,
        targets,
        luns,
        sessions,
        busiest_host_sessions: busiest_host_sessions(&groups, hosts),
        busiest_host_sessions_after_failure: busiest_host_sessions(&groups, hosts_after_failure),
        max_targets: MAX_ISCSI_TARGETS_PER_CLUSTER,
        max_luns: MAX_ISCSI_LUNS_PER_CLUSTER,
        max_sessions_per_host: MAX_ISCSI_SESSIONS_PER_HOST,
        source: source::ISCSI_LIMITS,
        workloads: Vec::new(),
        figures: Vec::new(),
        findings: Vec::new(),
    };
    if !served.is_empty() {
        let cluster_path = format!("clusters[{cluster_index}]");
        iscsi.findings = cluster_findings(&iscsi, hosts, settings, &cluster_path);
        for (w, i) in &served {
            iscsi.findings.extend(workload_findings(w, i, layout));
        }
        iscsi.figures = figures::iscsi_figures(
            &iscsi,
            &served,
            hosts,
            settings.reserve_hosts,
            &architecture.limit_sources(),
        );
    }
    iscsi.workloads = served.into_iter().map(|(_, i)| i).collect();
    iscsi
}

fn cluster_findings(
    c: &ClusterIscsi,
    hosts: u32,
    settings: &Settings,
    cluster_path: &str,
) -> Vec<Finding> {
    let mut findings = Vec::new();
    if c.targets_exceeded() {
        let message = format!(
            "The iSCSI target service would serve {} targets, more than the \
             {MAX_ISCSI_TARGETS_PER_CLUSTER} a vSAN cluster should have.",
            c.targets
        );
        findings.push(Finding::new(FindingCode::IscsiTargetsExceeded, message).at(cluster_path));
    }
    if c.luns_exceeded() {
        let message = format!(
            "The iSCSI target service would serve {} LUNs, more than the \
             {MAX_ISCSI_LUNS_PER_CLUSTER} a vSAN cluster should have.",
            c.luns
        );
        findings.push(Finding::new(FindingCode::IscsiLunsExceeded, message).at(cluster_path));
    }
    if c.sessions_exceeded() {
        let worst = c.busiest_host_sessions_after_failure.unwrap_or(0);
        let message = format!(
            "The busiest host would carry {worst} iSCSI sessions after {} host failure(s) \
             ({} with all {hosts} hosts up), more than the {MAX_ISCSI_SESSIONS_PER_HOST} a host \
             should have; use fewer paths, nodes or targets.",
            settings.reserve_hosts,
            c.busiest_host_sessions.unwrap_or(0),
        );
        findings.push(Finding::new(FindingCode::IscsiSessionsExceeded, message).at(cluster_path));
    }
    if hosts < MIN_RECOMMENDED_HOSTS {
        let message = format!(
            "The cluster has {hosts} hosts; the iSCSI target service for failover clusters \
             is validated with at least {MIN_RECOMMENDED_HOSTS}, so data stays protected \
             through planned or unplanned host downtime."
        );
        findings.push(
            Finding::new(FindingCode::IscsiFewerThanFourHosts, message)
                .at(format!("{cluster_path}.topology")),
        );
    }
    findings
}

fn workload_findings(w: &PlacedWorkload, i: &IscsiWorkload, layout: &IscsiLayout) -> Vec<Finding> {
    let name = &w.workload.name;
    let mut findings = Vec::new();
    if i.paths_per_lun > i.max_paths_per_lun {
        let message = format!(
            "Workload '{name}': {} MPIO paths per LUN exceed FTT+1 = {} of policy '{}'; more \
             paths only add sessions.",
            i.paths_per_lun, i.max_paths_per_lun, w.policy.name
        );
        findings.push(
            Finding::new(FindingCode::IscsiPathsExceedFtt, message)
                .at(format!("workloads[{}].policy_id", w.index)),
        );
    }
    if layout.mapping == TargetMapping::OneTargetPerInstance && i.luns_per_instance > 1 {
        let message = format!(
            "Workload '{name}': {} LUNs share one target per instance; for a mission-critical \
             application, one LUN per target is recommended.",
            i.luns_per_instance
        );
        let field = match w.workload.spec {
            WorkloadSpec::FileServer { .. } => "iscsi_luns",
            _ => "deployment",
        };
        findings.push(
            Finding::new(FindingCode::IscsiLunsShareTarget, message)
                .at(format!("workloads[{}].spec.{field}", w.index)),
        );
    }
    findings
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{ProtectionMethod, StoragePolicy, Workload};
    use proptest::prelude::*;

    fn raid1(ftt: u32) -> StoragePolicy {
        StoragePolicy {
            id: format!("raid1-ftt{ftt}").into(),
            name: format!("RAID-1 FTT={ftt}"),
            ..StoragePolicy::of(ProtectionMethod::Raid1, ftt)
        }
    }

    /// Seed 002 VM Disk Layout: 2 x 250 GB data, 100 GB log, 80 GB tempdb.
    fn fci(id: &str, instances: u32, deployment: SqlDeployment) -> Workload {
        Workload {
            id: id.into(),
            name: id.into(),
            cluster_id: "c".into(),
            policy_id: "p".into(),
            spec: WorkloadSpec::SqlServer {
                vm_count: instances,
                vcpu_per_vm: 24,
                ram_gb_per_vm: 128.0,
                memory_reservation_gb_per_vm: None,
                db_size_gb: 306.0,
                log_size_gb: 100.0,
                tempdb_size_gb: 80.0,
                annual_growth_pct: 0.0,
                working_set_pct: 20.0,
                target_iops: 1_000.0,
                read_pct: 90.0,
                io_size_kb: 8.0,
                deployment,
            },
        }
    }

    fn iscsi_fci(id: &str, instances: u32) -> Workload {
        fci(
            id,
            instances,
            SqlDeployment::FailoverCluster { iscsi_target: true },
        )
    }

    fn assess(
        hosts: u32,
        ws: &[Workload],
        policy: &StoragePolicy,
        layout: &IscsiLayout,
    ) -> ClusterIscsi {
        let placed: Vec<PlacedWorkload> = ws
            .iter()
            .enumerate()
            .map(|(index, workload)| PlacedWorkload::new(index, workload, 0, policy, false))
            .collect();
        let topology = Topology::Single { host_count: hosts };
        assess_iscsi(
            0,
            VsanArchitecture::Osa,
            &topology,
            &placed,
            &Settings::default(),
            layout,
        )
    }

    fn codes(c: &ClusterIscsi) -> Vec<&'static str> {
        c.findings.iter().map(|f| f.code.as_str()).collect()
    }

    #[test]
    fn seed_002_limits() {
        // Seed 002 Best Practices: <= 16 targets, <= 128 LUNs per cluster,
        // <= 128 sessions per host; a minimum of four nodes.
        assert_eq!(MAX_ISCSI_TARGETS_PER_CLUSTER, 16);
        assert_eq!(MAX_ISCSI_LUNS_PER_CLUSTER, 128);
        assert_eq!(MAX_ISCSI_SESSIONS_PER_HOST, 128);
        assert_eq!(MIN_RECOMMENDED_HOSTS, 4);
    }

    #[test]
    fn seed_002_fci_layout() {
        // Seed 002 VM Disk Layout: the FCI's 4 shared disks, one LUN per
        // target. 2 nodes x FTT+1 = 2 paths = 4 sessions per target; 4
        // targets over 4 hosts, over 3 after one failure.
        let w = [iscsi_fci("fci", 1)];
        let c = assess(4, &w, &raid1(1), &IscsiLayout::default());
        let i = &c.workloads[0];
        assert_eq!((i.luns_per_instance, i.targets_per_instance), (4, 4));
        assert_eq!((i.paths_per_lun, i.max_paths_per_lun), (2, 2));
        assert_eq!(i.sessions_per_target, 4);
        assert_eq!((c.targets, c.luns, c.sessions), (4, 4, 16));
        assert_eq!(c.busiest_host_sessions, Some(4));
        assert_eq!(c.busiest_host_sessions_after_failure, Some(8));
        assert!(c.findings.is_empty(), "{:?}", c.findings);
    }

    /// Seed 002's Scale-Out File Server: 2 nodes, `luns` iSCSI share disks.
    fn file_server(luns: Option<u32>) -> Workload {
        Workload {
            id: "sofs".into(),
            name: "sofs".into(),
            cluster_id: "c".into(),
            policy_id: "p".into(),
            spec: WorkloadSpec::FileServer {
                vm_count: 2,
                vcpu_per_vm: 4,
                ram_gb_per_vm: 16.0,
                memory_reservation_gb_per_vm: None,
                capacity_gb: 240.0,
                iscsi_luns: luns,
                throughput_mbps: 382.0,
                read_pct: 0.0,
                io_size_kb: 48.0,
                annual_growth_pct: 0.0,
            },
        }
    }

    #[test]
    fn seed_002_seven_luns_under_seven_targets() {
        // Seed 002 VM Disk Layout: "seven LUNs under seven targets ... for
        // SQL Server FCI (four disks) and File Server (three disks)". Each
        // target: 2 nodes x 2 paths = 4 sessions, 28 in all; 7 targets over
        // 4 hosts puts 2 on the busiest (8 sessions), over 3 hosts 3 (12).
        let w = [iscsi_fci("fci", 1), file_server(Some(3))];
        let c = assess(4, &w, &raid1(1), &IscsiLayout::default());
        assert_eq!((c.targets, c.luns, c.sessions), (7, 7, 28));
        let sofs = &c.workloads[1];
        assert_eq!((sofs.instances, sofs.luns, sofs.targets), (1, 3, 3));
        assert_eq!(sofs.sessions_per_target, 4);
        assert_eq!(c.busiest_host_sessions, Some(8));
        assert_eq!(c.busiest_host_sessions_after_failure, Some(12));
        assert!(c.findings.is_empty(), "{:?}", c.findings);
        // Without iSCSI LUNs the file server's shares are virtual disks.
        let c = assess(4, &[file_server(None)], &raid1(1), &IscsiLayout::default());
        assert!(c.workloads.is_empty());
        // Under one target, the info points at the file server's own field.
        let shared = IscsiLayout {
            mapping: TargetMapping::OneTargetPerInstance,
            ..IscsiLayout::default()
        };
        let c = assess(4, &[file_server(Some(3))], &raid1(1), &shared);
        assert_eq!(c.targets, 1);
        assert_eq!(
            c.findings[0].path.as_deref(),
            Some("workloads[0].spec.iscsi_luns")
        );
    }

    #[test]
    fn seed_002_figures_state_their_counts_limits_and_rules() {
        let w = [iscsi_fci("fci", 1), file_server(Some(3))];
        let c = assess(4, &w, &raid1(1), &IscsiLayout::default());
        let shown: Vec<_> = c
            .figures
            .iter()
            .map(|f| (f.figure, f.used, f.limit, f.after_failure))
            .collect();
        assert_eq!(
            shown,
            [
                ("luns", 7, 128, None),
                ("targets", 7, 16, None),
                ("sessions_per_host", 8, 128, Some(12)),
            ]
        );
        let [luns, targets, sessions] = &c.figures[..] else {
            panic!("three figures");
        };
        assert!(
            luns.rule
                .starts_with("7 LUNs in the cluster (fci: 1 x 4 LUNs; sofs: 1 x 3 LUNs;"),
            "{}",
            luns.rule
        );
        assert!(
            targets.rule.contains("one LUN per target"),
            "{}",
            targets.rule
        );
        assert_eq!(
            targets.sources,
            [source::ISCSI_LIMITS, source::ISCSI_ONE_LUN_PER_TARGET]
        );
        assert!(
            sessions.rule.starts_with(
                "28 sessions in all (fci: 4 targets x 4 sessions (2 initiators x 2 paths, FTT+1 = 2); \
                 sofs: 3 targets x 4 sessions (2 initiators x 2 paths, FTT+1 = 2))"
            ),
            "{}",
            sessions.rule
        );
        assert!(
            sessions
                .rule
                .contains("carries 8, 12 once 1 host(s) fail and the 3 survivors own them"),
            "{}",
            sessions.rule
        );
        assert_eq!(
            sessions.sources,
            [source::ISCSI_LIMITS, source::ISCSI_PATHS]
        );
        // No served workload, no figures to show.
        let c = assess(4, &[file_server(None)], &raid1(1), &IscsiLayout::default());
        assert!(c.figures.is_empty());
    }

    #[test]
    fn a_rule_names_three_workloads_and_counts_the_rest() {
        let w: Vec<Workload> = (0..5).map(|n| iscsi_fci(&format!("fci{n}"), 1)).collect();
        let c = assess(8, &w, &raid1(1), &IscsiLayout::default());
        assert!(
            c.figures[0]
                .rule
                .contains("fci2: 1 x 4 LUNs; 2 more workloads;"),
            "{}",
            c.figures[0].rule
        );
    }

    #[test]
    fn only_iscsi_served_fcis_count() {
        let ws = [
            fci(
                "local",
                3,
                SqlDeployment::FailoverCluster {
                    iscsi_target: false,
                },
            ),
            fci("alone", 3, SqlDeployment::Standalone),
        ];
        let c = assess(2, &ws, &raid1(1), &IscsiLayout::default());
        assert!(c.workloads.is_empty());
        assert_eq!((c.targets, c.luns, c.sessions), (0, 0, 0));
        assert!(c.findings.is_empty(), "{:?}", c.findings);
    }

    #[test]
    fn seventeen_targets_exceed_the_limit() {
        // 5 instances x 4 LUNs, one per target = 20 targets > 16.
        let w = [iscsi_fci("fci", 5)];
        let c = assess(4, &w, &raid1(1), &IscsiLayout::default());
        assert_eq!(c.targets, 20);
        assert_eq!(codes(&c), vec!["iscsi.targets_exceeded"]);
        assert_eq!(c.findings[0].path.as_deref(), Some("clusters[0]"));
        // One target per instance fits, at the cost of shared targets.
        let shared = IscsiLayout {
            mapping: TargetMapping::OneTargetPerInstance,
            ..IscsiLayout::default()
        };
        let c = assess(4, &w, &raid1(1), &shared);
        assert_eq!(c.targets, 5);
        assert_eq!(codes(&c), vec!["iscsi.luns_share_target"]);
    }

    #[test]
    fn more_than_128_luns() {
        // 4 instances x (40 data + log + tempdb) = 168 LUNs under 4 targets.
        let w = [iscsi_fci("fci", 4)];
        let layout = IscsiLayout {
            data_luns_per_instance: 40,
            mapping: TargetMapping::OneTargetPerInstance,
            ..IscsiLayout::default()
        };
        let c = assess(4, &w, &raid1(1), &layout);
        assert_eq!((c.targets, c.luns), (4, 168));
        assert_eq!(
            codes(&c),
            vec!["iscsi.luns_exceeded", "iscsi.luns_share_target"]
        );
    }

    #[test]
    fn sessions_per_host_after_a_failure() {
        // 4 instances x 4 targets = 16; 8 nodes x 3 paths (FTT=2) = 24
        // sessions each. 4 hosts own 4 targets each = 96; after one failure
        // 3 hosts, the busiest owns 6 = 144 > 128.
        let w = [iscsi_fci("fci", 4)];
        let layout = IscsiLayout {
            fci_nodes: 8,
            ..IscsiLayout::default()
        };
        let c = assess(4, &w, &raid1(2), &layout);
        assert_eq!(c.busiest_host_sessions, Some(96));
        assert_eq!(c.busiest_host_sessions_after_failure, Some(144));
        assert_eq!(codes(&c), vec!["iscsi.sessions_exceeded"]);
        assert!(
            c.findings[0].message.contains("144"),
            "{}",
            c.findings[0].message
        );
    }

    #[test]
    fn paths_beyond_ftt_plus_one() {
        // Seed 002 Best Practices: paths per disk <= FTT+1 (2 for FTT=1).
        let w = [iscsi_fci("fci", 1)];
        let layout = IscsiLayout {
            paths_per_lun: Some(3),
            ..IscsiLayout::default()
        };
        let c = assess(4, &w, &raid1(1), &layout);
        assert_eq!(codes(&c), vec!["iscsi.paths_exceed_ftt"]);
        assert_eq!(
            c.findings[0].path.as_deref(),
            Some("workloads[0].policy_id")
        );
    }

    #[test]
    fn three_hosts_are_fewer_than_recommended() {
        let w = [iscsi_fci("fci", 1)];
        let c = assess(3, &w, &raid1(1), &IscsiLayout::default());
        assert_eq!(codes(&c), vec!["iscsi.fewer_than_four_hosts"]);
    }

    fn groups(sessions: &[u32]) -> Vec<TargetGroup> {
        sessions
            .iter()
            .map(|&s| TargetGroup {
                sessions_per_target: s,
                targets: 1,
            })
            .collect()
    }

    /// The busiest host as the targets listed one by one would give it.
    fn busiest_listed(sessions_per_target: &[u32], hosts: u32) -> Option<u32> {
        if hosts == 0 {
            return None;
        }
        let owned = sessions_per_target.len().div_ceil(hosts as usize);
        let mut sorted = sessions_per_target.to_vec();
        sorted.sort_unstable_by(|a, b| b.cmp(a));
        Some(
            sorted
                .iter()
                .take(owned)
                .fold(0u32, |sum, s| sum.saturating_add(*s)),
        )
    }

    #[test]
    fn busiest_host_owns_the_largest_targets() {
        let g = groups(&[1, 10, 5, 5]);
        assert_eq!(busiest_host_sessions(&g, 2), Some(15));
        assert_eq!(busiest_host_sessions(&g, 4), Some(10));
        assert_eq!(busiest_host_sessions(&g, 0), None);
        assert_eq!(busiest_host_sessions(&[], 3), Some(0));
    }

    #[test]
    fn a_hundred_thousand_instances_are_counted_not_listed() {
        // 10 FCIs of 100,000 instances x 4 LUN targets: 4 million targets.
        let w: Vec<Workload> = (0..10)
            .map(|i| iscsi_fci(&format!("fci{i}"), 100_000))
            .collect();
        let c = assess(4, &w, &raid1(1), &IscsiLayout::default());
        assert_eq!(c.targets, 4_000_000);
        // 2 nodes x 2 paths = 4 sessions per target, 1 million targets per host.
        assert_eq!(c.busiest_host_sessions, Some(4_000_000));
        assert_eq!(c.sessions, 16_000_000);
    }

    proptest! {
        #[test]
        fn groups_count_as_the_targets_listed_one_by_one(
            counted in prop::collection::vec((0u32..=64, 0u64..=20), 0..12),
            hosts in 0u32..=64,
        ) {
            let listed: Vec<u32> = counted
                .iter()
                .flat_map(|&(s, n)| std::iter::repeat_n(s, n as usize))
                .collect();
            let grouped: Vec<TargetGroup> = counted
                .iter()
                .map(|&(s, n)| TargetGroup { sessions_per_target: s, targets: n })
                .collect();
            prop_assert_eq!(busiest_host_sessions(&grouped, hosts), busiest_listed(&listed, hosts));
        }

        #[test]
        fn fewer_hosts_never_lighten_the_busiest(
            sessions in prop::collection::vec(0u32..=64, 0..40),
            hosts in 1u32..=64,
        ) {
            let g = groups(&sessions);
            let total: u32 = sessions.iter().sum();
            let busiest = busiest_host_sessions(&g, hosts).unwrap();
            prop_assert!(busiest <= total);
            prop_assert!(busiest * hosts >= total);
            if hosts > 1 {
                prop_assert!(busiest_host_sessions(&g, hosts - 1).unwrap() >= busiest);
            }
        }
    }
}
