//! Inputs the sizing had to assume: workloads entered without I/O rates
//! (an RVTools inventory carries none) add no I/O demand, so nothing that
//! depends on it (IOPS, latency, cache writes and endurance) is sized for
//! them. The finding says so rather than let 0 IOPS pass as measured.

use crate::demand::io::front_end_io;
use crate::model::Workload;
use crate::rules::{num, Finding, FindingCode};

/// At most this many workloads are named in the message.
const NAMED: usize = 3;

/// One warning per cluster whose `workloads` (index in the project, the
/// workload) include some with 0 front-end IOPS.
pub fn unmeasured_iops<'a>(
    cluster_name: &str,
    workloads: impl Iterator<Item = (usize, &'a Workload)>,
) -> Option<Finding> {
    let (mut count, mut total) = (0usize, 0usize);
    let mut first = None;
    let mut named = Vec::new();
    for (index, w) in workloads {
        total += 1;
        if front_end_io(&w.spec).total_iops > 0.0 {
            continue;
        }
        count += 1;
        first.get_or_insert(index);
        if named.len() < NAMED {
            named.push(format!("'{}'", w.name));
        }
    }
    let index = first?;
    let more = if count > NAMED {
        format!(" and {} more", num((count - NAMED) as f64, 0))
    } else {
        String::new()
    };
    Some(
        Finding::new(
            FindingCode::WorkloadIopsUnmeasured,
            format!(
                "Cluster \"{cluster_name}\": {count} of its {total} workloads ({}{more}) have 0 \
                 front-end IOPS; they are assumed to do no I/O, so performance (IOPS, latency, \
                 cache writes and endurance) is not sized for them. An inventory import leaves \
                 IOPS at 0: enter measured IOPS to size it.",
                named.join(", ")
            ),
        )
        .at(format!("workloads[{index}].spec")),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse_project;

    #[test]
    fn names_the_workloads_without_iops_and_what_was_assumed() {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../assets/examples/seed-000-hybrid-alwayson.json"
        ))
        .expect("example");
        let mut project = parse_project(&text).expect("parses");
        // The example's SQL Server workloads carry the published IOPS; the
        // group holding the VMs' OS and page-file disks has none of its own.
        let f = unmeasured_iops("c", project.workloads.iter().enumerate()).expect("finding");
        assert_eq!(f.path.as_deref(), Some("workloads[2].spec"));
        assert!(f.message.contains("1 of its 3 workloads"), "{}", f.message);
        project.workloads.truncate(2);
        assert!(unmeasured_iops("c", project.workloads.iter().enumerate()).is_none());
        let mut value = serde_json::to_value(&project.workloads[1]).expect("serialises");
        value["spec"]["target_iops"] = 0.into();
        project.workloads[1] = serde_json::from_value(value).expect("a workload");
        let f = unmeasured_iops("c", project.workloads.iter().enumerate()).expect("finding");
        assert_eq!(f.severity, crate::rules::Severity::Warning);
        assert_eq!(f.path.as_deref(), Some("workloads[1].spec"));
        assert!(f.message.contains("1 of its 2 workloads"), "{}", f.message);
        assert!(f.message.contains("assumed to do no I/O"), "{}", f.message);
    }
}
