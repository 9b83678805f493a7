//! The hardware catalog: parts a design can be built from, with specs and
//! unit prices. The app ships one (`assets/catalog/catalog.json`, prices are
//! indicative list prices); a user keeps their own prices and parts in a
//! separate user catalog that overrides the shipped one by part id, so it
//! survives app upgrades that replace the shipped file.

#[cfg(test)]
mod tests;
mod use_part;
mod validate;

use serde::{Deserialize, Serialize};

use crate::model::issue::InputIssue;
use crate::model::{Device, DeviceKind, FlashClass, HostSpec};
pub use use_part::{use_part, PartSlot, PartUse};
pub use validate::validate_catalog;

pub const CATALOG_SCHEMA_VERSION: u32 = 1;

/// The catalog shipped with this build, embedded so the app and the CLI
/// work offline.
pub const SHIPPED_CATALOG_JSON: &str = include_str!("../../assets/catalog/catalog.json");

/// Catalog files larger than this are refused before parsing.
pub const MAX_CATALOG_BYTES: usize = 16 * 1024 * 1024;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(deny_unknown_fields)]
pub struct Catalog {
    pub schema_version: u32,
    /// What the prices are (the shipped catalog: indicative list prices, not quotes).
    #[serde(default)]
    pub price_note: String,
    /// Parts a new project starts with.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub defaults: Option<CatalogDefaults>,
    #[serde(default)]
    pub parts: Vec<Part>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(deny_unknown_fields)]
pub struct CatalogDefaults {
    pub host: String,
    pub cache_device: String,
    pub capacity_device: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(deny_unknown_fields)]
pub struct Part {
    /// Stable id: the key a user catalog overrides by, and a project's device id.
    pub id: String,
    pub vendor: String,
    pub model: String,
    /// Vendor or reseller SKU; empty when none is recorded.
    #[serde(default)]
    pub part_number: String,
    pub unit_price: f64,
    /// ISO 4217 code; one catalog holds one currency so prices add up.
    pub currency: String,
    pub price_basis: PriceBasis,
    /// Where the specs come from (seed, datasheet); says "assumption" for
    /// any figure that is not published.
    pub source: String,
    /// Where the price comes from (the shipped catalog: "indicative,
    /// assumed" with the basis of the estimate; a user's: the quote).
    #[serde(default)]
    pub price_source: String,
    /// A part of the seed era (the seeds' own hardware): kept so seed
    /// projects stay priced, left out of the design search by default.
    #[serde(default)]
    pub legacy: bool,
    pub spec: PartSpec,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum PriceBasis {
    /// Indicative list price shipped with the app: a planning figure, not a quote.
    IndicativeList,
    /// Entered by the user (a quote, a contract price).
    User,
}

/// Whether a figure is published (seed or datasheet) or our assumption.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum SpecBasis {
    Published,
    Assumed,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(tag = "category", rename_all = "snake_case")]
pub enum PartSpec {
    Device(DeviceSpec),
    Host(HostPartSpec),
    #[serde(rename = "xbrick")]
    XBrick(XBrickSpec),
    VplexEngine(VplexEngineSpec),
}

/// Which vSAN disk-group tier a device is sold for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum DeviceRole {
    Cache,
    Capacity,
    Either,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(deny_unknown_fields)]
pub struct DeviceSpec {
    /// Media and, for disks, spindle speed (hdd7200 / hdd10k / hdd15k).
    pub kind: DeviceKind,
    pub role: DeviceRole,
    /// Decimal GB, as on the datasheet.
    pub capacity_gb: f64,
    /// Random 4-8 KB IOPS.
    pub read_iops: f64,
    pub write_iops: f64,
    pub iops_basis: SpecBasis,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub endurance_dwpd: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub flash_class: Option<FlashClass>,
    /// Terabytes written over the warranty, as the datasheet states it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub endurance_tbw: Option<f64>,
    /// Listed for vSAN ESA storage pools in the Broadcom compatibility guide.
    #[serde(default)]
    pub esa_certified: bool,
    /// Product generation, e.g. "PCIe Gen4 NVMe (2021)".
    #[serde(default)]
    pub generation: String,
}

impl DeviceSpec {
    /// Spindle speed of a disk; `None` for flash.
    pub fn rpm(&self) -> Option<u32> {
        match self.kind {
            DeviceKind::Hdd7200 => Some(7200),
            DeviceKind::Hdd10k => Some(10_000),
            DeviceKind::Hdd15k => Some(15_000),
            DeviceKind::SataSsd | DeviceKind::SasSsd | DeviceKind::Nvme => None,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(deny_unknown_fields)]
pub struct HostPartSpec {
    pub cpu: String,
    pub sockets: u32,
    pub cores_per_socket: u32,
    pub ghz: f64,
    pub ram_gb: f64,
    pub nics: u32,
    pub nic_gbps: f64,
    /// Front drive bays: bounds disk groups x devices per host.
    pub drive_bays: u32,
    pub rack_units: u32,
    /// Server generation, e.g. "Dell PowerEdge 16G (4th/5th-gen Xeon)".
    #[serde(default)]
    pub generation: String,
    /// Option prices, in the part's currency, where the vendor's
    /// configurator gives them: one GB of RAM more or less than `ram_gb`,
    /// and one core more or less (over all sockets). A host customised
    /// without them is left unpriced (`recommend::customise`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub ram_price_per_gb: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub price_per_core: Option<f64>,
    /// The configured server's power draw under load, in W, drives not
    /// included; the part's `source` says whether the datasheet states it
    /// or it is assumed. Absent: unknown, and a design search with a power
    /// cap leaves the host out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub power_w: Option<f64>,
}

/// An XtremIO X-Brick: two storage controllers and an SSD shelf. Ids
/// match the array model's (`xtremio_vplex::x_brick`), so a design's
/// `x_brick_model` is priced from its catalog part.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(deny_unknown_fields)]
pub struct XBrickSpec {
    pub generation: String,
    pub ssd_count: u32,
    pub ssd_gb: f64,
    /// Decimal TB: ssd_count x ssd_gb.
    pub raw_tb: f64,
    /// Physical capacity after XDP parity and system reserve, before data reduction.
    pub usable_tb: f64,
    pub usable_basis: SpecBasis,
    pub max_per_cluster: u32,
    /// 8 KB OLTP (90/10 read/write) IOPS one X-Brick serves under 1 ms.
    pub oltp_iops: f64,
    pub iops_basis: SpecBasis,
    pub rack_units: u32,
}

/// A VPLEX engine (two directors). Metro clusters have 1, 2 or 4 engines
/// per site; throughput is published per cluster size, not per engine.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(deny_unknown_fields)]
pub struct VplexEngineSpec {
    pub generation: String,
    pub directors: u32,
    pub front_end_iops: Vec<VplexIops>,
    pub iops_basis: SpecBasis,
    pub rack_units: u32,
}

/// Front-end 8 KB IOPS of a VPLEX cluster of `engines` engines (seed 004 table 11).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(deny_unknown_fields)]
pub struct VplexIops {
    pub engines: u32,
    pub write_only: f64,
    pub read_only: f64,
    pub mixed_90_10_peak: f64,
    pub mixed_90_10_average: f64,
}

impl Part {
    /// The part as a project device (projects copy devices so they
    /// evaluate the same without the catalog).
    pub fn to_device(&self) -> Option<Device> {
        let PartSpec::Device(d) = &self.spec else {
            return None;
        };
        Some(Device {
            id: self.id.clone(),
            model: format!("{} {}", self.vendor, self.model),
            kind: d.kind,
            capacity_gb: d.capacity_gb,
            read_iops: d.read_iops,
            write_iops: d.write_iops,
            endurance_dwpd: d.endurance_dwpd,
            flash_class: d.flash_class,
            unit_price: Some(self.unit_price),
        })
    }

    pub fn to_host_spec(&self) -> Option<HostSpec> {
        let PartSpec::Host(h) = &self.spec else {
            return None;
        };
        Some(HostSpec {
            model: format!("{} {} ({})", self.vendor, self.model, h.cpu),
            sockets: h.sockets,
            cores_per_socket: h.cores_per_socket,
            ghz: h.ghz,
            ram_gb: h.ram_gb,
            nics: h.nics,
            nic_gbps: h.nic_gbps,
            unit_price: Some(self.unit_price),
        })
    }

    /// The part's product generation, whatever its category.
    pub fn generation(&self) -> &str {
        match &self.spec {
            PartSpec::Device(d) => &d.generation,
            PartSpec::Host(h) => &h.generation,
            PartSpec::XBrick(x) => &x.generation,
            PartSpec::VplexEngine(v) => &v.generation,
        }
    }

    /// The SKU to order by: the vendor part number, or the catalog id
    /// where the catalog records none (the seeds' unnamed parts).
    pub fn order_code(&self) -> &str {
        if self.part_number.is_empty() {
            &self.id
        } else {
            &self.part_number
        }
    }
}

impl Catalog {
    pub fn part(&self, id: &str) -> Option<&Part> {
        self.parts.iter().find(|p| p.id == id)
    }
}

/// The shipped catalog. It is checked by the tests, so a failure here is a
/// build defect, not user input.
pub fn shipped_catalog() -> Catalog {
    shipped().clone()
}

/// The shipped catalog, parsed once: evaluation prices parts a project
/// does not price itself from it.
pub fn shipped() -> &'static Catalog {
    static SHIPPED: std::sync::OnceLock<Catalog> = std::sync::OnceLock::new();
    SHIPPED.get_or_init(|| {
        serde_json::from_str(SHIPPED_CATALOG_JSON).expect("the shipped catalog parses")
    })
}

/// Reads a catalog file (shipped or user) and checks it; every problem is
/// reported with its JSON path.
pub fn parse_catalog(json: &str) -> Result<Catalog, Vec<InputIssue>> {
    if json.len() > MAX_CATALOG_BYTES {
        return Err(vec![InputIssue::new(
            "",
            format!(
                "the catalog file is {} bytes; at most {MAX_CATALOG_BYTES} bytes are read",
                json.len()
            ),
        )]);
    }
    let catalog = deserialize_catalog(json)?;
    let issues = validate_catalog(&catalog);
    if issues.is_empty() {
        Ok(catalog)
    } else {
        Err(issues)
    }
}

/// The catalog's fields, read without checking their values.
pub(crate) fn deserialize_catalog(json: &str) -> Result<Catalog, Vec<InputIssue>> {
    let mut de = serde_json::Deserializer::from_str(json);
    serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let path = e.path().to_string();
        let path = if path == "." { String::new() } else { path };
        vec![InputIssue::new(path, format!("is invalid: {}", e.inner()))]
    })
}

/// The user's catalog over the shipped one: a user part replaces the
/// shipped part with the same id, new ids are added after the shipped
/// parts, and the user's defaults (when set) win.
pub fn merge_catalogs(shipped: &Catalog, user: &Catalog) -> Catalog {
    let mut parts: Vec<Part> = shipped
        .parts
        .iter()
        .map(|p| user.part(&p.id).unwrap_or(p).clone())
        .collect();
    parts.extend(
        user.parts
            .iter()
            .filter(|u| shipped.part(&u.id).is_none())
            .cloned(),
    );
    Catalog {
        schema_version: shipped.schema_version,
        price_note: if user.price_note.is_empty() {
            shipped.price_note.clone()
        } else {
            user.price_note.clone()
        },
        defaults: user.defaults.clone().or_else(|| shipped.defaults.clone()),
        parts,
    }
}
