//! The PDF proposal of every example: a PDF another reader opens (poppler's
//! `pdftoppm` renders every page, where it is installed), with the verdict,
//! the customer and the BOM total in the project's currency in its text;
//! and the CLI writing it beside the workbook and the CSV tables. Content
//! streams are uncompressed, so the text is read straight from the file.

use std::path::{Path, PathBuf};
use std::process::Command;

use stacksizer_core::report::{evaluate_project_json, pdf_report, Paper};
use stacksizer_core::verdict::VerdictStatus;

#[path = "common/cli_run.rs"]
mod cli_run;
#[path = "common/scratch.rs"]
mod scratch;
use cli_run::stacksizer;
use scratch::Scratch;

const PDFTOPPM: &str = "/usr/bin/pdftoppm";

fn examples() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets/examples");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("the examples folder")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    assert!(files.len() >= 2, "examples in {}", dir.display());
    files
}

/// The example's text with the customer named `customer`.
fn with_customer(path: &Path, customer: &str) -> String {
    let text = std::fs::read_to_string(path).expect("example");
    let mut json: serde_json::Value = serde_json::from_str(&text).expect("json");
    json["facts"]["customer"] = customer.into();
    json.to_string()
}

/// Every string the content streams show (`(...) Tj` and `<hex> Tj`),
/// decoded from WinAnsi, one per line.
fn shown_text(pdf: &[u8]) -> String {
    let mut lines = Vec::new();
    let mut i = 0;
    while i < pdf.len() {
        let (string, end) = match pdf[i] {
            b'(' => literal(pdf, i),
            b'<' if pdf.get(i + 1) != Some(&b'<') => hex(pdf, i),
            _ => {
                i += 1;
                continue;
            }
        };
        if pdf[end..].starts_with(b" Tj") {
            lines.push(string.iter().map(|&b| win_ansi(b)).collect::<String>());
        }
        i = end;
    }
    lines.join("\n")
}

fn literal(pdf: &[u8], start: usize) -> (Vec<u8>, usize) {
    let (mut out, mut depth, mut i) = (Vec::new(), 0, start + 1);
    while i < pdf.len() {
        match pdf[i] {
            b'\\' => {
                i += 1;
                out.push(pdf[i]);
            }
            b'(' => {
                depth += 1;
                out.push(b'(');
            }
            b')' if depth == 0 => return (out, i + 1),
            b')' => {
                depth -= 1;
                out.push(b')');
            }
            b => out.push(b),
        }
        i += 1;
    }
    (out, i)
}

fn hex(pdf: &[u8], start: usize) -> (Vec<u8>, usize) {
    let end = start + pdf[start..].iter().position(|&b| b == b'>').unwrap_or(0);
    let digits = std::str::from_utf8(&pdf[start + 1..end]).unwrap_or("");
    let bytes = (0..digits.len() / 2)
        .filter_map(|k| u8::from_str_radix(&digits[2 * k..2 * k + 2], 16).ok())
        .collect();
    (bytes, end + 1)
}

fn win_ansi(b: u8) -> char {
    match b {
        0x80 => '€',
        0x96 => '–',
        0x97 => '—',
        0x81..=0x9F => '?',
        _ => char::from(b),
    }
}

fn page_count(pdf: &[u8]) -> usize {
    let text = String::from_utf8_lossy(pdf);
    let at = text.find("/Type /Pages").expect("a page tree");
    let count = &text[at..][text[at..].find("/Count ").expect("a count") + 7..];
    let digits: String = count.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().expect("a page count")
}

/// `112000.0` as the proposal shows money: `112,000.00`.
fn money(value: f64) -> String {
    let cents = (value * 100.0).round() as i64;
    let whole = (cents.abs() / 100).to_string();
    let mut grouped = String::new();
    for (i, d) in whole.chars().enumerate() {
        if i > 0 && (whole.len() - i).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(d);
    }
    let sign = if cents < 0 { "-" } else { "" };
    format!("{sign}{grouped}.{:02}", cents.abs() % 100)
}

#[test]
fn every_example_is_a_proposal_with_its_verdict_customer_and_total() {
    for example in examples() {
        let name = example.display().to_string();
        let (project, evaluation) =
            evaluate_project_json(&with_customer(&example, "Contoso Ltd")).expect("valid");
        let pdf = pdf_report(&project, &evaluation, Paper::A4, "2031-02-03").expect("a PDF");
        assert!(pdf.starts_with(b"%PDF-1."), "{name}");
        assert!(pdf.trim_ascii_end().ends_with(b"%%EOF"), "{name}");
        let pages = page_count(&pdf);
        assert!((8..=40).contains(&pages), "{name}: {pages} pages");
        let text = shown_text(&pdf);
        let verdict = match evaluation.verdict.status {
            VerdictStatus::Pass => "The design meets its requirements.",
            VerdictStatus::PassWithWarnings => {
                "The design meets its requirements, with points to review."
            }
            VerdictStatus::Fail => "The design does not meet its requirements.",
        };
        let total = money(evaluation.totals.cost.total);
        let currency = project.pricing.currency.as_str();
        let facts_date = project.facts.date.trim();
        let date = if facts_date.is_empty() {
            "2031-02-03"
        } else {
            facts_date
        };
        for wanted in [
            "Contoso Ltd",
            verdict,
            "Executive summary",
            "Bill of materials",
            "Failure scenarios",
            "Capacity per cluster",
            "Utilisation per cluster",
            date,
            &format!("Page {pages} of {pages}"),
        ] {
            assert!(text.contains(wanted), "{name}: no {wanted:?} in\n{text}");
        }
        // The BOM's total row, under prices headed with their currency.
        assert!(
            text.contains(&format!("Total\n{total}")),
            "{name}: no total {total}"
        );
        assert!(
            text.replace('\n', " ")
                .contains(&format!("price ({currency})")),
            "{name}: no {currency}"
        );
        contents_name_the_pages_of_the_chapters(&name, &text, pages);
        if let Some(binding) = &evaluation.verdict.binding {
            let summary = binding.summary.trim_end_matches('.');
            let start: String = summary.chars().take(20).collect();
            assert!(
                text.contains(&start),
                "{name}: no binding constraint {summary:?}"
            );
        }
        // Nothing in a content stream is set under 8 pt.
        let sizes = String::from_utf8_lossy(&pdf)
            .split(" Tf")
            .filter_map(|before| before.rsplit(' ').next()?.parse::<f64>().ok())
            .fold(f64::MAX, f64::min);
        assert!(sizes >= 8.0, "{name}: text at {sizes} pt");
    }
}

/// The contents list each chapter with the page its heading is on. Each
/// page's text ends with its footer, "Page n of m".
fn contents_name_the_pages_of_the_chapters(name: &str, text: &str, pages: usize) {
    let mut by_page: Vec<Vec<&str>> = vec![Vec::new()];
    for line in text.lines() {
        by_page.last_mut().expect("a page").push(line);
        if line.starts_with("Page ") && line.ends_with(&format!(" of {pages}")) {
            by_page.push(Vec::new());
        }
    }
    assert_eq!(by_page.len(), pages + 1, "{name}: a footer a page");
    let contents = by_page
        .iter()
        .take(2)
        .find_map(|p| {
            p.iter()
                .position(|l| *l == "Contents")
                .map(|at| &p[at + 1..])
        })
        .unwrap_or_else(|| panic!("{name}: no contents on the first two pages"));
    let entries: Vec<(&str, usize)> = contents
        .chunks(2)
        .map_while(|pair| Some((pair[0], pair.get(1)?.parse().ok()?)))
        .collect();
    assert_eq!(entries.len(), 11, "{name}: {entries:?}");
    for (title, page) in entries {
        assert!(
            by_page[page - 1].first() == Some(&title),
            "{name}: {title:?} is not the heading of page {page}: {:?}",
            &by_page[page - 1][..3.min(by_page[page - 1].len())]
        );
    }
}

#[test]
fn letter_paper_and_text_outside_win_ansi() {
    let (project, evaluation) =
        evaluate_project_json(&with_customer(&examples()[1], "日本 Ltd €")).expect("valid");
    let pdf = pdf_report(&project, &evaluation, Paper::Letter, "2031-02-03").expect("a PDF");
    assert!(String::from_utf8_lossy(&pdf).contains("/MediaBox [0 0 612 792]"));
    assert!(shown_text(&pdf).contains("?? Ltd €"));
}

#[test]
fn poppler_renders_every_page_of_two_examples() {
    if !Path::new(PDFTOPPM).exists() {
        eprintln!("{PDFTOPPM} is not installed: the PDFs are not rendered");
        return;
    }
    let dir = Scratch::new("pdf-render");
    for example in examples().iter().take(2) {
        let stem = example.file_stem().and_then(|s| s.to_str()).expect("name");
        let text = std::fs::read_to_string(example).expect("example");
        let (project, evaluation) = evaluate_project_json(&text).expect("valid");
        let pdf = pdf_report(&project, &evaluation, Paper::A4, "2031-02-03").expect("a PDF");
        let file = dir.file(&format!("{stem}.pdf"), &pdf);
        let prefix = dir.path(stem);
        let out = Command::new(PDFTOPPM)
            .args(["-r", "30", "-png", &file, &prefix])
            .output()
            .expect("pdftoppm runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            out.status.success() && stderr.is_empty(),
            "{stem}: {stderr}"
        );
        let pngs: Vec<_> = std::fs::read_dir(&dir.0)
            .expect("listing")
            .filter_map(|e| e.ok())
            .filter(|e| {
                e.file_name()
                    .to_string_lossy()
                    .starts_with(&format!("{stem}-"))
            })
            .collect();
        assert_eq!(pngs.len(), page_count(&pdf), "{stem}: a PNG per page");
        for png in pngs {
            let bytes = std::fs::read(png.path()).expect("png");
            assert!(
                bytes.starts_with(b"\x89PNG") && bytes.len() > 1000,
                "{stem}"
            );
        }
    }
}

#[test]
fn the_cli_writes_the_proposal_beside_the_workbook_and_the_tables() {
    let dir = Scratch::new("pdf-cli");
    let example = examples()[0].to_string_lossy().into_owned();
    let (xlsx, csv, pdf) = (dir.path("r.xlsx"), dir.path("csv"), dir.path("r.pdf"));
    let out = stacksizer(&[
        "report", &example, "-o", &xlsx, "--csv", &csv, "--pdf", &pdf, "--paper", "letter",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let written = std::fs::read(&pdf).expect("the PDF");
    assert!(written.starts_with(b"%PDF-"));
    assert!(String::from_utf8_lossy(&written).contains("/MediaBox [0 0 612 792]"));
    assert!(Path::new(&xlsx).exists() && Path::new(&csv).join("bom.csv").exists());

    // The proposal never overwrites an input.
    let out = stacksizer(&["report", &example, "--pdf", &example]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--pdf"));

    // An invalid project: exit 2, the field named, no file written.
    let invalid = dir.file(
        "invalid.json",
        r#"{"schema_version": 1, "name": "x", "clusters": []}"#,
    );
    let none = dir.path("none.pdf");
    let out = stacksizer(&["report", &invalid, "--pdf", &none]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("clusters"));
    assert!(!Path::new(&none).exists());
}

#[test]
fn the_cli_dates_the_workbook_cover_like_the_proposal_when_the_facts_give_no_date() {
    use std::io::Read;
    let dir = Scratch::new("dated-cover");
    let example = examples()[0].to_string_lossy().into_owned();
    let xlsx = dir.path("r.xlsx");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_stacksizer"))
        .args(["report", &example, "-o", &xlsx])
        // 2023-11-14 22:13:20 UTC.
        .env("SOURCE_DATE_EPOCH", "1700000000")
        .output()
        .expect("the CLI runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let file = std::fs::File::open(&xlsx).expect("the workbook");
    let mut archive = zip::ZipArchive::new(file).expect("a zip");
    // The cover's text is in the shared strings, or inline in the sheet
    // where the sheet is streamed (natively, sheets without charts).
    let mut text = String::new();
    for i in 0..archive.len() {
        let mut part = archive.by_index(i).expect("a part");
        let name = part.name().expect("a part name").to_string();
        if name == "xl/sharedStrings.xml" || name.starts_with("xl/worksheets/sheet") {
            part.read_to_string(&mut text).expect("text");
        }
    }
    assert!(text.contains("<t>2023-11-14</t>"), "no cover date");
}
