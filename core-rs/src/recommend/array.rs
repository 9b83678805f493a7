//! The XtremIO + VPLEX Metro half of the search, sized with `evaluate`
//! itself (its space is small). The rules split in two axes:
//! - storage (X-Brick model and count per site, VPLEX engines): each
//!   site's array capacity and IOPS, VPLEX's front-end IOPS and the
//!   capacity the serving array keeps after a part fails, which
//!   `assess_xtremio_vplex` computes from the arrays, the engines and the
//!   workloads, never the hosts;
//! - compute (host model and hosts per site): CPU and RAM with N+x and with
//!   a site down, which `assess_compute` and `site_failure` compute from
//!   the hosts and the workloads, never the arrays;
//! - the rules neither axis changes (distance, WAN link), left to the
//!   verification.
//!
//! The storage axis's probes are one `evaluate` of the candidate each,
//! and decide its rules by calling, on that evaluation's figures, the
//! predicate the finding's code calls (`storage_failing`). The compute
//! axis evaluates each host model once, at the most hosts, for the
//! workloads' demand and what a host offers, and sizes it with the
//! compute rules' predicates (`ComputeAxis`, as the vSAN OSA scorer does):
//!
//! | finding | axis | predicate |
//! |---|---|---|
//! | `xtremio.capacity_insufficient` | storage | `ArraySite::capacity_insufficient` |
//! | `xtremio.failure_capacity` | storage | `ArrayFailure::fits` (`failures::data_fits`) |
//! | `xtremio.failure_iops` | storage | `rules::iops_short` on each failure's headroom (`ArrayFailure::iops_short`) |
//! | `xtremio.iops_exceeded` | storage | `ArraySite::iops_exceeded` |
//! | `vplex.frontend_iops_exceeded` | storage | `VplexEvaluation::frontend_iops_exceeded` |
//! | `stretched.site_failure_iops` | storage | `rules::iops_short` on the surviving array's and VPLEX's headroom (`SiteFailure::iops_headroom_after`) |
//! | `compute.no_hosts_after_failure`, `compute.cpu_overcommitted`, `compute.cpu_above_ceiling`, `compute.sql_memory_overcommitted`, `compute.memory_overcommitted`, `compute.memory_high_after_failure`, `compute.vm_exceeds_host_memory` | compute | `compute::no_hosts_after_failure`, `cpu_overcommitted`, `above_ceiling`, `memory_overcommitted`, `vm_exceeds_host_memory` on `cores_on` and `usable_ram_on` (`ComputeAxis::failing`) |
//! | `stretched.site_failure_memory`, `stretched.site_failure_cpu`, `stretched.site_failure_memory_above_ceiling`, `stretched.site_failure_cpu_above_ceiling` | compute | `compute::memory_overcommitted` on the surviving site, `two_sites::site_cpu_overloaded`, `compute::above_ceiling` (likewise) |
//! | any other unmet finding (`vplex.rtt_exceeds_limit`, `vplex.wan_link_insufficient`) | neither | `select`'s verification by `evaluate` |
//!
//! So the cheapest design pairs the smallest passing storage of each model
//! and engine count with the smallest passing compute of each host model.
//! Along each axis the rules are monotonic: X-Bricks add usable capacity
//! (a failed SSD costs one SSD's worth whatever the count) and rated IOPS,
//! and hosts add cores and memory; VPLEX's limit depends on the engines
//! alone, so once it fails no X-Brick count helps.

use crate::evaluate::{evaluate, ArrayClusterEvaluation};
use crate::limits::MAX_HOSTS_PER_CLUSTER;
use crate::model::issue::InputIssue;
use crate::platform::xtremio_vplex::{
    engine_counts, ArrayFailure, ArraySite, XtremioVplexEvaluation,
};
use crate::rules::{iops_short, FindingCode};

use super::base::{ArrayConfig, Base};
use super::bom::{array_bom, total};
use super::compute::{ComputeAxis, HostShape};
use super::family::Family;
use super::pareto::{DesignKey, Point};
use super::requirement::{constraint_of, Constraint};
use super::space::Choices;
use super::tally::{Stats, Tally};
use super::vsan::Caps;

/// Findings of the storage axis: every unmet finding the arrays and
/// engines decide. One left out lets the search keep an X-Brick count that
/// verification then rejects, and the family loses its cheapest design.
/// Brute force (`recommend/tests/brute.rs`) reads these codes among
/// `evaluate`'s findings where the search calls their predicates.
pub const STORAGE_RULES: [FindingCode; 6] = [
    FindingCode::XtremioCapacityInsufficient,
    FindingCode::XtremioFailureCapacity,
    FindingCode::XtremioFailureIops,
    FindingCode::XtremioIopsExceeded,
    FindingCode::VplexFrontendIopsExceeded,
    FindingCode::StretchedSiteFailureIops,
];

/// The storage rules an array design fails, in `STORAGE_RULES`' order,
/// each decided by the predicate its finding calls on the figures
/// `evaluate` computed.
pub fn storage_failing(x: &XtremioVplexEvaluation) -> Vec<FindingCode> {
    let fails = [
        x.sites.iter().any(ArraySite::capacity_insufficient),
        x.failures.iter().any(|f| !f.fits),
        x.failures.iter().any(ArrayFailure::iops_short),
        x.sites.iter().any(ArraySite::iops_exceeded),
        x.vplex.frontend_iops_exceeded(),
        iops_short(x.site_failure.iops_headroom_after),
    ];
    STORAGE_RULES
        .into_iter()
        .zip(fails)
        .filter_map(|(code, fails)| fails.then_some(code))
        .collect()
}

/// The smallest passing storage of one X-Brick model and engine count.
#[derive(Debug, Clone, Copy)]
pub struct StorageOption {
    pub x_brick: usize,
    pub x_bricks: u32,
    pub engines: u32,
    pub capacity_headroom_gb: f64,
    pub iops_headroom: f64,
}

/// The fewest passing hosts per site of one host model.
#[derive(Debug, Clone, Copy)]
pub struct ComputeOption {
    pub host: usize,
    pub size: u32,
}

#[derive(Debug)]
pub struct ArraySearch {
    pub storage: Vec<StorageOption>,
    pub compute: Vec<ComputeOption>,
    /// The most hosts per site searched.
    pub most_per_site: u32,
}

/// `evaluate` of one array design.
struct Probe<'a> {
    base: &'a Base,
    choices: &'a Choices,
    stats: &'a mut Stats,
}

impl Probe<'_> {
    fn run(
        &mut self,
        array: &ArrayConfig,
        host: usize,
        size: u32,
    ) -> Result<ArrayClusterEvaluation, Vec<InputIssue>> {
        self.stats.full_evaluations += 1;
        self.stats.evaluated += 1;
        let project = self
            .base
            .array_project(array, &self.choices.hosts[host], size);
        let mut e = evaluate(&project)?;
        let cluster = e.clusters.remove(0).detail.into_xtremio_vplex();
        Ok(cluster.expect("an array candidate is one XtremIO + VPLEX cluster"))
    }
}

impl ArraySearch {
    /// None when the family cannot be searched: why goes to `notes`.
    pub fn run(
        base: &Base,
        choices: &Choices,
        (min_hosts, max_hosts): (Option<u32>, Option<u32>),
        stats: &mut Stats,
        tally: &mut Tally,
    ) -> Result<Option<ArraySearch>, Vec<InputIssue>> {
        let (Some(first_brick), Some(_), Some(_)) = (
            choices.x_bricks.first(),
            choices.engine.as_ref(),
            choices.hosts.first(),
        ) else {
            return Ok(None);
        };
        let hi = max_hosts
            .unwrap_or(MAX_HOSTS_PER_CLUSTER)
            .min(MAX_HOSTS_PER_CLUSTER)
            / 2;
        // Below the smallest size asked for, every size counts as failing.
        let lowest_failing = min_hosts.map_or(0, |m| m.div_ceil(2).saturating_sub(1));
        if hi == 0 || lowest_failing >= hi {
            tally.add_failing_constraint(Constraint::FaultDomains);
            return Ok(Some(ArraySearch {
                storage: Vec::new(),
                compute: Vec::new(),
                most_per_site: hi,
            }));
        }
        let storage_space: u64 = choices
            .x_bricks
            .iter()
            .map(|x| u64::from(x.max_per_site) * engine_counts().len() as u64)
            .sum();
        let compute_space = choices.hosts.len() as u64 * u64::from(hi);
        stats.search_space += storage_space * compute_space;
        let evaluated_before = stats.evaluated;
        let mut probe = Probe {
            base,
            choices,
            stats,
        };
        let mut storage = Vec::new();
        for (x, brick) in choices.x_bricks.iter().enumerate() {
            for engines in engine_counts() {
                let mut failing = Vec::new();
                for x_bricks in 1..=brick.max_per_site {
                    let config = ArrayConfig {
                        x_brick: brick,
                        x_bricks,
                        engines,
                    };
                    let e = probe.run(&config, 0, hi)?;
                    failing = storage_failing(&e.xtremio_vplex);
                    if failing.is_empty() {
                        storage.push(StorageOption {
                            x_brick: x,
                            x_bricks,
                            engines,
                            capacity_headroom_gb: e.capacity.headroom.gb,
                            iops_headroom: iops_headroom(&e),
                        });
                        break;
                    }
                    if failing.contains(&FindingCode::VplexFrontendIopsExceeded) {
                        break;
                    }
                }
                for code in failing {
                    tally.add_failing_constraint(constraint_of(code));
                }
            }
        }
        let reference = ArrayConfig {
            x_brick: first_brick,
            x_bricks: first_brick.max_per_site,
            engines: 4,
        };
        // One evaluation per host model reads what its hosts offer; the
        // compute rules then size it without `evaluate`.
        let mut compute = Vec::new();
        for (host, choice) in choices.hosts.iter().enumerate() {
            let e = probe.run(&reference, host, hi)?;
            let axis = ComputeAxis::of(base, &e.compute);
            let shape = HostShape::of(&choice.spec, &e.compute);
            let (found, checks) = axis.smallest(shape, lowest_failing, hi);
            // The evaluation counted the first size checked.
            probe.stats.evaluated += checks - 1;
            match found {
                Ok(size) => compute.push(ComputeOption { host, size }),
                Err(failing) => tally.add_failing(failing, None),
            }
        }
        let evaluated = stats.evaluated - evaluated_before;
        stats.pruned += storage_space * compute_space - evaluated;
        Ok(Some(ArraySearch {
            storage,
            compute,
            most_per_site: hi,
        }))
    }

    /// Every storage option with every compute option, within the caps.
    pub fn points(&self, choices: &Choices, caps: Caps, tally: &mut Tally) -> Vec<Point> {
        let mut out = Vec::new();
        for (s, storage) in self.storage.iter().enumerate() {
            for (c, _) in self.compute.iter().enumerate() {
                let key = DesignKey::Array {
                    storage: s as u16,
                    compute: c as u16,
                };
                let cost = total(&self.bom(choices, key));
                // The catalog states no power for X-Bricks and VPLEX engines.
                if !caps.admit(cost, (self.rack_units(choices, key), None), tally) {
                    continue;
                }
                out.push(Point {
                    cost,
                    capacity_headroom_gb: storage.capacity_headroom_gb,
                    iops_headroom: storage.iops_headroom,
                    family: Family::XtremioVplex,
                    key,
                });
            }
        }
        out
    }

    pub fn parts(&self, key: DesignKey) -> Option<(StorageOption, ComputeOption)> {
        match key {
            DesignKey::Array { storage, compute } => Some((
                *self.storage.get(usize::from(storage))?,
                *self.compute.get(usize::from(compute))?,
            )),
            DesignKey::Vsan { .. } | DesignKey::Esa { .. } => None,
        }
    }

    pub fn bom(&self, choices: &Choices, key: DesignKey) -> Vec<super::bom::BomLine> {
        self.parts(key).map_or_else(Vec::new, |(s, c)| {
            array_bom(
                choices,
                (s.x_brick, s.x_bricks, s.engines),
                (c.host, c.size),
            )
        })
    }

    pub fn rack_units(&self, choices: &Choices, key: DesignKey) -> u32 {
        self.parts(key).map_or(0, |(s, c)| {
            let engine = choices.engine.as_ref().map_or(0, |e| e.rack_units);
            2 * (c.size * choices.hosts[c.host].rack_units
                + s.x_bricks * choices.x_bricks[s.x_brick].rack_units
                + s.engines * engine)
        })
    }
}

/// The lower of VPLEX's and each site array's headroom: limit / demand.
fn iops_headroom(e: &ArrayClusterEvaluation) -> f64 {
    let x = &e.xtremio_vplex;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::platform::xtremio_vplex::x_brick_model;
    use crate::recommend::space::{EngineChoice, HostChoice, XBrickChoice};

    /// 17 VMs of 404 GB: one X2-S 18 X-Brick per site holds their data, but
    /// not once XDP has rebuilt a failed SSD into its free space.
    const PROJECT: &str = r#"{
        "schema_version": 1,
        "name": "one X-Brick, short after an SSD failure",
        "settings": { "slack_pct": 0, "reserve_hosts": 0, "planning_horizon_years": 1 },
        "clusters": [{
            "id": "c",
            "name": "c",
            "host": { "model": "h", "sockets": 1, "cores_per_socket": 9, "ghz": 2.5,
                      "ram_gb": 461, "nics": 2, "nic_gbps": 25 },
            "topology": { "kind": "stretched", "hosts_per_site": 2, "inter_site_rtt_ms": 0.5,
                          "inter_site_link_gbps": 10, "witness_rtt_ms": 60,
                          "witness_link_mbps": 10, "site_mirroring": false },
            "storage": { "architecture": "vsan_osa", "dedup_compression": false, "disk_groups": [] }
        }],
        "policies": [{ "id": "p", "name": "p", "method": "raid1", "ftt": 1, "stripe_width": 1,
                       "object_space_reservation_pct": 0, "checksum": true }],
        "workloads": [{
            "id": "w", "name": "w", "cluster_id": "c", "policy_id": "p",
            "spec": { "kind": "vm_group", "vm_count": 17, "vcpu_per_vm": 2, "ram_gb_per_vm": 8,
                      "disk_gb_per_vm": 404, "iops_per_vm": 5, "read_pct": 70,
                      "annual_growth_pct": 0 }
        }]
    }"#;

    fn choices(project: &crate::model::Project) -> Choices {
        let model = x_brick_model("xtremio-x2-s-18").expect("a known model");
        Choices {
            hosts: vec![HostChoice {
                part_id: "host".into(),
                spec: project.clusters[0].host.clone(),
                price: 7_192.0,
                drive_bays: 8,
                rack_units: 2,
                watts: None,
            }],
            x_bricks: vec![XBrickChoice {
                part_id: model.id.into(),
                model,
                price: 51_188.0,
                rack_units: 4,
                max_per_site: 2,
            }],
            engine: Some(EngineChoice {
                part_id: "engine".into(),
                price: 100_000.0,
                rack_units: 2,
            }),
            ..Choices::default()
        }
    }

    #[test]
    fn storage_holds_the_data_after_an_ssd_failure() {
        let project = crate::parse_project(PROJECT).expect("the project parses");
        let base = Base::new(&project, None).expect("a cluster with workloads");
        let choices = choices(&project);
        let one = ArrayConfig {
            x_brick: &choices.x_bricks[0],
            x_bricks: 1,
            engines: 1,
        };
        // The case tests the rule only while one X-Brick sits between the
        // two: holding the data healthy, short of it after the failure.
        let e = evaluate(&base.array_project(&one, &choices.hosts[0], 3)).expect("valid");
        let codes: Vec<_> = e.findings.iter().map(|f| f.code.as_str()).collect();
        assert!(codes.contains(&"xtremio.failure_capacity"), "{codes:?}");
        assert!(
            !codes.contains(&"xtremio.capacity_insufficient"),
            "{codes:?}"
        );

        let search = ArraySearch::run(
            &base,
            &choices,
            (None, Some(6)),
            &mut Stats::default(),
            &mut Tally::default(),
        )
        .expect("valid")
        .expect("an array family");
        let counts: Vec<_> = search.storage.iter().map(|s| s.x_bricks).collect();
        assert_eq!(counts, vec![2; engine_counts().len()]);
    }
}
