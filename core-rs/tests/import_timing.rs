//! The import budgets (docs/performance.md), measured: a generated
//! 10,000-VM RVTools export and a 5,000-VM Live Optics export imported
//! from their bytes (detection included, as the CLI does), five runs
//! each, printed as one `import-timing: {json}` line that
//! `node bench/import-timing.mjs` (an optimised build) records in
//! bench/results/import-timing.json; ignored by a plain `cargo test`,
//! whose debug build says nothing about the budget.

#[path = "common/live_optics_fixture.rs"]
mod live_optics_fixture;
#[path = "common/rvtools_fixture.rs"]
mod rvtools_fixture;

use std::time::{Duration, Instant};

use live_optics_fixture::{lo_vms, lo_xlsx};
use rvtools_fixture::{fixture_vms, rvtools_xlsx, Shape};
use serde_json::json;
use stacksizer_core::import::detect::{detect, FileKind};
use stacksizer_core::import::inventory::InventoryOptions;
use stacksizer_core::import::live_optics::import_live_optics;
use stacksizer_core::import::rvtools::{import_rvtools, RvtoolsFile};

const RUNS: usize = 5;

/// Every run's time, sorted.
fn runs(bytes: &[u8], import: impl Fn(&[u8]) -> u32) -> Vec<Duration> {
    let mut times: Vec<Duration> = (0..RUNS)
        .map(|_| {
            let start = Instant::now();
            assert!(import(bytes) > 0, "the export imports VMs");
            start.elapsed()
        })
        .collect();
    times.sort();
    times
}

fn figures(
    name: &str,
    vms: usize,
    bytes: &[u8],
    times: &[Duration],
    budget_ms: f64,
) -> serde_json::Value {
    let ms: Vec<f64> = times.iter().map(|t| t.as_secs_f64() * 1000.0).collect();
    let median = ms[ms.len() / 2];
    println!("{name}: median {median:.0} ms over {RUNS} runs");
    json!({
        "id": name,
        "vms": vms,
        "file_bytes": bytes.len(),
        "runs_ms": ms,
        "median_ms": median,
        "budget_ms": budget_ms,
        "within_budget": median <= budget_ms,
    })
}

fn load_average() -> Vec<f64> {
    std::fs::read_to_string("/proc/loadavg")
        .unwrap_or_default()
        .split_whitespace()
        .take(3)
        .filter_map(|n| n.parse().ok())
        .collect()
}

#[test]
#[ignore = "a benchmark: run by bench/import-timing.mjs in an optimised build"]
fn import_timing() {
    let options = InventoryOptions::default();
    let rvtools = rvtools_xlsx(&fixture_vms(10_000), &Shape::default());
    let rv_times = runs(&rvtools, |b| {
        assert_eq!(detect(b).unwrap(), FileKind::RvtoolsXlsx);
        import_rvtools(RvtoolsFile::Xlsx(b), &options)
            .unwrap()
            .summary
            .vms_imported
    });
    let live_optics = lo_xlsx(&lo_vms(5_000), true);
    let lo_times = runs(&live_optics, |b| {
        assert_eq!(detect(b).unwrap(), FileKind::LiveOpticsXlsx);
        import_live_optics(b, &options)
            .unwrap()
            .summary
            .vms_imported
    });
    let result = json!({
        "optimised": !cfg!(debug_assertions),
        "load_average_1_5_15": load_average(),
        "benchmarks": [
            figures("rvtools_xlsx_10000_vms", 10_000, &rvtools, &rv_times, 1000.0),
            figures("live_optics_xlsx_5000_vms", 5_000, &live_optics, &lo_times, 1000.0),
        ],
    });
    println!("import-timing: {result}");
}
