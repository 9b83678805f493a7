//! Compute sizing of a cluster: vCPU per physical core, memory against host
//! RAM, and NUMA fit, with every host up and after the N+x host failures the
//! design reserves (settings.reserve_hosts).
//!
//! CPU: each workload kind has a vCPU:pCore ceiling (1:1 for SQL Server and
//! Exchange, 4:1 for other VMs); a vCPU costs 1 / ceiling physical cores,
//! plus the virtualization overhead. The cores the workloads need must fit
//! in the cores left after N+x failures. Hyper-threads are not cores.
//!
//! Memory: SQL Server's memory is reserved in full (no overcommitment), so
//! SQL VMs' configured RAM must fit in the RAM left after N+x failures, less
//! what vSAN itself takes on each host. Other VMs may overcommit, which is
//! reported as a warning.
//!
//! What vSAN OSA itself takes of each host's RAM is `vsan_memory`; how the
//! rules below are worded as findings, `findings`.

use serde::Serialize;

use crate::demand::placement::PlacedWorkload;
use crate::model::ResolvedDiskGroup;
use crate::model::{HostSpec, Id, Settings, SqlDeployment, Topology, WorkloadSpec};
use crate::rules::Finding;
use crate::source;
use crate::totals::totals;

mod findings;
pub mod vsan_memory;

#[cfg(test)]
pub(crate) mod test_support;

use findings::{cluster_findings, vm_fit_findings};
use vsan_memory::VsanMemory;

/// Tier-1 SQL Server: one physical core per vCPU (seed 000 §12.3, VMware's
/// SQL Server on vSphere guide).
pub const SQL_VCPU_PER_CORE: f64 = 1.0;
/// Exchange: Microsoft supports at most 2:1 and recommends 1:1.
pub const EXCHANGE_VCPU_PER_CORE: f64 = 1.0;
/// File servers and generic VMs: no seed or guide states a ratio; 4:1 is our default.
pub const GENERAL_VCPU_PER_CORE: f64 = 4.0;

/// The virtualization overhead range seed 000 §12.3 publishes, in %.
pub const PUBLISHED_OVERHEAD_PCT: (f64, f64) = (8.0, 15.0);

/// vCPUs per physical core a workload kind should not exceed, with its source.
pub fn vcpu_per_core_ceiling(spec: &WorkloadSpec) -> (f64, &'static str) {
    match spec {
        WorkloadSpec::SqlServer { .. } => (SQL_VCPU_PER_CORE, source::SQL_CPU_RATIO),
        WorkloadSpec::Exchange { .. } => (EXCHANGE_VCPU_PER_CORE, source::EXCHANGE_CPU_RATIO),
        WorkloadSpec::FileServer { .. } | WorkloadSpec::VmGroup { .. } => {
            (GENERAL_VCPU_PER_CORE, source::GENERAL_CPU_RATIO)
        }
    }
}

/// Powered-on VMs of a workload. SQL Server's `vm_count` counts instances:
/// an availability group runs one VM per replica, a failover cluster one per
/// node (`fci_nodes`, which the model does not hold yet: seed 002 ran 2). A
/// group that carries disks only runs none: its VMs are counted where they run.
pub fn vm_count(spec: &WorkloadSpec, fci_nodes: u32) -> u32 {
    if spec.carries_disks_only() {
        return 0;
    }
    match spec {
        WorkloadSpec::SqlServer {
            vm_count,
            deployment,
            ..
        } => match deployment {
            SqlDeployment::Standalone => *vm_count,
            SqlDeployment::AvailabilityGroup { replicas, .. } => vm_count.saturating_mul(*replicas),
            SqlDeployment::FailoverCluster { .. } => vm_count.saturating_mul(fci_nodes),
        },
        WorkloadSpec::Exchange { vm_count, .. }
        | WorkloadSpec::FileServer { vm_count, .. }
        | WorkloadSpec::VmGroup { vm_count, .. } => *vm_count,
    }
}

/// vCPUs and RAM of one VM of the workload.
pub fn vm_shape(spec: &WorkloadSpec) -> (u32, f64) {
    match spec {
        WorkloadSpec::SqlServer {
            vcpu_per_vm,
            ram_gb_per_vm,
            ..
        }
        | WorkloadSpec::Exchange {
            vcpu_per_vm,
            ram_gb_per_vm,
            ..
        }
        | WorkloadSpec::FileServer {
            vcpu_per_vm,
            ram_gb_per_vm,
            ..
        }
        | WorkloadSpec::VmGroup {
            vcpu_per_vm,
            ram_gb_per_vm,
            ..
        } => (*vcpu_per_vm, *ram_gb_per_vm),
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct WorkloadCompute {
    pub workload_id: Id,
    pub vms: u32,
    pub vcpus: u64,
    pub ram_gb: f64,
    /// Highest vCPU:pCore ratio recommended for the workload's kind.
    pub vcpu_per_core_ceiling: f64,
    /// Physical cores its vCPUs need at that ratio, overhead included.
    pub cores_needed: f64,
    pub ceiling_source: &'static str,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct ClusterCompute {
    pub hosts: u32,
    /// Hosts left after the N+x failures the design reserves for.
    pub hosts_after_failure: u32,
    pub physical_cores: u32,
    pub physical_cores_after_failure: u32,
    pub vcpus: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub vcpu_per_core: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub vcpu_per_core_after_failure: Option<f64>,
    pub virtualization_overhead_pct: f64,
    /// Physical cores the workloads need at their kinds' ratios, overhead included.
    pub cores_needed: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub cores_needed_pct: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub cores_needed_pct_after_failure: Option<f64>,
    pub ram_per_host_gb: f64,
    pub vsan_memory_per_host_gb: f64,
    /// Host RAM less vSAN's share: what VMs can have.
    pub usable_ram_per_host_gb: f64,
    pub usable_ram_gb: f64,
    pub usable_ram_after_failure_gb: f64,
    /// Configured RAM of every VM.
    pub ram_demand_gb: f64,
    /// RAM demand as a share of the usable RAM left after N+x host failures;
    /// absent when no host is left.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub ram_demand_pct_after_failure: Option<f64>,
    /// Configured RAM of the SQL Server VMs, all of it reserved.
    pub sql_ram_gb: f64,
    /// One NUMA node per socket: its cores and its share of host RAM.
    pub numa_node_cores: u32,
    pub numa_node_ram_gb: f64,
    pub workloads: Vec<WorkloadCompute>,
    pub overhead_source: &'static str,
    pub vsan_memory_source: &'static str,
    pub findings: Vec<Finding>,
}

/// Sizes the compute of one cluster for the workloads placed on it.
/// `cluster_index` is its index in `project.clusters` (for findings' paths);
/// `fci_nodes` the VMs per SQL Server failover cluster instance.
pub fn assess_compute(
    cluster_index: usize,
    host: &HostSpec,
    topology: &Topology,
    disk_groups: &[ResolvedDiskGroup],
    workloads: &[PlacedWorkload],
    settings: &Settings,
    fci_nodes: u32,
) -> ClusterCompute {
    assess_compute_with(
        cluster_index,
        host,
        topology,
        VsanMemory::of_disk_groups(disk_groups),
        workloads,
        settings,
        fci_nodes,
    )
}

/// `assess_compute` with vSAN's memory per host given (vSAN ESA's pool has
/// no disk groups to derive it from).
pub fn assess_compute_with(
    cluster_index: usize,
    host: &HostSpec,
    topology: &Topology,
    vsan_memory: VsanMemory,
    workloads: &[PlacedWorkload],
    settings: &Settings,
    fci_nodes: u32,
) -> ClusterCompute {
    let hosts = topology.host_count();
    let hosts_after_failure = hosts_after_failure(hosts, settings.reserve_hosts);
    let cores = host.cores();
    let physical_cores = cores_on(cores, hosts);
    let physical_cores_after_failure = cores_on(cores, hosts_after_failure);
    let overhead = 1.0 + settings.virtualization_cpu_overhead_pct / 100.0;

    let per_workload: Vec<WorkloadCompute> = workloads
        .iter()
        .map(|w| workload_compute(&w.workload.spec, &w.workload.id, overhead, fci_nodes))
        .collect();
    let vcpus: u64 = per_workload.iter().map(|w| w.vcpus).sum();
    let [cores_needed, ram_demand_gb] = totals(&per_workload, |w| [w.cores_needed, w.ram_gb]);
    let sql_ram_gb: f64 = workloads
        .iter()
        .zip(&per_workload)
        .filter(|(w, _)| matches!(w.workload.spec, WorkloadSpec::SqlServer { .. }))
        .map(|(_, c)| c.ram_gb)
        .sum();

    let vsan_memory_per_host_gb = vsan_memory.per_host_gb;
    let usable_ram_per_host_gb = usable_ram_per_host_gb(host.ram_gb, vsan_memory_per_host_gb);
    let per_core = |n: f64, cores: u32| ratio(n, f64::from(cores));
    let AfterFailure {
        cores_needed_pct: cores_needed_pct_after_failure,
        ram_demand_pct: ram_demand_pct_after_failure,
    } = after_failure(
        host,
        hosts,
        vsan_memory_per_host_gb,
        cores_needed,
        ram_demand_gb,
        settings,
    );

    let mut compute = ClusterCompute {
        hosts,
        hosts_after_failure,
        physical_cores,
        physical_cores_after_failure,
        vcpus,
        vcpu_per_core: per_core(vcpus as f64, physical_cores),
        vcpu_per_core_after_failure: per_core(vcpus as f64, physical_cores_after_failure),
        virtualization_overhead_pct: settings.virtualization_cpu_overhead_pct,
        cores_needed,
        cores_needed_pct: per_core(cores_needed * 100.0, physical_cores),
        cores_needed_pct_after_failure,
        ram_per_host_gb: host.ram_gb,
        vsan_memory_per_host_gb,
        usable_ram_per_host_gb,
        usable_ram_gb: usable_ram_on(usable_ram_per_host_gb, hosts),
        usable_ram_after_failure_gb: usable_ram_on(usable_ram_per_host_gb, hosts_after_failure),
        ram_demand_gb,
        ram_demand_pct_after_failure,
        sql_ram_gb,
        numa_node_cores: host.cores_per_socket,
        numa_node_ram_gb: ratio(host.ram_gb, f64::from(host.sockets)).unwrap_or(0.0),
        workloads: per_workload,
        overhead_source: source::VIRTUALIZATION_OVERHEAD,
        vsan_memory_source: vsan_memory.source,
        findings: Vec::new(),
    };
    let cluster_path = format!("clusters[{cluster_index}]");
    let mut findings = cluster_findings(&compute, settings, &cluster_path);
    for w in workloads {
        findings.extend(vm_fit_findings(w, host, &compute));
    }
    compute.findings = findings;
    compute
}

/// Cores and VM memory as shares of what is left after N+x host failures.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AfterFailure {
    /// Absent when no host is left.
    pub cores_needed_pct: Option<f64>,
    pub ram_demand_pct: Option<f64>,
}

/// The after-failure shares `assess_compute` reports, for `hosts` hosts of
/// the cluster's shape, from its workloads' totals (`cores_needed`,
/// `ram_demand_gb`): the growth timeline asks it for larger clusters.
pub fn after_failure(
    host: &HostSpec,
    hosts: u32,
    vsan_memory_per_host_gb: f64,
    cores_needed: f64,
    ram_demand_gb: f64,
    settings: &Settings,
) -> AfterFailure {
    let hosts_after_failure = hosts_after_failure(hosts, settings.reserve_hosts);
    let cores = cores_on(host.cores(), hosts_after_failure);
    let usable_ram_per_host_gb = usable_ram_per_host_gb(host.ram_gb, vsan_memory_per_host_gb);
    AfterFailure {
        cores_needed_pct: ratio(cores_needed * 100.0, f64::from(cores)),
        ram_demand_pct: ratio(
            ram_demand_gb * 100.0,
            usable_ram_on(usable_ram_per_host_gb, hosts_after_failure),
        ),
    }
}

impl ClusterCompute {
    /// `after_failure` for `hosts` hosts of the same shape, with today's
    /// totals (they do not grow over the timeline).
    pub fn after_failure_on(
        &self,
        host: &HostSpec,
        hosts: u32,
        settings: &Settings,
    ) -> AfterFailure {
        after_failure(
            host,
            hosts,
            self.vsan_memory_per_host_gb,
            self.cores_needed,
            self.ram_demand_gb,
            settings,
        )
    }
}

fn workload_compute(
    spec: &WorkloadSpec,
    id: &Id,
    overhead: f64,
    fci_nodes: u32,
) -> WorkloadCompute {
    let vms = vm_count(spec, fci_nodes);
    let (vcpu_per_vm, ram_gb_per_vm) = vm_shape(spec);
    let vcpus = u64::from(vms) * u64::from(vcpu_per_vm);
    let (ceiling, ceiling_source) = vcpu_per_core_ceiling(spec);
    WorkloadCompute {
        workload_id: id.clone(),
        vms,
        vcpus,
        ram_gb: f64::from(vms) * ram_gb_per_vm,
        vcpu_per_core_ceiling: ceiling,
        cores_needed: vcpus as f64 * overhead / ceiling,
        ceiling_source,
    }
}

/// `a / b`, or None when `b` is not positive.
fn ratio(a: f64, b: f64) -> Option<f64> {
    (b > 0.0).then(|| a / b)
}

// The compute rules. What the N+x reserve leaves grows with the hosts at
// a fixed host model, while the demand does not depend on them; a VM's
// fit on one host does not depend on the count at all. None of them can
// fail at more hosts once it passes.

/// Hosts left to run the workloads with `reserve_hosts` failed.
#[inline]
pub fn hosts_after_failure(hosts: u32, reserve_hosts: u32) -> u32 {
    hosts.saturating_sub(reserve_hosts)
}

/// A host's memory for VMs: what vSAN leaves of it.
#[inline]
pub fn usable_ram_per_host_gb(ram_gb: f64, vsan_memory_gb: f64) -> f64 {
    (ram_gb - vsan_memory_gb).max(0.0)
}

/// Physical cores on `hosts` hosts of one model: with every host up, after
/// N+x failures, or on the site left standing. `evaluate` and the
/// recommend scorer both count them here.
#[inline]
pub fn cores_on(cores_per_host: u32, hosts: u32) -> u32 {
    cores_per_host.saturating_mul(hosts)
}

/// Memory for VMs on `hosts` hosts of one model (see `cores_on`).
#[inline]
pub fn usable_ram_on(usable_ram_per_host_gb: f64, hosts: u32) -> f64 {
    usable_ram_per_host_gb * f64::from(hosts)
}

/// `compute.no_hosts_after_failure`: the reserve takes every host.
#[inline]
pub fn no_hosts_after_failure(hosts_after_failure: u32) -> bool {
    hosts_after_failure == 0
}

/// `compute.cpu_overcommitted`: the workloads need more cores, at their
/// vCPU:pCore ratios, than the N+x reserve leaves.
#[inline]
pub fn cpu_overcommitted(cores_needed: f64, cores_left: u32) -> bool {
    cores_needed > f64::from(cores_left)
}

/// `compute.sql_memory_overcommitted` (SQL Server's reserved memory) and
/// `compute.memory_overcommitted` (every VM's), after N+x host failures,
/// and `stretched.site_failure_memory` with a site down: more memory than
/// the hosts left offer.
#[inline]
pub fn memory_overcommitted(demand_gb: f64, usable_gb: f64) -> bool {
    demand_gb > usable_gb
}

/// `compute.vm_exceeds_host_memory`: one VM's memory passes what a host
/// offers VMs.
#[inline]
pub fn vm_exceeds_host_memory(vm_ram_gb: f64, usable_ram_per_host_gb: f64) -> bool {
    vm_ram_gb > usable_ram_per_host_gb
}

/// `compute.cpu_above_ceiling` and `compute.memory_high_after_failure`:
/// the demand takes more than `ceiling_pct` of what the hosts left after
/// N+x failures offer (settings.cpu_ceiling_pct, settings.ram_ceiling_pct).
/// What is left grows with the hosts, the demand does not, so it cannot
/// fail at more hosts once it passes.
#[inline]
pub fn above_ceiling(demand: f64, offered: f64, ceiling_pct: f64) -> bool {
    demand > offered * ceiling_pct / 100.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::demand::compute::test_support::{
        ag, assess, codes, device, host, seed_000, seed_000_group, sql, vms, workload,
    };
    use crate::model::DeviceKind;
    use proptest::prelude::*;

    #[test]
    fn seed_000_ratio_memory_and_numa() {
        // Seed 000 Table 8: two AGs (primary + secondary VM each): 12 vCPU /
        // 128 GB for the 180 GB database, 16 vCPU / 128 GB for the 350 GB one.
        let (h, ssd, hdd) = seed_000();
        let group = seed_000_group(&ssd, &hdd);
        let ws = [
            workload("ag180", sql(1, 12, 128.0, ag())),
            workload("ag350", sql(1, 16, 128.0, ag())),
        ];
        let c = assess(&h, 4, &[group, group], &ws, &Settings::default());
        // Derived (not printed by the seed): 56 vCPUs on 80 cores = 0.7,
        // 56 / 60 = 0.93 after one host failure. Exact.
        assert_eq!(c.vcpus, 56);
        assert_eq!(c.physical_cores, 80);
        assert_eq!(c.vcpu_per_core, Some(0.7));
        assert!((c.vcpu_per_core_after_failure.unwrap() - 56.0 / 60.0).abs() < 1e-12);
        // 1:1 plus 10 % overhead: 61.6 cores, over the 60 left after N+1.
        assert!((c.cores_needed - 61.6).abs() < 1e-9);
        // KB 2113954, hybrid: 5,426 + 2 x (636 + 8 x 400) + 12 x 70 = 13,938 MB.
        assert!((c.vsan_memory_per_host_gb * 1024.0 - 13_938.0).abs() < 1e-9);
        assert_eq!(c.sql_ram_gb, 512.0);
        // 128 GB VMs fit a 256 GB / 2-socket NUMA node exactly; 12 and 16
        // vCPUs do not fit 10-core sockets.
        assert_eq!(c.numa_node_ram_gb, 128.0);
        assert_eq!(
            codes(&c),
            vec![
                "compute.cpu_overcommitted",
                "compute.vm_vcpu_spans_numa",
                "compute.vm_vcpu_spans_numa"
            ]
        );
        let cpu = &c.findings[0];
        assert_eq!(
            cpu.path.as_deref(),
            Some("clusters[0].host.cores_per_socket")
        );
        assert!(
            cpu.message.contains("61.6 physical cores"),
            "{}",
            cpu.message
        );
        assert!(cpu.message.contains("103 %"), "{}", cpu.message);
    }

    #[test]
    fn a_group_that_carries_disks_only_adds_no_vms_vcpus_or_memory() {
        // Seed 000's example holds VM1-VM4's OS disks as one VM group: its
        // vCPU made 57 vCPUs of the seed's 56 (Table 8).
        let (h, ssd, hdd) = seed_000();
        let group = seed_000_group(&ssd, &hdd);
        let ags = [
            workload("ag180", sql(1, 12, 128.0, ag())),
            workload("ag350", sql(1, 16, 128.0, ag())),
        ];
        let alone = assess(&h, 4, &[group, group], &ags, &Settings::default());
        let disks = workload("os-disks", vms(1, 0, 0.0));
        assert!(disks.spec.carries_disks_only());
        let with_disks = assess(
            &h,
            4,
            &[group, group],
            &[ags[0].clone(), ags[1].clone(), disks],
            &Settings::default(),
        );
        assert_eq!(with_disks.vcpus, 56);
        assert_eq!(with_disks.cores_needed, alone.cores_needed);
        assert_eq!(with_disks.ram_demand_gb, alone.ram_demand_gb);
        assert_eq!(vm_count(&vms(4, 0, 0.0), 2), 0);
        assert_eq!(vm_count(&vms(4, 1, 0.0), 2), 4);
    }

    #[test]
    fn seed_003_mixed_cluster() {
        // Seed 003 Tables 1 and 5: 4 x R640, 2 x 14 cores, 288 GB; 2 SQL VMs
        // 32 vCPU / 128 GB, 2 Exchange VMs 8 / 64, 2 DCs 2 / 8.
        let h = host(2, 14, 288.0);
        let nvme = device(DeviceKind::Nvme, 1_600.0);
        let sas = device(DeviceKind::SasSsd, 1_920.0);
        let group = ResolvedDiskGroup {
            cache: &nvme,
            capacity: &sas,
            capacity_device_count: 4,
        };
        let exchange = WorkloadSpec::seed_003_exchange();
        let ws = [
            workload("sql", sql(2, 32, 128.0, SqlDeployment::Standalone)),
            workload("exchange", exchange),
            workload("dc", vms(2, 2, 8.0)),
        ];
        let c = assess(&h, 4, &[group, group], &ws, &Settings::default());
        // Derived: 84 vCPUs on 112 cores = 0.75; 84 / 84 = 1.0 after N+1.
        assert_eq!(c.vcpus, 84);
        assert_eq!(c.vcpu_per_core, Some(0.75));
        assert_eq!(c.vcpu_per_core_after_failure, Some(1.0));
        // (64 + 16) x 1.1 + 4 x 1.1 / 4 = 89.1 cores > 84: warn.
        assert!((c.cores_needed - 89.1).abs() < 1e-9);
        // KB 2113954, all-flash, cache counted to 600 GB:
        // 5,426 + 2 x (636 + 14 x 600) + 8 x 70 = 24,058 MB per host.
        assert!((c.vsan_memory_per_host_gb * 1024.0 - 24_058.0).abs() < 1e-9);
        assert_eq!(c.ram_demand_gb, 400.0);
        let pct = c.ram_demand_pct_after_failure.expect("hosts remain");
        assert!((pct - 40_000.0 / c.usable_ram_after_failure_gb).abs() < 1e-9);
        assert!(c.usable_ram_after_failure_gb > 790.0);
        // 32 vCPUs span two 14-core sockets; 128 GB fits a 144 GB node.
        assert_eq!(
            codes(&c),
            vec!["compute.cpu_overcommitted", "compute.vm_vcpu_spans_numa"]
        );
    }

    #[test]
    fn seed_002_fci_nodes_count_as_vms() {
        // Seed 002 Table 5: one FCI (active + passive VM, 24 vCPU / 128 GB)
        // and a 2-node file server (4 vCPU / 16 GB) on 4 hosts of 2 x 24
        // cores and 256 GB. Derived: 56 vCPUs / 192 cores.
        let h = host(2, 24, 256.0);
        let nvme = device(DeviceKind::Nvme, 1_500.0);
        let ssd = device(DeviceKind::SataSsd, 400.0);
        let group = ResolvedDiskGroup {
            cache: &nvme,
            capacity: &ssd,
            capacity_device_count: 2,
        };
        let fci = SqlDeployment::FailoverCluster { iscsi_target: true };
        let file = WorkloadSpec::FileServer {
            vm_count: 2,
            vcpu_per_vm: 4,
            ram_gb_per_vm: 16.0,
            memory_reservation_gb_per_vm: None,
            capacity_gb: 62_490.0,
            iscsi_luns: None,
            throughput_mbps: 382.0,
            read_pct: 0.0,
            io_size_kb: 64.0,
            annual_growth_pct: 0.0,
        };
        let ws = [
            workload("fci", sql(1, 24, 128.0, fci)),
            workload("sofs", file),
        ];
        let c = assess(&h, 4, &[group, group], &ws, &Settings::default());
        assert_eq!(c.workloads[0].vms, 2);
        assert_eq!(c.vcpus, 56);
        assert!((c.vcpu_per_core.unwrap() - 56.0 / 192.0).abs() < 1e-12);
        assert_eq!(c.sql_ram_gb, 256.0);
        assert!(c.findings.is_empty(), "{:?}", c.findings);
    }

    #[test]
    fn seed_004_five_sql_vms_on_three_servers() {
        // Seed 004: "three servers that use a total of 120 ... cores" and
        // 2 TB RAM; five VMs of 16 vCPU / 32 GB. Derived: 80 / 120 = 0.67.
        // Sockets are not stated; 4 x 10 cores is assumed, so 16 vCPUs span
        // NUMA nodes. After one server fails, 80 cores remain for the 88
        // that 80 vCPUs need at 1:1 with 10 % overhead.
        let h = host(4, 10, 512.0);
        let ssd = device(DeviceKind::SasSsd, 400.0);
        let group = ResolvedDiskGroup {
            cache: &ssd,
            capacity: &ssd,
            capacity_device_count: 1,
        };
        let ws = [workload("sql", sql(5, 16, 32.0, SqlDeployment::Standalone))];
        let c = assess(&h, 3, &[group], &ws, &Settings::default());
        assert_eq!((c.vcpus, c.physical_cores), (80, 120));
        assert!((c.vcpu_per_core.unwrap() - 2.0 / 3.0).abs() < 1e-12);
        assert!((c.cores_needed - 88.0).abs() < 1e-9);
        assert_eq!(
            codes(&c),
            vec!["compute.cpu_overcommitted", "compute.vm_vcpu_spans_numa"]
        );
    }

    proptest! {
        #[test]
        fn figures_are_finite_and_a_host_never_raises_the_ratio(
            hosts in 1u32..=63,
            sockets in 1u32..=8,
            cores in 1u32..=256,
            ram in 8.0..65_536.0f64,
            reserve in 0u32..=3,
            count in 1u32..=100_000,
            vcpu in 1u32..=768,
            vm_ram in 0.25..24_576.0f64,
            overhead in 0.0..=50.0f64,
            cache_gb in 1.0..10_000.0f64,
            devices in 1u32..=7,
        ) {
            let h = host(sockets, cores, ram);
            let cache = device(DeviceKind::Nvme, cache_gb);
            let cap = device(DeviceKind::Hdd7200, 4_000.0);
            let group = ResolvedDiskGroup { cache: &cache, capacity: &cap, capacity_device_count: devices };
            let ws = [
                workload("sql", sql(count, vcpu, vm_ram, ag())),
                workload("vms", vms(count, vcpu, vm_ram)),
            ];
            let settings = Settings {
                reserve_hosts: reserve,
                virtualization_cpu_overhead_pct: overhead,
                ..Settings::default()
            };
            let c = assess(&h, hosts, &[group], &ws, &settings);
            let figures = [
                c.cores_needed,
                c.ram_per_host_gb,
                c.vsan_memory_per_host_gb,
                c.usable_ram_per_host_gb,
                c.usable_ram_gb,
                c.usable_ram_after_failure_gb,
                c.ram_demand_gb,
                c.sql_ram_gb,
                c.numa_node_ram_gb,
            ];
            prop_assert!(figures.iter().all(|x| x.is_finite()), "{:?}", figures);
            let ratios = [
                c.vcpu_per_core,
                c.vcpu_per_core_after_failure,
                c.cores_needed_pct,
                c.cores_needed_pct_after_failure,
            ];
            prop_assert!(ratios.iter().flatten().all(|x| x.is_finite()), "{:?}", ratios);
            prop_assert!(c.usable_ram_per_host_gb >= 0.0);
            let bigger = assess(&h, hosts + 1, &[group], &ws, &settings);
            prop_assert!(bigger.vcpu_per_core.unwrap() <= c.vcpu_per_core.unwrap());
            if let (Some(after), Some(healthy)) = (c.vcpu_per_core_after_failure, c.vcpu_per_core) {
                prop_assert!(after >= healthy);
            }
        }
    }
}
