//! Design families the search compares: vSAN hybrid or all-flash, on one
//! site or stretched over two, and XtremIO arrays behind VPLEX Metro.

use serde::{Deserialize, Serialize};

use crate::capacity::StorageTier;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum Family {
    HybridVsan,
    AllFlashVsan,
    StretchedHybridVsan,
    StretchedAllFlashVsan,
    XtremioVplex,
}

impl Family {
    pub fn vsan(tier: StorageTier, stretched: bool) -> Family {
        match (tier, stretched) {
            (StorageTier::Hybrid, false) => Family::HybridVsan,
            (StorageTier::AllFlash, false) => Family::AllFlashVsan,
            (StorageTier::Hybrid, true) => Family::StretchedHybridVsan,
            (StorageTier::AllFlash, true) => Family::StretchedAllFlashVsan,
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Family::HybridVsan => "hybrid vSAN",
            Family::AllFlashVsan => "all-flash vSAN",
            Family::StretchedHybridVsan => "stretched hybrid vSAN",
            Family::StretchedAllFlashVsan => "stretched all-flash vSAN",
            Family::XtremioVplex => "XtremIO + VPLEX Metro",
        }
    }
}
