//! Bill of materials of one cluster: its hosts and the devices of its disk
//! groups (vSAN OSA), of its storage pools (vSAN ESA), or the X-Bricks and
//! VPLEX engines of both sites (arrays), each with the catalog part it is,
//! priced in the project's currency. A project's own price of a device,
//! a host, an X-Brick or a VPLEX engine (a user catalog's reaches it
//! through `price_project`) wins; a part it does not price is priced from the catalog, converted at
//! the project's rate when the catalog prices it in another currency, and
//! otherwise left unpriced with the reason. The XLSX BOM sheet lists these
//! lines with live formulas; the evaluation carries their priced total so
//! that designs can be compared by cost.

mod pricing;
mod project_file;

use serde::Serialize;

use crate::catalog::{Catalog, Part as CatalogPart, PartSpec};
use crate::labels;
use crate::model::{Cluster, Device, ExtraLine, HostSpec, Pricing, Project, Storage, XtremioVplex};
use crate::platform::xtremio_vplex::x_brick_model;
use crate::rules::num;

pub use pricing::{price_project, PriceChange};
pub use project_file::{price_project_json, use_part_json, PartUseOutcome, PriceOutcome};

/// One orderable part of a cluster.
#[derive(Debug, Clone, PartialEq)]
pub struct Part {
    /// The catalog part's SKU (its id where the catalog records no vendor
    /// part number); empty for a part the catalog does not hold.
    pub part_number: String,
    pub part: String,
    pub description: String,
    pub quantity: u32,
    /// In the project's currency; absent when the part has no price.
    pub unit_price: Option<f64>,
    /// Why a part has no price (no catalog part, no rate for its currency).
    pub unpriced_reason: Option<String>,
}

/// What a cluster's parts cost, as far as the project prices them.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct ClusterCost {
    /// Unit price x quantity over the parts that have a price, in the
    /// project's currency (`pricing.currency`).
    pub priced_total: f64,
    /// Parts without a unit price (each named once): the total leaves them
    /// out, so a cost with any is incomplete.
    pub unpriced_parts: Vec<String>,
}

/// A price and SKU found for a project part.
struct Priced {
    part_number: String,
    unit_price: Option<f64>,
    unpriced_reason: Option<String>,
}

/// Prices a part: the project's own price, else the catalog part's
/// converted into the project's currency.
fn priced(own: Option<f64>, part: Option<&CatalogPart>, pricing: &Pricing) -> Priced {
    let part_number = part.map_or_else(String::new, |p| p.order_code().to_owned());
    let (unit_price, unpriced_reason) = match (own, part) {
        (Some(price), _) => (Some(price), None),
        (None, None) => (
            None,
            Some("not a catalog part, and the project gives it no price".to_owned()),
        ),
        (None, Some(p)) => match pricing.convert(p.unit_price, &p.currency) {
            Some(price) => (Some(price), None),
            None => (
                None,
                Some(format!(
                    "the catalog prices it in {}; the project is in {} and gives no {} rate (pricing.exchange_rates)",
                    p.currency, pricing.currency, p.currency
                )),
            ),
        },
    };
    Priced {
        part_number,
        unit_price,
        unpriced_reason,
    }
}

/// The catalog host a project host was built from: the one whose project
/// model name it carries (`Part::to_host_spec`).
pub fn host_part<'c>(catalog: &'c Catalog, host: &HostSpec) -> Option<&'c CatalogPart> {
    catalog.parts.iter().find(|p| {
        p.to_host_spec()
            .is_some_and(|spec| spec.model == host.model)
    })
}

/// The catalog device a project device is: the part whose id it has.
pub fn device_part<'c>(catalog: &'c Catalog, device: &Device) -> Option<&'c CatalogPart> {
    catalog
        .part(&device.id)
        .filter(|p| matches!(p.spec, PartSpec::Device(_)))
}

/// The catalog X-Brick an array is built of: the part with its model id.
pub fn x_brick_part<'c>(catalog: &'c Catalog, a: &XtremioVplex) -> Option<&'c CatalogPart> {
    catalog
        .part(&a.x_brick_model)
        .filter(|p| matches!(p.spec, PartSpec::XBrick(_)))
}

/// The catalog VPLEX engine an array names (`vplex_engine`).
pub fn vplex_engine_part<'c>(catalog: &'c Catalog, a: &XtremioVplex) -> Option<&'c CatalogPart> {
    a.vplex_engine
        .as_deref()
        .and_then(|id| catalog.part(id))
        .filter(|p| matches!(p.spec, PartSpec::VplexEngine(_)))
}

fn line(description: String, part: String, quantity: u32, p: Priced) -> Part {
    Part {
        part_number: p.part_number,
        part,
        description,
        quantity,
        unit_price: p.unit_price,
        unpriced_reason: p.unpriced_reason,
    }
}

/// The cluster's parts in BOM order: hosts, then cache devices, then
/// capacity devices (or the storage pool's devices, or each site's
/// X-Bricks and VPLEX engines). An array's meta and logging volumes live on
/// the X-Bricks and its Witness is a virtual machine: no orderable part.
pub fn cluster_parts(project: &Project, cluster: &Cluster, catalog: &Catalog) -> Vec<Part> {
    let pricing = &project.pricing;
    let hosts = cluster.topology.host_count();
    let host = &cluster.host;
    let mut parts = vec![line(
        format!("Host: {}", labels::host(host)),
        host.model.clone(),
        hosts,
        priced(host.unit_price, host_part(catalog, host), pricing),
    )];
    let device_line = |d: &Device, description: String, quantity: u32| {
        line(
            description,
            d.model.clone(),
            quantity,
            priced(d.unit_price, device_part(catalog, d), pricing),
        )
    };
    let disk_groups = match &cluster.storage {
        Storage::XtremioVplex(a) => {
            let brick = x_brick_model(&a.x_brick_model);
            let brick_part = x_brick_part(catalog, a);
            let engine_part = vplex_engine_part(catalog, a);
            for site in ["production site", "remote site"] {
                parts.push(line(
                    format!("XtremIO X-Brick, {site}"),
                    brick.map_or_else(|| a.x_brick_model.clone(), |m| m.name.to_owned()),
                    a.x_bricks_per_site,
                    priced(a.x_brick_unit_price, brick_part, pricing),
                ));
                parts.push(line(
                    format!("VPLEX engine (2 directors), {site}"),
                    engine_part.map_or_else(
                        || "VPLEX engine (no catalog part named: storage.vplex_engine)".to_owned(),
                        |p| format!("{} {}", p.vendor, p.model),
                    ),
                    a.vplex_engines,
                    priced(a.vplex_engine_unit_price, engine_part, pricing),
                ));
            }
            return parts;
        }
        Storage::VsanEsa(esa) => {
            if let Some(d) = project.device(&esa.device) {
                parts.push(device_line(
                    d,
                    format!("Storage pool device (ESA): {}", device_description(d)),
                    esa.devices_per_host.saturating_mul(hosts),
                ));
            }
            return parts;
        }
        Storage::VsanOsa { disk_groups, .. } => disk_groups,
    };
    // Disk groups repeat the same devices: each (role, device) is one line.
    let mut add = |role: &str, device: Option<&Device>, count: u32| {
        let Some(d) = device else { return };
        let description = format!("{role}: {}", device_description(d));
        match parts
            .iter_mut()
            .find(|p| p.part == d.model && p.description == description)
        {
            Some(known) => known.quantity = known.quantity.saturating_add(count),
            None => parts.push(device_line(d, description, count)),
        }
    };
    for g in disk_groups {
        add("Cache device", project.device(&g.cache_device), hosts);
    }
    for g in disk_groups {
        add(
            "Capacity device",
            project.device(&g.capacity_device),
            g.capacity_device_count.saturating_mul(hosts),
        );
    }
    parts
}

/// The user's extra items (licences, support, services) as BOM lines, in
/// the project's currency.
pub fn extra_items(pricing: &Pricing) -> Vec<Part> {
    pricing
        .extra_lines
        .iter()
        .filter_map(|l| match l {
            ExtraLine::Item {
                description,
                part_number,
                quantity,
                unit_price,
            } => Some(Part {
                part_number: part_number.clone(),
                part: description.clone(),
                description: "Added to the project (pricing.extra_lines)".into(),
                quantity: *quantity,
                unit_price: Some(*unit_price),
                unpriced_reason: None,
            }),
            ExtraLine::Discount { .. } => None,
        })
        .collect()
}

/// The user's discounts: (description, percent off everything above).
pub fn discounts(pricing: &Pricing) -> Vec<(&str, f64)> {
    pricing
        .extra_lines
        .iter()
        .filter_map(|l| match l {
            ExtraLine::Discount {
                description,
                percent,
            } => Some((description.as_str(), *percent)),
            ExtraLine::Item { .. } => None,
        })
        .collect()
}

/// The whole project's price as its bill of materials totals it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct ProjectCost {
    /// ISO 4217 code of every amount here (`pricing.currency`).
    pub currency: String,
    /// Every cluster's priced parts.
    pub hardware: f64,
    /// The user's extra items (licences, support, services).
    pub extra_items: f64,
    /// Taken off by the user's discounts, each a share of hardware and items.
    pub discount: f64,
    /// Hardware and extra items less the discounts: the BOM's "Total" row.
    pub total: f64,
    /// Parts without a unit price (each named once), left out of every
    /// amount above.
    pub unpriced_parts: Vec<String>,
}

/// The project's cost from its clusters' hardware and its pricing's extra
/// lines.
pub fn project_cost(hardware: &ClusterCost, pricing: &Pricing) -> ProjectCost {
    let extra_items = extra_items(pricing)
        .iter()
        .filter_map(extended_price)
        .fold(0.0, |a, b| a + b);
    let before = hardware.priced_total + extra_items;
    let discount = discounts(pricing)
        .iter()
        .map(|(_, pct)| before * pct / 100.0)
        .fold(0.0, |a, b| a + b);
    ProjectCost {
        currency: pricing.currency.clone(),
        hardware: hardware.priced_total,
        extra_items,
        discount,
        total: before - discount,
        unpriced_parts: hardware.unpriced_parts.clone(),
    }
}

/// The BOM's "Total" for clusters' priced parts worth `cluster_totals`.
pub fn project_total(cluster_totals: f64, pricing: &Pricing) -> f64 {
    let hardware = ClusterCost {
        priced_total: cluster_totals,
        unpriced_parts: Vec::new(),
    };
    project_cost(&hardware, pricing).total
}

pub fn extended_price(part: &Part) -> Option<f64> {
    part.unit_price.map(|p| p * f64::from(part.quantity))
}

pub fn cluster_cost(parts: &[Part]) -> ClusterCost {
    let mut unpriced_parts: Vec<String> = Vec::new();
    for p in parts.iter().filter(|p| p.unit_price.is_none()) {
        push_once(&mut unpriced_parts, &p.part);
    }
    ClusterCost {
        // Folded from +0.0: an empty f64 sum is -0.0, which JSON shows as "-0".
        priced_total: parts
            .iter()
            .filter_map(extended_price)
            .fold(0.0, |a, b| a + b),
        unpriced_parts,
    }
}

impl ClusterCost {
    /// Several clusters' costs as one: each unpriced part named once.
    pub fn sum<'a>(costs: impl IntoIterator<Item = &'a ClusterCost>) -> ClusterCost {
        let mut total = ClusterCost {
            priced_total: 0.0,
            unpriced_parts: Vec::new(),
        };
        for c in costs {
            total.priced_total += c.priced_total;
            for part in &c.unpriced_parts {
                push_once(&mut total.unpriced_parts, part);
            }
        }
        total
    }
}

fn push_once(parts: &mut Vec<String>, part: &str) {
    if !parts.iter().any(|p| p == part) {
        parts.push(part.to_string());
    }
}

fn device_description(d: &Device) -> String {
    let mut text = labels::device_size(d);
    if let Some(class) = d.flash_class {
        text.push_str(&format!(", class {class:?}"));
    }
    if let Some(dwpd) = d.endurance_dwpd {
        text.push_str(&format!(", {} DWPD", num(dwpd, 1)));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::shipped;
    use crate::model::{ExchangeRate, Project};

    fn example(name: &str) -> Project {
        let path = format!("{}/../assets/examples/{name}", env!("CARGO_MANIFEST_DIR"));
        serde_json::from_str(&std::fs::read_to_string(path).expect("example")).expect("project")
    }

    #[test]
    fn seed_001_parts_are_hosts_cache_and_capacity_devices() {
        // Seed 001: 4 hosts, 2 disk groups each of 1 x 400 GB cache + 4 x 400 GB capacity.
        let p = example("seed-001-all-flash-sql.json");
        let parts = cluster_parts(&p, &p.clusters[0], shipped());
        let quantities: Vec<u32> = parts.iter().map(|p| p.quantity).collect();
        assert_eq!(quantities, vec![4, 8, 32]);
    }

    #[test]
    fn an_array_lists_bricks_and_engines_per_site_and_no_system_volumes() {
        let p = example("seed-004-xtremio-vplex.json");
        let parts = cluster_parts(&p, &p.clusters[0], shipped());
        let names: Vec<(&str, u32)> = parts
            .iter()
            .map(|p| (p.part_number.as_str(), p.quantity))
            .collect();
        assert_eq!(
            names[1..],
            [
                ("xtremio-10tb", 2),
                ("vplex-vs2-engine", 2),
                ("xtremio-10tb", 2),
                ("vplex-vs2-engine", 2)
            ]
        );
        assert!(parts.iter().all(|p| !p.part.contains("volume")));
    }

    #[test]
    fn a_part_priced_in_another_currency_needs_a_rate() {
        let mut p = example("seed-001-all-flash-sql.json");
        p.clusters[0].host.unit_price = None;
        let mut catalog = shipped().clone();
        let host = host_part(&catalog, &p.clusters[0].host).unwrap().id.clone();
        let part = catalog.parts.iter_mut().find(|x| x.id == host).unwrap();
        part.currency = "EUR".into();
        part.unit_price = 10_000.0;
        let unpriced = &cluster_parts(&p, &p.clusters[0], &catalog)[0];
        assert_eq!(unpriced.unit_price, None);
        assert!(unpriced
            .unpriced_reason
            .as_deref()
            .unwrap()
            .contains("no EUR rate"));
        p.pricing.exchange_rates.push(ExchangeRate {
            from: "EUR".into(),
            rate: 1.1,
        });
        let converted = &cluster_parts(&p, &p.clusters[0], &catalog)[0];
        assert!((converted.unit_price.unwrap() - 11_000.0).abs() < 1e-9);
    }

    #[test]
    fn the_project_total_adds_items_and_takes_discounts_off_everything() {
        let pricing = Pricing {
            extra_lines: vec![
                ExtraLine::Item {
                    description: "Support, 3 years".into(),
                    part_number: "SUP-3Y".into(),
                    quantity: 2,
                    unit_price: 500.0,
                },
                ExtraLine::Discount {
                    description: "Deal".into(),
                    percent: 10.0,
                },
            ],
            ..Pricing::default()
        };
        assert_eq!(project_total(9_000.0, &pricing), 9_000.0);
        let hardware = ClusterCost {
            priced_total: 9_000.0,
            unpriced_parts: vec!["witness".into()],
        };
        let cost = project_cost(&hardware, &pricing);
        assert_eq!(
            (cost.hardware, cost.extra_items, cost.discount, cost.total),
            (9_000.0, 1_000.0, 1_000.0, 9_000.0)
        );
        assert_eq!(cost.unpriced_parts, ["witness"]);
        let none = project_cost(&hardware, &Pricing::default());
        assert!(none.discount.is_sign_positive() && none.extra_items.is_sign_positive());
        assert_eq!(extra_items(&pricing)[0].part_number, "SUP-3Y");
    }

    #[test]
    fn cost_sums_priced_parts_and_names_the_unpriced_once() {
        let part = |name: &str, quantity, unit_price| Part {
            part_number: String::new(),
            part: name.into(),
            description: String::new(),
            quantity,
            unit_price,
            unpriced_reason: None,
        };
        let parts = [
            part("host", 4, Some(12_000.0)),
            part("ssd", 8, Some(450.0)),
            part("hdd", 32, None),
            part("hdd", 8, None),
        ];
        let cost = cluster_cost(&parts);
        assert_eq!(cost.priced_total, 4.0 * 12_000.0 + 8.0 * 450.0);
        assert_eq!(cost.unpriced_parts, vec!["hdd".to_string()]);
        let none = cluster_cost(&parts[2..]);
        assert!(none.priced_total == 0.0 && none.priced_total.is_sign_positive());
    }
}
