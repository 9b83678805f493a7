//! Fuzzing of the import edge: untrusted catalog files (CSV and JSON),
//! RVTools exports (.xlsx and CSV tabs) and workloads CSVs in; the whole
//! result or every problem out, never a panic, never a hang. Every import
//! that yields workloads is then built into the starter project and
//! evaluated, as the app and the CLI do.
//!
//! cargo-fuzz would need a nightly toolchain; these targets use proptest so
//! they run on stable with `cargo test`, like `fuzz_project.rs`. Targets:
//!
//! - `fuzz_catalog_csv`, `fuzz_catalog_json`: `read_user_catalog` over random
//!   bytes, byte edits of the shipped catalog exported as CSV or JSON, and
//!   structured mutations (cells or JSON values replaced by extremes, columns
//!   and keys removed, added or renamed, rows repeated, BOM, CRLF / CR,
//!   semicolons, quotes).
//! - `fuzz_rvtools_xlsx_bytes`: `import_rvtools` over random bytes and byte
//!   edits of small generated RVTools workbooks (truncations, flipped bytes
//!   in the zip's central directory and in its deflated streams).
//! - `fuzz_rvtools_xlsx_tables`: workbooks written with rust_xlsxwriter from
//!   the generated exports' cells, mutated first (text in numeric columns,
//!   negative, huge, NaN and infinite numbers, missing and renamed columns,
//!   renamed, emptied and missing sheets, non-ASCII and very long text).
//! - `fuzz_rvtools_csv`: the same exports as CSV tabs (vInfo, vDisk,
//!   vPartition), structured and byte-level mutations.
//! - `fuzz_workloads_csv`: `import_workloads_csv` over random bytes, byte
//!   edits and structured mutations of `assets/templates/workloads.csv`.
//! - `fuzz_rvtools_large`: exports of 5,000 to 30,000 VMs (.xlsx or CSV),
//!   with a few mutations, to find slow paths.
//!
//! Each input must give `Ok` or `Err` with at least one issue; every issue
//! has a message, and an issue that names a row or column says so in its
//! message (sheet, row, column). An `Ok` user catalog must serialize without
//! a `null` (a NaN price) and be accepted again when the app reloads it. An
//! imported RVTools inventory must build into the starter project (the app
//! treats a failure there as a defect); imported workloads are built into it
//! when they name its cluster and policy. Each project is evaluated: it must
//! be `Evaluated` with no `null` in the result (NaN and infinities serialize
//! as `null`).
//!
//! Case counts: `STACKSIZER_FUZZ_CASES` per cheap target (default 256),
//! `STACKSIZER_FUZZ_XLSX_CASES` for the two .xlsx targets (default 64) and
//! `STACKSIZER_FUZZ_LARGE_CASES` for the large one (default 2; debug builds
//! cap it at 2,000 VMs unless that variable is set). `STACKSIZER_FUZZ_SEED`
//! fixes the seed. Run with `--nocapture` for per-target statistics. In
//! release builds an input taking more than 1 s in one core call (the
//! fastest of three tries) fails the target; slow inputs and minimal failing
//! inputs are written to `$CARGO_TARGET_TMPDIR/fuzz_findings/imports/`.
//!
//! `fuzz_import_corpus_replays` re-runs every file of
//! `tests/fuzz_corpus/imports/` on each `cargo test`.

#[path = "common/rvtools_fixture.rs"]
mod rvtools_fixture;

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::Cursor;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use calamine::{Data, Reader, Xlsx};
use proptest::prelude::*;
use proptest::sample::Index;
use proptest::test_runner::{Config, RngSeed, TestCaseError, TestError, TestRunner};
use rvtools_fixture::{fixture_vms, rvtools_xlsx, Shape};
use serde_json::Value;
use stacksizer_core::catalog::{shipped_catalog, Catalog, MAX_CATALOG_BYTES};
use stacksizer_core::evaluate::{evaluate_json, EvaluateOutcome};
use stacksizer_core::import::project::{starter_project, STARTER_CLUSTER_ID, STARTER_POLICY_ID};
use stacksizer_core::import::rvtools::{import_rvtools, CsvTabs, RvtoolsFile, RvtoolsOptions};
use stacksizer_core::import::workloads_csv::{import_workloads_csv, WorkloadsCsvOptions};
use stacksizer_core::import::{
    catalog_to_csv, parse_user_catalog, read_user_catalog, CatalogFormat, ImportIssue,
    MAX_XLSX_BYTES,
};
use stacksizer_core::model::Workload;
use stacksizer_core::parse::MAX_PROJECT_BYTES;

/// An input slower than this is a hang (issue 8: "0 hangs > 1 s").
const HANG: Duration = Duration::from_secs(1);

// ---------------------------------------------------------------------------
// Configuration and bookkeeping

fn env_u32(name: &str) -> Option<u32> {
    std::env::var(name).ok().and_then(|v| v.trim().parse().ok())
}

fn cases() -> u32 {
    env_u32("STACKSIZER_FUZZ_CASES").unwrap_or(256)
}

/// Writing and reading a workbook costs far more than a CSV.
fn xlsx_cases() -> u32 {
    env_u32("STACKSIZER_FUZZ_XLSX_CASES").unwrap_or(64)
}

fn config(cases: u32) -> Config {
    Config {
        cases,
        // Failures are saved as files under fuzz_findings/ instead.
        failure_persistence: None,
        rng_seed: std::env::var("STACKSIZER_FUZZ_SEED")
            .ok()
            .and_then(|s| s.trim().parse().ok())
            .map_or(RngSeed::Random, RngSeed::Fixed),
        max_shrink_iters: 4096,
        ..Config::default()
    }
}

/// One untrusted file (or set of CSV tabs) as an importer gets it.
#[derive(Debug, Clone)]
enum Input {
    CatalogCsv(Vec<u8>),
    CatalogJson(Vec<u8>),
    RvtoolsXlsx(Vec<u8>),
    RvtoolsCsv {
        vinfo: Vec<u8>,
        vdisk: Option<Vec<u8>>,
        vpartition: Option<Vec<u8>>,
    },
    WorkloadsCsv(Vec<u8>),
}

impl Input {
    fn len(&self) -> usize {
        self.files().iter().map(|(_, b)| b.len()).sum()
    }

    /// The files, each with the suffix the corpus stores it under.
    fn files(&self) -> Vec<(&'static str, &[u8])> {
        match self {
            Input::CatalogCsv(b) => vec![("catalog.csv", b)],
            Input::CatalogJson(b) => vec![("catalog.json", b)],
            Input::RvtoolsXlsx(b) => vec![("rvtools.xlsx", b)],
            Input::RvtoolsCsv {
                vinfo,
                vdisk,
                vpartition,
            } => std::iter::once(("vInfo.csv", vinfo.as_slice()))
                .chain(vdisk.as_deref().map(|b| ("vDisk.csv", b)))
                .chain(vpartition.as_deref().map(|b| ("vPartition.csv", b)))
                .collect(),
            Input::WorkloadsCsv(b) => vec![("workloads.csv", b)],
        }
    }
}

fn findings_dir() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("fuzz_findings/imports")
}

/// Saves the input's files as `<target>-<what>-<hash>.<suffix>` (the
/// corpus's naming, so a finding can be copied there as is).
fn save_finding(target: &str, what: &str, input: &Input) -> PathBuf {
    let dir = findings_dir();
    let _ = std::fs::create_dir_all(&dir);
    let hash = input
        .files()
        .iter()
        .flat_map(|(_, b)| b.iter())
        .fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
            (h ^ u64::from(*b)).wrapping_mul(0x100_0000_01b3)
        });
    let stem = format!("{target}-{what}-{hash:016x}");
    for (suffix, bytes) in input.files() {
        let _ = std::fs::write(dir.join(format!("{stem}.{suffix}")), bytes);
    }
    dir.join(stem)
}

#[derive(Default)]
struct Stats {
    inputs: u64,
    ok: u64,
    err: u64,
    /// Projects built from imports and evaluated.
    evaluated: u64,
    /// Imports the starter project refused (see `KNOWN_REFUSALS`).
    refused: u64,
    bytes: u64,
    timed: Duration,
    slowest: Duration,
    slowest_first_try: Duration,
    slowest_len: usize,
    slowest_input: Option<Input>,
    hangs: Vec<PathBuf>,
}

/// Runs one target and prints its statistics; fails on any failure and, in
/// release builds, on any input slower than `HANG`.
fn run_target<S>(target: &str, cases: u32, strategy: S, render: impl Fn(&S::Value) -> Input)
where
    S: Strategy,
{
    let stats = RefCell::new(Stats::default());
    let mut runner = TestRunner::new(config(cases));
    let started = Instant::now();
    let result = runner.run(&strategy, |value| {
        check_input(target, &render(&value), &mut stats.borrow_mut())
    });
    let wall = started.elapsed();
    let s = stats.into_inner();
    let mean = s.timed.checked_div(s.inputs.max(1) as u32);
    eprintln!(
        "fuzz {target}: {} inputs ({} ok, {} err, {} projects evaluated, {} refused), \
         {:.1} MB in total, wall {:.2?} ({:.2?}/input incl. generation and checks), \
         slowest core call mean {:.2?}/input, max {:.2?} ({} bytes; slowest first try {:.2?}), \
         {} inputs over {HANG:?}",
        s.inputs,
        s.ok,
        s.err,
        s.evaluated,
        s.refused,
        s.bytes as f64 / 1e6,
        wall,
        wall.checked_div(s.inputs.max(1) as u32).unwrap_or_default(),
        mean.unwrap_or_default(),
        s.slowest,
        s.slowest_len,
        s.slowest_first_try,
        s.hangs.len(),
    );
    if let Some(input) = &s.slowest_input {
        if s.slowest > Duration::from_millis(100) {
            let path = save_finding(target, "slowest", input);
            eprintln!("fuzz {target}: slowest input saved to {}.*", path.display());
        }
    }
    match result {
        Ok(()) => {}
        Err(TestError::Fail(reason, value)) => {
            // proptest has shrunk the input; keep the minimal one.
            let input = render(&value);
            let path = save_finding(target, "minimal-failure", &input);
            let shown: String = input
                .files()
                .iter()
                .map(|(s, b)| format!("--- {s}\n{}\n", String::from_utf8_lossy(b)))
                .collect::<String>()
                .chars()
                .take(3000)
                .collect();
            panic!(
                "fuzz target {target} failed: {reason}\nminimal input ({} bytes, saved to {}.*):\n{shown}",
                input.len(),
                path.display()
            );
        }
        Err(e) => panic!("fuzz target {target} failed: {e}"),
    }
    assert!(
        cfg!(debug_assertions) || s.hangs.is_empty(),
        "fuzz target {target}: inputs took over {HANG:?}: {:?}",
        s.hangs
    );
}

fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    panic
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| panic.downcast_ref::<&str>().map(|s| (*s).to_owned()))
        .unwrap_or_default()
}

fn check_input(target: &str, input: &Input, stats: &mut Stats) -> Result<(), TestCaseError> {
    let result = std::panic::catch_unwind(|| check(input));
    let mut took = match &result {
        Ok(Ok(checked)) => checked.slowest_call,
        _ => Duration::ZERO,
    };
    stats.slowest_first_try = stats.slowest_first_try.max(took);
    if took > HANG {
        // The machine may be busy: an input is a hang only if it stays slow.
        for _ in 0..2 {
            if let Ok(Ok(again)) = std::panic::catch_unwind(|| check(input)) {
                took = took.min(again.slowest_call);
            }
        }
    }
    stats.inputs += 1;
    stats.bytes += input.len() as u64;
    stats.timed += took;
    if took > stats.slowest {
        stats.slowest = took;
        stats.slowest_len = input.len();
        stats.slowest_input = Some(input.clone());
    }
    if took > HANG {
        stats.hangs.push(save_finding(target, "slow", input));
    }
    match result {
        Ok(Ok(checked)) => {
            if checked.ok {
                stats.ok += 1;
            } else {
                stats.err += 1;
            }
            stats.evaluated += u64::from(checked.evaluated);
            stats.refused += u64::from(checked.refused);
            Ok(())
        }
        Ok(Err(message)) => Err(TestCaseError::fail(message)),
        Err(panic) => Err(TestCaseError::fail(format!(
            "panic: {}",
            panic_message(panic.as_ref())
        ))),
    }
}

struct Checked {
    ok: bool,
    evaluated: bool,
    /// The starter project refused the imported workloads.
    refused: bool,
    /// The longest core call (import, starter project, evaluation), each
    /// timed on its own: the harness's own checks are not counted.
    slowest_call: Duration,
}

fn shipped() -> &'static Catalog {
    static SHIPPED: OnceLock<Catalog> = OnceLock::new();
    SHIPPED.get_or_init(shipped_catalog)
}

fn timed<T>(f: impl FnOnce() -> T) -> (T, Duration) {
    let started = Instant::now();
    let value = f();
    (value, started.elapsed())
}

/// The properties every input must satisfy.
fn check(input: &Input) -> Result<Checked, String> {
    match input {
        Input::CatalogCsv(bytes) => check_catalog(bytes, CatalogFormat::Csv),
        Input::CatalogJson(bytes) => check_catalog(bytes, CatalogFormat::Json),
        Input::RvtoolsXlsx(bytes) => check_rvtools(RvtoolsFile::Xlsx(bytes)),
        Input::RvtoolsCsv {
            vinfo,
            vdisk,
            vpartition,
        } => check_rvtools(RvtoolsFile::Csv(CsvTabs {
            vinfo,
            vdisk: vdisk.as_deref(),
            vpartition: vpartition.as_deref(),
            ..CsvTabs::default()
        })),
        Input::WorkloadsCsv(bytes) => {
            let (result, import_time) =
                timed(|| import_workloads_csv(bytes, &WorkloadsCsvOptions::default()));
            match result {
                Ok(workloads) => {
                    if workloads.is_empty() {
                        return Err("Ok without any workload".into());
                    }
                    // Rows may name clusters and policies of the project they join.
                    let starter = workloads.iter().all(|w| {
                        w.cluster_id == STARTER_CLUSTER_ID && w.policy_id == STARTER_POLICY_ID
                    });
                    let (project, project_time) = if starter {
                        check_project(workloads, "workloads CSV", &[])?
                    } else {
                        (Project::NotBuilt, Duration::ZERO)
                    };
                    Ok(Checked {
                        ok: true,
                        evaluated: project == Project::Evaluated,
                        refused: project == Project::Refused,
                        slowest_call: import_time.max(project_time),
                    })
                }
                Err(issues) => {
                    check_issues(&issues)?;
                    Ok(Checked {
                        ok: false,
                        evaluated: false,
                        refused: false,
                        slowest_call: import_time,
                    })
                }
            }
        }
    }
}

fn check_catalog(bytes: &[u8], format: CatalogFormat) -> Result<Checked, String> {
    let (result, import_time) = timed(|| read_user_catalog(bytes, format, shipped()));
    match result {
        Ok(imported) => {
            let value = serde_json::to_value(&imported.catalog)
                .map_err(|e| format!("the user catalog does not serialize: {e}"))?;
            if let Some(at) = null_path(&value, String::new()) {
                return Err(format!("null (a non-finite figure) at {at} in the catalog"));
            }
            // The app stores the catalog and parses it again on every start.
            let stored = value.to_string();
            let (again, reload_time) = timed(|| parse_user_catalog(&stored, shipped()));
            if let Err(issues) = again {
                return Err(format!(
                    "an accepted catalog is refused when reloaded: {:?}",
                    &issues[..issues.len().min(3)]
                ));
            }
            Ok(Checked {
                ok: true,
                evaluated: false,
                refused: false,
                slowest_call: import_time.max(reload_time),
            })
        }
        Err(issues) => {
            check_issues(&issues)?;
            Ok(Checked {
                ok: false,
                evaluated: false,
                refused: false,
                slowest_call: import_time,
            })
        }
    }
}

fn check_rvtools(file: RvtoolsFile) -> Result<Checked, String> {
    let (result, import_time) = timed(|| import_rvtools(file, &RvtoolsOptions::default()));
    match result {
        Ok(imported) => {
            let mut value = serde_json::to_value(&imported.summary)
                .map_err(|e| format!("the summary does not serialize: {e}"))?;
            // `null` is how these say "the file measured nothing" (docs/import.md).
            if let Some(summary) = value.as_object_mut() {
                for key in [
                    "measured_peak_iops",
                    "measured_p95_iops",
                    "measured_peak_mbps",
                ] {
                    if summary.get(key).is_some_and(serde_json::Value::is_null) {
                        summary.remove(key);
                    }
                }
            }
            if let Some(at) = null_path(&value, String::new()) {
                return Err(format!("null (a non-finite figure) at {at} in the summary"));
            }
            let (project, project_time) =
                check_project(imported.workloads, "RVTools", &KNOWN_REFUSALS)?;
            Ok(Checked {
                ok: true,
                evaluated: project == Project::Evaluated,
                refused: project == Project::Refused,
                slowest_call: import_time.max(project_time),
            })
        }
        Err(issues) => {
            check_issues(&issues)?;
            Ok(Checked {
                ok: false,
                evaluated: false,
                refused: false,
                slowest_call: import_time,
            })
        }
    }
}

/// Fields an imported RVTools group may carry outside the project's ranges:
/// none since the project accepts every VM shape vSphere allows (4 MB of
/// memory, 256 x 62 TB of disks), so any refusal fails the target.
const KNOWN_REFUSALS: [&str; 0] = [];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Project {
    NotBuilt,
    Evaluated,
    Refused,
}

/// Builds the starter project around imported workloads (as the app and
/// the CLI do) and evaluates it; returns what became of it and the longer
/// of the two calls. The starter project may refuse only fields ending in
/// one of `may_refuse`.
fn check_project(
    workloads: Vec<Workload>,
    source: &str,
    may_refuse: &[&str],
) -> Result<(Project, Duration), String> {
    let (project, build_time) = timed(|| starter_project("fuzz", "", workloads, shipped()));
    let project = match project {
        Ok(project) => project,
        Err(issues)
            if !issues.is_empty()
                && issues.iter().all(|i| {
                    !i.message.trim().is_empty()
                        && may_refuse.iter().any(|field| i.path.ends_with(field))
                }) =>
        {
            return Ok((Project::Refused, build_time));
        }
        Err(issues) => {
            return Err(format!(
                "imported {source} workloads do not make a valid starter project: {:?}",
                &issues[..issues.len().min(3)]
            ))
        }
    };
    let json = serde_json::to_string(&project).map_err(|e| e.to_string())?;
    let (outcome, evaluate_time) = timed(|| evaluate_json(&json));
    match outcome {
        EvaluateOutcome::Evaluated { evaluation } => {
            let value = serde_json::to_value(&evaluation)
                .map_err(|e| format!("the evaluation does not serialize: {e}"))?;
            if has_null(&value) {
                let at = null_path(&value, String::new()).unwrap_or_default();
                return Err(format!("non-finite figure (null) at {at} in an evaluation"));
            }
        }
        // A valid project is refused only when its file is too large.
        EvaluateOutcome::Invalid { issues } if json.len() <= MAX_PROJECT_BYTES => {
            return Err(format!(
                "a valid starter project ({source}) is Invalid: {:?}",
                &issues[..issues.len().min(3)]
            ));
        }
        EvaluateOutcome::Invalid { issues } => {
            if issues.is_empty() || issues.iter().any(|i| i.message.trim().is_empty()) {
                return Err("Invalid without a message".into());
            }
            return Ok((Project::Refused, build_time.max(evaluate_time)));
        }
    }
    Ok((Project::Evaluated, build_time.max(evaluate_time)))
}

/// At least one issue; each with a message that shows the row and column
/// it names (the app lists messages only).
fn check_issues(issues: &[ImportIssue]) -> Result<(), String> {
    if issues.is_empty() {
        return Err("Err without any issue".into());
    }
    for issue in issues {
        if issue.message.trim().is_empty() {
            return Err(format!("issue without a message: {issue:?}"));
        }
        if (issue.row.is_some() || issue.column.is_some()) && issue.sheet.is_none() {
            return Err(format!("a row or column without its sheet: {issue:?}"));
        }
        if let Some(sheet) = &issue.sheet {
            if !issue.message.contains(&format!("sheet \"{sheet}\"")) {
                return Err(format!("the message does not name the sheet: {issue:?}"));
            }
        }
        if let Some(row) = issue.row {
            if !issue.message.contains(&format!("row {row}")) {
                return Err(format!("the message does not name the row: {issue:?}"));
            }
        }
        if let Some(column) = &issue.column {
            if !issue.message.contains(&format!("column \"{column}\"")) {
                return Err(format!("the message does not name the column: {issue:?}"));
            }
        }
    }
    Ok(())
}

fn has_null(value: &Value) -> bool {
    match value {
        Value::Null => true,
        Value::Array(items) => items.iter().any(has_null),
        Value::Object(map) => map.values().any(has_null),
        _ => false,
    }
}

fn null_path(value: &Value, at: String) -> Option<String> {
    match value {
        Value::Null => Some(if at.is_empty() { "/".into() } else { at }),
        Value::Array(items) => items
            .iter()
            .enumerate()
            .find_map(|(i, v)| null_path(v, format!("{at}/{i}"))),
        Value::Object(map) => map
            .iter()
            .find_map(|(k, v)| null_path(v, format!("{at}/{k}"))),
        _ => None,
    }
}

// ---------------------------------------------------------------------------
// Seeds

/// A sheet as cells (row 0 = header), the form structured mutations edit.
#[derive(Debug, Clone, PartialEq)]
enum CellValue {
    Empty,
    Text(String),
    Number(f64),
    Bool(bool),
}

#[derive(Debug, Clone)]
struct Sheet {
    name: String,
    rows: Vec<Vec<CellValue>>,
}

/// Reads a workbook's sheets back into cells.
fn sheets_of(xlsx: &[u8]) -> Vec<Sheet> {
    let mut book = Xlsx::new(Cursor::new(xlsx)).expect("a generated workbook opens");
    book.sheet_names()
        .into_iter()
        .map(|name| {
            let range = book
                .worksheet_range(&name)
                .expect("a generated sheet reads");
            let rows = range
                .rows()
                .map(|row| {
                    row.iter()
                        .map(|cell| match cell {
                            Data::Int(i) => CellValue::Number(*i as f64),
                            Data::Float(f) => CellValue::Number(*f),
                            Data::String(s) => CellValue::Text(s.clone()),
                            Data::Bool(b) => CellValue::Bool(*b),
                            _ => CellValue::Empty,
                        })
                        .collect()
                })
                .collect();
            Sheet { name, rows }
        })
        .collect()
}

fn csv_cells(text: &str, name: &str) -> Sheet {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(text.as_bytes());
    let rows = reader
        .records()
        .map(|r| {
            r.expect("a shipped CSV reads")
                .iter()
                .map(|c| {
                    if c.is_empty() {
                        CellValue::Empty
                    } else {
                        CellValue::Text(c.to_owned())
                    }
                })
                .collect()
        })
        .collect();
    Sheet {
        name: name.to_owned(),
        rows,
    }
}

/// Small RVTools exports: 1, 3, 8 and 20 VMs, with and without the disk tabs.
fn rvtools_seeds() -> &'static [Vec<u8>] {
    static SEEDS: OnceLock<Vec<Vec<u8>>> = OnceLock::new();
    SEEDS.get_or_init(|| {
        [(1, true), (3, false), (8, false), (20, false), (8, true)]
            .iter()
            .map(|&(n, without_disk_tabs)| {
                rvtools_xlsx(
                    &fixture_vms(n),
                    &Shape {
                        without_disk_tabs,
                        ..Shape::default()
                    },
                )
            })
            .collect()
    })
}

fn rvtools_sheet_seeds() -> &'static [Vec<Sheet>] {
    static SEEDS: OnceLock<Vec<Vec<Sheet>>> = OnceLock::new();
    SEEDS.get_or_init(|| rvtools_seeds().iter().map(|b| sheets_of(b)).collect())
}

fn catalog_csv_text() -> &'static str {
    static TEXT: OnceLock<String> = OnceLock::new();
    TEXT.get_or_init(|| catalog_to_csv(&shipped_catalog()))
}

fn catalog_json_value() -> &'static Value {
    static VALUE: OnceLock<Value> = OnceLock::new();
    VALUE.get_or_init(|| serde_json::to_value(shipped_catalog()).expect("the catalog serializes"))
}

fn catalog_json_text() -> &'static str {
    static TEXT: OnceLock<String> = OnceLock::new();
    TEXT.get_or_init(|| {
        serde_json::to_string_pretty(catalog_json_value()).expect("the catalog serializes")
    })
}

fn workloads_template() -> &'static str {
    static TEXT: OnceLock<String> = OnceLock::new();
    TEXT.get_or_init(|| {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets/templates/workloads.csv");
        std::fs::read_to_string(path).expect("assets/templates/workloads.csv")
    })
}

/// The seeds are valid inputs: without that the mutations test little.
#[test]
fn fuzz_seeds_are_accepted() {
    let csv = Input::CatalogCsv(catalog_csv_text().as_bytes().to_vec());
    let json = Input::CatalogJson(catalog_json_text().as_bytes().to_vec());
    let workloads = Input::WorkloadsCsv(workloads_template().as_bytes().to_vec());
    let mut inputs = vec![csv, json, workloads];
    inputs.extend(rvtools_seeds().iter().cloned().map(Input::RvtoolsXlsx));
    inputs.extend(
        rvtools_sheet_seeds()
            .iter()
            .map(|sheets| render_rvtools_csv(sheets, &CsvStyle::default())),
    );
    for input in &inputs {
        match check(input) {
            Ok(Checked { ok: true, .. }) => {}
            Ok(_) => panic!("a seed is refused: {:?}", input.files()[0].0),
            Err(e) => panic!("a seed fails its checks: {e}"),
        }
    }
}

// ---------------------------------------------------------------------------
// Byte-level edits

#[derive(Debug, Clone)]
enum ByteEdit {
    Set(Index, u8),
    /// Flips one bit.
    Flip(Index, u8),
    Insert(Index, Vec<u8>),
    Delete(Index, usize),
    /// Copies a span of the input to another place.
    Splice {
        from: Index,
        len: usize,
        to: Index,
    },
    Truncate(Index),
}

fn token() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        proptest::collection::vec(any::<u8>(), 1..8),
        prop_oneof![
            Just("NaN"),
            Just("1e999"),
            Just("-1e999"),
            Just("inf"),
            Just("-0"),
            Just("18446744073709551616"),
            Just("4294967296"),
            Just("\""),
            Just("\"\""),
            Just(","),
            Just(";"),
            Just("\t"),
            Just("\r"),
            Just("\r\n"),
            Just("\n"),
            Just("\u{feff}"),
            Just("東京"),
            Just("null"),
            Just("{}"),
            Just("[]"),
            Just("\\ud800"),
            Just("PK\u{3}\u{4}"),
            Just("PK\u{1}\u{2}"),
            Just("PK\u{5}\u{6}"),
        ]
        .prop_map(|s| s.as_bytes().to_vec()),
    ]
}

fn byte_edit() -> impl Strategy<Value = ByteEdit> {
    prop_oneof![
        (any::<Index>(), any::<u8>()).prop_map(|(i, b)| ByteEdit::Set(i, b)),
        (any::<Index>(), 0..8u8).prop_map(|(i, b)| ByteEdit::Flip(i, b)),
        (any::<Index>(), token()).prop_map(|(i, t)| ByteEdit::Insert(i, t)),
        (any::<Index>(), 1..64usize).prop_map(|(i, n)| ByteEdit::Delete(i, n)),
        (any::<Index>(), 1..512usize, any::<Index>())
            .prop_map(|(from, len, to)| ByteEdit::Splice { from, len, to }),
        any::<Index>().prop_map(ByteEdit::Truncate),
    ]
}

/// Applies `edits` to `b[region]` (the rest of the bytes is kept).
fn apply_byte_edits(b: &mut Vec<u8>, region: std::ops::Range<usize>, edits: &[ByteEdit]) {
    let (start, mut end) = (region.start.min(b.len()), region.end.min(b.len()));
    for edit in edits {
        let len = end - start;
        let at = |i: &Index| start + i.index(len + 1);
        let inside = |i: &Index| start + i.index(len.max(1));
        match edit {
            ByteEdit::Set(i, v) if len > 0 => {
                let k = inside(i);
                b[k] = *v;
            }
            ByteEdit::Flip(i, bit) if len > 0 => {
                let k = inside(i);
                b[k] ^= 1 << bit;
            }
            ByteEdit::Set(..) | ByteEdit::Flip(..) => {}
            ByteEdit::Insert(i, t) => {
                let k = at(i);
                b.splice(k..k, t.iter().copied());
                end += t.len();
            }
            ByteEdit::Delete(i, n) => {
                let k = at(i);
                let stop = (k + n).min(end);
                b.drain(k..stop);
                end -= stop - k;
            }
            ByteEdit::Splice { from, len: n, to } if len > 0 => {
                let s = inside(from);
                let span: Vec<u8> = b[s..(s + n).min(end)].to_vec();
                let k = at(to);
                end += span.len();
                b.splice(k..k, span);
            }
            ByteEdit::Splice { .. } => {}
            ByteEdit::Truncate(i) => {
                let k = at(i);
                b.truncate(k);
                end = end.min(k);
                if end < start {
                    return;
                }
            }
        }
    }
}

fn edited(text: &[u8], edits: &[ByteEdit]) -> Vec<u8> {
    let mut b = text.to_vec();
    let len = b.len();
    apply_byte_edits(&mut b, 0..len, edits);
    b
}

fn random_bytes() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        proptest::collection::vec(any::<u8>(), 0..512),
        // Mostly CSV punctuation and digits, so the reader gets past row 1.
        proptest::collection::vec(
            prop_oneof![
                Just(b','),
                Just(b';'),
                Just(b'\t'),
                Just(b'"'),
                Just(b'\n'),
                Just(b'\r'),
                Just(b'1'),
                Just(b'-'),
                Just(b'e'),
                Just(b'.'),
                Just(b'a'),
                any::<u8>(),
            ],
            0..256
        ),
    ]
}

fn byte_edits() -> impl Strategy<Value = Vec<ByteEdit>> {
    prop_oneof![
        3 => proptest::collection::vec(byte_edit(), 1..3),
        1 => proptest::collection::vec(byte_edit(), 3..8),
    ]
}

// ---------------------------------------------------------------------------
// Structured edits of sheets

fn long_text(n: usize) -> String {
    "ü-x".repeat(n / 3 + 1)
}

fn odd_text() -> impl Strategy<Value = String> {
    prop_oneof![
        prop_oneof![
            Just(""),
            Just(" "),
            Just("NaN"),
            Just("nan"),
            Just("inf"),
            Just("-inf"),
            Just("Infinity"),
            Just("1e999"),
            Just("-1e999"),
            Just("1e308"),
            Just("-0"),
            Just("-1"),
            Just("0"),
            Just("0.5"),
            Just(" 7 "),
            Just("1,5"),
            Just("0x10"),
            Just("4294967295"),
            Just("4294967296"),
            Just("18446744073709551616"),
            Just("9007199254740993"),
            Just("1e-320"),
            Just("True"),
            Just("false"),
            Just("yes"),
            Just("poweredOn"),
            Just("poweredOff"),
            Just("suspended"),
            Just("sql_server"),
            Just("vm_group"),
            Just("exchange"),
            Just("file_server"),
            Just("availability_group"),
            Just("failover_cluster"),
            Just("device"),
            Just("host"),
            Just("xbrick"),
            Just("vplex_engine"),
            Just("EUR"),
            Just("user"),
            Just("imported"),
            Just("raid1-ftt1"),
            Just("東京"),
            Just("ünïcødé"),
            Just("\u{202e}evil"),
            Just("\u{0}"),
            Just("\""),
            Just("a,b"),
            Just("a;b"),
            Just("line\nbreak"),
            Just("cr\rreturn"),
            Just("\u{feff}"),
            Just("#N/A"),
            Just("=1+1"),
        ]
        .prop_map(str::to_owned),
        "\\PC{0,12}",
        (1usize..=6).prop_map(|k| long_text(10usize.pow(k as u32).min(40_000))),
        any::<f64>().prop_map(|f| f.to_string()),
        any::<i64>().prop_map(|i| i.to_string()),
    ]
}

fn odd_number() -> impl Strategy<Value = f64> {
    prop_oneof![
        Just(f64::NAN),
        Just(f64::INFINITY),
        Just(f64::NEG_INFINITY),
        Just(f64::MAX),
        Just(f64::MIN),
        Just(f64::MIN_POSITIVE),
        Just(5e-324),
        Just(-0.0),
        Just(0.0),
        Just(-1.0),
        Just(0.5),
        Just(768.0),
        Just(769.0),
        Just(4_294_967_296.0),
        Just(1e16),
        Just(9.0e15),
        any::<f64>(),
        (0u32..100_000).prop_map(f64::from),
    ]
}

fn cell_value() -> impl Strategy<Value = CellValue> {
    prop_oneof![
        1 => Just(CellValue::Empty),
        4 => odd_text().prop_map(CellValue::Text),
        3 => odd_number().prop_map(CellValue::Number),
        1 => any::<bool>().prop_map(CellValue::Bool),
    ]
}

/// Column headers the importers look for, plus near misses.
fn header_name() -> impl Strategy<Value = String> {
    prop_oneof![
        prop_oneof![
            Just("VM"),
            Just("Powerstate"),
            Just("Template"),
            Just("CPUs"),
            Just("Memory"),
            Just("Provisioned MiB"),
            Just("Provisioned MB"),
            Just("In Use MiB"),
            Just("In Use MB"),
            Just("Cluster"),
            Just("OS according to the configuration file"),
            Just("OS according to the VMware Tools"),
            Just("VM UUID"),
            Just("Capacity MiB"),
            Just("Capacity MB"),
            Just("Consumed MiB"),
            Just(" cpus "),
            Just("id"),
            Just("name"),
            Just("kind"),
            Just("category"),
            Just("unit_price"),
            Just("currency"),
            Just("commit"),
            Just("deployment"),
            Just("replicas"),
            Just("iscsi_target"),
            Just("read_pct"),
            Just("vm_count"),
            Just("capacity_gb"),
            Just("directors"),
            Just("\u{feff}id"),
            Just(""),
        ]
        .prop_map(str::to_owned),
        odd_text(),
    ]
}

#[derive(Debug, Clone)]
enum TableEdit {
    Cell {
        sheet: Index,
        row: Index,
        col: Index,
        value: CellValue,
    },
    /// The same value down a whole column.
    Column {
        sheet: Index,
        col: Index,
        value: CellValue,
    },
    Header {
        sheet: Index,
        col: Index,
        name: String,
    },
    DropColumn {
        sheet: Index,
        col: Index,
    },
    AddColumn {
        sheet: Index,
        at: Index,
        name: String,
        value: CellValue,
    },
    DropRows {
        sheet: Index,
        from: Index,
        len: usize,
    },
    RepeatRows {
        sheet: Index,
        row: Index,
        times: usize,
    },
    /// Cells added to (or cut from) the end of one row.
    Ragged {
        sheet: Index,
        row: Index,
        extra: Vec<CellValue>,
        cut: usize,
    },
    Clear {
        sheet: Index,
        keep_header: bool,
    },
    DropSheet(Index),
    RenameSheet {
        sheet: Index,
        name: String,
    },
}

fn table_edit() -> impl Strategy<Value = TableEdit> {
    let i = any::<Index>;
    prop_oneof![
        8 => (i(), i(), i(), cell_value())
            .prop_map(|(sheet, row, col, value)| TableEdit::Cell { sheet, row, col, value }),
        2 => (i(), i(), cell_value())
            .prop_map(|(sheet, col, value)| TableEdit::Column { sheet, col, value }),
        2 => (i(), i(), header_name())
            .prop_map(|(sheet, col, name)| TableEdit::Header { sheet, col, name }),
        2 => (i(), i()).prop_map(|(sheet, col)| TableEdit::DropColumn { sheet, col }),
        1 => (i(), i(), header_name(), cell_value())
            .prop_map(|(sheet, at, name, value)| TableEdit::AddColumn { sheet, at, name, value }),
        1 => (i(), i(), 1..40usize)
            .prop_map(|(sheet, from, len)| TableEdit::DropRows { sheet, from, len }),
        1 => (i(), i(), prop_oneof![4 => 1..20usize, 1 => 20..400usize])
            .prop_map(|(sheet, row, times)| TableEdit::RepeatRows { sheet, row, times }),
        1 => (i(), i(), proptest::collection::vec(cell_value(), 0..3), 0..30usize)
            .prop_map(|(sheet, row, extra, cut)| TableEdit::Ragged { sheet, row, extra, cut }),
        1 => (i(), any::<bool>()).prop_map(|(sheet, keep_header)| TableEdit::Clear { sheet, keep_header }),
        1 => i().prop_map(TableEdit::DropSheet),
        1 => (i(), prop_oneof![
                Just("vinfo".to_owned()),
                Just(" vInfo ".to_owned()),
                Just("vDisk".to_owned()),
                Just("vPartition".to_owned()),
                Just("Sheet1".to_owned()),
                "\\PC{0,40}",
            ])
            .prop_map(|(sheet, name)| TableEdit::RenameSheet { sheet, name }),
    ]
}

fn table_edits() -> impl Strategy<Value = Vec<TableEdit>> {
    prop_oneof![
        3 => proptest::collection::vec(table_edit(), 1..3),
        1 => proptest::collection::vec(table_edit(), 3..10),
    ]
}

fn apply_table_edits(sheets: &mut Vec<Sheet>, edits: &[TableEdit]) {
    for edit in edits {
        if sheets.is_empty() {
            return;
        }
        let n = sheets.len();
        match edit {
            TableEdit::Cell {
                sheet,
                row,
                col,
                value,
            } => {
                let s = &mut sheets[sheet.index(n)];
                if s.rows.is_empty() {
                    continue;
                }
                let r = row.index(s.rows.len());
                let width = s.rows[r].len().max(1);
                let c = col.index(width);
                if s.rows[r].len() <= c {
                    s.rows[r].resize(c + 1, CellValue::Empty);
                }
                s.rows[r][c] = value.clone();
            }
            TableEdit::Column { sheet, col, value } => {
                let s = &mut sheets[sheet.index(n)];
                let width = s.rows.first().map_or(1, |h| h.len().max(1));
                let c = col.index(width);
                for row in s.rows.iter_mut().skip(1) {
                    if row.len() > c {
                        row[c] = value.clone();
                    }
                }
            }
            TableEdit::Header { sheet, col, name } => {
                let s = &mut sheets[sheet.index(n)];
                if let Some(header) = s.rows.first_mut() {
                    if !header.is_empty() {
                        let c = col.index(header.len());
                        header[c] = CellValue::Text(name.clone());
                    }
                }
            }
            TableEdit::DropColumn { sheet, col } => {
                let s = &mut sheets[sheet.index(n)];
                let width = s.rows.first().map_or(0, Vec::len);
                if width == 0 {
                    continue;
                }
                let c = col.index(width);
                for row in &mut s.rows {
                    if row.len() > c {
                        row.remove(c);
                    }
                }
            }
            TableEdit::AddColumn {
                sheet,
                at,
                name,
                value,
            } => {
                let s = &mut sheets[sheet.index(n)];
                let width = s.rows.first().map_or(0, Vec::len);
                let c = at.index(width + 1);
                for (r, row) in s.rows.iter_mut().enumerate() {
                    let cell = if r == 0 {
                        CellValue::Text(name.clone())
                    } else {
                        value.clone()
                    };
                    let c = c.min(row.len());
                    row.insert(c, cell);
                }
            }
            TableEdit::DropRows { sheet, from, len } => {
                let s = &mut sheets[sheet.index(n)];
                if s.rows.is_empty() {
                    continue;
                }
                let k = from.index(s.rows.len());
                let end = (k + len).min(s.rows.len());
                s.rows.drain(k..end);
            }
            TableEdit::RepeatRows { sheet, row, times } => {
                let s = &mut sheets[sheet.index(n)];
                if s.rows.len() < 2 {
                    continue;
                }
                let r = 1 + row.index(s.rows.len() - 1);
                let copy = s.rows[r].clone();
                for _ in 0..*times {
                    s.rows.insert(r, copy.clone());
                }
            }
            TableEdit::Ragged {
                sheet,
                row,
                extra,
                cut,
            } => {
                let s = &mut sheets[sheet.index(n)];
                if s.rows.is_empty() {
                    continue;
                }
                let r = row.index(s.rows.len());
                let keep = s.rows[r].len().saturating_sub(*cut);
                s.rows[r].truncate(keep);
                s.rows[r].extend(extra.iter().cloned());
            }
            TableEdit::Clear { sheet, keep_header } => {
                let s = &mut sheets[sheet.index(n)];
                s.rows.truncate(usize::from(*keep_header));
            }
            TableEdit::DropSheet(sheet) => {
                sheets.remove(sheet.index(n));
            }
            TableEdit::RenameSheet { sheet, name } => {
                sheets[sheet.index(n)].name = name.clone();
            }
        }
    }
}

/// Grows every sheet's data rows to `rows` by repeating them, optionally
/// with names (first column) and VM UUIDs made unique.
fn grow_rows(sheets: &mut [Sheet], rows: usize, unique: bool) {
    for s in sheets.iter_mut() {
        if s.rows.len() < 2 {
            continue;
        }
        let uuid = s.rows[0]
            .iter()
            .position(|h| *h == CellValue::Text("VM UUID".into()));
        let originals = s.rows.len() - 1;
        for k in originals..rows {
            let mut copy = s.rows[1 + k % originals].clone();
            if unique {
                for c in std::iter::once(0).chain(uuid) {
                    if let Some(CellValue::Text(t)) = copy.get_mut(c) {
                        write!(t, "~{}", k / originals).unwrap_or(());
                    }
                }
            }
            s.rows.push(copy);
        }
    }
}

// ---------------------------------------------------------------------------
// Rendering sheets as files

#[derive(Debug, Clone, Default)]
struct CsvStyle {
    /// 0: comma, 1: semicolon, 2: tab.
    delimiter: u8,
    /// 0: LF, 1: CRLF, 2: CR.
    terminator: u8,
    bom: bool,
    quote_all: bool,
}

fn csv_style() -> impl Strategy<Value = CsvStyle> {
    prop_oneof![
        // Mostly as Excel writes it.
        3 => Just(CsvStyle::default()),
        2 => (0..3u8, 0..3u8, any::<bool>(), any::<bool>()).prop_map(
            |(delimiter, terminator, bom, quote_all)| CsvStyle {
                delimiter,
                terminator,
                bom,
                quote_all,
            }
        ),
    ]
}

fn cell_text(cell: &CellValue) -> String {
    match cell {
        CellValue::Empty => String::new(),
        CellValue::Text(t) => t.clone(),
        CellValue::Number(n) => n.to_string(),
        CellValue::Bool(b) => if *b { "True" } else { "False" }.to_owned(),
    }
}

fn render_csv(sheet: &Sheet, style: &CsvStyle) -> Vec<u8> {
    let mut out = Vec::new();
    if style.bom {
        out.extend_from_slice("\u{feff}".as_bytes());
    }
    let mut writer = csv::WriterBuilder::new()
        .delimiter([b',', b';', b'\t'][usize::from(style.delimiter % 3)])
        .terminator(match style.terminator {
            1 => csv::Terminator::CRLF,
            2 => csv::Terminator::Any(b'\r'),
            _ => csv::Terminator::Any(b'\n'),
        })
        .quote_style(if style.quote_all {
            csv::QuoteStyle::Always
        } else {
            csv::QuoteStyle::Necessary
        })
        .flexible(true)
        .from_writer(out);
    for row in &sheet.rows {
        let cells: Vec<String> = row.iter().map(cell_text).collect();
        // An empty record cannot be written; a blank line stands for it.
        if cells.is_empty() {
            writer.write_record([""]).expect("writing to memory");
        } else {
            writer.write_record(&cells).expect("writing to memory");
        }
    }
    writer.into_inner().expect("an in-memory writer flushes")
}

fn render_xlsx(sheets: &[Sheet]) -> Vec<u8> {
    let mut book = rust_xlsxwriter::Workbook::new();
    let mut names = std::collections::HashSet::new();
    for (i, s) in sheets.iter().enumerate() {
        let sheet = book.add_worksheet();
        // rust_xlsxwriter refuses names Excel refuses (too long, `[]:*?/\`,
        // repeated in any case); those sheets get a name of their own.
        let fresh = names.insert(s.name.to_lowercase());
        if !fresh || sheet.set_name(&s.name).is_err() {
            let _ = sheet.set_name(format!("Sheet~{}", i + 1));
        }
        for (r, row) in s.rows.iter().enumerate() {
            for (c, cell) in row.iter().enumerate() {
                let (r, c) = (r as u32, c as u16);
                // Cells rust_xlsxwriter refuses (text over 32,767 characters) are left out.
                let _ = match cell {
                    CellValue::Empty => continue,
                    CellValue::Text(t) => sheet.write_string(r, c, t).map(|_| ()),
                    CellValue::Number(x) => sheet.write_number(r, c, *x).map(|_| ()),
                    CellValue::Bool(b) => sheet.write_boolean(r, c, *b).map(|_| ()),
                };
            }
        }
    }
    book.save_to_buffer().expect("a workbook saves to memory")
}

/// The sheets as RVTools CSV tabs: vInfo is the first sheet, the disk
/// tabs are found by name.
fn render_rvtools_csv(sheets: &[Sheet], style: &CsvStyle) -> Input {
    let tab = |name: &str| {
        sheets
            .iter()
            .find(|s| s.name == name)
            .map(|s| render_csv(s, style))
    };
    Input::RvtoolsCsv {
        vinfo: sheets
            .first()
            .map(|s| render_csv(s, style))
            .unwrap_or_default(),
        vdisk: tab("vDisk"),
        vpartition: tab("vPartition"),
    }
}

// ---------------------------------------------------------------------------
// Catalog targets

/// How a cheap target's input is made.
#[derive(Debug, Clone)]
enum Made<T> {
    Random(Vec<u8>),
    Bytes(Vec<ByteEdit>),
    Structured(T),
}

fn made<T: std::fmt::Debug + Clone>(
    structured: impl Strategy<Value = T>,
) -> impl Strategy<Value = Made<T>> {
    prop_oneof![
        1 => random_bytes().prop_map(Made::Random),
        1 => byte_edits().prop_map(Made::Bytes),
        2 => structured.prop_map(Made::Structured),
    ]
}

fn render_table_input(
    made: &Made<(Vec<TableEdit>, CsvStyle)>,
    seed_text: &str,
    name: &str,
) -> Vec<u8> {
    match made {
        Made::Random(b) => b.clone(),
        Made::Bytes(edits) => edited(seed_text.as_bytes(), edits),
        Made::Structured((edits, style)) => {
            let mut sheets = vec![csv_cells(seed_text, name)];
            apply_table_edits(&mut sheets, edits);
            sheets
                .first()
                .map(|s| render_csv(s, style))
                .unwrap_or_default()
        }
    }
}

#[test]
fn fuzz_catalog_csv() {
    let strategy = made((table_edits(), csv_style()));
    run_target("catalog_csv", cases(), strategy, |m| {
        Input::CatalogCsv(render_table_input(m, catalog_csv_text(), "catalog"))
    });
}

#[derive(Debug, Clone)]
enum JsonEdit {
    Replace(Index, Value),
    /// A raw token (not valid JSON for serde_json's writer) in a node's place.
    Raw(Index, &'static str),
    DeleteKey(Index),
    AddKey(Index, String, Value),
    /// A part (or any node) copied over another node, or appended to the parts.
    Copy(Index, Index),
    DuplicatePart(Index, bool),
}

fn json_leaf() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        odd_number()
            .prop_map(|n| serde_json::Number::from_f64(n).map_or(Value::Null, Value::Number)),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        odd_text().prop_map(Value::String),
        Just(Value::Array(vec![])),
        Just(serde_json::json!({})),
    ]
}

fn json_edit() -> impl Strategy<Value = JsonEdit> {
    let i = any::<Index>;
    prop_oneof![
        6 => (i(), json_leaf()).prop_map(|(at, v)| JsonEdit::Replace(at, v)),
        2 => (i(), prop_oneof![
            Just("NaN"),
            Just("Infinity"),
            Just("1e999"),
            Just("-1e999"),
            Just("-0"),
            Just("18446744073709551616"),
            Just("01"),
            Just(".5"),
            Just("\"\\ud800\""),
        ]).prop_map(|(at, t)| JsonEdit::Raw(at, t)),
        2 => i().prop_map(JsonEdit::DeleteKey),
        1 => (i(), header_name(), json_leaf()).prop_map(|(at, k, v)| JsonEdit::AddKey(at, k, v)),
        1 => (i(), i()).prop_map(|(from, to)| JsonEdit::Copy(from, to)),
        1 => (i(), any::<bool>()).prop_map(|(p, keep_id)| JsonEdit::DuplicatePart(p, keep_id)),
    ]
}

fn count_nodes(v: &Value) -> usize {
    1 + match v {
        Value::Array(items) => items.iter().map(count_nodes).sum(),
        Value::Object(map) => map.values().map(count_nodes).sum(),
        _ => 0,
    }
}

/// The `k`-th node in depth-first order.
fn node_mut(v: &mut Value, k: usize) -> Option<&mut Value> {
    fn walk<'a>(v: &'a mut Value, k: &mut usize) -> Option<&'a mut Value> {
        if *k == 0 {
            return Some(v);
        }
        *k -= 1;
        match v {
            Value::Array(items) => items.iter_mut().find_map(|c| walk(c, k)),
            Value::Object(map) => map.values_mut().find_map(|c| walk(c, k)),
            _ => None,
        }
    }
    let mut k = k;
    walk(v, &mut k)
}

/// The `k`-th object in depth-first order.
fn object_mut(v: &mut Value, k: Index) -> Option<&mut serde_json::Map<String, Value>> {
    let n = count_nodes(v);
    let start = k.index(n);
    (0..n)
        .map(|d| (start + d) % n)
        .find(|&j| matches!(node_mut(v, j), Some(Value::Object(_))))
        .and_then(|j| match node_mut(v, j) {
            Some(Value::Object(map)) => Some(map),
            _ => None,
        })
}

fn render_json(base: &Value, edits: &[JsonEdit]) -> String {
    let mut doc = base.clone();
    let mut raw: Vec<&'static str> = Vec::new();
    for edit in edits {
        match edit {
            JsonEdit::Replace(at, v) => {
                let n = count_nodes(&doc);
                if let Some(node) = node_mut(&mut doc, at.index(n)) {
                    *node = v.clone();
                }
            }
            JsonEdit::Raw(at, token) => {
                let n = count_nodes(&doc);
                if let Some(node) = node_mut(&mut doc, at.index(n)) {
                    *node = Value::String(format!("\u{1}RAW{}\u{1}", raw.len()));
                    raw.push(token);
                }
            }
            JsonEdit::DeleteKey(at) => {
                if let Some(map) = object_mut(&mut doc, *at) {
                    if !map.is_empty() {
                        let key = map.keys().nth(at.index(map.len())).cloned();
                        if let Some(key) = key {
                            map.remove(&key);
                        }
                    }
                }
            }
            JsonEdit::AddKey(at, key, v) => {
                if let Some(map) = object_mut(&mut doc, *at) {
                    map.insert(key.clone(), v.clone());
                }
            }
            JsonEdit::Copy(from, to) => {
                let n = count_nodes(&doc);
                let copy = node_mut(&mut doc, from.index(n)).map(|v| v.clone());
                if let (Some(copy), Some(node)) = (copy, node_mut(&mut doc, to.index(n))) {
                    *node = copy;
                }
            }
            JsonEdit::DuplicatePart(p, keep_id) => {
                if let Some(Value::Array(parts)) = doc.get_mut("parts") {
                    if !parts.is_empty() {
                        let mut copy = parts[p.index(parts.len())].clone();
                        if !keep_id {
                            if let Some(Value::String(id)) = copy.get_mut("id") {
                                id.push_str("~copy");
                            }
                        }
                        parts.push(copy);
                    }
                }
            }
        }
    }
    let mut text = doc.to_string();
    for (k, token) in raw.iter().enumerate() {
        text = text.replace(&format!("\"\\u0001RAW{k}\\u0001\""), token);
    }
    text
}

#[test]
fn fuzz_catalog_json() {
    let strategy = made(prop_oneof![
        3 => proptest::collection::vec(json_edit(), 1..3),
        1 => proptest::collection::vec(json_edit(), 3..10),
    ]);
    run_target("catalog_json", cases(), strategy, |m| {
        Input::CatalogJson(match m {
            Made::Random(b) => b.clone(),
            Made::Bytes(edits) => edited(catalog_json_text().as_bytes(), edits),
            Made::Structured(edits) => render_json(catalog_json_value(), edits).into_bytes(),
        })
    });
}

// ---------------------------------------------------------------------------
// Workloads CSV

#[test]
fn fuzz_workloads_csv() {
    let strategy = made((table_edits(), csv_style()));
    run_target("workloads_csv", cases(), strategy, |m| {
        Input::WorkloadsCsv(render_table_input(m, workloads_template(), "workloads"))
    });
}

// ---------------------------------------------------------------------------
// RVTools

/// Where in a zip archive byte edits land.
#[derive(Debug, Clone, Copy)]
enum ZipRegion {
    Anywhere,
    /// The central directory and its end record (the archive's index).
    CentralDirectory,
    /// Local headers and deflated streams.
    Entries,
}

/// Offset of the central directory, from the end-of-central-directory record.
fn central_directory_start(zip: &[u8]) -> usize {
    let eocd = zip
        .windows(4)
        .rposition(|w| w == b"PK\x05\x06")
        .expect("a generated workbook is a zip");
    let at = eocd + 16;
    u32::from_le_bytes(zip[at..at + 4].try_into().expect("4 bytes")) as usize
}

#[test]
fn fuzz_rvtools_xlsx_bytes() {
    let seeds = rvtools_seeds();
    let strategy = prop_oneof![
        1 => random_bytes().prop_map(|b| (0, ZipRegion::Anywhere, b, vec![])),
        6 => (
            0..seeds.len(),
            prop_oneof![
                Just(ZipRegion::Anywhere),
                Just(ZipRegion::CentralDirectory),
                Just(ZipRegion::Entries),
            ],
            Just(vec![]),
            byte_edits(),
        ),
    ];
    run_target(
        "rvtools_xlsx_bytes",
        xlsx_cases(),
        strategy,
        |(seed, region, random, edits)| {
            if edits.is_empty() {
                return Input::RvtoolsXlsx(random.clone());
            }
            let mut b = seeds[*seed].clone();
            let cd = central_directory_start(&b);
            let range = match region {
                ZipRegion::Anywhere => 0..b.len(),
                ZipRegion::CentralDirectory => cd..b.len(),
                ZipRegion::Entries => 0..cd,
            };
            apply_byte_edits(&mut b, range, edits);
            Input::RvtoolsXlsx(b)
        },
    );
}

#[test]
fn fuzz_rvtools_xlsx_tables() {
    let seeds = rvtools_sheet_seeds();
    let strategy = (0..seeds.len(), table_edits());
    run_target(
        "rvtools_xlsx_tables",
        xlsx_cases(),
        strategy,
        |(seed, edits)| {
            let mut sheets = seeds[*seed].clone();
            apply_table_edits(&mut sheets, edits);
            Input::RvtoolsXlsx(render_xlsx(&sheets))
        },
    );
}

#[test]
fn fuzz_rvtools_csv() {
    let seeds = rvtools_sheet_seeds();
    let strategy = (
        0..seeds.len(),
        made((table_edits(), csv_style())),
        // Which tab byte edits and random bytes go to.
        0..3usize,
    );
    run_target("rvtools_csv", cases(), strategy, |(seed, m, tab)| {
        let sheets = &seeds[*seed];
        let (edits, style) = match m {
            Made::Structured((edits, style)) => (edits.as_slice(), style.clone()),
            _ => (&[][..], CsvStyle::default()),
        };
        let mut sheets = sheets.clone();
        apply_table_edits(&mut sheets, edits);
        let mut input = render_rvtools_csv(&sheets, &style);
        if let Input::RvtoolsCsv {
            vinfo,
            vdisk,
            vpartition,
        } = &mut input
        {
            let target = match tab {
                1 => vdisk.as_mut(),
                2 => vpartition.as_mut(),
                _ => Some(vinfo),
            };
            if let Some(bytes) = target {
                match m {
                    Made::Random(b) => *bytes = b.clone(),
                    Made::Bytes(edits) => *bytes = edited(bytes, edits),
                    Made::Structured(_) => {}
                }
            }
        }
        input
    });
}

#[test]
fn fuzz_rvtools_large() {
    let seeds = rvtools_sheet_seeds();
    let cases = env_u32("STACKSIZER_FUZZ_LARGE_CASES").unwrap_or(2);
    let rows = if cfg!(debug_assertions) && env_u32("STACKSIZER_FUZZ_LARGE_CASES").is_none() {
        1_000..=2_000usize
    } else {
        5_000..=45_000usize
    };
    let strategy = (
        0..seeds.len(),
        rows,
        any::<bool>(),
        any::<bool>(),
        proptest::collection::vec(table_edit(), 0..3),
    );
    run_target(
        "rvtools_large",
        cases,
        strategy,
        |(seed, rows, unique, xlsx, edits)| {
            let mut sheets = seeds[*seed].clone();
            grow_rows(&mut sheets, *rows, *unique);
            apply_table_edits(&mut sheets, edits);
            if *xlsx {
                Input::RvtoolsXlsx(render_xlsx(&sheets))
            } else {
                render_rvtools_csv(&sheets, &CsvStyle::default())
            }
        },
    );
}

// ---------------------------------------------------------------------------
// Regression corpus

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz_corpus/imports")
}

/// The corpus's files grouped into inputs by stem: `x.catalog.csv`,
/// `x.catalog.json`, `x.rvtools.xlsx`, `x.workloads.csv`, or the CSV tabs
/// `x.vInfo.csv` with optional `x.vDisk.csv` and `x.vPartition.csv`.
fn corpus_inputs() -> Vec<(String, Input)> {
    let mut by_stem: BTreeMap<String, BTreeMap<String, Vec<u8>>> = BTreeMap::new();
    for entry in std::fs::read_dir(corpus_dir()).expect("tests/fuzz_corpus/imports exists") {
        let path = entry.expect("a directory entry").path();
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        if !path.is_file() || name == "README.md" {
            continue;
        }
        let mut parts = name.rsplitn(3, '.');
        let (ext, kind, stem) = (parts.next(), parts.next(), parts.next());
        let (Some(ext), Some(kind), Some(stem)) = (ext, kind, stem) else {
            panic!("corpus file {name} is not named <stem>.<kind>.<ext>");
        };
        let bytes = std::fs::read(&path).expect("corpus file readable");
        by_stem
            .entry(stem.to_owned())
            .or_default()
            .insert(format!("{kind}.{ext}"), bytes);
    }
    by_stem
        .into_iter()
        .map(|(stem, mut files)| {
            let mut take = |k: &str| files.remove(k);
            let input = if let Some(b) = take("catalog.csv") {
                Input::CatalogCsv(b)
            } else if let Some(b) = take("catalog.json") {
                Input::CatalogJson(b)
            } else if let Some(b) = take("rvtools.xlsx") {
                Input::RvtoolsXlsx(b)
            } else if let Some(b) = take("workloads.csv") {
                Input::WorkloadsCsv(b)
            } else if let Some(vinfo) = take("vInfo.csv") {
                Input::RvtoolsCsv {
                    vinfo,
                    vdisk: take("vDisk.csv"),
                    vpartition: take("vPartition.csv"),
                }
            } else {
                panic!("corpus input {stem} has no file this harness reads");
            };
            assert!(files.is_empty(), "corpus input {stem}: unused {files:?}");
            (stem, input)
        })
        .collect()
}

/// Every corpus input must pass the fuzz checks, without a panic and, in
/// release builds, within `HANG`.
#[test]
fn fuzz_import_corpus_replays() {
    let inputs = corpus_inputs();
    assert!(!inputs.is_empty(), "the import fuzz corpus is empty");
    let mut failures = String::new();
    for (stem, input) in &inputs {
        match std::panic::catch_unwind(|| check(input)) {
            Ok(Ok(checked)) => {
                if !cfg!(debug_assertions) && checked.slowest_call > HANG {
                    writeln!(failures, "{stem}: took {:?}", checked.slowest_call).unwrap_or(());
                }
            }
            Ok(Err(message)) => writeln!(failures, "{stem}: {message}").unwrap_or(()),
            Err(panic) => writeln!(
                failures,
                "{stem}: panicked: {}",
                panic_message(panic.as_ref())
            )
            .unwrap_or(()),
        }
    }
    assert!(
        failures.is_empty(),
        "import fuzz corpus regressions:\n{failures}"
    );
}

/// Inputs at and past the importers' limits, too large for corpus files.
#[test]
fn fuzz_import_generated_limits() {
    let expect_err = |input: &Input, needle: &str| match check(input) {
        Ok(Checked { ok: false, .. }) => {
            let issues = match input {
                Input::CatalogCsv(b) => read_user_catalog(b, CatalogFormat::Csv, shipped())
                    .err()
                    .unwrap_or_default(),
                Input::CatalogJson(b) => read_user_catalog(b, CatalogFormat::Json, shipped())
                    .err()
                    .unwrap_or_default(),
                Input::RvtoolsXlsx(b) => {
                    import_rvtools(RvtoolsFile::Xlsx(b), &RvtoolsOptions::default())
                        .err()
                        .unwrap_or_default()
                }
                Input::RvtoolsCsv { vinfo, .. } => import_rvtools(
                    RvtoolsFile::Csv(CsvTabs {
                        vinfo,
                        ..CsvTabs::default()
                    }),
                    &RvtoolsOptions::default(),
                )
                .err()
                .unwrap_or_default(),
                Input::WorkloadsCsv(b) => import_workloads_csv(b, &WorkloadsCsvOptions::default())
                    .err()
                    .unwrap_or_default(),
            };
            assert!(
                issues.iter().any(|i| i.message.contains(needle)),
                "expected an issue saying {needle:?}, got {issues:?}"
            );
        }
        Ok(Checked { ok: true, .. }) => panic!("expected {needle:?}, the input was accepted"),
        Err(e) => panic!("{e}"),
    };
    // Files one byte over each size limit.
    let mut json = catalog_json_text().as_bytes().to_vec();
    json.resize(MAX_CATALOG_BYTES + 1, b' ');
    expect_err(&Input::CatalogJson(json), "at most");
    let mut xlsx = rvtools_seeds()[0].clone();
    xlsx.resize(MAX_XLSX_BYTES + 1, 0);
    expect_err(&Input::RvtoolsXlsx(xlsx), "at most");
    // One data row more than each CSV reads.
    let template = workloads_template();
    let row = template.lines().nth(1).expect("a template row");
    let mut csv = String::from(template.lines().next().expect("a header"));
    for i in 0..=10_000 {
        write!(csv, "\n{}", row.replacen("sql-oltp", &format!("w{i}"), 1)).unwrap_or(());
    }
    expect_err(&Input::WorkloadsCsv(csv.into_bytes()), "more than 10000");
    // Only the columns the importer reads, to keep the debug build quick.
    let mut vinfo = String::from(
        "VM,Powerstate,Template,CPUs,Memory,Provisioned MiB,In Use MiB,Cluster,\
         OS according to the configuration file",
    );
    for i in 0..=45_000 {
        write!(vinfo, "\nvm{i},poweredOn,False,1,1024,1,1,c,os").unwrap_or(());
    }
    let input = Input::RvtoolsCsv {
        vinfo: vinfo.into_bytes(),
        vdisk: None,
        vpartition: None,
    };
    expect_err(&input, "more than 45000");
}
