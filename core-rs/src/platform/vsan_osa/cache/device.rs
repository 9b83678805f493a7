//! One disk group's cache device against its share of the load: write
//! buffer, sustained writes (flash class) and endurance over the horizon.

use serde::Serialize;

use crate::model::{Capacity, Device, FlashClass, StorageTier};
use crate::source;

/// An all-flash cache device buffers at most this much (`source::WRITE_BUFFER_LIMIT`).
pub const ALL_FLASH_WRITE_BUFFER_GB: f64 = 600.0;
/// A hybrid cache device's write share (`source::HYBRID_WRITE_BUFFER`).
const HYBRID_WRITE_BUFFER_SHARE: f64 = 0.3;
/// Endurance ratings count five years of drive writes per day.
const ENDURANCE_YEARS: f64 = 5.0;
const SECONDS_PER_YEAR: f64 = 365.0 * 24.0 * 3600.0;

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct DiskGroupCache {
    /// Index in the cluster's `storage.disk_groups` (the same on every host).
    pub disk_group: usize,
    pub cache_device: String,
    pub installed: Capacity,
    /// The part of the device that buffers writes.
    pub write_buffer: Capacity,
    pub write_buffer_source: &'static str,
    /// This disk group's share of the cluster's cache writes.
    pub writes_per_s: f64,
    /// The sustained writes per second the device is rated for.
    pub rated_writes_per_s: f64,
    pub rated_source: &'static str,
    /// Absent when the device has no DWPD rating.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub endurance: Option<Endurance>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct Endurance {
    /// Terabytes written the device is rated for (TBW).
    pub rated_tbw: f64,
    /// Terabytes this disk group's writes add over the planning horizon.
    pub written_tb: f64,
    pub horizon_years: u32,
    pub source: &'static str,
}

/// The floor of a flash class in writes per second: a device of the class
/// sustains at least this many.
pub fn class_floor_writes_per_s(class: FlashClass) -> f64 {
    match class {
        FlashClass::A => 2_500.0,
        FlashClass::B => 5_000.0,
        FlashClass::C => 10_000.0,
        FlashClass::D => 20_000.0,
        FlashClass::E => 30_000.0,
        FlashClass::F => 100_000.0,
    }
}

/// The sustained writes per second a cache device is rated for: its flash
/// class's floor where it states one, else its datasheet write IOPS.
#[inline]
pub fn rated_writes_per_s(device: &Device) -> f64 {
    device
        .flash_class
        .map_or(device.write_iops, class_floor_writes_per_s)
}

/// TBW = size (TB) x DWPD x 365 x 5.
pub fn rated_tbw(device: &Device, dwpd: f64) -> f64 {
    device.capacity_gb / 1000.0 * dwpd * 365.0 * ENDURANCE_YEARS
}

/// Terabytes a device taking `write_mb_per_s` writes over `horizon_years`.
pub fn written_tb(write_mb_per_s: f64, horizon_years: u32) -> f64 {
    write_mb_per_s * SECONDS_PER_YEAR * f64::from(horizon_years) / 1e6
}

pub struct DiskGroupLoad {
    pub writes_per_s: f64,
    pub write_mb_per_s: f64,
    pub horizon_years: u32,
}

pub fn disk_group_cache(
    index: usize,
    device: &Device,
    tier: StorageTier,
    load: &DiskGroupLoad,
) -> DiskGroupCache {
    let (buffer_gb, buffer_source) = match tier {
        StorageTier::AllFlash => (
            device.capacity_gb.min(ALL_FLASH_WRITE_BUFFER_GB),
            source::WRITE_BUFFER_LIMIT,
        ),
        StorageTier::Hybrid => (
            device.capacity_gb * HYBRID_WRITE_BUFFER_SHARE,
            source::HYBRID_WRITE_BUFFER,
        ),
    };
    let rated_source = match device.flash_class {
        Some(_) => source::FLASH_CLASSES,
        None => source::DEVICE_WRITE_IOPS,
    };
    let endurance = device.endurance_dwpd.map(|dwpd| Endurance {
        rated_tbw: rated_tbw(device, dwpd),
        written_tb: written_tb(load.write_mb_per_s, load.horizon_years),
        horizon_years: load.horizon_years,
        source: source::ENDURANCE_TBW,
    });
    DiskGroupCache {
        disk_group: index,
        cache_device: device.id.clone(),
        installed: Capacity::from_gb(device.capacity_gb),
        write_buffer: Capacity::from_gb(buffer_gb),
        write_buffer_source: buffer_source,
        writes_per_s: load.writes_per_s,
        rated_writes_per_s: rated_writes_per_s(device),
        rated_source,
        endurance,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::DeviceKind;
    use crate::platform::vsan_osa::capacity::test_support::device;

    #[test]
    fn seed_000_flash_class_floors() {
        // Seed 000 §12.2: A 2,500-5,000 ... E 30,000+ writes per second;
        // F from the VMware Compatibility Guide.
        let floors: Vec<f64> = [
            FlashClass::A,
            FlashClass::B,
            FlashClass::C,
            FlashClass::D,
            FlashClass::E,
            FlashClass::F,
        ]
        .into_iter()
        .map(class_floor_writes_per_s)
        .collect();
        assert_eq!(
            floors,
            [2_500.0, 5_000.0, 10_000.0, 20_000.0, 30_000.0, 100_000.0]
        );
    }

    #[test]
    fn seed_003_pm1725a_endurance() {
        // Seed 003: PM1725a, 5 DWPD for five years. For the 1.6 TB cache
        // device that is 8 TB/day and 14,600 TBW (the paper's "32 TB per day"
        // is the 6.4 TB model).
        let nvme = device(DeviceKind::Nvme, 1600.0);
        assert!((rated_tbw(&nvme, 5.0) - 14_600.0).abs() < 1e-9);
        assert!(
            (rated_tbw(&device(DeviceKind::Nvme, 6400.0), 5.0) / (365.0 * 5.0) - 32.0).abs() < 1e-9
        );
    }

    #[test]
    fn all_flash_buffer_stops_at_600_gb_and_hybrid_buffers_30_pct() {
        let load = DiskGroupLoad {
            writes_per_s: 1_000.0,
            write_mb_per_s: 8.0,
            horizon_years: 3,
        };
        let big = device(DeviceKind::Nvme, 1600.0);
        let af = disk_group_cache(0, &big, StorageTier::AllFlash, &load);
        assert_eq!(af.write_buffer.gb, 600.0);
        let small = device(DeviceKind::SataSsd, 400.0);
        let hy = disk_group_cache(1, &small, StorageTier::Hybrid, &load);
        assert!((hy.write_buffer.gb - 120.0).abs() < 1e-9);
        assert_eq!(hy.rated_writes_per_s, small.write_iops);
        assert!(hy.endurance.is_none());
    }

    #[test]
    fn written_terabytes_over_the_horizon() {
        // 8 MB/s for 3 years = 8 x 31,536,000 x 3 / 10^6 = 756.864 TB.
        let mut ssd = device(DeviceKind::SasSsd, 400.0);
        ssd.endurance_dwpd = Some(10.0);
        ssd.flash_class = Some(FlashClass::E);
        let load = DiskGroupLoad {
            writes_per_s: 1_000.0,
            write_mb_per_s: 8.0,
            horizon_years: 3,
        };
        let dg = disk_group_cache(0, &ssd, StorageTier::AllFlash, &load);
        let e = dg.endurance.expect("rated");
        assert!((e.written_tb - 756.864).abs() < 1e-6);
        assert!((e.rated_tbw - 7_300.0).abs() < 1e-9);
        assert_eq!(dg.rated_writes_per_s, 30_000.0);
    }
}
