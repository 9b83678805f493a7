//! "Use this part": a catalog part put into a project's design, carrying
//! its catalog id (which prices it on the BOM) and its price in the
//! project's currency, or left unpriced with the reason.

use serde::{Deserialize, Serialize};

use super::{Catalog, DeviceRole, Part, PartSpec};
use crate::model::{Project, Storage};

/// Where in a cluster's design the part goes. Devices go to every disk
/// group of the cluster (or its ESA storage pool): a cluster's hosts are
/// uniform (vSAN design guide), so one pick sets them all.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(tag = "slot", rename_all = "snake_case")]
pub enum PartSlot {
    Host { cluster: usize },
    CacheDevice { cluster: usize },
    CapacityDevice { cluster: usize },
    EsaDevice { cluster: usize },
    XBrick { cluster: usize },
    VplexEngine { cluster: usize },
}

impl PartSlot {
    fn cluster(self) -> usize {
        match self {
            PartSlot::Host { cluster }
            | PartSlot::CacheDevice { cluster }
            | PartSlot::CapacityDevice { cluster }
            | PartSlot::EsaDevice { cluster }
            | PartSlot::XBrick { cluster }
            | PartSlot::VplexEngine { cluster } => cluster,
        }
    }
}

/// The edited project, and what became of the part's price.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct PartUse {
    pub project: Project,
    /// The part's unit price in the project's currency; `None` when it
    /// could not be converted (see `unpriced_because`).
    pub unit_price: Option<f64>,
    pub currency: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub unpriced_because: Option<String>,
}

pub fn use_part(
    project: &Project,
    catalog: &Catalog,
    part_id: &str,
    slot: PartSlot,
) -> Result<PartUse, String> {
    let part = catalog
        .part(part_id)
        .ok_or_else(|| format!("the catalog has no part \"{part_id}\""))?;
    let index = slot.cluster();
    let mut project = project.clone();
    let (price, unpriced_because) = price_in_project_currency(&project, part);
    let currency = project.pricing.currency.clone();
    let cluster = project
        .clusters
        .get_mut(index)
        .ok_or_else(|| format!("the project has no cluster {}", index + 1))?;
    let where_ = format!("clusters[{index}]");
    match (slot, &part.spec, &mut cluster.storage) {
        (PartSlot::Host { .. }, PartSpec::Host(_), _) => {
            let mut host = part.to_host_spec().expect("a host part");
            host.unit_price = price;
            cluster.host = host;
        }
        (
            PartSlot::CacheDevice { .. },
            PartSpec::Device(d),
            Storage::VsanOsa { disk_groups, .. },
        ) => {
            if d.role == DeviceRole::Capacity {
                return Err(format!("{} is sold for the capacity tier only", part.model));
            }
            for group in disk_groups.iter_mut() {
                group.cache_device = part.id.clone();
            }
        }
        (
            PartSlot::CapacityDevice { .. },
            PartSpec::Device(d),
            Storage::VsanOsa { disk_groups, .. },
        ) => {
            if d.role == DeviceRole::Cache {
                return Err(format!("{} is sold for the cache tier only", part.model));
            }
            for group in disk_groups.iter_mut() {
                group.capacity_device = part.id.clone();
            }
        }
        (PartSlot::EsaDevice { .. }, PartSpec::Device(d), Storage::VsanEsa(esa)) => {
            if !d.esa_certified {
                return Err(format!(
                    "{} is not listed for vSAN ESA storage pools (Broadcom compatibility guide)",
                    part.model
                ));
            }
            esa.device = part.id.clone();
        }
        (PartSlot::XBrick { .. }, PartSpec::XBrick(_), Storage::XtremioVplex(array)) => {
            array.x_brick_model = part.id.clone();
            array.x_brick_unit_price = price;
        }
        (PartSlot::VplexEngine { .. }, PartSpec::VplexEngine(_), Storage::XtremioVplex(array)) => {
            array.vplex_engine = Some(part.id.clone());
            array.vplex_engine_unit_price = price;
        }
        _ => {
            return Err(format!(
                "{} (a {} part) cannot be the {} of {where_}, a {} cluster",
                part.model,
                part.spec.category(),
                slot_label(slot),
                architecture_label(&cluster.storage)
            ))
        }
    }
    if let PartSpec::Device(_) = part.spec {
        let mut device = part.to_device().expect("a device part");
        device.unit_price = price;
        match project.devices.iter_mut().find(|d| d.id == device.id) {
            Some(existing) => *existing = device,
            None => project.devices.push(device),
        }
    }
    Ok(PartUse {
        project,
        unit_price: price,
        currency,
        unpriced_because,
    })
}

fn price_in_project_currency(project: &Project, part: &Part) -> (Option<f64>, Option<String>) {
    let currency = &project.pricing.currency;
    match project.pricing.convert(part.unit_price, &part.currency) {
        Some(price) => (Some(price), None),
        None => (
            None,
            Some(format!(
                "the catalog prices it in {} and the project in {currency}; \
                 give an exchange rate for {} to price it",
                part.currency, part.currency
            )),
        ),
    }
}

fn slot_label(slot: PartSlot) -> &'static str {
    match slot {
        PartSlot::Host { .. } => "host",
        PartSlot::CacheDevice { .. } => "cache device",
        PartSlot::CapacityDevice { .. } => "capacity device",
        PartSlot::EsaDevice { .. } => "ESA storage device",
        PartSlot::XBrick { .. } => "X-Brick",
        PartSlot::VplexEngine { .. } => "VPLEX engine",
    }
}

fn architecture_label(storage: &Storage) -> &'static str {
    match storage {
        Storage::VsanOsa { .. } => "vSAN OSA",
        Storage::VsanEsa(_) => "vSAN ESA",
        Storage::XtremioVplex(_) => "XtremIO + VPLEX",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::shipped;
    use crate::evaluate::evaluate;
    use crate::model::ExchangeRate;
    use crate::parse::parse_project;

    fn seed_001() -> Project {
        parse_project(include_str!(
            "../../../assets/examples/seed-001-all-flash-sql.json"
        ))
        .expect("the example opens")
    }

    fn part_where(test: impl Fn(&Part) -> bool) -> &'static Part {
        shipped()
            .parts
            .iter()
            .find(|p| !p.legacy && test(p))
            .expect("a current part")
    }

    #[test]
    fn a_host_part_replaces_the_host_with_its_specs_and_price() {
        let host = part_where(|p| matches!(p.spec, PartSpec::Host(_)));
        let used = use_part(
            &seed_001(),
            shipped(),
            &host.id,
            PartSlot::Host { cluster: 0 },
        )
        .expect("a host fits any cluster");
        let spec = &used.project.clusters[0].host;
        assert_eq!(Some(spec.clone()), host.to_host_spec());
        assert_eq!(
            (
                used.unit_price,
                used.currency.as_str(),
                &used.unpriced_because
            ),
            (Some(host.unit_price), "USD", &None)
        );
        assert!(evaluate(&used.project).is_ok());
    }

    #[test]
    fn a_capacity_device_goes_to_every_disk_group_and_into_the_devices() {
        let ssd =
            part_where(|p| matches!(&p.spec, PartSpec::Device(d) if d.role != DeviceRole::Cache));
        let used = use_part(
            &seed_001(),
            shipped(),
            &ssd.id,
            PartSlot::CapacityDevice { cluster: 0 },
        )
        .expect("fits");
        let Storage::VsanOsa { disk_groups, .. } = &used.project.clusters[0].storage else {
            panic!("still OSA");
        };
        assert!(disk_groups.iter().all(|g| g.capacity_device == ssd.id));
        let device = used.project.device(&ssd.id).expect("added");
        assert_eq!(device.unit_price, Some(ssd.unit_price));
        // Picking it again replaces, never duplicates, the device.
        let again = use_part(
            &used.project,
            shipped(),
            &ssd.id,
            PartSlot::CapacityDevice { cluster: 0 },
        )
        .expect("fits");
        assert_eq!(again.project.devices.len(), used.project.devices.len());
    }

    #[test]
    fn a_part_in_another_currency_is_converted_or_left_unpriced_with_the_reason() {
        let host = part_where(|p| matches!(p.spec, PartSpec::Host(_)));
        let mut project = seed_001();
        project.pricing.currency = "EUR".into();
        let unpriced =
            use_part(&project, shipped(), &host.id, PartSlot::Host { cluster: 0 }).expect("fits");
        assert_eq!(unpriced.project.clusters[0].host.unit_price, None);
        assert!(unpriced
            .unpriced_because
            .is_some_and(|why| why.contains("give an exchange rate for USD")));
        project.pricing.exchange_rates = vec![ExchangeRate {
            from: "USD".into(),
            rate: 0.5,
        }];
        let priced =
            use_part(&project, shipped(), &host.id, PartSlot::Host { cluster: 0 }).expect("fits");
        assert_eq!(
            priced.project.clusters[0].host.unit_price,
            Some(host.unit_price * 0.5)
        );
    }

    #[test]
    fn a_part_that_does_not_fit_the_slot_is_refused_with_the_reason() {
        let host = part_where(|p| matches!(p.spec, PartSpec::Host(_)));
        let refused = use_part(
            &seed_001(),
            shipped(),
            &host.id,
            PartSlot::CacheDevice { cluster: 0 },
        );
        assert!(refused
            .unwrap_err()
            .contains("cannot be the cache device of clusters[0]"));
        let not_esa = use_part(
            &seed_001(),
            shipped(),
            &host.id,
            PartSlot::EsaDevice { cluster: 0 },
        );
        assert!(not_esa.unwrap_err().contains("a vSAN OSA cluster"));
        assert_eq!(
            use_part(
                &seed_001(),
                shipped(),
                "nope",
                PartSlot::Host { cluster: 0 }
            )
            .unwrap_err(),
            "the catalog has no part \"nope\""
        );
        assert_eq!(
            use_part(
                &seed_001(),
                shipped(),
                &host.id,
                PartSlot::Host { cluster: 3 }
            )
            .unwrap_err(),
            "the project has no cluster 4"
        );
    }
}
