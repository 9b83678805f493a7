//! The vSAN ESA half of the search, sized with `evaluate` itself, in two
//! axes as the XtremIO + VPLEX half is (`array`):
//! - storage (NVMe device, devices per host, protection): capacity, device
//!   IOPS, the hosts each protection needs and the component limits, which
//!   the ESA rules compute from the pool, the host count and the
//!   workloads, never from the host model;
//! - compute (host model): CPU and RAM with N+x, from the host model and
//!   the host count.
//!
//! A design is a storage line on a host model whose drive bays hold its
//! pool, at the larger of the two axes' smallest passing sizes: both are
//! monotonic in the hosts (more hosts add devices, cores and memory, and
//! RAID-5 widens from 2+1 to 4+1 at six hosts), but for the storage
//! axis's capacity where the host rebuild reserve starts, one host past
//! the policy's rebuild hosts, which `Probe::smallest` sizes either side
//! of. The compute axis is sized
//! with the smallest pool (the least vSAN memory per host), so it can
//! only be optimistic by the 160 MB a device takes; `select` walks a
//! rejected design up one host at a time, as it does vSAN OSA lines.
//!
//! Every workload class gets the same protection on an ESA design, and
//! pools hold 4 devices or more: fewer is below every original ESA
//! ReadyNode profile (`source::ESA_HOST_MINIMUMS`), which `evaluate` warns
//! of. The capacity and IOPS headroom the Pareto front compares are the
//! storage axis's at its own size: where compute needs more hosts, the
//! design holds at least that much (its own figures are in its evaluation).
//!
//! The storage axis's probes are one `evaluate` of the candidate each,
//! and decide its rules by calling, on that evaluation's figures, the
//! predicate the finding's code calls (`storage_failing`). The compute
//! axis evaluates each host model once, with the smallest pool at the
//! largest size, for its demand and what a host offers, and sizes it with
//! the compute rules' predicates (`ComputeAxis`, as the vSAN OSA scorer
//! does). No rule is restated here, and the property tests compare both
//! axes with `evaluate`'s findings and the search with brute force over
//! them (`recommend/tests.rs`, `recommend/tests/brute.rs`).
//!
//! | finding | axis | predicate |
//! |---|---|---|
//! | `capacity.reserve_exceeds_cluster` | storage | `capacity::reserve_exceeds_cluster` |
//! | `capacity.insufficient` | storage | `capacity::capacity_insufficient` |
//! | `protection.too_few_hosts` | storage | `protection::too_few_hosts` with `esa_protection`'s minimum |
//! | `esa.components_per_host`, `esa.components_per_device` | storage | `vsan_esa::components_exceed` |
//! | `esa.iops_exceeded` | storage | `tier_load::over_ceiling` on the pool's utilisation |
//! | `resilience.*` errors (rebuild after a device or the N+x hosts: hosts, space, IOPS) | storage | `resilience`'s findings on its failure scenarios, read as `evaluate` emitted them |
//! | `compute.no_hosts_after_failure`, `compute.cpu_overcommitted`, `compute.sql_memory_overcommitted`, `compute.memory_overcommitted`, `compute.vm_exceeds_host_memory` | compute | `compute::no_hosts_after_failure`, `cpu_overcommitted`, `memory_overcommitted`, `vm_exceeds_host_memory` on `cores_on` and `usable_ram_on` (`ComputeAxis::failing`) |
//! | any other unmet finding | neither | `select`'s verification by `evaluate` |
//!
//! The component counts are the one storage rule not monotonic in the
//! hosts (`components_exceed`): a pool sized below six hosts that fails
//! them at six is walked up by `select`.

use crate::demand::protection::too_few_hosts;
use crate::evaluate::{evaluate, EsaClusterEvaluation};
use crate::model::issue::InputIssue;
use crate::model::StoragePolicy;
use crate::platform::vsan_esa::{components_exceed, policy_hosts, MIN_DEVICES_PER_HOST};
use crate::platform::vsan_osa::capacity::{
    capacity_insufficient, rebuild_target_exists, reserve_exceeds_cluster,
};
use crate::platform::vsan_osa::performance::tier_load::over_ceiling;
use crate::rules::FindingCode;

use super::base::{Base, EsaConfig};
use super::bom::{esa_bom, priced, BomLine};
use super::bound::CostBound;
use super::compute::{ComputeAxis, HostShape};
use super::family::Family;
use super::options::{ProtectionChoice, RecommendOptions};
use super::pareto::{DesignKey, Point};
use super::requirement::{constraint_of, is_unmet, Constraint};
use super::space::{Choices, DeviceChoice};
use super::tally::{Stats, Tally};
use super::vsan::{size_range, Caps};

/// The storage rules an ESA design fails, each decided by the predicate
/// its finding calls, on the figures `evaluate` computed (the table in the
/// module comment); `reserve_hosts` is the project's N+x.
pub fn storage_failing(e: &EsaClusterEvaluation, reserve_hosts: u32) -> Vec<FindingCode> {
    let hosts = e.host_count;
    let (capacity, pool, io) = (&e.capacity, &e.esa, &e.performance);
    let fails = [
        (
            reserve_exceeds_cluster(reserve_hosts, hosts),
            FindingCode::CapacityReserveExceedsCluster,
        ),
        (
            capacity_insufficient(capacity.required.gb, capacity.usable.gb),
            FindingCode::CapacityInsufficient,
        ),
        (
            capacity
                .per_policy
                .iter()
                .any(|p| too_few_hosts(hosts, p.protection.min_hosts, false)),
            FindingCode::ProtectionTooFewHosts,
        ),
        (
            components_exceed(pool.components_per_host, pool.max_components_per_host),
            FindingCode::EsaComponentsPerHost,
        ),
        (
            components_exceed(pool.components_per_device, pool.max_components_per_device),
            FindingCode::EsaComponentsPerDevice,
        ),
        (
            over_ceiling(io.utilisation_pct, io.utilisation_ceiling_pct),
            FindingCode::EsaIopsExceeded,
        ),
    ];
    let mut failing: Vec<FindingCode> = fails
        .into_iter()
        .filter_map(|(fails, code)| fails.then_some(code))
        .collect();
    // The failure scenarios' rules depend on the pool and the host count
    // only; their findings call the predicates, so they are read as emitted.
    failing.extend(
        e.resilience
            .findings
            .iter()
            .filter(|f| is_unmet(f))
            .map(|f| f.code),
    );
    failing
}

/// The devices no other device beats: one as large, as fast and as
/// enduring for no more money gives every design the same or more for
/// less, so the beaten one can be neither the cheapest nor on the front.
/// Exact ties keep the first in catalog order.
pub fn unbeaten_devices(devices: Vec<DeviceChoice>) -> Vec<DeviceChoice> {
    let beats = |a: &DeviceChoice, b: &DeviceChoice| {
        let (x, y) = (&a.device, &b.device);
        a.price <= b.price
            && x.capacity_gb >= y.capacity_gb
            && x.read_iops >= y.read_iops
            && x.write_iops >= y.write_iops
            && x.endurance_dwpd.unwrap_or(0.0) >= y.endurance_dwpd.unwrap_or(0.0)
    };
    devices
        .iter()
        .enumerate()
        .filter(|(i, d)| {
            !devices
                .iter()
                .enumerate()
                .any(|(j, e)| j != *i && beats(e, d) && (j < *i || !beats(d, e)))
        })
        .map(|(_, d)| d.clone())
        .collect()
}

/// The smallest passing size of one pool and protection.
#[derive(Debug, Clone, Copy)]
pub struct PoolLine {
    pub device: usize,
    pub devices_per_host: u32,
    pub protection: ProtectionChoice,
    pub size: u32,
    pub capacity_headroom_gb: f64,
    pub iops_headroom: f64,
}

/// Where one pool (a device, a protection and a device count per host)
/// stands.
#[derive(Debug, Clone)]
enum Pool {
    /// Not sized yet.
    Waiting,
    /// Left unsized: its cheapest possible design cost more than the
    /// bound allowed.
    Skipped,
    Sized(PoolLine),
    /// No size passes; the storage rules it fails at the largest size.
    Failed(Vec<FindingCode>),
    /// No size passes, as a fuller pool of its device and protection fails.
    FailsLikeFuller,
}

/// The ESA axes, sized a pool at a time in the search's steps.
///
/// The pools are sized cheapest possible design first and a pool whose
/// cheapest possible design costs more than `CostBound` allows is skipped,
/// as vSAN geometries are; `search` sizes the skipped ones after all
/// wherever the answer reaches them. A pool's bounds come from the pools of
/// its device and protection already sized: fewer devices never need fewer
/// hosts, so a fuller pool's size bounds it from below and an emptier
/// pool's (which it passes at too) from above.
#[derive(Debug)]
pub struct EsaSearch {
    /// Per pool (`slot`), where it stands: its line once sized.
    pools: Vec<Pool>,
    /// Per host choice, its fewest passing hosts; None when none passes.
    pub compute: Vec<Option<u32>>,
    pub sizes: (u32, u32),
    protections: Vec<ProtectionChoice>,
    most_bays: u32,
    /// Pools to size, the next last.
    queue: Vec<u32>,
    /// Skipped pools `search` asked to size after all, likewise.
    resuming: Vec<u32>,
    /// Skipped pools with their cheapest possible design's cost.
    skipped: Vec<(u32, f64)>,
    /// The designs of the space, and the `evaluate` calls made and the
    /// designs counted as pruned so far.
    space: u64,
    evaluated: u64,
    pruned: u64,
}

/// A pool's smallest passing size with its evaluation, or the storage
/// rules it fails at the largest size.
type PoolSizing = Result<(u32, EsaClusterEvaluation), Vec<FindingCode>>;

struct Probe<'a> {
    base: &'a Base,
    stats: &'a mut Stats,
}

impl Probe<'_> {
    /// The ESA cluster's evaluation.
    fn run(
        &mut self,
        config: &EsaConfig,
        size: u32,
    ) -> Result<EsaClusterEvaluation, Vec<InputIssue>> {
        self.stats.full_evaluations += 1;
        self.stats.evaluated += 1;
        let mut e = evaluate(&self.base.esa_project(config, size))?;
        match e.clusters.remove(0).detail {
            crate::evaluate::ClusterDetail::VsanEsa(c) => Ok(*c),
            _ => unreachable!("an ESA candidate is one ESA cluster"),
        }
    }

    /// The storage rules the pool fails at `size`, and its evaluation.
    fn storage(
        &mut self,
        config: &EsaConfig,
        size: u32,
    ) -> Result<(Vec<FindingCode>, EsaClusterEvaluation), Vec<InputIssue>> {
        let e = self.run(config, size)?;
        let reserve_hosts = self.base.reduced().settings.reserve_hosts;
        Ok((storage_failing(&e, reserve_hosts), e))
    }

    /// The smallest size from `lo` to `hi` at which the storage rules
    /// pass, with its evaluation; or the rules failing at `hi`. `passes`
    /// is a size known to pass (a pool with fewer devices passes there).
    ///
    /// Usable space falls once as the hosts grow: up to the policy's
    /// rebuild hosts no host rebuild reserve is kept, one host more keeps
    /// it (`vsan_esa::EsaReserve::rebuild_target`), as on vSAN OSA
    /// (`VsanSearch::size_line`). Each side is sized on its own, the
    /// smaller first: a size passing there is smaller than any above.
    fn smallest(
        &mut self,
        config: &EsaConfig,
        (lo, hi): (u32, u32),
        passes: Option<u32>,
    ) -> Result<PoolSizing, Vec<InputIssue>> {
        let Some(edge) = self.no_rebuild_up_to(config, (lo, hi)).filter(|&e| e < hi) else {
            return self.smallest_within(config, (lo, hi), passes);
        };
        let below_passes = passes.filter(|&p| p <= edge);
        let below = self.smallest_within(config, (lo, edge), below_passes)?;
        if below.is_ok() {
            return Ok(below);
        }
        self.smallest_within(config, (edge + 1, hi), passes)
    }

    /// The largest size from `lo` to `hi` at which the pool keeps no host
    /// rebuild reserve, the cluster having no host past those its policy
    /// rebuilds a failed host's components on, as `cluster_reserve` finds;
    /// None when `lo` keeps it. Those sizes are the first ones: the
    /// rebuild hosts grow slower than the hosts (RAID-5 is rebuilt on 3
    /// hosts below 6 and on 5 from 6; every other policy on a fixed count).
    fn no_rebuild_up_to(&self, config: &EsaConfig, (lo, hi): (u32, u32)) -> Option<u32> {
        let project = self.base.esa_project(config, hi);
        let policies: Vec<&StoragePolicy> = self
            .base
            .classes
            .iter()
            .map(|&i| &project.policies[i])
            .collect();
        (lo..=hi)
            .take_while(|&size| {
                !rebuild_target_exists(size, policy_hosts(policies.iter().copied(), size))
            })
            .last()
    }

    /// `smallest` within sizes where usable space grows with the hosts.
    /// With a size known to pass, the search walks down from it; without
    /// one it checks `hi` first, so a pool no size passes costs one
    /// evaluation.
    fn smallest_within(
        &mut self,
        config: &EsaConfig,
        (lo, hi): (u32, u32),
        passes: Option<u32>,
    ) -> Result<PoolSizing, Vec<InputIssue>> {
        let top = passes.unwrap_or(hi).clamp(lo, hi);
        let (unmet, e) = self.storage(config, top)?;
        if !unmet.is_empty() {
            return match passes {
                // Not where it was expected to pass: look above.
                Some(_) if top < hi => self.smallest_within(config, (top + 1, hi), None),
                // Too few hosts to rebuild after N+x is not monotonic in
                // the hosts: RAID-5 widens to 4+1 at six hosts, which needs
                // five to rebuild, so N+2 fails at six and passes at five.
                None if top > lo && unmet == [FindingCode::ResilienceRebuildTooFewHosts] => {
                    self.smallest_within(config, (lo, top - 1), None)
                }
                _ => Ok(Err(unmet)),
            };
        }
        if passes.is_some() {
            let mut best = (top, e);
            while best.0 > lo {
                let below = best.0 - 1;
                let (unmet, e) = self.storage(config, below)?;
                if unmet.is_empty() {
                    best = (below, e);
                    continue;
                }
                // Too few hosts to rebuild after N+x (above): a pool at a
                // policy's bare minimum has no spare host to rebuild on,
                // which is a warning, so it can pass where one more host
                // fails.
                if unmet == [FindingCode::ResilienceRebuildTooFewHosts] {
                    for size in lo..below {
                        let (unmet, e) = self.storage(config, size)?;
                        if unmet.is_empty() {
                            return Ok(Ok((size, e)));
                        }
                    }
                }
                break;
            }
            return Ok(Ok(best));
        }
        for size in lo..top {
            let (unmet, e) = self.storage(config, size)?;
            if unmet.is_empty() {
                return Ok(Ok((size, e)));
            }
        }
        Ok(Ok((top, e)))
    }
}

impl EsaSearch {
    /// The compute axis, and the pools queued cheapest possible design
    /// first. None when the family is not searched: why goes to `notes`.
    pub fn new(
        base: &Base,
        choices: &Choices,
        options: &RecommendOptions,
        (stats, tally): (&mut Stats, &mut Tally),
        notes: &mut Vec<String>,
    ) -> Result<Option<EsaSearch>, Vec<InputIssue>> {
        if !options.allows_family(Family::EsaVsan) {
            return Ok(None);
        }
        if base.stretched() {
            notes.push(
                "vSAN ESA was not searched: the core models ESA on a single site and the cluster is stretched."
                    .into(),
            );
            return Ok(None);
        }
        let protections: Vec<ProtectionChoice> = options
            .protections_for(false)
            .into_iter()
            .filter(|p| *p != ProtectionChoice::Raid1Ftt0)
            .collect();
        let most_bays = choices.hosts.iter().map(|h| h.drive_bays).max();
        let (Some(reference), Some(most_bays)) = (choices.hosts.first(), most_bays) else {
            return Ok(None);
        };
        if choices.esa_devices.is_empty() || protections.is_empty() {
            notes.push(
                "vSAN ESA was not searched: the catalog has no ESA-certified NVMe device the options allow."
                    .into(),
            );
            return Ok(None);
        }
        let sizes = size_range(base, options);
        if sizes.1 < sizes.0 {
            // Fewer hosts allowed than any ESA cluster has.
            tally.add_failing_constraint(Constraint::FaultDomains);
        }
        let per_pool: u64 = (MIN_DEVICES_PER_HOST..=most_bays).count() as u64;
        let per_host =
            choices.hosts.len() as u64 * u64::from((sizes.1 + 1).saturating_sub(sizes.0));
        // The compute axis's probes (the smallest pool on each host model
        // at each size) count as designs of their own, so that the designs
        // evaluated never outnumber the space.
        let space =
            (choices.esa_devices.len() as u64 * protections.len() as u64 * per_pool + 1) * per_host;
        stats.search_space += space;
        let evaluated_before = stats.evaluated;
        let mut probe = Probe { base, stats };
        let smallest_pool = EsaConfig {
            host: reference,
            device: &choices.esa_devices[0],
            devices_per_host: MIN_DEVICES_PER_HOST,
            protection: protections[0],
        };
        // One evaluation per host model reads what its hosts offer; the
        // compute rules then size it without `evaluate`.
        let mut compute = Vec::with_capacity(choices.hosts.len());
        for host in &choices.hosts {
            if sizes.1 < sizes.0 {
                compute.push(None);
                continue;
            }
            let config = EsaConfig {
                host,
                ..smallest_pool
            };
            let e = probe.run(&config, sizes.1)?;
            let axis = ComputeAxis::of(base, &e.compute);
            let shape = HostShape::of(&host.spec, &e.compute);
            let (found, checks) = axis.smallest(shape, sizes.0.saturating_sub(1), sizes.1);
            // The evaluation counted the first size checked.
            probe.stats.evaluated += checks - 1;
            match found {
                Ok(size) => compute.push(Some(size)),
                Err(failing) => {
                    tally.add_failing(failing, None);
                    compute.push(None);
                }
            }
        }
        let slots = choices.esa_devices.len() * protections.len() * per_pool as usize;
        let mut esa = EsaSearch {
            pools: vec![Pool::Waiting; slots],
            compute,
            sizes,
            protections,
            most_bays,
            queue: Vec::new(),
            resuming: Vec::new(),
            skipped: Vec::new(),
            space,
            evaluated: probe.stats.evaluated - evaluated_before,
            pruned: 0,
        };
        if sizes.1 >= sizes.0 {
            let mut queue: Vec<(f64, u32)> = (0..slots as u32)
                .map(|slot| (esa.floor_cost(choices, slot), slot))
                .collect();
            // Dearest first, as the queue is taken from its end.
            queue.sort_by(|a, b| b.0.total_cmp(&a.0).then(b.1.cmp(&a.1)));
            esa.queue = queue.into_iter().map(|(_, slot)| slot).collect();
        }
        esa.count_pruned(stats);
        Ok(Some(esa))
    }

    pub fn done(&self) -> bool {
        self.queue.is_empty() && self.resuming.is_empty()
    }

    /// Sizes the next pool, adding its designs to `points`, unless its
    /// cheapest possible design costs more than `bound` allows.
    pub fn step(
        &mut self,
        (base, choices): (&Base, &Choices),
        (caps, bound): (Caps, &CostBound),
        points: &mut Vec<Point>,
        (stats, tally): (&mut Stats, &mut Tally),
    ) -> Result<(), Vec<InputIssue>> {
        let (slot, resumed) = match self.queue.pop() {
            Some(slot) => (slot, false),
            None => match self.resuming.pop() {
                Some(slot) => (slot, true),
                None => return Ok(()),
            },
        };
        let (d, p, devices_per_host) = self.parts_of(slot);
        let Some((lo, passes)) = self.bounds(slot) else {
            self.pools[slot as usize] = Pool::FailsLikeFuller;
            return Ok(());
        };
        let floor = self.floor_cost(choices, slot);
        if !resumed && floor > bound.limit(Family::EsaVsan) {
            self.pools[slot as usize] = Pool::Skipped;
            self.skipped.push((slot, floor));
            return Ok(());
        }
        let config = EsaConfig {
            host: &choices.hosts[0],
            device: &choices.esa_devices[d],
            devices_per_host,
            protection: self.protections[p],
        };
        let evaluated_before = stats.evaluated;
        let mut probe = Probe { base, stats };
        let found = probe.smallest(&config, (lo, self.sizes.1), passes)?;
        self.evaluated += stats.evaluated - evaluated_before;
        self.pools[slot as usize] = match found {
            Ok((size, e)) => Pool::Sized(PoolLine {
                device: d,
                devices_per_host,
                protection: self.protections[p],
                size,
                capacity_headroom_gb: e.capacity.headroom.gb,
                iops_headroom: e.performance.headroom.unwrap_or(0.0),
            }),
            Err(failing) => Pool::Failed(failing),
        };
        points.extend(self.line_points(choices, caps, slot, tally));
        self.count_pruned(stats);
        Ok(())
    }

    /// The skipped pools whose cheapest possible design costs no more than
    /// `reach`.
    pub fn reachable(&self, reach: f64) -> Vec<u32> {
        self.skipped
            .iter()
            .filter(|(_, cost)| *cost <= reach)
            .map(|(slot, _)| *slot)
            .collect()
    }

    /// Sizes these skipped pools in the next steps, whatever the bound.
    pub fn resume(&mut self, slots: &[u32]) {
        self.skipped.retain(|(slot, _)| !slots.contains(slot));
        for &slot in slots {
            self.pools[slot as usize] = Pool::Waiting;
        }
        // Fullest first (taken from the end), so each bounds the next.
        let mut resumed = slots.to_vec();
        resumed.sort_unstable_by(|a, b| b.cmp(a));
        self.resuming.extend(resumed);
    }

    /// Why pools yielded no design, for the answer when none is left: of
    /// each device and protection, the rules its fullest failing pool
    /// fails (the pools with fewer devices fail likewise).
    pub fn add_failing(&self, tally: &mut Tally) {
        let per_chain = self.pools_per_chain();
        for chain in self.pools.chunks(per_chain) {
            if let Some(Pool::Failed(codes)) = chain.iter().find(|p| matches!(p, Pool::Failed(_))) {
                for &code in codes {
                    tally.add_failing_constraint(constraint_of(code));
                }
            }
        }
    }

    /// Counts the designs not evaluated as pruned, once.
    fn count_pruned(&mut self, stats: &mut Stats) {
        let pruned = self.space.saturating_sub(self.evaluated);
        stats.pruned = stats.pruned - self.pruned + pruned;
        self.pruned = pruned;
    }

    fn pools_per_chain(&self) -> usize {
        (self.most_bays + 1 - MIN_DEVICES_PER_HOST) as usize
    }

    /// A pool's place: per device, per protection, fullest pool first.
    fn parts_of(&self, slot: u32) -> (usize, usize, u32) {
        let per_chain = self.pools_per_chain();
        let chain = slot as usize / per_chain;
        let fewer = (slot as usize % per_chain) as u32;
        (
            chain / self.protections.len(),
            chain % self.protections.len(),
            self.most_bays - fewer,
        )
    }

    /// The smallest size the pool may pass at (the largest a fuller pool
    /// of its chain needs) and a size it passes at (the smallest an
    /// emptier pool passes at), if known; None when a fuller pool fails.
    fn bounds(&self, slot: u32) -> Option<(u32, Option<u32>)> {
        let per_chain = self.pools_per_chain() as u32;
        let first = slot - slot % per_chain;
        let mut lo = self.sizes.0;
        for fuller in &self.pools[first as usize..slot as usize] {
            match fuller {
                Pool::Sized(line) => lo = lo.max(line.size),
                Pool::Failed(_) | Pool::FailsLikeFuller => return None,
                Pool::Waiting | Pool::Skipped => {}
            }
        }
        let passes = self.pools[slot as usize + 1..(first + per_chain) as usize]
            .iter()
            .filter_map(|p| match p {
                Pool::Sized(line) => Some(line.size),
                _ => None,
            })
            .min();
        Some((lo, passes))
    }

    /// The cheapest any design of the pool can cost: on a host model whose
    /// bays hold it, at the larger of its lower bound and the host model's
    /// own smallest size. Infinite when no host model takes it.
    fn floor_cost(&self, choices: &Choices, slot: u32) -> f64 {
        let (d, _, devices_per_host) = self.parts_of(slot);
        let lo = self.bounds(slot).map_or(self.sizes.0, |(lo, _)| lo);
        let line = PoolLine {
            device: d,
            devices_per_host,
            protection: self.protections[0],
            size: lo,
            capacity_headroom_gb: 0.0,
            iops_headroom: 0.0,
        };
        self.compute
            .iter()
            .enumerate()
            .filter(|(h, _)| devices_per_host <= choices.hosts[*h].drive_bays)
            .filter_map(|(h, size)| size.map(|size| self.cost(choices, line, h, size.max(lo))))
            .fold(f64::INFINITY, f64::min)
    }

    /// The designs of a sized pool on every host model whose bays hold it,
    /// within the caps.
    fn line_points(
        &self,
        choices: &Choices,
        caps: Caps,
        slot: u32,
        tally: &mut Tally,
    ) -> Vec<Point> {
        let Pool::Sized(line) = &self.pools[slot as usize] else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for (h, size) in self.compute.iter().enumerate() {
            let Some(size) = *size else { continue };
            if line.devices_per_host > choices.hosts[h].drive_bays {
                continue;
            }
            let key = DesignKey::Esa {
                line: slot,
                host: h as u16,
                size: size.max(line.size) as u8,
            };
            out.extend(self.point(choices, caps, key, tally));
        }
        out
    }

    /// The design of `key` as a point, unless a cap rules it out.
    pub fn point(
        &self,
        choices: &Choices,
        caps: Caps,
        key: DesignKey,
        tally: &mut Tally,
    ) -> Option<Point> {
        let (line, host, size) = self.parts(key)?;
        let cost = self.cost(choices, line, host, size);
        let host = &choices.hosts[host];
        if !caps.admit(cost, (host.rack_units * size, host.power_w(size)), tally) {
            return None;
        }
        Some(Point {
            cost,
            capacity_headroom_gb: line.capacity_headroom_gb,
            iops_headroom: line.iops_headroom,
            family: Family::EsaVsan,
            key,
        })
    }

    /// The same design one host larger, for when `evaluate` rejects it.
    pub fn successor(&self, key: DesignKey) -> Option<DesignKey> {
        match key {
            DesignKey::Esa { line, host, size } if u32::from(size) < self.sizes.1 => {
                Some(DesignKey::Esa {
                    line,
                    host,
                    size: size + 1,
                })
            }
            _ => None,
        }
    }

    pub fn parts(&self, key: DesignKey) -> Option<(PoolLine, usize, u32)> {
        match key {
            DesignKey::Esa { line, host, size } => Some((
                match self.pools.get(line as usize)? {
                    Pool::Sized(line) => *line,
                    _ => return None,
                },
                usize::from(host),
                u32::from(size),
            )),
            _ => None,
        }
    }

    pub fn config<'a>(&self, choices: &'a Choices, key: DesignKey) -> Option<(EsaConfig<'a>, u32)> {
        let (line, host, size) = self.parts(key)?;
        Some((
            EsaConfig {
                host: choices.hosts.get(host)?,
                device: choices.esa_devices.get(line.device)?,
                devices_per_host: line.devices_per_host,
                protection: line.protection,
            },
            size,
        ))
    }

    pub fn bom(&self, choices: &Choices, key: DesignKey) -> Option<(Vec<BomLine>, u32)> {
        let (line, host, size) = self.parts(key)?;
        let units = choices.hosts[host].rack_units * size;
        Some((
            esa_bom(choices, (host, line.device, line.devices_per_host), size),
            units,
        ))
    }

    fn cost(&self, choices: &Choices, line: PoolLine, host: usize, size: u32) -> f64 {
        priced(&[
            (choices.hosts[host].price, size),
            (
                choices.esa_devices[line.device].price,
                size * line.devices_per_host,
            ),
        ])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Device, DeviceKind};

    fn device(id: &str, price: f64, capacity_gb: f64, dwpd: f64) -> DeviceChoice {
        DeviceChoice {
            part_id: id.into(),
            device: Device {
                id: id.into(),
                model: id.into(),
                kind: DeviceKind::Nvme,
                capacity_gb,
                read_iops: 100_000.0,
                write_iops: 50_000.0,
                endurance_dwpd: Some(dwpd),
                flash_class: None,
                unit_price: Some(price),
            },
            price,
        }
    }

    #[test]
    fn a_device_as_good_for_no_more_money_beats_another() {
        let kept = unbeaten_devices(vec![
            device("dear", 900.0, 3200.0, 1.0),
            device("cheap", 800.0, 3200.0, 1.0),
            device("enduring", 900.0, 3200.0, 3.0),
            device("twin", 800.0, 3200.0, 1.0),
            device("large", 1200.0, 7680.0, 1.0),
        ]);
        let ids: Vec<_> = kept.iter().map(|d| d.part_id.as_str()).collect();
        // "dear" loses to "cheap"; "twin" ties "cheap" and the first stays;
        // "enduring" and "large" each offer what no cheaper device does.
        assert_eq!(ids, ["cheap", "enduring", "large"]);
    }
}
