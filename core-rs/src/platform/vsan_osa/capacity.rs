//! Raw -> usable capacity of a vSAN cluster, and what its workloads require.

mod findings;
mod reduction;
mod required;
mod waterfall;

use serde::Serialize;

use crate::demand::protection::Protection;
use crate::model::{Capacity, ResolvedDiskGroup, Settings};
use crate::source;
use crate::totals::totals;

use crate::demand::placement::PlacedWorkload;
use crate::ratio::{percent, ratio};
use crate::rules::num;
pub use findings::{capacity_findings, capacity_insufficient, past_alert, reserve_exceeds_cluster};
pub use reduction::physical_per_logical;
pub(crate) use required::policy_shares;
pub use required::{ConsumedGrowth, PolicyShare, WorkloadCapacity};
pub(crate) use waterfall::step;
pub use waterfall::{
    rebuild_minimum_per_site, rebuild_target_exists, usable_space, StepKind, UsableSpace,
    WaterfallStep,
};

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct RawCapacity {
    /// Capacity devices only: cache devices add no capacity (vSAN OSA).
    pub per_host: Capacity,
    pub total: Capacity,
    pub cache_per_host: Capacity,
    pub capacity_devices: u32,
    pub cache_devices: u32,
    pub source: &'static str,
}

pub fn raw_capacity(disk_groups: &[ResolvedDiskGroup], host_count: u32) -> RawCapacity {
    let per_host_gb: f64 = disk_groups
        .iter()
        .map(|g| g.capacity.capacity_gb * f64::from(g.capacity_device_count))
        .sum();
    let cache_per_host_gb: f64 = disk_groups.iter().map(|g| g.cache.capacity_gb).sum();
    let devices_per_host: u32 = disk_groups.iter().map(|g| g.capacity_device_count).sum();
    let hosts = f64::from(host_count);
    RawCapacity {
        per_host: Capacity::from_gb(per_host_gb),
        total: Capacity::from_gb(per_host_gb * hosts),
        cache_per_host: Capacity::from_gb(cache_per_host_gb),
        capacity_devices: devices_per_host * host_count,
        cache_devices: disk_groups.len() as u32 * host_count,
        source: source::VSAN_DESIGN_GUIDE,
    }
}

/// The cluster's capacity from raw to usable, against what its workloads need.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct CapacityEvaluation {
    /// Dedup+compression is on and can run (all-flash), so it saves space
    /// and its metadata costs space.
    pub dedup_active: bool,
    /// Raw -> usable, each step with its amount (positive) and source.
    pub waterfall: Vec<WaterfallStep>,
    /// Raw less on-disk format and dedup metadata: the base of fullness alerts.
    pub datastore: Capacity,
    /// Space for protected data: copies and parity included.
    pub usable: Capacity,
    pub workloads: Vec<WorkloadCapacity>,
    pub per_policy: Vec<PolicyShare>,
    /// What the workloads store before protection (grown data + swap).
    pub logical: Capacity,
    /// What they consume after protection and data reduction.
    pub required: Capacity,
    /// How `required` is found, with this design's numbers (in TB).
    pub required_rule: String,
    /// Usable - required; negative when the workloads do not fit.
    pub headroom: Capacity,
    /// Headroom as a share of usable; absent when nothing is usable.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub headroom_pct: Option<f64>,
    /// Required as a share of the datastore capacity (vSAN's fullness figure).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub datastore_used_pct: Option<f64>,
    /// Data the usable space holds at this workload mix's protection and
    /// reduction; absent without workloads.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub effective_usable: Option<Capacity>,
}

/// The cluster's capacity figures, with each workload's consumption as a
/// function of the years its data has grown (for the growth timeline).
/// `dedup_active`: the cluster has dedup+compression on and is all-flash.
/// `sites`: data sites (2 for a stretched cluster), each keeping its own
/// host rebuild reserve.
pub fn evaluate_capacity_and_growth(
    raw: &RawCapacity,
    host_count: u32,
    sites: u32,
    placed: &[PlacedWorkload],
    settings: &Settings,
    dedup_active: bool,
) -> (CapacityEvaluation, Vec<ConsumedGrowth>) {
    let w = waterfall::waterfall(
        raw,
        host_count,
        sites,
        policy_hosts(placed, sites),
        settings,
        dedup_active,
    );
    let (workloads, growth): (Vec<WorkloadCapacity>, Vec<ConsumedGrowth>) = placed
        .iter()
        .map(|p| required::workload_capacity(p, settings, dedup_active))
        .unzip();
    let [logical_gb, required_gb] = totals(&workloads, |x| [x.logical.gb, x.consumed.gb]);
    let per_policy = required::policy_shares(placed, &workloads, required_gb);
    let headroom_gb = w.usable.gb - required_gb;
    let evaluation = CapacityEvaluation {
        dedup_active,
        waterfall: w.steps,
        datastore: w.datastore,
        usable: w.usable,
        workloads,
        per_policy,
        logical: Capacity::from_gb(logical_gb),
        required: Capacity::from_gb(required_gb),
        required_rule: format!(
            "The workloads' {} TB (data grown over {} years, and swap) after each policy's \
             protection{} = {} TB.",
            num(Capacity::from_gb(logical_gb).tb, 2),
            settings.planning_horizon_years,
            if dedup_active {
                " and the data's dedup and compression"
            } else {
                ""
            },
            num(Capacity::from_gb(required_gb).tb, 2),
        ),
        headroom: Capacity::from_gb(headroom_gb),
        headroom_pct: percent(headroom_gb, w.usable.gb),
        datastore_used_pct: percent(required_gb, w.datastore.gb),
        effective_usable: ratio(logical_gb, required_gb)
            .map(|r| Capacity::from_gb(w.usable.gb * r)),
    };
    (evaluation, growth)
}

/// Hosts per site (in the cluster when not stretched) the widest policy
/// of the placed workloads needs: below one more, no host can rebuild.
pub fn policy_hosts(placed: &[PlacedWorkload], sites: u32) -> u32 {
    placed
        .iter()
        .map(|p| {
            let protection = p.protection();
            waterfall::rebuild_minimum_per_site(
                protection.hosts_needed(),
                sites,
                protection.per_site(),
            )
        })
        .max()
        .unwrap_or(0)
}

/// `evaluate_capacity_and_growth`'s usable capacity alone.
pub fn usable_capacity(
    raw: &RawCapacity,
    host_count: u32,
    sites: u32,
    placed: &[PlacedWorkload],
    settings: &Settings,
    dedup_active: bool,
) -> Capacity {
    let space = waterfall::usable_space(
        raw.total.gb,
        host_count,
        sites,
        policy_hosts(placed, sites),
        settings,
        dedup_active,
    );
    Capacity::from_gb(space.usable_gb)
}

/// Data that `usable_gb` of protected space holds under one policy and
/// dedup ratio: the inverse of what the waterfall's workloads consume.
pub fn data_capacity_gb(
    usable_gb: f64,
    protection: &Protection,
    dedup_ratio: f64,
    reserved_pct: f64,
) -> f64 {
    ratio(
        usable_gb,
        physical_per_logical(protection, dedup_ratio, reserved_pct),
    )
    .unwrap_or(0.0)
}

#[cfg(test)]
pub(crate) mod test_support {
    use crate::model::ResolvedDiskGroup;
    use crate::model::{Device, DeviceKind};

    pub fn device(kind: DeviceKind, gb: f64) -> Device {
        Device {
            id: format!("{kind:?}-{gb}"),
            model: format!("{gb} GB {kind:?}"),
            kind,
            capacity_gb: gb,
            read_iops: 75_000.0,
            write_iops: 30_000.0,
            endurance_dwpd: None,
            flash_class: None,
            unit_price: None,
        }
    }

    pub fn disk_group<'a>(
        cache: &'a Device,
        capacity: &'a Device,
        count: u32,
    ) -> ResolvedDiskGroup<'a> {
        ResolvedDiskGroup {
            cache,
            capacity,
            capacity_device_count: count,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::test_support::{device, disk_group};
    use super::*;
    use crate::model::DeviceKind;

    #[test]
    fn seed_001_cluster_raw_capacity() {
        // Seed 001 (configuration table): 4 hosts x 2 disk groups x
        // (1 x 400 GB cache + 4 x 400 GB capacity SSD) = 32 x 400 GB = 12.8 TB raw.
        let ssd = device(DeviceKind::SasSsd, 400.0);
        let dg = disk_group(&ssd, &ssd, 4);
        let raw = raw_capacity(&[dg, dg], 4);
        assert_eq!(raw.capacity_devices, 32);
        assert_eq!(raw.cache_devices, 8);
        assert!((raw.total.tb - 12.8).abs() < 1e-9);
        // The paper's "around 11.88 TB" matches neither 12.8 TB nor the
        // binary 11.64 TiB; the arithmetic is what we reproduce.
        assert!((raw.total.tib - 11.64).abs() < 0.01);
    }

    #[test]
    fn raw_scales_with_hosts() {
        let cache = device(DeviceKind::SasSsd, 400.0);
        let cap = device(DeviceKind::SasSsd, 1920.0);
        let dg = disk_group(&cache, &cap, 4);
        let three = raw_capacity(&[dg], 3).total.gb;
        let four = raw_capacity(&[dg], 4).total.gb;
        assert!((four - three - 4.0 * 1920.0).abs() < 1e-9);
    }
}
