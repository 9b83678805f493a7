//! Capacity rules: does the design fit, and can its space features run.

use super::CapacityEvaluation;
use crate::demand::placement::PlacedWorkload;
use crate::model::{Settings, StorageTier};
use crate::rules::{num, ClusterFacts, Finding, FindingCode, Measure};

pub fn capacity_findings(
    cluster: &ClusterFacts,
    capacity: &CapacityEvaluation,
    placed: &[PlacedWorkload],
    settings: &Settings,
) -> Vec<Finding> {
    let mut out = Vec::new();
    let name = cluster.name;
    let path = cluster.path;
    if cluster.mixed_tiers {
        out.push(
            Finding::new(
                FindingCode::StorageMixedTiers,
                format!("Cluster \"{name}\" mixes flash and HDD capacity devices; a vSAN cluster is either hybrid or all-flash."),
            )
            .at(format!("{path}.storage.disk_groups")),
        );
    }
    if cluster.dedup_requested && cluster.tier == StorageTier::Hybrid {
        out.push(
            Finding::new(
                FindingCode::DedupNeedsAllFlash,
                format!("Cluster \"{name}\" is hybrid (HDD capacity devices), so dedup+compression cannot run; no saving is counted."),
            )
            .at(format!("{path}.storage.dedup_compression")),
        );
    }
    if reserve_exceeds_cluster(settings.reserve_hosts, cluster.host_count) {
        out.push(
            Finding::new(
                FindingCode::CapacityReserveExceedsCluster,
                format!(
                    "Cluster \"{name}\" has {} host(s) but {} host(s) are reserved for rebuilds, which leaves no usable capacity.",
                    cluster.host_count, settings.reserve_hosts
                ),
            )
            .at("settings.reserve_hosts"),
        );
    }
    let (required, usable) = (capacity.required, capacity.usable);
    if capacity_insufficient(required.gb, usable.gb) {
        out.push(
            Finding::new(
                FindingCode::CapacityInsufficient,
                format!(
                    "Cluster \"{name}\" needs {} TB ({} TiB) for its workloads but has {} TB ({} TiB) usable: short by {} TB.",
                    num(required.tb, 2),
                    num(required.tib, 2),
                    num(usable.tb, 2),
                    num(usable.tib, 2),
                    num(required.tb - usable.tb, 2)
                ),
            )
            .at(format!("{path}.storage.disk_groups"))
            .measured(
                Measure::new(
                    "Capacity",
                    required.gb / usable.gb * 100.0,
                    100.0,
                    format!("{} TB usable", num(usable.tb, 2)),
                )
                .remedy(Some(format!("short by {} TB", num(required.tb - usable.tb, 2)))),
            ),
        );
    }
    if let Some(used) = capacity.datastore_used_pct {
        if past_alert(used, settings.capacity_alert_pct) {
            out.push(
                Finding::new(
                    FindingCode::CapacityAlertThreshold,
                    format!(
                        "Cluster \"{name}\" would fill {}% of its {} TB datastore; vSAN alerts and starts rebalancing from {}%.",
                        num(used, 1),
                        num(capacity.datastore.tb, 2),
                        num(settings.capacity_alert_pct, 0)
                    ),
                )
                .at("settings.slack_pct"),
            );
        }
    }
    if capacity.dedup_active {
        out.extend(reservation_findings(name, placed));
    }
    out
}

/// `capacity.reserve_exceeds_cluster`: the hosts held back for rebuilds
/// are all the hosts there are. Adding hosts only clears it.
#[inline]
pub fn reserve_exceeds_cluster(reserve_hosts: u32, host_count: u32) -> bool {
    reserve_hosts >= host_count
}

/// `capacity.alert_threshold` (vSAN OSA) and `xtremio.capacity_alert`:
/// the datastore or array is at or past the alert (`capacity_alert_pct`),
/// where vSAN starts rebalancing.
#[inline]
pub fn past_alert(used_pct: f64, alert_pct: f64) -> bool {
    used_pct >= alert_pct
}

/// `capacity.insufficient`: the workloads consume more than the usable
/// space (`usable_space`), which only grows with hosts.
#[inline]
pub fn capacity_insufficient(required_gb: f64, usable_gb: f64) -> bool {
    required_gb > usable_gb
}

/// One finding per reserved policy: reserved (thick) space is not reduced.
fn reservation_findings(cluster_name: &str, placed: &[PlacedWorkload]) -> Vec<Finding> {
    let mut seen = Vec::new();
    let mut out = Vec::new();
    for p in placed {
        let reserved = p.policy.object_space_reservation_pct;
        if reserved <= 0.0 || seen.contains(&p.policy_index) {
            continue;
        }
        seen.push(p.policy_index);
        out.push(
            Finding::new(
                FindingCode::DedupDefeatedByReservation,
                format!(
                    "Policy \"{}\" reserves {}% of each object on cluster \"{cluster_name}\"; dedup+compression saves nothing on reserved space.",
                    p.policy.name,
                    num(reserved, 0)
                ),
            )
            .at(format!("policies[{}].object_space_reservation_pct", p.policy_index)),
        );
    }
    out
}
