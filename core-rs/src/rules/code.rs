//! Every finding code once: its dotted name (what saved results, the app
//! and the report read), its severity and the source of its rule. A
//! finding is built from its code, so two places cannot give one code
//! different severities or sources.
//!
//! Where a rule's severity depends on the design, it is two codes: the
//! 10 % cache rule is an error on hybrid clusters (the cache is the read
//! cache too) and a warning on all-flash ones (`cache.below_rule_all_flash`:
//! only write-buffer margin is lost); a rebuild falling short after a
//! failure the design promises to survive (a device, a disk group, the
//! `settings.reserve_hosts` hosts) is an error, after a host failure with
//! no host reserved (N+0) a warning (`..._unreserved`).

use serde::Serialize;

use super::Severity;
use crate::source;

/// Where a rule comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RuleSource {
    /// One seed document or vendor guide for every finding of the code.
    Fixed(&'static str),
    /// The host minimum of the policy's protection method, each method with
    /// its own source (`crate::protection::Protection::source`: RAID-1
    /// 2n+1 hosts, RAID-5 four (three on ESA), RAID-6 six).
    PolicyMethod,
    /// The cache device's rated writes: its flash class's floor or its
    /// datasheet write IOPS (`crate::cache::DiskGroupCache::rated_source`).
    DeviceRating,
    /// The failure scenario's own source (an X-Brick controller, an SSD
    /// rebuild, a VPLEX director or site: `crate::xtremio_vplex` failures).
    FailureScenario,
}

impl RuleSource {
    /// The source text when the finding does not cite its figure's own.
    pub fn text(self) -> &'static str {
        match self {
            RuleSource::Fixed(text) => text,
            RuleSource::PolicyMethod => "the policy's protection method: seed 001 Erasure Coding (RAID-5 four hosts, RAID-6 six); VMware vSAN Design Guide (FTT=n mirroring 2n+1 hosts)",
            RuleSource::DeviceRating => "the cache device's rated writes: its flash class's floor or its datasheet write IOPS",
            RuleSource::FailureScenario => "the failure scenario's source (XtremIO + VPLEX failures)",
        }
    }
}

/// The codes as one table: name, dotted code, severity, source.
macro_rules! finding_codes {
    ($($name:ident = $code:literal, $severity:ident, $source:expr;)+) => {
        /// A finding's stable identifier, serialised as its dotted code
        /// (e.g. `capacity.insufficient`).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
        #[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
        pub enum FindingCode {
            $(#[serde(rename = $code)] $name,)+
        }

        impl FindingCode {
            pub const ALL: &'static [FindingCode] = &[$(FindingCode::$name,)+];

            pub fn as_str(self) -> &'static str {
                match self {
                    $(FindingCode::$name => $code,)+
                }
            }

            pub fn severity(self) -> Severity {
                match self {
                    $(FindingCode::$name => Severity::$severity,)+
                }
            }

            pub fn source(self) -> RuleSource {
                match self {
                    $(FindingCode::$name => $source,)+
                }
            }
        }
    };
}

finding_codes! {
    CapacityInsufficient = "capacity.insufficient", Error, RuleSource::Fixed(source::VSAN_DESIGN_GUIDE);
    CapacityReserveExceedsCluster = "capacity.reserve_exceeds_cluster", Error, RuleSource::Fixed(source::HOST_REBUILD_RESERVE);
    CapacityAlertThreshold = "capacity.alert_threshold", Warning, RuleSource::Fixed(source::CAPACITY_ALERT);
    DedupNeedsAllFlash = "dedup.needs_all_flash", Error, RuleSource::Fixed(source::DEDUP_ALL_FLASH);
    DedupDefeatedByReservation = "dedup.defeated_by_reservation", Warning, RuleSource::Fixed(source::DEDUP_RESERVATION);
    StorageMixedTiers = "storage.mixed_tiers", Error, RuleSource::Fixed(source::MIXED_TIERS);
    StorageCacheDeviceNotFlash = "storage.cache_device_not_flash", Error, RuleSource::Fixed(source::CACHE_DEVICE_FLASH);
    ProtectionTooFewHosts = "protection.too_few_hosts", Error, RuleSource::PolicyMethod;
    ProtectionErasureCodingNeedsAllFlash = "protection.erasure_coding_needs_all_flash", Error, RuleSource::Fixed(source::ERASURE_CODING_ALL_FLASH);
    ProtectionNoSpareHost = "protection.no_spare_host", Warning, RuleSource::Fixed(source::SPARE_HOST);
    ProtectionPolicyLabelContradicts = "protection.policy_label_contradicts", Warning, RuleSource::Fixed(source::POLICY_LABEL);
    ProtectionPoliciesCheckedByRule = "protection.policies_checked_by_rule", Info, RuleSource::Fixed(source::POLICIES_CHECKED_BY_RULE);
    CacheBelowRule = "cache.below_rule", Error, RuleSource::Fixed(source::CACHE_TEN_PCT);
    CacheBelowRuleAllFlash = "cache.below_rule_all_flash", Warning, RuleSource::Fixed(source::CACHE_TEN_PCT);
    CacheWriteBufferLimit = "cache.write_buffer_limit", Info, RuleSource::Fixed(source::WRITE_BUFFER_LIMIT);
    CacheWritesExceedRating = "cache.writes_exceed_rating", Error, RuleSource::DeviceRating;
    CacheEnduranceExceeded = "cache.endurance_exceeded", Error, RuleSource::Fixed(source::ENDURANCE_TBW);
    CacheShortAfterFailure = "cache.short_after_failure", Warning, RuleSource::Fixed(source::CACHE_TEN_PCT);
    CacheEnduranceUnknown = "cache.endurance_unknown", Info, RuleSource::Fixed(source::ENDURANCE_TBW);
    PerformanceIopsExceeded = "performance.iops_exceeded", Error, RuleSource::Fixed(source::DEVICE_IOPS_CEILING);
    PerformanceHostPathIopsExceeded = "performance.host_path_iops_exceeded", Error, RuleSource::Fixed(source::HOST_PATH_IOPS);
    PerformanceHddIopsAboveTypical = "performance.hdd_iops_above_typical", Warning, RuleSource::Fixed(source::TYPICAL_HDD_IOPS);
    PerformanceLogLatencyHigh = "performance.log_latency_high", Warning, RuleSource::Fixed(source::SQL_LATENCY);
    PerformanceDataLatencyHigh = "performance.data_latency_high", Warning, RuleSource::Fixed(source::SQL_LATENCY);
    WorkloadIopsUnmeasured = "workload.iops_unmeasured", Warning, RuleSource::Fixed(source::UNMEASURED_IOPS);
    ComputeOverheadOutsidePublishedRange = "compute.overhead_outside_published_range", Info, RuleSource::Fixed(source::VIRTUALIZATION_OVERHEAD);
    ComputeNoHostsAfterFailure = "compute.no_hosts_after_failure", Error, RuleSource::Fixed(source::HA_HOST_RESERVE);
    ComputeCpuOvercommitted = "compute.cpu_overcommitted", Error, RuleSource::Fixed(source::SQL_CPU_RATIO);
    ComputeCpuAboveCeiling = "compute.cpu_above_ceiling", Warning, RuleSource::Fixed(source::CPU_CEILING);
    ComputeSqlMemoryOvercommitted = "compute.sql_memory_overcommitted", Error, RuleSource::Fixed(source::SQL_MEMORY_RESERVED);
    ComputeMemoryOvercommitted = "compute.memory_overcommitted", Error, RuleSource::Fixed(source::SQL_MEMORY_RESERVED);
    ComputeMemoryHighAfterFailure = "compute.memory_high_after_failure", Warning, RuleSource::Fixed(source::RAM_CEILING);
    ComputeVmExceedsHostMemory = "compute.vm_exceeds_host_memory", Error, RuleSource::Fixed(source::VSAN_MEMORY_KB);
    ComputeVmMemorySpansNuma = "compute.vm_memory_spans_numa", Warning, RuleSource::Fixed(source::NUMA_MEMORY);
    ComputeVmVcpuSpansNuma = "compute.vm_vcpu_spans_numa", Warning, RuleSource::Fixed(source::NUMA_VCPU);
    IscsiTargetsExceeded = "iscsi.targets_exceeded", Error, RuleSource::Fixed(source::ISCSI_LIMITS);
    IscsiLunsExceeded = "iscsi.luns_exceeded", Error, RuleSource::Fixed(source::ISCSI_LIMITS);
    IscsiSessionsExceeded = "iscsi.sessions_exceeded", Error, RuleSource::Fixed(source::ISCSI_LIMITS);
    IscsiFewerThanFourHosts = "iscsi.fewer_than_four_hosts", Warning, RuleSource::Fixed(source::ISCSI_MIN_HOSTS);
    IscsiPathsExceedFtt = "iscsi.paths_exceed_ftt", Warning, RuleSource::Fixed(source::ISCSI_PATHS);
    IscsiLunsShareTarget = "iscsi.luns_share_target", Info, RuleSource::Fixed(source::ISCSI_ONE_LUN_PER_TARGET);
    StretchedNotSiteMirrored = "stretched.not_site_mirrored", Warning, RuleSource::Fixed(source::STRETCHED_SITE_MIRROR);
    StretchedRttUnsupported = "stretched.rtt_unsupported", Error, RuleSource::Fixed(source::STRETCHED_RTT_LIMIT);
    StretchedRttAboveSqlRecommendation = "stretched.rtt_above_sql_recommendation", Warning, RuleSource::Fixed(source::STRETCHED_SQL_RTT);
    StretchedLinkInsufficient = "stretched.link_insufficient", Error, RuleSource::Fixed(source::INTER_SITE_BANDWIDTH);
    StretchedLinkBelow10Gbps = "stretched.link_below_10_gbps", Warning, RuleSource::Fixed(source::INTER_SITE_BANDWIDTH);
    StretchedWitnessBandwidth = "stretched.witness_bandwidth", Error, RuleSource::Fixed(source::WITNESS_LINK);
    StretchedWitnessRtt = "stretched.witness_rtt", Error, RuleSource::Fixed(source::WITNESS_LINK);
    StretchedWitnessComponents = "stretched.witness_components", Error, RuleSource::Fixed(source::WITNESS_LINK);
    StretchedSiteFailureMemory = "stretched.site_failure_memory", Error, RuleSource::Fixed(source::SITE_FAILURE_CAPACITY);
    StretchedSiteFailureCpu = "stretched.site_failure_cpu", Error, RuleSource::Fixed(source::SITE_FAILURE_CAPACITY);
    StretchedSiteFailureCpuAboveCeiling = "stretched.site_failure_cpu_above_ceiling", Warning, RuleSource::Fixed(source::CPU_CEILING);
    StretchedSiteFailureMemoryAboveCeiling = "stretched.site_failure_memory_above_ceiling", Warning, RuleSource::Fixed(source::RAM_CEILING);
    StretchedSiteFailureIops = "stretched.site_failure_iops", Error, RuleSource::Fixed(source::SITE_FAILURE_CAPACITY);
    ResilienceNoFailureTolerated = "resilience.no_failure_tolerated", Warning, RuleSource::Fixed(source::NO_FAILURE_TOLERATED);
    ResilienceRebuildTooFewHosts = "resilience.rebuild_too_few_hosts", Error, RuleSource::PolicyMethod;
    ResilienceRebuildTooFewHostsUnreserved = "resilience.rebuild_too_few_hosts_unreserved", Warning, RuleSource::PolicyMethod;
    ResilienceRebuildSpaceShort = "resilience.rebuild_space_short", Error, RuleSource::Fixed(source::REBUILD_SPACE);
    ResilienceRebuildSpaceShortUnreserved = "resilience.rebuild_space_short_unreserved", Warning, RuleSource::Fixed(source::REBUILD_SPACE);
    ResilienceRebuildFillsDatastore = "resilience.rebuild_fills_datastore", Warning, RuleSource::Fixed(source::REBUILD_SPACE);
    ResilienceLongResync = "resilience.long_resync", Warning, RuleSource::Fixed(source::LONG_RESYNC);
    ResilienceRebuildIopsShort = "resilience.rebuild_iops_short", Error, RuleSource::Fixed(source::REBUILD_PERFORMANCE);
    ResilienceRebuildIopsShortUnreserved = "resilience.rebuild_iops_short_unreserved", Warning, RuleSource::Fixed(source::REBUILD_PERFORMANCE);
    GrowthCapacityCrossed = "growth.capacity_crossed", Warning, RuleSource::Fixed(source::GROWTH_TIMELINE);
    GrowthIopsCrossed = "growth.iops_crossed", Warning, RuleSource::Fixed(source::GROWTH_TIMELINE);
    GrowthCpuCrossed = "growth.cpu_crossed", Warning, RuleSource::Fixed(source::GROWTH_TIMELINE);
    GrowthRamCrossed = "growth.ram_crossed", Warning, RuleSource::Fixed(source::GROWTH_TIMELINE);
    EsaReservedCapacityNotEnforced = "esa.reserved_capacity_not_enforced", Info, RuleSource::Fixed(source::ESA_RESERVED_CAPACITY_MIN_HOSTS);
    EsaNoHostRebuildReserve = "esa.no_host_rebuild_reserve", Info, RuleSource::Fixed(source::ESA_HOST_REBUILD_RESERVE);
    EsaBelowReadynodeMinimum = "esa.below_readynode_minimum", Warning, RuleSource::Fixed(source::ESA_HOST_MINIMUMS);
    EsaComponentsPerHost = "esa.components_per_host", Error, RuleSource::Fixed(source::ESA_COMPONENTS);
    EsaComponentsPerDevice = "esa.components_per_device", Error, RuleSource::Fixed(source::ESA_COMPONENTS);
    EsaIopsExceeded = "esa.iops_exceeded", Error, RuleSource::Fixed(source::ESA_DEVICE_IOPS);
    XtremioCapacityInsufficient = "xtremio.capacity_insufficient", Error, RuleSource::Fixed(source::XTREMIO_CAPACITY);
    XtremioCapacityAlert = "xtremio.capacity_alert", Warning, RuleSource::Fixed(source::CAPACITY_ALERT);
    XtremioIopsExceeded = "xtremio.iops_exceeded", Error, RuleSource::Fixed(source::XTREMIO_IOPS);
    XtremioFailureCapacity = "xtremio.failure_capacity", Error, RuleSource::FailureScenario;
    XtremioFailureIops = "xtremio.failure_iops", Error, RuleSource::FailureScenario;
    VplexWanLinkInsufficient = "vplex.wan_link_insufficient", Error, RuleSource::Fixed(source::VPLEX_DISTRIBUTED_VOLUMES);
    VplexWorkloadsNotDistributed = "vplex.workloads_not_distributed", Info, RuleSource::Fixed(source::VPLEX_DISTRIBUTED_VOLUMES);
    VplexRttExceedsLimit = "vplex.rtt_exceeds_limit", Error, RuleSource::Fixed(source::VPLEX_DISTANCE);
    VplexLogLatencyHigh = "vplex.log_latency_high", Warning, RuleSource::Fixed(source::VPLEX_LATENCY);
    VplexFrontendIopsExceeded = "vplex.frontend_iops_exceeded", Error, RuleSource::Fixed(source::VPLEX_FRONTEND_IOPS);
    VplexAboveAverageLoad = "vplex.above_average_load", Warning, RuleSource::Fixed(source::VPLEX_FRONTEND_IOPS);
}

impl FindingCode {
    /// The code with this dotted name, if any.
    pub fn parse(code: &str) -> Option<FindingCode> {
        FindingCode::ALL
            .iter()
            .copied()
            .find(|c| c.as_str() == code)
    }
}

/// Tests and callers holding a code's text compare it directly.
impl PartialEq<&str> for FindingCode {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl std::fmt::Display for FindingCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_is_unique_dotted_and_serialised_as_itself() {
        let mut seen = std::collections::HashSet::new();
        for &code in FindingCode::ALL {
            let text = code.as_str();
            assert!(seen.insert(text), "{text} twice");
            let (area, rule) = text.split_once('.').expect("dotted");
            let word = |s: &str| {
                !s.is_empty()
                    && s.bytes()
                        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
            };
            assert!(word(area) && word(rule), "{text}");
            assert_eq!(serde_json::to_value(code).unwrap(), serde_json::json!(text));
            assert_eq!(FindingCode::parse(text), Some(code));
        }
        assert_eq!(FindingCode::parse("capacity.nothing"), None);
    }

    #[test]
    fn every_code_names_a_source() {
        for &code in FindingCode::ALL {
            assert!(!code.source().text().is_empty(), "{code}");
        }
    }
}
