//! The failures a proposed design must ride out, as the user names them
//! (`RecommendOptions::must_survive`). Each is judged on the failure
//! scenarios `evaluate` plays through the design, by the predicates those
//! scenarios carry (`FailureScenario::holds` for vSAN OSA,
//! `ArrayFailure::holds` for XtremIO + VPLEX Metro), so a proposal holds
//! exactly what its evaluation shows and the search repeats no rule.

use serde::{Deserialize, Serialize};

use super::family::Family;
use crate::evaluate::ClusterDetail;
use crate::platform::xtremio_vplex::ArrayFailureKind;
use crate::resilience::{short_of_hosts, FailureKind, FailureScenario, HostLayout, RebuildBlocker};
use crate::rules::num;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum MustSurvive {
    /// The largest capacity device fails.
    CapacityDevice,
    /// The largest disk group fails (its cache device).
    DiskGroup,
    /// One host fails, and the N+x hosts the design reserves for
    /// (`reserve_hosts`) one after another.
    Host,
    /// A whole site fails (stretched vSAN, XtremIO + VPLEX Metro).
    Site,
    /// Every single device, disk group or host failure is rebuilt, repair
    /// delay included, within `settings.resilience.long_resync_hours`.
    RebuildInTime,
}

impl MustSurvive {
    pub const ALL: [MustSurvive; 5] = [
        MustSurvive::CapacityDevice,
        MustSurvive::DiskGroup,
        MustSurvive::Host,
        MustSurvive::Site,
        MustSurvive::RebuildInTime,
    ];

    /// The name options and the CLI use, e.g. "disk_group".
    pub fn name(self) -> &'static str {
        match self {
            MustSurvive::CapacityDevice => "capacity_device",
            MustSurvive::DiskGroup => "disk_group",
            MustSurvive::Host => "host",
            MustSurvive::Site => "site",
            MustSurvive::RebuildInTime => "rebuild_in_time",
        }
    }

    pub fn from_name(name: &str) -> Option<MustSurvive> {
        MustSurvive::ALL.into_iter().find(|m| m.name() == name)
    }

    /// The allowed names, for messages.
    pub fn names() -> String {
        MustSurvive::ALL.map(MustSurvive::name).join(", ")
    }

    /// The rejection code a design that does not ride it out is counted under.
    pub fn code(self) -> &'static str {
        match self {
            MustSurvive::CapacityDevice => "must_survive.capacity_device",
            MustSurvive::DiskGroup => "must_survive.disk_group",
            MustSurvive::Host => "must_survive.host",
            MustSurvive::Site => "must_survive.site",
            MustSurvive::RebuildInTime => "must_survive.rebuild_in_time",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            MustSurvive::CapacityDevice => "a capacity device failure",
            MustSurvive::DiskGroup => "a disk group failure",
            MustSurvive::Host => "host failures up to N+x",
            MustSurvive::Site => "a site failure",
            MustSurvive::RebuildInTime => "each rebuild within the long-resync limit",
        }
    }

    /// Whether `evaluate` plays this failure through the family's designs:
    /// vSAN OSA every failure but a site's on one site; XtremIO + VPLEX
    /// Metro a site's only (its other scenarios are the array's and
    /// VPLEX's parts); vSAN ESA a device's, the hosts' and the rebuild
    /// times (single site, and its storage pool has no disk groups).
    pub fn modelled_for(self, family: Family) -> bool {
        match family {
            Family::HybridVsan | Family::AllFlashVsan => self != MustSurvive::Site,
            Family::StretchedHybridVsan | Family::StretchedAllFlashVsan => true,
            Family::XtremioVplex => self == MustSurvive::Site,
            Family::EsaVsan => matches!(
                self,
                MustSurvive::CapacityDevice | MustSurvive::Host | MustSurvive::RebuildInTime
            ),
        }
    }

    /// Why the evaluated cluster does not ride the failure out; None when
    /// it does.
    pub fn shortfall(self, detail: &ClusterDetail, long_resync_hours: f64) -> Option<String> {
        let resilience = match detail {
            ClusterDetail::VsanOsa(e) => &e.resilience,
            ClusterDetail::VsanEsa(e) => &e.resilience,
            ClusterDetail::XtremioVplex(e) if self == MustSurvive::Site => {
                return e
                    .xtremio_vplex
                    .failures
                    .iter()
                    .filter(|f| {
                        matches!(
                            f.kind,
                            ArrayFailureKind::ProductionSite | ArrayFailureKind::RemoteSite
                        )
                    })
                    .find(|f| !f.holds())
                    .map(|f| format!("after a site failure: {}", f.effect));
            }
            ClusterDetail::XtremioVplex(_) => {
                return Some(format!("{} is not modelled for this design", self.label()));
            }
        };
        let scenarios: Vec<&FailureScenario> = resilience
            .scenarios
            .iter()
            .filter(|s| self.vsan_kinds().contains(&s.kind))
            .collect();
        if scenarios.is_empty() {
            return Some(format!(
                "{} is not played through this design",
                self.label()
            ));
        }
        scenarios.iter().find_map(|s| {
            if !s.holds() {
                Some(format!("after \"{}\" {}", s.label, vsan_shortfall(s)))
            } else if self == MustSurvive::RebuildInTime && s.hours_exposed() > long_resync_hours {
                Some(format!(
                    "rebuilding after \"{}\" takes {} h, over the {} h limit",
                    s.label,
                    num(s.hours_exposed(), 1),
                    num(long_resync_hours, 0)
                ))
            } else {
                None
            }
        })
    }

    /// Whether a vSAN OSA cluster of these hosts cannot rebuild after this
    /// failure for want of hosts: data lost, or too few hosts left for a
    /// policy (`RebuildBlocker`), as `evaluate`'s scenarios find by the
    /// same predicates (`resilience::short_of_hosts`). `policies` holds
    /// each policy's (failures tolerated, minimum hosts). No device enters
    /// it, so `figures` decides it per size with no evaluation and the
    /// sizing starts every line where it clears.
    ///
    /// The rest of a scenario cannot be decided so: whether the space left
    /// holds the data (`NotEnoughSpace`), whether the surviving devices
    /// carry the IOPS (`rebuild_performance`) and how long the rebuild
    /// takes (`RebuildInTime`) follow from the failed hardware itself (the
    /// largest capacity device or disk group, a host's raw capacity and
    /// rated IOPS) and from the resync rate of the tier, dedup, cache
    /// device kind and NIC. The IOPS of the failures the design promises
    /// to ride out fail it anyway (`resilience.rebuild_iops_short`, which
    /// the scorer decides); the rest `select` judges on its full
    /// evaluation of each design (`shortfall`).
    pub fn short_of_hosts(self, hosts: &HostLayout, policies: &[(u32, u32)]) -> bool {
        self.vsan_kinds()
            .iter()
            .any(|&kind| short_of_hosts(hosts, kind, policies))
    }

    fn vsan_kinds(self) -> &'static [FailureKind] {
        match self {
            MustSurvive::CapacityDevice => &[FailureKind::CapacityDevice],
            MustSurvive::DiskGroup => &[FailureKind::DiskGroup],
            MustSurvive::Host => &[FailureKind::Host, FailureKind::ReserveHosts],
            MustSurvive::Site => &[FailureKind::Site],
            MustSurvive::RebuildInTime => &[
                FailureKind::CapacityDevice,
                FailureKind::DiskGroup,
                FailureKind::Host,
            ],
        }
    }
}

fn vsan_shortfall(s: &FailureScenario) -> String {
    let blockers: Vec<&str> = s
        .rebuild_blockers
        .iter()
        .filter(|b| **b != RebuildBlocker::SiteDown)
        .map(|b| b.describe())
        .collect();
    if blockers.is_empty() {
        "the surviving devices cannot carry the workloads' IOPS".into()
    } else {
        blockers.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_match_serde() {
        for m in MustSurvive::ALL {
            assert_eq!(MustSurvive::from_name(m.name()), Some(m));
            assert_eq!(
                serde_json::to_string(&m).expect("serialises"),
                format!("\"{}\"", m.name())
            );
            assert_eq!(m.code(), format!("must_survive.{}", m.name()));
        }
        assert_eq!(MustSurvive::from_name("rack"), None);
    }

    /// Without site mirroring a site failure takes every host of its site
    /// (`hosts_per_site`, half the cluster), and the data survives only
    /// where the policy tolerates that many failures; but every policy
    /// needs more than twice its failures tolerated in hosts (2n+1 for
    /// RAID-1, 4 for RAID-5, 6 for RAID-6). So a site failure's data loss
    /// clears only at sizes `protection.too_few_hosts` fails: the search
    /// loses no design by treating the check as monotonic in the size.
    #[test]
    fn a_site_failure_keeps_no_data_a_valid_unmirrored_policy_holds() {
        use crate::demand::protection::{protection, too_few_hosts};
        use crate::model::{ProtectionMethod, StoragePolicy};
        use crate::resilience::data_accessible;
        let methods = [
            (ProtectionMethod::Raid1, 0..=3),
            (ProtectionMethod::Raid5, 1..=1),
            (ProtectionMethod::Raid6, 2..=2),
        ];
        let mut kept_somewhere = 0;
        for (method, ftts) in methods {
            for ftt in ftts {
                let p = protection(&StoragePolicy::of(method, ftt));
                assert!(!p.per_site(), "{method:?} FTT={ftt}");
                for hosts_per_site in 1..=32 {
                    let kept = data_accessible(p.ftt, hosts_per_site, false);
                    kept_somewhere += u32::from(kept);
                    assert!(
                        !kept || too_few_hosts(2 * hosts_per_site, p.hosts_needed(), false),
                        "{method:?} FTT={ftt} keeps its data at {hosts_per_site} per site"
                    );
                }
            }
        }
        // The check is not vacuous: small sites do keep the data.
        assert!(kept_somewhere > 0);
    }
}
