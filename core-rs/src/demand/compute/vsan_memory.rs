//! The RAM vSAN OSA takes on every host, which the VMs cannot have: VMware
//! KB 2113954's formula over the host's disk groups. (vSAN ESA states its
//! own: `platform::vsan_esa::memory`.)

use crate::model::ResolvedDiskGroup;
use crate::source;

// vSAN's own memory per host, VMware KB 2113954's revision for vSAN 6.2
// (ESXi 6.0 U3 and later) and vSAN 6.6 (ESXi 6.5.0d and later): base + per
// disk group (fixed + per GB of cache) + per capacity device. The KB's MB
// are binary, like host RAM. Its later revisions (7,100 MB per host as
// quoted in 2020, 8,610 MB from August 2021) also scale with host RAM;
// they are not applied (`source::VSAN_MEMORY_KB`, docs/fidelity.md).
const VSAN_BASE_MB: f64 = 5426.0;
const VSAN_DISK_GROUP_MB: f64 = 636.0;
const VSAN_HYBRID_CACHE_MB_PER_GB: f64 = 8.0;
const VSAN_ALL_FLASH_CACHE_MB_PER_GB: f64 = 14.0;
/// An all-flash cache device counts up to 600 GB (its write buffer limit).
const VSAN_ALL_FLASH_CACHE_CAP_GB: f64 = 600.0;
const VSAN_CAPACITY_DEVICE_MB: f64 = 70.0;
const MB_PER_GB: f64 = 1024.0;

/// RAM vSAN takes on every host, in GB (KB 2113954 formula); none without
/// disk groups (array storage: the hosts run no vSAN).
pub fn vsan_memory_gb(disk_groups: &[ResolvedDiskGroup]) -> f64 {
    if disk_groups.is_empty() {
        return 0.0;
    }
    let groups_mb: f64 = disk_groups
        .iter()
        .map(|g| {
            let cache_mb = if g.capacity.kind.is_flash() {
                g.cache.capacity_gb.min(VSAN_ALL_FLASH_CACHE_CAP_GB)
                    * VSAN_ALL_FLASH_CACHE_MB_PER_GB
            } else {
                g.cache.capacity_gb * VSAN_HYBRID_CACHE_MB_PER_GB
            };
            VSAN_DISK_GROUP_MB
                + cache_mb
                + f64::from(g.capacity_device_count) * VSAN_CAPACITY_DEVICE_MB
        })
        .sum();
    (VSAN_BASE_MB + groups_mb) / MB_PER_GB
}

/// RAM vSAN takes on every host and the rule it comes from.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct VsanMemory {
    pub per_host_gb: f64,
    pub source: &'static str,
}

impl VsanMemory {
    /// vSAN OSA's disk groups, by the KB 2113954 formula.
    pub fn of_disk_groups(disk_groups: &[ResolvedDiskGroup]) -> Self {
        VsanMemory {
            per_host_gb: vsan_memory_gb(disk_groups),
            source: source::VSAN_MEMORY_KB,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::demand::compute::test_support::device;
    use crate::model::DeviceKind;

    #[test]
    fn kb_2113954_all_flash_example() {
        // KB 2113954's worked example: one all-flash disk group, 600 GB cache,
        // 3 capacity devices = 5,426 + 636 + 14 x 600 + 3 x 70 = 14,672 MB.
        // An 800 GB cache device counts only its first 600 GB.
        let cache = device(DeviceKind::SasSsd, 800.0);
        let cap = device(DeviceKind::SasSsd, 1_920.0);
        let group = ResolvedDiskGroup {
            cache: &cache,
            capacity: &cap,
            capacity_device_count: 3,
        };
        assert!((vsan_memory_gb(&[group]) * 1024.0 - 14_672.0).abs() < 1e-9);
    }
}
