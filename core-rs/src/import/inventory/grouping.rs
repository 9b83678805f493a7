//! Selecting the VMs to import, taking each one's storage from the best
//! figure it has, and gathering them into workloads: SQL Server
//! candidates into `sql_server` workloads, the rest into `vm_group`s, one
//! per group and vCPU count.

use std::collections::{BTreeMap, BTreeSet, HashSet};

use serde::{Deserialize, Serialize};

use super::sql::is_sql_server_candidate;
use super::{
    GroupBy, ImportFinding, Inventory, InventoryImport, InventoryOptions, InventorySource,
    InventorySummary, InventoryVm, IopsBasis, PowerState, SkipReason, SkippedVm, SourceCluster,
    StorageBasis, StorageSource, StorageSourceCounts,
};
use crate::demand::unmeasured::unmeasured_iops;
use crate::import::issue::ImportIssue;
use crate::limits::MIN_VM_RAM_GB;
use crate::model::{SqlDeployment, Workload, WorkloadSpec};
use crate::source;

/// Bytes in a mebibyte: inventories report MiB, the model stores decimal GB.
const MIB: f64 = 1_048_576.0;
/// The database sizes a `sql_server` workload may have (validate.rs).
const SQL_DB_GB: std::ops::RangeInclusive<f64> = 0.001..=1_000_000.0;

/// One imported workload, as the summary lists it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct GroupSummary {
    pub workload_id: String,
    pub name: String,
    /// `vm_group` or `sql_server`.
    pub kind: String,
    pub vm_count: u32,
    pub vcpu_per_vm: u32,
    pub ram_gib: f64,
    /// Storage the workload carries (per `storage_basis`), decimal GB.
    pub storage_gb: f64,
    /// Front-end IOPS of the whole group (measured, or the option's figure).
    pub iops: f64,
}

#[derive(Default)]
struct Group {
    vms: u32,
    memory_mib: f64,
    storage_mib: f64,
    iops: f64,
}

/// Workloads are gathered by the project cluster they go to, SQL Server
/// or not, group name and vCPU per VM; per VM, also by the VM's row (two
/// VMs may share a name).
#[derive(PartialEq, Eq, PartialOrd, Ord)]
struct GroupKey {
    cluster_id: String,
    sql: bool,
    name: String,
    vcpu: u32,
    row: Option<u32>,
}

pub fn import(
    inventory: &Inventory,
    source: InventorySource,
    options: &InventoryOptions,
) -> InventoryImport {
    let picked: HashSet<u32> = options.also_import_rows.iter().copied().collect();
    let mut groups: BTreeMap<GroupKey, Group> = BTreeMap::new();
    let mut summary = empty_summary(inventory, source, options);
    let mut notes = inventory.notes.clone();
    let mut counts = StorageSourceCounts::default();
    let mut vsan_from_vinfo = 0u32;
    let (mut peak, mut p95, mut mbps) = (0.0, 0.0, 0.0);
    let mut clusters: BTreeMap<String, (u32, u64)> = BTreeMap::new();
    for vm in &inventory.vms {
        let skip = skip_reason(vm, options, &picked);
        let (vcpu, memory_mib) = match (skip, &vm.vcpu, &vm.memory_mib, &vm.problem) {
            (Some(reason), ..) => {
                skipped(&mut summary, &inventory.vm_sheet, vm, reason, None);
                continue;
            }
            (None, Ok(vcpu), Ok(memory), None) => (*vcpu, *memory),
            (None, vcpu, memory, storage) => {
                let issue = storage
                    .as_ref()
                    .or(vcpu.as_ref().err())
                    .or(memory.as_ref().err());
                skipped(
                    &mut summary,
                    &inventory.vm_sheet,
                    vm,
                    SkipReason::InvalidRow,
                    issue,
                );
                continue;
            }
        };
        let (storage_mib, from) = match storage(vm, options.storage_basis) {
            Some(found) => found,
            None => {
                counts.none += 1;
                notes.push(ImportIssue::sheet(
                    &inventory.vm_sheet,
                    None,
                    format!(
                        "row {}: VM \"{}\" has no storage figure in any column or tab; it is sized with 0 GB",
                        vm.row, vm.name
                    ),
                ));
                (0.0, None)
            }
        };
        if let Some(from) = from {
            *count_of(&mut counts, from) += 1;
            let inflated = matches!(
                from,
                StorageSource::VinfoProvisioned | StorageSource::VinfoInUse
            );
            vsan_from_vinfo += u32::from(vm.on_vsan && inflated);
        }
        summary.vms_imported += 1;
        summary.vsan_vms += u32::from(vm.on_vsan);
        summary.total_vcpu += u64::from(vcpu);
        summary.total_ram_gib += memory_mib / 1024.0;
        summary.total_provisioned_gib +=
            vm.provisioned_mib.or(vm.vdisk_mib).unwrap_or(0.0) / 1024.0;
        summary.total_in_use_gib += vm
            .in_use_mib
            .or(vm.guest_used_mib)
            .or(vm.provisioned_mib)
            .unwrap_or(0.0)
            / 1024.0;
        let cluster = clusters.entry(vm.cluster.clone()).or_default();
        cluster.0 += 1;
        cluster.1 += u64::from(vcpu);
        // A SQL Server workload needs a database and memory the project
        // accepts (validate.rs); a VM without them stays a VM group.
        let db_gb = storage_mib * MIB / 1e9 * options.sql.db_share_pct / 100.0;
        let sql = options.sql.detect
            && is_sql_server_candidate(vm)
            && SQL_DB_GB.contains(&db_gb)
            && memory_mib / 1024.0 >= MIN_VM_RAM_GB;
        summary.sql_server_vms += u32::from(sql);
        let iops = match vm.measured {
            Some(m) => {
                peak += m.peak_iops;
                p95 += m.p95_iops.unwrap_or(0.0);
                mbps += m.peak_mbps;
                match options.iops_basis {
                    IopsBasis::P95 => m.p95_iops.unwrap_or(m.peak_iops),
                    IopsBasis::Peak => m.peak_iops,
                }
            }
            None if sql => options.sql.iops_per_vm,
            None => options.iops_per_vm,
        };
        let key = GroupKey {
            cluster_id: options
                .placement
                .get(&vm.cluster)
                .unwrap_or(&options.cluster_id)
                .clone(),
            sql,
            name: group_name(vm, options.group_by, memory_mib),
            vcpu,
            row: (options.group_by == GroupBy::Vm).then_some(vm.row),
        };
        let group = groups.entry(key).or_default();
        group.vms += 1;
        group.memory_mib += memory_mib;
        group.storage_mib += storage_mib;
        group.iops += iops;
    }
    if inventory.has_measurements {
        summary.measured_peak_iops = Some(peak);
        summary.measured_p95_iops = inventory.has_p95.then_some(p95);
        summary.measured_peak_mbps = Some(mbps);
    }
    summary.storage_source = Some(primary_source(&counts, options.storage_basis));
    summary.storage_sources = counts;
    summary.notes = notes;
    summary.clusters = source_clusters(inventory, &clusters);
    let workloads = workloads(groups, source, options, &mut summary);
    summary.findings = findings(inventory, options, &summary, &workloads, vsan_from_vinfo);
    InventoryImport { summary, workloads }
}

fn empty_summary(
    inventory: &Inventory,
    source: InventorySource,
    options: &InventoryOptions,
) -> InventorySummary {
    let hosts: HashSet<&str> = if inventory.hosts.is_empty() {
        inventory.vms.iter().map(|vm| vm.host.as_str()).collect()
    } else {
        inventory.hosts.iter().map(|h| h.name.as_str()).collect()
    };
    let clusters: HashSet<&str> = inventory
        .vms
        .iter()
        .map(|vm| vm.cluster.as_str())
        .chain(inventory.hosts.iter().map(|h| h.cluster.as_str()))
        .collect();
    let count = |set: &HashSet<&str>| set.iter().filter(|n| !n.trim().is_empty()).count() as u32;
    InventorySummary {
        source_clusters: count(&clusters),
        source_hosts: count(&hosts),
        vdisk: inventory.vdisk.clone(),
        vpartition: inventory.vpartition.clone(),
        source_storage: inventory.source_storage.clone(),
        encoding: inventory.encoding.clone(),
        ..InventorySummary::empty(source, options.storage_basis, options.iops_basis)
    }
}

fn skipped(
    summary: &mut InventorySummary,
    sheet: &str,
    vm: &InventoryVm,
    reason: SkipReason,
    issue: Option<&ImportIssue>,
) {
    summary.vms_skipped += 1;
    let counts = &mut summary.skipped_by_reason;
    match reason {
        SkipReason::Template => counts.template += 1,
        SkipReason::PoweredOff => counts.powered_off += 1,
        SkipReason::Suspended => counts.suspended += 1,
        SkipReason::InvalidRow => counts.invalid_row += 1,
    }
    summary.skipped.push(SkippedVm {
        row: vm.row,
        name: vm.name.clone(),
        reason,
        sheet: sheet.to_owned(),
        column: issue.and_then(|i| i.column.clone()),
        message: issue.map(|i| i.message.clone()),
    });
}

fn skip_reason(
    vm: &InventoryVm,
    options: &InventoryOptions,
    picked: &HashSet<u32>,
) -> Option<SkipReason> {
    if picked.contains(&vm.row) {
        return None;
    }
    if vm.template {
        return (!options.include_templates).then_some(SkipReason::Template);
    }
    match vm.power {
        PowerState::On => None,
        _ if options.include_powered_off => None,
        PowerState::Off => Some(SkipReason::PoweredOff),
        PowerState::Suspended => Some(SkipReason::Suspended),
    }
}

/// The VM's storage and where it came from: the first figure of the
/// basis's order the file has above 0, else the first it has at all (a
/// VM can have empty disks), else none. Per-disk tabs are more precise
/// than per-VM totals; on vSAN the per-VM totals include the protection
/// copies, so what the guest and its virtual disks hold comes first.
pub(super) fn storage(
    vm: &InventoryVm,
    basis: StorageBasis,
) -> Option<(f64, Option<StorageSource>)> {
    use StorageSource::*;
    let order = match (basis, vm.on_vsan) {
        (StorageBasis::Provisioned, _) => [
            VdiskCapacity,
            VinfoProvisioned,
            VinfoInUse,
            VpartitionConsumed,
        ],
        (StorageBasis::InUse, false) => [
            VpartitionConsumed,
            VinfoInUse,
            VdiskCapacity,
            VinfoProvisioned,
        ],
        (StorageBasis::InUse, true) => [
            VpartitionConsumed,
            VdiskCapacity,
            VinfoInUse,
            VinfoProvisioned,
        ],
    };
    let figure = |s: StorageSource| match s {
        VdiskCapacity => vm.vdisk_mib,
        VinfoProvisioned => vm.provisioned_mib,
        VpartitionConsumed => vm.guest_used_mib,
        VinfoInUse => vm.in_use_mib,
    };
    let present = || order.into_iter().filter_map(|s| figure(s).map(|v| (v, s)));
    present()
        .find(|(v, _)| *v > 0.0)
        .or_else(|| present().next())
        .map(|(v, s)| (v, Some(s)))
}

fn count_of(counts: &mut StorageSourceCounts, source: StorageSource) -> &mut u32 {
    match source {
        StorageSource::VdiskCapacity => &mut counts.vdisk_capacity,
        StorageSource::VinfoProvisioned => &mut counts.vinfo_provisioned,
        StorageSource::VpartitionConsumed => &mut counts.vpartition_consumed,
        StorageSource::VinfoInUse => &mut counts.vinfo_in_use,
    }
}

fn primary_source(counts: &StorageSourceCounts, basis: StorageBasis) -> StorageSource {
    use StorageSource::*;
    let fallback = match basis {
        StorageBasis::Provisioned => VinfoProvisioned,
        StorageBasis::InUse => VinfoInUse,
    };
    [
        (counts.vdisk_capacity, VdiskCapacity),
        (counts.vpartition_consumed, VpartitionConsumed),
        (counts.vinfo_provisioned, VinfoProvisioned),
        (counts.vinfo_in_use, VinfoInUse),
    ]
    .into_iter()
    .filter(|(n, _)| *n > 0)
    // The first of equal counts wins: max_by_key keeps the last.
    .rev()
    .max_by_key(|(n, _)| *n)
    .map_or(fallback, |(_, s)| s)
}

pub(super) fn source_clusters(
    inventory: &Inventory,
    imported: &BTreeMap<String, (u32, u64)>,
) -> Vec<SourceCluster> {
    let mut out: BTreeMap<String, SourceCluster> = BTreeMap::new();
    let mut usage: BTreeMap<String, (f64, u32, f64, u32)> = BTreeMap::new();
    let entry = |out: &mut BTreeMap<String, SourceCluster>, name: &str| {
        out.entry(name.to_owned())
            .or_insert_with(|| SourceCluster {
                name: name.to_owned(),
                hosts: 0,
                cores: 0.0,
                memory_gib: 0.0,
                vms_imported: 0,
                vcpu: 0,
                cpu_usage_pct: None,
                memory_usage_pct: None,
            })
            .name
            .clone()
    };
    for h in &inventory.hosts {
        let key = entry(&mut out, &h.cluster);
        let c = out.get_mut(&key).expect("just inserted");
        c.hosts += 1;
        c.cores += h.cores;
        c.memory_gib += h.memory_gib;
        let u = usage.entry(key).or_default();
        if let Some(cpu) = h.cpu_usage_pct {
            u.0 += cpu;
            u.1 += 1;
        }
        if let Some(mem) = h.memory_usage_pct {
            u.2 += mem;
            u.3 += 1;
        }
    }
    for (name, (vms, vcpu)) in imported {
        let key = entry(&mut out, name);
        let c = out.get_mut(&key).expect("just inserted");
        c.vms_imported = *vms;
        c.vcpu = *vcpu;
    }
    for (name, (cpu, n_cpu, mem, n_mem)) in usage {
        if let Some(c) = out.get_mut(&name) {
            c.cpu_usage_pct = (n_cpu > 0).then(|| cpu / f64::from(n_cpu));
            c.memory_usage_pct = (n_mem > 0).then(|| mem / f64::from(n_mem));
        }
    }
    out.into_values().collect()
}

fn workloads(
    groups: BTreeMap<GroupKey, Group>,
    source: InventorySource,
    options: &InventoryOptions,
    summary: &mut InventorySummary,
) -> Vec<Workload> {
    let prefix = match source {
        InventorySource::LiveOptics => "liveoptics",
        _ => "rvtools",
    };
    let sql = &options.sql;
    let mut ids = HashSet::new();
    let mut out = Vec::with_capacity(groups.len());
    for (key, g) in groups {
        let GroupKey {
            cluster_id,
            sql: is_sql,
            name,
            vcpu,
            ..
        } = key;
        let kind = if is_sql { "sql" } else { "" };
        let base = [prefix, kind, &slug(&name)]
            .into_iter()
            .filter(|p| !p.is_empty())
            .collect::<Vec<_>>()
            .join("-");
        let id = unique_id(&mut ids, &format!("{base}-{vcpu}vcpu"));
        let count = f64::from(g.vms);
        let name = if is_sql {
            format!("SQL Server · {name} · {vcpu} vCPU")
        } else {
            format!("{name} · {vcpu} vCPU")
        };
        // VM memory is sold and configured in binary units: "16 GB" of
        // vRAM is 16 GiB, which is what the model's ram_gb means.
        let ram_gb_per_vm = g.memory_mib / 1024.0 / count;
        let disk_gb_per_vm = g.storage_mib * MIB / 1e9 / count;
        let spec = if is_sql {
            let share = |pct: f64| disk_gb_per_vm * pct / 100.0;
            WorkloadSpec::SqlServer {
                vm_count: g.vms,
                vcpu_per_vm: vcpu,
                ram_gb_per_vm,
                // An inventory does not say whether SQL Server locks its
                // memory; without a reservation the swap object is the
                // larger, safer figure.
                memory_reservation_gb_per_vm: None,
                db_size_gb: share(sql.db_share_pct),
                log_size_gb: share(sql.log_share_pct),
                tempdb_size_gb: share(sql.tempdb_share_pct),
                annual_growth_pct: options.annual_growth_pct,
                working_set_pct: sql.working_set_pct,
                target_iops: g.iops,
                read_pct: sql.read_pct,
                io_size_kb: sql.io_size_kb,
                deployment: SqlDeployment::Standalone,
            }
        } else {
            WorkloadSpec::VmGroup {
                vm_count: g.vms,
                vcpu_per_vm: vcpu,
                ram_gb_per_vm,
                memory_reservation_gb_per_vm: None,
                disk_gb_per_vm,
                iops_per_vm: g.iops / count,
                read_pct: options.read_pct,
                annual_growth_pct: options.annual_growth_pct,
            }
        };
        summary.groups.push(GroupSummary {
            workload_id: id.clone(),
            name: name.clone(),
            kind: if is_sql { "sql_server" } else { "vm_group" }.into(),
            vm_count: g.vms,
            vcpu_per_vm: vcpu,
            ram_gib: g.memory_mib / 1024.0,
            storage_gb: g.storage_mib * MIB / 1e9,
            iops: g.iops,
        });
        out.push(Workload {
            id: id.into(),
            name,
            cluster_id,
            policy_id: options.policy_id.as_str().into(),
            spec,
        });
    }
    out
}

fn findings(
    inventory: &Inventory,
    options: &InventoryOptions,
    summary: &InventorySummary,
    workloads: &[Workload],
    vsan_from_vinfo: u32,
) -> Vec<ImportFinding> {
    let mut out = inventory.findings.clone();
    if vsan_from_vinfo > 0 {
        out.push(ImportFinding::new(
            "import.vsan_inflated",
            format!(
                "{vsan_from_vinfo} of the {} imported VMs on vSAN datastores have neither vDisk \
                 nor vPartition rows; their storage comes from vInfo, whose figures on vSAN \
                 include the protection copies (about 2x for RAID-1 FTT=1), so it is overstated.",
                summary.vsan_vms
            ),
            source::IMPORT_VSAN_INFLATED,
        ));
    }
    if inventory.has_measurements && options.iops_basis == IopsBasis::P95 && !inventory.has_p95 {
        out.push(ImportFinding::new(
            "import.p95_missing",
            "The export has no 95th-percentile IOPS column: the workloads are sized on the \
             measured peak IOPS instead (conservative)."
                .into(),
            source::LIVE_OPTICS,
        ));
    }
    // One finding per project cluster the workloads were placed on.
    let clusters: BTreeSet<&str> = workloads.iter().map(|w| w.cluster_id.as_str()).collect();
    for cluster in clusters {
        let on_it = workloads
            .iter()
            .enumerate()
            .filter(|(_, w)| w.cluster_id == cluster);
        if let Some(f) = unmeasured_iops(cluster, on_it) {
            out.push(ImportFinding::new(f.code.as_str(), f.message, f.source));
        }
    }
    out
}

fn group_name(vm: &InventoryVm, by: GroupBy, memory_mib: f64) -> String {
    let (value, fallback) = match by {
        GroupBy::Cluster => (vm.cluster.as_str(), "(no cluster)"),
        GroupBy::Os => (vm.os.as_str(), "(unknown OS)"),
        GroupBy::None => ("", "All VMs"),
        GroupBy::Vm => (vm.name.as_str(), "(no name)"),
        // A profile is a VM shape: vCPU count (the key) and memory.
        GroupBy::Profile => return format!("VMs with {} GiB", round_gib(memory_mib)),
    };
    if value.is_empty() { fallback } else { value }.to_owned()
}

/// Memory to a tenth of a GiB, so a profile's name reads as configured.
fn round_gib(memory_mib: f64) -> f64 {
    (memory_mib / 1024.0 * 10.0).round() / 10.0
}

/// Ids keep to lowercase ASCII so they survive any file or URL; the name
/// keeps the original text (non-ASCII included).
pub(crate) fn slug(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') {
            out.push('-');
        }
    }
    let trimmed = out.trim_matches('-');
    if trimmed.is_empty() {
        "group".into()
    } else {
        trimmed.into()
    }
}

pub(crate) fn unique_id(taken: &mut HashSet<String>, base: &str) -> String {
    let mut id = base.to_owned();
    let mut n = 2;
    while !taken.insert(id.clone()) {
        id = format!("{base}-{n}");
        n += 1;
    }
    id
}
