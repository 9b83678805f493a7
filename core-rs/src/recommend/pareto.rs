//! The Pareto front over (cost, capacity headroom, IOPS headroom): the
//! designs no other design beats on one axis without losing on another.

use std::cmp::Ordering;
use std::collections::BTreeMap;

use super::family::{Family, Platform};

/// Which design a point is: a vSAN line (geometry and protections) at a
/// size, an XtremIO + VPLEX storage option with a compute option, or a
/// vSAN ESA pool on a host model at a size.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DesignKey {
    Vsan {
        geometry: u32,
        assignment: u16,
        size: u8,
    },
    Array {
        storage: u16,
        compute: u16,
    },
    /// A vSAN ESA storage line on a host model at a size.
    Esa {
        line: u32,
        host: u16,
        size: u8,
    },
}

impl DesignKey {
    pub fn platform(self) -> Platform {
        match self {
            DesignKey::Vsan { .. } => Platform::VsanOsa,
            DesignKey::Esa { .. } => Platform::VsanEsa,
            DesignKey::Array { .. } => Platform::XtremioVplex,
        }
    }
}

/// A sized design as the front sees it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Point {
    pub cost: f64,
    pub capacity_headroom_gb: f64,
    /// Device-limited IOPS / demand (0 without demand).
    pub iops_headroom: f64,
    pub family: Family,
    pub key: DesignKey,
}

/// Cheapest first; at one cost the most headroom first; then by key, so
/// every order (and every tie) is reproducible.
pub fn by_cost(a: &Point, b: &Point) -> Ordering {
    let order = |x: f64, y: f64| zero_unsigned(x).total_cmp(&zero_unsigned(y));
    order(a.cost, b.cost)
        .then_with(|| order(b.capacity_headroom_gb, a.capacity_headroom_gb))
        .then_with(|| order(b.iops_headroom, a.iops_headroom))
        .then_with(|| a.key.cmp(&b.key))
}

/// `x` with -0.0 read as 0.0: the total order then agrees with `==` (and
/// `<=`) on every value but NaN, so designs with equal objectives sort
/// next to each other, as the sweep in `front` needs.
fn zero_unsigned(x: f64) -> f64 {
    x + 0.0
}

pub fn same_objectives(a: &Point, b: &Point) -> bool {
    a.cost == b.cost
        && a.capacity_headroom_gb == b.capacity_headroom_gb
        && a.iops_headroom == b.iops_headroom
}

#[derive(Debug, Clone, Copy, PartialEq)]
struct Key(f64);

impl Eq for Key {}

impl PartialOrd for Key {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Key {
    fn cmp(&self, other: &Self) -> Ordering {
        self.0.total_cmp(&other.0)
    }
}

/// The front of `points` (sorted by `by_cost`) without those `removed`
/// (indexed alike), in that order. Points with identical objectives share
/// their fate.
///
/// In that order a point can only be dominated by one before it (a later
/// one costs more, or costs the same with less capacity headroom, or the
/// same capacity and less IOPS headroom). So a sweep keeps the (capacity,
/// IOPS) staircase of the points so far: a point is dominated exactly when
/// the staircase holds one with at least its capacity and IOPS headroom.
pub fn front(points: &[Point], removed: &[bool]) -> Vec<u32> {
    let mut stairs: BTreeMap<Key, f64> = BTreeMap::new();
    let mut out = Vec::new();
    let mut last: Option<(u32, bool)> = None;
    for (i, p) in (0u32..).zip(points).filter(|(i, _)| !removed[*i as usize]) {
        if let Some((j, on_front)) = last {
            if same_objectives(p, &points[j as usize]) {
                if on_front {
                    out.push(i);
                }
                continue;
            }
        }
        let dominated = stairs
            .range(Key(zero_unsigned(p.capacity_headroom_gb))..)
            .next()
            .is_some_and(|(_, &iops)| iops >= p.iops_headroom);
        last = Some((i, !dominated));
        if dominated {
            continue;
        }
        out.push(i);
        let beaten: Vec<Key> = stairs
            .range(..=Key(zero_unsigned(p.capacity_headroom_gb)))
            .rev()
            .take_while(|(_, &iops)| iops <= p.iops_headroom)
            .map(|(k, _)| *k)
            .collect();
        for k in beaten {
            stairs.remove(&k);
        }
        stairs.insert(Key(zero_unsigned(p.capacity_headroom_gb)), p.iops_headroom);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn point(i: u16, cost: f64, capacity: f64, iops: f64) -> Point {
        Point {
            cost,
            capacity_headroom_gb: capacity,
            iops_headroom: iops,
            family: Family::AllFlashVsan,
            key: DesignKey::Array {
                storage: i,
                compute: 0,
            },
        }
    }

    fn naive(points: &[Point]) -> Vec<u32> {
        let dominates = |a: &Point, b: &Point| {
            a.cost <= b.cost
                && a.capacity_headroom_gb >= b.capacity_headroom_gb
                && a.iops_headroom >= b.iops_headroom
                && !same_objectives(a, b)
        };
        let mut out: Vec<u32> = (0..points.len() as u32)
            .filter(|&i| !points.iter().any(|q| dominates(q, &points[i as usize])))
            .collect();
        out.sort_by(|&a, &b| by_cost(&points[a as usize], &points[b as usize]));
        out
    }

    /// The front of `points` in any order, as indices into `points`.
    fn front_of(points: &[Point], removed: &[u32]) -> Vec<u32> {
        let mut order: Vec<u32> = (0..points.len() as u32)
            .filter(|i| !removed.contains(i))
            .collect();
        order.sort_by(|&a, &b| by_cost(&points[a as usize], &points[b as usize]));
        let sorted: Vec<Point> = order.iter().map(|&i| points[i as usize]).collect();
        front(&sorted, &vec![false; sorted.len()])
            .into_iter()
            .map(|k| order[k as usize])
            .collect()
    }

    #[test]
    fn dominated_designs_leave_the_front_and_ties_stay() {
        let points = [
            point(0, 100.0, 10.0, 2.0),
            point(1, 120.0, 5.0, 1.0), // dominated by 0
            point(2, 120.0, 20.0, 1.5),
            point(3, 100.0, 10.0, 2.0), // same as 0
            point(4, 150.0, 20.0, 1.5), // dominated by 2
            point(5, 150.0, 10.0, 3.0),
        ];
        assert_eq!(front_of(&points, &[]), vec![0, 3, 2, 5]);
        // Without design 2, design 4 (as much capacity headroom, costlier)
        // joins the front; 1 stays dominated by 0.
        assert_eq!(front_of(&points, &[2]), vec![0, 3, 4, 5]);
    }

    proptest::proptest! {
        #[test]
        fn the_sweep_finds_the_naive_front(
            raw in proptest::collection::vec((0u8..6, 0u8..6, 0u8..6), 0..60)
        ) {
            // 0 stands for -0.0: equal to 0.0, though not in the total order.
            let value = |v: u8| if v == 0 { -0.0 } else { f64::from(v) - 1.0 };
            let points: Vec<Point> = raw
                .iter()
                .enumerate()
                .map(|(i, &(c, k, o))| point(i as u16, value(c), value(k), value(o)))
                .collect();
            proptest::prop_assert_eq!(front_of(&points, &[]), naive(&points));
        }
    }
}
