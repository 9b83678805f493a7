//! Comparison sheet: the key figures and prices of several design variants
//! side by side. Every figure is a live reference into the variant's own
//! sheets (a price typed in variant 2's BOM shows here), and "Best" names
//! the better variant where higher or lower is clearly better.

use super::bom::BomCells;
use super::sheet::{
    a1, column_letters, Cell, CellRef, Computed, NumberFormat, Sheet, SheetBuilder,
};
use super::summary::{KeyFigure, FIGURES};
use super::DesignSheets;
use crate::rules::Severity;

/// Which way a figure is better.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Better {
    Higher,
    Lower,
    /// Lower, but only once every variant has a price (blank prices total 0).
    LowerPriced,
    /// Neither: more raw capacity or more hosts is not better by itself.
    Neither,
}

fn better(figure: KeyFigure) -> Better {
    use KeyFigure as K;
    match figure {
        K::UsableTb
        | K::UsableTib
        | K::HeadroomTb
        | K::HeadroomTib
        | K::HeadroomPct
        | K::DeliverableIops
        | K::IopsHeadroom
        | K::CacheCoveragePct => Better::Higher,
        K::DatastoreUsedPct | K::CpuAfterFailurePct | K::RamAfterFailurePct => Better::Lower,
        _ => Better::Neither,
    }
}

/// One variant's label ("1: hybrid") and its built sheets.
pub struct Compared<'a> {
    pub label: String,
    pub sheets: &'a DesignSheets,
}

/// A row of the comparison: what each variant's value is read from.
enum Source {
    /// The project-wide key figure on the variant's Summary.
    Figure(KeyFigure),
    /// A total on the variant's BOM.
    Bom(fn(&BomCells) -> &CellRef),
    /// Findings of a severity: a count the core gives, on no sheet as one cell.
    Findings(Severity),
}

pub fn comparison_sheet(variants: &[Compared]) -> Sheet {
    let mut b = SheetBuilder::new("Comparison");
    b.title(format!("Comparison of {} design variants", variants.len()));
    b.freeze_above(1);
    b.note(
        "Each variant's full report follows in the sheets numbered like it. The figures here \
         are live references to those sheets: type a unit price in a variant's BOM and its \
         prices here follow. Best names the better variant where higher or lower is clearly \
         better (for prices, once every variant is priced).",
    );
    b.blank();
    let header_row = b.next_row();
    let n = variants.len() as u16;
    let first_col: u16 = 2;
    let last_col = first_col + n - 1;
    let mut headers = vec!["Figure", "Unit"];
    headers.extend(variants.iter().map(|v| v.label.as_str()));
    headers.push("Best");
    let mut rows: Vec<(String, &str, NumberFormat, Source, Better)> = Vec::new();
    for d in FIGURES {
        rows.push((
            d.label.to_string(),
            d.unit,
            d.format,
            Source::Figure(d.figure),
            better(d.figure),
        ));
    }
    rows.push((
        "BOM total".into(),
        "price",
        NumberFormat::Price,
        Source::Bom(|b| &b.total),
        Better::LowerPriced,
    ));
    rows.push((
        "Price per usable TB".into(),
        "price",
        NumberFormat::Price,
        Source::Bom(|b| &b.per_usable_tb),
        Better::LowerPriced,
    ));
    rows.push((
        "Price per deliverable front-end IOPS".into(),
        "price",
        NumberFormat::Price,
        Source::Bom(|b| &b.per_iops),
        Better::LowerPriced,
    ));
    rows.push((
        "Errors".into(),
        "findings",
        NumberFormat::Count,
        Source::Findings(Severity::Error),
        Better::Lower,
    ));
    rows.push((
        "Warnings".into(),
        "findings",
        NumberFormat::Count,
        Source::Findings(Severity::Warning),
        Better::Lower,
    ));
    let labels: Vec<&str> = variants.iter().map(|v| v.label.as_str()).collect();
    let header_range = absolute_row_range(header_row, first_col, last_col);
    let table_rows = rows
        .into_iter()
        .enumerate()
        .map(|(i, (label, unit, format, source, better))| {
            let row = header_row + 1 + i as u32;
            let mut cells = vec![Cell::text(label), Cell::text(unit)];
            let mut values = Vec::new();
            for v in variants {
                let cell = match &source {
                    Source::Figure(f) => reference(v.sheets, &v.sheets.summary.project(*f), format),
                    Source::Bom(at) => reference(v.sheets, at(&v.sheets.bom), format),
                    Source::Findings(severity) => Cell::count(v.sheets.count(*severity) as u32),
                };
                values.push(cell.numeric());
                cells.push(cell);
            }
            let range = format!("{}:{}", a1(row, first_col), a1(row, last_col));
            cells.push(best_cell(better, &range, &header_range, &values, &labels));
            cells
        })
        .collect();
    b.table("comparison", &headers, table_rows);
    b.finish()
}

/// `$C$4:$E$4`.
fn absolute_row_range(row: u32, first_col: u16, last_col: u16) -> String {
    let r = row + 1;
    format!(
        "${}${r}:${}${r}",
        column_letters(first_col),
        column_letters(last_col)
    )
}

/// `='1 Summary'!$C$9`, with the value it shows: a blank cell reads as 0
/// in a formula, as spreadsheets do.
fn reference(sheets: &DesignSheets, at: &CellRef, format: NumberFormat) -> Cell {
    let value = match sheets.cell(at) {
        Some(Cell::Text(s)) => Computed::Text(s.clone()),
        Some(Cell::Formula(f)) => f.value.clone(),
        Some(cell) => Computed::Number(cell.numeric().unwrap_or(0.0)),
        None => Computed::Number(0.0),
    };
    Cell::formula(format!("={}", at.absolute()), value, format)
}

fn best_cell(
    better: Better,
    range: &str,
    header_range: &str,
    values: &[Option<f64>],
    labels: &[&str],
) -> Cell {
    let n = values.len();
    let (pick, ready) = match better {
        Better::Neither => return Cell::Blank,
        Better::Higher => ("MAX", format!("COUNT({range})<{n}")),
        Better::Lower => ("MIN", format!("COUNT({range})<{n}")),
        Better::LowerPriced => ("MIN", format!("COUNTIF({range},\">0\")<{n}")),
    };
    let formula = format!(
        "=IF({ready},\"\",IF(MAX({range})=MIN({range}),\"equal\",\
         INDEX({header_range},MATCH({pick}({range}),{range},0))))"
    );
    Cell::formula(
        formula,
        Computed::Text(best_value(better, values, labels)),
        NumberFormat::Count,
    )
}

/// What the Best formula shows, computed the same way.
pub fn best_value(better: Better, values: &[Option<f64>], labels: &[&str]) -> String {
    let present: Vec<f64> = values.iter().flatten().copied().collect();
    let ready = match better {
        Better::Neither => false,
        Better::Higher | Better::Lower => present.len() == values.len(),
        Better::LowerPriced => present.iter().filter(|v| **v > 0.0).count() == values.len(),
    };
    if !ready || present.is_empty() {
        return String::new();
    }
    let max = present.iter().copied().fold(f64::MIN, f64::max);
    let min = present.iter().copied().fold(f64::MAX, f64::min);
    if max == min {
        return "equal".into();
    }
    let target = if better == Better::Higher { max } else { min };
    present
        .iter()
        .position(|v| *v == target)
        .and_then(|i| labels.get(i))
        .map_or_else(String::new, |l| l.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn best_follows_the_direction_and_waits_for_prices() {
        let labels = ["1: a", "2: b"];
        let v = [Some(10.0), Some(20.0)];
        assert_eq!(best_value(Better::Higher, &v, &labels), "2: b");
        assert_eq!(best_value(Better::Lower, &v, &labels), "1: a");
        assert_eq!(best_value(Better::Neither, &v, &labels), "");
        assert_eq!(
            best_value(Better::LowerPriced, &[Some(0.0), Some(5.0)], &labels),
            ""
        );
        assert_eq!(
            best_value(Better::Higher, &[Some(3.0), Some(3.0)], &labels),
            "equal"
        );
        assert_eq!(best_value(Better::Higher, &[None, Some(3.0)], &labels), "");
    }

    #[test]
    fn header_range_is_absolute() {
        assert_eq!(absolute_row_range(3, 2, 4), "$C$4:$E$4");
    }
}
