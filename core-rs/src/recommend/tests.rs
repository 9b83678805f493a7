//! Properties of the search on generated projects and small catalogs: the
//! scorer agrees with `evaluate` rule by rule, and the pruned search finds
//! what brute force (every design evaluated) finds.

mod brute;
mod constraints;
pub(crate) mod generate;

use std::collections::BTreeSet;

use proptest::prelude::*;

use super::base::Base;
use super::pareto::DesignKey;
use super::requirement::{constraint_of, is_unmet, Constraint, REQUIRED_WARNINGS};
use super::score::COVERED;
use super::space::choices;
use super::tally::{Stats, ALL_SIZED};
use super::vsan::VsanSearch;
use super::*;
use crate::evaluate::evaluate;
use crate::rules::FindingCode;

fn small_options() -> RecommendOptions {
    RecommendOptions {
        max_hosts: Some(6),
        top: usize::MAX,
        max_full_evaluations: 100_000,
        ..RecommendOptions::default()
    }
}

/// The vSAN search's lines for a generated project and catalog.
fn vsan_lines(
    project: &crate::model::Project,
    catalog: &crate::catalog::Catalog,
    options: &RecommendOptions,
) -> (Base, super::space::Choices, VsanSearch) {
    let base = Base::new(project, None).expect("a cluster with workloads");
    let choices = choices(catalog, options);
    let mut stats = Stats::default();
    let vsan = VsanSearch::new(&base, &choices, options, &mut stats)
        .expect("valid")
        .expect("vSAN lines");
    (base, choices, vsan)
}

/// The line two random numbers pick: a geometry and one of the
/// assignments it allows.
fn pick_line(vsan: &VsanSearch, g: u32, a: u32) -> (usize, u16) {
    let geometry = g as usize % vsan.geometries.len();
    let line = &vsan.geometries[geometry];
    let allowed = (0..)
        .map_while(|i| vsan.assignment_of(line, i))
        .collect::<Vec<_>>();
    (geometry, allowed[a as usize % allowed.len()])
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    /// At every size of every line, the scorer fails exactly the
    /// constraints of the covered findings `evaluate` reports, and measures
    /// the headroom `evaluate` does, to the bit.
    #[test]
    fn the_scorer_agrees_with_evaluate(
        project in generate::project(),
        catalog in generate::catalog(),
        picks in proptest::collection::vec((any::<u32>(), any::<u32>(), any::<u32>()), 6),
    ) {
        let options = small_options();
        let (base, choices, vsan) = vsan_lines(&project, &catalog, &options);
        let (lo, hi) = vsan.sizes;
        prop_assume!(hi >= lo);
        for (g, a, s) in picks {
            let (geometry, assignment) = pick_line(&vsan, g, a);
            let line = &vsan.geometries[geometry];
            let size = lo + s % (hi - lo + 1);
            let key = DesignKey::Vsan { geometry: geometry as u32, assignment, size: size as u8 };
            let (config, _) = vsan.config(&choices, key).expect("a vSAN key");
            let e = evaluate(&base.vsan_project(&config, size)).expect("valid candidate");
            let expected: BTreeSet<Constraint> = e
                .findings
                .iter()
                .filter(|f| is_unmet(f) && COVERED.contains(&f.code))
                .map(|f| constraint_of(f.code))
                .collect();
            let figures = &vsan.assignments[usize::from(assignment)];
            let assessment = vsan.scorer.assess(line, figures, size);
            let scored: BTreeSet<Constraint> = ALL_SIZED
                .into_iter()
                .filter(|c| assessment.failing.contains(*c))
                .collect();
            prop_assert_eq!(&scored, &expected, "{:?}", e.findings);
            let score = assessment.score;
            let cluster = e.osa().next().unwrap();
            prop_assert_eq!(score.capacity_headroom_gb, cluster.capacity.headroom.gb);
            prop_assert_eq!(score.iops_headroom, cluster.performance.headroom.unwrap_or(0.0));
        }
    }
}

/// The agreement above is not vacuous for the rules a failure decides:
/// among generated candidates, some run short of IOPS while a promised
/// failure rebuilds and some after a site failure, and on each of those
/// the scorer fails IOPS as `evaluate` does.
#[test]
fn generated_candidates_run_short_of_iops_after_failures() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let rules = [
        FindingCode::ResilienceRebuildIopsShort,
        FindingCode::StretchedSiteFailureIops,
    ];
    let mut seen = [0u32; 2];
    let mut runner = TestRunner::deterministic();
    for case in 0..64u32 {
        let project = generate::project()
            .new_tree(&mut runner)
            .expect("a project")
            .current();
        let catalog = generate::catalog()
            .new_tree(&mut runner)
            .expect("a catalog")
            .current();
        let options = small_options();
        let (base, choices, vsan) = vsan_lines(&project, &catalog, &options);
        let (lo, hi) = vsan.sizes;
        if hi < lo {
            continue;
        }
        for pick in 0..4u32 {
            let (geometry, assignment) = pick_line(&vsan, case * 7 + pick, pick);
            let size = lo + (case + pick) % (hi - lo + 1);
            let key = DesignKey::Vsan {
                geometry: geometry as u32,
                assignment,
                size: size as u8,
            };
            let (config, _) = vsan.config(&choices, key).expect("a vSAN key");
            let e = evaluate(&base.vsan_project(&config, size)).expect("valid candidate");
            let figures = &vsan.assignments[usize::from(assignment)];
            let failing = vsan
                .scorer
                .assess(&vsan.geometries[geometry], figures, size)
                .failing;
            for (rule, count) in rules.iter().zip(&mut seen) {
                if e.findings.iter().any(|f| f.code == *rule) {
                    *count += 1;
                    assert!(
                        failing.contains(Constraint::Iops),
                        "{rule}: {:?}",
                        e.findings
                    );
                }
            }
        }
    }
    assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// `resilience::short_of_hosts`, which `figures` decides per size from
    /// the hosts and the policies read once at the smallest size, finds a
    /// failure short of hosts exactly where `evaluate`'s scenario of that
    /// failure reports data lost or too few hosts, on every line and size.
    #[test]
    fn short_of_hosts_matches_evaluates_scenarios(
        project in generate::project(),
        catalog in generate::catalog(),
        picks in proptest::collection::vec((any::<u32>(), any::<u32>()), 3),
    ) {
        use crate::resilience::{short_of_hosts, FailureKind, HostLayout, RebuildBlocker};
        let options = small_options();
        let (base, choices, vsan) = vsan_lines(&project, &catalog, &options);
        let (lo, hi) = vsan.sizes;
        prop_assume!(hi >= lo);
        let reserve_hosts = base.reduced().settings.reserve_hosts;
        let kinds = [
            FailureKind::CapacityDevice,
            FailureKind::DiskGroup,
            FailureKind::Host,
            FailureKind::Site,
            FailureKind::ReserveHosts,
        ];
        for (g, a) in picks {
            let (geometry, assignment) = pick_line(&vsan, g, a);
            let evaluated = |size: u32| {
                let key = DesignKey::Vsan { geometry: geometry as u32, assignment, size: size as u8 };
                let (config, _) = vsan.config(&choices, key).expect("a vSAN key");
                evaluate(&base.vsan_project(&config, size)).expect("valid candidate")
            };
            let at_lo = evaluated(lo);
            let policies = super::figures::rebuild_policies(at_lo.osa().next().unwrap());
            for size in lo..=hi {
                let e = evaluated(size);
                let cluster = e.osa().next().unwrap();
                let hosts = HostLayout::of(&base.topology(size), reserve_hosts);
                for kind in kinds {
                    let blocked = cluster.resilience.scenarios.iter().filter(|s| s.kind == kind).any(|s| {
                        s.rebuild_blockers
                            .iter()
                            .any(|b| matches!(b, RebuildBlocker::DataLost | RebuildBlocker::TooFewHosts))
                    });
                    prop_assert_eq!(
                        short_of_hosts(&hosts, kind, &policies),
                        blocked,
                        "{:?} at {} hosts: {:?}", kind, size, cluster.resilience.scenarios
                    );
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 16, ..ProptestConfig::default() })]

    /// The ESA and XtremIO + VPLEX storage axes, which call the rules'
    /// predicates on an evaluation's figures, fail exactly the storage
    /// rules among that evaluation's unmet findings, for every device,
    /// protection and pool (ESA) or X-Brick model, engine count and
    /// X-Brick count (arrays) at every size.
    #[test]
    fn storage_axes_fail_what_evaluate_finds(
        project in generate::project(),
        mut catalog in generate::catalog(),
    ) {
        use super::array::{storage_failing as array_failing, STORAGE_RULES};
        use super::base::{ArrayConfig, EsaConfig};
        use super::esa_pool::storage_failing as esa_failing;
        use crate::platform::xtremio_vplex::engine_counts;
        for part in &mut catalog.parts {
            if let crate::catalog::PartSpec::Device(d) = &mut part.spec {
                d.esa_certified = d.kind == crate::model::DeviceKind::Nvme;
            }
        }
        let base = Base::new(&project, None).expect("a cluster with workloads");
        let choices = choices(&catalog, &small_options());
        let reserve_hosts = base.reduced().settings.reserve_hosts;
        let unmet = |e: &crate::evaluate::Evaluation, keep: &dyn Fn(crate::rules::FindingCode) -> bool| {
            e.findings
                .iter()
                .filter(|f| is_unmet(f) && keep(f.code))
                .map(|f| f.code)
                .collect::<BTreeSet<_>>()
        };
        if !base.stretched() {
            let pools = choices.esa_devices.iter().flat_map(|d| ProtectionChoice::ALL.map(|p| (d, p)));
            for (device, protection) in pools {
                for (devices_per_host, size) in [(4, 3), (6, 5), (8, 6)] {
                    let config = EsaConfig { host: &choices.hosts[0], device, devices_per_host, protection };
                    let Ok(e) = evaluate(&base.esa_project(&config, size)) else { continue };
                    let cluster = e.esa().next().unwrap();
                    let failing: BTreeSet<_> = esa_failing(cluster, reserve_hosts).into_iter().collect();
                    prop_assert_eq!(failing, unmet(&e, &brute::storage_rule), "{:?}", e.findings);
                }
            }
        }
        if let (true, Some(host)) = (base.stretched(), choices.hosts.first()) {
            for x_brick in &choices.x_bricks {
                for engines in engine_counts() {
                    for x_bricks in 1..=x_brick.max_per_site.min(3) {
                        let config = ArrayConfig { x_brick, x_bricks, engines };
                        let e = evaluate(&base.array_project(&config, host, 2)).expect("valid");
                        let cluster = e.arrays().next().unwrap();
                        let failing: BTreeSet<_> =
                            array_failing(&cluster.xtremio_vplex).into_iter().collect();
                        prop_assert_eq!(
                            failing,
                            unmet(&e, &|c| STORAGE_RULES.contains(&c)),
                            "{:?}", e.findings
                        );
                    }
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    /// The ESA and XtremIO + VPLEX compute axes, which read the demand and
    /// a host model's figures from one candidate's evaluation and call the
    /// compute rules' predicates, fail exactly the constraints of the
    /// compute findings `evaluate` reports for any other design of that
    /// host model: other sizes, and (arrays) other X-Brick models, counts
    /// and engines or (ESA) other devices and protections of the smallest
    /// pool, which the axis is sized with.
    #[test]
    fn compute_axes_fail_what_evaluate_finds(
        project in generate::project(),
        mut catalog in generate::catalog(),
        picks in proptest::collection::vec(
            (any::<u32>(), any::<u32>(), any::<u32>(), any::<u32>()),
            4,
        ),
    ) {
        use super::base::{ArrayConfig, EsaConfig};
        use super::compute::{ComputeAxis, HostShape};
        use crate::platform::vsan_esa::MIN_DEVICES_PER_HOST;
        use crate::platform::xtremio_vplex::engine_counts;
        for part in &mut catalog.parts {
            if let crate::catalog::PartSpec::Device(d) = &mut part.spec {
                d.esa_certified = d.kind == crate::model::DeviceKind::Nvme;
            }
        }
        let base = Base::new(&project, None).expect("a cluster with workloads");
        let choices = choices(&catalog, &small_options());
        let pick = |n: u32, len: usize| n as usize % len;
        let found = |e: &crate::evaluate::Evaluation| -> BTreeSet<Constraint> {
            e.findings
                .iter()
                .filter(|f| is_unmet(f) && brute::compute_rule(f.code))
                .map(|f| constraint_of(f.code))
                .collect()
        };
        let failed = |axis: &ComputeAxis, host: HostShape, size: u32| -> BTreeSet<Constraint> {
            let failing = axis.failing(host, size);
            ALL_SIZED.into_iter().filter(|c| failing.contains(*c)).collect()
        };
        if !base.stretched() && !choices.esa_devices.is_empty() {
            let esa = |h: usize, d: u32, p: u32, size: u32| {
                let config = EsaConfig {
                    host: &choices.hosts[h],
                    device: &choices.esa_devices[pick(d, choices.esa_devices.len())],
                    devices_per_host: MIN_DEVICES_PER_HOST,
                    protection: ProtectionChoice::ALL[pick(p, ProtectionChoice::ALL.len())],
                };
                evaluate(&base.esa_project(&config, 3 + size % 6)).ok()
            };
            for &(h, d, p, read_at) in &picks {
                let h = pick(h, choices.hosts.len());
                let Some(reference) = esa(h, d, p, read_at) else { continue };
                let compute = &reference.esa().next().unwrap().compute;
                let axis = ComputeAxis::of(&base, compute);
                let host = HostShape::of(&choices.hosts[h].spec, compute);
                for size in 0..6 {
                    let Some(e) = esa(h, d / 7, p / 7, size) else { continue };
                    let hosts = e.esa().next().unwrap().host_count;
                    prop_assert_eq!(failed(&axis, host, hosts), found(&e), "{:?}", e.findings);
                }
            }
        }
        if base.stretched() && !choices.x_bricks.is_empty() && choices.engine.is_some() {
            let array = |h: usize, x: u32, k: u32, size: u32| {
                let x_brick = &choices.x_bricks[pick(x, choices.x_bricks.len())];
                let engines = engine_counts();
                let config = ArrayConfig {
                    x_brick,
                    x_bricks: 1 + k % x_brick.max_per_site,
                    engines: engines[pick(k / 7, engines.len())],
                };
                evaluate(&base.array_project(&config, &choices.hosts[h], 1 + size % 4))
                    .expect("valid")
            };
            for &(h, x, k, read_at) in &picks {
                let h = pick(h, choices.hosts.len());
                let reference = array(h, x, k, read_at);
                let compute = &reference.arrays().next().unwrap().compute;
                let axis = ComputeAxis::of(&base, compute);
                let host = HostShape::of(&choices.hosts[h].spec, compute);
                for size in 0..4 {
                    let e = array(h, x / 7, k / 11, size);
                    prop_assert_eq!(failed(&axis, host, 1 + size), found(&e), "{:?}", e.findings);
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    /// What lets the sizing stop at the first size that passes, with the
    /// scorer agreeing with `evaluate` at every size: on every line, a
    /// constraint that passes at one size passes at every larger size the
    /// search tries; capacity on either side of the size where the rebuild
    /// reserve starts (`VsanSearch::size_line` sizes each side alone).
    #[test]
    fn no_constraint_fails_again_once_it_passes(
        project in generate::project(),
        catalog in generate::catalog(),
        picks in proptest::collection::vec((any::<u32>(), any::<u32>()), 6),
    ) {
        let options = RecommendOptions { max_hosts: Some(16), ..small_options() };
        let (_, _, vsan) = vsan_lines(&project, &catalog, &options);
        let (lo, hi) = vsan.sizes;
        for (g, a) in picks {
            let (geometry, assignment) = pick_line(&vsan, g, a);
            let line = &vsan.geometries[geometry];
            let figures = &vsan.assignments[usize::from(assignment)];
            for size in lo..hi {
                let fewer = vsan.scorer.assess(line, figures, size).failing;
                let more = vsan.scorer.assess(line, figures, size + 1).failing;
                let crossing = size == vsan.scorer.rebuild_minimum(figures).max(1);
                for c in ALL_SIZED {
                    if crossing && c == Constraint::Capacity {
                        continue;
                    }
                    prop_assert!(
                        !more.contains(c) || fewer.contains(c),
                        "{:?} fails at {} hosts but not at {}", c, size + 1, size
                    );
                }
            }
        }
    }
}

/// The warnings the search sizes to are decided by the scorer, so no
/// proposal is cut by the final evaluation for one of them.
#[test]
fn the_scorer_decides_every_warning_the_search_respects() {
    for code in REQUIRED_WARNINGS {
        assert!(COVERED.contains(&code), "{code:?}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// The pruned search returns brute force's Pareto front and each
    /// family's cheapest cost, vSAN ESA included: search feasibility is
    /// `evaluate`'s verdict.
    #[test]
    fn pruned_search_equals_brute_force(
        project in generate::project(),
        mut catalog in generate::catalog(),
        protections in proptest::sample::subsequence(ProtectionChoice::ALL.to_vec(), 1..=3),
        esa in any::<bool>(),
    ) {
        // ESA is searched when the catalog certifies NVMe devices for it:
        // here every flash device, made NVMe.
        for part in &mut catalog.parts {
            if let crate::catalog::PartSpec::Device(d) = &mut part.spec {
                if esa && d.kind.is_flash() {
                    d.kind = crate::model::DeviceKind::Nvme;
                    d.esa_certified = true;
                }
            }
        }
        let options = RecommendOptions { protections, ..small_options() };
        let expected = brute::brute_force(&project, &catalog, &options);
        let r = recommend(&project, &catalog, &options);
        prop_assert_eq!(r.scorer_mismatches, 0);
        prop_assert_eq!(r.evaluated + r.pruned, r.search_space);
        // Every design proposed evaluates without an error finding, so
        // its verdict passes (the errors are what the search rejects).
        for d in &r.designs {
            prop_assert!(
                d.evaluation.findings.iter().all(|f| f.severity != crate::rules::Severity::Error),
                "{:?}",
                d.evaluation.findings
            );
            prop_assert_ne!(d.evaluation.verdict.status, crate::verdict::VerdictStatus::Fail);
            prop_assert_eq!(
                d.verdict.status == crate::verdict::VerdictStatus::PassWithWarnings,
                !d.warnings.is_empty() && d.verdict.binding.is_some()
            );
        }
        // Designs with warnings come after every clean one.
        let clean = |d: &Design| d.verdict.status == crate::verdict::VerdictStatus::Pass;
        let first_warned = r.designs.iter().position(|d| !clean(d)).unwrap_or(r.designs.len());
        prop_assert!(r.designs[first_warned..].iter().all(|d| !clean(d)));
        let mut front: Vec<brute::Objectives> = r
            .designs
            .iter()
            .filter(|d| d.on_pareto_front)
            .map(|d| (d.family, d.cost, d.capacity_headroom_tb, d.iops_headroom_pct))
            .collect();
        let mut want = expected.front.clone();
        let order = |a: &brute::Objectives, b: &brute::Objectives| {
            a.1.total_cmp(&b.1)
                .then(a.2.total_cmp(&b.2))
                .then(a.3.unwrap_or(0.0).total_cmp(&b.3.unwrap_or(0.0)))
                .then(a.0.cmp(&b.0))
        };
        front.sort_by(order);
        want.sort_by(order);
        prop_assert_eq!(front, want);
        let cheapest: std::collections::BTreeMap<Family, f64> = r
            .designs
            .iter()
            .filter(|d| d.best_in_family)
            .map(|d| (d.family, d.cost))
            .collect();
        prop_assert_eq!(&cheapest, &expected.cheapest);
        prop_assert_eq!(r.designs.is_empty(), r.infeasible_reason.is_some());
    }
}

/// The search with and without the cost bound: the same answer.
/// The `evaluate` calls of the bounded search and of the one sizing every
/// line, when both give the same answer.
fn bound_changes_nothing(
    project: &crate::model::Project,
    catalog: &crate::catalog::Catalog,
    options: &RecommendOptions,
) -> Result<(u64, u64), TestCaseError> {
    let bounded = recommend(project, catalog, options);
    let every = Search::bounded(
        project,
        catalog,
        options,
        super::bound::CostBound::new(usize::MAX),
    )
    .finish();
    prop_assert_eq!(&bounded.designs, &every.designs);
    prop_assert_eq!(bounded.pareto_front_size, every.pareto_front_size);
    prop_assert_eq!(&bounded.infeasible_reason, &every.infeasible_reason);
    prop_assert_eq!(&bounded.notes, &every.notes);
    prop_assert_eq!(bounded.search_space, every.search_space);
    prop_assert_eq!(bounded.evaluated + bounded.pruned, bounded.search_space);
    Ok((bounded.full_evaluations, every.full_evaluations))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// Skipping the lines dearer than the answer can reach changes nothing.
    #[test]
    fn the_cost_bound_never_changes_the_answer(
        project in generate::project(),
        catalog in generate::catalog(),
        top in 1usize..4,
    ) {
        bound_changes_nothing(&project, &catalog, &RecommendOptions { top, ..small_options() })?;
    }
}

/// The same on the examples the bound skips most of (the others take
/// minutes unbounded in a debug build; `bench/search-timing.mjs` runs them).
#[test]
fn the_cost_bound_changes_no_example_answer() {
    let catalog = crate::catalog::shipped_catalog();
    for text in [
        include_str!("../../../assets/examples/seed-000-hybrid-alwayson.json"),
        include_str!("../../../assets/examples/seed-001-all-flash-sql.json"),
    ] {
        let project = crate::parse_project(text).expect("an example parses");
        let (bounded, every) =
            bound_changes_nothing(&project, &catalog, &RecommendOptions::default()).unwrap();
        // Most of those calls size ESA pools: the bound skips the dear ones.
        assert!(
            bounded * 2 < every,
            "{bounded} evaluate calls bounded, {every} unbounded"
        );
    }
}

#[test]
fn a_stepped_search_only_grows_its_progress_and_ends_at_the_answer() {
    let catalog = crate::catalog::shipped_catalog();
    let project = crate::parse_project(include_str!(
        "../../../assets/examples/seed-002-iscsi-fci.json"
    ))
    .expect("seed 002 parses");
    let options = RecommendOptions {
        vendors: vec!["Dell".into(), "Intel".into(), "Micron".into()],
        ..RecommendOptions::default()
    };
    // The app's Worker steps the search and stops between steps to cancel.
    let mut search = Search::new(&project, &catalog, &options);
    let mut last = (0, 0);
    let mut esa_steps = 0;
    while !search.is_done() {
        let p = search.step();
        assert!(p.lines_done >= last.0 && p.evaluated >= last.1);
        assert!(p.lines_done <= p.lines);
        last = (p.lines_done, p.evaluated);
        esa_steps += usize::from(p.phase == Phase::SizingEsa);
    }
    // The ESA axes too: a pool a step, not hundreds of evaluations in one.
    assert!(esa_steps > 10, "ESA sized in {esa_steps} steps");
    let done = search.finish();
    assert_eq!(done, recommend(&project, &catalog, &options));
    assert!(!done.designs.is_empty());
    for d in &done.designs {
        let origin = d
            .project
            .origin
            .as_ref()
            .expect("a proposal names its origin");
        assert_eq!(
            origin.proposal,
            format!("{}: {}", d.family.label(), d.summary)
        );
        assert!(origin.customisations.is_empty());
    }
}

/// Sizing the second of two clusters sharing a policy: the variant keeps
/// the first cluster, its workloads and their policy as they were.
#[test]
fn a_variant_changes_only_the_cluster_it_sizes() {
    let mut project = crate::parse_project(include_str!(
        "../../../assets/examples/seed-003-mixed-sql-exchange.json"
    ))
    .expect("seed 003 parses");
    let mut second = project.clusters[0].clone();
    second.id = "second".into();
    project.clusters.push(second);
    let mut moved = project.workloads[0].clone();
    moved.id = "moved".into();
    moved.cluster_id = "second".into();
    project.workloads.push(moved);
    let options = RecommendOptions {
        cluster_id: Some("second".into()),
        protections: vec![ProtectionChoice::Raid5],
        top: 1,
        ..RecommendOptions::default()
    };
    let r = recommend(&project, &crate::catalog::shipped_catalog(), &options);
    assert_eq!(r.cluster_id, "second");
    let variant = &r.designs[0].project;
    assert_eq!(variant.clusters[0], project.clusters[0]);
    assert_eq!(
        variant.policies[..project.policies.len()],
        project.policies[..]
    );
    let moved = variant
        .workloads
        .iter()
        .find(|w| w.id == "moved")
        .expect("kept");
    // "sql-raid1" would contradict RAID-5: the class gets a new id.
    assert_eq!(moved.policy_id, "raid5-ftt1-1-second");
    let policy = variant.policies.iter().find(|p| p.id == moved.policy_id);
    assert_eq!(
        policy.map(|p| p.method),
        Some(crate::model::ProtectionMethod::Raid5)
    );
    assert!(variant.workloads[..project.workloads.len() - 1]
        .iter()
        .zip(&project.workloads)
        .all(|(a, b)| a == b));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 16, ..ProptestConfig::default() })]

    /// vSAN ESA on generated projects, with the generated NVMe devices
    /// certified for ESA: every proposal evaluates without an error
    /// finding, on a single site, clean passes first, and within the host
    /// range asked for.
    #[test]
    fn esa_proposals_evaluate_without_errors(
        project in generate::project(),
        mut catalog in generate::catalog(),
        min_hosts in 3u32..6,
    ) {
        for part in &mut catalog.parts {
            if let crate::catalog::PartSpec::Device(d) = &mut part.spec {
                d.esa_certified = d.kind == crate::model::DeviceKind::Nvme;
            }
        }
        let options = RecommendOptions {
            families: vec![Family::EsaVsan],
            min_hosts: Some(min_hosts),
            max_hosts: Some(8),
            ..small_options()
        };
        let r = recommend(&project, &catalog, &options);
        let single = matches!(project.clusters[0].topology, crate::model::Topology::Single { .. });
        if !single {
            prop_assert!(r.designs.is_empty());
        }
        let clean = |d: &Design| d.verdict.status == crate::verdict::VerdictStatus::Pass;
        let first_warned = r.designs.iter().position(|d| !clean(d)).unwrap_or(r.designs.len());
        prop_assert!(r.designs[first_warned..].iter().all(|d| !clean(d)));
        for d in &r.designs {
            prop_assert_eq!(d.family, Family::EsaVsan);
            prop_assert!((min_hosts..=8).contains(&d.hosts));
            let e = evaluate(&d.project).expect("a proposed project evaluates");
            prop_assert!(
                e.findings.iter().all(|f| f.severity != crate::rules::Severity::Error),
                "{:?}",
                e.findings
            );
            prop_assert_eq!(&e.clusters[0].verdict, &d.verdict);
        }
    }
}
