//! How fast a cluster recreates lost components: the measured resync rates
//! by storage kind (seeds 000 and 001), adjustable in
//! `settings.resilience`.

use serde::Serialize;

use crate::capacity::StorageTier;
use crate::model::ResilienceSettings;
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

/// Hybrid, all-flash, or all-flash with dedup+compression running (which
/// resyncs slower: seed 001 measured 5-6 GB/min against 5-20).
pub fn resync_rate(tier: StorageTier, dedup_active: bool, s: &ResilienceSettings) -> ResyncRate {
    let (under_load, idle, source) = match (tier, dedup_active) {
        (StorageTier::Hybrid, _) => (
            s.hybrid_resync_gb_per_min,
            s.hybrid_idle_resync_gb_per_min,
            source::RESYNC_HYBRID,
        ),
        (StorageTier::AllFlash, false) => (
            s.all_flash_resync_gb_per_min,
            s.all_flash_idle_resync_gb_per_min,
            source::RESYNC_ALL_FLASH,
        ),
        (StorageTier::AllFlash, true) => (
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

/// Minutes to resync `gb` at `gb_per_min`. Validation keeps rates
/// positive; an unvalidated zero rate gives 0, never an infinity.
pub fn resync_minutes(gb: f64, gb_per_min: f64) -> f64 {
    crate::capacity::ratio(gb, gb_per_min).unwrap_or(0.0)
}
