//! `export-workloads`: a project's workloads -> the workloads CSV that
//! `import` (and the app's _Import workloads CSV…_) reads back.

use std::path::PathBuf;
use std::process::ExitCode;

use stacksizer_core::import::workloads_csv::export_workloads_csv;
use stacksizer_core::parse::MAX_PROJECT_BYTES;
use stacksizer_core::parse_project;

use crate::input::{read_text_bounded, refuse_overwrite};
use crate::output::{write_atomically, EXIT_INVALID};

#[derive(clap::Args)]
pub struct ExportWorkloadsArgs {
    project: PathBuf,
    /// The CSV to write (replaced if it exists; never the project itself).
    #[arg(short, long, value_name = "FILE.csv")]
    output: PathBuf,
}

pub fn run(args: &ExportWorkloadsArgs) -> ExitCode {
    let fail = |message: String| {
        eprintln!("error: {message}");
        ExitCode::from(EXIT_INVALID)
    };
    if let Err(message) = refuse_overwrite("--output", &args.output, &[&args.project]) {
        return fail(message);
    }
    let text = match read_text_bounded(&args.project, MAX_PROJECT_BYTES) {
        Ok(text) => text,
        Err(message) => return fail(message),
    };
    let project = match parse_project(&text) {
        Ok(project) => project,
        Err(issue) => return fail(format!("{}: {}", args.project.display(), issue.message)),
    };
    let csv = export_workloads_csv(&project.workloads);
    if let Err(e) = write_atomically(&args.output, csv.as_bytes()) {
        return fail(format!(
            "--output {}: cannot write: {e}",
            args.output.display()
        ));
    }
    outln!(
        "wrote {} workloads to {}",
        project.workloads.len(),
        args.output.display()
    );
    ExitCode::SUCCESS
}
