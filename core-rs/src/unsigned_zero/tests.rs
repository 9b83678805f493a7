use std::collections::BTreeMap;

use serde::Serialize;
use serde_json::Value;

use super::UnsignedZero;
use crate::evaluate::evaluate_json;
use crate::evaluate::live::{live_evaluation_json, LiveOutcome};

/// JSON paths of the negative zeros in `value`.
fn negative_zeros(value: &Value, path: &str, found: &mut Vec<String>) {
    match value {
        Value::Number(n) if n.as_f64().is_some_and(|x| x == 0.0 && x.is_sign_negative()) => {
            found.push(path.to_owned());
        }
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                negative_zeros(item, &format!("{path}[{i}]"), found);
            }
        }
        Value::Object(fields) => {
            for (key, item) in fields {
                negative_zeros(item, &format!("{path}.{key}"), found);
            }
        }
        _ => {}
    }
}

fn negative_zeros_in(value: &impl Serialize) -> Vec<String> {
    let mut found = Vec::new();
    negative_zeros(&serde_json::to_value(value).unwrap(), "", &mut found);
    found
}

#[derive(Serialize)]
struct Newtype(f64);

#[derive(Serialize)]
#[serde(tag = "status", rename_all = "snake_case")]
enum Tagged {
    Evaluated { total: f64 },
}

#[derive(Serialize)]
enum External {
    Pair(f32, f64),
    Figures { share: f64 },
    One(f64),
}

#[derive(Serialize)]
struct Inner {
    at_n: f64,
}

#[derive(Serialize)]
struct EveryShape {
    plain: f64,
    single: f32,
    optional: Option<f64>,
    list: Vec<f64>,
    tuple: (f64, u32),
    map: BTreeMap<String, f64>,
    newtype: Newtype,
    tagged: Tagged,
    external: Vec<External>,
    #[serde(flatten)]
    inner: Inner,
    negative: f64,
    text: &'static str,
}

#[test]
fn every_zero_of_every_serde_shape_loses_its_sign_and_nothing_else_changes() {
    let value = EveryShape {
        plain: -0.0,
        single: -0.0,
        optional: Some(-0.0),
        list: vec![1.5, -0.0],
        tuple: (-0.0, 3),
        map: BTreeMap::from([("a".to_owned(), -0.0)]),
        newtype: Newtype(-0.0),
        tagged: Tagged::Evaluated { total: -0.0 },
        external: vec![
            External::Pair(-0.0, -0.0),
            External::Figures { share: -0.0 },
            External::One(-0.0),
        ],
        inner: Inner { at_n: -0.0 },
        negative: -2.5,
        text: "-0",
    };
    // Without the adaptor every one of them keeps its sign.
    assert_eq!(negative_zeros_in(&value).len(), 13);
    assert_eq!(
        negative_zeros_in(&UnsignedZero(&value)),
        Vec::<String>::new()
    );
    let mut expected = serde_json::to_value(&value).unwrap();
    let mut unsigned = Vec::new();
    negative_zeros(&expected.clone(), "", &mut unsigned);
    for path in unsigned {
        *expected.pointer_mut(&pointer(&path)).unwrap() = Value::from(0.0);
    }
    assert_eq!(
        serde_json::to_value(UnsignedZero(&value)).unwrap(),
        expected
    );
}

/// `.a.b[2]` as the JSON pointer `/a/b/2`.
fn pointer(path: &str) -> String {
    path.replace(['.', '['], "/").replace(']', "")
}

/// Every example project, as shipped and with its workloads removed (a
/// total of no rows is Rust's -0.0), and the new-project template.
fn projects() -> Vec<(String, String)> {
    let root = format!("{}/../assets", env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<_> = std::fs::read_dir(format!("{root}/examples"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.push(format!("{root}/templates/new-project.json").into());
    files.sort();
    let mut projects = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let mut empty: Value = serde_json::from_str(&text).unwrap();
        empty["workloads"] = Value::Array(Vec::new());
        let name = file.display().to_string();
        projects.push((format!("{name} without workloads"), empty.to_string()));
        projects.push((name, text));
    }
    projects
}

#[test]
fn no_evaluation_the_app_or_the_cli_gets_carries_a_negative_zero() {
    let mut signed_without_adaptor = 0;
    for (name, json) in projects() {
        let live = live_evaluation_json(&json);
        if name.contains("seed-001-all-flash-sql.json without") {
            assert!(matches!(live, LiveOutcome::Evaluated { .. }), "{name}");
        }
        signed_without_adaptor += negative_zeros_in(&live).len();
        let found = negative_zeros_in(&UnsignedZero(&live));
        assert!(found.is_empty(), "{name} (live): -0 at {found:?}");
        let full = evaluate_json(&json);
        let found = negative_zeros_in(&UnsignedZero(&full));
        assert!(found.is_empty(), "{name}: -0 at {found:?}");
        let text = crate::json_text::to_string_pretty(&full).unwrap();
        assert!(
            !text.contains("-0.0,") && !text.contains("-0.0\n"),
            "{name}"
        );
    }
    // The projects do sum empty lists: the test sees what it cleans.
    assert!(signed_without_adaptor > 100, "{signed_without_adaptor}");
}
