//! How the core judges each column of a utilisation row: the warning line
//! that applies there and the level the findings give it. Each level is
//! decided by the predicate the finding calls (`compute::above_ceiling`,
//! `cache::cache_below_rule`, `rules::iops_short`, ...), never by a second
//! comparison of the figures, so a meter is amber or red exactly where a
//! warning or an error fires, and a line is drawn only where one fires
//! past it. The functions below judge each row's columns; `utilisation`
//! builds the rows.

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
use crate::rules::iops_short;

/// A warning line below the limit (100 %), where a warning finding fires.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct Threshold {
    /// In % of the row's limit.
    pub pct: f64,
    pub label: &'static str,
}

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

/// One column's level and the warning line that applies there.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct Judgement {
    pub level: Level,
    /// Absent where no warning finding fires below the limit.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub threshold: Option<Threshold>,
}

impl Judgement {
    /// A rule with no warning line: an error past it (`over`), else ok.
    pub fn limit(over: bool) -> Judgement {
        Judgement {
            level: if over { Level::Over } else { Level::Ok },
            threshold: None,
        }
    }

    /// A limit with a warning line below it: `over` (the error's
    /// predicate) first, then `above` (the warning's, at `threshold`).
    pub fn ceiling(over: bool, above: bool, threshold: Threshold) -> Judgement {
        Judgement {
            level: match (over, above) {
                (true, _) => Level::Over,
                (false, true) => Level::Warn,
                (false, false) => Level::Ok,
            },
            threshold: Some(threshold),
        }
    }

    /// A rule whose finding past the limit is a warning: the design still
    /// runs (e.g. the all-flash cache rule, the cache after N+x).
    pub fn warning(short: bool) -> Judgement {
        Judgement {
            level: if short { Level::Warn } else { Level::Ok },
            threshold: None,
        }
    }

    /// A figure no finding judges: drawn, never coloured.
    pub const UNJUDGED: Judgement = Judgement {
        level: Level::Ok,
        threshold: None,
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
/// a tier or the hosts' I/O path past the utilisation ceiling.
pub(super) fn osa_iops_over(p: &ClusterPerformance) -> bool {
    let ceiling = p.utilisation_ceiling_pct;
    over_ceiling(p.cache_tier.utilisation_pct, ceiling)
        || over_ceiling(p.capacity_tier.utilisation_pct, ceiling)
        || over_ceiling(Some(p.host_path_utilisation_pct), ceiling)
}

/// `resilience.rebuild_iops_short` after the N+x failures (promised: an
/// error).
pub(super) fn rebuild_iops(reserve: &FailureScenario) -> Judgement {
    Judgement::limit(reserve.iops_short())
}

/// `stretched.site_failure_iops`.
pub(super) fn site_iops_judged(k: &KeyFigures) -> Judgement {
    let headroom = k.site_failure.as_ref().and_then(|s| s.iops_headroom);
    Judgement::limit(iops_short(headroom))
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
    let line = Threshold {
        pct: settings.cpu_ceiling_pct,
        label: "CPU ceiling",
    };
    let on = |cores: u32| {
        Judgement::ceiling(
            cpu_overcommitted(c.cores_needed, cores),
            above_ceiling(c.cores_needed, f64::from(cores), line.pct),
            line,
        )
    };
    let nx = hosts_failed(c) > 0;
    Judged {
        at_n: if nx {
            Judgement::limit(cpu_overcommitted(c.cores_needed, c.physical_cores))
        } else {
            on(c.physical_cores)
        },
        after_failure: nx.then(|| on(c.physical_cores_after_failure)),
        after_site_failure: site.map(|s| {
            Judgement::ceiling(
                s.cores_needed_pct_after.is_some_and(site_cpu_overloaded),
                above_ceiling(s.cores_needed, f64::from(s.surviving_cores), line.pct),
                line,
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
    let line = Threshold {
        pct: settings.ram_ceiling_pct,
        label: "RAM ceiling",
    };
    let over = |usable: f64| {
        memory_overcommitted(c.sql_ram_gb, usable) || memory_overcommitted(c.ram_demand_gb, usable)
    };
    let on = |usable: f64| {
        Judgement::ceiling(
            over(usable),
            above_ceiling(c.ram_demand_gb, usable, line.pct),
            line,
        )
    };
    let nx = hosts_failed(c) > 0;
    Judged {
        at_n: if nx {
            Judgement::limit(over(c.usable_ram_gb))
        } else {
            on(c.usable_ram_gb)
        },
        after_failure: nx.then(|| on(c.usable_ram_after_failure_gb)),
        after_site_failure: site.map(|s| on(s.usable_ram_after_gb)),
    }
}

/// `capacity.alert_threshold` with every host up (past 100 % of the
/// datastore the required is past usable too: `capacity.insufficient`);
/// after the N+x failures, which the design promises to survive,
/// `resilience.rebuild_space_short`, then `resilience.rebuild_fills_datastore`.
/// A site failure is not promised (the site mirror waits for the site): no
/// finding judges its column.
pub(super) fn fullness_judged(
    capacity: &CapacityEvaluation,
    settings: &Settings,
    reserve: Option<&FailureScenario>,
    site: Option<&FailureScenario>,
) -> Judged {
    let line = Threshold {
        pct: settings.capacity_alert_pct,
        label: "capacity alert",
    };
    Judged {
        at_n: Judgement::ceiling(
            capacity_insufficient(capacity.required.gb, capacity.datastore.gb),
            capacity
                .datastore_used_pct
                .is_some_and(|u| past_alert(u, line.pct)),
            line,
        ),
        after_failure: reserve.map(|s| {
            Judgement::ceiling(
                s.space_short(),
                s.used_after_rebuild_pct
                    .is_some_and(|u| fills_datastore(u, line.pct)),
                line,
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
    let at_n = match tier {
        StorageTier::Hybrid => Judgement::limit(short_at_n),
        StorageTier::AllFlash => Judgement::warning(short_at_n),
    };
    Judged {
        at_n,
        after_failure: c.after_failure.as_ref().map(|a| {
            if short_at_n {
                at_n
            } else {
                Judgement::warning(
                    smallest.is_some_and(|gb| cache_below_rule(gb, a.required_per_disk_group.gb)),
                )
            }
        }),
        after_site_failure: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINE: Threshold = Threshold {
        pct: 80.0,
        label: "CPU ceiling",
    };

    #[test]
    fn the_error_outranks_the_warning_and_the_line_stays() {
        assert_eq!(Judgement::ceiling(true, true, LINE).level, Level::Over);
        assert_eq!(Judgement::ceiling(false, true, LINE).level, Level::Warn);
        let ok = Judgement::ceiling(false, false, LINE);
        assert_eq!((ok.level, ok.threshold), (Level::Ok, Some(LINE)));
        assert_eq!(Judgement::limit(true).threshold, None);
        assert_eq!(Judgement::warning(true).level, Level::Warn);
    }

    #[test]
    fn levels_serialise_as_the_app_reads_them() {
        let json = serde_json::to_string(&Judgement::ceiling(false, true, LINE)).unwrap();
        assert_eq!(
            json,
            r#"{"level":"warn","threshold":{"pct":80.0,"label":"CPU ceiling"}}"#
        );
    }
}
