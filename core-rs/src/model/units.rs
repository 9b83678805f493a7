//! Capacity units. Drives are sold in decimal units (GB, TB) while vSphere
//! reports binary ones (GiB, TiB); the core keeps decimal gigabytes
//! internally and converts only when presenting, so the two never mix.

use serde::{Deserialize, Serialize};

const BYTES_PER_GB: f64 = 1e9;
const BYTES_PER_TIB: f64 = 1_099_511_627_776.0;

/// A capacity shown both ways, side by side: decimal TB and binary TiB.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct Capacity {
    /// Decimal gigabytes (10^9 bytes), the unit every input uses.
    pub gb: f64,
    /// Decimal terabytes (10^12 bytes), how drives are sold.
    pub tb: f64,
    /// Binary tebibytes (2^40 bytes), how vSphere reports.
    pub tib: f64,
}

impl Capacity {
    pub fn from_gb(gb: f64) -> Self {
        Capacity {
            gb,
            tb: gb / 1000.0,
            tib: gb * BYTES_PER_GB / BYTES_PER_TIB,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_tib_is_about_1_0995_tb() {
        let c = Capacity::from_gb(1099.511627776);
        assert!((c.tib - 1.0).abs() < 1e-12);
        assert!((c.tb - 1.099511627776).abs() < 1e-12);
    }

    #[test]
    fn seed_001_raw_capacity_in_both_units() {
        // Seed 001: 32 x 400 GB capacity SSD = 12.8 TB decimal = 11.64 TiB.
        let c = Capacity::from_gb(32.0 * 400.0);
        assert!((c.tb - 12.8).abs() < 1e-9);
        assert!((c.tib - 11.64).abs() < 0.005);
    }
}
