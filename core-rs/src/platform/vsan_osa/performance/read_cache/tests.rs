//! The solve against what is known of the model without solving it: the
//! closed forms (one workload, equal densities), the equation itself (the
//! cached GB fill the cache), how the hit ratios move with the cache and
//! with a workload's reads, and a reference solver (Newton on the
//! occupancy itself, from T = 0). A warm start gives the solve from 0.

use super::*;
use proptest::prelude::*;

fn hits(cache_gb: f64, demands: &[(f64, f64)]) -> Vec<f64> {
    hits_of(&LruCache::solve(cache_gb, demands), demands)
}

fn hits_of(cache: &LruCache, demands: &[(f64, f64)]) -> Vec<f64> {
    demands
        .iter()
        .map(|&(ws, reads)| cache.hit_ratio(ws, reads))
        .collect()
}

/// The GB the solved cache holds: each competing working set times its
/// hit ratio, summed with compensation so that exabytes of working sets
/// still show a few GB of cache.
fn occupied(cache: &LruCache, demands: &[(f64, f64)]) -> f64 {
    let (mut sum, mut carry) = (0.0_f64, 0.0_f64);
    for &(ws, r) in demands.iter().filter(|d| competes(d.0, d.1)) {
        let term = ws * cache.hit_ratio(ws, r) - carry;
        let next = sum + term;
        carry = (next - sum) - term;
        sum = next;
    }
    sum
}

fn competing_gb(demands: &[(f64, f64)]) -> f64 {
    demands
        .iter()
        .filter(|d| competes(d.0, d.1))
        .map(|d| d.0)
        .sum()
}

/// The reference: Newton on the occupancy itself, from T = 0. The
/// occupancy is concave and increasing, so from 0 the iteration rises to
/// the root (slowly where the cache is nearly full).
fn time_from_zero(cache_gb: f64, demands: &[(f64, f64)]) -> f64 {
    let mut t = 0.0_f64;
    for _ in 0..10_000 {
        let (mut occupied, mut slope) = (0.0, 0.0);
        for &(ws, reads) in demands.iter().filter(|d| competes(d.0, d.1)) {
            let e = (-(reads / ws) * t).exp();
            occupied += ws * (1.0 - e);
            slope += reads * e;
        }
        let gap = cache_gb - occupied;
        if gap <= 1e-12 * cache_gb || slope <= 0.0 {
            break;
        }
        let step = gap / slope;
        t += step;
        if step <= 1e-12 * t {
            break;
        }
    }
    t
}

/// The solve and the reference fill the cache alike, and so give the same
/// hit ratios (within 1e-9 of the cache and 1e-8 of each ratio). T itself
/// is not compared: where nearly every working set fits, the occupancy is
/// flat near its root, and the reference stops with T parts in 1e9 off
/// while nothing the model reports moves.
fn same_solution_as_the_reference(cache: f64, demands: &[(f64, f64)]) -> Result<(), TestCaseError> {
    let solved = LruCache::solve(cache, demands);
    if let Some(t) = solved.time {
        let reference = LruCache {
            time: Some(time_from_zero(cache, demands)),
            missed_reads: 0.0,
            reads: 0.0,
        };
        let (solved_gb, reference_gb) = (occupied(&solved, demands), occupied(&reference, demands));
        prop_assert!(
            (solved_gb - reference_gb).abs() <= 1e-9 * cache,
            "T {t}: {solved_gb} GB vs {reference_gb} GB in {cache}"
        );
        for (hit, expected) in hits_of(&solved, demands)
            .iter()
            .zip(hits_of(&reference, demands))
        {
            prop_assert!((hit - expected).abs() <= 1e-8, "{hit} vs {expected}");
        }
    }
    Ok(())
}

#[test]
fn one_workload_hits_cache_over_working_set() {
    // Che's approximation reduces to cache / working set for one
    // workload with uniform reads.
    let h = hits(300.0, &[(1_000.0, 5_000.0)]);
    assert!((h[0] - 0.3).abs() < 1e-12, "{h:?}");
}

#[test]
fn hotter_workload_keeps_more_cache_and_the_cache_is_full() {
    let demands = [(1_000.0, 10_000.0), (1_000.0, 1_000.0)];
    let h = hits(1_000.0, &demands);
    assert!(h[0] > h[1], "{h:?}");
    let occupied: f64 = demands.iter().zip(&h).map(|(d, h)| d.0 * h).sum();
    assert!((occupied - 1_000.0).abs() < 1e-6, "{occupied}");
}

#[test]
fn fitting_working_sets_always_hit() {
    let h = hits(2_240.0, &[(180.0, 1_000.0), (350.0, 2_000.0), (50.0, 0.0)]);
    assert_eq!(h, vec![1.0, 1.0, 0.0]);
    assert_eq!(hits(0.0, &[(100.0, 10.0), (0.0, 10.0)]), vec![0.0, 1.0]);
}

#[test]
fn equal_densities_solve_in_closed_form() {
    // Every workload at 2 reads per GB: T = -ln(1 - cache / W) / 2.
    let demands = [(1_000.0, 2_000.0), (500.0, 1_000.0)];
    let t = LruCache::solve(600.0, &demands)
        .time
        .expect("the cache is smaller");
    assert!((t - (-(1.0_f64 - 600.0 / 1_500.0).ln() / 2.0)).abs() < 1e-12);
}

#[test]
fn a_share_that_underflowed_keeps_its_hit_ratio_of_one() {
    // A vanishing working set read hard: its density is infinite (the
    // first) or so large its share of misses underflows (the second).
    // Both always hit; the other workload has the cache alone.
    for demands in [
        [(1e-303, 1e6), (100.0, 100.0)],
        [(1e-150, 1.0), (100.0, 100.0)],
    ] {
        let h = hits(50.0, &demands);
        assert_eq!(h[0], 1.0, "{demands:?}: {h:?}");
        assert!((h[1] - 0.5).abs() < 1e-12, "{demands:?}: {h:?}");
    }
}

#[test]
fn vanishing_working_sets_fill_the_cache() {
    // Two workloads of 1e-77 GB at densities of 1e54 and 1e53 reads per GB.
    let demands = [(1e-77, 1e-23), (1e-77, 1e-24)];
    let cache = 1e-77;
    let filled = occupied(&LruCache::solve(cache, &demands), &demands);
    assert!(
        (filled - cache).abs() <= 1e-9 * cache,
        "{filled} GB in {cache}"
    );
}

#[test]
fn exabytes_of_working_sets_fill_gigabytes_of_cache() {
    // Fifty-two working sets of 1.0-1.7 EB at 1-3 reads per GB against
    // 2.1 GB of cache (far outside any real design, but the solve takes
    // any demands): the working sets' total has an ulp of 0.016 GB, so
    // the cache must be solved for as cached GB, not as what stays uncached.
    let mut state: u64 = 1;
    let mut uniform = || {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 11) as f64 / (1_u64 << 53) as f64
    };
    let demands: Vec<(f64, f64)> = (0..52)
        .map(|_| {
            let ws = 1e5 * (1.0e7 + 0.7e7 * uniform());
            (ws, ws * (1.0 + 2.0 * uniform()))
        })
        .collect();
    let cache = 2.1;
    let filled = occupied(&LruCache::solve(cache, &demands), &demands);
    assert!(
        (filled - cache).abs() <= 1e-9 * cache,
        "{filled} GB in {cache}"
    );
}

#[test]
fn a_start_past_every_working_set_solves_from_zero() {
    // At T = 1e300 every share of 100 GB read 100 times a second has
    // underflowed: phi has no slope there, and the solve starts at 0.
    let demands = [(100.0, 100.0), (300.0, 30.0)];
    let far = LruCache::solve_from(1e300, 200.0, demands.iter().copied());
    let t = far.time.expect("the cache is smaller");
    let from_zero = LruCache::solve(200.0, &demands).time.expect("smaller");
    assert!(
        (t - from_zero).abs() <= 1e-12 * from_zero,
        "{t} vs {from_zero}"
    );
}

proptest! {
    #[test]
    fn hit_ratios_stay_in_range_and_never_overfill_the_cache(
        cache in 0.0..1e5f64,
        demands in prop::collection::vec((0.0..1e5f64, 0.0..1e6f64), 0..8),
    ) {
        let h = hits(cache, &demands);
        prop_assert!(h.iter().all(|h| (0.0..=1.0).contains(h)));
        let competing = competing_gb(&demands);
        let occupied: f64 = demands.iter().zip(&h).filter(|(d, _)| d.1 > 0.0).map(|(d, h)| d.0 * h).sum();
        prop_assert!(occupied <= cache + 1e-6 * competing.max(1.0));
    }

    /// The equation the solve answers: where the working sets exceed the
    /// cache, the cached GB fill it.
    #[test]
    fn the_cached_working_sets_fill_the_cache(
        cache in 1.0..1e6f64,
        demands in prop::collection::vec((0.0..1e5f64, 0.0..1e6f64), 1..400),
    ) {
        prop_assume!(competing_gb(&demands) > cache);
        let filled = occupied(&LruCache::solve(cache, &demands), &demands);
        prop_assert!((filled - cache).abs() <= 1e-9 * cache, "{filled} GB in {cache}");
    }

    #[test]
    fn the_solve_fills_the_cache_as_the_reference_does(
        cache in 1.0..1e5f64,
        demands in prop::collection::vec((0.0..1e5f64, 0.0..1e6f64), 1..400),
    ) {
        same_solution_as_the_reference(cache, &demands)?;
    }

    /// Splitting a workload into parts of the same density changes
    /// nothing, so a mix of one density is one workload: T has its closed form.
    #[test]
    fn a_mix_of_one_density_solves_in_closed_form(
        density in 1e-3..1e3f64,
        working_sets in prop::collection::vec(1.0..1e5f64, 1..50),
        filled in 0.01..0.99f64,
    ) {
        let demands: Vec<(f64, f64)> = working_sets.iter().map(|&ws| (ws, ws * density)).collect();
        let total: f64 = working_sets.iter().sum();
        let t = LruCache::solve(filled * total, &demands).time.expect("the cache is smaller");
        let exact = -(-filled).ln_1p() / density;
        prop_assert!((t - exact).abs() <= 1e-9 * exact, "{t} vs {exact}");
    }

    /// More cache holds more of every working set, and a workload that
    /// reads more of the same working set than another keeps more of it.
    #[test]
    fn hit_ratios_rise_with_the_cache_and_with_the_reads(
        cache in 1.0..1e5f64,
        more in 1.0..2.0f64,
        demands in prop::collection::vec((1.0..1e4f64, 1.0..1e5f64), 2..60),
    ) {
        let (before, after) = (hits(cache, &demands), hits(cache * more, &demands));
        for (b, a) in before.iter().zip(&after) {
            prop_assert!(a >= &(b - 1e-12), "{b} -> {a} with {more} x the cache");
        }
        let mut hotter = demands.clone();
        hotter[1] = (demands[0].0, demands[0].1 * more);
        let h = hits(cache, &hotter);
        prop_assert!(h[1] >= h[0] - 1e-12, "{} reads: {}, {} reads: {}", hotter[0].1, h[0], hotter[1].1, h[1]);
    }

    /// A year of the growth timeline grows a workload's working set and
    /// reads by one factor: with the cache grown by it too, every density
    /// and so every hit ratio stays as it was.
    #[test]
    fn demands_and_cache_grown_alike_keep_their_hit_ratios(
        cache in 1.0..1e5f64,
        growth in 1.0..4.0f64,
        demands in prop::collection::vec((0.0..1e4f64, 0.0..1e5f64), 1..120),
    ) {
        let grown: Vec<(f64, f64)> = demands.iter().map(|&(ws, r)| (ws * growth, r * growth)).collect();
        for (h, g) in hits(cache, &demands).iter().zip(hits(cache * growth, &grown)) {
            prop_assert!((h - g).abs() <= 1e-9, "{h} vs {g}");
        }
    }

    /// The growth timeline's solves start from the last one's T: a year's
    /// grown mix, against a cache that grew (more hosts) or shrank, solves
    /// from there as from 0, within 1e-9 of each hit ratio and of the reads.
    #[test]
    fn a_warm_start_solves_as_a_start_from_zero(
        cache in 1.0..1e5f64,
        demands in prop::collection::vec((0.0..1e4f64, 0.0..1e5f64), 1..120),
        growth in prop::collection::vec(1.0..4.0f64, 120),
        cache_factor in 0.25..4.0f64,
    ) {
        let today = LruCache::solve(cache, &demands);
        let grown: Vec<(f64, f64)> =
            demands.iter().zip(&growth).map(|(&(ws, r), g)| (ws * g, r * g)).collect();
        let grown_cache = cache * cache_factor;
        let start = today.time.unwrap_or(0.0);
        let warm = LruCache::solve_from(start, grown_cache, grown.iter().copied());
        let cold = LruCache::solve(grown_cache, &grown);
        prop_assert_eq!(warm.time.is_some(), cold.time.is_some());
        for (w, c) in hits_of(&warm, &grown).iter().zip(hits_of(&cold, &grown)) {
            prop_assert!((w - c).abs() <= 1e-9, "{w} vs {c}, from {start}");
        }
        let ((ws, wm), (cs, cm)) = (warm.read_split(), cold.read_split());
        prop_assert!((ws - cs).abs() <= 1e-9 * warm.reads.max(1.0), "{ws} vs {cs} served");
        prop_assert!((wm - cm).abs() <= 1e-9 * warm.reads.max(1.0), "{wm} vs {cm} missed");
    }

    #[test]
    fn the_split_adds_the_per_workload_hits(
        cache in 0.0..1e6f64,
        demands in prop::collection::vec((0.0..1e5f64, 0.0..1e6f64), 0..400),
    ) {
        let solved = LruCache::solve(cache, &demands);
        let (mut served, mut missed) = (0.0, 0.0);
        for &(ws, reads) in &demands {
            let hit = solved.hit_ratio(ws, reads);
            served += reads * hit;
            missed += reads * (1.0 - hit);
        }
        let (s, m) = solved.read_split();
        let total: f64 = demands.iter().map(|d| d.1).sum();
        prop_assert!((s - served).abs() <= 1e-9 * total.max(1.0), "{s} vs {served}");
        prop_assert!((m - missed).abs() <= 1e-9 * total.max(1.0), "{m} vs {missed}");
    }
}
