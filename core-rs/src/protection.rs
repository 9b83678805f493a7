//! What a storage policy costs: the capacity multiplier and how many hosts
//! (fault domains) it needs.

use serde::Serialize;

use crate::capacity::StorageTier;
use crate::model::{ProtectionMethod, StoragePolicy};
use crate::rules::{ClusterFacts, Finding};
use crate::source;

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct Protection {
    pub method: ProtectionMethod,
    pub ftt: u32,
    /// Blocks holding data per stripe (RAID-1: one per copy).
    pub data_blocks: u32,
    /// Blocks of redundancy per data block set: extra copies for RAID-1,
    /// parity blocks for erasure coding.
    pub redundancy_blocks: u32,
    /// Physical capacity per unit of data: 2x, 3x, 4x mirrored; 4/3 RAID-5; 1.5 RAID-6.
    pub multiplier: f64,
    /// Smallest number of hosts (fault domains) the policy can be placed on.
    pub min_hosts: u32,
    /// One more than the minimum, so the cluster can rebuild after a host failure.
    pub recommended_hosts: u32,
    /// Device writes per front-end write, as seen by the cache tier.
    pub device_writes_per_write: u32,
    pub source: &'static str,
    pub recommended_source: &'static str,
    pub device_writes_source: &'static str,
}

impl Protection {
    pub fn is_erasure_coding(&self) -> bool {
        self.method != ProtectionMethod::Raid1
    }
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
        multiplier,
        min_hosts,
        recommended_hosts: min_hosts + 1,
        device_writes_per_write,
        source,
        recommended_source: source::SPARE_HOST,
        device_writes_source: source::CACHE_WRITES_PER_WRITE,
    }
}

/// Host-count and tier rules for the policies a cluster uses; `policies`
/// pairs each policy with its index in `project.policies`.
pub fn host_findings(cluster: &ClusterFacts, policies: &[(usize, &StoragePolicy)]) -> Vec<Finding> {
    let mut out = Vec::new();
    let (name, hosts) = (cluster.name, cluster.host_count);
    let host_path = format!("{}.topology", cluster.path);
    for &(index, policy) in policies {
        let p = protection(policy);
        let label = &policy.name;
        if p.is_erasure_coding() && cluster.tier == StorageTier::Hybrid {
            out.push(
                Finding::error(
                    "protection.erasure_coding_needs_all_flash",
                    format!("Policy \"{label}\" uses erasure coding, which cluster \"{name}\" cannot run: it is hybrid (HDD capacity devices)."),
                    source::ERASURE_CODING_ALL_FLASH,
                )
                .at(format!("policies[{index}].method")),
            );
        }
        if hosts < p.min_hosts {
            out.push(
                Finding::error(
                    "protection.too_few_hosts",
                    format!("Cluster \"{name}\" has {hosts} host(s); policy \"{label}\" needs at least {}.", p.min_hosts),
                    p.source,
                )
                .at(host_path.clone()),
            );
        } else if hosts < p.recommended_hosts {
            out.push(
                Finding::warning(
                    "protection.no_spare_host",
                    format!("Cluster \"{name}\" has {hosts} host(s), the minimum for policy \"{label}\"; with {} a failed host's components could rebuild elsewhere.", p.recommended_hosts),
                    p.recommended_source,
                )
                .at(host_path.clone()),
            );
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn policy(method: ProtectionMethod, ftt: u32) -> StoragePolicy {
        StoragePolicy {
            id: "p".into(),
            name: "p".into(),
            method,
            ftt,
            stripe_width: 1,
            object_space_reservation_pct: 0.0,
            checksum: true,
            iops_limit: None,
        }
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
        }
    }

    fn codes(findings: &[Finding]) -> Vec<&'static str> {
        findings.iter().map(|f| f.code).collect()
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
    fn erasure_coding_on_hybrid_is_an_error() {
        let raid5 = policy(ProtectionMethod::Raid5, 1);
        let found = host_findings(&facts(5, StorageTier::Hybrid), &[(2, &raid5)]);
        assert_eq!(codes(&found), ["protection.erasure_coding_needs_all_flash"]);
        assert_eq!(found[0].path.as_deref(), Some("policies[2].method"));
        let raid1 = policy(ProtectionMethod::Raid1, 1);
        assert!(host_findings(&facts(4, StorageTier::Hybrid), &[(0, &raid1)]).is_empty());
    }
}
