//! The failure and power constraints on the seed examples: every proposed
//! design holds what the user named, by its own evaluation; and when no
//! design does, the reason speaks of the families searched only.

use crate::catalog::shipped_catalog;
use crate::model::Project;
use crate::recommend::{recommend, Family, MustSurvive, RecommendOptions, Recommendation};

fn seed(text: &str) -> Project {
    crate::parse_project(text).expect("an example parses")
}

fn seed_001() -> Project {
    seed(include_str!(
        "../../../../assets/examples/seed-001-all-flash-sql.json"
    ))
}

fn search(project: &Project, options: RecommendOptions) -> Recommendation {
    recommend(
        project,
        &shipped_catalog(),
        &RecommendOptions { top: 3, ..options },
    )
}

/// Every proposal rides out each failure named, by its own evaluation.
fn assert_each_rides_out(r: &Recommendation, must_survive: &[MustSurvive]) {
    assert!(!r.designs.is_empty(), "{:?}", r.infeasible_reason);
    for d in &r.designs {
        let e = crate::evaluate(&d.project).expect("evaluates");
        let hours = d.project.settings.resilience.long_resync_hours;
        for m in must_survive {
            assert_eq!(
                m.shortfall(&e.clusters[0].detail, hours),
                None,
                "{}",
                d.summary
            );
        }
    }
}

#[test]
fn every_proposal_rides_out_the_failures_named() {
    let project = seed_001();
    let must_survive = vec![
        MustSurvive::CapacityDevice,
        MustSurvive::DiskGroup,
        MustSurvive::Host,
    ];
    let r = search(
        &project,
        RecommendOptions {
            must_survive: must_survive.clone(),
            families: vec![Family::AllFlashVsan, Family::EsaVsan],
            ..RecommendOptions::default()
        },
    );
    assert!(!r.designs.is_empty(), "{:?}", r.infeasible_reason);
    for d in &r.designs {
        assert_ne!(d.family, Family::EsaVsan);
        let e = crate::evaluate(&d.project).expect("evaluates");
        let cluster = &e.clusters[0];
        let hours = d.project.settings.resilience.long_resync_hours;
        for m in &must_survive {
            assert_eq!(m.shortfall(&cluster.detail, hours), None, "{}", d.summary);
        }
        // The same predicate as the finding: no rebuild IOPS shortfall.
        assert!(!e
            .findings
            .iter()
            .any(|f| f.code == "resilience.rebuild_iops_short"));
    }
    assert!(r
        .notes
        .iter()
        .any(|n| n.starts_with("vSAN ESA was not searched")));
}

#[test]
fn esa_proposals_ride_out_a_device_the_hosts_and_the_rebuild_limit() {
    // vSAN ESA plays a device's and the N+x hosts' failures (no disk
    // groups, single site), so those constraints search it and every ESA
    // proposal holds them by its own evaluation.
    let must_survive = vec![
        MustSurvive::CapacityDevice,
        MustSurvive::Host,
        MustSurvive::RebuildInTime,
    ];
    let r = search(
        &seed_001(),
        RecommendOptions {
            must_survive: must_survive.clone(),
            families: vec![Family::EsaVsan],
            ..RecommendOptions::default()
        },
    );
    assert_each_rides_out(&r, &must_survive);
    assert!(r.designs.iter().all(|d| d.family == Family::EsaVsan));
    assert!(!r
        .notes
        .iter()
        .any(|n| n.starts_with("vSAN ESA was not searched")));
}

#[test]
fn naming_many_failures_still_proposes_within_a_small_budget() {
    // A design with too few hosts to rebuild on after a failure named is
    // sized out before verification, so the few full evaluations allowed
    // go to designs that can ride the failures out.
    let must_survive = vec![
        MustSurvive::CapacityDevice,
        MustSurvive::DiskGroup,
        MustSurvive::Host,
    ];
    let r = search(
        &seed_001(),
        RecommendOptions {
            must_survive: must_survive.clone(),
            families: vec![Family::AllFlashVsan],
            reserve_hosts: Some(1),
            max_full_evaluations: 12,
            ..RecommendOptions::default()
        },
    );
    assert_each_rides_out(&r, &must_survive);
}

#[test]
fn a_rebuild_limit_no_design_meets_names_the_resilience_constraint() {
    let mut project = seed_001();
    // No host failure is rebuilt within 6 minutes: its repair delay alone
    // is 10 hours.
    project.settings.resilience.long_resync_hours = 0.1;
    project.settings.resilience.repair_delay_minutes = 600.0;
    let r = search(
        &project,
        RecommendOptions {
            must_survive: vec![MustSurvive::RebuildInTime],
            families: vec![Family::AllFlashVsan],
            max_full_evaluations: 50,
            ..RecommendOptions::default()
        },
    );
    assert!(r.designs.is_empty());
    assert_eq!(
        r.infeasible_constraint,
        Some(crate::recommend::Constraint::Resilience)
    );
    assert!(r
        .infeasible_reason
        .expect("a reason")
        .contains("long-resync limit"));
}

#[test]
fn a_site_failure_on_one_site_leaves_nothing_to_search() {
    let r = search(
        &seed_001(),
        RecommendOptions {
            must_survive: vec![MustSurvive::Site],
            ..RecommendOptions::default()
        },
    );
    assert!(r.designs.is_empty());
    for family in ["all-flash vSAN", "hybrid vSAN", "vSAN ESA"] {
        assert!(
            r.notes
                .iter()
                .any(|n| n.starts_with(&format!("{family} was not searched"))),
            "{family}: {:?}",
            r.notes
        );
    }
}

#[test]
fn no_proposal_draws_more_than_the_power_cap() {
    let project = seed_001();
    let options = RecommendOptions {
        families: vec![Family::AllFlashVsan, Family::EsaVsan],
        ..RecommendOptions::default()
    };
    let free = search(&project, options.clone());
    let cheapest = &free.designs[0];
    let power = cheapest.power_w.expect("current hosts state their power");
    // A cap just below the cheapest design's power: it is not proposed,
    // and every design that is draws no more than the cap.
    let cap = power - 1.0;
    let capped = search(
        &project,
        RecommendOptions {
            max_power_w: Some(cap),
            ..options.clone()
        },
    );
    for d in &capped.designs {
        assert!(d.power_w.is_some_and(|w| w <= cap), "{}", d.summary);
        assert_ne!(d.summary, cheapest.summary);
    }
    // No 3-host design draws as little as one host: nothing is proposed,
    // and the answer names power.
    let none = search(
        &project,
        RecommendOptions {
            max_power_w: Some(1.0),
            ..options
        },
    );
    assert!(none.designs.is_empty());
    assert_eq!(
        none.infeasible_constraint,
        Some(crate::recommend::Constraint::Power)
    );
    assert!(none
        .infeasible_reason
        .expect("a reason")
        .contains("1 W allowed"));
}

#[test]
fn a_power_cap_below_one_watt_is_an_input_issue() {
    let r = search(
        &seed_001(),
        RecommendOptions {
            max_power_w: Some(0.0),
            ..RecommendOptions::default()
        },
    );
    assert_eq!(r.input_issues.len(), 1);
    assert_eq!(r.input_issues[0].path, "max_power_w");
}

/// Seed 001's stretched cluster 20 ms apart: beyond what vSAN stretched
/// clusters and VPLEX Metro (5 ms) support, so no family has a design.
/// Each family searched is named with the requirement its own designs
/// failed, and no other family's text appears.
#[test]
fn an_infeasible_reason_speaks_of_the_families_searched_only() {
    let mut project = seed(include_str!(
        "../../../../assets/examples/seed-001-stretched.json"
    ));
    let crate::model::Topology::Stretched {
        inter_site_rtt_ms, ..
    } = &mut project.clusters[0].topology
    else {
        panic!("seed 001's stretched example spans two sites");
    };
    *inter_site_rtt_ms = 20.0;
    let reason = |families: Vec<Family>| {
        let r = search(
            &project,
            RecommendOptions {
                families,
                ..RecommendOptions::default()
            },
        );
        assert!(r.designs.is_empty());
        assert_eq!(
            r.infeasible_constraint,
            Some(crate::recommend::Constraint::SiteLinks)
        );
        r.infeasible_reason.expect("a reason")
    };
    let vsan = reason(vec![Family::AllFlashVsan, Family::StretchedAllFlashVsan]);
    assert!(
        vsan.starts_with("stretched all-flash vSAN: site links cannot be met"),
        "{vsan}"
    );
    assert!(
        !vsan.contains("VPLEX") && !vsan.contains("hybrid"),
        "{vsan}"
    );
    let array = reason(vec![Family::XtremioVplex]);
    assert!(
        array.starts_with("XtremIO + VPLEX Metro: site links cannot be met"),
        "{array}"
    );
    assert!(array.contains("the 5 ms VPLEX Metro supports"), "{array}");
    assert!(!array.contains("vSAN"), "{array}");
    let both = reason(Vec::new());
    assert!(
        both.starts_with("stretched hybrid vSAN and stretched all-flash vSAN: site links")
            && both.contains("; XtremIO + VPLEX Metro: site links"),
        "{both}"
    );
}
