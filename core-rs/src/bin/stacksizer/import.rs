//! `import` (alias `import-rvtools`): an inventory, recognised from its
//! bytes — RVTools (.xlsx, or its vInfo CSV tab with the vDisk,
//! vPartition, vDatastore and vHost CSVs found beside it), Live Optics (.xlsx or .zip) or the
//! workloads CSV — -> an import summary and, with -o, a complete project
//! around the imported workloads; a workloads CSV is added to the project
//! given with --into.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::ValueEnum;
use stacksizer_core::catalog::shipped_catalog;
use stacksizer_core::import::detect::{detect, FileKind};
use stacksizer_core::import::inventory::{
    GroupBy, InventoryImport, InventoryOptions, InventorySource, InventorySummary, IopsBasis,
    StorageBasis, StorageSource,
};
use stacksizer_core::import::live_optics::{import_live_optics, workbook_in_zip};
use stacksizer_core::import::project::starter_project;
use stacksizer_core::import::rvtools::{import_rvtools, CsvTab, CsvTabs, RvtoolsFile};
use stacksizer_core::import::workloads_csv::{
    import_workloads_csv, workloads_summary, WorkloadsCsvOptions,
};
use stacksizer_core::import::{ImportIssue, MAX_CSV_BYTES, MAX_XLSX_BYTES};
use stacksizer_core::json_text::to_string_pretty;
use stacksizer_core::model::{Project, Workload};
use stacksizer_core::parse::MAX_PROJECT_BYTES;
use stacksizer_core::parse_project;
use stacksizer_core::rules::num;
use stacksizer_core::validate::validate;

use crate::input::{read_bounded, read_text_bounded, refuse_overwrite};
use crate::output::{invalid_arguments, print_json, write_atomically, EXIT_INVALID};

#[derive(clap::Args)]
pub struct ImportArgs {
    /// The inventory: an RVTools export (.xlsx, or the vInfo CSV tab), a
    /// Live Optics VMware export (.xlsx or .zip) or a workloads CSV.
    file: PathBuf,
    /// Write a complete project (one starter cluster from the shipped
    /// catalog, RAID-1 FTT=1) with the imported workloads; with --into,
    /// where the extended project goes (default: PROJECT.json itself).
    #[arg(short, long, value_name = "PROJECT.json")]
    output: Option<PathBuf>,
    /// Print the import summary as one JSON object.
    #[arg(long)]
    json: bool,
    /// Workloads CSV only: add its workloads to this project (rows that
    /// name no cluster or policy get the project's first ones).
    #[arg(long, value_name = "PROJECT.json")]
    into: Option<PathBuf>,
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
    /// Live Optics: size on each VM's 95th-percentile or peak measured IOPS.
    #[arg(long, value_enum, default_value = "p95")]
    iops: IopsArg,
    /// Keep SQL Server candidates as generic VM groups.
    #[arg(long)]
    no_sql: bool,
}

#[derive(Clone, Copy, ValueEnum)]
enum GroupArg {
    Cluster,
    Os,
    None,
    Vm,
    Profile,
}

#[derive(Clone, Copy, ValueEnum)]
enum StorageArg {
    Provisioned,
    InUse,
}

#[derive(Clone, Copy, ValueEnum)]
enum IopsArg {
    P95,
    Peak,
}

fn fail(message: impl std::fmt::Display) -> ExitCode {
    eprintln!("error: {message}");
    ExitCode::from(EXIT_INVALID)
}

pub fn run(args: &ImportArgs) -> ExitCode {
    let bytes = match read_bounded(&args.file, MAX_XLSX_BYTES.max(MAX_CSV_BYTES)) {
        Ok(bytes) => bytes,
        Err(message) => return fail(message),
    };
    let kind = match detect(&bytes) {
        Ok(kind) => kind,
        Err(issue) => return import_failed(&args.file, &[issue]),
    };
    if args.into.is_some() && kind != FileKind::WorkloadsCsv {
        return fail(format!(
            "--into: only a workloads CSV is added to a project; {} is an inventory (use -o)",
            args.file.display()
        ));
    }
    if kind == FileKind::WorkloadsCsv {
        return workloads_csv(args, &bytes);
    }
    let options = options(args);
    let mut inputs = vec![args.file.clone()];
    let imported = match kind {
        FileKind::RvtoolsXlsx => import_rvtools(RvtoolsFile::Xlsx(&bytes), &options),
        FileKind::RvtoolsCsv => {
            let siblings = match csv_siblings(&args.file, &mut inputs) {
                Ok(tabs) => tabs,
                Err(message) => return fail(message),
            };
            let mut tabs = CsvTabs {
                vinfo: &bytes,
                ..CsvTabs::default()
            };
            for (tab, bytes) in &siblings {
                if let Some(slot) = tabs.optional(*tab) {
                    *slot = Some(bytes);
                }
            }
            import_rvtools(RvtoolsFile::Csv(tabs), &options)
        }
        FileKind::LiveOpticsXlsx => import_live_optics(&bytes, &options),
        _ => workbook_in_zip(&bytes)
            .map_err(|issue| vec![issue])
            .and_then(|xlsx| import_live_optics(&xlsx, &options)),
    };
    if let Some(out) = &args.output {
        let inputs: Vec<&Path> = inputs.iter().map(PathBuf::as_path).collect();
        if let Err(message) = refuse_overwrite("--output", out, &inputs) {
            return fail(message);
        }
    }
    let imported = match imported {
        Ok(imported) => imported,
        Err(issues) => return import_failed(&args.file, &issues),
    };
    if let Some(out) = &args.output {
        if let Err(code) = write_project(&args.file, out, &imported) {
            return code;
        }
    }
    finish(args, &imported.summary)
}

fn options(args: &ImportArgs) -> InventoryOptions {
    let mut options = InventoryOptions {
        group_by: match args.group_by {
            GroupArg::Cluster => GroupBy::Cluster,
            GroupArg::Os => GroupBy::Os,
            GroupArg::None => GroupBy::None,
            GroupArg::Vm => GroupBy::Vm,
            GroupArg::Profile => GroupBy::Profile,
        },
        include_powered_off: args.include_powered_off,
        include_templates: args.include_templates,
        storage_basis: match args.storage {
            StorageArg::Provisioned => StorageBasis::Provisioned,
            StorageArg::InUse => StorageBasis::InUse,
        },
        iops_basis: match args.iops {
            IopsArg::P95 => IopsBasis::P95,
            IopsArg::Peak => IopsBasis::Peak,
        },
        ..InventoryOptions::default()
    };
    options.sql.detect = !args.no_sql;
    options
}

fn finish(args: &ImportArgs, summary: &InventorySummary) -> ExitCode {
    if args.json {
        print_json(summary)
    } else {
        print_summary(summary, args.output.as_deref().or(args.into.as_deref()));
        ExitCode::SUCCESS
    }
}

/// RVTools names each CSV tab's file after the tab (RVTools_tabvInfo.csv):
/// the other tabs it reads found beside a vInfo file, with their bytes.
fn csv_siblings(path: &Path, read: &mut Vec<PathBuf>) -> Result<Vec<(CsvTab, Vec<u8>)>, String> {
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or_default();
    if CsvTab::of_file(name) != Some(CsvTab::VInfo) {
        return Ok(Vec::new());
    }
    // of_file matched "vinfo.csv" at the end, in any case.
    let prefix = &name[..name.len() - "vInfo.csv".len()];
    let suffix = &name[name.len() - ".csv".len()..];
    let mut found = Vec::new();
    for tab in CsvTab::ALL.into_iter().filter(|t| *t != CsvTab::VInfo) {
        let other = path.with_file_name(format!("{prefix}{}{suffix}", tab.name()));
        if other.exists() {
            found.push((tab, read_bounded(&other, MAX_CSV_BYTES)?));
            read.push(other);
        }
    }
    Ok(found)
}

fn import_failed(path: &Path, issues: &[ImportIssue]) -> ExitCode {
    for issue in issues {
        eprintln!("error: {}: {}", path.display(), issue.message);
    }
    eprintln!("nothing was imported");
    ExitCode::from(EXIT_INVALID)
}

/// A workloads CSV: checked whole; added to the --into project, or
/// built into a starter project with -o.
fn workloads_csv(args: &ImportArgs, bytes: &[u8]) -> ExitCode {
    let encoding = stacksizer_core::import::text_encoding(bytes);
    let Some(into) = &args.into else {
        let workloads = match import_workloads_csv(bytes, &WorkloadsCsvOptions::default()) {
            Ok(w) => w,
            Err(issues) => return import_failed(&args.file, &issues),
        };
        if let Some(out) = &args.output {
            if let Err(message) = refuse_overwrite("--output", out, &[&args.file]) {
                return fail(message);
            }
            let imported = InventoryImport {
                summary: workloads_summary(&workloads, encoding),
                workloads,
            };
            if let Err(code) = write_project(&args.file, out, &imported) {
                return code;
            }
            return finish(args, &imported.summary);
        }
        return finish(args, &workloads_summary(&workloads, encoding));
    };
    let text = match read_text_bounded(into, MAX_PROJECT_BYTES) {
        Ok(text) => text,
        Err(message) => return fail(format!("--into: {message}")),
    };
    let mut project = match parse_project(&text) {
        Ok(p) => p,
        Err(issue) => return fail(format!("--into {}: {}", into.display(), issue.message)),
    };
    let (Some(cluster), Some(policy)) = (project.clusters.first(), project.policies.first()) else {
        return fail(format!(
            "--into {}: the project has no cluster or no storage policy to add workloads to",
            into.display()
        ));
    };
    let defaults = WorkloadsCsvOptions {
        cluster_id: cluster.id.to_string(),
        policy_id: policy.id.to_string(),
    };
    let workloads = match import_workloads_csv(bytes, &defaults) {
        Ok(w) => w,
        Err(issues) => return import_failed(&args.file, &issues),
    };
    let summary = workloads_summary(&workloads, encoding);
    project.workloads.extend(workloads);
    let issues = validate(&project);
    if !issues.is_empty() {
        eprintln!("error: the project with the imported workloads is not valid:");
        return invalid_arguments(&issues);
    }
    let out = args.output.as_deref().unwrap_or(into);
    if let Err(message) = refuse_overwrite("--output", out, &[&args.file]) {
        return fail(message);
    }
    if let Err(code) = write_json(out, &project) {
        return code;
    }
    finish(args, &summary)
}

fn write_json(out: &Path, project: &Project) -> Result<(), ExitCode> {
    let text = to_string_pretty(project).map_err(|e| {
        eprintln!("error: cannot serialize the project: {e}");
        ExitCode::FAILURE
    })?;
    write_atomically(out, format!("{text}\n").as_bytes()).map_err(|e| {
        eprintln!("error: cannot write {}: {e}", out.display());
        ExitCode::FAILURE
    })
}

fn write_project(source: &Path, out: &Path, imported: &InventoryImport) -> Result<(), ExitCode> {
    let file_name = source
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let s = &imported.summary;
    let description = format!(
        "{} VMs imported from the {} file {file_name} ({} skipped){}. The cluster is a \
         starting point built from the catalog's default parts, not a sizing: evaluate it, \
         then change the design or run the design search.",
        s.vms_imported,
        source_label(s.source),
        s.vms_skipped,
        s.storage_source
            .map(|from| format!(", storage mostly from {}", source_name(from)))
            .unwrap_or_default()
    );
    let workloads: Vec<Workload> = imported.workloads.clone();
    let project = starter_project(
        &format!("Imported from {file_name}"),
        &description,
        workloads,
        &shipped_catalog(),
    )
    .map_err(|issues| invalid_arguments(&issues))?;
    write_json(out, &project)
}

fn source_label(source: InventorySource) -> &'static str {
    match source {
        InventorySource::Rvtools => "RVTools",
        InventorySource::LiveOptics => "Live Optics",
        InventorySource::WorkloadsCsv => "workloads CSV",
    }
}

fn source_name(source: StorageSource) -> &'static str {
    match source {
        StorageSource::VdiskCapacity => "virtual disk capacity",
        StorageSource::VinfoProvisioned => "provisioned space",
        StorageSource::VpartitionConsumed => "in-guest used space",
        StorageSource::VinfoInUse => "datastore space in use",
    }
}

fn print_summary(s: &InventorySummary, output: Option<&Path>) {
    let by = &s.skipped_by_reason;
    outln!(
        "{}: imported {} VMs; skipped {} ({} templates, {} powered off, {} suspended, {} with bad rows)",
        source_label(s.source),
        s.vms_imported,
        s.vms_skipped,
        by.template,
        by.powered_off,
        by.suspended,
        by.invalid_row
    );
    outln!(
        "  {} vCPU, {} GiB RAM, {} GiB provisioned, {} GiB in use; {} SQL Server VMs",
        s.total_vcpu,
        num(s.total_ram_gib, 1),
        num(s.total_provisioned_gib, 1),
        num(s.total_in_use_gib, 1),
        s.sql_server_vms
    );
    if let (Some(peak), p95) = (s.measured_peak_iops, s.measured_p95_iops) {
        outln!(
            "  measured IOPS: peak {}, 95th percentile {}",
            num(peak, 0),
            p95.map_or("not in the export".to_owned(), |p| num(p, 0).to_string())
        );
    }
    for vm in s.skipped.iter().filter(|vm| vm.message.is_some()) {
        outln!("  skipped: {}", vm.message.as_deref().unwrap_or_default());
    }
    for note in &s.notes {
        outln!("  note: {}", note.message);
    }
    for f in &s.findings {
        outln!("  warning: {} ({})", f.message, f.source);
    }
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
