//! vSAN reserved capacity on an ESA cluster: the operations reserve (by
//! host count and the largest object's size class, plus vSAN's 5 %
//! buffer) and the host rebuild reserve where a failed host's components
//! have a host to be rebuilt on, or the older slack rule.

use serde::Serialize;

use crate::demand::footprint::footprint;
use crate::demand::placement::PlacedWorkload;
use crate::model::{Capacity, FreeSpaceModel, Settings, VsanEsa};
use crate::platform::vsan_osa::capacity::rebuild_target_exists;
use crate::source;

/// Operations space per host while every object is under
/// `LARGE_OBJECT_GB` (`source::ESA_OPERATIONS_RESERVE`).
pub const OPERATIONS_GB_PER_HOST: f64 = 255.0;
/// Operations space per host once an object reaches `LARGE_OBJECT_GB`.
pub const LARGE_OBJECT_OPERATIONS_GB_PER_HOST: f64 = 765.0;
pub const LARGE_OBJECT_GB: f64 = 8_000.0;
/// The buffer vSAN adds when the operations reserve is enabled, % of raw.
pub const OPERATIONS_BUFFER_PCT: f64 = 5.0;
/// Fewest hosts on which vSAN supports reserved capacity
/// (`source::ESA_RESERVED_CAPACITY_MIN_HOSTS`).
pub const RESERVED_CAPACITY_MIN_HOSTS: u32 = 4;

/// The free space an ESA cluster keeps, each part with its source. Parts
/// the model does not keep are 0 (the operations parts under slack, the
/// rebuild reserve when it is off).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct EsaReserve {
    pub free_space: FreeSpaceModel,
    /// The largest VM's data (or swap) at the horizon, taken as one object.
    pub largest_object: Capacity,
    /// 255 or 765 GB by the largest object; None when entered in % of raw
    /// or under slack.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub operations_per_host: Option<Capacity>,
    /// The documented per-host space (or the entered % of raw).
    pub operations_reserve: Capacity,
    /// vSAN's 5 % buffer on top of the documented operations reserve.
    pub operations_buffer: Capacity,
    /// `settings.slack_pct` of raw under the slack model.
    pub slack: Capacity,
    /// Hosts the widest policy's components are rebuilt on (a stripe's
    /// blocks, RAID-1 FTT=n's 2n+1: `esa_rebuild_protection`).
    pub policy_hosts: u32,
    /// The cluster has more hosts than `policy_hosts`, so a failed host's
    /// components have a host to be rebuilt on; without one no host
    /// rebuild reserve is kept (`source::ESA_NO_REBUILD_TARGET`).
    pub rebuild_target: bool,
    /// Hosts whose capacity is kept free: `settings.reserve_hosts` where
    /// the reserve is on and a rebuild target exists, else 0.
    pub host_rebuild_hosts: u32,
    pub host_rebuild_reserve: Capacity,
    /// Whether vSAN can enforce reserved capacity on this cluster (4 hosts
    /// or more); below, the figures are free space to keep by hand.
    pub enforceable: bool,
    pub operations_source: &'static str,
    pub host_rebuild_source: &'static str,
}

impl EsaReserve {
    /// Everything kept free, in GB.
    pub fn total_gb(&self) -> f64 {
        self.operations_reserve.gb
            + self.operations_buffer.gb
            + self.slack.gb
            + self.host_rebuild_reserve.gb
    }
}

/// The largest object of the cluster's workloads at `horizon_years`: the
/// tool does not model a VM's disk layout, so a VM's data counts as one
/// virtual disk (conservative: it can only raise the size class).
pub fn largest_object_gb(placed: &[PlacedWorkload], horizon_years: u32) -> f64 {
    placed
        .iter()
        .map(|p| footprint(&p.workload.spec, horizon_years))
        .filter(|f| f.vms > 0)
        .map(|f| f.grown_gb.max(f.swap_gb) / f64::from(f.vms))
        .fold(0.0, f64::max)
}

/// The free space kept on `hosts` uniform hosts of `raw_gb` in all, the
/// widest policy rebuilding its components on `policy_hosts` hosts. Each
/// part is capped at what is left, so nothing is kept beyond the raw.
pub fn esa_reserve(
    config: &VsanEsa,
    raw_gb: f64,
    (hosts, policy_hosts): (u32, u32),
    largest_object_gb: f64,
    settings: &Settings,
) -> EsaReserve {
    let per_host_gb = if largest_object_gb >= LARGE_OBJECT_GB {
        LARGE_OBJECT_OPERATIONS_GB_PER_HOST
    } else {
        OPERATIONS_GB_PER_HOST
    };
    let mut left = raw_gb.max(0.0);
    let mut keep = |gb: f64| {
        let kept = gb.clamp(0.0, left);
        left -= kept;
        Capacity::from_gb(kept)
    };
    let zero = Capacity::from_gb(0.0);
    let (operations_per_host, operations_reserve, operations_buffer, slack, operations_source) =
        match (config.free_space, config.operations_reserve_pct) {
            (FreeSpaceModel::ReservedCapacity, Some(pct)) => (
                None,
                keep(raw_gb * pct / 100.0),
                zero,
                zero,
                source::ESA_OPERATIONS_RESERVE_ENTERED,
            ),
            (FreeSpaceModel::ReservedCapacity, None) => (
                Some(Capacity::from_gb(per_host_gb)),
                keep(per_host_gb * f64::from(hosts)),
                keep(raw_gb * OPERATIONS_BUFFER_PCT / 100.0),
                zero,
                source::ESA_OPERATIONS_RESERVE,
            ),
            (FreeSpaceModel::Slack, _) => (
                None,
                zero,
                zero,
                keep(raw_gb * settings.slack_pct / 100.0),
                source::SLACK_SPACE,
            ),
        };
    // The reserve holds a failed host's data while it is rebuilt on the
    // others; with no host left to rebuild on, vSAN waits for the host
    // and the space would hold nothing.
    let rebuild_target = rebuild_target_exists(hosts, policy_hosts);
    let host_rebuild_hosts = if config.host_rebuild_reserve && rebuild_target {
        settings.reserve_hosts
    } else {
        0
    };
    // The largest host's capacity per host failure; hosts are uniform.
    let host_gb = raw_gb / f64::from(hosts.max(1));
    let host_rebuild_reserve = keep(host_gb * f64::from(host_rebuild_hosts));
    EsaReserve {
        free_space: config.free_space,
        largest_object: Capacity::from_gb(largest_object_gb),
        operations_per_host,
        operations_reserve,
        operations_buffer,
        slack,
        policy_hosts,
        rebuild_target,
        host_rebuild_hosts,
        host_rebuild_reserve,
        enforceable: hosts >= RESERVED_CAPACITY_MIN_HOSTS,
        operations_source,
        host_rebuild_source: if rebuild_target {
            source::ESA_HOST_REBUILD_RESERVE
        } else {
            source::ESA_NO_REBUILD_TARGET
        },
    }
}

#[cfg(test)]
mod tests;
