use serde::{Deserialize, Serialize};

use super::{
    Cluster, DesignOrigin, Device, Pricing, ProjectFacts, Scenario, Settings, StoragePolicy,
    Workload,
};

/// The project file schema this build writes; older ones are migrated on open.
pub const SCHEMA_VERSION: u32 = 5;

/// Everything the user enters: the only state that is saved.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(deny_unknown_fields)]
pub struct Project {
    pub schema_version: u32,
    pub name: String,
    #[serde(default)]
    pub description: String,
    /// Who the deliverables are for and by; absent before schema 2.
    #[serde(default)]
    pub facts: ProjectFacts,
    #[serde(default)]
    pub settings: Settings,
    /// Devices the disk groups refer to by id.
    #[serde(default)]
    pub devices: Vec<Device>,
    pub clusters: Vec<Cluster>,
    #[serde(default)]
    pub policies: Vec<StoragePolicy>,
    #[serde(default)]
    pub workloads: Vec<Workload>,
    /// The BOM's currency, exchange rates and extra lines.
    #[serde(default, skip_serializing_if = "Pricing::is_default")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub pricing: Pricing,
    /// Alternative designs kept for Compare; absent before schema 3.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub scenarios: Vec<Scenario>,
    /// The design search's proposal this design started from, and the
    /// user's customisations of it; absent before schema 4 and for a
    /// design the user composed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub origin: Option<DesignOrigin>,
}

impl Project {
    pub fn device(&self, id: &str) -> Option<&Device> {
        self.devices.iter().find(|d| d.id == id)
    }
}
