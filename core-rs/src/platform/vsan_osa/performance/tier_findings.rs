//! The tiers' findings: a tier busier than the utilisation ceiling
//! (`performance.iops_exceeded`), and a spinning disk rated beyond what
//! seek and rotation allow (`performance.hdd_iops_above_typical`).

use super::tier_load::{over_ceiling, TierLoad};
use crate::model::{DeviceKind, ResolvedDiskGroup};
use crate::rules::{num, Finding, FindingCode, Measure};

/// A spinning disk's random IOPS are bounded by seek and rotation; a
/// datasheet figure this far above the guide's typical one is most likely a
/// cached or sequential figure. Our tolerance, not a vendor's.
pub const HDD_DATASHEET_TOLERANCE: f64 = 1.5;

/// Random IOPS per spinning disk (vSAN design guide): 7.2K ~80, 10K ~140, 15K ~180.
/// Flash has no typical figure: take the device's datasheet.
pub fn typical_hdd_iops(kind: DeviceKind) -> Option<f64> {
    match kind {
        DeviceKind::Hdd7200 => Some(80.0),
        DeviceKind::Hdd10k => Some(140.0),
        DeviceKind::Hdd15k => Some(180.0),
        DeviceKind::SataSsd | DeviceKind::SasSsd | DeviceKind::Nvme => None,
    }
}

fn disk_groups_path(cluster_index: usize) -> String {
    format!("clusters[{cluster_index}].storage.disk_groups")
}

pub(super) fn tier_over_ceiling(
    cluster_index: usize,
    tier_name: &str,
    tier: &TierLoad,
    ceiling_pct: f64,
    front_end_iops: f64,
    limit: Option<f64>,
) -> Option<Finding> {
    if !over_ceiling(tier.utilisation_pct, ceiling_pct) {
        return None;
    }
    let load = match tier.utilisation_pct {
        Some(u) => format!("would be {} % busy serving", num(u, 0)),
        None => "has no rated IOPS for".to_string(),
    };
    let message = format!(
        "The {tier_name} tier ({} devices rated {} read / {} write IOPS) {load} {} back-end \
         reads + {} writes per second, above the {} % utilisation ceiling: at this mix it \
         carries {} front-end IOPS against {} demanded.",
        tier.devices,
        num(tier.rated_read_iops, 0),
        num(tier.rated_write_iops, 0),
        num(tier.read_iops, 0),
        num(tier.write_iops, 0),
        num(ceiling_pct, 0),
        num(limit.unwrap_or(0.0), 0),
        num(front_end_iops, 0),
    );
    Some(
        Finding::new(FindingCode::PerformanceIopsExceeded, message)
            .at(disk_groups_path(cluster_index))
            .measured(Measure::new(
                format!("IOPS on the {tier_name} tier"),
                tier.utilisation_pct.unwrap_or(f64::INFINITY),
                ceiling_pct,
                format!(
                    "its rated IOPS ({} front-end IOPS demanded)",
                    num(front_end_iops, 0)
                ),
            )),
    )
}

/// One finding per spinning device model whose datasheet random IOPS exceed
/// the guide's typical figure for its kind by more than our tolerance.
pub(super) fn hdd_ratings_above_typical(
    cluster_index: usize,
    disk_groups: &[ResolvedDiskGroup],
) -> Vec<Finding> {
    let mut seen: Vec<&str> = Vec::new();
    let mut findings = Vec::new();
    for (j, g) in disk_groups.iter().enumerate() {
        let device = g.capacity;
        let Some(typical) = typical_hdd_iops(device.kind) else {
            continue;
        };
        let rated = device.read_iops.max(device.write_iops);
        if rated <= typical * HDD_DATASHEET_TOLERANCE || seen.contains(&device.id.as_str()) {
            continue;
        }
        seen.push(&device.id);
        let message = format!(
            "Device '{}' is rated {} random IOPS, more than {HDD_DATASHEET_TOLERANCE}x the ~{} \
             typical of its kind; a spinning disk's random IOPS are bounded by seek and \
             rotation, so the device-limited IOPS and latency estimated here may be optimistic.",
            device.id,
            num(rated, 0),
            num(typical, 0)
        );
        findings.push(
            Finding::new(FindingCode::PerformanceHddIopsAboveTypical, message).at(format!(
                "{}[{j}].capacity_device",
                disk_groups_path(cluster_index)
            )),
        );
    }
    findings
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Settings;
    use crate::platform::vsan_osa::performance::assess_performance;
    use crate::platform::vsan_osa::performance::test_support::{
        codes, device, seed_000_devices, single,
    };

    #[test]
    fn typical_hdd_iops_from_the_design_guide() {
        // VMware vSAN design guide: 7.2K ~80, 10K ~140, 15K ~180 random IOPS.
        assert_eq!(typical_hdd_iops(DeviceKind::Hdd7200), Some(80.0));
        assert_eq!(typical_hdd_iops(DeviceKind::Hdd10k), Some(140.0));
        assert_eq!(typical_hdd_iops(DeviceKind::Hdd15k), Some(180.0));
        assert_eq!(typical_hdd_iops(DeviceKind::Nvme), None);
    }

    #[test]
    fn implausible_hdd_datasheet_is_flagged_once() {
        let ssd = device("ssd", DeviceKind::SataSsd, 400.0, 75_000.0, 36_000.0);
        let fast = device("fast10k", DeviceKind::Hdd10k, 1_200.0, 400.0, 400.0);
        let group = ResolvedDiskGroup {
            cache: &ssd,
            capacity: &fast,
            capacity_device_count: 6,
        };
        let perf = assess_performance(
            0,
            &single(4),
            &[group, group],
            false,
            &[],
            &Settings::default(),
        );
        assert_eq!(codes(&perf), vec!["performance.hdd_iops_above_typical"]);
        assert_eq!(
            perf.findings[0].path.as_deref(),
            Some("clusters[0].storage.disk_groups[0].capacity_device")
        );
        let (_, typical) = seed_000_devices();
        let ok = ResolvedDiskGroup {
            capacity: &typical,
            ..group
        };
        assert!(
            assess_performance(0, &single(4), &[ok], false, &[], &Settings::default())
                .findings
                .is_empty()
        );
    }
}
