//! Raw -> usable capacity of a vSAN cluster.

use serde::Serialize;

use crate::model::{Capacity, Device};
use crate::source;

/// A disk group with its devices looked up in the project.
#[derive(Debug, Clone, Copy)]
pub struct ResolvedDiskGroup<'a> {
    pub cache: &'a Device,
    pub capacity: &'a Device,
    pub capacity_device_count: u32,
}

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::DeviceKind;

    fn ssd(gb: f64) -> Device {
        Device {
            id: format!("ssd-{gb}"),
            model: "SSD".into(),
            kind: DeviceKind::SasSsd,
            capacity_gb: gb,
            read_iops: 75_000.0,
            write_iops: 30_000.0,
            endurance_dwpd: None,
            flash_class: None,
            unit_price: None,
        }
    }

    #[test]
    fn seed_001_cluster_raw_capacity() {
        // Seed 001 (configuration table): 4 hosts x 2 disk groups x
        // (1 x 400 GB cache + 4 x 400 GB capacity SSD) = 32 x 400 GB = 12.8 TB raw.
        let cache = ssd(400.0);
        let cap = ssd(400.0);
        let dg = ResolvedDiskGroup {
            cache: &cache,
            capacity: &cap,
            capacity_device_count: 4,
        };
        let raw = raw_capacity(&[dg, dg], 4);
        assert_eq!(raw.capacity_devices, 32);
        assert_eq!(raw.cache_devices, 8);
        assert!((raw.total.tb - 12.8).abs() < 1e-9);
        // The paper's "around 11.88 TB" is vSphere's binary figure less overheads;
        // the pure binary conversion is 11.64 TiB.
        assert!((raw.total.tib - 11.64).abs() < 0.01);
    }

    #[test]
    fn raw_scales_with_hosts() {
        let cache = ssd(400.0);
        let cap = ssd(1920.0);
        let dg = ResolvedDiskGroup {
            cache: &cache,
            capacity: &cap,
            capacity_device_count: 4,
        };
        let three = raw_capacity(&[dg], 3).total.gb;
        let four = raw_capacity(&[dg], 4).total.gb;
        assert!((four - three - 4.0 * 1920.0).abs() < 1e-9);
    }
}
