//! Which designs the search returns, each confirmed by `evaluate` (the
//! final word): the cheapest design of every family, and the cheapest
//! designs on the Pareto front.

use std::cmp::{Ordering, Reverse};
use std::collections::{BTreeMap, BinaryHeap, HashMap, HashSet};

use crate::evaluate::evaluate;
use crate::model::Project;
use crate::rules::Severity;

use super::array::ArraySearch;
use super::base::{ArrayConfig, Base};
use super::esa_pool::EsaSearch;
use super::family::{Family, Platform};
use super::pareto::{by_cost, front, DesignKey, Point};
use super::requirement::is_unmet;
use super::score::COVERED;
use super::space::Choices;
use super::survive::MustSurvive;
use super::tally::{Stats, Tally};
use super::vsan::{Caps, Group, VsanSearch};

/// The sized designs and what builds their projects.
pub struct Designs<'a> {
    pub base: &'a Base,
    pub choices: &'a Choices,
    pub vsan: Option<&'a VsanSearch>,
    pub array: Option<&'a ArraySearch>,
    pub esa: Option<&'a EsaSearch>,
    pub caps: Caps,
    /// The designs kept after `shadow` set the beaten ones aside.
    pub kept: &'a HashSet<DesignKey>,
}

impl Designs<'_> {
    /// The same vSAN line or ESA design one host (per site) larger,
    /// within the caps.
    pub fn successor(&self, key: DesignKey, scratch: &mut Tally) -> Option<Point> {
        match key {
            DesignKey::Esa { .. } => {
                let esa = self.esa?;
                esa.point(self.choices, self.caps, esa.successor(key)?, scratch)
            }
            _ => {
                let vsan = self.vsan?;
                vsan.point(self.choices, self.caps, vsan.successor(key)?, scratch)
            }
        }
    }

    /// The designs `shadow` set aside in the group of `key`, the first
    /// time its group is named in `put_back`; none otherwise.
    pub fn put_back(&self, key: DesignKey, put_back: &mut Vec<Group>) -> Vec<Point> {
        let Some((vsan, group)) = self.vsan.and_then(|v| Some((v, v.group(key)?))) else {
            return Vec::new();
        };
        if put_back.contains(&group) {
            return Vec::new();
        }
        put_back.push(group);
        let mut points = vsan.group_points(self.choices, self.caps, group);
        points.retain(|p| !self.kept.contains(&p.key));
        points
    }

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
            DesignKey::Esa { .. } => {
                let (config, size) = self.esa?.config(self.choices, key)?;
                Some(self.base.esa_project(&config, size))
            }
        }
    }
}

/// `evaluate`'s verdicts, within a budget of evaluations.
pub struct Verifier<'a> {
    designs: &'a Designs<'a>,
    /// Warnings reject a design too (`WarningPolicy::NoWarnings`).
    no_warnings: bool,
    /// Failures the design must ride out (`RecommendOptions::must_survive`).
    must_survive: &'a [MustSurvive],
    verdicts: HashMap<DesignKey, bool>,
    remaining: u32,
    /// Unmet findings of rejected designs, per platform: (platform, code)
    /// -> (designs, first message).
    pub rejections: BTreeMap<(Platform, &'static str), (u64, String)>,
    /// vSAN designs the scorer passed that `evaluate` rejected for a rule
    /// the scorer covers: a disagreement, 0 unless a rule drifted.
    pub scorer_mismatches: u64,
    pub exhausted: bool,
}

impl<'a> Verifier<'a> {
    pub fn new(
        designs: &'a Designs<'a>,
        budget: u32,
        (no_warnings, must_survive): (bool, &'a [MustSurvive]),
    ) -> Self {
        Verifier {
            designs,
            no_warnings,
            must_survive,
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
        let project = self.designs.project(key);
        let accepted = match project.as_ref().map(|p| (evaluate(p), p)) {
            Some((Ok(e), p)) => {
                let unmet: Vec<_> = e
                    .findings
                    .iter()
                    .filter(|f| {
                        is_unmet(f) || (self.no_warnings && f.severity == Severity::Warning)
                    })
                    .collect();
                let sized = matches!(key, DesignKey::Vsan { .. });
                if sized && unmet.iter().any(|f| COVERED.contains(&f.code)) {
                    self.scorer_mismatches += 1;
                }
                for f in &unmet {
                    self.reject(key, f.code.as_str(), &f.message);
                }
                let hours = p.settings.resilience.long_resync_hours;
                let must_survive = self.must_survive;
                let short = must_survive.iter().find_map(|&m| {
                    let why = m.shortfall(&e.clusters.first()?.detail, hours)?;
                    Some((m, why))
                });
                if let (true, Some((m, why))) = (unmet.is_empty(), &short) {
                    self.reject(key, m.code(), &format!("{} fails: {why}", m.label()));
                }
                unmet.is_empty() && short.is_none()
            }
            Some((Err(issues), _)) => {
                for i in issues {
                    self.reject(key, "input.invalid", &i.message);
                }
                false
            }
            None => false,
        };
        self.verdicts.insert(key, accepted);
        Some(accepted)
    }

    /// Counts a rejected design under its platform and `code`, keeping the
    /// first message.
    fn reject(&mut self, key: DesignKey, code: &'static str, message: &str) {
        let entry = self
            .rejections
            .entry((key.platform(), code))
            .or_insert_with(|| (0, message.to_string()));
        entry.0 += 1;
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
/// `by_cost`. Designs come cheapest first from the sized ones and from
/// those `rejected` brings in when `evaluate` rejects a design: the same
/// vSAN line one host (per site) larger, which costs more than the rejected
/// one and less than nothing else that is still waiting, and the designs
/// `shadow` set aside in its group, each costlier than it. So the first
/// accepted design is the cheapest one any size of any line offers.
pub fn cheapest(
    family: Family,
    points: &[Point],
    mut accepts: impl FnMut(DesignKey) -> Option<bool>,
    mut rejected: impl FnMut(DesignKey) -> Vec<Point>,
) -> Option<Point> {
    let mut sized = points
        .iter()
        .copied()
        .filter(|p| p.family == family)
        .peekable();
    let mut grown: BinaryHeap<Reverse<Cheapest>> = BinaryHeap::new();
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
        if accepts(p.key)? {
            return Some(p);
        }
        grown.extend(rejected(p.key).into_iter().map(|n| Reverse(Cheapest(n))));
    }
}

/// The cheapest `top` accepted designs of the front of accepted designs
/// (`points` sorted by `by_cost`), and the front's members. Rejected
/// designs leave the set, the designs `shadow` set aside in their group
/// come back, and the front is recomputed (removing a design never drops
/// another from the front, it can only expose the ones it dominated),
/// until every design taken is accepted. Front members past `top` are not
/// checked by `evaluate`.
pub fn front_designs(
    points: &[Point],
    top: usize,
    mut accepts: impl FnMut(DesignKey) -> Option<bool>,
    mut put_back: impl FnMut(DesignKey) -> Vec<Point>,
) -> (Vec<Point>, Vec<Point>) {
    let mut points = points.to_vec();
    let mut removed = vec![false; points.len()];
    loop {
        let members = front(&points, &removed);
        let mut taken = Vec::new();
        let mut back = Vec::new();
        for &i in &members {
            if taken.len() >= top {
                break;
            }
            let p = points[i as usize];
            match accepts(p.key) {
                Some(true) => taken.push(p),
                Some(false) => {
                    removed[i as usize] = true;
                    back.push(p.key);
                }
                None => {
                    let members = members.iter().map(|&i| points[i as usize]).collect();
                    return (taken, members);
                }
            }
        }
        if back.is_empty() {
            let members = members.iter().map(|&i| points[i as usize]).collect();
            return (taken, members);
        }
        let set_aside: Vec<Point> = back.into_iter().flat_map(&mut put_back).collect();
        if !set_aside.is_empty() {
            let gone: HashSet<DesignKey> = (0..points.len())
                .filter(|&i| removed[i])
                .map(|i| points[i].key)
                .collect();
            points.extend(set_aside);
            points.sort_unstable_by(by_cost);
            removed = points.iter().map(|p| gone.contains(&p.key)).collect();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::recommend::shadow::Unbeaten;

    /// Designs in four groups of two families, with objectives from a
    /// small set so that ties and dominance are common.
    fn designs(raw: &[(u8, u8, u8, u8)]) -> Vec<(u8, Point)> {
        let value = |v: u8| if v == 0 { -0.0 } else { f64::from(v) - 1.0 };
        raw.iter()
            .enumerate()
            .map(|(i, &(g, c, k, o))| {
                let family = if g < 2 {
                    Family::AllFlashVsan
                } else {
                    Family::HybridVsan
                };
                let key = DesignKey::Vsan {
                    geometry: i as u32,
                    assignment: 0,
                    size: 3,
                };
                let point = Point {
                    cost: value(c),
                    capacity_headroom_gb: value(k),
                    iops_headroom: value(o),
                    family,
                    key,
                };
                (g, point)
            })
            .collect()
    }

    fn sorted(mut points: Vec<Point>) -> Vec<Point> {
        points.sort_by(by_cost);
        points
    }

    fn keys(points: &[Point]) -> Vec<DesignKey> {
        points.iter().map(|p| p.key).collect()
    }

    proptest::proptest! {
        /// Whatever `evaluate` rejects, walking and sweeping the unbeaten
        /// designs, putting a group back when one of its designs is
        /// rejected, finds what walking and sweeping every design finds.
        #[test]
        fn putting_groups_back_on_rejection_matches_every_design(
            raw in proptest::collection::vec((0u8..4, 0u8..5, 0u8..5, 0u8..5), 0..60),
            rejected in proptest::collection::vec(proptest::bool::weighted(0.4), 60),
            top in 1usize..6,
        ) {
            let all = designs(&raw);
            let mut kept = Vec::new();
            for group in 0..4 {
                let mut unbeaten = Unbeaten::default();
                for (_, p) in all.iter().filter(|(g, _)| *g == group) {
                    unbeaten.add(*p, &mut kept);
                }
                unbeaten.flush(&mut kept);
            }
            let kept_keys: HashSet<DesignKey> = kept.iter().map(|p| p.key).collect();
            let every = sorted(all.iter().map(|(_, p)| *p).collect());
            let kept = sorted(kept);
            let accepts = |key: DesignKey| {
                let DesignKey::Vsan { geometry, .. } = key else { return Some(true) };
                Some(!rejected[geometry as usize])
            };
            let group_of = |key: DesignKey| {
                all.iter().find(|(_, p)| p.key == key).map(|(g, _)| *g)
            };
            let put_back = |done: &mut Vec<u8>, key: DesignKey| -> Vec<Point> {
                let Some(group) = group_of(key).filter(|g| !done.contains(g)) else {
                    return Vec::new();
                };
                done.push(group);
                all.iter()
                    .filter(|(g, p)| *g == group && !kept_keys.contains(&p.key))
                    .map(|(_, p)| *p)
                    .collect()
            };
            for family in [Family::AllFlashVsan, Family::HybridVsan] {
                let expected = cheapest(family, &every, accepts, |_| Vec::new());
                let mut done = Vec::new();
                let found = cheapest(family, &kept, accepts, |key| put_back(&mut done, key));
                proptest::prop_assert_eq!(found.map(|p| p.key), expected.map(|p| p.key));
            }
            let (taken, members) = front_designs(&every, top, accepts, |_| Vec::new());
            let mut done = Vec::new();
            let (found_taken, found_members) =
                front_designs(&kept, top, accepts, |key| put_back(&mut done, key));
            proptest::prop_assert_eq!(keys(&found_taken), keys(&taken));
            proptest::prop_assert_eq!(keys(&found_members), keys(&members));
        }
    }
}
