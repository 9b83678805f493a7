//! Native CLI over the same core the app uses. I/O lives here only.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use stacksizer_core::evaluate::{evaluate_json, EvaluateOutcome};
use stacksizer_core::Evaluation;

/// Exit code for invalid arguments or input files (clap uses it too).
const EXIT_INVALID: u8 = 2;

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
}

fn main() -> ExitCode {
    match Cli::parse().command {
        Command::Evaluate { project, json } => evaluate(&project, json),
    }
}

fn evaluate(path: &PathBuf, json: bool) -> ExitCode {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("error: cannot read {}: {e}", path.display());
            return ExitCode::from(EXIT_INVALID);
        }
    };
    match evaluate_json(&text) {
        EvaluateOutcome::Evaluated { evaluation } => {
            if json {
                print_json(&evaluation);
            } else {
                print_summary(&evaluation);
            }
            ExitCode::SUCCESS
        }
        EvaluateOutcome::Invalid { issues } => {
            for issue in issues {
                eprintln!("error: {}: {}", path.display(), issue.message);
            }
            ExitCode::from(EXIT_INVALID)
        }
    }
}

fn print_json(value: &impl serde::Serialize) {
    match serde_json::to_string_pretty(value) {
        Ok(text) => println!("{text}"),
        Err(e) => eprintln!("error: cannot serialize the result: {e}"),
    }
}

fn print_summary(evaluation: &Evaluation) {
    for c in &evaluation.clusters {
        println!(
            "{} ({} hosts): raw {:.2} TB / {:.2} TiB in {} capacity devices",
            c.cluster_name, c.host_count, c.raw.total.tb, c.raw.total.tib, c.raw.capacity_devices
        );
    }
}
