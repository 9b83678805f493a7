//! An inventory as the app shows it before anything is imported: every VM
//! row with the figures the import would use, the source hosts and what
//! the reader noted. It carries all that [`super::import`] needs, so the
//! user's choices are applied to it without reading the file again.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::grouping::{source_clusters, storage};
use super::sql::sql_server_rule;
use super::{
    DiskTabSummary, ImportFinding, Inventory, InventorySource, InventoryVm, MeasuredIo, MissingTab,
    PowerState, SourceCluster, SourceHost, SourceStorage, StorageBasis,
};
use crate::import::issue::ImportIssue;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct InventoryPreview {
    pub source: InventorySource,
    /// The sheet that lists the VMs ("vInfo", "VMs"): rows are its rows.
    pub vm_sheet: String,
    pub vms: Vec<PreviewVm>,
    pub hosts: Vec<SourceHost>,
    /// Each source cluster's existing hosts (count, cores, memory,
    /// utilisation), the baseline a new design is compared with.
    pub baselines: Vec<SourceCluster>,
    pub has_measurements: bool,
    pub has_p95: bool,
    /// Cells read with an assumption, with sheet, row and column.
    pub notes: Vec<ImportIssue>,
    pub findings: Vec<ImportFinding>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub vdisk: Option<DiskTabSummary>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub vpartition: Option<DiskTabSummary>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub source_storage: Option<SourceStorage>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub encoding: Option<String>,
    /// Tabs of the export that were not given (RVTools' CSV export writes
    /// one file per tab), each with what the import uses instead.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub missing_tabs: Vec<MissingTab>,
}

/// One VM row of the file. `vcpu` and `memory_mib` are absent when their
/// cell is unreadable; `problem` is then the reason the VM cannot be
/// imported (it is listed as skipped if it would be).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct PreviewVm {
    pub row: u32,
    pub name: String,
    pub power: PowerState,
    pub template: bool,
    pub vcpu: Option<u32>,
    pub memory_mib: Option<f64>,
    pub provisioned_mib: Option<f64>,
    pub in_use_mib: Option<f64>,
    pub vdisk_mib: Option<f64>,
    pub guest_used_mib: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub problem: Option<ImportIssue>,
    pub cluster: String,
    pub host: String,
    pub os: String,
    pub annotation: String,
    pub on_vsan: bool,
    pub measured: Option<MeasuredIo>,
    /// The storage the import sizes the VM on (provisioned basis, from the
    /// best figure the file has), GiB; absent when the file has none.
    pub storage_gib: Option<f64>,
    /// Why the VM is proposed as SQL Server (the rule, in words); absent
    /// when it is not a candidate.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub sql_rule: Option<String>,
}

impl InventoryPreview {
    pub fn new(inventory: Inventory, source: InventorySource) -> Self {
        let baselines = source_clusters(&inventory, &BTreeMap::new())
            .into_iter()
            .filter(|c| c.hosts > 0)
            .collect();
        InventoryPreview {
            source,
            vm_sheet: inventory.vm_sheet,
            vms: inventory.vms.into_iter().map(PreviewVm::from).collect(),
            hosts: inventory.hosts,
            baselines,
            has_measurements: inventory.has_measurements,
            has_p95: inventory.has_p95,
            notes: inventory.notes,
            findings: inventory.findings,
            vdisk: inventory.vdisk,
            vpartition: inventory.vpartition,
            source_storage: inventory.source_storage,
            encoding: inventory.encoding,
            missing_tabs: inventory.missing_tabs,
        }
    }

    /// The inventory again, with only the VMs `keep` accepts.
    pub fn inventory(&self, keep: impl Fn(&PreviewVm) -> bool) -> Inventory {
        Inventory {
            vms: self.vms.iter().filter(|vm| keep(vm)).map(to_vm).collect(),
            hosts: self.hosts.clone(),
            vm_sheet: self.vm_sheet.clone(),
            has_measurements: self.has_measurements,
            has_p95: self.has_p95,
            notes: self.notes.clone(),
            findings: self.findings.clone(),
            vdisk: self.vdisk.clone(),
            vpartition: self.vpartition.clone(),
            source_storage: self.source_storage.clone(),
            encoding: self.encoding.clone(),
            missing_tabs: self.missing_tabs.clone(),
        }
    }
}

impl From<InventoryVm> for PreviewVm {
    fn from(vm: InventoryVm) -> Self {
        let sql_rule = sql_server_rule(&vm);
        let storage_gib = storage(&vm, StorageBasis::Provisioned).map(|(mib, _)| mib / 1024.0);
        // The order the import reports a problem in (grouping::import).
        let problem = vm
            .problem
            .clone()
            .or_else(|| vm.vcpu.clone().err())
            .or_else(|| vm.memory_mib.clone().err());
        PreviewVm {
            row: vm.row,
            name: vm.name,
            power: vm.power,
            template: vm.template,
            vcpu: vm.vcpu.ok(),
            memory_mib: vm.memory_mib.ok(),
            provisioned_mib: vm.provisioned_mib,
            in_use_mib: vm.in_use_mib,
            vdisk_mib: vm.vdisk_mib,
            guest_used_mib: vm.guest_used_mib,
            problem,
            cluster: vm.cluster,
            host: vm.host,
            os: vm.os,
            annotation: vm.annotation,
            on_vsan: vm.on_vsan,
            measured: vm.measured,
            storage_gib,
            sql_rule,
        }
    }
}

fn to_vm(vm: &PreviewVm) -> InventoryVm {
    // A figure without a problem of its own is unreadable for the reason
    // the row carries; the import reports that reason either way.
    let missing = || {
        vm.problem.clone().unwrap_or_else(|| {
            ImportIssue::file(format!("row {}: VM \"{}\" is incomplete", vm.row, vm.name))
        })
    };
    let readable = vm.vcpu.is_some() && vm.memory_mib.is_some();
    InventoryVm {
        row: vm.row,
        name: vm.name.clone(),
        power: vm.power,
        template: vm.template,
        vcpu: vm.vcpu.ok_or_else(missing),
        memory_mib: vm.memory_mib.ok_or_else(missing),
        provisioned_mib: vm.provisioned_mib,
        in_use_mib: vm.in_use_mib,
        vdisk_mib: vm.vdisk_mib,
        guest_used_mib: vm.guest_used_mib,
        problem: if readable { vm.problem.clone() } else { None },
        cluster: vm.cluster.clone(),
        host: vm.host.clone(),
        os: vm.os.clone(),
        annotation: vm.annotation.clone(),
        on_vsan: vm.on_vsan,
        measured: vm.measured,
    }
}
