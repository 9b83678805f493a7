//! Hybrid or all-flash, read from the capacity devices: spinning capacity
//! devices make a hybrid cluster (the cache device is flash in both).

use serde::Serialize;

use super::ResolvedDiskGroup;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum StorageTier {
    /// Flash cache (read cache + write buffer) in front of HDDs.
    Hybrid,
    /// Flash write buffer in front of flash capacity devices.
    AllFlash,
}

/// Any HDD capacity device makes the cluster hybrid; `mixes_tiers` reports
/// the (unsupported) case where some disk groups are flash and some not.
pub fn storage_tier(groups: &[ResolvedDiskGroup]) -> StorageTier {
    if groups.iter().any(|g| !g.capacity.kind.is_flash()) {
        StorageTier::Hybrid
    } else {
        StorageTier::AllFlash
    }
}

pub fn mixes_tiers(groups: &[ResolvedDiskGroup]) -> bool {
    let flash = groups.iter().filter(|g| g.capacity.kind.is_flash()).count();
    flash != 0 && flash != groups.len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::DeviceKind;
    use crate::platform::vsan_osa::capacity::test_support::{device, disk_group};

    #[test]
    fn seed_000_hdd_capacity_devices_make_a_hybrid_cluster() {
        // Seed 000 §4.3: 1 SSD + 6 x 900 GB 10k SAS HDD per disk group.
        let ssd = device(DeviceKind::SataSsd, 400.0);
        let hdd = device(DeviceKind::Hdd10k, 900.0);
        let groups = [disk_group(&ssd, &hdd, 6), disk_group(&ssd, &hdd, 6)];
        assert_eq!(storage_tier(&groups), StorageTier::Hybrid);
        assert!(!mixes_tiers(&groups));
    }

    #[test]
    fn flash_capacity_devices_make_an_all_flash_cluster() {
        let ssd = device(DeviceKind::SasSsd, 400.0);
        let groups = [disk_group(&ssd, &ssd, 4)];
        assert_eq!(storage_tier(&groups), StorageTier::AllFlash);
    }

    #[test]
    fn one_hdd_group_among_flash_groups_is_mixed() {
        let ssd = device(DeviceKind::SasSsd, 400.0);
        let hdd = device(DeviceKind::Hdd7200, 4000.0);
        let groups = [disk_group(&ssd, &ssd, 4), disk_group(&ssd, &hdd, 4)];
        assert!(mixes_tiers(&groups));
        assert_eq!(storage_tier(&groups), StorageTier::Hybrid);
    }
}
