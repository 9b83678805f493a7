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
use super::progress::Progress;

/// The options and result of an RVTools import are those of every inventory.
pub type RvtoolsOptions = InventoryOptions;
pub type RvtoolsSummary = InventorySummary;
pub type RvtoolsImport = InventoryImport;

/// The export, as bytes: the core never touches the file system.
#[derive(Debug, Clone, Copy)]
pub enum RvtoolsFile<'a> {
    Xlsx(&'a [u8]),
    Csv(CsvTabs<'a>),
}

/// RVTools' CSV export writes one file per tab; those this importer reads.
#[derive(Debug, Clone, Copy, Default)]
pub struct CsvTabs<'a> {
    pub vinfo: &'a [u8],
    pub vdisk: Option<&'a [u8]>,
    pub vpartition: Option<&'a [u8]>,
    pub vdatastore: Option<&'a [u8]>,
    pub vhost: Option<&'a [u8]>,
}

/// A tab of an RVTools export this importer reads (the CSV export writes
/// one file per tab).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CsvTab {
    VInfo,
    VDisk,
    VPartition,
    VDatastore,
    VHost,
}

impl CsvTab {
    pub const ALL: [CsvTab; 5] = [
        CsvTab::VInfo,
        CsvTab::VDisk,
        CsvTab::VPartition,
        CsvTab::VDatastore,
        CsvTab::VHost,
    ];

    pub fn name(self) -> &'static str {
        match self {
            CsvTab::VInfo => "vInfo",
            CsvTab::VDisk => "vDisk",
            CsvTab::VPartition => "vPartition",
            CsvTab::VDatastore => "vDatastore",
            CsvTab::VHost => "vHost",
        }
    }

    /// The tab a CSV file holds, by its name: RVTools names each file
    /// after its tab (RVTools_tabvInfo.csv), whatever folder it is in.
    pub fn of_file(file_name: &str) -> Option<CsvTab> {
        let lower = file_name.to_ascii_lowercase();
        let stem = lower.strip_suffix(".csv")?;
        CsvTab::ALL
            .into_iter()
            .find(|tab| stem.ends_with(&tab.name().to_ascii_lowercase()))
    }
}

impl<'a> CsvTabs<'a> {
    /// The slot of an optional tab (vInfo is not optional).
    pub fn optional(&mut self, tab: CsvTab) -> Option<&mut Option<&'a [u8]>> {
        match tab {
            CsvTab::VInfo => None,
            CsvTab::VDisk => Some(&mut self.vdisk),
            CsvTab::VPartition => Some(&mut self.vpartition),
            CsvTab::VDatastore => Some(&mut self.vdatastore),
            CsvTab::VHost => Some(&mut self.vhost),
        }
    }
}

/// Imports an RVTools export: the whole result, or every problem that
/// keeps the file from being read at all (a missing sheet or column).
pub fn import_rvtools(
    file: RvtoolsFile,
    options: &RvtoolsOptions,
) -> Result<RvtoolsImport, Vec<ImportIssue>> {
    let inventory = sheets::read_inventory(file, &mut Progress::silent())?;
    Ok(inventory::import(
        &inventory,
        InventorySource::Rvtools,
        options,
    ))
}
