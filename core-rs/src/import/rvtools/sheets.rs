//! The RVTools tabs this importer reads, their columns (4.x names, the
//! 3.x "MB" spellings and the `-DBColumnNames` names), and each row
//! checked into an [`InventoryVm`].

use std::collections::{HashMap, HashSet};

use super::{CsvTab, CsvTabs, RvtoolsFile};
use crate::import::csv_table::read_csv;
use crate::import::inventory::{
    DiskTabSummary, ImportFinding, Inventory, InventoryVm, MissingTab, PowerState, SourceHost,
};
use crate::import::issue::ImportIssue;
use crate::import::progress::Progress;
use crate::import::table::{ColumnSpec, Row, Table};
use crate::import::xlsx::Workbook;
// RVTools exports one vCenter: a longer vInfo tab is not one export. The
// vSphere maxima catch a unit mix-up (bytes in a MiB column) at its cell, and
// the caps bound the time and memory a hostile file can take (docs/fuzzing.md).
use crate::limits::{
    MAX_VCENTER_HOSTS, MAX_VCENTER_VMS, MAX_VIRTUAL_DISK_MIB, MAX_VM_MEMORY_MIB,
    MAX_VM_STORAGE_MIB, MAX_VM_VCPU,
};
use crate::source;

pub const MAX_DISK_ROWS: u32 = 1_000_000;
const MAX_DATASTORES: u32 = 100_000;

const SHEET: &str = "vInfo";
/// RVTools 4.x column names; 3.x wrote "MB" for the same MiB figures
/// (both binary: RVTools divides bytes by 1,048,576 either way), and
/// `-DBColumnNames` writes the database names (vInfoVMName, ...).
/// Only what every version has is required.
const VINFO_COLUMNS: [ColumnSpec; 15] = [
    ColumnSpec::required("VM").with_aliases(&["vInfoVMName"]),
    ColumnSpec::required("Powerstate").with_aliases(&["vInfoPowerstate"]),
    ColumnSpec::optional("Template").with_aliases(&["vInfoTemplate"]),
    ColumnSpec::required("CPUs").with_aliases(&["vInfoCPUs"]),
    ColumnSpec::required("Memory").with_aliases(&["vInfoMemory"]),
    ColumnSpec::required("Provisioned MiB").with_aliases(&["Provisioned MB", "vInfoProvisioned"]),
    ColumnSpec::optional("In Use MiB").with_aliases(&["In Use MB", "vInfoInUse"]),
    ColumnSpec::optional("Cluster").with_aliases(&["vInfoCluster"]),
    ColumnSpec::optional("OS according to the configuration file").with_aliases(&["vInfoOS"]),
    ColumnSpec::optional("OS according to the VMware Tools").with_aliases(&["vInfoOSTools"]),
    ColumnSpec::optional("VM UUID").with_aliases(&["vInfoUUID"]),
    ColumnSpec::optional("Host").with_aliases(&["vInfoHost"]),
    ColumnSpec::optional("Annotation").with_aliases(&["vInfoAnnotation"]),
    ColumnSpec::optional("Path").with_aliases(&["vInfoPath"]),
    ColumnSpec::optional("Datacenter").with_aliases(&["vInfoDataCenter"]),
];
const VM: usize = 0;
const POWERSTATE: usize = 1;
const TEMPLATE: usize = 2;
const CPUS: usize = 3;
const MEMORY: usize = 4;
const PROVISIONED: usize = 5;
const IN_USE: usize = 6;
const CLUSTER: usize = 7;
const OS_CONFIG: usize = 8;
const OS_TOOLS: usize = 9;
const VM_UUID: usize = 10;
const HOST: usize = 11;
const ANNOTATION: usize = 12;
const PATH: usize = 13;

const VDISK_COLUMNS: [ColumnSpec; 5] = [
    ColumnSpec::required("VM").with_aliases(&["vDiskVMName"]),
    ColumnSpec::required("Capacity MiB").with_aliases(&["Capacity MB", "vDiskCapacityMiB"]),
    ColumnSpec::optional("VM UUID").with_aliases(&["vDiskUUID"]),
    ColumnSpec::optional("Host").with_aliases(&["vDiskHost"]),
    ColumnSpec::optional("Cluster").with_aliases(&["vDiskCluster"]),
];
const VPARTITION_COLUMNS: [ColumnSpec; 6] = [
    ColumnSpec::required("VM").with_aliases(&["vPartitionVMName"]),
    ColumnSpec::required("Capacity MiB").with_aliases(&["Capacity MB", "vPartitionCapacityMiB"]),
    ColumnSpec::required("Consumed MiB").with_aliases(&["Consumed MB", "vPartitionConsumedMiB"]),
    ColumnSpec::optional("VM UUID").with_aliases(&["vPartitionUUID"]),
    ColumnSpec::optional("Host").with_aliases(&["vPartitionHost"]),
    ColumnSpec::optional("Cluster").with_aliases(&["vPartitionCluster"]),
];
const TAB_VM: usize = 0;
const TAB_CAPACITY: usize = 1;

/// Where the per-disk tabs keep the VM's UUID, host and cluster.
#[derive(Clone, Copy)]
struct TabColumns {
    consumed: Option<usize>,
    uuid: usize,
    host: usize,
    cluster: usize,
}
const VDISK: TabColumns = TabColumns {
    consumed: None,
    uuid: 2,
    host: 3,
    cluster: 4,
};
const VPARTITION: TabColumns = TabColumns {
    consumed: Some(2),
    uuid: 3,
    host: 4,
    cluster: 5,
};

const VDATASTORE_COLUMNS: [ColumnSpec; 2] = [
    ColumnSpec::required("Name").with_aliases(&["vDatastoreName"]),
    ColumnSpec::required("Type").with_aliases(&["vDatastoreType"]),
];
const VHOST_COLUMNS: [ColumnSpec; 6] = [
    ColumnSpec::required("Host").with_aliases(&["vHostName"]),
    ColumnSpec::optional("Cluster").with_aliases(&["vHostCluster"]),
    ColumnSpec::optional("# Cores").with_aliases(&["vHostNumCpuCores"]),
    ColumnSpec::optional("# Memory").with_aliases(&["vHostMemorySize"]),
    ColumnSpec::optional("CPU usage %").with_aliases(&["vHostOverallCpuUsage"]),
    ColumnSpec::optional("Memory usage %").with_aliases(&["vHostOverallMemoryUsage"]),
];

/// How many VM names a finding lists before "and N more".
const NAMED: usize = 5;

struct Tabs {
    vinfo: Table,
    vdisk: Option<Table>,
    vpartition: Option<Table>,
    vdatastore: Option<Table>,
    vhost: Option<Table>,
}

/// How VMs are matched across tabs: by "VM UUID" when every tab read has
/// it, else by (name, host, cluster) when every tab has those, else by name.
#[derive(Clone, Copy, PartialEq)]
enum Matching {
    Uuid,
    Location,
    Name,
}

fn key(t: &Table, row: &Row, by: Matching, c: TabColumns, name_col: usize) -> String {
    let name = t.text(row, name_col);
    match by {
        Matching::Uuid => format!("u:{}", t.text(row, c.uuid)),
        Matching::Location => format!(
            "l:{name}\u{1}{}\u{1}{}",
            t.text(row, c.host),
            t.text(row, c.cluster)
        ),
        Matching::Name => format!("n:{name}"),
    }
}

/// vInfo's columns in the per-disk tabs' terms, for [`key`].
const VINFO_KEYS: TabColumns = TabColumns {
    consumed: None,
    uuid: VM_UUID,
    host: HOST,
    cluster: CLUSTER,
};

pub fn read_inventory(
    file: RvtoolsFile,
    progress: &mut Progress,
) -> Result<Inventory, Vec<ImportIssue>> {
    let tabs = read_tables(file, progress)?;
    let disk_tabs = || {
        tabs.vdisk
            .iter()
            .zip([VDISK])
            .chain(tabs.vpartition.iter().zip([VPARTITION]))
    };
    let every = |vinfo_col: usize, col: fn(TabColumns) -> usize| {
        tabs.vinfo.has(vinfo_col) && disk_tabs().all(|(t, c)| t.has(col(c)))
    };
    let matching = if every(VM_UUID, |c| c.uuid) {
        Matching::Uuid
    } else if every(HOST, |c| c.host) && every(CLUSTER, |c| c.cluster) {
        Matching::Location
    } else {
        Matching::Name
    };
    let mut inventory = Inventory {
        vm_sheet: SHEET.into(),
        encoding: tabs.vinfo.encoding.map(str::to_owned),
        missing_tabs: missing_tabs(&tabs),
        ..Inventory::default()
    };
    let vsan = vsan_datastores(tabs.vdatastore.as_ref());
    let mut vms: Vec<InventoryVm> = tabs
        .vinfo
        .rows
        .iter()
        .map(|row| vm(&tabs.vinfo, row, &vsan, &mut inventory.notes))
        .collect();
    if vms.is_empty() {
        return Err(vec![ImportIssue::sheet(
            SHEET,
            None,
            "lists no VM: rows 2 and below must hold one VM each",
        )]);
    }
    let keys: Vec<String> = tabs
        .vinfo
        .rows
        .iter()
        .map(|row| key(&tabs.vinfo, row, matching, VINFO_KEYS, VM))
        .collect();
    let ambiguous = ambiguous_keys(&keys);
    if let Some(finding) = ambiguity_finding(&vms, &keys, &ambiguous, matching) {
        inventory.findings.push(finding);
    }
    if let Some(t) = &tabs.vdisk {
        let (per_vm, summary) = disk_tab(t, VDISK, matching, &mut inventory.notes);
        for (vm, k) in vms.iter_mut().zip(&keys) {
            if !ambiguous.contains(k) {
                vm.vdisk_mib = per_vm.get(k).map(|d| d.0);
            }
        }
        inventory.vdisk = Some(summary);
    }
    if let Some(t) = &tabs.vpartition {
        let (per_vm, summary) = disk_tab(t, VPARTITION, matching, &mut inventory.notes);
        for (vm, k) in vms.iter_mut().zip(&keys) {
            if !ambiguous.contains(k) {
                vm.guest_used_mib = per_vm.get(k).map(|d| d.1);
            }
        }
        inventory.vpartition = Some(summary);
    }
    if let Some(t) = &tabs.vhost {
        inventory.hosts = hosts(t, &mut inventory.notes);
    }
    inventory.vms = vms;
    Ok(inventory)
}

fn read_tables(file: RvtoolsFile, progress: &mut Progress) -> Result<Tabs, Vec<ImportIssue>> {
    match file {
        RvtoolsFile::Xlsx(bytes) => {
            let mut book = Workbook::open(bytes, progress).map_err(|e| vec![e])?;
            let Some(vinfo_name) = book.find_sheet(SHEET) else {
                return Err(vec![ImportIssue::sheet(
                    SHEET,
                    None,
                    format!(
                        "the workbook has no such sheet (it has {}); is it an RVTools export?",
                        quoted_list(&book.sheet_names())
                    ),
                )]);
            };
            book.plan(&CsvTab::ALL.map(CsvTab::name));
            let vinfo = book.read(&vinfo_name, &VINFO_COLUMNS, MAX_VCENTER_VMS, progress)?;
            let mut optional =
                |tab: &str, specs: &[ColumnSpec], max: u32| match book.find_sheet(tab) {
                    Some(name) => book.read(&name, specs, max, progress).map(Some),
                    None => Ok(None),
                };
            Ok(Tabs {
                vinfo,
                vdisk: optional("vDisk", &VDISK_COLUMNS, MAX_DISK_ROWS)?,
                vpartition: optional("vPartition", &VPARTITION_COLUMNS, MAX_DISK_ROWS)?,
                vdatastore: optional("vDatastore", &VDATASTORE_COLUMNS, MAX_DATASTORES)?,
                vhost: optional("vHost", &VHOST_COLUMNS, MAX_VCENTER_HOSTS)?,
            })
        }
        RvtoolsFile::Csv(tabs) => read_csv_tabs(tabs, progress),
    }
}

/// Each CSV tab is a step of the read, by its share of the bytes.
fn read_csv_tabs(tabs: CsvTabs, progress: &mut Progress) -> Result<Tabs, Vec<ImportIssue>> {
    let optional = [tabs.vdisk, tabs.vpartition, tabs.vdatastore, tabs.vhost];
    let total = optional.iter().flatten().map(|b| b.len()).sum::<usize>() + tabs.vinfo.len();
    let mut read = |tab: CsvTab, bytes: &[u8], specs: &[ColumnSpec], max: u32| {
        progress.step(bytes.len() as f64 / total.max(1) as f64);
        let table = read_csv(tab.name(), bytes, specs, max);
        progress.advance(1, 1);
        table
    };
    Ok(Tabs {
        vinfo: read(CsvTab::VInfo, tabs.vinfo, &VINFO_COLUMNS, MAX_VCENTER_VMS)?,
        vdisk: tabs
            .vdisk
            .map(|b| read(CsvTab::VDisk, b, &VDISK_COLUMNS, MAX_DISK_ROWS))
            .transpose()?,
        vpartition: tabs
            .vpartition
            .map(|b| read(CsvTab::VPartition, b, &VPARTITION_COLUMNS, MAX_DISK_ROWS))
            .transpose()?,
        vdatastore: tabs
            .vdatastore
            .map(|b| read(CsvTab::VDatastore, b, &VDATASTORE_COLUMNS, MAX_DATASTORES))
            .transpose()?,
        vhost: tabs
            .vhost
            .map(|b| read(CsvTab::VHost, b, &VHOST_COLUMNS, MAX_VCENTER_HOSTS))
            .transpose()?,
    })
}

/// The tabs the export lacks and what the import does without each
/// (grouping::storage: the order the storage figures are taken in).
fn missing_tabs(tabs: &Tabs) -> Vec<MissingTab> {
    [
        (
            CsvTab::VDisk,
            tabs.vdisk.is_none(),
            "provisioned storage comes from vInfo's Provisioned MiB, not from each virtual \
             disk's capacity; on vSAN datastores vInfo counts every protection copy",
        ),
        (
            CsvTab::VPartition,
            tabs.vpartition.is_none(),
            "in-use storage comes from vInfo's In Use MiB (datastore space, with swap and \
             snapshots, and every protection copy on vSAN), not from the space used inside the \
             guests",
        ),
        (
            CsvTab::VDatastore,
            tabs.vdatastore.is_none(),
            "vSAN datastores are recognised only by the name vSphere gives them \
             (vsanDatastore); a renamed vSAN datastore is taken for another kind",
        ),
        (
            CsvTab::VHost,
            tabs.vhost.is_none(),
            "the existing hosts are unknown, so no source cluster is offered as a baseline",
        ),
    ]
    .into_iter()
    .filter(|(_, missing, _)| *missing)
    .map(|(tab, _, cost)| MissingTab {
        tab: tab.name().into(),
        cost: cost.into(),
    })
    .collect()
}

pub fn quoted_list(names: &[String]) -> String {
    if names.is_empty() {
        return "no sheets".into();
    }
    names
        .iter()
        .map(|n| format!("\"{n}\""))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Names of the vSAN datastores: vDatastore's "Type" when the export has
/// the tab, else the name vSphere gives a vSAN datastore ("vsanDatastore").
fn vsan_datastores(vdatastore: Option<&Table>) -> Option<HashSet<String>> {
    vdatastore.map(|t| {
        t.rows
            .iter()
            .filter(|r| t.text(r, 1).eq_ignore_ascii_case("vsan"))
            .map(|r| t.text(r, 0))
            .collect()
    })
}

fn on_vsan(path: &str, vsan: &Option<HashSet<String>>) -> bool {
    // A VM's path is "[datastore] folder/vm.vmx".
    let Some(datastore) = path
        .trim()
        .strip_prefix('[')
        .and_then(|rest| rest.split_once(']'))
        .map(|(name, _)| name.trim())
    else {
        return false;
    };
    match vsan {
        Some(names) => names.contains(datastore),
        None => datastore.to_ascii_lowercase().starts_with("vsandatastore"),
    }
}

/// One vInfo row. Cells only an imported VM needs keep their problem; an
/// empty cell with a safe reading is noted and read that way.
fn vm(
    t: &Table,
    row: &Row,
    vsan: &Option<HashSet<String>>,
    notes: &mut Vec<ImportIssue>,
) -> InventoryVm {
    let mut problem: Option<ImportIssue> = None;
    let mut fail = |issue: ImportIssue| {
        problem.get_or_insert(issue);
    };
    let name = t.text(row, VM);
    if name.is_empty() {
        fail(t.cell_issue(row, VM, "the VM name is empty"));
    }
    let power = power_state(t, row).unwrap_or_else(|issue| {
        fail(issue);
        PowerState::On
    });
    let template = if !t.has(TEMPLATE) {
        false
    } else if t.text(row, TEMPLATE).is_empty() {
        // vSphere cannot power a template on, and a VM that is not on is
        // skipped (as powered off or suspended) whatever the flag says.
        notes.push(t.cell_issue(
            row,
            TEMPLATE,
            "the cell is empty; read as False (the VM is not a template)",
        ));
        false
    } else {
        t.flag(row, TEMPLATE).unwrap_or_else(|issue| {
            fail(issue);
            false
        })
    };
    let mut storage = |col: usize| {
        t.optional_number(row, col, 0.0, MAX_VM_STORAGE_MIB)
            .unwrap_or_else(|issue| {
                fail(issue);
                None
            })
    };
    let provisioned_mib = storage(PROVISIONED);
    let in_use_mib = storage(IN_USE);
    for (col, value) in [(PROVISIONED, provisioned_mib), (IN_USE, in_use_mib)] {
        if t.has(col) && value.is_none() && t.text(row, col).is_empty() {
            notes.push(t.cell_issue(
                row,
                col,
                "the cell is empty; the VM's storage is taken from its next figure (docs/import.md)",
            ));
        }
    }
    let vcpu = t
        .number_in(row, CPUS, 1.0, MAX_VM_VCPU, true)
        .map(|n| n as u32);
    let memory_mib = t.number_in(row, MEMORY, 0.0, MAX_VM_MEMORY_MIB, false);
    let tools_os = t.text(row, OS_TOOLS);
    InventoryVm {
        row: row.number,
        name,
        power,
        template,
        vcpu,
        memory_mib,
        provisioned_mib,
        in_use_mib,
        vdisk_mib: None,
        guest_used_mib: None,
        problem,
        cluster: t.text(row, CLUSTER),
        host: t.text(row, HOST),
        os: if tools_os.is_empty() {
            t.text(row, OS_CONFIG)
        } else {
            tools_os
        },
        annotation: t.text(row, ANNOTATION),
        on_vsan: on_vsan(&t.text(row, PATH), vsan),
        measured: None,
    }
}

fn power_state(t: &Table, row: &Row) -> Result<PowerState, ImportIssue> {
    let text = t.text(row, POWERSTATE);
    match text.to_ascii_lowercase().as_str() {
        "poweredon" => Ok(PowerState::On),
        "poweredoff" => Ok(PowerState::Off),
        "suspended" => Ok(PowerState::Suspended),
        _ => Err(t.cell_issue(
            row,
            POWERSTATE,
            format!("expected poweredOn, poweredOff or suspended, found \"{text}\""),
        )),
    }
}

/// Keys that more than one vInfo row has: their disks cannot be told apart.
fn ambiguous_keys(keys: &[String]) -> HashSet<String> {
    let mut seen = HashSet::new();
    keys.iter()
        .filter(|k| !seen.insert(k.as_str()))
        .cloned()
        .collect()
}

fn ambiguity_finding(
    vms: &[InventoryVm],
    keys: &[String],
    ambiguous: &HashSet<String>,
    matching: Matching,
) -> Option<ImportFinding> {
    let names: Vec<&str> = vms
        .iter()
        .zip(keys)
        .filter(|(_, k)| ambiguous.contains(*k))
        .map(|(vm, _)| vm.name.as_str())
        .collect();
    if names.is_empty() {
        return None;
    }
    let by = match matching {
        Matching::Uuid => "VM UUID",
        Matching::Location => "name, host and cluster",
        Matching::Name => "name (the export has no VM UUID, or no host and cluster, in every tab)",
    };
    let shown: Vec<String> = names
        .iter()
        .take(NAMED)
        .map(|n| format!("\"{n}\""))
        .collect();
    let more = names
        .len()
        .checked_sub(NAMED)
        .filter(|n| *n > 0)
        .map(|n| format!(" and {n} more"))
        .unwrap_or_default();
    Some(ImportFinding::new(
        "import.duplicate_vm_names",
        format!(
            "{} vInfo rows share their {by} with another row ({}{more}): their vDisk and \
             vPartition rows cannot be told apart, so these VMs are sized from their own vInfo \
             figures instead.",
            names.len(),
            shown.join(", ")
        ),
        source::IMPORT_DUPLICATE_NAMES,
    ))
}

type PerVm = HashMap<String, (f64, f64)>;

/// A per-disk tab summed per VM key: (capacity, consumed) MiB. A row with
/// a bad cell is noted and its VM falls back to vInfo's figures.
fn disk_tab(
    t: &Table,
    c: TabColumns,
    matching: Matching,
    notes: &mut Vec<ImportIssue>,
) -> (PerVm, DiskTabSummary) {
    let mut per_vm: PerVm = HashMap::new();
    let mut broken = HashSet::new();
    let mut summary = DiskTabSummary {
        rows: 0,
        zero_size: 0,
        capacity_gib: 0.0,
        consumed_gib: c.consumed.map(|_| 0.0),
    };
    for row in &t.rows {
        let k = key(t, row, matching, c, TAB_VM);
        let capacity = t.number_in(row, TAB_CAPACITY, 0.0, MAX_VIRTUAL_DISK_MIB, false);
        let consumed = match c.consumed {
            Some(col) => t.number_in(row, col, 0.0, MAX_VIRTUAL_DISK_MIB, false),
            None => Ok(0.0),
        };
        let (capacity, consumed) = match (capacity, consumed) {
            (Ok(a), Ok(b)) => (a, b),
            (a, b) => {
                notes.extend(a.err().into_iter().chain(b.err()).map(|issue| {
                    let message = format!(
                        "{}; this VM's storage is taken from vInfo instead",
                        issue.message
                    );
                    ImportIssue { message, ..issue }
                }));
                broken.insert(k);
                continue;
            }
        };
        let total = per_vm.entry(k).or_default();
        total.0 += capacity;
        total.1 += consumed;
        summary.rows += 1;
        summary.zero_size += u32::from(capacity == 0.0);
        summary.capacity_gib += capacity / 1024.0;
        if let Some(s) = &mut summary.consumed_gib {
            *s += consumed / 1024.0;
        }
    }
    per_vm.retain(|k, _| !broken.contains(k));
    (per_vm, summary)
}

/// vHost: one row per host. "# Memory" is MiB (RVTools reports MB = MiB).
fn hosts(t: &Table, notes: &mut Vec<ImportIssue>) -> Vec<SourceHost> {
    let mut out = Vec::with_capacity(t.rows.len());
    for row in &t.rows {
        let mut figure = |col: usize, max: f64| {
            t.optional_number(row, col, 0.0, max)
                .unwrap_or_else(|issue| {
                    notes.push(issue);
                    None
                })
        };
        let cores = figure(2, 10_000.0).unwrap_or(0.0);
        let memory_mib = figure(3, 1e9).unwrap_or(0.0);
        let cpu_usage_pct = figure(4, 100.0);
        let memory_usage_pct = figure(5, 100.0);
        out.push(SourceHost {
            name: t.text(row, 0),
            cluster: t.text(row, 1),
            cores,
            memory_gib: memory_mib / 1024.0,
            cpu_usage_pct,
            memory_usage_pct,
        });
    }
    out
}
