//! Criterion benchmarks of the sizing core on a large generated project:
//! one 64-host cluster running 500 workloads (SQL Server standalone / AG /
//! FCI, Exchange, file servers, VM groups) over RAID-1, RAID-5 and RAID-6
//! policies. Two variants: all-flash with dedup+compression, and hybrid.
//!
//! Run: `cargo bench --bench evaluate` (goal from issue 3: evaluate <= 100 us).

#[path = "support/large_project.rs"]
mod large_project;

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use stacksizer_core::evaluate::{evaluate, evaluate_json, EvaluateOutcome};
use stacksizer_core::model::Project;
use stacksizer_core::parse_project;
use stacksizer_core::validate::validate;

use large_project::{large_project, Variant, HOSTS};

const WORKLOADS: usize = 500;

fn bench_variant(c: &mut Criterion, label: &str, variant: Variant) {
    let project = large_project(variant, WORKLOADS);
    let json = serde_json::to_string(&project).expect("the project serializes");
    // Fail loudly rather than benchmark the validation error path.
    let evaluation = evaluate(&project).unwrap_or_else(|issues| {
        panic!("the {label} benchmark project is invalid: {issues:?}");
    });
    assert_eq!(evaluation.osa().next().unwrap().host_count, HOSTS);
    assert!(matches!(
        evaluate_json(&json),
        EvaluateOutcome::Evaluated { .. }
    ));

    let result = serde_json::to_string(&evaluation).expect("the result serializes");
    eprintln!(
        "{label}: project JSON {} bytes; result JSON {} bytes, {} findings",
        json.len(),
        result.len(),
        evaluation.findings.len()
    );

    let mut group = c.benchmark_group(format!("{label}/64 hosts, 500 workloads"));
    group.bench_function("evaluate", |b| b.iter(|| evaluate(black_box(&project))));
    // The validation evaluate starts with, alone (it is part of `evaluate`).
    group.bench_function("validate", |b| b.iter(|| validate(black_box(&project))));
    group.bench_function("parse_project", |b| {
        b.iter(|| parse_project(black_box(&json)))
    });
    // Reference: plain serde_json without parse_project's JSON-path tracking.
    group.bench_function("serde_json::from_str (reference)", |b| {
        b.iter(|| serde_json::from_str::<Project>(black_box(&json)))
    });
    // What the app does on every edit: JSON text in, figures out.
    group.bench_function("parse_project + evaluate", |b| {
        b.iter(|| {
            let parsed = parse_project(black_box(&json)).expect("valid");
            evaluate(&parsed)
        })
    });
    group.bench_function("evaluate_json", |b| {
        b.iter(|| evaluate_json(black_box(&json)))
    });
    // The result as the Wasm edge hands it on (serde serialization).
    group.bench_function("evaluate + serialize result", |b| {
        b.iter(|| serde_json::to_string(&evaluate(black_box(&project)).expect("valid")))
    });
    group.finish();
}

fn benches(c: &mut Criterion) {
    bench_variant(c, "all-flash dedup", Variant::AllFlashDedup);
    bench_variant(c, "hybrid", Variant::Hybrid);
}

criterion_group!(evaluate_benches, benches);
criterion_main!(evaluate_benches);
