//! What the user asks of a search besides the workloads: limits on the
//! design (budget, rack space, hosts), the parts and families to consider,
//! the protections each workload class may use, and how much to return.

use serde::{Deserialize, Serialize};

use super::family::Family;
use super::survive::MustSurvive;
use crate::catalog::{Part, PartSpec};
use crate::limits::{MAX_DISK_GROUPS_PER_HOST, MAX_HOSTS_PER_CLUSTER};
use crate::model::issue::InputIssue;
use crate::model::{Project, ProtectionMethod};

/// A protection the search may give a workload class (the workloads
/// sharing one storage policy). On a site-mirrored stretched cluster it
/// protects each site's copy inside its site.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum ProtectionChoice {
    /// One copy: only sensible inside each site of a site-mirrored
    /// stretched cluster (the seeds' vSAN 6.1/6.2 stretched clusters).
    Raid1Ftt0,
    Raid1Ftt1,
    Raid1Ftt2,
    /// Erasure coding 3+1 (all-flash only).
    Raid5,
    /// Erasure coding 4+2 (all-flash only).
    Raid6,
}

impl ProtectionChoice {
    pub const ALL: [ProtectionChoice; 5] = [
        ProtectionChoice::Raid1Ftt0,
        ProtectionChoice::Raid1Ftt1,
        ProtectionChoice::Raid1Ftt2,
        ProtectionChoice::Raid5,
        ProtectionChoice::Raid6,
    ];

    pub fn method_and_ftt(self) -> (ProtectionMethod, u32) {
        match self {
            ProtectionChoice::Raid1Ftt0 => (ProtectionMethod::Raid1, 0),
            ProtectionChoice::Raid1Ftt1 => (ProtectionMethod::Raid1, 1),
            ProtectionChoice::Raid1Ftt2 => (ProtectionMethod::Raid1, 2),
            ProtectionChoice::Raid5 => (ProtectionMethod::Raid5, 1),
            ProtectionChoice::Raid6 => (ProtectionMethod::Raid6, 2),
        }
    }

    /// A policy id for the protection, e.g. "raid5-ftt1".
    pub fn slug(self) -> &'static str {
        match self {
            ProtectionChoice::Raid1Ftt0 => "raid1-ftt0",
            ProtectionChoice::Raid1Ftt1 => "raid1-ftt1",
            ProtectionChoice::Raid1Ftt2 => "raid1-ftt2",
            ProtectionChoice::Raid5 => "raid5-ftt1",
            ProtectionChoice::Raid6 => "raid6-ftt2",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            ProtectionChoice::Raid1Ftt0 => "RAID-1 FTT=0",
            ProtectionChoice::Raid1Ftt1 => "RAID-1 FTT=1",
            ProtectionChoice::Raid1Ftt2 => "RAID-1 FTT=2",
            ProtectionChoice::Raid5 => "RAID-5 (3+1) FTT=1",
            ProtectionChoice::Raid6 => "RAID-6 (4+2) FTT=2",
        }
    }
}

/// Which designs a search may propose besides the clean ones. A design
/// with an error finding is never proposed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum WarningPolicy {
    /// Designs with warnings too, ranked after every clean design.
    #[default]
    ErrorsOnly,
    /// Clean designs only.
    NoWarnings,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(default, deny_unknown_fields)]
pub struct RecommendOptions {
    /// The cluster to size; the project's first cluster when absent.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub cluster_id: Option<String>,
    /// Highest total price, in the catalog's currency.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub budget: Option<f64>,
    /// Most rack units the hosts (and arrays, engines) may take.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub max_rack_units: Option<u32>,
    /// Most power the design may draw, in W (the hosts' `power_w` in the
    /// catalog); designs with a part whose power is not stated are left out.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub max_power_w: Option<f64>,
    /// Most hosts in the cluster, both sites together when stretched
    /// (vSAN's own limit is 64).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub max_hosts: Option<u32>,
    /// Fewest hosts in the cluster, both sites together when stretched.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub min_hosts: Option<u32>,
    /// Fewest and most disk groups per host (vSAN OSA; 1 to 5).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub min_disk_groups: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub max_disk_groups: Option<u32>,
    /// Host failures the design must survive (N+x) in place of the
    /// project's `settings.reserve_hosts`; the proposed project carries it.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub reserve_hosts: Option<u32>,
    /// Slack space in % in place of the project's `settings.slack_pct`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub slack_pct: Option<f64>,
    /// Whether designs with warnings are proposed (after the clean ones).
    pub warnings: WarningPolicy,
    /// Failures every proposed design must ride out, judged on the
    /// scenarios `evaluate` plays through it; families whose designs it
    /// does not play them through are not searched.
    pub must_survive: Vec<MustSurvive>,
    /// Only parts of these vendors (case-insensitive); every vendor when empty.
    pub vendors: Vec<String>,
    /// Only these host parts: catalog id or model, case-insensitive; every
    /// host when empty.
    pub host_models: Vec<String>,
    /// Only hosts whose generation contains one of these (e.g. "16G",
    /// "Gen11", "V3"; case-insensitive); every generation when empty.
    pub generations: Vec<String>,
    /// Only these families; every family the project's topology allows when empty.
    pub families: Vec<Family>,
    /// Search the seed-era parts the catalog marks legacy as well.
    pub include_legacy: bool,
    /// Protections a workload class may get; when empty: RAID-1 FTT=1 and
    /// FTT=2, RAID-5, RAID-6, plus RAID-1 FTT=0 inside each site of a
    /// site-mirrored stretched cluster.
    pub protections: Vec<ProtectionChoice>,
    /// Pareto-front designs returned, cheapest first (each best-in-family
    /// design is returned as well).
    pub top: usize,
    /// Full evaluations the verification may spend before it gives up.
    pub max_full_evaluations: u32,
}

impl Default for RecommendOptions {
    fn default() -> Self {
        RecommendOptions {
            cluster_id: None,
            budget: None,
            max_rack_units: None,
            max_power_w: None,
            max_hosts: None,
            min_hosts: None,
            min_disk_groups: None,
            max_disk_groups: None,
            reserve_hosts: None,
            slack_pct: None,
            warnings: WarningPolicy::ErrorsOnly,
            must_survive: Vec::new(),
            vendors: Vec::new(),
            host_models: Vec::new(),
            generations: Vec::new(),
            families: Vec::new(),
            include_legacy: false,
            protections: Vec::new(),
            top: 10,
            max_full_evaluations: 2_000,
        }
    }
}

impl RecommendOptions {
    /// The protections to search for a topology: the user's, or the defaults.
    pub fn protections_for(&self, site_mirrored: bool) -> Vec<ProtectionChoice> {
        if !self.protections.is_empty() {
            let mut chosen = self.protections.clone();
            chosen.sort_unstable();
            chosen.dedup();
            return chosen;
        }
        ProtectionChoice::ALL
            .into_iter()
            .filter(|p| site_mirrored || *p != ProtectionChoice::Raid1Ftt0)
            .collect()
    }

    pub fn allows_vendor(&self, vendor: &str) -> bool {
        self.vendors.is_empty() || self.vendors.iter().any(|v| v.eq_ignore_ascii_case(vendor))
    }

    /// Legacy parts only when asked for; a catalog's current parts always;
    /// hosts of the models and generations asked for.
    pub fn allows_part(&self, part: &Part) -> bool {
        let host = match &part.spec {
            PartSpec::Host(h) => {
                let named = |names: &[String], text: &str| {
                    names.is_empty() || {
                        let text = text.to_lowercase();
                        names.iter().any(|n| text.contains(&n.to_lowercase()))
                    }
                };
                let model = self.host_models.is_empty()
                    || self.host_models.iter().any(|m| {
                        m.eq_ignore_ascii_case(&part.id) || m.eq_ignore_ascii_case(&part.model)
                    });
                model && named(&self.generations, &h.generation)
            }
            _ => true,
        };
        (self.include_legacy || !part.legacy) && self.allows_vendor(&part.vendor) && host
    }

    pub fn allows_disk_groups(&self, groups: u32) -> bool {
        self.min_disk_groups.is_none_or(|min| groups >= min)
            && self.max_disk_groups.is_none_or(|max| groups <= max)
    }

    /// Every option out of its range, named by field with what is allowed.
    pub fn issues(&self) -> Vec<InputIssue> {
        let mut issues = Vec::new();
        let hosts = MAX_HOSTS_PER_CLUSTER;
        let groups = MAX_DISK_GROUPS_PER_HOST as u32;
        for (field, value, max) in [
            ("min_hosts", self.min_hosts, hosts),
            ("max_hosts", self.max_hosts, hosts),
            ("min_disk_groups", self.min_disk_groups, groups),
            ("max_disk_groups", self.max_disk_groups, groups),
        ] {
            if value.is_some_and(|v| v == 0 || v > max) {
                issues.push(InputIssue::new(
                    field,
                    format!("must be 1 to {max}, not {}", value.unwrap_or_default()),
                ));
            }
        }
        for (field, min, max) in [
            ("min_hosts", self.min_hosts, self.max_hosts),
            (
                "min_disk_groups",
                self.min_disk_groups,
                self.max_disk_groups,
            ),
        ] {
            if let (Some(min), Some(max)) = (min, max) {
                if min > max {
                    issues.push(InputIssue::new(
                        field,
                        format!("must not exceed the maximum of {max}, not {min}"),
                    ));
                }
            }
        }
        // 64 hosts of the tallest catalog host (10 U, `catalog::validate`).
        let units = MAX_HOSTS_PER_CLUSTER * 10;
        if let Some(u) = self.max_rack_units.filter(|&u| u == 0 || u > units) {
            issues.push(InputIssue::new(
                "max_rack_units",
                format!("must be 1 to {units}, not {u}"),
            ));
        }
        if let Some(w) = self.max_power_w.filter(|w| !(w.is_finite() && *w >= 1.0)) {
            issues.push(InputIssue::new(
                "max_power_w",
                format!("must be at least 1 W, not {w}"),
            ));
        }
        if self.budget.is_some_and(|b| !(b.is_finite() && b > 0.0)) {
            issues.push(InputIssue::new("budget", "must be a positive amount"));
        }
        issues
    }

    /// The project with the user's N+x and slack in place of its own; the
    /// project's validation checks their ranges.
    pub fn applied_to(&self, project: &Project) -> Project {
        let mut project = project.clone();
        if let Some(reserve) = self.reserve_hosts {
            project.settings.reserve_hosts = reserve;
        }
        if let Some(slack) = self.slack_pct {
            project.settings.slack_pct = slack;
        }
        project
    }

    /// A family the user allows and whose designs `evaluate` plays every
    /// failure of `must_survive` through.
    pub fn allows_family(&self, family: Family) -> bool {
        (self.families.is_empty() || self.families.contains(&family))
            && self.unmodelled(family).is_empty()
    }

    /// The failures of `must_survive` the family's designs are not judged on.
    pub fn unmodelled(&self, family: Family) -> Vec<MustSurvive> {
        self.must_survive
            .iter()
            .copied()
            .filter(|m| !m.modelled_for(family))
            .collect()
    }
}
