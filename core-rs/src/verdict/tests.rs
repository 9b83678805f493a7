use super::*;
use crate::rules::{FindingCode, Measure};

fn cpu(used_pct: f64) -> Finding {
    Finding::new(FindingCode::ComputeCpuOvercommitted, "long".into()).measured(
        Measure::new("CPU after N+1", used_pct, 100.0, "72 cores".into())
            .remedy(Some("add 3 hosts".into())),
    )
}

#[test]
fn no_findings_or_only_infos_pass() {
    assert_eq!(verdict(&[]).status, VerdictStatus::Pass);
    let info = Finding::new(FindingCode::CacheEnduranceUnknown, "note".into());
    assert_eq!(
        verdict(&[info]),
        Verdict {
            status: VerdictStatus::Pass,
            binding: None,
            counts: SeverityCounts {
                errors: 0,
                warnings: 0,
                infos: 1
            }
        }
    );
}

#[test]
fn an_error_fails_and_names_its_figure_and_remedy() {
    let warning = Finding::new(FindingCode::ComputeMemoryHighAfterFailure, "ram".into());
    let v = verdict(&[warning, cpu(171.1), cpu(120.0)]);
    assert_eq!(v.status, VerdictStatus::Fail);
    assert_eq!(
        (v.counts.errors, v.counts.warnings, v.counts.infos),
        (2, 1, 0)
    );
    let b = v.binding.expect("binding");
    assert_eq!(b.code, FindingCode::ComputeCpuOvercommitted);
    assert_eq!(
        b.summary,
        "CPU after N+1: 171 % of 72 cores (limit 100 %) — add 3 hosts"
    );
}

#[test]
fn the_error_furthest_past_its_limit_binds_and_a_figure_beats_none() {
    let rtt = Finding::new(FindingCode::StretchedRttUnsupported, "6 ms".into());
    let site = Finding::new(FindingCode::StretchedSiteFailureCpu, "site".into()).measured(
        Measure::new("CPU after a site failure", 257.0, 100.0, "48 cores".into()),
    );
    let v = verdict(&[rtt.clone(), cpu(128.0), site]);
    assert_eq!(
        v.binding.map(|b| b.code),
        Some(FindingCode::StretchedSiteFailureCpu)
    );
    // Without any figure the first error binds, in its own words.
    let v = verdict(&[
        rtt,
        Finding::new(FindingCode::CapacityInsufficient, "other".into()),
    ]);
    let b = v.binding.expect("binding");
    assert_eq!(
        (b.code, b.summary.as_str()),
        (FindingCode::StretchedRttUnsupported, "6 ms")
    );
}

#[test]
fn warnings_only_pass_with_the_worst_warning_named() {
    let ram = Finding::new(FindingCode::ComputeMemoryHighAfterFailure, "ram".into())
        .measured(Measure::new("RAM after N+1", 97.0, 90.0, "480 GB".into()));
    let numa = Finding::new(FindingCode::ComputeVmVcpuSpansNuma, "numa".into());
    let v = verdict(&[numa, ram]);
    assert_eq!(v.status, VerdictStatus::PassWithWarnings);
    let b = v.binding.expect("binding");
    assert_eq!(b.summary, "RAM after N+1: 97 % of 480 GB (limit 90 %)");
}

#[test]
fn a_warning_on_the_design_binds_before_one_on_an_assumed_input() {
    let unmeasured = Finding::new(FindingCode::WorkloadIopsUnmeasured, "0 IOPS".into());
    let spare = Finding::new(FindingCode::ProtectionNoSpareHost, "no spare".into());
    let v = verdict(&[unmeasured.clone(), spare]);
    assert_eq!(
        v.binding.expect("binding").code,
        FindingCode::ProtectionNoSpareHost
    );
    // Alone, the assumption is still named.
    let v = verdict(&[unmeasured]);
    assert_eq!(v.status, VerdictStatus::PassWithWarnings);
    assert_eq!(
        v.binding.expect("binding").code,
        FindingCode::WorkloadIopsUnmeasured
    );
}

use Severity::{Error as E, Info as I, Warning as W};

/// The severity review (issue "results"): every finding code, the
/// severity it has, and why. Error: the design cannot run its
/// workloads within the rule. Warning: it runs, with a risk or a rule of
/// thumb missed. Info: a note on what was assumed or not checked. Codes
/// marked "was W" were warnings before the review.
const SEVERITY_REVIEW: &[(FindingCode, Severity, &str)] = &[
    (
        FindingCode::CapacityInsufficient,
        E,
        "the data does not fit",
    ),
    (
        FindingCode::CapacityReserveExceedsCluster,
        E,
        "the N+x reserve leaves no capacity",
    ),
    (
        FindingCode::CapacityAlertThreshold,
        W,
        "fits, above the 80 % rebalance alert",
    ),
    (
        FindingCode::DedupNeedsAllFlash,
        E,
        "vSAN cannot run dedup on hybrid",
    ),
    (
        FindingCode::DedupDefeatedByReservation,
        W,
        "runs, saves nothing",
    ),
    (
        FindingCode::StorageMixedTiers,
        E,
        "vSAN does not mix tiers in a cluster",
    ),
    (
        FindingCode::StorageCacheDeviceNotFlash,
        E,
        "vSAN needs a flash cache device",
    ),
    (
        FindingCode::ProtectionPolicyLabelContradicts,
        W,
        "a misleading name; the protection itself is sized as set",
    ),
    (
        FindingCode::ProtectionTooFewHosts,
        E,
        "the policy cannot place its components",
    ),
    (
        FindingCode::ProtectionErasureCodingNeedsAllFlash,
        E,
        "vSAN has no RAID-5/6 on hybrid",
    ),
    (
        FindingCode::ProtectionNoSpareHost,
        W,
        "runs; no host to rebuild onto (seed 001 ran so)",
    ),
    (
        FindingCode::ProtectionPoliciesCheckedByRule,
        I,
        "how an empty cluster was checked",
    ),
    (
        FindingCode::CacheBelowRule,
        E,
        "hybrid: misses hit spinning disks",
    ),
    (
        FindingCode::CacheBelowRuleAllFlash,
        W,
        "all-flash: less write buffer",
    ),
    (
        FindingCode::CacheShortAfterFailure,
        W,
        "new: below the rule after N+x only; runs, slower, until the hosts return",
    ),
    (
        FindingCode::CacheWritesExceedRating,
        E,
        "was W: the device cannot sustain the writes, like IOPS past a limit",
    ),
    (
        FindingCode::CacheEnduranceExceeded,
        E,
        "was W: the device wears out within the planning horizon",
    ),
    (
        FindingCode::CacheEnduranceUnknown,
        I,
        "no DWPD rating: not checked",
    ),
    (
        FindingCode::CacheWriteBufferLimit,
        I,
        "explains the 600 GB buffer",
    ),
    (
        FindingCode::PerformanceIopsExceeded,
        E,
        "a tier past its utilisation ceiling",
    ),
    (
        FindingCode::PerformanceHostPathIopsExceeded,
        E,
        "the hosts' vSAN I/O path past the ceiling: latency without bound at 100 %",
    ),
    (
        FindingCode::PerformanceHddIopsAboveTypical,
        W,
        "a datasheet figure above the guide's",
    ),
    (
        FindingCode::PerformanceLogLatencyHigh,
        W,
        "runs, slower than Microsoft recommends",
    ),
    (
        FindingCode::PerformanceDataLatencyHigh,
        W,
        "runs, slower than Microsoft recommends",
    ),
    (
        FindingCode::WorkloadIopsUnmeasured,
        W,
        "new: 0 IOPS assumed, performance not sized",
    ),
    (
        FindingCode::ComputeNoHostsAfterFailure,
        E,
        "nothing left to run on",
    ),
    (
        FindingCode::ComputeCpuOvercommitted,
        E,
        "was W: CPU over 100 % of the cores left after N+x",
    ),
    (
        FindingCode::ComputeSqlMemoryOvercommitted,
        E,
        "reserved SQL memory does not fit after N+x",
    ),
    (
        FindingCode::ComputeMemoryOvercommitted,
        E,
        "was W: RAM over 100 % after N+x",
    ),
    (
        FindingCode::ComputeCpuAboveCeiling,
        W,
        "new: CPU above the user's ceiling after N+x; runs, less room for peaks",
    ),
    (
        FindingCode::ComputeMemoryHighAfterFailure,
        W,
        "RAM above the user's ceiling after N+x (default 90 %, assumed)",
    ),
    (
        FindingCode::ComputeVmExceedsHostMemory,
        E,
        "a VM fits on no host",
    ),
    (
        FindingCode::ComputeVmMemorySpansNuma,
        W,
        "runs, with remote memory",
    ),
    (
        FindingCode::ComputeVmVcpuSpansNuma,
        W,
        "runs, across NUMA nodes",
    ),
    (
        FindingCode::ComputeOverheadOutsidePublishedRange,
        I,
        "an input outside the seed's range",
    ),
    (
        FindingCode::IscsiTargetsExceeded,
        E,
        "past the target service's maximum",
    ),
    (
        FindingCode::IscsiLunsExceeded,
        E,
        "past the target service's maximum",
    ),
    (
        FindingCode::IscsiSessionsExceeded,
        E,
        "past the target service's maximum",
    ),
    (
        FindingCode::IscsiFewerThanFourHosts,
        W,
        "runs, below the seed's minimum for availability",
    ),
    (
        FindingCode::IscsiPathsExceedFtt,
        W,
        "runs, more sessions than needed",
    ),
    (FindingCode::IscsiLunsShareTarget, I, "a best practice note"),
    (
        FindingCode::StretchedRttUnsupported,
        E,
        "inter-site RTT over vSAN's 5 ms",
    ),
    (
        FindingCode::StretchedRttAboveSqlRecommendation,
        W,
        "supported, slower SQL",
    ),
    (
        FindingCode::StretchedLinkInsufficient,
        E,
        "the inter-site link cannot carry the writes",
    ),
    (
        FindingCode::StretchedLinkBelow10Gbps,
        W,
        "below the guide's recommendation",
    ),
    (
        FindingCode::StretchedWitnessBandwidth,
        E,
        "the witness link cannot carry its traffic",
    ),
    (
        FindingCode::StretchedWitnessRtt,
        E,
        "witness RTT over its limit",
    ),
    (
        FindingCode::StretchedWitnessComponents,
        E,
        "past the witness appliance's maximum",
    ),
    (
        FindingCode::StretchedNotSiteMirrored,
        W,
        "runs; a site failure loses the data",
    ),
    (
        FindingCode::StretchedSiteFailureCpu,
        E,
        "was W: CPU over 100 % of the surviving site's cores",
    ),
    (
        FindingCode::StretchedSiteFailureCpuAboveCeiling,
        W,
        "new: CPU above the user's ceiling after a site failure; runs",
    ),
    (
        FindingCode::StretchedSiteFailureMemoryAboveCeiling,
        W,
        "new: RAM above the user's ceiling after a site failure; runs",
    ),
    (
        FindingCode::StretchedSiteFailureMemory,
        E,
        "non-SQL part was W: RAM over 100 % after a site failure",
    ),
    (
        FindingCode::StretchedSiteFailureIops,
        E,
        "was W: IOPS over the surviving site's limit until the site returns",
    ),
    (
        FindingCode::ResilienceRebuildSpaceShort,
        E,
        "a promised failure cannot rebuild",
    ),
    (
        FindingCode::ResilienceRebuildSpaceShortUnreserved,
        W,
        "a host at N+0 cannot rebuild",
    ),
    (
        FindingCode::ResilienceRebuildTooFewHosts,
        E,
        "as above, for hosts",
    ),
    (
        FindingCode::ResilienceRebuildTooFewHostsUnreserved,
        W,
        "as above, for hosts at N+0",
    ),
    (
        FindingCode::ResilienceRebuildFillsDatastore,
        W,
        "runs, past the 80 % alert after a rebuild",
    ),
    (
        FindingCode::ResilienceRebuildIopsShort,
        E,
        "was W: IOPS over the surviving devices' limit while a promised failure rebuilds",
    ),
    (
        FindingCode::ResilienceRebuildIopsShortUnreserved,
        W,
        "as above, for a host at N+0",
    ),
    (
        FindingCode::ResilienceLongResync,
        W,
        "runs, exposed for the rebuild's length",
    ),
    (
        FindingCode::ResilienceNoFailureTolerated,
        W,
        "FTT=0: runs without a copy",
    ),
    (
        FindingCode::GrowthCapacityCrossed,
        W,
        "runs today; add hosts by the year named",
    ),
    (
        FindingCode::GrowthIopsCrossed,
        W,
        "runs today; add hosts by the year named",
    ),
    (
        FindingCode::GrowthCpuCrossed,
        W,
        "runs today; add hosts by the year named",
    ),
    (
        FindingCode::GrowthRamCrossed,
        W,
        "runs today; add hosts by the year named",
    ),
    (
        FindingCode::EsaIopsExceeded,
        E,
        "past the devices' rated IOPS",
    ),
    (
        FindingCode::EsaComponentsPerHost,
        E,
        "past vSAN ESA's maximum",
    ),
    (
        FindingCode::EsaComponentsPerDevice,
        E,
        "past vSAN ESA's maximum",
    ),
    (
        FindingCode::EsaBelowReadynodeMinimum,
        W,
        "runs, below the ReadyNode profile",
    ),
    (
        FindingCode::EsaReservedCapacityNotEnforced,
        I,
        "the free space is sized; vSAN leaves keeping it to the operator",
    ),
    (
        FindingCode::EsaNoHostRebuildReserve,
        I,
        "a choice the design states; the capacity fits without the reserve",
    ),
    (
        FindingCode::XtremioCapacityInsufficient,
        E,
        "the data does not fit",
    ),
    (
        FindingCode::XtremioCapacityAlert,
        W,
        "fits, above the alert",
    ),
    (
        FindingCode::XtremioIopsExceeded,
        E,
        "past the array's rated IOPS",
    ),
    (
        FindingCode::XtremioFailureCapacity,
        E,
        "XDP cannot rebuild: writes stop",
    ),
    (
        FindingCode::XtremioFailureIops,
        E,
        "was W: IOPS over what the parts left carry, as rebuild_iops_short",
    ),
    (
        FindingCode::VplexFrontendIopsExceeded,
        E,
        "past the engines' peak",
    ),
    (
        FindingCode::VplexAboveAverageLoad,
        W,
        "within the peak, above the sustained load",
    ),
    (
        FindingCode::VplexRttExceedsLimit,
        E,
        "VPLEX Metro supports 5 ms",
    ),
    (
        FindingCode::VplexWanLinkInsufficient,
        E,
        "the WAN cannot carry the writes",
    ),
    (
        FindingCode::VplexLogLatencyHigh,
        W,
        "runs, slower than Microsoft recommends",
    ),
    (
        FindingCode::VplexWorkloadsNotDistributed,
        I,
        "which volumes a site failure stops",
    ),
];

#[test]
fn severity_review_covers_every_finding_code() {
    for &code in FindingCode::ALL {
        let review = SEVERITY_REVIEW.iter().find(|r| r.0 == code);
        let (_, severity, _) = review.unwrap_or_else(|| panic!("{code} is not reviewed"));
        assert_eq!(*severity, code.severity(), "{code}");
    }
    assert_eq!(SEVERITY_REVIEW.len(), FindingCode::ALL.len());
}
