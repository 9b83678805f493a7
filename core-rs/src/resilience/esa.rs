//! Failure what-ifs and durability for a vSAN ESA cluster, in vSAN OSA's
//! shapes (`ClusterResilience`) and by its model (`play`).
//!
//! ESA has no disk groups: each host's NVMe devices form one storage pool
//! (a single tier), so the scenarios are one device (the largest), one
//! host (absent, rebuilt after the repair delay) and N+x hosts one after
//! another; no site failure, as ESA clusters are single-site. What differs
//! from OSA:
//! - a policy is rebuilt on as many hosts as its stripe has blocks
//!   (`platform::vsan_esa::esa_rebuild_protection`);
//! - the rebuilt components fit on the surviving devices less the
//!   operations reserve (or slack) vSAN keeps for its own operations; the
//!   host rebuild reserve is what they fill;
//! - the resync runs at the NVMe rate (`source::ESA_RESYNC`), capped by
//!   the hosts' links, with no dedup (ESA compresses per policy);
//! - the device-limited IOPS while rebuilding are the pool's: its demand
//!   on the surviving devices' rated IOPS.

use super::{
    all_nvme, play, resync_rate, ClusterResilience, DeviceDemand, HostLayout, ResyncRate, Storage,
    VsanStorage,
};
use crate::model::{Cluster, Settings, StoragePolicy, StorageTier};
use crate::platform::vsan_esa::{esa_rebuild_protection, EsaPerformance, EsaReserve, ResolvedEsa};
use crate::platform::vsan_osa::capacity::CapacityEvaluation;
use crate::rules::ClusterFacts;
use crate::source;

/// Free space the operations keep (operations reserve and its buffer, or
/// slack): the host rebuild reserve is left for the rebuilt components.
/// The healthy cluster's figure, kept after the failure (conservative: the
/// per-host part would shrink with the hosts).
fn operations_gb(r: &EsaReserve) -> f64 {
    r.operations_reserve.gb + r.operations_buffer.gb + r.slack.gb
}

/// Everything `assess_esa_resilience` reads of the evaluated cluster.
pub struct EsaFailureInputs<'a> {
    pub facts: &'a ClusterFacts<'a>,
    pub model: &'a Cluster,
    pub esa: &'a ResolvedEsa<'a>,
    pub capacity: &'a CapacityEvaluation,
    pub reserve: &'a EsaReserve,
    pub performance: &'a EsaPerformance,
}

/// Plays every failure through a vSAN ESA cluster; its storage findings
/// point at the pool's devices per host.
pub fn assess_esa_resilience(
    c: &EsaFailureInputs,
    policies: &[(usize, &StoragePolicy)],
    settings: &Settings,
) -> ClusterResilience {
    let hosts = c.facts.host_count;
    let rate = resync_rate(
        StorageTier::AllFlash,
        false,
        all_nvme([c.esa.device.kind]),
        &settings.resilience,
    );
    let rate = ResyncRate {
        source: source::ESA_RESYNC,
        ..rate
    }
    .within_link(c.model.host.nic_gbps);
    let p = c.performance;
    let storage = Storage::pool(c.esa.device, c.esa.config.devices_per_host);
    let protect = |policy: &StoragePolicy| esa_rebuild_protection(policy, hosts);
    play(
        c.facts,
        &VsanStorage {
            storage: &storage,
            hosts: HostLayout::of(&c.model.topology, settings.reserve_hosts),
            capacity: c.capacity,
            demand: DeviceDemand {
                front_end_iops: p.front_end_iops,
                utilisation_ceiling_pct: p.utilisation_ceiling_pct,
                cache_read_iops: 0.0,
                cache_write_iops: 0.0,
                capacity_read_iops: p.back_end_read_iops,
                capacity_write_iops: p.back_end_write_iops,
                host_path_counted_iops: 0.0,
            },
            rate,
            kept_free_gb: operations_gb(c.reserve),
            protect: &protect,
            storage_field: "storage.devices_per_host",
        },
        policies,
        settings,
    )
}

#[cfg(test)]
mod tests;
