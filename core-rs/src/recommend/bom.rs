//! A design's bill of materials, priced from the catalog: part, quantity,
//! unit price, extended price. The search prices candidates with the same
//! arithmetic, so a design's cost is its BOM's total to the last bit.

use serde::Serialize;

use super::space::{Choices, Layout};

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct BomLine {
    /// Catalog part id.
    pub part: String,
    pub description: String,
    pub quantity: u32,
    pub unit_price: f64,
    pub extended_price: f64,
}

/// Sum of `unit price x quantity` over the lines, in order.
pub fn priced(lines: &[(f64, u32)]) -> f64 {
    lines
        .iter()
        .map(|&(price, qty)| price * f64::from(qty))
        .sum()
}

pub fn total(bom: &[BomLine]) -> f64 {
    priced(
        &bom.iter()
            .map(|l| (l.unit_price, l.quantity))
            .collect::<Vec<_>>(),
    )
}

/// Hosts, then a cache device per disk group, then the capacity devices.
pub fn vsan_quantities(layout: Layout, hosts: u32) -> [u32; 3] {
    let groups = layout.groups * hosts;
    [hosts, groups, groups * layout.devices]
}

pub fn vsan_bom(
    choices: &Choices,
    (host, layout, cache, capacity): (usize, Layout, usize, usize),
    hosts: u32,
) -> Vec<BomLine> {
    let [h, c, k] = vsan_quantities(layout, hosts);
    let host = &choices.hosts[host];
    let cache = &choices.caches[cache];
    let capacity = &choices.capacities[capacity];
    vec![
        line(
            &host.part_id,
            format!("Host: {}", host.spec.model),
            h,
            host.price,
        ),
        line(
            &cache.part_id,
            format!("Cache device: {}", cache.device.model),
            c,
            cache.price,
        ),
        line(
            &capacity.part_id,
            format!("Capacity device: {}", capacity.device.model),
            k,
            capacity.price,
        ),
    ]
}

/// Hosts, then their storage pools' NVMe devices.
pub fn esa_bom(
    choices: &Choices,
    (host, device, devices_per_host): (usize, usize, u32),
    hosts: u32,
) -> Vec<BomLine> {
    let host = &choices.hosts[host];
    let device = &choices.esa_devices[device];
    vec![
        line(
            &host.part_id,
            format!("Host: {}", host.spec.model),
            hosts,
            host.price,
        ),
        line(
            &device.part_id,
            format!("ESA storage pool NVMe: {}", device.device.model),
            hosts * devices_per_host,
            device.price,
        ),
    ]
}

/// Both sites: hosts, X-Bricks and VPLEX engines.
pub fn array_bom(
    choices: &Choices,
    (x_brick, x_bricks, engines): (usize, u32, u32),
    (host, hosts_per_site): (usize, u32),
) -> Vec<BomLine> {
    let host = &choices.hosts[host];
    let x = &choices.x_bricks[x_brick];
    let mut bom = vec![
        line(
            &host.part_id,
            format!("Host: {} (both sites)", host.spec.model),
            2 * hosts_per_site,
            host.price,
        ),
        line(
            &x.part_id,
            format!("XtremIO X-Brick: {} (both sites)", x.model.name),
            2 * x_bricks,
            x.price,
        ),
    ];
    if let Some(e) = &choices.engine {
        bom.push(line(
            &e.part_id,
            "VPLEX engine (both sites)".into(),
            2 * engines,
            e.price,
        ));
    }
    bom
}

fn line(part: &str, description: String, quantity: u32, unit_price: f64) -> BomLine {
    BomLine {
        part: part.to_string(),
        description,
        quantity,
        unit_price,
        extended_price: unit_price * f64::from(quantity),
    }
}
