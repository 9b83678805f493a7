//! vSAN Express Storage Architecture (vSAN 8 ESA): one storage pool of
//! NVMe devices per host. Protection (RAID-5 as 2+1 or 4+1 by host count),
//! raw -> usable with reserved capacity or slack, what workloads consume
//! with compression and the log-structured file system overhead, and the
//! ESA-only rules (host minimums, component limits).
//!
//! Shapes are OSA's (`RawCapacity`, `CapacityEvaluation`) so reports and
//! views read ESA clusters the same way; the rules are ESA's own.

mod findings;
mod memory;
mod performance;
mod reserve;
mod waterfall;

use serde::Serialize;

use crate::demand::footprint::footprint;
use crate::demand::placement::PlacedWorkload;
use crate::demand::protection::{protection, Protection};
use crate::limits::{MAX_ESA_COMPONENTS_PER_DEVICE, MAX_ESA_COMPONENTS_PER_HOST};
use crate::model::{
    Capacity, Device, FreeSpaceModel, ProtectionMethod, Settings, StoragePolicy, VsanEsa,
};
use crate::platform::two_sites::components;
use crate::platform::vsan_osa::capacity::{
    policy_shares, CapacityEvaluation, RawCapacity, WorkloadCapacity,
};
use crate::ratio::{percent, ratio};
use crate::rules::num;
use crate::source;
use crate::totals::totals;

pub use findings::{components_exceed, esa_findings, EsaCluster, MIN_DEVICES_PER_HOST};
pub use memory::esa_vsan_memory;
pub use performance::{
    assess_esa_performance, esa_performance_findings, esa_write_cost, grown_device_limit,
    EsaPerformance, EsaWorkloadIo, EsaWriteCost,
};
pub use reserve::{esa_reserve, largest_object_gb, EsaReserve, RESERVED_CAPACITY_MIN_HOSTS};
use waterfall::waterfall;

/// The log-structured file system's share on top of protected data
/// (`source::ESA_LFS_OVERHEAD`).
pub const LFS_OVERHEAD_PCT: f64 = 13.1;
/// Hosts from which RAID-5 runs as 4+1 instead of 2+1.
const RAID5_WIDE_MIN_HOSTS: u32 = 6;

/// An ESA storage pool with its device looked up in the project.
#[derive(Debug, Clone, Copy)]
pub struct ResolvedEsa<'a> {
    pub device: &'a Device,
    pub config: &'a VsanEsa,
}

/// ESA-only figures of a cluster; capacity and compute are in the shapes
/// OSA clusters use.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct EsaEvaluation {
    pub device_model: String,
    pub devices_per_host: u32,
    pub free_space: FreeSpaceModel,
    pub lfs_overhead_pct: f64,
    pub compression_ratio: f64,
    /// Estimated components on the busiest host and device (spread evenly).
    pub components_per_host: u64,
    pub components_per_device: u64,
    pub max_components_per_host: u64,
    pub max_components_per_device: u64,
    pub lfs_source: &'static str,
    pub components_source: &'static str,
    /// The free space kept, part by part (the waterfall's deductions).
    pub reserve: EsaReserve,
}

/// The protection a policy gives on an ESA cluster of `hosts` hosts.
/// RAID-1 and RAID-6 (4+2) are as on OSA; RAID-5 is 2+1 on 3-5 hosts and
/// 4+1 on 6 or more, so it needs 3 hosts, not 4.
pub fn esa_protection(policy: &StoragePolicy, hosts: u32) -> Protection {
    let base = protection(policy);
    match policy.method {
        ProtectionMethod::Raid5 => {
            let data_blocks = if hosts >= RAID5_WIDE_MIN_HOSTS { 4 } else { 2 };
            Protection {
                data_blocks,
                multiplier: f64::from(data_blocks + 1) / f64::from(data_blocks),
                min_hosts: 3,
                recommended_hosts: 4,
                source: source::ESA_RAID5,
                ..base
            }
        }
        ProtectionMethod::Raid6 => Protection {
            source: source::ESA_RAID6,
            ..base
        },
        ProtectionMethod::Raid1 => base,
    }
}

/// The protection a policy gets on `hosts` ESA hosts, with `min_hosts` the
/// hosts its components are rebuilt on: an erasure-coded stripe's blocks
/// (2+1: 3, 4+1: 5, 4+2: 6), RAID-1 FTT=n's 2n+1 (`source::ESA_REBUILD_HOSTS`).
pub fn esa_rebuild_protection(policy: &StoragePolicy, hosts: u32) -> Protection {
    let p = esa_protection(policy, hosts);
    if p.is_erasure_coding() {
        Protection {
            min_hosts: p.data_blocks + p.redundancy_blocks,
            source: source::ESA_REBUILD_HOSTS,
            ..p
        }
    } else {
        p
    }
}

pub fn esa_raw(esa: &ResolvedEsa, hosts: u32) -> RawCapacity {
    let per_host_gb = esa.device.capacity_gb * f64::from(esa.config.devices_per_host);
    RawCapacity {
        per_host: Capacity::from_gb(per_host_gb),
        total: Capacity::from_gb(per_host_gb * f64::from(hosts)),
        cache_per_host: Capacity::from_gb(0.0),
        capacity_devices: esa.config.devices_per_host.saturating_mul(hosts),
        cache_devices: 0,
        source: source::ESA_RAW,
    }
}

/// Raw -> usable and what the workloads consume, at `settings`' horizon.
pub fn evaluate_esa_capacity(
    esa: &ResolvedEsa,
    hosts: u32,
    placed: &[PlacedWorkload],
    settings: &Settings,
) -> CapacityEvaluation {
    let raw = esa_raw(esa, hosts);
    let reserve = cluster_reserve(esa, hosts, placed, settings);
    let (steps, usable_gb) = waterfall(&raw, &reserve, hosts, esa.config, settings);
    let workloads: Vec<WorkloadCapacity> = placed
        .iter()
        .map(|p| workload_capacity(p, hosts, settings, policy_compression(esa.config, p.policy)))
        .collect();
    let [logical_gb, required_gb] = totals(&workloads, |w| [w.logical.gb, w.consumed.gb]);
    let mut per_policy = policy_shares(placed, &workloads, required_gb);
    for share in &mut per_policy {
        if let Some(p) = placed.iter().find(|p| p.policy.id == share.policy_id) {
            share.protection = esa_protection(p.policy, hosts);
        }
    }
    let datastore_gb = raw.total.gb;
    CapacityEvaluation {
        dedup_active: workloads.iter().any(|w| w.dedup_ratio > 1.0),
        waterfall: steps,
        datastore: raw.total,
        usable: Capacity::from_gb(usable_gb),
        workloads,
        per_policy,
        logical: Capacity::from_gb(logical_gb),
        required: Capacity::from_gb(required_gb),
        required_rule: format!(
            "The workloads' {} TB (data grown over {} years, and swap) after each policy's \
             protection, compression where the policy has it on, and the file system's {} % \
             overhead = {} TB.",
            num(Capacity::from_gb(logical_gb).tb, 2),
            settings.planning_horizon_years,
            num(LFS_OVERHEAD_PCT, 1),
            num(Capacity::from_gb(required_gb).tb, 2),
        ),
        headroom: Capacity::from_gb(usable_gb - required_gb),
        headroom_pct: percent(usable_gb - required_gb, usable_gb),
        datastore_used_pct: percent(required_gb, datastore_gb),
        effective_usable: ratio(logical_gb, required_gb).map(|r| Capacity::from_gb(usable_gb * r)),
    }
}

/// The free space an ESA cluster keeps at `settings`' horizon.
pub fn cluster_reserve(
    esa: &ResolvedEsa,
    hosts: u32,
    placed: &[PlacedWorkload],
    settings: &Settings,
) -> EsaReserve {
    let raw_gb = esa_raw(esa, hosts).total.gb;
    let largest = largest_object_gb(placed, settings.planning_horizon_years);
    let widest = policy_hosts(placed.iter().map(|p| p.policy), hosts);
    esa_reserve(esa.config, raw_gb, (hosts, widest), largest, settings)
}

/// Hosts the widest of `policies` rebuilds its components on at `hosts`
/// hosts (`esa_rebuild_protection`; 0 without policies): a failed host's
/// components have a host to be rebuilt on only with more
/// (`capacity::rebuild_target_exists`).
pub fn policy_hosts<'a>(policies: impl IntoIterator<Item = &'a StoragePolicy>, hosts: u32) -> u32 {
    policies
        .into_iter()
        .map(|p| esa_rebuild_protection(p, hosts).min_hosts)
        .max()
        .unwrap_or(0)
}

/// The compression ratio a policy's data gets on this cluster: the
/// cluster's measured ratio where the policy's "Data compression" rule is
/// on (the default), 1.0 where it is off.
pub fn policy_compression(config: &VsanEsa, policy: &StoragePolicy) -> f64 {
    if policy.esa_compression() {
        config.compression_ratio
    } else {
        1.0
    }
}

/// Physical GB per GB written: compressed (unless reserved), protected,
/// plus the log-structured overhead on data and replicas.
pub fn esa_physical_per_logical(
    protection: &Protection,
    compression_ratio: f64,
    reserved_pct: f64,
) -> f64 {
    let reserved = (reserved_pct / 100.0).clamp(0.0, 1.0);
    let stored = reserved + (1.0 - reserved) / compression_ratio.max(1.0);
    stored * protection.multiplier * (1.0 + LFS_OVERHEAD_PCT / 100.0)
}

fn workload_capacity(
    placed: &PlacedWorkload,
    hosts: u32,
    settings: &Settings,
    compression_ratio: f64,
) -> WorkloadCapacity {
    let f = footprint(&placed.workload.spec, settings.planning_horizon_years);
    let p = esa_protection(placed.policy, hosts);
    let per_gb = esa_physical_per_logical(
        &p,
        compression_ratio,
        placed.policy.object_space_reservation_pct,
    );
    // Swap is protected but not compressed (see source::VM_SWAP).
    let swap_per_gb = esa_physical_per_logical(&p, 1.0, 100.0);
    let consumed_gb = f.grown_gb * per_gb + f.swap_gb * swap_per_gb;
    WorkloadCapacity {
        workload_id: placed.workload.id.clone(),
        policy_id: placed.policy.id.clone(),
        logical: Capacity::from_gb(f.logical_gb()),
        footprint: f,
        consumed: Capacity::from_gb(consumed_gb),
        dedup_ratio: compression_ratio,
        dedup_source: source::ESA_COMPRESSION,
        physical_per_logical: per_gb,
        reduction_source: source::ESA_LFS_OVERHEAD,
    }
}

/// Components of one workload's objects on an ESA cluster: the objects'
/// components (`stretched::components`) times the blocks of each stripe.
fn workload_components(placed: &PlacedWorkload, hosts: u32, horizon_years: u32) -> u64 {
    let p = esa_protection(placed.policy, hosts);
    let width = match p.method {
        // Copies, plus a witness once there is more than one copy.
        ProtectionMethod::Raid1 => u64::from(p.ftt) + 1 + u64::from(p.ftt.min(1)),
        ProtectionMethod::Raid5 | ProtectionMethod::Raid6 => {
            u64::from(p.data_blocks + p.redundancy_blocks)
        }
    };
    components(placed, horizon_years).saturating_mul(width)
}

pub fn esa_details(
    esa: &ResolvedEsa,
    hosts: u32,
    placed: &[PlacedWorkload],
    settings: &Settings,
) -> EsaEvaluation {
    let total: u64 = placed
        .iter()
        .map(|p| workload_components(p, hosts, settings.planning_horizon_years))
        .sum();
    let per_host = total.div_ceil(u64::from(hosts.max(1)));
    let per_device = per_host.div_ceil(u64::from(esa.config.devices_per_host.max(1)));
    EsaEvaluation {
        device_model: esa.device.model.clone(),
        devices_per_host: esa.config.devices_per_host,
        free_space: esa.config.free_space,
        lfs_overhead_pct: LFS_OVERHEAD_PCT,
        compression_ratio: esa.config.compression_ratio,
        components_per_host: per_host,
        components_per_device: per_device,
        max_components_per_host: MAX_ESA_COMPONENTS_PER_HOST,
        max_components_per_device: MAX_ESA_COMPONENTS_PER_DEVICE,
        lfs_source: source::ESA_LFS_OVERHEAD,
        components_source: source::ESA_COMPONENTS,
        reserve: cluster_reserve(esa, hosts, placed, settings),
    }
}

#[cfg(test)]
mod tests;
