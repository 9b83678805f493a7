//! `stacksizer stretch --rtt-ms R`: what an inter-site round trip costs SQL
//! Server on a stretched vSAN cluster (model calibrated on seeds 000, 001).

use std::process::ExitCode;

use stacksizer_core::limits::MAX_RTT_INPUT_MS;
use stacksizer_core::platform::two_sites::{rtt_penalty, RttPenalty};
use stacksizer_core::rules::num;
use stacksizer_core::InputIssue;

use crate::input::finite_number;
use crate::output::{invalid_arguments, print_json};

#[derive(clap::Args)]
pub struct StretchArgs {
    /// Round trip time between the two data sites, in ms.
    #[arg(long, allow_negative_numbers = true, value_parser = finite_number)]
    rtt_ms: f64,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

pub fn run(args: &StretchArgs) -> ExitCode {
    let rtt = args.rtt_ms;
    if !(0.0..=MAX_RTT_INPUT_MS).contains(&rtt) {
        return invalid_arguments(&[InputIssue::new(
            "--rtt-ms",
            format!("must be between 0 and {MAX_RTT_INPUT_MS} (got {rtt})"),
        )]);
    }
    let penalty = rtt_penalty(rtt);
    if args.json {
        print_json(&penalty)
    } else {
        print_penalty(&penalty);
        ExitCode::SUCCESS
    }
}

fn print_penalty(p: &RttPenalty) {
    outln!("inter-site RTT {} ms:", num(p.rtt_ms, 2));
    outln!("  tps_change_pct        {:>8} %", num(p.tps_change_pct, 1));
    outln!(
        "  data_write_latency_ms {:>8} ms",
        num(p.data_write_latency_ms, 2)
    );
    outln!(
        "  log_write_latency_ms  {:>8} ms",
        num(p.log_write_latency_ms, 2)
    );
    outln!(
        "  supported             {:>8} (vSAN: <= {} ms; SQL Server recommended <= {} ms: {})",
        p.supported,
        num(p.max_supported_rtt_ms, 0),
        num(p.sql_recommended_rtt_ms, 0),
        if p.recommended_for_sql { "yes" } else { "no" }
    );
    outln!("({})", p.model);
}
