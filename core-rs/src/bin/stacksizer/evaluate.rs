use std::path::Path;
use std::process::ExitCode;

use stacksizer_core::capacity::StorageTier;
use stacksizer_core::evaluate::{evaluate_json, EvaluateOutcome};
use stacksizer_core::rules::num;
use stacksizer_core::Evaluation;

use crate::output::{print_findings, print_json, EXIT_INVALID};

pub fn run(path: &Path, json: bool) -> ExitCode {
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

fn print_summary(evaluation: &Evaluation) {
    for c in &evaluation.clusters {
        let cap = &c.capacity;
        outln!(
            "{} ({} hosts, {}): raw {} TB / {} TiB in {} capacity devices",
            c.cluster_name,
            c.host_count,
            tier_name(c.tier),
            num(c.raw.total.tb, 2),
            num(c.raw.total.tib, 2),
            c.raw.capacity_devices
        );
        outln!(
            "  usable {} TB / {} TiB, required {} TB / {} TiB, headroom {} TB",
            num(cap.usable.tb, 2),
            num(cap.usable.tib, 2),
            num(cap.required.tb, 2),
            num(cap.required.tib, 2),
            num(cap.headroom.tb, 2)
        );
        for p in &cap.per_policy {
            outln!(
                "  policy {}: {}x, {} TB consumed ({}%), needs {} hosts",
                p.policy_id,
                num(p.protection.multiplier, 2),
                num(p.consumed.tb, 2),
                num(p.share_pct, 1),
                p.protection.min_hosts
            );
        }
        outln!(
            "  cache {} GB per disk group required, {} GB installed in total",
            num(c.cache.required_per_disk_group.gb, 0),
            num(c.cache.installed.gb, 0)
        );
    }
    print_findings(&evaluation.findings);
}

pub fn tier_name(tier: StorageTier) -> &'static str {
    match tier {
        StorageTier::Hybrid => "hybrid",
        StorageTier::AllFlash => "all-flash",
    }
}
