//! Design families the search compares: vSAN hybrid or all-flash, on one
//! site or stretched over two, and XtremIO arrays behind VPLEX Metro.

use serde::{Deserialize, Serialize};

use crate::model::StorageTier;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum Family {
    HybridVsan,
    AllFlashVsan,
    StretchedHybridVsan,
    StretchedAllFlashVsan,
    /// vSAN Express Storage Architecture: one NVMe storage pool per host,
    /// single-site (the core models ESA on one site only).
    EsaVsan,
    XtremioVplex,
}

/// The platforms the search sizes apart: each family is sized on one,
/// and each platform's answer has its own reason when it yields none.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Platform {
    VsanOsa,
    VsanEsa,
    XtremioVplex,
}

impl Platform {
    pub const ALL: [Platform; 3] = [Platform::VsanOsa, Platform::VsanEsa, Platform::XtremioVplex];
}

impl Family {
    pub fn platform(self) -> Platform {
        match self {
            Family::HybridVsan
            | Family::AllFlashVsan
            | Family::StretchedHybridVsan
            | Family::StretchedAllFlashVsan => Platform::VsanOsa,
            Family::EsaVsan => Platform::VsanEsa,
            Family::XtremioVplex => Platform::XtremioVplex,
        }
    }

    /// Whether the family's designs fit a cluster on two sites (`stretched`)
    /// or on one.
    pub fn on_topology(self, stretched: bool) -> bool {
        match self {
            Family::HybridVsan | Family::AllFlashVsan | Family::EsaVsan => !stretched,
            Family::StretchedHybridVsan | Family::StretchedAllFlashVsan | Family::XtremioVplex => {
                stretched
            }
        }
    }

    pub fn vsan(tier: StorageTier, stretched: bool) -> Family {
        match (tier, stretched) {
            (StorageTier::Hybrid, false) => Family::HybridVsan,
            (StorageTier::AllFlash, false) => Family::AllFlashVsan,
            (StorageTier::Hybrid, true) => Family::StretchedHybridVsan,
            (StorageTier::AllFlash, true) => Family::StretchedAllFlashVsan,
        }
    }

    /// Every family, in the order results list them.
    pub const ALL: [Family; 6] = [
        Family::HybridVsan,
        Family::AllFlashVsan,
        Family::StretchedHybridVsan,
        Family::StretchedAllFlashVsan,
        Family::EsaVsan,
        Family::XtremioVplex,
    ];

    /// The families a user names by architecture (`hybrid`, `all_flash`,
    /// `esa`, `xtremio_vplex`): single-site or stretched alike.
    pub fn by_name(name: &str) -> Option<&'static [Family]> {
        match name {
            "hybrid" => Some(&[Family::HybridVsan, Family::StretchedHybridVsan]),
            "all_flash" => Some(&[Family::AllFlashVsan, Family::StretchedAllFlashVsan]),
            "esa" => Some(&[Family::EsaVsan]),
            "xtremio_vplex" => Some(&[Family::XtremioVplex]),
            _ => None,
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Family::HybridVsan => "hybrid vSAN",
            Family::AllFlashVsan => "all-flash vSAN",
            Family::StretchedHybridVsan => "stretched hybrid vSAN",
            Family::StretchedAllFlashVsan => "stretched all-flash vSAN",
            Family::EsaVsan => "vSAN ESA",
            Family::XtremioVplex => "XtremIO + VPLEX Metro",
        }
    }
}
