//! Which imported VMs look like SQL Server, and the assumptions that turn
//! them into `sql_server` workloads (stated in docs/import.md).

use serde::{Deserialize, Serialize};

use super::InventoryVm;

/// Editable assumptions for SQL Server candidates. An inventory knows a
/// VM's disks, not what is on them: the shares below split its storage.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(default, deny_unknown_fields)]
pub struct SqlAssumptions {
    /// Propose candidates as SQL Server workloads (else they stay VM groups).
    pub detect: bool,
    /// Shares of the VM's storage taken as data, log and tempdb files.
    pub db_share_pct: f64,
    pub log_share_pct: f64,
    pub tempdb_share_pct: f64,
    /// Share of the database read and written actively.
    pub working_set_pct: f64,
    pub read_pct: f64,
    pub io_size_kb: f64,
    /// Front-end IOPS per VM where the file measured none (0: a finding says
    /// performance is not sized).
    pub iops_per_vm: f64,
}

impl Default for SqlAssumptions {
    fn default() -> Self {
        SqlAssumptions {
            detect: true,
            // Assumption: a typical OLTP VM layout (data on most of the
            // disk, log and tempdb on their own smaller disks).
            db_share_pct: 70.0,
            log_share_pct: 20.0,
            tempdb_share_pct: 10.0,
            // Assumption: a fifth of the database is hot.
            working_set_pct: 20.0,
            // TPC-E-like OLTP: 90/10 read/write, 8 KB (seeds 000, 001).
            read_pct: 90.0,
            io_size_kb: 8.0,
            iops_per_vm: 0.0,
        }
    }
}

/// Other database engines whose names contain "sql".
const OTHER_ENGINES: [&str; 5] = ["mysql", "postgresql", "pgsql", "nosql", "sqlite"];
/// Guest operating systems SQL Server runs on: Windows, and the Linux
/// distributions Microsoft supports (SQL Server on Linux release notes).
const SQL_SERVER_OSES: [&str; 5] = ["windows", "red hat", "suse", "ubuntu", "sles"];

/// The rule: the VM's name contains "sql" (SQLPRD01, MSSQL-02, app-sql) or
/// its annotation names "SQL Server" or "MSSQL"; neither names another
/// engine (MySQL, PostgreSQL, pgsql, NoSQL, SQLite); and its guest OS is
/// Windows, Red Hat, SUSE or Ubuntu, or not reported.
pub fn is_sql_server_candidate(vm: &InventoryVm) -> bool {
    sql_server_rule(vm).is_some()
}

/// Why the VM is a SQL Server candidate, in the rule's words (shown in the
/// import preview), or none when it is not one.
pub fn sql_server_rule(vm: &InventoryVm) -> Option<String> {
    let name = vm.name.to_ascii_lowercase();
    let note = vm.annotation.to_ascii_lowercase();
    let named = if name.contains("sql") {
        "its name contains \"sql\""
    } else if note.contains("sql server") {
        "its annotation names SQL Server"
    } else if note.contains("mssql") {
        "its annotation names MSSQL"
    } else {
        return None;
    };
    let other_engine = OTHER_ENGINES
        .iter()
        .any(|e| name.contains(e) || note.contains(e));
    let os = vm.os.to_ascii_lowercase();
    let os_named = SQL_SERVER_OSES.iter().find(|o| os.contains(*o));
    match (other_engine, os.trim().is_empty(), os_named) {
        (true, ..) => None,
        (false, true, _) => Some(format!("{named}; no guest OS reported")),
        (false, false, Some(_)) => Some(format!(
            "{named} and its guest OS ({}) runs SQL Server",
            vm.os.trim()
        )),
        (false, false, None) => None,
    }
}
