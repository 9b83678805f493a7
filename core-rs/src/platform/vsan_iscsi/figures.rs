//! The iSCSI target service's figures against their limits, each with the
//! rule that counts it (with this design's numbers) and its sources, so the
//! dashboard and the report show the count the way every other figure is
//! shown: what, against what, why.

use serde::Serialize;

use super::{ClusterIscsi, IscsiWorkload, TargetMapping};
use crate::demand::placement::PlacedWorkload;
use crate::rules::num;
use crate::source;

/// Workloads a rule names one by one; the rest are counted.
const NAMED_WORKLOADS: usize = 3;

/// One count of the iSCSI target service against its limit.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct IscsiFigure {
    /// `targets`, `luns` or `sessions_per_host`.
    pub figure: &'static str,
    pub label: &'static str,
    /// Per cluster, or on the busiest host for sessions.
    pub used: u32,
    pub limit: u32,
    /// On the busiest host once the N+x reserved hosts have failed
    /// (sessions only: targets and LUNs do not move with their owners).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub after_failure: Option<u32>,
    /// Whether the limit is exceeded, by the predicate `evaluate`'s
    /// finding for this figure uses.
    pub exceeded: bool,
    /// The rule, with this design's numbers.
    pub rule: String,
    pub sources: Vec<&'static str>,
}

/// The cluster's targets, LUNs and busiest host's sessions against their
/// limits; `served` holds each iSCSI-served workload and its counts,
/// `limit_sources` what the limits rest on for this cluster's architecture.
pub fn iscsi_figures(
    c: &ClusterIscsi,
    served: &[(&PlacedWorkload, IscsiWorkload)],
    hosts: u32,
    reserve_hosts: u32,
    limit_sources: &[&'static str],
) -> Vec<IscsiFigure> {
    let mapping = match c.layout.mapping {
        TargetMapping::OneLunPerTarget => "one LUN per target",
        TargetMapping::OneTargetPerInstance => "one target per instance",
    };
    let mut target_sources = limit_sources.to_vec();
    if c.layout.mapping == TargetMapping::OneLunPerTarget {
        target_sources.push(source::ISCSI_ONE_LUN_PER_TARGET);
    }
    let luns = each(served, |w, i| {
        format!(
            "{}: {} x {} LUNs",
            w.workload.name, i.instances, i.luns_per_instance
        )
    });
    let targets = each(served, |w, i| {
        format!(
            "{}: {} x {} targets",
            w.workload.name, i.instances, i.targets_per_instance
        )
    });
    let sessions = each(served, |w, i| {
        format!(
            "{}: {} targets x {} sessions ({} initiators x {} paths, FTT+1 = {})",
            w.workload.name,
            i.targets,
            i.sessions_per_target,
            i.sessions_per_target / i.paths_per_lun.max(1),
            i.paths_per_lun,
            i.max_paths_per_lun,
        )
    });
    let busiest = c.busiest_host_sessions.unwrap_or(0);
    let survivors = hosts.saturating_sub(reserve_hosts);
    let after = c
        .busiest_host_sessions_after_failure
        .map_or_else(String::new, |s| {
            format!(
                ", {s} once {reserve_hosts} host(s) fail and the {survivors} survivors own them"
            )
        });
    vec![
        IscsiFigure {
            figure: "luns",
            label: "iSCSI LUNs",
            used: c.luns,
            limit: c.max_luns,
            after_failure: None,
            exceeded: c.luns_exceeded(),
            rule: format!(
                "{} LUNs in the cluster ({luns}; an FCI instance shares its data LUNs plus a log \
                 and a tempdb LUN, a file server the LUNs it states), against the {} a vSAN \
                 cluster should serve.",
                c.luns, c.max_luns
            ),
            sources: limit_sources.to_vec(),
        },
        IscsiFigure {
            figure: "targets",
            label: "iSCSI targets",
            used: c.targets,
            limit: c.max_targets,
            after_failure: None,
            exceeded: c.targets_exceeded(),
            rule: format!(
                "{} targets in the cluster ({targets}, {mapping}), against the {} a vSAN cluster \
                 should serve.",
                c.targets, c.max_targets
            ),
            sources: target_sources,
        },
        IscsiFigure {
            figure: "sessions_per_host",
            label: "iSCSI sessions on the busiest host",
            used: busiest,
            limit: c.max_sessions_per_host,
            after_failure: c.busiest_host_sessions_after_failure,
            exceeded: c.sessions_exceeded(),
            rule: format!(
                "{} sessions in all ({sessions}). Target owners are spread evenly over the {hosts} \
                 hosts and a target's sessions end on its owner, so the busiest host carries \
                 {busiest}{after}, against the {} a host should carry.",
                num(f64::from(c.sessions), 0),
                c.max_sessions_per_host
            ),
            sources: [limit_sources, &[source::ISCSI_PATHS]].concat(),
        },
    ]
}

/// Each served workload's part, the first few named and the rest counted.
fn each(
    served: &[(&PlacedWorkload, IscsiWorkload)],
    part: impl Fn(&PlacedWorkload, &IscsiWorkload) -> String,
) -> String {
    let mut parts: Vec<String> = served
        .iter()
        .take(NAMED_WORKLOADS)
        .map(|(w, i)| part(w, i))
        .collect();
    if served.len() > NAMED_WORKLOADS {
        parts.push(format!("{} more workloads", served.len() - NAMED_WORKLOADS));
    }
    parts.join("; ")
}
