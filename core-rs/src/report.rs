//! Sizing reports: a project and its evaluation as an XLSX workbook for a
//! customer or a buyer (live formulas: type a unit price and the BOM
//! recomputes), as one CSV file per table, or as a PDF proposal (`pdf`).
//! Several design variants can be exported together, with a Comparison
//! sheet in front.
//!
//! Sheets are built as data first (`sheet`), one module per sheet, so the
//! XLSX, CSV and PDF exports show the same figures; only `to_xlsx`,
//! `to_csv` and `pdf` know a file format. Pure: bytes and strings out, no
//! I/O (not even the clock: the PDF's fallback date is the caller's).

mod app_name;
mod assumptions;
mod bom;
mod capacity;
mod comparison;
mod compute;
mod cover;
mod design;
mod export;
mod finding_titles;
mod findings;
mod growth;
mod iscsi;
mod pdf;
mod performance;
mod resilience;
mod sheet;
mod summary;
mod to_csv;
mod to_xlsx;
mod workloads;

use std::fmt;

use crate::demand::compute::ClusterCompute;
use crate::demand::growth::ClusterGrowth;
use crate::evaluate::{
    evaluate, ArrayClusterEvaluation, ClusterDetail, ClusterEvaluation, ClusterResult,
    EsaClusterEvaluation, Evaluation, KeyFigures,
};
use crate::labels;
use crate::model::ids::IdIndex;
use crate::model::issue::InputIssue;
use crate::model::{Cluster, Project, StoragePolicy, Workload};
use crate::parse::parse_project;
use crate::platform::vsan_osa::capacity::CapacityEvaluation;
use crate::rules::Severity;

use bom::BomCells;
pub use export::{
    comparison_from_json, csv_from_json, pdf_from_json, xlsx_from_json, CsvExport, CsvFile,
    NamedProject,
};
use sheet::{Cell, CellRef, Sheet};
use summary::SummaryCells;
pub use to_xlsx::Paper;

/// One design of a comparison, under the name its column shows.
#[derive(Debug, Clone, Copy)]
pub struct Variant<'a> {
    pub name: &'a str,
    pub project: &'a Project,
    pub evaluation: &'a Evaluation,
}

#[derive(Debug, Clone, PartialEq)]
pub enum ReportError {
    /// The evaluation was not made from this project: a cluster is missing
    /// on one side.
    ClusterMismatch { cluster_id: String },
    /// A project without clusters has nothing to report (validation
    /// rejects it, so only a hand-made evaluation gets here).
    NoClusters,
    /// A comparison needs at least one variant.
    NoVariants,
    /// The workbook writer refused the content (a broken invariant).
    Xlsx(String),
    /// The CSV writer failed (a broken invariant: it writes to memory).
    Csv(String),
}

impl fmt::Display for ReportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReportError::ClusterMismatch { cluster_id } => write!(
                f,
                "the evaluation does not match the project: cluster \"{cluster_id}\" is only in one of them"
            ),
            ReportError::NoClusters => write!(f, "the project has no cluster to report"),
            ReportError::NoVariants => write!(f, "a comparison needs at least one variant"),
            ReportError::Xlsx(e) => write!(f, "cannot write the workbook: {e}"),
            ReportError::Csv(e) => write!(f, "cannot write a CSV table: {e}"),
        }
    }
}

impl std::error::Error for ReportError {}

impl From<rust_xlsxwriter::XlsxError> for ReportError {
    fn from(e: rust_xlsxwriter::XlsxError) -> Self {
        ReportError::Xlsx(e.to_string())
    }
}

impl From<csv::Error> for ReportError {
    fn from(e: csv::Error) -> Self {
        ReportError::Csv(e.to_string())
    }
}

/// The report workbook of one design.
pub fn xlsx_report(
    project: &Project,
    evaluation: &Evaluation,
    paper: Paper,
) -> Result<Vec<u8>, ReportError> {
    xlsx_report_dated(project, evaluation, paper, None)
}

/// The report workbook, its cover dated `generated_on` (`YYYY-MM-DD`) when
/// the project's facts give no date: what the CLI and the app hand out.
pub fn xlsx_report_dated(
    project: &Project,
    evaluation: &Evaluation,
    paper: Paper,
    generated_on: Option<&str>,
) -> Result<Vec<u8>, ReportError> {
    let mut ctx = Context::new(project, evaluation, "")?;
    ctx.generated_on = generated_on;
    let sheets = design_sheets(&ctx);
    workbook(&sheets.sheets, &project.name, paper)
}

fn workbook(sheets: &[Sheet], title: &str, paper: Paper) -> Result<Vec<u8>, ReportError> {
    let xlsx = to_xlsx::workbook(sheets, title, paper)?;
    app_name::name_application(&xlsx).map_err(ReportError::Xlsx)
}

/// The PDF proposal of one design. `generated_on` (`YYYY-MM-DD`, the
/// caller's clock: the core reads none) dates the cover when the project's
/// facts give no date.
pub fn pdf_report(
    project: &Project,
    evaluation: &Evaluation,
    paper: Paper,
    generated_on: &str,
) -> Result<Vec<u8>, ReportError> {
    let mut ctx = Context::new(project, evaluation, "")?;
    ctx.generated_on = Some(generated_on);
    let sheets = design_sheets(&ctx);
    Ok(pdf::proposal_pdf(&sheets.sheets, &project.name, paper))
}

/// A Comparison sheet, then each variant's full report in sheets numbered
/// like its column ("1 Summary", "1 BOM", ..., "2 Summary", ...).
pub fn xlsx_comparison(variants: &[Variant], paper: Paper) -> Result<Vec<u8>, ReportError> {
    let sheets = comparison_sheets(variants)?;
    let title = variants
        .iter()
        .map(|v| v.name)
        .collect::<Vec<_>>()
        .join(" vs ");
    workbook(&sheets, &format!("Comparison: {title}"), paper)
}

/// Every table of the report as `(file name, CSV text)`.
pub fn csv_tables(
    project: &Project,
    evaluation: &Evaluation,
) -> Result<Vec<(String, String)>, ReportError> {
    csv_tables_dated(project, evaluation, None)
}

/// `csv_tables`, the cover dated as `xlsx_report_dated` dates it.
pub fn csv_tables_dated(
    project: &Project,
    evaluation: &Evaluation,
    generated_on: Option<&str>,
) -> Result<Vec<(String, String)>, ReportError> {
    let mut ctx = Context::new(project, evaluation, "")?;
    ctx.generated_on = generated_on;
    let sheets = design_sheets(&ctx);
    Ok(to_csv::tables(&sheets.sheets)?)
}

/// Every table of the comparison workbook as `(file name, CSV text)`.
pub fn csv_comparison_tables(variants: &[Variant]) -> Result<Vec<(String, String)>, ReportError> {
    Ok(to_csv::tables(&comparison_sheets(variants)?)?)
}

/// A project file's text, parsed and evaluated: what an export starts
/// from. Invalid input gives every issue with its JSON path.
pub fn evaluate_project_json(json: &str) -> Result<(Project, Evaluation), Vec<InputIssue>> {
    let project = parse_project(json).map_err(|e| vec![e])?;
    let evaluation = evaluate(&project)?;
    Ok((project, evaluation))
}

fn comparison_sheets(variants: &[Variant]) -> Result<Vec<Sheet>, ReportError> {
    if variants.is_empty() {
        return Err(ReportError::NoVariants);
    }
    let built = variants
        .iter()
        .enumerate()
        .map(|(i, v)| {
            let prefix = format!("{} ", i + 1);
            Ok(design_sheets(&Context::new(
                v.project,
                v.evaluation,
                &prefix,
            )?))
        })
        .collect::<Result<Vec<_>, ReportError>>()?;
    let compared: Vec<comparison::Compared> = variants
        .iter()
        .zip(&built)
        .enumerate()
        .map(|(i, (v, sheets))| comparison::Compared {
            label: format!("{}: {}", i + 1, v.name),
            sheets,
        })
        .collect();
    let mut sheets = vec![comparison::comparison_sheet(&compared)];
    sheets.extend(built.into_iter().flat_map(|b| b.sheets));
    Ok(sheets)
}

/// What every sheet builder reads: the project, its evaluation and each
/// cluster (in project order) with its evaluation and label.
pub struct Context<'a> {
    pub project: &'a Project,
    pub evaluation: &'a Evaluation,
    /// Put before every sheet name: "" for one design, "2 " for a variant.
    pub prefix: &'a str,
    /// The day the report is made, where the caller gives it: the cover's
    /// date when the project's facts have none.
    pub generated_on: Option<&'a str>,
    pub clusters: Vec<ClusterView<'a>>,
    /// Sheets name a workload or policy per row: a scan per row made the
    /// report of 45,000 workloads take 47 s.
    workloads: IdIndex<'a>,
    policies: IdIndex<'a>,
}

/// A cluster's figures: vSAN OSA, vSAN ESA and XtremIO + VPLEX clusters
/// share capacity and compute shapes; the rest is their own.
#[derive(Clone, Copy)]
pub enum Evaluated<'a> {
    Vsan(&'a ClusterEvaluation),
    Array(&'a ArrayClusterEvaluation),
    Esa(&'a EsaClusterEvaluation),
}

pub struct ClusterView<'a> {
    pub label: String,
    pub cluster: &'a Cluster,
    pub result: &'a ClusterResult,
    pub evaluated: Evaluated<'a>,
    pub project: &'a Project,
}

impl<'a> ClusterView<'a> {
    pub fn key_figures(&self) -> &'a KeyFigures {
        &self.result.key_figures
    }

    pub fn host_count(&self) -> u32 {
        self.result.key_figures.hosts
    }

    pub fn capacity(&self) -> &'a CapacityEvaluation {
        match self.evaluated {
            Evaluated::Vsan(e) => &e.capacity,
            Evaluated::Array(e) => &e.capacity,
            Evaluated::Esa(e) => &e.capacity,
        }
    }

    pub fn compute(&self) -> &'a ClusterCompute {
        match self.evaluated {
            Evaluated::Vsan(e) => &e.compute,
            Evaluated::Array(e) => &e.compute,
            Evaluated::Esa(e) => &e.compute,
        }
    }

    /// The vSAN OSA figures.
    pub fn vsan(&self) -> Option<&'a ClusterEvaluation> {
        match self.evaluated {
            Evaluated::Vsan(e) => Some(e),
            Evaluated::Array(_) | Evaluated::Esa(_) => None,
        }
    }

    pub fn array(&self) -> Option<&'a ArrayClusterEvaluation> {
        match self.evaluated {
            Evaluated::Array(e) => Some(e),
            Evaluated::Vsan(_) | Evaluated::Esa(_) => None,
        }
    }

    pub fn esa(&self) -> Option<&'a EsaClusterEvaluation> {
        match self.evaluated {
            Evaluated::Esa(e) => Some(e),
            Evaluated::Vsan(_) | Evaluated::Array(_) => None,
        }
    }

    /// The growth timeline: every vSAN cluster, OSA or ESA, has one.
    pub fn growth(&self) -> Option<&'a ClusterGrowth> {
        match self.evaluated {
            Evaluated::Vsan(e) => Some(&e.growth),
            Evaluated::Esa(e) => Some(&e.growth),
            Evaluated::Array(_) => None,
        }
    }

    /// Front-end IOPS the workloads demand today, from the cluster's
    /// performance model (OSA, ESA) or VPLEX's front end.
    pub fn front_end_iops(&self) -> f64 {
        self.result.key_figures.iops.front_end
    }
}

impl<'a> Context<'a> {
    fn new(
        project: &'a Project,
        evaluation: &'a Evaluation,
        prefix: &'a str,
    ) -> Result<Self, ReportError> {
        if project.clusters.is_empty() {
            return Err(ReportError::NoClusters);
        }
        for result in &evaluation.clusters {
            if !project.clusters.iter().any(|c| c.id == result.id) {
                return Err(ReportError::ClusterMismatch {
                    cluster_id: result.id.clone(),
                });
            }
        }
        let labels = labels::cluster_labels(&project.clusters);
        let clusters = project
            .clusters
            .iter()
            .zip(labels)
            .map(|(cluster, label)| {
                let result = evaluation
                    .clusters
                    .iter()
                    .find(|e| e.id == cluster.id)
                    .ok_or_else(|| ReportError::ClusterMismatch {
                        cluster_id: cluster.id.clone(),
                    })?;
                let evaluated = match &result.detail {
                    ClusterDetail::VsanOsa(e) => Evaluated::Vsan(e),
                    ClusterDetail::XtremioVplex(e) => Evaluated::Array(e),
                    ClusterDetail::VsanEsa(e) => Evaluated::Esa(e),
                };
                Ok(ClusterView {
                    label,
                    cluster,
                    result,
                    evaluated,
                    project,
                })
            })
            .collect::<Result<_, ReportError>>()?;
        Ok(Context {
            project,
            evaluation,
            prefix,
            generated_on: None,
            clusters,
            workloads: IdIndex::new(project.workloads.iter().map(|w| w.id.as_str())),
            policies: IdIndex::new(project.policies.iter().map(|p| p.id.as_str())),
        })
    }

    pub fn sheet_name(&self, base: &str) -> String {
        format!("{}{base}", self.prefix)
    }

    pub fn workload(&self, id: &str) -> Option<&'a Workload> {
        let at = self.workloads.position(id)?;
        Some(&self.project.workloads[at])
    }

    pub fn policy(&self, id: &str) -> Option<&'a StoragePolicy> {
        let at = self.policies.position(id)?;
        Some(&self.project.policies[at])
    }

    pub fn workload_name(&self, id: &str) -> String {
        self.workload(id)
            .map_or_else(|| id.to_string(), |w| w.name.clone())
    }

    pub fn policy_label(&self, id: &str) -> String {
        self.policy(id)
            .map_or_else(|| id.to_string(), labels::policy)
    }

    /// The vSAN OSA clusters, for the sheets only they have figures for.
    pub fn vsan_views(&self) -> impl Iterator<Item = (&ClusterView<'a>, &'a ClusterEvaluation)> {
        self.clusters
            .iter()
            .filter_map(|c| c.vsan().map(|e| (c, e)))
    }

    /// The XtremIO + VPLEX clusters.
    pub fn array_views(
        &self,
    ) -> impl Iterator<Item = (&ClusterView<'a>, &'a ArrayClusterEvaluation)> {
        self.clusters
            .iter()
            .filter_map(|c| c.array().map(|e| (c, e)))
    }

    /// The vSAN ESA clusters.
    pub fn esa_views(&self) -> impl Iterator<Item = (&ClusterView<'a>, &'a EsaClusterEvaluation)> {
        self.clusters.iter().filter_map(|c| c.esa().map(|e| (c, e)))
    }

    /// The vSAN clusters' failure what-ifs and durability, OSA and ESA alike.
    pub fn resilience_views(
        &self,
    ) -> impl Iterator<Item = (&ClusterView<'a>, &'a crate::resilience::ClusterResilience)> {
        self.clusters.iter().filter_map(|c| {
            c.vsan()
                .map(|e| &e.resilience)
                .or_else(|| c.esa().map(|e| &e.resilience))
                .map(|r| (c, r))
        })
    }
}

/// One design's sheets, and the cells a comparison points at.
pub struct DesignSheets {
    pub sheets: Vec<Sheet>,
    pub summary: SummaryCells,
    pub bom: BomCells,
    findings: Vec<Severity>,
}

impl DesignSheets {
    pub fn cell(&self, at: &CellRef) -> Option<&Cell> {
        self.sheets
            .iter()
            .find(|s| s.name == at.sheet)
            .and_then(|s| s.cell(at))
    }

    pub fn count(&self, severity: Severity) -> usize {
        self.findings.iter().filter(|s| **s == severity).count()
    }
}

fn design_sheets(ctx: &Context) -> DesignSheets {
    let (summary, summary_cells) = summary::summary_sheet(ctx);
    let (bom, bom_cells) = bom::bom_sheet(ctx, &summary_cells);
    DesignSheets {
        sheets: vec![
            cover::cover_sheet(ctx),
            summary,
            bom,
            design::design_sheet(ctx),
            workloads::workloads_sheet(ctx),
            capacity::capacity_sheet(ctx),
            performance::performance_sheet(ctx),
            compute::compute_sheet(ctx),
            resilience::resilience_sheet(ctx),
            growth::growth_sheet(ctx, &summary_cells),
            findings::findings_sheet(ctx),
            findings::sources_sheet(ctx),
            assumptions::assumptions_sheet(ctx),
        ],
        summary: summary_cells,
        bom: bom_cells,
        findings: ctx.evaluation.findings.iter().map(|f| f.severity).collect(),
    }
}

#[cfg(test)]
mod tests;
