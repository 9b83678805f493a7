//! The generic workloads CSV (documented in docs/import.md, template in
//! assets/templates/workloads.csv): one workload per row, the columns named
//! after the project file's fields. Ranges are checked by the project's own
//! validation, with each problem pointed back at its row and column.

use std::collections::HashSet;

use serde::{Deserialize, Serialize};

use super::csv_table::read_csv;
use super::inventory::{InventorySource, InventorySummary, IopsBasis, StorageBasis};
use super::issue::{ImportIssue, Issues};
use super::project::{STARTER_CLUSTER_ID, STARTER_POLICY_ID};
use super::table::{ColumnSpec, Row, Table};
use crate::cell_text::csv_text_read;
use crate::demand::compute::vm_shape;
use crate::model::{CommitMode, Project, SqlDeployment, Workload, WorkloadSpec, SCHEMA_VERSION};
use crate::validate::{validate, ISCSI_LUNS};

mod export;
#[cfg(test)]
mod tests;

pub use export::{export_workloads_csv, workloads_csv_from_json};

const SHEET: &str = "workloads";
/// The project allows this many workloads in practice; more rows is not a workloads list.
const MAX_WORKLOAD_ROWS: u32 = 10_000;

/// Every column, in the template's order.
pub const WORKLOAD_COLUMNS: [&str; 30] = [
    "id",
    "name",
    "kind",
    "cluster_id",
    "policy_id",
    "vm_count",
    "vcpu_per_vm",
    "ram_gb_per_vm",
    "annual_growth_pct",
    "read_pct",
    "io_size_kb",
    "db_size_gb",
    "log_size_gb",
    "tempdb_size_gb",
    "working_set_pct",
    "target_iops",
    "deployment",
    "replicas",
    "commit",
    "iscsi_target",
    "mailboxes",
    "mailbox_gb",
    "iops_per_mailbox",
    "database_copies",
    "capacity_gb",
    "throughput_mbps",
    "iscsi_luns",
    "disk_gb_per_vm",
    "iops_per_vm",
    "memory_reservation_gb_per_vm",
];
const ID: usize = 0;
const NAME: usize = 1;
const KIND: usize = 2;
const CLUSTER_ID: usize = 3;
const POLICY_ID: usize = 4;
/// Columns every kind reads (after the identity columns).
const SHARED: [&str; 5] = [
    "vm_count",
    "vcpu_per_vm",
    "ram_gb_per_vm",
    "annual_growth_pct",
    "memory_reservation_gb_per_vm",
];

/// Where workloads land when a row names no cluster or policy.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(default, deny_unknown_fields)]
pub struct WorkloadsCsvOptions {
    pub cluster_id: String,
    pub policy_id: String,
}

impl Default for WorkloadsCsvOptions {
    fn default() -> Self {
        WorkloadsCsvOptions {
            cluster_id: STARTER_CLUSTER_ID.into(),
            policy_id: STARTER_POLICY_ID.into(),
        }
    }
}

/// A workloads CSV as the app gets it: every workload, or every problem
/// with its row and column.
#[derive(Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum WorkloadsCsvOutcome {
    Imported { workloads: Vec<Workload> },
    Invalid { issues: Vec<ImportIssue> },
}

/// `import_workloads_csv` as the app's one outcome.
pub fn workloads_csv_outcome(bytes: &[u8], options: &WorkloadsCsvOptions) -> WorkloadsCsvOutcome {
    match import_workloads_csv(bytes, options) {
        Ok(workloads) => WorkloadsCsvOutcome::Imported { workloads },
        Err(issues) => WorkloadsCsvOutcome::Invalid { issues },
    }
}

/// Reads the CSV: every workload, or every problem (row and column named).
pub fn import_workloads_csv(
    bytes: &[u8],
    options: &WorkloadsCsvOptions,
) -> Result<Vec<Workload>, Vec<ImportIssue>> {
    let specs: Vec<ColumnSpec> = WORKLOAD_COLUMNS
        .iter()
        .map(|&c| match c {
            "name" | "kind" => ColumnSpec::required(c),
            _ => ColumnSpec::optional(c),
        })
        .collect();
    let table = read_csv(SHEET, bytes, &specs, MAX_WORKLOAD_ROWS)?;
    let mut issues = Issues::default();
    let mut workloads = Vec::with_capacity(table.rows.len());
    let mut rows = Vec::with_capacity(table.rows.len());
    let mut ids = HashSet::new();
    for row in &table.rows {
        let mut cells = Cells {
            t: &table,
            row,
            issues: Vec::new(),
        };
        let workload = workload(&mut cells, options, &mut ids);
        match (workload, cells.issues.is_empty()) {
            (Some(w), true) => {
                workloads.push(w);
                rows.push(row);
            }
            _ => cells.issues.into_iter().for_each(|i| issues.push(i)),
        }
    }
    issues.into_result()?;
    if workloads.is_empty() {
        return Err(vec![ImportIssue::sheet(
            SHEET,
            None,
            "lists no workload: rows 2 and below must hold one workload each",
        )]);
    }
    range_issues(&table, &rows, &workloads)?;
    Ok(workloads)
}

fn workload(
    c: &mut Cells,
    options: &WorkloadsCsvOptions,
    ids: &mut HashSet<String>,
) -> Option<Workload> {
    let name = c.text(NAME);
    if name.is_empty() {
        c.bad(NAME, "the workload needs a name");
    }
    let kind = c.text(KIND);
    let allowed: &[&str] = match kind.as_str() {
        "sql_server" => &[
            "db_size_gb",
            "log_size_gb",
            "tempdb_size_gb",
            "working_set_pct",
            "target_iops",
            "read_pct",
            "io_size_kb",
            "deployment",
            "replicas",
            "commit",
            "iscsi_target",
        ],
        "exchange" => &[
            "mailboxes",
            "mailbox_gb",
            "iops_per_mailbox",
            "database_copies",
            "read_pct",
            "io_size_kb",
        ],
        "file_server" => &[
            "capacity_gb",
            "throughput_mbps",
            "iscsi_luns",
            "read_pct",
            "io_size_kb",
        ],
        "vm_group" => &["disk_gb_per_vm", "iops_per_vm", "read_pct"],
        _ => {
            c.bad(
                KIND,
                format!("expected sql_server, exchange, file_server or vm_group, found \"{kind}\""),
            );
            return None;
        }
    };
    for (i, column) in WORKLOAD_COLUMNS.iter().enumerate().skip(POLICY_ID + 1) {
        if !SHARED.contains(column) && !allowed.contains(column) && !c.text(i).is_empty() {
            c.bad(
                i,
                format!("does not apply to a {kind} workload; leave it empty"),
            );
        }
    }
    let id = match c.text(ID) {
        id if id.is_empty() => unique_slug(ids, &name),
        id => {
            if !ids.insert(id.clone()) {
                c.bad(ID, format!("the id \"{id}\" is used twice"));
            }
            id
        }
    };
    let vm_count = c.count("vm_count");
    let vcpu_per_vm = c.count("vcpu_per_vm");
    let ram_gb_per_vm = c.num("every workload", "ram_gb_per_vm");
    let annual_growth_pct = c.num_or("annual_growth_pct", 0.0);
    let memory_reservation_gb_per_vm = c.optional_num("memory_reservation_gb_per_vm");
    let need = format!("{kind} workloads");
    let spec = match kind.as_str() {
        "sql_server" => WorkloadSpec::SqlServer {
            vm_count,
            vcpu_per_vm,
            ram_gb_per_vm,
            memory_reservation_gb_per_vm,
            db_size_gb: c.num(&need, "db_size_gb"),
            log_size_gb: c.num(&need, "log_size_gb"),
            tempdb_size_gb: c.num(&need, "tempdb_size_gb"),
            annual_growth_pct,
            working_set_pct: c.num(&need, "working_set_pct"),
            target_iops: c.num(&need, "target_iops"),
            // TPC-E-like OLTP: 90/10 read/write, 8 KB (seeds 000, 001).
            read_pct: c.num_or("read_pct", 90.0),
            io_size_kb: c.num_or("io_size_kb", 8.0),
            deployment: deployment(c)?,
        },
        "exchange" => WorkloadSpec::Exchange {
            vm_count,
            vcpu_per_vm,
            ram_gb_per_vm,
            memory_reservation_gb_per_vm,
            mailboxes: c.count("mailboxes"),
            mailbox_gb: c.num(&need, "mailbox_gb"),
            iops_per_mailbox: c.num(&need, "iops_per_mailbox"),
            database_copies: c.count("database_copies"),
            // Jetstress: 70/30 read/write, 32 KB (seed 003).
            read_pct: c.num_or("read_pct", 70.0),
            io_size_kb: c.num_or("io_size_kb", 32.0),
            annual_growth_pct,
        },
        "file_server" => WorkloadSpec::FileServer {
            vm_count,
            vcpu_per_vm,
            ram_gb_per_vm,
            memory_reservation_gb_per_vm,
            capacity_gb: c.num(&need, "capacity_gb"),
            iscsi_luns: c.optional_count("iscsi_luns", ISCSI_LUNS),
            throughput_mbps: c.num(&need, "throughput_mbps"),
            read_pct: c.num(&need, "read_pct"),
            io_size_kb: c.num(&need, "io_size_kb"),
            annual_growth_pct,
        },
        _ => WorkloadSpec::VmGroup {
            vm_count,
            vcpu_per_vm,
            ram_gb_per_vm,
            memory_reservation_gb_per_vm,
            disk_gb_per_vm: c.num(&need, "disk_gb_per_vm"),
            iops_per_vm: c.num(&need, "iops_per_vm"),
            read_pct: c.num(&need, "read_pct"),
            annual_growth_pct,
        },
    };
    let or = |text: String, default: &str| {
        if text.is_empty() {
            default.to_owned()
        } else {
            text
        }
    };
    Some(Workload {
        id: id.into(),
        name,
        cluster_id: or(c.text(CLUSTER_ID), &options.cluster_id),
        policy_id: or(c.text(POLICY_ID), &options.policy_id).into(),
        spec,
    })
}

fn deployment(c: &mut Cells) -> Option<SqlDeployment> {
    let col = column("deployment");
    match c.text(col).as_str() {
        "" | "standalone" => Some(SqlDeployment::Standalone),
        "availability_group" => {
            let replicas = c.count_for("an availability group", "replicas");
            let commit = match c.text(column("commit")).as_str() {
                "sync" => CommitMode::Sync,
                "async" => CommitMode::Async,
                // The column may be missing altogether: no cell to point at.
                "" => {
                    c.missing("commit", "an availability group");
                    return None;
                }
                other => {
                    c.bad(
                        column("commit"),
                        format!(
                            "expected sync or async for an availability group, found \"{other}\""
                        ),
                    );
                    return None;
                }
            };
            Some(SqlDeployment::AvailabilityGroup { replicas, commit })
        }
        "failover_cluster" => {
            let iscsi = column("iscsi_target");
            let iscsi_target = match c.text(iscsi).to_ascii_lowercase().as_str() {
                "" | "false" => false,
                "true" => true,
                other => {
                    c.bad(iscsi, format!("expected true or false, found \"{other}\""));
                    false
                }
            };
            Some(SqlDeployment::FailoverCluster { iscsi_target })
        }
        other => {
            c.bad(
                col,
                format!("expected standalone, availability_group or failover_cluster, found \"{other}\""),
            );
            None
        }
    }
}

fn column(name: &str) -> usize {
    WORKLOAD_COLUMNS
        .iter()
        .position(|c| *c == name)
        .expect("a documented column")
}

/// Reads one row's cells, collecting every problem instead of stopping at the first.
struct Cells<'a> {
    t: &'a Table,
    row: &'a Row,
    issues: Vec<ImportIssue>,
}

impl Cells<'_> {
    /// The cell's text; a `'` the export put before a formula start comes off.
    fn text(&self, col: usize) -> String {
        csv_text_read(&self.t.text(self.row, col)).to_owned()
    }

    fn bad(&mut self, col: usize, message: impl std::fmt::Display) {
        self.issues.push(self.t.cell_issue(self.row, col, message));
    }

    /// A required number; `needed_by` says which workloads need it.
    fn num(&mut self, needed_by: &str, name: &str) -> f64 {
        let col = column(name);
        if !self.t.has(col) || self.text(col).is_empty() {
            self.missing(name, needed_by);
            return 0.0;
        }
        self.t.number(self.row, col).unwrap_or_else(|e| {
            self.issues.push(e);
            0.0
        })
    }

    fn num_or(&mut self, name: &str, default: f64) -> f64 {
        self.optional_num(name).unwrap_or(default)
    }

    /// A number that may be left empty (None); validation checks its range.
    fn optional_num(&mut self, name: &str) -> Option<f64> {
        let col = column(name);
        if !self.t.has(col) || self.text(col).is_empty() {
            return None;
        }
        self.t.number(self.row, col).map_or_else(
            |e| {
                self.issues.push(e);
                None
            },
            Some,
        )
    }

    fn count(&mut self, name: &str) -> u32 {
        self.count_for("every workload", name)
    }

    fn count_for(&mut self, needed_by: &str, name: &str) -> u32 {
        let col = column(name);
        if !self.t.has(col) || self.text(col).is_empty() {
            self.missing(name, needed_by);
            return 0;
        }
        match self
            .t
            .number_in(self.row, col, 0.0, f64::from(u32::MAX), true)
        {
            Ok(n) => n as u32,
            Err(e) => {
                self.issues.push(e);
                0
            }
        }
    }

    /// A whole number in `range` that may be left empty (None).
    fn optional_count(&mut self, name: &str, (min, max): (f64, f64)) -> Option<u32> {
        let col = column(name);
        if !self.t.has(col) || self.text(col).is_empty() {
            return None;
        }
        match self.t.number_in(self.row, col, min, max, true) {
            Ok(n) => Some(n as u32),
            Err(e) => {
                self.issues.push(e);
                None
            }
        }
    }

    fn missing(&mut self, name: &str, needed_by: &str) {
        let col = column(name);
        if self.t.has(col) {
            self.bad(
                col,
                format!("the cell is empty; it is required for {needed_by}"),
            );
        } else {
            self.issues.push(ImportIssue {
                sheet: Some(SHEET.into()),
                row: Some(self.row.number),
                column: Some(name.into()),
                message: format!(
                    "sheet \"{SHEET}\", row {}, column \"{name}\": the column is missing; it is required for {needed_by}",
                    self.row.number
                ),
            });
        }
    }
}

/// Runs the project's range checks over the workloads and points each
/// problem at its row and column (`workloads[2].spec.read_pct` -> row 4,
/// column read_pct). Cluster and policy ids are checked when the
/// workloads join a project, not here.
fn range_issues(
    table: &Table,
    rows: &[&Row],
    workloads: &[Workload],
) -> Result<(), Vec<ImportIssue>> {
    let project = Project {
        schema_version: SCHEMA_VERSION,
        name: String::new(),
        description: String::new(),
        settings: Default::default(),
        facts: Default::default(),
        devices: vec![],
        clusters: vec![],
        policies: vec![],
        workloads: workloads.to_vec(),
        pricing: Default::default(),
        scenarios: Vec::new(),
        origin: None,
    };
    let mut issues = Issues::default();
    for issue in validate(&project) {
        let Some(rest) = issue.path.strip_prefix("workloads[") else {
            continue;
        };
        let (index, field_path) = rest.split_once(']').unwrap_or((rest, ""));
        let field = field_path.rsplit('.').next().unwrap_or_default();
        if field == "cluster_id" || field == "policy_id" {
            continue;
        }
        let (Ok(index), Some(col)) = (
            index.parse::<usize>(),
            WORKLOAD_COLUMNS.iter().position(|c| *c == field),
        ) else {
            continue;
        };
        let detail = issue
            .message
            .strip_prefix(issue.path.as_str())
            .unwrap_or(&issue.message)
            .trim();
        let row = rows[index];
        if table.has(col) {
            issues.push(table.cell_issue(row, col, detail));
        } else {
            issues.push(ImportIssue {
                sheet: Some(SHEET.into()),
                row: Some(row.number),
                column: Some(field.into()),
                message: format!(
                    "sheet \"{SHEET}\", row {}, column \"{field}\": {detail}",
                    row.number
                ),
            });
        }
    }
    issues.into_result()
}

fn unique_slug(taken: &mut HashSet<String>, name: &str) -> String {
    let base: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect();
    let base = base.trim_matches('-');
    let base = if base.is_empty() { "workload" } else { base };
    let mut id = base.to_owned();
    let mut n = 2;
    while !taken.insert(id.clone()) {
        id = format!("{base}-{n}");
        n += 1;
    }
    id
}

/// A workloads CSV's import in an inventory's terms (the CLI's `import
/// --json`): its VMs, vCPUs and memory, and the storage the workloads state.
pub fn workloads_summary(workloads: &[Workload], encoding: Option<&str>) -> InventorySummary {
    // The model's sizes are decimal GB; inventories report GiB.
    const GB_PER_GIB: f64 = 1.073_741_824;
    let mut s = InventorySummary {
        encoding: encoding.map(str::to_owned),
        ..InventorySummary::empty(
            InventorySource::WorkloadsCsv,
            StorageBasis::Provisioned,
            IopsBasis::default(),
        )
    };
    for w in workloads {
        let (vcpu, ram_gb) = vm_shape(&w.spec);
        let (vms, storage_gb) = match &w.spec {
            WorkloadSpec::SqlServer {
                vm_count,
                db_size_gb,
                log_size_gb,
                tempdb_size_gb,
                ..
            } => {
                s.sql_server_vms += vm_count;
                let per_vm = db_size_gb + log_size_gb + tempdb_size_gb;
                (*vm_count, f64::from(*vm_count) * per_vm)
            }
            WorkloadSpec::Exchange {
                vm_count,
                mailboxes,
                mailbox_gb,
                ..
            } => (*vm_count, f64::from(*mailboxes) * mailbox_gb),
            WorkloadSpec::FileServer {
                vm_count,
                capacity_gb,
                ..
            } => (*vm_count, *capacity_gb),
            WorkloadSpec::VmGroup {
                vm_count,
                disk_gb_per_vm,
                ..
            } => (*vm_count, f64::from(*vm_count) * disk_gb_per_vm),
        };
        s.vms_imported += vms;
        s.total_vcpu += u64::from(vms) * u64::from(vcpu);
        // VM memory "GB" is binary in the model (ram_gb_per_vm).
        s.total_ram_gib += f64::from(vms) * ram_gb;
        s.total_provisioned_gib += storage_gb / GB_PER_GIB;
    }
    s.total_in_use_gib = s.total_provisioned_gib;
    s
}
