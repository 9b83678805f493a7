use serde::{Deserialize, Serialize};

/// One server model; every host of a cluster uses it (vSAN recommends
/// uniform hosts, and the seeds use them).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(deny_unknown_fields)]
pub struct HostSpec {
    pub model: String,
    pub sockets: u32,
    pub cores_per_socket: u32,
    pub ghz: f64,
    pub ram_gb: f64,
    pub nics: u32,
    pub nic_gbps: f64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub unit_price: Option<f64>,
}

impl HostSpec {
    pub fn cores(&self) -> u32 {
        self.sockets * self.cores_per_socket
    }
}
