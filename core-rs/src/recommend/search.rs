//! The search as a stepper, so a caller (the app's Web Worker) can report
//! progress and stop between steps: each `step` does a bounded amount of
//! work and returns where the search stands.

use std::collections::{BTreeMap, HashSet};

use serde::{Deserialize, Serialize};

use crate::catalog::Catalog;
use crate::model::Project;
use crate::verdict::VerdictStatus;

use super::array::ArraySearch;
use super::base::Base;
use super::bound::CostBound;
use super::esa_pool::EsaSearch;
use super::family::{Family, Platform};
use super::options::{RecommendOptions, WarningPolicy};
use super::output::{design, Progress, Recommendation};
use super::pareto::{by_cost, DesignKey, Point};
use super::reason::{infeasible, Limits};
use super::requirement::Constraint;
use super::select::{cheapest, front_designs, Designs, Verifier};
use super::shadow::has_nan;
use super::space::{choices, search_currency, Choices};
use super::tally::{Stats, Tallies, Tally};
use super::vsan::{Caps, VsanSearch};

/// vSAN lines sized per step: a few milliseconds of work.
const LINES_PER_STEP: u64 = 20_000;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Sizing the XtremIO + VPLEX axes with `evaluate`.
    SizingArrays,
    /// Sizing the vSAN ESA axes with `evaluate`.
    SizingEsa,
    /// Sizing the vSAN lines that may matter with the fast scorer.
    SizingVsan,
    /// Confirming the chosen designs with `evaluate`.
    Selecting,
    Done,
}

pub struct Search {
    base: Option<Base>,
    choices: Choices,
    options: RecommendOptions,
    caps: Caps,
    vsan: Option<VsanSearch>,
    array: Option<ArraySearch>,
    esa: Option<EsaSearch>,
    /// Whether the ESA axes' set-up has run (`esa` stays None when the
    /// family is not searched).
    esa_started: bool,
    points: Vec<Point>,
    bound: CostBound,
    stats: Stats,
    tallies: Tallies,
    notes: Vec<String>,
    phase: Phase,
    currency: String,
    result: Option<Recommendation>,
}

impl Search {
    pub fn new(project: &Project, catalog: &Catalog, options: &RecommendOptions) -> Search {
        Search::bounded(project, catalog, options, CostBound::new(options.top))
    }

    /// The search with the vSAN sizing skipping what `bound` rules out.
    pub(super) fn bounded(
        project: &Project,
        catalog: &Catalog,
        options: &RecommendOptions,
        bound: CostBound,
    ) -> Search {
        let currency = search_currency(catalog);
        let mut search = Search {
            base: None,
            choices: choices(catalog, options),
            options: options.clone(),
            caps: Caps {
                budget: options.budget,
                rack_units: options.max_rack_units,
                power_w: options.max_power_w,
            },
            vsan: None,
            array: None,
            esa: None,
            esa_started: false,
            points: Vec::new(),
            bound,
            stats: Stats::default(),
            tallies: Tallies::default(),
            notes: Vec::new(),
            phase: Phase::SizingArrays,
            currency,
            result: None,
        };
        let issues = options.issues();
        if !issues.is_empty() {
            let mut r = search.empty(String::new());
            r.infeasible_reason = Some(format!(
                "the search options are out of range: {}",
                messages(&issues)
            ));
            r.input_issues = issues;
            search.done(r);
            return search;
        }
        let project = &options.applied_to(project);
        let base = match Base::new(project, options.cluster_id.as_deref()) {
            Ok(base) => base,
            Err(reason) => {
                let mut r = search.empty(String::new());
                r.infeasible_reason = Some(reason);
                search.done(r);
                return search;
            }
        };
        match VsanSearch::new(&base, &search.choices, options, &mut search.stats) {
            Ok(vsan) => search.vsan = vsan,
            Err(issues) => {
                let mut r = search.empty(base.cluster().id.clone());
                r.infeasible_reason = Some(format!(
                    "the project has input issues: {}",
                    messages(&issues)
                ));
                r.input_issues = issues;
                search.done(r);
                return search;
            }
        }
        if search.vsan.as_ref().is_some_and(|v| v.uniform_protection) {
            search.notes.push(
                "With this many storage policies every workload class gets the same protection."
                    .into(),
            );
        }
        search
            .notes
            .extend(unmodelled_notes(&search.options, base.stretched()));
        search.base = Some(base);
        search
    }

    pub fn is_done(&self) -> bool {
        self.result.is_some()
    }

    pub fn progress(&self) -> Progress {
        Progress {
            phase: self.phase,
            lines_done: self.vsan.as_ref().map_or(0, |v| v.lines_done),
            lines: self.vsan.as_ref().map_or(0, |v| v.lines),
            evaluated: self.stats.evaluated,
            pruned: self.stats.pruned,
            full_evaluations: self.stats.full_evaluations,
        }
    }

    /// Does the next bounded piece of work. The arrays and ESA come first:
    /// their designs tell the vSAN sizing how dear a design may be.
    pub fn step(&mut self) -> Progress {
        match self.phase {
            Phase::SizingArrays => {
                self.size_arrays();
                self.phase = Phase::SizingEsa;
            }
            Phase::SizingEsa => self.size_esa(),
            Phase::SizingVsan => match &mut self.vsan {
                Some(v) if !v.done() => {
                    v.step(
                        &self.choices,
                        (self.caps, &self.bound),
                        LINES_PER_STEP,
                        &mut self.points,
                        (&mut self.stats, self.tallies.of_mut(Platform::VsanOsa)),
                    );
                    self.bound.observe(&self.points);
                }
                _ => self.phase = Phase::Selecting,
            },
            Phase::Selecting => self.select(),
            Phase::Done => {}
        }
        self.progress()
    }

    /// Runs the remaining steps and returns the answer.
    pub fn finish(mut self) -> Recommendation {
        loop {
            if let Some(r) = self.result.take() {
                return r;
            }
            self.step();
        }
    }

    fn size_arrays(&mut self) {
        let Some(base) = &self.base else { return };
        if !self.options.allows_family(Family::XtremioVplex) {
            return;
        }
        if !base.stretched() {
            self.notes.push(
                "XtremIO + VPLEX Metro was not searched: it spans two sites and the cluster is single-site."
                    .into(),
            );
            return;
        }
        if self.choices.x_bricks.is_empty() || self.choices.engine.is_none() {
            self.notes.push(
                "XtremIO + VPLEX Metro was not searched: the catalog has no X-Brick the core models or no VPLEX engine."
                    .into(),
            );
            return;
        }
        for id in &self.choices.unknown_x_bricks {
            self.notes.push(format!(
                "X-Brick part \"{id}\" names no array model the core knows: left out."
            ));
        }
        match ArraySearch::run(
            base,
            &self.choices,
            (self.options.min_hosts, self.options.max_hosts),
            &mut self.stats,
            self.tallies.of_mut(Platform::XtremioVplex),
        ) {
            Ok(Some(array)) => {
                let tally = self.tallies.of_mut(Platform::XtremioVplex);
                self.points
                    .extend(array.points(&self.choices, self.caps, tally));
                self.bound.observe(&self.points);
                self.array = Some(array);
            }
            Ok(None) => {}
            Err(issues) => self.notes.push(format!(
                "XtremIO + VPLEX Metro was not searched: {}",
                messages(&issues)
            )),
        }
    }

    /// The ESA axes' set-up in the phase's first step, then a pool a step.
    fn size_esa(&mut self) {
        let Some(base) = &self.base else {
            self.phase = Phase::SizingVsan;
            return;
        };
        let sized = match &mut self.esa {
            None if !self.esa_started => {
                self.esa_started = true;
                EsaSearch::new(
                    base,
                    &self.choices,
                    &self.options,
                    (&mut self.stats, self.tallies.of_mut(Platform::VsanEsa)),
                    &mut self.notes,
                )
                .map(|esa| self.esa = esa)
            }
            Some(esa) if !esa.done() => {
                let sized = esa.step(
                    (base, &self.choices),
                    (self.caps, &self.bound),
                    &mut self.points,
                    (&mut self.stats, self.tallies.of_mut(Platform::VsanEsa)),
                );
                self.bound.observe(&self.points);
                sized
            }
            _ => {
                self.phase = Phase::SizingVsan;
                Ok(())
            }
        };
        if let Err(issues) = sized {
            // As if the family had not been searched: no design of it stays.
            self.esa = None;
            self.points.retain(|p| p.family != Family::EsaVsan);
            self.notes
                .push(format!("vSAN ESA was not searched: {}", messages(&issues)));
            self.phase = Phase::SizingVsan;
        }
    }

    fn select(&mut self) {
        let Some(base) = &self.base else {
            let r = self.empty(String::new());
            self.done(r);
            return;
        };
        // `shadow`'s argument holds without NaN objectives; with one, every
        // design set aside comes back, the skipped ones sized with them.
        if self.points.iter().any(has_nan) {
            if let Some(vsan) = &mut self.vsan {
                let kept: HashSet<DesignKey> = self.points.iter().map(|p| p.key).collect();
                for group in vsan.groups() {
                    let points = vsan.group_points(&self.choices, self.caps, group);
                    self.points
                        .extend(points.into_iter().filter(|p| !kept.contains(&p.key)));
                }
                vsan.skipped.clear();
            }
        }
        self.points.sort_unstable_by(by_cost);
        let kept: HashSet<DesignKey> = self.points.iter().map(|p| p.key).collect();
        let designs = Designs {
            base,
            choices: &self.choices,
            vsan: self.vsan.as_ref(),
            array: self.array.as_ref(),
            esa: self.esa.as_ref(),
            caps: self.caps,
            kept: &kept,
        };
        let mut verifier = Verifier::new(
            &designs,
            self.options.max_full_evaluations,
            (
                self.options.warnings == WarningPolicy::NoWarnings,
                &self.options.must_survive,
            ),
        );
        let mut bests: Vec<Point> = Vec::new();
        for family in Family::ALL {
            let (mut scratch, mut put_back) = (Tally::default(), Vec::new());
            let stats = &mut self.stats;
            let best = cheapest(
                family,
                &self.points,
                |key| verifier.accepts(key, stats),
                |key| {
                    let next = designs.successor(key, &mut scratch);
                    next.into_iter()
                        .chain(designs.put_back(key, &mut put_back))
                        .collect()
                },
            );
            bests.extend(best);
        }
        let mut put_back = Vec::new();
        let (taken, members) = front_designs(
            &self.points,
            self.options.top,
            |key| verifier.accepts(key, &mut self.stats),
            |key| designs.put_back(key, &mut put_back),
        );
        let on_front: HashSet<DesignKey> = members.iter().map(|p| p.key).collect();
        let reach = Reach::of(&taken, &bests, &on_front, self.options.top);
        let Verifier {
            exhausted,
            rejections,
            scorer_mismatches,
            ..
        } = verifier;
        let reachable = match &self.vsan {
            Some(vsan) if !exhausted => vsan.reachable(|f| reach.family(f)),
            _ => Vec::new(),
        };
        let esa_reachable = match &self.esa {
            Some(esa) if !exhausted => esa.reachable(reach.family(Family::EsaVsan)),
            _ => Vec::new(),
        };
        if !reachable.is_empty() || !esa_reachable.is_empty() {
            // The answer reaches designs the sizing skipped: size them and
            // select again.
            if let Some(vsan) = &mut self.vsan {
                vsan.resume(&reachable);
            }
            if let Some(esa) = &mut self.esa {
                esa.resume(&esa_reachable);
            }
            self.phase = Phase::SizingEsa;
            return;
        }
        let mut chosen: Vec<(Point, bool, bool)> = taken
            .iter()
            .map(|&p| (p, true, bests.iter().any(|b| b.key == p.key)))
            .collect();
        for b in &bests {
            if !chosen.iter().any(|(p, _, _)| p.key == b.key) {
                chosen.push((*b, on_front.contains(&b.key), true));
            }
        }
        chosen.sort_by(|a, b| by_cost(&a.0, &b.0));
        let mut returned: Vec<_> = chosen
            .iter()
            .filter_map(|(p, on_front, best)| {
                design(&designs, p, (*on_front, *best), &self.currency)
            })
            .collect();
        // Clean passes first, each part cheapest first: a design passing
        // with warnings is only proposed after every clean one.
        returned.sort_by_key(|d| d.verdict.status != VerdictStatus::Pass);
        if exhausted {
            self.notes.push(format!(
                "Verification stopped after {} full evaluations (max_full_evaluations).",
                self.options.max_full_evaluations
            ));
        }
        let mismatches = scorer_mismatches;
        let cluster_id = base.cluster().id.clone();
        let mut r = self.empty(cluster_id);
        r.scorer_mismatches = mismatches;
        r.pareto_front_size = members.iter().filter(|m| m.cost <= reach.front).count();
        if returned.is_empty() {
            let (constraint, reason) = self.infeasible(base.stretched(), &rejections);
            r.infeasible_constraint = Some(constraint);
            r.infeasible_reason = Some(reason);
        }
        r.designs = returned;
        self.done(r);
    }

    /// Why no design is left: for each platform searched, its families,
    /// the constraint its own configurations and verified designs failed
    /// and why; the constraint is the first platform's.
    fn infeasible(
        &self,
        stretched: bool,
        rejections: &BTreeMap<(Platform, &'static str), (u64, String)>,
    ) -> (Constraint, String) {
        let searched = [
            (
                Platform::VsanOsa,
                self.vsan.as_ref().map(|v| (v.sizes.1, v.stretched)),
            ),
            (
                Platform::VsanEsa,
                self.esa.as_ref().map(|e| (e.sizes.1, false)),
            ),
            (
                Platform::XtremioVplex,
                self.array.as_ref().map(|a| (a.most_per_site, true)),
            ),
        ];
        let mut reasons = Vec::new();
        for (platform, largest_size) in searched {
            let Some(largest_size) = largest_size else {
                continue;
            };
            let mut tally = self.tallies.of(platform).clone();
            if let Some(esa) = self.esa.as_ref().filter(|_| platform == Platform::VsanEsa) {
                esa.add_failing(&mut tally);
            }
            let own: BTreeMap<&'static str, (u64, String)> = rejections
                .iter()
                .filter(|((p, _), _)| *p == platform)
                .map(|((_, code), seen)| (*code, seen.clone()))
                .collect();
            let limits = Limits {
                options: &self.options,
                currency: &self.currency,
                largest_size: Some(largest_size),
            };
            let (constraint, reason) = infeasible(&tally, &own, &limits);
            let families: Vec<&str> = Family::ALL
                .iter()
                .filter(|f| f.platform() == platform && f.on_topology(stretched))
                .filter(|f| self.options.allows_family(**f))
                .map(|f| f.label())
                .collect();
            reasons.push((constraint, format!("{}: {reason}", families.join(" and "))));
        }
        match reasons.first() {
            Some(&(constraint, _)) => {
                let sentences: Vec<String> = reasons.into_iter().map(|(_, r)| r).collect();
                (constraint, sentences.join("; "))
            }
            None => infeasible(
                &Tally::default(),
                &BTreeMap::new(),
                &Limits {
                    options: &self.options,
                    currency: &self.currency,
                    largest_size: None,
                },
            ),
        }
    }

    fn done(&mut self, r: Recommendation) {
        self.phase = Phase::Done;
        self.result = Some(r);
    }

    fn empty(&self, cluster_id: String) -> Recommendation {
        Recommendation {
            cluster_id,
            currency: self.currency.clone(),
            search_space: self.stats.search_space,
            evaluated: self.stats.evaluated,
            pruned: self.stats.pruned,
            full_evaluations: self.stats.full_evaluations,
            scorer_mismatches: 0,
            pareto_front_size: 0,
            designs: Vec::new(),
            infeasible_reason: None,
            infeasible_constraint: None,
            input_issues: Vec::new(),
            notes: self.notes.clone(),
        }
    }
}

/// How dear a design the answer depends on, per family: every design up
/// to it must have been sized. The front's `top` members depend on the
/// designs up to the dearest of them; a family's cheapest design is only
/// known once every cheaper design of its family was sized; and whether
/// that design is on the front depends on the designs up to its cost,
/// unless a design already sized beats it (sizing more cannot undo that).
struct Reach {
    front: f64,
    bests: Vec<Point>,
}

impl Reach {
    fn of(taken: &[Point], bests: &[Point], on_front: &HashSet<DesignKey>, top: usize) -> Reach {
        let front_full = taken.len() >= top;
        let dearest_taken = match taken.last() {
            Some(p) if front_full => p.cost,
            None if top == 0 => f64::NEG_INFINITY,
            _ => f64::INFINITY,
        };
        let front = bests
            .iter()
            .filter(|b| on_front.contains(&b.key) && !taken.iter().any(|t| t.key == b.key))
            .map(|b| b.cost)
            .fold(dearest_taken, larger);
        Reach {
            front,
            bests: bests.to_vec(),
        }
    }

    fn family(&self, family: Family) -> f64 {
        let best = self
            .bests
            .iter()
            .find(|b| b.family == family)
            .map_or(f64::INFINITY, |b| b.cost);
        larger(self.front, best)
    }
}

/// The larger, a NaN reaching every design.
fn larger(a: f64, b: f64) -> f64 {
    if a.is_nan() || b.is_nan() {
        f64::INFINITY
    } else {
        a.max(b)
    }
}

/// A note for each family of the cluster's topology the user allows but
/// `must_survive` leaves out, naming the failures its designs are not
/// judged on.
fn unmodelled_notes(options: &RecommendOptions, stretched: bool) -> Vec<String> {
    Family::ALL
        .iter()
        .filter(|f| {
            f.on_topology(stretched)
                && (options.families.is_empty() || options.families.contains(f))
        })
        .filter_map(|&f| {
            let unmodelled = options.unmodelled(f);
            (!unmodelled.is_empty()).then(|| {
                let labels: Vec<&str> = unmodelled.iter().map(|m| m.label()).collect();
                format!(
                    "{} was not searched: its designs are not judged on {} (must_survive).",
                    f.label(),
                    labels.join(", ")
                )
            })
        })
        .collect()
}

fn messages(issues: &[crate::model::issue::InputIssue]) -> String {
    issues
        .iter()
        .map(|i| i.message.as_str())
        .collect::<Vec<_>>()
        .join("; ")
}
