//! The price of a proposed design's host once the user customises its RAM
//! or cores: the catalog part's price with its option prices for the
//! difference, or no price (with the reason) where the catalog has none.
//! Keeping the part's price for a different configuration would quote a
//! machine nobody sells at that price.

use crate::bom::host_part;
use crate::catalog::{Catalog, PartSpec};
use crate::model::{HostSpec, Project};

#[derive(Debug, Clone, PartialEq)]
pub(super) struct RepricedHost {
    /// The customised project with its host priced (or left unpriced).
    pub project: Project,
    /// Why the customised host has no price; None when it has one.
    pub unpriced_reason: Option<String>,
}

/// Prices the host of cluster `index` in `customised`, a step away from the
/// design `optimum`, from the catalog part the optimum's host is.
pub(super) fn reprice_host(
    optimum: &Project,
    customised: &Project,
    index: usize,
    catalog: &Catalog,
) -> RepricedHost {
    let mut project = customised.clone();
    let (Some(before), Some(cluster)) = (
        optimum.clusters.get(index).map(|c| &c.host),
        project.clusters.get_mut(index),
    ) else {
        return RepricedHost {
            project,
            unpriced_reason: None,
        };
    };
    let after = &mut cluster.host;
    if after.ram_gb == before.ram_gb && after.cores() == before.cores() {
        *after = before.clone();
        return RepricedHost {
            project,
            unpriced_reason: None,
        };
    }
    let priced = option_price(catalog, before, after);
    after.model = before.model.clone();
    let unpriced_reason = match priced {
        Ok(price) => {
            after.unit_price = Some(price);
            None
        }
        Err(reason) => {
            // A model name the catalog does not hold, so that the BOM does
            // not price the host as the part it no longer is.
            after.model = format!(
                "{} (custom: {} GB RAM, {} cores)",
                before.model,
                after.ram_gb,
                after.cores()
            );
            after.unit_price = None;
            Some(reason)
        }
    };
    RepricedHost {
        project,
        unpriced_reason,
    }
}

/// The catalog part's price plus its option prices for the RAM and cores
/// `after` has beyond (or below) the part's.
fn option_price(catalog: &Catalog, before: &HostSpec, after: &HostSpec) -> Result<f64, String> {
    let part = host_part(catalog, before).ok_or_else(|| {
        format!(
            "custom, unpriced: \"{}\" is not a catalog host, so there are no option prices",
            before.model
        )
    })?;
    let PartSpec::Host(spec) = &part.spec else {
        return Err("custom, unpriced: the catalog part is not a host".into());
    };
    let ram = after.ram_gb - spec.ram_gb;
    let cores = f64::from(after.cores()) - f64::from(spec.sockets * spec.cores_per_socket);
    let mut price = part.unit_price;
    for (delta, option, what) in [
        (ram, spec.ram_price_per_gb, "per GB of RAM"),
        (cores, spec.price_per_core, "per core"),
    ] {
        if delta == 0.0 {
            continue;
        }
        let Some(option) = option else {
            return Err(format!(
                "custom, unpriced: the catalog gives {} {} no price {what}",
                part.vendor, part.model
            ));
        };
        price += delta * option;
    }
    if price <= 0.0 {
        return Err(format!(
            "custom, unpriced: the option prices take {} {} to no price at all",
            part.vendor, part.model
        ));
    }
    Ok(price)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::shipped_catalog;

    fn design() -> Project {
        super::super::tests::all_flash_design()
    }

    fn with_ram(project: &Project, ram_gb: f64) -> Project {
        let mut p = project.clone();
        p.clusters[0].host.ram_gb = ram_gb;
        p
    }

    /// The shipped catalog with the option prices of every host removed.
    fn without_option_prices() -> Catalog {
        let mut catalog = shipped_catalog();
        for part in &mut catalog.parts {
            if let PartSpec::Host(h) = &mut part.spec {
                h.ram_price_per_gb = None;
                h.price_per_core = None;
            }
        }
        catalog
    }

    #[test]
    fn without_option_prices_a_customised_host_is_unpriced_with_the_reason() {
        let optimum = design();
        let ram = optimum.clusters[0].host.ram_gb;
        let r = reprice_host(
            &optimum,
            &with_ram(&optimum, ram + 64.0),
            0,
            &without_option_prices(),
        );
        let host = &r.project.clusters[0].host;
        assert_eq!(host.unit_price, None);
        assert!(host.model.contains("(custom:"));
        assert!(r
            .unpriced_reason
            .expect("a reason")
            .contains("per GB of RAM"));
        let e = crate::evaluate(&r.project).expect("evaluates");
        assert!(!e.clusters[0].key_figures.cost.unpriced_parts.is_empty());
    }

    /// The shipped catalog prices the options of its current hosts, so
    /// "Customise: +RAM" and "+cores" reprice the proposed host.
    #[test]
    fn the_shipped_catalog_prices_more_ram_and_cores() {
        let optimum = design();
        let catalog = shipped_catalog();
        let part = host_part(&catalog, &optimum.clusters[0].host).expect("a catalog host");
        let PartSpec::Host(h) = &part.spec else {
            panic!("a host")
        };
        let (ram_price, core_price) = (
            h.ram_price_per_gb.expect("a RAM option price"),
            h.price_per_core.expect("a core option price"),
        );
        let mut customised = with_ram(&optimum, h.ram_gb + 64.0);
        customised.clusters[0].host.cores_per_socket += 2;
        let r = reprice_host(&optimum, &customised, 0, &catalog);
        assert_eq!(r.unpriced_reason, None);
        let sockets = f64::from(h.sockets);
        assert_eq!(
            r.project.clusters[0].host.unit_price,
            Some(part.unit_price + 64.0 * ram_price + 2.0 * sockets * core_price)
        );
        assert_eq!(
            r.project.clusters[0].host.model,
            optimum.clusters[0].host.model
        );
        let back = reprice_host(&optimum, &optimum, 0, &catalog);
        assert_eq!(back.project, optimum);
    }
}
