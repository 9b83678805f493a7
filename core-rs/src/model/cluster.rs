use serde::{Deserialize, Serialize};

use super::{HostSpec, VsanEsa, XtremioVplex};

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
        /// Keep a full copy of the data in each data site: vSAN site
        /// mirroring (the stretched cluster's primary FTT=1), or VPLEX
        /// distributed volumes. On vSAN the storage policy's method and FTT
        /// then protect each site's copy inside its site (FTT=0: one copy per
        /// site, as the seeds' vSAN 6.1/6.2 stretched clusters kept). On by
        /// default: mirroring is what a stretched cluster is for. Off, each
        /// policy spans the cluster's hosts as on one site and a site failure
        /// loses access to the data.
        #[serde(default = "default_true")]
        #[cfg_attr(feature = "wasm", tsify(optional))]
        site_mirroring: bool,
    },
}

fn default_true() -> bool {
    true
}

impl Topology {
    pub fn host_count(&self) -> u32 {
        match self {
            Topology::Single { host_count } => *host_count,
            Topology::Stretched { hosts_per_site, .. } => hosts_per_site * 2,
        }
    }

    /// True when each data site keeps a full copy of the data.
    pub fn site_mirrored(&self) -> bool {
        matches!(
            self,
            Topology::Stretched {
                site_mirroring: true,
                ..
            }
        )
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
    /// vSAN Express Storage Architecture: one NVMe storage pool per host.
    VsanEsa(VsanEsa),
    /// An EMC XtremIO array in each of two sites behind VPLEX (seed 004).
    /// The cluster's topology must be stretched: its sites, inter-site RTT
    /// and link are VPLEX's; `site_mirroring` makes volumes distributed.
    /// vSAN storage policies do not apply to its workloads: XDP protects them.
    XtremioVplex(XtremioVplex),
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
