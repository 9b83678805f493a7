//! The native CLI: arguments in, one JSON object or a summary out, exit
//! code 2 with a message naming the argument for invalid input.

use std::path::PathBuf;
use std::process::Output;

use serde_json::Value;

#[path = "common/scratch.rs"]
mod scratch;
use scratch::Scratch;

#[path = "common/cli_run.rs"]
mod cli_run;
use cli_run::stacksizer;

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Seed 001's cluster: 4 hosts x 2 disk groups x 4 x 400 GB SSD.
const SEED_001: [&str; 10] = [
    "quick",
    "--hosts",
    "4",
    "--disk-groups",
    "2",
    "--capacity-devices",
    "4",
    "--device-gb",
    "400",
    "--all-flash",
];

fn quick_json(extra: &[&str]) -> Value {
    let mut args = SEED_001.to_vec();
    args.extend_from_slice(extra);
    args.push("--json");
    let out = stacksizer(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

fn example() -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../assets/examples/seed-001-all-flash-sql.json")
        .to_string_lossy()
        .into_owned()
}

#[test]
fn quick_json_has_the_documented_fields() {
    // Seed 001: 12.8 TB = 11.64 TiB raw; RAID-5 3+1 = 1.33x on >= 4 hosts.
    let v = quick_json(&["--raid", "5", "--ftt", "1", "--dedup", "2.27"]);
    for field in [
        "raw_tb",
        "raw_tib",
        "protection_multiplier",
        "usable_tb",
        "usable_tib",
        "min_hosts",
        "cache_required_gb_per_disk_group",
    ] {
        assert!(v[field].is_number(), "{field} missing in {v}");
    }
    assert_eq!(v["raw_tb"].as_f64(), Some(12.8));
    assert!((v["raw_tib"].as_f64().unwrap_or_default() - 11.64).abs() < 0.005);
    assert!((v["protection_multiplier"].as_f64().unwrap_or_default() - 4.0 / 3.0).abs() < 1e-12);
    assert_eq!(v["min_hosts"].as_u64(), Some(4));
    let findings = v["findings"].as_array().expect("findings array");
    assert_eq!(findings[0]["code"], "protection.no_spare_host");
    assert_eq!(findings[0]["path"], "--hosts");
}

#[test]
fn quick_defaults_are_25_pct_slack_and_one_reserve_host() {
    let default = quick_json(&["--raid", "1", "--ftt", "1"]);
    let explicit = quick_json(&[
        "--raid",
        "1",
        "--ftt",
        "1",
        "--slack-pct",
        "25",
        "--reserve-hosts",
        "1",
    ]);
    assert_eq!(default, explicit);
    let none = quick_json(&[
        "--raid",
        "1",
        "--ftt",
        "1",
        "--slack-pct",
        "0",
        "--reserve-hosts",
        "0",
    ]);
    // 12,800 GB less 1 % on-disk format, nothing held back, mirrored: 6.336 TB.
    assert!((none["usable_tb"].as_f64().unwrap_or_default() - 6.336).abs() < 1e-9);
}

#[test]
fn quick_text_summary() {
    let mut args = SEED_001.to_vec();
    args.extend_from_slice(&["--raid", "1", "--ftt", "1"]);
    let out = stacksizer(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("Usable for protected data"), "{text}");
    assert!(text.contains("12.80 TB"), "{text}");
}

#[test]
fn invalid_quick_argument_exits_2_naming_the_flag() {
    let out = stacksizer(&[
        "quick",
        "--hosts",
        "0",
        "--disk-groups",
        "2",
        "--capacity-devices",
        "4",
        "--device-gb",
        "400",
        "--raid",
        "1",
        "--ftt",
        "1",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("--hosts must be between 1 and 64 (got 0)"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn ftt_that_the_method_cannot_use_exits_2() {
    let mut args = SEED_001.to_vec();
    args.extend_from_slice(&["--raid", "6", "--ftt", "1"]);
    let out = stacksizer(&args);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("--ftt must be 2 for RAID-6 (got 1)"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn unknown_raid_level_exits_2_listing_the_choices() {
    let mut args = SEED_001.to_vec();
    args.extend_from_slice(&["--raid", "4", "--ftt", "1"]);
    let out = stacksizer(&args);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.contains("--raid") && err.contains("[possible values: 1, 5, 6]"),
        "{err}"
    );
}

#[test]
fn evaluate_json_reports_clusters_and_findings() {
    let out = stacksizer(&["evaluate", &example(), "--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let cluster = &v["clusters"][0];
    assert_eq!(cluster["kind"], "vsan_osa");
    assert_eq!(cluster["key_figures"]["raw"]["tb"].as_f64(), Some(12.8));
    assert!(
        cluster["key_figures"]["binding"]["pct"].is_number(),
        "{cluster}"
    );
    let detail = &cluster["detail"];
    assert_eq!(detail["raw"]["total"]["tb"].as_f64(), Some(12.8));
    assert!(detail["capacity"]["usable"]["tb"].is_number());
    assert!(detail["cache"]["required_per_disk_group"]["gb"].is_number());
    assert!(v["totals"]["usable"]["tb"].is_number());
    assert!(v["findings"].is_array());
}

#[test]
fn evaluate_text_summary() {
    let out = stacksizer(&["evaluate", &example()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("raw 12.80 TB / 11.64 TiB"), "{text}");
    assert!(text.contains("usable"), "{text}");
    assert!(
        text.contains(
            "    CPU (cores needed / cores): 123.2 of 96.0 cores (128.3 %) at N; \
             123.2 of 72.0 cores (171.1 %) after N+1"
        ),
        "the utilisation rows: {text}"
    );
    assert!(
        text.contains("Project cost: 73,200.00 USD (hardware 73,200.00)"),
        "{text}"
    );
    assert!(
        text.contains("Findings: 1 error(s), 3 warning(s), 0 note(s)"),
        "{text}"
    );
    assert!(
        text.contains(
            "Verdict: fail: CPU after N+1: 171 % of 72 cores (limit 100 %) — add 3 hosts"
        ),
        "{text}"
    );
    let v = json_of(&["evaluate", &example(), "--json"]);
    assert_eq!(v["verdict"]["status"], "fail");
    assert_eq!(v["verdict"]["binding"]["code"], "compute.cpu_overcommitted");
    assert_eq!(v["clusters"][0]["verdict"], v["verdict"]);
}

#[test]
fn invalid_project_exits_2_naming_the_json_path() {
    let dir = std::env::temp_dir().join(format!("stacksizer-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("bad.json");
    let text = std::fs::read_to_string(example()).expect("example");
    let bad = text.replace("\"slack_pct\": 25", "\"slack_pct\": 75");
    assert_ne!(bad, text, "the example's slack_pct moved");
    std::fs::write(&path, bad).expect("write");
    let out = stacksizer(&["evaluate", &path.to_string_lossy()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("settings.slack_pct must be between 0 and 50 (got 75)"),
        "{}",
        stderr(&out)
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn invalid_project_with_json_prints_every_issue_as_json_and_exits_2() {
    let scratch = Scratch::new("evaluate-invalid-json");
    let text = std::fs::read_to_string(example()).expect("example");
    let bad = text
        .replace("\"slack_pct\": 25", "\"slack_pct\": 75")
        .replacen("\"host_count\": 4", "\"host_count\": 65", 1);
    assert_ne!(bad, text, "the example's slack_pct or host_count moved");
    let path = scratch.file("bad.json", bad);
    let out = stacksizer(&["evaluate", &path, "--json"]);
    assert_eq!(out.status.code(), Some(2));
    let v: Value = serde_json::from_slice(&out.stdout).expect("one JSON object on stdout");
    assert_eq!(v["status"], "invalid");
    let issues = v["issues"].as_array().expect("issues");
    let slack = issues
        .iter()
        .find(|i| i["path"] == "settings.slack_pct")
        .expect("the slack issue");
    assert_eq!(
        *slack,
        serde_json::json!({
            "path": "settings.slack_pct",
            "message": "settings.slack_pct must be between 0 and 50 (got 75)",
            "value": 75.0,
            "allowed": { "min": 0.0, "max": 50.0 }
        })
    );
    let hosts = issues
        .iter()
        .find(|i| i["path"] == "clusters[0].topology.host_count")
        .expect("the host count issue");
    assert_eq!(hosts["value"], 65.0);
    assert_eq!(
        hosts["allowed"],
        serde_json::json!({ "min": 1.0, "max": 64.0 })
    );
    // The text lines stay on stderr for a person.
    assert!(stderr(&out).contains("settings.slack_pct must be between 0 and 50 (got 75)"));
    // A project that does not parse is an issue with its path too.
    let path = scratch.file("broken.json", r#"{"schema_version": 1, "clusters": 3}"#);
    let out = stacksizer(&["evaluate", &path, "--json"]);
    assert_eq!(out.status.code(), Some(2));
    let v: Value = serde_json::from_slice(&out.stdout).expect("one JSON object on stdout");
    assert_eq!(v["status"], "invalid");
    assert!(v["issues"][0]["message"].as_str().is_some(), "{v}");
}

#[test]
fn missing_project_file_exits_2() {
    let out = stacksizer(&["evaluate", "/nonexistent/project.json"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("cannot read"), "{}", stderr(&out));
}

fn json_of(args: &[&str]) -> Value {
    let out = stacksizer(args);
    assert!(out.status.success(), "{}", stderr(&out));
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

fn example_named(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../assets/examples")
        .join(name)
        .to_string_lossy()
        .into_owned()
}

#[test]
fn vplex_json_prints_peak_and_average() {
    // Seed 004 Table 11: dual engine, 90:10 -> 90k peak, 60k average.
    let v = json_of(&["vplex", "--engines", "2", "--read-pct", "90", "--json"]);
    let peak = v["frontend_iops_peak"].as_f64().unwrap_or_default();
    let average = v["frontend_iops_average"].as_f64().unwrap_or_default();
    assert!((peak - 90_000.0).abs() < 1e-6, "{v}");
    assert!((average - 60_000.0).abs() < 1e-6, "{v}");
    let text = stacksizer(&["vplex", "--engines", "4", "--read-pct", "100"]);
    assert!(text.status.success());
    assert!(String::from_utf8_lossy(&text.stdout).contains("240,000"));
}

#[test]
fn vplex_bad_engines_or_share_exit_2_naming_the_argument() {
    let out = stacksizer(&["vplex", "--engines", "3", "--read-pct", "90"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("--engines must be 1, 2 or 4 VPLEX engines (got 3)"),
        "{}",
        stderr(&out)
    );
    let out = stacksizer(&["vplex", "--engines", "2", "--read-pct", "-5"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("--read-pct must be between 0 and 100 (got -5)"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn stretch_json_prints_the_rtt_penalty() {
    // Seed 000 §9.3: -29 % TPS at 4.2 ms; seed 001: log writes 15.5 ms at 4 ms.
    let v = json_of(&["stretch", "--rtt-ms", "4.2", "--json"]);
    let tps = v["tps_change_pct"].as_f64().unwrap_or_default();
    assert!((tps + 29.0).abs() <= 3.0, "{v}");
    assert!(v["data_write_latency_ms"].is_number() && v["log_write_latency_ms"].is_number());
    assert_eq!(v["supported"], true);
    assert_eq!(
        json_of(&["stretch", "--rtt-ms", "6", "--json"])["supported"],
        false
    );
    let text = stacksizer(&["stretch", "--rtt-ms", "1"]);
    assert!(String::from_utf8_lossy(&text.stdout).contains("log_write_latency_ms"));
}

#[test]
fn stretch_negative_rtt_exits_2_naming_the_argument() {
    let out = stacksizer(&["stretch", "--rtt-ms", "-1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("--rtt-ms must be between 0 and 100 (got -1)"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn evaluate_json_includes_stretched_and_array_results() {
    let v = json_of(&[
        "evaluate",
        &example_named("seed-001-stretched.json"),
        "--json",
    ]);
    let s = &v["clusters"][0]["detail"]["stretched"];
    assert!(s["rtt"]["tps_change_pct"].is_number(), "{s}");
    assert_eq!(s["site_failure"]["host_load_factor"].as_f64(), Some(2.0));
    // The example's own compute reserves 128 % of its cores before a site
    // failure and 257 % of the survivors' after: past the TPS model.
    let after = s["site_failure"]["cores_needed_pct_after"]
        .as_f64()
        .expect("site-failure CPU in the JSON");
    assert!((after - 256.7).abs() < 0.1, "{after}");
    assert!(s["site_failure"].get("tps").is_none(), "{s}");
    let v = json_of(&[
        "evaluate",
        &example_named("seed-004-xtremio-vplex.json"),
        "--json",
    ]);
    assert_eq!(v["clusters"].as_array().map(Vec::len), Some(1));
    assert_eq!(v["clusters"][0]["kind"], "xtremio_vplex");
    let a = &v["clusters"][0]["detail"];
    assert!(
        a["xtremio_vplex"]["sites"][0]["usable"]["tb"].is_number(),
        "{a}"
    );
    assert!(a["capacity"]["usable"]["tb"].is_number());
    let text = stacksizer(&["evaluate", &example_named("seed-004-xtremio-vplex.json")]);
    assert!(String::from_utf8_lossy(&text.stdout).contains("Production site: usable 14.94 TB"));
}

fn refused(args: &[&str], expected: &str) {
    let out = stacksizer(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
    assert!(
        stderr(&out).contains(expected),
        "{args:?}: {}",
        stderr(&out)
    );
}

#[test]
fn an_output_onto_an_input_file_is_refused_and_the_input_kept() {
    let s = Scratch::new("cli-overwrite");
    let project = std::fs::read(example()).expect("example");
    let input = s.file("project.json", &project);
    // The same file under another name: a link, and a path through `..`.
    #[cfg(unix)]
    {
        let link = s.path("report.xlsx");
        std::os::unix::fs::symlink(&input, &link).expect("a link");
        refused(
            &["report", &input, "-o", &link],
            &format!("--output {link}: is an input of this command"),
        );
    }
    let catalog = s.file("cat.csv", b"id,unit_price\nintel-dc-s3610-400,420\n");
    let dotted = s.0.join("sub/../cat.csv").to_string_lossy().into_owned();
    std::fs::create_dir_all(s.0.join("sub")).expect("a folder");
    refused(
        &["catalog", "export", "--catalog", &catalog, "-o", &dotted],
        "is an input of this command",
    );
    refused(
        &["catalog", "import", &catalog, "-o", &catalog],
        "is an input of this command",
    );
    // A CSV table of the report named like the project.
    let csv_dir = s.path("tables");
    std::fs::create_dir_all(&csv_dir).expect("a folder");
    let beside = s.0.join("tables/bom.csv").to_string_lossy().into_owned();
    std::fs::write(&beside, &project).expect("written");
    let early = s.path("early.xlsx");
    refused(
        &["report", &beside, "-o", &early, "--csv", &csv_dir],
        "--csv",
    );
    assert!(
        !std::path::Path::new(&early).exists(),
        "nothing is written when one output is refused"
    );
    let vinfo = s.file(
        "RVTools_tabvInfo.csv",
        b"VM,Powerstate,Template,CPUs,Memory,Provisioned MiB,In Use MiB,Cluster\na,poweredOn,False,2,4096,999,999,C\n",
    );
    refused(
        &["import-rvtools", &vinfo, "-o", &vinfo],
        "is an input of this command",
    );
    assert_eq!(std::fs::read(&input).expect("kept"), project);
    assert_eq!(std::fs::read(&beside).expect("kept"), project);
    assert!(std::fs::read_to_string(&vinfo)
        .expect("kept")
        .starts_with("VM,"));
    assert!(std::fs::read_to_string(&catalog)
        .expect("kept")
        .starts_with("id,"));
}

#[cfg(unix)]
#[test]
fn an_endless_input_is_refused_at_the_limit_without_reading_it_all() {
    let started = std::time::Instant::now();
    refused(
        &["evaluate", "/dev/zero"],
        "/dev/zero is larger than 16777216 bytes; at most 16777216 bytes are read",
    );
    refused(
        &["catalog", "import", "/dev/zero.csv"],
        "cannot read /dev/zero.csv",
    );
    refused(
        &["import-rvtools", "/dev/zero"],
        "/dev/zero is larger than 67108864 bytes",
    );
    // Reading 4 GB first took minutes; the limit plus one byte is instant.
    assert!(started.elapsed().as_secs() < 20, "{:?}", started.elapsed());
}

#[test]
fn non_finite_numbers_are_refused_naming_the_option() {
    let project = example();
    refused(
        &["recommend", &project, "--budget", "NaN"],
        "invalid value 'NaN' for '--budget <AMOUNT>': must be a finite number",
    );
    for (option, value) in [("--dedup", "NaN"), ("--slack-pct", "-infinity")] {
        let mut args = SEED_001.to_vec();
        args.extend_from_slice(&["--raid", "1", "--ftt", "1"]);
        let given = format!("{option}={value}");
        args.push(&given);
        refused(&args, &format!("invalid value '{value}' for '{option}"));
    }
    let mut args = SEED_001.to_vec();
    args[8] = "inf";
    args.extend_from_slice(&["--raid", "1", "--ftt", "1"]);
    refused(&args, "invalid value 'inf' for '--device-gb <DEVICE_GB>'");
    refused(
        &["vplex", "--engines", "2", "--read-pct", "NaN"],
        "for '--read-pct <READ_PCT>'",
    );
    refused(&["stretch", "--rtt-ms", "1e999"], "for '--rtt-ms <RTT_MS>'");
}

#[test]
fn a_csv_column_named_twice_is_refused_by_name() {
    let s = Scratch::new("cli-columns");
    let catalog = s.file(
        "prices.csv",
        b"id,unit_price,Unit_Price\nintel-dc-s3610-400,420,430\n",
    );
    refused(
        &["catalog", "import", &catalog],
        "column \"unit_price\": the header row names this column more than once (columns B, C)",
    );
    let vinfo = s.file(
        "RVTools_tabvInfo.csv",
        b"VM,Powerstate,Template,CPUs,Memory,Provisioned MiB,In Use MiB,Cluster,CPUs\na,poweredOn,False,2,4096,999,999,C,4\n",
    );
    refused(
        &["import-rvtools", &vinfo],
        "column \"CPUs\": the header row names this column more than once (columns D, I)",
    );
}

#[test]
fn control_characters_and_text_longer_than_a_cell_are_refused_before_a_report() {
    let s = Scratch::new("cli-text");
    let mut v: Value =
        serde_json::from_str(&std::fs::read_to_string(example()).expect("example")).expect("json");
    v["clusters"][0]["name"] = Value::from("Prod\u{7}\u{0}");
    let bell = s.file("bell.json", v.to_string().as_bytes());
    let xlsx = s.path("out.xlsx");
    refused(
        &["report", &bell, "-o", &xlsx],
        "clusters[0].name must not hold control characters (found U+0007)",
    );
    let mut v: Value =
        serde_json::from_str(&std::fs::read_to_string(example()).expect("example")).expect("json");
    v["workloads"][0]["name"] = Value::from("w".repeat(40_000));
    let long = s.file("long.json", v.to_string().as_bytes());
    refused(
        &["report", &long, "-o", &xlsx, "--csv", &s.path("csv")],
        "workloads[0].name must be at most 32767 characters, what a spreadsheet cell holds (got 40000)",
    );
    refused(
        &["evaluate", &long],
        "workloads[0].name must be at most 32767",
    );
    assert!(
        !std::path::Path::new(&xlsx).exists(),
        "no report was written"
    );
}

#[test]
fn json_outputs_never_print_minus_zero() {
    // A second cluster without workloads: its totals are sums of nothing,
    // which Rust starts at -0.0.
    let text = std::fs::read_to_string(example()).expect("example");
    let mut v: Value = serde_json::from_str(&text).expect("json");
    let mut idle = v["clusters"][0].clone();
    idle["id"] = Value::from("idle");
    idle["name"] = Value::from("Idle cluster");
    v["clusters"].as_array_mut().expect("clusters").push(idle);
    let (_, evaluation) =
        stacksizer_core::report::evaluate_project_json(&v.to_string()).expect("a valid project");
    let plain = serde_json::to_string(&evaluation).expect("serializes");
    assert!(
        plain.contains("-0.0"),
        "the case no longer makes a -0.0: pick another"
    );
    let s = Scratch::new("cli-zero");
    let project = s.file("idle.json", v.to_string().as_bytes());
    let out = stacksizer(&["evaluate", &project, "--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let json = String::from_utf8_lossy(&out.stdout);
    assert!(!json.contains("-0.0") && !json.contains(": -0"), "{json}");
}

#[test]
fn report_paper_is_a4_or_letter_and_facts_are_checked_before_a_report() {
    let s = Scratch::new("cli-paper");
    let xlsx = s.path("out.xlsx");
    let out = stacksizer(&["report", &example(), "-o", &xlsx, "--paper", "letter"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let out = stacksizer(&["report", &example(), "-o", &xlsx, "--paper", "a3"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--paper"), "{}", stderr(&out));
    let mut v: Value =
        serde_json::from_str(&std::fs::read_to_string(example()).expect("example")).expect("json");
    v["facts"] = serde_json::json!({ "customer": "Contoso\u{7}", "date": "2026-02-30" });
    let bad = s.file("facts.json", v.to_string().as_bytes());
    refused(
        &["report", &bad, "-o", &s.path("facts.xlsx")],
        "facts.customer must be one line without control characters (found U+0007)",
    );
}
