//! `stacksizer recommend PROJECT.json`: the cheapest designs meeting every
//! requirement of a cluster's workloads, from the shipped catalog (with a
//! user catalog over it, --catalog) or only a given one (--catalog-only).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use stacksizer_core::catalog::{parse_catalog, shipped_catalog, MAX_CATALOG_BYTES};
use stacksizer_core::parse::MAX_PROJECT_BYTES;
use stacksizer_core::parse_project;
use stacksizer_core::recommend::{
    recommend, Family, MustSurvive, RecommendOptions, Recommendation, WarningPolicy,
};
use stacksizer_core::rules::num;

use crate::catalog::merged_catalog;
use crate::input::{finite_number, read_text_bounded};
use crate::output::{invalid_arguments, print_json, EXIT_INVALID};

#[derive(clap::Args)]
pub struct RecommendArgs {
    project: PathBuf,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
    /// Pareto-front designs to return, cheapest first (each family's
    /// cheapest design is returned as well).
    #[arg(long, value_name = "N", default_value_t = 10)]
    top: usize,
    /// A user catalog (CSV or JSON): its parts and prices over the shipped catalog's.
    #[arg(long, value_name = "FILE")]
    catalog: Option<PathBuf>,
    /// Search only this complete catalog file (JSON), not the shipped parts.
    #[arg(long, value_name = "FILE", conflicts_with = "catalog")]
    catalog_only: Option<PathBuf>,
    /// The cluster to size [default: the project's first].
    #[arg(long, value_name = "ID")]
    cluster: Option<String>,
    /// Highest total price, in the catalog's currency.
    #[arg(long, value_name = "AMOUNT", value_parser = finite_number)]
    budget: Option<f64>,
    /// Most hosts in the cluster (both sites together when stretched).
    #[arg(long, value_name = "N")]
    max_hosts: Option<u32>,
    /// Fewest hosts in the cluster (both sites together when stretched).
    #[arg(long, value_name = "N")]
    min_hosts: Option<u32>,
    /// Only these families, comma-separated: esa, all_flash, hybrid, xtremio_vplex.
    #[arg(long, value_name = "LIST", value_delimiter = ',', value_parser = family_names)]
    families: Vec<&'static [Family]>,
    /// Only parts (hosts, devices, arrays) of these vendors, comma-separated.
    #[arg(long, value_name = "LIST", value_delimiter = ',')]
    vendors: Vec<String>,
    /// Only these host parts (catalog id or model), comma-separated.
    #[arg(long, value_name = "LIST", value_delimiter = ',')]
    host_models: Vec<String>,
    /// Only hosts whose generation contains one of these, e.g. 16G,Gen11.
    #[arg(long, value_name = "LIST", value_delimiter = ',')]
    generations: Vec<String>,
    /// Fewest disk groups per host (vSAN OSA).
    #[arg(long, value_name = "N")]
    min_disk_groups: Option<u32>,
    /// Most disk groups per host (vSAN OSA).
    #[arg(long, value_name = "N")]
    max_disk_groups: Option<u32>,
    /// Host failures to survive (N+x), in place of the project's setting.
    #[arg(long, value_name = "X")]
    reserve_hosts: Option<u32>,
    /// Slack space in %, in place of the project's setting.
    #[arg(long, value_name = "PCT", value_parser = finite_number)]
    slack_pct: Option<f64>,
    /// Failures every design must ride out, comma-separated:
    /// capacity_device, disk_group, host, site, rebuild_in_time.
    #[arg(long, value_name = "LIST", value_delimiter = ',', value_parser = must_survive_name)]
    must_survive: Vec<MustSurvive>,
    /// Propose clean designs only (by default designs with warnings come
    /// after the clean ones; designs with errors never).
    #[arg(long)]
    no_warnings: bool,
    /// Most rack units the design may take.
    #[arg(long, value_name = "U")]
    max_rack_units: Option<u32>,
    /// Most power the design's hosts may draw, in W (the catalog's power_w).
    #[arg(long, value_name = "W", value_parser = finite_number)]
    max_power_w: Option<f64>,
    /// Search the seed-era parts the catalog marks legacy as well.
    #[arg(long)]
    include_legacy: bool,
}

fn family_names(name: &str) -> Result<&'static [Family], String> {
    Family::by_name(name).ok_or_else(|| {
        format!("unknown family \"{name}\": allowed are esa, all_flash, hybrid, xtremio_vplex")
    })
}

fn must_survive_name(name: &str) -> Result<MustSurvive, String> {
    MustSurvive::from_name(name).ok_or_else(|| {
        format!(
            "unknown failure \"{name}\": allowed are {}",
            MustSurvive::names()
        )
    })
}

fn read(path: &Path, limit: usize) -> Result<String, ExitCode> {
    read_text_bounded(path, limit).map_err(|message| {
        eprintln!("error: {message}");
        ExitCode::from(EXIT_INVALID)
    })
}

pub fn run(args: &RecommendArgs) -> ExitCode {
    let text = match read(&args.project, MAX_PROJECT_BYTES) {
        Ok(text) => text,
        Err(code) => return code,
    };
    let project = match parse_project(&text) {
        Ok(p) => p,
        Err(issue) => return invalid_arguments(&[issue]),
    };
    let catalog = match (&args.catalog, &args.catalog_only) {
        (Some(path), _) => match merged_catalog(path) {
            Ok(catalog) => catalog,
            Err(code) => return code,
        },
        (None, Some(path)) => match read(path, MAX_CATALOG_BYTES).map(|t| parse_catalog(&t)) {
            Ok(Ok(catalog)) => catalog,
            Ok(Err(issues)) => return invalid_arguments(&issues),
            Err(code) => return code,
        },
        (None, None) => shipped_catalog(),
    };
    let options = RecommendOptions {
        cluster_id: args.cluster.clone(),
        budget: args.budget,
        max_hosts: args.max_hosts,
        min_hosts: args.min_hosts,
        max_rack_units: args.max_rack_units,
        max_power_w: args.max_power_w,
        min_disk_groups: args.min_disk_groups,
        max_disk_groups: args.max_disk_groups,
        reserve_hosts: args.reserve_hosts,
        slack_pct: args.slack_pct,
        warnings: if args.no_warnings {
            WarningPolicy::NoWarnings
        } else {
            WarningPolicy::ErrorsOnly
        },
        must_survive: args.must_survive.clone(),
        vendors: args.vendors.clone(),
        host_models: args.host_models.clone(),
        generations: args.generations.clone(),
        families: args
            .families
            .iter()
            .flat_map(|f| f.iter().copied())
            .collect(),
        top: args.top,
        include_legacy: args.include_legacy,
        ..RecommendOptions::default()
    };
    let r = recommend(&project, &catalog, &options);
    if !r.input_issues.is_empty() {
        return invalid_arguments(&r.input_issues);
    }
    if args.json {
        return print_json(&r);
    }
    print_summary(&r);
    ExitCode::SUCCESS
}

fn print_summary(r: &Recommendation) {
    outln!(
        "cluster {}: {} of {} designs evaluated, {} pruned, {} full evaluations; {} front designs up to the dearest returned",
        r.cluster_id,
        r.evaluated,
        r.search_space,
        r.pruned,
        r.full_evaluations,
        r.pareto_front_size
    );
    if let Some(reason) = &r.infeasible_reason {
        outln!("no design meets the requirements: {reason}");
    }
    for d in &r.designs {
        let mut roles = Vec::new();
        if d.best_in_family {
            roles.push("cheapest in family");
        }
        if d.on_pareto_front {
            roles.push("Pareto front");
        }
        outln!(
            "{} {} - {} ({}), limited by {}; {}",
            num(d.cost, 0),
            d.currency,
            d.family.label(),
            roles.join(", "),
            d.binding_constraint.label(),
            d.verdict
        );
        outln!("  {}", d.summary);
        outln!(
            "  capacity headroom {} TB, IOPS headroom {}, {} rack units, power {}",
            num(d.capacity_headroom_tb, 2),
            d.iops_headroom_pct
                .map_or("-".to_string(), |p| format!("{} %", num(p, 0))),
            d.rack_units,
            d.power_w
                .map_or("not stated".to_string(), |w| format!("{} W", num(w, 0)))
        );
        for l in &d.bom {
            outln!(
                "  {:>5} x {:<40} {:>12} {:>14}",
                l.quantity,
                l.part,
                num(l.unit_price, 0),
                num(l.extended_price, 0)
            );
        }
    }
    for note in &r.notes {
        outln!("note: {note}");
    }
}
