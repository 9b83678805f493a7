//! RVTools export -> `vm_group` workloads. Reads `vInfo` (one row per VM)
//! and, when present, `vDisk` (one row per virtual disk) and `vPartition`
//! (one row per guest partition), from the .xlsx workbook or its CSV tabs.
//!
//! By default only powered-on VMs are imported: templates and powered-off
//! or suspended VMs use no CPU or memory, so they are listed with the
//! reason and can be selected back in. Any bad cell fails the whole import
//! (nothing is half imported), naming its sheet, row and column.

mod grouping;
mod sheets;
#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};

use super::issue::ImportIssue;
use super::project::{STARTER_CLUSTER_ID, STARTER_POLICY_ID};
use crate::model::Workload;
pub use grouping::GroupSummary;

/// How imported VMs are gathered into workloads. Within a group, VMs are
/// further split by vCPU count, because a `vm_group` has one VM shape and
/// the CPU and NUMA rules need the real VM widths, not an average.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum GroupBy {
    /// The vSphere cluster each VM runs in (vInfo "Cluster").
    #[default]
    Cluster,
    /// The guest OS (VMware Tools' report, else the configuration file's).
    Os,
    /// Every VM in one group.
    None,
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

/// Where the per-VM storage figure came from, so the user knows what was sized.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum StorageSource {
    /// Sum of the VM's virtual disk capacities (vDisk "Capacity MiB"):
    /// disks only, the swap file is added by the sizing rules.
    VdiskCapacity,
    /// vInfo "Provisioned MiB": also counts swap, snapshots and logs, so it
    /// overstates a little (conservative).
    VinfoProvisioned,
    /// Sum of the guest partitions' used space (vPartition "Consumed MiB").
    VpartitionConsumed,
    /// vInfo "In Use MiB": datastore space in use, swap included.
    VinfoInUse,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(default, deny_unknown_fields)]
pub struct RvtoolsOptions {
    pub group_by: GroupBy,
    /// Also import powered-off and suspended VMs.
    pub include_powered_off: bool,
    pub include_templates: bool,
    /// vInfo row numbers of skipped VMs to import anyway (the user's picks).
    pub also_import_rows: Vec<u32>,
    pub storage_basis: StorageBasis,
    /// Cluster and policy the workloads are assigned to.
    pub cluster_id: String,
    pub policy_id: String,
    /// RVTools carries no I/O rates: 0 until the user enters a measured figure.
    pub iops_per_vm: f64,
    pub read_pct: f64,
    pub annual_growth_pct: f64,
}

impl Default for RvtoolsOptions {
    fn default() -> Self {
        RvtoolsOptions {
            group_by: GroupBy::Cluster,
            include_powered_off: false,
            include_templates: false,
            also_import_rows: Vec::new(),
            storage_basis: StorageBasis::Provisioned,
            cluster_id: STARTER_CLUSTER_ID.into(),
            policy_id: STARTER_POLICY_ID.into(),
            iops_per_vm: 0.0,
            // Jetstress-like mixed 70/30 (seed 003); only matters once IOPS are entered.
            read_pct: 70.0,
            annual_growth_pct: 0.0,
        }
    }
}

/// The export, as bytes: the core never touches the file system.
#[derive(Debug, Clone, Copy)]
pub enum RvtoolsFile<'a> {
    Xlsx(&'a [u8]),
    /// RVTools' CSV export writes one file per tab.
    CsvTabs {
        vinfo: &'a [u8],
        vdisk: Option<&'a [u8]>,
        vpartition: Option<&'a [u8]>,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum SkipReason {
    Template,
    PoweredOff,
    Suspended,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct SkippedVm {
    /// vInfo row number; pass it in `also_import_rows` to import the VM.
    pub row: u32,
    pub name: String,
    pub reason: SkipReason,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct SkipCounts {
    pub template: u32,
    pub powered_off: u32,
    pub suspended: u32,
}

/// Totals of the optional per-disk tabs, over every VM of the export.
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

/// What was imported; every total is over the imported VMs only.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct RvtoolsSummary {
    pub vms_imported: u32,
    pub vms_skipped: u32,
    pub skipped_by_reason: SkipCounts,
    pub skipped: Vec<SkippedVm>,
    pub total_vcpu: u64,
    /// Binary units, as vSphere and RVTools report them (MiB / 1024).
    pub total_ram_gib: f64,
    pub total_provisioned_gib: f64,
    pub total_in_use_gib: f64,
    pub storage_basis: StorageBasis,
    pub storage_source: StorageSource,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub vdisk: Option<DiskTabSummary>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub vpartition: Option<DiskTabSummary>,
    pub groups: Vec<GroupSummary>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct RvtoolsImport {
    pub summary: RvtoolsSummary,
    pub workloads: Vec<Workload>,
}

/// Imports an RVTools export: every problem found, or the whole result.
pub fn import_rvtools(
    file: RvtoolsFile,
    options: &RvtoolsOptions,
) -> Result<RvtoolsImport, Vec<ImportIssue>> {
    let inventory = sheets::read_inventory(file)?;
    Ok(grouping::import(&inventory, options))
}
