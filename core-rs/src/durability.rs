//! Durability: the annual probability of losing data, and the mean time to
//! data loss (MTTDL), for each storage policy a cluster uses.
//!
//! Each host is a fault domain. It fails (loses components) when the host
//! itself fails or one of its devices does; each kind of failure opens a
//! rebuild window of its own (`FailureEvent`): the repair delay where
//! components are absent, plus the resync of the data the failure took, at
//! the cluster's resync rate (both from `crate::resilience`). Data is lost
//! when more hosts are in a window at once than the policy tolerates (in
//! both sites at once when each site keeps a copy). The
//! chain and its closed form are in `markov`; a Monte Carlo simulation
//! with fixed windows checks them in the tests. Every assumption is in the
//! result so a report can print it.

mod markov;
#[cfg(test)]
mod monte_carlo;
#[cfg(test)]
mod tests;
pub mod text;

use serde::Serialize;

use crate::demand::protection::Protection;
use crate::model::{Id, ResilienceSettings, StoragePolicy};
use crate::source;

pub use markov::{loss_probability, mirrored_mttdl_years, mttdl_years};

pub const HOURS_PER_YEAR: f64 = 8_760.0;
/// The horizon of the reported loss probability.
pub const HORIZON_YEARS: f64 = 1.0;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum EventKind {
    CapacityDevice,
    CacheDevice,
    Host,
}

/// One kind of failure inside a host, summed over the host's devices.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct FailureEvent {
    pub kind: EventKind,
    /// Devices (or hosts: 1) of this kind in one host.
    pub per_host: u32,
    /// Failures of this kind per host-year (count x annualized failure rate).
    pub rate_per_year: f64,
    /// Repair delay plus resync of what the failure takes, in hours
    /// (rate-weighted mean when the host's devices differ).
    pub window_hours: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct DurabilityAssumptions {
    /// Hosts holding each copy: the cluster, or one site when site-mirrored.
    pub fault_domains: u32,
    /// Full copies in separate sites (2 when site-mirrored): data is lost
    /// only when every site has lost its copy at once.
    pub site_copies: u32,
    pub horizon_years: f64,
    pub ssd_afr_pct: f64,
    pub hdd_afr_pct: f64,
    pub host_afr_pct: f64,
    pub events: Vec<FailureEvent>,
    /// All failure events of one host per year.
    pub failures_per_host_per_year: f64,
    /// Mean rebuild window, weighted by how often each event happens.
    pub mean_window_hours: f64,
    pub ssd_afr_source: &'static str,
    pub hdd_afr_source: &'static str,
    pub host_afr_source: &'static str,
    pub model: &'static str,
    pub independence: &'static str,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct PolicyDurability {
    pub policy_id: Id,
    /// Concurrent failures each copy tolerates.
    pub failures_tolerated: u32,
    /// Hosts each copy needs.
    pub min_hosts: u32,
    /// There are enough hosts to place the policy at all.
    pub placeable: bool,
    /// Absent when the policy cannot be placed or loss cannot happen in
    /// the model (e.g. instant rebuilds).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub mttdl_years: Option<f64>,
    /// Probability of losing data within `horizon_years`; absent when the
    /// policy cannot be placed.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub annual_loss_probability: Option<f64>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct ClusterDurability {
    pub assumptions: DurabilityAssumptions,
    pub policies: Vec<PolicyDurability>,
}

/// Durability of each policy on `hosts` fault domains per copy whose
/// failures are `events`; `copies` is 2 on a site-mirrored stretched
/// cluster (a copy per site, `hosts` in each), else 1. `policies` pairs each
/// policy with its index in `project.policies`; `protect` gives its
/// failures tolerated and the hosts it needs on this cluster (vSAN OSA:
/// `protection`; vSAN ESA: `esa_rebuild_protection`).
///
/// On vSAN ESA the model's inputs hold as on OSA: each host is a fault
/// domain, a device or host failure opens a rebuild window, and a policy
/// loses data once more hosts than its failures tolerated are down at
/// once. Assumed: an erasure-coded stripe spans only its blocks' hosts
/// (2+1, 4+1, 4+2), but with many objects spread over every host any
/// FTT+1 hosts down together hold some stripe, so the chain over all the
/// hosts stands for them; the RAID-1 performance leg tolerates the same
/// FTT as the capacity leg.
pub fn assess_durability(
    hosts: u32,
    copies: u32,
    events: Vec<FailureEvent>,
    policies: &[(usize, &StoragePolicy)],
    protect: &dyn Fn(&StoragePolicy) -> Protection,
    settings: &ResilienceSettings,
) -> ClusterDurability {
    let rate: f64 = events.iter().map(|e| e.rate_per_year).sum();
    let weighted_hours: f64 = events
        .iter()
        .map(|e| e.rate_per_year * e.window_hours)
        .sum();
    let mean_window_hours = if rate > 0.0 {
        weighted_hours / rate
    } else {
        0.0
    };
    let window_years = mean_window_hours / HOURS_PER_YEAR;
    let policies = policies
        .iter()
        .map(|(_, policy)| {
            let p = protect(policy);
            let placeable = hosts >= p.min_hosts;
            let mttdl = placeable
                .then(|| {
                    if copies > 1 {
                        mirrored_mttdl_years(hosts, p.ftt, rate, window_years)
                    } else {
                        mttdl_years(hosts, p.ftt, rate, window_years)
                    }
                })
                .flatten();
            PolicyDurability {
                policy_id: policy.id.clone(),
                failures_tolerated: p.ftt,
                min_hosts: p.min_hosts,
                placeable,
                mttdl_years: mttdl,
                annual_loss_probability: placeable.then(|| loss_probability(mttdl, HORIZON_YEARS)),
            }
        })
        .collect();
    ClusterDurability {
        assumptions: DurabilityAssumptions {
            fault_domains: hosts,
            site_copies: copies,
            horizon_years: HORIZON_YEARS,
            ssd_afr_pct: settings.ssd_afr_pct,
            hdd_afr_pct: settings.hdd_afr_pct,
            host_afr_pct: settings.host_afr_pct,
            events,
            failures_per_host_per_year: rate,
            mean_window_hours,
            ssd_afr_source: source::SSD_AFR,
            hdd_afr_source: source::HDD_AFR,
            host_afr_source: source::HOST_AFR,
            model: source::DURABILITY_MODEL,
            independence: source::DURABILITY_INDEPENDENCE,
        },
        policies,
    }
}
