//! The user's catalog as a file (CSV or JSON): read and checked against the
//! shipped catalog, reduced to the parts that differ from it, summarised,
//! and listed side by side with the shipped prices. Keeping only the
//! differences means a later shipped catalog still reaches every part the
//! user did not change.

use serde::Serialize;

use super::catalog_csv::{catalog_from_csv, catalog_to_csv};
use crate::catalog::{
    deserialize_catalog, merge_catalogs, shipped_catalog, validate_catalog, Catalog, Part,
    PartSpec, CATALOG_SCHEMA_VERSION, MAX_CATALOG_BYTES,
};
use crate::import::ImportIssue;
use crate::json_text::to_string_pretty;
use crate::model::issue::{CallError, InputIssue};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum CatalogFormat {
    Json,
    Csv,
}

impl CatalogFormat {
    /// The format a file name's extension names (`.json`, `.csv`), if any.
    pub fn from_file_name(name: &str) -> Option<CatalogFormat> {
        let lower = name.to_ascii_lowercase();
        if lower.ends_with(".json") {
            Some(CatalogFormat::Json)
        } else if lower.ends_with(".csv") {
            Some(CatalogFormat::Csv)
        } else {
            None
        }
    }
}

/// What a user catalog file holds compared with the shipped catalog.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct UserCatalogSummary {
    /// Parts (rows or JSON entries) in the file.
    pub parts_read: usize,
    /// Ids the shipped catalog lacks.
    pub added: Vec<String>,
    /// Shipped ids the file changes (price, part number or specs).
    pub overridden: Vec<String>,
    /// Parts identical to the shipped ones; they are not kept.
    pub unchanged: usize,
    /// Whether the file sets the parts new projects start with.
    pub sets_defaults: bool,
    pub currency: String,
}

#[derive(Debug, Clone, PartialEq)]
pub struct UserCatalogImport {
    /// The user catalog to keep: only what differs from the shipped one.
    pub catalog: Catalog,
    pub summary: UserCatalogSummary,
}

/// A user catalog file as the app gets it: the catalog to keep (only what
/// differs from the shipped one) and what it changes, or every problem
/// with its row and column (CSV) or JSON path.
#[derive(Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum UserCatalogOutcome {
    Imported {
        catalog: Box<Catalog>,
        summary: UserCatalogSummary,
    },
    Invalid {
        issues: Vec<ImportIssue>,
    },
}

/// A user catalog file named `file_name` (its extension gives the format)
/// read over the shipped catalog, as the app's one outcome.
pub fn import_user_catalog(bytes: &[u8], file_name: &str) -> UserCatalogOutcome {
    let Some(format) = CatalogFormat::from_file_name(file_name) else {
        return UserCatalogOutcome::Invalid {
            issues: vec![ImportIssue::file(format!(
                "{file_name}: a catalog file must end in .csv or .json"
            ))],
        };
    };
    match read_user_catalog(bytes, format, &shipped_catalog()) {
        Ok(imported) => UserCatalogOutcome::Imported {
            catalog: Box::new(imported.catalog),
            summary: imported.summary,
        },
        Err(issues) => UserCatalogOutcome::Invalid { issues },
    }
}

/// The user catalog the app stored (none: an empty one). The app only
/// stores catalogs `import_user_catalog` accepted, so one it refuses now
/// (a shipped catalog it no longer fits) is an error: every issue keeps
/// its JSON path, under `user_catalog`, with its value and allowed range.
pub fn stored_user_catalog(json: Option<&str>) -> Result<Catalog, CallError> {
    let Some(json) = json else {
        return Ok(Catalog {
            schema_version: CATALOG_SCHEMA_VERSION,
            price_note: String::new(),
            defaults: None,
            parts: vec![],
        });
    };
    parse_user_catalog(json, &shipped_catalog()).map_err(|issues| {
        let issues: Vec<InputIssue> = issues
            .into_iter()
            .map(|i| InputIssue {
                path: match i.path.as_str() {
                    "" => "user_catalog".to_owned(),
                    path => format!("user_catalog.{path}"),
                },
                message: format!("the user catalog: {}", i.message),
                ..i
            })
            .collect();
        CallError::from(issues)
    })
}

/// The catalog in use: the shipped one with the stored user catalog over it.
pub fn catalog_in_use(user_catalog_json: Option<&str>) -> Result<Catalog, CallError> {
    Ok(merge_catalogs(
        &shipped_catalog(),
        &stored_user_catalog(user_catalog_json)?,
    ))
}

/// A catalog as the file a user exports: CSV, or pretty JSON ending in a
/// newline.
pub fn catalog_file_text(catalog: &Catalog, format: CatalogFormat) -> Result<String, CallError> {
    match format {
        CatalogFormat::Csv => Ok(catalog_to_csv(catalog)),
        CatalogFormat::Json => to_string_pretty(catalog)
            .map(|text| text + "\n")
            .map_err(|e| CallError::failed(format!("cannot serialize the catalog: {e}"))),
    }
}

/// Reads and checks a user catalog file. Every problem is returned (CSV:
/// row and column; JSON: the path of the field), and nothing is kept
/// unless the whole file is valid over the shipped catalog.
pub fn read_user_catalog(
    bytes: &[u8],
    format: CatalogFormat,
    shipped: &Catalog,
) -> Result<UserCatalogImport, Vec<ImportIssue>> {
    let user = match format {
        CatalogFormat::Csv => catalog_from_csv(bytes, shipped)?,
        CatalogFormat::Json => user_catalog_from_json(bytes, shipped).map_err(|issues| {
            issues
                .into_iter()
                .map(|i| ImportIssue::file(i.message))
                .collect::<Vec<_>>()
        })?,
    };
    let parts_read = user.parts.len();
    let catalog = only_differences(user, shipped);
    let (added, overridden) = catalog
        .parts
        .iter()
        .map(|p| p.id.clone())
        .partition(|id| shipped.part(id).is_none());
    let summary = UserCatalogSummary {
        parts_read,
        added,
        overridden,
        unchanged: parts_read - catalog.parts.len(),
        sets_defaults: catalog.defaults.is_some(),
        currency: merge_catalogs(shipped, &catalog)
            .parts
            .first()
            .map(|p| p.currency.clone())
            .unwrap_or_default(),
    };
    Ok(UserCatalogImport { catalog, summary })
}

/// A JSON user catalog must be valid on its own and over the shipped one
/// (one currency, defaults that name parts); problems of the merged
/// catalog are pointed back at the user file's own part.
fn user_catalog_from_json(bytes: &[u8], shipped: &Catalog) -> Result<Catalog, Vec<InputIssue>> {
    if bytes.len() > MAX_CATALOG_BYTES {
        return Err(vec![InputIssue::new(
            "",
            format!(
                "the catalog file is {} bytes; at most {MAX_CATALOG_BYTES} bytes are read",
                bytes.len()
            ),
        )]);
    }
    let text = std::str::from_utf8(bytes).map_err(|e| {
        vec![InputIssue::new(
            "",
            format!(
                "the catalog file is not UTF-8 text (byte {})",
                e.valid_up_to()
            ),
        )]
    })?;
    parse_user_catalog(text, shipped)
}

/// A user catalog's JSON text, checked on its own (ids, ranges, one
/// currency) and over the shipped catalog (the same currency, defaults
/// naming parts of either); problems of the merged catalog are pointed
/// back at the user file's own part.
pub fn parse_user_catalog(json: &str, shipped: &Catalog) -> Result<Catalog, Vec<InputIssue>> {
    let user = deserialize_catalog(json)?;
    let merged = merge_catalogs(shipped, &user);
    let mut issues: Vec<InputIssue> = Vec::new();
    let own = validate_catalog(&user)
        .into_iter()
        .filter(|i| !i.path.starts_with("defaults"));
    let over_shipped = validate_catalog(&merged)
        .into_iter()
        .filter(|i| i.path != "schema_version")
        .map(|issue| at_user_part(issue, &merged, &user));
    for issue in own.chain(over_shipped) {
        if !issues.contains(&issue) {
            issues.push(issue);
        }
    }
    if issues.is_empty() {
        Ok(user)
    } else {
        Err(issues)
    }
}

/// `parts[40].currency` of the merged catalog -> `parts[2].currency` of the user's file.
fn at_user_part(issue: InputIssue, merged: &Catalog, user: &Catalog) -> InputIssue {
    let Some((index, rest)) = issue
        .path
        .strip_prefix("parts[")
        .and_then(|r| r.split_once(']'))
    else {
        return issue;
    };
    let user_index = index
        .parse::<usize>()
        .ok()
        .and_then(|i| merged.parts.get(i))
        .and_then(|p| user.parts.iter().position(|u| u.id == p.id));
    match user_index {
        Some(j) => {
            let detail = issue
                .message
                .strip_prefix(issue.path.as_str())
                .unwrap_or(&issue.message)
                .trim()
                .to_owned();
            InputIssue::new(format!("parts[{j}]{rest}"), detail)
        }
        None => issue,
    }
}

fn only_differences(mut user: Catalog, shipped: &Catalog) -> Catalog {
    user.parts.retain(|p| shipped.part(&p.id) != Some(p));
    if user.defaults == shipped.defaults {
        user.defaults = None;
    }
    if user.price_note == shipped.price_note {
        user.price_note = String::new();
    }
    user
}

/// A part's price as one catalog records it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct PartPrice {
    pub unit_price: f64,
    pub part_number: String,
    pub currency: String,
}

impl From<&Part> for PartPrice {
    fn from(p: &Part) -> Self {
        PartPrice {
            unit_price: p.unit_price,
            part_number: p.part_number.clone(),
            currency: p.currency.clone(),
        }
    }
}

/// One line of the catalog as the app lists it: the shipped price next to
/// the user's, when either exists.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct CatalogRow {
    pub id: String,
    pub category: String,
    pub vendor: String,
    pub model: String,
    /// A part of the seed era, left out of the design search by default.
    pub legacy: bool,
    /// What the part is: the figures a catalog browser shows and filters by.
    pub spec: PartSpec,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub shipped: Option<PartPrice>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub user: Option<PartPrice>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct CatalogListing {
    pub price_note: String,
    pub rows: Vec<CatalogRow>,
}

/// The merged catalog's parts in its order, each with both prices.
pub fn catalog_listing(shipped: &Catalog, user: &Catalog) -> CatalogListing {
    let merged = merge_catalogs(shipped, user);
    let rows = merged
        .parts
        .iter()
        .map(|p| CatalogRow {
            id: p.id.clone(),
            category: p.spec.category().to_owned(),
            vendor: p.vendor.clone(),
            model: p.model.clone(),
            legacy: p.legacy,
            spec: p.spec.clone(),
            shipped: shipped.part(&p.id).map(PartPrice::from),
            user: user.part(&p.id).map(PartPrice::from),
        })
        .collect();
    CatalogListing {
        price_note: merged.price_note,
        rows,
    }
}

impl PartSpec {
    /// The `category` tag of the JSON and CSV forms.
    pub fn category(&self) -> &'static str {
        match self {
            PartSpec::Device(_) => "device",
            PartSpec::Host(_) => "host",
            PartSpec::XBrick(_) => "xbrick",
            PartSpec::VplexEngine(_) => "vplex_engine",
        }
    }
}
