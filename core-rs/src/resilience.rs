//! Failure what-ifs for a vSAN cluster, and the durability of its
//! policies. vSAN OSA plays its disk groups through them here
//! (`assess_resilience`); vSAN ESA its storage pools
//! (`esa`), by the same `play`.
//!
//! Each scenario removes hardware (`loss`), worst case of its kind:
//! - one capacity device, the largest (with dedup+compression on, it takes
//!   its whole disk group: seed 001);
//! - one disk group, the largest (its cache device fails: seeds 000, 001;
//!   OSA only);
//! - one host (powered off: its components are absent, so vSAN waits for
//!   the repair delay before rebuilding them);
//! - one site, stretched clusters only (served from the other site's copy;
//!   the mirror waits for the site to return);
//! - N+x: `settings.reserve_hosts` hosts, one after another, each rebuilt
//!   before the next.
//!
//! For each: the datastore capacity left against what the workloads
//! consume; whether full policy compliance can be rebuilt (every policy
//! still has a copy of its data, enough hosts for its fault domains, and
//! enough space); the data to resync and how long that takes at the
//! cluster's resync rate (`resync`), after any repair delay; and the
//! device-limited IOPS while it runs (`rebuild_performance`). The same
//! rebuild windows feed `crate::durability`.

mod esa;
mod findings;
pub use findings::fills_datastore;
mod loss;
mod rebuild_performance;
mod resync;
#[cfg(test)]
mod tests;

use serde::Serialize;

use crate::demand::protection::{protection, Protection};
use crate::durability::{assess_durability, ClusterDurability, EventKind, FailureEvent};
use crate::model::{
    Capacity, Cluster, DeviceKind, Id, ResilienceSettings, ResolvedDiskGroup, Settings,
    StoragePolicy,
};
use crate::platform::vsan_osa::capacity::{rebuild_target_exists, CapacityEvaluation};
use crate::platform::vsan_osa::performance::ClusterPerformance;
use crate::ratio::percent;
use crate::rules::{ClusterFacts, Finding};

pub use esa::{assess_esa_resilience, EsaFailureInputs};
pub use loss::{LostHardware, Storage};
pub use rebuild_performance::{
    rebuild_performance, DeviceDemand, RebuildPerformance, RESYNC_BANDWIDTH_SHARE,
};
pub use resync::{all_nvme, resync_minutes, resync_rate, ResyncRate};

pub use loss::{DeviceRating, Devices, HostLayout, HostReach};

use loss::{Failure, Layout};

/// The protection a cluster gives a policy: `min_hosts` are the hosts its
/// components are rebuilt on (vSAN OSA: `protection`; vSAN ESA its own).
pub type Protect<'a> = &'a dyn Fn(&StoragePolicy) -> Protection;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum FailureKind {
    CapacityDevice,
    DiskGroup,
    Host,
    Site,
    /// `settings.reserve_hosts` hosts (N+x).
    ReserveHosts,
}

/// vSAN's two failure states (seeds 000, 001): a failed device is
/// degraded and rebuilt at once; an unreachable host's components are
/// absent and rebuilt after the repair delay.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum ComponentState {
    Degraded,
    Absent,
}

/// Where a failure's components are rebuilt.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum RebuildScope {
    /// Anywhere in the cluster.
    Cluster,
    /// Inside one site: each site of a site-mirrored stretched cluster
    /// keeps and rebuilds its own copy (the surviving site after a site
    /// failure).
    Site,
}

/// Why full compliance cannot be rebuilt after a failure.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum RebuildBlocker {
    /// Some data kept no other copy (FTT below the hosts failed together).
    DataLost,
    /// Fewer hosts left than a policy needs.
    TooFewHosts,
    /// The surviving devices cannot hold every rebuilt component.
    NotEnoughSpace,
    /// The site mirror can only be rebuilt when the site returns.
    SiteDown,
}

impl RebuildBlocker {
    /// A few words for a summary line.
    pub fn describe(self) -> &'static str {
        match self {
            RebuildBlocker::DataLost => "data left without a copy",
            RebuildBlocker::TooFewHosts => "too few hosts",
            RebuildBlocker::NotEnoughSpace => "not enough space",
            RebuildBlocker::SiteDown => "the site mirror waits for the site",
        }
    }
}

/// One policy after a failure.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct PolicyAfterFailure {
    pub policy_id: Id,
    pub failures_tolerated: u32,
    /// Hosts the policy needs where it is rebuilt (per site when site-mirrored).
    pub min_hosts: u32,
    /// Every object still has a copy (or enough parity) to rebuild from.
    pub data_accessible: bool,
    /// `rebuild_hosts_left` >= `min_hosts`.
    pub enough_hosts: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct FailureScenario {
    pub kind: FailureKind,
    pub label: String,
    pub lost: LostHardware,
    /// Hosts left in the cluster.
    pub hosts_left: u32,
    /// Hosts left where the components are rebuilt (see `rebuild_scope`).
    pub rebuild_hosts_left: u32,
    pub component_state: ComponentState,
    /// Where the capacity and fault-domain figures below are taken.
    pub rebuild_scope: RebuildScope,
    /// Datastore capacity of that scope, healthy.
    pub healthy_capacity: Capacity,
    /// Datastore capacity of that scope on the surviving devices; never
    /// above `healthy_capacity`.
    pub capacity_left: Capacity,
    /// What the scope must hold once every component is rebuilt.
    pub required: Capacity,
    /// Free space vSAN keeps for its own operations on the surviving
    /// devices, which the rebuilt components cannot take (vSAN ESA's
    /// operations reserve); absent where none is kept apart (vSAN OSA).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub kept_free: Option<Capacity>,
    /// `required` over `capacity_left`; absent where nothing is left, or
    /// nothing is rebuilt (`rebuilds_here`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub used_after_rebuild_pct: Option<f64>,
    pub policies: Vec<PolicyAfterFailure>,
    /// Empty when full compliance can be rebuilt.
    pub rebuild_blockers: Vec<RebuildBlocker>,
    pub compliance_restorable: bool,
    /// The consumed capacity the lost devices held.
    pub data_to_resync: Capacity,
    /// Repair delay before the resync starts (0 for degraded components).
    pub wait_minutes: f64,
    pub resync_minutes: f64,
    pub resync_minutes_idle: f64,
    /// Wait + resync under load; absent when compliance cannot be rebuilt.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub time_to_compliance_minutes: Option<f64>,
    pub rebuild_performance: RebuildPerformance,
    pub source: &'static str,
}

impl FailureScenario {
    /// The cluster rides the failure out: every policy keeps its data,
    /// full compliance can be rebuilt (after a site failure the site
    /// mirror waiting for the site is the design, not a shortfall), and
    /// the surviving devices carry the workloads' IOPS meanwhile.
    pub fn holds(&self) -> bool {
        self.rebuild_blockers
            .iter()
            .all(|b| *b == RebuildBlocker::SiteDown)
            && !self.iops_short()
    }

    /// `resilience.rebuild_space_short`: the surviving devices cannot hold
    /// every rebuilt component; never where nothing is rebuilt (a host
    /// failure with no host to rebuild on: `rebuilds_here`).
    pub fn space_short(&self) -> bool {
        self.rebuild_blockers
            .contains(&RebuildBlocker::NotEnoughSpace)
    }

    /// The surviving devices cannot carry the workloads' IOPS within the
    /// utilisation ceiling while the rebuild runs (`rules::iops_short`).
    pub fn iops_short(&self) -> bool {
        crate::rules::iops_short(self.rebuild_performance.headroom)
    }

    /// Repair delay and resync under load, in hours: how long the data
    /// stays one failure short of its policy.
    pub fn hours_exposed(&self) -> f64 {
        (self.wait_minutes + self.resync_minutes) / 60.0
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct ClusterResilience {
    pub resync_rate: ResyncRate,
    pub repair_delay_minutes: f64,
    pub repair_delay_source: &'static str,
    pub scenarios: Vec<FailureScenario>,
    pub durability: ClusterDurability,
    pub findings: Vec<Finding>,
}

impl ClusterResilience {
    /// The scenario of this kind, where the cluster plays it.
    pub fn scenario(&self, kind: FailureKind) -> Option<&FailureScenario> {
        self.scenarios.iter().find(|s| s.kind == kind)
    }
}

/// Plays every failure through a vSAN OSA cluster: its facts and model
/// (topology, hosts' network), disk groups (the same on every host),
/// capacity and performance figures, and the policies to check, each with
/// its index in `project.policies`.
pub fn assess_resilience(
    cluster: &ClusterFacts,
    model: &Cluster,
    disk_groups: &[ResolvedDiskGroup],
    capacity: &CapacityEvaluation,
    performance: &ClusterPerformance,
    policies: &[(usize, &StoragePolicy)],
    settings: &Settings,
) -> ClusterResilience {
    let nvme_cache = all_nvme(disk_groups.iter().map(|g| g.cache.kind));
    let rate = resync_rate(
        cluster.tier,
        capacity.dedup_active,
        nvme_cache,
        &settings.resilience,
    )
    .within_link(model.host.nic_gbps);
    let storage = Storage::disk_groups(disk_groups, capacity.dedup_active);
    play(
        cluster,
        &VsanStorage {
            storage: &storage,
            hosts: HostLayout::of(&model.topology, settings.reserve_hosts),
            capacity,
            demand: DeviceDemand::osa(performance),
            rate,
            kept_free_gb: 0.0,
            protect: &protection,
            storage_field: "storage.disk_groups",
        },
        policies,
        settings,
    )
}

/// A vSAN cluster as its failures are played: one host's storage, the
/// hosts, the capacity and device I/O figures of its architecture, its
/// resync rate, the free space vSAN keeps apart after a failure, and the
/// protection it gives each policy.
pub struct VsanStorage<'a> {
    pub storage: &'a Storage,
    pub hosts: HostLayout,
    pub capacity: &'a CapacityEvaluation,
    pub demand: DeviceDemand,
    pub rate: ResyncRate,
    pub kept_free_gb: f64,
    pub protect: Protect<'a>,
    /// The cluster's field its storage findings point at, e.g.
    /// `storage.disk_groups`.
    pub storage_field: &'static str,
}

/// Every failure scenario, the durability and the findings of a vSAN
/// cluster, whatever its architecture.
pub fn play(
    cluster: &ClusterFacts,
    v: &VsanStorage,
    policies: &[(usize, &StoragePolicy)],
    settings: &Settings,
) -> ClusterResilience {
    let s = &settings.resilience;
    let layout = Layout {
        storage: v.storage,
        hosts: v.hosts,
    };
    let whole = v.storage.host.times(cluster.host_count);
    let context = Context {
        layout: &layout,
        whole: &whole,
        vsan: v,
        settings: s,
    };
    let scenarios: Vec<FailureScenario> = loss::failures(&layout)
        .into_iter()
        .map(|f| scenario(f, &context, policies))
        .collect();
    let events = failure_events(
        v.storage,
        cluster.host_count,
        v.capacity.required.gb,
        &v.rate,
        s,
    );
    let hosts = &layout.hosts;
    let durability = assess_durability(
        hosts.domain_hosts(),
        hosts.copies(),
        events,
        policies,
        v.protect,
        s,
    );
    let findings = findings::resilience_findings(cluster, &scenarios, policies, v, settings);
    ClusterResilience {
        resync_rate: v.rate,
        repair_delay_minutes: s.repair_delay_minutes,
        repair_delay_source: crate::source::REPAIR_DELAY,
        scenarios,
        durability,
        findings,
    }
}

/// A policy keeps a copy of its data through a failure
/// (`RebuildBlocker::DataLost` when not): each site holds a full copy, or
/// it tolerates as many hosts down at once as the failure takes (one at a
/// time outside a site failure; N+x rebuilds in between).
#[inline]
pub fn data_accessible(failures_tolerated: u32, failed_together: u32, site_mirrored: bool) -> bool {
    site_mirrored || failures_tolerated >= failed_together
}

/// A policy's components can be rebuilt on the hosts left where they are
/// rebuilt (`RebuildBlocker::TooFewHosts` when not).
#[inline]
pub fn enough_hosts(rebuild_hosts_left: u32, min_hosts: u32) -> bool {
    rebuild_hosts_left >= min_hosts
}

/// Whether a failure of `kind` cannot be rebuilt for want of hosts (its
/// scenario's `DataLost` or `TooFewHosts`), from the hosts and each
/// policy's (failures tolerated, minimum hosts) alone: what `scenario`
/// finds, by the same predicates, before any device is chosen (a cluster
/// with disk groups; false where it is not played through `kind`). More
/// hosts leave more to rebuild on, but a site failure on a cluster without
/// site mirroring takes every host of its site at once, so there more
/// hosts per site can lose data the fewer kept. The design search may
/// still treat it as passing for good once it passes: where it keeps the
/// data, the policy has too few hosts (`protection.too_few_hosts`), so no
/// size the search could propose changes
/// (`recommend::survive::tests::a_site_failure_keeps_no_data_a_valid_unmirrored_policy_holds`).
pub fn short_of_hosts(hosts: &HostLayout, kind: FailureKind, policies: &[(u32, u32)]) -> bool {
    let Some(reach) = hosts.reach(kind) else {
        return false;
    };
    // After a site failure the mirror waits for the site (`SiteDown`).
    let rebuilds = kind != FailureKind::Site;
    policies.iter().any(|&(ftt, min_hosts)| {
        !data_accessible(ftt, reach.failed_together, hosts.site_mirrored)
            || (rebuilds && !enough_hosts(reach.domain_hosts_left, min_hosts))
    })
}

/// Whether a failure's components are rebuilt where `domain_hosts` hosts
/// rebuild them (`HostLayout::domain_hosts`), so the space they take is
/// judged. A device or disk group is rebuilt on the devices its host has
/// left; one that takes all of its host's capacity (a host with one disk
/// group, or one device) is a host's loss to storage. A host is rebuilt
/// only where the domain has more hosts than the widest policy places
/// components on, the capacity rule's `rebuild_target_exists`
/// (`source::NO_REBUILD_TARGET`); else vSAN waits for the host (or the
/// replaced devices) and rebuilds nothing meanwhile, so there is no space
/// to run short of (the policies short of hosts say what is at risk:
/// `RebuildBlocker::TooFewHosts`, `protection.no_spare_host`). The healthy
/// domain decides, as the capacity rule's reserve does: N+x with x >= 2 is
/// judged on its space wherever the first host can be rebuilt.
fn rebuilds_here(f: &Failure, layout: &Layout, policies: &[PolicyAfterFailure]) -> bool {
    let host_can_rebuild = || {
        let widest = policies.iter().map(|p| p.min_hosts).max().unwrap_or(0);
        rebuild_target_exists(layout.hosts.domain_hosts(), widest)
    };
    match f.kind {
        FailureKind::Host | FailureKind::ReserveHosts => host_can_rebuild(),
        FailureKind::CapacityDevice | FailureKind::DiskGroup => {
            f.lost.raw_gb < layout.storage.host.raw_gb || host_can_rebuild()
        }
        FailureKind::Site => true,
    }
}

/// What every scenario is measured against.
struct Context<'a> {
    layout: &'a Layout<'a>,
    /// Every device of the healthy cluster.
    whole: &'a Devices,
    vsan: &'a VsanStorage<'a>,
    settings: &'a ResilienceSettings,
}

fn scenario(f: Failure, c: &Context, policies: &[(usize, &StoragePolicy)]) -> FailureScenario {
    let site = f.kind == FailureKind::Site;
    let mirrored = c.layout.hosts.site_mirrored;
    // Capacity is checked where the components are rebuilt: the failed
    // site when each site keeps its own copy, the surviving site after a
    // site failure, else the whole cluster. Sites are identical, so each
    // holds 1 / copies of the datastore and of what is consumed.
    let copies = f64::from(c.layout.hosts.copies());
    let capacity = c.vsan.capacity;
    let healthy_gb = capacity.datastore.gb / copies;
    let domain_raw_gb = c.whole.raw_gb / copies;
    let lost_in_domain_gb = if site && mirrored { 0.0 } else { f.lost.raw_gb };
    let lost_share = if domain_raw_gb > 0.0 {
        (lost_in_domain_gb / domain_raw_gb).min(1.0)
    } else {
        0.0
    };
    let capacity_left_gb = healthy_gb * (1.0 - lost_share);
    let required_gb = capacity.required.gb / copies;
    let kept_free_gb = c.vsan.kept_free_gb / copies;
    let policies: Vec<PolicyAfterFailure> = policies
        .iter()
        .map(|(_, policy)| {
            let p = (c.vsan.protect)(policy);
            PolicyAfterFailure {
                policy_id: policy.id.clone(),
                failures_tolerated: p.ftt,
                min_hosts: p.min_hosts,
                data_accessible: data_accessible(p.ftt, f.reach.failed_together, mirrored),
                enough_hosts: enough_hosts(f.reach.domain_hosts_left, p.min_hosts),
            }
        })
        .collect();
    let rebuilds = rebuilds_here(&f, c.layout, &policies);
    let mut blockers = Vec::new();
    if policies.iter().any(|p| !p.data_accessible) {
        blockers.push(RebuildBlocker::DataLost);
    }
    if site {
        blockers.push(RebuildBlocker::SiteDown);
    } else if policies.iter().any(|p| !p.enough_hosts) {
        blockers.push(RebuildBlocker::TooFewHosts);
    }
    if rebuilds && required_gb + kept_free_gb > capacity_left_gb {
        blockers.push(RebuildBlocker::NotEnoughSpace);
    }
    let restorable = blockers.is_empty();
    let data_gb = capacity.required.gb * f.data_share;
    let wait_minutes = match f.state {
        ComponentState::Degraded => 0.0,
        ComponentState::Absent => c.settings.repair_delay_minutes * f64::from(f.repair_delays),
    };
    let rate = &c.vsan.rate;
    let resync = resync_minutes(data_gb, rate.under_load_gb_per_min);
    FailureScenario {
        kind: f.kind,
        label: f.label,
        lost: f.lost.hardware(),
        hosts_left: f.reach.hosts_left,
        rebuild_hosts_left: f.reach.domain_hosts_left,
        component_state: f.state,
        rebuild_scope: if mirrored {
            RebuildScope::Site
        } else {
            RebuildScope::Cluster
        },
        healthy_capacity: Capacity::from_gb(healthy_gb),
        capacity_left: Capacity::from_gb(capacity_left_gb),
        required: Capacity::from_gb(required_gb),
        kept_free: (kept_free_gb > 0.0).then(|| Capacity::from_gb(kept_free_gb)),
        used_after_rebuild_pct: if rebuilds {
            percent(required_gb, capacity_left_gb)
        } else {
            None
        },
        policies,
        rebuild_blockers: blockers,
        compliance_restorable: restorable,
        data_to_resync: Capacity::from_gb(data_gb),
        wait_minutes,
        resync_minutes: resync,
        resync_minutes_idle: resync_minutes(data_gb, rate.idle_gb_per_min),
        time_to_compliance_minutes: restorable.then_some(wait_minutes + resync),
        rebuild_performance: rebuild_performance(
            &c.vsan.demand,
            c.whole,
            &f.lost,
            !site && data_gb > 0.0,
        ),
        source: f.source,
    }
}

/// The failures that put one host in a rebuild window, for durability:
/// each kind of device (degraded: resync of the data its failure takes,
/// e.g. a vSAN OSA cache device's whole disk group) and the host (repair
/// delay + resync of the host's data).
fn failure_events(
    storage: &Storage,
    hosts: u32,
    required_gb: f64,
    rate: &ResyncRate,
    s: &ResilienceSettings,
) -> Vec<FailureEvent> {
    // Data spreads over the devices in proportion to their size.
    let whole_raw_gb = storage.host.raw_gb * f64::from(hosts);
    let data_per_raw_gb = crate::ratio::ratio(required_gb, whole_raw_gb).unwrap_or(0.0);
    let hours =
        |raw_gb: f64| resync_minutes(raw_gb * data_per_raw_gb, rate.under_load_gb_per_min) / 60.0;
    let afr = |kind: DeviceKind| {
        if kind.is_flash() {
            s.ssd_afr_pct / 100.0
        } else {
            s.hdd_afr_pct / 100.0
        }
    };
    let mut devices: Vec<WeightedEvent> = Vec::new();
    for d in &storage.failures {
        let event = match devices.iter_mut().find(|e| e.kind == d.event) {
            Some(e) => e,
            None => {
                devices.push(WeightedEvent::new(d.event));
                devices.last_mut().expect("just pushed")
            }
        };
        event.add(
            d.count,
            f64::from(d.count) * afr(d.device),
            hours(d.raw_gb_per_failure),
        );
    }
    let mut events: Vec<FailureEvent> = devices.into_iter().map(WeightedEvent::event).collect();
    events.push(FailureEvent {
        kind: EventKind::Host,
        per_host: 1,
        rate_per_year: s.host_afr_pct / 100.0,
        window_hours: s.repair_delay_minutes / 60.0 + hours(storage.host.raw_gb),
    });
    events
}

/// Devices of one kind in a host whose windows differ by disk group:
/// their rates add up, their windows average weighted by rate.
struct WeightedEvent {
    kind: EventKind,
    count: u32,
    rate: f64,
    rate_hours: f64,
}

impl WeightedEvent {
    fn new(kind: EventKind) -> Self {
        WeightedEvent {
            kind,
            count: 0,
            rate: 0.0,
            rate_hours: 0.0,
        }
    }

    fn add(&mut self, count: u32, rate: f64, window_hours: f64) {
        self.count += count;
        self.rate += rate;
        self.rate_hours += rate * window_hours;
    }

    fn event(self) -> FailureEvent {
        FailureEvent {
            kind: self.kind,
            per_host: self.count,
            rate_per_year: self.rate,
            window_hours: crate::ratio::ratio(self.rate_hours, self.rate).unwrap_or(0.0),
        }
    }
}
