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
    out
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
