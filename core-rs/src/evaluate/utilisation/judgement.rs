//! How the core judges each column of a utilisation row: the lines the
//! findings draw there and the level they give it. Each level is decided
//! by the predicate the finding calls (`compute::above_ceiling`,
//! `cache::cache_below_rule`, `rules::iops_short`, ...), never by a second
//! comparison of the figures, so a meter is amber or red exactly where a
//! warning or an error fires, and a column has a line only where a finding
//! fires past it: a column no finding judges has none. The functions below
//! judge each row's columns; `utilisation` builds the rows.

use serde::Serialize;

use super::hosts_failed;
use crate::demand::compute::{
    above_ceiling, cpu_overcommitted, memory_overcommitted, ClusterCompute,
};
use crate::evaluate::key_figures::KeyFigures;
use crate::model::{Settings, StorageTier};
use crate::platform::two_sites::{site_cpu_overloaded, SiteFailure};
use crate::platform::vsan_osa::cache::{cache_below_rule, CacheEvaluation};
use crate::platform::vsan_osa::capacity::{capacity_insufficient, past_alert, CapacityEvaluation};
use crate::platform::vsan_osa::performance::tier_load::over_ceiling;
use crate::platform::vsan_osa::performance::ClusterPerformance;
use crate::resilience::{fills_datastore, FailureScenario};
use crate::rules::{iops_short, FindingCode, Severity};

/// What the findings say of one column: within every rule, a warning, or
/// an error (the design cannot run its workloads within the rule there).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(rename_all = "lowercase")]
pub enum Level {
    Ok,
    Warn,
    Over,
}

/// A line a finding draws on a column: past it, the finding fires.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct Line {
    /// In % of the row's limit.
    pub pct: f64,
    /// What the line is, e.g. "CPU ceiling", "cores".
    pub label: &'static str,
    /// The finding that fires past it.
    pub finding: FindingCode,
    /// What that finding makes of a figure past the line: `warn` or `over`.
    pub level: Level,
}

impl Line {
    /// The row's limit (100 %), past which `finding` fires.
    pub fn limit(finding: FindingCode, label: &'static str) -> Line {
        Line::at(100.0, finding, label)
    }

    /// A line at `pct` % of the row's limit, past which `finding` fires.
    pub fn at(pct: f64, finding: FindingCode, label: &'static str) -> Line {
        Line {
            pct,
            label,
            finding,
            level: match finding.severity() {
                Severity::Error => Level::Over,
                Severity::Warning => Level::Warn,
                // Info findings judge no column; none is given a line.
                Severity::Info => Level::Ok,
            },
        }
    }
}

/// One column's level and the lines its findings draw there.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct Judgement {
    pub level: Level,
    /// The warning line below the limit; absent where no warning finding
    /// fires below it.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub threshold: Option<Line>,
    /// The line at the limit; absent where no finding judges the column
    /// (the figure is shown, with no line).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub limit: Option<Line>,
}

impl Judgement {
    /// A column `limit`'s finding judges: past it (`past`, the finding's
    /// predicate) the finding's level, else ok.
    pub fn past(past: bool, limit: Line) -> Judgement {
        Judgement {
            level: if past { limit.level } else { Level::Ok },
            threshold: None,
            limit: Some(limit),
        }
    }

    /// A limit with a warning line below it: `over` (the limit finding's
    /// predicate) first, then `above` (the threshold finding's).
    pub fn ceiling(over: bool, above: bool, threshold: Line, limit: Line) -> Judgement {
        Judgement {
            level: match (over, above) {
                (true, _) => limit.level,
                (false, true) => threshold.level,
                (false, false) => Level::Ok,
            },
            threshold: Some(threshold),
            limit: Some(limit),
        }
    }

    /// A figure no finding judges: shown, never coloured, with no line.
    pub const UNJUDGED: Judgement = Judgement {
        level: Level::Ok,
        threshold: None,
        limit: None,
    };
}

/// A row's judgement per column, present where the row has the column.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct Judged {
    pub at_n: Judgement,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub after_failure: Option<Judgement>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub after_site_failure: Option<Judgement>,
}

/// A row judged with every host up only.
pub(super) fn at_n_only(at_n: Judgement) -> Judged {
    Judged {
        at_n,
        after_failure: None,
        after_site_failure: None,
    }
}

/// An array's row: host failures leave the arrays as they were.
pub(super) fn unchanged_by_hosts(j: Judgement) -> Judged {
    Judged {
        at_n: j,
        after_failure: Some(j),
        after_site_failure: None,
    }
}

/// A row no finding judges, at N and, where it has one, after N+x.
pub(super) fn unjudged(after_failure: bool) -> Judged {
    Judged {
        at_n: Judgement::UNJUDGED,
        after_failure: after_failure.then_some(Judgement::UNJUDGED),
        after_site_failure: None,
    }
}

/// `performance.iops_exceeded` and `performance.host_path_iops_exceeded`:
/// a tier or the hosts' I/O path past the utilisation ceiling. The line is
/// the finding of the limit that binds (`host_path`: the hosts' I/O path).
pub(super) fn osa_iops_judged(p: &ClusterPerformance, host_path: bool) -> Judgement {
    let ceiling = p.utilisation_ceiling_pct;
    let over = over_ceiling(p.cache_tier.utilisation_pct, ceiling)
        || over_ceiling(p.capacity_tier.utilisation_pct, ceiling)
        || over_ceiling(Some(p.host_path_utilisation_pct), ceiling);
    let line = if host_path {
        Line::limit(
            FindingCode::PerformanceHostPathIopsExceeded,
            "hosts' vSAN I/O path",
        )
    } else {
        Line::limit(FindingCode::PerformanceIopsExceeded, "device IOPS limit")
    };
    Judgement::past(over, line)
}

/// `resilience.rebuild_iops_short` after the N+x failures (promised: an
/// error).
pub(super) fn rebuild_iops(reserve: &FailureScenario) -> Judgement {
    Judgement::past(
        reserve.iops_short(),
        Line::limit(
            FindingCode::ResilienceRebuildIopsShort,
            "IOPS left during the rebuild",
        ),
    )
}

/// `stretched.site_failure_iops`.
pub(super) fn site_iops_judged(k: &KeyFigures) -> Judgement {
    let headroom = k.site_failure.as_ref().and_then(|s| s.iops_headroom);
    Judgement::past(
        iops_short(headroom),
        Line::limit(
            FindingCode::StretchedSiteFailureIops,
            "IOPS the surviving site carries",
        ),
    )
}

/// The compute findings after N+x (`compute.cpu_overcommitted`, then
/// `compute.cpu_above_ceiling`) and after a site failure
/// (`stretched.site_failure_cpu`, then `..._cpu_above_ceiling`). With every
/// host up the ceiling has no finding unless N+0 makes N the judged state;
/// past 100 % the N+x error fires all the same (fewer cores are left).
pub(super) fn cpu_judged(
    c: &ClusterCompute,
    site: Option<&SiteFailure>,
    settings: &Settings,
) -> Judged {
    let pct = settings.cpu_ceiling_pct;
    let cores = Line::limit(FindingCode::ComputeCpuOvercommitted, "cores");
    let on = |n: u32| {
        Judgement::ceiling(
            cpu_overcommitted(c.cores_needed, n),
            above_ceiling(c.cores_needed, f64::from(n), pct),
            Line::at(pct, FindingCode::ComputeCpuAboveCeiling, "CPU ceiling"),
            cores,
        )
    };
    let nx = hosts_failed(c) > 0;
    Judged {
        at_n: if nx {
            Judgement::past(cpu_overcommitted(c.cores_needed, c.physical_cores), cores)
        } else {
            on(c.physical_cores)
        },
        after_failure: nx.then(|| on(c.physical_cores_after_failure)),
        after_site_failure: site.map(|s| {
            Judgement::ceiling(
                s.cores_needed_pct_after.is_some_and(site_cpu_overloaded),
                above_ceiling(s.cores_needed, f64::from(s.surviving_cores), pct),
                Line::at(
                    pct,
                    FindingCode::StretchedSiteFailureCpuAboveCeiling,
                    "CPU ceiling",
                ),
                Line::limit(
                    FindingCode::StretchedSiteFailureCpu,
                    "cores the surviving site has",
                ),
            )
        }),
    }
}

/// As `cpu_judged` for memory: `compute.sql_memory_overcommitted` and
/// `compute.memory_overcommitted`, then `compute.memory_high_after_failure`;
/// after a site failure `stretched.site_failure_memory`, then
/// `..._memory_above_ceiling`.
pub(super) fn ram_judged(
    c: &ClusterCompute,
    site: Option<&SiteFailure>,
    settings: &Settings,
) -> Judged {
    let pct = settings.ram_ceiling_pct;
    let over = |usable: f64| {
        memory_overcommitted(c.sql_ram_gb, usable) || memory_overcommitted(c.ram_demand_gb, usable)
    };
    let ram = Line::limit(FindingCode::ComputeMemoryOvercommitted, "RAM for VMs");
    let on = |usable: f64, threshold: FindingCode, limit: Line| {
        Judgement::ceiling(
            over(usable),
            above_ceiling(c.ram_demand_gb, usable, pct),
            Line::at(pct, threshold, "RAM ceiling"),
            limit,
        )
    };
    let nx = hosts_failed(c) > 0;
    Judged {
        at_n: if nx {
            Judgement::past(over(c.usable_ram_gb), ram)
        } else {
            on(
                c.usable_ram_gb,
                FindingCode::ComputeMemoryHighAfterFailure,
                ram,
            )
        },
        after_failure: nx.then(|| {
            on(
                c.usable_ram_after_failure_gb,
                FindingCode::ComputeMemoryHighAfterFailure,
                ram,
            )
        }),
        after_site_failure: site.map(|s| {
            on(
                s.usable_ram_after_gb,
                FindingCode::StretchedSiteFailureMemoryAboveCeiling,
                Line::limit(
                    FindingCode::StretchedSiteFailureMemory,
                    "RAM the surviving site has",
                ),
            )
        }),
    }
}

/// `capacity.alert_threshold` with every host up (past 100 % of the
/// datastore the required is past usable too: `capacity.insufficient`);
/// after the N+x failures, which the design promises to survive,
/// `resilience.rebuild_space_short`, then `resilience.rebuild_fills_datastore`.
/// A site failure is not promised (the site mirror waits for the site): no
/// finding judges its column, so it has no line.
pub(super) fn fullness_judged(
    capacity: &CapacityEvaluation,
    settings: &Settings,
    reserve: Option<&FailureScenario>,
    site: Option<&FailureScenario>,
) -> Judged {
    let pct = settings.capacity_alert_pct;
    Judged {
        at_n: Judgement::ceiling(
            capacity_insufficient(capacity.required.gb, capacity.datastore.gb),
            capacity
                .datastore_used_pct
                .is_some_and(|u| past_alert(u, pct)),
            Line::at(pct, FindingCode::CapacityAlertThreshold, "capacity alert"),
            Line::limit(FindingCode::CapacityInsufficient, "datastore"),
        ),
        after_failure: reserve.map(|s| {
            Judgement::ceiling(
                s.space_short(),
                s.used_after_rebuild_pct
                    .is_some_and(|u| fills_datastore(u, pct)),
                Line::at(
                    pct,
                    FindingCode::ResilienceRebuildFillsDatastore,
                    "capacity alert",
                ),
                Line::limit(
                    FindingCode::ResilienceRebuildSpaceShort,
                    "what the surviving devices hold",
                ),
            )
        }),
        after_site_failure: site.map(|_| Judgement::UNJUDGED),
    }
}

/// `cache.below_rule` (hybrid: an error) or `cache.below_rule_all_flash`
/// (a warning) with every host up, on the smallest cache device; after
/// N+x, `cache.short_after_failure` (a warning) where N holds.
pub(super) fn cache_judged(c: &CacheEvaluation, tier: StorageTier) -> Judged {
    let smallest = c.smallest_cache_device().map(|d| d.installed.gb);
    let short_at_n = smallest.is_some_and(|gb| cache_below_rule(gb, c.required_per_disk_group.gb));
    let rule = match tier {
        StorageTier::Hybrid => FindingCode::CacheBelowRule,
        StorageTier::AllFlash => FindingCode::CacheBelowRuleAllFlash,
    };
    let at_n = Judgement::past(short_at_n, Line::limit(rule, "cache device"));
    Judged {
        at_n,
        after_failure: c.after_failure.as_ref().map(|a| {
            if short_at_n {
                at_n
            } else {
                Judgement::past(
                    smallest.is_some_and(|gb| cache_below_rule(gb, a.required_per_disk_group.gb)),
                    Line::limit(FindingCode::CacheShortAfterFailure, "cache device"),
                )
            }
        }),
        after_site_failure: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CEILING: Line = Line {
        pct: 80.0,
        label: "CPU ceiling",
        finding: FindingCode::ComputeCpuAboveCeiling,
        level: Level::Warn,
    };

    fn cores() -> Line {
        Line::limit(FindingCode::ComputeCpuOvercommitted, "cores")
    }

    #[test]
    fn a_line_takes_its_level_from_its_finding_s_severity() {
        assert_eq!(
            Line::at(80.0, FindingCode::ComputeCpuAboveCeiling, "CPU ceiling"),
            CEILING
        );
        assert_eq!((cores().pct, cores().level), (100.0, Level::Over));
        let warning = Line::limit(FindingCode::CacheBelowRuleAllFlash, "cache device");
        assert_eq!(warning.level, Level::Warn);
        assert_eq!(Judgement::past(true, warning).level, Level::Warn);
    }

    #[test]
    fn the_error_outranks_the_warning_and_both_lines_stay() {
        assert_eq!(
            Judgement::ceiling(true, true, CEILING, cores()).level,
            Level::Over
        );
        assert_eq!(
            Judgement::ceiling(false, true, CEILING, cores()).level,
            Level::Warn
        );
        let ok = Judgement::ceiling(false, false, CEILING, cores());
        assert_eq!(
            (ok.level, ok.threshold, ok.limit),
            (Level::Ok, Some(CEILING), Some(cores()))
        );
        let past = Judgement::past(true, cores());
        assert_eq!((past.level, past.threshold), (Level::Over, None));
    }

    #[test]
    fn a_column_no_finding_judges_has_no_line() {
        let j = Judgement::UNJUDGED;
        assert_eq!((j.level, j.threshold, j.limit), (Level::Ok, None, None));
        assert_eq!(serde_json::to_string(&j).unwrap(), r#"{"level":"ok"}"#);
    }

    #[test]
    fn levels_serialise_as_the_app_reads_them() {
        let json =
            serde_json::to_string(&Judgement::ceiling(false, true, CEILING, cores())).unwrap();
        assert_eq!(
            json,
            r#"{"level":"warn","threshold":{"pct":80.0,"label":"CPU ceiling","finding":"compute.cpu_above_ceiling","level":"warn"},"limit":{"pct":100.0,"label":"cores","finding":"compute.cpu_overcommitted","level":"over"}}"#
        );
    }
}
