//! Inputs of an XtremIO + VPLEX Metro design (seed 004): an XtremIO array
//! in each data site, VPLEX engines in front of each, and how every
//! workload's volumes are placed.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(deny_unknown_fields)]
pub struct XtremioVplex {
    /// Id of an X-Brick model in the core's catalog (`xtremio_vplex::X_BRICK_MODELS`).
    pub x_brick_model: String,
    /// X-Bricks in each site's XtremIO cluster; both sites are alike.
    pub x_bricks_per_site: u32,
    /// VPLEX engines in each site: 1, 2 or 4, of two directors each.
    pub vplex_engines: u32,
    /// Catalog part id of the VPLEX engine model, which prices it on the
    /// BOM (the limits modelled are seed 004's VS2 figures whatever it is).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub vplex_engine: Option<String>,
    /// The project's own price of one X-Brick and of one VPLEX engine, in
    /// its currency (copied from a catalog, or a quote); the catalog part's
    /// price applies where absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub x_brick_unit_price: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub vplex_engine_unit_price: Option<f64>,
    #[serde(default)]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub replication: VplexReplication,
    #[serde(default)]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub data_reduction: ArrayDataReduction,
    /// Share of front-end reads VPLEX serves from its cache, in %.
    #[serde(default = "default_read_cache_hit_pct")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub vplex_read_cache_hit_pct: f64,
    /// Workloads whose volumes are not distributed; every other workload's
    /// data, log and tempdb sit on distributed volumes (seed 004 Table 5).
    #[serde(default)]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub volumes: Vec<WorkloadVolumes>,
}

/// Seed 004 VPLEX performance: of 90,000 front-end IOPS at 90:10, about
/// 15,000 reads came from the VPLEX cache: 15,000 / 81,000 reads = 18.5 %.
pub fn default_read_cache_hit_pct() -> f64 {
    18.5
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum VplexReplication {
    /// Synchronous distributed volumes, sites <= 5 ms RTT apart.
    #[default]
    Metro,
    /// Asynchronous distributed volumes, sites <= 50 ms RTT apart.
    Geo,
}

/// XtremIO's always-on data reduction. Defaults: seed 004 Table 4,
/// production site (see `source::XTREMIO_REDUCTION`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(default, deny_unknown_fields)]
pub struct ArrayDataReduction {
    /// Written data / unique data.
    pub dedup_ratio: f64,
    /// Unique data / stored data (1.0: XtremIO 2.4 in seed 004 had none).
    pub compression_ratio: f64,
    /// Share of the provisioned volume capacity never written (thin), in %.
    pub thin_savings_pct: f64,
    /// Snapshots kept of every distributed volume on the production array.
    pub snapshot_copies: u32,
    /// Data each snapshot stores of its own (changed blocks), in % of the
    /// volume's physical data.
    pub snapshot_change_pct: f64,
}

impl Default for ArrayDataReduction {
    fn default() -> Self {
        ArrayDataReduction {
            dedup_ratio: 1.4,
            compression_ratio: 1.0,
            thin_savings_pct: 64.0,
            snapshot_copies: 0,
            snapshot_change_pct: 5.2,
        }
    }
}

/// Where a workload's volumes live, when not on distributed volumes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(deny_unknown_fields)]
pub struct WorkloadVolumes {
    pub workload_id: String,
    pub placement: VolumePlacement,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum VolumePlacement {
    /// Data, log and tempdb on distributed volumes (both sites).
    Distributed,
    /// VPLEX local volumes on the production array only (seed 004: the OS
    /// volumes); a site failure takes them.
    Local,
    /// Snapshots of production volumes mounted from XtremIO directly,
    /// bypassing VPLEX (seed 004's test/dev VMs): the data is the snapshot
    /// space `data_reduction.snapshot_copies` already counts.
    Snapshot,
}
