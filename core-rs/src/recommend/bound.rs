//! How dear a vSAN line or ESA pool may be and still matter, from the
//! designs sized so far: the sizing skips a geometry or pool whose cheapest
//! possible design costs more (`vsan`, `esa_pool`), and `search` sizes the
//! skipped ones after all wherever the answer turns out to reach them, so
//! the answer is the one the search over every line gives.
//!
//! Only the answer's designs need to be found: the cheapest accepted design
//! of each family, and the cheapest `top` accepted members of the Pareto
//! front. A design is beaten only by designs costing no more than it, so
//! the front up to a cost is settled by the designs up to that cost. The
//! limit kept here is a guess at the answer's dearest design with a margin
//! for designs `evaluate` rejects; `search` checks the guess afterwards.

use super::family::Family;
use super::pareto::{by_cost, front, Point};

/// Designs beyond the `top` front members whose cost the limit keeps in
/// reach, for those `evaluate` may reject.
const FRONT_MARGIN: usize = 10;
/// Designs of each family the limit keeps in reach, likewise.
const FAMILY_MARGIN: usize = 4;

#[derive(Debug)]
pub struct CostBound {
    /// Front members the limit covers.
    front_members: usize,
    /// Every design seen costing no more than `front_limit`.
    cheap: Vec<Point>,
    front_limit: f64,
    /// Per family (`Family::ALL` order), the cheapest costs seen, ascending.
    family_costs: [Vec<f64>; 6],
    /// Points of the search's list already seen.
    seen: usize,
}

impl CostBound {
    /// A bound for an answer of `top` front designs; `usize::MAX` never
    /// limits the sizing.
    pub fn new(top: usize) -> CostBound {
        CostBound {
            front_members: top.saturating_add(FRONT_MARGIN),
            cheap: Vec::new(),
            front_limit: f64::INFINITY,
            family_costs: Default::default(),
            seen: 0,
        }
    }

    /// Takes in the designs added to `points` since the last call.
    pub fn observe(&mut self, points: &[Point]) {
        let Some(new) = points.get(self.seen..).filter(|n| !n.is_empty()) else {
            return;
        };
        self.seen = points.len();
        for p in new {
            let costs = &mut self.family_costs[family_index(p.family)];
            let at = costs.partition_point(|&c| c <= p.cost);
            if at < FAMILY_MARGIN {
                costs.insert(at, p.cost);
                costs.truncate(FAMILY_MARGIN);
            }
        }
        self.cheap
            .extend(new.iter().filter(|p| p.cost <= self.front_limit));
        self.cheap.sort_unstable_by(by_cost);
        let members = front(&self.cheap, &vec![false; self.cheap.len()]);
        if let Some(&last) = members.get(self.front_members - 1) {
            self.front_limit = self.cheap[last as usize].cost;
            let limit = self.front_limit;
            self.cheap.retain(|p| p.cost <= limit);
        }
    }

    /// The dearest design of `family` that may still be part of the answer.
    pub fn limit(&self, family: Family) -> f64 {
        let costs = &self.family_costs[family_index(family)];
        let family_limit = if costs.len() < FAMILY_MARGIN {
            f64::INFINITY
        } else {
            costs[FAMILY_MARGIN - 1]
        };
        // NaN (a cost no design has) keeps every line in reach.
        if family_limit.is_nan() || self.front_limit.is_nan() {
            return f64::INFINITY;
        }
        family_limit.max(self.front_limit)
    }
}

fn family_index(family: Family) -> usize {
    Family::ALL
        .iter()
        .position(|f| *f == family)
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::recommend::pareto::DesignKey;

    fn point(i: u16, cost: f64, capacity: f64, family: Family) -> Point {
        Point {
            cost,
            capacity_headroom_gb: capacity,
            iops_headroom: 1.0,
            family,
            key: DesignKey::Array {
                storage: i,
                compute: 0,
            },
        }
    }

    #[test]
    fn no_limit_until_enough_designs_are_seen() {
        let mut bound = CostBound::new(1);
        bound.observe(&[point(0, 10.0, 1.0, Family::AllFlashVsan)]);
        assert_eq!(bound.limit(Family::AllFlashVsan), f64::INFINITY);
    }

    #[test]
    fn the_limit_covers_the_front_and_each_familys_cheapest_designs() {
        let mut bound = CostBound::new(1);
        // Each design costs more and has more capacity headroom: all on the front.
        let points: Vec<Point> = (0..20)
            .map(|i| point(i, f64::from(i) * 10.0, f64::from(i), Family::AllFlashVsan))
            .collect();
        bound.observe(&points);
        // 1 + 10 front members: the 11th costs 100.
        assert_eq!(bound.limit(Family::AllFlashVsan), 100.0);
        // A family with fewer designs than its margin keeps every line.
        bound.observe(
            &[
                points.clone(),
                vec![point(99, 500.0, 0.0, Family::HybridVsan)],
            ]
            .concat(),
        );
        assert_eq!(bound.limit(Family::HybridVsan), f64::INFINITY);
    }

    #[test]
    fn dominated_designs_do_not_count_as_front_members() {
        let mut bound = CostBound::new(1);
        // One cheap design beats every dearer one: the front has one member,
        // too few to know where the answer's front ends.
        let mut points = vec![point(0, 1.0, 100.0, Family::AllFlashVsan)];
        points.extend((1..30).map(|i| point(i, 1.0 + f64::from(i), 1.0, Family::AllFlashVsan)));
        bound.observe(&points);
        assert_eq!(bound.limit(Family::AllFlashVsan), f64::INFINITY);
    }
}
