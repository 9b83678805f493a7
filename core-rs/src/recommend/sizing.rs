//! The fewest hosts a configuration needs, given a check that is
//! monotonic in the size: once a size passes, every larger size passes.

use super::score::{Assessment, Failing, Score};

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sized {
    /// The smallest passing size in `lo..=hi` and its headroom, if any.
    pub size: Option<(u32, Score)>,
    /// Sizes checked.
    pub checks: u32,
    /// What fails at `hi` when no size passes.
    pub failing_at_hi: Failing,
}

/// Searches `lo..=hi` from `start` (an estimate): down while the size
/// below also passes, or up in doubling steps and then by bisection.
/// Monotonicity makes every unchecked size below the answer fail and every
/// unchecked size above it pass, so they need no check.
pub fn smallest_passing(
    (lo, hi): (u32, u32),
    start: u32,
    mut assess: impl FnMut(u32) -> Assessment,
) -> Sized {
    let mut checks = 0;
    let mut check = |size: u32, checks: &mut u32| {
        *checks += 1;
        assess(size)
    };
    let found = |size, a: Assessment, checks| Sized {
        size: Some((size, a.score)),
        checks,
        failing_at_hi: Failing::default(),
    };
    let start = start.clamp(lo, hi);
    let first = check(start, &mut checks);
    if first.failing.is_empty() {
        let (mut size, mut best) = (start, first);
        while size > lo {
            let below = check(size - 1, &mut checks);
            if !below.failing.is_empty() {
                break;
            }
            (size, best) = (size - 1, below);
        }
        return found(size, best, checks);
    }
    let (mut below, mut failing, mut step) = (start, first.failing, 1);
    let (mut pass, mut best) = loop {
        if below == hi {
            return Sized {
                size: None,
                checks,
                failing_at_hi: failing,
            };
        }
        let next = below.saturating_add(step).min(hi);
        let a = check(next, &mut checks);
        if a.failing.is_empty() {
            break (next, a);
        }
        (below, failing, step) = (next, a.failing, step * 2);
    };
    while pass - below > 1 {
        let mid = below + (pass - below) / 2;
        let a = check(mid, &mut checks);
        if a.failing.is_empty() {
            (pass, best) = (mid, a);
        } else {
            below = mid;
        }
    }
    found(pass, best, checks)
}

/// The smallest passing size above `below` (known to fail, or nothing
/// below the range) up to `pass` (known to pass), by bisection of a
/// check monotonic in the size.
pub fn bisect<E>(
    mut below: u32,
    mut pass: u32,
    mut passes: impl FnMut(u32) -> Result<bool, E>,
) -> Result<u32, E> {
    while pass - below > 1 {
        let mid = below + (pass - below) / 2;
        if passes(mid)? {
            pass = mid;
        } else {
            below = mid;
        }
    }
    Ok(pass)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::recommend::requirement::Constraint;

    /// Fails capacity below `t`; the headroom records the size assessed.
    fn threshold(t: u32) -> impl FnMut(u32) -> Assessment {
        move |size| {
            let mut failing = Failing::default();
            if size < t {
                failing.add(Constraint::Capacity);
            }
            let score = Score {
                capacity_headroom_gb: f64::from(size),
                iops_headroom: 0.0,
            };
            Assessment { failing, score }
        }
    }

    #[test]
    fn finds_the_threshold_from_any_start() {
        for t in 1..=70 {
            for start in [0, 3, 10, 40, 64, 100] {
                let s = smallest_passing((3, 64), start, threshold(t));
                let expected = (t <= 64).then_some(t.max(3));
                assert_eq!(
                    s.size.map(|(size, _)| size),
                    expected,
                    "threshold {t} from {start}"
                );
                if let Some((size, score)) = s.size {
                    assert_eq!(score.capacity_headroom_gb, f64::from(size));
                }
                assert!(s.checks <= 64 - 3 + 1);
                if expected.is_none() {
                    assert!(s.failing_at_hi.contains(Constraint::Capacity));
                }
            }
        }
    }

    #[test]
    fn an_exact_estimate_costs_two_checks() {
        let s = smallest_passing((3, 64), 17, threshold(17));
        assert_eq!((s.size.map(|(size, _)| size), s.checks), (Some(17), 2));
    }
}
