//! What a storage policy costs: the capacity multiplier and how many hosts
//! (fault domains) it needs.

use serde::Serialize;

use crate::model::StorageTier;
use crate::model::{ProtectionMethod, StoragePolicy};
use crate::rules::{ClusterFacts, Finding, FindingCode};
use crate::source;

#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct Protection {
    pub method: ProtectionMethod,
    pub ftt: u32,
    /// Blocks holding data per stripe (RAID-1: one per copy).
    pub data_blocks: u32,
    /// Blocks of redundancy per data block set: extra copies for RAID-1,
    /// parity blocks for erasure coding.
    pub redundancy_blocks: u32,
    /// Full copies kept across data sites: 2 under stretched-cluster site
    /// mirroring (each protected inside its site by the method above), else 1.
    pub site_copies: u32,
    /// Physical capacity per unit of data, every site copy included: 2x, 3x,
    /// 4x mirrored; 4/3 RAID-5; 1.5 RAID-6; twice that when site-mirrored.
    pub multiplier: f64,
    /// Smallest number of hosts (fault domains) the policy can be placed on,
    /// both sites together when site-mirrored.
    pub min_hosts: u32,
    /// Site-mirrored only: hosts each data site needs for the local protection.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub min_hosts_per_site: Option<u32>,
    /// One more than the minimum (in each site when site-mirrored), so the
    /// cluster can rebuild after a host failure.
    pub recommended_hosts: u32,
    /// Device writes per front-end write, as seen by the cache tier, in
    /// every site.
    pub device_writes_per_write: u32,
    pub source: &'static str,
    pub recommended_source: &'static str,
    pub device_writes_source: &'static str,
    /// Site-mirrored only: the rule for keeping a copy in each site.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub site_source: Option<&'static str>,
}

impl Protection {
    pub fn is_erasure_coding(&self) -> bool {
        self.method != ProtectionMethod::Raid1
    }

    /// Hosts the policy needs where it places its components: in each
    /// site when site-mirrored, else in the cluster.
    pub fn hosts_needed(&self) -> u32 {
        self.min_hosts_per_site.unwrap_or(self.min_hosts)
    }

    /// The policy keeps a copy in each site and protects it there.
    pub fn per_site(&self) -> bool {
        self.min_hosts_per_site.is_some()
    }
}

/// Hosts a policy's components can be placed on: each site's when it
/// protects within each site (both sites have the same hosts, so half the
/// cluster's), else the cluster's.
#[inline]
pub fn fault_domain_hosts(hosts: u32, per_site: bool) -> u32 {
    if per_site {
        hosts / 2
    } else {
        hosts
    }
}

/// `protection.erasure_coding_needs_all_flash`: erasure coding runs on
/// all-flash clusters only (vSAN design guide).
#[inline]
pub fn needs_other_tier(p: &Protection, tier: StorageTier) -> bool {
    p.is_erasure_coding() && tier == StorageTier::Hybrid
}

/// `protection.too_few_hosts`: fewer hosts than the policy's fault
/// domains (`Protection::hosts_needed`). Adding hosts only clears it.
#[inline]
pub fn too_few_hosts(hosts: u32, needed: u32, per_site: bool) -> bool {
    fault_domain_hosts(hosts, per_site) < needed
}

/// The protection a policy gives. RAID-5 and RAID-6 fix their FTT (1 and 2;
/// validation enforces it), so only RAID-1 reads `policy.ftt`.
pub fn protection(policy: &StoragePolicy) -> Protection {
    let (ftt, data_blocks, redundancy_blocks, min_hosts, source) = match policy.method {
        // FTT=n keeps n+1 copies and needs 2n+1 hosts: copies plus witnesses
        // must outnumber n failures. FTT=0 is a single copy on one host.
        ProtectionMethod::Raid1 => (
            policy.ftt,
            1,
            policy.ftt,
            2 * policy.ftt + 1,
            source::RAID1_MIRROR,
        ),
        ProtectionMethod::Raid5 => (1, 3, 1, 4, source::RAID5_ERASURE),
        ProtectionMethod::Raid6 => (2, 4, 2, 6, source::RAID6_ERASURE),
    };
    let multiplier = f64::from(data_blocks + redundancy_blocks) / f64::from(data_blocks);
    let device_writes_per_write = match policy.method {
        ProtectionMethod::Raid1 => ftt + 1,
        // A partial-stripe write rewrites one data block and every parity block.
        ProtectionMethod::Raid5 | ProtectionMethod::Raid6 => 1 + redundancy_blocks,
    };
    Protection {
        method: policy.method,
        ftt,
        data_blocks,
        redundancy_blocks,
        site_copies: 1,
        multiplier,
        min_hosts,
        min_hosts_per_site: None,
        recommended_hosts: min_hosts + 1,
        device_writes_per_write,
        source,
        recommended_source: source::SPARE_HOST,
        device_writes_source: source::CACHE_WRITES_PER_WRITE,
        site_source: None,
    }
}

/// A policy on a site-mirrored stretched cluster: a full copy in each data
/// site, each protected inside its site by the policy (the witness site is
/// the third fault domain). Capacity and device writes double; each site
/// needs the hosts the local protection needs (VMware vSAN Stretched
/// Cluster Guide; seed 000 §4.2: two hosts per site with site FTT=1).
pub fn site_mirrored(local: Protection) -> Protection {
    const SITES: u32 = 2;
    Protection {
        site_copies: SITES,
        multiplier: local.multiplier * f64::from(SITES),
        min_hosts: local.min_hosts * SITES,
        min_hosts_per_site: Some(local.min_hosts),
        recommended_hosts: local.recommended_hosts * SITES,
        device_writes_per_write: local.device_writes_per_write * SITES,
        site_source: Some(source::STRETCHED_SITE_MIRROR),
        ..local
    }
}

/// Host-count and tier rules for the policies a cluster uses; `policies`
/// pairs each policy with its index in `project.policies`.
pub fn host_findings(cluster: &ClusterFacts, policies: &[(usize, &StoragePolicy)]) -> Vec<Finding> {
    let mut out = Vec::new();
    let (name, hosts) = (cluster.name, cluster.host_count);
    let host_path = format!("{}.topology", cluster.path);
    for &(index, policy) in policies {
        let local = protection(policy);
        let p = if cluster.site_mirrored {
            site_mirrored(local)
        } else {
            local
        };
        let label = &policy.name;
        if needs_other_tier(&p, cluster.tier) {
            out.push(
                Finding::new(
                    FindingCode::ProtectionErasureCodingNeedsAllFlash,
                    format!("Policy \"{label}\" uses erasure coding, which cluster \"{name}\" cannot run: it is hybrid (HDD capacity devices)."),
                )
                .at(format!("policies[{index}].method")),
            );
        }
        let per_site = p.per_site();
        let (have, need) = (fault_domain_hosts(hosts, per_site), p.hosts_needed());
        let (spare, per) = if per_site {
            (p.recommended_hosts / 2, " in each site")
        } else {
            (p.recommended_hosts, "")
        };
        if too_few_hosts(hosts, need, per_site) {
            out.push(
                Finding::new(
                    FindingCode::ProtectionTooFewHosts,
                    format!("Cluster \"{name}\" has {have} host(s){per}; policy \"{label}\" needs at least {need}{per}."),
                ).citing(p.source)
                .at(host_path.clone()),
            );
        } else if have < spare {
            out.push(
                Finding::new(
                    FindingCode::ProtectionNoSpareHost,
                    format!("Cluster \"{name}\" has {have} host(s){per}, the minimum for policy \"{label}\"; with {spare}{per} a failed host's components could rebuild elsewhere."),
                )
                .at(host_path.clone()),
            );
        }
    }
    out
}

/// What a policy's name or id states about its protection, when it states
/// anything: "RAID-1", "raid5", "mirror"; "FTT=1", "ftt2".
pub(crate) fn stated_protection(label: &str) -> (Option<ProtectionMethod>, Option<u32>) {
    let plain: String = label
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .map(|c| c.to_ascii_lowercase())
        .collect();
    let method = if plain.contains("raid1") || plain.contains("mirror") {
        Some(ProtectionMethod::Raid1)
    } else if plain.contains("raid5") {
        Some(ProtectionMethod::Raid5)
    } else if plain.contains("raid6") {
        Some(ProtectionMethod::Raid6)
    } else {
        None
    };
    let ftt = plain
        .match_indices("ftt")
        .find_map(|(at, _)| plain[at + 3..].chars().next()?.to_digit(10));
    (method, ftt)
}

fn method_label(method: ProtectionMethod) -> &'static str {
    match method {
        ProtectionMethod::Raid1 => "RAID-1",
        ProtectionMethod::Raid5 => "RAID-5",
        ProtectionMethod::Raid6 => "RAID-6",
    }
}

/// A policy whose name or id states another method or FTT than it has: the
/// report and every workload list show the name, so it must not mislead.
pub fn policy_label_findings(policies: &[StoragePolicy]) -> Vec<Finding> {
    let mut out = Vec::new();
    for (i, policy) in policies.iter().enumerate() {
        for (field, label) in [("name", policy.name.as_str()), ("id", &*policy.id)] {
            let (method, ftt) = stated_protection(label);
            let wrong_method = method.is_some_and(|m| m != policy.method);
            let wrong_ftt = ftt.is_some_and(|f| f != policy.ftt);
            if !(wrong_method || wrong_ftt) {
                continue;
            }
            out.push(
                Finding::new(
                    FindingCode::ProtectionPolicyLabelContradicts,
                    format!(
                        "Policy \"{label}\" reads as {}{} but protects with {} FTT={}: rename it or change its method.",
                        method.map_or("", method_label),
                        ftt.map_or(String::new(), |f| format!(" FTT={f}")),
                        method_label(policy.method),
                        policy.ftt
                    ),
                )
                .at(format!("policies[{i}].{field}")),
            );
            break;
        }
    }
    out
}

#[cfg(test)]
mod tests {

    fn named(id: &str, name: &str, method: ProtectionMethod, ftt: u32) -> StoragePolicy {
        serde_json::from_value(serde_json::json!({
            "id": id, "name": name, "method": method, "ftt": ftt
        }))
        .unwrap()
    }

    #[test]
    fn a_policy_named_for_another_method_or_ftt_is_flagged() {
        use ProtectionMethod::{Raid1, Raid5, Raid6};
        let policies = [
            named("raid1-ftt1", "RAID-1 FTT=1", Raid5, 1),
            named("p2", "Mirror, FTT 2", Raid1, 2),
            named("p3", "RAID-6 FTT=2", Raid6, 2),
            named("gold", "Gold tier", Raid5, 1),
            named("p5", "raid1_ftt=1", Raid1, 2),
        ];
        let found = policy_label_findings(&policies);
        let paths: Vec<_> = found.iter().map(|f| f.path.as_deref().unwrap()).collect();
        assert_eq!(paths, ["policies[0].name", "policies[4].name"]);
        assert!(
            found[0]
                .message
                .contains("reads as RAID-1 FTT=1 but protects with RAID-5 FTT=1"),
            "{}",
            found[0].message
        );
        // The id alone can mislead too.
        let by_id = policy_label_findings(&[named("raid1-ftt1", "Database", Raid5, 1)]);
        assert_eq!(by_id[0].path.as_deref(), Some("policies[0].id"));
    }

    use super::*;

    fn policy(method: ProtectionMethod, ftt: u32) -> StoragePolicy {
        StoragePolicy::of(method, ftt)
    }

    #[test]
    fn seed_001_mirroring_multipliers_and_hosts() {
        // Seed 001, Erasure Coding: "a 20GB disk would require 40GB" (RAID-1
        // FTT=1) and "60GB" (FTT=2); seed 000 §4.7: FTT+1 copies.
        let expected = [
            (0, 1.0, 1, 2),
            (1, 2.0, 3, 4),
            (2, 3.0, 5, 6),
            (3, 4.0, 7, 8),
        ];
        for (ftt, multiplier, min, recommended) in expected {
            let p = protection(&policy(ProtectionMethod::Raid1, ftt));
            assert_eq!(p.multiplier, multiplier, "FTT={ftt}");
            assert_eq!(p.min_hosts, min, "FTT={ftt}");
            assert_eq!(p.recommended_hosts, recommended, "FTT={ftt}");
            assert_eq!(p.device_writes_per_write, ftt + 1);
        }
        assert_eq!(
            20.0 * protection(&policy(ProtectionMethod::Raid1, 1)).multiplier,
            40.0
        );
    }

    #[test]
    fn seed_001_raid5_is_3_plus_1_on_four_hosts() {
        // Seed 001, Erasure Coding: "RAID 5 requires four hosts at a minimum
        // because it uses a 3+1 logic ... only around 27GB" for a 20 GB disk.
        let p = protection(&policy(ProtectionMethod::Raid5, 1));
        assert!((p.multiplier - 4.0 / 3.0).abs() < 1e-12);
        assert!((20.0 * p.multiplier - 27.0).abs() < 0.5);
        assert_eq!((p.min_hosts, p.recommended_hosts), (4, 5));
        assert_eq!(p.device_writes_per_write, 2);
        assert!(p.is_erasure_coding());
    }

    #[test]
    fn seed_001_raid6_is_4_plus_2_on_six_hosts() {
        // Seed 001, Erasure Coding: "with RAID 6, this is just 30GB" for a
        // 20 GB disk; "at least six hosts are required".
        let p = protection(&policy(ProtectionMethod::Raid6, 2));
        assert_eq!(p.multiplier, 1.5);
        assert_eq!(20.0 * p.multiplier, 30.0);
        assert_eq!((p.min_hosts, p.recommended_hosts), (6, 7));
        assert_eq!(p.ftt, 2);
        assert_eq!(p.device_writes_per_write, 3);
    }

    fn facts(host_count: u32, tier: StorageTier) -> ClusterFacts<'static> {
        ClusterFacts {
            path: "clusters[0]",
            name: "c",
            host_count,
            tier,
            mixed_tiers: false,
            dedup_requested: false,
            stretched: false,
            site_mirrored: false,
        }
    }

    fn codes(findings: &[Finding]) -> Vec<&'static str> {
        findings.iter().map(|f| f.code.as_str()).collect()
    }

    #[test]
    fn seed_001_raid6_on_four_hosts_is_an_error() {
        // Seed 001: four hosts; RAID-6 needs six.
        let raid6 = policy(ProtectionMethod::Raid6, 2);
        let found = host_findings(&facts(4, StorageTier::AllFlash), &[(1, &raid6)]);
        assert_eq!(codes(&found), ["protection.too_few_hosts"]);
        assert_eq!(found[0].path.as_deref(), Some("clusters[0].topology"));
        assert!(
            found[0].message.contains("needs at least 6"),
            "{}",
            found[0].message
        );
    }

    #[test]
    fn seed_001_raid5_on_four_hosts_has_no_spare() {
        let raid5 = policy(ProtectionMethod::Raid5, 1);
        let found = host_findings(&facts(4, StorageTier::AllFlash), &[(0, &raid5)]);
        assert_eq!(codes(&found), ["protection.no_spare_host"]);
        assert!(host_findings(&facts(5, StorageTier::AllFlash), &[(0, &raid5)]).is_empty());
    }

    #[test]
    fn site_mirroring_doubles_the_local_protection() {
        // vSAN stretched cluster: a copy per site, each protected locally.
        // (method, ftt) -> (combined multiplier, hosts per site).
        for (method, ftt, multiplier, per_site) in [
            (ProtectionMethod::Raid1, 0, 2.0, 1),
            (ProtectionMethod::Raid1, 1, 4.0, 3),
            (ProtectionMethod::Raid5, 1, 8.0 / 3.0, 4),
            (ProtectionMethod::Raid6, 2, 3.0, 6),
        ] {
            let p = site_mirrored(protection(&policy(method, ftt)));
            assert!((p.multiplier - multiplier).abs() < 1e-12, "{method:?}");
            assert_eq!(p.site_copies, 2);
            assert_eq!(p.min_hosts_per_site, Some(per_site));
            assert_eq!(p.min_hosts, 2 * per_site);
            assert_eq!(p.recommended_hosts, 2 * (per_site + 1));
            assert!(p.site_source.is_some());
        }
        assert_eq!(
            site_mirrored(protection(&policy(ProtectionMethod::Raid1, 1))).device_writes_per_write,
            4
        );
    }

    #[test]
    fn site_mirrored_host_findings_count_each_site() {
        // RAID-5 inside each site needs 4 hosts per site: 3 + 3 is short.
        let raid5 = policy(ProtectionMethod::Raid5, 1);
        let stretched = ClusterFacts {
            stretched: true,
            site_mirrored: true,
            ..facts(6, StorageTier::AllFlash)
        };
        let found = host_findings(&stretched, &[(0, &raid5)]);
        assert_eq!(codes(&found), ["protection.too_few_hosts"]);
        assert!(
            found[0].message.contains("3 host(s) in each site")
                && found[0].message.contains("at least 4 in each site"),
            "{}",
            found[0].message
        );
        let five_per_site = ClusterFacts {
            host_count: 10,
            ..stretched
        };
        assert!(host_findings(&five_per_site, &[(0, &raid5)]).is_empty());
    }

    #[test]
    fn erasure_coding_on_hybrid_is_an_error() {
        let raid5 = policy(ProtectionMethod::Raid5, 1);
        let found = host_findings(&facts(5, StorageTier::Hybrid), &[(2, &raid5)]);
        assert_eq!(codes(&found), ["protection.erasure_coding_needs_all_flash"]);
        assert_eq!(found[0].path.as_deref(), Some("policies[2].method"));
        let raid1 = policy(ProtectionMethod::Raid1, 1);
        assert!(host_findings(&facts(4, StorageTier::Hybrid), &[(0, &raid1)]).is_empty());
    }
}
