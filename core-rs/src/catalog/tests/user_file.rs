use super::super::*;
use crate::import::{
    catalog_listing, catalog_to_csv, parse_user_catalog, read_user_catalog, CatalogFormat,
};

fn shipped() -> Catalog {
    shipped_catalog()
}

#[test]
fn a_csv_price_list_keeps_only_what_it_changes() {
    let csv = "id,part_number,unit_price\n\
               micron-7450-pro-3840,MTFDKCC3T8TFR,599\n\
               micron-7450-max-1600,,550\n";
    let r = read_user_catalog(csv.as_bytes(), CatalogFormat::Csv, &shipped()).unwrap();
    // 550 is the shipped price, but a given price marks the part as the user's.
    assert_eq!(r.summary.parts_read, 2);
    assert_eq!(
        r.summary.overridden,
        ["micron-7450-pro-3840", "micron-7450-max-1600"]
    );
    assert!(r.summary.added.is_empty());
    assert_eq!(r.summary.currency, "USD");
    assert_eq!(r.catalog.parts[0].unit_price, 599.0);
}

#[test]
fn re_importing_an_exported_catalog_keeps_nothing_and_round_trips() {
    let shipped = shipped();
    let csv = catalog_to_csv(&shipped);
    let r = read_user_catalog(csv.as_bytes(), CatalogFormat::Csv, &shipped).unwrap();
    assert_eq!(r.summary.parts_read, shipped.parts.len());
    assert_eq!(r.summary.unchanged, shipped.parts.len());
    assert!(r.catalog.parts.is_empty());
    assert_eq!(catalog_to_csv(&merge_catalogs(&shipped, &r.catalog)), csv);

    let mut mine = shipped.clone();
    mine.parts[3].unit_price = 1.5;
    let json = serde_json::to_string(&mine).unwrap();
    let r = read_user_catalog(json.as_bytes(), CatalogFormat::Json, &shipped).unwrap();
    assert_eq!(r.summary.overridden, [shipped.parts[3].id.clone()]);
    assert!(!r.summary.sets_defaults);
    assert_eq!(merge_catalogs(&shipped, &r.catalog), mine);
}

#[test]
fn a_json_part_with_a_bad_currency_code_is_named_by_its_own_path() {
    let shipped = shipped();
    let mut part = shipped.part("micron-7450-pro-3840").unwrap().clone();
    part.currency = "Euro".into();
    let mut new = part.clone();
    new.id = "my-ssd".into();
    new.currency = "USD".into();
    let user = Catalog {
        schema_version: CATALOG_SCHEMA_VERSION,
        price_note: String::new(),
        defaults: None,
        parts: vec![new, part],
    };
    let json = serde_json::to_string(&user).unwrap();
    let err = read_user_catalog(json.as_bytes(), CatalogFormat::Json, &shipped).unwrap_err();
    assert_eq!(err.len(), 1, "{err:?}");
    assert!(
        err[0].message.starts_with("parts[1].currency must be"),
        "{}",
        err[0].message
    );
}

#[test]
fn malformed_json_names_the_path_and_oversized_files_are_refused() {
    let err = read_user_catalog(
        br#"{"schema_version": 1, "parts": [{"id": 5}]}"#,
        CatalogFormat::Json,
        &shipped(),
    )
    .unwrap_err();
    assert!(
        err[0].message.starts_with("parts[0].id is invalid"),
        "{err:?}"
    );
    let big = vec![b' '; MAX_CATALOG_BYTES + 1];
    let err = read_user_catalog(&big, CatalogFormat::Json, &shipped()).unwrap_err();
    assert!(err[0].message.contains("at most"), "{err:?}");
    let err = read_user_catalog(b"\xff\xfe", CatalogFormat::Json, &shipped()).unwrap_err();
    assert!(err[0].message.contains("UTF-8"), "{err:?}");
}

#[test]
fn the_listing_shows_shipped_and_user_prices_side_by_side() {
    let shipped = shipped();
    let csv = "id,category,vendor,model,part_number,unit_price,currency,source,kind,role,capacity_gb,read_iops,write_iops,iops_basis\n\
               seagate-exos-x20-20000,,,,,450,,,,,,,,\n\
               my-ssd,device,Acme,X1,AC-1,100,USD,quote,nvme,capacity,3840,500000,100000,assumed\n";
    let r = read_user_catalog(csv.as_bytes(), CatalogFormat::Csv, &shipped).unwrap();
    assert_eq!(r.summary.added, ["my-ssd"]);
    let listing = catalog_listing(&shipped, &r.catalog);
    assert_eq!(listing.rows.len(), shipped.parts.len() + 1);
    let exos = listing
        .rows
        .iter()
        .find(|row| row.id == "seagate-exos-x20-20000")
        .unwrap();
    assert_eq!(exos.category, "device");
    assert_eq!(exos.shipped.as_ref().unwrap().unit_price, 500.0);
    assert_eq!(exos.user.as_ref().unwrap().unit_price, 450.0);
    let mine = listing.rows.last().unwrap();
    assert_eq!(
        (
            mine.shipped.is_none(),
            mine.user.as_ref().unwrap().part_number.as_str()
        ),
        (true, "AC-1")
    );
    assert!(listing.rows[0].user.is_none());
}

#[test]
fn formats_come_from_the_file_name() {
    assert_eq!(
        CatalogFormat::from_file_name("Prices.CSV"),
        Some(CatalogFormat::Csv)
    );
    assert_eq!(
        CatalogFormat::from_file_name("mine.json"),
        Some(CatalogFormat::Json)
    );
    assert_eq!(CatalogFormat::from_file_name("mine.xlsx"), None);
}

#[test]
fn json_defaults_may_name_shipped_parts_and_must_name_real_ones() {
    let shipped = shipped();
    let mut user = Catalog {
        schema_version: CATALOG_SCHEMA_VERSION,
        price_note: "ours".into(),
        defaults: Some(CatalogDefaults {
            host: "hpe-dl380-gen11-gold6442y".into(),
            cache_device: "micron-7450-max-1600".into(),
            capacity_device: "micron-7450-pro-7680".into(),
        }),
        parts: vec![],
    };
    let json = serde_json::to_string(&user).unwrap();
    let r = read_user_catalog(json.as_bytes(), CatalogFormat::Json, &shipped).unwrap();
    assert!(r.summary.sets_defaults);
    let kept = serde_json::to_string(&r.catalog).unwrap();
    assert_eq!(parse_user_catalog(&kept, &shipped), Ok(r.catalog));

    user.defaults.as_mut().unwrap().host = "no-such-host".into();
    user.schema_version = 2;
    let json = serde_json::to_string(&user).unwrap();
    let err = parse_user_catalog(&json, &shipped).unwrap_err();
    let paths: Vec<&str> = err.iter().map(|i| i.path.as_str()).collect();
    assert_eq!(paths, ["schema_version", "defaults.host"]);
}

#[test]
fn a_stored_user_catalog_refused_keeps_each_path_value_and_range_under_user_catalog() {
    let mut part = shipped().part("micron-7450-pro-3840").unwrap().clone();
    part.id = "my-ssd".into();
    part.unit_price = -1.0;
    let user = Catalog {
        schema_version: CATALOG_SCHEMA_VERSION,
        price_note: String::new(),
        defaults: None,
        parts: vec![part],
    };
    let json = serde_json::to_string(&user).unwrap();
    let err = crate::import::catalog_in_use(Some(&json)).unwrap_err();
    let issue = err
        .issues
        .iter()
        .find(|i| i.path == "user_catalog.parts[0].unit_price")
        .unwrap_or_else(|| panic!("{err:?}"));
    assert_eq!(issue.value, Some(-1.0));
    assert!(issue.allowed.is_some_and(|a| a.min == 0.0), "{issue:?}");
    assert!(
        issue
            .message
            .starts_with("the user catalog: parts[0].unit_price"),
        "{}",
        issue.message
    );
    let err = crate::import::stored_user_catalog(Some("{")).unwrap_err();
    assert!(err.issues[0].path.starts_with("user_catalog"), "{err:?}");
    assert_eq!(
        crate::import::catalog_in_use(None).unwrap(),
        shipped(),
        "no user catalog: the shipped one"
    );
}
