use std::process::ExitCode;

use clap::ValueEnum;
use stacksizer_core::model::ProtectionMethod;
use stacksizer_core::platform::vsan_osa::capacity::StepKind;
use stacksizer_core::quick::{quick, QuickInput, QuickResult};
use stacksizer_core::rules::num;

use crate::evaluate::tier_name;
use crate::input::finite_number;
use crate::output::{invalid_arguments, print_findings, print_json};

#[derive(clap::Args)]
pub struct QuickArgs {
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
    #[arg(long, value_parser = finite_number)]
    device_gb: f64,
    /// Protection: RAID-1 mirroring, RAID-5 (3+1) or RAID-6 (4+2).
    #[arg(long, value_enum)]
    raid: Raid,
    /// Failures to tolerate (RAID-1 0-3; RAID-5 1; RAID-6 2).
    #[arg(long)]
    ftt: u32,
    /// Turn dedup+compression on with this expected ratio (all-flash only).
    #[arg(long, value_name = "RATIO", value_parser = finite_number)]
    dedup: Option<f64>,
    /// Slack space in percent [default: 25].
    #[arg(long, value_name = "P", value_parser = finite_number)]
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

pub fn run(args: &QuickArgs) -> ExitCode {
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

fn print_quick(r: &QuickResult) {
    for step in &r.waterfall {
        let sign = if step.kind == StepKind::Deduction {
            "-"
        } else {
            " "
        };
        outln!(
            "{sign} {:<32} {:>10} TB {:>10} TiB",
            step.label,
            num(step.amount.tb, 2),
            num(step.amount.tib, 2)
        );
    }
    outln!(
        "protection {}x (at least {} hosts, {} recommended), dedup {}x",
        num(r.protection_multiplier, 2),
        r.min_hosts,
        r.recommended_hosts,
        num(r.dedup_ratio, 2)
    );
    outln!(
        "{}: usable for data {} TB / {} TiB; cache {} GB per disk group",
        tier_name(r.tier),
        num(r.usable_tb, 2),
        num(r.usable_tib, 2),
        num(r.cache_required_gb_per_disk_group, 0)
    );
    print_findings(&r.findings);
}
