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
    /// Planning ceiling for CPU: the share of the cores left after N+x
    /// failures the workloads may need before a warning (`source::CPU_CEILING`).
    pub cpu_ceiling_pct: f64,
    /// Planning ceiling for memory: the share of the VM memory left after
    /// N+x failures the VMs may be configured with before a warning
    /// (`source::RAM_CEILING`).
    pub ram_ceiling_pct: f64,
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
    /// Rebuild rates, repair delay and failure rates of the failure
    /// what-ifs and the durability model.
    pub resilience: ResilienceSettings,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            slack_pct: 25.0,
            reserve_hosts: 1,
            on_disk_format_overhead_pct: 1.0,
            dedup_metadata_overhead_pct: 5.0,
            virtualization_cpu_overhead_pct: 10.0,
            cpu_ceiling_pct: 80.0,
            ram_ceiling_pct: 90.0,
            planning_horizon_years: 3,
            device_utilisation_ceiling_pct: 80.0,
            dedup_ratios: DedupRatios::default(),
            capacity_alert_pct: 80.0,
            cache_pct_of_consumed: 10.0,
            resilience: ResilienceSettings::default(),
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

/// Inputs of the failure what-ifs and the durability model. Resync rates
/// are decimal GB per minute; the defaults are the middle of each range the
/// seeds measured (sources in `crate::source`, `RESYNC_*` and `*_AFR`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(default, deny_unknown_fields)]
pub struct ResilienceSettings {
    /// How long vSAN waits before rebuilding absent components (a host
    /// down); failed devices (degraded) rebuild at once. vSAN's default is 60.
    pub repair_delay_minutes: f64,
    /// Hybrid resync while workloads run (seed 000: 2-3 GB/min).
    pub hybrid_resync_gb_per_min: f64,
    /// Hybrid resync with no workload (no seed measures it).
    pub hybrid_idle_resync_gb_per_min: f64,
    /// All-flash resync while workloads run (seed 001: 5-20 GB/min).
    pub all_flash_resync_gb_per_min: f64,
    /// All-flash resync with no workload (seed 001: 6-30 GB/min).
    pub all_flash_idle_resync_gb_per_min: f64,
    /// All-flash with NVMe cache devices, under load (seed 003: 5.30 TB
    /// resynced in an ETA of 107 minutes, 49.5 GB/min).
    pub nvme_resync_gb_per_min: f64,
    /// All-flash with NVMe cache devices, idle (no seed measures it).
    pub nvme_idle_resync_gb_per_min: f64,
    /// All-flash with dedup+compression, under load (seed 001: 5-6 GB/min).
    pub dedup_resync_gb_per_min: f64,
    /// All-flash with dedup+compression, idle (seed 001: 8-13 GB/min).
    pub dedup_idle_resync_gb_per_min: f64,
    /// A rebuild longer than this raises a warning: the data it restores
    /// stays one failure short of its policy meanwhile.
    pub long_resync_hours: f64,
    /// Annualized failure rate of a flash device (cache or capacity), in %.
    pub ssd_afr_pct: f64,
    /// Annualized failure rate of a spinning disk, in %.
    pub hdd_afr_pct: f64,
    /// Failures per host-year, in %, that take a whole host's components
    /// away (board, memory, controller, power), devices not counted.
    pub host_afr_pct: f64,
    /// Share of an X-Brick's IOPS lost with one of its two active/active
    /// storage controllers, in % (no published figure: half, one controller).
    pub x_brick_controller_loss_iops_pct: f64,
    /// Share of an X-Brick's IOPS lost while XDP rebuilds a failed SSD into
    /// free space, in % (no published figure).
    pub xdp_rebuild_iops_loss_pct: f64,
    /// Share of a VPLEX engine's front-end IOPS lost per failed director, in %
    /// (no published figure: half, one of its two directors).
    pub vplex_director_loss_iops_pct: f64,
}

impl Default for ResilienceSettings {
    fn default() -> Self {
        ResilienceSettings {
            repair_delay_minutes: 60.0,
            hybrid_resync_gb_per_min: 2.5,
            hybrid_idle_resync_gb_per_min: 3.0,
            all_flash_resync_gb_per_min: 12.5,
            all_flash_idle_resync_gb_per_min: 18.0,
            nvme_resync_gb_per_min: 49.5,
            nvme_idle_resync_gb_per_min: 71.3,
            dedup_resync_gb_per_min: 5.5,
            dedup_idle_resync_gb_per_min: 10.5,
            long_resync_hours: 24.0,
            ssd_afr_pct: 0.98,
            hdd_afr_pct: 1.70,
            host_afr_pct: 2.0,
            x_brick_controller_loss_iops_pct: 50.0,
            xdp_rebuild_iops_loss_pct: 10.0,
            vplex_director_loss_iops_pct: 50.0,
        }
    }
}
