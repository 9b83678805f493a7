//! `stacksizer report PROJECT.json -o OUT.xlsx [--paper a4|letter]`, `--csv DIR` and/or
//! `--pdf OUT.pdf`: the sizing report as a workbook, one CSV file per
//! table, or the PDF proposal. Files are
//! written next to their target and renamed into place, so an interrupted
//! run never leaves a half-written report.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{SystemTime, UNIX_EPOCH};

use clap::ArgGroup;
use stacksizer_core::bom::price_project;
use stacksizer_core::evaluate::evaluate;
use stacksizer_core::parse::MAX_PROJECT_BYTES;
use stacksizer_core::parse_project;
use stacksizer_core::report::{
    csv_tables_dated, pdf_report, xlsx_report_dated, Paper, ReportError,
};

use crate::catalog::{merged_catalog, report_price_changes};
use crate::input::{read_text_bounded, refuse_overwrite};
use crate::output::{write_atomically, EXIT_INVALID};

#[derive(clap::Args)]
#[command(group(ArgGroup::new("destination").required(true).multiple(true).args(["output", "csv", "pdf"])))]
pub struct ReportArgs {
    /// Project file (JSON).
    project: PathBuf,
    /// Write the XLSX workbook to this file (must end in .xlsx).
    #[arg(short, long, value_name = "OUT.xlsx")]
    output: Option<PathBuf>,
    /// Write one CSV file per table into this directory (created if missing).
    #[arg(long, value_name = "DIR")]
    csv: Option<PathBuf>,
    /// Write the PDF proposal to this file.
    #[arg(long, value_name = "OUT.pdf")]
    pdf: Option<PathBuf>,
    /// Price the project's catalog parts from this user catalog (CSV or JSON) over the shipped one.
    #[arg(long, value_name = "FILE")]
    catalog: Option<PathBuf>,
    /// The paper the workbook is set up to print on, and the PDF's page size.
    #[arg(long, value_enum, default_value_t = PaperArg::A4)]
    paper: PaperArg,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum PaperArg {
    A4,
    Letter,
}

impl From<PaperArg> for Paper {
    fn from(p: PaperArg) -> Paper {
        match p {
            PaperArg::A4 => Paper::A4,
            PaperArg::Letter => Paper::Letter,
        }
    }
}

pub fn run(args: &ReportArgs) -> ExitCode {
    if let Some(out) = &args.output {
        if !has_xlsx_extension(out) {
            eprintln!(
                "error: --output {}: must end in .xlsx (Excel refuses a workbook under another extension)",
                out.display()
            );
            return ExitCode::from(EXIT_INVALID);
        }
    }
    let path = &args.project;
    let inputs: Vec<&Path> = std::iter::once(path.as_path())
        .chain(args.catalog.as_deref())
        .collect();
    for (flag, out) in [("--output", &args.output), ("--pdf", &args.pdf)] {
        if let Some(out) = out {
            if let Err(message) = refuse_overwrite(flag, out, &inputs) {
                return invalid(&message);
            }
        }
    }
    let text = match read_text_bounded(path, MAX_PROJECT_BYTES) {
        Ok(text) => text,
        Err(message) => return invalid(&message),
    };
    let mut project = match parse_project(&text) {
        Ok(project) => project,
        Err(issue) => return invalid_project(path, &[issue]),
    };
    if let Some(catalog) = &args.catalog {
        match merged_catalog(catalog) {
            Ok(catalog) => report_price_changes(&price_project(&mut project, &catalog)),
            Err(code) => return code,
        }
    }
    let evaluation = match evaluate(&project) {
        Ok(evaluation) => evaluation,
        Err(issues) => return invalid_project(path, &issues),
    };
    // Every table is made, and checked against the inputs, before any
    // file is written.
    let tables = match args
        .csv
        .as_ref()
        .map(|_| csv_tables_dated(&project, &evaluation, Some(&today())))
    {
        None => None,
        Some(Ok(tables)) => Some(tables),
        Some(Err(e)) => return failure(&e),
    };
    if let (Some(dir), Some(tables)) = (&args.csv, &tables) {
        for (name, _) in tables {
            if let Err(message) = refuse_overwrite("--csv", &dir.join(name), &inputs) {
                return invalid(&message);
            }
        }
    }
    let paper = args.paper.into();
    if let Some(out) = &args.output {
        if let Err(code) = write_report("--output", out, || {
            xlsx_report_dated(&project, &evaluation, paper, Some(&today()))
        }) {
            return code;
        }
    }
    if let Some(out) = &args.pdf {
        if let Err(code) = write_report("--pdf", out, || {
            pdf_report(&project, &evaluation, paper, &today())
        }) {
            return code;
        }
    }
    if let (Some(dir), Some(tables)) = (&args.csv, tables) {
        if let Err(e) = std::fs::create_dir_all(dir) {
            eprintln!(
                "error: --csv {}: cannot create the directory: {e}",
                dir.display()
            );
            return ExitCode::from(EXIT_INVALID);
        }
        for (name, _) in &tables {
            if let Err(message) = refuse_overwrite("--csv", &dir.join(name), &inputs) {
                return invalid(&message);
            }
        }
        for (name, content) in tables {
            let file = dir.join(name);
            if let Err(e) = write_atomically(&file, content.as_bytes()) {
                eprintln!("error: --csv {}: cannot write: {e}", file.display());
                return ExitCode::from(EXIT_INVALID);
            }
            outln!("wrote {}", file.display());
        }
    }
    ExitCode::SUCCESS
}

/// Makes one report file's bytes and writes them to `out`: a report the
/// core cannot make is a bug (exit 1), a file it cannot write bad input.
fn write_report(
    flag: &str,
    out: &Path,
    make: impl FnOnce() -> Result<Vec<u8>, ReportError>,
) -> Result<(), ExitCode> {
    let bytes = make().map_err(|e| failure(&e))?;
    if let Err(e) = write_atomically(out, &bytes) {
        eprintln!("error: {flag} {}: cannot write: {e}", out.display());
        return Err(ExitCode::from(EXIT_INVALID));
    }
    outln!("wrote {}", out.display());
    Ok(())
}

/// Today (UTC) as `YYYY-MM-DD`: every report's date when the project's
/// facts give none. `SOURCE_DATE_EPOCH` (seconds), where set, stands for
/// the clock, so a build can reproduce a file.
fn today() -> String {
    let seconds = std::env::var("SOURCE_DATE_EPOCH")
        .ok()
        .and_then(|s| s.trim().parse::<u64>().ok())
        .unwrap_or_else(|| {
            SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map_or(0, |d| d.as_secs())
        });
    civil_date(i64::try_from(seconds / 86_400).unwrap_or(0))
}

/// The proleptic Gregorian date `days` after 1970-01-01 (Howard Hinnant's
/// `civil_from_days`, public domain).
fn civil_date(days: i64) -> String {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

fn has_xlsx_extension(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("xlsx"))
}

fn invalid(message: &str) -> ExitCode {
    eprintln!("error: {message}");
    ExitCode::from(EXIT_INVALID)
}

/// A valid project the report cannot be written for: a bug, not bad input.
fn failure(e: &dyn std::fmt::Display) -> ExitCode {
    eprintln!("error: {e}");
    ExitCode::FAILURE
}

fn invalid_project(path: &Path, issues: &[stacksizer_core::InputIssue]) -> ExitCode {
    for issue in issues {
        eprintln!("error: {}: {}", path.display(), issue.message);
    }
    ExitCode::from(EXIT_INVALID)
}

#[cfg(test)]
mod tests {
    use super::civil_date;

    #[test]
    fn days_since_the_epoch_are_calendar_dates() {
        assert_eq!(civil_date(0), "1970-01-01");
        assert_eq!(civil_date(11_016), "2000-02-29");
        assert_eq!(civil_date(20_417), "2025-11-25");
        assert_eq!(civil_date(-1), "1969-12-31");
    }
}
