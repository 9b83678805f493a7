use super::*;

/// Seed 001, Table 1: 4 hosts x 2 disk groups x 4 x 400 GB capacity SSD.
fn seed_001() -> QuickInput {
    QuickInput {
        hosts: 4,
        disk_groups: 2,
        capacity_devices: 4,
        device_gb: 400.0,
        method: ProtectionMethod::Raid1,
        ftt: 1,
        dedup_ratio: None,
        slack_pct: None,
        reserve_hosts: None,
        all_flash: true,
    }
}

fn codes(r: &QuickResult) -> Vec<&'static str> {
    r.findings.iter().map(|f| f.code.as_str()).collect()
}

fn issues(input: &QuickInput) -> Vec<InputIssue> {
    quick(input).expect_err("input is invalid")
}

#[test]
fn seed_001_raid1_quick_figures() {
    // Seed 001: 32 x 400 GB = 12.8 TB = 11.64 TiB raw; RAID-1 FTT=1 is 2x on
    // at least 3 hosts. Defaults: 1 % format, 25 % slack, 1 reserve host:
    // 12,672 - 3,168 - 3,168 = 6,336 GB protected -> 3,168 GB of data, and
    // 10 % of it over 8 disk groups = 39.6 GB of cache each.
    let r = quick(&seed_001()).expect("valid");
    assert!((r.raw_tb - 12.8).abs() < 1e-9);
    assert!((r.raw_tib - 11.64).abs() < 0.005);
    assert_eq!(r.protection_multiplier, 2.0);
    assert_eq!((r.min_hosts, r.recommended_hosts), (3, 4));
    assert!((r.usable_for_protected_data_tb - 6.336).abs() < 1e-9);
    assert!((r.usable_tb - 3.168).abs() < 1e-9);
    assert!((r.cache_required_gb_per_disk_group - 39.6).abs() < 1e-9);
    assert_eq!(r.tier, StorageTier::AllFlash);
    assert!(r.findings.is_empty(), "{:?}", r.findings);
}

#[test]
fn seed_001_raid5_with_dedup_holds_more_data() {
    // Seed 001: RAID-5 3+1 with dedup+compression at 2.27x; four hosts are
    // the minimum, so there is no spare host to rebuild to.
    let input = QuickInput {
        method: ProtectionMethod::Raid5,
        dedup_ratio: Some(2.27),
        ..seed_001()
    };
    let r = quick(&input).expect("valid");
    assert!((r.protection_multiplier - 4.0 / 3.0).abs() < 1e-12);
    assert_eq!(r.min_hosts, 4);
    assert_eq!(r.dedup_ratio, 2.27);
    // 12,800 - 128 - 640 metadata = 12,032; - 25 % - one host = 6,016 GB.
    assert!((r.usable_for_protected_data_tb - 6.016).abs() < 1e-9);
    let per_gb = 1.0 / 2.27 + 1.0 / 3.0;
    assert!((r.usable_tb - 6.016 / per_gb).abs() < 1e-9);
    assert_eq!(codes(&r), ["protection.no_spare_host"]);
    assert_eq!(r.findings[0].path.as_deref(), Some("--hosts"));
}

#[test]
fn raid6_on_four_hosts_names_the_hosts_flag() {
    let input = QuickInput {
        method: ProtectionMethod::Raid6,
        ftt: 2,
        ..seed_001()
    };
    let r = quick(&input).expect("valid input, failing design");
    assert_eq!(codes(&r), ["protection.too_few_hosts"]);
    assert_eq!(r.findings[0].path.as_deref(), Some("--hosts"));
}

#[test]
fn dedup_on_hybrid_saves_nothing_and_says_so() {
    let input = QuickInput {
        all_flash: false,
        dedup_ratio: Some(2.0),
        ..seed_001()
    };
    let r = quick(&input).expect("valid");
    assert_eq!(r.dedup_ratio, 1.0);
    assert_eq!(r.tier, StorageTier::Hybrid);
    assert_eq!(codes(&r), ["dedup.needs_all_flash"]);
    assert_eq!(r.findings[0].path.as_deref(), Some("--dedup"));
}

#[test]
fn no_cache_finding_without_workloads() {
    // The placeholder cache device must not show through.
    for all_flash in [true, false] {
        let r = quick(&QuickInput {
            all_flash,
            device_gb: 3_840.0,
            ..seed_001()
        })
        .expect("valid");
        assert!(codes(&r).iter().all(|c| !c.starts_with("cache.")));
    }
}

#[test]
fn invalid_hosts_names_the_flag_and_range() {
    let found = issues(&QuickInput {
        hosts: 0,
        ..seed_001()
    });
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].path, "--hosts");
    assert_eq!(found[0].message, "--hosts must be between 1 and 64 (got 0)");
}

#[test]
fn huge_disk_group_count_is_refused_before_building() {
    let found = issues(&QuickInput {
        disk_groups: u32::MAX,
        ..seed_001()
    });
    assert_eq!(found[0].path, "--disk-groups");
    assert!(found[0].message.contains("1 to 5"), "{}", found[0].message);
}

#[test]
fn one_issue_per_flag_even_when_many_paths_share_it() {
    let found = issues(&QuickInput {
        capacity_devices: 9,
        device_gb: f64::NAN,
        ..seed_001()
    });
    let flags: Vec<&str> = found.iter().map(|i| i.path.as_str()).collect();
    assert_eq!(flags, ["--device-gb", "--capacity-devices"]);
    assert!(found[1].message.ends_with("between 1 and 7 (got 9)"));
}

#[test]
fn raid5_needs_ftt_1() {
    let found = issues(&QuickInput {
        method: ProtectionMethod::Raid5,
        ftt: 2,
        ..seed_001()
    });
    assert_eq!(found[0].message, "--ftt must be 1 for RAID-5 (got 2)");
}

#[test]
fn dedup_ratio_out_of_range() {
    let found = issues(&QuickInput {
        dedup_ratio: Some(0.5),
        ..seed_001()
    });
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].path, "--dedup");
}

#[test]
fn flags_for_paths() {
    assert_eq!(flag_for("clusters[0].topology.host_count"), Some("--hosts"));
    assert_eq!(
        flag_for("clusters[0].storage.disk_groups[3].capacity_device_count"),
        Some("--capacity-devices")
    );
    assert_eq!(
        flag_for("clusters[0].storage.disk_groups[0].cache_device"),
        None
    );
    assert_eq!(flag_for("settings.slack_pct"), Some("--slack-pct"));
    assert_eq!(flag_for("workloads[0].id"), None);
}
