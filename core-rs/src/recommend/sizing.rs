//! The fewest hosts a configuration needs, given a check that is
//! monotonic in the size: once a size passes, every larger size passes.

use super::score::Failing;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sized {
    /// The smallest passing size in `lo..=hi`, if any.
    pub size: Option<u32>,
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
    mut check: impl FnMut(u32) -> Failing,
) -> Sized {
    let mut checks = 0;
    let mut passes = |size: u32, checks: &mut u32| {
        *checks += 1;
        let f = check(size);
        (f.is_empty(), f)
    };
    let start = start.clamp(lo, hi);
    let (ok, mut failing) = passes(start, &mut checks);
    if ok {
        let mut size = start;
        while size > lo && passes(size - 1, &mut checks).0 {
            size -= 1;
        }
        return Sized {
            size: Some(size),
            checks,
            failing_at_hi: Failing::default(),
        };
    }
    let (mut below, mut step) = (start, 1);
    let pass = loop {
        if below == hi {
            return Sized {
                size: None,
                checks,
                failing_at_hi: failing,
            };
        }
        let next = below.saturating_add(step).min(hi);
        let (ok, f) = passes(next, &mut checks);
        if ok {
            break next;
        }
        (below, failing, step) = (next, f, step * 2);
    };
    let (mut below, mut pass) = (below, pass);
    while pass - below > 1 {
        let mid = below + (pass - below) / 2;
        if passes(mid, &mut checks).0 {
            pass = mid;
        } else {
            below = mid;
        }
    }
    Sized {
        size: Some(pass),
        checks,
        failing_at_hi: Failing::default(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::recommend::requirement::Constraint;

    fn threshold(t: u32) -> impl FnMut(u32) -> Failing {
        move |size| {
            let mut f = Failing::default();
            if size < t {
                f.add(Constraint::Capacity);
            }
            f
        }
    }

    #[test]
    fn finds_the_threshold_from_any_start() {
        for t in 1..=70 {
            for start in [0, 3, 10, 40, 64, 100] {
                let s = smallest_passing((3, 64), start, threshold(t));
                let expected = (t <= 64).then_some(t.max(3));
                assert_eq!(s.size, expected, "threshold {t} from {start}");
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
        assert_eq!((s.size, s.checks), (Some(17), 2));
    }
}
