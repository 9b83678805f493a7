//! What the user asks of a search besides the workloads: limits on the
//! design (budget, rack space, hosts), the parts and families to consider,
//! the protections each workload class may use, and how much to return.

use serde::{Deserialize, Serialize};

use super::family::Family;
use crate::catalog::Part;
use crate::model::ProtectionMethod;

/// A protection the search may give a workload class (the workloads
/// sharing one storage policy). On a site-mirrored stretched cluster it
/// protects each site's copy inside its site.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum ProtectionChoice {
    /// One copy: only sensible inside each site of a site-mirrored
    /// stretched cluster (the seeds' vSAN 6.1/6.2 stretched clusters).
    Raid1Ftt0,
    Raid1Ftt1,
    Raid1Ftt2,
    /// Erasure coding 3+1 (all-flash only).
    Raid5,
    /// Erasure coding 4+2 (all-flash only).
    Raid6,
}

impl ProtectionChoice {
    pub const ALL: [ProtectionChoice; 5] = [
        ProtectionChoice::Raid1Ftt0,
        ProtectionChoice::Raid1Ftt1,
        ProtectionChoice::Raid1Ftt2,
        ProtectionChoice::Raid5,
        ProtectionChoice::Raid6,
    ];

    pub fn method_and_ftt(self) -> (ProtectionMethod, u32) {
        match self {
            ProtectionChoice::Raid1Ftt0 => (ProtectionMethod::Raid1, 0),
            ProtectionChoice::Raid1Ftt1 => (ProtectionMethod::Raid1, 1),
            ProtectionChoice::Raid1Ftt2 => (ProtectionMethod::Raid1, 2),
            ProtectionChoice::Raid5 => (ProtectionMethod::Raid5, 1),
            ProtectionChoice::Raid6 => (ProtectionMethod::Raid6, 2),
        }
    }

    /// Erasure coding runs on all-flash clusters only (vSAN design guide).
    pub fn needs_all_flash(self) -> bool {
        matches!(self, ProtectionChoice::Raid5 | ProtectionChoice::Raid6)
    }

    pub fn label(self) -> &'static str {
        match self {
            ProtectionChoice::Raid1Ftt0 => "RAID-1 FTT=0",
            ProtectionChoice::Raid1Ftt1 => "RAID-1 FTT=1",
            ProtectionChoice::Raid1Ftt2 => "RAID-1 FTT=2",
            ProtectionChoice::Raid5 => "RAID-5 (3+1) FTT=1",
            ProtectionChoice::Raid6 => "RAID-6 (4+2) FTT=2",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(default, deny_unknown_fields)]
pub struct RecommendOptions {
    /// The cluster to size; the project's first cluster when absent.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub cluster_id: Option<String>,
    /// Highest total price, in the catalog's currency.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub budget: Option<f64>,
    /// Most rack units the hosts (and arrays, engines) may take.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub max_rack_units: Option<u32>,
    /// Most hosts in the cluster, both sites together when stretched
    /// (vSAN's own limit is 64).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub max_hosts: Option<u32>,
    /// Only parts of these vendors (case-insensitive); every vendor when empty.
    pub vendors: Vec<String>,
    /// Only these families; every family the project's topology allows when empty.
    pub families: Vec<Family>,
    /// Search the seed-era parts the catalog marks legacy as well.
    pub include_legacy: bool,
    /// Protections a workload class may get; when empty: RAID-1 FTT=1 and
    /// FTT=2, RAID-5, RAID-6, plus RAID-1 FTT=0 inside each site of a
    /// site-mirrored stretched cluster.
    pub protections: Vec<ProtectionChoice>,
    /// Pareto-front designs returned, cheapest first (each best-in-family
    /// design is returned as well).
    pub top: usize,
    /// Full evaluations the verification may spend before it gives up.
    pub max_full_evaluations: u32,
}

impl Default for RecommendOptions {
    fn default() -> Self {
        RecommendOptions {
            cluster_id: None,
            budget: None,
            max_rack_units: None,
            max_hosts: None,
            vendors: Vec::new(),
            families: Vec::new(),
            include_legacy: false,
            protections: Vec::new(),
            top: 10,
            max_full_evaluations: 2_000,
        }
    }
}

impl RecommendOptions {
    /// The protections to search for a topology: the user's, or the defaults.
    pub fn protections_for(&self, site_mirrored: bool) -> Vec<ProtectionChoice> {
        if !self.protections.is_empty() {
            let mut chosen = self.protections.clone();
            chosen.sort_unstable();
            chosen.dedup();
            return chosen;
        }
        ProtectionChoice::ALL
            .into_iter()
            .filter(|p| site_mirrored || *p != ProtectionChoice::Raid1Ftt0)
            .collect()
    }

    pub fn allows_vendor(&self, vendor: &str) -> bool {
        self.vendors.is_empty() || self.vendors.iter().any(|v| v.eq_ignore_ascii_case(vendor))
    }

    /// Legacy parts only when asked for; a catalog's current parts always.
    pub fn allows_part(&self, part: &Part) -> bool {
        (self.include_legacy || !part.legacy) && self.allows_vendor(&part.vendor)
    }

    pub fn allows_family(&self, family: Family) -> bool {
        self.families.is_empty() || self.families.contains(&family)
    }
}
