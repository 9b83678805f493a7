//! `stacksizer catalog export` / `catalog import`, and the `--catalog FILE`
//! option other subcommands share: a user catalog (CSV or JSON, by its
//! extension) over the shipped one.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{ArgGroup, Subcommand};
use stacksizer_core::bom::PriceChange;
use stacksizer_core::catalog::{merge_catalogs, shipped_catalog, Catalog, MAX_CATALOG_BYTES};
use stacksizer_core::import::{
    catalog_to_csv, read_user_catalog, CatalogFormat, UserCatalogImport, MAX_CSV_BYTES,
};
use stacksizer_core::json_text::to_string_pretty;
use stacksizer_core::rules::num;

use crate::input::{read_bounded, refuse_overwrite};
use crate::output::{print_json, write_atomically, EXIT_INVALID};

#[derive(Subcommand)]
pub enum CatalogCommand {
    /// Write the catalog (the shipped parts with a user catalog over them) as CSV or JSON.
    Export(ExportArgs),
    /// Check a user catalog file and summarise what it adds and overrides; -o writes it as JSON.
    Import(ImportArgs),
}

#[derive(clap::Args)]
#[command(group(ArgGroup::new("format").args(["csv", "json"])))]
pub struct ExportArgs {
    /// Write this file (CSV unless --json or a .json name).
    #[arg(short, long, value_name = "FILE")]
    output: PathBuf,
    #[arg(long)]
    csv: bool,
    #[arg(long)]
    json: bool,
    /// The user catalog (CSV or JSON) to merge over the shipped catalog.
    #[arg(long, value_name = "FILE", conflicts_with = "shipped_only")]
    catalog: Option<PathBuf>,
    /// Only the shipped catalog (a starting point for a price list).
    #[arg(long)]
    shipped_only: bool,
}

#[derive(clap::Args)]
pub struct ImportArgs {
    /// A user catalog: CSV (one part per row) or JSON (the catalog format).
    file: PathBuf,
    /// Print the summary as one JSON object.
    #[arg(long)]
    json: bool,
    /// Write the checked user catalog (only what differs from the shipped one) as JSON.
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
}

pub fn run(command: &CatalogCommand) -> ExitCode {
    match command {
        CatalogCommand::Export(args) => export(args),
        CatalogCommand::Import(args) => import(args),
    }
}

fn export(args: &ExportArgs) -> ExitCode {
    let inputs: Vec<&Path> = args.catalog.as_deref().into_iter().collect();
    if let Err(message) = refuse_overwrite("--output", &args.output, &inputs) {
        eprintln!("error: {message}");
        return ExitCode::from(EXIT_INVALID);
    }
    let catalog = match &args.catalog {
        Some(path) => match merged_catalog(path) {
            Ok(c) => c,
            Err(code) => return code,
        },
        None => shipped_catalog(),
    };
    let json = args.json
        || (!args.csv
            && CatalogFormat::from_file_name(&args.output.to_string_lossy())
                == Some(CatalogFormat::Json));
    let text = if json {
        match to_string_pretty(&catalog) {
            Ok(text) => text + "\n",
            Err(e) => {
                eprintln!("error: cannot serialize the catalog: {e}");
                return ExitCode::FAILURE;
            }
        }
    } else {
        catalog_to_csv(&catalog)
    };
    if let Err(e) = write_atomically(&args.output, text.as_bytes()) {
        eprintln!(
            "error: --output {}: cannot write: {e}",
            args.output.display()
        );
        return ExitCode::from(EXIT_INVALID);
    }
    outln!(
        "wrote {} ({} parts)",
        args.output.display(),
        catalog.parts.len()
    );
    ExitCode::SUCCESS
}

fn import(args: &ImportArgs) -> ExitCode {
    if let Some(out) = &args.output {
        if let Err(message) = refuse_overwrite("--output", out, &[&args.file]) {
            eprintln!("error: {message}");
            return ExitCode::from(EXIT_INVALID);
        }
    }
    let imported = match read(&args.file) {
        Ok(imported) => imported,
        Err(code) => return code,
    };
    if let Some(out) = &args.output {
        let text = match to_string_pretty(&imported.catalog) {
            Ok(text) => text + "\n",
            Err(e) => {
                eprintln!("error: cannot serialize the catalog: {e}");
                return ExitCode::FAILURE;
            }
        };
        if let Err(e) = write_atomically(out, text.as_bytes()) {
            eprintln!("error: --output {}: cannot write: {e}", out.display());
            return ExitCode::from(EXIT_INVALID);
        }
    }
    let s = &imported.summary;
    if args.json {
        return print_json(s);
    }
    outln!(
        "{}: {} parts read, {} added, {} overridden, {} the same as shipped (not kept); prices in {}",
        args.file.display(),
        s.parts_read,
        s.added.len(),
        s.overridden.len(),
        s.unchanged,
        s.currency
    );
    let shipped = shipped_catalog();
    for id in &s.overridden {
        if let (Some(old), Some(new)) = (shipped.part(id), imported.catalog.part(id)) {
            outln!(
                "  overrides {id}: {} -> {} {}",
                num(old.unit_price, 2),
                num(new.unit_price, 2),
                new.currency
            );
        }
    }
    for id in &s.added {
        outln!("  adds {id}");
    }
    if s.sets_defaults {
        outln!("  sets the parts new projects start with");
    }
    if let Some(out) = &args.output {
        outln!("wrote {}", out.display());
    }
    ExitCode::SUCCESS
}

/// Reads and checks a user catalog; every problem goes to stderr with the
/// file's name (CSV: row and column; JSON: the field's path).
fn read(path: &Path) -> Result<UserCatalogImport, ExitCode> {
    let Some(format) = CatalogFormat::from_file_name(&path.to_string_lossy()) else {
        eprintln!(
            "error: {}: a catalog file must end in .csv or .json",
            path.display()
        );
        return Err(ExitCode::from(EXIT_INVALID));
    };
    let limit = match format {
        CatalogFormat::Csv => MAX_CSV_BYTES,
        CatalogFormat::Json => MAX_CATALOG_BYTES,
    };
    let bytes = read_bounded(path, limit).map_err(|message| {
        eprintln!("error: {message}");
        ExitCode::from(EXIT_INVALID)
    })?;
    read_user_catalog(&bytes, format, &shipped_catalog()).map_err(|issues| {
        for issue in issues {
            eprintln!("error: {}: {}", path.display(), issue.message);
        }
        ExitCode::from(EXIT_INVALID)
    })
}

/// The shipped catalog with the user catalog at `path` over it.
pub fn merged_catalog(path: &Path) -> Result<Catalog, ExitCode> {
    let user = read(path)?.catalog;
    Ok(merge_catalogs(&shipped_catalog(), &user))
}

/// Lists the prices a catalog changed in a project (on stderr, so `--json`
/// output stays one object).
pub fn report_price_changes(changes: &[PriceChange]) {
    for c in changes {
        eprintln!(
            "priced {} from the catalog part {}: {} -> {}",
            c.path,
            c.part_id,
            c.from.map_or("none".into(), |p| num(p, 2).to_string()),
            num(c.to, 2)
        );
    }
}
