//! Why no design meets the requirements, in a sentence naming the
//! constraint: what `evaluate` rejected, else the cap (budget, rack units, power)
//! that rules out designs passing every sizing rule, else the sizing rule
//! most configurations fail even at the largest size allowed.

use std::collections::BTreeMap;

use crate::limits::MAX_HOSTS_PER_CLUSTER;
use crate::rules::num;

use super::options::RecommendOptions;
use super::requirement::{constraint_of_rejection, Constraint};
use super::tally::Tally;

/// What the search was allowed, for the sentence.
pub struct Limits<'a> {
    pub options: &'a RecommendOptions,
    pub currency: &'a str,
    /// The largest vSAN size searched, and whether it counts hosts per site.
    pub largest_size: Option<(u32, bool)>,
}

impl Limits<'_> {
    fn most_hosts(&self) -> String {
        match (self.largest_size, self.options.max_hosts) {
            (Some((size, true)), _) => format!("{size} per site"),
            (Some((size, false)), _) => size.to_string(),
            (None, Some(m)) => m.to_string(),
            (None, None) => MAX_HOSTS_PER_CLUSTER.to_string(),
        }
    }
}

/// `rejections`: unmet finding code -> (designs, first message) of the
/// designs `evaluate` rejected.
pub fn infeasible(
    t: &Tally,
    rejections: &BTreeMap<&'static str, (u64, String)>,
    limits: &Limits,
) -> (Constraint, String) {
    if let Some((code, (_, message))) = rejections.iter().max_by_key(|(_, (n, _))| *n) {
        let c = constraint_of_rejection(code);
        return (c, sentence(c, message));
    }
    if let Some(cost) = t.cheapest_over_budget {
        let budget = limits.options.budget.unwrap_or_default();
        let detail = format!(
            "the cheapest design meeting the sizing rules costs {}, over the budget of {}",
            money(cost, limits.currency),
            money(budget, limits.currency)
        );
        return (Constraint::Budget, sentence(Constraint::Budget, &detail));
    }
    if let Some(units) = t.fewest_rack_units_over {
        let detail = format!(
            "the smallest design meeting the sizing rules takes {units} rack units, over the {} allowed",
            limits.options.max_rack_units.unwrap_or_default()
        );
        return (
            Constraint::RackUnits,
            sentence(Constraint::RackUnits, &detail),
        );
    }
    if let Some(watts) = t.least_power_over_w {
        let detail = format!(
            "the smallest design meeting the sizing rules draws {} W, over the {} W allowed",
            num(watts, 0),
            num(limits.options.max_power_w.unwrap_or_default(), 0)
        );
        return (Constraint::Power, sentence(Constraint::Power, &detail));
    }
    if t.power_unknown > 0 {
        let detail = format!(
            "the catalog states no power for the parts of the {} designs meeting the sizing rules",
            t.power_unknown
        );
        return (Constraint::Power, sentence(Constraint::Power, &detail));
    }
    // The constraint most configurations fail; among equals, the first in
    // `Constraint` order (capacity before the cache it implies).
    let most = t
        .failing
        .iter()
        .max_by_key(|(c, n)| (**n, std::cmp::Reverse(**c)));
    let Some((&c, &n)) = most else {
        return (
            Constraint::Other,
            "no design could be built: no family could be searched with these options and this catalog"
                .into(),
        );
    };
    let mut detail = format!(
        "{n} catalog configuration(s) fail it even at the most hosts allowed ({})",
        limits.most_hosts()
    );
    if let (Constraint::Capacity, Some(short)) = (c, t.least_capacity_short_gb) {
        detail.push_str(&format!(
            "; the closest is {} TB short of what the workloads need",
            num(short / 1000.0, 2)
        ));
    }
    let also: Vec<&str> = t
        .failing
        .iter()
        .filter(|(other, m)| **other != c && **m == n)
        .map(|(other, _)| other.label())
        .collect();
    if !also.is_empty() {
        detail.push_str(&format!(" (as many fail {})", also.join(", ")));
    }
    (c, sentence(c, &detail))
}

fn sentence(constraint: Constraint, detail: &str) -> String {
    format!("{} cannot be met: {detail}", constraint.label())
}

/// "12,345 USD"
fn money(amount: f64, currency: &str) -> String {
    format!("{} {currency}", num(amount, 0))
}
