//! Inputs of a vSAN Express Storage Architecture (vSAN 8 ESA) cluster: one
//! storage pool of NVMe devices per host, no cache tier, no disk groups.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(deny_unknown_fields)]
pub struct VsanEsa {
    /// Id of an NVMe entry in `project.devices`; every host has the same pool.
    pub device: String,
    pub devices_per_host: u32,
    /// Compressed data / written data is `1 / compression_ratio` for the
    /// policies' compression (on by default in ESA). 1.0 (no saving) unless
    /// a measured ratio is entered: no public ratio exists per workload.
    #[serde(default = "no_compression")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub compression_ratio: f64,
    #[serde(default)]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub free_space: FreeSpaceModel,
    /// Reserved-capacity model: an operations reserve entered in % of raw
    /// (e.g. from the vSAN ReadyNode Sizer); absent, the documented model
    /// sizes it from the host count and the largest object
    /// (`source::ESA_OPERATIONS_RESERVE`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub operations_reserve_pct: Option<f64>,
    /// Keep the host rebuild reserve (`settings.reserve_hosts` hosts'
    /// capacity) free. vSAN ships it off; the tool sizes with it on, as
    /// VMware's VCF design recommends (`source::ESA_HOST_REBUILD_RESERVE`).
    /// Written only when off, so files that keep the default read as before.
    #[serde(default = "host_rebuild_reserve_on", skip_serializing_if = "is_on")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub host_rebuild_reserve: bool,
    /// RAM vSAN takes on each host, in GB, when known (e.g. from the vSAN
    /// ReadyNode Sizer); absent, the model estimates it
    /// (`source::ESA_MEMORY`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub vsan_memory_gb: Option<f64>,
}

fn no_compression() -> f64 {
    1.0
}

fn host_rebuild_reserve_on() -> bool {
    true
}

fn is_on(on: &bool) -> bool {
    *on
}

/// How free space for operations and rebuilds is kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum FreeSpaceModel {
    /// vSAN 7 U1+ reserved capacity: an operations reserve plus the host
    /// rebuild reserve.
    #[default]
    ReservedCapacity,
    /// The older slack rule: `settings.slack_pct` plus the host rebuild
    /// reserve.
    Slack,
}
