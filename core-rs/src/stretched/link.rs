//! The networks a stretched vSAN cluster depends on: the inter-site link,
//! which carries every mirrored write, and the witness link, which carries
//! metadata for every component.

use serde::Serialize;

use crate::capacity::{footprint, PlacedWorkload};
use crate::source;

/// VMware vSAN Stretched Cluster bandwidth sizing: required bandwidth =
/// write bandwidth x 1.4 (data multiplier: vSAN metadata and traffic
/// overhead) x 1.25 (resynchronisation multiplier).
pub const DATA_MULTIPLIER: f64 = 1.4;
pub const RESYNC_MULTIPLIER: f64 = 1.25;
/// VMware: inter-site links of at least 10 Gbps.
pub const MIN_RECOMMENDED_LINK_GBPS: f64 = 10.0;
/// VMware: 2 Mbps of witness bandwidth per 1,000 components.
pub const WITNESS_MBPS_PER_1000_COMPONENTS: f64 = 2.0;
/// VMware: witness RTT <= 200 ms up to 10 hosts per site (seed 000 §3.4
/// tested 200 ms), < 100 ms for 11-15 hosts per site.
pub const WITNESS_RTT_SMALL_MS: f64 = 200.0;
pub const WITNESS_RTT_LARGE_MS: f64 = 100.0;
pub const WITNESS_SMALL_MAX_HOSTS_PER_SITE: u32 = 10;
/// VMware vSAN design guide: a component holds at most 255 GB.
pub const MAX_COMPONENT_GB: f64 = 255.0;

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct InterSiteLink {
    /// Front-end writes of the site-mirrored workloads, MB/s (decimal).
    pub write_mb_per_s: f64,
    pub data_multiplier: f64,
    pub resync_multiplier: f64,
    pub required_gbps: f64,
    pub link_gbps: f64,
    /// Required / link, in %; absent without a link.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub utilisation_pct: Option<f64>,
    pub source: &'static str,
}

pub fn inter_site_link(write_mb_per_s: f64, link_gbps: f64) -> InterSiteLink {
    let required_gbps = write_mb_per_s * 8.0 / 1000.0 * DATA_MULTIPLIER * RESYNC_MULTIPLIER;
    InterSiteLink {
        write_mb_per_s,
        data_multiplier: DATA_MULTIPLIER,
        resync_multiplier: RESYNC_MULTIPLIER,
        required_gbps,
        link_gbps,
        utilisation_pct: crate::capacity::percent(required_gbps, link_gbps),
        source: source::INTER_SITE_BANDWIDTH,
    }
}

/// Witness appliance sizes by the components it holds (VMware vSAN witness
/// appliance: tiny 750, medium ~22K, large 45K, extra large 64K).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum WitnessAppliance {
    Tiny,
    Medium,
    Large,
    ExtraLarge,
}

const APPLIANCES: [(WitnessAppliance, u64); 4] = [
    (WitnessAppliance::Tiny, 750),
    (WitnessAppliance::Medium, 21_833),
    (WitnessAppliance::Large, 45_000),
    (WitnessAppliance::ExtraLarge, 64_000),
];

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct WitnessLink {
    /// Components of the site-mirrored objects (see `source::WITNESS_COMPONENTS`).
    pub components: u64,
    pub required_mbps: f64,
    pub link_mbps: f64,
    pub rtt_ms: f64,
    /// The witness RTT limit at this cluster's hosts per site: at most
    /// 200 ms up to 10 hosts per site, under 100 ms above.
    pub max_rtt_ms: f64,
    pub rtt_within_limit: bool,
    /// Smallest witness appliance holding the components; absent beyond
    /// the largest.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub appliance: Option<WitnessAppliance>,
    pub source: &'static str,
    pub components_source: &'static str,
}

pub fn witness_link(
    components: u64,
    link_mbps: f64,
    rtt_ms: f64,
    hosts_per_site: u32,
) -> WitnessLink {
    WitnessLink {
        components,
        required_mbps: components as f64 / 1000.0 * WITNESS_MBPS_PER_1000_COMPONENTS,
        link_mbps,
        rtt_ms,
        max_rtt_ms: max_witness_rtt_ms(hosts_per_site),
        rtt_within_limit: if hosts_per_site <= WITNESS_SMALL_MAX_HOSTS_PER_SITE {
            rtt_ms <= WITNESS_RTT_SMALL_MS
        } else {
            rtt_ms < WITNESS_RTT_LARGE_MS
        },
        appliance: APPLIANCES
            .iter()
            .find(|(_, max)| components <= *max)
            .map(|(size, _)| *size),
        source: source::WITNESS_LINK,
        components_source: source::WITNESS_COMPONENTS,
    }
}

pub fn max_witness_rtt_ms(hosts_per_site: u32) -> f64 {
    if hosts_per_site <= WITNESS_SMALL_MAX_HOSTS_PER_SITE {
        WITNESS_RTT_SMALL_MS
    } else {
        WITNESS_RTT_LARGE_MS
    }
}

/// Components of a workload's objects, estimated: per VM a namespace and a
/// swap object, plus its share of the data in components of at most 255 GB.
pub fn components(w: &PlacedWorkload, horizon_years: u32) -> u64 {
    let f = footprint(&w.workload.spec, horizon_years);
    if f.vms == 0 {
        return 0;
    }
    let data_per_vm = f.grown_gb / f64::from(f.vms);
    // At least one component per VM holds its data; `as` saturates.
    let data_components = (data_per_vm / MAX_COMPONENT_GB).ceil().max(1.0) as u64;
    u64::from(f.vms).saturating_mul(2 + data_components)
}

/// Front-end write bandwidth a workload sends to the other site, MB/s: the
/// writes its policy puts on one copy, every application copy included.
pub fn write_mb_per_s(w: &PlacedWorkload) -> f64 {
    let p = w.protection();
    let load = crate::cache::write_load(&w.workload.spec, p);
    load.device_write_mb_per_s / f64::from(p.device_writes_per_write.max(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bandwidth_is_writes_times_1_4_times_1_25() {
        // 100 MB/s of writes = 0.8 Gbps x 1.75 = 1.4 Gbps.
        let l = inter_site_link(100.0, 10.0);
        assert!((l.required_gbps - 1.4).abs() < 1e-12);
        assert!((l.utilisation_pct.unwrap() - 14.0).abs() < 1e-9);
        assert_eq!(inter_site_link(0.0, 0.0).utilisation_pct, None);
    }

    #[test]
    fn witness_needs_2_mbps_per_1000_components() {
        let w = witness_link(4_500, 10.0, 200.0, 2);
        assert!((w.required_mbps - 9.0).abs() < 1e-12);
        assert_eq!(w.appliance, Some(WitnessAppliance::Medium));
        assert_eq!(w.max_rtt_ms, 200.0);
        assert_eq!(witness_link(700, 10.0, 5.0, 11).max_rtt_ms, 100.0);
        assert!(witness_link(700, 10.0, 200.0, 10).rtt_within_limit);
        assert!(!witness_link(700, 10.0, 100.0, 11).rtt_within_limit);
        assert!(witness_link(700, 10.0, 99.0, 15).rtt_within_limit);
        assert_eq!(
            witness_link(700, 10.0, 5.0, 1).appliance,
            Some(WitnessAppliance::Tiny)
        );
        assert_eq!(witness_link(70_000, 1.0, 5.0, 1).appliance, None);
    }
}
