//! Hostile workbooks against the import's bounds: each one, generated
//! here, must end (imported or refused with a reason) within the time
//! budget, and the whole run within 512 MB of peak memory (the process's
//! high-water mark, so the cases run one after another in one test).
//! The time budget is 1 s in an optimised build (`cargo test --release
//! --test hostile_imports`, the figure docs/fuzzing.md records) and 15 s
//! in a debug build, which is 10-30 times slower and parses an eighth of
//! the shared strings (and an eighth of the long string) in the cases that
//! parse the most.

#[path = "common/live_optics_fixture.rs"]
mod live_optics_fixture;
#[path = "common/rvtools_fixture.rs"]
mod rvtools_fixture;

use std::io::{Cursor, Read, Write};
use std::time::{Duration, Instant};

use live_optics_fixture::lo_zip;
use rvtools_fixture::{fixture_vms, rvtools_xlsx, Shape};
use stacksizer_core::import::detect::detect;
use stacksizer_core::import::inventory::InventoryOptions;
use stacksizer_core::import::live_optics::workbook_in_zip;
use stacksizer_core::import::rvtools::{import_rvtools, RvtoolsFile};
use stacksizer_core::import::xlsx::{MAX_SHARED_STRINGS, MAX_ZIP_ENTRIES};
use zip::write::SimpleFileOptions;
use zip::CompressionMethod;

const BUDGET: Duration = if cfg!(debug_assertions) {
    Duration::from_secs(15)
} else {
    Duration::from_secs(1)
};
const MEMORY_BUDGET_KIB: u64 = 512 * 1024;

/// A small, valid RVTools workbook to make hostile.
fn base() -> Vec<u8> {
    rvtools_xlsx(&fixture_vms(20), &Shape::default())
}

/// `xlsx` with the part `name` rewritten by `edit` (added when absent),
/// stored with `method`.
fn with_part(
    xlsx: &[u8],
    name: &str,
    method: CompressionMethod,
    edit: impl FnOnce(Vec<u8>) -> Vec<u8>,
) -> Vec<u8> {
    let mut from = zip::ZipArchive::new(Cursor::new(xlsx)).unwrap();
    let mut to = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let mut original = Vec::new();
    for i in 0..from.len() {
        let mut entry = from.by_index(i).unwrap();
        if entry.name().unwrap() == name {
            entry.read_to_end(&mut original).unwrap();
            continue;
        }
        to.raw_copy_file(entry).unwrap();
    }
    to.start_file(
        name,
        SimpleFileOptions::default().compression_method(method),
    )
    .unwrap();
    to.write_all(&edit(original)).unwrap();
    to.finish().unwrap().into_inner()
}

/// Shared strings: the workbook's own, then `extra` more of `text`.
fn shared_strings(extra: u64, text: &str) -> impl FnOnce(Vec<u8>) -> Vec<u8> + '_ {
    move |original| {
        let xml = String::from_utf8(original).unwrap();
        let end = xml.rfind("</sst>").unwrap();
        let item = format!("<si><t>{text}</t></si>");
        let mut out = String::with_capacity(xml.len() + item.len() * extra as usize);
        out.push_str(&xml[..end]);
        for _ in 0..extra {
            out.push_str(&item);
        }
        out.push_str("</sst>");
        out.into_bytes()
    }
}

/// A part of `len` zero bytes, deflated (about 1000:1).
fn bomb(xlsx: &[u8], len: usize) -> Vec<u8> {
    with_part(
        xlsx,
        "xl/media/image1.bin",
        CompressionMethod::Deflated,
        |_| vec![0u8; len],
    )
}

fn many_parts(xlsx: &[u8]) -> Vec<u8> {
    let mut from = zip::ZipArchive::new(Cursor::new(xlsx)).unwrap();
    let mut to = zip::ZipWriter::new(Cursor::new(Vec::new()));
    for i in 0..from.len() {
        to.raw_copy_file(from.by_index(i).unwrap()).unwrap();
    }
    for i in 0..=MAX_ZIP_ENTRIES {
        to.start_file(format!("xl/media/p{i}.bin"), SimpleFileOptions::default())
            .unwrap();
    }
    to.finish().unwrap().into_inner()
}

fn peak_memory_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Runs the import (detection first, as the CLI does) and times it; a
/// slow run is retimed twice and the fastest of three counts, as the
/// fuzz harnesses do, since the machine is shared.
fn timed(name: &str, bytes: &[u8], expect_refused: Option<&str>) {
    let run = || {
        let start = Instant::now();
        let result = match detect(bytes) {
            Ok(_) => import_rvtools(RvtoolsFile::Xlsx(bytes), &InventoryOptions::default()),
            Err(issue) => Err(vec![issue]),
        };
        (result, start.elapsed())
    };
    let (result, mut took) = run();
    for _ in 0..2 {
        if took >= BUDGET {
            took = took.min(run().1);
        }
    }
    println!("{name}: {} ms", took.as_millis());
    assert!(took < BUDGET, "{name} took {took:?} (budget {BUDGET:?})");
    match (expect_refused, result) {
        (Some(reason), Err(issues)) => assert!(
            issues.iter().any(|i| i.message.contains(reason)),
            "{name}: {issues:?}"
        ),
        (None, Ok(_)) => {}
        (Some(reason), Ok(_)) => panic!("{name}: imported, expected refusal ({reason})"),
        (None, Err(issues)) => panic!("{name}: refused: {issues:?}"),
    }
}

#[test]
fn hostile_workbooks_end_within_the_time_and_memory_budgets() {
    let base = base();
    // 60 million strings (issue 23's 2.4 MB file) is far past the cap;
    // one past the cap is refused before any string is parsed.
    let over = with_part(
        &base,
        "xl/sharedStrings.xml",
        CompressionMethod::Stored,
        shared_strings(MAX_SHARED_STRINGS + 1, "x"),
    );
    timed(
        "shared strings over the count cap",
        &over,
        Some("shared strings exceed"),
    );
    drop(over);
    // Just within the cap: parsed, and imported within the budgets.
    let within_cap = if cfg!(debug_assertions) {
        MAX_SHARED_STRINGS / 8
    } else {
        MAX_SHARED_STRINGS - 1_000
    };
    let within = with_part(
        &base,
        "xl/sharedStrings.xml",
        CompressionMethod::Stored,
        shared_strings(within_cap, "x"),
    );
    timed("shared strings within the count cap", &within, None);
    drop(within);
    // One 60 MiB string: within the file size, parsed as one cell text.
    let long_mib = if cfg!(debug_assertions) { 8 } else { 60 };
    let long = "y".repeat(long_mib * 1024 * 1024);
    let one_long = with_part(
        &base,
        "xl/sharedStrings.xml",
        CompressionMethod::Stored,
        shared_strings(1, &long),
    );
    drop(long);
    timed("one long shared string", &one_long, None);
    drop(one_long);
    // A 900 MiB string deflates to about 1 MB: refused by its ratio.
    let huge_string = with_part(
        &base,
        "xl/sharedStrings.xml",
        CompressionMethod::Deflated,
        shared_strings(1, &"z".repeat(64 * 1024 * 1024)),
    );
    timed(
        "a highly compressed huge string",
        &huge_string,
        Some("100 times"),
    );
    timed(
        "a zip bomb part",
        &bomb(&base, 64 * 1024 * 1024),
        Some("100 times"),
    );
    timed("too many parts", &many_parts(&base), Some("parts"));
    let mut truncated = base.clone();
    truncated.truncate(base.len() / 2);
    timed("a truncated workbook", &truncated, Some("not a complete"));
    // Live Optics' zip holding a bomb instead of a workbook.
    let lo_bomb = lo_zip(&vec![0u8; 64 * 1024 * 1024]);
    let start = Instant::now();
    let err = workbook_in_zip(&lo_bomb).unwrap_err();
    assert!(start.elapsed() < BUDGET);
    assert!(err.message.contains("refused as unsafe"), "{}", err.message);
    if let Some(peak) = peak_memory_kib() {
        println!("peak memory: {} MiB", peak / 1024);
        assert!(peak < MEMORY_BUDGET_KIB, "peak memory {peak} KiB");
    }
}
