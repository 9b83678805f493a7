//! Selecting the VMs to import and gathering them into `vm_group`
//! workloads, one per group and vCPU count.

use std::collections::{BTreeMap, HashSet};

use serde::{Deserialize, Serialize};

use super::sheets::{Inventory, PowerState, Vm};
use super::{
    GroupBy, RvtoolsImport, RvtoolsOptions, RvtoolsSummary, SkipCounts, SkipReason, SkippedVm,
    StorageBasis, StorageSource,
};
use crate::model::{Workload, WorkloadSpec};

/// Bytes in a mebibyte: RVTools reports MiB, the model stores decimal GB.
const MIB: f64 = 1_048_576.0;

/// One imported workload, as the summary lists it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct GroupSummary {
    pub workload_id: String,
    pub name: String,
    pub vm_count: u32,
    pub vcpu_per_vm: u32,
    pub ram_gib: f64,
    /// Storage the workload carries (per `storage_basis`), decimal GB.
    pub storage_gb: f64,
}

#[derive(Default)]
struct Group {
    vms: u32,
    memory_mib: f64,
    storage_mib: f64,
}

pub fn import(inventory: &Inventory, options: &RvtoolsOptions) -> RvtoolsImport {
    let picked: HashSet<u32> = options.also_import_rows.iter().copied().collect();
    let source = storage_source(inventory, options.storage_basis);
    let mut groups: BTreeMap<(String, u32), Group> = BTreeMap::new();
    let mut summary = RvtoolsSummary {
        vms_imported: 0,
        vms_skipped: 0,
        skipped_by_reason: SkipCounts::default(),
        skipped: Vec::new(),
        total_vcpu: 0,
        total_ram_gib: 0.0,
        total_provisioned_gib: 0.0,
        total_in_use_gib: 0.0,
        storage_basis: options.storage_basis,
        storage_source: source,
        vdisk: inventory.vdisk.as_ref().map(|t| t.summary.clone()),
        vpartition: inventory.vpartition.as_ref().map(|t| t.summary.clone()),
        groups: Vec::new(),
    };
    for vm in &inventory.vms {
        if let Some(reason) = skip_reason(vm, options, &picked) {
            summary.vms_skipped += 1;
            let counts = &mut summary.skipped_by_reason;
            match reason {
                SkipReason::Template => counts.template += 1,
                SkipReason::PoweredOff => counts.powered_off += 1,
                SkipReason::Suspended => counts.suspended += 1,
            }
            summary.skipped.push(SkippedVm {
                row: vm.row,
                name: vm.name.clone(),
                reason,
            });
            continue;
        }
        summary.vms_imported += 1;
        summary.total_vcpu += u64::from(vm.vcpu);
        summary.total_ram_gib += vm.memory_mib / 1024.0;
        summary.total_provisioned_gib += vm.provisioned_mib / 1024.0;
        summary.total_in_use_gib += vm.in_use_mib / 1024.0;
        let group = groups
            .entry((group_name(vm, options.group_by), vm.vcpu))
            .or_default();
        group.vms += 1;
        group.memory_mib += vm.memory_mib;
        group.storage_mib += storage_mib(vm, inventory, source);
    }
    let mut ids = HashSet::new();
    let mut workloads = Vec::with_capacity(groups.len());
    for ((name, vcpu), g) in groups {
        let id = unique_id(&mut ids, &format!("rvtools-{}-{vcpu}vcpu", slug(&name)));
        let count = f64::from(g.vms);
        let name = format!("{name} · {vcpu} vCPU");
        // VM memory is sold and configured in binary units: "16 GB" of
        // vRAM is 16 GiB, which is what the model's ram_gb means.
        let ram_gb_per_vm = g.memory_mib / 1024.0 / count;
        let disk_gb_per_vm = g.storage_mib * MIB / 1e9 / count;
        summary.groups.push(GroupSummary {
            workload_id: id.clone(),
            name: name.clone(),
            vm_count: g.vms,
            vcpu_per_vm: vcpu,
            ram_gib: g.memory_mib / 1024.0,
            storage_gb: g.storage_mib * MIB / 1e9,
        });
        workloads.push(Workload {
            id: id.into(),
            name,
            cluster_id: options.cluster_id.clone(),
            policy_id: options.policy_id.as_str().into(),
            spec: WorkloadSpec::VmGroup {
                vm_count: g.vms,
                vcpu_per_vm: vcpu,
                ram_gb_per_vm,
                memory_reservation_gb_per_vm: None,
                disk_gb_per_vm,
                iops_per_vm: options.iops_per_vm,
                read_pct: options.read_pct,
                annual_growth_pct: options.annual_growth_pct,
            },
        });
    }
    RvtoolsImport { summary, workloads }
}

fn skip_reason(vm: &Vm, options: &RvtoolsOptions, picked: &HashSet<u32>) -> Option<SkipReason> {
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

/// Per-disk tabs are more precise than vInfo's per-VM totals, so they win
/// when the export has them.
fn storage_source(inventory: &Inventory, basis: StorageBasis) -> StorageSource {
    match (basis, &inventory.vdisk, &inventory.vpartition) {
        (StorageBasis::Provisioned, Some(_), _) => StorageSource::VdiskCapacity,
        (StorageBasis::Provisioned, None, _) => StorageSource::VinfoProvisioned,
        (StorageBasis::InUse, _, Some(_)) => StorageSource::VpartitionConsumed,
        (StorageBasis::InUse, _, None) => StorageSource::VinfoInUse,
    }
}

fn storage_mib(vm: &Vm, inventory: &Inventory, source: StorageSource) -> f64 {
    match (source, &inventory.vdisk, &inventory.vpartition) {
        (StorageSource::VdiskCapacity, Some(tab), _) => tab.for_vm(vm).capacity_mib,
        (StorageSource::VpartitionConsumed, _, Some(tab)) => tab.for_vm(vm).consumed_mib,
        (StorageSource::VinfoInUse, _, _) => vm.in_use_mib,
        _ => vm.provisioned_mib,
    }
}

fn group_name(vm: &Vm, by: GroupBy) -> String {
    let (value, fallback) = match by {
        GroupBy::Cluster => (vm.cluster.as_str(), "(no cluster)"),
        GroupBy::Os => (vm.os.as_str(), "(unknown OS)"),
        GroupBy::None => ("", "All VMs"),
    };
    if value.is_empty() { fallback } else { value }.to_owned()
}

/// Ids keep to lowercase ASCII so they survive any file or URL; the name
/// keeps the original text (non-ASCII included).
fn slug(text: &str) -> String {
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

fn unique_id(taken: &mut HashSet<String>, base: &str) -> String {
    let mut id = base.to_owned();
    let mut n = 2;
    while !taken.insert(id.clone()) {
        id = format!("{base}-{n}");
        n += 1;
    }
    id
}
