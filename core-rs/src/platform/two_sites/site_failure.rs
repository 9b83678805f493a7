//! A whole data site down: the surviving site restarts every VM (vSphere
//! HA) and serves all I/O from its own copy. Seed 001 Site Failure: four
//! SQL Server VMs moved onto the two surviving hosts; physical CPU went from
//! 36.56-47.13 % to 71.62-80.95 % and TPS from 7,743 to 5,856.
//!
//! The model: the same work on `surviving / total` of the hosts, so each
//! surviving host carries `total / surviving` times its load (2x for two
//! equal sites: 73-94 % for seed 001, which ran 24 % fewer transactions and
//! so stayed below). Sizing asks that the workloads' cores (at their
//! vCPU:pCore ratios) and SQL Server's reserved memory fit the surviving
//! site, and that its storage carries every front-end I/O. What the
//! survivors' CPU and storage cost in TPS is a model estimate
//! (`failover_tps`, fitted to seed 001's point).

use serde::Serialize;

use super::failover_tps::{failover_tps, FailoverLoad, FailoverTps};
use crate::demand::compute::{above_ceiling, memory_overcommitted, ClusterCompute};
use crate::model::Settings;
use crate::ratio::{percent, ratio};
use crate::rules::{hosts_to_add, iops_short, num, Finding, FindingCode, Measure};
use crate::source;

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct SiteFailure {
    pub surviving_hosts: u32,
    /// Per-host load after the failover / before: hosts / surviving hosts.
    pub host_load_factor: f64,
    pub surviving_cores: u32,
    /// Physical cores the workloads need at their vCPU:pCore ratios,
    /// virtualisation overhead included (`ClusterCompute::cores_needed`).
    pub cores_needed: f64,
    /// Cores the workloads need as a share of the cluster's / the surviving
    /// site's cores; absent without cores.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub cores_needed_pct_before: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub cores_needed_pct_after: Option<f64>,
    /// RAM the surviving hosts offer VMs.
    pub usable_ram_after_gb: f64,
    pub ram_demand_gb: f64,
    pub sql_ram_gb: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub ram_demand_pct_after: Option<f64>,
    /// Front-end IOPS the surviving site's storage carries at this mix
    /// (under the utilisation ceiling) / the demand; absent without demand.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub iops_headroom_after: Option<f64>,
    /// Model estimate of the TPS kept after the failover, from the
    /// design's own CPU before the failure (`compute.cores_needed_pct`: the
    /// cores its workloads need over the cluster's) and the storage
    /// utilisation before and after; absent when either is already at or
    /// past its rating before the failure (outside the model: the CPU or
    /// IOPS finding says so).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub tps: Option<FailoverTps>,
    pub cpu_before_source: &'static str,
    pub source: &'static str,
}

/// Storage busy as a share of its rated IOPS (0 with no demand): before the
/// failure, and if the surviving site served every pre-failure I/O.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct StorageUse {
    pub before: f64,
    pub after_offered: f64,
}

/// `compute` sizes the whole cluster; `iops_headroom_after` comes from the
/// storage model run on the surviving site alone. `active_hosts_before`
/// ran the workloads before the failure (all hosts of a vSAN stretched
/// cluster; the production site's for FCIs whose remote nodes wait).
pub fn site_failure(
    compute: &ClusterCompute,
    hosts_per_site: u32,
    iops_headroom_after: Option<f64>,
    storage: StorageUse,
    active_hosts_before: u32,
) -> SiteFailure {
    let host_load_factor =
        ratio(f64::from(compute.hosts), f64::from(hosts_per_site)).unwrap_or(0.0);
    // The design's own CPU before the failure: the share of the cluster's
    // cores its workloads need, as `compute` reports it (an FCI's passive
    // nodes hold their share on the other site), so on a vSAN stretched
    // cluster the survivors' CPU (before x load factor) is the site-failure
    // CPU the finding shows.
    let tps = compute.cores_needed_pct.and_then(|before_pct| {
        failover_tps(&FailoverLoad {
            cpu_before: before_pct / 100.0,
            host_load_factor: ratio(f64::from(active_hosts_before), f64::from(hosts_per_site))
                .unwrap_or(0.0),
            storage_before: storage.before,
            storage_after_offered: storage.after_offered,
        })
        .ok()
    });
    let cores_per_host = ratio(f64::from(compute.physical_cores), f64::from(compute.hosts));
    let surviving_cores = cores_per_host.map_or(0, |c| {
        crate::demand::compute::cores_on(c as u32, hosts_per_site)
    });
    let usable_ram_after_gb =
        crate::demand::compute::usable_ram_on(compute.usable_ram_per_host_gb, hosts_per_site);
    SiteFailure {
        surviving_hosts: hosts_per_site,
        host_load_factor,
        surviving_cores,
        cores_needed: compute.cores_needed,
        cores_needed_pct_before: percent(compute.cores_needed, f64::from(compute.physical_cores)),
        cores_needed_pct_after: percent(compute.cores_needed, f64::from(surviving_cores)),
        usable_ram_after_gb,
        ram_demand_gb: compute.ram_demand_gb,
        sql_ram_gb: compute.sql_ram_gb,
        ram_demand_pct_after: percent(compute.ram_demand_gb, usable_ram_after_gb),
        iops_headroom_after,
        tps,
        cpu_before_source: source::SITE_FAILURE_CPU_BEFORE,
        source: source::SITE_FAILURE_CAPACITY,
    }
}

/// `stretched.site_failure_cpu`: the workloads need more than the
/// surviving site's cores (`SiteFailure::cores_needed_pct_after`, the
/// `percent` of them they need; none without cores). The surviving site's
/// cores grow with the hosts per site, the need does not.
#[inline]
pub fn site_cpu_overloaded(cores_needed_pct_after: f64) -> bool {
    cores_needed_pct_after > 100.0
}

/// The surviving site must run every VM: memory past what it offers,
/// cores past the workloads' vCPU:pCore ratios and storage past its
/// utilisation ceiling (`rules::iops_short`) mean the VMs cannot all run
/// as sized until the site returns (errors, like the same shortfalls after
/// N+x). CPU or RAM past the project's planning ceilings
/// (`settings.cpu_ceiling_pct`, `ram_ceiling_pct`) still run: warnings by
/// `compute::above_ceiling`, as after N+x. `hosts_carry_iops`: the surviving site's IOPS limit grows with its
/// hosts (vSAN: their devices and I/O paths), so adding hosts per site is
/// the remedy; on an array it is the array's or VPLEX's, which the
/// platform's own findings name.
pub fn site_failure_findings(
    f: &SiteFailure,
    cluster_path: &str,
    name: &str,
    hosts_carry_iops: bool,
    settings: &Settings,
) -> Vec<Finding> {
    let mut out = Vec::new();
    let ram_measure = |demand_gb: f64, limit_pct: f64| {
        let per_host = f.usable_ram_after_gb / f64::from(f.surviving_hosts);
        Measure::new(
            "RAM after a site failure",
            demand_gb / f.usable_ram_after_gb * 100.0,
            limit_pct,
            format!("{} GB", num(f.usable_ram_after_gb, 0)),
        )
        .remedy(add_hosts_per_site(
            demand_gb,
            per_host * limit_pct / 100.0,
            f.surviving_hosts,
        ))
    };
    if memory_overcommitted(f.sql_ram_gb, f.usable_ram_after_gb) {
        out.push(
            Finding::new(
                FindingCode::StretchedSiteFailureMemory,
                format!(
                    "Cluster \"{name}\": after a site failure its {} surviving host(s) offer {} GB for VMs, less than the {} GB SQL Server VMs reserve; they could not all restart.",
                    f.surviving_hosts,
                    num(f.usable_ram_after_gb, 0),
                    num(f.sql_ram_gb, 0)
                ),
            )
            .at(format!("{cluster_path}.host.ram_gb"))
            .measured(ram_measure(f.sql_ram_gb, 100.0)),
        );
    } else if memory_overcommitted(f.ram_demand_gb, f.usable_ram_after_gb) {
        out.push(
            Finding::new(
                FindingCode::StretchedSiteFailureMemory,
                format!(
                    "Cluster \"{name}\": after a site failure the VMs' {} GB of memory exceed the {} GB the surviving site offers; the VMs could not all restart without overcommitting memory.",
                    num(f.ram_demand_gb, 0),
                    num(f.usable_ram_after_gb, 0)
                ),
            )
            .at(format!("{cluster_path}.host.ram_gb"))
            .measured(ram_measure(f.ram_demand_gb, 100.0)),
        );
    } else if above_ceiling(
        f.ram_demand_gb,
        f.usable_ram_after_gb,
        settings.ram_ceiling_pct,
    ) {
        out.push(
            Finding::new(
                FindingCode::StretchedSiteFailureMemoryAboveCeiling,
                format!(
                    "Cluster \"{name}\": after a site failure the VMs' {} GB of memory take {} % of the {} GB the surviving site offers: above the {} % RAM ceiling set for planning. They restart, with less room for ESXi's per-VM overhead and growth.",
                    num(f.ram_demand_gb, 0),
                    num(f.ram_demand_pct_after.unwrap_or_default(), 0),
                    num(f.usable_ram_after_gb, 0),
                    num(settings.ram_ceiling_pct, 0)
                ),
            )
            .at(format!("{cluster_path}.host.ram_gb"))
            .measured(ram_measure(f.ram_demand_gb, settings.ram_ceiling_pct)),
        );
    }
    let cpu_measure = |pct: f64, limit_pct: f64| {
        let cores_per_host = f64::from(f.surviving_cores) / f64::from(f.surviving_hosts);
        Measure::new(
            "CPU after a site failure",
            pct,
            limit_pct,
            format!("{} cores", f.surviving_cores),
        )
        .remedy(add_hosts_per_site(
            f.cores_needed,
            cores_per_host * limit_pct / 100.0,
            f.surviving_hosts,
        ))
    };
    if let Some(pct) = f.cores_needed_pct_after.filter(|&p| site_cpu_overloaded(p)) {
        out.push(
            Finding::new(
                FindingCode::StretchedSiteFailureCpu,
                format!(
                    "Cluster \"{name}\": after a site failure the workloads need {} % of the {} cores left ({} x the load per host); seed 001 lost 24 % of its TPS when its surviving hosts ran at 72-81 % CPU.",
                    num(pct, 0),
                    f.surviving_cores,
                    num(f.host_load_factor, 1)
                ),
            )
            .at(format!("{cluster_path}.host.cores_per_socket"))
            .measured(cpu_measure(pct, 100.0)),
        );
    } else if let Some(pct) = f.cores_needed_pct_after.filter(|_| {
        above_ceiling(
            f.cores_needed,
            f64::from(f.surviving_cores),
            settings.cpu_ceiling_pct,
        )
    }) {
        out.push(
            Finding::new(
                FindingCode::StretchedSiteFailureCpuAboveCeiling,
                format!(
                    "Cluster \"{name}\": after a site failure the workloads need {} % of the {} cores left ({} x the load per host): above the {} % CPU ceiling set for planning. They run, with less room for peaks and growth.",
                    num(pct, 0),
                    f.surviving_cores,
                    num(f.host_load_factor, 1),
                    num(settings.cpu_ceiling_pct, 0)
                ),
            )
            .at(format!("{cluster_path}.host.cores_per_socket"))
            .measured(cpu_measure(pct, settings.cpu_ceiling_pct)),
        );
    }
    if let Some(h) = f.iops_headroom_after.filter(|&h| iops_short(Some(h))) {
        // The demand as 1: the surviving hosts carry h of it.
        let remedy = if hosts_carry_iops {
            add_hosts_per_site(1.0, h / f64::from(f.surviving_hosts), f.surviving_hosts)
        } else {
            None
        };
        out.push(
            Finding::new(
                FindingCode::StretchedSiteFailureIops,
                format!(
                    "Cluster \"{name}\": after a site failure the surviving site's storage carries {} % of the front-end IOPS demanded within the utilisation ceiling; the workloads cannot all run as sized until the site returns (seed 001 lost 24 % of its TPS after its site failure).",
                    num(h * 100.0, 0)
                ),
            )
            .at(format!("{cluster_path}.storage"))
            .measured(
                Measure::new(
                    "IOPS after a site failure",
                    100.0 / h,
                    100.0,
                    "the front-end IOPS the surviving site carries".to_string(),
                )
                .remedy(remedy),
            ),
        );
    }
    out
}

/// "add 2 hosts per site": both sites grow alike, so the survivor has them.
fn add_hosts_per_site(demand: f64, per_host: f64, hosts_per_site: u32) -> Option<String> {
    hosts_to_add(demand, per_host, 0, hosts_per_site)
        .filter(|n| *n > 0)
        .map(|n| format!("add {n} host{} per site", if n == 1 { "" } else { "s" }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Severity;
    use crate::verdict::verdict;

    /// Two hosts per site with room for every VM, whose surviving site
    /// carries `headroom` of the front-end IOPS.
    fn carrying(headroom: Option<f64>) -> SiteFailure {
        SiteFailure {
            surviving_hosts: 2,
            host_load_factor: 2.0,
            surviving_cores: 48,
            cores_needed: 19.2,
            cores_needed_pct_before: Some(20.0),
            cores_needed_pct_after: Some(40.0),
            usable_ram_after_gb: 700.0,
            ram_demand_gb: 100.0,
            sql_ram_gb: 100.0,
            ram_demand_pct_after: Some(100.0 / 7.0),
            iops_headroom_after: headroom,
            tps: None,
            cpu_before_source: source::SITE_FAILURE_CPU_BEFORE,
            source: source::SITE_FAILURE_CAPACITY,
        }
    }

    #[test]
    fn iops_short_after_a_site_failure_fails_and_names_the_hosts_per_site() {
        // 80 % carried on 2 hosts: 40 % each, so 3 carry it.
        let findings = site_failure_findings(
            &carrying(Some(0.8)),
            "clusters[0]",
            "c",
            true,
            &Settings::default(),
        );
        assert_eq!(findings.len(), 1);
        let f = &findings[0];
        assert_eq!(f.code, FindingCode::StretchedSiteFailureIops);
        assert_eq!(f.severity, Severity::Error);
        assert_eq!(f.path.as_deref(), Some("clusters[0].storage"));
        let binding = verdict(&findings).binding.expect("binds");
        assert_eq!(
            binding.summary,
            "IOPS after a site failure: 125 % of the front-end IOPS the surviving site \
             carries (limit 100 %) — add 1 host per site"
        );
        // On an array the hosts carry no I/O: no host remedy.
        let array = site_failure_findings(
            &carrying(Some(0.8)),
            "clusters[0]",
            "c",
            false,
            &Settings::default(),
        );
        assert_eq!(
            array[0].measure.as_ref().and_then(|m| m.remedy.clone()),
            None
        );
    }

    #[test]
    fn a_surviving_site_carrying_the_demand_raises_nothing() {
        for headroom in [None, Some(1.0), Some(3.0)] {
            let findings = site_failure_findings(
                &carrying(headroom),
                "clusters[0]",
                "c",
                true,
                &Settings::default(),
            );
            assert!(findings.is_empty(), "{headroom:?}: {findings:?}");
        }
    }

    /// `carrying(None)` with the workloads needing `cores` of its 48 cores
    /// and `ram_gb` of its 700 GB.
    fn loaded(cores: f64, ram_gb: f64) -> SiteFailure {
        SiteFailure {
            cores_needed: cores,
            cores_needed_pct_after: Some(cores / 48.0 * 100.0),
            ram_demand_gb: ram_gb,
            ram_demand_pct_after: Some(ram_gb / 700.0 * 100.0),
            ..carrying(None)
        }
    }

    #[test]
    fn cpu_and_ram_past_the_ceilings_after_a_site_failure_warn() {
        // Default ceilings: CPU 80 %, RAM 90 %. 40 of 48 cores = 83 %,
        // 650 of 700 GB = 93 %: both run, above the ceilings.
        let settings = Settings::default();
        let findings =
            site_failure_findings(&loaded(40.0, 650.0), "clusters[0]", "c", true, &settings);
        let codes: Vec<_> = findings.iter().map(|f| (f.code, f.severity)).collect();
        assert_eq!(
            codes,
            [
                (
                    FindingCode::StretchedSiteFailureMemoryAboveCeiling,
                    Severity::Warning
                ),
                (
                    FindingCode::StretchedSiteFailureCpuAboveCeiling,
                    Severity::Warning
                ),
            ]
        );
        let cpu = findings[1].measure.as_ref().expect("measured");
        assert_eq!(cpu.limit_pct, 80.0);
        // 40 cores at 80 % of 24 a host need 2.08 hosts: 3 hosts per site.
        assert_eq!(cpu.remedy.as_deref(), Some("add 1 host per site"));
        // CPU is further past its ceiling (83 / 80) than RAM (93 / 90).
        let binding = verdict(&findings).binding.expect("warnings bind");
        assert_eq!(
            binding.summary,
            "CPU after a site failure: 83 % of 48 cores (limit 80 %) — add 1 host per site"
        );
    }

    #[test]
    fn at_the_ceiling_nothing_fires_and_past_100_is_an_error_only() {
        let settings = Settings::default();
        // Exactly 80 % of the cores and 90 % of the RAM: not above.
        let at = site_failure_findings(&loaded(38.4, 630.0), "clusters[0]", "c", true, &settings);
        assert!(at.is_empty(), "{at:?}");
        // Over 100 %: the error alone, not the warning too.
        let over = site_failure_findings(&loaded(50.0, 800.0), "clusters[0]", "c", true, &settings);
        let codes: Vec<_> = over.iter().map(|f| f.code).collect();
        assert_eq!(
            codes,
            [
                FindingCode::StretchedSiteFailureMemory,
                FindingCode::StretchedSiteFailureCpu
            ]
        );
    }
}
