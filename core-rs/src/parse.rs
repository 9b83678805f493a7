//! Reading an untrusted project file into the model, with JSON paths in errors.

use serde::Serialize;

use crate::model::issue::InputIssue;
use crate::model::{Project, SCHEMA_VERSION};
use crate::validate::validate;

/// Project files larger than this are refused before parsing.
pub const MAX_PROJECT_BYTES: usize = 16 * 1024 * 1024;

pub fn parse_project(json: &str) -> Result<Project, InputIssue> {
    if json.len() > MAX_PROJECT_BYTES {
        return Err(InputIssue::new(
            "",
            format!(
                "the project file is {} bytes; at most {MAX_PROJECT_BYTES} bytes are allowed",
                json.len()
            ),
        ));
    }
    // Windows editors may start a UTF-8 file with a byte order mark, which
    // is not JSON: it says nothing about the project, so it is skipped.
    let json = json.strip_prefix('\u{feff}').unwrap_or(json);
    // Plain serde_json is much faster; the path-tracking parse below runs
    // only for a file that fails, to name the path of its error.
    if let Ok(project) = serde_json::from_str::<Project>(json) {
        return Ok(migrate(project));
    }
    let pruned = without_dropped_fields(json);
    let json = pruned.as_deref().unwrap_or(json);
    if pruned.is_some() {
        if let Ok(project) = serde_json::from_str::<Project>(json) {
            return Ok(migrate(project));
        }
    }
    let mut de = serde_json::Deserializer::from_str(json);
    let project: Project = serde_path_to_error::deserialize(&mut de).map_err(|e| {
        if !e.inner().is_data() {
            return InputIssue::new("", format!("the file is not valid JSON: {}", e.inner()));
        }
        let path = e.path().to_string();
        let path = if path == "." { String::new() } else { path };
        let path = refine_path(json, path, &e.inner().to_string());
        InputIssue::new(path.clone(), describe(e.inner(), path.is_empty()))
    })?;
    de.end()
        .map_err(|e| InputIssue::new("", format!("unexpected content after the project: {e}")))?;
    Ok(migrate(project))
}

/// The schema that stopped reading `settings.resilience.site_failure_cpu_before_pct`:
/// site-failure CPU comes from the design's own compute since the failover
/// model was rebuilt, and a setting nothing reads must not be offered.
const SITE_FAILURE_CPU_SETTING_DROPPED: u64 = 5;

/// The JSON of a file of an earlier schema without the fields later schemas
/// dropped (its scenarios' projects too), so it reads as this schema; None
/// when there is nothing to drop. Only tried on a file the schema refuses,
/// so a current file is parsed once.
fn without_dropped_fields(json: &str) -> Option<String> {
    let mut root: serde_json::Value = serde_json::from_str(json).ok()?;
    drop_fields(&mut root).then(|| root.to_string())
}

fn drop_fields(project: &mut serde_json::Value) -> bool {
    let older = project["schema_version"]
        .as_u64()
        .is_some_and(|v| v < SITE_FAILURE_CPU_SETTING_DROPPED);
    let mut dropped = older
        && project
            .pointer_mut("/settings/resilience")
            .and_then(|r| r.as_object_mut())
            .and_then(|r| r.remove("site_failure_cpu_before_pct"))
            .is_some();
    if let Some(scenarios) = project.get_mut("scenarios").and_then(|s| s.as_array_mut()) {
        for scenario in scenarios {
            if let Some(inner) = scenario.get_mut("project") {
                dropped |= drop_fields(inner);
            }
        }
    }
    dropped
}

/// A file of an earlier schema, brought to this one. Schema 2 added
/// `facts`, schema 3 `scenarios` and schema 4 `origin`; an older file opens
/// with them empty
/// (serde's defaults), so only its version changes, in its scenarios too.
/// Schema 5 dropped `settings.resilience.site_failure_cpu_before_pct`
/// (`without_dropped_fields`). Other versions are left for validation to
/// refuse by name.
fn migrate(mut project: Project) -> Project {
    migrate_in_place(&mut project);
    project
}

fn migrate_in_place(project: &mut Project) {
    const FIRST_MIGRATED: u32 = 1;
    if (FIRST_MIGRATED..SCHEMA_VERSION).contains(&project.schema_version) {
        project.schema_version = SCHEMA_VERSION;
    }
    for scenario in &mut project.scenarios {
        migrate_in_place(&mut scenario.project);
    }
}

/// A project file checked before the app adopts it: the project with every
/// default filled in, with the fields it must fix, or why it cannot be read.
/// Whatever the app saved it can open again: only a file that is not a
/// project of this schema version is refused.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum ProjectFileOutcome {
    /// Boxed: a project is far larger than a list of issues.
    Valid { project: Box<Project> },
    /// Read whole, but some values are outside their ranges: the app opens
    /// it with each field flagged and evaluates nothing until they are fixed.
    NeedsFixes {
        project: Box<Project>,
        issues: Vec<InputIssue>,
    },
    /// Not JSON, not a project, or written by a build with another schema.
    Invalid { issues: Vec<InputIssue> },
}

pub fn check_project_file(json: &str) -> ProjectFileOutcome {
    let project = match parse_project(json) {
        Ok(project) => project,
        Err(issue) => {
            return ProjectFileOutcome::Invalid {
                issues: vec![issue],
            }
        }
    };
    let issues = validate(&project);
    let unknown_schema = issues.iter().any(|i| i.path == "schema_version");
    match (issues.is_empty(), unknown_schema) {
        (true, _) => ProjectFileOutcome::Valid {
            project: Box::new(project),
        },
        (false, true) => ProjectFileOutcome::Invalid { issues },
        (false, false) => ProjectFileOutcome::NeedsFixes {
            project: Box::new(project),
            issues,
        },
    }
}

/// serde buffers internally tagged enums (`"kind": ...`), so the path it
/// reports for a wrong type inside one stops at the enum. When exactly one
/// field of that object holds the offending value, the path is extended to it.
fn refine_path(json: &str, path: String, message: &str) -> String {
    let Some(unexpected) = message
        .strip_prefix("invalid type: ")
        .or_else(|| message.strip_prefix("invalid value: "))
        .and_then(|rest| rest.split(", expected").next())
    else {
        return path;
    };
    let Ok(root) = serde_json::from_str::<serde_json::Value>(json) else {
        return path;
    };
    let Some(serde_json::Value::Object(object)) = value_at(&root, &path) else {
        return path;
    };
    let mut matches = object
        .iter()
        .filter(|(_, v)| describe_unexpected(v) == unexpected);
    match (matches.next(), matches.next()) {
        (Some((key, _)), None) if path.is_empty() => key.clone(),
        (Some((key, _)), None) => format!("{path}.{key}"),
        _ => path,
    }
}

/// Follows a path such as `clusters[0].topology` through a JSON value.
fn value_at<'a>(root: &'a serde_json::Value, path: &str) -> Option<&'a serde_json::Value> {
    let mut value = root;
    for segment in path.split('.').filter(|s| !s.is_empty()) {
        let (key, indices) = segment.split_once('[').unwrap_or((segment, ""));
        if !key.is_empty() {
            value = value.get(key)?;
        }
        for index in indices.split('[').filter(|s| !s.is_empty()) {
            value = value.get(index.trim_end_matches(']').parse::<usize>().ok()?)?;
        }
    }
    Some(value)
}

/// The same words serde's `Unexpected` uses for a JSON value.
fn describe_unexpected(value: &serde_json::Value) -> String {
    use serde_json::Value;
    match value {
        Value::Null => "null".into(),
        Value::Bool(b) => format!("boolean `{b}`"),
        Value::Number(n) if n.is_f64() => format!("floating point `{n}`"),
        Value::Number(n) => format!("integer `{n}`"),
        Value::String(s) => format!("string {s:?}"),
        Value::Array(_) => "sequence".into(),
        Value::Object(_) => "map".into(),
    }
}

fn describe(e: &serde_json::Error, at_root: bool) -> String {
    let text = e.to_string();
    if at_root {
        format!("the file is not a valid project: {text}")
    } else {
        format!("is invalid: {text}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrong_type_names_the_json_path() {
        let json = r#"{"schema_version":1,"name":"x","clusters":[{"id":"c","name":"c",
            "host":{"model":"h","sockets":2,"cores_per_socket":8,"ghz":2.0,"ram_gb":256,"nics":2,"nic_gbps":10},
            "topology":{"kind":"single","host_count":"four"},
            "storage":{"architecture":"vsan_osa","disk_groups":[],"dedup_compression":false}}]}"#;
        let err = parse_project(json).unwrap_err();
        assert_eq!(err.path, "clusters[0].topology.host_count");
        assert!(err
            .message
            .starts_with("clusters[0].topology.host_count is invalid"));
    }

    #[test]
    fn negative_count_inside_a_tagged_enum_names_the_field() {
        let json = r#"{"schema_version":1,"name":"x","clusters":[{"id":"c","name":"c",
            "host":{"model":"h","sockets":2,"cores_per_socket":8,"ghz":2.0,"ram_gb":256,"nics":2,"nic_gbps":10},
            "topology":{"kind":"stretched","hosts_per_site":-2,"inter_site_rtt_ms":1,
                "inter_site_link_gbps":10,"witness_rtt_ms":100,"witness_link_mbps":100},
            "storage":{"architecture":"vsan_osa","disk_groups":[],"dedup_compression":false}}]}"#;
        let err = parse_project(json).unwrap_err();
        assert_eq!(err.path, "clusters[0].topology.hosts_per_site");
    }

    #[test]
    fn a_checked_file_comes_back_with_defaults_filled_in() {
        let json = include_str!("../../assets/examples/seed-001-all-flash-sql.json");
        let ProjectFileOutcome::Valid { project } = check_project_file(json) else {
            panic!("the seed 001 example must be valid");
        };
        assert_eq!(project.clusters.len(), 1);
        assert_eq!(project.policies[0].stripe_width, 1);
    }

    #[test]
    fn a_file_that_parses_but_breaks_a_range_opens_with_its_fields_to_fix() {
        let json = include_str!("../../assets/examples/seed-001-all-flash-sql.json")
            .replace("\"host_count\": 4", "\"host_count\": 99");
        let ProjectFileOutcome::NeedsFixes { project, issues } = check_project_file(&json) else {
            panic!("99 hosts must open, flagged");
        };
        assert_eq!(issues[0].path, "clusters[0].topology.host_count");
        assert_eq!(project.clusters[0].topology.host_count(), 99);
    }

    #[test]
    fn a_file_of_another_schema_version_is_refused_with_the_reason() {
        let json = include_str!("../../assets/examples/seed-001-all-flash-sql.json")
            .replace("\"schema_version\": 1", "\"schema_version\": 7");
        let ProjectFileOutcome::Invalid { issues } = check_project_file(&json) else {
            panic!("a future schema version must be refused");
        };
        assert_eq!(issues[0].path, "schema_version");
        assert!(issues[0].message.contains("got 7"), "{}", issues[0].message);
    }

    #[test]
    fn a_schema_1_file_opens_as_this_schema_with_empty_facts_and_scenarios() {
        let v1 = include_str!("../tests/fixtures/schema/v1-seed-001.stacksizer.json");
        assert!(v1.contains("\"schema_version\": 1"));
        let ProjectFileOutcome::Valid { project } = check_project_file(v1) else {
            panic!("a schema 1 file must open");
        };
        assert_eq!(project.schema_version, SCHEMA_VERSION);
        assert!(project.facts.is_empty());
        assert!(project.scenarios.is_empty());
        // Saved again, it is a file of this schema that reads back the same.
        let saved = serde_json::to_string(&project).expect("serialises");
        assert!(saved.contains(&format!("\"schema_version\":{SCHEMA_VERSION}")));
        assert!(saved.contains("\"facts\":{\"customer\":\"\""));
        assert_eq!(parse_project(&saved), Ok(*project));
    }

    #[test]
    fn a_fact_out_of_bounds_opens_flagged_with_its_field() {
        let json = include_str!("../../assets/examples/seed-001-all-flash-sql.json").replacen(
            "\"name\":",
            "\"facts\": {\"customer\": \"Contoso\\u0007\", \"date\": \"2026-02-30\"}, \"name\":",
            1,
        );
        let ProjectFileOutcome::NeedsFixes { issues, .. } = check_project_file(&json) else {
            panic!("bad facts must open flagged");
        };
        let paths: Vec<&str> = issues.iter().map(|i| i.path.as_str()).collect();
        assert_eq!(paths, ["facts.customer", "facts.date"]);
        assert!(issues[1].message.contains("yyyy-mm-dd"));
    }

    #[test]
    fn a_byte_order_mark_before_the_json_is_skipped() {
        let json = include_str!("../../assets/examples/seed-001-all-flash-sql.json");
        let with_bom = format!("\u{feff}{json}");
        assert_eq!(parse_project(&with_bom), parse_project(json));
        assert!(parse_project(&with_bom).is_ok());
        // Only at the start: anywhere else it is not JSON.
        assert!(parse_project(&format!("{json}\u{feff}")).is_err());
    }

    #[test]
    fn truncated_file_is_an_error_not_a_panic() {
        let err = parse_project(r#"{"schema_version":1,"name":"#).unwrap_err();
        assert_eq!(err.path, "");
        assert!(
            err.message.starts_with("the file is not valid JSON: EOF"),
            "{}",
            err.message
        );
    }

    #[test]
    fn unknown_field_is_refused() {
        let err = parse_project(r#"{"schema_version":1,"name":"x","clusters":[],"colour":"red"}"#)
            .unwrap_err();
        assert!(err.message.contains("colour"), "{}", err.message);
    }
}
