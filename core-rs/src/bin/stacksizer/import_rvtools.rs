//! `import-rvtools`: an RVTools export (.xlsx, or its vInfo CSV tab with
//! the vDisk / vPartition CSVs found beside it) -> an import summary and,
//! with -o, a complete project around the imported workloads.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::ValueEnum;
use stacksizer_core::catalog::shipped_catalog;
use stacksizer_core::import::project::starter_project;
use stacksizer_core::import::rvtools::{
    import_rvtools, GroupBy, RvtoolsFile, RvtoolsImport, RvtoolsOptions, RvtoolsSummary,
    StorageBasis, StorageSource,
};
use stacksizer_core::import::{ImportIssue, MAX_CSV_BYTES, MAX_XLSX_BYTES};
use stacksizer_core::json_text::to_string_pretty;
use stacksizer_core::rules::num;

use crate::input::{read_bounded, refuse_overwrite};
use crate::output::{invalid_arguments, print_json, write_atomically, EXIT_INVALID};

#[derive(clap::Args)]
pub struct ImportRvtoolsArgs {
    /// RVTools export: the .xlsx workbook, or the vInfo CSV tab (vDisk and
    /// vPartition CSVs named like it are read too).
    file: PathBuf,
    /// Write a complete project (one starter cluster from the shipped
    /// catalog, RAID-1 FTT=1) with the imported workloads.
    #[arg(short, long, value_name = "PROJECT.json")]
    output: Option<PathBuf>,
    /// Print the import summary as one JSON object.
    #[arg(long)]
    json: bool,
    /// How VMs are gathered into workloads (each group is split by vCPU count).
    #[arg(long, value_enum, default_value = "cluster")]
    group_by: GroupArg,
    /// Also import powered-off and suspended VMs.
    #[arg(long)]
    include_powered_off: bool,
    /// Also import templates.
    #[arg(long)]
    include_templates: bool,
    /// Size each VM's storage as provisioned or as in use today.
    #[arg(long, value_enum, default_value = "provisioned")]
    storage: StorageArg,
}

#[derive(Clone, Copy, ValueEnum)]
enum GroupArg {
    Cluster,
    Os,
    None,
}

#[derive(Clone, Copy, ValueEnum)]
enum StorageArg {
    Provisioned,
    InUse,
}

pub fn run(args: &ImportRvtoolsArgs) -> ExitCode {
    let options = RvtoolsOptions {
        group_by: match args.group_by {
            GroupArg::Cluster => GroupBy::Cluster,
            GroupArg::Os => GroupBy::Os,
            GroupArg::None => GroupBy::None,
        },
        include_powered_off: args.include_powered_off,
        include_templates: args.include_templates,
        storage_basis: match args.storage {
            StorageArg::Provisioned => StorageBasis::Provisioned,
            StorageArg::InUse => StorageBasis::InUse,
        },
        ..RvtoolsOptions::default()
    };
    let (files, inputs) = match read_export(&args.file) {
        Ok(read) => read,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::from(EXIT_INVALID);
        }
    };
    if let Some(out) = &args.output {
        let inputs: Vec<&Path> = inputs.iter().map(PathBuf::as_path).collect();
        if let Err(message) = refuse_overwrite("--output", out, &inputs) {
            eprintln!("error: {message}");
            return ExitCode::from(EXIT_INVALID);
        }
    }
    let imported = match import_rvtools(files.as_file(), &options) {
        Ok(imported) => imported,
        Err(issues) => return import_failed(&args.file, &issues),
    };
    if let Some(out) = &args.output {
        if let Err(code) = write_project(&args.file, out, &imported) {
            return code;
        }
    }
    if args.json {
        print_json(&imported.summary)
    } else {
        print_summary(&imported.summary, args.output.as_deref());
        ExitCode::SUCCESS
    }
}

/// The export's bytes: a workbook, or the CSV tabs.
enum Export {
    Xlsx(Vec<u8>),
    Csv {
        vinfo: Vec<u8>,
        vdisk: Option<Vec<u8>>,
        vpartition: Option<Vec<u8>>,
    },
}

impl Export {
    fn as_file(&self) -> RvtoolsFile<'_> {
        match self {
            Export::Xlsx(bytes) => RvtoolsFile::Xlsx(bytes),
            Export::Csv {
                vinfo,
                vdisk,
                vpartition,
            } => RvtoolsFile::CsvTabs {
                vinfo,
                vdisk: vdisk.as_deref(),
                vpartition: vpartition.as_deref(),
            },
        }
    }
}

/// The export's bytes, and every file read (the CSV tabs beside vInfo).
fn read_export(path: &Path) -> Result<(Export, Vec<PathBuf>), String> {
    let is_csv = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("csv"));
    if !is_csv {
        let bytes = read_bounded(path, MAX_XLSX_BYTES)?;
        return Ok((Export::Xlsx(bytes), vec![path.to_path_buf()]));
    }
    let vinfo = read_bounded(path, MAX_CSV_BYTES)?;
    let mut read = vec![path.to_path_buf()];
    // RVTools names its CSV tabs like RVTools_tabvInfo.csv / RVTools_tabvDisk.csv.
    let mut sibling = |tab: &str| -> Result<Option<Vec<u8>>, String> {
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        if !name.contains("vInfo") {
            return Ok(None);
        }
        let other = path.with_file_name(name.replacen("vInfo", tab, 1));
        if !other.exists() {
            return Ok(None);
        }
        let bytes = read_bounded(&other, MAX_CSV_BYTES)?;
        read.push(other);
        Ok(Some(bytes))
    };
    let export = Export::Csv {
        vinfo,
        vdisk: sibling("vDisk")?,
        vpartition: sibling("vPartition")?,
    };
    Ok((export, read))
}

fn import_failed(path: &Path, issues: &[ImportIssue]) -> ExitCode {
    for issue in issues {
        eprintln!("error: {}: {}", path.display(), issue.message);
    }
    eprintln!("nothing was imported");
    ExitCode::from(EXIT_INVALID)
}

fn write_project(source: &Path, out: &Path, imported: &RvtoolsImport) -> Result<(), ExitCode> {
    let file_name = source
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let s = &imported.summary;
    let description = format!(
        "{} VMs imported from the RVTools export {file_name} ({} skipped), storage from {}. \
         The cluster is a starting point built from the catalog's default parts, not a sizing: \
         evaluate it, then change the design or run the design search.",
        s.vms_imported,
        s.vms_skipped,
        source_name(s.storage_source)
    );
    let project = starter_project(
        &format!("Imported from {file_name}"),
        &description,
        imported.workloads.clone(),
        &shipped_catalog(),
    )
    .map_err(|issues| invalid_arguments(&issues))?;
    let text = to_string_pretty(&project).map_err(|e| {
        eprintln!("error: cannot serialize the project: {e}");
        ExitCode::FAILURE
    })?;
    write_atomically(out, format!("{text}\n").as_bytes()).map_err(|e| {
        eprintln!("error: cannot write {}: {e}", out.display());
        ExitCode::FAILURE
    })
}

fn source_name(source: StorageSource) -> &'static str {
    match source {
        StorageSource::VdiskCapacity => "vDisk capacity",
        StorageSource::VinfoProvisioned => "vInfo Provisioned MiB",
        StorageSource::VpartitionConsumed => "vPartition consumed space",
        StorageSource::VinfoInUse => "vInfo In Use MiB",
    }
}

fn print_summary(s: &RvtoolsSummary, output: Option<&Path>) {
    let by = &s.skipped_by_reason;
    outln!(
        "imported {} VMs; skipped {} ({} templates, {} powered off, {} suspended)",
        s.vms_imported,
        s.vms_skipped,
        by.template,
        by.powered_off,
        by.suspended
    );
    outln!(
        "  {} vCPU, {} GiB RAM, {} GiB provisioned, {} GiB in use; workloads sized from {}",
        s.total_vcpu,
        num(s.total_ram_gib, 1),
        num(s.total_provisioned_gib, 1),
        num(s.total_in_use_gib, 1),
        source_name(s.storage_source)
    );
    for g in &s.groups {
        outln!(
            "  {:<48} {:>6} VMs {:>10} GiB RAM {:>12} GB storage",
            g.name,
            g.vm_count,
            num(g.ram_gib, 1),
            num(g.storage_gb, 1)
        );
    }
    if let Some(path) = output {
        outln!("wrote {}", path.display());
    }
}
