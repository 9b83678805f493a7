//! SQL Server on EMC XtremIO arrays behind VPLEX Metro (seed 004): an
//! XtremIO cluster in each of two sites, VPLEX engines in front of each,
//! distributed volumes mirrored between them, hosts in both sites.
//!
//! The production site's VPLEX takes every front-end I/O; its cache serves
//! a share of the reads and passes the rest and every write to the local
//! array, and replicates distributed writes to the remote site (write-
//! through: a Metro write waits for both arrays). Test/dev VMs on mounted
//! snapshots reach the production array directly.

mod bom;
mod capacity;
mod failures;
mod findings;
mod latency;
mod reduction;
mod sites;
mod vplex;
mod x_brick;

use serde::Serialize;

use crate::demand::compute::ClusterCompute;
use crate::demand::placement::PlacedWorkload;
use crate::model::{Id, Settings, VolumePlacement, VplexReplication, WorkloadSpec, XtremioVplex};
use crate::platform::two_sites::{site_failure, SiteFailure, Sites, StorageUse};
use crate::platform::vsan_osa::capacity::CapacityEvaluation;
use crate::platform::vsan_osa::performance::latency_findings::{
    latency_chart_rule, LatencyTarget, LOG_WRITE_LATENCY_LIMIT_MS,
};
use crate::ratio::percent;
use crate::rules::{num, Finding};
use crate::source;

pub use bom::BomLine;
pub use failures::{worst_part_failure, ArrayFailure, ArrayFailureKind};
pub use findings::{failure_name, iops_after_name};
pub use reduction::{overall_efficiency, reduction_figures, ReductionFigures};
pub use sites::{ArraySite, SiteRole};
pub use vplex::{
    check_engines, check_read_pct, engine_counts, logging_volume_gb, vplex_limit, VplexLimit,
    GEO_MAX_RTT_MS, METRO_MAX_RTT_MS,
};
pub use x_brick::{x_brick_model, XBrickCatalog, XBrickModel, X_BRICK_MODELS};

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct XtremioVplexEvaluation {
    pub x_brick: XBrickModel,
    pub x_bricks_per_site: u32,
    pub data_reduction: ReductionFigures,
    /// Production site first, then the remote site.
    pub sites: Vec<ArraySite>,
    pub vplex: VplexEvaluation,
    pub wan: WanLink,
    pub site_failure: SiteFailure,
    /// What the arrays and VPLEX keep when one part fails.
    pub failures: Vec<ArrayFailure>,
    /// Workloads a production-site failure takes down: local volumes and
    /// mounted snapshots (every workload without site mirroring).
    pub unprotected_workloads: Vec<Id>,
    /// What to order and configure in each site.
    pub components: Vec<BomLine>,
    pub findings: Vec<Finding>,
}

/// The production site's VPLEX under the workloads' front-end I/O.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct VplexEvaluation {
    pub replication: VplexReplication,
    /// The engines' limits at the workloads' read share (Table 11's 90 %
    /// without demand).
    pub limit: VplexLimit,
    pub frontend_iops: f64,
    /// Front-end IOPS / peak limit, in %.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub utilisation_pct: Option<f64>,
    pub read_cache_hit_pct: f64,
    /// Reads the VPLEX cache serves (never reaching the array).
    pub read_cache_iops: f64,
    /// Replication I/Os (~32 KB) sent to the remote site.
    pub replication_iops: f64,
    pub rtt_ms: f64,
    pub max_rtt_ms: f64,
    /// Estimates at the host, at VPLEX's load (`latency`): the wait in front
    /// of VPLEX, its adders on XtremIO's latency, plus the inter-site RTT for
    /// Metro distributed writes.
    pub queue_wait_ms: f64,
    /// What VPLEX itself adds to a read and to a local write, without WAN
    /// latency (seed 004 VPLEX performance); a Metro write adds the RTT too.
    pub read_adder_ms: f64,
    pub write_adder_ms: f64,
    pub read_latency_ms: f64,
    pub distributed_write_latency_ms: f64,
    pub local_write_latency_ms: f64,
    pub latency_source: &'static str,
    /// What the latency chart shows, for its help (`latency_chart_rule`).
    pub latency_rule: String,
    /// The lines the latency chart draws: `vplex.log_latency_high`'s
    /// target where SQL Server runs on distributed volumes, else none.
    pub latency_targets: Vec<LatencyTarget>,
    pub cache_source: &'static str,
}

impl VplexEvaluation {
    /// `vplex.frontend_iops_exceeded`: the workloads send more front-end
    /// IOPS than the engines peak at, at their read share. The limit
    /// depends on the engines alone, so no X-Brick count helps.
    #[inline]
    pub fn frontend_iops_exceeded(&self) -> bool {
        self.frontend_iops > self.limit.frontend_iops_peak
    }

    /// `vplex.above_average_load` (a warning): within the peak but above
    /// what the engines sustain on average.
    #[inline]
    pub fn above_average_load(&self) -> bool {
        self.frontend_iops > self.limit.frontend_iops_average
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct WanLink {
    /// Front-end writes of the distributed volumes, MB/s (decimal).
    pub write_mb_per_s: f64,
    pub required_gbps: f64,
    pub link_gbps: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub utilisation_pct: Option<f64>,
    pub source: &'static str,
}

impl WanLink {
    /// `vplex.wan_link_insufficient`: the distributed volumes' writes need
    /// more than the link.
    #[inline]
    pub fn insufficient(&self) -> bool {
        self.required_gbps > self.link_gbps
    }
}

/// Sizes an XtremIO + VPLEX cluster; validation has checked the model id,
/// the engine count and that the topology is stretched. `compute` sizes the
/// cluster's hosts. Returns the evaluation and the capacity in the shape
/// vSAN clusters use.
pub fn assess_xtremio_vplex(
    cluster_index: usize,
    name: &str,
    storage: &XtremioVplex,
    sites: Sites,
    placed: &[PlacedWorkload],
    settings: &Settings,
    compute: &ClusterCompute,
) -> Option<(XtremioVplexEvaluation, CapacityEvaluation)> {
    let model = x_brick_model(&storage.x_brick_model)?;
    let r = &storage.data_reduction;
    let hit = storage.vplex_read_cache_hit_pct / 100.0;
    let volumes = sites::place_volumes(
        storage,
        sites.site_mirroring,
        placed,
        settings.planning_horizon_years,
    );
    let array_sites = sites::size_sites(model, storage.x_bricks_per_site, &volumes, r, hit);
    let capacity = capacity::array_capacity(&array_sites, &volumes, r, model.usable_source());

    let runs_sql_on_distributed = volumes.iter().any(|v| {
        v.placement == VolumePlacement::Distributed
            && matches!(v.placed.workload.spec, WorkloadSpec::SqlServer { .. })
    });
    let latency_targets: Vec<LatencyTarget> = if runs_sql_on_distributed {
        vec![LatencyTarget {
            ms: LOG_WRITE_LATENCY_LIMIT_MS,
            label: "log, distributed",
            source: source::VPLEX_LATENCY,
        }]
    } else {
        Vec::new()
    };
    let through_vplex: Vec<_> = volumes.iter().filter(|v| v.through_vplex()).collect();
    let reads: f64 = through_vplex.iter().map(|v| v.front_end.read_iops).sum();
    let frontend_iops: f64 = through_vplex.iter().map(|v| v.front_end.total_iops).sum();
    let limit = vplex_at(storage.vplex_engines, reads, frontend_iops)?;
    let rtt = sites.inter_site_rtt_ms;
    let metro_rtt = match storage.replication {
        VplexReplication::Metro => rtt,
        VplexReplication::Geo => 0.0,
    };
    let utilisation_pct = percent(frontend_iops, limit.frontend_iops_peak);
    let latency =
        latency::vplex_latency(utilisation_pct.map_or(0.0, |u| u / 100.0), hit, metro_rtt);
    let vplex = VplexEvaluation {
        replication: storage.replication,
        utilisation_pct,
        limit,
        frontend_iops,
        read_cache_hit_pct: storage.vplex_read_cache_hit_pct,
        read_cache_iops: reads * hit,
        replication_iops: sites::replication_iops(&volumes),
        rtt_ms: rtt,
        max_rtt_ms: vplex::max_rtt_ms(storage.replication),
        queue_wait_ms: latency.queue_wait_ms,
        read_adder_ms: latency.read_adder_ms,
        write_adder_ms: latency.write_adder_ms,
        read_latency_ms: latency.read_ms,
        distributed_write_latency_ms: latency.distributed_write_ms,
        local_write_latency_ms: latency.local_write_ms,
        latency_source: source::VPLEX_LATENCY,
        latency_rule: latency_chart_rule(
            &format!(
                "Estimates at the host with VPLEX{}: {} ms waiting in front of VPLEX, then the \
             array's latency plus what VPLEX adds; {}",
                utilisation_pct.map_or(
                    "'s load not known (no front-end IOPS rating: taken as idle)".to_string(),
                    |u| format!(" {} % busy", num(u, 1))
                ),
                num(latency.queue_wait_ms, 2),
                match storage.replication {
                    VplexReplication::Metro => format!(
                    "a write to a distributed volume also crosses the {} ms inter-site round trip",
                    num(rtt, 1)
                ),
                    VplexReplication::Geo => "Geo replicates asynchronously, so no write waits \
                     for the other site"
                        .to_string(),
                },
            ),
            &latency_targets,
        ),
        latency_targets,
        cache_source: source::VPLEX_READ_CACHE,
    };
    let write_mb_per_s = sites::replicated_mb_per_s(&volumes);
    let required_gbps = write_mb_per_s * 8.0 / 1000.0;
    let wan = WanLink {
        write_mb_per_s,
        required_gbps,
        link_gbps: sites.inter_site_link_gbps,
        utilisation_pct: percent(required_gbps, sites.inter_site_link_gbps),
        source: source::VPLEX_DISTRIBUTED_VOLUMES,
    };
    let after = surviving_iops_headroom(storage.vplex_engines, &volumes, &array_sites[1], hit);
    let storage_before = vplex
        .utilisation_pct
        .into_iter()
        .chain(array_sites[0].iops_utilisation_pct)
        .fold(0.0, f64::max)
        / 100.0;
    let storage_use = StorageUse {
        before: storage_before,
        after_offered: after.map_or(0.0, |h| 1.0 / h),
    };
    let site_failure = site_failure(
        compute,
        sites.hosts_per_site,
        after,
        storage_use,
        // Seed 004: the FCIs run at the production site; their nodes at the
        // remote site wait, so a failover moves the load host for host.
        sites.hosts_per_site,
    );
    let unprotected_workloads: Vec<Id> = volumes
        .iter()
        .filter(|v| v.placement != VolumePlacement::Distributed)
        .map(|v| v.placed.workload.id.clone())
        .collect();
    let failures = failures::array_failures(
        &failures::Healthy {
            model,
            x_bricks: storage.x_bricks_per_site,
            engines: storage.vplex_engines,
            sites: &array_sites,
            volumes: &volumes,
            read_cache_hit: hit,
        },
        &settings.resilience,
    );
    let components = bom::components(model, storage, &array_sites[0]);
    let path = format!("clusters[{cluster_index}]");
    let mut evaluation = XtremioVplexEvaluation {
        x_brick: model.clone(),
        x_bricks_per_site: storage.x_bricks_per_site,
        data_reduction: reduction_figures(r),
        sites: array_sites.to_vec(),
        vplex,
        wan,
        site_failure,
        failures,
        unprotected_workloads,
        components,
        findings: Vec::new(),
    };
    evaluation.findings = findings::findings(
        &evaluation,
        &findings::Context {
            path: &path,
            name,
            settings,
            runs_sql_on_distributed,
        },
    );
    Some((evaluation, capacity))
}

/// Limits at the read share of `reads` in `total`; Table 11's 90 % reads
/// when there is no demand.
fn vplex_at(engines: u32, reads: f64, total: f64) -> Option<VplexLimit> {
    let read_pct = percent(reads, total).unwrap_or(90.0).clamp(0.0, 100.0);
    vplex_limit(engines, read_pct)
}

/// After a production-site failure the remote site serves the distributed
/// workloads alone: the lower of its VPLEX's and its array's headroom.
fn surviving_iops_headroom(
    engines: u32,
    volumes: &[sites::PlacedVolumes],
    remote: &ArraySite,
    hit: f64,
) -> Option<f64> {
    let surviving: Vec<_> = volumes
        .iter()
        .filter(|v| v.placement == VolumePlacement::Distributed)
        .collect();
    let reads: f64 = surviving.iter().map(|v| v.front_end.read_iops).sum();
    let total: f64 = surviving.iter().map(|v| v.front_end.total_iops).sum();
    if total <= 0.0 {
        return None;
    }
    let peak = vplex_at(engines, reads, total)?.frontend_iops_peak;
    let back_end = reads * (1.0 - hit) + (total - reads);
    let array = if back_end > 0.0 {
        remote.rated_iops / back_end
    } else {
        f64::INFINITY
    };
    Some((peak / total).min(array))
}
