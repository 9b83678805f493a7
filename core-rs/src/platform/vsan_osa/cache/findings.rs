//! Cache rules: enough cache per disk group, a flash device that keeps up
//! with its writes and lasts the planning horizon.

use super::{CacheEvaluation, ALL_FLASH_WRITE_BUFFER_GB};
use crate::model::{Device, ResolvedDiskGroup, StorageTier};
use crate::rules::{num, ClusterFacts, Finding, FindingCode, Measure};

pub fn cache_findings(
    cluster: &ClusterFacts,
    groups: &[ResolvedDiskGroup],
    devices: &[Device],
    cache: &CacheEvaluation,
) -> Vec<Finding> {
    let mut out = Vec::new();
    let name = cluster.name;
    let required = cache.required_per_disk_group.gb;
    if cluster.tier == StorageTier::AllFlash && required > ALL_FLASH_WRITE_BUFFER_GB {
        out.push(
            Finding::new(
                FindingCode::CacheWriteBufferLimit,
                format!(
                    "Cluster \"{name}\" asks for {} GB of cache per disk group, but an all-flash cache device buffers at most {} GB; more disk groups add buffer, a larger device only adds endurance.",
                    num(required, 0),
                    num(ALL_FLASH_WRITE_BUFFER_GB, 0)
                ),
            )
            .at(format!("{}.storage.disk_groups", cluster.path)),
        );
    }
    // Disk groups usually repeat one cache device: report each device once.
    let mut reported: Vec<&str> = Vec::new();
    for (dg, group) in cache.per_disk_group.iter().zip(groups) {
        if reported.contains(&dg.cache_device.as_str()) {
            continue;
        }
        reported.push(&dg.cache_device);
        let path = format!(
            "{}.storage.disk_groups[{}].cache_device",
            cluster.path, dg.disk_group
        );
        let device = &group.cache.model;
        if !group.cache.kind.is_flash() {
            out.push(
                Finding::new(
                    FindingCode::StorageCacheDeviceNotFlash,
                    format!("Disk group {} of cluster \"{name}\" uses {device} as its cache device; a cache device must be flash.", dg.disk_group + 1),
                )
                .at(path.clone()),
            );
        }
        if cache_below_rule(dg.installed.gb, required) {
            let message = format!(
                "Disk group {} of cluster \"{name}\" has a {} GB cache device; its workloads ask for {} GB per disk group ({} GB over {} disk groups).",
                dg.disk_group + 1,
                num(dg.installed.gb, 0),
                num(required, 0),
                num(cache.required.gb, 0),
                cache.disk_groups
            );
            // Hybrid read misses go to spinning disks, so a short read cache
            // breaks the design; all-flash only loses write-buffer margin.
            let finding = match cluster.tier {
                StorageTier::Hybrid => Finding::new(FindingCode::CacheBelowRule, message),
                StorageTier::AllFlash => Finding::new(FindingCode::CacheBelowRuleAllFlash, message),
            };
            out.push(finding.at(path.clone()));
        }
        // A device past its rated writes or its rated TBW cannot carry the
        // design's writes to the horizon: errors, like IOPS past a limit.
        if writes_exceed_rating(dg.writes_per_s, dg.rated_writes_per_s) {
            let measure = Measure::new(
                "Cache writes per disk group",
                dg.writes_per_s / dg.rated_writes_per_s * 100.0,
                100.0,
                format!("{} writes/s rated", num(dg.rated_writes_per_s, 0)),
            )
            .remedy(rated_for(format!("{} writes/s", num(dg.writes_per_s, 0))));
            out.push(
                Finding::new(
                    FindingCode::CacheWritesExceedRating,
                    format!(
                        "Each disk group of cluster \"{name}\" takes about {} writes/s; its cache device {device} is rated for {} writes/s.",
                        num(dg.writes_per_s, 0),
                        num(dg.rated_writes_per_s, 0)
                    ),
                ).citing(dg.rated_source)
                .at(path.clone())
                .measured(measure),
            );
        }
        match &dg.endurance {
            Some(e) if endurance_exceeded(e.written_tb, e.rated_tbw) => out.push(
                Finding::new(
                    FindingCode::CacheEnduranceExceeded,
                    format!(
                        "Cache device {device} in cluster \"{name}\" would take {} TB of writes over {} years; it is rated for {} TBW.",
                        num(e.written_tb, 0),
                        e.horizon_years,
                        num(e.rated_tbw, 0)
                    ),
                )
                .at(path.clone())
                .measured(
                    Measure::new(
                        format!("Cache endurance over {} years", e.horizon_years),
                        e.written_tb / e.rated_tbw * 100.0,
                        100.0,
                        format!("{} TBW", num(e.rated_tbw, 0)),
                    )
                    .remedy(rated_for(format!("{} TBW", num(e.written_tb, 0)))),
                ),
            ),
            None if dg.writes_per_s > 0.0 => out.push(
                Finding::new(
                    FindingCode::CacheEnduranceUnknown,
                    format!("Cache device {device} in cluster \"{name}\" has no DWPD rating, so its endurance is not checked."),
                )
                .at(devices
                    .iter()
                    .position(|d| d.id == dg.cache_device)
                    .map_or(path.clone(), |k| format!("devices[{k}].endurance_dwpd"))),
            ),
            _ => {}
        }
    }
    out.extend(short_after_failure(cluster, cache));
    out
}

/// `cache.short_after_failure`: after the N+x host failures the smallest
/// cache device is below its disk group's share of the cache need (the
/// same `cache_below_rule`, over the disk groups left). The workloads
/// still run, slower (hybrid: reads miss to the spinning disks; all-flash:
/// less write buffer), until the hosts return: a warning. Not repeated
/// when the rule already fails with every host up.
fn short_after_failure(cluster: &ClusterFacts, cache: &CacheEvaluation) -> Option<Finding> {
    let after = cache.after_failure.as_ref()?;
    let smallest = cache.smallest_cache_device()?;
    let required = after.required_per_disk_group.gb;
    if cache_below_rule(smallest.installed.gb, cache.required_per_disk_group.gb)
        || !cache_below_rule(smallest.installed.gb, required)
    {
        return None;
    }
    let x = cluster.host_count - after.hosts_left;
    let slower = match cluster.tier {
        StorageTier::Hybrid => "reads that miss the smaller read cache go to the spinning disks",
        StorageTier::AllFlash => "each disk group buffers a larger share of the writes",
    };
    Some(
        Finding::new(
            FindingCode::CacheShortAfterFailure,
            format!(
                "After N+{x} cluster \"{}\" has {} disk groups on the {} hosts left; each is asked for {} GB of cache, more than disk group {}'s {} GB {}. The workloads still run, slower: {slower} until the failed hosts return.",
                cluster.name,
                after.disk_groups,
                after.hosts_left,
                num(required, 0),
                smallest.disk_group + 1,
                num(smallest.installed.gb, 0),
                smallest.cache_device,
            ),
        )
        .at(format!(
            "{}.storage.disk_groups[{}].cache_device",
            cluster.path, smallest.disk_group
        ))
        .measured(
            Measure::new(
                format!("Cache after N+{x}"),
                required / smallest.installed.gb * 100.0,
                100.0,
                format!("{} GB per disk group", num(smallest.installed.gb, 0)),
            )
            .remedy(Some(format!(
                "a cache device of at least {} GB, or more disk groups",
                num(required.ceil(), 0)
            ))),
        ),
    )
}

// Each rule compares one disk group's cache device with its share of the
// cluster's need or writes (`per_disk_group`), a share that only falls as
// hosts are added: none of them can fail at more hosts once it passes.

/// `cache.below_rule` (hybrid) and `cache.below_rule_all_flash`: the
/// device is smaller than each disk group's share of the cache need.
#[inline]
pub fn cache_below_rule(installed_gb: f64, required_per_disk_group_gb: f64) -> bool {
    installed_gb < required_per_disk_group_gb
}

/// `cache.writes_exceed_rating`: the disk group's writes per second pass
/// what its cache device sustains (`rated_writes_per_s`).
#[inline]
pub fn writes_exceed_rating(writes_per_s: f64, rated_writes_per_s: f64) -> bool {
    writes_per_s > rated_writes_per_s
}

/// `cache.endurance_exceeded`: the disk group's writes over the planning
/// horizon (`written_tb`) pass the device's rated TBW.
#[inline]
pub fn endurance_exceeded(written_tb: f64, rated_tbw: f64) -> bool {
    written_tb > rated_tbw
}

/// What meets a cache device's rating: a device rated for `needed`, or more
/// disk groups to share the load.
fn rated_for(needed: String) -> Option<String> {
    Some(format!(
        "a cache device rated for at least {needed}, or more disk groups"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Capacity;
    use crate::platform::vsan_osa::cache::{CacheAfterFailure, DiskGroupCache};
    use crate::rules::Severity;
    use crate::source;

    fn facts(tier: StorageTier) -> ClusterFacts<'static> {
        ClusterFacts {
            path: "clusters[0]",
            name: "c",
            host_count: 4,
            tier,
            mixed_tiers: false,
            dedup_requested: false,
            stretched: false,
            site_mirrored: false,
        }
    }

    /// Four hosts of one disk group with a 400 GB cache device; the
    /// workloads ask `required_gb` of cache in all, N+1.
    fn cache(required_gb: f64) -> CacheEvaluation {
        CacheEvaluation {
            disk_groups: 4,
            installed: Capacity::from_gb(1_600.0),
            required: Capacity::from_gb(required_gb),
            required_per_disk_group: Capacity::from_gb(required_gb / 4.0),
            workloads: Vec::new(),
            per_disk_group: vec![DiskGroupCache {
                disk_group: 0,
                cache_device: "ssd".into(),
                installed: Capacity::from_gb(400.0),
                write_buffer: Capacity::from_gb(120.0),
                write_buffer_source: source::CACHE_TEN_PCT,
                writes_per_s: 0.0,
                rated_writes_per_s: 10_000.0,
                rated_source: source::CACHE_TEN_PCT,
                endurance: None,
            }],
            after_failure: Some(CacheAfterFailure {
                hosts_left: 3,
                disk_groups: 3,
                installed: Capacity::from_gb(1_200.0),
                read_cache_gb: 840.0,
                required_per_disk_group: Capacity::from_gb(required_gb / 3.0),
                writes_per_s: 0.0,
            }),
        }
    }

    #[test]
    fn cache_short_only_after_n_plus_x_warns_on_both_tiers() {
        // 1,350 GB: 337.5 GB per disk group at N (fits 400), 450 after N+1.
        for tier in [StorageTier::Hybrid, StorageTier::AllFlash] {
            let f = short_after_failure(&facts(tier), &cache(1_350.0)).expect("short after N+1");
            assert_eq!(f.code, FindingCode::CacheShortAfterFailure);
            assert_eq!(f.severity, Severity::Warning);
            let m = f.measure.expect("measured");
            assert_eq!(
                (m.quantity.as_str(), m.used_pct),
                ("Cache after N+1", 112.5)
            );
            assert!(f.message.contains("still run, slower"), "{}", f.message);
        }
    }

    #[test]
    fn cache_within_the_rule_after_n_plus_x_or_short_at_n_adds_nothing() {
        // 1,200 GB: exactly 400 per disk group after N+1 is not below.
        assert!(short_after_failure(&facts(StorageTier::Hybrid), &cache(1_200.0)).is_none());
        // 1,700 GB: short with every host up, which `cache.below_rule` says.
        assert!(short_after_failure(&facts(StorageTier::Hybrid), &cache(1_700.0)).is_none());
        let no_reserve = CacheEvaluation {
            after_failure: None,
            ..cache(1_350.0)
        };
        assert!(short_after_failure(&facts(StorageTier::Hybrid), &no_reserve).is_none());
    }
}
