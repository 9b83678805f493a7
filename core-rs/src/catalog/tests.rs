use super::*;
use crate::import::{catalog_from_csv, catalog_to_csv};

mod pricing;
mod user_file;
use crate::model::DeviceKind;

fn shipped() -> Catalog {
    parse_catalog(SHIPPED_CATALOG_JSON).expect("the shipped catalog is valid")
}

fn devices(c: &Catalog) -> impl Iterator<Item = (&Part, &DeviceSpec)> {
    c.parts.iter().filter_map(|p| match &p.spec {
        PartSpec::Device(d) => Some((p, d)),
        _ => None,
    })
}

fn hosts(c: &Catalog) -> impl Iterator<Item = (&Part, &HostPartSpec)> {
    c.parts.iter().filter_map(|p| match &p.spec {
        PartSpec::Host(h) => Some((p, h)),
        _ => None,
    })
}

#[test]
fn every_device_and_host_of_the_seed_examples_is_in_the_catalog() {
    let c = shipped();
    let examples = [
        include_str!("../../../assets/examples/seed-000-hybrid-alwayson.json"),
        include_str!("../../../assets/examples/seed-001-all-flash-sql.json"),
        include_str!("../../../assets/examples/seed-002-iscsi-fci.json"),
        include_str!("../../../assets/examples/seed-003-mixed-sql-exchange.json"),
    ];
    for json in examples {
        let project = crate::parse_project(json).unwrap();
        for d in &project.devices {
            assert!(
                devices(&c).any(|(_, s)| s.kind == d.kind
                    && s.capacity_gb == d.capacity_gb
                    && s.endurance_dwpd == d.endurance_dwpd),
                "{}: no catalog device like {}",
                project.name,
                d.model
            );
        }
        for cl in &project.clusters {
            let h = &cl.host;
            assert!(
                hosts(&c).any(|(_, s)| s.sockets == h.sockets
                    && s.cores_per_socket == h.cores_per_socket
                    && s.ghz == h.ghz
                    && s.ram_gb == h.ram_gb),
                "{}: no catalog host like {}",
                project.name,
                h.model
            );
        }
    }
}

#[test]
fn seed_004_array_parts_carry_the_published_figures() {
    let c = shipped();
    let Some(PartSpec::XBrick(x)) = c.part("xtremio-10tb").map(|p| &p.spec) else {
        panic!("the seed 004 X-Brick is in the catalog");
    };
    // Seed 004: two X-Bricks, 14.94 TB usable physical capacity and
    // almost 190,000 8 KB OLTP IOPS under 1 ms.
    assert!((2.0 * x.usable_tb - 14.94).abs() < 1e-9);
    assert_eq!(2.0 * x.oltp_iops, 190_000.0);
    let Some(PartSpec::VplexEngine(v)) = c.part("vplex-vs2-engine").map(|p| &p.spec) else {
        panic!("the seed 004 VPLEX engine is in the catalog");
    };
    // Seed 004 table 11, dual engine: 55k write / 100k read / 90k peak / 60k average.
    let dual = v.front_end_iops.iter().find(|r| r.engines == 2).unwrap();
    assert_eq!(
        (
            dual.write_only,
            dual.read_only,
            dual.mixed_90_10_peak,
            dual.mixed_90_10_average
        ),
        (55_000.0, 100_000.0, 90_000.0, 60_000.0)
    );
    let seed_host = hosts(&c)
        .find(|(p, _)| p.id == "cisco-ucs-e7-40c-seed004")
        .unwrap()
        .1;
    assert_eq!(
        (
            seed_host.sockets * seed_host.cores_per_socket,
            seed_host.ram_gb
        ),
        (40, 512.0)
    );
}

#[test]
fn x_brick_parts_price_the_array_models_by_id() {
    let c = shipped();
    for part in &c.parts {
        let PartSpec::XBrick(x) = &part.spec else {
            continue;
        };
        let model = crate::platform::xtremio_vplex::x_brick_model(&part.id)
            .unwrap_or_else(|| panic!("{} is not an X-Brick model of the array model", part.id));
        assert_eq!(
            (model.ssds, model.ssd_gb),
            (x.ssd_count, x.ssd_gb),
            "{}",
            part.id
        );
        assert_eq!(model.max_x_bricks, x.max_per_cluster, "{}", part.id);
    }
}

#[test]
fn the_catalog_offers_current_parts_of_every_kind() {
    let c = shipped();
    for kind in [
        DeviceKind::Nvme,
        DeviceKind::SasSsd,
        DeviceKind::Hdd10k,
        DeviceKind::Hdd7200,
    ] {
        assert!(devices(&c).any(|(_, d)| d.kind == kind), "{kind:?}");
    }
    let current_hosts = hosts(&c)
        .filter(|(_, h)| h.sockets == 2 && h.nic_gbps >= 25.0)
        .count();
    assert!(current_hosts >= 3);
    let xbricks = c
        .parts
        .iter()
        .filter(|p| matches!(p.spec, PartSpec::XBrick(_)))
        .count();
    assert!(xbricks >= 3);
    assert!(c
        .parts
        .iter()
        .any(|p| matches!(p.spec, PartSpec::VplexEngine(_))));
    assert!(devices(&c).any(|(_, d)| d.role != DeviceRole::Capacity && d.kind == DeviceKind::Nvme));
}

#[test]
fn every_part_is_priced_as_an_indicative_list_price() {
    let c = shipped();
    assert!(c.price_note.contains("Indicative prices"));
    for p in &c.parts {
        assert!(p.unit_price > 0.0, "{}", p.id);
        assert_eq!(p.currency, "USD", "{}", p.id);
        assert_eq!(p.price_basis, PriceBasis::IndicativeList, "{}", p.id);
        assert!(!p.source.is_empty(), "{}", p.id);
        assert!(
            p.price_source.starts_with("indicative, assumed"),
            "{}",
            p.id
        );
        assert!(!p.generation().is_empty(), "{}", p.id);
    }
}

/// Issue 24: hosts of three generations from at least three vendors,
/// current flash of every interface, ESA NVMe, X2 bricks and a current
/// VPLEX engine; the seeds' own parts marked legacy.
#[test]
fn the_catalog_is_current_with_the_seed_parts_marked_legacy() {
    let c = shipped();
    let current = |p: &&Part| !p.legacy;
    let mut host_generations = std::collections::BTreeMap::<&str, Vec<&str>>::new();
    for p in c.parts.iter().filter(current) {
        if let PartSpec::Host(h) = &p.spec {
            let list = host_generations.entry(p.vendor.as_str()).or_default();
            if !list.contains(&h.generation.as_str()) {
                list.push(&h.generation);
            }
        }
    }
    let vendors_with_three = host_generations.values().filter(|g| g.len() >= 3).count();
    assert!(vendors_with_three >= 3, "{host_generations:?}");
    let mut device_kinds: Vec<_> = c
        .parts
        .iter()
        .filter(current)
        .filter_map(|p| match &p.spec {
            PartSpec::Device(d) => Some(format!("{:?}", d.kind)),
            _ => None,
        })
        .collect();
    device_kinds.sort_unstable();
    device_kinds.dedup();
    assert_eq!(device_kinds.len(), 6, "{device_kinds:?}");
    let esa = c.parts.iter().filter(current).filter(
        |p| matches!(&p.spec, PartSpec::Device(d) if d.esa_certified && d.endurance_tbw.is_some()),
    );
    assert!(esa.count() >= 8);
    let has = |id: &str, legacy: bool| c.part(id).is_some_and(|p| p.legacy == legacy);
    assert!(has("xtremio-x2-r-18", false) && has("vplex-vs6-engine", false));
    for seed_part in [
        "seed000-host-2s10c",
        "dell-r630-2s12c-seed001",
        "xtremio-10tb",
        "vplex-vs2-engine",
    ] {
        assert!(has(seed_part, true), "{seed_part}");
    }
}

#[test]
fn disks_report_their_spindle_speed() {
    let c = shipped();
    let rpm = |id: &str| match &c.part(id).unwrap().spec {
        PartSpec::Device(d) => d.rpm(),
        _ => panic!("a device"),
    };
    assert_eq!(rpm("seed000-hdd-900-10k"), Some(10_000));
    assert_eq!(rpm("seagate-exos-x20-20000"), Some(7200));
    assert_eq!(rpm("micron-7450-pro-3840"), None);
}

#[test]
fn a_user_part_overrides_by_id_and_new_parts_are_added() {
    let shipped = shipped();
    let mut mine = shipped.part("micron-7450-pro-3840").unwrap().clone();
    mine.unit_price = 599.0;
    mine.price_basis = PriceBasis::User;
    let mut new = mine.clone();
    new.id = "my-own-ssd".into();
    let user = Catalog {
        schema_version: CATALOG_SCHEMA_VERSION,
        price_note: String::new(),
        defaults: None,
        parts: vec![new, mine],
    };
    let merged = merge_catalogs(&shipped, &user);
    assert_eq!(merged.parts.len(), shipped.parts.len() + 1);
    assert_eq!(
        merged.part("micron-7450-pro-3840").unwrap().unit_price,
        599.0
    );
    assert_eq!(merged.parts.last().unwrap().id, "my-own-ssd");
    assert_eq!(merged.defaults, shipped.defaults);
    assert_eq!(merged.price_note, shipped.price_note);
    assert!(validate_catalog(&merged).is_empty());
}

#[test]
fn validation_names_each_problem_by_path() {
    let mut c = shipped();
    let i = c
        .parts
        .iter()
        .position(|p| p.id == "seed000-hdd-900-10k")
        .unwrap();
    c.parts[i].unit_price = -1.0;
    if let PartSpec::Device(d) = &mut c.parts[i].spec {
        d.role = DeviceRole::Cache;
    }
    c.parts[1].currency = "euro".into();
    c.parts[2].id = c.parts[0].id.clone();
    let x = c
        .parts
        .iter()
        .position(|p| p.id == "xtremio-x2-r-18")
        .unwrap();
    if let PartSpec::XBrick(s) = &mut c.parts[x].spec {
        s.raw_tb = 10.0;
    }
    c.defaults.as_mut().unwrap().host = "micron-7450-pro-3840".into();
    c.parts[3].vendor = "Acme\u{7}".into();
    c.parts[4].part_number = "P".repeat(40_000);
    let paths: Vec<String> = validate_catalog(&c).into_iter().map(|i| i.path).collect();
    for expected in [
        format!("parts[{i}].unit_price"),
        format!("parts[{i}].spec.role"),
        "parts[1].currency".into(),
        "parts[2].id".into(),
        format!("parts[{x}].spec.raw_tb"),
        "defaults.host".into(),
        "parts[3].vendor".into(),
        "parts[4].part_number".into(),
    ] {
        assert!(paths.contains(&expected), "{expected} not in {paths:?}");
    }
}

#[test]
fn parts_become_project_devices_and_hosts() {
    let c = shipped();
    let d = c.part("intel-dc-s3610-400").unwrap().to_device().unwrap();
    assert_eq!(
        (d.id.as_str(), d.capacity_gb, d.unit_price),
        ("intel-dc-s3610-400", 400.0, Some(400.0))
    );
    assert!(c
        .part("intel-dc-s3610-400")
        .unwrap()
        .to_host_spec()
        .is_none());
    let h = c
        .part("dell-r640-gold6132-seed003")
        .unwrap()
        .to_host_spec()
        .unwrap();
    assert_eq!(h.cores(), 28);
}

#[test]
fn a_malformed_catalog_file_names_the_path() {
    let json = SHIPPED_CATALOG_JSON.replacen("\"unit_price\": 450", "\"unit_price\": \"cheap\"", 1);
    let err = parse_catalog(&json).unwrap_err();
    assert_eq!(err[0].path, "parts[0].unit_price");
}

#[test]
fn csv_export_then_import_gives_the_same_parts() {
    let shipped = shipped();
    let csv = catalog_to_csv(&shipped);
    assert!(csv.starts_with("id,category,vendor,model,part_number,unit_price"));
    let back = catalog_from_csv(csv.as_bytes(), &shipped).unwrap();
    assert_eq!(back.parts, shipped.parts);
}

#[test]
fn a_hosts_power_and_option_prices_round_trip_through_csv() {
    let shipped = shipped();
    let (part, _) = hosts(&shipped)
        .find(|(_, h)| h.power_w.is_some())
        .expect("the shipped catalog states some hosts' power");
    let mut host = part.clone();
    host.id = "my-host".into();
    host.model = "My host".into();
    if let PartSpec::Host(h) = &mut host.spec {
        h.power_w = Some(612.5);
        h.ram_price_per_gb = Some(4.75);
        h.price_per_core = Some(38.0);
    }
    let user = Catalog {
        parts: vec![host],
        defaults: None,
        ..shipped.clone()
    };
    let csv = catalog_to_csv(&user);
    let header = csv.lines().next().unwrap();
    assert!(header.contains(",power_w,ram_price_per_gb,price_per_core,"));
    let back = catalog_from_csv(csv.as_bytes(), &shipped).unwrap();
    assert_eq!(back.parts, user.parts);
}

#[test]
fn csv_power_and_option_prices_out_of_range_name_the_column_and_range() {
    let shipped = shipped();
    let (part, _) = hosts(&shipped).next().unwrap();
    let csv = format!(
        "id,power_w,ram_price_per_gb,price_per_core\n{},0,-1,100001\n",
        part.id
    );
    let err = catalog_from_csv(csv.as_bytes(), &shipped).unwrap_err();
    let mut at: Vec<_> = err
        .iter()
        .map(|e| (e.row, e.column.clone().unwrap_or_default()))
        .collect();
    at.sort();
    assert_eq!(
        at,
        [
            (Some(2), "power_w".to_owned()),
            (Some(2), "price_per_core".to_owned()),
            (Some(2), "ram_price_per_gb".to_owned()),
        ]
    );
    let power = err
        .iter()
        .find(|e| e.column.as_deref() == Some("power_w"))
        .unwrap();
    assert!(
        power
            .message
            .ends_with("must be between 1 and 10000 (got 0)"),
        "{}",
        power.message
    );
}

#[test]
fn csv_export_neutralises_formula_text_and_import_restores_it() {
    let mut c = shipped();
    let payloads = [
        "=HYPERLINK(\"http://x\",\"y\")",
        "+1+1",
        "-2",
        "@SUM(A1)",
        "\tAcme",
        "=cmd|' /C calc'!A0",
    ];
    for (part, payload) in c.parts.iter_mut().zip(payloads) {
        part.vendor = payload.into();
        part.part_number = payload.into();
    }
    let csv = catalog_to_csv(&c);
    let mut reader = csv::ReaderBuilder::new().from_reader(csv.as_bytes());
    let vendors: Vec<String> = reader
        .records()
        .take(payloads.len())
        .map(|r| r.unwrap()[2].to_string())
        .collect();
    let expected: Vec<String> = payloads.iter().map(|p| format!("'{p}")).collect();
    assert_eq!(vendors, expected);
    let back = catalog_from_csv(csv.as_bytes(), &shipped()).unwrap();
    for (part, payload) in back.parts.iter().zip(payloads) {
        assert_eq!(
            (part.vendor.as_str(), part.part_number.as_str()),
            (payload, payload)
        );
    }
}

#[test]
fn a_csv_price_list_overrides_prices_and_part_numbers() {
    let shipped = shipped();
    let csv = "id,part_number,unit_price\nmicron-7450-pro-3840,MTFDKCC3T8TFR,599.5\n";
    let user = catalog_from_csv(csv.as_bytes(), &shipped).unwrap();
    assert_eq!(user.parts.len(), 1);
    let p = &user.parts[0];
    assert_eq!(
        (p.part_number.as_str(), p.unit_price),
        ("MTFDKCC3T8TFR", 599.5)
    );
    assert_eq!(p.price_basis, PriceBasis::User);
    assert_eq!(p.spec, shipped.part("micron-7450-pro-3840").unwrap().spec);
}

#[test]
fn a_new_csv_part_needs_its_specs_and_numbers_in_numeric_columns() {
    let shipped = shipped();
    let csv = "id,category,vendor,model,unit_price,currency,source,kind,role,capacity_gb,read_iops,write_iops,iops_basis\n\
               my-ssd,device,Acme,X1,100,USD,quote,nvme,capacity,3840,lots,100000,assumed\n\
               my-disk,device,Acme,D1,100,USD,quote,hdd10k,capacity,2400,140,,assumed\n";
    let err = catalog_from_csv(csv.as_bytes(), &shipped).unwrap_err();
    assert_eq!(err.len(), 2, "{err:?}");
    assert_eq!(
        err[0].message,
        "sheet \"catalog\", row 2, column \"read_iops\" (K2): expected a number, found \"lots\""
    );
    assert_eq!(
        (err[1].row, err[1].column.as_deref()),
        (Some(3), Some("write_iops"))
    );
}

#[test]
fn csv_range_problems_point_at_the_row_and_column() {
    let shipped = shipped();
    let csv = "id,unit_price,currency\nmicron-7450-pro-3840,-5,USD\nmicron-7450-max-1600,10,EURO\n";
    let err = catalog_from_csv(csv.as_bytes(), &shipped).unwrap_err();
    let at: Vec<_> = err.iter().map(|e| (e.row, e.column.clone())).collect();
    assert_eq!(
        at,
        [
            (Some(3), Some("currency".to_owned())),
            (Some(2), Some("unit_price".to_owned()))
        ]
    );
}

#[test]
fn a_new_vplex_engine_needs_the_json_format() {
    let csv = "id,category,vendor,model,unit_price,currency,source,generation,directors,iops_basis,rack_units\n\
               my-vplex,vplex_engine,EMC,VS9,1,USD,x,VS9,2,assumed,2\n";
    let err = catalog_from_csv(csv.as_bytes(), &shipped()).unwrap_err();
    assert_eq!(err[0].column.as_deref(), Some("front_end_iops"), "{err:?}");
}

/// Issue 21: the examples are built from catalog parts: each device is the
/// part with its id, each host the part with its model name, each array
/// names its X-Brick and VPLEX engine parts; same specs, same prices.
#[test]
fn every_example_part_is_a_catalog_part_with_its_spec_and_price() {
    use crate::bom::{device_part, host_part};
    use crate::model::Storage;
    let c = shipped();
    let dir = format!("{}/../assets/examples", env!("CARGO_MANIFEST_DIR"));
    for entry in std::fs::read_dir(dir).expect("examples") {
        let path = entry.expect("entry").path();
        // Each example's sources.md beside it is not a project.
        if path.extension().is_none_or(|x| x != "json") {
            continue;
        }
        let p =
            crate::parse_project(&std::fs::read_to_string(&path).expect("read")).expect("parse");
        let name = path.display();
        for d in &p.devices {
            let part = device_part(&c, d).unwrap_or_else(|| panic!("{name}: {}", d.id));
            let mut copy = part.to_device().expect("a device");
            copy.model.clone_from(&d.model);
            assert_eq!(&copy, d, "{name}");
        }
        for cl in &p.clusters {
            let part = host_part(&c, &cl.host).unwrap_or_else(|| panic!("{name}: host"));
            assert_eq!(part.to_host_spec().as_ref(), Some(&cl.host), "{name}");
            if let Storage::XtremioVplex(a) = &cl.storage {
                let brick = crate::bom::x_brick_part(&c, a).expect("an X-Brick part");
                let engine = crate::bom::vplex_engine_part(&c, a).expect("an engine part");
                assert_eq!(a.x_brick_unit_price, Some(brick.unit_price), "{name}");
                assert_eq!(a.vplex_engine_unit_price, Some(engine.unit_price), "{name}");
            }
        }
    }
}
