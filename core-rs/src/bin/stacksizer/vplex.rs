//! `stacksizer vplex --engines E --read-pct P`: a VPLEX Metro's front-end
//! IOPS limits at a read/write mix (seed 004 Table 11).

use std::process::ExitCode;

use stacksizer_core::platform::xtremio_vplex::{
    check_engines, check_read_pct, vplex_limit, VplexLimit,
};
use stacksizer_core::rules::num;

use crate::input::finite_number;
use crate::output::{invalid_arguments, print_json};

#[derive(clap::Args)]
pub struct VplexArgs {
    /// VPLEX engines per site: 1, 2 or 4.
    #[arg(long)]
    engines: u32,
    /// Share of front-end I/Os that are reads, 0-100.
    #[arg(long, allow_negative_numbers = true, value_parser = finite_number)]
    read_pct: f64,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

pub fn run(args: &VplexArgs) -> ExitCode {
    let issues: Vec<_> = [
        check_engines(args.engines, "--engines"),
        check_read_pct(args.read_pct, "--read-pct"),
    ]
    .into_iter()
    .flatten()
    .collect();
    match vplex_limit(args.engines, args.read_pct) {
        Some(limit) if issues.is_empty() => {
            if args.json {
                print_json(&limit)
            } else {
                print_limit(&limit);
                ExitCode::SUCCESS
            }
        }
        _ => invalid_arguments(&issues),
    }
}

fn print_limit(l: &VplexLimit) {
    outln!(
        "{} engine(s), {} directors, {} % reads (8 KB):",
        l.engines,
        l.directors,
        num(l.read_pct, 1)
    );
    outln!(
        "  frontend_iops_peak    {:>10}",
        num(l.frontend_iops_peak, 0)
    );
    outln!(
        "  frontend_iops_average {:>10}",
        num(l.frontend_iops_average, 0)
    );
    outln!("({})", l.source);
}
