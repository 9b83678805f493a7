//! Reading an untrusted project file into the model, with JSON paths in errors.

use crate::issue::InputIssue;
use crate::model::Project;

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
    let mut de = serde_json::Deserializer::from_str(json);
    let project: Project = serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let path = e.path().to_string();
        let path = if path == "." { String::new() } else { path };
        InputIssue::new(path.clone(), describe(e.inner(), path.is_empty()))
    })?;
    de.end()
        .map_err(|e| InputIssue::new("", format!("unexpected content after the project: {e}")))?;
    Ok(project)
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
    fn truncated_file_is_an_error_not_a_panic() {
        let err = parse_project(r#"{"schema_version":1,"name":"#).unwrap_err();
        assert!(err.message.contains("not a valid project") || err.message.contains("invalid"));
    }

    #[test]
    fn unknown_field_is_refused() {
        let err = parse_project(r#"{"schema_version":1,"name":"x","clusters":[],"colour":"red"}"#)
            .unwrap_err();
        assert!(err.message.contains("colour"), "{}", err.message);
    }
}
