use super::super::*;
use crate::bom::price_project;
use crate::import::project::starter_project;

#[test]
fn catalog_prices_replace_the_project_copies_of_its_parts() {
    let shipped = shipped_catalog();
    let mut project = starter_project("p", "", vec![], &shipped).unwrap();
    assert!(price_project(&mut project.clone(), &shipped).is_empty());

    let mut user = shipped.clone();
    let defaults = shipped.defaults.clone().unwrap();
    for part in &mut user.parts {
        if part.id == defaults.capacity_device || part.id == defaults.host {
            part.unit_price += 1.0;
        }
    }
    let changes = price_project(&mut project, &user);
    let at: Vec<(&str, &str)> = changes
        .iter()
        .map(|c| (c.path.as_str(), c.part_id.as_str()))
        .collect();
    assert_eq!(
        at,
        [
            ("devices[1].unit_price", defaults.capacity_device.as_str()),
            ("clusters[0].host.unit_price", defaults.host.as_str())
        ]
    );
    let capacity = user.part(&defaults.capacity_device).unwrap().unit_price;
    assert_eq!(changes[0].from, Some(capacity - 1.0));
    assert_eq!(project.devices[1].unit_price, Some(capacity));
}

#[test]
fn parts_the_catalog_does_not_know_keep_their_prices() {
    let mut project = crate::parse_project(include_str!(
        "../../../../assets/examples/seed-001-all-flash-sql.json"
    ))
    .unwrap();
    for d in &mut project.devices {
        d.id = format!("own-{}", d.id);
        d.unit_price = Some(1.0);
    }
    project.clusters[0].host.model = "Own server".into();
    let before = project.clone();
    assert!(price_project(&mut project, &shipped_catalog()).is_empty());
    assert_eq!(project, before);
}

#[test]
fn a_part_in_another_currency_is_converted_at_the_project_rate_or_left_alone() {
    let shipped = shipped_catalog();
    let mut project = starter_project("p", "", vec![], &shipped).unwrap();
    let mut eur = shipped.clone();
    for part in &mut eur.parts {
        part.currency = "EUR".into();
    }
    let before = project.clone();
    assert!(price_project(&mut project, &eur).is_empty());
    assert_eq!(project, before, "no EUR rate: the project's prices stand");
    project
        .pricing
        .exchange_rates
        .push(crate::model::ExchangeRate {
            from: "EUR".into(),
            rate: 2.0,
        });
    let changes = price_project(&mut project, &eur);
    let host = bom_host_price(&shipped, &project);
    assert_eq!(project.clusters[0].host.unit_price, Some(2.0 * host));
    assert_eq!(changes.len(), 1 + project.devices.len());
}

fn bom_host_price(catalog: &Catalog, project: &crate::model::Project) -> f64 {
    crate::bom::host_part(catalog, &project.clusters[0].host)
        .expect("a catalog host")
        .unit_price
}

#[test]
fn a_user_catalog_prices_the_x_bricks_and_vplex_engines_of_an_array() {
    let mut project = crate::parse_project(include_str!(
        "../../../../assets/examples/seed-004-xtremio-vplex.json"
    ))
    .unwrap();
    let mut user = shipped_catalog();
    for part in &mut user.parts {
        if part.id == "xtremio-10tb" || part.id == "vplex-vs2-engine" {
            part.unit_price = 1_000.0;
        }
    }
    let paths: Vec<String> = price_project(&mut project, &user)
        .into_iter()
        .map(|c| c.path)
        .collect();
    assert_eq!(
        paths,
        [
            "clusters[0].storage.x_brick_unit_price",
            "clusters[0].storage.vplex_engine_unit_price"
        ]
    );
    let parts = crate::bom::cluster_parts(&project, &project.clusters[0], &shipped_catalog());
    assert_eq!(
        parts[1].unit_price,
        Some(1_000.0),
        "the project's copy wins"
    );
}
