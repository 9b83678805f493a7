//! Bill of materials of one cluster: its hosts and the devices of its disk
//! groups (vSAN OSA), of its storage pools (vSAN ESA), or the XtremIO +
//! VPLEX components of both sites (arrays), priced from the project's own
//! parts (a user catalog's prices reach them through `catalog::price_project`).
//! The XLSX BOM sheet lists these lines with live formulas; the evaluation
//! carries their priced total so that designs can be compared by cost.

use serde::Serialize;

use crate::model::{Cluster, Device, Project, Storage};
use crate::report::labels;
use crate::rules::num;
use crate::xtremio_vplex::BomLine as ArrayComponent;

/// One orderable part of a cluster.
#[derive(Debug, Clone, PartialEq)]
pub struct Part {
    pub part: String,
    pub description: String,
    pub quantity: u32,
    /// Absent when the project gives the part no price.
    pub unit_price: Option<f64>,
}

/// What a cluster's parts cost, as far as the project prices them.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct ClusterCost {
    /// Unit price x quantity over the parts that have a price, in the
    /// catalog's currency.
    pub priced_total: f64,
    /// Parts without a unit price (each named once): the total leaves them
    /// out, so a cost with any is incomplete.
    pub unpriced_parts: Vec<String>,
}

/// The cluster's parts in BOM order: hosts, then cache devices, then
/// capacity devices (or the storage pool's devices, or the array's
/// components). `array_components` are an XtremIO + VPLEX cluster's, from
/// its evaluation.
pub fn cluster_parts<'a>(
    project: &'a Project,
    cluster: &'a Cluster,
    array_components: Option<&[ArrayComponent]>,
) -> Vec<Part> {
    let hosts = cluster.topology.host_count();
    let host = &cluster.host;
    let mut parts = vec![Part {
        part: host.model.clone(),
        description: format!("Host: {}", labels::host(host)),
        quantity: hosts,
        unit_price: host.unit_price,
    }];
    let disk_groups = match (&cluster.storage, array_components) {
        (_, Some(components)) => {
            parts.extend(components.iter().map(|c| Part {
                part: c.component.clone(),
                description: format!("{}: {}", labels::site(c.site), c.detail),
                quantity: c.quantity,
                unit_price: None,
            }));
            return parts;
        }
        (Storage::VsanEsa(esa), None) => {
            if let Some(d) = project.device(&esa.device) {
                parts.push(Part {
                    part: d.model.clone(),
                    description: format!("Storage pool device (ESA): {}", device_description(d)),
                    quantity: esa.devices_per_host.saturating_mul(hosts),
                    unit_price: d.unit_price,
                });
            }
            return parts;
        }
        (Storage::VsanOsa { disk_groups, .. }, None) => disk_groups,
        (Storage::XtremioVplex(_), None) => return parts,
    };
    // Disk groups repeat the same devices: each (role, device) is described
    // once, and its later groups go straight to the line it landed on.
    let mut lines: Vec<(&str, &Device, usize)> = Vec::new();
    let mut add = |role: &'static str, device: Option<&'a Device>, count: u32| {
        let Some(d) = device else { return };
        let known = lines
            .iter()
            .find(|(r, x, _)| *r == role && std::ptr::eq(*x, d))
            .map(|&(_, _, line)| line);
        let line = known.unwrap_or_else(|| {
            let description = format!("{role}: {}", device_description(d));
            let line = match parts
                .iter()
                .position(|p| p.part == d.model && p.description == description)
            {
                Some(line) => line,
                None => {
                    parts.push(Part {
                        part: d.model.clone(),
                        description,
                        quantity: 0,
                        unit_price: d.unit_price,
                    });
                    parts.len() - 1
                }
            };
            lines.push((role, d, line));
            line
        });
        parts[line].quantity = parts[line].quantity.saturating_add(count);
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
    use crate::model::Project;

    fn example(name: &str) -> Project {
        let path = format!("{}/../assets/examples/{name}", env!("CARGO_MANIFEST_DIR"));
        serde_json::from_str(&std::fs::read_to_string(path).expect("example")).expect("project")
    }

    #[test]
    fn seed_001_parts_are_hosts_cache_and_capacity_devices() {
        // Seed 001: 4 hosts, 2 disk groups each of 1 x 400 GB cache + 4 x 400 GB capacity.
        let p = example("seed-001-all-flash-sql.json");
        let parts = cluster_parts(&p, &p.clusters[0], None);
        let quantities: Vec<u32> = parts.iter().map(|p| p.quantity).collect();
        assert_eq!(quantities, vec![4, 8, 32]);
    }

    #[test]
    fn cost_sums_priced_parts_and_names_the_unpriced_once() {
        let part = |name: &str, quantity, unit_price| Part {
            part: name.into(),
            description: String::new(),
            quantity,
            unit_price,
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
