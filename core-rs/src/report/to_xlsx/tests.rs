//! Streamed sheets against stored ones: every example's workbook, and a
//! comparison of two, written both ways must read back the same with
//! calamine (values, formulas, every cell's style, tables, merged ranges),
//! and the sheet XML outside the cells (column widths, frozen panes, page
//! setup, footer, table parts) and each row's height must be the same text.

use std::collections::BTreeMap;
use std::io::{Cursor, Read};
use std::path::Path;

use calamine::{Reader, Xlsx};

use super::{workbook_with, Paper, Rows};
use crate::report::sheet::Sheet;
use crate::report::{comparison_sheets, design_sheets, evaluate_project_json, Context, Variant};

fn examples() -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets/examples");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("examples")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no examples in {}", dir.display());
    files
        .iter()
        .map(|p| std::fs::read_to_string(p).expect("example"))
        .collect()
}

fn write(sheets: &[Sheet], rows: Rows) -> Vec<u8> {
    workbook_with(sheets, "Test", Paper::A4, rows).expect("workbook")
}

/// Every part of the zip, by name.
fn parts(xlsx: &[u8]) -> BTreeMap<String, String> {
    let mut zip = zip::ZipArchive::new(Cursor::new(xlsx)).expect("zip");
    (0..zip.len())
        .map(|i| {
            let mut part = zip.by_index(i).expect("part");
            let mut text = String::new();
            part.read_to_string(&mut text).expect("utf-8 part");
            (part.name().expect("part name").to_string(), text)
        })
        .collect()
}

/// A sheet's XML around its cells, and each row's tag without the
/// `spans` hint (which only the stored writer adds).
fn outside_cells(xml: &str) -> (String, Vec<String>) {
    let start = xml.find("<sheetData").expect("sheetData");
    let (end, cells) = match xml.find("</sheetData>") {
        Some(at) => (at + "</sheetData>".len(), &xml[start..at]),
        None => (start + "<sheetData/>".len(), ""),
    };
    let rows = cells
        .split("<row ")
        .skip(1)
        .map(|row| {
            let tag = &row[..row.find('>').expect("row tag")];
            let tag = tag.trim_end_matches('/');
            match tag.find(" spans=\"") {
                Some(at) => {
                    let close = tag[at + 8..].find('"').expect("spans") + at + 9;
                    format!("{}{}", &tag[..at], &tag[close..])
                }
                None => tag.to_string(),
            }
        })
        .collect();
    (format!("{}{}", &xml[..start], &xml[end..]), rows)
}

fn assert_same_workbook(stored: &[u8], streamed: &[u8], what: &str) {
    let mut a = Xlsx::new(Cursor::new(stored)).expect("stored workbook");
    let mut b = Xlsx::new(Cursor::new(streamed)).expect("streamed workbook");
    let names = a.sheet_names();
    assert_eq!(names, b.sheet_names(), "{what}: sheets");
    a.load_tables().expect("tables");
    b.load_tables().expect("tables");
    for name in &names {
        let at = format!("{what}, sheet {name}");
        let values = a.worksheet_range(name).expect("values");
        assert!(!values.is_empty(), "{at}: no cells");
        assert_eq!(values, b.worksheet_range(name).expect("values"), "{at}");
        assert_eq!(
            a.worksheet_formula(name).expect("formulas"),
            b.worksheet_formula(name).expect("formulas"),
            "{at}: formulas"
        );
        let (sa, sb) = (
            a.worksheet_style(name).expect("styles"),
            b.worksheet_style(name).expect("styles"),
        );
        assert_eq!((sa.start(), sa.end()), (sb.start(), sb.end()), "{at}");
        for ((r, c, x), (_, _, y)) in sa.cells().zip(sb.cells()) {
            assert_eq!(x, y, "{at}: style of row {r}, column {c}");
        }
        assert_eq!(
            a.merge_cells_by_sheet_name(name).expect("merged"),
            b.merge_cells_by_sheet_name(name).expect("merged"),
            "{at}: merged"
        );
        let tables: Vec<String> = a.table_names_in_sheet(name).into_iter().cloned().collect();
        let other: Vec<&String> = b.table_names_in_sheet(name);
        assert_eq!(tables.iter().collect::<Vec<_>>(), other, "{at}: tables");
        for t in &tables {
            let (x, y) = (
                a.table_by_name(t).expect("table"),
                b.table_by_name(t).expect("table"),
            );
            assert_eq!(x.columns(), y.columns(), "{at}: table {t}");
            assert_eq!(x.data(), y.data(), "{at}: table {t}");
        }
    }
    let (pa, pb) = (parts(stored), parts(streamed));
    // Streamed rows hold their text inline: proof that they streamed.
    let inline = |parts: &BTreeMap<String, String>| {
        parts
            .iter()
            .any(|(part, xml)| part.starts_with("xl/worksheets/") && xml.contains("inlineStr"))
    };
    assert!(
        !inline(&pa) && inline(&pb),
        "{what}: the streamed one streams"
    );
    for (part, xml) in &pa {
        if part.starts_with("xl/worksheets/sheet") {
            assert_eq!(
                outside_cells(xml),
                outside_cells(&pb[part]),
                "{what}: {part}"
            );
        } else if part.starts_with("xl/tables/") || part.starts_with("xl/charts/") {
            assert_eq!(Some(xml), pb.get(part), "{what}: {part}");
        }
    }
}

#[test]
fn every_example_reads_the_same_streamed_or_stored() {
    for json in examples() {
        let (project, evaluation) =
            evaluate_project_json(&json).unwrap_or_else(|e| panic!("{e:?}"));
        let sheets =
            design_sheets(&Context::new(&project, &evaluation, "").expect("context")).sheets;
        assert!(sheets.iter().any(|s| !s.charts.is_empty()));
        assert_same_workbook(
            &write(&sheets, Rows::Stored),
            &write(&sheets, Rows::Streamed),
            &project.name,
        );
    }
}

#[test]
fn a_comparison_reads_the_same_streamed_or_stored() {
    let examples = examples();
    let evaluated: Vec<_> = examples[..2]
        .iter()
        .map(|json| evaluate_project_json(json).unwrap_or_else(|e| panic!("{e:?}")))
        .collect();
    let variants: Vec<Variant> = evaluated
        .iter()
        .map(|(project, evaluation)| Variant {
            name: &project.name,
            project,
            evaluation,
        })
        .collect();
    let sheets = comparison_sheets(&variants).expect("comparison");
    assert_same_workbook(
        &write(&sheets, Rows::Stored),
        &write(&sheets, Rows::Streamed),
        "comparison",
    );
}

/// The sheets' threads share the streamed formats' table: the bytes must
/// not depend on which thread met a format first.
#[test]
fn streamed_workbooks_are_the_same_bytes_every_time() {
    let json = &examples()[0];
    let (project, evaluation) = evaluate_project_json(json).unwrap_or_else(|e| panic!("{e:?}"));
    let sheets = design_sheets(&Context::new(&project, &evaluation, "").expect("context")).sheets;
    let first = parts(&write(&sheets, Rows::Streamed));
    for _ in 0..5 {
        let again = parts(&write(&sheets, Rows::Streamed));
        for (part, xml) in &first {
            // The creation time.
            if part != "docProps/core.xml" {
                assert_eq!(Some(xml), again.get(part), "{part}");
            }
        }
    }
}
