//! RVTools export -> workloads. Reads `vInfo` (one row per VM) and, when
//! present, `vDisk` (one row per virtual disk), `vPartition` (one row per
//! guest partition), `vDatastore` (to tell vSAN datastores) and `vHost`
//! (the source hosts), from the .xlsx workbook or its CSV tabs.
//!
//! By default only powered-on VMs are imported: templates and powered-off
//! or suspended VMs use no CPU or memory, so they are listed with the
//! reason and can be selected back in. A VM row with a bad cell is skipped
//! and listed with its sheet, row and column; the rest imports.

mod sheets;
pub(crate) use sheets::{quoted_list, read_inventory};
#[cfg(test)]
mod tests;

use super::inventory::{self, InventoryImport, InventoryOptions, InventorySource};
pub use super::inventory::{
    DiskTabSummary, GroupBy, GroupSummary, InventorySummary, SkipCounts, SkipReason, SkippedVm,
    StorageBasis, StorageSource,
};
use super::issue::ImportIssue;

/// The options and result of an RVTools import are those of every inventory.
pub type RvtoolsOptions = InventoryOptions;
pub type RvtoolsSummary = InventorySummary;
pub type RvtoolsImport = InventoryImport;

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

/// Imports an RVTools export: the whole result, or every problem that
/// keeps the file from being read at all (a missing sheet or column).
pub fn import_rvtools(
    file: RvtoolsFile,
    options: &RvtoolsOptions,
) -> Result<RvtoolsImport, Vec<ImportIssue>> {
    let inventory = sheets::read_inventory(file)?;
    Ok(inventory::import(
        &inventory,
        InventorySource::Rvtools,
        options,
    ))
}
