//! Stretched vSAN clusters: two data sites and a witness site. Site
//! mirroring itself (a copy per site, protected locally by the policy) is in
//! `protection::site_mirrored`, and the capacity and performance models
//! apply it; this module adds what only a stretched cluster has: the cost
//! of the inter-site round trip, the inter-site and witness links, and a
//! whole site failing. The platforms use it (VPLEX Metro's sites fail as
//! vSAN's do) and it uses none of them: each platform's own model finds
//! the surviving site's storage headroom and passes it in.

mod failover_tps;
mod latency;
mod link;
mod rtt_curve;
mod site_failure;

use serde::Serialize;

use crate::demand::compute::ClusterCompute;
use crate::demand::placement::PlacedWorkload;
use crate::model::{Settings, Topology, WorkloadSpec};
use crate::rules::{num, Finding, FindingCode, Measure};

pub use failover_tps::{
    check_load, failover_tps, tps_after_site_failure, FailoverLimit, FailoverLoad, FailoverTps,
    OTHER_TO_CPU_RESIDENCE, SEED_001_CPU_BEFORE_PCT,
};
pub use latency::{
    mirrored_write_penalty_ms, rtt_penalty, RttPenalty, DATA_WRITE_POINTS, LOG_WRITE_POINTS,
    SQL_RECOMMENDED_RTT_MS, TPS_POINTS, VSAN_HOST_RTT_MS,
};
pub use link::{
    components, inter_site_link, max_witness_rtt_ms, witness_link, write_mb_per_s, InterSiteLink,
    WitnessAppliance, WitnessDemand, WitnessLink, MIN_RECOMMENDED_LINK_GBPS,
};
pub use rtt_curve::{rtt_curve, RttCurve};
pub use site_failure::{
    site_cpu_overloaded, site_failure, site_failure_findings, SiteFailure, StorageUse,
};

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct StretchedEvaluation {
    pub hosts_per_site: u32,
    pub site_mirroring: bool,
    /// What the inter-site RTT costs SQL Server (seeds 000, 001).
    pub rtt: RttPenalty,
    pub link: InterSiteLink,
    pub witness: WitnessLink,
    pub site_failure: SiteFailure,
    pub findings: Vec<Finding>,
}

/// The whole cluster with both sites up.
#[derive(Debug, Clone, Copy)]
pub struct Healthy<'a> {
    pub compute: &'a ClusterCompute,
    /// Device-limited front-end IOPS / demand (performance model).
    pub iops_headroom: Option<f64>,
}

/// The topology's stretched figures, when it is stretched.
#[derive(Debug, Clone, Copy)]
pub struct Sites {
    pub hosts_per_site: u32,
    pub inter_site_rtt_ms: f64,
    pub inter_site_link_gbps: f64,
    pub witness_rtt_ms: f64,
    pub witness_link_mbps: f64,
    pub site_mirroring: bool,
}

impl Sites {
    pub fn of(topology: &Topology) -> Option<Sites> {
        match *topology {
            Topology::Single { .. } => None,
            Topology::Stretched {
                hosts_per_site,
                inter_site_rtt_ms,
                inter_site_link_gbps,
                witness_rtt_ms,
                witness_link_mbps,
                site_mirroring,
            } => Some(Sites {
                hosts_per_site,
                inter_site_rtt_ms,
                inter_site_link_gbps,
                witness_rtt_ms,
                witness_link_mbps,
                site_mirroring,
            }),
        }
    }
}

/// Sizes what a stretched vSAN cluster adds. `healthy` is the whole
/// cluster's compute and IOPS headroom; `surviving_iops_headroom` the
/// surviving site's storage, which the platform's performance model
/// assesses (vSAN OSA: `surviving_site_performance`).
pub fn assess_stretched(
    cluster_index: usize,
    name: &str,
    sites: Sites,
    placed: &[PlacedWorkload],
    settings: &Settings,
    healthy: Healthy,
    surviving_iops_headroom: Option<f64>,
) -> StretchedEvaluation {
    let compute = healthy.compute;
    let path = format!("clusters[{cluster_index}]");
    let rtt = rtt_penalty(sites.inter_site_rtt_ms);
    let link = inter_site_link(
        placed.iter().map(write_mb_per_s).sum(),
        sites.inter_site_link_gbps,
    );
    let witness = witness_link(
        placed
            .iter()
            .map(|w| WitnessDemand::of(w, settings.planning_horizon_years))
            .fold(WitnessDemand::default(), WitnessDemand::plus),
        sites.witness_link_mbps,
        sites.witness_rtt_ms,
        sites.hosts_per_site,
    );
    let busy = |headroom: Option<f64>| {
        headroom.map_or(0.0, |h| settings.device_utilisation_ceiling_pct / 100.0 / h)
    };
    let storage = StorageUse {
        before: busy(healthy.iops_headroom),
        after_offered: busy(surviving_iops_headroom),
    };
    let site_failure = site_failure(
        compute,
        sites.hosts_per_site,
        surviving_iops_headroom,
        storage,
        compute.hosts,
    );

    let runs_sql = placed
        .iter()
        .any(|w| matches!(w.workload.spec, WorkloadSpec::SqlServer { .. }));
    let mut findings = rtt_findings(&rtt, runs_sql, &path, name);
    findings.extend(link_findings(&link, &witness, &path, name));
    if !sites.site_mirroring {
        findings.push(
            Finding::new(
                FindingCode::StretchedNotSiteMirrored,
                format!("Cluster \"{name}\" is stretched without site mirroring: each policy's copies may sit in one site, so a site failure can take data offline."),
            )
            .at(format!("{path}.topology.site_mirroring")),
        );
    }
    findings.extend(site_failure_findings(
        &site_failure,
        &path,
        name,
        true,
        settings,
    ));
    StretchedEvaluation {
        hosts_per_site: sites.hosts_per_site,
        site_mirroring: sites.site_mirroring,
        rtt,
        link,
        witness,
        site_failure,
        findings,
    }
}

fn rtt_findings(rtt: &RttPenalty, runs_sql: bool, path: &str, name: &str) -> Vec<Finding> {
    let at = format!("{path}.topology.inter_site_rtt_ms");
    let effect = format!(
        "SQL Server OLTP loses about {} % of its TPS, data writes take about {} ms and log writes {} ms",
        num(-rtt.tps_change_pct, 0),
        num(rtt.data_write_latency_ms, 1),
        num(rtt.log_write_latency_ms, 1)
    );
    if !rtt.supported {
        vec![Finding::new(
            FindingCode::StretchedRttUnsupported,
            format!(
                "Cluster \"{name}\": {} ms between sites exceeds the {} ms a vSAN stretched cluster supports (extrapolated: {effect}).",
                num(rtt.rtt_ms, 1),
                num(rtt.max_supported_rtt_ms, 0)
            ),
        )
        .at(at)
        .measured(Measure::against(
            "Inter-site RTT",
            rtt.rtt_ms,
            rtt.max_supported_rtt_ms,
            "ms",
            1,
        ))]
    } else if runs_sql && !rtt.recommended_for_sql {
        vec![Finding::new(
            FindingCode::StretchedRttAboveSqlRecommendation,
            format!(
                "Cluster \"{name}\": at {} ms between sites {effect}; seed 001 recommends at most {} ms for SQL Server.",
                num(rtt.rtt_ms, 1),
                num(rtt.sql_recommended_rtt_ms, 0)
            ),
        )
        .at(at)]
    } else {
        Vec::new()
    }
}

fn link_findings(
    link: &InterSiteLink,
    witness: &WitnessLink,
    path: &str,
    name: &str,
) -> Vec<Finding> {
    let topology = format!("{path}.topology");
    let mut out = Vec::new();
    if link.insufficient() {
        out.push(
            Finding::new(
                FindingCode::StretchedLinkInsufficient,
                format!(
                    "Cluster \"{name}\": the inter-site link needs {} Gbps ({} MB/s of writes x {} x {}) but has {} Gbps.",
                    num(link.required_gbps, 2),
                    num(link.write_mb_per_s, 0),
                    link.data_multiplier,
                    link.resync_multiplier,
                    num(link.link_gbps, 2)
                ),
            )
            .at(format!("{topology}.inter_site_link_gbps"))
            .measured(Measure::against(
                "Inter-site link",
                link.required_gbps,
                link.link_gbps,
                "Gbps",
                2,
            )),
        );
    } else if link.link_gbps < MIN_RECOMMENDED_LINK_GBPS {
        out.push(
            Finding::new(
                FindingCode::StretchedLinkBelow10Gbps,
                format!(
                    "Cluster \"{name}\": the inter-site link is {} Gbps; VMware recommends at least {} Gbps between the data sites.",
                    num(link.link_gbps, 2),
                    num(MIN_RECOMMENDED_LINK_GBPS, 0)
                ),
            )
            .at(format!("{topology}.inter_site_link_gbps")),
        );
    }
    if witness.bandwidth_short() {
        out.push(
            Finding::new(
                FindingCode::StretchedWitnessBandwidth,
                format!(
                    "Cluster \"{name}\": about {} components need {} Mbps to the witness site; its link has {} Mbps.",
                    witness.components,
                    num(witness.required_mbps, 1),
                    num(witness.link_mbps, 1)
                ),
            )
            .at(format!("{topology}.witness_link_mbps"))
            .measured(Measure::against(
                "Witness link",
                witness.required_mbps,
                witness.link_mbps,
                "Mbps",
                1,
            )),
        );
    }
    if witness.rtt_exceeded() {
        out.push(
            Finding::new(
                FindingCode::StretchedWitnessRtt,
                format!(
                    "Cluster \"{name}\": {} ms to the witness site is beyond the {} ms limit at this many hosts per site.",
                    num(witness.rtt_ms, 0),
                    num(witness.max_rtt_ms, 0)
                ),
            )
            .at(format!("{topology}.witness_rtt_ms"))
            .measured(Measure::against(
                "Witness RTT",
                witness.rtt_ms,
                witness.max_rtt_ms,
                "ms",
                0,
            )),
        );
    }
    if witness.too_many_components() {
        out.push(
            Finding::new(
                FindingCode::StretchedWitnessComponents,
                format!(
                    "Cluster \"{name}\": about {} VMs with {} witness components exceed the largest witness appliance (64,000 components).",
                    witness.vms,
                    witness.witness_components
                ),
            )
            .at(format!("{path}.storage")),
        );
    }
    out
}
