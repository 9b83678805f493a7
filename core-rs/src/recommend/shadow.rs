//! Setting aside the sized vSAN designs another design of their group
//! beats, so that only the few that can matter are sorted and swept.
//!
//! A group is one host model and disk-group layout on one storage tier:
//! every design of a group is of one family. Most designs of a group are
//! beaten inside it (a costlier line with less headroom of both kinds),
//! and a beaten design is on no Pareto front, nor the cheapest of its
//! family. Only `evaluate` rejecting the design that beats it can bring it
//! back: `select` then puts every design of that group back (sizing its
//! lines again) before going on, which gives the very answer the search
//! over every design gives:
//! - the family walk visits designs cheapest first (`by_cost`); a beaten
//!   design comes after the design beating it, and after the group's first
//!   design the walk reaches, so putting the group back when that design
//!   is rejected keeps the walk's order, and nothing it would have visited
//!   is missing;
//! - for the front, a beaten design is dominated by a design of its group
//!   that is still there (no design of a group nobody rejected is
//!   removed), so leaving it out changes no other design's verdict in
//!   `pareto::front`'s sweep.

use super::pareto::{same_objectives, Point};

/// Most designs a group keeps for comparison; past this, designs nothing
/// in the list beats are kept without joining it, which bounds the work on
/// odd catalogs and only means fewer designs are set aside.
const MAX_KEPT: usize = 256;

/// `a` dominates `b`, for designs without NaN objectives (`select` checks
/// there is none): `==`, `<=` and `by_cost`'s order then agree, so `a`
/// comes before `b` and the sweep counts `b` as dominated.
#[inline]
fn shadows(a: &Point, b: &Point) -> bool {
    a.cost <= b.cost
        && a.capacity_headroom_gb >= b.capacity_headroom_gb
        && a.iops_headroom >= b.iops_headroom
        && !same_objectives(a, b)
}

pub fn has_nan(p: &Point) -> bool {
    p.cost.is_nan() || p.capacity_headroom_gb.is_nan() || p.iops_headroom.is_nan()
}

/// The designs of the current group that no other design of it beats.
#[derive(Debug, Default)]
pub struct Unbeaten {
    kept: Vec<Point>,
}

impl Unbeaten {
    /// Adds a design of the group; designs that cannot join the list go
    /// straight to `out`.
    pub fn add(&mut self, p: Point, out: &mut Vec<Point>) {
        if has_nan(&p) {
            out.push(p);
            return;
        }
        // The design that beat the last one most likely beats this one:
        // it moves to the front.
        if let Some(i) = self.kept.iter().position(|q| shadows(q, &p)) {
            self.kept.swap(0, i);
            return;
        }
        self.kept.retain(|q| !shadows(&p, q));
        if self.kept.len() < MAX_KEPT {
            self.kept.push(p);
        } else {
            out.push(p);
        }
    }

    /// Ends the group: its unbeaten designs go to `out`.
    pub fn flush(&mut self, out: &mut Vec<Point>) {
        out.append(&mut self.kept);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::recommend::family::Family;
    use crate::recommend::pareto::{by_cost, front, DesignKey};

    fn point(i: u32, cost: f64, capacity: f64, iops: f64) -> Point {
        Point {
            cost,
            capacity_headroom_gb: capacity,
            iops_headroom: iops,
            family: Family::AllFlashVsan,
            key: DesignKey::Vsan {
                geometry: i,
                assignment: 0,
                size: 3,
            },
        }
    }

    fn front_keys(points: &[Point]) -> Vec<DesignKey> {
        let mut sorted = points.to_vec();
        sorted.sort_by(by_cost);
        front(&sorted, &vec![false; sorted.len()])
            .into_iter()
            .map(|i| sorted[i as usize].key)
            .collect()
    }

    /// Objectives from a small set with signed zeros and ties, so that
    /// equal and nearly equal designs are common.
    fn value(v: i8) -> f64 {
        match v {
            0 => -0.0,
            1 => 0.0,
            _ => f64::from(v) - 1.0,
        }
    }

    proptest::proptest! {
        /// Setting aside the beaten designs of each group leaves the front
        /// as the sweep over every design finds it.
        #[test]
        fn the_unbeaten_designs_have_the_same_front(
            raw in proptest::collection::vec((0u8..3, 0i8..5, -2i8..5, -2i8..5), 0..80)
        ) {
            let points: Vec<Point> = raw
                .iter()
                .enumerate()
                .map(|(i, &(_, c, k, o))| point(i as u32, value(c), value(k), value(o)))
                .collect();
            let mut kept = Vec::new();
            for group in 0..3 {
                let mut unbeaten = Unbeaten::default();
                for (p, &(g, ..)) in points.iter().zip(&raw) {
                    if g == group {
                        unbeaten.add(*p, &mut kept);
                    }
                }
                unbeaten.flush(&mut kept);
            }
            proptest::prop_assert_eq!(front_keys(&kept), front_keys(&points));
        }
    }

    #[test]
    fn a_design_with_a_nan_is_kept_and_beats_nothing() {
        let mut kept = Vec::new();
        let mut unbeaten = Unbeaten::default();
        unbeaten.add(point(0, 1.0, 5.0, 5.0), &mut kept);
        unbeaten.add(point(1, 2.0, f64::NAN, 1.0), &mut kept);
        unbeaten.add(point(2, f64::NAN, 9.0, 9.0), &mut kept);
        unbeaten.add(point(3, 0.5, 9.0, f64::NAN), &mut kept);
        unbeaten.add(point(4, 3.0, 1.0, 1.0), &mut kept);
        unbeaten.add(point(5, 0.5, 0.0, 5.0), &mut kept);
        unbeaten.add(point(6, 0.5, -0.0, 4.0), &mut kept);
        unbeaten.add(point(7, 0.5, -0.0, 5.0), &mut kept);
        unbeaten.flush(&mut kept);
        let mut found: Vec<u32> = kept
            .iter()
            .map(|p| match p.key {
                DesignKey::Vsan { geometry, .. } => geometry,
                DesignKey::Array { .. } | DesignKey::Esa { .. } => u32::MAX,
            })
            .collect();
        found.sort_unstable();
        // 4 is beaten by 0 and 6 by 5; 7 equals 5: neither beats the other.
        assert_eq!(found, vec![0, 1, 2, 3, 5, 7]);
    }
}
