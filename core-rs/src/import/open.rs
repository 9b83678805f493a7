//! Any inventory file, recognised from its bytes, read into a preview (the
//! app's one import entry point); a workloads CSV is told apart, since it
//! adds to the open project instead.

use super::detect::{detect, FileKind};
use super::inventory::preview::InventoryPreview;
use super::inventory::InventorySource;
use super::issue::ImportIssue;
use super::live_optics::{self, workbook_in_zip};
use super::rvtools::{self, RvtoolsFile};

#[derive(Debug)]
pub enum OpenedFile {
    Inventory(Box<InventoryPreview>),
    WorkloadsCsv,
}

pub fn open_inventory(bytes: &[u8]) -> Result<OpenedFile, Vec<ImportIssue>> {
    let kind = detect(bytes).map_err(|issue| vec![issue])?;
    let (inventory, source) = match kind {
        FileKind::WorkloadsCsv => return Ok(OpenedFile::WorkloadsCsv),
        FileKind::RvtoolsXlsx => (
            rvtools::read_inventory(RvtoolsFile::Xlsx(bytes))?,
            InventorySource::Rvtools,
        ),
        FileKind::RvtoolsCsv => (
            rvtools::read_inventory(RvtoolsFile::CsvTabs {
                vinfo: bytes,
                vdisk: None,
                vpartition: None,
            })?,
            InventorySource::Rvtools,
        ),
        FileKind::LiveOpticsXlsx => (
            live_optics::read_inventory(bytes)?,
            InventorySource::LiveOptics,
        ),
        FileKind::LiveOpticsZip => {
            let xlsx = workbook_in_zip(bytes).map_err(|issue| vec![issue])?;
            (
                live_optics::read_inventory(&xlsx)?,
                InventorySource::LiveOptics,
            )
        }
    };
    Ok(OpenedFile::Inventory(Box::new(InventoryPreview::new(
        inventory, source,
    ))))
}
