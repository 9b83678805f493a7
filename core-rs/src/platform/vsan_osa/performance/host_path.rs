//! Each host's vSAN I/O path as an IOPS limit, beside the device tiers'.
//!
//! The latency model (`latency`) makes each host's path a processor-sharing
//! queue whose capacity is vSAN's per-host maximum (`OSA_HOST_PATH_IOPS`,
//! counted in `OSA_HOST_PATH_IO_KB` I/Os): at utilisation u an I/O takes
//! its path time / (1 - u), 5x at 80 % and without bound at 100 %. So the
//! path bounds the front-end IOPS a cluster carries as its busiest device
//! tier does: planned up to the same utilisation ceiling
//! (`source::HOST_PATH_IOPS`). `evaluate` (its limit, headroom and
//! finding) and the design search's scorer both take the path's
//! utilisation from `host_path_utilisation_pct` and judge it with
//! `over_ceiling`, so they agree to the bit.

use super::latency::{host_path_utilisation, OSA_HOST_PATH_IOPS, OSA_HOST_PATH_IO_KB};
use super::tier_load::over_ceiling;
use crate::rules::{hosts_to_add, num, Finding, FindingCode, Measure};

/// Each host's path busy share in %: `counted_ios_per_s` (the cluster's
/// back-end I/Os counted by size, `host_path_ios`) shared evenly by its
/// `hosts`, over the per-host maximum. 0 without hosts or load. More hosts
/// never raise it.
#[inline]
pub fn host_path_utilisation_pct(counted_ios_per_s: f64, hosts: u32) -> f64 {
    host_path_utilisation(counted_ios_per_s, hosts) * 100.0
}

/// `performance.host_path_iops_exceeded`: each host's path busier than the
/// utilisation ceiling. `limit` is the cluster's front-end IOPS limit at
/// this mix (`device_limited_iops`, the path among its utilisations).
pub(super) fn host_path_over_ceiling(
    cluster_index: usize,
    hosts: u32,
    counted_ios_per_s: f64,
    ceiling_pct: f64,
    front_end_iops: f64,
    limit: Option<f64>,
) -> Option<Finding> {
    let busy_pct = host_path_utilisation_pct(counted_ios_per_s, hosts);
    if !over_ceiling(Some(busy_pct), ceiling_pct) {
        return None;
    }
    let per_host_at_ceiling = OSA_HOST_PATH_IOPS * ceiling_pct / 100.0;
    let message = format!(
        "Each of the {hosts} hosts' vSAN I/O path would be {} % busy carrying {} back-end I/Os \
         per second (counted in {} KB I/Os, larger ones by size) against vSAN's {} per host, \
         above the {} % utilisation ceiling (at 100 % its latency has no bound): at this mix \
         the hosts carry {} front-end IOPS against {} demanded.",
        num(busy_pct, 0),
        num(counted_ios_per_s / f64::from(hosts), 0),
        num(OSA_HOST_PATH_IO_KB, 0),
        num(OSA_HOST_PATH_IOPS, 0),
        num(ceiling_pct, 0),
        num(limit.unwrap_or(0.0), 0),
        num(front_end_iops, 0),
    );
    let remedy = hosts_to_add(counted_ios_per_s, per_host_at_ceiling, 0, hosts)
        .filter(|&n| n > 0)
        .map(|n| format!("add {n} host{}", if n == 1 { "" } else { "s" }));
    Some(
        Finding::new(FindingCode::PerformanceHostPathIopsExceeded, message)
            .at(format!("clusters[{cluster_index}].topology"))
            .measured(
                Measure::new(
                    "vSAN I/O path on each host",
                    busy_pct,
                    ceiling_pct,
                    format!("vSAN's {} IOPS per host", num(OSA_HOST_PATH_IOPS, 0)),
                )
                .remedy(remedy),
            ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{DeviceKind, ResolvedDiskGroup, Settings, Topology};
    use crate::platform::vsan_osa::performance::assess_performance;
    use crate::platform::vsan_osa::performance::test_support::{
        device, one_vm, placed, raid1, workload,
    };
    use crate::verdict::verdict;

    /// 4 hosts, one disk group each of 1 NVMe cache device rated 1,000,000
    /// read / 500,000 write IOPS and 4 SAS SSDs rated 500,000 / 250,000;
    /// one VM group of `iops` front-end IOPS, all 8 KB reads, RAID-1.
    fn reads_on_four_hosts(
        iops: f64,
    ) -> crate::platform::vsan_osa::performance::ClusterPerformance {
        let cache = device("nvme", DeviceKind::Nvme, 1_600.0, 1_000_000.0, 500_000.0);
        let capacity = device("sas", DeviceKind::SasSsd, 1_920.0, 500_000.0, 250_000.0);
        let group = ResolvedDiskGroup {
            cache: &cache,
            capacity: &capacity,
            capacity_device_count: 4,
        };
        let vms = workload("reads", one_vm(iops, 100.0));
        let p = raid1();
        assess_performance(
            0,
            &Topology::Single { host_count: 4 },
            &[group],
            false,
            &[placed(0, &vms, &p)],
            &Settings::default(),
        )
    }

    #[test]
    fn the_path_binds_before_the_devices() {
        // 100,000 front-end reads of 8 KB: 100,000 back-end I/Os counted
        // once each, 25,000 per host = 25 % of vSAN's 100K per host. The
        // 16 capacity SSDs (8,000,000 rated reads) are 1.25 % busy. At the
        // 80 % ceiling the path carries 100,000 x 80 / 25 = 320,000
        // front-end IOPS, the capacity tier 100,000 x 80 / 1.25 = 6,400,000:
        // the path binds.
        let perf = reads_on_four_hosts(100_000.0);
        assert!((perf.host_path_utilisation_pct - 25.0).abs() < 1e-12);
        assert!((perf.capacity_tier.utilisation_pct.unwrap() - 1.25).abs() < 1e-12);
        assert!((perf.device_limited_front_end_iops.unwrap() - 320_000.0).abs() < 1e-6);
        assert!((perf.headroom.unwrap() - 3.2).abs() < 1e-12);
        assert!(perf.findings.is_empty(), "{:?}", perf.findings);

        // 400,000 reads: the path is 100 % busy, the devices 5 %. The limit
        // stays 320,000 (headroom 0.8), the latency has no bound, and the
        // finding that binds names the path and the hosts it needs:
        // 400,000 / 80,000 per host = 5, one more.
        let perf = reads_on_four_hosts(400_000.0);
        assert!((perf.host_path_utilisation_pct - 100.0).abs() < 1e-12);
        assert!((perf.device_limited_front_end_iops.unwrap() - 320_000.0).abs() < 1e-6);
        assert!((perf.headroom.unwrap() - 0.8).abs() < 1e-12);
        assert_eq!(perf.workloads[0].read_latency_ms, None);
        let codes: Vec<_> = perf.findings.iter().map(|f| f.code.as_str()).collect();
        assert_eq!(codes, vec!["performance.host_path_iops_exceeded"]);
        let binding = verdict(&perf.findings).binding.expect("a binding finding");
        assert_eq!(
            binding.summary,
            "vSAN I/O path on each host: 100 % of vSAN's 100,000 IOPS per host (limit 80 %) \
             — add 1 host"
        );
        assert_eq!(binding.path.as_deref(), Some("clusters[0].topology"));
    }

    #[test]
    fn the_path_is_shared_by_the_hosts() {
        assert_eq!(host_path_utilisation_pct(200_000.0, 4), 50.0);
        assert_eq!(host_path_utilisation_pct(200_000.0, 8), 25.0);
        assert_eq!(host_path_utilisation_pct(200_000.0, 0), 0.0);
        assert_eq!(
            host_path_over_ceiling(0, 4, 320_000.0, 80.0, 1.0, None),
            None
        );
        assert!(host_path_over_ceiling(0, 4, 320_001.0, 80.0, 1.0, None).is_some());
    }
}
