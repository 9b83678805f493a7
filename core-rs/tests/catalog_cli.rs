//! `stacksizer catalog export|import` and `--catalog FILE` on evaluate,
//! report and recommend: a user catalog's prices reach every output.

use std::path::{Path, PathBuf};

use serde_json::Value;

#[path = "common/scratch.rs"]
mod scratch;
use scratch::Scratch;

#[path = "common/cli_run.rs"]
mod cli_run;
use cli_run::stacksizer;

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn shipped() -> Value {
    serde_json::from_str(stacksizer_core::catalog::SHIPPED_CATALOG_JSON).expect("the catalog")
}

fn shipped_price(id: &str) -> f64 {
    shipped()["parts"]
        .as_array()
        .expect("parts")
        .iter()
        .find(|p| p["id"] == id)
        .and_then(|p| p["unit_price"].as_f64())
        .expect("a shipped part")
}

/// A starter project (the catalog's default parts, priced from the shipped catalog).
fn starter_project(s: &Scratch) -> String {
    let rvtools = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../assets/templates/workloads.csv")
        .to_string_lossy()
        .into_owned();
    let workloads = std::fs::read(&rvtools).expect("the template");
    let catalog = stacksizer_core::catalog::shipped_catalog();
    let w = stacksizer_core::import::workloads_csv::import_workloads_csv(
        &workloads,
        &Default::default(),
    )
    .expect("the template imports");
    let project =
        stacksizer_core::import::project::starter_project("p", "", w, &catalog).expect("a project");
    s.file(
        "project.json",
        serde_json::to_string(&project).expect("serializes"),
    )
}

#[test]
fn export_writes_csv_or_json_with_every_shipped_part() {
    let s = Scratch::new("catalog-export");
    let csv = s.path("catalog.csv");
    let out = stacksizer(&["catalog", "export", "-o", &csv]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let parts = shipped()["parts"].as_array().expect("parts").len();
    assert!(text(&out.stdout).contains(&format!("({parts} parts)")));
    let written = std::fs::read_to_string(&csv).expect("the CSV");
    assert!(written.starts_with("id,category,vendor,model,part_number,unit_price"));
    assert_eq!(written.lines().count(), parts + 1);

    let json = s.path("catalog.out");
    let out = stacksizer(&["catalog", "export", "--json", "--shipped-only", "-o", &json]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let back = stacksizer_core::catalog::parse_catalog(&std::fs::read_to_string(&json).unwrap())
        .expect("a valid catalog");
    assert!(back == stacksizer_core::catalog::shipped_catalog());
}

#[test]
fn import_summarises_what_a_price_list_overrides_and_adds() {
    let s = Scratch::new("catalog-import");
    let prices = s.file(
        "prices.csv",
        "id,category,vendor,model,part_number,unit_price,currency,source,kind,role,capacity_gb,read_iops,write_iops,iops_basis\n\
         micron-7450-pro-3840,,,,MTFDKCC3T8TFR,499,,,,,,,,\n\
         dell-r760-gold6430,,,,,,,,,,,,,\n\
         my-ssd,device,Acme,X1,AC-1,100,USD,quote,nvme,capacity,3840,500000,100000,assumed\n",
    );
    let out = stacksizer(&["catalog", "import", &prices, "--json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let summary: Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    assert_eq!(summary["parts_read"], 3);
    assert_eq!(
        summary["overridden"],
        serde_json::json!(["micron-7450-pro-3840"])
    );
    assert_eq!(summary["added"], serde_json::json!(["my-ssd"]));
    assert_eq!(summary["unchanged"], 1);
    assert_eq!(summary["currency"], "USD");

    let kept = s.path("mine.json");
    let out = stacksizer(&["catalog", "import", &prices, "-o", &kept]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    assert!(
        said.contains("3 parts read, 1 added, 1 overridden"),
        "{said}"
    );
    assert!(
        said.contains(&format!(
            "overrides micron-7450-pro-3840: {:.2} -> 499.00 USD",
            shipped_price("micron-7450-pro-3840")
        )),
        "{said}"
    );
    let user: Value = serde_json::from_str(&std::fs::read_to_string(&kept).unwrap()).unwrap();
    assert_eq!(user["parts"].as_array().map(Vec::len), Some(2));
    // The written JSON is itself a valid user catalog.
    let out = stacksizer(&["catalog", "import", &kept]);
    assert!(out.status.success(), "{}", text(&out.stderr));
}

#[test]
fn bad_catalog_files_exit_2_naming_row_and_column_or_json_path() {
    let s = Scratch::new("catalog-bad");
    let csv = s.file(
        "bad.csv",
        "id,unit_price\nmicron-7450-pro-3840,cheap\nno-such-part,10\n",
    );
    let out = stacksizer(&["catalog", "import", &csv]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains("row 2, column \"unit_price\" (B2): expected a number, found \"cheap\""),
        "{err}"
    );
    assert!(err.contains("row 3"), "{err}");

    let json = s.file(
        "bad.json",
        r#"{"schema_version": 1, "parts": [{"id": "x", "vendor": "A"}]}"#,
    );
    let out = stacksizer(&["catalog", "import", &json]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("parts[0]"),
        "{}",
        text(&out.stderr)
    );

    let other = s.file("prices.txt", "id\n");
    let out = stacksizer(&["catalog", "import", &other]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains(".csv or .json"));

    let out = stacksizer(&[
        "catalog",
        "export",
        "-o",
        &s.path("x.csv"),
        "--catalog",
        &csv,
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(!Path::new(&s.path("x.csv")).exists());
}

#[test]
fn export_with_a_user_catalog_round_trips_through_import() {
    let s = Scratch::new("catalog-roundtrip");
    let prices = s.file("prices.csv", "id,unit_price\nseagate-exos-x20-20000,444\n");
    let merged = s.path("merged.csv");
    let out = stacksizer(&["catalog", "export", "--catalog", &prices, "-o", &merged]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let first = std::fs::read_to_string(&merged).unwrap();
    assert!(first.contains("seagate-exos-x20-20000,device,Seagate"));
    let out = stacksizer(&["catalog", "import", &merged, "--json"]);
    let summary: Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    assert_eq!(
        summary["overridden"],
        serde_json::json!(["seagate-exos-x20-20000"])
    );
    let again = s.path("again.csv");
    let out = stacksizer(&["catalog", "export", "--catalog", &merged, "-o", &again]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(std::fs::read_to_string(&again).unwrap(), first);
}

#[test]
fn user_prices_flow_into_the_report_bom_evaluate_and_recommend() {
    let s = Scratch::new("catalog-flow");
    let project = starter_project(&s);
    let prices = s.file(
        "prices.csv",
        "id,unit_price\nmicron-7450-pro-3840,123\ndell-r760-gold6430,20000\n",
    );
    let csv_dir = s.path("report");
    let out = stacksizer(&["report", &project, "--csv", &csv_dir, "--catalog", &prices]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    assert!(
        err.contains("priced devices[1].unit_price from the catalog part micron-7450-pro-3840"),
        "{err}"
    );
    let bom = std::fs::read_to_string(Path::new(&csv_dir).join("bom.csv")).expect("a BOM table");
    let line = |part: &str| {
        bom.lines()
            .find(|l| l.contains(part))
            .unwrap_or_else(|| panic!("{part} in {bom}"))
            .to_owned()
    };
    assert!(line("Micron 7450 PRO").contains(",123.00,"), "{bom}");
    assert!(line("Dell PowerEdge R760").contains(",20000.00,"), "{bom}");

    let out = stacksizer(&["evaluate", &project, "--catalog", &prices]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("clusters[0].host.unit_price"));

    let recommend = |extra: &[&str]| {
        let mut args = vec!["recommend", project.as_str(), "--json", "--top", "1"];
        args.extend_from_slice(extra);
        let out = stacksizer(&args);
        assert!(out.status.success(), "{}", text(&out.stderr));
        serde_json::from_slice::<Value>(&out.stdout).expect("one JSON object")
    };
    let cheaper = s.file(
        "all-half.csv",
        std::iter::once("id,unit_price".to_owned())
            .chain(shipped()["parts"].as_array().unwrap().iter().map(|p| {
                format!(
                    "{},{}",
                    p["id"].as_str().unwrap(),
                    p["unit_price"].as_f64().unwrap() / 2.0
                )
            }))
            .collect::<Vec<_>>()
            .join("\n"),
    );
    let list = recommend(&[]);
    let half = recommend(&["--catalog", &cheaper]);
    let cost = |r: &Value| r["designs"][0]["cost"].as_f64().expect("a cost");
    assert!(
        (cost(&half) - cost(&list) / 2.0).abs() < 1e-6,
        "{} vs {}",
        cost(&half),
        cost(&list)
    );
}
