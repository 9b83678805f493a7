//! The app's door into the core: a few coarse calls taking project JSON
//! (so errors carry JSON paths) and returning tsify-typed results. Each
//! call forwards to the core's entry point for it and converts: its
//! outcome to a JS value without `-0` (`to_ts`), its `CallError` to a
//! thrown `Error` carrying every issue (`thrown`).
//!
//! Built twice: feature `wasm` is the module the app loads at start;
//! `wasm-exchange` adds the inventory import and the XLSX/CSV/PDF reports,
//! whose crates (calamine, rust_xlsxwriter) would double the start-up
//! module, as a second module the Worker loads on first use.

use std::sync::Mutex;

use serde::Serialize;
use tsify::{Ts, Tsify};
use wasm_bindgen::prelude::*;

use crate::bom::{price_project_json, use_part_json, PartUseOutcome, PriceOutcome};
use crate::catalog::PartSlot;
use crate::evaluate::live::{live_evaluation_json, LiveOutcome};
#[cfg(feature = "wasm-exchange")]
use crate::import::inventory::choices::{apply_outcome, ApplyImportOutcome, ImportChoices};
#[cfg(feature = "wasm-exchange")]
use crate::import::inventory::preview::InventoryPreview;
#[cfg(feature = "wasm-exchange")]
use crate::import::open::{preview_inventory, InventoryPreviewOutcome, NamedFile};
#[cfg(feature = "wasm-exchange")]
use crate::import::progress::Progress as ReadProgress;
use crate::import::workloads_csv::{
    workloads_csv_outcome, WorkloadsCsvOptions, WorkloadsCsvOutcome,
};
use crate::import::{
    catalog_file_text, catalog_in_use, catalog_listing, import_user_catalog, stored_user_catalog,
    CatalogFormat, CatalogListing, UserCatalogOutcome,
};
use crate::model::issue::CallError;
use crate::parse::{check_project_file, ProjectFileOutcome};
use crate::platform::two_sites::{rtt_curve, RttCurve};
use crate::platform::xtremio_vplex::XBrickCatalog;
use crate::recommend::{
    customise_json, search_json, Customised, Progress, RecommendOptions, RecommendOutcome, Search,
    StepTaken,
};
#[cfg(feature = "wasm-exchange")]
use crate::report::{
    comparison_from_json, csv_from_json, pdf_from_json, xlsx_from_json, CsvExport, NamedProject,
};
use crate::unsigned_zero::UnsignedZero;
use crate::InputIssue;

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
    to_ts(&live_evaluation_json(project_json))
}

/// Checks a project file before the app opens it.
#[wasm_bindgen(js_name = checkProjectFile)]
pub fn check_project_file_js(project_json: &str) -> Result<Ts<ProjectFileOutcome>, JsError> {
    to_ts(&check_project_file(project_json))
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
#[wasm_bindgen(js_name = exportCsvTables)]
pub fn export_csv_tables(project_json: &str) -> Result<Ts<CsvExport>, JsValue> {
    let tables = csv_from_json(project_json, &today()).map_err(thrown)?;
    Ok(to_ts(&tables)?)
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

/// The app's name for the inventory summary every importer shares (an
/// RVTools import's summary is that of any inventory).
#[wasm_bindgen(typescript_custom_section)]
const RVTOOLS_TYPE_NAMES: &str = "export type RvtoolsSummary = InventorySummary;";

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
    to_ts(&preview_inventory(
        &named,
        &mut ReadProgress::new(&mut report),
    ))
}

/// The project an import preview makes with the user's choices (in the
/// exchange module: the inventory types would grow the start-up module).
#[cfg(feature = "wasm-exchange")]
#[wasm_bindgen(js_name = applyImportChoices)]
pub fn apply_import_choices_js(
    preview: Ts<InventoryPreview>,
    choices: Ts<ImportChoices>,
    file_name: &str,
    user_catalog_json: Option<String>,
) -> Result<Ts<ApplyImportOutcome>, JsValue> {
    let catalog = catalog_in_use(user_catalog_json.as_deref()).map_err(thrown)?;
    let (preview, choices) = (
        preview.to_rust().map_err(JsError::from)?,
        choices.to_rust().map_err(JsError::from)?,
    );
    Ok(to_ts(&apply_outcome(
        &preview, &choices, file_name, &catalog,
    ))?)
}

/// A design search over the shipped catalog (with the user's over it,
/// when given) for the cheapest designs that meet every requirement, run a
/// step at a time: the app's Worker yields between steps, so a request to
/// cancel is seen and the search stops where it is, and the Worker with its
/// compiled module stays for the next search.
#[wasm_bindgen]
pub struct DesignSearch {
    /// The search, or the issues of an invalid project, which is not searched.
    started: Result<Search, Vec<InputIssue>>,
}

#[wasm_bindgen]
impl DesignSearch {
    #[wasm_bindgen(constructor)]
    pub fn new(
        project_json: &str,
        options: Ts<RecommendOptions>,
        user_catalog_json: Option<String>,
    ) -> Result<DesignSearch, JsValue> {
        let options = options.to_rust().map_err(JsError::from)?;
        let catalog = catalog_in_use(user_catalog_json.as_deref()).map_err(thrown)?;
        Ok(DesignSearch {
            started: search_json(project_json, &catalog, &options),
        })
    }

    #[wasm_bindgen(js_name = isDone)]
    pub fn is_done(&self) -> bool {
        self.started.as_ref().map_or(true, Search::is_done)
    }

    /// Does the next bounded piece of work (a few milliseconds).
    pub fn step(&mut self) -> Result<Ts<Progress>, JsError> {
        match &mut self.started {
            Ok(search) => to_ts(&search.step()),
            Err(_) => Err(JsError::new("an invalid project is not searched")),
        }
    }

    /// The answer: the search run to its end, or the project's issues.
    pub fn outcome(self) -> Result<Ts<RecommendOutcome>, JsError> {
        to_ts(&RecommendOutcome::of(self.started))
    }
}

/// A design the user customises from a proposal, a step (or none) away
/// from where they left it, evaluated and compared with the optimum
/// (`recommend::customise`).
#[wasm_bindgen(js_name = customiseDesign)]
pub fn customise_design(
    optimum_json: &str,
    current_json: &str,
    cluster_index: usize,
    step: Option<Ts<StepTaken>>,
    user_catalog_json: Option<String>,
) -> Result<Ts<Customised>, JsValue> {
    let step = step
        .map(|s| s.to_rust())
        .transpose()
        .map_err(JsError::from)?;
    let catalog = catalog_in_use(user_catalog_json.as_deref()).map_err(thrown)?;
    let customised = customise_json(optimum_json, current_json, cluster_index, step, &catalog)
        .map_err(thrown)?;
    Ok(to_ts(&customised)?)
}

/// The X-Brick models an XtremIO + VPLEX cluster can use, for the editor.
#[wasm_bindgen(js_name = xBrickModels)]
pub fn x_brick_models() -> Result<Ts<XBrickCatalog>, JsError> {
    to_ts(&XBrickCatalog::all())
}

/// The settings the core uses for every field a project leaves out, so the
/// editor can show them as what an empty field means.
#[wasm_bindgen(js_name = defaultSettings)]
pub fn default_settings() -> Result<Ts<crate::model::Settings>, JsError> {
    to_ts(&crate::model::Settings::default())
}

/// The stretched-cluster penalty over a range of inter-site RTTs, for the
/// latency-vs-RTT chart.
#[wasm_bindgen(js_name = stretchCurve)]
pub fn stretch_curve(max_rtt_ms: f64, steps: u32) -> Result<Ts<RttCurve>, JsValue> {
    let curve = rtt_curve(max_rtt_ms, steps).map_err(thrown)?;
    Ok(to_ts(&curve)?)
}

#[wasm_bindgen(js_name = importUserCatalog)]
pub fn import_user_catalog_js(
    bytes: &[u8],
    file_name: &str,
) -> Result<Ts<UserCatalogOutcome>, JsError> {
    to_ts(&import_user_catalog(bytes, file_name))
}

/// Every part of the catalog in use, with the shipped and the user's price.
#[wasm_bindgen(js_name = catalogListing)]
pub fn catalog_listing_js(
    user_catalog_json: Option<String>,
) -> Result<Ts<CatalogListing>, JsValue> {
    let user = stored_user_catalog(user_catalog_json.as_deref()).map_err(thrown)?;
    Ok(to_ts(&catalog_listing(
        &crate::catalog::shipped_catalog(),
        &user,
    ))?)
}

/// The catalog in use (or only the shipped one) as CSV or JSON text.
#[wasm_bindgen(js_name = exportCatalog)]
pub fn export_catalog(
    user_catalog_json: Option<String>,
    format: Ts<CatalogFormat>,
) -> Result<String, JsValue> {
    let catalog = catalog_in_use(user_catalog_json.as_deref()).map_err(thrown)?;
    let format = format.to_rust().map_err(JsError::from)?;
    catalog_file_text(&catalog, format).map_err(thrown)
}

/// A project with its catalog parts priced from the catalog in use.
#[wasm_bindgen(js_name = priceProject)]
pub fn price_project_js(
    project_json: &str,
    user_catalog_json: Option<String>,
) -> Result<Ts<PriceOutcome>, JsValue> {
    let catalog = catalog_in_use(user_catalog_json.as_deref()).map_err(thrown)?;
    Ok(to_ts(&price_project_json(project_json, &catalog))?)
}

/// A catalog part put into the design, or why it does not fit there.
#[wasm_bindgen(js_name = useCatalogPart)]
pub fn use_catalog_part(
    project_json: &str,
    part_id: &str,
    slot: Ts<PartSlot>,
    user_catalog_json: Option<String>,
) -> Result<Ts<PartUseOutcome>, JsValue> {
    let catalog = catalog_in_use(user_catalog_json.as_deref()).map_err(thrown)?;
    let slot = slot.to_rust().map_err(JsError::from)?;
    Ok(to_ts(&use_part_json(
        project_json,
        &catalog,
        part_id,
        slot,
    ))?)
}

/// A workloads CSV: every workload, or every problem with its row and column.
#[wasm_bindgen(js_name = importWorkloadsCsv)]
pub fn import_workloads_csv_js(
    bytes: &[u8],
    options: Ts<WorkloadsCsvOptions>,
) -> Result<Ts<WorkloadsCsvOutcome>, JsError> {
    to_ts(&workloads_csv_outcome(bytes, &options.to_rust()?))
}

/// The project's workloads as the workloads CSV `importWorkloadsCsv` reads
/// back; a file that does not parse throws its problem.
#[cfg(feature = "wasm-exchange")]
#[wasm_bindgen(js_name = exportWorkloadsCsv)]
pub fn export_workloads_csv_js(project_json: &str) -> Result<String, JsValue> {
    crate::import::workloads_csv::workloads_csv_from_json(project_json).map_err(thrown)
}

/// `value` as its typed JS value, the way tsify's `into_ts` makes it but
/// with no `-0` (`unsigned_zero`).
fn to_ts<T: Tsify + Serialize>(value: &T) -> Result<Ts<T>, JsError> {
    let config = T::SERIALIZATION_CONFIG;
    let serializer = serde_wasm_bindgen::Serializer::new()
        .serialize_missing_as_null(config.missing_as_null)
        .serialize_maps_as_objects(config.hashmap_as_object)
        .serialize_large_number_types_as_bigints(config.large_number_types_as_bigints);
    Ok(Ts::new_unchecked(
        UnsignedZero(value).serialize(&serializer)?,
    ))
}

/// A core error as the app gets it: an `Error` whose message says it all,
/// with `issues` (`InputIssue[]`): every problem of the input as data,
/// with its JSON path, value and allowed range; empty for a failure that
/// is not the input's.
fn thrown(e: CallError) -> JsValue {
    let error: JsValue = JsError::new(&e.message).into();
    let serializer = serde_wasm_bindgen::Serializer::json_compatible();
    if let Ok(issues) = UnsignedZero(&e.issues).serialize(&serializer) {
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
