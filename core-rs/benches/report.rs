//! Criterion benchmarks at scale: the 64-host cluster of
//! `benches/evaluate.rs` with 45,000 workloads (issue 25: evaluate <= 500 ms
//! and the XLSX report <= 2 s native). The evaluation, then each report
//! from one evaluation made outside their timing.
//!
//! Run: `cargo bench --bench report`.

#[path = "support/large_project.rs"]
mod large_project;

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use stacksizer_core::evaluate::evaluate;
use stacksizer_core::report::{csv_tables, xlsx_report, Paper};

use large_project::{large_project, Variant};

const WORKLOADS: usize = 45_000;

fn bench_variant(c: &mut Criterion, label: &str, variant: Variant) {
    let project = large_project(variant, WORKLOADS);
    let evaluation = evaluate(&project).unwrap_or_else(|issues| {
        panic!("the {label} benchmark project is invalid: {issues:?}");
    });
    let mut group = c.benchmark_group(format!("{label}/64 hosts, {WORKLOADS} workloads"));
    // Seconds per run: criterion's smallest sample, not its default 100.
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(20));
    group.bench_function("evaluate", |b| b.iter(|| evaluate(black_box(&project))));
    group.bench_function("xlsx_report", |b| {
        b.iter(|| xlsx_report(black_box(&project), black_box(&evaluation), Paper::A4))
    });
    group.bench_function("csv_tables", |b| {
        b.iter(|| csv_tables(black_box(&project), black_box(&evaluation)))
    });
    group.finish();
}

fn benches(c: &mut Criterion) {
    bench_variant(c, "all-flash dedup", Variant::AllFlashDedup);
    bench_variant(c, "hybrid", Variant::Hybrid);
}

criterion_group!(report_benches, benches);
criterion_main!(report_benches);
