//! The vSAN half of the search. A line is a host model, a disk-group
//! layout, a cache and a capacity device, dedup on or off and a protection
//! per workload class; each line is sized to the fewest hosts the scorer
//! passes, which is the only design of the line the search keeps:
//! - every smaller size fails a sizing rule, and the scorer's verdict on
//!   those rules is `evaluate`'s, so no smaller design meets the
//!   requirements;
//! - every larger size costs more (each BOM quantity grows with the hosts)
//!   and is the same line with hosts added: it is a variant the user makes
//!   by editing the host count, not a different trade-off, and it is never
//!   the cheapest design of its family unless `evaluate` rejects the
//!   smaller ones, in which case `select` walks the line up.

use crate::limits::MAX_HOSTS_PER_CLUSTER;
use crate::model::issue::InputIssue;
use crate::model::StorageTier;

use super::base::{Base, VsanConfig};
use super::bom::{priced, vsan_bom, vsan_quantities, BomLine};
use super::bound::CostBound;
use super::family::Family;
use super::figures::{figures, tier_index, AssignmentFigures};
use super::geometry::{tier_of, Geometry};
use super::options::{ProtectionChoice, RecommendOptions};
use super::pareto::{DesignKey, Point};
use super::requirement::Constraint;
use super::score::{Score, Scorer};
use super::shadow::Unbeaten;
use super::sizing::{smallest_passing, Sized};
use super::space::{layouts, Choices, Layout};
use super::tally::{Stats, Tally};

/// More protection assignments than this and every class gets the same
/// protection (5 choices for 4 classes is 625).
pub const MAX_ASSIGNMENTS: usize = 625;

/// vSAN's smallest standard cluster; a stretched cluster has at least one
/// host per site.
const MIN_HOSTS_SINGLE: u32 = 3;

#[derive(Debug, Clone, Copy)]
pub struct Caps {
    pub budget: Option<f64>,
    pub rack_units: Option<u32>,
    pub power_w: Option<f64>,
}

impl Caps {
    /// Whether a design of this cost, rack space and power (None: the
    /// catalog states none for a part) is within the caps; one that is
    /// not is counted for the answer when nothing is left.
    pub fn admit(self, cost: f64, (units, power_w): (u32, Option<f64>), tally: &mut Tally) -> bool {
        if self.budget.is_some_and(|b| cost > b) {
            tally.add_over_budget(cost);
            return false;
        }
        if self.rack_units.is_some_and(|max| units > max) {
            tally.add_over_rack_units(units);
            return false;
        }
        match (self.power_w, power_w) {
            (Some(max), Some(w)) if w > max => {
                tally.add_over_power(w);
                false
            }
            (Some(_), None) => {
                tally.power_unknown += 1;
                false
            }
            _ => true,
        }
    }
}

#[derive(Debug)]
pub struct VsanSearch {
    pub scorer: Scorer,
    pub geometries: Vec<Geometry>,
    pub assignments: Vec<AssignmentFigures>,
    /// Assignments a hybrid line may use: erasure coding needs all-flash.
    mirror_only: Vec<u16>,
    /// Sizes searched: hosts, or hosts per site when stretched.
    pub sizes: (u32, u32),
    /// Sizes the options allow, of which the witness RTT may rule out the
    /// largest: those count as pruned.
    allowed: u32,
    /// The order geometries are sized in: blocks of one host model and
    /// layout (what `shadow` compares), cheapest possible design first, so
    /// that `CostBound` tightens early.
    order: Vec<u32>,
    /// Each geometry's cheapest possible design (`floor_cost`).
    floors: Vec<Option<f64>>,
    /// Next line: place in `order`, then position in its assignment list.
    cursor: (usize, usize),
    pub lines: u64,
    pub lines_done: u64,
    pub stretched: bool,
    /// Every class gets the same protection (too many classes to combine).
    pub uniform_protection: bool,
    /// Why no size is left when the range is empty: the host limit, or the
    /// witness RTT's limit on hosts per site.
    empty_range: Constraint,
    /// The current group's unbeaten designs, hybrid then all-flash.
    unbeaten: [Unbeaten; 2],
    /// The least capacity any protection assignment needs, without and
    /// with dedup: what bounds a geometry's size from below.
    least_required_gb: [f64; 2],
    /// Geometries left unsized because their cheapest possible design cost
    /// more than `CostBound` allowed, with that cost.
    pub skipped: Vec<(u32, f64)>,
    /// Skipped geometries `search` asked to size after all.
    resuming: Vec<u32>,
}

/// Designs of one host model and disk-group layout on one tier: what
/// `shadow` compares. Its geometries are consecutive per tier.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Group {
    host: u16,
    layout: Layout,
    tier: usize,
}

impl Group {
    fn of(g: &Geometry) -> Group {
        Group {
            host: g.host,
            layout: g.layout,
            tier: tier_index(g.tier),
        }
    }
}

impl VsanSearch {
    /// The lines of the catalog and project, with the figures their checks
    /// need. None when no vSAN family can be searched.
    pub fn new(
        base: &Base,
        choices: &Choices,
        options: &RecommendOptions,
        stats: &mut Stats,
    ) -> Result<Option<VsanSearch>, Vec<InputIssue>> {
        let stretched = base.stretched();
        let families = [
            Family::vsan(StorageTier::Hybrid, stretched),
            Family::vsan(StorageTier::AllFlash, stretched),
        ];
        if !families.iter().any(|f| options.allows_family(*f)) {
            return Ok(None);
        }
        let protections = options.protections_for(base.site_mirrored());
        let (assignments, uniform_protection) = assignments(&protections, base.classes.len());
        let hosts_allowed = size_range(base, options);
        let Some(figures) = figures(
            base,
            choices,
            &assignments,
            hosts_allowed,
            &options.must_survive,
        )?
        else {
            return Ok(None);
        };
        // The witness RTT allows a prefix of the sizes: cutting the range
        // there keeps every check monotonic within it.
        let witness = figures.project.witness_max_size;
        let sizes = (hosts_allowed.0, hosts_allowed.1.min(witness));
        let empty_range = if witness < hosts_allowed.0 {
            Constraint::SiteLinks
        } else {
            Constraint::FaultDomains
        };
        stats.full_evaluations += figures.full_evaluations;
        // The capacity devices of an allowed tier, each with dedup off and,
        // on all-flash, on (dedup+compression runs on all-flash only).
        let capacity_variants: Vec<(usize, bool)> = choices
            .capacities
            .iter()
            .enumerate()
            .filter(|(_, k)| options.allows_family(families[tier_index(tier_of(&k.device))]))
            .flat_map(|(k, capacity)| {
                let all_flash = capacity.device.kind.is_flash();
                [(k, false), (k, true)]
                    .into_iter()
                    .take(1 + usize::from(all_flash))
            })
            .collect();
        let host_layouts: Vec<Vec<Layout>> = choices
            .hosts
            .iter()
            .map(|host| {
                layouts(host.drive_bays)
                    .into_iter()
                    .filter(|l| options.allows_disk_groups(l.groups))
                    .collect()
            })
            .collect();
        // Reserved at once: a catalog makes a hundred thousand geometries
        // and more, and growing the list step by step copies it each time
        // (a third of a cold search's set-up in the app's Wasm core).
        let count = host_layouts.iter().map(Vec::len).sum::<usize>()
            * choices.caches.len()
            * capacity_variants.len();
        let mut geometries = Vec::with_capacity(count);
        for (h, layouts) in host_layouts.iter().enumerate() {
            for &layout in layouts {
                for c in 0..choices.caches.len() {
                    for &(k, dedup) in &capacity_variants {
                        geometries.push(Geometry::new(
                            choices,
                            (h, layout, c, k),
                            dedup,
                            &base.reduced().settings,
                        ));
                    }
                }
            }
        }
        let mirror_only: Vec<u16> = (0..figures.assignments.len() as u16)
            .filter(|&a| !figures.assignments[a as usize].all_flash_only)
            .collect();
        let lines = geometries
            .iter()
            .map(|g| match g.tier {
                StorageTier::AllFlash => figures.assignments.len(),
                StorageTier::Hybrid => mirror_only.len(),
            } as u64)
            .sum::<u64>();
        let allowed = (hosts_allowed.1 + 1).saturating_sub(hosts_allowed.0);
        stats.search_space += lines * u64::from(allowed);
        let least_required_gb = [0, 1].map(|dedup| {
            figures
                .assignments
                .iter()
                .map(|a| a.required_gb[dedup])
                .fold(f64::INFINITY, f64::min)
        });
        let scorer = Scorer::new(
            figures.project,
            base.reduced().settings.clone(),
            (stretched, base.site_mirrored()),
            choices.caches.len(),
            MAX_HOSTS_PER_CLUSTER,
        );
        let mut search = VsanSearch {
            scorer,
            geometries,
            assignments: figures.assignments,
            mirror_only,
            sizes,
            allowed,
            order: Vec::new(),
            floors: Vec::new(),
            cursor: (0, 0),
            lines,
            lines_done: 0,
            stretched,
            uniform_protection,
            empty_range,
            unbeaten: Default::default(),
            least_required_gb,
            skipped: Vec::new(),
            resuming: Vec::new(),
        };
        search.plan(choices);
        Ok(Some(search))
    }

    pub fn done(&self) -> bool {
        self.cursor.0 >= self.order.len() && self.resuming.is_empty()
    }

    /// Each geometry's floor cost, and the order of the blocks by their
    /// cheapest floor (a block whose floor is unknown first: it is sized
    /// whatever the bound).
    fn plan(&mut self, choices: &Choices) {
        self.floors = self
            .geometries
            .iter()
            .map(|g| self.floor_cost(choices, g))
            .collect();
        let mut blocks: Vec<(f64, std::ops::Range<usize>)> = Vec::new();
        for (gi, g) in self.geometries.iter().enumerate() {
            let floor = self.floors[gi].unwrap_or(f64::NEG_INFINITY);
            match blocks.last_mut() {
                Some((least, range))
                    if (
                        self.geometries[range.start].host,
                        self.geometries[range.start].layout,
                    ) == (g.host, g.layout) =>
                {
                    range.end = gi + 1;
                    *least = least.min(floor);
                }
                _ => blocks.push((floor, gi..gi + 1)),
            }
        }
        blocks.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.start.cmp(&b.1.start)));
        self.order = blocks
            .into_iter()
            .flat_map(|(_, range)| range.map(|gi| gi as u32))
            .collect();
    }

    /// The `position`-th assignment a line of this geometry may use.
    pub fn assignment_of(&self, g: &Geometry, position: usize) -> Option<u16> {
        match g.tier {
            StorageTier::AllFlash => (position < self.assignments.len()).then_some(position as u16),
            StorageTier::Hybrid => self.mirror_only.get(position).copied(),
        }
    }

    /// Sizes up to `max_lines` more lines, adding their designs to
    /// `points`; a geometry whose cheapest possible design costs more than
    /// `bound` allows is skipped. Then the skipped geometries `resume`
    /// named, a geometry at a time.
    pub fn step(
        &mut self,
        choices: &Choices,
        (caps, bound): (Caps, &CostBound),
        max_lines: u64,
        points: &mut Vec<Point>,
        (stats, tally): (&mut Stats, &mut Tally),
    ) {
        let (lo, hi) = self.sizes;
        let mut sized = 0;
        while sized < max_lines && self.cursor.0 < self.order.len() {
            let (at, position) = self.cursor;
            let gi = self.order[at] as usize;
            let g = &self.geometries[gi];
            if position == 0 && hi >= lo {
                if let Some(cost) = self.floors[gi] {
                    if cost > bound.limit(Family::vsan(g.tier, self.stretched)) {
                        let lines = (0..).map_while(|p| self.assignment_of(g, p)).count() as u64;
                        stats.pruned += lines * u64::from(self.allowed);
                        sized += lines;
                        self.lines_done += lines;
                        self.skipped.push((gi as u32, cost));
                        self.cursor.1 = usize::MAX;
                        continue;
                    }
                }
            }
            let Some(ai) = self.assignment_of(g, position) else {
                self.cursor = (at + 1, 0);
                let next = self
                    .order
                    .get(at + 1)
                    .map(|&n| &self.geometries[n as usize]);
                if next.is_none_or(|n| (n.host, n.layout) != (g.host, g.layout)) {
                    for u in &mut self.unbeaten {
                        u.flush(points);
                    }
                }
                continue;
            };
            self.cursor.1 += 1;
            sized += 1;
            self.lines_done += 1;
            if hi < lo {
                stats.pruned += u64::from(self.allowed);
                tally.add_failing_constraint(self.empty_range);
                continue;
            }
            if let Some(p) = self.size_point(choices, caps, (gi, ai), stats, tally) {
                self.unbeaten[tier_index(g.tier)].add(p, points);
            }
        }
        if self.cursor.0 < self.order.len() {
            return;
        }
        // Resumed designs join the list directly: `shadow` only ever sets
        // designs aside, so leaving it out keeps every design it would keep.
        if let Some(gi) = self.resuming.pop() {
            let g = &self.geometries[gi as usize];
            for ai in (0..).map_while(|p| self.assignment_of(g, p)) {
                stats.pruned -= u64::from(self.allowed);
                points.extend(self.size_point(choices, caps, (gi as usize, ai), stats, tally));
            }
        }
    }

    /// The skipped geometries whose cheapest possible design costs no
    /// more than `reach` allows for its family.
    pub fn reachable(&self, reach: impl Fn(Family) -> f64) -> Vec<u32> {
        self.skipped
            .iter()
            .filter(|(gi, cost)| {
                *cost
                    <= reach(Family::vsan(
                        self.geometries[*gi as usize].tier,
                        self.stretched,
                    ))
            })
            .map(|(gi, _)| *gi)
            .collect()
    }

    /// Sizes these skipped geometries in the next steps.
    pub fn resume(&mut self, geometries: &[u32]) {
        self.skipped.retain(|(gi, _)| !geometries.contains(gi));
        self.resuming.extend(geometries.iter().rev());
    }

    /// The cheapest any design of the geometry can cost: at the smallest
    /// size its protection-independent checks pass (`Scorer::floor_size`).
    /// None when no size passes them: its lines are sized for the tally.
    fn floor_cost(&self, choices: &Choices, g: &Geometry) -> Option<f64> {
        let required = self.least_required_gb[usize::from(g.dedup)];
        let size = self.scorer.floor_size(g, required, self.sizes)?;
        Some(self.cost(choices, g, self.scorer.hosts(size)))
    }

    /// Sizes one line and scores its design, counting what it checked.
    fn size_point(
        &self,
        choices: &Choices,
        caps: Caps,
        (gi, ai): (usize, u16),
        stats: &mut Stats,
        tally: &mut Tally,
    ) -> Option<Point> {
        let g = &self.geometries[gi];
        let a = &self.assignments[ai as usize];
        let outcome = self.size_line(g, a);
        stats.evaluated += u64::from(outcome.checks);
        stats.pruned += u64::from(self.allowed - outcome.checks);
        let Some((size, score)) = outcome.size else {
            let short = outcome
                .failing_at_hi
                .contains(Constraint::Capacity)
                .then(|| {
                    -self
                        .scorer
                        .assess(g, a, self.sizes.1)
                        .score
                        .capacity_headroom_gb
                });
            tally.add_failing(outcome.failing_at_hi, short);
            return None;
        };
        let key = DesignKey::Vsan {
            geometry: gi as u32,
            assignment: ai,
            size: size as u8,
        };
        self.scored_point(choices, caps, key, score, tally)
    }

    /// The fewest hosts (per site) the line needs, if any size passes.
    /// Capacity is monotonic in the size on either side of the widest
    /// policy's hosts per site: up to it no rebuild reserve is kept, above
    /// it one is (`capacity::rebuild_target_exists`), so usable space falls
    /// once there. Each side is sized on its own, the smaller first: a size
    /// passing there is smaller than any above.
    fn size_line(&self, g: &Geometry, a: &AssignmentFigures) -> Sized {
        let (lo, hi) = self.sizes;
        let start = self.estimate(g, a);
        let assess = |size: u32| self.scorer.assess(g, a, size);
        let no_rebuild = self.scorer.rebuild_minimum(a).max(1);
        if !(lo..hi).contains(&no_rebuild) {
            return smallest_passing(self.sizes, start, assess);
        }
        let below = smallest_passing((lo, no_rebuild), start, assess);
        if below.size.is_some() {
            return below;
        }
        let above = smallest_passing((no_rebuild + 1, hi), start, assess);
        Sized {
            checks: below.checks + above.checks,
            ..above
        }
    }

    /// The group a design's geometry belongs to.
    pub fn group(&self, key: DesignKey) -> Option<Group> {
        match key {
            DesignKey::Vsan { geometry, .. } => {
                Some(Group::of(&self.geometries[geometry as usize]))
            }
            DesignKey::Array { .. } | DesignKey::Esa { .. } => None,
        }
    }

    /// Every group, in search order.
    pub fn groups(&self) -> Vec<Group> {
        let mut out: Vec<Group> = Vec::new();
        for g in &self.geometries {
            let group = Group::of(g);
            if !out.contains(&group) {
                out.push(group);
            }
        }
        out
    }

    /// Every design the sizing found in the group, beaten or not: its
    /// lines sized again, as `step` sized them.
    pub fn group_points(&self, choices: &Choices, caps: Caps, group: Group) -> Vec<Point> {
        let mut out = Vec::new();
        if self.sizes.1 < self.sizes.0 {
            return out;
        }
        let mut scratch = Tally::default();
        for (gi, g) in self.geometries.iter().enumerate() {
            if Group::of(g) != group {
                continue;
            }
            for ai in (0..).map_while(|position| self.assignment_of(g, position)) {
                let a = &self.assignments[ai as usize];
                let Some((size, score)) = self.size_line(g, a).size else {
                    continue;
                };
                let key = DesignKey::Vsan {
                    geometry: gi as u32,
                    assignment: ai,
                    size: size as u8,
                };
                out.extend(self.scored_point(choices, caps, key, score, &mut scratch));
            }
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
        let (g, a, size) = self.line(key)?;
        let score = self.scorer.assess(g, a, size).score;
        self.scored_point(choices, caps, key, score, tally)
    }

    /// The geometry, assignment and size a vSAN key names.
    fn line(&self, key: DesignKey) -> Option<(&Geometry, &AssignmentFigures, u32)> {
        let DesignKey::Vsan {
            geometry,
            assignment,
            size,
        } = key
        else {
            return None;
        };
        Some((
            &self.geometries[geometry as usize],
            &self.assignments[assignment as usize],
            u32::from(size),
        ))
    }

    fn scored_point(
        &self,
        choices: &Choices,
        caps: Caps,
        key: DesignKey,
        score: Score,
        tally: &mut Tally,
    ) -> Option<Point> {
        let DesignKey::Vsan { geometry, size, .. } = key else {
            return None;
        };
        let g = &self.geometries[geometry as usize];
        let hosts = self.scorer.hosts(u32::from(size));
        let cost = self.cost(choices, g, hosts);
        let host = &choices.hosts[usize::from(g.host)];
        if !caps.admit(cost, (host.rack_units * hosts, host.power_w(hosts)), tally) {
            return None;
        }
        Some(Point {
            cost,
            capacity_headroom_gb: score.capacity_headroom_gb,
            iops_headroom: score.iops_headroom,
            family: Family::vsan(g.tier, self.stretched),
            key,
        })
    }

    /// The next size on the same line the scorer passes, for when
    /// `evaluate` rejects a design. Usually one size up; but where the
    /// hosts per site pass the widest policy's, the rebuild reserve starts
    /// and capacity can fail one size up, so that size is skipped as the
    /// scorer (and `evaluate`) would reject it.
    pub fn successor(&self, key: DesignKey) -> Option<DesignKey> {
        let (g, a, size) = self.line(key)?;
        let next =
            (size + 1..=self.sizes.1).find(|&s| self.scorer.assess(g, a, s).failing.is_empty())?;
        match key {
            DesignKey::Vsan {
                geometry,
                assignment,
                ..
            } => Some(DesignKey::Vsan {
                geometry,
                assignment,
                size: u8::try_from(next).ok()?,
            }),
            _ => None,
        }
    }

    /// The configuration a key names, for building its project.
    pub fn config<'a>(
        &'a self,
        choices: &'a Choices,
        key: DesignKey,
    ) -> Option<(VsanConfig<'a>, u32)> {
        let DesignKey::Vsan {
            geometry,
            assignment,
            size,
        } = key
        else {
            return None;
        };
        let g = &self.geometries[geometry as usize];
        Some((
            VsanConfig {
                host: &choices.hosts[usize::from(g.host)],
                layout: g.layout,
                cache: &choices.caches[usize::from(g.cache)],
                capacity: &choices.capacities[usize::from(g.capacity)],
                dedup: g.dedup,
                protections: &self.assignments[assignment as usize].protections,
            },
            u32::from(size),
        ))
    }

    /// The BOM of the design `key` names, and the rack units it takes.
    pub fn bom(&self, choices: &Choices, key: DesignKey) -> Option<(Vec<BomLine>, u32)> {
        let DesignKey::Vsan { geometry, size, .. } = key else {
            return None;
        };
        let g = &self.geometries[geometry as usize];
        let hosts = self.scorer.hosts(u32::from(size));
        let parts = (
            usize::from(g.host),
            g.layout,
            usize::from(g.cache),
            usize::from(g.capacity),
        );
        let units = choices.hosts[usize::from(g.host)].rack_units * hosts;
        Some((vsan_bom(choices, parts, hosts), units))
    }

    fn cost(&self, choices: &Choices, g: &Geometry, hosts: u32) -> f64 {
        let [h, c, k] = vsan_quantities(g.layout, hosts);
        priced(&[
            (choices.hosts[usize::from(g.host)].price, h),
            (choices.caches[usize::from(g.cache)].price, c),
            (choices.capacities[usize::from(g.capacity)].price, k),
        ])
    }

    /// A first guess at the smallest size, from each rule solved for the
    /// hosts (the hybrid read cache left out). Only where the search starts
    /// depends on it; the checks decide.
    fn estimate(&self, g: &Geometry, a: &AssignmentFigures) -> u32 {
        let hosts = self.scorer.hosts_estimate(g, a);
        let size = if self.stretched { hosts / 2.0 } else { hosts };
        if size.is_finite() && size > 0.0 {
            let hi = f64::from(self.sizes.1);
            let size = size.ceil();
            (if size < hi { size } else { hi }) as u32
        } else if size.is_finite() {
            self.sizes.0
        } else {
            self.sizes.1
        }
    }
}

/// Every combination of one protection per class, or one protection for
/// all classes when the combinations would be too many.
fn assignments(
    protections: &[ProtectionChoice],
    classes: usize,
) -> (Vec<Vec<ProtectionChoice>>, bool) {
    let combinations = u32::try_from(classes)
        .ok()
        .and_then(|c| protections.len().checked_pow(c));
    match combinations {
        Some(n) if n <= MAX_ASSIGNMENTS => {
            let mut out = vec![Vec::new()];
            for _ in 0..classes {
                out = out
                    .into_iter()
                    .flat_map(|prefix| {
                        protections.iter().map(move |p| {
                            let mut next = prefix.clone();
                            next.push(*p);
                            next
                        })
                    })
                    .collect();
            }
            (out, false)
        }
        _ => (
            protections.iter().map(|p| vec![*p; classes]).collect(),
            true,
        ),
    }
}

/// Sizes searched: 3 to 64 hosts, or 1 to 32 hosts per site when
/// stretched, within the user's host range and the witness RTT's limit.
pub fn size_range(base: &Base, options: &RecommendOptions) -> (u32, u32) {
    let per_size = base.hosts_per_size();
    let max_hosts = options
        .max_hosts
        .unwrap_or(MAX_HOSTS_PER_CLUSTER)
        .min(MAX_HOSTS_PER_CLUSTER);
    let lo = if base.stretched() {
        1
    } else {
        MIN_HOSTS_SINGLE
    };
    let asked = options.min_hosts.map_or(lo, |m| m.div_ceil(per_size));
    (lo.max(asked), max_hosts / per_size)
}
