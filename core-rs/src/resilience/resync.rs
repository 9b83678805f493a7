//! How fast a cluster recreates lost components: the measured resync rates
//! by device class (seeds 000, 001 and 003), adjustable in
//! `settings.resilience`.

use serde::Serialize;

use crate::model::{DeviceKind, ResilienceSettings, StorageTier};
use crate::source;

/// Resync rates in decimal GB per minute.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct ResyncRate {
    /// While the workloads run: what a rebuild estimate plans with.
    pub under_load_gb_per_min: f64,
    /// With no workload: the best case.
    pub idle_gb_per_min: f64,
    pub source: &'static str,
}

/// Hybrid; all-flash behind SAS/SATA cache devices (seed 001) or NVMe
/// cache devices (seed 003: about 4x faster); or all-flash with
/// dedup+compression running, which resyncs slower whatever the devices
/// (seed 001 measured 5-6 GB/min against 5-20). Resync writes land on the
/// cache tier first, so its slowest device class sets the pace:
/// `nvme_cache` only when every disk group's cache device is NVMe.
pub fn resync_rate(
    tier: StorageTier,
    dedup_active: bool,
    nvme_cache: bool,
    s: &ResilienceSettings,
) -> ResyncRate {
    let (under_load, idle, source) = match (tier, dedup_active, nvme_cache) {
        (StorageTier::Hybrid, _, _) => (
            s.hybrid_resync_gb_per_min,
            s.hybrid_idle_resync_gb_per_min,
            source::RESYNC_HYBRID,
        ),
        (StorageTier::AllFlash, false, false) => (
            s.all_flash_resync_gb_per_min,
            s.all_flash_idle_resync_gb_per_min,
            source::RESYNC_ALL_FLASH,
        ),
        (StorageTier::AllFlash, false, true) => (
            s.nvme_resync_gb_per_min,
            s.nvme_idle_resync_gb_per_min,
            source::RESYNC_NVME,
        ),
        (StorageTier::AllFlash, true, _) => (
            s.dedup_resync_gb_per_min,
            s.dedup_idle_resync_gb_per_min,
            source::RESYNC_DEDUP,
        ),
    };
    ResyncRate {
        under_load_gb_per_min: under_load,
        idle_gb_per_min: idle,
        source,
    }
}

/// Decimal GB per minute a link of 1 Gbps carries at line rate (0.125 GB/s).
const GB_PER_MIN_PER_GBPS: f64 = 7.5;

impl ResyncRate {
    /// No faster than one vSAN link's line rate: resync crosses the network
    /// to the rebuilding host. Seed 003's 49.5 GB/min ran at 66 % of its
    /// 10 GbE; faster links are not credited with faster resyncs (no seed
    /// measures one), slower ones cap them.
    pub fn within_link(self, nic_gbps: f64) -> ResyncRate {
        let cap = nic_gbps * GB_PER_MIN_PER_GBPS;
        if self.idle_gb_per_min <= cap {
            return self;
        }
        ResyncRate {
            under_load_gb_per_min: self.under_load_gb_per_min.min(cap),
            idle_gb_per_min: cap,
            source: source::RESYNC_LINK_CAP,
        }
    }
}

/// True when every cache device is NVMe (and there is at least one).
pub fn all_nvme(cache_kinds: impl IntoIterator<Item = DeviceKind>) -> bool {
    let mut any = false;
    for kind in cache_kinds {
        if kind != DeviceKind::Nvme {
            return false;
        }
        any = true;
    }
    any
}

/// Minutes to resync `gb` at `gb_per_min`. Validation keeps rates
/// positive; an unvalidated zero rate gives 0, never an infinity.
pub fn resync_minutes(gb: f64, gb_per_min: f64) -> f64 {
    crate::ratio::ratio(gb, gb_per_min).unwrap_or(0.0)
}
