//! vSAN ESA I/O: front-end demand -> back-end device I/O by ESA's write
//! path -> the pool's device-limited IOPS under the utilisation ceiling.
//!
//! 1. Front-end I/O per workload as on any cluster (`demand::io::front_end_io`).
//! 2. A write lands in the object's performance leg, a RAID-1 mirror of
//!    FTT+1 copies, and is later written in full stripes to the capacity
//!    leg: FTT+1 copies for RAID-1, data + parity for RAID-5/6, so the
//!    capacity leg costs the policy's protection multiplier. A full-stripe
//!    write reads nothing back: no OSA read-modify-write (`source::ESA_WRITE_PATH`).
//! 3. A read costs one device read. There is no cache tier: every NVMe
//!    device of every host serves reads and writes, so their busy share is
//!    reads / rated reads + writes / rated writes (`source::ESA_DEVICE_IOPS`).
//! 4. Latency on OSA's queueing model (`latency::TierResponses`) with
//!    the pool as its only tier: a write is acknowledged once the
//!    performance leg holds it, so erasure coding adds device load but no
//!    read phase, and OSA's path times unloaded (OSA's per-host path queue
//!    takes its capacity from OSA's published maximum; ESA has none). No
//!    seed or offline public source measures ESA latency at a known load:
//!    an uncalibrated prediction (`source::ESA_LATENCY_MODEL`).

use serde::Serialize;

use super::{esa_protection, ResolvedEsa};
use crate::demand::growth::front_end_io_in;
use crate::demand::io::{front_end_io, FrontEndIo};
use crate::demand::placement::PlacedWorkload;
use crate::demand::protection::Protection;
use crate::model::{Id, Settings};
use crate::platform::two_sites::VSAN_HOST_RTT_MS;
use crate::platform::vsan_osa::performance::latency::{DataServices, TierResponses};
use crate::platform::vsan_osa::performance::latency_findings::{latency_chart_rule, LatencyTarget};
use crate::platform::vsan_osa::performance::tier_load::{
    device_limited_iops, over_ceiling, rated_iops, utilisation_pct, TierLoad,
};
use crate::rules::{num, Finding, FindingCode, Measure};
use crate::source;

/// Device writes one front-end write causes on an ESA cluster.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct EsaWriteCost {
    /// RAID-1 copies in the performance leg: FTT+1.
    pub performance_leg: f64,
    /// Full-stripe bytes per data byte in the capacity leg: the policy's
    /// protection multiplier (RAID-1 FTT+1, RAID-5 3/2 or 5/4, RAID-6 6/4).
    pub capacity_leg: f64,
    /// Old data or parity read back: always 0 on ESA (full-stripe writes).
    pub reads: f64,
    pub total: f64,
}

pub fn esa_write_cost(protection: &Protection) -> EsaWriteCost {
    let performance_leg = f64::from(protection.ftt) + 1.0;
    let capacity_leg = protection.multiplier;
    EsaWriteCost {
        performance_leg,
        capacity_leg,
        reads: 0.0,
        total: performance_leg + capacity_leg,
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct EsaWorkloadIo {
    pub workload_id: Id,
    pub policy_id: Id,
    pub front_end: FrontEndIo,
    pub write_cost: EsaWriteCost,
    pub back_end_read_iops: f64,
    pub back_end_write_iops: f64,
    /// Estimated mean latency seen by the guest (`source::ESA_LATENCY_MODEL`);
    /// absent when the pool is saturated.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub read_latency_ms: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub write_latency_ms: Option<f64>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct EsaPerformance {
    pub workloads: Vec<EsaWorkloadIo>,
    pub front_end_iops: f64,
    pub back_end_read_iops: f64,
    pub back_end_write_iops: f64,
    pub back_end_iops: f64,
    /// NVMe devices in all hosts' pools.
    pub devices: u32,
    /// Sum of the devices' rated random read / write IOPS.
    pub rated_read_iops: f64,
    pub rated_write_iops: f64,
    /// Busy share of the devices at today's demand, in %; absent when there
    /// is demand but no rated IOPS to serve it.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub utilisation_pct: Option<f64>,
    pub utilisation_ceiling_pct: f64,
    /// Front-end IOPS at this workload mix that bring the devices to the
    /// ceiling; absent without demand.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub device_limited_front_end_iops: Option<f64>,
    /// Device-limited front-end IOPS / front-end demand.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub headroom: Option<f64>,
    pub write_path_source: &'static str,
    pub device_iops_source: &'static str,
    pub latency_model: &'static str,
    /// What the latency chart shows, for its help (`latency_chart_rule`).
    pub latency_rule: String,
    /// The lines the latency chart draws: none, as no latency finding
    /// judges ESA's uncalibrated estimate.
    pub latency_targets: Vec<LatencyTarget>,
}

/// The I/O of the workloads placed on an ESA cluster of `hosts` hosts.
pub fn assess_esa_performance(
    esa: &ResolvedEsa,
    hosts: u32,
    placed: &[PlacedWorkload],
    settings: &Settings,
) -> EsaPerformance {
    let mut workloads: Vec<EsaWorkloadIo> = placed
        .iter()
        .map(|p| workload_io(p, front_end_io(&p.workload.spec), hosts))
        .collect();
    let front_end_iops: f64 = workloads.iter().map(|w| w.front_end.total_iops).sum();
    let back_end_read_iops: f64 = workloads.iter().map(|w| w.back_end_read_iops).sum();
    let back_end_write_iops: f64 = workloads.iter().map(|w| w.back_end_write_iops).sum();
    let devices = esa.config.devices_per_host.saturating_mul(hosts);
    let pool = TierLoad::new(
        &[(esa.device, devices)],
        back_end_read_iops,
        back_end_write_iops,
    );
    // The pool is both tiers: it takes the performance leg's writes and serves every read.
    // OSA's per-host path queue is not applied: its capacity is OSA's
    // published maximum, and no per-host maximum is published for ESA.
    let responses = TierResponses::of(&pool, &pool, VSAN_HOST_RTT_MS, 0.0);
    for (w, p) in workloads.iter_mut().zip(placed) {
        let services = DataServices {
            checksum: p.policy.checksum,
            dedup: false,
        };
        w.read_latency_ms = responses.read_latency_ms(0.0, services);
        w.write_latency_ms = responses.write_latency_ms(VSAN_HOST_RTT_MS, false, services);
    }
    let ceiling = settings.device_utilisation_ceiling_pct;
    let (utilisation_pct, device_limited_front_end_iops) = device_limit(
        front_end_iops,
        (back_end_read_iops, back_end_write_iops),
        (pool.rated_read_iops, pool.rated_write_iops),
        ceiling,
    );
    let headroom = device_limited_front_end_iops
        .and_then(|l| (front_end_iops > 0.0).then(|| l / front_end_iops));
    EsaPerformance {
        workloads,
        front_end_iops,
        back_end_read_iops,
        back_end_write_iops,
        back_end_iops: back_end_read_iops + back_end_write_iops,
        devices,
        rated_read_iops: pool.rated_read_iops,
        rated_write_iops: pool.rated_write_iops,
        utilisation_pct,
        utilisation_ceiling_pct: ceiling,
        device_limited_front_end_iops,
        headroom,
        write_path_source: source::ESA_WRITE_PATH,
        device_iops_source: source::ESA_DEVICE_IOPS,
        latency_model: source::ESA_LATENCY_MODEL,
        latency_rule: latency_chart_rule(
            "Each workload's estimated mean read and write latency at the host, from the \
             storage pool's utilisation; a workload without I/O has no bar",
            &[],
        ),
        latency_targets: Vec::new(),
    }
}

/// The devices' busy share (%) and the front-end IOPS at this mix that
/// bring them to `ceiling`: 0 when there is demand but no rated IOPS,
/// absent without demand.
fn device_limit(
    front_end_iops: f64,
    (back_end_read, back_end_write): (f64, f64),
    (rated_read, rated_write): (f64, f64),
    ceiling: f64,
) -> (Option<f64>, Option<f64>) {
    let utilisation_pct = utilisation_pct(back_end_read, rated_read, back_end_write, rated_write);
    // One pool: the second tier of OSA's rule is idle.
    let limit = device_limited_iops(front_end_iops, ceiling, [utilisation_pct, Some(0.0)]);
    (utilisation_pct, limit)
}

/// Front-end IOPS and the device-limited front-end IOPS in `year` of the
/// growth timeline, on `hosts` hosts: the same arithmetic as
/// `assess_esa_performance`, with each workload's I/O grown to that year.
pub fn grown_device_limit(
    esa: &ResolvedEsa,
    hosts: u32,
    placed: &[PlacedWorkload],
    year: u32,
    settings: &Settings,
) -> (f64, Option<f64>) {
    let (mut front_end, mut read, mut write) = (0.0, 0.0, 0.0);
    for p in placed {
        let io = front_end_io_in(&p.workload.spec, year);
        let cost = esa_write_cost(&esa_protection(p.policy, hosts));
        front_end += io.total_iops;
        read += io.read_iops;
        write += io.write_iops * cost.total;
    }
    let devices = esa.config.devices_per_host.saturating_mul(hosts);
    let rated = (
        rated_iops([(esa.device.read_iops, devices)]),
        rated_iops([(esa.device.write_iops, devices)]),
    );
    let ceiling = settings.device_utilisation_ceiling_pct;
    (
        front_end,
        device_limit(front_end, (read, write), rated, ceiling).1,
    )
}

fn workload_io(placed: &PlacedWorkload, front_end: FrontEndIo, hosts: u32) -> EsaWorkloadIo {
    let cost = esa_write_cost(&esa_protection(placed.policy, hosts));
    EsaWorkloadIo {
        workload_id: placed.workload.id.clone(),
        policy_id: placed.policy.id.clone(),
        front_end,
        write_cost: cost,
        back_end_read_iops: front_end.read_iops,
        back_end_write_iops: front_end.write_iops * cost.total,
        read_latency_ms: None,
        write_latency_ms: None,
    }
}

/// An error when the pool's devices would run above the utilisation
/// ceiling at today's demand.
pub fn esa_performance_findings(path: &str, name: &str, p: &EsaPerformance) -> Vec<Finding> {
    if !over_ceiling(p.utilisation_pct, p.utilisation_ceiling_pct) {
        return Vec::new();
    }
    let load = match p.utilisation_pct {
        Some(u) => format!("would be {} % busy serving", num(u, 0)),
        None => "have no rated IOPS for".to_string(),
    };
    let message = format!(
        "Cluster \"{name}\": the {} NVMe devices of the ESA storage pools (rated {} read / {} \
         write IOPS in all) {load} {} back-end reads + {} writes per second, above the {} % \
         utilisation ceiling: at this mix they carry {} front-end IOPS against {} demanded. \
         Add NVMe devices or hosts, or faster devices.",
        p.devices,
        num(p.rated_read_iops, 0),
        num(p.rated_write_iops, 0),
        num(p.back_end_read_iops, 0),
        num(p.back_end_write_iops, 0),
        num(p.utilisation_ceiling_pct, 0),
        num(p.device_limited_front_end_iops.unwrap_or(0.0), 0),
        num(p.front_end_iops, 0),
    );
    vec![Finding::new(FindingCode::EsaIopsExceeded, message)
        .at(format!("{path}.storage.devices_per_host"))
        .measured(Measure::new(
            "IOPS on the ESA storage pools",
            p.utilisation_pct.unwrap_or(f64::INFINITY),
            p.utilisation_ceiling_pct,
            format!(
                "their rated IOPS ({} front-end IOPS demanded)",
                num(p.front_end_iops, 0)
            ),
        ))]
}

#[cfg(test)]
mod tests;
