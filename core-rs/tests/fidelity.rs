//! docs/fidelity.md: every published seed figure the tool models, with the
//! tool's value read from the CLI's JSON (`stacksizer evaluate --json` on a
//! shipped example or a committed variant, or another `--json` command), by
//! the JSON pointer the table names, so the table cannot drift from the code
//! and every figure in it is provably exposed. The test fails when the
//! committed file, or a variant project file, differs from what the core
//! gives now; regenerate both with
//! `STACKSIZER_WRITE_FIDELITY=1 cargo test --all-features --test fidelity`.
//!
//! Tolerances are asserted in tests/seeds.rs; this table reports, it does
//! not judge: a predicted figure far from its published value shows here as
//! a large difference (issue "fidelity").

#[path = "public_examples/examples.rs"]
mod public_examples;
#[path = "fidelity/variants.rs"]
mod variants;

use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

use serde_json::Value;
use stacksizer_core::platform::vsan_osa::performance::latency::{
    host_path_utilisation, OSA_READ_PATH_MS, OSA_WRITE_PATH_MS,
};

/// How the tool arrives at a figure.
#[derive(Clone, Copy)]
enum Kind {
    /// Computed by the model from the example's inputs; not tuned to it.
    Predicted,
    /// A model parameter was fitted to this published point (named).
    Fitted(&'static str),
    /// A published rule or rating applied as stated.
    Rule,
    /// The example's input, passed through.
    Input,
}

impl Kind {
    fn text(self) -> String {
        match self {
            Kind::Predicted => "predicted".into(),
            Kind::Fitted(parameter) => format!("fitted ({parameter})"),
            Kind::Rule => "published rule".into(),
            Kind::Input => "input".into(),
        }
    }
}

/// The CLI run a figure is read from.
#[derive(Clone)]
enum Run {
    /// `evaluate --json` on the shipped example whose file name starts so.
    Example(&'static str),
    /// `evaluate --json` on a variant project (`variants.rs`).
    Variant(&'static str),
    /// Another `--json` command of the CLI, with its arguments.
    Command(Vec<String>),
}

impl Run {
    fn vplex(engines: u32, read_pct: u32) -> Run {
        Run::Command(vec![
            "vplex".into(),
            "--engines".into(),
            engines.to_string(),
            "--read-pct".into(),
            read_pct.to_string(),
            "--json".into(),
        ])
    }

    /// The CLI's arguments, with paths as the repository names them.
    fn args(&self) -> (Vec<String>, Option<PathBuf>) {
        match self {
            Run::Example(prefix) => {
                let path = variants::example_file(prefix);
                let name = path.file_name().and_then(|n| n.to_str()).expect("a name");
                (
                    vec![
                        "evaluate".into(),
                        "--json".into(),
                        format!("assets/examples/{name}"),
                    ],
                    Some(path),
                )
            }
            Run::Variant(file) => (
                vec![
                    "evaluate".into(),
                    "--json".into(),
                    format!("core-rs/tests/fidelity/{file}"),
                ],
                Some(variants::folder().join(file)),
            ),
            Run::Command(args) => (args.clone(), None),
        }
    }

    /// `stacksizer ...` as a reader would type it from the repository root.
    fn shown(&self) -> String {
        format!("`{}`", self.args().0.join(" "))
    }
}

/// Each CLI run once, its JSON kept.
#[derive(Default)]
struct Runs(HashMap<String, Value>);

impl Runs {
    /// The stdout of the native CLI built for these tests, as JSON. A
    /// variant is run from the text its definition gives, so a stale file
    /// fails its own test rather than this one's figures.
    fn json(&mut self, run: &Run) -> Value {
        let (mut args, path) = run.args();
        let key = args.join(" ");
        if let Some(v) = self.0.get(&key) {
            return v.clone();
        }
        // One scratch name per run: the tests of this file run in parallel.
        static SCRATCH: AtomicUsize = AtomicUsize::new(0);
        let scratch = std::env::temp_dir().join(format!(
            "stacksizer-fidelity-{}-{}.json",
            std::process::id(),
            SCRATCH.fetch_add(1, Ordering::Relaxed)
        ));
        if let Run::Variant(file) = run {
            std::fs::write(&scratch, variants::named(file).text()).expect("a scratch file");
            *args.last_mut().expect("a path") = scratch.display().to_string();
        } else if let Some(path) = &path {
            *args.last_mut().expect("a path") = path.display().to_string();
        }
        let out = Command::new(env!("CARGO_BIN_EXE_stacksizer"))
            .args(&args)
            .output()
            .expect("the CLI runs");
        let _ = std::fs::remove_file(&scratch);
        let json: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
            panic!(
                "stacksizer {key}: no JSON ({e}); stderr: {}",
                String::from_utf8_lossy(&out.stderr)
            )
        });
        self.0.insert(key, json.clone());
        json
    }

    /// The number at `pointer` in the run's JSON; when `at` names a
    /// (field, value), the object holding the figure must carry it, so a
    /// pointer by index cannot silently move to another workload or
    /// scenario.
    fn figure(&mut self, run: &Run, pointer: &str, at: Option<(&str, &str)>) -> f64 {
        let json = self.json(run);
        if let Some((field, value)) = at {
            // The nearest object above the figure that has `field`.
            let found = pointer
                .match_indices('/')
                .map(|(i, _)| &pointer[..i])
                .rev()
                .find_map(|parent| json.pointer(parent)?.get(field))
                .and_then(Value::as_str);
            assert_eq!(
                found,
                Some(value),
                "{} {pointer}: the object is not {field} {value}",
                run.shown()
            );
        }
        json.pointer(pointer)
            .and_then(Value::as_f64)
            .unwrap_or_else(|| panic!("{} has no number at {pointer}", run.shown()))
    }
}

struct Figure {
    seed: &'static str,
    figure: String,
    source: &'static str,
    published: f64,
    unit: &'static str,
    run: Run,
    pointer: &'static str,
    /// (field, value) the object holding the figure must carry.
    at: Option<(&'static str, &'static str)>,
    kind: Kind,
}

impl Figure {
    fn at(mut self, field: &'static str, value: &'static str) -> Figure {
        self.at = Some((field, value));
        self
    }
}

#[allow(clippy::too_many_arguments)]
fn row(
    seed: &'static str,
    figure: impl Into<String>,
    source: &'static str,
    published: f64,
    unit: &'static str,
    kind: Kind,
    run: Run,
    pointer: &'static str,
) -> Figure {
    Figure {
        seed,
        figure: figure.into(),
        source,
        published,
        unit,
        run,
        pointer,
        at: None,
        kind,
    }
}

use Kind::{Fitted, Input, Predicted, Rule};
use Run::{Example, Variant};

fn figures() -> Vec<Figure> {
    let rtt_fit = Fitted("stretched RTT exposure");
    let mut out = vec![
        // Seed 000: the inputs carried from the paper, then its figures.
        row("000", "SQL Server IOPS of both AGs (the tool adds the synchronous secondaries' writes, 10 %)", "§7.3 (around 6,475 on the primaries)", 6_475.0, "IOPS", Input, Example("seed-000"), "/clusters/0/key_figures/iops/front_end"),
        row("000", "Provisioned disks of the four VMs (OS, page file, data, log, tempdb)", "Table 9", 4_620.0, "GB", Input, Example("seed-000"), "/clusters/0/detail/capacity/logical/gb"),
        row("000", "vCPUs of the four VMs (the tool's OS-disk group adds one)", "Table 8", 56.0, "vCPUs", Input, Example("seed-000"), "/clusters/0/detail/compute/vcpus"),
        row("000", "Memory of the four VMs", "Table 8", 512.0, "GB", Input, Example("seed-000"), "/clusters/0/detail/compute/ram_demand_gb"),
        row("000", "SQL Server log write latency", "§7.3 Test Results", 2.0, "ms", Predicted, Example("seed-000"), "/clusters/0/detail/performance/workloads/0/write_latency_ms")
        .at("workload_id", "ag180"),
        row("000", "Repair rate under load (2-3 GB/min)", "Component Recreation Duration", 2.5, "GB/min", Input, Example("seed-000"), "/clusters/0/detail/resilience/resync_rate/under_load_gb_per_min"),
        row("000", "TPS change at 1.2 ms inter-site RTT", "§9.3", -5.0, "%", rtt_fit, Variant("seed-000-stretched-rtt-1.2ms.json"), "/clusters/0/detail/stretched/rtt/tps_change_pct"),
        row("000", "TPS change at 2.2 ms inter-site RTT", "§9.3", -19.0, "%", rtt_fit, Variant("seed-000-stretched-rtt-2.2ms.json"), "/clusters/0/detail/stretched/rtt/tps_change_pct"),
        row("000", "TPS change at 4.2 ms inter-site RTT", "§9.3", -29.0, "%", rtt_fit, Variant("seed-000-stretched-rtt-4.2ms.json"), "/clusters/0/detail/stretched/rtt/tps_change_pct"),
        // Seed 001.
        row("001", "Raw capacity", "Table 1", 12.8, "TB", Rule, Example("seed-001-all-flash"), "/clusters/0/detail/raw/total/tb"),
        row("001", "Dedup and compression metadata", "Space Saving by Enabling Deduplication", 630.0, "GB", Rule, Example("seed-001-all-flash"), "/clusters/0/detail/capacity/waterfall/2/amount/gb").at("label", "Dedup and compression metadata"),
        row("001", "Space used by 5,050 GB written, RAID-1, dedup on", "Space Saving by Enabling Deduplication", 2_220.0, "GB", Predicted, Variant("seed-001-space-raid1.json"), "/clusters/0/detail/capacity/workloads/0/consumed/gb")
        .at("workload_id", "sql200"),
        row("001", "Space used after moving to RAID-5, dedup on", "Space Saving by Enabling Deduplication", 1_900.0, "GB", Predicted, Variant("seed-001-space-raid5.json"), "/clusters/0/detail/capacity/workloads/0/consumed/gb")
        .at("workload_id", "sql200"),
        row("001", "Read latency, RAID-1, 17,014 IOPS, no dedup or checksum", "Table 7", 1.0, "ms", Fitted("vSAN OSA I/O path time"), Variant("seed-001-table-7-raid1-plain.json"), "/clusters/0/detail/performance/workloads/0/read_latency_ms")
        .at("workload_id", "sql200"),
        row("001", "Write latency, RAID-1, 17,014 IOPS, no dedup or checksum", "Table 7", 1.7, "ms", Fitted("vSAN OSA I/O path time"), Variant("seed-001-table-7-raid1-plain.json"), "/clusters/0/detail/performance/workloads/0/write_latency_ms")
        .at("workload_id", "sql200"),
        row("001", "Read latency, RAID-1, 16,656 IOPS, dedup on", "Table 7", 1.6, "ms", Fitted("checksum and dedup read costs"), Variant("seed-001-table-7-raid1-dedup.json"), "/clusters/0/detail/performance/workloads/0/read_latency_ms")
        .at("workload_id", "sql200"),
        row("001", "Write latency, RAID-1, 16,656 IOPS, dedup on", "Table 7 and its text (1.7-2.1 ms)", 1.9, "ms", Predicted, Variant("seed-001-table-7-raid1-dedup.json"), "/clusters/0/detail/performance/workloads/0/write_latency_ms")
        .at("workload_id", "sql200"),
        row("001", "Write latency, RAID-5, 16,506 IOPS, dedup on", "Table 7 and its text", 4.4, "ms", Predicted, Variant("seed-001-table-7-raid5-dedup.json"), "/clusters/0/detail/performance/workloads/0/write_latency_ms")
        .at("workload_id", "sql200"),
        row("001", "Read latency, RAID-5, 16,506 IOPS, dedup on", "Table 7", 1.5, "ms", Predicted, Variant("seed-001-table-7-raid5-dedup.json"), "/clusters/0/detail/performance/workloads/0/read_latency_ms")
        .at("workload_id", "sql200"),
        row("001", "Resync rate under load, dedup on (5-6 GB/min)", "Component Resynchronization Duration", 5.5, "GB/min", Input, Example("seed-001-all-flash"), "/clusters/0/detail/resilience/resync_rate/under_load_gb_per_min"),
        row("001", "Resync rate under load, dedup off (5-20 GB/min)", "Component Resynchronization Duration", 12.5, "GB/min", Input, Variant("seed-001-table-7-raid1-plain.json"), "/clusters/0/detail/resilience/resync_rate/under_load_gb_per_min"),
        row("001", "Data write latency, stretched, 1 ms RTT", "All-Flash vSAN Stretched Cluster Performance", 1.9, "ms", rtt_fit, Variant("seed-001-stretched-rtt-1ms.json"), "/clusters/0/detail/stretched/rtt/data_write_latency_ms"),
        row("001", "Log write latency, stretched, 1 ms RTT", "All-Flash vSAN Stretched Cluster Performance", 5.0, "ms", rtt_fit, Variant("seed-001-stretched-rtt-1ms.json"), "/clusters/0/detail/stretched/rtt/log_write_latency_ms"),
        row("001", "Data write latency, stretched, 4 ms RTT", "All-Flash vSAN Stretched Cluster Performance", 10.3, "ms", rtt_fit, Variant("seed-001-stretched-rtt-4ms.json"), "/clusters/0/detail/stretched/rtt/data_write_latency_ms"),
        row("001", "Log write latency, stretched, 4 ms RTT", "All-Flash vSAN Stretched Cluster Performance", 15.5, "ms", rtt_fit, Variant("seed-001-stretched-rtt-4ms.json"), "/clusters/0/detail/stretched/rtt/log_write_latency_ms"),
        row("001", "Host CPU after a site failure, from 36.56 % before", "Site Failure", 71.62, "%", Predicted, Variant("seed-001-site-failure-cpu-36.56.json"), "/clusters/0/detail/stretched/site_failure/cores_needed_pct_after"),
        row("001", "Host CPU after a site failure, from 47.13 % before", "Site Failure", 80.95, "%", Predicted, Variant("seed-001-site-failure-cpu-47.13.json"), "/clusters/0/detail/stretched/site_failure/cores_needed_pct_after"),
        row("001", "TPS kept after a site failure (7,743 -> 5,856), from 41.85 % CPU before", "Site Failure", 5_856.0 / 7_743.0 * 100.0, "%", Fitted("time away from the CPU"), Variant("seed-001-site-failure-cpu-41.85.json"), "/clusters/0/detail/stretched/site_failure/tps/tps_retained_pct"),
        row("001", "Host CPU after a site failure at the TPS kept (71.62-80.95 %), from 41.85 % before", "Site Failure", (71.62 + 80.95) / 2.0, "%", Predicted, Variant("seed-001-site-failure-cpu-41.85.json"), "/clusters/0/detail/stretched/site_failure/tps/cpu_after_pct"),
        // Seed 002.
        row("002", "vSAN IOPS (around 30K: 29K writes, 1K reads)", "vSAN Performance", 30_000.0, "IOPS", Input, Example("seed-002"), "/clusters/0/key_figures/iops/back_end"),
        row("002", "iSCSI LUNs (SQL Server FCI 4, file server 3)", "VM Disk Layout", 7.0, "LUNs", Input, Example("seed-002"), "/clusters/0/detail/iscsi/luns"),
        row("002", "iSCSI targets, one LUN each", "VM Disk Layout", 7.0, "targets", Rule, Example("seed-002"), "/clusters/0/detail/iscsi/targets"),
        row("002", "iSCSI targets per cluster, at most", "Best Practices", 16.0, "targets", Rule, Example("seed-002"), "/clusters/0/detail/iscsi/max_targets"),
        row("002", "iSCSI LUNs per cluster, at most", "Best Practices", 128.0, "LUNs", Rule, Example("seed-002"), "/clusters/0/detail/iscsi/max_luns"),
        row("002", "iSCSI sessions per host, at most", "Best Practices", 128.0, "sessions", Rule, Example("seed-002"), "/clusters/0/detail/iscsi/max_sessions_per_host"),
        row("002", "Datastore use that raises an alert", "Managing the Quota for File Server from vSAN", 80.0, "%", Rule, Example("seed-002"), "/clusters/0/utilisation/rows/2/judged/at_n/threshold/pct").at("figure", "datastore_fullness"),
        // Seed 003.
        row("003", "Datastore capacity used, every VM disk of table 5", "Mixed Workload Database Configuration (around 65 %)", 65.0, "%", Predicted, Example("seed-003"), "/clusters/0/utilisation/rows/2/at_n/pct").at("figure", "datastore_fullness"),
        row("003", "Data to resync after a cache-disk failure", "Mixed Workload Failure Test", 5.30, "TB", Predicted, Example("seed-003"), "/clusters/0/detail/resilience/scenarios/1/data_to_resync/tb").at("kind", "disk_group"),
        row("003", "ETA to compliance after a cache-disk failure", "Mixed Workload Failure Test", 107.0, "min", Fitted("NVMe resync rate"), Example("seed-003"), "/clusters/0/detail/resilience/scenarios/1/time_to_compliance_minutes").at("kind", "disk_group"),
        row("003", "SQL Server AAG disk write latency, baseline (SQL Server alone)", "Table 9", 1.765, "ms", Predicted, Variant("seed-003-sql-alone.json"), "/clusters/0/detail/performance/workloads/0/write_latency_ms").at("workload_id", "sql-aag"),
        row("003", "SQL Server AAG disk read latency, baseline (SQL Server alone)", "Table 9", 0.487, "ms", Predicted, Variant("seed-003-sql-alone.json"), "/clusters/0/detail/performance/workloads/0/read_latency_ms").at("workload_id", "sql-aag"),
        row("003", "SQL Server AAG disk write latency, mixed with Exchange", "Table 9", 2.818, "ms", Predicted, Example("seed-003"), "/clusters/0/detail/performance/workloads/0/write_latency_ms").at("workload_id", "sql-aag"),
        row("003", "SQL Server AAG disk read latency, mixed with Exchange", "Table 9", 0.531, "ms", Predicted, Example("seed-003"), "/clusters/0/detail/performance/workloads/0/read_latency_ms").at("workload_id", "sql-aag"),
        // Table 10: the Exchange DAG's Jetstress database latencies. Its log
        // writes have no row: the Exchange workload carries no log stream
        // (see the notes).
        row("003", "Exchange DAG database read latency, baseline (Exchange alone)", "Table 10", 0.606, "ms", Predicted, Variant("seed-003-exchange-alone.json"), "/clusters/0/detail/performance/workloads/0/read_latency_ms").at("workload_id", "exchange-dag"),
        row("003", "Exchange DAG database write latency, baseline (Exchange alone)", "Table 10", 2.846, "ms", Predicted, Variant("seed-003-exchange-alone.json"), "/clusters/0/detail/performance/workloads/0/write_latency_ms").at("workload_id", "exchange-dag"),
        row("003", "Exchange DAG database read latency, mixed with SQL Server", "Table 10", 0.647, "ms", Predicted, Example("seed-003"), "/clusters/0/detail/performance/workloads/1/read_latency_ms").at("workload_id", "exchange-dag"),
        row("003", "Exchange DAG database write latency, mixed with SQL Server", "Table 10", 2.937, "ms", Predicted, Example("seed-003"), "/clusters/0/detail/performance/workloads/1/write_latency_ms").at("workload_id", "exchange-dag"),
        // Seed 004.
        row("004", "Usable physical capacity per site (2 X-Bricks)", "Architecture", 14.94, "TB", Rule, Example("seed-004"), "/clusters/0/detail/xtremio_vplex/sites/0/usable/tb").at("role", "production"),
        row("004", "IOPS on the production XtremIO", "Table 15", 188_000.0, "IOPS", Predicted, Example("seed-004"), "/clusters/0/detail/xtremio_vplex/sites/0/back_end_iops").at("role", "production"),
        row("004", "Front-end IOPS through VPLEX", "Table 15", 83_000.0, "IOPS", Input, Example("seed-004"), "/clusters/0/detail/xtremio_vplex/vplex/frontend_iops"),
        row("004", "Replication IOPS at the remote site (VPLEX)", "Table 15", 2_000.0, "IOPS", Predicted, Example("seed-004"), "/clusters/0/detail/xtremio_vplex/vplex/replication_iops"),
        row("004", "Overall data reduction, production", "Table 4", 3.9, ":1", Input, Example("seed-004"), "/clusters/0/detail/xtremio_vplex/data_reduction/overall_efficiency"),
        row("004", "VPLEX logging volume per site (10 GB per 320 TB)", "Logging volume; Table 5", 10.0, "GB", Rule, Example("seed-004"), "/clusters/0/detail/xtremio_vplex/sites/0/logging_volume/gb").at("role", "production"),
        row("004", "VPLEX meta volumes, their backups and the logging volume per site (2 x 80 GB + 2 x 80 GB + 10 GB)", "VPLEX virtualization of XtremIO storage; Table 5", 330.0, "GB", Rule, Example("seed-004"), "/clusters/0/detail/xtremio_vplex/sites/0/system_volumes/gb").at("role", "production"),
        row("004", "Inter-site round trip VPLEX Metro supports, at most", "Example of a VPLEX Metro configuration", 5.0, "ms", Rule, Example("seed-004"), "/clusters/0/detail/xtremio_vplex/vplex/max_rtt_ms"),
        row("004", "Read latency VPLEX adds, no WAN latency (about 200 µs)", "VPLEX performance", 0.2, "ms", Rule, Example("seed-004"), "/clusters/0/detail/xtremio_vplex/vplex/read_adder_ms"),
        row("004", "Write latency VPLEX adds, no WAN latency (1-1.6 ms, about 1 ms on average)", "VPLEX performance, Figure 15", 1.0, "ms", Rule, Example("seed-004"), "/clusters/0/detail/xtremio_vplex/vplex/write_adder_ms"),
        row("004", "SQL Server read latency behind VPLEX (2-3 ms)", "SQL Server disk I/O performance, Figure 13", 2.5, "ms", Fitted("VPLEX queue service time"), Example("seed-004"), "/clusters/0/detail/xtremio_vplex/vplex/read_latency_ms"),
        row("004", "SQL Server write latency behind VPLEX (3-4 ms)", "SQL Server disk I/O performance, Figure 13", 3.5, "ms", Predicted, Example("seed-004"), "/clusters/0/detail/xtremio_vplex/vplex/distributed_write_latency_ms"),
    ];
    // Seed 004 Table 11: VPLEX front-end IOPS at 8 KB by engines per site,
    // peak write only, read only and 90:10, and the 90:10 average.
    for (engines, peaks, average) in [
        (1, [35_000.0, 50_000.0, 45_000.0], 30_000.0),
        (2, [55_000.0, 100_000.0, 90_000.0], 60_000.0),
        (4, [100_000.0, 240_000.0, 180_000.0], 120_000.0),
    ] {
        for ((read_pct, mix), peak) in [
            (0, "write only"),
            (100, "read only"),
            (90, "90:10 read/write"),
        ]
        .into_iter()
        .zip(peaks)
        {
            out.push(row(
                "004",
                table_11_label(engines, mix, "peak"),
                "Table 11",
                peak,
                "IOPS",
                Rule,
                Run::vplex(engines, read_pct),
                "/frontend_iops_peak",
            ));
        }
        out.push(row(
            "004",
            table_11_label(engines, "90:10 read/write", "average"),
            "Table 11",
            average,
            "IOPS",
            Rule,
            Run::vplex(engines, 90),
            "/frontend_iops_average",
        ));
    }
    out
}

/// Table 11's figure names: "VPLEX front-end IOPS, 2 engines, write only, peak".
fn table_11_label(engines: u32, mix: &str, which: &str) -> String {
    let engines = if engines == 1 {
        "1 engine".to_string()
    } else {
        format!("{engines} engines")
    };
    format!("VPLEX front-end IOPS, {engines}, {mix}, {which}")
}

fn number(v: f64) -> String {
    if !v.is_finite() {
        return "not modelled".into();
    }
    let digits = if v.abs() >= 1_000.0 {
        0
    } else if v.abs() >= 100.0 {
        1
    } else {
        2
    };
    let text = format!("{v:.digits$}");
    // Thousands separators for the whole part.
    let (whole, fraction) = text.split_once('.').map_or((text.as_str(), ""), |p| p);
    let (sign, whole) = whole.strip_prefix('-').map_or(("", whole), |w| ("-", w));
    let mut grouped = String::new();
    for (i, ch) in whole.chars().enumerate() {
        if i > 0 && (whole.len() - i) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(ch);
    }
    if fraction.is_empty() {
        format!("{sign}{grouped}")
    } else {
        format!("{sign}{grouped}.{fraction}")
    }
}

fn document() -> String {
    let mut runs = Runs::default();
    let mut doc = String::from(
        "# Fidelity\n\n\
         Every published figure of the seed documents (`../shared/seeds/`) that\n\
         StackSizer models, next to what the tool gives for it. Generated by\n\
         `core-rs/tests/fidelity.rs` (it fails when this file is stale; regenerate\n\
         with `STACKSIZER_WRITE_FIDELITY=1 cargo test --all-features --test\n\
         fidelity`). Tolerances are asserted per figure in `core-rs/tests/seeds.rs`.\n\n\
         Every StackSizer figure is read from the CLI's JSON: the test runs the\n\
         command in the last but one column (`stacksizer ...`, from the\n\
         repository root) and takes the number at the JSON pointer (RFC 6901) in\n\
         the last, so a reader can rerun any row. Most rows run a shipped example\n\
         (`assets/examples/`); where the seed's figure comes from a run the\n\
         example is not (another policy, load, round trip or workload mix), the\n\
         row runs a variant project in `core-rs/tests/fidelity/`: the example\n\
         with that run's changes, each stated in the file's description and\n\
         defined in `core-rs/tests/fidelity/variants.rs` (the test fails when a\n\
         file differs from its definition). Seed 004's Table 11 is the `vplex`\n\
         command's, which takes the engines and the read share.\n\n\
         Kinds: **predicted** (the model's output from the inputs, not\n\
         tuned to this figure), **fitted** (a parameter, named, was fitted to this\n\
         point, so agreement is by construction), **published rule** (a rule or\n\
         rating the seed states, applied as stated), **input** (the example\n\
         carries the figure). Where the seed gives a range, the published value is\n\
         its middle and the range is in the figure's name.\n\n\
         | Seed | Figure | Where | Published | StackSizer | Difference | Kind | Run (`stacksizer ...`) | JSON pointer |\n\
         | ---- | ------ | ----- | --------- | ---------- | ---------- | ---- | ---------------------- | ------------ |\n",
    );
    for f in figures() {
        let tool = runs.figure(&f.run, f.pointer, f.at);
        let difference = if tool.is_finite() && f.published != 0.0 {
            let pct = ((tool - f.published) / f.published.abs() * 100.0).round();
            if pct == 0.0 {
                "0 %".into()
            } else {
                format!("{pct:+} %")
            }
        } else {
            "n/a".into()
        };
        let _ = writeln!(
            doc,
            "| {} | {} | {} | {} {} | {} {} | {} | {} | {} | `{}` |",
            f.seed,
            f.figure,
            f.source,
            number(f.published),
            f.unit,
            number(tool),
            f.unit,
            difference,
            f.kind.text(),
            f.run.shown(),
            f.pointer
        );
    }
    doc.push_str(&without_a_row(&mut runs));
    doc.push_str(&misses(&mut runs));
    doc.push_str(&public_worked_examples());
    doc
}

/// The vendors' worked examples `tests/public_examples.rs` checks, with
/// the tool's figure for each.
fn public_worked_examples() -> String {
    use public_examples::{Published, Reading};
    let mut doc = String::from(
        "\n## Public worked examples\n\n\
         Held-out checks: worked examples VMware, Broadcom and Dell EMC publish\n\
         with their inputs and results, none of them a seed's and none used to\n\
         fit a parameter. Each is rebuilt as a project in\n\
         `core-rs/tests/public_examples/` (its description names the example\n\
         and what was entered) or a `quick` run, read from the CLI's JSON like\n\
         the table above, and checked by the test named in the last column\n\
         (`core-rs/tests/public_examples.rs`) within the tolerance the source's\n\
         own rounding allows.\n\n\
         | Figure | Source | Published | StackSizer | Within | Tolerance | Run (`stacksizer ...`) | JSON pointer | Test |\n\
         | ------ | ------ | --------- | ---------- | ------ | --------- | ---------------------- | ------------ | ---- |\n",
    );
    let mut runs: HashMap<String, Value> = HashMap::new();
    for e in public_examples::all() {
        let json = runs
            .entry(e.run.shown())
            .or_insert_with(|| e.run.json())
            .clone();
        let tool = e.tool(&json);
        let (published, within, tool, tolerance) = match e.published {
            Published::Number(value, unit, tolerance) => {
                let tool = tool.as_f64().expect("a number");
                (
                    format!("{} {unit}", number(value)),
                    tolerance.allows(value, tool),
                    format!("{} {unit}", number(tool)),
                    format!("{} ({})", tolerance.text(unit), tolerance.why()),
                )
            }
            Published::Text(value) => {
                let tool = tool.as_str().unwrap_or("none").to_string();
                (value.to_string(), tool == value, tool, "the same".into())
            }
        };
        let within = if within { "yes" } else { "no" };
        let pointer = match e.reading {
            Reading::AsIs => format!("`{}`", e.pointer),
            Reading::ShareOfRaw => format!("100 / `{}`", e.pointer),
        };
        let _ = writeln!(
            doc,
            "| {} | {} | {published} | {tool} | {within} | {tolerance} | {} | {pointer} | `{}` |",
            e.figure,
            e.source,
            e.run.shown(),
            e.test
        );
    }
    doc.push_str(PUBLIC_DISAGREEMENTS);
    doc
}

/// The published rules the public examples brought up: which the core
/// now follows, and which it does not, with why.
const PUBLIC_DISAGREEMENTS: &str = "\n\
**Published rules found while building these examples.** _No rebuild\n\
reserve where no host can rebuild: followed on vSAN OSA and ESA._ vSphere 8 vSAN\n\
Planning and Deployment, Limitations of a Two-Host or Three-Host Cluster\n\
Configuration: \"When a host fails, vSAN cannot rebuild data on another\n\
host\"; a stretched cluster rebuilds a failed host's components inside its\n\
own site (`source::NO_REBUILD_TARGET`). The OSA waterfall keeps\n\
`settings.reserve_hosts` hosts' share free per site only where the site\n\
has more hosts than the widest policy in use places its components on\n\
(`capacity::rebuild_target_exists`), and its rule text says why it keeps\n\
none otherwise: a 1 + 1 host stretched (two-node) cluster keeps its\n\
datastore after slack for data, and a 3-host RAID-1 FTT=1 cluster keeps no\n\
host it cannot rebuild onto. Usable space then falls once where a site\n\
gains the host that makes a rebuild possible (1 + 1 to 2 + 2 hosts, 25 %\n\
slack: from 1.5 to 1.0 host's datastore); the design search sizes each\n\
side of that size on its own (`recommend/vsan.rs`, `size_line`).\n\
`witness-1-host-per-site.json` runs with the default `reserve_hosts`.\n\
On vSAN ESA the host rebuild reserve (`esa_reserve`) is kept only where\n\
the cluster has more hosts than the widest policy rebuilds its components\n\
on (a stripe's blocks: RAID-5 2+1 on 3 hosts keeps none, RAID-6 keeps one\n\
from 7 hosts; `source::ESA_NO_REBUILD_TARGET`), and the ESA pool search\n\
sizes either side of that size (`recommend/esa_pool.rs`, `Probe::smallest`).\n\
The failure what-ifs judge a host failure's rebuild space only where a\n\
rebuild target exists, so a 1 + 1 cluster at N+1 is not failed for space it\n\
cannot use (`protection.no_spare_host` warns of the reduced protection).\n\
_vSAN memory per host: KB 2113954's\n\
revision for vSAN 6.2 and 6.6 followed, its later revisions not._ The core\n\
applies the KB's constants for vSAN 6.2 (ESXi 6.0 U3 and later) and vSAN 6.6\n\
(ESXi 6.5.0d and later) to every OSA cluster (`source::VSAN_MEMORY_KB`, the\n\
example above, quoted in full at\n\
cloudmaster.co.in/understanding-vsan-memory-consumption-in-esxi-6-5-0d-6-0-u3\n\
and still by Opvizor's blog of 19 March 2019). The KB was revised since, for\n\
OSA, and no worked result of a later revision could be read: (1) as quoted\n\
in October 2020 (a VxRail E560F sizing blog, \"vSAN Memory Consumption\n\
Calculations\", copied in the Nemotron-CC-Math-v1 data set; the same\n\
constants in a public C# calculator that cites the KB): 7,100 MB per host;\n\
per disk group 1,360 MB all-flash or 1,610 MB hybrid, plus 0.5 % of host\n\
memory, plus 20 (all-flash) or 10 (hybrid) MB per GB of cache; 160 or\n\
180 MB per capacity device. (2) \"Understanding vSAN memory consumption in\n\
ESXi 6.x and 7.x\", from about August 2021 (VMware Japan's vSAN blog,\n\
vmwarekkhci.hatenablog.jp, 3 December 2021): 8,610 MB per host; per disk\n\
group 8,420 MB all-flash or 7,840 MB hybrid, plus 0.5 % of host memory\n\
(hybrid: the smaller of that and 0.2 % of the cache device), plus 15 or\n\
10 MB per GB of cache; 240 or 300 MB per capacity device; dedup adds 30 MB\n\
per disk group, compression alone 39.5 MB per capacity device. (3)\n\
\"Understanding vSAN memory consumption in ESXi 7.x\" (the same blog, 8 March\n\
2023): how to read a running cluster's use, and the vSAN ReadyNode Sizer's\n\
Quick Sizer before deployment; no formula. On the example above (one\n\
all-flash disk group, 600 GB cache, 3 capacity devices, a 512 GB host) the\n\
6.2/6.6 constants, set (1) and set (2) give 14,672, 23,561 and 29,371 MB per\n\
host, so on a vSAN 7 host the core's figure is 38 to 50 % below the later\n\
revisions'. The core keeps the 6.2/6.6 constants: the project carries no\n\
vSAN release to choose by, the design search sizes vSAN memory from the\n\
disk groups alone where the later sets need the host's RAM, and neither\n\
later set could be checked against a worked result. vSAN ESA takes set\n\
(1)'s all-flash constants with the pool as one disk group without a cache\n\
device (`source::ESA_MEMORY`); an entered `vsan_memory_gb`, the sizer's\n\
figure, replaces them.\n";

/// The published figures the seeds give that the table leaves out, and why.
fn without_a_row(runs: &mut Runs) -> String {
    // The device-limited IOPS while each failure of seeds 000 and 001's
    // examples is rebuilt, over the demand: the least of disk, disk group
    // and host.
    let mut least = |run: Run| {
        (0..3)
            .map(|i| {
                let pointer = format!(
                    "/clusters/0/detail/resilience/scenarios/{i}/rebuild_performance/headroom"
                );
                runs.json(&run)
                    .pointer(&pointer)
                    .and_then(Value::as_f64)
                    .unwrap_or(f64::NAN)
            })
            .fold(f64::INFINITY, f64::min)
    };
    let s000 = least(Run::Example("seed-000"));
    let s001 = least(Run::Example("seed-001-all-flash"));
    let s001_plain = least(Run::Variant("seed-001-table-7-raid1-plain.json"));
    format!(
        "\n## Published figures without a row\n\n\
         **Throughput during a failure** (seed 000 Table 14: TPS before / lowest\n\
         after / seconds back to steady state, HDD 1,650 / 900 / 69, disk group\n\
         1,550 / 850 / 115, host 1,400 / 520 / 350; seed 001 Table 8, dedup off:\n\
         disk 1,813 / 1,643 / 160, disk group 1,853 / 1,659 / 430, host 1,568 /\n\
         1,312 / 715; the table after it, dedup on: disk or disk group 1,760 /\n\
         1,510 / 540, host 1,638 / 1,211 / 560). The lowest TPS and the time back\n\
         to steady state are transients; the model is steady state. Per failure\n\
         it gives the data to resync, the time to compliance and the\n\
         device-limited IOPS while the rebuild runs over the demand\n\
         (`/clusters/0/detail/resilience/scenarios/N/rebuild_performance/headroom`),\n\
         a TPS only through the workloads' IOPS, which it does not convert to\n\
         transactions. `core-rs/tests/seeds.rs` holds what the tables show that\n\
         the model does represent: no data lost, compliance restorable, the\n\
         order disk < disk group < host in data to resync, time and IOPS left,\n\
         and with dedup on a disk failure played as its disk group's (the\n\
         dedup-on table's single row). The least of those headrooms: {s000} for\n\
         seed 000's example (both AGs at 6,475 IOPS, where Table 14 ran one\n\
         180 GB AG), {s001} for seed 001's and\n\
         {s001_plain} for seed 001 without dedup at Table 7's load.\n\n\
         **Seed 000's repaired data** (Component Recreation Duration: 285 GB in\n\
         122 minutes after an HDD failure, 193 GB of it the running SQL Server\n\
         VM's). The example holds the four SQL Server VMs only, spread evenly\n\
         over the 48 HDDs; the lab's other VMs on the failed disk are not in it,\n\
         and the paper gives the running VM's share but not the other three\n\
         SQL Server VMs', so the data is not compared. The rate (2-3 GB/min) is a row.\n\n\
         **Transactions** (seed 000's 2,654 TPS, seed 001's ~8,000 TPS, seed\n\
         002's 30,112 orders per minute, seed 003's -3.8 % TPS and -12 % Exchange\n\
         IOPS from mixing): the tool sizes I/O, not transactions; TPS appears\n\
         only as the relative change of a stretched cluster's round trip and of\n\
         a site failure (rows above). Seed 002's 382 MB/s copy rate is an input\n\
         (`workloads[1].spec.throughput_mbps`) the evaluate JSON does not repeat;\n\
         seed 003's backup (2.84 TB in 52 minutes) is not modelled.\n",
        s000 = number(s000),
        s001 = number(s001),
        s001_plain = number(s001_plain),
    )
}

/// A tier's M/M/1 read response at its load, as the latency model takes it,
/// from the run's JSON (`tier`: "cache_tier" or "capacity_tier").
fn response(e: &Value, tier: &str) -> Option<f64> {
    let tier = e.pointer(&format!("/clusters/0/detail/performance/{tier}"))?;
    let busy = tier.get("utilisation_pct")?.as_f64()? / 100.0;
    tier.get("read_service_ms")?
        .as_f64()
        .map(|s| s / (1.0 - busy))
}

fn microseconds(ms: Option<f64>) -> String {
    ms.map_or_else(|| "not modelled".into(), |v| format!("{:.1}", v * 1000.0))
}

/// Host path utilisation (a fraction) had vSAN's 100K IOPS per node been
/// counted per I/O whatever its size: the cluster's back-end IOPS as they are.
fn per_io_utilisation(e: &Value) -> f64 {
    let back_end = e
        .pointer("/clusters/0/detail/performance/back_end_iops")
        .and_then(Value::as_f64)
        .unwrap_or(f64::NAN);
    let hosts = e
        .pointer("/clusters/0/detail/host_count")
        .and_then(Value::as_u64)
        .unwrap_or(0);
    host_path_utilisation(back_end, u32::try_from(hosts).unwrap_or(0))
}

/// Seed 003's mixed SQL Server write with the host path counted another
/// way: `now` and `other` are (seed 001's fitted run, seed 003's mixed run)
/// host path utilisations as the model counts them and as the other way
/// would. The unloaded path is refitted on seed 001's run, as the model's is.
fn mixed_write_counted(write_ms: f64, now: (f64, f64), other: (f64, f64)) -> f64 {
    let fitted_run_path = OSA_WRITE_PATH_MS / (1.0 - now.0);
    let unloaded = fitted_run_path * (1.0 - other.0);
    write_ms - OSA_WRITE_PATH_MS / (1.0 - now.1) + unloaded / (1.0 - other.1)
}

/// The Exchange workload's (read, write) latency in a run's JSON:
/// Jetstress's database reads and writes.
fn exchange_latency(e: &Value) -> (f64, f64) {
    let w = e
        .pointer("/clusters/0/detail/performance/workloads")
        .and_then(Value::as_array)
        .and_then(|ws| ws.iter().find(|w| w["workload_id"] == "exchange-dag"))
        .expect("the Exchange DAG workload");
    (
        w["read_latency_ms"].as_f64().unwrap_or(f64::NAN),
        w["write_latency_ms"].as_f64().unwrap_or(f64::NAN),
    )
}

/// Why the predictions furthest from their published values miss, with the
/// model's own figures that rule out the load as the cause.
fn misses(runs: &mut Runs) -> String {
    const PERF: &str = "/clusters/0/detail/performance";
    let alone = runs.json(&Run::Variant("seed-003-sql-alone.json"));
    let mixed = runs.json(&Run::Example("seed-003"));
    let fitted = runs.json(&Run::Variant("seed-001-table-7-raid1-plain.json"));
    // Jetstress drove more than the profile's 1.0 IOPS per mailbox: Table
    // 10's baseline 30,492.74 transactional IOPS over the 16,000 mailboxes.
    let driven = runs.json(&Run::Variant("seed-003-jetstress-iops.json"));
    let at = |v: &Value, pointer: &str| {
        v.pointer(&format!("{PERF}{pointer}"))
            .and_then(Value::as_f64)
    };
    let off = |tool: Option<f64>, published: f64| {
        format!(
            "{:+.0} %",
            (tool.unwrap_or(f64::NAN) / published - 1.0) * 100.0
        )
    };
    let pct = |u: Option<f64>| format!("{} %", number(u.unwrap_or(f64::NAN)));
    let ms = |v: Option<f64>| format!("{} ms", number(v.unwrap_or(f64::NAN)));
    let mixed_write = at(&mixed, "/workloads/0/write_latency_ms");
    // The host path's utilisations as the model counts them (8 KB I/Os),
    // in 4 KB I/Os (every I/O here is 8 KB or more: twice as many) and
    // one per I/O whatever its size.
    let counted = (
        at(&fitted, "/host_path_utilisation_pct").unwrap_or(f64::NAN) / 100.0,
        at(&mixed, "/host_path_utilisation_pct").unwrap_or(f64::NAN) / 100.0,
    );
    let in_4_kb =
        mixed_write.map(|w| mixed_write_counted(w, counted, (2.0 * counted.0, 2.0 * counted.1)));
    let per_io = mixed_write.map(|w| {
        mixed_write_counted(
            w,
            counted,
            (per_io_utilisation(&fitted), per_io_utilisation(&mixed)),
        )
    });
    let exchange_alone = runs.json(&Run::Variant("seed-003-exchange-alone.json"));
    let exchange_path = at(&exchange_alone, "/host_path_utilisation_pct").unwrap_or(f64::NAN);
    let (exchange_read, exchange_write) = exchange_latency(&exchange_alone);
    let (mixed_exchange_read, mixed_exchange_write) = exchange_latency(&mixed);
    let exchange_read_path = OSA_READ_PATH_MS / (1.0 - exchange_path / 100.0);
    let (driven_alone_read, driven_alone_write) =
        exchange_latency(&runs.json(&Run::Variant("seed-003-exchange-alone-jetstress-iops.json")));
    let (driven_mixed_read, driven_mixed_write) =
        exchange_latency(&runs.json(&Run::Variant("seed-003-mixed-as-driven.json")));
    format!(
        "\n## Where a prediction misses, and why\n\n\
         **Seed 003, SQL Server read latency, baseline (Table 9: 0.487 ms; the\n\
         tool {read}).** Re-read against each input that could carry it:\n\
         _Layer_: both seeds measured in the guest (seed 001 Testing Tools:\n\
         Windows Performance Monitor \"We measure the disk latency\"; seed 003\n\
         Table 9's \"Disk read average latency\" of the SQL Server VMs), so the\n\
         fitted seed 001 point and this one are the same layer. _VMs and load_:\n\
         Table 9's baseline is both SQL Server VMs (each an AG primary and the\n\
         other's secondary) at 15,539 IOPS with Exchange idle; the example\n\
         enters that load (14,126 front-end IOPS plus the secondary's writes),\n\
         which keeps each host's vSAN I/O path {path_alone} busy, as seed 001's\n\
         fitted run did ({path_fitted}). _Devices_: PM1725a NVMe cache, PM1633a\n\
         SAS SSD capacity (Table 1).\n\
         All-flash vSAN OSA has no read cache, so the model reads from the\n\
         capacity tier; the blocks still in the write buffer are read from the\n\
         NVMe cache device instead. Either way the device is microseconds: the\n\
         capacity devices answer in {capacity_us} us at {capacity_busy} busy, the cache devices\n\
         in {cache_us} us, so serving every read from NVMe would save {saved_us} us of the\n\
         0.6 ms. _Data services_: Table 4 turns checksum on (+0.1 ms, seed 001\n\
         Table 7) and names no deduplication or compression, so the model adds\n\
         no dedup cost. No input is wrong and no device class, read path or\n\
         load moves the figure: what is left is vSAN's I/O path time, 0.79 ms\n\
         at seed 001's load, fitted on seed 001 (vSAN 6.2 on ESXi 6.0 U2,\n\
         2016; its Table 1 names 400 GB SSDs on 12 Gb/s SAS adapters, their\n\
         class not stated). Seed 003 (vSAN 6.7 U1, 2018) leaves 0.487 - 0.2\n\
         (round trip) - 0.1 (checksum) = 0.19 ms for it, a quarter of seed\n\
         001's, while its writes leave 1.765 - 0.2 - 0.4 = 1.17 ms against\n\
         1.47 ms: the newer release's reads, not its writes, are faster, which\n\
         neither paper explains. A hardware factor on the path time cannot\n\
         give both: one factor scales reads and writes alike, and seed 003\n\
         needs reads 4x faster and writes 1.25x (the CPUs' clocks differ by\n\
         1.13x: Gold 6132 at 2.6 GHz against seed 001's 2.3 GHz). No seed or\n\
         vendor guide gives the path time per vSAN release, and fitting a\n\
         second one on seed 003 would turn its latencies into fits: the miss\n\
         is shown, not tuned away. A sourced fix needs a published guest read\n\
         latency at a stated load on vSAN 6.7 hardware other than seed 003's\n\
         (so seed 003 stays a prediction) and a vSAN release in the project to\n\
         choose the path time by; the model has neither. The one candidate\n\
         found is VMware's \"SQL Server 2016 Database Performance and\n\
         Improvements on vSAN 6.7\" (core.vmware.com, an all-flash OLTP run);\n\
         its stored excerpt ends before the results, so no figure of it could\n\
         be read or used. Two release differences were checked and do not\n\
         carry it: vSAN's DRAM client cache (0.4 % of host memory, at most\n\
         1 GB, since vSAN 6.2: VMware's \"The Data Locality Discussion\n\
         Revisited, Part 2\", 2016) is in both seeds' releases, and the I/O\n\
         path fixes of vSAN 6.6 (VMware KB 2149127: log management and\n\
         deletes under heavy writes) publish no latency figure.\n\
         Beside Exchange the read is further off ({mixed_read}\n\
         against 0.531 ms, {mixed_read_off}): the host path queue below slows\n\
         reads as much as writes.\n\n\
         **Seed 003, SQL Server write latency beside Exchange (Table 9:\n\
         2.818 ms; the tool {mixed_write_ms}, {alone_write} alone), predicted by\n\
         the hosts' vSAN I/O path under load.** Exchange raised SQL Server's\n\
         writes by 1.05 ms and its reads by 0.04 ms (Table 7, without\n\
         availability groups: writes 1.275 -> 1.842 ms, reads 0.404 -> 0.557\n\
         ms), towards Exchange's own database writes, 2.8-2.9 ms at 32 KB\n\
         (Tables 8 and 10), on the same disk groups. The devices do not carry\n\
         it: Exchange takes the NVMe cache devices from {cache_alone} to\n\
         {cache_mixed} busy and the capacity devices to {capacity_mixed}\n\
         (M/M/1: microseconds), and the vSAN network (seed 003 Network\n\
         Configuration: one active 10 GbE link per host, 4 hosts) carries\n\
         about 2.5 Gb/s per host at Jetstress's 30,493 x 32 KB (every read\n\
         remote, both RAID-1 replicas of every write sent), where a 32 KB\n\
         frame's queueing at 25 % busy adds under 0.01 ms. The model's term\n\
         for it is each host's vSAN software path (DOM owner, LSOM, the cache\n\
         device's log) as one processor-sharing queue: an I/O takes its\n\
         unloaded path time / (1 - utilisation), the utilisation being the\n\
         host's back-end I/Os, counted in 8 KB, over vSAN's \"up to 100K IOPS\n\
         per node\" (seed 001). Exchange's 32 KB I/Os count four each, so\n\
         Exchange takes each host's path from {path_alone} to {path_mixed}\n\
         busy and SQL Server's write to {mixed_write_ms} ({mixed_write_off};\n\
         {alone_off} alone). Nothing of it is fitted on seed 003: the unloaded\n\
         path times are fitted on seed 001's run, the maximum is seed 001's\n\
         and the I/O sizes are Table 6's. Two of its choices are not\n\
         published, and the figure depends on them: the size the 100K counts\n\
         (assumed 8 KB, the SQL Server I/O of seed 001's tests; counted in 4\n\
         KB the write would be {in_4_kb} ({in_4_kb_off}), one per I/O whatever its\n\
         size {per_io} ({per_io_off})), and that one queue serves reads and\n\
         writes: Table 9's reads rose 0.04 ms where its writes rose 1.05 ms,\n\
         which a write-only queue (the log) would follow better, but no\n\
         maximum for writes alone is published. The profile's 16,000\n\
         mailboxes at 1.0 IOPS are the example's input; the 30,493 IOPS\n\
         Jetstress actually drove (Table 10) would give {driven_write} at\n\
         {path_driven} busy.\n\n\
         **Seed 003, the Exchange DAG's database latencies (Table 10),\n\
         predicted as SQL Server's are.** The model gives every workload of a\n\
         cluster the same host path, round trip and data services (both\n\
         policies checksum), so Exchange's database I/O gets SQL Server's\n\
         latency; the paper's mixed run measured nearly one figure for both\n\
         (writes 2.937 ms for Exchange, 2.818 ms for SQL Server). The writes\n\
         are {exchange_write_off} alone and {mixed_exchange_write_off} mixed, inside the 25 %. The reads miss as SQL\n\
         Server's do ({exchange_read_off} alone, {mixed_exchange_read_off} mixed), by the same\n\
         term: seed 001's fitted read path time, {exchange_read_path} of the {exchange_read}\n\
         at Exchange's load alone ({exchange_path} of each host's path); the\n\
         round trip, checksum and device are the other {exchange_read_rest}, below\n\
         the 0.606 ms measured. The example enters the profile's 16,000\n\
         mailboxes at 1.0 IOPS; at the transactional IOPS Jetstress drove\n\
         (Table 10: 30,493 alone; 26,137 beside SQL Server's 14,460, Table 9)\n\
         the writes would be {driven_alone_write} ({driven_alone_write_off}) and {driven_mixed_write}\n\
         ({driven_mixed_write_off}), the reads {driven_alone_read} and {driven_mixed_read}. The log\n\
         writes (1.335 ms alone, 1.424 ms mixed) have no row: the Exchange\n\
         workload carries Jetstress's database I/O (the 1.0 IOPS per\n\
         mailbox) and no log stream, and the model's write latency does not\n\
         depend on what is written, so it cannot tell Exchange's 1.3 ms log\n\
         writes from its 2.8 ms database writes.\n\n\
         **vSAN ESA latency** has no row: no seed measures it, and no public\n\
         figure at a stated load was found to calibrate on. Searching the\n\
         stored pages and documentation (Broadcom/VMware papers and blogs,\n\
         StorageReview, practitioners' benchmarks) found: Broadcom's 2025\n\
         blog on a customer's ESA evaluation (\"similar sub-millisecond\n\
         latency\", no load, hosts or devices stated); VMware's Performance\n\
         Recommendations for vSAN ESA (guidance, no measurement); a 6-host\n\
         HCIBench run (vcdx200.uw.cz) whose load was set by a 2.5 ms fio\n\
         latency target and a 5,000 IOPS limit per disk, so its latency is\n\
         the target, not a response to a stated load; a two-host home lab\n\
         (blog.vshoestring.com), below ESA's three-host minimum; and a VxRail\n\
         ESA network study (thecuberesearch.com) whose results lie beyond\n\
         the stored excerpt. None gives a mean latency at a stated IOPS on\n\
         stated hardware that could be read, so no point is added. The tool's\n\
         ESA latency is OSA's model with the NVMe pool as its only tier, no\n\
         read-modify-write and OSA's unloaded path times (OSA's per-host\n\
         maximum is not ESA's), an uncalibrated prediction from the devices'\n\
         ratings\n\
         (`source::ESA_LATENCY_MODEL`).\n",
        read = ms(at(&alone, "/workloads/0/read_latency_ms")),
        path_alone = pct(at(&alone, "/host_path_utilisation_pct")),
        path_fitted = pct(at(&fitted, "/host_path_utilisation_pct")),
        path_mixed = pct(at(&mixed, "/host_path_utilisation_pct")),
        path_driven = pct(at(&driven, "/host_path_utilisation_pct")),
        capacity_busy = pct(at(&alone, "/capacity_tier/utilisation_pct")),
        capacity_us = microseconds(response(&alone, "capacity_tier")),
        cache_us = microseconds(response(&alone, "cache_tier")),
        saved_us = microseconds(
            response(&alone, "capacity_tier")
                .zip(response(&alone, "cache_tier"))
                .map(|(a, b)| a - b)
        ),
        mixed_read = ms(at(&mixed, "/workloads/0/read_latency_ms")),
        mixed_read_off = off(at(&mixed, "/workloads/0/read_latency_ms"), 0.531),
        mixed_write_ms = ms(mixed_write),
        mixed_write_off = off(mixed_write, 2.818),
        alone_write = ms(at(&alone, "/workloads/0/write_latency_ms")),
        alone_off = off(at(&alone, "/workloads/0/write_latency_ms"), 1.765),
        cache_alone = pct(at(&alone, "/cache_tier/utilisation_pct")),
        cache_mixed = pct(at(&mixed, "/cache_tier/utilisation_pct")),
        capacity_mixed = pct(at(&mixed, "/capacity_tier/utilisation_pct")),
        in_4_kb = ms(in_4_kb),
        in_4_kb_off = off(in_4_kb, 2.818),
        per_io = ms(per_io),
        per_io_off = off(per_io, 2.818),
        driven_write = ms(at(&driven, "/workloads/0/write_latency_ms")),
        exchange_write_off = off(Some(exchange_write), 2.846),
        mixed_exchange_write_off = off(Some(mixed_exchange_write), 2.937),
        exchange_read_off = off(Some(exchange_read), 0.606),
        mixed_exchange_read_off = off(Some(mixed_exchange_read), 0.647),
        exchange_read_path = ms(Some(exchange_read_path)),
        exchange_read = ms(Some(exchange_read)),
        exchange_path = pct(Some(exchange_path)),
        exchange_read_rest = ms(Some(exchange_read - exchange_read_path)),
        driven_alone_write = ms(Some(driven_alone_write)),
        driven_alone_write_off = off(Some(driven_alone_write), 2.846),
        driven_mixed_write = ms(Some(driven_mixed_write)),
        driven_mixed_write_off = off(Some(driven_mixed_write), 2.937),
        driven_alone_read = ms(Some(driven_alone_read)),
        driven_mixed_read = ms(Some(driven_mixed_read)),
    )
}

#[test]
fn docs_fidelity_md_matches_the_core() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../docs/fidelity.md");
    let generated = document();
    if std::env::var_os("STACKSIZER_WRITE_FIDELITY").is_some() {
        std::fs::write(&path, &generated).expect("docs/fidelity.md written");
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == generated,
        "docs/fidelity.md is stale; regenerate it with \
         `STACKSIZER_WRITE_FIDELITY=1 cargo test --all-features --test fidelity`. It should read:\n{generated}"
    );
}

#[test]
fn variant_projects_match_their_definitions() {
    let write = std::env::var_os("STACKSIZER_WRITE_FIDELITY").is_some();
    let all = variants::all();
    for v in &all {
        let text = v.text();
        if write {
            std::fs::write(v.path(), &text).expect("a variant written");
            continue;
        }
        let committed = std::fs::read_to_string(v.path()).unwrap_or_default();
        assert!(
            committed == text,
            "core-rs/tests/fidelity/{} is stale; regenerate it with \
             `STACKSIZER_WRITE_FIDELITY=1 cargo test --all-features --test fidelity`",
            v.file
        );
    }
    // No file is left behind by a variant that was removed or renamed.
    let mut on_disk: Vec<String> = std::fs::read_dir(variants::folder())
        .expect("the variants folder")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".json"))
        .collect();
    on_disk.sort();
    let mut defined: Vec<String> = all.iter().map(|v| v.file.to_string()).collect();
    defined.sort();
    assert_eq!(on_disk, defined);
}
