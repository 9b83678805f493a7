//! Required capacity: each workload's footprint, protected by its policy and
//! reduced by dedup+compression, summed per policy and per cluster.

use serde::Serialize;

use super::reduction::physical_per_logical;
use crate::demand::footprint::{
    annual_growth_pct, dedup_ratio, footprint, growth_factor, Footprint,
};
use crate::demand::placement::PlacedWorkload;
use crate::demand::protection::Protection;
use crate::model::{Capacity, Id, Settings};
use crate::ratio::percent;
use crate::source;

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct WorkloadCapacity {
    pub workload_id: Id,
    pub policy_id: Id,
    pub footprint: Footprint,
    /// Grown data + swap, before protection.
    pub logical: Capacity,
    /// Physical capacity after protection and data reduction.
    pub consumed: Capacity,
    /// The dedup+compression ratio applied to the data (1.0 when off).
    pub dedup_ratio: f64,
    pub dedup_source: &'static str,
    /// Physical GB per GB of data under the policy and ratio.
    pub physical_per_logical: f64,
    pub reduction_source: &'static str,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct PolicyShare {
    pub policy_id: Id,
    pub protection: Protection,
    pub logical: Capacity,
    pub consumed: Capacity,
    /// Share of the cluster's consumed capacity, 0-100.
    pub share_pct: f64,
}

/// `dedup_active`: dedup+compression is on and can run (all-flash). With
/// the figures, what the growth timeline needs to grow them year by year.
pub fn workload_capacity(
    placed: &PlacedWorkload,
    settings: &Settings,
    dedup_active: bool,
) -> (WorkloadCapacity, ConsumedGrowth) {
    let spec = &placed.workload.spec;
    let footprint = footprint(spec, settings.planning_horizon_years);
    let (ratio, dedup_source) = if dedup_active {
        dedup_ratio(spec, &settings.dedup_ratios)
    } else {
        (1.0, source::DEDUP_ALL_FLASH)
    };
    let protection = placed.protection();
    let consumed = ConsumedGrowth::new(placed, &footprint, protection, ratio);
    let per_gb = consumed.per_gb;
    let consumed_gb = consumed.consumed_gb(settings.planning_horizon_years);
    let figures = WorkloadCapacity {
        workload_id: placed.workload.id.clone(),
        policy_id: placed.policy.id.clone(),
        logical: Capacity::from_gb(footprint.logical_gb()),
        footprint,
        consumed: Capacity::from_gb(consumed_gb),
        dedup_ratio: ratio,
        dedup_source,
        physical_per_logical: per_gb,
        reduction_source: if dedup_active && protection.is_erasure_coding() {
            source::DEDUP_ERASURE_PARITY
        } else {
            protection.source
        },
    };
    (figures, consumed)
}

/// What a workload consumes after protection and reduction, as a function
/// of the years its data has grown: the growth timeline sums it per year
/// without re-sizing the workload.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ConsumedGrowth {
    data_gb: f64,
    annual_growth_pct: f64,
    /// Physical GB per GB of data.
    per_gb: f64,
    /// Swap, protected but not reduced (see source::VM_SWAP).
    protected_swap_gb: f64,
}

impl ConsumedGrowth {
    fn new(
        placed: &PlacedWorkload,
        footprint: &Footprint,
        protection: &Protection,
        dedup_ratio: f64,
    ) -> Self {
        ConsumedGrowth {
            data_gb: footprint.data_gb,
            annual_growth_pct: annual_growth_pct(&placed.workload.spec),
            per_gb: physical_per_logical(
                protection,
                dedup_ratio,
                placed.policy.object_space_reservation_pct,
            ),
            protected_swap_gb: footprint.swap_gb * protection.multiplier,
        }
    }

    /// Physical GB consumed once the data has grown `years` years: the
    /// workload's `consumed` when the planning horizon is `years`.
    pub fn consumed_gb(&self, years: u32) -> f64 {
        self.consumed_gb_grown(growth_factor(self.annual_growth_pct, years))
    }

    /// `consumed_gb` with the data's growth factor worked out by the caller
    /// (`growth_factor` of the workload's rate and the years).
    pub fn consumed_gb_grown(&self, growth: f64) -> f64 {
        self.data_gb * growth * self.per_gb + self.protected_swap_gb
    }
}

/// Per-policy totals, in the order policies first appear among the workloads.
/// `total_gb`: what `workloads` consume together, the cluster's required GB.
pub fn policy_shares(
    placed: &[PlacedWorkload],
    workloads: &[WorkloadCapacity],
    total_gb: f64,
) -> Vec<PolicyShare> {
    // Each share's policy and (logical, consumed) GB. Validation keeps
    // policy ids unique, so a policy is one object: matched by address, not
    // by comparing its id's text against every share's.
    let mut sums: Vec<(&PlacedWorkload, f64, f64)> = Vec::new();
    for (p, w) in placed.iter().zip(workloads) {
        let (logical, consumed) = (w.logical.gb, w.consumed.gb);
        match sums.iter_mut().find(|s| std::ptr::eq(s.0.policy, p.policy)) {
            Some(s) => {
                s.1 += logical;
                s.2 += consumed;
            }
            None => sums.push((p, logical, consumed)),
        }
    }
    sums.into_iter()
        .map(|(p, logical, consumed)| PolicyShare {
            policy_id: p.policy.id.clone(),
            protection: *p.protection(),
            logical: Capacity::from_gb(logical),
            consumed: Capacity::from_gb(consumed),
            share_pct: percent(consumed, total_gb).unwrap_or(0.0),
        })
        .collect()
}
