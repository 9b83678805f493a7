//! Every released project schema keeps opening. Each version has a frozen
//! fixture here, written by the release that introduced it; when a new
//! version adds a migration, its predecessor's fixture must still evaluate.

use std::fs;
use std::path::Path;

use stacksizer_core::evaluate::{evaluate_json, EvaluateOutcome};
use stacksizer_core::model::SCHEMA_VERSION;

fn fixtures() -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/schema");
    let mut files: Vec<_> = fs::read_dir(&dir)
        .expect("fixture folder")
        .map(|e| e.expect("entry").path())
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, fs::read_to_string(&p).expect("fixture text"))
        })
        .collect()
}

#[test]
fn every_released_schema_version_has_a_fixture_that_still_opens() {
    let fixtures = fixtures();
    for version in 1..=SCHEMA_VERSION {
        let prefix = format!("v{version}-");
        let found: Vec<_> = fixtures
            .iter()
            .filter(|(n, _)| n.starts_with(&prefix))
            .collect();
        assert!(!found.is_empty(), "no fixture for schema version {version}");
        for (name, text) in found {
            match evaluate_json(text) {
                EvaluateOutcome::Evaluated { evaluation } => {
                    assert!(!evaluation.clusters.is_empty(), "{name} has no cluster")
                }
                EvaluateOutcome::Invalid { issues } => panic!("{name} no longer opens: {issues:?}"),
            }
        }
    }
}

#[test]
fn a_file_from_a_newer_release_is_refused_with_the_version_named() {
    let (_, text) = fixtures().remove(0);
    let newer = text.replacen(
        "\"schema_version\": 1",
        &format!("\"schema_version\": {}", SCHEMA_VERSION + 1),
        1,
    );
    let EvaluateOutcome::Invalid { issues } = evaluate_json(&newer) else {
        panic!("a newer schema must not be read as if it were this one");
    };
    assert_eq!(issues[0].path, "schema_version");
    assert!(issues[0]
        .message
        .contains(&format!("got {}", SCHEMA_VERSION + 1)));
}

#[test]
fn esa_compression_set_on_the_cluster_applies_to_policies_that_do_not_say() {
    // Files written before compression became a policy rule carry only the
    // cluster's ratio (1.0 in the frozen file) and evaluate as before. A
    // policy that does not say compresses by the cluster's ratio; one that
    // turns compression off stores its data uncompressed.
    let esa_workloads = |file: &str| {
        let text = fixtures()
            .into_iter()
            .find(|(n, _)| n == file)
            .expect(file)
            .1;
        let EvaluateOutcome::Evaluated { evaluation } = evaluate_json(&text) else {
            panic!("{file} opens");
        };
        let workloads = evaluation.esa().next().unwrap().capacity.workloads.clone();
        workloads
    };
    let old = esa_workloads("v1-esa-cluster-compression.stacksizer.json");
    assert!(old.iter().all(|w| w.dedup_ratio == 1.0));
    let new = esa_workloads("v1-esa-policy-compression.stacksizer.json");
    let ratio = |id: &str| {
        new.iter()
            .find(|w| w.workload_id == id)
            .expect(id)
            .dedup_ratio
    };
    assert_eq!((ratio("oltp"), ratio("apps")), (1.5, 1.0));
}

#[test]
fn older_files_open_as_this_schema_with_empty_facts_and_scenarios_and_keep_theirs() {
    use stacksizer_core::parse::parse_project;
    for (name, text) in fixtures() {
        let project = parse_project(&text).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        assert_eq!(project.schema_version, SCHEMA_VERSION, "{name}");
        if name.starts_with("v1-") {
            assert!(project.facts.is_empty(), "{name}");
        }
        if name.starts_with("v1-") || name.starts_with("v2-") {
            assert!(project.scenarios.is_empty(), "{name}");
        }
        if name.as_str() < "v4-" {
            assert!(project.origin.is_none(), "{name}");
        }
    }
    let v2 = fixtures()
        .into_iter()
        .find(|(n, _)| n == "v2-seed-001-facts.stacksizer.json")
        .expect("the schema 2 fixture")
        .1;
    let facts = parse_project(&v2).expect("opens").facts;
    assert_eq!(facts.customer, "Contoso Ltd");
    assert_eq!(facts.date, "2026-11-25");
    assert_eq!(facts.notes.lines().count(), 3);
}

#[test]
fn schema_3_keeps_its_scenarios_and_a_scenario_evaluates_as_a_project() {
    use stacksizer_core::evaluate::evaluate;
    use stacksizer_core::parse::parse_project;
    let v3 = fixtures()
        .into_iter()
        .find(|(n, _)| n == "v3-seed-001-scenario.stacksizer.json")
        .expect("the schema 3 fixture")
        .1;
    let project = parse_project(&v3).expect("opens");
    assert_eq!(project.scenarios.len(), 1);
    let scenario = &project.scenarios[0];
    assert_eq!(scenario.name, "Six hosts");
    assert_eq!(scenario.project.schema_version, SCHEMA_VERSION);
    let hosts = |p: &stacksizer_core::model::Project| p.clusters[0].topology.host_count();
    assert_eq!((hosts(&project), hosts(&scenario.project)), (4, 6));
    assert!(evaluate(&scenario.project).is_ok());
    let round_trip: stacksizer_core::model::Project =
        serde_json::from_str(&serde_json::to_string(&project).unwrap()).unwrap();
    assert_eq!(round_trip, project);
}

#[test]
fn schema_4_keeps_the_design_origin_and_its_customisations() {
    use stacksizer_core::parse::parse_project;
    let v4 = fixtures()
        .into_iter()
        .find(|(n, _)| n == "v4-seed-001-origin.stacksizer.json")
        .expect("the schema 4 fixture")
        .1;
    let project = parse_project(&v4).expect("opens");
    let origin = project.origin.as_ref().expect("an origin");
    assert!(origin.proposal.starts_with("All-flash OSA"));
    assert_eq!(
        origin.customisations,
        ["+1 host", "-1 capacity device per disk group"]
    );
    let round_trip: stacksizer_core::model::Project =
        serde_json::from_str(&serde_json::to_string(&project).unwrap()).unwrap();
    assert_eq!(round_trip, project);
    let bad = v4.replace("\"+1 host\"", "\"\"");
    let EvaluateOutcome::Invalid { issues } = evaluate_json(&bad) else {
        panic!("an empty customisation step is refused");
    };
    assert_eq!(issues[0].path, "origin.customisations[0]");
}

#[test]
fn schema_5_drops_the_site_failure_cpu_setting_older_files_carry() {
    // Schema 4 saved every setting, so its files carry
    // settings.resilience.site_failure_cpu_before_pct, which nothing reads
    // since site-failure CPU comes from the design's compute. They open with
    // the value dropped, in their scenarios too, and evaluate.
    use stacksizer_core::parse::parse_project;
    let v4 = fixtures()
        .into_iter()
        .find(|(n, _)| n == "v4-site-failure-cpu-setting.stacksizer.json")
        .expect("the schema 4 fixture with the setting")
        .1;
    assert_eq!(
        v4.matches("\"site_failure_cpu_before_pct\": 55.0").count(),
        2
    );
    let project = parse_project(&v4).expect("opens");
    assert_eq!(project.scenarios[0].project.schema_version, SCHEMA_VERSION);
    assert_eq!(project.settings.resilience.ssd_afr_pct, 0.98);
    let saved = serde_json::to_string(&project).expect("serialises");
    assert!(!saved.contains("\"site_failure_cpu_before_pct\":"));
    assert!(matches!(
        evaluate_json(&v4),
        EvaluateOutcome::Evaluated { .. }
    ));
    // A file of this schema that carries it was not written by this schema.
    let current = v4.replacen("\"schema_version\": 4", "\"schema_version\": 5", 1);
    let err = parse_project(&current).expect_err("refused");
    assert_eq!(err.path, "settings.resilience.site_failure_cpu_before_pct");
}
