use super::*;
use crate::rules::Measure;

fn cpu(used_pct: f64) -> Finding {
    Finding::error("compute.cpu_overcommitted", "long".into(), "src").measured(
        Measure::new("CPU after N+1", used_pct, 100.0, "72 cores".into())
            .remedy(Some("add 3 hosts".into())),
    )
}

#[test]
fn no_findings_or_only_infos_pass() {
    assert_eq!(verdict(&[]).status, VerdictStatus::Pass);
    let info = Finding::info("note", "note".into(), "src");
    assert_eq!(
        verdict(&[info]),
        Verdict {
            status: VerdictStatus::Pass,
            binding: None,
            counts: SeverityCounts {
                errors: 0,
                warnings: 0,
                infos: 1
            }
        }
    );
}

#[test]
fn an_error_fails_and_names_its_figure_and_remedy() {
    let warning = Finding::warning("compute.memory_high_after_failure", "ram".into(), "src");
    let v = verdict(&[warning, cpu(171.1), cpu(120.0)]);
    assert_eq!(v.status, VerdictStatus::Fail);
    assert_eq!(
        (v.counts.errors, v.counts.warnings, v.counts.infos),
        (2, 1, 0)
    );
    let b = v.binding.expect("binding");
    assert_eq!(b.code, "compute.cpu_overcommitted");
    assert_eq!(
        b.summary,
        "CPU after N+1: 171 % of 72 cores (limit 100 %) — add 3 hosts"
    );
}

#[test]
fn the_error_furthest_past_its_limit_binds_and_a_figure_beats_none() {
    let rtt = Finding::error("stretched.rtt_unsupported", "6 ms".into(), "src");
    let site = Finding::error("stretched.site_failure_cpu", "site".into(), "src").measured(
        Measure::new("CPU after a site failure", 257.0, 100.0, "48 cores".into()),
    );
    let v = verdict(&[rtt.clone(), cpu(128.0), site]);
    assert_eq!(
        v.binding.map(|b| b.code),
        Some("stretched.site_failure_cpu")
    );
    // Without any figure the first error binds, in its own words.
    let v = verdict(&[rtt, Finding::error("b", "other".into(), "src")]);
    let b = v.binding.expect("binding");
    assert_eq!(
        (b.code, b.summary.as_str()),
        ("stretched.rtt_unsupported", "6 ms")
    );
}

#[test]
fn warnings_only_pass_with_the_worst_warning_named() {
    let ram = Finding::warning("compute.memory_high_after_failure", "ram".into(), "src")
        .measured(Measure::new("RAM after N+1", 97.0, 90.0, "480 GB".into()));
    let numa = Finding::warning("compute.vm_vcpu_spans_numa", "numa".into(), "src");
    let v = verdict(&[numa, ram]);
    assert_eq!(v.status, VerdictStatus::PassWithWarnings);
    let b = v.binding.expect("binding");
    assert_eq!(b.summary, "RAM after N+1: 97 % of 480 GB (limit 90 %)");
}

use Severity::{Error as E, Info as I, Warning as W};

/// The severity review (issue "results"): every finding code, the
/// severities it may have, and why. Error: the design cannot run its
/// workloads within the rule. Warning: it runs, with a risk or a rule of
/// thumb missed. Info: a note on what was assumed or not checked. Codes
/// marked "was W" were warnings before the review.
const SEVERITY_REVIEW: &[(&str, &[Severity], &str)] = &[
    ("capacity.insufficient", &[E], "the data does not fit"),
    (
        "capacity.reserve_exceeds_cluster",
        &[E],
        "the N+x reserve leaves no capacity",
    ),
    (
        "capacity.alert_threshold",
        &[W],
        "fits, above the 80 % rebalance alert",
    ),
    (
        "dedup.needs_all_flash",
        &[E],
        "vSAN cannot run dedup on hybrid",
    ),
    ("dedup.defeated_by_reservation", &[W], "runs, saves nothing"),
    (
        "storage.mixed_tiers",
        &[E],
        "vSAN does not mix tiers in a cluster",
    ),
    (
        "storage.cache_device_not_flash",
        &[E],
        "vSAN needs a flash cache device",
    ),
    (
        "protection.policy_label_contradicts",
        &[W],
        "a misleading name; the protection itself is sized as set",
    ),
    (
        "protection.too_few_hosts",
        &[E],
        "the policy cannot place its components",
    ),
    (
        "protection.erasure_coding_needs_all_flash",
        &[E],
        "vSAN has no RAID-5/6 on hybrid",
    ),
    (
        "protection.no_spare_host",
        &[W],
        "runs; no host to rebuild onto (seed 001 ran so)",
    ),
    (
        "protection.policies_checked_by_rule",
        &[I],
        "how an empty cluster was checked",
    ),
    (
        "cache.below_rule",
        &[E, W],
        "hybrid: misses hit spinning disks (E); all-flash: less buffer (W)",
    ),
    (
        "cache.writes_exceed_rating",
        &[E],
        "was W: the device cannot sustain the writes, like IOPS past a limit",
    ),
    (
        "cache.endurance_exceeded",
        &[E],
        "was W: the device wears out within the planning horizon",
    ),
    (
        "cache.endurance_unknown",
        &[I],
        "no DWPD rating: not checked",
    ),
    (
        "cache.write_buffer_limit",
        &[I],
        "explains the 600 GB buffer",
    ),
    (
        "performance.iops_exceeded",
        &[E],
        "a tier past its utilisation ceiling",
    ),
    (
        "performance.hdd_iops_above_typical",
        &[W],
        "a datasheet figure above the guide's",
    ),
    (
        "performance.log_latency_high",
        &[W],
        "runs, slower than Microsoft recommends",
    ),
    (
        "performance.data_latency_high",
        &[W],
        "runs, slower than Microsoft recommends",
    ),
    (
        "workload.iops_unmeasured",
        &[W],
        "new: 0 IOPS assumed, performance not sized",
    ),
    (
        "compute.no_hosts_after_failure",
        &[E],
        "nothing left to run on",
    ),
    (
        "compute.cpu_overcommitted",
        &[E],
        "was W: CPU over 100 % of the cores left after N+x",
    ),
    (
        "compute.sql_memory_overcommitted",
        &[E],
        "reserved SQL memory does not fit after N+x",
    ),
    (
        "compute.memory_overcommitted",
        &[E],
        "was W: RAM over 100 % after N+x",
    ),
    (
        "compute.memory_high_after_failure",
        &[W],
        "new: RAM above 90 % after N+x (assumed threshold)",
    ),
    (
        "compute.vm_exceeds_host_memory",
        &[E],
        "a VM fits on no host",
    ),
    (
        "compute.vm_memory_spans_numa",
        &[W],
        "runs, with remote memory",
    ),
    (
        "compute.vm_vcpu_spans_numa",
        &[W],
        "runs, across NUMA nodes",
    ),
    (
        "compute.overhead_outside_published_range",
        &[I],
        "an input outside the seed's range",
    ),
    (
        "iscsi.targets_exceeded",
        &[E],
        "past the target service's maximum",
    ),
    (
        "iscsi.luns_exceeded",
        &[E],
        "past the target service's maximum",
    ),
    (
        "iscsi.sessions_exceeded",
        &[E],
        "past the target service's maximum",
    ),
    (
        "iscsi.fewer_than_four_hosts",
        &[W],
        "runs, below the seed's minimum for availability",
    ),
    (
        "iscsi.paths_exceed_ftt",
        &[W],
        "runs, more sessions than needed",
    ),
    ("iscsi.luns_share_target", &[I], "a best practice note"),
    (
        "stretched.rtt_unsupported",
        &[E],
        "inter-site RTT over vSAN's 5 ms",
    ),
    (
        "stretched.rtt_above_sql_recommendation",
        &[W],
        "supported, slower SQL",
    ),
    (
        "stretched.link_insufficient",
        &[E],
        "the inter-site link cannot carry the writes",
    ),
    (
        "stretched.link_below_10_gbps",
        &[W],
        "below the guide's recommendation",
    ),
    (
        "stretched.witness_bandwidth",
        &[E],
        "the witness link cannot carry its traffic",
    ),
    ("stretched.witness_rtt", &[E], "witness RTT over its limit"),
    (
        "stretched.witness_components",
        &[E],
        "past the witness appliance's maximum",
    ),
    (
        "stretched.not_site_mirrored",
        &[W],
        "runs; a site failure loses the data",
    ),
    (
        "stretched.site_failure_cpu",
        &[E],
        "was W: CPU over 100 % of the surviving site's cores",
    ),
    (
        "stretched.site_failure_memory",
        &[E],
        "non-SQL part was W: RAM over 100 % after a site failure",
    ),
    (
        "stretched.site_failure_iops",
        &[W],
        "runs degraded until the site returns (seed 001 kept 76 % TPS)",
    ),
    (
        "resilience.rebuild_space_short",
        &[E, W],
        "a promised failure (E) or a host at N+0 (W) cannot rebuild",
    ),
    (
        "resilience.rebuild_too_few_hosts",
        &[E, W],
        "as above, for hosts",
    ),
    (
        "resilience.rebuild_fills_datastore",
        &[E, W],
        "as above, past the 80 % alert",
    ),
    (
        "resilience.rebuild_iops_short",
        &[E, W],
        "as above, for IOPS during the rebuild",
    ),
    (
        "resilience.long_resync",
        &[W],
        "runs, exposed for the rebuild's length",
    ),
    (
        "resilience.no_failure_tolerated",
        &[W],
        "FTT=0: runs without a copy",
    ),
    (
        "growth.capacity_crossed",
        &[W],
        "runs today; add hosts by the year named",
    ),
    (
        "growth.iops_crossed",
        &[W],
        "runs today; add hosts by the year named",
    ),
    (
        "growth.cpu_crossed",
        &[W],
        "runs today; add hosts by the year named",
    ),
    (
        "growth.ram_crossed",
        &[W],
        "runs today; add hosts by the year named",
    ),
    ("esa.iops_exceeded", &[E], "past the devices' rated IOPS"),
    ("esa.components_per_host", &[E], "past vSAN ESA's maximum"),
    ("esa.components_per_device", &[E], "past vSAN ESA's maximum"),
    (
        "esa.below_readynode_minimum",
        &[W],
        "runs, below the ReadyNode profile",
    ),
    (
        "esa.reserved_capacity_not_enforced",
        &[I],
        "the free space is sized; vSAN leaves keeping it to the operator",
    ),
    (
        "esa.no_host_rebuild_reserve",
        &[I],
        "a choice the design states; the capacity fits without the reserve",
    ),
    (
        "xtremio.capacity_insufficient",
        &[E],
        "the data does not fit",
    ),
    ("xtremio.capacity_alert", &[W], "fits, above the alert"),
    ("xtremio.iops_exceeded", &[E], "past the array's rated IOPS"),
    (
        "xtremio.failure_capacity",
        &[E],
        "XDP cannot rebuild: writes stop",
    ),
    (
        "xtremio.failure_iops",
        &[W],
        "runs degraded until the part is replaced",
    ),
    (
        "vplex.frontend_iops_exceeded",
        &[E],
        "past the engines' peak",
    ),
    (
        "vplex.above_average_load",
        &[W],
        "within the peak, above the sustained load",
    ),
    ("vplex.rtt_exceeds_limit", &[E], "VPLEX Metro supports 5 ms"),
    (
        "vplex.wan_link_insufficient",
        &[E],
        "the WAN cannot carry the writes",
    ),
    (
        "vplex.log_latency_high",
        &[W],
        "runs, slower than Microsoft recommends",
    ),
    (
        "vplex.workloads_not_distributed",
        &[I],
        "which volumes a site failure stops",
    ),
];

/// Every `Finding::error/warning/info("code"` written in the source, with
/// the severity it is written with.
pub(crate) fn findings_in_source() -> Vec<(String, Severity)> {
    fn walk(dir: &std::path::Path, out: &mut Vec<(String, Severity)>) {
        for entry in std::fs::read_dir(dir).expect("source folder").flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, out);
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            for (call, severity) in [("error(", E), ("warning(", W), ("info(", I)] {
                for (at, _) in text.match_indices(&format!("Finding::{call}")) {
                    let rest = text[at..].split_once('(').map_or("", |(_, r)| r);
                    let rest = rest.trim_start();
                    if let Some(code) = rest.strip_prefix('"').and_then(|r| r.split('"').next()) {
                        if code.contains('.') {
                            out.push((code.to_string(), severity));
                        }
                    }
                }
            }
        }
    }
    let mut out = Vec::new();
    walk(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut out,
    );
    out
}

#[test]
fn severity_review_covers_every_finding_written_in_the_source() {
    let found = findings_in_source();
    assert!(found.len() > 50, "the scan finds the findings: {found:?}");
    for (code, severity) in found {
        let review = SEVERITY_REVIEW.iter().find(|r| r.0 == code);
        let (_, allowed, _) = review.unwrap_or_else(|| panic!("{code} is not reviewed"));
        assert!(
            allowed.contains(&severity),
            "{code} written as {severity:?}"
        );
    }
}
