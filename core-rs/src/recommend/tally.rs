//! Counts kept while searching: designs scored and pruned, and what kept
//! configurations from any design, for the answer when none is left.

use std::collections::BTreeMap;

use super::family::Platform;
use super::requirement::Constraint;
use super::score::Failing;

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats {
    /// Designs of the search space.
    pub search_space: u64,
    /// Designs whose sizing rules were checked: by the fast scorer (vSAN)
    /// or by `evaluate` (XtremIO + VPLEX axes).
    pub evaluated: u64,
    /// Designs never checked because a proven argument settles them.
    pub pruned: u64,
    /// `evaluate` calls, verification included.
    pub full_evaluations: u64,
}

/// Why configurations yielded no design.
#[derive(Debug, Clone, Default)]
pub struct Tally {
    /// Configurations failing each constraint at the largest size allowed.
    pub failing: BTreeMap<Constraint, u64>,
    /// The smallest capacity shortfall at the largest size, in GB.
    pub least_capacity_short_gb: Option<f64>,
    /// Configurations whose smallest design is over the budget, and the
    /// cheapest such design.
    pub over_budget: u64,
    pub cheapest_over_budget: Option<f64>,
    /// Configurations whose smallest design takes too many rack units, and
    /// the fewest units such a design takes.
    pub over_rack_units: u64,
    pub fewest_rack_units_over: Option<u32>,
    /// Configurations whose smallest design draws more power than the cap,
    /// and the least such a design draws; and those with a part whose power
    /// the catalog does not state.
    pub over_power: u64,
    pub least_power_over_w: Option<f64>,
    pub power_unknown: u64,
}

/// A `Tally` per platform: each platform's reason is its own.
#[derive(Debug, Clone, Default)]
pub struct Tallies([Tally; 3]);

impl Tallies {
    pub fn of(&self, platform: Platform) -> &Tally {
        &self.0[platform as usize]
    }

    pub fn of_mut(&mut self, platform: Platform) -> &mut Tally {
        &mut self.0[platform as usize]
    }
}

impl Tally {
    pub fn add_failing(&mut self, failing: Failing, capacity_short_gb: Option<f64>) {
        for c in ALL_SIZED {
            if failing.contains(c) {
                *self.failing.entry(c).or_default() += 1;
            }
        }
        if let Some(short) = capacity_short_gb {
            self.least_capacity_short_gb = Some(
                self.least_capacity_short_gb
                    .map_or(short, |least| least.min(short)),
            );
        }
    }

    pub fn add_failing_constraint(&mut self, c: Constraint) {
        *self.failing.entry(c).or_default() += 1;
    }

    pub fn add_over_budget(&mut self, cost: f64) {
        self.over_budget += 1;
        self.cheapest_over_budget = Some(self.cheapest_over_budget.map_or(cost, |c| c.min(cost)));
    }

    pub fn add_over_power(&mut self, watts: f64) {
        self.over_power += 1;
        self.least_power_over_w = Some(self.least_power_over_w.map_or(watts, |w| w.min(watts)));
    }

    pub fn add_over_rack_units(&mut self, units: u32) {
        self.over_rack_units += 1;
        self.fewest_rack_units_over =
            Some(self.fewest_rack_units_over.map_or(units, |u| u.min(units)));
    }
}

/// The constraints the scorer checks.
pub const ALL_SIZED: [Constraint; 9] = [
    Constraint::Capacity,
    Constraint::Iops,
    Constraint::Cache,
    Constraint::Cpu,
    Constraint::Ram,
    Constraint::FaultDomains,
    Constraint::SiteLinks,
    Constraint::Iscsi,
    Constraint::Resilience,
];
