use proptest::prelude::*;

use super::markov::mean_absorption_time;
use super::monte_carlo::{simulate_loss_probability, SimEvent};
use super::*;
use crate::demand::protection::protection;
use crate::model::ProtectionMethod;

fn relative_gap(a: f64, b: f64) -> f64 {
    (a - b).abs() / b.abs()
}

/// Markov loss probability within one year for one event kind.
fn markov_p(hosts: u32, tolerated: u32, rate: f64, window_years: f64) -> f64 {
    loss_probability(
        mttdl_years(hosts, tolerated, rate, window_years),
        HORIZON_YEARS,
    )
}

fn simulated_p(hosts: u32, tolerated: u32, events: &[SimEvent], trials: u32) -> f64 {
    simulate_loss_probability(
        1,
        hosts as usize,
        tolerated as usize,
        events,
        HORIZON_YEARS,
        trials,
        0x5EED_0F57_ACC5_1234,
    )
}

#[test]
fn ftt0_is_the_first_failure_of_any_host() {
    // With nothing tolerated the first failure loses data:
    // P(loss within t) = 1 - exp(-n λ t), MTTDL = 1 / (n λ).
    for (n, rate) in [(1, 0.02), (4, 0.064), (16, 0.3)] {
        let mttdl = mttdl_years(n, 0, rate, 0.01).expect("reachable");
        assert!(relative_gap(mttdl, 1.0 / (f64::from(n) * rate)) < 1e-12);
        let p = loss_probability(Some(mttdl), 1.0);
        let closed = 1.0 - (-f64::from(n) * rate).exp();
        assert!((p - closed).abs() < 1e-12, "{p} vs {closed}");
    }
}

#[test]
fn rare_failures_match_the_textbook_mttdl() {
    // λ T << 1: MTTDL -> k! / (n (n-1) ... (n-k) λ^(k+1) T^k). Within 1 %.
    let (rate, window): (f64, f64) = (0.05, 1e-4);
    for n in 3..=12u32 {
        for k in 1..=3u32.min(n - 1) {
            let falling: f64 = (0..=k).map(|i| f64::from(n - i)).product();
            let k_factorial: f64 = (1..=k).map(f64::from).product();
            let textbook =
                k_factorial / (falling * rate.powi(k as i32 + 1) * window.powi(k as i32));
            let exact = mttdl_years(n, k, rate, window).expect("reachable");
            assert!(
                relative_gap(exact, textbook) < 0.01,
                "n={n} k={k}: {exact} vs {textbook}"
            );
        }
    }
}

#[test]
fn loss_is_unreachable_without_enough_hosts_failures_or_rebuild_time() {
    assert_eq!(mttdl_years(2, 2, 0.1, 0.01), None);
    assert_eq!(mttdl_years(4, 1, 0.0, 0.01), None);
    assert_eq!(mttdl_years(4, 1, 0.1, 0.0), None);
    assert_eq!(loss_probability(None, 1.0), 0.0);
    // FTT=0 needs no window: the failure itself loses data.
    assert!(mttdl_years(4, 0, 0.1, 0.0).is_some());
}

#[test]
fn monte_carlo_agrees_with_the_closed_form_at_ftt0() {
    // Exact case: 1 - exp(-4 x 0.1) = 0.3297. 100,000 trials give a
    // standard error of 0.45 %; tolerance 2 %.
    let events = [SimEvent {
        rate_per_year: 0.1,
        window_years: 0.01,
    }];
    let simulated = simulated_p(4, 0, &events, 100_000);
    let exact = 1.0 - (-0.4_f64).exp();
    assert!(
        relative_gap(simulated, exact) < 0.02,
        "{simulated} vs {exact}"
    );
}

#[test]
fn monte_carlo_agrees_with_the_markov_chain_at_ftt1() {
    // Four hosts, one failure a year each, 3.65-day rebuilds: P ~ 0.106.
    // Standard error 0.65 % at 200,000 trials; the fixed vs exponential
    // windows differ by ~1.5 % at λT = 0.01. Tolerance 5 %.
    let events = [SimEvent {
        rate_per_year: 1.0,
        window_years: 0.01,
    }];
    let simulated = simulated_p(4, 1, &events, 200_000);
    let markov = markov_p(4, 1, 1.0, 0.01);
    assert!(
        relative_gap(simulated, markov) < 0.05,
        "{simulated} vs {markov}"
    );
}

#[test]
fn monte_carlo_agrees_with_the_markov_chain_at_ftt2() {
    // RAID-6-like: six hosts, two failures a year each, 44-hour rebuilds,
    // loss at three hosts down: P ~ 0.011. Standard error ~1 % at 1,000,000
    // trials. Tolerance 5 %.
    let events = [SimEvent {
        rate_per_year: 2.0,
        window_years: 0.005,
    }];
    let simulated = simulated_p(6, 2, &events, 1_000_000);
    let markov = markov_p(6, 2, 2.0, 0.005);
    assert!(
        relative_gap(simulated, markov) < 0.05,
        "{simulated} vs {markov}"
    );
}

#[test]
fn monte_carlo_agrees_with_the_rate_weighted_window_for_mixed_events() {
    // Short device rebuilds and long host rebuilds in one host. For FTT=1
    // the loss rate depends on the windows only through their
    // rate-weighted mean, which is what the chain uses. Tolerance 5 %.
    let device = SimEvent {
        rate_per_year: 0.8,
        window_years: 0.002,
    };
    let host = SimEvent {
        rate_per_year: 0.2,
        window_years: 0.04,
    };
    let simulated = simulated_p(5, 1, &[device, host], 200_000);
    let mean_window = (0.8 * 0.002 + 0.2 * 0.04) / 1.0;
    let markov = markov_p(5, 1, 1.0, mean_window);
    assert!(
        relative_gap(simulated, markov) < 0.05,
        "{simulated} vs {markov}"
    );
}

#[test]
fn state_elimination_solves_the_single_chain_exactly() {
    // The one-site chain written as rates + leak and solved by elimination
    // matches the first-step recursion, even at realistic (stiff) rates.
    for (n, k, rate, window) in [
        (4u32, 1u32, 0.1, 1e-3),
        (8, 3, 0.05, 2e-4),
        (6, 2, 2.0, 0.01),
    ] {
        let top = k as usize + 1;
        let mut rates = vec![vec![0.0; top]; top];
        let mut leak = vec![0.0; top];
        for i in 0..top {
            let up = f64::from(n - i as u32) * rate;
            if i + 1 == top {
                leak[i] = up;
            } else {
                rates[i][i + 1] = up;
            }
            if i > 0 {
                rates[i][i - 1] = i as f64 / window;
            }
        }
        let eliminated = mean_absorption_time(rates, leak).expect("reachable");
        let recursion = mttdl_years(n, k, rate, window).expect("reachable");
        assert!(
            relative_gap(eliminated, recursion) < 1e-9,
            "n={n} k={k}: {eliminated} vs {recursion}"
        );
    }
}

/// Rare-event rate of a site-mirrored loss: one site's copy is lost (it
/// reaches k+1 from k) while the other's already is; each site's state
/// distribution is the stationary one of its reflecting chain.
fn mirrored_rare_event_mttdl(n: u32, k: u32, rate: f64, window: f64) -> f64 {
    let top = k as usize + 1;
    let mut weights = vec![1.0_f64];
    for i in 0..top {
        let up = f64::from(n - i as u32) * rate;
        let down = (i + 1) as f64 / window;
        weights.push(weights[i] * up / down);
    }
    let total: f64 = weights.iter().sum();
    let p: Vec<f64> = weights.iter().map(|w| w / total).collect();
    let enter_lost = p[top - 1] * f64::from(n - k) * rate;
    1.0 / (2.0 * enter_lost * p[top])
}

#[test]
fn mirrored_sites_match_the_rare_event_closed_form() {
    // λ T << 1; within 1 %.
    for (n, k) in [(2u32, 0u32), (3, 0), (3, 1), (4, 1), (6, 2), (8, 3)] {
        let (rate, window) = (0.08, 1e-4);
        let exact = mirrored_mttdl_years(n, k, rate, window).expect("reachable");
        let closed = mirrored_rare_event_mttdl(n, k, rate, window);
        assert!(
            relative_gap(exact, closed) < 0.01,
            "n={n} k={k}: {exact} vs {closed}"
        );
    }
}

#[test]
fn monte_carlo_agrees_with_the_mirrored_chain() {
    // Two sites of three hosts, no local protection (the seeds' stretched
    // clusters): loss when both sites have a host down together. One
    // failure a year per host, 3.65-day rebuilds: P ~ 0.16. Standard error
    // ~1.2 % at 200,000 trials. Tolerance 5 %.
    let events = [SimEvent {
        rate_per_year: 1.0,
        window_years: 0.01,
    }];
    let simulated =
        simulate_loss_probability(2, 3, 0, &events, HORIZON_YEARS, 200_000, 0x00C0_FFEE);
    let markov = loss_probability(mirrored_mttdl_years(3, 0, 1.0, 0.01), HORIZON_YEARS);
    assert!(
        relative_gap(simulated, markov) < 0.05,
        "{simulated} vs {markov}"
    );
}

#[test]
fn a_second_site_copy_beats_one_more_local_failure_tolerated() {
    // 2 + 2 hosts with a copy per site and no local protection lose data
    // only when a host of each site is down together; four hosts on one
    // site with FTT=1 lose it for any two.
    let (rate, window) = (0.1, 1e-3);
    let mirrored = mirrored_mttdl_years(2, 0, rate, window).expect("reachable");
    let one_site = mttdl_years(4, 1, rate, window).expect("reachable");
    assert!(mirrored > one_site, "{mirrored} vs {one_site}");
}

fn policy(method: ProtectionMethod, ftt: u32) -> StoragePolicy {
    StoragePolicy {
        id: format!("{method:?}-{ftt}").into(),
        name: format!("{method:?} FTT={ftt}"),
        ..StoragePolicy::of(method, ftt)
    }
}

fn events(device_hours: f64, host_hours: f64) -> Vec<FailureEvent> {
    vec![
        FailureEvent {
            kind: EventKind::CapacityDevice,
            per_host: 8,
            rate_per_year: 8.0 * 0.0098,
            window_hours: device_hours,
        },
        FailureEvent {
            kind: EventKind::Host,
            per_host: 1,
            rate_per_year: 0.02,
            window_hours: host_hours,
        },
    ]
}

#[test]
fn assessment_weights_windows_by_rate_and_keeps_its_assumptions() {
    let raid1 = policy(ProtectionMethod::Raid1, 1);
    let d = assess_durability(
        4,
        1,
        events(2.0, 20.0),
        &[(0, &raid1)],
        &protection,
        &ResilienceSettings::default(),
    );
    let a = &d.assumptions;
    assert!((a.failures_per_host_per_year - 0.0984).abs() < 1e-12);
    let mean = (0.0784 * 2.0 + 0.02 * 20.0) / 0.0984;
    assert!((a.mean_window_hours - mean).abs() < 1e-9);
    assert_eq!(a.fault_domains, 4);
    assert_eq!(a.ssd_afr_pct, 0.98);
    assert!(a.independence.contains("independent"));
    let p = &d.policies[0];
    assert!(p.placeable);
    let expected = markov_p(4, 1, 0.0984, mean / HOURS_PER_YEAR);
    assert_eq!(p.annual_loss_probability, Some(expected));
}

#[test]
fn a_policy_the_cluster_cannot_place_has_no_figure() {
    let raid6 = policy(ProtectionMethod::Raid6, 2);
    let d = assess_durability(
        4,
        1,
        events(2.0, 20.0),
        &[(0, &raid6)],
        &protection,
        &ResilienceSettings::default(),
    );
    assert!(!d.policies[0].placeable);
    assert_eq!(d.policies[0].mttdl_years, None);
    assert_eq!(d.policies[0].annual_loss_probability, None);
}

proptest! {
    #[test]
    fn durability_improves_with_ftt(
        hosts in 7u32..=64,
        copies in 1u32..=2,
        device_hours in 0.01..200.0f64,
        host_hours in 0.5..500.0f64,
    ) {
        // RAID-1 FTT 0 < 1 < 2 < 3 on a cluster that can place all four,
        // on one site or with a copy per site of `hosts` hosts.
        let policies: Vec<StoragePolicy> =
            (0..=3).map(|ftt| policy(ProtectionMethod::Raid1, ftt)).collect();
        let indexed: Vec<(usize, &StoragePolicy)> = policies.iter().enumerate().collect();
        let d = assess_durability(
            hosts,
            copies,
            events(device_hours, host_hours),
            &indexed,
            &protection,
            &ResilienceSettings::default(),
        );
        let p: Vec<f64> = d
            .policies
            .iter()
            .map(|x| x.annual_loss_probability.expect("placeable"))
            .collect();
        for pair in p.windows(2) {
            prop_assert!(pair[1] < pair[0], "{p:?}");
        }
        prop_assert!(p.iter().all(|x| x.is_finite() && (0.0..=1.0).contains(x)));
    }

    #[test]
    fn durability_improves_with_shorter_rebuilds(
        hosts in 3u32..=64,
        tolerated in 1u32..=3,
        rate in 1e-3..2.0f64,
        window in 1e-6..0.05f64,
        shorter in 0.05..0.95f64,
        mirrored in any::<bool>(),
    ) {
        prop_assume!(hosts > tolerated);
        let mttdl = |w: f64| if mirrored {
            mirrored_mttdl_years(hosts, tolerated, rate, w)
        } else {
            mttdl_years(hosts, tolerated, rate, w)
        };
        let (long, short) = (mttdl(window), mttdl(window * shorter));
        prop_assert!(short.zip(long).is_some_and(|(s, l)| s > l), "{short:?} vs {long:?}");
        // The annual probability saturates at 1 for absurd rates, so it
        // only never grows.
        prop_assert!(loss_probability(short, 1.0) <= loss_probability(long, 1.0));
    }
}
