//! What every VM inventory (RVTools, Live Optics) is read into, the
//! options of an import, and the summary it returns. The readers check
//! rows into [`InventoryVm`]s; [`grouping`] picks the VMs to import, takes
//! each one's storage from the best figure it has and gathers them into
//! workloads. A row with a problem is skipped and listed (sheet, row,
//! column, reason); the rest imports.

pub mod choices;
mod grouping;
pub mod preview;
mod sql;
#[cfg(test)]
mod tests;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::issue::ImportIssue;
use super::project::{STARTER_CLUSTER_ID, STARTER_POLICY_ID};
use crate::model::Workload;
pub use grouping::{import, GroupSummary};
pub use sql::{is_sql_server_candidate, sql_server_rule, SqlAssumptions};

/// Which tool wrote the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum InventorySource {
    Rvtools,
    LiveOptics,
    WorkloadsCsv,
}

/// How imported VMs are gathered into workloads. Within a group, VMs are
/// further split by vCPU count, because a workload has one VM shape and
/// the CPU and NUMA rules need the real VM widths, not an average.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum GroupBy {
    /// The vSphere cluster each VM runs in.
    #[default]
    Cluster,
    /// The guest OS (VMware Tools' report, else the configuration file's).
    Os,
    /// Every VM in one group.
    None,
    /// Each VM its own workload.
    Vm,
    /// VMs of the same shape (vCPU count and memory), wherever they run.
    Profile,
}

/// Which size of each VM's storage the workloads carry.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum StorageBasis {
    /// What the virtual disks may grow to: safe for thin disks that fill up.
    #[default]
    Provisioned,
    /// What is written today.
    InUse,
}

/// Where a VM's storage figure came from. Live Optics' columns map to the
/// same four (docs/import.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum StorageSource {
    /// Sum of the VM's virtual disk capacities (RVTools vDisk "Capacity
    /// MiB"; Live Optics "Virtual Disk Size"): disks only, the swap file is
    /// added by the sizing rules.
    VdiskCapacity,
    /// vInfo "Provisioned MiB": also counts swap, snapshots and logs, so it
    /// overstates a little (conservative); on vSAN it includes the copies.
    VinfoProvisioned,
    /// Space the guest uses (RVTools vPartition "Consumed MiB"; Live Optics
    /// "Guest VM Disk Used").
    VpartitionConsumed,
    /// Datastore space in use (vInfo "In Use MiB"; Live Optics "Virtual
    /// Disk Used"): swap included; on vSAN it includes the copies.
    VinfoInUse,
}

/// Which measured I/O rate sizes the workloads (Live Optics).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum IopsBasis {
    /// The 95th percentile: what the VM needs outside its rarest bursts,
    /// the figure Live Optics itself recommends sizing on.
    #[default]
    P95,
    /// The highest sample of the collection period (conservative).
    Peak,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(default, deny_unknown_fields)]
pub struct InventoryOptions {
    pub group_by: GroupBy,
    /// Also import powered-off and suspended VMs.
    pub include_powered_off: bool,
    pub include_templates: bool,
    /// Row numbers (of the VM sheet) of skipped VMs to import anyway.
    pub also_import_rows: Vec<u32>,
    pub storage_basis: StorageBasis,
    /// Cluster and policy the workloads are assigned to.
    pub cluster_id: String,
    /// Source cluster name -> project cluster for its VMs (a baseline
    /// cluster built from its hosts); the other VMs go to `cluster_id`.
    pub placement: BTreeMap<String, String>,
    pub policy_id: String,
    /// IOPS per VM where the file has no measurement (RVTools never has):
    /// 0 until the user enters a figure, and a finding says so.
    pub iops_per_vm: f64,
    pub read_pct: f64,
    pub annual_growth_pct: f64,
    pub iops_basis: IopsBasis,
    /// SQL Server candidates become `sql_server` workloads on these assumptions.
    pub sql: SqlAssumptions,
}

impl Default for InventoryOptions {
    fn default() -> Self {
        InventoryOptions {
            group_by: GroupBy::Cluster,
            include_powered_off: false,
            include_templates: false,
            also_import_rows: Vec::new(),
            storage_basis: StorageBasis::Provisioned,
            cluster_id: STARTER_CLUSTER_ID.into(),
            placement: BTreeMap::new(),
            policy_id: STARTER_POLICY_ID.into(),
            iops_per_vm: 0.0,
            // Jetstress-like mixed 70/30 (seed 003); only matters once IOPS are entered.
            read_pct: 70.0,
            annual_growth_pct: 0.0,
            iops_basis: IopsBasis::P95,
            sql: SqlAssumptions::default(),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum PowerState {
    On,
    Off,
    Suspended,
}

/// I/O a collector measured for one VM over its collection period.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct MeasuredIo {
    pub peak_iops: f64,
    /// Absent when the export has no 95th-percentile column.
    pub p95_iops: Option<f64>,
    pub peak_mbps: f64,
}

/// One VM row, checked. Figures a VM only needs when it is imported
/// (vCPU, memory) carry their problem instead of failing the row: a
/// powered-off VM with 0 vCPUs is skipped as powered off, not as broken.
#[derive(Debug, Clone)]
pub struct InventoryVm {
    pub row: u32,
    pub name: String,
    pub power: PowerState,
    pub template: bool,
    pub vcpu: Result<u32, ImportIssue>,
    pub memory_mib: Result<f64, ImportIssue>,
    /// Each storage figure the file has for the VM, in MiB; `None` when its
    /// column or cell is empty (or the VM has no rows in a per-disk tab).
    pub provisioned_mib: Option<f64>,
    pub in_use_mib: Option<f64>,
    pub vdisk_mib: Option<f64>,
    pub guest_used_mib: Option<f64>,
    /// A cell the VM needs that is unreadable (its name, power state,
    /// template flag, a storage figure): the VM is skipped when it would
    /// be imported, rather than sized on a guess.
    pub problem: Option<ImportIssue>,
    pub cluster: String,
    pub host: String,
    /// VMware Tools' report when present (what really runs), else the configuration file's.
    pub os: String,
    pub annotation: String,
    /// Its files sit on a vSAN datastore, whose provisioned and in-use
    /// figures include the protection copies.
    pub on_vsan: bool,
    pub measured: Option<MeasuredIo>,
}

/// A host of the source environment (RVTools vHost, Live Optics ESX Hosts).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct SourceHost {
    pub name: String,
    pub cluster: String,
    pub cores: f64,
    pub memory_gib: f64,
    pub cpu_usage_pct: Option<f64>,
    pub memory_usage_pct: Option<f64>,
}

/// Everything a reader found, before any VM is picked.
#[derive(Debug, Default)]
pub struct Inventory {
    pub vms: Vec<InventoryVm>,
    pub hosts: Vec<SourceHost>,
    /// Sheet that lists the VMs ("vInfo", "VMs"): named in skipped rows.
    pub vm_sheet: String,
    /// Whether the export measured I/O per VM at all.
    pub has_measurements: bool,
    pub has_p95: bool,
    /// Rows read with an assumption (an empty cell with a safe reading),
    /// and matching problems: listed, nothing skipped for them.
    pub notes: Vec<ImportIssue>,
    pub findings: Vec<ImportFinding>,
    pub vdisk: Option<DiskTabSummary>,
    pub vpartition: Option<DiskTabSummary>,
    pub source_storage: Option<SourceStorage>,
    /// The text encoding of a CSV file (none for a workbook).
    pub encoding: Option<String>,
    /// Tabs the export did not have that the reader would have used.
    pub missing_tabs: Vec<MissingTab>,
}

/// A tab of the export that was not given, and what its absence costs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct MissingTab {
    pub tab: String,
    /// What the import uses instead, in a sentence.
    pub cost: String,
}

/// The source environment's shared storage (Live Optics Host Devices),
/// each LUN counted once however many hosts see it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct SourceStorage {
    pub devices: u32,
    pub capacity_gib: f64,
    pub used_gib: f64,
}

/// A warning about what was imported, with the source behind it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct ImportFinding {
    pub code: String,
    pub message: String,
    pub source: String,
}

impl ImportFinding {
    pub fn new(code: &str, message: String, source: &str) -> Self {
        ImportFinding {
            code: code.to_owned(),
            message,
            source: source.to_owned(),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum SkipReason {
    Template,
    PoweredOff,
    Suspended,
    /// A cell the VM needs (name, power state, vCPU, memory, a storage
    /// figure) is empty or not what the column holds.
    InvalidRow,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct SkippedVm {
    /// Row number in `sheet`; pass it in `also_import_rows` to import the VM.
    pub row: u32,
    pub name: String,
    pub reason: SkipReason,
    pub sheet: String,
    /// For an invalid row: the column at fault and the problem, in full.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub column: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub message: Option<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct SkipCounts {
    pub template: u32,
    pub powered_off: u32,
    pub suspended: u32,
    pub invalid_row: u32,
}

/// How many imported VMs took their storage from each figure.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct StorageSourceCounts {
    pub vdisk_capacity: u32,
    pub vinfo_provisioned: u32,
    pub vpartition_consumed: u32,
    pub vinfo_in_use: u32,
    /// VMs the file gives no storage figure for at all (sized at 0, listed in `notes`).
    pub none: u32,
}

/// Totals of a per-disk tab, over every VM of the export.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct DiskTabSummary {
    pub rows: u32,
    /// Disks (or partitions) of 0 MiB: counted, they add nothing.
    pub zero_size: u32,
    pub capacity_gib: f64,
    /// vPartition only: space the guests use.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub consumed_gib: Option<f64>,
}

/// One source cluster as the inventory describes it: the baseline a new
/// design is compared with.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct SourceCluster {
    pub name: String,
    pub hosts: u32,
    pub cores: f64,
    pub memory_gib: f64,
    /// Imported VMs that run there.
    pub vms_imported: u32,
    pub vcpu: u64,
    /// Host CPU and memory utilisation, averaged over its hosts (vHost
    /// "CPU usage %", Live Optics ESX Performance peaks), when the file has it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub cpu_usage_pct: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub memory_usage_pct: Option<f64>,
}

/// What was imported; every total is over the imported VMs only.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct InventorySummary {
    pub source: InventorySource,
    pub vms_imported: u32,
    pub vms_skipped: u32,
    pub skipped_by_reason: SkipCounts,
    /// Every skipped VM and why.
    pub skipped: Vec<SkippedVm>,
    pub total_vcpu: u64,
    /// Binary units, as vSphere reports them (MiB / 1024).
    pub total_ram_gib: f64,
    pub total_provisioned_gib: f64,
    pub total_in_use_gib: f64,
    /// Imported VMs proposed as SQL Server workloads (docs/import.md, the rule).
    pub sql_server_vms: u32,
    /// Sums over the imported VMs of their measured peak and 95th-percentile
    /// IOPS; `null` when the file measured none.
    pub measured_peak_iops: Option<f64>,
    pub measured_p95_iops: Option<f64>,
    pub measured_peak_mbps: Option<f64>,
    pub iops_basis: IopsBasis,
    pub source_clusters: u32,
    pub source_hosts: u32,
    pub clusters: Vec<SourceCluster>,
    pub storage_basis: StorageBasis,
    /// The figure most imported VMs took their storage from (none for a
    /// workloads CSV, which states each workload's size).
    pub storage_source: Option<StorageSource>,
    pub storage_sources: StorageSourceCounts,
    /// Imported VMs whose files sit on a vSAN datastore.
    pub vsan_vms: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub vdisk: Option<DiskTabSummary>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub vpartition: Option<DiskTabSummary>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub source_storage: Option<SourceStorage>,
    pub groups: Vec<GroupSummary>,
    /// The encoding a CSV file was found in: UTF-8, UTF-8 (with BOM),
    /// UTF-16LE, UTF-16BE or Windows-1252; absent for a workbook.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub encoding: Option<String>,
    /// Cells read with an assumption (sheet, row, column and what was assumed).
    pub notes: Vec<ImportIssue>,
    pub findings: Vec<ImportFinding>,
}

impl InventorySummary {
    /// Nothing imported yet, from `source`, on the given bases.
    pub fn empty(
        source: InventorySource,
        storage_basis: StorageBasis,
        iops_basis: IopsBasis,
    ) -> Self {
        InventorySummary {
            source,
            vms_imported: 0,
            vms_skipped: 0,
            skipped_by_reason: SkipCounts::default(),
            skipped: Vec::new(),
            total_vcpu: 0,
            total_ram_gib: 0.0,
            total_provisioned_gib: 0.0,
            total_in_use_gib: 0.0,
            sql_server_vms: 0,
            measured_peak_iops: None,
            measured_p95_iops: None,
            measured_peak_mbps: None,
            iops_basis,
            source_clusters: 0,
            source_hosts: 0,
            clusters: Vec::new(),
            storage_basis,
            storage_source: None,
            storage_sources: StorageSourceCounts::default(),
            vsan_vms: 0,
            vdisk: None,
            vpartition: None,
            source_storage: None,
            encoding: None,
            groups: Vec::new(),
            notes: Vec::new(),
            findings: Vec::new(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct InventoryImport {
    pub summary: InventorySummary,
    pub workloads: Vec<Workload>,
}
