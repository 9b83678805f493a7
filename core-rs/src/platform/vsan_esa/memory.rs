//! RAM vSAN takes on each ESA host (see `source::ESA_MEMORY`: no public
//! ESA formula exists, so the nearest public one is applied and the user
//! can enter the sizer's figure instead).

use crate::demand::compute::vsan_memory::VsanMemory;
use crate::model::VsanEsa;
use crate::source;

// VMware KB 2113954's OSA all-flash constants as quoted in 2020 (the
// revision before August 2021's), in binary MB like host RAM.
const HOST_FOOTPRINT_MB: f64 = 7100.0;
/// The storage pool stands in for one disk group.
const POOL_FIXED_FOOTPRINT_MB: f64 = 1360.0;
/// The disk group's scalable footprint: 0.5 % of the host's memory.
const POOL_SCALABLE_SHARE: f64 = 0.005;
const DEVICE_FOOTPRINT_MB: f64 = 160.0;
const MB_PER_GB: f64 = 1024.0;

/// vSAN's memory on a host with `host_ram_gb` of RAM and this pool.
pub fn esa_vsan_memory(config: &VsanEsa, host_ram_gb: f64) -> VsanMemory {
    if let Some(gb) = config.vsan_memory_gb {
        return VsanMemory {
            per_host_gb: gb,
            source: source::ESA_MEMORY_ENTERED,
        };
    }
    let mb = HOST_FOOTPRINT_MB
        + POOL_FIXED_FOOTPRINT_MB
        + POOL_SCALABLE_SHARE * host_ram_gb * MB_PER_GB
        + f64::from(config.devices_per_host) * DEVICE_FOOTPRINT_MB;
    VsanMemory {
        per_host_gb: mb / MB_PER_GB,
        source: source::ESA_MEMORY,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::FreeSpaceModel;

    fn pool(devices_per_host: u32, vsan_memory_gb: Option<f64>) -> VsanEsa {
        VsanEsa {
            device: "nvme".into(),
            devices_per_host,
            compression_ratio: 1.0,
            free_space: FreeSpaceModel::ReservedCapacity,
            operations_reserve_pct: None,
            host_rebuild_reserve: true,
            vsan_memory_gb,
        }
    }

    #[test]
    fn kb_2113954_all_flash_constants_on_a_512_gb_host_with_4_devices() {
        // 7,100 + 1,360 + 0.5 % x 524,288 MB (2,621.44) + 4 x 160 =
        // 11,721.44 MB per host, 11.45 GB.
        let m = esa_vsan_memory(&pool(4, None), 512.0);
        assert!((m.per_host_gb * 1024.0 - 11_721.44).abs() < 1e-9);
        assert_eq!(m.source, source::ESA_MEMORY);
        // Each device adds 160 MB; each GB of host RAM 0.5 %.
        let more = esa_vsan_memory(&pool(5, None), 1024.0);
        assert!((more.per_host_gb * 1024.0 - (11_721.44 + 160.0 + 2_621.44)).abs() < 1e-9);
    }

    #[test]
    fn an_entered_figure_replaces_the_estimate() {
        let m = esa_vsan_memory(&pool(4, Some(48.0)), 512.0);
        assert_eq!(m.per_host_gb, 48.0);
        assert_eq!(m.source, source::ESA_MEMORY_ENTERED);
    }
}
