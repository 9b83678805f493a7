//! Native CLI over the same core the app uses. I/O lives here only.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use stacksizer_core::capacity::{StepKind, StorageTier};
use stacksizer_core::evaluate::{evaluate_json, EvaluateOutcome};
use stacksizer_core::model::ProtectionMethod;
use stacksizer_core::quick::{quick, QuickInput, QuickResult};
use stacksizer_core::rules::{num, Finding};
use stacksizer_core::{Evaluation, InputIssue};

/// Exit code for invalid arguments or input files (clap uses it too).
const EXIT_INVALID: u8 = 2;

#[derive(Parser)]
#[command(
    name = "stacksizer",
    version,
    about = "Offline SQL Server storage sizing"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Size every cluster of a project file.
    Evaluate {
        project: PathBuf,
        /// Print the full result as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Size one vSAN cluster from a few figures (no workloads: assumes its
    /// usable capacity will be consumed).
    Quick(QuickArgs),
}

#[derive(clap::Args)]
struct QuickArgs {
    /// Hosts in the cluster.
    #[arg(long)]
    hosts: u32,
    /// Disk groups per host.
    #[arg(long)]
    disk_groups: u32,
    /// Capacity devices per disk group.
    #[arg(long)]
    capacity_devices: u32,
    /// Capacity device size in decimal GB.
    #[arg(long)]
    device_gb: f64,
    /// Protection: RAID-1 mirroring, RAID-5 (3+1) or RAID-6 (4+2).
    #[arg(long, value_enum)]
    raid: Raid,
    /// Failures to tolerate (RAID-1 0-3; RAID-5 1; RAID-6 2).
    #[arg(long)]
    ftt: u32,
    /// Turn dedup+compression on with this expected ratio (all-flash only).
    #[arg(long, value_name = "RATIO")]
    dedup: Option<f64>,
    /// Slack space in percent [default: 25].
    #[arg(long, value_name = "P")]
    slack_pct: Option<f64>,
    /// Hosts' worth of capacity kept free for rebuilds [default: 1].
    #[arg(long, value_name = "R")]
    reserve_hosts: Option<u32>,
    /// Flash capacity devices (otherwise 10k HDDs: a hybrid cluster).
    #[arg(long)]
    all_flash: bool,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

#[derive(Clone, Copy, ValueEnum)]
enum Raid {
    #[value(name = "1")]
    Raid1,
    #[value(name = "5")]
    Raid5,
    #[value(name = "6")]
    Raid6,
}

fn main() -> ExitCode {
    match Cli::parse().command {
        Command::Evaluate { project, json } => evaluate(&project, json),
        Command::Quick(args) => run_quick(&args),
    }
}

fn evaluate(path: &Path, json: bool) -> ExitCode {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("error: cannot read {}: {e}", path.display());
            return ExitCode::from(EXIT_INVALID);
        }
    };
    match evaluate_json(&text) {
        EvaluateOutcome::Evaluated { evaluation } => {
            if json {
                print_json(&evaluation)
            } else {
                print_summary(&evaluation);
                ExitCode::SUCCESS
            }
        }
        EvaluateOutcome::Invalid { issues } => {
            for issue in issues {
                eprintln!("error: {}: {}", path.display(), issue.message);
            }
            ExitCode::from(EXIT_INVALID)
        }
    }
}

fn run_quick(args: &QuickArgs) -> ExitCode {
    let input = QuickInput {
        hosts: args.hosts,
        disk_groups: args.disk_groups,
        capacity_devices: args.capacity_devices,
        device_gb: args.device_gb,
        method: match args.raid {
            Raid::Raid1 => ProtectionMethod::Raid1,
            Raid::Raid5 => ProtectionMethod::Raid5,
            Raid::Raid6 => ProtectionMethod::Raid6,
        },
        ftt: args.ftt,
        dedup_ratio: args.dedup,
        slack_pct: args.slack_pct,
        reserve_hosts: args.reserve_hosts,
        all_flash: args.all_flash,
    };
    match quick(&input) {
        Ok(result) if args.json => print_json(&result),
        Ok(result) => {
            print_quick(&result);
            ExitCode::SUCCESS
        }
        Err(issues) => invalid_arguments(&issues),
    }
}

fn invalid_arguments(issues: &[InputIssue]) -> ExitCode {
    for issue in issues {
        eprintln!("error: {}", issue.message);
    }
    ExitCode::from(EXIT_INVALID)
}

fn print_json(value: &impl serde::Serialize) -> ExitCode {
    match serde_json::to_string_pretty(value) {
        Ok(text) => {
            println!("{text}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: cannot serialize the result: {e}");
            ExitCode::FAILURE
        }
    }
}

fn print_summary(evaluation: &Evaluation) {
    for c in &evaluation.clusters {
        let cap = &c.capacity;
        println!(
            "{} ({} hosts, {}): raw {} TB / {} TiB in {} capacity devices",
            c.cluster_name,
            c.host_count,
            tier_name(c.tier),
            num(c.raw.total.tb, 2),
            num(c.raw.total.tib, 2),
            c.raw.capacity_devices
        );
        println!(
            "  usable {} TB / {} TiB, required {} TB / {} TiB, headroom {} TB",
            num(cap.usable.tb, 2),
            num(cap.usable.tib, 2),
            num(cap.required.tb, 2),
            num(cap.required.tib, 2),
            num(cap.headroom.tb, 2)
        );
        for p in &cap.per_policy {
            println!(
                "  policy {}: {}x, {} TB consumed ({}%), needs {} hosts",
                p.policy_id,
                num(p.protection.multiplier, 2),
                num(p.consumed.tb, 2),
                num(p.share_pct, 1),
                p.protection.min_hosts
            );
        }
        println!(
            "  cache {} GB per disk group required, {} GB installed in total",
            num(c.cache.required_per_disk_group.gb, 0),
            num(c.cache.installed.gb, 0)
        );
    }
    print_findings(&evaluation.findings);
}

fn tier_name(tier: StorageTier) -> &'static str {
    match tier {
        StorageTier::Hybrid => "hybrid",
        StorageTier::AllFlash => "all-flash",
    }
}

fn print_quick(r: &QuickResult) {
    for step in &r.waterfall {
        let sign = if step.kind == StepKind::Deduction {
            "-"
        } else {
            " "
        };
        println!(
            "{sign} {:<32} {:>10} TB {:>10} TiB",
            step.label,
            num(step.amount.tb, 2),
            num(step.amount.tib, 2)
        );
    }
    println!(
        "protection {}x (at least {} hosts, {} recommended), dedup {}x",
        num(r.protection_multiplier, 2),
        r.min_hosts,
        r.recommended_hosts,
        num(r.dedup_ratio, 2)
    );
    println!(
        "{}: usable for data {} TB / {} TiB; cache {} GB per disk group",
        tier_name(r.tier),
        num(r.usable_tb, 2),
        num(r.usable_tib, 2),
        num(r.cache_required_gb_per_disk_group, 0)
    );
    print_findings(&r.findings);
}

fn print_findings(findings: &[Finding]) {
    for f in findings {
        let at = f
            .path
            .as_deref()
            .map(|p| format!(" [{p}]"))
            .unwrap_or_default();
        println!("{:?}: {}{at} ({})", f.severity, f.message, f.source);
    }
}
