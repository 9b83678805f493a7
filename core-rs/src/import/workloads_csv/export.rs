//! Workloads -> the workloads CSV the import reads. Its columns are the
//! project file's field names (a SQL Server deployment's `type` is the
//! `deployment` column), so each workload is written from its own JSON
//! form: the fields it has fill their columns, the other kinds' columns
//! stay empty, and importing the file again gives the same workloads.

use serde_json::{Map, Value};

use super::WORKLOAD_COLUMNS;
use crate::cell_text::csv_text;
use crate::model::issue::CallError;
use crate::model::Workload;
use crate::parse::parse_project;

/// The workloads CSV of a project file, for a caller at the edge (the
/// app's Wasm module); a file that does not parse fails with its problem as
/// data, its JSON path kept.
pub fn workloads_csv_from_json(project_json: &str) -> Result<String, CallError> {
    let project = parse_project(project_json)?;
    Ok(export_workloads_csv(&project.workloads))
}

/// The CSV of `workloads`, header first, comma-separated, UTF-8. Numbers
/// are written as the project file writes them (the shortest text that
/// reads back as the same number); text that starts like a spreadsheet
/// formula gets a leading `'`, which the import takes off again.
pub fn export_workloads_csv(workloads: &[Workload]) -> String {
    let mut out = csv::Writer::from_writer(Vec::new());
    out.write_record(WORKLOAD_COLUMNS)
        .expect("writing CSV to memory cannot fail");
    for w in workloads {
        let fields = fields(w);
        let row = WORKLOAD_COLUMNS
            .iter()
            .map(|c| fields.get(*c).map(cell).unwrap_or_default());
        out.write_record(row)
            .expect("writing CSV to memory cannot fail");
    }
    let bytes = out.into_inner().expect("an in-memory writer flushes");
    String::from_utf8(bytes).expect("every field is UTF-8 text")
}

/// The workload's fields by column: its identity, its spec's fields (with
/// `kind`), and its deployment's (`type` as `deployment`).
fn fields(w: &Workload) -> Map<String, Value> {
    let Ok(Value::Object(mut all)) = serde_json::to_value(w) else {
        unreachable!("a workload serialises to a JSON object");
    };
    let Some(Value::Object(mut spec)) = all.remove("spec") else {
        unreachable!("a workload has a spec object");
    };
    if let Some(Value::Object(mut deployment)) = spec.remove("deployment") {
        if let Some(kind) = deployment.remove("type") {
            spec.insert("deployment".into(), kind);
        }
        spec.append(&mut deployment);
    }
    all.append(&mut spec);
    all
}

fn cell(value: &Value) -> String {
    match value {
        Value::String(text) => csv_text(text).into_owned(),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}
