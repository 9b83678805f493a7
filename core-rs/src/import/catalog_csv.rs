//! The catalog as one CSV sheet, for editing prices and part numbers in a
//! spreadsheet. Each row is a part; a column that does not apply to the
//! part's category stays empty. On import, a row whose id is already in the
//! base catalog needs only the cells it changes (a price list of `id`,
//! `part_number`, `unit_price` works); a new id needs every spec column.
//! VPLEX engines' IOPS tables do not fit one row: they keep the base
//! catalog's table, and a new VPLEX part is added through the JSON format.

use std::collections::HashSet;

use serde_json::{Map, Number, Value};

use crate::catalog::{merge_catalogs, Catalog, Part, CATALOG_SCHEMA_VERSION};
use crate::cell_text::{csv_text, csv_text_read};
use crate::import::csv_table::read_csv;
use crate::import::table::{ColumnSpec, Row, Table};
use crate::import::ImportIssue;

const SHEET: &str = "catalog";

/// Column order of the CSV; also every field a flat part can have.
pub const CATALOG_COLUMNS: [&str; 42] = [
    "id",
    "category",
    "vendor",
    "model",
    "part_number",
    "unit_price",
    "currency",
    "price_basis",
    "source",
    "price_source",
    "legacy",
    "kind",
    "role",
    "capacity_gb",
    "read_iops",
    "write_iops",
    "iops_basis",
    "endurance_dwpd",
    "flash_class",
    "endurance_tbw",
    "esa_certified",
    "cpu",
    "sockets",
    "cores_per_socket",
    "ghz",
    "ram_gb",
    "nics",
    "nic_gbps",
    "drive_bays",
    "rack_units",
    "generation",
    "power_w",
    "ram_price_per_gb",
    "price_per_core",
    "ssd_count",
    "ssd_gb",
    "raw_tb",
    "usable_tb",
    "usable_basis",
    "max_per_cluster",
    "oltp_iops",
    "directors",
];

/// Fields outside `spec` in the JSON form.
const TOP_LEVEL: [&str; 10] = [
    "id",
    "vendor",
    "model",
    "part_number",
    "unit_price",
    "currency",
    "price_basis",
    "source",
    "price_source",
    "legacy",
];

/// Yes/no columns: `true` or `false`.
const BOOLEAN: [&str; 2] = ["legacy", "esa_certified"];

const NUMERIC: [&str; 24] = [
    "unit_price",
    "capacity_gb",
    "read_iops",
    "write_iops",
    "endurance_dwpd",
    "endurance_tbw",
    "sockets",
    "cores_per_socket",
    "ghz",
    "ram_gb",
    "nics",
    "nic_gbps",
    "drive_bays",
    "rack_units",
    "power_w",
    "ram_price_per_gb",
    "price_per_core",
    "ssd_count",
    "ssd_gb",
    "raw_tb",
    "usable_tb",
    "max_per_cluster",
    "oltp_iops",
    "directors",
];

/// Rows read at most from one catalog CSV.
const MAX_CSV_PARTS: u32 = 100_000;

pub fn catalog_to_csv(catalog: &Catalog) -> String {
    let mut out = csv::Writer::from_writer(Vec::new());
    let rows = std::iter::once(CATALOG_COLUMNS.map(str::to_owned).to_vec()).chain(
        catalog.parts.iter().map(|part| {
            let flat = flatten(part);
            CATALOG_COLUMNS
                .iter()
                .map(|c| flat.get(*c).map(cell_text).unwrap_or_default())
                .collect()
        }),
    );
    for row in rows {
        out.write_record(&row)
            .expect("writing CSV to memory cannot fail");
    }
    let bytes = out.into_inner().expect("an in-memory writer flushes");
    String::from_utf8(bytes).expect("every field is UTF-8 text")
}

/// Reads a catalog CSV into a user catalog (complete parts), filling each
/// row whose id `base` knows from the base part. Every bad cell is
/// reported with its row and column; nothing is half imported.
pub fn catalog_from_csv(bytes: &[u8], base: &Catalog) -> Result<Catalog, Vec<ImportIssue>> {
    let specs: Vec<ColumnSpec> = CATALOG_COLUMNS
        .iter()
        .map(|&c| {
            if c == "id" {
                ColumnSpec::required(c)
            } else {
                ColumnSpec::optional(c)
            }
        })
        .collect();
    let table = read_csv(SHEET, bytes, &specs, MAX_CSV_PARTS)?;
    let mut issues = Vec::new();
    let mut parts = Vec::new();
    let mut rows = Vec::new();
    let mut ids = HashSet::new();
    for row in &table.rows {
        let id = table.text(row, 0);
        if !ids.insert(id.clone()) {
            issues.push(table.cell_issue(row, 0, format!("the id \"{id}\" is used twice")));
            continue;
        }
        match part_from_row(&table, row, base.part(&id)) {
            Ok(part) => {
                parts.push(part);
                rows.push(row);
            }
            Err(issue) => issues.push(issue),
        }
    }
    if !issues.is_empty() {
        return Err(issues);
    }
    let user = Catalog {
        schema_version: CATALOG_SCHEMA_VERSION,
        price_note: String::new(),
        defaults: None,
        parts,
    };
    let merged = merge_catalogs(base, &user);
    let issues: Vec<ImportIssue> = crate::catalog::validate_catalog(&merged)
        .into_iter()
        .map(|issue| locate(&table, &rows, &user, &merged, issue))
        .collect();
    if issues.is_empty() {
        Ok(user)
    } else {
        Err(issues)
    }
}

fn part_from_row(table: &Table, row: &Row, base: Option<&Part>) -> Result<Part, ImportIssue> {
    let mut flat = base.map(flatten).unwrap_or_default();
    let mut price_given = false;
    for (wanted, column) in CATALOG_COLUMNS.iter().enumerate() {
        let text = table.text(row, wanted);
        if text.is_empty() {
            continue;
        }
        price_given |= *column == "unit_price";
        let value = if NUMERIC.contains(column) {
            let n = table.number(row, wanted)?;
            // Whole numbers as integers, so counts deserialize as u32.
            if n.fract() == 0.0 && n.abs() < 9.0e15 {
                Value::Number(Number::from(n as i64))
            } else {
                Number::from_f64(n)
                    .map(Value::Number)
                    .unwrap_or(Value::Null)
            }
        } else if BOOLEAN.contains(column) {
            match text.trim().to_ascii_lowercase().as_str() {
                "true" => Value::Bool(true),
                "false" => Value::Bool(false),
                _ => {
                    return Err(table.cell_issue(
                        row,
                        wanted,
                        format!("must be true or false (got \"{text}\")"),
                    ))
                }
            }
        } else {
            Value::String(csv_text_read(&text).to_owned())
        };
        flat.insert((*column).to_owned(), value);
    }
    if (base.is_none() || price_given) && table.text(row, 7).is_empty() {
        flat.insert("price_basis".into(), Value::String("user".into()));
    }
    let (mut top, mut spec) = (Map::new(), Map::new());
    for (key, value) in flat {
        if TOP_LEVEL.contains(&key.as_str()) {
            top.insert(key, value);
        } else {
            spec.insert(key, value);
        }
    }
    top.insert("spec".into(), Value::Object(spec));
    serde_path_to_error::deserialize::<_, Part>(Value::Object(top)).map_err(|e| {
        let path = e.path().to_string();
        let message = e.inner().to_string();
        let column = path.rsplit('.').next().unwrap_or_default();
        let column = if column == "spec" || column == "." {
            missing_field(&message).unwrap_or("category")
        } else {
            column
        };
        issue_at(table, row, column, &message)
    })
}

/// serde names the field in "missing field `x`" but not in the path.
fn missing_field(message: &str) -> Option<&str> {
    message
        .strip_prefix("missing field `")
        .and_then(|rest| rest.split('`').next())
}

fn issue_at(table: &Table, row: &Row, column: &str, message: &str) -> ImportIssue {
    match CATALOG_COLUMNS.iter().position(|c| *c == column) {
        Some(wanted) if table.has(wanted) => table.cell_issue(row, wanted, message),
        _ => ImportIssue {
            sheet: Some(SHEET.into()),
            row: Some(row.number),
            column: Some(column.into()),
            message: format!(
                "sheet \"{SHEET}\", row {}, column \"{column}\": {message}",
                row.number
            ),
        },
    }
}

/// Points a catalog-level issue (`parts[3].spec.ghz`) at the CSV row of
/// the part and the column of the field.
fn locate(
    table: &Table,
    rows: &[&Row],
    user: &Catalog,
    merged: &Catalog,
    issue: crate::InputIssue,
) -> ImportIssue {
    let index = issue
        .path
        .strip_prefix("parts[")
        .and_then(|rest| rest.split(']').next())
        .and_then(|i| i.parse::<usize>().ok());
    let row = index
        .and_then(|i| merged.parts.get(i))
        .and_then(|p| user.parts.iter().position(|u| u.id == p.id))
        .map(|i| rows[i]);
    let field = issue.path.rsplit('.').next().unwrap_or_default();
    match row {
        Some(row) => {
            let detail = issue
                .message
                .strip_prefix(issue.path.as_str())
                .unwrap_or(&issue.message)
                .trim();
            issue_at(table, row, field, detail)
        }
        None => ImportIssue::sheet(SHEET, None, issue.message),
    }
}

/// A part as column -> value (the IOPS table of a VPLEX engine included,
/// so an overlay keeps it).
fn flatten(part: &Part) -> Map<String, Value> {
    let Ok(Value::Object(mut top)) = serde_json::to_value(part) else {
        unreachable!("a part serializes to a JSON object");
    };
    if let Some(Value::Object(spec)) = top.remove("spec") {
        top.extend(spec);
    }
    top
}

fn cell_text(value: &Value) -> String {
    match value {
        Value::String(s) => csv_text(s).into_owned(),
        Value::Number(n) => n.to_string(),
        Value::Bool(b) => b.to_string(),
        Value::Null | Value::Array(_) | Value::Object(_) => String::new(),
    }
}
