use std::path::Path;
use std::process::ExitCode;

use stacksizer_core::bom::price_project;
use stacksizer_core::bom::ProjectCost;
use stacksizer_core::demand::growth::ClusterGrowth;
use stacksizer_core::durability::text::{annual_loss_text, mttdl_text};
use stacksizer_core::evaluate::{
    evaluate, evaluate_json, ArrayClusterEvaluation, ClusterDetail, ClusterEvaluation,
    ClusterResult, ClusterUtilisation, EvaluateOutcome, Utilisation,
};
use stacksizer_core::model::StorageTier;
use stacksizer_core::parse::MAX_PROJECT_BYTES;
use stacksizer_core::parse_project;
use stacksizer_core::platform::two_sites::StretchedEvaluation;
use stacksizer_core::resilience::ClusterResilience;
use stacksizer_core::rules::num;
use stacksizer_core::Evaluation;

use crate::catalog::{merged_catalog, report_price_changes};
use crate::input::read_text_bounded;
use crate::output::{print_findings, print_json, EXIT_INVALID};

pub fn run(path: &Path, json: bool, catalog: Option<&Path>) -> ExitCode {
    let text = match read_text_bounded(path, MAX_PROJECT_BYTES) {
        Ok(text) => text,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::from(EXIT_INVALID);
        }
    };
    let outcome = match catalog {
        None => evaluate_json(&text),
        Some(catalog) => {
            let catalog = match merged_catalog(catalog) {
                Ok(catalog) => catalog,
                Err(code) => return code,
            };
            match parse_project(&text) {
                Ok(mut project) => {
                    report_price_changes(&price_project(&mut project, &catalog));
                    match evaluate(&project) {
                        Ok(evaluation) => EvaluateOutcome::Evaluated {
                            evaluation: Box::new(evaluation),
                        },
                        Err(issues) => EvaluateOutcome::Invalid { issues },
                    }
                }
                Err(issue) => EvaluateOutcome::Invalid {
                    issues: vec![issue],
                },
            }
        }
    };
    match outcome {
        EvaluateOutcome::Evaluated { evaluation } => {
            if json {
                print_json(&evaluation)
            } else {
                print_summary(&evaluation);
                ExitCode::SUCCESS
            }
        }
        EvaluateOutcome::Invalid { issues } => {
            for issue in &issues {
                eprintln!("error: {}: {}", path.display(), issue.message);
            }
            // A program reading --json gets the issues as the app does:
            // each with its path, value and allowed range.
            if json {
                print_json(&EvaluateOutcome::Invalid { issues });
            }
            ExitCode::from(EXIT_INVALID)
        }
    }
}

fn print_summary(evaluation: &Evaluation) {
    for c in &evaluation.clusters {
        print_key_figures(c);
        match &c.detail {
            ClusterDetail::VsanOsa(e) => print_vsan_osa(e),
            ClusterDetail::VsanEsa(e) => print_growth(&e.growth),
            ClusterDetail::XtremioVplex(a) => print_array(a),
        }
    }
    print_project_cost(&evaluation.totals.cost);
    print_findings(&evaluation.findings);
    let counts = evaluation.verdict.counts;
    outln!(
        "Findings: {} error(s), {} warning(s), {} note(s)",
        counts.errors,
        counts.warnings,
        counts.infos
    );
    outln!("Verdict: {}", evaluation.verdict);
}

/// The bill of materials' total over every cluster, with the user's extra
/// lines and discounts.
fn print_project_cost(cost: &ProjectCost) {
    let currency = &cost.currency;
    let mut line = format!(
        "Project cost: {} {currency} (hardware {}",
        num(cost.total, 2),
        num(cost.hardware, 2)
    );
    if cost.extra_items > 0.0 {
        line.push_str(&format!(", extra lines {}", num(cost.extra_items, 2)));
    }
    if cost.discount > 0.0 {
        line.push_str(&format!(", less discounts {}", num(cost.discount, 2)));
    }
    line.push(')');
    if !cost.unpriced_parts.is_empty() {
        line.push_str(&format!(
            "; without a price, left out: {}",
            cost.unpriced_parts.join("; ")
        ));
    }
    outln!("{line}");
}

/// Each resource's use at N, after N+x and after a site failure, with the
/// threshold the core warns at.
fn print_utilisation(u: &ClusterUtilisation) {
    outln!("  utilisation:");
    for r in &u.rows {
        let mut line = format!("    {}: {} at N", r.label, share(&r.at_n));
        if let Some(a) = &r.after_failure {
            match r.failure {
                Some(failure) => line.push_str(&format!("; {} after {failure}", share(a))),
                None => line.push_str(&format!("; {} after N+{}", share(a), u.hosts_failed)),
            }
        }
        if let Some(s) = &r.after_site_failure {
            line.push_str(&format!("; {} after a site failure", share(s)));
        }
        if let Some(t) = r.threshold() {
            line.push_str(&format!(" ({} at {} %)", t.label, num(t.pct, 0)));
        }
        outln!("{line}");
    }
}

/// The figures every kind has, as the core computed them.
fn print_key_figures(c: &ClusterResult) {
    let k = &c.key_figures;
    let kind = match &c.detail {
        ClusterDetail::VsanOsa(e) => format!("vSAN OSA, {}", tier_name(e.tier)),
        ClusterDetail::VsanEsa(_) => "vSAN ESA".to_string(),
        ClusterDetail::XtremioVplex(a) => {
            format!("XtremIO + VPLEX {:?}", a.xtremio_vplex.vplex.replication)
        }
    };
    outln!(
        "{} ({} hosts, {kind}): raw {} TB / {} TiB",
        c.name,
        k.hosts,
        num(k.raw.tb, 2),
        num(k.raw.tib, 2)
    );
    outln!(
        "  usable {} TB / {} TiB, required {} TB / {} TiB, headroom {} TB",
        num(k.usable.tb, 2),
        num(k.usable.tib, 2),
        num(k.required.tb, 2),
        num(k.required.tib, 2),
        num(k.headroom.tb, 2)
    );
    outln!(
        "  IOPS: {} front-end, {} back-end, limit {}",
        num(k.iops.front_end, 0),
        num(k.iops.back_end, 0),
        k.iops
            .limit
            .map_or("not found (no demand)".to_string(), |l| num(l, 0)
                .to_string())
    );
    if let Some(l) = &k.latency {
        let ms = |v: Option<f64>| v.map_or("-".to_string(), |v| format!("{} ms", num(v, 2)));
        let saturated = if l.saturated {
            " (a tier is saturated)"
        } else {
            ""
        };
        outln!(
            "  slowest workload: read {}, write {}{saturated}",
            ms(l.read_ms),
            ms(l.write_ms)
        );
    }
    let unpriced = match k.cost.unpriced_parts.len() {
        0 => String::new(),
        n => format!(" + {n} unpriced part(s)"),
    };
    outln!("  hardware cost {}{unpriced}", num(k.cost.priced_total, 2));
    if let Some(b) = &k.binding {
        outln!(
            "  highest use of a limit: {}, {} of {} {} ({} %)",
            b.name,
            num(b.used, 1),
            num(b.limit, 1),
            b.unit,
            num(b.pct, 1)
        );
    }
    for n in &k.not_modelled {
        outln!("  not modelled: {}: {}", n.figure, n.why);
    }
    print_utilisation(&c.utilisation);
}

/// "used of limit unit (pct %)".
fn share(u: &Utilisation) -> String {
    let pct = u
        .pct
        .map_or(String::new(), |p| format!(" ({} %)", num(p, 1)));
    format!("{} of {} {}{pct}", num(u.used, 1), num(u.limit, 1), u.unit)
}

fn print_vsan_osa(c: &ClusterEvaluation) {
    outln!("  {} capacity devices", c.raw.capacity_devices);
    for p in &c.capacity.per_policy {
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
    print_resilience(&c.resilience);
    print_growth(&c.growth);
    if let Some(s) = &c.stretched {
        print_stretched(s);
    }
}

/// The horizon's last year, then the first year each limit gives, in the
/// core's words (year 0, today, reads as short today).
fn print_growth(g: &ClusterGrowth) {
    let Some(last) = g.years.last() else {
        return;
    };
    outln!(
        "  growth to year {} (year 0 is today): {} of {} TB, {} IOPS; {}",
        last.year,
        num(last.capacity_required.tb, 2),
        num(last.capacity_usable.tb, 2),
        num(last.front_end_iops, 0),
        if g.first_crossing.is_empty() {
            "no limit crossed"
        } else {
            "limits crossed:"
        }
    );
    for c in &g.first_crossing {
        outln!("    {}", c.summary);
    }
}

fn print_stretched(s: &StretchedEvaluation) {
    outln!(
        "  stretched 2 x {} hosts, site mirroring {}: at {} ms RTT TPS {} %, data writes {} ms, log writes {} ms",
        s.hosts_per_site,
        if s.site_mirroring { "on" } else { "off" },
        num(s.rtt.rtt_ms, 1),
        num(s.rtt.tps_change_pct, 1),
        num(s.rtt.data_write_latency_ms, 1),
        num(s.rtt.log_write_latency_ms, 1)
    );
    outln!(
        "  inter-site link {} of {} Gbps; witness {} components, {} of {} Mbps",
        num(s.link.required_gbps, 2),
        num(s.link.link_gbps, 2),
        s.witness.components,
        num(s.witness.required_mbps, 1),
        num(s.witness.link_mbps, 1)
    );
}

fn print_array(a: &ArrayClusterEvaluation) {
    let x = &a.xtremio_vplex;
    outln!(
        "  {} x {} per site, {} VPLEX engine(s) per site",
        x.x_bricks_per_site,
        x.x_brick.name,
        x.vplex.limit.engines
    );
    for s in &x.sites {
        outln!(
            "  {:?} site: usable {} TB / {} TiB, required {} TB, {} of {} IOPS",
            s.role,
            num(s.usable.tb, 2),
            num(s.usable.tib, 2),
            num(s.required.tb, 2),
            num(s.back_end_iops, 0),
            num(s.rated_iops, 0)
        );
    }
    outln!(
        "  VPLEX {} front-end IOPS of {} peak / {} average at {} % reads",
        num(x.vplex.frontend_iops, 0),
        num(x.vplex.limit.frontend_iops_peak, 0),
        num(x.vplex.limit.frontend_iops_average, 0),
        num(x.vplex.limit.read_pct, 0)
    );
}

/// One line per failure scenario, one per policy's durability.
fn print_resilience(r: &ClusterResilience) {
    for s in &r.scenarios {
        let delay = if s.wait_minutes > 0.0 {
            format!(" after {} min of repair delay", num(s.wait_minutes, 0))
        } else {
            String::new()
        };
        let outcome = if s.compliance_restorable {
            "compliance restorable".to_string()
        } else {
            let blockers: Vec<&str> = s.rebuild_blockers.iter().map(|b| b.describe()).collect();
            format!("not restorable ({})", blockers.join(", "))
        };
        outln!(
            "  if \"{}\": {} of {} TB left for {} TB; resync {} TB in {} h{delay}; {outcome}",
            s.label,
            num(s.capacity_left.tb, 2),
            num(s.healthy_capacity.tb, 2),
            num(s.required.tb, 2),
            num(s.data_to_resync.tb, 2),
            num(s.resync_minutes / 60.0, 1)
        );
    }
    for p in &r.durability.policies {
        match (p.annual_loss_probability, p.mttdl_years) {
            (Some(loss), Some(mttdl)) => outln!(
                "  durability {} (FTT={}): {} chance of data loss per year, MTTDL {}",
                p.policy_id,
                p.failures_tolerated,
                annual_loss_text(loss),
                mttdl_text(mttdl)
            ),
            (Some(_), None) => outln!(
                "  durability {}: no data loss in the model (instant rebuilds)",
                p.policy_id
            ),
            (None, _) => outln!(
                "  durability {}: the policy cannot be placed on these hosts",
                p.policy_id
            ),
        }
    }
}

pub fn tier_name(tier: StorageTier) -> &'static str {
    match tier {
        StorageTier::Hybrid => "hybrid",
        StorageTier::AllFlash => "all-flash",
    }
}
