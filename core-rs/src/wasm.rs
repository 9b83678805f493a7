//! The app's door into the core: a few coarse calls taking project JSON
//! (so errors carry JSON paths) and returning tsify-typed results.
//!
//! Built twice: feature `wasm` is the module the app loads at start;
//! `wasm-exchange` adds the RVTools workbook import and the XLSX/CSV reports,
//! whose crates (calamine, rust_xlsxwriter) would double the start-up
//! module, as a second module the Worker loads on first use.

use std::sync::Mutex;

use tsify::{Ts, Tsify};
use wasm_bindgen::prelude::*;

use serde::Serialize;

use crate::bom::{price_project, PriceChange};
use crate::catalog::{merge_catalogs, shipped_catalog, use_part, Catalog, PartSlot, PartUse};
use crate::evaluate::live::{live_evaluation_json, LiveOutcome};
#[cfg(feature = "wasm-exchange")]
use crate::import::inventory::choices::{apply as apply_choices, AppliedImport, ImportChoices};
#[cfg(feature = "wasm-exchange")]
use crate::import::inventory::preview::InventoryPreview;
#[cfg(feature = "wasm-exchange")]
use crate::import::inventory::InventorySummary;
#[cfg(feature = "wasm-exchange")]
use crate::import::open::{open_inventory, NamedFile, OpenedFile};
#[cfg(feature = "wasm-exchange")]
use crate::import::progress::Progress as ReadProgress;
#[cfg(feature = "wasm-exchange")]
use crate::import::project::starter_project;
#[cfg(feature = "wasm-exchange")]
use crate::import::rvtools::{import_rvtools, RvtoolsFile, RvtoolsOptions};
use crate::import::workloads_csv::{import_workloads_csv, WorkloadsCsvOptions};
use crate::import::ImportIssue;
use crate::import::{
    catalog_listing, catalog_to_csv, parse_user_catalog, read_user_catalog, CatalogFormat,
    CatalogListing, UserCatalogSummary,
};
use crate::model::issue::{CallError, InputIssue};
use crate::model::{Project, Workload};
use crate::parse::{check_project_file, ProjectFileOutcome};
use crate::platform::two_sites::{rtt_penalty, RttPenalty};
use crate::recommend::{
    reprice_host_json, search_json, Progress, RecommendOptions, RecommendOutcome, RepricedHost,
    Search,
};
#[cfg(feature = "wasm-exchange")]
use crate::report::{
    comparison_from_json, csv_from_json, pdf_from_json, xlsx_from_json, NamedProject,
};

static LAST_PANIC: Mutex<Option<String>> = Mutex::new(None);

/// Records a panic's message before the module traps, so the worker can
/// report it as a typed error instead of a bare `unreachable`.
#[wasm_bindgen(start)]
pub fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        if let Ok(mut slot) = LAST_PANIC.lock() {
            *slot = Some(info.to_string());
        }
    }));
}

/// The message of the panic that trapped the module, if any.
#[wasm_bindgen(js_name = takePanicMessage)]
pub fn take_panic_message() -> Option<String> {
    LAST_PANIC.lock().ok().and_then(|mut slot| slot.take())
}

/// The live evaluation the app's views read (see `live`); the reports
/// evaluate the project themselves, with every row.
#[wasm_bindgen(js_name = evaluateProject)]
pub fn evaluate_project(project_json: &str) -> Result<Ts<LiveOutcome>, JsError> {
    Ok(live_evaluation_json(project_json).into_ts()?)
}

/// Checks a project file before the app opens it.
#[wasm_bindgen(js_name = checkProjectFile)]
pub fn check_project_file_js(project_json: &str) -> Result<Ts<ProjectFileOutcome>, JsError> {
    Ok(check_project_file(project_json).into_ts()?)
}

/// A report for a project: the .xlsx bytes. Invalid input throws every
/// issue (`thrown`); the app only exports what it has evaluated.
#[cfg(feature = "wasm-exchange")]
#[wasm_bindgen(js_name = exportXlsx)]
pub fn export_xlsx(project_json: &str, paper: &str) -> Result<Vec<u8>, JsValue> {
    xlsx_from_json(project_json, paper, &today()).map_err(thrown)
}

#[cfg(feature = "wasm-exchange")]
/// Today in the user's time zone as `YYYY-MM-DD`: a report's date when the
/// project's facts give none.
fn today() -> String {
    let now = js_sys::Date::new_0();
    format!(
        "{:04}-{:02}-{:02}",
        now.get_full_year(),
        now.get_month() + 1,
        now.get_date()
    )
}

/// The PDF proposal of a project: its bytes, the same the CLI's
/// `report --pdf` writes. The cover is dated by the project's facts, else
/// by today on the user's clock (the core reads none).
#[cfg(feature = "wasm-exchange")]
#[wasm_bindgen(js_name = exportPdf)]
pub fn export_pdf(project_json: &str, paper: &str) -> Result<Vec<u8>, JsValue> {
    pdf_from_json(project_json, paper, &today()).map_err(thrown)
}

/// One CSV file per report table.
#[cfg(feature = "wasm-exchange")]
#[derive(Serialize, Tsify)]
pub struct CsvExport {
    pub tables: Vec<CsvFile>,
}

#[cfg(feature = "wasm-exchange")]
#[derive(Serialize, Tsify)]
pub struct CsvFile {
    pub file_name: String,
    pub text: String,
}

#[cfg(feature = "wasm-exchange")]
#[wasm_bindgen(js_name = exportCsvTables)]
pub fn export_csv_tables(project_json: &str) -> Result<Ts<CsvExport>, JsValue> {
    let tables = csv_from_json(project_json, &today())
        .map_err(thrown)?
        .into_iter()
        .map(|(file_name, text)| CsvFile { file_name, text })
        .collect();
    Ok(CsvExport { tables }.into_ts().map_err(JsError::from)?)
}

/// A Comparison workbook of several variants of the same workloads.
#[cfg(feature = "wasm-exchange")]
#[wasm_bindgen(js_name = exportXlsxComparison)]
pub fn export_xlsx_comparison(
    variants: Vec<Ts<NamedProject>>,
    paper: &str,
) -> Result<Vec<u8>, JsValue> {
    let variants = variants
        .into_iter()
        .map(|v| v.to_rust())
        .collect::<Result<Vec<_>, _>>()
        .map_err(JsError::from)?;
    comparison_from_json(&variants, paper).map_err(thrown)
}

/// The app's names for the inventory types every importer now shares
/// (an RVTools import's options and summary are those of any inventory).
#[wasm_bindgen(typescript_custom_section)]
const RVTOOLS_TYPE_NAMES: &str = "export type RvtoolsSummary = InventorySummary;
export type RvtoolsOptions = InventoryOptions;";

/// An RVTools import as the app gets it: a starter project holding the
/// imported workloads, or every problem with its sheet, row and column.
#[cfg(feature = "wasm-exchange")]
#[derive(Serialize, Tsify)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum RvtoolsOutcome {
    Imported {
        summary: Box<InventorySummary>,
        project: Box<Project>,
    },
    Invalid {
        issues: Vec<ImportIssue>,
    },
}

#[cfg(feature = "wasm-exchange")]
#[wasm_bindgen(js_name = importRvtools)]
pub fn import_rvtools_js(
    xlsx: &[u8],
    file_name: &str,
    options: Ts<RvtoolsOptions>,
    user_catalog_json: Option<String>,
) -> Result<Ts<RvtoolsOutcome>, JsError> {
    let options = options.to_rust()?;
    let catalog = catalog_with(user_catalog_json.as_deref())?;
    let outcome = match import_rvtools(RvtoolsFile::Xlsx(xlsx), &options) {
        Ok(imported) => match starter_project(
            file_name,
            &format!("Imported from the RVTools export {file_name}."),
            imported.workloads,
            &catalog,
        ) {
            Ok(project) => RvtoolsOutcome::Imported {
                summary: Box::new(imported.summary),
                project: Box::new(project),
            },
            // Catalogs are checked for their defaults: a build defect, not the user's file.
            Err(issues) => return Err(JsError::new(&CallError::from(issues).message)),
        },
        Err(issues) => RvtoolsOutcome::Invalid { issues },
    };
    Ok(outcome.into_ts()?)
}

/// A file picked or dropped for import: an inventory's preview (nothing
/// changed yet), a workloads CSV (which adds to the open project through
/// `importWorkloadsCsv`), or every problem that keeps it from being read.
#[cfg(feature = "wasm-exchange")]
#[derive(Serialize, Tsify)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum InventoryPreviewOutcome {
    Preview { preview: Box<InventoryPreview> },
    WorkloadsCsv,
    Invalid { issues: Vec<ImportIssue> },
}

/// Recognises the files (one RVTools .xlsx, Live Optics .xlsx or .zip,
/// or workloads CSV; or RVTools CSV tabs, one file each, matched by their
/// names) and reads an inventory into its preview. `names[i]` is the name
/// of `files[i]`. `on_progress` receives the fraction of the read done
/// (0 to 1, growing), at most once per percent.
#[cfg(feature = "wasm-exchange")]
#[wasm_bindgen(js_name = previewInventory)]
pub fn preview_inventory_js(
    files: Vec<js_sys::Uint8Array>,
    names: Vec<String>,
    on_progress: &js_sys::Function,
) -> Result<Ts<InventoryPreviewOutcome>, JsError> {
    if files.len() != names.len() {
        return Err(JsError::new("previewInventory: one name per file"));
    }
    let bytes: Vec<Vec<u8>> = files.iter().map(js_sys::Uint8Array::to_vec).collect();
    let named: Vec<NamedFile> = names
        .iter()
        .zip(&bytes)
        .map(|(name, bytes)| NamedFile { name, bytes })
        .collect();
    let mut report = |fraction: f64| {
        let _ = on_progress.call1(&JsValue::NULL, &JsValue::from_f64(fraction));
    };
    let outcome = match open_inventory(&named, &mut ReadProgress::new(&mut report)) {
        Ok(OpenedFile::Inventory(preview)) => InventoryPreviewOutcome::Preview { preview },
        Ok(OpenedFile::WorkloadsCsv) => InventoryPreviewOutcome::WorkloadsCsv,
        Err(issues) => InventoryPreviewOutcome::Invalid { issues },
    };
    Ok(outcome.into_ts()?)
}

/// The project an import preview makes with the user's choices (and the
/// existing hosts' scenario, when asked), or the choices out of range.
#[cfg(feature = "wasm-exchange")]
#[derive(Serialize, Tsify)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum ApplyImportOutcome {
    Applied { applied: Box<AppliedImport> },
    Invalid { issues: Vec<InputIssue> },
}

/// Pure and quick: the app calls it on each change of the choices to show
/// what would be imported, and its project is what Import applies. In the
/// exchange module: the inventory types would grow the start-up module.
#[cfg(feature = "wasm-exchange")]
#[wasm_bindgen(js_name = applyImportChoices)]
pub fn apply_import_choices_js(
    preview: Ts<InventoryPreview>,
    choices: Ts<ImportChoices>,
    file_name: &str,
    user_catalog_json: Option<String>,
) -> Result<Ts<ApplyImportOutcome>, JsError> {
    let catalog = catalog_with(user_catalog_json.as_deref())?;
    let outcome = match apply_choices(
        &preview.to_rust()?,
        &choices.to_rust()?,
        file_name,
        &catalog,
    ) {
        Ok(applied) => ApplyImportOutcome::Applied {
            applied: Box::new(applied),
        },
        Err(issues) => ApplyImportOutcome::Invalid { issues },
    };
    Ok(outcome.into_ts()?)
}

/// A design search over the shipped catalog (with the user's over it,
/// when given) for the cheapest designs that meet every requirement, run a
/// step at a time: the app's Worker yields between steps, so a request to
/// cancel is seen and the search stops where it is, and the Worker with its
/// compiled module stays for the next search.
#[wasm_bindgen]
pub struct DesignSearch {
    /// None for an invalid project, which is not searched.
    search: Option<Search>,
    issues: Vec<InputIssue>,
}

#[wasm_bindgen]
impl DesignSearch {
    #[wasm_bindgen(constructor)]
    pub fn new(
        project_json: &str,
        options: Ts<RecommendOptions>,
        user_catalog_json: Option<String>,
    ) -> Result<DesignSearch, JsError> {
        let options = options.to_rust()?;
        let catalog = catalog_with(user_catalog_json.as_deref())?;
        Ok(match search_json(project_json, &catalog, &options) {
            Ok(search) => DesignSearch {
                search: Some(search),
                issues: Vec::new(),
            },
            Err(issues) => DesignSearch {
                search: None,
                issues,
            },
        })
    }

    #[wasm_bindgen(js_name = isDone)]
    pub fn is_done(&self) -> bool {
        self.search.as_ref().is_none_or(Search::is_done)
    }

    /// Does the next bounded piece of work (a few milliseconds).
    pub fn step(&mut self) -> Result<Ts<Progress>, JsError> {
        let progress = match &mut self.search {
            Some(search) => search.step(),
            None => return Err(JsError::new("an invalid project is not searched")),
        };
        Ok(progress.into_ts()?)
    }

    /// The answer: the search run to its end, or the project's issues.
    pub fn outcome(self) -> Result<Ts<RecommendOutcome>, JsError> {
        let outcome = match self.search {
            Some(search) => RecommendOutcome::Searched {
                recommendation: Box::new(search.finish()),
            },
            None => RecommendOutcome::Invalid {
                issues: self.issues,
            },
        };
        Ok(outcome.into_ts()?)
    }
}

/// A customised design's project with its host priced from the catalog's
/// option prices, or left unpriced with the reason (`reprice_host`).
#[wasm_bindgen(js_name = repriceCustomHost)]
pub fn reprice_custom_host(
    optimum_json: &str,
    customised_json: &str,
    cluster_index: usize,
    user_catalog_json: Option<String>,
) -> Result<Ts<RepricedHost>, JsValue> {
    let catalog = catalog_with(user_catalog_json.as_deref())?;
    let repriced = reprice_host_json(optimum_json, customised_json, cluster_index, &catalog)
        .map_err(thrown)?;
    Ok(repriced.into_ts().map_err(JsError::from)?)
}

/// The X-Brick models an XtremIO + VPLEX cluster can use, for the editor.
#[derive(Serialize, Tsify)]
pub struct XBrickCatalog {
    pub models: Vec<crate::platform::xtremio_vplex::XBrickModel>,
}

#[wasm_bindgen(js_name = xBrickModels)]
pub fn x_brick_models() -> Result<Ts<XBrickCatalog>, JsError> {
    Ok(XBrickCatalog {
        models: crate::platform::xtremio_vplex::X_BRICK_MODELS.to_vec(),
    }
    .into_ts()?)
}

/// The settings the core uses for every field a project leaves out, so the
/// editor can show them as what an empty field means.
#[wasm_bindgen(js_name = defaultSettings)]
pub fn default_settings() -> Result<Ts<crate::model::Settings>, JsError> {
    Ok(crate::model::Settings::default().into_ts()?)
}

/// The stretched-cluster penalty over a range of inter-site RTTs, for the
/// latency-vs-RTT chart.
#[derive(Serialize, Tsify)]
pub struct RttCurve {
    pub points: Vec<RttPenalty>,
}

#[wasm_bindgen(js_name = stretchCurve)]
pub fn stretch_curve(max_rtt_ms: f64, steps: u32) -> Result<Ts<RttCurve>, JsError> {
    if !(0.5..=50.0).contains(&max_rtt_ms) || !(2..=200).contains(&steps) {
        return Err(JsError::new(&format!(
            "max_rtt_ms must be between 0.5 and 50 (got {max_rtt_ms}) and steps between 2 and 200 (got {steps})"
        )));
    }
    let points = (0..=steps)
        .map(|i| rtt_penalty(max_rtt_ms * f64::from(i) / f64::from(steps)))
        .collect();
    Ok(RttCurve { points }.into_ts()?)
}

/// The shipped catalog with a stored user catalog over it. The app only
/// stores catalogs `importUserCatalog` accepted, so a bad one is an error.
fn catalog_with(user_catalog_json: Option<&str>) -> Result<Catalog, JsError> {
    Ok(merge_catalogs(
        &shipped_catalog(),
        &user_catalog(user_catalog_json)?,
    ))
}

fn user_catalog(user_catalog_json: Option<&str>) -> Result<Catalog, JsError> {
    match user_catalog_json {
        None => Ok(Catalog {
            schema_version: crate::catalog::CATALOG_SCHEMA_VERSION,
            price_note: String::new(),
            defaults: None,
            parts: vec![],
        }),
        // The app only stores catalogs `importUserCatalog` accepted: a
        // stored one it refuses is no field the user can fix here.
        Some(json) => parse_user_catalog(json, &shipped_catalog()).map_err(|issues| {
            let issues: Vec<InputIssue> = issues
                .into_iter()
                .map(|i| InputIssue::new("", format!("the user catalog: {}", i.message)))
                .collect();
            JsError::new(&CallError::from(issues).message)
        }),
    }
}

/// A user catalog file as the app gets it: the catalog to keep (only what
/// differs from the shipped one) and what it changes, or every problem
/// with its row and column (CSV) or JSON path.
#[derive(Serialize, Tsify)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum UserCatalogOutcome {
    Imported {
        catalog: Box<Catalog>,
        summary: UserCatalogSummary,
    },
    Invalid {
        issues: Vec<ImportIssue>,
    },
}

#[wasm_bindgen(js_name = importUserCatalog)]
pub fn import_user_catalog(
    bytes: &[u8],
    file_name: &str,
) -> Result<Ts<UserCatalogOutcome>, JsError> {
    let outcome = match CatalogFormat::from_file_name(file_name) {
        None => UserCatalogOutcome::Invalid {
            issues: vec![ImportIssue::file(format!(
                "{file_name}: a catalog file must end in .csv or .json"
            ))],
        },
        Some(format) => match read_user_catalog(bytes, format, &shipped_catalog()) {
            Ok(imported) => UserCatalogOutcome::Imported {
                catalog: Box::new(imported.catalog),
                summary: imported.summary,
            },
            Err(issues) => UserCatalogOutcome::Invalid { issues },
        },
    };
    Ok(outcome.into_ts()?)
}

/// Every part of the catalog in use, with the shipped and the user's price.
#[wasm_bindgen(js_name = catalogListing)]
pub fn catalog_listing_js(
    user_catalog_json: Option<String>,
) -> Result<Ts<CatalogListing>, JsError> {
    let user = user_catalog(user_catalog_json.as_deref())?;
    Ok(catalog_listing(&shipped_catalog(), &user).into_ts()?)
}

/// The catalog in use (or only the shipped one) as CSV or JSON text.
#[wasm_bindgen(js_name = exportCatalog)]
pub fn export_catalog(
    user_catalog_json: Option<String>,
    format: Ts<CatalogFormat>,
) -> Result<String, JsError> {
    let catalog = catalog_with(user_catalog_json.as_deref())?;
    match format.to_rust()? {
        CatalogFormat::Csv => Ok(catalog_to_csv(&catalog)),
        CatalogFormat::Json => serde_json::to_string_pretty(&catalog)
            .map(|text| text + "\n")
            .map_err(|e| JsError::new(&e.to_string())),
    }
}

/// A project with its catalog parts priced from the catalog in use.
#[derive(Serialize, Tsify)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum PriceOutcome {
    Priced {
        project: Box<Project>,
        changes: Vec<PriceChange>,
    },
    Invalid {
        issues: Vec<InputIssue>,
    },
}

#[wasm_bindgen(js_name = priceProject)]
pub fn price_project_js(
    project_json: &str,
    user_catalog_json: Option<String>,
) -> Result<Ts<PriceOutcome>, JsError> {
    let catalog = catalog_with(user_catalog_json.as_deref())?;
    let outcome = match crate::parse::parse_project(project_json) {
        Ok(mut project) => {
            let changes = price_project(&mut project, &catalog);
            PriceOutcome::Priced {
                project: Box::new(project),
                changes,
            }
        }
        Err(issue) => PriceOutcome::Invalid {
            issues: vec![issue],
        },
    };
    Ok(outcome.into_ts()?)
}

/// A catalog part put into the design, or why it does not fit there.
#[derive(Serialize, Tsify)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum PartUseOutcome {
    Used { part_use: Box<PartUse> },
    Refused { reason: String },
    Invalid { issues: Vec<InputIssue> },
}

#[wasm_bindgen(js_name = useCatalogPart)]
pub fn use_catalog_part(
    project_json: &str,
    part_id: &str,
    slot: Ts<PartSlot>,
    user_catalog_json: Option<String>,
) -> Result<Ts<PartUseOutcome>, JsError> {
    let catalog = catalog_with(user_catalog_json.as_deref())?;
    let outcome = match crate::parse::parse_project(project_json) {
        Ok(project) => match use_part(&project, &catalog, part_id, slot.to_rust()?) {
            Ok(part_use) => PartUseOutcome::Used {
                part_use: Box::new(part_use),
            },
            Err(reason) => PartUseOutcome::Refused { reason },
        },
        Err(issue) => PartUseOutcome::Invalid {
            issues: vec![issue],
        },
    };
    Ok(outcome.into_ts()?)
}

/// A workloads CSV as the app gets it: every workload, or every problem
/// with its row and column.
#[derive(Serialize, Tsify)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum WorkloadsCsvOutcome {
    Imported { workloads: Vec<Workload> },
    Invalid { issues: Vec<ImportIssue> },
}

#[wasm_bindgen(js_name = importWorkloadsCsv)]
pub fn import_workloads_csv_js(
    bytes: &[u8],
    options: Ts<WorkloadsCsvOptions>,
) -> Result<Ts<WorkloadsCsvOutcome>, JsError> {
    let outcome = match import_workloads_csv(bytes, &options.to_rust()?) {
        Ok(workloads) => WorkloadsCsvOutcome::Imported { workloads },
        Err(issues) => WorkloadsCsvOutcome::Invalid { issues },
    };
    Ok(outcome.into_ts()?)
}

/// The project's workloads as the workloads CSV `importWorkloadsCsv` reads
/// back; a file that does not parse throws its problem.
#[cfg(feature = "wasm-exchange")]
#[wasm_bindgen(js_name = exportWorkloadsCsv)]
pub fn export_workloads_csv_js(project_json: &str) -> Result<String, JsValue> {
    crate::import::workloads_csv::workloads_csv_from_json(project_json).map_err(thrown)
}

/// A core error as the app gets it: an `Error` whose message says it all,
/// with `issues` (`InputIssue[]`): every problem of the input as data,
/// with its JSON path, value and allowed range; empty for a failure that
/// is not the input's.
fn thrown(e: CallError) -> JsValue {
    let error: JsValue = JsError::new(&e.message).into();
    let serializer = serde_wasm_bindgen::Serializer::json_compatible();
    if let Ok(issues) = e.issues.serialize(&serializer) {
        // Setting a property on a fresh Error object cannot fail.
        let _ = js_sys::Reflect::set(&error, &JsValue::from_str("issues"), &issues);
    }
    error
}

/// Deliberately panics: lets tests prove a core panic reaches the UI as an
/// error while the app keeps working.
#[wasm_bindgen(js_name = selfTestPanic)]
pub fn self_test_panic() {
    panic!("self-test panic requested");
}
