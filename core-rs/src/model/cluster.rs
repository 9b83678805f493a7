use serde::{Deserialize, Serialize};

use super::HostSpec;

/// vSAN original storage architecture: one cache device in front of
/// 1..7 capacity devices; capacity devices alone count as raw capacity.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(deny_unknown_fields)]
pub struct DiskGroup {
    /// Id of an entry in `project.devices`.
    pub cache_device: String,
    /// Id of an entry in `project.devices`.
    pub capacity_device: String,
    pub capacity_device_count: u32,
}

/// How the cluster's hosts are spread over sites.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Topology {
    Single {
        host_count: u32,
    },
    /// Two data sites mirrored synchronously, plus a witness site.
    Stretched {
        hosts_per_site: u32,
        inter_site_rtt_ms: f64,
        inter_site_link_gbps: f64,
        witness_rtt_ms: f64,
        witness_link_mbps: f64,
    },
}

impl Topology {
    pub fn host_count(&self) -> u32 {
        match self {
            Topology::Single { host_count } => *host_count,
            Topology::Stretched { hosts_per_site, .. } => hosts_per_site * 2,
        }
    }
}

/// What provides the cluster's storage.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(tag = "architecture", rename_all = "snake_case", deny_unknown_fields)]
pub enum Storage {
    /// vSAN original storage architecture; the same disk groups on every host.
    VsanOsa {
        disk_groups: Vec<DiskGroup>,
        dedup_compression: bool,
    },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(deny_unknown_fields)]
pub struct Cluster {
    pub id: String,
    pub name: String,
    pub host: HostSpec,
    pub topology: Topology,
    pub storage: Storage,
}
