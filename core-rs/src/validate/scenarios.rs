//! Scenarios: each a named, whole project of its own, validated as one with
//! its paths under `scenarios[i].project`, and never holding scenarios.

use foldhash::{HashSet, HashSetExt};

use super::{Checker, Item};
use crate::model::issue::InputIssue;
use crate::model::{Scenario, MAX_SCENARIOS};

pub(super) fn scenarios(c: &mut Checker, scenarios: &[Scenario]) {
    if scenarios.len() > MAX_SCENARIOS {
        c.push(
            "scenarios",
            format!(
                "must hold at most {MAX_SCENARIOS} scenarios (got {})",
                scenarios.len()
            ),
        );
    }
    let mut names = HashSet::with_capacity(scenarios.len());
    for (i, scenario) in scenarios.iter().enumerate() {
        let at = Item("scenarios", i);
        let name = scenario.name.trim();
        c.non_empty(format!("{at}.name"), &scenario.name);
        c.text(format!("{at}.name"), &scenario.name);
        if !name.is_empty() && !names.insert(name.to_lowercase()) {
            c.push(
                format!("{at}.name"),
                format!("must differ from the other scenarios' names (\"{name}\" is used twice)"),
            );
        }
        if !scenario.project.scenarios.is_empty() {
            c.push(
                format!("{at}.project.scenarios"),
                "must be empty: a scenario cannot hold scenarios of its own",
            );
        }
        for issue in super::validate(&scenario.project) {
            c.issues.push(nested(&format!("{at}.project"), issue));
        }
    }
}

/// An issue of a scenario's project, with its path (and the message that
/// starts with it) moved under `prefix`.
fn nested(prefix: &str, issue: InputIssue) -> InputIssue {
    if issue.path.is_empty() {
        return InputIssue::new(prefix, issue.message);
    }
    let what = issue
        .message
        .strip_prefix(&issue.path)
        .map(str::trim_start)
        .unwrap_or(&issue.message);
    InputIssue {
        value: issue.value,
        allowed: issue.allowed,
        ..InputIssue::new(format!("{prefix}.{}", issue.path), what)
    }
}

#[cfg(test)]
mod tests {
    use crate::model::{Scenario, SCHEMA_VERSION};
    use crate::parse::parse_project;
    use crate::validate::validate;

    fn seed_001() -> crate::model::Project {
        let text = include_str!("../../../assets/examples/seed-001-all-flash-sql.json");
        parse_project(text).expect("the example opens")
    }

    fn with_scenarios(names: &[&str]) -> crate::model::Project {
        let mut project = seed_001();
        project.scenarios = names
            .iter()
            .map(|name| Scenario {
                name: (*name).into(),
                project: Box::new(seed_001()),
            })
            .collect();
        project
    }

    #[test]
    fn valid_scenarios_pass() {
        assert_eq!(validate(&with_scenarios(&["RAID-1", "Six hosts"])), vec![]);
    }

    #[test]
    fn a_scenarios_bad_field_is_named_under_its_path() {
        let mut project = with_scenarios(&["Six hosts"]);
        project.scenarios[0].project.settings.slack_pct = 80.0;
        let issues = validate(&project);
        assert_eq!(issues.len(), 1, "{issues:?}");
        assert_eq!(issues[0].path, "scenarios[0].project.settings.slack_pct");
        assert!(
            issues[0]
                .message
                .starts_with("scenarios[0].project.settings.slack_pct must be between 0 and 50"),
            "{}",
            issues[0].message
        );
        let allowed = issues[0]
            .allowed
            .expect("the range travels with the nested issue");
        assert_eq!((allowed.min, allowed.max), (0.0, 50.0));
    }

    #[test]
    fn names_are_required_and_unique_and_the_count_is_bounded() {
        let project = with_scenarios(&["A", " ", "a", "B", "C"]);
        let paths: Vec<_> = validate(&project).into_iter().map(|i| i.path).collect();
        assert_eq!(
            paths,
            ["scenarios", "scenarios[1].name", "scenarios[2].name"]
        );
    }

    #[test]
    fn a_scenario_cannot_nest_scenarios_or_be_of_another_schema() {
        let mut project = with_scenarios(&["A"]);
        project.scenarios[0].project.scenarios = with_scenarios(&["B"]).scenarios;
        project.scenarios[0].project.schema_version = SCHEMA_VERSION + 1;
        let paths: Vec<_> = validate(&project).into_iter().map(|i| i.path).collect();
        assert!(paths.contains(&"scenarios[0].project.scenarios".to_string()));
        assert!(paths.contains(&"scenarios[0].project.schema_version".to_string()));
    }
}
