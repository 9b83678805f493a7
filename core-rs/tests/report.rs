//! XLSX/CSV export, proven by reading every exported workbook back with
//! tools that share no code with the writer: `tests/xlsx_readback.py`
//! (openpyxl, and LibreOffice headless to recalculate the formulas). The
//! expected figures come from the core's evaluation, not from the report.
//!
//! Needs python3 with openpyxl and LibreOffice (soffice); without them the
//! test fails and names what to install.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::{json, Value};
use stacksizer_core::catalog::{shipped_catalog, Part, PartSpec};
use stacksizer_core::demand::compute::ClusterCompute;
use stacksizer_core::demand::growth::ClusterGrowth;
use stacksizer_core::evaluate::{
    ArrayClusterEvaluation, ClusterDetail, ClusterEvaluation, EsaClusterEvaluation,
};
use stacksizer_core::model::{Project, Storage};
use stacksizer_core::platform::vsan_osa::capacity::CapacityEvaluation;
use stacksizer_core::report::{
    csv_comparison_tables, csv_tables, evaluate_project_json, xlsx_comparison, xlsx_report, Paper,
    Variant,
};
use stacksizer_core::Evaluation;

const DESIGN_SHEETS: [&str; 13] = [
    "Cover",
    "Summary",
    "BOM",
    "Design",
    "Workloads",
    "Capacity",
    "Performance",
    "Compute",
    "Resilience",
    "Growth",
    "Findings",
    "Sources",
    "Assumptions",
];

fn examples() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets/examples");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    assert!(
        !files.is_empty(),
        "no example projects in {}",
        dir.display()
    );
    files
}

#[path = "common/cli_run.rs"]
mod cli_run;
use cli_run::stacksizer;

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch directory");
    dir
}

fn evaluated(json: &str) -> (Project, Evaluation) {
    evaluate_project_json(json).unwrap_or_else(|issues| panic!("invalid project: {issues:?}"))
}

/// Fails, naming the tool, when the read-back tools are not installed.
fn require_tools() {
    let tools: [(&str, &[&str], &str); 3] = [
        ("python3", &["--version"], "install Python 3"),
        (
            "python3",
            &["-c", "import openpyxl"],
            "pip install openpyxl (Python package openpyxl)",
        ),
        (
            "soffice",
            &["--version"],
            "apt-get install -y --no-install-recommends libreoffice-calc (LibreOffice)",
        ),
    ];
    for (cmd, args, install) in tools {
        let ok = Command::new(cmd)
            .args(args)
            .output()
            .is_ok_and(|o| o.status.success());
        assert!(
            ok,
            "missing tool for the XLSX read-back test: `{cmd} {}` failed; {install}",
            args.join(" ")
        );
    }
}

fn run_checker(cases: &[Value], dir: &Path) {
    require_tools();
    let spec = dir.join("cases.json");
    std::fs::write(&spec, json!({ "cases": cases }).to_string()).expect("write cases");
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/xlsx_readback.py");
    let out = Command::new("python3")
        .arg(&script)
        .arg(&spec)
        .output()
        .expect("python3 runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "read-back failed:\n{stdout}\n{stderr}"
    );
    assert!(stdout.contains(" 0 failures"), "{stdout}");
}

fn labels(project: &Project) -> Vec<String> {
    project
        .clusters
        .iter()
        .map(|c| {
            let shared = project.clusters.iter().filter(|o| o.name == c.name).count() > 1;
            if shared {
                format!("{} ({})", c.name, c.id)
            } else {
                c.name.clone()
            }
        })
        .collect()
}

/// One project cluster's evaluation, of any kind, in project order.
enum Evaluated<'a> {
    Vsan(&'a ClusterEvaluation),
    Array(&'a ArrayClusterEvaluation),
    Esa(&'a EsaClusterEvaluation),
}

fn in_project_order<'a>(project: &Project, e: &'a Evaluation) -> Vec<Evaluated<'a>> {
    project
        .clusters
        .iter()
        .map(|c| {
            let x = e
                .clusters
                .iter()
                .find(|x| x.id == c.id)
                .expect("every cluster is evaluated");
            match &x.detail {
                ClusterDetail::VsanOsa(d) => Evaluated::Vsan(d),
                ClusterDetail::XtremioVplex(d) => Evaluated::Array(d),
                ClusterDetail::VsanEsa(d) => Evaluated::Esa(d),
            }
        })
        .collect()
}

/// The figures the Summary must show for a cluster, straight from the
/// evaluation: vSAN devices (ESA: the storage pools, no cache), or
/// XtremIO sites and the VPLEX limit.
struct Figures {
    hosts: u32,
    raw_tb: f64,
    raw_tib: f64,
    capacity: CapacityEvaluation,
    compute: ClusterCompute,
    front_end_iops: f64,
    deliverable_iops: Option<f64>,
    cache_gb: Option<f64>,
    growth: Option<ClusterGrowth>,
}

fn cluster_figures(c: &Evaluated) -> Figures {
    match c {
        Evaluated::Vsan(e) => Figures {
            hosts: e.host_count,
            raw_tb: e.raw.total.tb,
            raw_tib: e.raw.total.tib,
            capacity: e.capacity.clone(),
            compute: e.compute.clone(),
            front_end_iops: e.performance.front_end_iops,
            deliverable_iops: e.performance.device_limited_front_end_iops,
            cache_gb: Some(e.cache.installed.gb),
            growth: Some(e.growth.clone()),
        },
        Evaluated::Esa(e) => Figures {
            hosts: e.host_count,
            raw_tb: e.raw.total.tb,
            raw_tib: e.raw.total.tib,
            capacity: e.capacity.clone(),
            compute: e.compute.clone(),
            front_end_iops: e.performance.front_end_iops,
            deliverable_iops: e.performance.device_limited_front_end_iops,
            cache_gb: None,
            growth: Some(e.growth.clone()),
        },
        Evaluated::Array(e) => {
            let x = &e.xtremio_vplex;
            Figures {
                hosts: e.host_count,
                raw_tb: x.sites.iter().map(|s| s.raw.tb).sum(),
                raw_tib: x.sites.iter().map(|s| s.raw.tib).sum(),
                capacity: e.capacity.clone(),
                compute: e.compute.clone(),
                front_end_iops: x.vplex.frontend_iops,
                deliverable_iops: Some(x.vplex.limit.frontend_iops_peak),
                cache_gb: None,
                growth: None,
            }
        }
    }
}

fn figures(project: &Project, e: &Evaluation) -> Value {
    let all: Vec<Figures> = in_project_order(project, e)
        .iter()
        .map(cluster_figures)
        .collect();
    let per = |f: &dyn Fn(&Figures) -> Option<f64>| all.iter().map(f).collect::<Vec<_>>();
    json!([
        { "label": "Hosts", "unit": "hosts", "additive": true,
          "values": per(&|c| Some(f64::from(c.hosts))) },
        { "label": "Raw capacity (capacity devices; array SSDs)", "unit": "TB", "additive": true,
          "values": per(&|c| Some(c.raw_tb)) },
        { "label": "Raw capacity (capacity devices; array SSDs)", "unit": "TiB", "additive": true,
          "values": per(&|c| Some(c.raw_tib)) },
        { "label": "Usable for protected data", "unit": "TB", "additive": true,
          "values": per(&|c| Some(c.capacity.usable.tb)) },
        { "label": "Usable for protected data", "unit": "TiB", "additive": true,
          "values": per(&|c| Some(c.capacity.usable.tib)) },
        { "label": "Required by the workloads (after protection and reduction)", "unit": "TB",
          "additive": true, "values": per(&|c| Some(c.capacity.required.tb)) },
        { "label": "Capacity headroom (usable - required)", "unit": "TB", "additive": true,
          "values": per(&|c| Some(c.capacity.headroom.tb)) },
        { "label": "Front-end IOPS demanded", "unit": "IOPS", "additive": true,
          "values": per(&|c| Some(c.front_end_iops)) },
        { "label": DELIVERABLE, "unit": "IOPS", "additive": true,
          "values": per(&|c| c.deliverable_iops) },
        { "label": "Cache installed", "unit": "GB", "additive": true,
          "values": per(&|c| c.cache_gb) },
        { "label": "CPU used after N+x", "unit": "%",
          "values": per(&|c| c.compute.cores_needed_pct_after_failure) },
        { "label": "RAM used after N+x", "unit": "%",
          "values": per(&|c| c.compute.ram_demand_pct_after_failure) },
    ])
}

const DELIVERABLE: &str =
    "Deliverable front-end IOPS (devices at their ceiling, or the VPLEX limit)";

/// The BOM lines the project calls for: per cluster its hosts, then (vSAN
/// OSA) its cache devices and its capacity devices, each device once per
/// cluster, (vSAN ESA) its storage pools' NVMe devices, or (XtremIO +
/// VPLEX) each site's X-Bricks and VPLEX engines. Each priced as the
/// project prices it, else at the shipped catalog's price of the part it
/// names (every example is in USD like the catalog), with that part's
/// number: the catalog looked up here, not through the BOM code.
fn bom_lines(project: &Project, e: &Evaluation) -> Vec<Value> {
    let catalog = shipped_catalog();
    let number = |p: &Part| {
        if p.part_number.is_empty() {
            p.id.clone()
        } else {
            p.part_number.clone()
        }
    };
    let host_part = |model: &str| {
        catalog.parts.iter().find(|p| match &p.spec {
            PartSpec::Host(h) => format!("{} {} ({})", p.vendor, p.model, h.cpu) == model,
            _ => false,
        })
    };
    let line = |part: &str, quantity: u32, own: Option<f64>, found: Option<&Part>, label: &str| {
        json!({ "part": part, "quantity": quantity,
                "unit_price": own.or(found.map(|p| p.unit_price)),
                "part_number": found.map(number).unwrap_or_default(), "cluster": label })
    };
    let labels = labels(project);
    let mut lines = Vec::new();
    for ((c, evaluated), label) in project
        .clusters
        .iter()
        .zip(in_project_order(project, e))
        .zip(&labels)
    {
        let hosts = cluster_figures(&evaluated).hosts;
        lines.push(line(
            &c.host.model,
            hosts,
            c.host.unit_price,
            host_part(&c.host.model),
            label,
        ));
        let disk_groups = match (&c.storage, evaluated) {
            (Storage::VsanOsa { disk_groups, .. }, Evaluated::Vsan(_)) => disk_groups,
            (Storage::XtremioVplex(a), Evaluated::Array(x)) => {
                let engine = a.vplex_engine.as_deref().and_then(|id| catalog.part(id));
                for _site in ["production", "remote"] {
                    lines.push(line(
                        x.xtremio_vplex.x_brick.name,
                        a.x_bricks_per_site,
                        a.x_brick_unit_price,
                        catalog.part(&a.x_brick_model),
                        label,
                    ));
                    let engine_name = engine.map(|p| format!("{} {}", p.vendor, p.model));
                    lines.push(line(
                        &engine_name.expect("the examples name their VPLEX engine"),
                        a.vplex_engines,
                        a.vplex_engine_unit_price,
                        engine,
                        label,
                    ));
                }
                continue;
            }
            (Storage::VsanEsa(esa), Evaluated::Esa(_)) => {
                let d = project.device(&esa.device).expect("device");
                lines.push(line(
                    &d.model,
                    esa.devices_per_host * hosts,
                    d.unit_price,
                    catalog.part(&d.id),
                    label,
                ));
                continue;
            }
            _ => panic!("storage and evaluation differ"),
        };
        let mut devices: Vec<(String, u32)> = Vec::new();
        let mut add = |id: &str, n: u32| match devices.iter_mut().find(|(d, _)| d == id) {
            Some((_, count)) => *count += n,
            None => devices.push((id.to_string(), n)),
        };
        for g in disk_groups {
            add(&g.cache_device, hosts);
        }
        for g in disk_groups {
            add(
                &format!("capacity:{}", g.capacity_device),
                g.capacity_device_count * hosts,
            );
        }
        for (id, quantity) in devices {
            let d = project
                .device(id.trim_start_matches("capacity:"))
                .expect("device");
            lines.push(line(
                &d.model,
                quantity,
                d.unit_price,
                catalog.part(&d.id),
                label,
            ));
        }
    }
    lines
}

fn bom_case(prefix: &str, project: &Project, e: &Evaluation) -> Value {
    json!({
        "sheet": format!("{prefix}BOM"),
        "currency": project.pricing.currency,
        "summary_sheet": format!("{prefix}Summary"),
        "clusters": labels(project),
        "lines": bom_lines(project, e),
        "usable_tb": in_project_order(project, e).iter()
            .map(|c| cluster_figures(c).capacity.usable.tb).collect::<Vec<_>>(),
        "deliverable_iops": in_project_order(project, e).iter()
            .map(|c| cluster_figures(c).deliverable_iops).collect::<Vec<_>>(),
    })
}

fn summary_case(prefix: &str, project: &Project, e: &Evaluation) -> Value {
    json!({
        "sheet": format!("{prefix}Summary"),
        "clusters": labels(project),
        "figures": figures(project, e),
    })
}

/// The Growth sheet's year-by-year rows, in cluster then year order.
fn growth_case(prefix: &str, project: &Project, e: &Evaluation) -> Value {
    let mut rows = Vec::new();
    for (label, c) in labels(project).iter().zip(in_project_order(project, e)) {
        let Some(g) = cluster_figures(&c).growth else {
            continue;
        };
        for y in &g.years {
            rows.push(json!({
                "cluster": label,
                "year": y.year,
                "required_tb": y.capacity_required.tb,
                "usable_tb": y.capacity_usable.tb,
                "front_end_iops": y.front_end_iops,
                "iops_limit": y.iops_limit,
                "cpu_pct": y.cpu_pct,
                "ram_pct": y.ram_pct,
            }));
        }
    }
    json!({ "sheet": format!("{prefix}Growth"), "summary_sheet": format!("{prefix}Summary"),
            "rows": rows })
}

fn design_case(
    name: &str,
    xlsx: &Path,
    csv_dir: &Path,
    project: &Project,
    e: &Evaluation,
) -> Value {
    json!({
        "name": name,
        "xlsx": xlsx,
        "csv_dir": csv_dir,
        "bom_csv": "bom.csv",
        "growth_csv": "growth.csv",
        "sheets": DESIGN_SHEETS,
        "boms": [bom_case("", project, e)],
        "summaries": [summary_case("", project, e)],
        "growths": [growth_case("", project, e)],
    })
}

fn write_csv(dir: &Path, tables: &[(String, String)]) {
    std::fs::create_dir_all(dir).expect("csv dir");
    for (name, content) in tables {
        std::fs::write(dir.join(name), content).expect("write csv");
    }
}

/// Two clusters (the second a renamed copy of the first, with its own
/// workloads) and unit prices on the host and the first device.
fn two_priced_clusters(example: &Path) -> String {
    let mut v: Value =
        serde_json::from_str(&std::fs::read_to_string(example).expect("example")).expect("json");
    let mut second = v["clusters"][0].clone();
    let first_id = second["id"].as_str().expect("id").to_string();
    second["id"] = json!("second");
    second["name"] = json!("Second cluster, \"quoted\", ñ");
    second["host"]["unit_price"] = json!(12_345.5);
    v["clusters"][0]["host"]["unit_price"] = json!(10_000);
    v["devices"][0]["unit_price"] = json!(499.99);
    v["clusters"].as_array_mut().expect("clusters").push(second);
    let copies: Vec<Value> = v["workloads"]
        .as_array()
        .expect("workloads")
        .iter()
        .filter(|w| w["cluster_id"] == json!(first_id))
        .map(|w| {
            let mut w = w.clone();
            w["id"] = json!(format!("{}-copy", w["id"].as_str().expect("id")));
            w["cluster_id"] = json!("second");
            w
        })
        .collect();
    v["workloads"]
        .as_array_mut()
        .expect("workloads")
        .extend(copies);
    v.to_string()
}

#[test]
fn every_example_exports_through_the_cli_and_reads_back() {
    let dir = scratch("report-examples");
    let mut cases = Vec::new();
    for example in examples() {
        let stem = example
            .file_stem()
            .expect("stem")
            .to_string_lossy()
            .into_owned();
        let xlsx = dir.join(format!("{stem}.xlsx"));
        let csv_dir = dir.join(format!("{stem}-csv"));
        let out = stacksizer(&[
            "report",
            &example.to_string_lossy(),
            "-o",
            &xlsx.to_string_lossy(),
            "--csv",
            &csv_dir.to_string_lossy(),
        ]);
        assert!(
            out.status.success(),
            "{stem}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let (project, e) = evaluated(&std::fs::read_to_string(&example).expect("example"));
        let case = design_case(&stem, &xlsx, &csv_dir, &project, &e);
        // Issue 21: every example is built from catalog parts, so the
        // shipped catalog prices every line and names its part number;
        // the read-back checks the sheet shows them, in USD, and that
        // LibreOffice's total is the sum of the lines.
        for line in case["boms"][0]["lines"].as_array().expect("lines") {
            assert!(line["unit_price"].is_number(), "{stem}: unpriced {line}");
            assert_ne!(line["part_number"], "", "{stem}: no part number {line}");
        }
        cases.push(case);
    }
    run_checker(&cases, &dir);
}

#[test]
fn two_priced_clusters_and_a_comparison_read_back() {
    let dir = scratch("report-multi");
    let examples = examples();
    let (two, two_e) = evaluated(&two_priced_clusters(&examples[0]));
    let xlsx = dir.join("two-clusters.xlsx");
    std::fs::write(
        &xlsx,
        xlsx_report(&two, &two_e, Paper::A4).expect("workbook"),
    )
    .expect("write");
    let csv_dir = dir.join("two-clusters-csv");
    write_csv(&csv_dir, &csv_tables(&two, &two_e).expect("csv"));
    let mut cases = vec![design_case("two-clusters", &xlsx, &csv_dir, &two, &two_e)];
    // examples[0] is the (non-seed) vSAN ESA example; keep a vSAN OSA seed
    // with two priced clusters covered too.
    let seed = examples
        .iter()
        .find(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("seed-"))
        })
        .expect("a seed example");
    let (osa, osa_e) = evaluated(&two_priced_clusters(seed));
    let osa_xlsx = dir.join("two-osa-clusters.xlsx");
    std::fs::write(
        &osa_xlsx,
        xlsx_report(&osa, &osa_e, Paper::A4).expect("workbook"),
    )
    .expect("write");
    let osa_csv = dir.join("two-osa-clusters-csv");
    write_csv(&osa_csv, &csv_tables(&osa, &osa_e).expect("csv"));
    cases.push(design_case(
        "two-osa-clusters",
        &osa_xlsx,
        &osa_csv,
        &osa,
        &osa_e,
    ));

    let other_json = std::fs::read_to_string(&examples[1]).expect("example");
    let (other, other_e) = evaluated(&other_json);
    let variants = [
        Variant {
            name: "two clusters",
            project: &two,
            evaluation: &two_e,
        },
        Variant {
            name: &other.name,
            project: &other,
            evaluation: &other_e,
        },
    ];
    let xlsx = dir.join("comparison.xlsx");
    std::fs::write(
        &xlsx,
        xlsx_comparison(&variants, Paper::A4).expect("workbook"),
    )
    .expect("write");
    let csv_dir = dir.join("comparison-csv");
    write_csv(&csv_dir, &csv_comparison_tables(&variants).expect("csv"));
    let mut sheets = vec!["Comparison".to_string()];
    for i in 1..=2 {
        sheets.extend(DESIGN_SHEETS.iter().map(|s| format!("{i} {s}")));
    }
    let comparison_variants: Vec<Value> = variants
        .iter()
        .enumerate()
        .map(|(i, v)| {
            json!({
                "label": format!("{}: {}", i + 1, v.name),
                "bom_sheet": format!("{} BOM", i + 1),
                "usable_tb": in_project_order(v.project, v.evaluation).iter()
                    .map(|c| cluster_figures(c).capacity.usable.tb).sum::<f64>(),
            })
        })
        .collect();
    cases.push(json!({
        "name": "comparison",
        "xlsx": xlsx,
        "csv_dir": csv_dir,
        "bom_csv": "1-bom.csv",
        "growth_csv": "1-growth.csv",
        "sheets": sheets,
        "boms": [bom_case("1 ", &two, &two_e), bom_case("2 ", &other, &other_e)],
        "summaries": [summary_case("1 ", &two, &two_e), summary_case("2 ", &other, &other_e)],
        "growths": [growth_case("1 ", &two, &two_e), growth_case("2 ", &other, &other_e)],
        "comparison": { "sheet": "Comparison", "variants": comparison_variants },
    }));
    run_checker(&cases, &dir);
}

#[test]
fn csv_tables_quote_per_rfc_4180() {
    let (two, e) = evaluated(&two_priced_clusters(&examples()[0]));
    let tables = csv_tables(&two, &e).expect("csv");
    let (_, bom) = tables
        .iter()
        .find(|(name, _)| name == "bom.csv")
        .expect("bom.csv");
    // The cluster name holds a quote and a comma: quoted, quote doubled.
    assert!(
        bom.contains("\"Second cluster, \"\"quoted\"\", ñ\""),
        "{bom}"
    );
    assert!(bom.starts_with('\u{feff}'));
    assert!(bom.lines().all(|l| !l.contains('\r') || l.ends_with('\r')));
    let names: Vec<&str> = tables.iter().map(|(n, _)| n.as_str()).collect();
    for expected in [
        "summary-key-figures.csv",
        "capacity-waterfall.csv",
        "growth.csv",
    ] {
        assert!(
            names.contains(&expected),
            "{expected} missing from {names:?}"
        );
    }
    // A table without rows is a "None." note on its sheet, not a CSV file.
    assert_eq!(names.contains(&"findings.csv"), !e.findings.is_empty());
}

#[test]
fn report_cli_names_the_bad_argument_and_exits_2() {
    let dir = scratch("report-cli");
    let example = examples()[0].to_string_lossy().into_owned();
    let missing = dir.join("missing.json").to_string_lossy().into_owned();
    let out = stacksizer(&["report", &missing, "-o", "x.xlsx"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("missing.json"));

    let invalid = dir.join("invalid.json");
    std::fs::write(
        &invalid,
        r#"{"schema_version": 1, "name": "x", "clusters": []}"#,
    )
    .expect("write");
    let out = stacksizer(&["report", &invalid.to_string_lossy(), "-o", "x.xlsx"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("clusters"));

    let out = stacksizer(&["report", &example, "-o", "report.pdf"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("report.pdf"));

    let out = stacksizer(&["report", &example]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--output"));

    let no_dir = dir.join("no/such/dir/out.xlsx");
    let out = stacksizer(&["report", &example, "-o", &no_dir.to_string_lossy()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no/such/dir"));

    let not_a_dir = dir.join("file");
    std::fs::write(&not_a_dir, "x").expect("write");
    let out = stacksizer(&["report", &example, "--csv", &not_a_dir.to_string_lossy()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--csv"));
}

/// Names a spreadsheet would run as formulas (OWASP "CSV Injection").
const INJECTIONS: [&str; 6] = [
    "=HYPERLINK(\"http://x\",\"y\")",
    "+1+1",
    "-2",
    "@SUM(A1)",
    "\tleading tab",
    "=cmd|' /C calc'!A0",
];

/// Seed 003 with a workload named after each injection, and the cluster,
/// a device and the project named after some of them.
fn injected_project() -> String {
    let seed = examples()
        .into_iter()
        .find(|p| p.to_string_lossy().contains("seed-003"))
        .expect("seed 003");
    let mut v: Value =
        serde_json::from_str(&std::fs::read_to_string(seed).expect("example")).expect("json");
    let template = v["workloads"][0].clone();
    let workloads: Vec<Value> = INJECTIONS
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let mut w = template.clone();
            w["id"] = json!(format!("w{i}"));
            w["name"] = json!(name);
            w
        })
        .collect();
    v["workloads"] = json!(workloads);
    v["clusters"][0]["name"] = json!(INJECTIONS[0]);
    v["devices"][0]["model"] = json!(INJECTIONS[5]);
    v["name"] = json!(INJECTIONS[1]);
    v.to_string()
}

#[test]
fn formula_like_names_are_neutralised_in_csv_and_text_in_xlsx() {
    use calamine::{Data, Reader, Xlsx};

    let (project, e) = evaluated(&injected_project());
    let mut cells = Vec::new();
    for (name, text) in csv_tables(&project, &e).expect("csv") {
        let mut reader = csv::ReaderBuilder::new()
            .has_headers(false)
            .from_reader(text.trim_start_matches('\u{feff}').as_bytes());
        for record in reader.records() {
            for cell in record.expect("a CSV record").iter() {
                let formula_like = cell.starts_with(['=', '+', '@', '\t', '\r'])
                    || (cell.starts_with('-') && cell.parse::<f64>().is_err());
                assert!(!formula_like, "{name}: {cell:?} would run as a formula");
                cells.push(cell.to_string());
            }
        }
    }
    for payload in INJECTIONS {
        let safe = format!("'{payload}");
        assert!(cells.contains(&safe), "no CSV cell {safe:?}");
    }

    let bytes = xlsx_report(&project, &e, Paper::A4).expect("workbook");
    let mut wb = Xlsx::new(std::io::Cursor::new(bytes)).expect("an XLSX calamine reads");
    let mut strings = Vec::new();
    for sheet in wb.sheet_names() {
        let values = wb.worksheet_range(&sheet).expect("cells");
        strings.extend(values.used_cells().filter_map(|(_, _, d)| match d {
            Data::String(s) => Some(s.clone()),
            _ => None,
        }));
        let formulas = wb.worksheet_formula(&sheet).expect("formulas");
        for (_, _, f) in formulas.used_cells() {
            let code = f.trim_start_matches('=');
            assert!(
                !["HYPERLINK", "cmd|", "SUM(A1)", "1+1"]
                    .iter()
                    .any(|p| code.contains(p)),
                "{sheet}: user text became the formula {f:?}"
            );
        }
    }
    for payload in INJECTIONS {
        assert!(
            strings.iter().any(|s| s == payload),
            "no XLSX text cell {payload:?}"
        );
    }
}
