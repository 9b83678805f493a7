//! Criterion benchmarks of the design search on the shipped catalog, for
//! every seed example:
//! - `recommend/scoring`: the vSAN sizing phase alone, as candidate designs
//!   evaluated by the fast scorer per second (criterion's elements/s);
//!   goal from issue 5: >= 5 million per second, single-threaded.
//! - `recommend/full_search`: `recommend` from project to confirmed
//!   designs (figures read from `evaluate`, every line sized, XtremIO +
//!   VPLEX axes, Pareto front, verification); goal: < 1 s.
//!
//! Run: `cargo bench --bench recommend`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use stacksizer_core::catalog::shipped_catalog;
use stacksizer_core::model::Project;
use stacksizer_core::parse_project;
use stacksizer_core::recommend::{recommend, Phase, RecommendOptions, Search};

const SEEDS: [&str; 6] = [
    "seed-000-hybrid-alwayson",
    "seed-001-all-flash-sql",
    "seed-001-stretched",
    "seed-002-iscsi-fci",
    "seed-003-mixed-sql-exchange",
    "seed-004-xtremio-vplex",
];

fn seed(name: &str) -> Project {
    let path = format!(
        "{}/../assets/examples/{name}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    parse_project(&std::fs::read_to_string(path).expect("the seed exists")).expect("it parses")
}

/// Steps a search through its vSAN sizing; the designs it scored.
fn size_vsan(mut search: Search) -> u64 {
    loop {
        let p = search.step();
        if p.phase != Phase::SizingVsan {
            return p.evaluated;
        }
    }
}

fn scoring(c: &mut Criterion) {
    let catalog = shipped_catalog();
    let options = RecommendOptions::default();
    let mut group = c.benchmark_group("recommend/scoring");
    group.sample_size(10);
    for name in SEEDS {
        let project = seed(name);
        let scored = size_vsan(Search::new(&project, &catalog, &options));
        group.throughput(Throughput::Elements(scored));
        group.bench_function(name, |b| {
            b.iter_batched(
                || Search::new(&project, &catalog, &options),
                |search| black_box(size_vsan(search)),
                BatchSize::LargeInput,
            )
        });
    }
    group.finish();
}

fn full_search(c: &mut Criterion) {
    let catalog = shipped_catalog();
    let options = RecommendOptions::default();
    let mut group = c.benchmark_group("recommend/full_search");
    group.sample_size(10);
    for name in SEEDS {
        let project = seed(name);
        group.bench_function(name, |b| {
            b.iter(|| black_box(recommend(&project, &catalog, &options)))
        });
    }
    group.finish();
}

criterion_group!(benches, scoring, full_search);
criterion_main!(benches);
