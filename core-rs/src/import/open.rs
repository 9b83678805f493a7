//! Any inventory file, recognised from its bytes, read into a preview (the
//! app's one import entry point); a workloads CSV is told apart, since it
//! adds to the open project instead. Several files are RVTools CSV tabs,
//! told apart by their names as the CLI finds them beside vInfo.

use serde::Serialize;

use super::detect::{detect, FileKind};
use super::inventory::preview::InventoryPreview;
use super::inventory::InventorySource;
use super::issue::ImportIssue;
use super::live_optics::{self, workbook_in_zip};
use super::progress::Progress;
use super::rvtools::{self, CsvTab, CsvTabs, RvtoolsFile};

#[derive(Debug)]
pub enum OpenedFile {
    Inventory(Box<InventoryPreview>),
    WorkloadsCsv,
}

/// A file the user gave, with the name it had.
#[derive(Debug, Clone, Copy)]
pub struct NamedFile<'a> {
    pub name: &'a str,
    pub bytes: &'a [u8],
}

/// One file of any kind, or several RVTools CSV tabs; `progress` follows the read.
pub fn open_inventory(
    files: &[NamedFile],
    progress: &mut Progress,
) -> Result<OpenedFile, Vec<ImportIssue>> {
    let (inventory, source) = match files {
        [] => return Err(vec![ImportIssue::file("no file was given")]),
        [file] => match detect(file.bytes).map_err(|issue| vec![issue])? {
            FileKind::WorkloadsCsv => return Ok(OpenedFile::WorkloadsCsv),
            FileKind::RvtoolsXlsx => (
                rvtools::read_inventory(RvtoolsFile::Xlsx(file.bytes), progress)?,
                InventorySource::Rvtools,
            ),
            FileKind::RvtoolsCsv => (
                rvtools::read_inventory(
                    RvtoolsFile::Csv(CsvTabs {
                        vinfo: file.bytes,
                        ..CsvTabs::default()
                    }),
                    progress,
                )?,
                InventorySource::Rvtools,
            ),
            FileKind::LiveOpticsXlsx => (
                live_optics::read_inventory(file.bytes, progress)?,
                InventorySource::LiveOptics,
            ),
            FileKind::LiveOpticsZip => {
                let xlsx = workbook_in_zip(file.bytes).map_err(|issue| vec![issue])?;
                (
                    live_optics::read_inventory(&xlsx, progress)?,
                    InventorySource::LiveOptics,
                )
            }
        },
        several => (
            rvtools::read_inventory(RvtoolsFile::Csv(csv_tabs(several)?), progress)?,
            InventorySource::Rvtools,
        ),
    };
    progress.finish();
    Ok(OpenedFile::Inventory(Box::new(InventoryPreview::new(
        inventory, source,
    ))))
}

/// A file picked or dropped for import as the app gets it: an inventory's
/// preview (nothing changed yet), a workloads CSV (which adds to the open
/// project through its own import), or every problem that keeps it from
/// being read.
#[derive(Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum InventoryPreviewOutcome {
    Preview { preview: Box<InventoryPreview> },
    WorkloadsCsv,
    Invalid { issues: Vec<ImportIssue> },
}

/// `open_inventory` as the app's one outcome.
pub fn preview_inventory(files: &[NamedFile], progress: &mut Progress) -> InventoryPreviewOutcome {
    match open_inventory(files, progress) {
        Ok(OpenedFile::Inventory(preview)) => InventoryPreviewOutcome::Preview { preview },
        Ok(OpenedFile::WorkloadsCsv) => InventoryPreviewOutcome::WorkloadsCsv,
        Err(issues) => InventoryPreviewOutcome::Invalid { issues },
    }
}

/// Several files: each an RVTools CSV tab this importer reads, one of
/// each, vInfo among them. Every file that is not is named.
fn csv_tabs<'a>(files: &[NamedFile<'a>]) -> Result<CsvTabs<'a>, Vec<ImportIssue>> {
    let expected = CsvTab::ALL.map(CsvTab::name).join(", ");
    let mut tabs = CsvTabs::default();
    let mut vinfo = None;
    let mut issues = Vec::new();
    for file in files {
        let Some(tab) = CsvTab::of_file(file.name) else {
            issues.push(ImportIssue::file(format!(
                "{}: several files are read together only as RVTools CSV tabs, each named after \
                 its tab as RVTools writes them (RVTools_tabvInfo.csv); this importer reads \
                 {expected}",
                file.name
            )));
            continue;
        };
        let slot = match tabs.optional(tab) {
            Some(slot) => slot,
            None => &mut vinfo,
        };
        if slot.is_some() {
            issues.push(ImportIssue::file(format!(
                "{}: a second {} tab; give one file per tab",
                file.name,
                tab.name()
            )));
        }
        *slot = Some(file.bytes);
    }
    match vinfo {
        Some(bytes) if issues.is_empty() => Ok(CsvTabs {
            vinfo: bytes,
            ..tabs
        }),
        found => {
            if found.is_none() {
                issues.push(ImportIssue::file(
                    "no vInfo tab among the files (RVTools_tabvInfo.csv): it lists the VMs",
                ));
            }
            Err(issues)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const VINFO: &str = "VM,Powerstate,Template,CPUs,Memory,Provisioned MiB,In Use MiB,\
                         Cluster,Host,Path\n\
                         db01,poweredOn,False,4,16384,102400,40960,CL1,esx1,[vsanDatastore] db01/db01.vmx\n\
                         app01,poweredOn,False,2,8192,51200,20480,CL1,esx1,[vsanDatastore] app01/app01.vmx\n";
    const VDISK: &str = "VM,Capacity MiB,Host,Cluster\n\
                         db01,81920,esx1,CL1\n\
                         app01,40960,esx1,CL1\n";
    const VPARTITION: &str = "VM,Capacity MiB,Consumed MiB,Host,Cluster\n\
                              db01,81000,30720,esx1,CL1\n\
                              app01,40000,10240,esx1,CL1\n";
    const VHOST: &str = "Host,Cluster,# Cores,# Memory\nesx1,CL1,32,524288\n";

    fn named<'a>(name: &'a str, text: &'a str) -> NamedFile<'a> {
        NamedFile {
            name,
            bytes: text.as_bytes(),
        }
    }

    fn preview(files: &[NamedFile]) -> InventoryPreview {
        match open_inventory(files, &mut Progress::silent()) {
            Ok(OpenedFile::Inventory(preview)) => *preview,
            other => panic!("not a preview: {other:?}"),
        }
    }

    fn missing(preview: &InventoryPreview) -> Vec<&str> {
        preview
            .missing_tabs
            .iter()
            .map(|t| t.tab.as_str())
            .collect()
    }

    #[test]
    fn csv_tabs_are_matched_by_their_names_in_any_order() {
        let p = preview(&[
            named("RVTools_tabvPartition.csv", VPARTITION),
            named("RVTools_tabvHost.csv", VHOST),
            named("RVTools_tabvInfo.csv", VINFO),
            named("RVTools_tabvDisk.csv", VDISK),
        ]);
        assert_eq!(p.vms.len(), 2);
        let db = &p.vms[0];
        assert_eq!(
            (db.vdisk_mib, db.guest_used_mib),
            (Some(81920.0), Some(30720.0))
        );
        assert_eq!(p.vpartition.as_ref().map(|t| t.rows), Some(2));
        assert_eq!(p.hosts.len(), 1);
        assert_eq!(p.baselines.len(), 1, "vHost gives the baseline cluster");
        assert_eq!(missing(&p), vec!["vDatastore"]);
    }

    #[test]
    fn vinfo_alone_says_which_tabs_are_missing_and_what_that_costs() {
        let p = preview(&[named("RVTools_tabvInfo.csv", VINFO)]);
        assert_eq!(
            missing(&p),
            vec!["vDisk", "vPartition", "vDatastore", "vHost"]
        );
        assert!(p.missing_tabs[1].cost.contains("In Use MiB"));
        assert_eq!(p.vms[0].guest_used_mib, None);
        assert!(p.baselines.is_empty());
    }

    #[test]
    fn files_that_are_not_one_of_each_tab_are_named() {
        let err = open_inventory(
            &[
                named("RVTools_tabvDisk.csv", VDISK),
                named("other_vDisk.csv", VDISK),
                named("notes.csv", VHOST),
            ],
            &mut Progress::silent(),
        )
        .unwrap_err();
        let messages: Vec<&str> = err.iter().map(|i| i.message.as_str()).collect();
        assert_eq!(messages.len(), 3, "{messages:?}");
        assert!(messages[0].starts_with("other_vDisk.csv: a second vDisk tab"));
        assert!(messages[1].starts_with("notes.csv: several files"));
        assert!(messages[2].starts_with("no vInfo tab"));
    }

    #[test]
    fn the_read_reports_its_progress_up_to_the_whole() {
        let mut seen = Vec::new();
        let mut report = |f: f64| seen.push(f);
        let files = [
            named("RVTools_tabvInfo.csv", VINFO),
            named("RVTools_tabvDisk.csv", VDISK),
        ];
        open_inventory(&files, &mut Progress::new(&mut report)).unwrap();
        assert!(seen.len() >= 2, "{seen:?}");
        assert!(seen.windows(2).all(|w| w[0] < w[1]), "{seen:?}");
        assert_eq!(seen.last(), Some(&1.0));
    }
}
