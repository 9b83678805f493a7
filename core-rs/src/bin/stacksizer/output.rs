//! What every subcommand prints, and how it fails.

use std::io::{ErrorKind, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use stacksizer_core::json_text::to_string_pretty;
use stacksizer_core::rules::Finding;
use stacksizer_core::InputIssue;

/// Exit code for invalid arguments or input files (clap uses it too).
pub const EXIT_INVALID: u8 = 2;

/// `outln!` that ends the program quietly when the reader has gone
/// (`stacksizer evaluate x.json | head`) instead of panicking.
macro_rules! outln {
    ($($arg:tt)*) => {
        $crate::output::write_line(format_args!($($arg)*))
    };
}

pub fn write_line(args: std::fmt::Arguments) {
    if let Err(e) = writeln!(std::io::stdout().lock(), "{args}") {
        if e.kind() == ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("error: cannot write the output: {e}");
        std::process::exit(1);
    }
}

pub fn invalid_arguments(issues: &[InputIssue]) -> ExitCode {
    for issue in issues {
        eprintln!("error: {}", issue.message);
    }
    ExitCode::from(EXIT_INVALID)
}

pub fn print_json(value: &impl serde::Serialize) -> ExitCode {
    match to_string_pretty(value) {
        Ok(text) => {
            outln!("{text}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: cannot serialize the result: {e}");
            ExitCode::FAILURE
        }
    }
}

pub fn print_findings(findings: &[Finding]) {
    for f in findings {
        let at = f
            .path
            .as_deref()
            .map(|p| format!(" [{p}]"))
            .unwrap_or_default();
        outln!("{:?}: {}{at} ({})", f.severity, f.message, f.source);
    }
}

/// Writes next to the target and renames into place, so an interrupted
/// run never leaves a half-written file.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(format!(".{}.tmp", std::process::id()));
    let tmp = PathBuf::from(tmp);
    std::fs::write(&tmp, bytes)?;
    std::fs::rename(&tmp, path).inspect_err(|_| {
        // Best effort: the rename error is what the user needs to see.
        let _ = std::fs::remove_file(&tmp);
    })
}
