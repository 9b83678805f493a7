//! A problem in an imported spreadsheet, located the way a user finds it
//! in Excel: sheet, row number and column header (with its letter).

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct ImportIssue {
    /// Sheet (or CSV tab) name; absent for problems with the file as a whole.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub sheet: Option<String>,
    /// Spreadsheet row number, 1-based, the header being row 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub row: Option<u32>,
    /// Column header as written in the file (or as expected, when missing).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub column: Option<String>,
    /// A full sentence that names the location and what is allowed.
    pub message: String,
}

impl ImportIssue {
    /// A problem with the file itself (not a zip, too large, ...).
    pub fn file(message: impl Into<String>) -> Self {
        ImportIssue {
            sheet: None,
            row: None,
            column: None,
            message: message.into(),
        }
    }

    /// A problem with a whole sheet, or with one of its columns.
    pub fn sheet(sheet: &str, column: Option<&str>, message: impl std::fmt::Display) -> Self {
        let message = match column {
            Some(c) => format!("sheet \"{sheet}\", column \"{c}\": {message}"),
            None => format!("sheet \"{sheet}\": {message}"),
        };
        ImportIssue {
            sheet: Some(sheet.to_owned()),
            row: None,
            column: column.map(str::to_owned),
            message,
        }
    }

    /// A problem with one cell; `letter` is the spreadsheet column letter.
    pub fn cell(
        sheet: &str,
        row: u32,
        column: &str,
        letter: &str,
        message: impl std::fmt::Display,
    ) -> Self {
        ImportIssue {
            sheet: Some(sheet.to_owned()),
            row: Some(row),
            column: Some(column.to_owned()),
            message: format!(
                "sheet \"{sheet}\", row {row}, column \"{column}\" ({letter}{row}): {message}"
            ),
        }
    }
}

/// Reports stop after this many problems: a file with a systematic fault
/// (say, every row) would otherwise bury the user in thousands of lines.
pub const MAX_REPORTED_ISSUES: usize = 50;

/// Collects per-row problems up to [`MAX_REPORTED_ISSUES`] and then notes
/// how many more there were.
#[derive(Debug, Default)]
pub(crate) struct Issues {
    list: Vec<ImportIssue>,
    dropped: usize,
}

impl Issues {
    pub fn push(&mut self, issue: ImportIssue) {
        if self.list.len() < MAX_REPORTED_ISSUES {
            self.list.push(issue);
        } else {
            self.dropped += 1;
        }
    }

    /// The collected problems, or `Ok(())` when there were none.
    pub fn into_result(mut self) -> Result<(), Vec<ImportIssue>> {
        if self.list.is_empty() {
            return Ok(());
        }
        if self.dropped > 0 {
            self.list.push(ImportIssue::file(format!(
                "{} more problems like these were not listed",
                self.dropped
            )));
        }
        Err(self.list)
    }
}
