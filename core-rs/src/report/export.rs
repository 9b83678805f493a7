//! The reports' entry points for a caller at the edge (the app's Wasm
//! module): a project file's text in, the report out, or every problem of
//! the input as data (`CallError`), each with its JSON path.

use serde::{Deserialize, Serialize};

use super::{
    csv_tables_dated, evaluate_project_json, pdf_report, xlsx_comparison, xlsx_report_dated, Paper,
    Variant,
};
use crate::model::issue::{CallError, InputIssue};
use crate::model::Project;
use crate::Evaluation;

/// A variant to compare in a report: its name and project file text.
#[derive(Debug, Clone, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct NamedProject {
    pub name: String,
    pub project_json: String,
}

/// The report workbook of a project file; `today` (`YYYY-MM-DD`) dates the
/// cover when the project's facts give no date.
pub fn xlsx_from_json(project_json: &str, paper: &str, today: &str) -> Result<Vec<u8>, CallError> {
    let paper = paper_of(paper)?;
    let (project, evaluation) = evaluate_project_json(project_json)?;
    xlsx_report_dated(&project, &evaluation, paper, Some(today)).map_err(CallError::failed)
}

/// The PDF proposal of a project file, dated as `xlsx_from_json` dates it.
pub fn pdf_from_json(project_json: &str, paper: &str, today: &str) -> Result<Vec<u8>, CallError> {
    let paper = paper_of(paper)?;
    let (project, evaluation) = evaluate_project_json(project_json)?;
    pdf_report(&project, &evaluation, paper, today).map_err(CallError::failed)
}

/// One CSV file per report table.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct CsvExport {
    pub tables: Vec<CsvFile>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct CsvFile {
    pub file_name: String,
    pub text: String,
}

/// Every table of a project file's report as a CSV file.
pub fn csv_from_json(project_json: &str, today: &str) -> Result<CsvExport, CallError> {
    let (project, evaluation) = evaluate_project_json(project_json)?;
    let tables = csv_tables_dated(&project, &evaluation, Some(today))
        .map_err(CallError::failed)?
        .into_iter()
        .map(|(file_name, text)| CsvFile { file_name, text })
        .collect();
    Ok(CsvExport { tables })
}

/// The Comparison workbook of several project files. An invalid variant's
/// issues keep their paths (in that variant's file), and their messages
/// name the variant.
pub fn comparison_from_json(variants: &[NamedProject], paper: &str) -> Result<Vec<u8>, CallError> {
    let paper = paper_of(paper)?;
    let mut evaluated: Vec<(&str, Project, Evaluation)> = Vec::with_capacity(variants.len());
    let mut issues = Vec::new();
    for v in variants {
        match evaluate_project_json(&v.project_json) {
            Ok((project, evaluation)) => evaluated.push((&v.name, project, evaluation)),
            Err(found) => issues.extend(found.into_iter().map(|i| InputIssue {
                message: format!("{}: {}", v.name, i.message),
                ..i
            })),
        }
    }
    if !issues.is_empty() {
        return Err(issues.into());
    }
    let refs: Vec<Variant> = evaluated
        .iter()
        .map(|(name, project, evaluation)| Variant {
            name,
            project,
            evaluation,
        })
        .collect();
    xlsx_comparison(&refs, paper).map_err(CallError::failed)
}

/// `a4` or `letter`: the paper the report is set up to print on.
fn paper_of(paper: &str) -> Result<Paper, CallError> {
    Paper::parse(paper).ok_or_else(|| {
        InputIssue::new("paper", format!("must be a4 or letter (got \"{paper}\")")).into()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const EXAMPLE: &str = include_str!("../../../assets/examples/seed-001-all-flash-sql.json");

    fn with_hosts(hosts: u32) -> String {
        let mut v: serde_json::Value = serde_json::from_str(EXAMPLE).unwrap();
        v["clusters"][0]["topology"]["host_count"] = hosts.into();
        v.to_string()
    }

    #[test]
    fn an_invalid_project_gives_every_issue_with_its_path_value_and_range() {
        let e = csv_from_json(&with_hosts(0), "2026-01-01").expect_err("0 hosts");
        let issue = &e.issues[0];
        assert_eq!(issue.path, "clusters[0].topology.host_count");
        assert_eq!(issue.value, Some(0.0));
        assert!(issue.allowed.is_some(), "{issue:?}");
        assert!(e.message.contains(&issue.message), "{}", e.message);
    }

    #[test]
    fn a_bad_paper_is_an_issue_of_its_own() {
        let e = xlsx_from_json(EXAMPLE, "a3", "2026-01-01").expect_err("a3");
        assert_eq!(e.issues.len(), 1);
        assert_eq!(e.issues[0].path, "paper");
        assert!(e.message.contains("a4 or letter"), "{}", e.message);
    }

    #[test]
    fn a_comparison_names_the_invalid_variant() {
        let variants = [
            NamedProject {
                name: "Today".into(),
                project_json: EXAMPLE.into(),
            },
            NamedProject {
                name: "Smaller".into(),
                project_json: with_hosts(0),
            },
        ];
        let e = comparison_from_json(&variants, "a4").expect_err("0 hosts");
        assert_eq!(e.issues[0].path, "clusters[0].topology.host_count");
        assert!(e.issues[0].message.starts_with("Smaller: "), "{e:?}");
    }

    #[test]
    fn a_valid_project_exports() {
        assert!(!csv_from_json(EXAMPLE, "2026-01-01")
            .unwrap()
            .tables
            .is_empty());
    }
}
