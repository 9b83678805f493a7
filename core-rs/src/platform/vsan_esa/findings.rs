//! ESA rules: the capacity rules OSA clusters share, policies' host
//! minimums under ESA's RAID-5, host minimums, component limits, where
//! vSAN cannot keep the reserved capacity sized.

use super::{esa_protection, EsaEvaluation, EsaReserve, ResolvedEsa};
use crate::demand::placement::PlacedWorkload;
use crate::demand::protection::too_few_hosts;
use crate::model::{FreeSpaceModel, HostSpec, Settings, StoragePolicy, StorageTier};
use crate::platform::vsan_osa::capacity::{capacity_findings, CapacityEvaluation};
use crate::rules::{num, ClusterFacts, Finding, FindingCode};

use super::RESERVED_CAPACITY_MIN_HOSTS;

/// Host minimums of vSAN 8 ESA and its original ReadyNode profiles
/// (`source::ESA_HOST_MINIMUMS`).
pub const MIN_DEVICES_PER_HOST: u32 = 4;
const MIN_RAM_GB: f64 = 512.0;
const MIN_NIC_GBPS: f64 = 25.0;
const MIN_CORES: u32 = 32;

pub struct EsaCluster<'a> {
    pub path: &'a str,
    pub name: &'a str,
    pub host_count: u32,
    pub host: &'a HostSpec,
    pub esa: &'a ResolvedEsa<'a>,
}

impl EsaCluster<'_> {
    /// The facts the rules shared with vSAN OSA read: all-flash, no dedup,
    /// single-site (validation refuses stretched ESA).
    pub fn facts(&self) -> ClusterFacts<'_> {
        ClusterFacts {
            path: self.path,
            name: self.name,
            host_count: self.host_count,
            tier: StorageTier::AllFlash,
            mixed_tiers: false,
            dedup_requested: false,
            stretched: false,
            site_mirrored: false,
        }
    }
}

pub fn esa_findings(
    cluster: &EsaCluster,
    capacity: &CapacityEvaluation,
    details: &EsaEvaluation,
    placed: &[PlacedWorkload],
    policies: &[(usize, &StoragePolicy)],
    settings: &Settings,
) -> Vec<Finding> {
    let facts = cluster.facts();
    // The shared capacity rules point at OSA's disk groups; the ESA
    // equivalent of "more capacity" is the pool's device count.
    let osa_path = format!("{}.storage.disk_groups", cluster.path);
    let pool_path = format!("{}.storage.devices_per_host", cluster.path);
    let mut out: Vec<Finding> = capacity_findings(&facts, capacity, placed, settings)
        .into_iter()
        .map(|mut f| {
            if f.path.as_deref() == Some(osa_path.as_str()) {
                f.path = Some(pool_path.clone());
            }
            f
        })
        .collect();
    out.extend(policy_host_findings(cluster, policies));
    out.extend(host_minimum_findings(cluster));
    out.extend(component_findings(cluster, details, &pool_path));
    out.extend(reserve_findings(cluster, &details.reserve));
    out
}

/// Reserved capacity vSAN will not enforce (below 4 hosts) and a cluster
/// sized without the host rebuild reserve: both leave the free space to
/// the operator. Where no host is left to rebuild on, no reserve is kept
/// and none is missing: `protection.no_spare_host` says what that costs.
fn reserve_findings(cluster: &EsaCluster, reserve: &EsaReserve) -> Vec<Finding> {
    let (name, hosts) = (cluster.name, cluster.host_count);
    let storage = format!("{}.storage", cluster.path);
    let mut out = Vec::new();
    if reserve.free_space == FreeSpaceModel::ReservedCapacity && !reserve.enforceable {
        out.push(
            Finding::new(
                FindingCode::EsaReservedCapacityNotEnforced,
                format!("Cluster \"{name}\" has {hosts} host(s): vSAN supports reserved capacity from {RESERVED_CAPACITY_MIN_HOSTS} hosts, so the {} TB of reserve sized here is free space to keep by hand, and a failed host's components are not rebuilt until it returns.", num(reserve.total_gb() / 1000.0, 2)),
            )
            .at(format!("{storage}.free_space")),
        );
    }
    if reserve.host_rebuild_hosts == 0 && reserve.rebuild_target {
        let at = if cluster.esa.config.host_rebuild_reserve {
            "settings.reserve_hosts".to_string()
        } else {
            format!("{storage}.host_rebuild_reserve")
        };
        out.push(
            Finding::new(
                FindingCode::EsaNoHostRebuildReserve,
                format!("Cluster \"{name}\" is sized without a host rebuild reserve: after a host failure vSAN may lack the free space to rebuild its components."),
            )
            .at(at),
        );
    }
    out
}

fn policy_host_findings(
    cluster: &EsaCluster,
    policies: &[(usize, &StoragePolicy)],
) -> Vec<Finding> {
    let (name, hosts) = (cluster.name, cluster.host_count);
    let path = format!("{}.topology", cluster.path);
    policies
        .iter()
        .filter_map(|&(_, policy)| {
            let p = esa_protection(policy, hosts);
            let label = &policy.name;
            if too_few_hosts(hosts, p.min_hosts, false) {
                Some(Finding::new(
                    FindingCode::ProtectionTooFewHosts,
                    format!("Cluster \"{name}\" has {hosts} host(s); policy \"{label}\" needs at least {} on vSAN ESA.", p.min_hosts),
                ).citing(p.source))
            } else if hosts < p.recommended_hosts {
                Some(Finding::new(
                    FindingCode::ProtectionNoSpareHost,
                    format!("Cluster \"{name}\" has {hosts} host(s), the minimum for policy \"{label}\" on vSAN ESA; with {} a failed host's components could rebuild elsewhere.", p.recommended_hosts),
                ))
            } else {
                None
            }
            .map(|f| f.at(path.clone()))
        })
        .collect()
}

fn host_minimum_findings(cluster: &EsaCluster) -> Vec<Finding> {
    let (name, host, path) = (cluster.name, cluster.host, cluster.path);
    let devices = cluster.esa.config.devices_per_host;
    let checks = [
        (
            f64::from(devices) < f64::from(MIN_DEVICES_PER_HOST),
            format!("{devices} NVMe device(s) per host, below the {MIN_DEVICES_PER_HOST}"),
            format!("{path}.storage.devices_per_host"),
        ),
        (
            host.ram_gb < MIN_RAM_GB,
            format!(
                "{} GB of RAM per host, below the {}",
                num(host.ram_gb, 0),
                num(MIN_RAM_GB, 0)
            ),
            format!("{path}.host.ram_gb"),
        ),
        (
            host.cores() < MIN_CORES,
            format!("{} CPU cores per host, below the {MIN_CORES}", host.cores()),
            format!("{path}.host.cores_per_socket"),
        ),
        (
            host.nic_gbps < MIN_NIC_GBPS,
            format!(
                "{} Gbps NICs, below the {}",
                num(host.nic_gbps, 0),
                num(MIN_NIC_GBPS, 0)
            ),
            format!("{path}.host.nic_gbps"),
        ),
    ];
    checks
        .into_iter()
        .filter(|(below, _, _)| *below)
        .map(|(_, what, at)| {
            Finding::new(
                FindingCode::EsaBelowReadynodeMinimum,
                format!("Cluster \"{name}\" has {what} of vSAN 8 ESA hosts (original ReadyNode profiles); check the host against a certified ESA profile."),
            )
            .at(at)
        })
        .collect()
}

/// `esa.components_per_host` and `esa.components_per_device`: more
/// components than vSAN ESA allows on the busiest host or device. Not
/// monotonic in the hosts: RAID-5 widens from 2+1 to 4+1 at six hosts,
/// which adds components per object faster than the sixth host spreads
/// them, so the search's verification (`select`) has the last word.
#[inline]
pub fn components_exceed(components: u64, limit: u64) -> bool {
    components > limit
}

fn component_findings(cluster: &EsaCluster, d: &EsaEvaluation, pool_path: &str) -> Vec<Finding> {
    let name = cluster.name;
    let mut out = Vec::new();
    if components_exceed(d.components_per_host, d.max_components_per_host) {
        out.push(
            Finding::new(
                FindingCode::EsaComponentsPerHost,
                format!("Cluster \"{name}\" would hold about {} components per host; vSAN ESA allows {}.", num(d.components_per_host as f64, 0), num(d.max_components_per_host as f64, 0)),
            )
            .at(format!("{}.topology", cluster.path)),
        );
    }
    if components_exceed(d.components_per_device, d.max_components_per_device) {
        out.push(
            Finding::new(
                FindingCode::EsaComponentsPerDevice,
                format!("Cluster \"{name}\" would hold about {} components per NVMe device; vSAN ESA allows {}.", num(d.components_per_device as f64, 0), num(d.max_components_per_device as f64, 0)),
            )
            .at(pool_path.to_string()),
        );
    }
    out
}
