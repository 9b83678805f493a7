//! Bringing outside data into a project: an RVTools inventory, a generic
//! workloads CSV. Every importer takes bytes (the CLI and the app read the
//! files), checks every row, and either returns the whole result or every
//! problem found, each naming its sheet, row and column: nothing is ever
//! half imported.

pub(crate) mod csv_table;
mod issue;
pub mod project;
pub mod rvtools;
pub(crate) mod table;
pub mod workloads_csv;
mod xlsx;

pub use csv_table::MAX_CSV_BYTES;
pub use issue::ImportIssue;
pub use xlsx::MAX_XLSX_BYTES;
