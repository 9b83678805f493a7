//! How much cache a workload asks for. Every cluster follows the 10 % rule;
//! hybrid clusters also cache reads, so SQL Server OLTP needs twice its
//! working set, or 2 x replicas x database for an availability group
//! (seed 000 §12.2).

use serde::Serialize;

use crate::demand::footprint::{growth_factor, Footprint};
use crate::model::{Capacity, SqlDeployment, StorageTier, WorkloadSpec};
use crate::source;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum CacheRule {
    /// >= 10 % (settings.cache_pct_of_consumed) of consumption before replicas.
    ShareOfConsumed,
    /// >= 2x the working set, for random OLTP on hybrid.
    TwiceWorkingSet,
    /// 2 x (primary + secondaries) x database size, on hybrid.
    AvailabilityGroup,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct CacheNeed {
    /// The rule that asks for the most; the requirement is that amount.
    pub rule: CacheRule,
    pub required: Capacity,
    pub source: &'static str,
}

/// The 10 % rule: cache as a share of what VMs consume before replicas.
pub fn share_of_consumed_gb(logical_gb: f64, cache_pct: f64) -> f64 {
    logical_gb * cache_pct / 100.0
}

pub fn cache_need(
    spec: &WorkloadSpec,
    footprint: &Footprint,
    tier: StorageTier,
    cache_pct: f64,
    horizon_years: u32,
) -> CacheNeed {
    let share_gb = share_of_consumed_gb(footprint.logical_gb(), cache_pct);
    let read_cache = match (tier, spec) {
        (
            StorageTier::Hybrid,
            WorkloadSpec::SqlServer {
                vm_count,
                db_size_gb,
                working_set_pct,
                annual_growth_pct,
                deployment,
                ..
            },
        ) => {
            let databases_gb = db_size_gb
                * f64::from(*vm_count)
                * growth_factor(*annual_growth_pct, horizon_years);
            Some(match deployment {
                // "Two times of the primary and secondary database".
                SqlDeployment::AvailabilityGroup { replicas, .. } => (
                    CacheRule::AvailabilityGroup,
                    2.0 * f64::from(*replicas) * databases_gb,
                    source::CACHE_AVAILABILITY_GROUP,
                ),
                _ => (
                    CacheRule::TwiceWorkingSet,
                    2.0 * databases_gb * working_set_pct / 100.0,
                    source::CACHE_WORKING_SET,
                ),
            })
        }
        _ => None,
    };
    let (rule, gb, source) = match read_cache {
        Some(need) if need.1 > share_gb => need,
        _ => (CacheRule::ShareOfConsumed, share_gb, source::CACHE_TEN_PCT),
    };
    CacheNeed {
        rule,
        required: Capacity::from_gb(gb),
        source,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::demand::footprint::footprint;
    use crate::model::CommitMode;

    fn sql(db_size_gb: f64, deployment: SqlDeployment) -> WorkloadSpec {
        WorkloadSpec::SqlServer {
            vm_count: 1,
            vcpu_per_vm: 12,
            ram_gb_per_vm: 128.0,
            memory_reservation_gb_per_vm: None,
            db_size_gb,
            log_size_gb: 125.0,
            tempdb_size_gb: 80.0,
            annual_growth_pct: 0.0,
            working_set_pct: 20.0,
            target_iops: 3_000.0,
            read_pct: 90.0,
            io_size_kb: 8.0,
            deployment,
        }
    }

    fn ag() -> SqlDeployment {
        SqlDeployment::AvailabilityGroup {
            replicas: 2,
            commit: CommitMode::Sync,
        }
    }

    fn need(spec: &WorkloadSpec, tier: StorageTier) -> CacheNeed {
        cache_need(spec, &footprint(spec, 3), tier, 10.0, 3)
    }

    #[test]
    fn seed_000_ag_rule_2_x_2_x_100_gb() {
        // Seed 000 §12.2: "for 100GB user database, design 2 x 2 x 100GB SSD size".
        let n = need(&sql(100.0, ag()), StorageTier::Hybrid);
        assert_eq!(n.rule, CacheRule::AvailabilityGroup);
        assert_eq!(n.required.gb, 400.0);
    }

    #[test]
    fn seed_000_both_availability_groups_need_2120_gb() {
        // Seed 000 §4.8: AG databases of ~180 GB and ~350 GB; 2 x 2 x (180 + 350)
        // = 2,120 GB, within the 3,200 GB of SSD the cluster has (8 x 400 GB).
        let total: f64 = [180.0, 350.0]
            .iter()
            .map(|db| need(&sql(*db, ag()), StorageTier::Hybrid).required.gb)
            .sum();
        assert_eq!(total, 2_120.0);
        assert!(total <= 8.0 * 400.0);
    }

    #[test]
    fn seed_000_random_oltp_needs_twice_its_working_set() {
        // Seed 000 §12.2: "at least two times of the working set"; a 1 TB
        // database with a 20 % working set needs 400 GB, more than 10 % of
        // its (1,000 + 125 + 80 + 128 swap) GB.
        let n = need(
            &sql(1_000.0, SqlDeployment::Standalone),
            StorageTier::Hybrid,
        );
        assert_eq!(n.rule, CacheRule::TwiceWorkingSet);
        assert!((n.required.gb - 400.0).abs() < 1e-9);
    }

    #[test]
    fn seed_000_ten_percent_rule_when_it_asks_more() {
        // Seed 000 §12.2: at least 10 %; a 5 % working set asks less than that.
        let mut spec = sql(1_000.0, SqlDeployment::Standalone);
        if let WorkloadSpec::SqlServer {
            working_set_pct, ..
        } = &mut spec
        {
            *working_set_pct = 5.0;
        }
        let n = need(&spec, StorageTier::Hybrid);
        assert_eq!(n.rule, CacheRule::ShareOfConsumed);
        assert!((n.required.gb - 133.3).abs() < 1e-9);
    }

    #[test]
    fn all_flash_follows_the_ten_percent_rule_only() {
        let n = need(&sql(100.0, ag()), StorageTier::AllFlash);
        assert_eq!(n.rule, CacheRule::ShareOfConsumed);
        // (100 + 125 + 80) x 2 replicas + 2 x 128 GB swap = 866 GB -> 86.6 GB.
        assert!((n.required.gb - 86.6).abs() < 1e-9);
    }
}
