//! The search by brute force: every design of the space evaluated by
//! `evaluate`, with no scorer and no pruning.
//!
//! The designs kept are defined as the search defines them: a vSAN line
//! (host, layout, devices, dedup, protections) at the fewest hosts whose
//! evaluation shows none of the sizing findings the scorer covers; an
//! XtremIO + VPLEX line (X-Brick model, engines, host model) at the fewest
//! X-Bricks that clear the storage findings and the fewest hosts that
//! clear the compute findings. The front is taken over those that meet
//! every requirement; each family's cheapest design over every design.

use std::collections::BTreeMap;

use crate::catalog::Catalog;
use crate::evaluate::{evaluate, Evaluation};
use crate::limits::MAX_HOSTS_PER_CLUSTER;
use crate::model::Project;
use crate::platform::vsan_esa::MIN_DEVICES_PER_HOST;
use crate::platform::xtremio_vplex::engine_counts;
use crate::recommend::array::STORAGE_RULES;
use crate::recommend::base::{ArrayConfig, Base, EsaConfig};
use crate::recommend::bom::{array_bom, esa_bom, total, vsan_bom};
use crate::recommend::family::Family;
use crate::recommend::options::RecommendOptions;
use crate::recommend::requirement::{constraint_of, is_unmet, Constraint};
use crate::recommend::score::COVERED;
use crate::recommend::space::choices;
use crate::recommend::tally::Stats;
use crate::recommend::vsan::VsanSearch;
use crate::rules::FindingCode;

/// A design as the comparison sees it: family, cost, capacity headroom
/// (TB) and IOPS headroom (%), computed as `Design` computes them.
pub type Objectives = (Family, f64, f64, Option<f64>);

pub struct BruteForce {
    pub front: Vec<Objectives>,
    pub cheapest: BTreeMap<Family, f64>,
}

struct Evaluated {
    unmet: Vec<FindingCode>,
    cost: f64,
    capacity_gb: f64,
    iops: f64,
    /// The capacity and IOPS headroom the front compares: the design's
    /// own, but for ESA the storage axis's at its own size (`esa_pool`).
    front: (f64, f64),
}

fn objectives(family: Family, e: &Evaluated) -> Objectives {
    (
        family,
        e.cost,
        e.capacity_gb / 1000.0,
        (e.iops > 0.0).then_some((e.iops - 1.0) * 100.0),
    )
}

fn run(project: &Project, cost: f64, iops: impl Fn(&Evaluation) -> f64) -> Evaluated {
    let e = evaluate(project).expect("generated candidates are valid");
    let capacity_gb = e
        .osa()
        .map(|c| c.capacity.headroom.gb)
        .chain(e.esa().map(|c| c.capacity.headroom.gb))
        .chain(e.arrays().map(|a| a.capacity.headroom.gb))
        .sum();
    Evaluated {
        unmet: e
            .findings
            .iter()
            .filter(|f| is_unmet(f))
            .map(|f| f.code)
            .collect(),
        cost,
        capacity_gb,
        iops: iops(&e),
        front: (capacity_gb, iops(&e)),
    }
}

pub fn brute_force(project: &Project, catalog: &Catalog, options: &RecommendOptions) -> BruteForce {
    let base = Base::new(project, None).expect("a cluster with workloads");
    let choices = choices(catalog, options);
    let mut sized: Vec<(Family, Evaluated)> = Vec::new();
    let mut cheapest: BTreeMap<Family, f64> = BTreeMap::new();
    let mut keep_cheapest = |family: Family, e: &Evaluated| {
        if e.unmet.is_empty() {
            let c = cheapest.entry(family).or_insert(e.cost);
            *c = c.min(e.cost);
        }
    };
    let mut stats = Stats::default();
    if let Some(vsan) = VsanSearch::new(&base, &choices, options, &mut stats).expect("valid") {
        let (lo, hi) = vsan.sizes;
        for (gi, g) in vsan.geometries.iter().enumerate() {
            for a in (0..).map_while(|i| vsan.assignment_of(g, i)) {
                let mut first = None;
                for size in lo..=hi {
                    let key = crate::recommend::pareto::DesignKey::Vsan {
                        geometry: gi as u32,
                        assignment: a,
                        size: size as u8,
                    };
                    let (config, _) = vsan.config(&choices, key).expect("a vSAN key");
                    let hosts = vsan.scorer.hosts(size);
                    let bom = vsan_bom(
                        &choices,
                        (
                            usize::from(g.host),
                            g.layout,
                            usize::from(g.cache),
                            usize::from(g.capacity),
                        ),
                        hosts,
                    );
                    let e = run(&base.vsan_project(&config, size), total(&bom), |e| {
                        e.osa().next().unwrap().performance.headroom.unwrap_or(0.0)
                    });
                    let family = Family::vsan(g.tier, base.stretched());
                    keep_cheapest(family, &e);
                    if first.is_none() && !e.unmet.iter().any(|c| COVERED.contains(c)) {
                        first = Some((family, e));
                    }
                }
                sized.extend(first);
            }
        }
    }
    let arrays =
        base.stretched() && options.allows_family(Family::XtremioVplex) && choices.engine.is_some();
    if arrays {
        let hi = options.max_hosts.unwrap_or(MAX_HOSTS_PER_CLUSTER) / 2;
        for x_brick in &choices.x_bricks {
            for engines in engine_counts() {
                for (h, host) in choices.hosts.iter().enumerate() {
                    let mut grid = Vec::new();
                    for x_bricks in 1..=x_brick.max_per_site {
                        for size in 1..=hi {
                            let config = ArrayConfig {
                                x_brick,
                                x_bricks,
                                engines,
                            };
                            let x = choices
                                .x_bricks
                                .iter()
                                .position(|c| c.part_id == x_brick.part_id);
                            let bom =
                                array_bom(&choices, (x.unwrap_or(0), x_bricks, engines), (h, size));
                            let e = run(
                                &base.array_project(&config, host, size),
                                total(&bom),
                                array_iops,
                            );
                            keep_cheapest(Family::XtremioVplex, &e);
                            grid.push((x_bricks, size, e));
                        }
                    }
                    let storage = grid
                        .iter()
                        .filter(|(_, _, e)| !e.unmet.iter().any(|c| STORAGE_RULES.contains(c)))
                        .map(|(k, _, _)| *k)
                        .min();
                    let compute = grid
                        .iter()
                        .filter(|(_, _, e)| !e.unmet.iter().any(|&c| compute_rule(c)))
                        .map(|(_, n, _)| *n)
                        .min();
                    if let (Some(k), Some(n)) = (storage, compute) {
                        let i = grid.iter().position(|(gk, gn, _)| (*gk, *gn) == (k, n));
                        if let Some(i) = i {
                            sized.push((Family::XtremioVplex, grid.swap_remove(i).2));
                        }
                    }
                }
            }
        }
    }
    if options.allows_family(Family::EsaVsan) && !base.stretched() {
        esa(&base, &choices, options, &mut sized, &mut keep_cheapest);
    }
    let accepted: Vec<Objectives> = sized
        .iter()
        .filter(|(_, e)| e.unmet.is_empty())
        .map(|(f, e)| objectives(*f, e))
        .collect();
    let raw: Vec<(f64, f64, f64)> = sized
        .iter()
        .filter(|(_, e)| e.unmet.is_empty())
        .map(|(_, e)| (e.cost, e.front.0, e.front.1))
        .collect();
    let dominated = |i: usize| {
        let p = raw[i];
        raw.iter()
            .any(|q| q.0 <= p.0 && q.1 >= p.1 && q.2 >= p.2 && (q.0, q.1, q.2) != (p.0, p.1, p.2))
    };
    let front = (0..accepted.len())
        .filter(|&i| !dominated(i))
        .map(|i| accepted[i])
        .collect();
    BruteForce { front, cheapest }
}

/// vSAN ESA: every NVMe device, protection, pool and host model at every
/// size evaluated. A design is a pool and protection at the fewest hosts
/// whose evaluation (on the first host model) shows no storage finding, on
/// a host model at the fewest hosts its compute findings clear (with the
/// smallest pool), whichever is more; its headroom is the storage size's.
fn esa(
    base: &Base,
    choices: &crate::recommend::space::Choices,
    options: &RecommendOptions,
    sized: &mut Vec<(Family, Evaluated)>,
    keep_cheapest: &mut impl FnMut(Family, &Evaluated),
) {
    let (lo, hi) = crate::recommend::vsan::size_range(base, options);
    let protections: Vec<_> = options
        .protections_for(false)
        .into_iter()
        .filter(|p| *p != crate::recommend::options::ProtectionChoice::Raid1Ftt0)
        .collect();
    let (Some(reference), Some(&first), Some(first_device)) = (
        choices.hosts.first(),
        protections.first(),
        choices.esa_devices.first(),
    ) else {
        return;
    };
    let unmet_of = |config: &EsaConfig, size: u32, bom: &[crate::recommend::bom::BomLine]| {
        run(&base.esa_project(config, size), total(bom), |e| {
            e.esa().next().unwrap().performance.headroom.unwrap_or(0.0)
        })
    };
    let compute_size = |h: usize| {
        let config = EsaConfig {
            host: &choices.hosts[h],
            device: first_device,
            devices_per_host: MIN_DEVICES_PER_HOST,
            protection: first,
        };
        (lo..=hi).find(|&size| {
            !unmet_of(&config, size, &[])
                .unmet
                .iter()
                .any(|&c| compute_rule(c))
        })
    };
    let compute: Vec<Option<u32>> = (0..choices.hosts.len()).map(compute_size).collect();
    for (d, device) in choices.esa_devices.iter().enumerate() {
        for &protection in &protections {
            for devices_per_host in MIN_DEVICES_PER_HOST
                ..=choices
                    .hosts
                    .iter()
                    .map(|h| h.drive_bays)
                    .max()
                    .unwrap_or(0)
            {
                let config = |host| EsaConfig {
                    host,
                    device,
                    devices_per_host,
                    protection,
                };
                let storage = (lo..=hi).find_map(|size| {
                    let e = unmet_of(&config(reference), size, &[]);
                    let storage_unmet = e.unmet.iter().any(|&c| storage_rule(c));
                    (!storage_unmet).then_some((size, e))
                });
                for (h, host) in choices.hosts.iter().enumerate() {
                    if devices_per_host > host.drive_bays {
                        continue;
                    }
                    for size in lo..=hi {
                        let bom = esa_bom(choices, (h, d, devices_per_host), size);
                        let e = unmet_of(&config(host), size, &bom);
                        keep_cheapest(Family::EsaVsan, &e);
                        let sized_here = match (&storage, compute[h]) {
                            (Some((s, _)), Some(c)) => size == (*s).max(c),
                            _ => false,
                        };
                        if let (true, Some((_, at_storage))) = (sized_here, &storage) {
                            sized.push((
                                Family::EsaVsan,
                                Evaluated {
                                    front: at_storage.front,
                                    ..e
                                },
                            ));
                        }
                    }
                }
            }
        }
    }
}

/// Whether an unmet finding is the compute axis's to settle, by its code
/// alone: brute force reads `evaluate`'s findings where the search calls
/// the rules' predicates (`recommend::compute`).
pub fn compute_rule(code: FindingCode) -> bool {
    code.as_str().starts_with("compute.")
        || matches!(
            code,
            FindingCode::StretchedSiteFailureMemory
                | FindingCode::StretchedSiteFailureCpu
                | FindingCode::StretchedSiteFailureMemoryAboveCeiling
                | FindingCode::StretchedSiteFailureCpuAboveCeiling
        )
}

/// Whether an unmet finding is the ESA storage axis's to settle, by its
/// code alone: brute force reads `evaluate`'s findings where the search
/// calls the rules' predicates (`esa_pool::storage_failing`).
pub fn storage_rule(code: FindingCode) -> bool {
    !compute_rule(code)
        && (code.as_str().starts_with("esa.")
            || matches!(
                constraint_of(code),
                Constraint::Capacity
                    | Constraint::Iops
                    | Constraint::FaultDomains
                    | Constraint::Resilience
            ))
}

/// The lower of VPLEX's and each array's limit / demand, as the search
/// reads it.
fn array_iops(e: &Evaluation) -> f64 {
    let x = &e.arrays().next().unwrap().xtremio_vplex;
    let ratio = |limit: f64, demand: f64| (demand > 0.0).then(|| limit / demand);
    std::iter::once(ratio(
        x.vplex.limit.frontend_iops_peak,
        x.vplex.frontend_iops,
    ))
    .chain(x.sites.iter().map(|s| ratio(s.rated_iops, s.back_end_iops)))
    .flatten()
    .reduce(f64::min)
    .unwrap_or(0.0)
}
