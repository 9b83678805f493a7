//! Pricing a project from a catalog. A project keeps its own copy of each
//! part's price (so it evaluates the same anywhere); this brings the copies
//! in line with a catalog — the user's own prices — for the parts that came
//! from it: devices by id, hosts by the model name a catalog host gives,
//! X-Bricks by the array's model id and VPLEX engines by `vplex_engine`.
//! Copies are in the project's currency: a part priced in another is
//! converted at the project's rate, and left as it was without one (the
//! BOM then names it unpriced unless the project prices it itself).

use serde::Serialize;

use crate::bom::{device_part, host_part, vplex_engine_part, x_brick_part};
use crate::catalog::{Catalog, Part};
use crate::model::{Project, Storage};

/// One price the catalog changed in the project.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct PriceChange {
    /// JSON path of the price in the project, e.g. `devices[1].unit_price`.
    pub path: String,
    pub part_id: String,
    /// The project's price before (none when it had none).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub from: Option<f64>,
    pub to: f64,
}

/// Sets the price of every project device and host that is a catalog part
/// to the catalog's; returns each change (nothing when all agree).
pub fn price_project(project: &mut Project, catalog: &Catalog) -> Vec<PriceChange> {
    let mut changes = Vec::new();
    let pricing = project.pricing.clone();
    let mut set = |path: String, part: &Part, price: &mut Option<f64>| {
        let Some(to) = pricing.convert(part.unit_price, &part.currency) else {
            return;
        };
        if *price != Some(to) {
            changes.push(PriceChange {
                path,
                part_id: part.id.clone(),
                from: *price,
                to,
            });
            *price = Some(to);
        }
    };
    for (i, device) in project.devices.iter_mut().enumerate() {
        if let Some(part) = device_part(catalog, device) {
            set(
                format!("devices[{i}].unit_price"),
                part,
                &mut device.unit_price,
            );
        }
    }
    for (i, cluster) in project.clusters.iter_mut().enumerate() {
        if let Some(part) = host_part(catalog, &cluster.host) {
            set(
                format!("clusters[{i}].host.unit_price"),
                part,
                &mut cluster.host.unit_price,
            );
        }
        if let Storage::XtremioVplex(a) = &mut cluster.storage {
            if let Some(part) = x_brick_part(catalog, a) {
                set(
                    format!("clusters[{i}].storage.x_brick_unit_price"),
                    part,
                    &mut a.x_brick_unit_price,
                );
            }
            if let Some(part) = vplex_engine_part(catalog, a) {
                set(
                    format!("clusters[{i}].storage.vplex_engine_unit_price"),
                    part,
                    &mut a.vplex_engine_unit_price,
                );
            }
        }
    }
    changes
}
