//! The search space, read from the catalog: host models, cache and
//! capacity devices, disk-group layouts each host's drive bays allow,
//! X-Brick models and VPLEX engines; and the workload classes whose
//! protection the search chooses.

use crate::catalog::{Catalog, DeviceRole, PartSpec};
use crate::limits::{MAX_CAPACITY_DEVICES_PER_DISK_GROUP, MAX_DISK_GROUPS_PER_HOST};
use crate::model::DeviceKind;
use crate::model::{Device, HostSpec};
use crate::platform::xtremio_vplex::{x_brick_model, XBrickModel};

use super::options::RecommendOptions;

#[derive(Debug, Clone)]
pub struct HostChoice {
    pub part_id: String,
    pub spec: HostSpec,
    pub price: f64,
    pub drive_bays: u32,
    pub rack_units: u32,
    /// One host's power draw in W, where the catalog states it.
    pub watts: Option<f64>,
}

impl HostChoice {
    /// The power `hosts` of these draw, in W; None where the catalog
    /// states none.
    pub fn power_w(&self, hosts: u32) -> Option<f64> {
        self.watts.map(|w| w * f64::from(hosts))
    }
}

#[derive(Debug, Clone)]
pub struct DeviceChoice {
    pub part_id: String,
    /// The part as a project records it.
    pub device: Device,
    pub price: f64,
}

#[derive(Debug, Clone)]
pub struct XBrickChoice {
    pub part_id: String,
    pub model: &'static XBrickModel,
    pub price: f64,
    pub rack_units: u32,
    /// The fewer of the array model's and the catalog part's limits.
    pub max_per_site: u32,
}

#[derive(Debug, Clone)]
pub struct EngineChoice {
    pub part_id: String,
    pub price: f64,
    pub rack_units: u32,
}

/// Disk groups per host and capacity devices per disk group; every disk
/// group of a design is alike (vSAN recommends uniform disk groups).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Layout {
    pub groups: u32,
    pub devices: u32,
}

impl Layout {
    pub fn bays(self) -> u32 {
        self.groups * (1 + self.devices)
    }
}

#[derive(Debug, Clone, Default)]
pub struct Choices {
    pub hosts: Vec<HostChoice>,
    /// Flash devices sold for the cache tier (or either tier).
    pub caches: Vec<DeviceChoice>,
    /// Devices sold for the capacity tier (or either tier).
    pub capacities: Vec<DeviceChoice>,
    /// NVMe devices certified for vSAN ESA storage pools, none of them
    /// beaten by another (`esa_pool::unbeaten_devices`).
    pub esa_devices: Vec<DeviceChoice>,
    pub x_bricks: Vec<XBrickChoice>,
    /// The cheapest VPLEX engine part. The project model does not record an
    /// engine generation, so every engine part evaluates alike and the
    /// cheapest gives the same design for less (ties: catalog order).
    pub engine: Option<EngineChoice>,
    /// X-Brick parts whose id names no array model the core knows.
    pub unknown_x_bricks: Vec<String>,
}

/// The currency a search prices designs in: the catalog's first part's.
/// Parts priced in another currency are left out, as their prices cannot
/// be added to the others'.
pub fn search_currency(catalog: &Catalog) -> String {
    catalog
        .parts
        .first()
        .map_or_else(String::new, |p| p.currency.clone())
}

pub fn choices(catalog: &Catalog, options: &RecommendOptions) -> Choices {
    let mut c = Choices::default();
    let currency = search_currency(catalog);
    for part in catalog
        .parts
        .iter()
        .filter(|p| p.currency == currency && options.allows_part(p))
    {
        match &part.spec {
            PartSpec::Host(h) => {
                if let Some(spec) = part.to_host_spec() {
                    c.hosts.push(HostChoice {
                        part_id: part.id.clone(),
                        spec,
                        price: part.unit_price,
                        drive_bays: h.drive_bays,
                        rack_units: h.rack_units,
                        watts: h.power_w,
                    });
                }
            }
            PartSpec::Device(d) => {
                let Some(device) = part.to_device() else {
                    continue;
                };
                let choice = DeviceChoice {
                    part_id: part.id.clone(),
                    device,
                    price: part.unit_price,
                };
                // A cache device must be flash (`storage.cache_device_not_flash`).
                if d.role != DeviceRole::Capacity && d.kind.is_flash() {
                    c.caches.push(choice.clone());
                }
                if d.esa_certified && d.kind == DeviceKind::Nvme {
                    c.esa_devices.push(choice.clone());
                }
                if d.role != DeviceRole::Cache {
                    c.capacities.push(choice);
                }
            }
            PartSpec::XBrick(x) => match x_brick_model(&part.id) {
                Some(model) => c.x_bricks.push(XBrickChoice {
                    part_id: part.id.clone(),
                    model,
                    price: part.unit_price,
                    rack_units: x.rack_units,
                    max_per_site: model.max_x_bricks.min(x.max_per_cluster),
                }),
                None => c.unknown_x_bricks.push(part.id.clone()),
            },
            PartSpec::VplexEngine(e) => {
                if c.engine
                    .as_ref()
                    .is_none_or(|best| part.unit_price < best.price)
                {
                    c.engine = Some(EngineChoice {
                        part_id: part.id.clone(),
                        price: part.unit_price,
                        rack_units: e.rack_units,
                    });
                }
            }
        }
    }
    c.esa_devices = super::esa_pool::unbeaten_devices(std::mem::take(&mut c.esa_devices));
    c
}

/// Every layout a host's drive bays hold: a cache device and its capacity
/// devices per disk group.
pub fn layouts(drive_bays: u32) -> Vec<Layout> {
    (1..=MAX_DISK_GROUPS_PER_HOST as u32)
        .flat_map(|groups| {
            (1..=MAX_CAPACITY_DEVICES_PER_DISK_GROUP).map(move |devices| Layout { groups, devices })
        })
        .filter(|l| l.bays() <= drive_bays)
        .collect()
}
