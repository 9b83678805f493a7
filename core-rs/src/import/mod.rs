//! Bringing outside data into a project: a VM inventory (RVTools, Live
//! Optics), a generic workloads CSV. Every importer takes bytes (the CLI
//! and the app read the files) and checks every row. An inventory imports
//! its good VM rows and lists each skipped one with its sheet, row, column
//! and reason; a workloads CSV (each row a workload the user wrote) is
//! imported whole or not at all. A file that cannot be read as what it
//! claims to be (a missing sheet or column) is refused with every problem.

mod catalog_csv;
pub(crate) mod csv_table;
pub mod detect;
pub mod inventory;
mod issue;
pub mod live_optics;
pub(crate) mod number_text;
pub mod open;
pub mod progress;
pub mod project;
pub mod rvtools;
pub(crate) mod table;
mod user_catalog;
pub mod workloads_csv;
pub mod xlsx;

pub use catalog_csv::{catalog_from_csv, catalog_to_csv};
pub use csv_table::MAX_CSV_BYTES;
pub use user_catalog::{
    catalog_file_text, catalog_in_use, catalog_listing, import_user_catalog, parse_user_catalog,
    read_user_catalog, stored_user_catalog, CatalogFormat, CatalogListing, CatalogRow, PartPrice,
    UserCatalogImport, UserCatalogOutcome, UserCatalogSummary,
};

/// The text encoding a CSV file is read in (see csv_table::decode), or
/// none when it is not text.
pub fn text_encoding(bytes: &[u8]) -> Option<&'static str> {
    csv_table::decode(bytes).ok().map(|d| d.encoding)
}
pub use issue::ImportIssue;
pub use xlsx::MAX_XLSX_BYTES;
