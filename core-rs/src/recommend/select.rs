//! Which designs the search returns, each confirmed by `evaluate` (the
//! final word): the cheapest design of every family, and the cheapest
//! designs on the Pareto front.

use std::cmp::{Ordering, Reverse};
use std::collections::{BTreeMap, BinaryHeap, HashMap};

use crate::evaluate::evaluate;
use crate::model::Project;

use super::array::ArraySearch;
use super::base::{ArrayConfig, Base};
use super::family::Family;
use super::pareto::{by_cost, front, DesignKey, Point};
use super::requirement::is_unmet;
use super::score::COVERED;
use super::space::Choices;
use super::tally::{Stats, Tally};
use super::vsan::{Caps, VsanSearch};

/// The sized designs and what builds their projects.
pub struct Designs<'a> {
    pub base: &'a Base,
    pub choices: &'a Choices,
    pub vsan: Option<&'a VsanSearch>,
    pub array: Option<&'a ArraySearch>,
}

impl Designs<'_> {
    /// The design as a project reduced to its cluster.
    pub fn project(&self, key: DesignKey) -> Option<Project> {
        match key {
            DesignKey::Vsan { .. } => {
                let (config, size) = self.vsan?.config(self.choices, key)?;
                Some(self.base.vsan_project(&config, size))
            }
            DesignKey::Array { .. } => {
                let (s, c) = self.array?.parts(key)?;
                let config = ArrayConfig {
                    x_brick: &self.choices.x_bricks[s.x_brick],
                    x_bricks: s.x_bricks,
                    engines: s.engines,
                };
                Some(
                    self.base
                        .array_project(&config, &self.choices.hosts[c.host], c.size),
                )
            }
        }
    }
}

/// `evaluate`'s verdicts, within a budget of evaluations.
pub struct Verifier<'a> {
    designs: &'a Designs<'a>,
    verdicts: HashMap<DesignKey, bool>,
    remaining: u32,
    /// Unmet findings of rejected designs: code -> (designs, first message).
    pub rejections: BTreeMap<&'static str, (u64, String)>,
    /// vSAN designs the scorer passed that `evaluate` rejected for a rule
    /// the scorer covers: a disagreement, 0 unless a rule drifted.
    pub scorer_mismatches: u64,
    pub exhausted: bool,
}

impl<'a> Verifier<'a> {
    pub fn new(designs: &'a Designs<'a>, budget: u32) -> Self {
        Verifier {
            designs,
            verdicts: HashMap::new(),
            remaining: budget,
            rejections: BTreeMap::new(),
            scorer_mismatches: 0,
            exhausted: false,
        }
    }

    /// Whether the design meets every requirement; None once the budget is spent.
    pub fn accepts(&mut self, key: DesignKey, stats: &mut Stats) -> Option<bool> {
        if let Some(&v) = self.verdicts.get(&key) {
            return Some(v);
        }
        if self.remaining == 0 {
            self.exhausted = true;
            return None;
        }
        self.remaining -= 1;
        stats.full_evaluations += 1;
        let accepted = match self.designs.project(key).map(|p| evaluate(&p)) {
            Some(Ok(e)) => {
                let unmet: Vec<_> = e.findings.iter().filter(|f| is_unmet(f)).collect();
                let sized = matches!(key, DesignKey::Vsan { .. });
                if sized && unmet.iter().any(|f| COVERED.contains(&f.code)) {
                    self.scorer_mismatches += 1;
                }
                for f in &unmet {
                    let entry = self
                        .rejections
                        .entry(f.code)
                        .or_insert_with(|| (0, f.message.clone()));
                    entry.0 += 1;
                }
                unmet.is_empty()
            }
            Some(Err(issues)) => {
                for i in issues {
                    let entry = self
                        .rejections
                        .entry("input.invalid")
                        .or_insert_with(|| (0, i.message.clone()));
                    entry.0 += 1;
                }
                false
            }
            None => false,
        };
        self.verdicts.insert(key, accepted);
        Some(accepted)
    }
}

/// A point ordered cheapest first in a max-heap.
struct Cheapest(Point);

impl PartialEq for Cheapest {
    fn eq(&self, other: &Self) -> bool {
        by_cost(&self.0, &other.0) == Ordering::Equal
    }
}

impl Eq for Cheapest {}

impl PartialOrd for Cheapest {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Cheapest {
    fn cmp(&self, other: &Self) -> Ordering {
        by_cost(&self.0, &other.0)
    }
}

/// The cheapest accepted design of `family`; `points` are sorted by
/// `by_cost`. Designs come cheapest first
/// from the sized ones and, when `evaluate` rejects a vSAN design, from its
/// line one host (per site) larger, which costs more than the rejected one
/// and less than nothing else that is still waiting: so the first accepted
/// design is the cheapest one any size of any line offers.
pub fn cheapest(
    family: Family,
    points: &[Point],
    verifier: &mut Verifier,
    (caps, stats): (Caps, &mut Stats),
) -> Option<Point> {
    let mut sized = points
        .iter()
        .copied()
        .filter(|p| p.family == family)
        .peekable();
    let mut grown: BinaryHeap<Reverse<Cheapest>> = BinaryHeap::new();
    let mut scratch = Tally::default();
    loop {
        let from_grown = match (sized.peek(), grown.peek()) {
            (Some(s), Some(Reverse(g))) => by_cost(&g.0, s) == Ordering::Less,
            (None, Some(_)) => true,
            (Some(_), None) => false,
            (None, None) => return None,
        };
        let p = if from_grown {
            grown.pop().map(|Reverse(g)| g.0)
        } else {
            sized.next()
        }?;
        match verifier.accepts(p.key, stats)? {
            true => return Some(p),
            false => {
                let vsan = verifier.designs.vsan;
                let next = vsan
                    .and_then(|v| v.successor(p.key))
                    .and_then(|k| vsan?.point(verifier.designs.choices, caps, k, &mut scratch));
                if let Some(n) = next {
                    grown.push(Reverse(Cheapest(n)));
                }
            }
        }
    }
}

/// The cheapest `top` accepted designs (indices into `points`, sorted by
/// `by_cost`) of the front of accepted designs,
/// and the front's size. Rejected designs leave the set and the front is
/// recomputed (removing a design never drops another from the front, it
/// can only expose the ones it dominated), until every design taken is
/// accepted. Front members past `top` are not checked by `evaluate`.
pub fn front_designs(
    points: &[Point],
    top: usize,
    verifier: &mut Verifier,
    stats: &mut Stats,
) -> (Vec<u32>, Vec<u32>) {
    let mut removed = vec![false; points.len()];
    loop {
        let members = front(points, &removed);
        let mut taken = Vec::new();
        let mut rejected = false;
        for &i in &members {
            if taken.len() >= top {
                break;
            }
            match verifier.accepts(points[i as usize].key, stats) {
                Some(true) => taken.push(i),
                Some(false) => {
                    removed[i as usize] = true;
                    rejected = true;
                }
                None => return (taken, members),
            }
        }
        if !rejected {
            return (taken, members);
        }
    }
}
