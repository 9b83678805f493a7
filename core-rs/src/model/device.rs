//! Storage devices as a project records them: copied from the catalog when
//! picked, so a project file evaluates the same without the catalog.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum DeviceKind {
    Hdd7200,
    Hdd10k,
    Hdd15k,
    SataSsd,
    SasSsd,
    Nvme,
}

impl DeviceKind {
    pub fn is_flash(self) -> bool {
        matches!(
            self,
            DeviceKind::SataSsd | DeviceKind::SasSsd | DeviceKind::Nvme
        )
    }
}

/// Flash performance classes by sustained writes per second, as used for
/// vSAN cache devices (seed 000, endurance and performance classes A-E;
/// class F from the vSAN compatibility guide).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub enum FlashClass {
    A,
    B,
    C,
    D,
    E,
    F,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(deny_unknown_fields)]
pub struct Device {
    pub id: String,
    pub model: String,
    pub kind: DeviceKind,
    /// Decimal gigabytes, as on the datasheet.
    pub capacity_gb: f64,
    /// Random 4-8 KB read IOPS from the datasheet (or the typical figure for its kind).
    pub read_iops: f64,
    /// Random 4-8 KB write IOPS from the datasheet.
    pub write_iops: f64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub endurance_dwpd: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub flash_class: Option<FlashClass>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub unit_price: Option<f64>,
}
