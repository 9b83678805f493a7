//! The one-line cluster calculator behind `stacksizer quick`: builds a
//! one-cluster project from a few figures and sizes it with the same
//! validation and rules as `evaluate`.

use serde::Serialize;

use crate::demand::protection::protection;
use crate::evaluate::evaluate;
use crate::model::issue::InputIssue;
use crate::model::{
    Cluster, DedupRatios, Device, DeviceKind, DiskGroup, HostSpec, Project, ProtectionMethod,
    Settings, Storage, StoragePolicy, StorageTier, Topology, SCHEMA_VERSION,
};
use crate::platform::vsan_osa::cache::{
    disk_groups_in_cluster, share_of_consumed_per_disk_group_gb,
};
use crate::platform::vsan_osa::capacity::{data_capacity_gb, WaterfallStep};
use crate::rules::Finding;
use crate::validate::disk_group_count;

#[derive(Debug, Clone, PartialEq)]
pub struct QuickInput {
    pub hosts: u32,
    /// Disk groups per host.
    pub disk_groups: u32,
    /// Capacity devices per disk group.
    pub capacity_devices: u32,
    /// Capacity device size, decimal GB.
    pub device_gb: f64,
    pub method: ProtectionMethod,
    pub ftt: u32,
    /// Turns dedup+compression on with this expected ratio.
    pub dedup_ratio: Option<f64>,
    /// Defaults to `Settings::default()`.
    pub slack_pct: Option<f64>,
    /// Defaults to `Settings::default()`.
    pub reserve_hosts: Option<u32>,
    /// Flash capacity devices; otherwise 10k HDDs (a hybrid cluster).
    pub all_flash: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct QuickResult {
    pub raw_tb: f64,
    pub raw_tib: f64,
    pub protection_multiplier: f64,
    /// The dedup+compression ratio applied (1.0 when off or unable to run).
    pub dedup_ratio: f64,
    /// Data the cluster holds once protected and reduced.
    pub usable_tb: f64,
    pub usable_tib: f64,
    /// Space for protected data (copies and parity included).
    pub usable_for_protected_data_tb: f64,
    pub usable_for_protected_data_tib: f64,
    pub min_hosts: u32,
    pub recommended_hosts: u32,
    /// The 10 % rule, assuming the usable capacity will be consumed.
    pub cache_required_gb_per_disk_group: f64,
    pub tier: StorageTier,
    pub waterfall: Vec<WaterfallStep>,
    /// Paths name the command-line flag that causes the finding.
    pub findings: Vec<Finding>,
}

const CLUSTER_ID: &str = "quick";
const CACHE_ID: &str = "cache";
const CAPACITY_ID: &str = "capacity";

/// The project `quick` sizes. Quick mode asks no compute or performance
/// question, so the host and the devices' IOPS are the smallest valid
/// placeholders, and each cache device matches a capacity device in size;
/// with no workloads no reported figure or finding depends on them.
pub fn quick_project(input: &QuickInput) -> Result<Project, Vec<InputIssue>> {
    // Check before building: a typo like 5000000 must not allocate that many.
    let groups_path = "clusters[0].storage.disk_groups";
    if let Some(issue) = disk_group_count(groups_path, input.disk_groups as usize) {
        return Err(vec![issue]);
    }
    let defaults = Settings::default();
    let ratio = input.dedup_ratio.unwrap_or(1.0);
    let settings = Settings {
        slack_pct: input.slack_pct.unwrap_or(defaults.slack_pct),
        reserve_hosts: input.reserve_hosts.unwrap_or(defaults.reserve_hosts),
        dedup_ratios: DedupRatios {
            sql_server: ratio,
            exchange: ratio,
            file_server: ratio,
            vm_group: ratio,
        },
        ..defaults
    };
    let capacity_kind = if input.all_flash {
        DeviceKind::SasSsd
    } else {
        DeviceKind::Hdd10k
    };
    let group = DiskGroup {
        cache_device: CACHE_ID.into(),
        capacity_device: CAPACITY_ID.into(),
        capacity_device_count: input.capacity_devices,
    };
    Ok(Project {
        schema_version: SCHEMA_VERSION,
        name: "quick".into(),
        description: String::new(),
        settings,
        facts: Default::default(),
        devices: vec![
            placeholder_device(CACHE_ID, DeviceKind::SasSsd, input.device_gb),
            placeholder_device(CAPACITY_ID, capacity_kind, input.device_gb),
        ],
        clusters: vec![Cluster {
            id: CLUSTER_ID.into(),
            name: CLUSTER_ID.into(),
            host: HostSpec {
                model: "unspecified".into(),
                sockets: 2,
                cores_per_socket: 16,
                ghz: 2.0,
                ram_gb: 256.0,
                nics: 2,
                nic_gbps: 10.0,
                unit_price: None,
            },
            topology: Topology::Single {
                host_count: input.hosts,
            },
            storage: Storage::VsanOsa {
                disk_groups: vec![group; input.disk_groups as usize],
                dedup_compression: input.dedup_ratio.is_some(),
            },
        }],
        policies: vec![StoragePolicy {
            id: "policy".into(),
            name: policy_name(input.method, input.ftt),
            method: input.method,
            ftt: input.ftt,
            stripe_width: 1,
            object_space_reservation_pct: 0.0,
            checksum: true,
            iops_limit: None,
            compression: None,
        }],
        workloads: Vec::new(),
        pricing: Default::default(),
        scenarios: Vec::new(),
        origin: None,
    })
}

fn placeholder_device(id: &str, kind: DeviceKind, gb: f64) -> Device {
    Device {
        id: id.into(),
        model: format!("{id} device"),
        kind,
        capacity_gb: gb,
        read_iops: 1.0,
        write_iops: 1.0,
        endurance_dwpd: None,
        flash_class: None,
        unit_price: None,
    }
}

fn policy_name(method: ProtectionMethod, ftt: u32) -> String {
    let raid = match method {
        ProtectionMethod::Raid1 => 1,
        ProtectionMethod::Raid5 => 5,
        ProtectionMethod::Raid6 => 6,
    };
    format!("RAID-{raid} FTT={ftt}")
}

/// Sizes the quick cluster. Input issues name the flag, not the JSON path.
pub fn quick(input: &QuickInput) -> Result<QuickResult, Vec<InputIssue>> {
    let project = quick_project(input).map_err(to_flags)?;
    let evaluation = evaluate(&project).map_err(to_flags)?;
    let cluster = evaluation
        .osa()
        .next()
        .expect("the quick project is one vSAN OSA cluster");
    let capacity = &cluster.capacity;
    let policy = &project.policies[0];
    let p = protection(policy);
    let ratio = if capacity.dedup_active {
        input.dedup_ratio.unwrap_or(1.0)
    } else {
        1.0
    };
    let usable = capacity.usable;
    let data = crate::model::Capacity::from_gb(data_capacity_gb(
        usable.gb,
        &p,
        ratio,
        policy.object_space_reservation_pct,
    ));
    let disk_groups = disk_groups_in_cluster(input.disk_groups as usize, input.hosts);
    Ok(QuickResult {
        raw_tb: cluster.raw.total.tb,
        raw_tib: cluster.raw.total.tib,
        protection_multiplier: p.multiplier,
        dedup_ratio: ratio,
        usable_tb: data.tb,
        usable_tib: data.tib,
        usable_for_protected_data_tb: usable.tb,
        usable_for_protected_data_tib: usable.tib,
        min_hosts: p.min_hosts,
        recommended_hosts: p.recommended_hosts,
        cache_required_gb_per_disk_group: share_of_consumed_per_disk_group_gb(
            data.gb,
            &project.settings,
            disk_groups,
        ),
        tier: cluster.tier,
        waterfall: capacity.waterfall.clone(),
        findings: evaluation
            .findings
            .into_iter()
            .map(|mut f| {
                f.path = f.path.and_then(|path| flag_for(&path)).map(String::from);
                f
            })
            .collect(),
    })
}

/// The command-line flag that sets the input at a quick project's JSON path.
pub fn flag_for(path: &str) -> Option<&'static str> {
    let in_groups =
        |rest: &str| path.starts_with("clusters[0].storage.disk_groups") && path.ends_with(rest);
    let flag = if path.starts_with("clusters[0].topology") {
        "--hosts"
    } else if in_groups(".capacity_device_count") {
        "--capacity-devices"
    } else if path == "clusters[0].storage.disk_groups" {
        "--disk-groups"
    } else if path == "clusters[0].storage.dedup_compression" {
        "--dedup"
    } else if path.starts_with("devices[") {
        "--device-gb"
    } else if path == "policies[0].ftt" {
        "--ftt"
    } else if path == "policies[0].method" {
        "--raid"
    } else if path == "settings.slack_pct" {
        "--slack-pct"
    } else if path == "settings.reserve_hosts" {
        "--reserve-hosts"
    } else if path.starts_with("settings.dedup_ratios") {
        "--dedup"
    } else {
        return None;
    };
    Some(flag)
}

/// Rewrites issues to name flags; several paths set by one flag (both
/// devices' size, every disk group's device count) collapse to one issue.
fn to_flags(issues: Vec<InputIssue>) -> Vec<InputIssue> {
    let mut out: Vec<InputIssue> = Vec::new();
    for issue in issues {
        let Some(flag) = flag_for(&issue.path) else {
            out.push(issue);
            continue;
        };
        let rest = issue
            .message
            .strip_prefix(issue.path.as_str())
            .unwrap_or(&issue.message)
            .trim_start();
        let mapped = InputIssue::new(flag, rest);
        if !out.contains(&mapped) {
            out.push(mapped);
        }
    }
    out
}

#[cfg(test)]
mod tests;
