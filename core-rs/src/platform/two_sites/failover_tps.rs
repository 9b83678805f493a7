//! How much of its throughput (TPS) a workload keeps when one data site
//! fails and the surviving site runs every VM: a model estimate, calibrated
//! on the one published point.
//!
//! Seed 001 (Site Failure and Continuous Data Availability, 2 + 2 hosts,
//! four TPC-E-like SQL Server VMs at 2 ms RTT): 7,743 TPS before, 5,856
//! after (75.6 %); host CPU 36.56-47.13 % on four hosts before, 71.62-80.95 %
//! on the two survivors after; the surviving site's storage was not the
//! limit (read latency 4 ms, data writes 7 -> 3.6 ms once the mirror writes
//! stopped). Benchmark Factory ran a fixed number of users "without any
//! transaction delay" (seed 001, All-Flash vSAN Performance).
//!
//! The model: a closed queueing network (fixed client population, Little's
//! law X = N / R) per resource, the residence time of a processor-sharing
//! centre being R = S / (1 - U) (mean-value approximation), plus a fixed
//! time spent elsewhere W (network, client, log and lock waits) that does
//! not grow with the load. In time units of the pre-failure transaction
//! interval, a resource busy `u` of the time before the failure has S = u
//! and W = OTHER_TO_CPU_RESIDENCE x u / (1 - u). When `load` times the
//! clients share it (2 for the CPU of two equal sites: every VM on half the
//! hosts), the throughput y per unit of the resource solves
//!     y (u / (1 - y u) + W) = load (u / (1 - u) + W),   0 < y < min(load, 1/u)
//! and the share kept is y / load. CPU uses the host CPU before the failure
//! and the host load factor; storage uses its utilisation before and the
//! surviving site's utilisation if it carried every I/O (load = after /
//! before). The scarcer of the two limits the TPS (a bottleneck bound).
//!
//! The fit: OTHER_TO_CPU_RESIDENCE solves the equation at seed 001's point
//! (CPU 41.85 % before, the middle of 36.56-47.13 %, load 2, storage not
//! limiting) for 5,856 / 7,743; rounded to 0.81 it gives 5,852 TPS. Its
//! predicted CPU after the failure is 63.3 %, below the 71.62-80.95 %
//! measured: the CPU per transaction rose ~20 % when two VMs shared each
//! host (hyper-threads, co-scheduling), which the model does not represent,
//! so it fits the TPS and not the post-failure CPU. Limits: one published
//! point fixes the one parameter (no independent check); the storage term
//! reuses the CPU's split of time (no seed measures a storage-bound
//! failover); the RTT no longer paid after the failure is not credited (a
//! conservative choice); the result is only an estimate for an OLTP
//! workload driven without think time, as the seeds' benchmarks were.
//!
//! Properties (tested): never above the pre-failure TPS, never lower with
//! more CPU headroom (a lower pre-failure CPU or a smaller load factor) or
//! more storage headroom, finite for every valid input.

use serde::Serialize;

use crate::model::issue::InputIssue;
use crate::source;

/// Time a transaction spends away from the CPU and storage, as a multiple
/// of its CPU residence before the failure (fitted to seed 001, see above).
pub const OTHER_TO_CPU_RESIDENCE: f64 = 0.81;

/// Seed 001's host CPU before its site failure: the middle of the four
/// hosts' 36.56-47.13 %, the point `OTHER_TO_CPU_RESIDENCE` is fitted at.
pub const SEED_001_CPU_BEFORE_PCT: f64 = (36.56 + 47.13) / 2.0;

/// Utilisations as fractions of the resource's rated capacity (0-1; the
/// "after" figures may exceed 1: the surviving site cannot carry it all).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FailoverLoad {
    /// Host CPU busy before the failure, 0 < u < 1.
    pub cpu_before: f64,
    /// Hosts before / hosts left (>= 1): each survivor's share of the VMs.
    pub host_load_factor: f64,
    /// Storage busy before the failure, 0 <= u < 1.
    pub storage_before: f64,
    /// Storage busy if the surviving site served every pre-failure I/O, >= 0.
    pub storage_after_offered: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct FailoverTps {
    /// Model estimate: TPS after the failure as a share of the TPS before.
    pub tps_retained_pct: f64,
    /// What each resource alone would let it keep.
    pub cpu_retained_pct: f64,
    pub storage_retained_pct: f64,
    pub limited_by: FailoverLimit,
    pub cpu_before_pct: f64,
    /// Surviving hosts' CPU if they kept every transaction: before x the
    /// host load factor (may exceed 100).
    pub cpu_after_offered_pct: f64,
    /// Model estimate of the survivors' CPU at the predicted TPS.
    pub cpu_after_pct: f64,
    pub storage_before_pct: f64,
    pub storage_after_offered_pct: f64,
    pub storage_after_pct: f64,
    /// The model, its fit, assumptions and limits.
    pub model: &'static str,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum FailoverLimit {
    Cpu,
    Storage,
}

/// Out-of-range inputs, each naming its field.
pub fn check_load(load: &FailoverLoad) -> Vec<InputIssue> {
    let mut out = Vec::new();
    let mut check = |field: &str, v: f64, ok: bool, range: &str| {
        if !ok {
            out.push(InputIssue::new(field, format!("must be {range} (got {v})")));
        }
    };
    let c = load.cpu_before;
    check("cpu_before", c, c > 0.0 && c < 1.0, "above 0 and below 1");
    let k = load.host_load_factor;
    check(
        "host_load_factor",
        k,
        k >= 1.0 && k.is_finite(),
        "at least 1",
    );
    let s = load.storage_before;
    check(
        "storage_before",
        s,
        (0.0..1.0).contains(&s),
        "at least 0 and below 1",
    );
    let a = load.storage_after_offered;
    check(
        "storage_after_offered",
        a,
        a >= 0.0 && a.is_finite(),
        "at least 0",
    );
    out
}

/// The estimate for a valid `load` (see `check_load`).
pub fn failover_tps(load: &FailoverLoad) -> Result<FailoverTps, Vec<InputIssue>> {
    let issues = check_load(load);
    if !issues.is_empty() {
        return Err(issues);
    }
    let cpu = retained(load.cpu_before, load.host_load_factor);
    let storage_load = if load.storage_before > 0.0 {
        (load.storage_after_offered / load.storage_before).max(1.0)
    } else {
        1.0
    };
    let storage = if load.storage_before > 0.0 {
        retained(load.storage_before, storage_load)
    } else {
        1.0
    };
    let kept = cpu.min(storage);
    Ok(FailoverTps {
        tps_retained_pct: kept * 100.0,
        cpu_retained_pct: cpu * 100.0,
        storage_retained_pct: storage * 100.0,
        limited_by: if storage < cpu {
            FailoverLimit::Storage
        } else {
            FailoverLimit::Cpu
        },
        cpu_before_pct: load.cpu_before * 100.0,
        cpu_after_offered_pct: load.cpu_before * load.host_load_factor * 100.0,
        cpu_after_pct: load.cpu_before * load.host_load_factor * kept * 100.0,
        storage_before_pct: load.storage_before * 100.0,
        storage_after_offered_pct: load.storage_after_offered * 100.0,
        storage_after_pct: load.storage_before * storage_load * kept * 100.0,
        model: source::FAILOVER_TPS_MODEL,
    })
}

/// TPS after the failure from the TPS before (a model estimate).
pub fn tps_after_site_failure(
    tps_before: f64,
    load: &FailoverLoad,
) -> Result<f64, Vec<InputIssue>> {
    if !(tps_before >= 0.0 && tps_before.is_finite()) {
        return Err(vec![InputIssue::new(
            "tps_before",
            format!("must be a number at least 0 (got {tps_before})"),
        )]);
    }
    failover_tps(load).map(|t| tps_before * t.tps_retained_pct / 100.0)
}

/// Share of the throughput kept when `load` x the clients share a resource
/// busy `u` before (0 < u < 1, load >= 1): the root of the equation in the
/// module comment, by bisection. The left side grows with y, is below the
/// right at y = 0 and reaches it by y = load (each residence is at least
/// its pre-failure value there), or diverges at y = 1/u first.
fn retained(u: f64, load: f64) -> f64 {
    let cpu_residence = u / (1.0 - u);
    let other = OTHER_TO_CPU_RESIDENCE * cpu_residence;
    let target = load * (cpu_residence + other);
    let excess = |y: f64| y * (u / (1.0 - y * u) + other) - target;
    let mut lo = 0.0;
    let mut hi = load.min(1.0 / u);
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        if excess(mid) < 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    (0.5 * (lo + hi) / load).clamp(0.0, 1.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Seed 001 Site Failure: 2 + 2 hosts, storage not the limit.
    fn seed_001() -> FailoverLoad {
        FailoverLoad {
            cpu_before: SEED_001_CPU_BEFORE_PCT / 100.0,
            host_load_factor: 2.0,
            storage_before: 0.0,
            storage_after_offered: 0.0,
        }
    }

    #[test]
    fn reproduces_seed_001_site_failure_within_5_pct() {
        // Seed 001 Site Failure and Continuous Data Availability: 7,743 TPS
        // before, 5,856 after, CPU 36.56-47.13 % before on 4 hosts.
        let tps = tps_after_site_failure(7_743.0, &seed_001()).expect("valid");
        assert!((tps - 5_856.0).abs() <= 0.05 * 5_856.0, "{tps}");
        // The fit itself is tighter than the stated tolerance.
        assert!((tps - 5_856.0).abs() < 10.0, "{tps}");
    }

    #[test]
    fn predicted_cpu_after_is_below_the_measured_range() {
        // A stated limit: seed 001 measured 71.62-80.95 % after; the model
        // keeps CPU per transaction constant and predicts less.
        let t = failover_tps(&seed_001()).expect("valid");
        assert!((t.cpu_after_offered_pct - 83.69).abs() < 0.01);
        assert!(
            t.cpu_after_pct > 60.0 && t.cpu_after_pct < 71.62,
            "{}",
            t.cpu_after_pct
        );
        assert_eq!(t.limited_by, FailoverLimit::Cpu);
    }

    #[test]
    fn no_extra_load_keeps_every_transaction() {
        let t = failover_tps(&FailoverLoad {
            host_load_factor: 1.0,
            ..seed_001()
        })
        .expect("valid");
        assert!((t.tps_retained_pct - 100.0).abs() < 1e-6);
    }

    #[test]
    fn an_overloaded_surviving_storage_limits_the_tps() {
        // Storage at 30 % before and 150 % if it carried everything: it can
        // serve at most 1 / 1.5 of the I/O.
        let t = failover_tps(&FailoverLoad {
            storage_before: 0.3,
            storage_after_offered: 1.5,
            ..seed_001()
        })
        .expect("valid");
        assert_eq!(t.limited_by, FailoverLimit::Storage);
        assert!(t.tps_retained_pct < 100.0 / 1.5, "{}", t.tps_retained_pct);
        assert!(t.storage_after_pct < 100.0);
    }

    #[test]
    fn bad_inputs_name_their_field() {
        let bad = FailoverLoad {
            cpu_before: 1.0,
            host_load_factor: 0.5,
            storage_before: -0.1,
            storage_after_offered: f64::NAN,
        };
        let fields: Vec<String> = check_load(&bad).into_iter().map(|i| i.path).collect();
        assert_eq!(
            fields,
            [
                "cpu_before",
                "host_load_factor",
                "storage_before",
                "storage_after_offered"
            ]
        );
        assert!(tps_after_site_failure(-1.0, &seed_001()).is_err());
        assert!(failover_tps(&bad).is_err());
    }

    fn load() -> impl Strategy<Value = FailoverLoad> {
        (
            1e-9..0.999_999f64,
            1.0..64.0f64,
            0.0..0.999_999f64,
            0.0..50.0f64,
        )
            .prop_map(
                |(cpu_before, host_load_factor, storage_before, storage_after_offered)| {
                    FailoverLoad {
                        cpu_before,
                        host_load_factor,
                        storage_before,
                        storage_after_offered,
                    }
                },
            )
    }

    proptest! {
        #[test]
        fn finite_and_never_above_the_tps_before(l in load(), tps in 0.0..1e7f64) {
            let t = failover_tps(&l).expect("valid");
            for v in [t.tps_retained_pct, t.cpu_retained_pct, t.storage_retained_pct,
                      t.cpu_after_pct, t.storage_after_pct, t.cpu_after_offered_pct] {
                prop_assert!(v.is_finite());
            }
            prop_assert!(t.tps_retained_pct > 0.0 && t.tps_retained_pct <= 100.0);
            prop_assert!(t.cpu_after_pct < 100.0);
            let after = tps_after_site_failure(tps, &l).expect("valid");
            prop_assert!(after <= tps);
        }

        #[test]
        fn more_cpu_headroom_never_predicts_fewer_tps(
            l in load(), other_cpu in 1e-9..0.999_999f64, other_factor in 1.0..64.0f64
        ) {
            let kept = |l: FailoverLoad| failover_tps(&l).expect("valid").tps_retained_pct;
            let less_cpu = FailoverLoad { cpu_before: l.cpu_before.min(other_cpu), ..l };
            let more_cpu = FailoverLoad { cpu_before: l.cpu_before.max(other_cpu), ..l };
            prop_assert!(kept(less_cpu) >= kept(more_cpu) - 1e-9);
            let fewer_lost = FailoverLoad { host_load_factor: l.host_load_factor.min(other_factor), ..l };
            let more_lost = FailoverLoad { host_load_factor: l.host_load_factor.max(other_factor), ..l };
            prop_assert!(kept(fewer_lost) >= kept(more_lost) - 1e-9);
        }

        #[test]
        fn more_storage_headroom_never_predicts_fewer_tps(l in load(), other in 0.0..50.0f64) {
            let kept = |a: f64| {
                failover_tps(&FailoverLoad { storage_after_offered: a, ..l })
                    .expect("valid")
                    .tps_retained_pct
            };
            let (lo, hi) = (l.storage_after_offered.min(other), l.storage_after_offered.max(other));
            prop_assert!(kept(lo) >= kept(hi) - 1e-9);
        }
    }
}
