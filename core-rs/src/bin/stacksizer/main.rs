//! Native CLI over the same core the app uses. I/O lives here only; each
//! subcommand is a module.

#[macro_use]
mod output;
mod evaluate;
mod quick;

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
    },
    /// Size one vSAN cluster from a few figures (no workloads: assumes its
    /// usable capacity will be consumed).
    Quick(quick::QuickArgs),
}

fn main() -> ExitCode {
    match Cli::parse().command {
        Command::Evaluate { project, json } => evaluate::run(&project, json),
        Command::Quick(args) => quick::run(&args),
    }
}
