use serde::{Deserialize, Serialize};

/// Project-wide defaults, each overridable; the sources are in `crate::source`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(default, deny_unknown_fields)]
pub struct Settings {
    /// Free space vSAN needs for rebalancing and rebuilds.
    pub slack_pct: f64,
    /// Hosts' worth of capacity and compute held back for a host failure (N+x).
    pub reserve_hosts: u32,
    pub on_disk_format_overhead_pct: f64,
    /// Dedup and compression metadata, as a share of raw capacity.
    pub dedup_metadata_overhead_pct: f64,
    pub virtualization_cpu_overhead_pct: f64,
    pub planning_horizon_years: u32,
    /// Highest share of the devices' rated IOPS a design may plan to use.
    pub device_utilisation_ceiling_pct: f64,
    /// Expected dedup+compression ratio per workload kind, used when the
    /// cluster has dedup+compression on (all-flash only).
    pub dedup_ratios: DedupRatios,
    /// Datastore use (share of capacity after format and metadata overheads)
    /// that raises a warning.
    pub capacity_alert_pct: f64,
    /// Cache device capacity as a share of what VMs will consume before
    /// replicas (the 10 % rule).
    pub cache_pct_of_consumed: f64,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            slack_pct: 25.0,
            reserve_hosts: 1,
            on_disk_format_overhead_pct: 1.0,
            dedup_metadata_overhead_pct: 5.0,
            virtualization_cpu_overhead_pct: 10.0,
            planning_horizon_years: 3,
            device_utilisation_ceiling_pct: 80.0,
            dedup_ratios: DedupRatios::default(),
            capacity_alert_pct: 80.0,
            cache_pct_of_consumed: 10.0,
        }
    }
}

/// Written data / consumed data under dedup+compression, per workload kind,
/// as measured with RAID-1 mirroring. Sources: `source::DEDUP_RATIO_SQL`
/// for SQL Server; the others have no published figure (1.0 = no saving).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(default, deny_unknown_fields)]
pub struct DedupRatios {
    pub sql_server: f64,
    pub exchange: f64,
    pub file_server: f64,
    pub vm_group: f64,
}

impl Default for DedupRatios {
    fn default() -> Self {
        DedupRatios {
            sql_server: 2.27,
            exchange: 1.0,
            file_server: 1.0,
            vm_group: 1.0,
        }
    }
}
