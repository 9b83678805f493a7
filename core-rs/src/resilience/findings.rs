//! Findings from the failure what-ifs.
//!
//! The failures a design promises to survive with full compliance are the
//! device and disk-group failures and the `settings.reserve_hosts` host
//! failures (N+x): falling short of them (hosts or space to rebuild on,
//! or IOPS while the rebuild runs) is an error. With no host
//! reserved (N+0) a host failure is a warning instead. The N+x scenario
//! includes the single-host one, so a single host is not reported twice.
//!
//! One finding per cause: a policy left short of hosts by one host failure
//! is already `protection.no_spare_host` (a warning: seed 001 ran RAID-5 on
//! the minimum four hosts), so hosts are only reported here when N+x with
//! x >= 2 takes more than the spare. A site failure's findings (the
//! surviving site carrying every VM) come from `crate::platform::two_sites`.

use super::{FailureKind, FailureScenario, Protect, VsanStorage};
use crate::model::{Settings, StoragePolicy};
use crate::rules::{hosts_to_add, num, ClusterFacts, Finding, FindingCode, Measure, Severity};

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
    out.extend(iops_short(
        cluster,
        &promised,
        &storage_path,
        storage.demand.front_end_iops,
    ));
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

/// `resilience.rebuild_fills_datastore`: once a promised failure's
/// components are rebuilt, the surviving devices are past the alert.
#[inline]
pub fn fills_datastore(used_after_rebuild_pct: f64, alert_pct: f64) -> bool {
    used_after_rebuild_pct > alert_pct
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
    if s.space_short() {
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
    fills_datastore(used, alert_pct).then(|| {
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
/// within the utilisation ceiling while the rebuild takes its share
/// (`rules::iops_short`), measured by the scenario furthest short: the
/// workloads cannot run as sized until the rebuild ends, an error after a
/// failure the design promises to ride out, a warning after a host failure
/// with no host reserved. One finding per severity.
fn iops_short(
    cluster: &ClusterFacts,
    promised: &[(&FailureScenario, Severity)],
    storage_path: &str,
    front_end_iops: f64,
) -> Vec<Finding> {
    [Severity::Error, Severity::Warning]
        .into_iter()
        .filter_map(|severity| {
            let of_severity: Vec<&FailureScenario> = promised
                .iter()
                .filter(|(_, s)| *s == severity)
                .map(|(s, _)| *s)
                .collect();
            iops_short_finding(
                cluster,
                &of_severity,
                severity,
                storage_path,
                front_end_iops,
            )
        })
        .collect()
}

fn iops_short_finding(
    cluster: &ClusterFacts,
    scenarios: &[&FailureScenario],
    severity: Severity,
    storage_path: &str,
    front_end_iops: f64,
) -> Option<Finding> {
    let short: Vec<(&FailureScenario, f64)> = scenarios
        .iter()
        .filter(|s| s.iops_short())
        .filter_map(|s| Some((*s, s.rebuild_performance.headroom?)))
        .collect();
    let &(worst, headroom) = short.iter().min_by(|a, b| a.1.total_cmp(&b.1))?;
    let named: Vec<String> = short
        .iter()
        .map(|(s, h)| format!("\"{}\" ({} % of demand)", s.label, num(h * 100.0, 0)))
        .collect();
    let finding = Finding::new(
        graded(
            severity,
            FindingCode::ResilienceRebuildIopsShort,
            FindingCode::ResilienceRebuildIopsShortUnreserved,
        ),
        format!(
            "Cluster \"{}\": the surviving devices cannot carry the workloads' {} front-end IOPS within the utilisation ceiling while the rebuild takes its share after {}; more hosts (more devices, each host's vSAN I/O path) carry them.",
            cluster.name,
            num(front_end_iops, 0),
            named.join("; ")
        ),
    )
    .at(storage_path);
    Some(
        match worst.rebuild_performance.device_limited_front_end_iops {
            Some(limit) => finding.measured(
                Measure::new(
                    format!("IOPS after \"{}\"", worst.label),
                    100.0 / headroom,
                    100.0,
                    format!("{} front-end IOPS left during the rebuild", num(limit, 0)),
                )
                .remedy(rebuild_hosts_to_add(
                    cluster,
                    worst,
                    limit,
                    front_end_iops,
                )),
            ),
            None => finding,
        },
    )
}

/// Hosts that would carry the demand during this rebuild at the
/// workloads' mix: the limit grows with the hosts left (their devices and
/// vSAN I/O paths; a hybrid read cache grows too, so it is conservative
/// there), and the failure still takes its hosts. A stretched cluster
/// grows both sites alike.
fn rebuild_hosts_to_add(
    cluster: &ClusterFacts,
    s: &FailureScenario,
    limit: f64,
    front_end_iops: f64,
) -> Option<String> {
    let per_host = limit / f64::from(s.hosts_left);
    let n = hosts_to_add(front_end_iops, per_host, s.lost.hosts, cluster.host_count)
        .filter(|&n| n > 0)?;
    let plural = |n: u32| if n == 1 { "" } else { "s" };
    Some(if cluster.stretched {
        let per_site = n.div_ceil(2);
        format!("add {per_site} host{} per site", plural(per_site))
    } else {
        format!("add {n} host{}", plural(n))
    })
}
