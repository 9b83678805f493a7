use serde::{Deserialize, Serialize};

use super::Id;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum ProtectionMethod {
    /// Mirroring: FTT + 1 full copies.
    Raid1,
    /// Erasure coding 3+1; tolerates one failure.
    Raid5,
    /// Erasure coding 4+2; tolerates two failures.
    Raid6,
}

/// A vSAN storage policy assigned to workloads.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(deny_unknown_fields)]
pub struct StoragePolicy {
    pub id: Id,
    pub name: String,
    pub method: ProtectionMethod,
    /// Failures to tolerate: 0-3 for RAID-1, exactly 1 for RAID-5, 2 for RAID-6.
    pub ftt: u32,
    #[serde(default = "default_stripe_width")]
    pub stripe_width: u32,
    /// Object space reservation, 0-100 % of the object's size.
    #[serde(default)]
    pub object_space_reservation_pct: f64,
    #[serde(default = "default_true")]
    pub checksum: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub iops_limit: Option<f64>,
    /// vSAN ESA's "Data compression" rule (a policy rule from vSAN 8 U1, on
    /// by default): absent means on. OSA clusters ignore it: their dedup and
    /// compression is a cluster setting.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub compression: Option<bool>,
}

impl StoragePolicy {
    /// Whether an ESA cluster compresses this policy's data (`source::ESA_COMPRESSION`).
    pub fn esa_compression(&self) -> bool {
        self.compression.unwrap_or(true)
    }
}

#[cfg(test)]
impl StoragePolicy {
    /// Policy "p": `method` at `ftt`, every other rule at its default.
    pub fn of(method: ProtectionMethod, ftt: u32) -> StoragePolicy {
        StoragePolicy {
            id: "p".into(),
            name: "p".into(),
            method,
            ftt,
            stripe_width: 1,
            object_space_reservation_pct: 0.0,
            checksum: true,
            iops_limit: None,
            compression: None,
        }
    }
}

fn default_stripe_width() -> u32 {
    1
}

fn default_true() -> bool {
    true
}
