//! Raw capacity -> "usable for protected data": what is left once vSAN's
//! own overheads and the free space it needs are taken off.

use serde::Serialize;

use super::RawCapacity;
use crate::model::{Capacity, Settings};
use crate::rules::num;
use crate::source;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum StepKind {
    /// The starting figure (raw capacity).
    Start,
    /// An amount taken off the running total (the amount is positive).
    Deduction,
    /// A running total.
    Subtotal,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct WaterfallStep {
    pub label: &'static str,
    pub kind: StepKind,
    pub amount: Capacity,
    /// How the amount is found, with this design's numbers (in TB).
    pub rule: String,
    pub source: &'static str,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Waterfall {
    pub steps: Vec<WaterfallStep>,
    /// Raw less the on-disk format and dedup metadata: what vSAN reports as
    /// the datastore's capacity, the base of its fullness alerts.
    pub datastore: Capacity,
    /// Space left for protected data (copies and parity included).
    pub usable: Capacity,
}

/// The waterfall's amounts in GB, without its steps: what the design
/// search asks of every candidate size, so it must not allocate.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct UsableSpace {
    pub format_gb: f64,
    pub metadata_gb: f64,
    pub datastore_gb: f64,
    pub slack_gb: f64,
    /// One host's share of the datastore: what each reserved host holds back.
    pub per_host_gb: f64,
    /// Hosts held back for rebuilds: the reserve per site x the sites, or
    /// 0 where no host is left to rebuild on (`rebuild_target_exists`).
    pub reserved_hosts: f64,
    pub reserve_gb: f64,
    pub usable_gb: f64,
}

/// Whether a failed host's components have a host to rebuild on: the
/// site (the cluster when not stretched) has more hosts than the widest
/// policy places components on (`Protection::hosts_needed`, its fault
/// domains). At the policy's minimum vSAN "cannot rebuild data on another
/// host" (`source::NO_REBUILD_TARGET`); one host alone never can.
#[inline]
pub fn rebuild_target_exists(hosts_per_site: u32, policy_hosts: u32) -> bool {
    hosts_per_site > policy_hosts.max(1)
}

/// `policy_hosts` for `rebuild_target_exists` from a policy's
/// `hosts_needed`: a site-mirrored policy counts each site's hosts, so its
/// need is per site already; one that is not places its components over
/// every site's hosts together (`protection::fault_domain_hosts`), so `n`
/// hosts per site can rebuild once `sites x n` exceeds the need, that is
/// once `n` exceeds the need / sites rounded down.
#[inline]
pub fn rebuild_minimum_per_site(hosts_needed: u32, sites: u32, site_mirrored: bool) -> u32 {
    if site_mirrored {
        hosts_needed
    } else {
        hosts_needed / sites.max(1)
    }
}

/// `dedup_active`: dedup+compression is on and can run (all-flash), so
/// its metadata takes space. `sites`: data sites, each rebuilding its own
/// hosts' components (2 on a stretched cluster, else 1). `policy_hosts`:
/// hosts per site the widest policy in use needs (0 without policies).
///
/// Usable space grows with the hosts at a fixed per-host geometry once a
/// rebuild target exists: every deduction is a fixed share of raw capacity
/// but the rebuild reserve, which stays at the reserved hosts' share, so
/// each added host adds its datastore share less slack. Where the hosts
/// per site reach one past `policy_hosts` the reserve starts, and usable
/// space falls by the reserved hosts' share once (the design search's
/// bound in `recommend::score` allows for it).
#[inline]
pub fn usable_space(
    raw_gb: f64,
    host_count: u32,
    sites: u32,
    policy_hosts: u32,
    settings: &Settings,
    dedup_active: bool,
) -> UsableSpace {
    let format_gb = raw_gb * settings.on_disk_format_overhead_pct / 100.0;
    let metadata_gb = if dedup_active {
        raw_gb * settings.dedup_metadata_overhead_pct / 100.0
    } else {
        0.0
    };
    let datastore_gb = (raw_gb - format_gb - metadata_gb).max(0.0);
    let slack_gb = datastore_gb * settings.slack_pct / 100.0;
    // The failed host's components rebuild into the others, so keep free
    // what one host contributes to the datastore; its format overhead and
    // metadata never held data. Capped at what is left, so usable >= 0.
    let after_slack_gb = datastore_gb - slack_gb;
    let per_host_gb = datastore_gb / f64::from(host_count.max(1));
    let sites = sites.max(1);
    let reserved_hosts = if rebuild_target_exists(host_count / sites, policy_hosts) {
        f64::from(settings.reserve_hosts) * f64::from(sites)
    } else {
        0.0
    };
    let reserve_gb = (per_host_gb * reserved_hosts).min(after_slack_gb);
    UsableSpace {
        format_gb,
        metadata_gb,
        datastore_gb,
        slack_gb,
        per_host_gb,
        reserved_hosts,
        reserve_gb,
        usable_gb: after_slack_gb - reserve_gb,
    }
}

/// `usable_space` step by step, each step with its rule and source.
pub fn waterfall(
    raw: &RawCapacity,
    host_count: u32,
    sites: u32,
    policy_hosts: u32,
    settings: &Settings,
    dedup_active: bool,
) -> Waterfall {
    let space = usable_space(
        raw.total.gb,
        host_count,
        sites,
        policy_hosts,
        settings,
        dedup_active,
    );
    let tb = |gb: f64| num(Capacity::from_gb(gb).tb, 2);
    let raw_gb = raw.total.gb;
    let mut steps = vec![
        step(
            "Raw capacity (capacity devices)",
            StepKind::Start,
            raw_gb,
            format!(
                "{} capacity devices: {} TB per host x {} hosts = {} TB; cache devices hold no \
                 data.",
                raw.capacity_devices,
                tb(raw.per_host.gb),
                host_count,
                tb(raw_gb),
            ),
            raw.source,
        ),
        step(
            "On-disk format overhead",
            StepKind::Deduction,
            space.format_gb,
            format!(
                "{} % of the {} TB raw = {} TB.",
                num(settings.on_disk_format_overhead_pct, 1),
                tb(raw_gb),
                tb(space.format_gb),
            ),
            source::ON_DISK_FORMAT,
        ),
    ];
    let mut datastore_rule = format!(
        "{} TB raw - {} TB on-disk format",
        tb(raw_gb),
        tb(space.format_gb)
    );
    if dedup_active {
        steps.push(step(
            "Dedup and compression metadata",
            StepKind::Deduction,
            space.metadata_gb,
            format!(
                "{} % of the {} TB raw = {} TB, taken while dedup and compression is on.",
                num(settings.dedup_metadata_overhead_pct, 1),
                tb(raw_gb),
                tb(space.metadata_gb),
            ),
            source::DEDUP_METADATA,
        ));
        datastore_rule.push_str(&format!(" - {} TB metadata", tb(space.metadata_gb)));
    }
    datastore_rule.push_str(&format!(
        " = {} TB: the datastore vSAN reports, the base of its fullness alerts.",
        tb(space.datastore_gb)
    ));
    let site_count = if sites > 1 {
        format!(" per site x {sites} sites")
    } else {
        String::new()
    };
    let capped = if space.reserve_gb < space.per_host_gb * space.reserved_hosts {
        ", capped at what slack leaves"
    } else {
        ""
    };
    let hosts_per_site = host_count / sites.max(1);
    let none_kept = settings.reserve_hosts > 0 && space.reserved_hosts == 0.0;
    let reserve_rule = if settings.reserve_hosts == 0 {
        "0 reserved hosts (settings.reserve_hosts): no host's share is kept free.".to_string()
    } else if none_kept {
        format!(
            "None kept: {hosts_per_site} host(s){per}, and a failed host's components \
             can rebuild only with more than {}{per} (the widest policy's hosts), so no \
             host is left to rebuild on; the design runs with reduced protection until \
             the host returns.",
            policy_hosts.max(1),
            per = if sites > 1 {
                " per site"
            } else {
                " in the cluster"
            },
        )
    } else {
        format!(
            "{} reserved host(s){site_count} x {} TB, one host's share of the datastore \
             = {} TB{capped}, kept free so a failed host's components rebuild on the others.",
            settings.reserve_hosts,
            tb(space.per_host_gb),
            tb(space.reserve_gb),
        )
    };
    steps.extend([
        step(
            "Datastore capacity",
            StepKind::Subtotal,
            space.datastore_gb,
            datastore_rule,
            source::VSAN_DESIGN_GUIDE,
        ),
        step(
            "Slack space",
            StepKind::Deduction,
            space.slack_gb,
            format!(
                "{} % of the {} TB datastore = {} TB kept free.",
                num(settings.slack_pct, 1),
                tb(space.datastore_gb),
                tb(space.slack_gb),
            ),
            source::SLACK_SPACE,
        ),
        step(
            "Host-failure rebuild reserve",
            StepKind::Deduction,
            space.reserve_gb,
            reserve_rule,
            if none_kept {
                source::NO_REBUILD_TARGET
            } else if sites > 1 {
                source::STRETCHED_REBUILD_RESERVE
            } else {
                source::HOST_REBUILD_RESERVE
            },
        ),
        step(
            "Usable for protected data",
            StepKind::Subtotal,
            space.usable_gb,
            format!(
                "{} TB datastore - {} TB slack - {} TB rebuild reserve = {} TB for the \
                 workloads' data with its copies or parity.",
                tb(space.datastore_gb),
                tb(space.slack_gb),
                tb(space.reserve_gb),
                tb(space.usable_gb),
            ),
            source::VSAN_DESIGN_GUIDE,
        ),
    ]);
    Waterfall {
        steps,
        datastore: Capacity::from_gb(space.datastore_gb),
        usable: Capacity::from_gb(space.usable_gb),
    }
}

/// A waterfall step: the platforms' waterfalls (vSAN OSA, ESA, XtremIO) share it.
pub(crate) fn step(
    label: &'static str,
    kind: StepKind,
    gb: f64,
    rule: String,
    source: &'static str,
) -> WaterfallStep {
    WaterfallStep {
        label,
        kind,
        amount: Capacity::from_gb(gb),
        rule,
        source,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::DeviceKind;
    use crate::platform::vsan_osa::capacity::raw_capacity;
    use crate::platform::vsan_osa::capacity::test_support::{device, disk_group};

    fn seed_001_raw() -> RawCapacity {
        seed_001_hosts(4)
    }

    fn seed_001_hosts(hosts: u32) -> RawCapacity {
        let ssd = device(DeviceKind::SasSsd, 400.0);
        raw_capacity(
            &[disk_group(&ssd, &ssd, 4), disk_group(&ssd, &ssd, 4)],
            hosts,
        )
    }

    fn amount(w: &Waterfall, label: &str) -> f64 {
        w.steps
            .iter()
            .find(|s| s.label == label)
            .map(|s| s.amount.gb)
            .unwrap_or_else(|| panic!("no step {label}"))
    }

    #[test]
    fn seed_001_dedup_metadata_is_about_630_gb() {
        // Seed 001, Space Saving by Enabling Deduplication: metadata "around
        // 630GB" on the 12.8 TB cluster; the 5 % default gives 640 GB (+1.6 %).
        let w = waterfall(
            &seed_001_raw(),
            4,
            1,
            RAID1_FTT1,
            &Settings::default(),
            true,
        );
        let metadata = amount(&w, "Dedup and compression metadata");
        assert!((metadata - 630.0).abs() / 630.0 < 0.02, "{metadata}");
    }

    #[test]
    fn seed_001_waterfall_with_default_settings() {
        // 12,800 raw - 1 % format (128) - 5 % metadata (640) = 12,032 datastore;
        // - 25 % slack (3,008) - one host's share (3,008) = 6,016 GB usable.
        let w = waterfall(
            &seed_001_raw(),
            4,
            1,
            RAID1_FTT1,
            &Settings::default(),
            true,
        );
        assert!((w.datastore.gb - 12_032.0).abs() < 1e-6);
        assert!((w.usable.gb - 6_016.0).abs() < 1e-6);
        let deducted: f64 = w
            .steps
            .iter()
            .filter(|s| s.kind == StepKind::Deduction)
            .map(|s| s.amount.gb)
            .sum();
        assert!((12_800.0 - deducted - w.usable.gb).abs() < 1e-6);
    }

    #[test]
    fn each_step_states_its_formula_with_this_designs_numbers() {
        let w = waterfall(
            &seed_001_raw(),
            4,
            1,
            RAID1_FTT1,
            &Settings::default(),
            true,
        );
        let rule = |label: &str| {
            w.steps
                .iter()
                .find(|s| s.label == label)
                .map(|s| s.rule.as_str())
                .unwrap_or_else(|| panic!("no step {label}"))
        };
        assert_eq!(
            rule("Raw capacity (capacity devices)"),
            "32 capacity devices: 3.20 TB per host x 4 hosts = 12.80 TB; cache devices hold no \
             data."
        );
        assert_eq!(
            rule("Datastore capacity"),
            "12.80 TB raw - 0.13 TB on-disk format - 0.64 TB metadata = 12.03 TB: the \
             datastore vSAN reports, the base of its fullness alerts."
        );
        assert_eq!(
            rule("Slack space"),
            "25.0 % of the 12.03 TB datastore = 3.01 TB kept free."
        );
        assert!(rule("Host-failure rebuild reserve").starts_with(
            "1 reserved host(s) x 3.01 TB, one host's share of the datastore = 3.01 TB, kept"
        ));
        assert!(rule("Usable for protected data")
            .starts_with("12.03 TB datastore - 3.01 TB slack - 3.01 TB rebuild reserve = 6.02 TB"));
    }

    #[test]
    fn a_stretched_reserve_counts_its_sites_and_a_capped_one_says_so() {
        let w = waterfall(&seed_001_raw(), 4, 2, 1, &Settings::default(), true);
        let reserve = |w: &Waterfall| {
            w.steps
                .iter()
                .find(|s| s.label == "Host-failure rebuild reserve")
                .map(|s| s.rule.clone())
                .unwrap_or_default()
        };
        assert!(reserve(&w).starts_with("1 reserved host(s) per site x 2 sites x 3.01 TB"));
        let all = Settings {
            reserve_hosts: 3,
            ..Settings::default()
        };
        let ssd = device(DeviceKind::SasSsd, 400.0);
        let capped = waterfall(
            &raw_capacity(&[disk_group(&ssd, &ssd, 4)], 2),
            2,
            1,
            0,
            &all,
            false,
        );
        assert!(reserve(&capped).contains("capped at what slack leaves"));
    }

    #[test]
    fn metadata_is_only_taken_with_dedup_on() {
        let w = waterfall(
            &seed_001_raw(),
            4,
            1,
            RAID1_FTT1,
            &Settings::default(),
            false,
        );
        assert!(w
            .steps
            .iter()
            .all(|s| s.label != "Dedup and compression metadata"));
        assert!((w.datastore.gb - 12_672.0).abs() < 1e-6);
    }

    #[test]
    fn each_site_of_a_stretched_cluster_keeps_its_own_rebuild_reserve() {
        // Seed 001's hosts as 2 + 2: one host per site held back, 6,016 GB.
        let w = waterfall(&seed_001_raw(), 4, 2, 1, &Settings::default(), true);
        let reserve = amount(&w, "Host-failure rebuild reserve");
        assert!((reserve - 6_016.0).abs() < 1e-6);
        assert!((w.usable.gb - 3_008.0).abs() < 1e-6);
        let reserve_step = w
            .steps
            .iter()
            .find(|s| s.label == "Host-failure rebuild reserve");
        assert_eq!(
            reserve_step.map(|s| s.source),
            Some(source::STRETCHED_REBUILD_RESERVE)
        );
    }

    #[test]
    fn reserving_every_host_leaves_nothing_rather_than_a_negative() {
        let settings = Settings {
            reserve_hosts: 3,
            ..Settings::default()
        };
        let ssd = device(DeviceKind::SasSsd, 400.0);
        let raw = raw_capacity(&[disk_group(&ssd, &ssd, 4)], 2);
        let w = waterfall(&raw, 2, 1, 0, &settings, false);
        assert_eq!(w.usable.gb, 0.0);
    }

    /// Hosts RAID-1 FTT=1 places its components on (2 x FTT + 1).
    const RAID1_FTT1: u32 = 3;

    #[test]
    fn three_hosts_at_raid1_ftt1_keep_no_reserve_they_cannot_rebuild_on() {
        let three = seed_001_hosts(3);
        let w = waterfall(&three, 3, 1, RAID1_FTT1, &Settings::default(), true);
        let step = &w.steps[w.steps.len() - 2];
        assert_eq!(step.amount.gb, 0.0);
        assert!(
            step.rule.contains("no host is left to rebuild"),
            "{}",
            step.rule
        );
        assert_eq!(step.source, source::NO_REBUILD_TARGET);
        // A fourth host is a rebuild target: one host's share is kept.
        let four = waterfall(
            &seed_001_raw(),
            4,
            1,
            RAID1_FTT1,
            &Settings::default(),
            true,
        );
        let kept = &four.steps[four.steps.len() - 2];
        assert!(
            kept.rule.starts_with("1 reserved host(s) x "),
            "{}",
            kept.rule
        );
    }

    #[test]
    fn a_two_node_stretched_cluster_keeps_its_datastore_after_slack() {
        // 1 + 1 hosts, each site's copy unprotected inside its site (FTT=0:
        // one host): nothing to rebuild on, so usable = datastore - slack.
        let space = usable_space(10_000.0, 2, 2, 1, &Settings::default(), false);
        assert_eq!(space.reserve_gb, 0.0);
        assert!((space.usable_gb - (space.datastore_gb - space.slack_gb)).abs() < 1e-9);
        // 2 + 2 hosts can rebuild inside each site: a host per site is kept.
        let space = usable_space(20_000.0, 4, 2, 1, &Settings::default(), false);
        assert_eq!(space.reserved_hosts, 2.0);
    }

    #[test]
    fn a_policy_over_both_sites_counts_their_hosts_together() {
        // RAID-1 FTT=1 needs 3 hosts. Site-mirrored, that is 3 per site, so
        // 2 + 2 cannot rebuild; placed over both sites, the 4 hosts can.
        let mirrored = rebuild_minimum_per_site(3, 2, true);
        let spread = rebuild_minimum_per_site(3, 2, false);
        assert!(!rebuild_target_exists(2, mirrored));
        assert!(rebuild_target_exists(2, spread));
        // 1 + 1 has 2 hosts for the 3 it needs either way.
        assert!(!rebuild_target_exists(1, spread));
        // RAID-5 (4 hosts) over both sites: 2 + 2 is the minimum, 3 + 3 rebuilds.
        let raid5 = rebuild_minimum_per_site(4, 2, false);
        assert!(!rebuild_target_exists(2, raid5) && rebuild_target_exists(3, raid5));
        // One site: the cluster's hosts against the need.
        assert_eq!(rebuild_minimum_per_site(3, 1, false), 3);
    }

    #[test]
    fn usable_space_falls_once_where_the_reserve_starts() {
        // 1 + 1 to 2 + 2 hosts at 25 % slack: from 1.5 hosts' datastore
        // share to 3 - 2 = 1.0 (fidelity.md's example).
        let settings = Settings {
            slack_pct: 25.0,
            ..Settings::default()
        };
        let per_host = |n: u32| {
            let s = usable_space(1_000.0 * f64::from(n), n, 2, 1, &settings, false);
            s.usable_gb / s.per_host_gb
        };
        assert!((per_host(2) - 1.5).abs() < 1e-9);
        assert!((per_host(4) - 1.0).abs() < 1e-9);
    }

    proptest::proptest! {
        /// The design search stops at the first size whose usable space
        /// holds the workloads: once the hosts per site pass the widest
        /// policy's (the reserve kept from then on), usable space must
        /// never fall as hosts are added. Below that, no reserve is kept
        /// and it grows too; the one fall is at the crossing (above).
        #[test]
        fn usable_space_never_falls_with_more_hosts_on_either_side_of_the_crossing(
            raw_per_host_gb in 1.0..100_000.0_f64,
            hosts_per_site in 1u32..32,
            policy_hosts in 0u32..8,
            reserve_hosts in 0u32..4,
            slack_pct in 0.0..60.0_f64,
            sites in 1u32..=2,
            dedup in proptest::bool::ANY,
        ) {
            let settings = Settings { reserve_hosts, slack_pct, ..Settings::default() };
            let usable = |per_site: u32| {
                let n = per_site * sites;
                usable_space(raw_per_host_gb * f64::from(n), n, sites, policy_hosts, &settings, dedup)
                    .usable_gb
            };
            let next = hosts_per_site + 1;
            if rebuild_target_exists(hosts_per_site, policy_hosts)
                == rebuild_target_exists(next, policy_hosts)
            {
                proptest::prop_assert!(usable(next) >= usable(hosts_per_site));
            }
        }
    }
}
