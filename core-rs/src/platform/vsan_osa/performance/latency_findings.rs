//! The SQL Server latency rules' findings: one per rule and cluster, naming
//! the workloads over the limit, worst first. When a cluster's devices or
//! its hosts' vSAN I/O path saturate, every SQL Server workload on it crosses the limits for the
//! same reason; a finding per workload buried the cause under hundreds of
//! near-identical lines. Each workload's estimate stays in the
//! performance figures.

use std::fmt::{self, Write};

use serde::Serialize;

use super::WorkloadPerformance;
use crate::demand::placement::PlacedWorkload;
use crate::model::WorkloadSpec;
use crate::rules::{num, Finding, FindingCode};
use crate::source;

/// Microsoft's recommended ceilings for SQL Server: transaction log writes
/// < 5 ms, data files < 20 ms (seed 000 §7.3; seed 001).
pub const LOG_WRITE_LATENCY_LIMIT_MS: f64 = 5.0;
pub const DATA_LATENCY_LIMIT_MS: f64 = 20.0;

/// A line a latency chart draws: a latency finding fires past it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct LatencyTarget {
    pub ms: f64,
    /// What the line holds to it, as the chart labels it, e.g. "log".
    pub label: &'static str,
    pub source: &'static str,
}

/// `performance.log_latency_high` and `performance.data_latency_high`:
/// the targets vSAN OSA's latency findings hold SQL Server workloads to.
pub const SQL_TARGETS: [LatencyTarget; 2] = [
    LatencyTarget {
        ms: LOG_WRITE_LATENCY_LIMIT_MS,
        label: "log",
        source: source::SQL_LATENCY,
    },
    LatencyTarget {
        ms: DATA_LATENCY_LIMIT_MS,
        label: "data",
        source: source::SQL_LATENCY,
    },
];

/// A latency chart's rule, for its help: what `estimate` says its bars
/// are, then the targets the findings hold them to, which the chart draws.
pub fn latency_chart_rule(estimate: &str, targets: &[LatencyTarget]) -> String {
    let lines: Vec<String> = targets
        .iter()
        .map(|t| format!("{} ms ({})", num(t.ms, 0), t.label))
        .collect();
    if lines.is_empty() {
        format!("{estimate}. No latency finding applies here, so the chart draws no target line.")
    } else {
        format!(
            "{estimate}. The lines are the SQL Server targets a finding holds the bars to: {}.",
            lines.join(", ")
        )
    }
}

/// Workloads a grouped finding names, worst first; the message counts the rest.
const NAMED: usize = 5;

/// One of Microsoft's SQL Server latency limits, as its finding states it.
struct Rule {
    code: FindingCode,
    what: &'static str,
    limit_ms: f64,
    applies_to: &'static str,
    /// The latency held to the limit; None is unbounded (a saturated tier).
    latency: fn(&WorkloadPerformance) -> Option<f64>,
    /// One workload's latencies as the message shows them.
    figures: fn(&WorkloadPerformance) -> String,
}

const LOG: Rule = Rule {
    code: FindingCode::PerformanceLogLatencyHigh,
    what: "transaction log write latency",
    limit_ms: LOG_WRITE_LATENCY_LIMIT_MS,
    applies_to: "SQL Server logs",
    latency: |r| r.write_latency_ms,
    figures: |r| Latency(r.write_latency_ms).to_string(),
};

const DATA: Rule = Rule {
    code: FindingCode::PerformanceDataLatencyHigh,
    what: "data file latency",
    limit_ms: DATA_LATENCY_LIMIT_MS,
    applies_to: "SQL Server data files",
    latency: |r| {
        r.read_latency_ms
            .zip(r.write_latency_ms)
            .map(|(read, write)| read.max(write))
    },
    figures: |r| {
        format!(
            "(read {}, write {})",
            Latency(r.read_latency_ms),
            Latency(r.write_latency_ms)
        )
    },
};

/// SQL Server only: transaction log writes over 5 ms, data file reads or
/// writes over 20 ms. `results` are `workloads`' figures, in the same order.
pub(super) fn sql_latency_findings(
    workloads: &[PlacedWorkload],
    results: &[WorkloadPerformance],
) -> Vec<Finding> {
    let mut over = [(&LOG, Over::default()), (&DATA, Over::default())];
    for (position, (w, r)) in workloads.iter().zip(results).enumerate() {
        if !matches!(w.workload.spec, WorkloadSpec::SqlServer { .. }) {
            continue;
        }
        for (rule, o) in &mut over {
            o.consider(position, (rule.latency)(r), rule.limit_ms);
        }
    }
    over.iter()
        .filter_map(|(rule, o)| {
            let worst = o.worst()?;
            let message = o.message(workloads, results, rule);
            Some(
                Finding::new(rule.code, message)
                    .at(format!("workloads[{}]", workloads[worst].index)),
            )
        })
        .collect()
}

/// The workloads over one limit: how many, and the worst few by position.
#[derive(Default)]
struct Over {
    count: usize,
    /// (latency, position), worst first; an unbounded latency (a saturated
    /// tier) ranks above any figure, and ties keep project order.
    worst: Vec<(f64, usize)>,
}

impl Over {
    fn consider(&mut self, position: usize, latency: Option<f64>, limit: f64) {
        let rank = match latency {
            Some(ms) if ms <= limit => return,
            Some(ms) => ms,
            None => f64::INFINITY,
        };
        self.count += 1;
        // Most of a saturated cluster's workloads rank below the named few.
        if self.worst.len() == NAMED && self.worst[NAMED - 1].0 >= rank {
            return;
        }
        let at = self.worst.partition_point(|&(r, _)| r >= rank);
        if at < NAMED {
            self.worst.truncate(NAMED - 1);
            self.worst.insert(at, (rank, position));
        }
    }

    fn worst(&self) -> Option<usize> {
        self.worst.first().map(|&(_, position)| position)
    }

    fn message(
        &self,
        workloads: &[PlacedWorkload],
        results: &[WorkloadPerformance],
        rule: &Rule,
    ) -> String {
        let Rule {
            what,
            limit_ms: limit,
            applies_to,
            figures,
            ..
        } = rule;
        if let [(_, only)] = self.worst[..] {
            if self.count == 1 {
                return format!(
                    "Workload '{}': estimated {what} {} exceeds the {limit} ms Microsoft \
                     recommends for {applies_to}.",
                    workloads[only].workload.name,
                    figures(&results[only])
                );
            }
        }
        let mut message = format!(
            "{} SQL Server workloads have an estimated {what} above the {limit} ms Microsoft \
             recommends for {applies_to}; worst first: ",
            self.count
        );
        for (i, &(_, position)) in self.worst.iter().enumerate() {
            let separator = if i == 0 { "" } else { ", " };
            // Writing into a String cannot fail.
            let _ = write!(
                message,
                "{separator}'{}' {}",
                workloads[position].workload.name,
                figures(&results[position])
            );
        }
        match self.count - self.worst.len() {
            0 => message.push('.'),
            more => {
                let _ = write!(
                    message,
                    " and {more} more (each workload's estimate is in the performance figures)."
                );
            }
        }
        message
    }
}

/// An estimated latency in a message: its figure, or why there is none.
struct Latency(Option<f64>);

impl fmt::Display for Latency {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(ms) => write!(f, "{} ms", num(ms, 1)),
            None => f.write_str(
                "unbounded (a device tier it uses or its hosts' vSAN I/O path is saturated)",
            ),
        }
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn a_latency_charts_rule_names_the_targets_its_lines_draw() {
        assert_eq!(
            super::latency_chart_rule("Bars", &super::SQL_TARGETS),
            "Bars. The lines are the SQL Server targets a finding holds the bars to: 5 ms \
             (log), 20 ms (data)."
        );
        assert_eq!(
            super::latency_chart_rule("Bars", &[]),
            "Bars. No latency finding applies here, so the chart draws no target line."
        );
    }

    use super::*;
    use crate::demand::io::FrontEndIo;
    use crate::model::{SqlDeployment, Workload};
    use crate::platform::vsan_osa::performance::back_end::BackEndIo;
    use crate::platform::vsan_osa::performance::test_support::{
        exchange, placed, raid1, sql, workload,
    };

    /// Workloads named w0, w1, ... (SQL Server unless `spec` says otherwise)
    /// with the given (read, write) latencies.
    fn cluster(
        latencies: &[(Option<f64>, Option<f64>)],
        spec: impl Fn(usize) -> WorkloadSpec,
    ) -> (Vec<Workload>, Vec<WorkloadPerformance>) {
        let workloads = (0..latencies.len())
            .map(|i| workload(&format!("w{i}"), spec(i)))
            .collect();
        let results = latencies
            .iter()
            .enumerate()
            .map(|(i, &(read, write))| WorkloadPerformance {
                workload_id: format!("w{i}").into(),
                policy_id: "p".into(),
                front_end: FrontEndIo::new(700.0, 300.0),
                back_end: BackEndIo {
                    read_iops: 700.0,
                    write_iops: 600.0,
                    total_iops: 1_300.0,
                    write_cost: 2.0,
                    source: "",
                },
                working_set_gb: 100.0,
                read_cache_hit_ratio: 0.5,
                read_latency_ms: read,
                write_latency_ms: write,
            })
            .collect();
        (workloads, results)
    }

    fn any_sql(_: usize) -> WorkloadSpec {
        sql(500.0, 20.0, 1_000.0, SqlDeployment::Standalone)
    }

    fn findings(workloads: &[Workload], results: &[WorkloadPerformance]) -> Vec<Finding> {
        let p = raid1();
        // Placed at project positions 10, 11, ...: paths name the project's.
        let placed: Vec<_> = workloads
            .iter()
            .enumerate()
            .map(|(i, w)| placed(10 + i, w, &p))
            .collect();
        sql_latency_findings(&placed, results)
    }

    #[test]
    fn workloads_within_both_limits_get_none() {
        let (w, r) = cluster(&[(Some(19.9), Some(5.0)), (Some(1.0), Some(0.5))], any_sql);
        assert!(findings(&w, &r).is_empty());
    }

    #[test]
    fn one_workload_over_a_limit_is_named_with_its_figures() {
        let (w, r) = cluster(&[(Some(2.0), Some(1.0)), (Some(25.04), Some(6.0))], any_sql);
        let f = findings(&w, &r);
        assert_eq!(f.len(), 2, "{f:?}");
        assert_eq!(f[0].code, FindingCode::PerformanceLogLatencyHigh);
        assert_eq!(
            f[0].message,
            "Workload 'w1': estimated transaction log write latency 6.0 ms exceeds the 5 ms \
             Microsoft recommends for SQL Server logs."
        );
        assert_eq!(f[1].code, FindingCode::PerformanceDataLatencyHigh);
        assert_eq!(
            f[1].message,
            "Workload 'w1': estimated data file latency (read 25.0 ms, write 6.0 ms) exceeds \
             the 20 ms Microsoft recommends for SQL Server data files."
        );
        for finding in &f {
            assert_eq!(finding.path.as_deref(), Some("workloads[11]"));
            assert_eq!(finding.source, crate::source::SQL_LATENCY);
        }
    }

    #[test]
    fn many_workloads_over_a_limit_make_one_finding_worst_first() {
        // Eight over the log limit; w3's write tier is saturated (no figure),
        // so it is the worst; w1 and w6 tie at 9 ms and keep project order.
        let writes = [6.0, 9.0, 1.0, f64::NAN, 7.0, 5.5, 9.0, 8.0, 6.5];
        let latencies: Vec<_> = writes
            .iter()
            .map(|&ms| (Some(1.0), (!ms.is_nan()).then_some(ms)))
            .collect();
        let (w, r) = cluster(&latencies, any_sql);
        let f = findings(&w, &r);
        assert_eq!(f.len(), 2, "{f:?}");
        assert_eq!(f[0].code, FindingCode::PerformanceLogLatencyHigh);
        assert_eq!(
            f[0].message,
            "8 SQL Server workloads have an estimated transaction log write latency above the \
             5 ms Microsoft recommends for SQL Server logs; worst first: 'w3' unbounded (a \
             device tier it uses or its hosts' vSAN I/O path is saturated), 'w1' 9.0 ms, 'w6' 9.0 ms, 'w7' 8.0 ms, 'w4' \
             7.0 ms and 3 more (each workload's estimate is in the performance figures)."
        );
        assert_eq!(f[0].path.as_deref(), Some("workloads[13]"));
        // Only w3 has no data figure (its write is unbounded).
        assert_eq!(f[1].code, FindingCode::PerformanceDataLatencyHigh);
        assert!(
            f[1].message.starts_with("Workload 'w3':"),
            "{}",
            f[1].message
        );
    }

    #[test]
    fn a_short_list_names_every_workload() {
        let (w, r) = cluster(&[(Some(30.0), Some(1.0)), (Some(21.0), Some(1.0))], any_sql);
        let f = findings(&w, &r);
        assert_eq!(f.len(), 1, "{f:?}");
        assert_eq!(
            f[0].message,
            "2 SQL Server workloads have an estimated data file latency above the 20 ms \
             Microsoft recommends for SQL Server data files; worst first: 'w0' (read 30.0 ms, \
             write 1.0 ms), 'w1' (read 21.0 ms, write 1.0 ms)."
        );
        assert_eq!(f[0].path.as_deref(), Some("workloads[10]"));
    }

    #[test]
    fn only_sql_server_workloads_are_held_to_the_sql_limits() {
        let (w, r) = cluster(&[(Some(50.0), Some(9.0)), (Some(50.0), Some(9.0))], |i| {
            if i == 0 {
                exchange(1_000, 1.0)
            } else {
                any_sql(i)
            }
        });
        let f = findings(&w, &r);
        assert_eq!(f.len(), 2, "{f:?}");
        assert!(f.iter().all(|f| f.message.starts_with("Workload 'w1':")));
    }
}
