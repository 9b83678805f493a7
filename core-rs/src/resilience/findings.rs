//! Findings from the failure what-ifs.
//!
//! The failures a design promises to survive with full compliance are the
//! device and disk-group failures and the `settings.reserve_hosts` host
//! failures (N+x): falling short of them is an error. With no host
//! reserved (N+0) a host failure is a warning instead. The N+x scenario
//! includes the single-host one, so a single host is not reported twice.
//!
//! One finding per cause: a policy left short of hosts by one host failure
//! is already `protection.no_spare_host` (a warning: seed 001 ran RAID-5 on
//! the minimum four hosts), so hosts are only reported here when N+x with
//! x >= 2 takes more than the spare. A site failure's findings (the
//! surviving site carrying every VM) come from `crate::platform::two_sites`.

use super::{FailureKind, FailureScenario, Protect, RebuildBlocker, VsanStorage};
use crate::model::{Settings, StoragePolicy};
use crate::rules::{num, ClusterFacts, Finding, FindingCode, Measure, Severity};

pub fn resilience_findings(
    cluster: &ClusterFacts,
    scenarios: &[FailureScenario],
    policies: &[(usize, &StoragePolicy)],
    storage: &VsanStorage,
    settings: &Settings,
) -> Vec<Finding> {
    let protect = storage.protect;
    let storage_path = format!("{}.{}", cluster.path, storage.storage_field);
    let mut out = no_failure_tolerated(cluster, policies, protect);
    let promised: Vec<(&FailureScenario, Severity)> = scenarios
        .iter()
        .filter_map(|s| promise(s.kind, settings.reserve_hosts).map(|severity| (s, severity)))
        .collect();
    for &(s, severity) in &promised {
        out.extend(too_few_hosts(cluster, s, policies, protect, severity));
        out.extend(space(
            cluster,
            s,
            severity,
            settings.capacity_alert_pct,
            &storage_path,
        ));
    }
    out.extend(long_resync(cluster, scenarios, settings));
    out.extend(iops_short(cluster, &promised, &storage_path));
    out
}

/// How seriously a scenario's shortfalls count; None when another
/// scenario already reports them.
fn promise(kind: FailureKind, reserve_hosts: u32) -> Option<Severity> {
    match kind {
        FailureKind::CapacityDevice | FailureKind::DiskGroup | FailureKind::ReserveHosts => {
            Some(Severity::Error)
        }
        FailureKind::Host if reserve_hosts == 0 => Some(Severity::Warning),
        FailureKind::Host | FailureKind::Site => None,
    }
}

/// A promised failure's code (an error), or the N+0 host failure's (a warning).
fn graded(severity: Severity, promised: FindingCode, unreserved: FindingCode) -> FindingCode {
    match severity {
        Severity::Error => promised,
        Severity::Warning | Severity::Info => unreserved,
    }
}

/// FTT=0 without a second site's copy.
fn no_failure_tolerated(
    cluster: &ClusterFacts,
    policies: &[(usize, &StoragePolicy)],
    protect: Protect,
) -> Vec<Finding> {
    policies
        .iter()
        .filter(|(_, p)| !cluster.site_mirrored && protect(p).ftt == 0)
        .map(|(index, p)| {
            Finding::new(
                FindingCode::ResilienceNoFailureTolerated,
                format!(
                    "Cluster \"{}\": policy \"{}\" (FTT=0) keeps one copy, so a failed device or host leaves its data there without another copy; only application copies (availability group replicas, DAG copies) can cover it.",
                    cluster.name, p.name
                ),
            )
            .at(format!("policies[{index}].ftt"))
        })
        .collect()
}

/// Policies the healthy cluster can place with a spare host but the
/// failure leaves short of hosts (no spare: `protection.no_spare_host`;
/// unplaceable: `protection.too_few_hosts`).
fn too_few_hosts(
    cluster: &ClusterFacts,
    s: &FailureScenario,
    policies: &[(usize, &StoragePolicy)],
    protect: Protect,
    severity: Severity,
) -> Option<Finding> {
    let healthy_hosts = if cluster.site_mirrored {
        cluster.host_count / 2
    } else {
        cluster.host_count
    };
    let short: Vec<(String, &'static str)> = s
        .policies
        .iter()
        .zip(policies)
        .filter(|(after, _)| !after.enough_hosts && healthy_hosts > after.min_hosts)
        .map(|(after, (_, p))| {
            (
                format!("\"{}\" needs {}", p.name, after.min_hosts),
                protect(p).source,
            )
        })
        .collect();
    let src = short.first()?.1;
    let names: Vec<String> = short.into_iter().map(|(n, _)| n).collect();
    Some(
        Finding::new(
            graded(
                severity,
                FindingCode::ResilienceRebuildTooFewHosts,
                FindingCode::ResilienceRebuildTooFewHostsUnreserved,
            ),
            format!(
                "Cluster \"{}\": after \"{}\", {} host(s) remain{} and policy {} to rebuild full compliance.",
                cluster.name,
                s.label,
                s.rebuild_hosts_left,
                if cluster.site_mirrored { " in its site" } else { "" },
                names.join(", ")
            ),
        )
        .citing(src)
        .at(format!("{}.topology", cluster.path)),
    )
}

fn space(
    cluster: &ClusterFacts,
    s: &FailureScenario,
    severity: Severity,
    alert_pct: f64,
    path: &str,
) -> Option<Finding> {
    let (devices, what) = if cluster.site_mirrored {
        ("the site's surviving devices", "its copy")
    } else {
        ("the surviving devices", "every rebuilt component")
    };
    if s.rebuild_blockers.contains(&RebuildBlocker::NotEnoughSpace) {
        let kept = s.kept_free.map_or(String::new(), |k| {
            format!(
                ", of which vSAN keeps {} TB for its operations,",
                num(k.tb, 2)
            )
        });
        return Some(
            Finding::new(
                graded(
                    severity,
                    FindingCode::ResilienceRebuildSpaceShort,
                    FindingCode::ResilienceRebuildSpaceShortUnreserved,
                ),
                format!(
                    "Cluster \"{}\": after \"{}\", {devices} hold {} TB{kept} but {what} needs {} TB.",
                    cluster.name,
                    s.label,
                    num(s.capacity_left.tb, 2),
                    num(s.required.tb, 2)
                ),
            )
            .at(path),
        );
    }
    let used = s.used_after_rebuild_pct?;
    (used > alert_pct).then(|| {
        Finding::new(
            FindingCode::ResilienceRebuildFillsDatastore,
            format!(
                "Cluster \"{}\": after \"{}\", {what} fills {} % of {devices}, above the {} % alert.",
                cluster.name,
                s.label,
                num(used, 0),
                num(alert_pct, 0)
            ),
        )
        .at(path)
    })
}

/// Single failures whose repair delay + resync exceeds the threshold.
fn long_resync(
    cluster: &ClusterFacts,
    scenarios: &[FailureScenario],
    settings: &Settings,
) -> Option<Finding> {
    let limit_hours = settings.resilience.long_resync_hours;
    let long: Vec<String> = scenarios
        .iter()
        .filter(|s| {
            matches!(
                s.kind,
                FailureKind::CapacityDevice | FailureKind::DiskGroup | FailureKind::Host
            )
        })
        .filter_map(|s| {
            let hours = s.hours_exposed();
            (hours > limit_hours).then(|| {
                format!(
                    "\"{}\" ({} TB, {} h)",
                    s.label,
                    num(s.data_to_resync.tb, 2),
                    num(hours, 1)
                )
            })
        })
        .collect();
    if long.is_empty() {
        return None;
    }
    Some(
        Finding::new(
            FindingCode::ResilienceLongResync,
            format!(
                "Cluster \"{}\": rebuilding after {} takes longer than {} h, leaving that data one failure short of its policy meanwhile.",
                cluster.name,
                long.join("; "),
                num(limit_hours, 0)
            ),
        )
        .at("settings.resilience"),
    )
}

/// Failures whose surviving devices cannot carry the workloads' IOPS
/// within the utilisation ceiling while the rebuild takes its share: a
/// warning (the workloads run, degraded, until the rebuild ends), measured
/// by the scenario furthest short.
fn iops_short(
    cluster: &ClusterFacts,
    promised: &[(&FailureScenario, Severity)],
    storage_path: &str,
) -> Option<Finding> {
    let short: Vec<(&FailureScenario, f64)> = promised
        .iter()
        .filter(|(s, _)| s.iops_short())
        .filter_map(|(s, _)| Some((*s, s.rebuild_performance.headroom?)))
        .collect();
    let &(worst, headroom) = short.iter().min_by(|a, b| a.1.total_cmp(&b.1))?;
    let named: Vec<String> = short
        .iter()
        .map(|(s, h)| format!("\"{}\" ({} % of demand)", s.label, num(h * 100.0, 0)))
        .collect();
    let finding = Finding::new(
        FindingCode::ResilienceRebuildIopsShort,
        format!(
            "Cluster \"{}\": the surviving devices cannot carry the workloads' IOPS within the utilisation ceiling after {}.",
            cluster.name,
            named.join("; ")
        ),
    )
    .at(storage_path);
    Some(
        match worst.rebuild_performance.device_limited_front_end_iops {
            Some(limit) => finding.measured(Measure::new(
                format!("IOPS after \"{}\"", worst.label),
                100.0 / headroom,
                100.0,
                format!("{} front-end IOPS left during the rebuild", num(limit, 0)),
            )),
            None => finding,
        },
    )
}
