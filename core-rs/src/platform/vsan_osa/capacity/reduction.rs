//! Physical capacity per GB of data under a policy, with dedup+compression.
//!
//! Seed 001 measured 5,050 GB written under RAID-1 FTT=1, 2,220 GB once
//! dedup+compression was on (2.27x) and 1,900 GB after switching to RAID-5
//! (2.66x overall). The savings do not multiply: 2.27 x (2 / 1.33) would
//! predict ~1,480 GB. Our model: dedup runs per disk group, so every mirror
//! copy and every erasure-coding data block shrinks by the ratio, but parity
//! blocks (XOR of unrelated blocks) are assumed not to shrink. That gives
//! 2,225 GB under RAID-1 (+0.2 %) and 1,954 GB under RAID-5 (+2.8 %) from
//! the one ratio, without fitting the RAID-5 figure. It is an assumption,
//! stated in `source::DEDUP_ERASURE_PARITY`.
//!
//! Reserved space (object space reservation) is thick and never shrinks.

use crate::demand::protection::Protection;

/// Physical GB consumed per GB of data. `dedup_ratio` is 1.0 when dedup+
/// compression is off; `reserved_pct` is the policy's object space reservation.
pub fn physical_per_logical(protection: &Protection, dedup_ratio: f64, reserved_pct: f64) -> f64 {
    let reserved = (reserved_pct / 100.0).clamp(0.0, 1.0);
    let ratio = dedup_ratio.max(1.0);
    let data = f64::from(protection.data_blocks);
    let redundancy = f64::from(protection.redundancy_blocks);
    // Site mirroring repeats the whole stripe (data and parity) in each site.
    let reduced = if protection.is_erasure_coding() {
        (1.0 / ratio + redundancy / data) * f64::from(protection.site_copies)
    } else {
        protection.multiplier / ratio
    };
    reserved * protection.multiplier + (1.0 - reserved) * reduced
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::demand::protection::protection;
    use crate::model::{ProtectionMethod, StoragePolicy};

    fn policy(method: ProtectionMethod, ftt: u32) -> Protection {
        protection(&StoragePolicy::of(method, ftt))
    }

    /// Seed 001 wrote 5,050 GB under RAID-1 FTT=1: 2,525 GB of data.
    const SEED_001_DATA_GB: f64 = 5_050.0 / 2.0;

    #[test]
    fn seed_001_dedup_under_raid1_gives_2220_gb() {
        // Seed 001, Space Saving by Enabling Deduplication: 5,050 GB ->
        // 2,220 GB (2.27x). Tolerance 1 %.
        let raid1 = policy(ProtectionMethod::Raid1, 1);
        let consumed = SEED_001_DATA_GB * physical_per_logical(&raid1, 2.27, 0.0);
        assert!((consumed - 2_220.0).abs() / 2_220.0 < 0.01, "{consumed}");
        assert!((5_050.0 / consumed - 2.27).abs() < 0.03);
    }

    #[test]
    fn seed_001_dedup_under_raid5_gives_1900_gb() {
        // Seed 001: "After changing the SPBM policy to RAID 5, the actual space
        // used was 1,900GB ... around 2.66 times". The model gives 1,954 GB
        // (2.58x); tolerance 3 %. Multiplying the savings would give ~1,483.
        let raid5 = policy(ProtectionMethod::Raid5, 1);
        let consumed = SEED_001_DATA_GB * physical_per_logical(&raid5, 2.27, 0.0);
        assert!((consumed - 1_900.0).abs() / 1_900.0 < 0.03, "{consumed}");
        assert!((5_050.0 / consumed - 2.66).abs() / 2.66 < 0.03);
        let multiplied = SEED_001_DATA_GB * raid5.multiplier / 2.27;
        assert!((multiplied - 1_900.0).abs() / 1_900.0 > 0.2);
    }

    #[test]
    fn without_dedup_the_multiplier_is_the_whole_cost() {
        for (method, ftt) in [
            (ProtectionMethod::Raid1, 0),
            (ProtectionMethod::Raid1, 2),
            (ProtectionMethod::Raid5, 1),
            (ProtectionMethod::Raid6, 2),
        ] {
            let p = policy(method, ftt);
            assert!((physical_per_logical(&p, 1.0, 0.0) - p.multiplier).abs() < 1e-12);
            assert!((physical_per_logical(&p, 1.0, 100.0) - p.multiplier).abs() < 1e-12);
        }
    }

    #[test]
    fn site_mirroring_repeats_data_and_parity_in_each_site() {
        let raid5 = crate::demand::protection::site_mirrored(policy(ProtectionMethod::Raid5, 1));
        let per_gb = physical_per_logical(&raid5, 2.27, 0.0);
        assert!((per_gb - 2.0 * (1.0 / 2.27 + 1.0 / 3.0)).abs() < 1e-12);
        let raid1 = crate::demand::protection::site_mirrored(policy(ProtectionMethod::Raid1, 0));
        assert!((physical_per_logical(&raid1, 2.27, 0.0) - 2.0 / 2.27).abs() < 1e-12);
    }

    #[test]
    fn full_reservation_defeats_dedup() {
        // Public vSAN guide: 100 % object space reservation gets no saving.
        let raid1 = policy(ProtectionMethod::Raid1, 1);
        assert_eq!(physical_per_logical(&raid1, 2.27, 100.0), 2.0);
        let half = physical_per_logical(&raid1, 2.27, 50.0);
        assert!((half - (1.0 + 1.0 / 2.27)).abs() < 1e-12);
    }
}
