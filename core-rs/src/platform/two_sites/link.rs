//! The networks a stretched vSAN cluster depends on: the inter-site link,
//! which carries every mirrored write, and the witness link, which carries
//! metadata for every component.

use serde::Serialize;

use crate::demand::footprint::footprint;
use crate::demand::placement::PlacedWorkload;
use crate::demand::write_load::write_load;
use crate::limits::{
    MAX_COMPONENT_GB, WITNESS_RTT_LARGE_MS, WITNESS_RTT_SMALL_MS, WITNESS_RTT_TWO_NODE_MS,
    WITNESS_SMALL_MAX_HOSTS_PER_SITE,
};
use crate::ratio::percent;
use crate::source;

/// VMware vSAN Stretched Cluster bandwidth sizing: required bandwidth =
/// write bandwidth x 1.4 (data multiplier: vSAN metadata and traffic
/// overhead) x 1.25 (resynchronisation multiplier).
pub const DATA_MULTIPLIER: f64 = 1.4;
pub const RESYNC_MULTIPLIER: f64 = 1.25;
/// VMware: inter-site links of at least 10 Gbps.
pub const MIN_RECOMMENDED_LINK_GBPS: f64 = 10.0;
/// VMware vSAN Stretched Cluster Bandwidth Sizing: the witness link must
/// move 1,138 bytes per component within 5 seconds when the preferred site
/// fails, plus a 10 % safety margin (about 2 Mbps per 1,000 components).
pub const WITNESS_BYTES_PER_COMPONENT: f64 = 1138.0;
pub const WITNESS_FAILOVER_SECONDS: f64 = 5.0;
pub const WITNESS_SAFETY_MARGIN: f64 = 1.1;

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

impl InterSiteLink {
    /// `stretched.link_insufficient`: the writes need more than the link.
    /// Neither depends on the hosts.
    #[inline]
    pub fn insufficient(&self) -> bool {
        self.required_gbps > self.link_gbps
    }
}

pub fn inter_site_link(write_mb_per_s: f64, link_gbps: f64) -> InterSiteLink {
    let required_gbps = write_mb_per_s * 8.0 / 1000.0 * DATA_MULTIPLIER * RESYNC_MULTIPLIER;
    InterSiteLink {
        write_mb_per_s,
        data_multiplier: DATA_MULTIPLIER,
        resync_multiplier: RESYNC_MULTIPLIER,
        required_gbps,
        link_gbps,
        utilisation_pct: percent(required_gbps, link_gbps),
        source: source::INTER_SITE_BANDWIDTH,
    }
}

/// Witness appliance sizes by the VMs and witness components it supports
/// (VMware vSAN witness appliance: tiny 10 VMs / 750 components, medium
/// 500 VMs / 21,833, large and extra large beyond 500 VMs / 45,000 and
/// 64,000).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum WitnessAppliance {
    Tiny,
    Medium,
    Large,
    ExtraLarge,
}

/// (size, most VMs, most witness components).
const APPLIANCES: [(WitnessAppliance, u64, u64); 4] = [
    (WitnessAppliance::Tiny, 10, 750),
    (WitnessAppliance::Medium, 500, 21_833),
    (WitnessAppliance::Large, u64::MAX, 45_000),
    (WitnessAppliance::ExtraLarge, u64::MAX, 64_000),
];

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct WitnessLink {
    /// Components of the site-mirrored objects, every copy and stripe
    /// counted, as the witness bandwidth rule counts them (see
    /// `source::WITNESS_COMPONENTS`).
    pub components: u64,
    /// VMs the witness appliance must support.
    pub vms: u64,
    /// Witness components the appliance holds: one per object.
    pub witness_components: u64,
    pub required_mbps: f64,
    pub link_mbps: f64,
    pub rtt_ms: f64,
    /// The witness RTT limit at this cluster's hosts per site: under 500 ms
    /// with 1 host per site, at most 200 ms up to 10, under 100 ms above.
    pub max_rtt_ms: f64,
    pub rtt_within_limit: bool,
    /// Smallest witness appliance supporting the VMs and witness
    /// components; absent beyond the largest.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub appliance: Option<WitnessAppliance>,
    pub source: &'static str,
    pub components_source: &'static str,
}

impl WitnessLink {
    /// `stretched.witness_bandwidth`: the components need more than the
    /// witness link. Neither depends on the hosts.
    #[inline]
    pub fn bandwidth_short(&self) -> bool {
        self.required_mbps > self.link_mbps
    }

    /// `stretched.witness_rtt`: the witness is further than the limit at
    /// this many hosts per site. The limit tightens above 10 hosts per
    /// site, so the hosts it allows are a prefix of the sizes: the search
    /// stops there rather than relying on monotony.
    #[inline]
    pub fn rtt_exceeded(&self) -> bool {
        !self.rtt_within_limit
    }

    /// `stretched.witness_components`: no witness appliance holds the VMs
    /// and witness components. Neither depends on the hosts.
    #[inline]
    pub fn too_many_components(&self) -> bool {
        self.appliance.is_none()
    }
}

/// What the site-mirrored workloads put on the witness.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct WitnessDemand {
    pub components: u64,
    pub vms: u64,
    pub witness_components: u64,
}

impl WitnessDemand {
    pub fn of(w: &PlacedWorkload, horizon_years: u32) -> WitnessDemand {
        let objects = components(w, horizon_years);
        let p = w.protection();
        let copies = u64::from(p.data_blocks + p.redundancy_blocks) * u64::from(p.site_copies);
        WitnessDemand {
            components: objects
                .saturating_mul(copies)
                .saturating_mul(u64::from(w.policy.stripe_width.max(1))),
            vms: u64::from(footprint(&w.workload.spec, horizon_years).vms),
            witness_components: objects,
        }
    }

    pub fn plus(self, other: WitnessDemand) -> WitnessDemand {
        WitnessDemand {
            components: self.components.saturating_add(other.components),
            vms: self.vms.saturating_add(other.vms),
            witness_components: self
                .witness_components
                .saturating_add(other.witness_components),
        }
    }
}

pub fn witness_link(
    demand: WitnessDemand,
    link_mbps: f64,
    rtt_ms: f64,
    hosts_per_site: u32,
) -> WitnessLink {
    let bits_per_s = demand.components as f64 * WITNESS_BYTES_PER_COMPONENT * 8.0
        / WITNESS_FAILOVER_SECONDS
        * WITNESS_SAFETY_MARGIN;
    let max_rtt_ms = max_witness_rtt_ms(hosts_per_site);
    WitnessLink {
        components: demand.components,
        vms: demand.vms,
        witness_components: demand.witness_components,
        required_mbps: bits_per_s / 1e6,
        link_mbps,
        rtt_ms,
        max_rtt_ms,
        // Only the 200 ms limit is inclusive ("<= 200 ms"); the others are "less than".
        rtt_within_limit: if max_rtt_ms == WITNESS_RTT_SMALL_MS {
            rtt_ms <= max_rtt_ms
        } else {
            rtt_ms < max_rtt_ms
        },
        appliance: APPLIANCES
            .iter()
            .find(|(_, vms, components)| {
                demand.vms <= *vms && demand.witness_components <= *components
            })
            .map(|(size, _, _)| *size),
        source: source::WITNESS_LINK,
        components_source: source::WITNESS_COMPONENTS,
    }
}

pub fn max_witness_rtt_ms(hosts_per_site: u32) -> f64 {
    if hosts_per_site <= 1 {
        WITNESS_RTT_TWO_NODE_MS
    } else if hosts_per_site <= WITNESS_SMALL_MAX_HOSTS_PER_SITE {
        WITNESS_RTT_SMALL_MS
    } else {
        WITNESS_RTT_LARGE_MS
    }
}

/// Objects of a workload, estimated: per VM a namespace and a swap object,
/// plus its share of the data in components of at most 255 GB.
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
    let load = write_load(&w.workload.spec, p);
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

    fn demand(components: u64, vms: u64, witness_components: u64) -> WitnessDemand {
        WitnessDemand {
            components,
            vms,
            witness_components,
        }
    }

    #[test]
    fn vmware_worked_example_600_components_need_1_2_mbps() {
        // VMware vSAN Stretched Cluster Bandwidth Sizing: 100 VMs x 3
        // objects x 2 (FTT+1) x 1 (stripe width) = 600 components;
        // 1138 B x 8 x 600 / 5 s = 1.09 Mbps, + 10 % = 1.2 Mbps.
        let w = witness_link(demand(600, 100, 300), 10.0, 200.0, 2);
        assert!(
            (w.required_mbps - 1.2017).abs() < 1e-4,
            "{}",
            w.required_mbps
        );
        // About 2 Mbps per 1,000 components, the rule of thumb.
        let thousand = witness_link(demand(1_000, 1, 1), 10.0, 200.0, 2);
        assert!((thousand.required_mbps - 2.0).abs() < 0.01);
    }

    #[test]
    fn the_appliance_holds_its_vms_as_well_as_its_components() {
        let size = |vms, wc| witness_link(demand(0, vms, wc), 10.0, 5.0, 4).appliance;
        assert_eq!(size(10, 700), Some(WitnessAppliance::Tiny));
        // 150 VMs never fit the tiny appliance, whatever their components.
        assert_eq!(size(150, 450), Some(WitnessAppliance::Medium));
        assert_eq!(size(600, 20_000), Some(WitnessAppliance::Large));
        assert_eq!(size(600, 50_000), Some(WitnessAppliance::ExtraLarge));
        assert_eq!(size(600, 70_000), None);
    }

    #[test]
    fn witness_rtt_limits_by_hosts_per_site() {
        let rtt = |ms, hosts| witness_link(WitnessDemand::default(), 10.0, ms, hosts);
        assert_eq!(rtt(5.0, 1).max_rtt_ms, 500.0);
        assert!(rtt(499.0, 1).rtt_within_limit);
        assert!(!rtt(500.0, 1).rtt_within_limit);
        assert_eq!(rtt(5.0, 2).max_rtt_ms, 200.0);
        assert!(rtt(200.0, 10).rtt_within_limit);
        assert_eq!(rtt(5.0, 11).max_rtt_ms, 100.0);
        assert!(!rtt(100.0, 11).rtt_within_limit);
        assert!(rtt(99.0, 15).rtt_within_limit);
    }
}
