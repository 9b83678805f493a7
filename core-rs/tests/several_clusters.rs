//! A project with three clusters (production, test/dev, management)
//! evaluates per cluster, reports per cluster and in total, and survives a
//! save/open round trip unchanged (issue 9).

use std::path::Path;

use stacksizer_core::evaluate::evaluate;
use stacksizer_core::model::{Project, Topology};
use stacksizer_core::parse_project;
use stacksizer_core::report::csv_tables;

fn three_clusters() -> Project {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../assets/examples/seed-001-all-flash-sql.json");
    let mut project =
        parse_project(&std::fs::read_to_string(path).expect("example")).expect("valid");
    let base = project.clusters[0].clone();
    for (id, name, hosts) in [("test-dev", "SQL test/dev", 3), ("mgmt", "Management", 4)] {
        let mut cluster = base.clone();
        cluster.id = id.into();
        cluster.name = name.into();
        cluster.topology = Topology::Single { host_count: hosts };
        project.clusters.push(cluster);
    }
    // The 500 GB databases move to test/dev; management keeps no workloads.
    project.workloads[1].cluster_id = "test-dev".into();
    project
}

#[test]
fn three_clusters_evaluate_separately() {
    let evaluation = evaluate(&three_clusters()).expect("valid project");
    let ids: Vec<_> = evaluation.clusters.iter().map(|c| c.id.as_str()).collect();
    assert_eq!(ids, ["sql-af", "test-dev", "mgmt"]);
    let required: Vec<f64> = evaluation
        .clusters
        .iter()
        .map(|c| c.key_figures.required.gb)
        .collect();
    assert!(required[0] > 0.0 && required[1] > 0.0);
    assert_eq!(required[2], 0.0, "management has no workloads");
    assert_eq!(evaluation.clusters[1].key_figures.hosts, 3);
}

#[test]
fn three_clusters_report_per_cluster_and_in_total() {
    let project = three_clusters();
    let evaluation = evaluate(&project).expect("valid project");
    let tables = csv_tables(&project, &evaluation).expect("report");
    let (_, summary) = tables
        .iter()
        .find(|(name, _)| name.contains("summary"))
        .expect("a summary table");
    let header = summary.lines().next().expect("a header row");
    for name in [
        "SQL all-flash cluster",
        "SQL test/dev",
        "Management",
        "Total",
    ] {
        assert!(
            header.contains(name),
            "summary header lacks {name}: {header}"
        );
    }
}

#[test]
fn three_clusters_round_trip_through_a_saved_file() {
    let project = three_clusters();
    let saved = serde_json::to_string_pretty(&project).expect("serializes");
    let reopened = parse_project(&saved).expect("reopens");
    assert_eq!(reopened, project);
    assert_eq!(evaluate(&reopened), evaluate(&project));
}
