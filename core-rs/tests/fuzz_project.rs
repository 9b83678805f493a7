//! Fuzzing of the project-file edge: untrusted text in, `Evaluated` or
//! `Invalid` out, never a panic, never a non-finite figure, never a hang.
//!
//! cargo-fuzz would need a nightly toolchain; these targets use proptest so
//! they run on stable with `cargo test`. Targets:
//!
//! - `fuzz_arbitrary_bytes`: any bytes (lossily decoded as UTF-8).
//! - `fuzz_byte_mutations`: byte-level edits (flip, insert, delete, splice)
//!   of the shipped example projects in `assets/examples/`.
//! - `fuzz_json_trees`: random JSON documents built from the schema's own
//!   field names, so deserialization gets past the first key.
//! - `fuzz_structured_mutations`: the example projects parsed, then mutated
//!   value by value (extreme and boundary numbers, raw tokens such as `NaN`
//!   or `1e999`, odd strings, deleted, added and duplicated keys, copied
//!   subtrees, arrays grown up to 256 KB).
//! - `fuzz_large_projects`: the examples' arrays grown up to (and just past)
//!   `MAX_PROJECT_BYTES`, with unique or repeated ids, to find slow paths.
//!
//! Each input is checked by `evaluate_json` and `check_project_file`; both
//! must agree on validity, an `Evaluated` result must serialize without a
//! `null` (serde_json writes NaN and infinities as `null`; optional fields
//! are skipped when absent), and an `Invalid` one must name an issue.
//!
//! Case counts: `STACKSIZER_FUZZ_CASES` per target (default 256) and
//! `STACKSIZER_FUZZ_LARGE_CASES` for the large-project target (default 4;
//! debug builds cap its inputs at 512 KB unless that variable is set).
//! `STACKSIZER_FUZZ_SEED` fixes the random seed. Run with `--nocapture` to
//! see per-target statistics (inputs, wall time, slowest input). In release
//! builds an input taking more than 1 s (the fastest of three tries, as the
//! machine may be busy) fails the target; slow inputs and minimal failing
//! inputs are written to `$CARGO_TARGET_TMPDIR/fuzz_findings/`. Every input
//! is timed and the slowest first try is reported too.
//!
//! The `bounded_*` tests rebuild the shapes that once exhausted memory or
//! took seconds (see docs/fuzzing.md) and check that they stay bounded.
//!
//! Every input that evaluates and is at most `REPORT_MAX_BYTES` also makes
//! the XLSX and CSV reports (what the CLI's `report` and the app's export
//! call), which must succeed. Each core call's peak heap is measured by a
//! counting allocator and must stay under `MEMORY` in any build.
//!
//! `fuzz_corpus_replays` re-runs every file in `tests/fuzz_corpus/` on each
//! `cargo test`: inputs found interesting by earlier runs.

use std::cell::RefCell;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use proptest::prelude::*;
use proptest::sample::Index;
use proptest::test_runner::{Config, RngSeed, TestCaseError, TestError, TestRunner};
use serde_json::{Map, Value};
use stacksizer_core::evaluate::{evaluate_json, EvaluateOutcome};
use stacksizer_core::parse::{check_project_file, ProjectFileOutcome, MAX_PROJECT_BYTES};
use stacksizer_core::report::{csv_tables, evaluate_project_json, pdf_report, xlsx_report, Paper};

#[path = "common/peak_memory.rs"]
mod peak_memory;

use peak_memory::{measure, CountingAlloc};

#[global_allocator]
static ALLOC: CountingAlloc = CountingAlloc;

/// An input slower than this is a hang (issue 8: "0 hangs > 1 s").
const HANG: Duration = Duration::from_secs(1);
/// Most heap one core call may hold (issue 25: < 512 MB per input).
const MEMORY: usize = 512 * 1024 * 1024;
/// Inputs up to this size also make the reports under the `HANG` bound.
/// Larger projects are the report's scale budget instead (a 45,000-workload,
/// 15 MB project: <= 2 s, `benches/report.rs`), so they are not reported here.
const REPORT_MAX_BYTES: usize = 1024 * 1024;
/// Growth budget of `fuzz_structured_mutations`.
const SMALL_GROWTH_BYTES: usize = 256 * 1024;

// ---------------------------------------------------------------------------
// Configuration and bookkeeping

fn env_u32(name: &str) -> Option<u32> {
    std::env::var(name).ok().and_then(|v| v.trim().parse().ok())
}

fn cases() -> u32 {
    env_u32("STACKSIZER_FUZZ_CASES").unwrap_or(256)
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

fn findings_dir() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("fuzz_findings")
}

fn save_finding(target: &str, what: &str, input: &str) -> PathBuf {
    let dir = findings_dir();
    let _ = std::fs::create_dir_all(&dir);
    let hash = input.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    });
    let path = dir.join(format!("{target}-{what}-{hash:016x}.json"));
    let _ = std::fs::write(&path, input);
    path
}

#[derive(Default)]
struct Stats {
    inputs: u64,
    evaluated: u64,
    invalid: u64,
    bytes: u64,
    checking: Duration,
    slowest: Duration,
    /// The slowest first try, before any retry of a slow input.
    slowest_first_try: Duration,
    slowest_len: usize,
    slowest_input: Option<String>,
    hangs: Vec<PathBuf>,
    reported: u64,
    /// The most heap any core call held, in bytes.
    peak_memory: usize,
}

/// Runs one target and prints its statistics; fails on any failure and, in
/// release builds, on any input slower than `HANG`.
fn run_target<S>(target: &str, cases: u32, strategy: S, render: impl Fn(&S::Value) -> String)
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
    let mean = s.checking.checked_div(s.inputs.max(1) as u32);
    eprintln!(
        "fuzz {target}: {} inputs ({} evaluated, {} invalid, {} reported), \
         {:.1} MB in total, wall {:.2?} ({:.2?}/input incl. generation and checks), \
         slowest core call mean {:.2?}/input, max {:.2?} ({} bytes; slowest first try {:.2?}), \
         {} inputs over {HANG:?}, peak heap of a core call {:.1} MB",
        s.inputs,
        s.evaluated,
        s.invalid,
        s.reported,
        s.bytes as f64 / 1e6,
        wall,
        wall.checked_div(s.inputs.max(1) as u32).unwrap_or_default(),
        mean.unwrap_or_default(),
        s.slowest,
        s.slowest_len,
        s.slowest_first_try,
        s.hangs.len(),
        s.peak_memory as f64 / 1e6,
    );
    if let Some(input) = &s.slowest_input {
        if s.slowest > Duration::from_millis(100) {
            let path = save_finding(target, "slowest", input);
            eprintln!("fuzz {target}: slowest input saved to {}", path.display());
        }
    }
    match result {
        Ok(()) => {}
        Err(TestError::Fail(reason, value)) => {
            // proptest has shrunk the input; keep the minimal one.
            let input = render(&value);
            let path = save_finding(target, "minimal-failure", &input);
            let shown: String = input.chars().take(2000).collect();
            panic!(
                "fuzz target {target} failed: {reason}\nminimal input ({} bytes, saved to {}):\n{shown}",
                input.len(),
                path.display()
            );
        }
        Err(e) => panic!("fuzz target {target} failed: {e}"),
    }
    let release = !cfg!(debug_assertions);
    assert!(
        !release || s.hangs.is_empty(),
        "fuzz target {target}: inputs took over {HANG:?}: {:?}",
        s.hangs
    );
}

fn check_input(target: &str, input: &str, stats: &mut Stats) -> Result<(), TestCaseError> {
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
    if let Ok(Ok(checked)) = &result {
        stats.peak_memory = stats.peak_memory.max(checked.peak_memory);
        stats.reported += u64::from(checked.reported);
    }
    stats.checking += took;
    if took > stats.slowest {
        stats.slowest = took;
        stats.slowest_len = input.len();
        stats.slowest_input = Some(input.to_owned());
    }
    if took > HANG {
        stats.hangs.push(save_finding(target, "slow", input));
    }
    match result {
        Ok(Ok(Checked {
            evaluated: true, ..
        })) => stats.evaluated += 1,
        Ok(Ok(_)) => stats.invalid += 1,
        Ok(Err(message)) => return Err(TestCaseError::fail(message)),
        Err(panic) => {
            let message = panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| (*s).to_owned()))
                .unwrap_or_default();
            return Err(TestCaseError::fail(format!("panic: {message}")));
        }
    }
    Ok(())
}

struct Checked {
    evaluated: bool,
    reported: bool,
    /// The longest core call (`evaluate_json`, `check_project_file`, each
    /// report), each timed on its own: the harness's own checks are not counted.
    slowest_call: Duration,
    /// The most heap any of those calls held.
    peak_memory: usize,
}

/// Runs one core call: its result, time and peak heap; more than `MEMORY`
/// fails the input.
fn core_call<T>(what: &str, call: impl FnOnce() -> T) -> Result<(T, Duration, usize), String> {
    let started = Instant::now();
    let (result, peak) = measure(call);
    let took = started.elapsed();
    if peak > MEMORY {
        return Err(format!(
            "{what} held {:.0} MB of heap (bound {} MB)",
            peak as f64 / 1e6,
            MEMORY / (1024 * 1024)
        ));
    }
    Ok((result, took, peak))
}

/// The properties every input must satisfy.
fn check(input: &str) -> Result<Checked, String> {
    let (outcome, evaluate_time, evaluate_peak) =
        core_call("evaluate_json", || evaluate_json(input))?;
    let evaluated = match outcome {
        EvaluateOutcome::Evaluated { evaluation } => {
            let value = serde_json::to_value(&evaluation)
                .map_err(|e| format!("the evaluation does not serialize: {e}"))?;
            // The path is only worked out (allocating per node) when needed.
            if has_null(&value) {
                let at = null_path(&value, String::new()).unwrap_or_default();
                return Err(format!(
                    "non-finite figure (null) at {at} in an Evaluated result"
                ));
            }
            true
        }
        EvaluateOutcome::Invalid { issues } => {
            if issues.is_empty() {
                return Err("Invalid without any issue".into());
            }
            if let Some(i) = issues.iter().find(|i| i.message.trim().is_empty()) {
                return Err(format!("issue without a message at {:?}", i.path));
            }
            false
        }
    };
    let (checked_file, check_time, check_peak) =
        core_call("check_project_file", || check_project_file(input))?;
    let valid = matches!(checked_file, ProjectFileOutcome::Valid { .. });
    if valid != evaluated {
        return Err(format!(
            "check_project_file says valid={valid} but evaluate_json evaluated={evaluated}"
        ));
    }
    let mut slowest_call = evaluate_time.max(check_time);
    let mut peak_memory = evaluate_peak.max(check_peak);
    let reported = evaluated && input.len() <= REPORT_MAX_BYTES;
    if reported {
        let (project, evaluation) = evaluate_project_json(input).map_err(|issues| {
            format!("evaluated, but the report's parse refused it: {issues:?}")
        })?;
        let (xlsx, xlsx_time, xlsx_peak) = core_call("xlsx_report", || {
            xlsx_report(&project, &evaluation, Paper::A4)
        })?;
        xlsx.map_err(|e| format!("an evaluated project made no XLSX report: {e}"))?;
        let (csv, csv_time, csv_peak) =
            core_call("csv_tables", || csv_tables(&project, &evaluation))?;
        csv.map_err(|e| format!("an evaluated project made no CSV report: {e}"))?;
        let (pdf, pdf_time, pdf_peak) = core_call("pdf_report", || {
            pdf_report(&project, &evaluation, Paper::Letter, "2031-02-03")
        })?;
        let pdf = pdf.map_err(|e| format!("an evaluated project made no PDF proposal: {e}"))?;
        if !pdf.starts_with(b"%PDF-") {
            return Err("the PDF proposal does not start with %PDF-".into());
        }
        slowest_call = slowest_call.max(xlsx_time).max(csv_time).max(pdf_time);
        peak_memory = peak_memory.max(xlsx_peak).max(csv_peak).max(pdf_peak);
    }
    Ok(Checked {
        evaluated,
        reported,
        slowest_call,
        peak_memory,
    })
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
// Seeds: the shipped example projects

fn examples_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets/examples")
}

/// Every example project (text), sorted by file name.
fn example_texts() -> Vec<String> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(examples_dir())
        .expect("assets/examples exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    paths.sort();
    let texts: Vec<String> = paths
        .iter()
        .filter_map(|p| std::fs::read_to_string(p).ok())
        .collect();
    assert!(!texts.is_empty(), "no example projects to mutate");
    texts
}

/// The examples that are JSON documents, as values.
fn example_values() -> Vec<Value> {
    let values: Vec<Value> = example_texts()
        .iter()
        .filter_map(|t| serde_json::from_str(t).ok())
        .collect();
    assert!(!values.is_empty(), "no example project is valid JSON");
    values
}

// ---------------------------------------------------------------------------
// (a) Arbitrary text

#[test]
fn fuzz_arbitrary_bytes() {
    let strategy = prop_oneof![
        proptest::collection::vec(any::<u8>(), 0..512),
        // Mostly JSON punctuation, so the parser gets a few levels deep.
        proptest::collection::vec(
            prop_oneof![
                Just(b'{'),
                Just(b'}'),
                Just(b'['),
                Just(b']'),
                Just(b'"'),
                Just(b':'),
                Just(b','),
                Just(b'1'),
                Just(b'-'),
                Just(b'e'),
                Just(b'.'),
                Just(b'\\'),
                Just(b'u'),
                any::<u8>(),
            ],
            0..256
        ),
    ];
    run_target("arbitrary_bytes", cases(), strategy, |bytes| {
        String::from_utf8_lossy(bytes).into_owned()
    });
}

#[derive(Debug, Clone)]
enum ByteEdit {
    Set(Index, u8),
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

fn byte_edit() -> impl Strategy<Value = ByteEdit> {
    let token = prop_oneof![
        proptest::collection::vec(any::<u8>(), 1..8),
        prop_oneof![
            Just("null"),
            Just("-"),
            Just("1e999"),
            Just("NaN"),
            Just("\"\""),
            Just("\\u0000"),
            Just("\\ud800"),
            Just("{}"),
            Just("[]"),
            Just(","),
            Just("18446744073709551616"),
            Just("\u{feff}"),
        ]
        .prop_map(|s| s.as_bytes().to_vec()),
    ];
    prop_oneof![
        (any::<Index>(), any::<u8>()).prop_map(|(i, b)| ByteEdit::Set(i, b)),
        (any::<Index>(), token).prop_map(|(i, t)| ByteEdit::Insert(i, t)),
        (any::<Index>(), 1..64usize).prop_map(|(i, n)| ByteEdit::Delete(i, n)),
        (any::<Index>(), 1..512usize, any::<Index>())
            .prop_map(|(from, len, to)| ByteEdit::Splice { from, len, to }),
        any::<Index>().prop_map(ByteEdit::Truncate),
    ]
}

fn apply_byte_edits(text: &str, edits: &[ByteEdit]) -> String {
    let mut b = text.as_bytes().to_vec();
    for edit in edits {
        let at = |i: &Index, len: usize| if len == 0 { 0 } else { i.index(len + 1) };
        match edit {
            ByteEdit::Set(i, v) if !b.is_empty() => {
                let k = i.index(b.len());
                b[k] = *v;
            }
            ByteEdit::Set(..) => {}
            ByteEdit::Insert(i, t) => {
                let k = at(i, b.len());
                b.splice(k..k, t.iter().copied());
            }
            ByteEdit::Delete(i, n) => {
                let k = at(i, b.len());
                let end = (k + n).min(b.len());
                b.drain(k..end);
            }
            ByteEdit::Splice { from, len, to } if !b.is_empty() => {
                let start = from.index(b.len());
                let span: Vec<u8> = b[start..(start + len).min(b.len())].to_vec();
                let k = at(to, b.len());
                b.splice(k..k, span);
            }
            ByteEdit::Splice { .. } => {}
            ByteEdit::Truncate(i) => {
                let k = at(i, b.len());
                b.truncate(k);
            }
        }
    }
    String::from_utf8_lossy(&b).into_owned()
}

#[test]
fn fuzz_byte_mutations() {
    let texts = example_texts();
    let n = texts.len();
    let strategy = (0..n, proptest::collection::vec(byte_edit(), 1..6));
    run_target("byte_mutations", cases(), strategy, |(base, edits)| {
        apply_byte_edits(&texts[*base], edits)
    });
}

/// Field names and enum tags of the schema, so random documents look like projects.
const VOCABULARY: &[&str] = &[
    "schema_version",
    "name",
    "description",
    "settings",
    "devices",
    "clusters",
    "policies",
    "workloads",
    "id",
    "model",
    "kind",
    "capacity_gb",
    "read_iops",
    "write_iops",
    "endurance_dwpd",
    "flash_class",
    "unit_price",
    "host",
    "sockets",
    "cores_per_socket",
    "ghz",
    "ram_gb",
    "nics",
    "nic_gbps",
    "topology",
    "single",
    "stretched",
    "host_count",
    "hosts_per_site",
    "storage",
    "architecture",
    "vsan_osa",
    "disk_groups",
    "dedup_compression",
    "cache_device",
    "capacity_device",
    "capacity_device_count",
    "method",
    "raid1",
    "raid5",
    "raid6",
    "ftt",
    "stripe_width",
    "cluster_id",
    "policy_id",
    "spec",
    "sql_server",
    "exchange",
    "file_server",
    "vm_group",
    "vm_count",
    "deployment",
    "type",
    "standalone",
    "availability_group",
    "failover_cluster",
    "replicas",
    "commit",
    "sync",
    "slack_pct",
    "dedup_ratios",
    "nvme",
    "hdd7200",
];

fn json_tree() -> impl Strategy<Value = Value> {
    let word = proptest::sample::select(VOCABULARY).prop_map(str::to_owned);
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        any::<u32>().prop_map(Value::from),
        any::<f64>()
            .prop_map(|x| serde_json::Number::from_f64(x).map_or(Value::Null, Value::Number)),
        word.clone().prop_map(Value::String),
        ".{0,12}".prop_map(Value::String),
        Just(Value::from(1)),
    ];
    leaf.prop_recursive(6, 96, 8, move |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            proptest::collection::vec((word.clone(), inner), 0..8)
                .prop_map(|entries| Value::Object(entries.into_iter().collect())),
        ]
    })
}

#[test]
fn fuzz_json_trees() {
    let strategy = (json_tree(), any::<bool>()).prop_map(|(tree, wrap)| {
        if !wrap {
            return tree;
        }
        // Most projects fail at the first missing key; give the random tree a
        // plausible frame so its parts reach the deeper deserializers.
        let mut frame = Map::new();
        frame.insert("schema_version".into(), Value::from(1));
        frame.insert("name".into(), Value::from("fuzz"));
        frame.insert("clusters".into(), Value::Array(vec![tree.clone()]));
        frame.insert("workloads".into(), Value::Array(vec![tree]));
        Value::Object(frame)
    });
    run_target("json_trees", cases(), strategy, |tree| tree.to_string());
}

// ---------------------------------------------------------------------------
// (b) Structure-aware mutations of the example projects

/// Numbers at and around the validation ranges' ends (validate.rs), so a
/// mutated project often stays valid while its figures go to extremes.
const BOUNDARIES: &[f64] = &[
    0.0,
    0.001,
    0.01,
    0.1,
    0.25,
    0.5,
    1.0,
    2.0,
    3.0,
    4.0,
    5.0,
    6.0,
    7.0,
    8.0,
    9.0,
    10.0,
    12.0,
    16.0,
    20.0,
    32.0,
    50.0,
    64.0,
    100.0,
    128.0,
    256.0,
    500.0,
    768.0,
    800.0,
    1000.0,
    2048.0,
    24_576.0,
    65_536.0,
    100_000.0,
    200_000.0,
    1_000_000.0,
    10_000_000.0,
    100_000_000.0,
];

/// Text spliced in verbatim, for what a `serde_json::Value` cannot hold.
const RAW_TOKENS: &[&str] = &[
    "NaN",
    "-NaN",
    "Infinity",
    "-Infinity",
    "1e999",
    "-1e999",
    "1e-999",
    "-0",
    "-0.0",
    "18446744073709551616",
    "-9223372036854775809",
    "340282366920938463463374607431768211456",
    "0.00000000000000000000000000000000000000000000000000000000000000001",
    "1.7976931348623157e308",
    "4.9e-324",
    "01",
    "1.",
    ".5",
    "+1",
    "0x10",
    "\"\\ud800\"",
    "\"\\udc00\\ud800\"",
    "\"\\u0000\"",
    "undefined",
    "[",
    "}",
];

#[derive(Debug, Clone)]
enum Replacement {
    Json(Value),
    Raw(&'static str),
    Boundary(f64),
    /// The boundary just outside (or inside) the range: x * (1 +/- 1e-12).
    NearBoundary(f64, bool),
    /// The same number, written as a string: `"400"`.
    NumberAsString,
    LongString(usize),
    /// `[[[...]]]` nested this deep.
    Deep(usize),
}

fn replacement() -> impl Strategy<Value = Replacement> {
    let odd_strings = prop_oneof![
        Just(""),
        Just(" "),
        Just("\t\n"),
        Just("NaN"),
        Just("Infinity"),
        Just("-inf"),
        Just("1e999"),
        Just("null"),
        Just("0"),
        Just("é"),
        Just("\u{202e}evil\u{202c}"),
        Just("🚀💾"),
        Just("\u{0}"),
        Just("\u{fffd}"),
        Just("Ω≈ç√∫"),
        Just("raid1"),
        Just("sql_server"),
        Just("single"),
    ]
    .prop_map(|s| Value::String(s.to_owned()));
    let extreme_numbers = prop_oneof![
        Just(Value::from(i64::MIN)),
        Just(Value::from(i64::MAX)),
        Just(Value::from(u64::MAX)),
        Just(Value::from(u64::from(u32::MAX))),
        Just(Value::from(u64::from(u32::MAX) + 1)),
        Just(Value::from(-1)),
        Just(Value::from(0)),
        Just(Value::from(f64::MAX)),
        Just(Value::from(f64::MIN)),
        Just(Value::from(f64::MIN_POSITIVE)),
        Just(Value::from(-f64::MIN_POSITIVE)),
        Just(Value::from(-0.0)),
        Just(Value::from(1e-300)),
        Just(Value::from(1e300)),
        any::<i64>().prop_map(Value::from),
        any::<f64>()
            .prop_map(|x| serde_json::Number::from_f64(x).map_or(Value::Null, Value::Number)),
        (-1e7..1e7f64).prop_map(Value::from),
    ];
    let others = prop_oneof![
        Just(Value::Null),
        Just(Value::Bool(true)),
        Just(Value::Bool(false)),
        Just(Value::Array(vec![])),
        Just(Value::Object(Map::new())),
        Just(serde_json::json!([1, 2, 3])),
        Just(serde_json::json!({ "kind": "single" })),
    ];
    prop_oneof![
        3 => extreme_numbers.prop_map(Replacement::Json),
        4 => proptest::sample::select(BOUNDARIES).prop_map(Replacement::Boundary),
        2 => (proptest::sample::select(BOUNDARIES), any::<bool>())
            .prop_map(|(x, up)| Replacement::NearBoundary(x, up)),
        2 => proptest::sample::select(RAW_TOKENS).prop_map(Replacement::Raw),
        2 => odd_strings.prop_map(Replacement::Json),
        1 => Just(Replacement::NumberAsString),
        1 => (0..100_000usize).prop_map(Replacement::LongString),
        1 => (1..300usize).prop_map(Replacement::Deep),
        2 => others.prop_map(Replacement::Json),
    ]
}

/// Numbers only, mostly within or at the ends of the validation ranges.
fn number_replacement() -> impl Strategy<Value = Replacement> {
    prop_oneof![
        6 => proptest::sample::select(BOUNDARIES).prop_map(Replacement::Boundary),
        3 => (proptest::sample::select(BOUNDARIES), any::<bool>())
            .prop_map(|(x, up)| Replacement::NearBoundary(x, up)),
        1 => any::<f64>().prop_map(|x| {
            Replacement::Json(serde_json::Number::from_f64(x).map_or(Value::Null, Value::Number))
        }),
        1 => (0.0..1e6f64).prop_map(|x| Replacement::Json(Value::from(x))),
    ]
}

#[derive(Debug, Clone)]
enum Mutation {
    /// Replaces any node (the root included).
    Replace(Index, Replacement),
    /// Replaces a number (only numbers are picked), so the project more
    /// often stays parseable and its figures reach extremes.
    Number(Index, Replacement),
    /// Removes one key of one object.
    DeleteKey(Index),
    /// Adds a key (unknown, or a schema field) to one object.
    AddKey(Index, &'static str, Replacement),
    /// Writes one key of one object twice.
    DuplicateKey(Index),
    /// Copies any subtree over any node.
    Copy { from: Index, to: Index },
    /// Repeats one array's items up to `count` times (bytes capped).
    Grow {
        at: Index,
        count: usize,
        unique_ids: bool,
    },
    /// Empties one array.
    Clear(Index),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let key = prop_oneof![
        Just("colour"),
        Just(""),
        Just("__proto__"),
        Just("id"),
        Just("kind"),
        Just("type"),
        Just("endurance_dwpd"),
        Just("unit_price"),
        Just("iops_limit"),
        Just("flash_class"),
        Just("dedup_ratios"),
        Just("schema_version"),
    ];
    prop_oneof![
        6 => (any::<Index>(), replacement()).prop_map(|(i, r)| Mutation::Replace(i, r)),
        6 => (any::<Index>(), number_replacement()).prop_map(|(i, r)| Mutation::Number(i, r)),
        2 => any::<Index>().prop_map(Mutation::DeleteKey),
        1 => (any::<Index>(), key, replacement()).prop_map(|(i, k, r)| Mutation::AddKey(i, k, r)),
        1 => any::<Index>().prop_map(Mutation::DuplicateKey),
        1 => (any::<Index>(), any::<Index>()).prop_map(|(from, to)| Mutation::Copy { from, to }),
        1 => (any::<Index>(), 2..20_000usize, any::<bool>())
            .prop_map(|(at, count, unique_ids)| Mutation::Grow { at, count, unique_ids }),
        1 => any::<Index>().prop_map(Mutation::Clear),
    ]
}

#[derive(Debug, Clone, PartialEq)]
enum Seg {
    Key(String),
    At(usize),
}

/// Paths of every node, in document order.
fn paths(value: &Value, at: &mut Vec<Seg>, out: &mut Vec<Vec<Seg>>) {
    out.push(at.clone());
    match value {
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                at.push(Seg::At(i));
                paths(v, at, out);
                at.pop();
            }
        }
        Value::Object(map) => {
            for (k, v) in map {
                at.push(Seg::Key(k.clone()));
                paths(v, at, out);
                at.pop();
            }
        }
        _ => {}
    }
}

fn all_paths(root: &Value, keep: impl Fn(&Value) -> bool) -> Vec<Vec<Seg>> {
    let mut out = Vec::new();
    paths(root, &mut Vec::new(), &mut out);
    out.retain(|p| node(root, p).is_some_and(&keep));
    out
}

fn node<'a>(root: &'a Value, path: &[Seg]) -> Option<&'a Value> {
    path.iter().try_fold(root, |v, seg| match seg {
        Seg::Key(k) => v.get(k),
        Seg::At(i) => v.get(i),
    })
}

fn node_mut<'a>(root: &'a mut Value, path: &[Seg]) -> Option<&'a mut Value> {
    path.iter().try_fold(root, |v, seg| match seg {
        Seg::Key(k) => v.get_mut(k),
        Seg::At(i) => v.get_mut(i),
    })
}

/// A mutated document: the value plus text substitutions made after
/// serializing it (markers -> raw tokens, duplicate keys).
struct Doc {
    value: Value,
    raw: Vec<(String, String)>,
}

impl Doc {
    fn marker(&mut self, replacement_text: String) -> String {
        let marker = format!("\u{1}RAW{}\u{1}", self.raw.len());
        let quoted = serde_json::to_string(&marker).expect("a string serializes");
        self.raw.push((quoted, replacement_text));
        marker
    }

    fn render(&self) -> String {
        let mut text = self.value.to_string();
        for (marker, raw) in &self.raw {
            text = text.replace(marker.as_str(), raw);
        }
        text
    }

    fn resolve(&mut self, r: &Replacement, old: Option<&Value>) -> Value {
        match r {
            Replacement::Json(v) => v.clone(),
            Replacement::Raw(token) => Value::String(self.marker((*token).to_owned())),
            Replacement::Boundary(x) => number(*x),
            Replacement::NearBoundary(x, up) => {
                let eps = if *x == 0.0 { 1e-12 } else { x.abs() * 1e-12 };
                number(if *up { x + eps } else { x - eps })
            }
            Replacement::NumberAsString => match old {
                Some(Value::Number(n)) => Value::String(n.to_string()),
                Some(v) => Value::String(v.to_string()),
                None => Value::String("1".into()),
            },
            Replacement::LongString(n) => Value::String("x".repeat(*n)),
            Replacement::Deep(depth) => {
                let text = format!("{}{}", "[".repeat(*depth), "]".repeat(*depth));
                Value::String(self.marker(text))
            }
        }
    }
}

/// Whole numbers are written as integers, as a person would write them.
fn number(x: f64) -> Value {
    if x.fract() == 0.0 && x.abs() < 9e15 {
        Value::from(x as i64)
    } else {
        Value::from(x)
    }
}

fn object_entries(root: &Value) -> Vec<(Vec<Seg>, String)> {
    all_paths(root, Value::is_object)
        .into_iter()
        .flat_map(|p| {
            let keys: Vec<String> = node(root, &p)
                .and_then(Value::as_object)
                .map(|m| m.keys().cloned().collect())
                .unwrap_or_default();
            keys.into_iter().map(move |k| (p.clone(), k))
        })
        .collect()
}

fn apply_mutation(doc: &mut Doc, m: &Mutation, growth_budget: usize) {
    match m {
        Mutation::Replace(i, r) => {
            let all = all_paths(&doc.value, |_| true);
            let path = i.get(&all).clone();
            let old = node(&doc.value, &path).cloned();
            let new = doc.resolve(r, old.as_ref());
            if let Some(slot) = node_mut(&mut doc.value, &path) {
                *slot = new;
            }
        }
        Mutation::Number(i, r) => {
            let numbers = all_paths(&doc.value, Value::is_number);
            if numbers.is_empty() {
                return;
            }
            let path = i.get(&numbers).clone();
            let old = node(&doc.value, &path).cloned();
            let new = doc.resolve(r, old.as_ref());
            if let Some(slot) = node_mut(&mut doc.value, &path) {
                *slot = new;
            }
        }
        Mutation::DeleteKey(i) => {
            let entries = object_entries(&doc.value);
            if entries.is_empty() {
                return;
            }
            let (path, key) = i.get(&entries).clone();
            if let Some(Value::Object(map)) = node_mut(&mut doc.value, &path) {
                map.remove(&key);
            }
        }
        Mutation::AddKey(i, key, r) => {
            let objects = all_paths(&doc.value, Value::is_object);
            if objects.is_empty() {
                return;
            }
            let path = i.get(&objects).clone();
            let new = doc.resolve(r, None);
            if let Some(Value::Object(map)) = node_mut(&mut doc.value, &path) {
                map.insert((*key).to_owned(), new);
            }
        }
        Mutation::DuplicateKey(i) => {
            let entries = object_entries(&doc.value);
            if entries.is_empty() {
                return;
            }
            let (path, key) = i.get(&entries).clone();
            let quoted_key = serde_json::to_string(&key).expect("a string serializes");
            let marker = doc.marker(quoted_key);
            if let Some(Value::Object(map)) = node_mut(&mut doc.value, &path) {
                if let Some(v) = map.get(&key).cloned() {
                    map.insert(marker, v);
                }
            }
        }
        Mutation::Copy { from, to } => {
            let all = all_paths(&doc.value, |_| true);
            let from_path: &Vec<Seg> = from.get(&all);
            let source = node(&doc.value, from_path).cloned();
            let target = to.get(&all).clone();
            if let (Some(source), Some(slot)) = (source, node_mut(&mut doc.value, &target)) {
                *slot = source;
            }
        }
        Mutation::Grow {
            at,
            count,
            unique_ids,
        } => {
            let arrays = all_paths(&doc.value, |v| v.as_array().is_some_and(|a| !a.is_empty()));
            if arrays.is_empty() {
                return;
            }
            let path = at.get(&arrays).clone();
            if let Some(Value::Array(items)) = node_mut(&mut doc.value, &path) {
                grow(items, *count, *unique_ids, growth_budget);
            }
        }
        Mutation::Clear(i) => {
            let arrays = all_paths(&doc.value, Value::is_array);
            if arrays.is_empty() {
                return;
            }
            let path = i.get(&arrays).clone();
            if let Some(Value::Array(items)) = node_mut(&mut doc.value, &path) {
                items.clear();
            }
        }
    }
}

/// Repeats `items` cyclically up to `count` items or `budget` added bytes.
/// With `unique_ids`, copies get `id`s of their own (references such as
/// `cluster_id` still name the originals, so the copies stay valid).
fn grow(items: &mut Vec<Value>, count: usize, unique_ids: bool, budget: usize) {
    let originals = items.len();
    let per_item = items.iter().map(|v| v.to_string().len() + 1).sum::<usize>() / originals;
    let room = budget / per_item.max(1);
    let target = count.min(originals + room);
    for n in originals..target {
        let mut copy = items[n % originals].clone();
        if unique_ids {
            if let Some(Value::String(id)) = copy.get_mut("id") {
                id.push_str(&format!("~{n}"));
            }
        }
        items.push(copy);
    }
}

/// Applies the mutations, growth last so the others stay cheap.
fn mutate(base: &Value, mutations: &[Mutation], growth_budget: usize) -> String {
    let mut doc = Doc {
        value: base.clone(),
        raw: Vec::new(),
    };
    let is_grow = |m: &&Mutation| matches!(m, Mutation::Grow { .. });
    for m in mutations.iter().filter(|m| !is_grow(m)) {
        apply_mutation(&mut doc, m, growth_budget);
    }
    for m in mutations.iter().filter(is_grow) {
        apply_mutation(&mut doc, m, growth_budget);
    }
    doc.render()
}

/// Instances of iSCSI-served SQL Server FCIs in a project.
fn iscsi_fci_instances(project: &Value) -> u64 {
    let Some(workloads) = project.get("workloads").and_then(Value::as_array) else {
        return 0;
    };
    workloads
        .iter()
        .filter(|w| {
            w.pointer("/spec/kind").and_then(Value::as_str) == Some("sql_server")
                && w.pointer("/spec/deployment/type").and_then(Value::as_str)
                    == Some("failover_cluster")
                && w.pointer("/spec/deployment/iscsi_target") == Some(&Value::Bool(true))
        })
        .filter_map(|w| w.pointer("/spec/vm_count").and_then(Value::as_u64))
        .fold(0u64, u64::saturating_add)
}

#[test]
fn fuzz_structured_mutations() {
    let bases = example_values();
    let n = bases.len();
    let strategy = (
        0..n,
        prop_oneof![
            3 => proptest::collection::vec(mutation(), 1..3),
            1 => proptest::collection::vec(mutation(), 3..10),
        ],
    );
    run_target(
        "structured_mutations",
        cases(),
        strategy,
        |(base, mutations)| mutate(&bases[*base], mutations, SMALL_GROWTH_BYTES),
    );
}

// ---------------------------------------------------------------------------
// (c) Large projects, up to and just past MAX_PROJECT_BYTES

#[derive(Debug, Clone)]
struct LargeCase {
    base: usize,
    /// Share of the byte budget per top-level array, in this order.
    shares: [u8; 4],
    unique_ids: bool,
    /// Bytes as a fraction of MAX_PROJECT_BYTES, in per mille (up to 105 %).
    size_permille: u32,
    extra: Vec<Mutation>,
}

const LARGE_ARRAYS: [&str; 4] = ["workloads", "clusters", "policies", "devices"];

fn render_large(bases: &[Value], case: &LargeCase) -> String {
    let max_bytes = if cfg!(debug_assertions) && env_u32("STACKSIZER_FUZZ_LARGE_CASES").is_none() {
        512 * 1024
    } else {
        MAX_PROJECT_BYTES
    };
    let mut doc = Doc {
        value: bases[case.base].clone(),
        raw: Vec::new(),
    };
    for m in &case.extra {
        apply_mutation(&mut doc, m, SMALL_GROWTH_BYTES);
    }
    let budget = max_bytes / 1000 * case.size_permille as usize;
    let total_share: usize = case
        .shares
        .iter()
        .map(|&s| usize::from(s))
        .sum::<usize>()
        .max(1);
    for (name, share) in LARGE_ARRAYS.iter().zip(case.shares) {
        if let Some(Value::Array(items)) = doc.value.get_mut(*name) {
            if !items.is_empty() {
                let bytes = budget * usize::from(share) / total_share;
                grow(items, usize::MAX, case.unique_ids, bytes);
            }
        }
    }
    doc.render()
}

#[test]
fn fuzz_large_projects() {
    let bases = example_values();
    let n = bases.len();
    let cases = env_u32("STACKSIZER_FUZZ_LARGE_CASES").unwrap_or(4);
    let strategy = (
        0..n,
        (0..=8u8, 0..=8u8, 0..=8u8, 0..=8u8).prop_map(|(w, c, p, d)| [w, c, p, d]),
        any::<bool>(),
        prop_oneof![4 => 1..=1000u32, 1 => 990..=1050u32],
        proptest::collection::vec(mutation(), 0..3),
    )
        .prop_map(
            |(base, shares, unique_ids, size_permille, extra)| LargeCase {
                base,
                shares,
                unique_ids,
                size_permille,
                extra,
            },
        );
    run_target("large_projects", cases, strategy, |case| {
        render_large(&bases, case)
    });
}

// ---------------------------------------------------------------------------
// Regression corpus

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz_corpus")
}

/// Every corpus file must give `Evaluated` (all figures finite) or `Invalid`
/// (with issues), without a panic, and in release builds within `HANG`.
#[test]
fn fuzz_corpus_replays() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(corpus_dir())
        .expect("tests/fuzz_corpus exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file() && p.file_name().is_some_and(|n| n != "README.md"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "the fuzz corpus is empty");
    let mut failures = String::new();
    for file in &files {
        let bytes = std::fs::read(file).expect("corpus file readable");
        let input = String::from_utf8_lossy(&bytes);
        let name = file.file_name().unwrap_or_default().to_string_lossy();
        let result = std::panic::catch_unwind(|| check(&input));
        let took = match &result {
            Ok(Ok(checked)) => checked.slowest_call,
            _ => Duration::ZERO,
        };
        match result {
            Ok(Ok(_)) => {}
            Ok(Err(message)) => writeln!(failures, "{name}: {message}").unwrap_or(()),
            Err(_) => writeln!(failures, "{name}: panicked").unwrap_or(()),
        }
        if !cfg!(debug_assertions) && took > HANG {
            writeln!(failures, "{name}: took {took:?}").unwrap_or(());
        }
    }
    assert!(failures.is_empty(), "fuzz corpus regressions:\n{failures}");
}

/// Inputs too large for corpus files, built here instead.
#[test]
fn fuzz_corpus_generated_limits() {
    let seed = &example_values()[0];
    // One byte over the limit, and exactly at it (padded with whitespace).
    let text = seed.to_string();
    for len in [MAX_PROJECT_BYTES + 1, MAX_PROJECT_BYTES] {
        let padded = format!("{text}{}", " ".repeat(len - text.len()));
        assert_eq!(padded.len(), len);
        if let Err(e) = check(&padded) {
            panic!("{len} bytes: {e}");
        }
    }
    let over = format!("{text}{}", " ".repeat(MAX_PROJECT_BYTES + 1 - text.len()));
    assert!(matches!(
        evaluate_json(&over),
        EvaluateOutcome::Invalid { .. }
    ));
    // Nesting far beyond serde_json's recursion limit.
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    assert!(matches!(
        check(&deep),
        Ok(Checked {
            evaluated: false,
            ..
        })
    ));
}

// ---------------------------------------------------------------------------
// Shapes that once exhausted memory or took seconds (docs/fuzzing.md). Each must
// evaluate with a result that grows with the input, not with a product of
// its lists, and in release builds within `HANG` (debug builds use smaller
// inputs where the full size would take long unoptimized).

fn evaluated(input: &str) -> (stacksizer_core::Evaluation, Duration) {
    let started = Instant::now();
    let outcome = evaluate_json(input);
    let took = started.elapsed();
    match outcome {
        EvaluateOutcome::Evaluated { evaluation } => (*evaluation, took),
        EvaluateOutcome::Invalid { issues } => panic!("invalid: {:?}", &issues[..1]),
    }
}

/// As the fuzz targets do: a slow first try is retimed twice (the machine
/// may be busy), and the fastest of the three counts.
fn assert_timely(input: &str, first_try: Duration) {
    let mut took = first_try;
    if !cfg!(debug_assertions) && took > HANG {
        for _ in 0..2 {
            let started = Instant::now();
            let _ = evaluate_json(input);
            took = took.min(started.elapsed());
        }
    }
    eprintln!(
        "{} bytes evaluated in {took:?} (first try {first_try:?})",
        input.len()
    );
    assert!(
        cfg!(debug_assertions) || took < HANG,
        "{} bytes took {took:?}",
        input.len()
    );
}

/// Full size in release builds, an eighth in debug builds.
fn debug_scaled(n: usize) -> usize {
    if cfg!(debug_assertions) {
        n / 8
    } else {
        n
    }
}

/// `n` copies of the first example's first cluster (1 host each, no
/// workloads) and `n` copies of its first policy, with unique ids.
fn cluster_policy_cross_product(n: usize) -> String {
    let mut project = example_values()[0].clone();
    project["workloads"] = Value::Array(Vec::new());
    let mut cluster = project["clusters"][0].clone();
    cluster["topology"] = serde_json::json!({ "kind": "single", "host_count": 1 });
    let policy = project["policies"][0].clone();
    project["clusters"] = (0..n)
        .map(|i| {
            let mut c = cluster.clone();
            c["id"] = Value::from(format!("c{i}"));
            c
        })
        .collect();
    project["policies"] = (0..n)
        .map(|i| {
            let mut p = policy.clone();
            p["id"] = Value::from(format!("p{i}"));
            p
        })
        .collect();
    project.to_string()
}

/// A cluster without workloads was checked against every policy, each pair
/// raising findings: 2,000 of each (0.9 MB) gave 4,004,000 findings, 1.25 s
/// and 0.9 GB. Past 16 policies it is checked once per protection rule.
#[test]
fn bounded_cluster_x_policy_findings() {
    let n = 2000;
    let input = cluster_policy_cross_product(n);
    let (evaluation, took) = evaluated(&input);
    assert!(
        evaluation.findings.len() <= 16 * n,
        "{} findings for {n} clusters",
        evaluation.findings.len()
    );
    let grouped = evaluation
        .findings
        .iter()
        .filter(|f| f.code == "protection.policies_checked_by_rule")
        .count();
    assert_eq!(grouped, n, "each cluster says its policies were grouped");
    assert_timely(&input, took);
}

/// Every workload's `cluster_id` was looked up by a scan of all clusters
/// (validate) and every cluster scanned all workloads (placed_workloads):
/// 22,000 of each (16 MB, every workload on the last cluster) took 2.0 s.
#[test]
fn bounded_cluster_x_workload_lookups() {
    let mut project = example_values()[0].clone();
    let cluster = project["clusters"][0].clone();
    let per_pair = cluster.to_string().len() + project["workloads"][0].to_string().len() + 32;
    // As many clusters and workloads as fit in MAX_PROJECT_BYTES.
    let n = debug_scaled((MAX_PROJECT_BYTES - 64 * 1024) / per_pair);
    let last = format!("c{}", n - 1);
    project["clusters"] = (0..n)
        .map(|i| {
            let mut c = cluster.clone();
            c["id"] = Value::from(format!("c{i}"));
            c
        })
        .collect();
    let workload = project["workloads"][0].clone();
    project["workloads"] = (0..n)
        .map(|i| {
            let mut w = workload.clone();
            w["id"] = Value::from(format!("w{i}"));
            w["cluster_id"] = Value::from(last.clone());
            w
        })
        .collect();
    let input = project.to_string();
    assert!(input.len() <= MAX_PROJECT_BYTES);
    let (evaluation, took) = evaluated(&input);
    let placed: usize = evaluation
        .esa()
        .map(|c| c.capacity.workloads.len())
        .chain(evaluation.osa().map(|c| c.capacity.workloads.len()))
        .sum();
    assert_eq!(placed, n);
    assert_timely(&input, took);
}

/// iSCSI sessions were counted from a list entry per LUN target of every
/// FCI instance: 300 FCIs of 100,000 instances (130 KB) took 1.13 s and
/// 0.9 GB. 3,000 of them (1.2 billion targets) would have needed over
/// 4.8 GB per copy; they are now counted per group of equal targets.
#[test]
fn bounded_iscsi_targets_per_instance() {
    let seed = example_values()
        .into_iter()
        .find(|p| iscsi_fci_instances(p) > 0)
        .expect("an example with an iSCSI-served FCI");
    let mut project = seed.clone();
    let workloads = seed["workloads"].as_array().expect("workloads");
    let mut fci = workloads
        .iter()
        .find(|w| w.pointer("/spec/deployment/iscsi_target") == Some(&Value::Bool(true)))
        .expect("an iSCSI FCI")
        .clone();
    fci["spec"]["vm_count"] = Value::from(100_000);
    let n = 3000;
    project["workloads"] = (0..n)
        .map(|i| {
            let mut w = fci.clone();
            w["id"] = Value::from(format!("fci{i}"));
            w
        })
        .collect();
    let input = project.to_string();
    let (evaluation, took) = evaluated(&input);
    let iscsi = &evaluation.osa().next().unwrap().iscsi;
    assert_eq!(iscsi.workloads.len(), n);
    assert!(iscsi.targets >= 100_000 * n as u32);
    assert!(iscsi.busiest_host_sessions.is_some());
    assert_timely(&input, took);
}

/// Growth over the horizon re-sized the whole cluster for every year and
/// every larger host count: seed 003 on 3 hosts with 20,000 workloads
/// growing 500 % a year over 10 years (6.75 MB) took 4.9 s.
#[test]
fn bounded_growth_host_search() {
    let path = examples_dir().join("seed-003-mixed-sql-exchange.json");
    let text = std::fs::read_to_string(path).expect("seed 003 example");
    let mut project: Value = serde_json::from_str(&text).expect("seed 003 is JSON");
    project["settings"]["planning_horizon_years"] = Value::from(10);
    project["clusters"][0]["topology"]["host_count"] = Value::from(3);
    let originals = project["workloads"].as_array().expect("workloads").clone();
    project["workloads"] = (0..debug_scaled(20_000))
        .map(|i| {
            let mut w = originals[i % originals.len()].clone();
            w["id"] = Value::from(format!("w{i}"));
            if w["spec"].get("annual_growth_pct").is_some() {
                w["spec"]["annual_growth_pct"] = Value::from(500);
            }
            w
        })
        .collect();
    let input = project.to_string();
    let (evaluation, took) = evaluated(&input);
    let growth = &evaluation.osa().next().unwrap().growth;
    assert_eq!(growth.years.len(), 11);
    assert!(!growth.first_crossing.is_empty());
    assert_timely(&input, took);
}
