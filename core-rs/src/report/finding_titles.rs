//! Each finding's title in a customer's words: the report shows these where
//! the app shows codes, and keeps the codes (with each rule's source) on the
//! Assumptions sheet for whoever checks the sizing.

/// A title per finding code; an unknown code (a rule added without one)
/// falls back to its area, so a report never shows a bare code.
pub fn finding_title(code: &str) -> &'static str {
    TITLES
        .iter()
        .find(|(c, _)| *c == code)
        .map_or_else(|| area_title(code), |(_, title)| title)
}

fn area_title(code: &str) -> &'static str {
    match code.split('.').next().unwrap_or_default() {
        "capacity" | "dedup" | "growth" => "Capacity",
        "storage" | "protection" => "Storage design",
        "cache" => "Cache",
        "performance" | "workload" => "Performance",
        "compute" => "CPU and memory",
        "iscsi" => "iSCSI target service",
        "stretched" => "Stretched cluster",
        "resilience" => "Failures and rebuilds",
        "esa" => "vSAN ESA storage pool",
        "xtremio" => "XtremIO array",
        "vplex" => "VPLEX Metro",
        _ => "Design check",
    }
}

const TITLES: &[(&str, &str)] = &[
    ("capacity.insufficient", "Not enough capacity for the data"),
    (
        "capacity.reserve_exceeds_cluster",
        "Host-failure reserve leaves no capacity",
    ),
    (
        "capacity.alert_threshold",
        "Capacity above the 80 % alert level",
    ),
    (
        "dedup.needs_all_flash",
        "Deduplication needs all-flash storage",
    ),
    (
        "dedup.defeated_by_reservation",
        "Deduplication saves nothing with reserved space",
    ),
    (
        "storage.mixed_tiers",
        "Hybrid and all-flash disks mixed in one cluster",
    ),
    (
        "storage.cache_device_not_flash",
        "Cache device is not flash",
    ),
    (
        "protection.policy_label_contradicts",
        "Policy name does not match its protection",
    ),
    (
        "protection.too_few_hosts",
        "Too few hosts for the protection policy",
    ),
    (
        "protection.erasure_coding_needs_all_flash",
        "RAID-5/6 needs all-flash storage",
    ),
    ("protection.no_spare_host", "No spare host to rebuild onto"),
    (
        "protection.policies_checked_by_rule",
        "Policies checked without workloads",
    ),
    ("cache.below_rule", "Cache smaller than recommended"),
    (
        "cache.below_rule_all_flash",
        "All-flash cache smaller than recommended",
    ),
    (
        "cache.writes_exceed_rating",
        "Cache device cannot sustain the writes",
    ),
    (
        "cache.endurance_exceeded",
        "Cache device wears out within the planning horizon",
    ),
    (
        "cache.short_after_failure",
        "Cache below the rule after a host failure",
    ),
    (
        "cache.endurance_unknown",
        "Cache device endurance not rated",
    ),
    ("cache.write_buffer_limit", "All-flash write buffer limit"),
    (
        "performance.iops_exceeded",
        "Storage cannot deliver the IOPS",
    ),
    (
        "performance.host_path_iops_exceeded",
        "Hosts' vSAN I/O path cannot carry the IOPS",
    ),
    (
        "performance.hdd_iops_above_typical",
        "Disk IOPS above the typical figure",
    ),
    (
        "performance.log_latency_high",
        "SQL Server log writes slower than recommended",
    ),
    (
        "performance.data_latency_high",
        "SQL Server data I/O slower than recommended",
    ),
    ("workload.iops_unmeasured", "Workload without measured IOPS"),
    (
        "compute.no_hosts_after_failure",
        "No hosts left after a failure",
    ),
    (
        "compute.cpu_overcommitted",
        "Not enough CPU after a host failure",
    ),
    (
        "compute.cpu_above_ceiling",
        "CPU above the CPU ceiling after a host failure",
    ),
    (
        "compute.sql_memory_overcommitted",
        "SQL Server memory does not fit after a host failure",
    ),
    (
        "compute.memory_overcommitted",
        "Not enough memory after a host failure",
    ),
    (
        "compute.memory_high_after_failure",
        "Memory above the RAM ceiling after a host failure",
    ),
    (
        "compute.vm_exceeds_host_memory",
        "A VM needs more memory than a host has",
    ),
    (
        "compute.vm_memory_spans_numa",
        "VM memory spans processor sockets",
    ),
    (
        "compute.vm_vcpu_spans_numa",
        "VM vCPUs span processor sockets",
    ),
    (
        "compute.overhead_outside_published_range",
        "Virtualization overhead outside the published range",
    ),
    ("iscsi.targets_exceeded", "Too many iSCSI targets"),
    ("iscsi.luns_exceeded", "Too many iSCSI LUNs"),
    ("iscsi.sessions_exceeded", "Too many iSCSI sessions"),
    (
        "iscsi.fewer_than_four_hosts",
        "iSCSI target service on fewer than four hosts",
    ),
    ("iscsi.paths_exceed_ftt", "More iSCSI paths than needed"),
    (
        "iscsi.luns_share_target",
        "Several LUNs share an iSCSI target",
    ),
    (
        "stretched.rtt_unsupported",
        "Inter-site latency above the supported 5 ms",
    ),
    (
        "stretched.rtt_above_sql_recommendation",
        "Inter-site latency slows SQL Server",
    ),
    (
        "stretched.link_insufficient",
        "Inter-site link too slow for the writes",
    ),
    (
        "stretched.link_below_10_gbps",
        "Inter-site link below 10 Gbit/s",
    ),
    ("stretched.witness_bandwidth", "Witness link too slow"),
    ("stretched.witness_rtt", "Witness latency above its limit"),
    (
        "stretched.witness_components",
        "Too many components for the witness",
    ),
    (
        "stretched.not_site_mirrored",
        "Data not mirrored across sites",
    ),
    (
        "stretched.site_failure_cpu",
        "Not enough CPU after a site failure",
    ),
    (
        "stretched.site_failure_memory",
        "Not enough memory after a site failure",
    ),
    (
        "stretched.site_failure_cpu_above_ceiling",
        "CPU above the CPU ceiling after a site failure",
    ),
    (
        "stretched.site_failure_memory_above_ceiling",
        "Memory above the RAM ceiling after a site failure",
    ),
    (
        "stretched.site_failure_iops",
        "Not enough IOPS after a site failure",
    ),
    (
        "resilience.rebuild_space_short",
        "Not enough space to rebuild after a failure",
    ),
    (
        "resilience.rebuild_space_short_unreserved",
        "Not enough space to rebuild after a host failure",
    ),
    (
        "resilience.rebuild_too_few_hosts",
        "Too few hosts to rebuild after a failure",
    ),
    (
        "resilience.rebuild_too_few_hosts_unreserved",
        "Too few hosts to rebuild after a host failure",
    ),
    (
        "resilience.rebuild_fills_datastore",
        "A rebuild fills the datastore past the alert level",
    ),
    (
        "resilience.rebuild_iops_short",
        "Not enough IOPS during a rebuild",
    ),
    (
        "resilience.rebuild_iops_short_unreserved",
        "Not enough IOPS during a rebuild after a host failure",
    ),
    ("resilience.long_resync", "Long rebuild after a failure"),
    (
        "resilience.no_failure_tolerated",
        "Data without a second copy",
    ),
    (
        "growth.capacity_crossed",
        "Capacity runs out within the planning horizon",
    ),
    (
        "growth.iops_crossed",
        "IOPS run out within the planning horizon",
    ),
    (
        "growth.cpu_crossed",
        "CPU runs out within the planning horizon",
    ),
    (
        "growth.ram_crossed",
        "Memory runs out within the planning horizon",
    ),
    (
        "esa.iops_exceeded",
        "Storage devices cannot deliver the IOPS",
    ),
    (
        "esa.components_per_host",
        "Too many vSAN components per host",
    ),
    (
        "esa.components_per_device",
        "Too many vSAN components per device",
    ),
    (
        "esa.below_readynode_minimum",
        "Hosts below the ReadyNode profile",
    ),
    (
        "esa.reserved_capacity_not_enforced",
        "vSAN cannot enforce reserved capacity below 4 hosts",
    ),
    (
        "esa.no_host_rebuild_reserve",
        "No capacity kept to rebuild a failed host",
    ),
    (
        "xtremio.capacity_insufficient",
        "Not enough array capacity for the data",
    ),
    (
        "xtremio.capacity_alert",
        "Array capacity above the alert level",
    ),
    ("xtremio.iops_exceeded", "Array cannot deliver the IOPS"),
    (
        "xtremio.failure_capacity",
        "Array cannot rebuild after a failure",
    ),
    (
        "xtremio.failure_iops",
        "Reduced array performance after a failure",
    ),
    (
        "vplex.frontend_iops_exceeded",
        "VPLEX engines cannot deliver the IOPS",
    ),
    ("vplex.above_average_load", "VPLEX above its sustained load"),
    (
        "vplex.rtt_exceeds_limit",
        "Inter-site latency above VPLEX Metro's 5 ms",
    ),
    (
        "vplex.wan_link_insufficient",
        "VPLEX WAN link too slow for the writes",
    ),
    (
        "vplex.log_latency_high",
        "SQL Server log writes slower than recommended over VPLEX",
    ),
    (
        "vplex.workloads_not_distributed",
        "Volumes that stop when a site fails",
    ),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn titles_are_unique_and_never_a_code() {
        for (i, (code, title)) in TITLES.iter().enumerate() {
            assert!(
                !title.contains('.') && !title.contains('_'),
                "{code}: {title}"
            );
            assert!(
                TITLES[..i].iter().all(|(c, t)| c != code && t != title),
                "{code} or its title is listed twice"
            );
        }
        assert_eq!(
            finding_title("compute.vm_vcpu_spans_numa"),
            "VM vCPUs span processor sockets"
        );
        assert_eq!(finding_title("compute.new_rule"), "CPU and memory");
        assert_eq!(finding_title("nonsense"), "Design check");
    }

    #[test]
    fn every_finding_code_has_its_own_title() {
        for code in crate::rules::FindingCode::ALL {
            assert!(
                TITLES.iter().any(|(c, _)| *c == code.as_str()),
                "{code} has no title"
            );
        }
    }
}
