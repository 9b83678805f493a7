use super::*;
use crate::rules::Measure;

fn cpu(used_pct: f64) -> Finding {
    Finding::error("compute.cpu_overcommitted", "long".into(), "src").measured(
        Measure::new("CPU after N+1", used_pct, 100.0, "72 cores".into())
            .remedy(Some("add 3 hosts".into())),
    )
}

#[test]
fn no_findings_or_only_infos_pass() {
    assert_eq!(verdict(&[]).status, VerdictStatus::Pass);
    let info = Finding::info("x.y", "note".into(), "src");
    assert_eq!(
        verdict(&[info]),
        Verdict {
            status: VerdictStatus::Pass,
            binding: None
        }
    );
}

#[test]
fn an_error_fails_and_names_its_figure_and_remedy() {
    let warning = Finding::warning("compute.memory_high_after_failure", "ram".into(), "src");
    let v = verdict(&[warning, cpu(171.1)]);
    assert_eq!(v.status, VerdictStatus::Fail);
    let b = v.binding.expect("binding");
    assert_eq!(b.code, "compute.cpu_overcommitted");
    assert_eq!(
        b.summary,
        "CPU after N+1: 171 % of 72 cores (limit 100 %) — add 3 hosts"
    );
}

#[test]
fn the_error_furthest_past_its_limit_binds_and_a_figure_beats_none() {
    let rtt = Finding::error("stretched.rtt_unsupported", "6 ms".into(), "src");
    let site = Finding::error("stretched.site_failure_cpu", "site".into(), "src").measured(
        Measure::new("CPU after a site failure", 257.0, 100.0, "48 cores".into()),
    );
    let v = verdict(&[rtt.clone(), cpu(128.0), site]);
    assert_eq!(v.binding.map(|b| b.code), Some("stretched.site_failure_cpu"));
    // Without any figure the first error binds, in its own words.
    let v = verdict(&[rtt, Finding::error("b", "other".into(), "src")]);
    let b = v.binding.expect("binding");
    assert_eq!((b.code, b.summary.as_str()), ("stretched.rtt_unsupported", "6 ms"));
}

#[test]
fn warnings_only_pass_with_the_worst_warning_named() {
    let ram = Finding::warning("compute.memory_high_after_failure", "ram".into(), "src")
        .measured(Measure::new("RAM after N+1", 97.0, 90.0, "480 GB".into()));
    let numa = Finding::warning("compute.vm_vcpu_spans_numa", "numa".into(), "src");
    let v = verdict(&[numa, ram]);
    assert_eq!(v.status, VerdictStatus::PassWithWarnings);
    let b = v.binding.expect("binding");
    assert_eq!(b.summary, "RAM after N+1: 97 % of 480 GB (limit 90 %)");
}
