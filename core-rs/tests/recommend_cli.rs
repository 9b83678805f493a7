//! `stacksizer recommend`: one JSON object with the counts and designs, or
//! `designs: []` with the reason; exit code 2 for unreadable input.

use serde_json::Value;

#[path = "common/cli_run.rs"]
mod cli_run;
use cli_run::stacksizer;

fn example(file: &str) -> String {
    format!("{}/../assets/examples/{file}", env!("CARGO_MANIFEST_DIR"))
}

fn json(args: &[&str]) -> Value {
    let out = stacksizer(args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

#[test]
fn json_lists_designs_with_family_cost_binding_constraint_and_bom() {
    let seed = example("seed-002-iscsi-fci.json");
    let r = json(&["recommend", &seed, "--json", "--top", "2"]);
    let count = |k: &str| r[k].as_u64().expect("a count");
    assert!(count("evaluated") > 0 && count("pruned") > 0);
    assert_eq!(count("evaluated") + count("pruned"), count("search_space"));
    let designs = r["designs"].as_array().expect("designs");
    let front = designs
        .iter()
        .filter(|d| d["on_pareto_front"] == true)
        .count();
    assert_eq!(front, 2);
    for d in designs {
        assert!(d["family"].is_string() && d["binding_constraint"].is_string());
        let bom = d["bom"].as_array().expect("a BOM");
        let total: f64 = bom
            .iter()
            .map(|l| l["quantity"].as_f64().unwrap() * l["unit_price"].as_f64().unwrap())
            .sum();
        assert_eq!(total, d["cost"].as_f64().expect("a cost"));
    }
    assert!(r.get("infeasible_reason").is_none());
}

#[test]
fn an_impossible_host_limit_gives_no_design_and_names_the_constraint() {
    let seed = example("seed-003-mixed-sql-exchange.json");
    let r = json(&["recommend", &seed, "--json", "--max-hosts", "2"]);
    assert_eq!(r["designs"], Value::Array(Vec::new()));
    let reason = r["infeasible_reason"].as_str().expect("a reason");
    // Each platform searched says why: no family needs as few hosts.
    assert!(
        reason.starts_with("hybrid vSAN and all-flash vSAN: fault domains cannot be met"),
        "{reason}"
    );
    assert!(
        reason.contains("; vSAN ESA: fault domains cannot be met"),
        "{reason}"
    );
}

#[test]
fn a_catalog_only_file_replaces_the_shipped_one() {
    let dir = std::env::temp_dir().join(format!("stacksizer-recommend-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temp dir");
    let shipped: Value = serde_json::from_str(stacksizer_core::catalog::SHIPPED_CATALOG_JSON)
        .expect("the shipped catalog");
    // One host model left: every design must be built on it.
    let mut one_host = shipped.clone();
    one_host["parts"] = Value::Array(
        shipped["parts"]
            .as_array()
            .expect("parts")
            .iter()
            .filter(|p| p["spec"]["category"] != "host" || p["id"] == "dell-r760-gold6430")
            .cloned()
            .collect(),
    );
    let path = dir.join("catalog.json");
    std::fs::write(&path, one_host.to_string()).expect("written");
    let seed = example("seed-002-iscsi-fci.json");
    let r = json(&[
        "recommend",
        &seed,
        "--json",
        "--catalog-only",
        path.to_str().unwrap(),
    ]);
    let designs = r["designs"].as_array().expect("designs");
    assert!(!designs.is_empty());
    for d in designs {
        assert_eq!(d["bom"][0]["part"], "dell-r760-gold6430");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn unreadable_input_exits_2_naming_the_file() {
    let out = stacksizer(&["recommend", "no-such-project.json"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no-such-project.json"));
    let seed = example("seed-002-iscsi-fci.json");
    let out = stacksizer(&["recommend", &seed, "--catalog-only", &seed]);
    assert_eq!(out.status.code(), Some(2));
    let out = stacksizer(&["recommend", &seed, "--catalog", &seed]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn the_summary_names_each_design_and_its_limit() {
    let out = stacksizer(&[
        "recommend",
        &example("seed-000-hybrid-alwayson.json"),
        "--top",
        "1",
    ]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("designs evaluated"), "{text}");
    assert!(text.contains("limited by"), "{text}");
    assert!(text.contains("hybrid vSAN"), "{text}");
}

#[path = "common/scratch.rs"]
mod scratch;

/// Issue 24's contract: each design names its family, cost, currency,
/// binding constraint, verdict and warnings and carries its BOM and its
/// project, which `evaluate` accepts with the same verdict; the
/// constraints given hold.
#[test]
fn json_designs_carry_the_contract_and_their_project_evaluates_alike() {
    let seed = example("seed-003-mixed-sql-exchange.json");
    let r = json(&[
        "recommend",
        &seed,
        "--json",
        "--families",
        "esa,all_flash",
        "--min-hosts",
        "4",
        "--max-hosts",
        "8",
        "--top",
        "3",
    ]);
    let designs = r["designs"].as_array().expect("designs");
    assert!(!designs.is_empty(), "{r}");
    let dir = scratch::Scratch::new("recommend-contract");
    for (i, d) in designs.iter().enumerate() {
        for key in [
            "family",
            "cost",
            "currency",
            "binding_constraint",
            "verdict",
            "warnings",
            "bom",
            "project",
        ] {
            assert!(d.get(key).is_some(), "design {i} lacks {key}");
        }
        let family = d["family"].as_str().expect("a family");
        assert!(["esa_vsan", "all_flash_vsan"].contains(&family), "{family}");
        let hosts = d["hosts"].as_u64().expect("hosts");
        assert!((4..=8).contains(&hosts), "{hosts}");
        assert_eq!(d["currency"], r["currency"]);
        let path = dir.file(&format!("design-{i}.json"), d["project"].to_string());
        let e = json(&["evaluate", &path, "--json"]);
        let cluster = &e["clusters"][0];
        assert_eq!(cluster["verdict"], d["verdict"], "design {i}");
        assert_ne!(cluster["verdict"]["status"], "fail");
    }
    let out = stacksizer(&["recommend", &seed, "--families", "flash"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("esa, all_flash, hybrid, xtremio_vplex"));
}

#[test]
fn must_survive_and_a_power_cap_hold_for_every_design() {
    let seed = example("seed-001-all-flash-sql.json");
    let r = json(&[
        "recommend",
        &seed,
        "--json",
        "--top",
        "2",
        "--families",
        "all_flash,esa",
        "--must-survive",
        "disk_group,host",
        "--max-power-w",
        "6000",
    ]);
    let designs = r["designs"].as_array().expect("designs");
    assert!(!designs.is_empty(), "{}", r["infeasible_reason"]);
    for d in designs {
        assert_eq!(d["family"], "all_flash_vsan");
        let power = d["power_w"].as_f64().expect("the hosts' power");
        assert!(power <= 6000.0, "{power}");
    }
    let notes = r["notes"].as_array().expect("notes");
    assert!(notes
        .iter()
        .any(|n| n.as_str().unwrap().starts_with("vSAN ESA was not searched")));
}

#[test]
fn an_unknown_failure_name_exits_2_listing_the_allowed_ones() {
    let seed = example("seed-001-all-flash-sql.json");
    let out = stacksizer(&["recommend", &seed, "--must-survive", "rack"]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("allowed are capacity_device, disk_group, host, site, rebuild_in_time"),
        "{stderr}"
    );
}

/// Issue 24's two remaining flags: `--budget` keeps every design at or
/// under the amount, and seed-era parts, left out by default, come into
/// proposals with `--include-legacy`.
#[test]
fn a_budget_caps_every_design_and_include_legacy_admits_seed_era_parts() {
    let seed = example("seed-001-all-flash-sql.json");
    let catalog = stacksizer_core::catalog::shipped_catalog();
    let legacy_designs = |r: &Value| {
        let designs = r["designs"].as_array().expect("designs");
        assert!(!designs.is_empty(), "{}", r["infeasible_reason"]);
        designs
            .iter()
            .filter(|d| {
                d["bom"].as_array().expect("a BOM").iter().any(|line| {
                    let id = line["part"].as_str().expect("a part id");
                    catalog.part(id).expect("a catalog part").legacy
                })
            })
            .count()
    };
    let top = ["recommend", &seed, "--json", "--top", "3"];
    assert_eq!(legacy_designs(&json(&top)), 0);
    assert!(legacy_designs(&json(&[&top[..], &["--include-legacy"]].concat())) > 0);

    // Between the cheapest design (75,600 USD, sized to the 80 % CPU
    // ceiling after N+1) and the next two (75,800).
    let capped = json(&[&top[..], &["--budget", "75700"]].concat());
    let designs = capped["designs"].as_array().expect("designs");
    assert!(!designs.is_empty(), "{}", capped["infeasible_reason"]);
    for d in designs {
        let cost = d["cost"].as_f64().expect("a cost");
        assert!(cost <= 75_700.0, "{cost}");
    }
}
