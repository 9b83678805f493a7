//! RVTools import speed: a generated export of 5,000 VMs (vInfo, vDisk,
//! vPartition) imported from .xlsx bytes, as the app and the CLI do.
//! Goal: under 1 s.

#[path = "../tests/common/rvtools_fixture.rs"]
mod rvtools_fixture;

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use rvtools_fixture::{fixture_vms, rvtools_xlsx, Shape};
use stacksizer_core::import::rvtools::{import_rvtools, RvtoolsFile, RvtoolsOptions};

fn import_5000_vms(c: &mut Criterion) {
    let bytes = rvtools_xlsx(&fixture_vms(5000), &Shape::default());
    let options = RvtoolsOptions::default();
    c.bench_function("import_rvtools_xlsx_5000_vms", |b| {
        b.iter(|| {
            let result = import_rvtools(RvtoolsFile::Xlsx(black_box(&bytes)), &options);
            black_box(result.expect("the fixture imports"))
        })
    });
}

criterion_group! {
    name = benches;
    // Each import takes tens of milliseconds; ten samples keep the run short.
    config = Criterion::default().sample_size(10);
    targets = import_5000_vms
}
criterion_main!(benches);
