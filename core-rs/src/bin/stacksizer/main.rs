//! Native CLI over the same core the app uses. I/O lives here only; each
//! subcommand is a module.

#[macro_use]
mod output;
mod catalog;
mod evaluate;
mod export_workloads;
mod import;
mod input;
mod quick;
mod recommend;
mod report;
mod stretch;
mod vplex;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "stacksizer",
    version,
    about = "Offline SQL Server storage sizing"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Size every cluster of a project file.
    Evaluate {
        project: PathBuf,
        /// Print the full result as JSON.
        #[arg(long)]
        json: bool,
        /// Price the project's catalog parts from this user catalog (CSV or JSON) over the shipped one.
        #[arg(long, value_name = "FILE")]
        catalog: Option<PathBuf>,
    },
    /// Size one vSAN cluster from a few figures (no workloads: assumes its
    /// usable capacity will be consumed).
    Quick(quick::QuickArgs),
    /// Search the catalog for the cheapest designs meeting every requirement.
    Recommend(recommend::RecommendArgs),
    /// Import an inventory (RVTools .xlsx or CSV tabs, Live Optics .xlsx or
    /// .zip, workloads CSV) as workloads; -o writes a project, --into adds a
    /// workloads CSV to one.
    #[command(alias = "import-rvtools")]
    Import(import::ImportArgs),
    /// Write a project's workloads as a workloads CSV (-o), the columns `import` reads.
    ExportWorkloads(export_workloads::ExportWorkloadsArgs),
    /// Write the sizing report of a project file as XLSX (-o) and/or CSV (--csv).
    Report(report::ReportArgs),
    /// Export the hardware catalog, or check a user catalog of your own prices and parts.
    #[command(subcommand)]
    Catalog(catalog::CatalogCommand),
    /// VPLEX Metro front-end IOPS limits at a read/write mix (seed 004).
    Vplex(vplex::VplexArgs),
    /// What an inter-site RTT costs SQL Server on a stretched vSAN cluster.
    Stretch(stretch::StretchArgs),
}

fn main() -> ExitCode {
    match Cli::parse().command {
        Command::Evaluate {
            project,
            json,
            catalog,
        } => evaluate::run(&project, json, catalog.as_deref()),
        Command::Quick(args) => quick::run(&args),
        Command::Recommend(args) => recommend::run(&args),
        Command::Import(args) => import::run(&args),
        Command::ExportWorkloads(args) => export_workloads::run(&args),
        Command::Report(args) => report::run(&args),
        Command::Catalog(command) => catalog::run(&command),
        Command::Vplex(args) => vplex::run(&args),
        Command::Stretch(args) => stretch::run(&args),
    }
}
