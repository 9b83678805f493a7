//! The RVTools tabs this importer reads, their columns, and each row
//! checked into a typed record.

use std::collections::HashMap;

use super::{DiskTabSummary, RvtoolsFile};
use crate::import::csv_table::read_csv;
use crate::import::issue::{ImportIssue, Issues};
use crate::import::table::{ColumnSpec, Row, Table};
use crate::import::xlsx::Workbook;

/// RVTools exports one vCenter, and a vCenter Server 8 registers at most
/// 45,000 VMs (VMware Configuration Maximums): a longer vInfo tab is not one
/// export. The cap also bounds the time and memory a hostile file can take
/// (45,000 VMs import in well under 1 s here; docs/fuzzing.md).
pub const MAX_VMS: u32 = 45_000;
pub const MAX_DISK_ROWS: u32 = 1_000_000;
/// RVTools 4.x column names; 3.x wrote "MB" for the same MiB figures.
const VINFO_COLUMNS: [ColumnSpec; 11] = [
    ColumnSpec::required("VM"),
    ColumnSpec::required("Powerstate"),
    ColumnSpec::required("Template"),
    ColumnSpec::required("CPUs"),
    ColumnSpec::required("Memory"),
    ColumnSpec::required("Provisioned MiB").with_aliases(&["Provisioned MB"]),
    ColumnSpec::required("In Use MiB").with_aliases(&["In Use MB"]),
    ColumnSpec::required("Cluster"),
    ColumnSpec::required("OS according to the configuration file"),
    ColumnSpec::optional("OS according to the VMware Tools"),
    ColumnSpec::optional("VM UUID"),
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

const VDISK_COLUMNS: [ColumnSpec; 3] = [
    ColumnSpec::required("VM"),
    ColumnSpec::required("Capacity MiB").with_aliases(&["Capacity MB"]),
    ColumnSpec::optional("VM UUID"),
];
const VPARTITION_COLUMNS: [ColumnSpec; 4] = [
    ColumnSpec::required("VM"),
    ColumnSpec::required("Capacity MiB").with_aliases(&["Capacity MB"]),
    ColumnSpec::required("Consumed MiB").with_aliases(&["Consumed MB"]),
    ColumnSpec::optional("VM UUID"),
];
const TAB_VM: usize = 0;
const TAB_CAPACITY: usize = 1;
const TAB_CONSUMED: usize = 2;
const VDISK_UUID: usize = 2;
const VPARTITION_UUID: usize = 3;

/// Largest plausible figures, so a unit mix-up (bytes in a MiB column) is
/// caught at its cell: vSphere 8 maxima are 768 vCPUs and 24 TiB of memory
/// per VM and 62 TiB per virtual disk.
const MAX_VCPU: f64 = 768.0;
const MAX_MEMORY_MIB: f64 = 24.0 * 1024.0 * 1024.0;
const MAX_DISK_MIB: f64 = 62.0 * 1024.0 * 1024.0;
/// A VM may have up to 256 disks (vSphere 8, NVMe controllers).
const MAX_VM_STORAGE_MIB: f64 = 256.0 * MAX_DISK_MIB;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PowerState {
    On,
    Off,
    Suspended,
}

#[derive(Debug, Clone)]
pub struct Vm {
    pub row: u32,
    pub name: String,
    uuid: Option<String>,
    pub power: PowerState,
    pub template: bool,
    pub vcpu: u32,
    pub memory_mib: f64,
    pub provisioned_mib: f64,
    pub in_use_mib: f64,
    pub cluster: String,
    /// VMware Tools' report when present (what really runs), else the configuration file's.
    pub os: String,
}

#[derive(Debug, Clone, Copy, Default)]
pub struct DiskTotal {
    pub capacity_mib: f64,
    pub consumed_mib: f64,
}

/// A per-disk tab summed per VM.
#[derive(Debug)]
pub struct DiskTab {
    per_vm: HashMap<String, DiskTotal>,
    pub summary: DiskTabSummary,
}

impl DiskTab {
    pub fn for_vm(&self, vm: &Vm) -> DiskTotal {
        self.per_vm
            .get(&vm_key(&vm.name, vm.uuid.as_deref()))
            .copied()
            .unwrap_or_default()
    }
}

pub struct Inventory {
    pub vms: Vec<Vm>,
    pub vdisk: Option<DiskTab>,
    pub vpartition: Option<DiskTab>,
}

/// VMs are matched across tabs by "VM UUID" when every tab read has it
/// (names repeat across folders and vCenters), else by name.
fn vm_key(name: &str, uuid: Option<&str>) -> String {
    match uuid {
        Some(u) => format!("u:{u}"),
        None => format!("n:{name}"),
    }
}

pub fn read_inventory(file: RvtoolsFile) -> Result<Inventory, Vec<ImportIssue>> {
    let (vinfo, vdisk, vpartition) = read_tables(file)?;
    let by_uuid = vinfo.has(VM_UUID)
        && vdisk.as_ref().is_none_or(|t| t.has(VDISK_UUID))
        && vpartition.as_ref().is_none_or(|t| t.has(VPARTITION_UUID));
    let mut issues = Issues::default();
    let vms = vinfo_rows(&vinfo, by_uuid, &mut issues);
    let vdisk = vdisk.map(|t| disk_tab(&t, VDISK_UUID, by_uuid, false, &mut issues));
    let vpartition = vpartition.map(|t| disk_tab(&t, VPARTITION_UUID, by_uuid, true, &mut issues));
    issues.into_result()?;
    if vms.is_empty() {
        return Err(vec![ImportIssue::sheet(
            "vInfo",
            None,
            "lists no VM: rows 2 and below must hold one VM each",
        )]);
    }
    Ok(Inventory {
        vms,
        vdisk,
        vpartition,
    })
}

type Tables = (Table, Option<Table>, Option<Table>);

fn read_tables(file: RvtoolsFile) -> Result<Tables, Vec<ImportIssue>> {
    match file {
        RvtoolsFile::Xlsx(bytes) => {
            let mut book = Workbook::open(bytes).map_err(|e| vec![e])?;
            let Some(vinfo_name) = book.find_sheet("vInfo") else {
                return Err(vec![ImportIssue::sheet(
                    "vInfo",
                    None,
                    format!(
                        "the workbook has no such sheet (it has {}); is it an RVTools export?",
                        quoted_list(&book.sheet_names())
                    ),
                )]);
            };
            let vinfo = book.read(&vinfo_name, &VINFO_COLUMNS, MAX_VMS)?;
            let mut optional = |tab: &str, specs: &[ColumnSpec]| match book.find_sheet(tab) {
                Some(name) => book.read(&name, specs, MAX_DISK_ROWS).map(Some),
                None => Ok(None),
            };
            let vdisk = optional("vDisk", &VDISK_COLUMNS)?;
            let vpartition = optional("vPartition", &VPARTITION_COLUMNS)?;
            Ok((vinfo, vdisk, vpartition))
        }
        RvtoolsFile::CsvTabs {
            vinfo,
            vdisk,
            vpartition,
        } => Ok((
            read_csv("vInfo", vinfo, &VINFO_COLUMNS, MAX_VMS)?,
            vdisk
                .map(|b| read_csv("vDisk", b, &VDISK_COLUMNS, MAX_DISK_ROWS))
                .transpose()?,
            vpartition
                .map(|b| read_csv("vPartition", b, &VPARTITION_COLUMNS, MAX_DISK_ROWS))
                .transpose()?,
        )),
    }
}

fn quoted_list(names: &[String]) -> String {
    if names.is_empty() {
        return "no sheets".into();
    }
    names
        .iter()
        .map(|n| format!("\"{n}\""))
        .collect::<Vec<_>>()
        .join(", ")
}

fn vinfo_rows(t: &Table, by_uuid: bool, issues: &mut Issues) -> Vec<Vm> {
    let mut vms = Vec::with_capacity(t.rows.len());
    for row in &t.rows {
        match vm(t, row, by_uuid) {
            Ok(vm) => vms.push(vm),
            Err(row_issues) => row_issues.into_iter().for_each(|i| issues.push(i)),
        }
    }
    vms
}

/// One vInfo row; every bad cell of the row is reported, not just the first.
fn vm(t: &Table, row: &Row, by_uuid: bool) -> Result<Vm, Vec<ImportIssue>> {
    let mut bad = Vec::new();
    let mut take = |r: Result<f64, ImportIssue>| r.map_err(|e| bad.push(e)).unwrap_or(0.0);
    let vcpu = take(t.number_in(row, CPUS, 1.0, MAX_VCPU, true));
    let memory_mib = take(t.number_in(row, MEMORY, 0.0, MAX_MEMORY_MIB, false));
    let provisioned_mib = take(t.number_in(row, PROVISIONED, 0.0, MAX_VM_STORAGE_MIB, false));
    let in_use_mib = take(t.number_in(row, IN_USE, 0.0, MAX_VM_STORAGE_MIB, false));
    let template = t
        .flag(row, TEMPLATE)
        .map_err(|e| bad.push(e))
        .unwrap_or(false);
    let power = power_state(t, row).map_err(|e| bad.push(e));
    let name = t.text(row, VM);
    if name.is_empty() {
        bad.push(t.cell_issue(row, VM, "the VM name is empty"));
    }
    let (Ok(power), true) = (power, bad.is_empty()) else {
        return Err(bad);
    };
    let tools_os = if t.has(OS_TOOLS) {
        t.text(row, OS_TOOLS)
    } else {
        String::new()
    };
    let uuid = Some(t.text(row, VM_UUID)).filter(|u| by_uuid && !u.is_empty());
    Ok(Vm {
        row: row.number,
        name,
        uuid,
        power,
        template,
        vcpu: vcpu as u32,
        memory_mib,
        provisioned_mib,
        in_use_mib,
        cluster: t.text(row, CLUSTER),
        os: if tools_os.is_empty() {
            t.text(row, OS_CONFIG)
        } else {
            tools_os
        },
    })
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

fn disk_tab(
    t: &Table,
    uuid_column: usize,
    by_uuid: bool,
    with_consumed: bool,
    issues: &mut Issues,
) -> DiskTab {
    let mut per_vm: HashMap<String, DiskTotal> = HashMap::new();
    let mut summary = DiskTabSummary {
        rows: 0,
        zero_size: 0,
        capacity_gib: 0.0,
        consumed_gib: with_consumed.then_some(0.0),
    };
    for row in &t.rows {
        let capacity = t.number_in(row, TAB_CAPACITY, 0.0, MAX_DISK_MIB, false);
        let consumed = if with_consumed {
            t.number_in(row, TAB_CONSUMED, 0.0, MAX_DISK_MIB, false)
        } else {
            Ok(0.0)
        };
        let (capacity, consumed) = match (capacity, consumed) {
            (Ok(c), Ok(u)) => (c, u),
            (c, u) => {
                c.err()
                    .into_iter()
                    .chain(u.err())
                    .for_each(|e| issues.push(e));
                continue;
            }
        };
        let uuid = Some(t.text(row, uuid_column)).filter(|u| by_uuid && !u.is_empty());
        let total = per_vm
            .entry(vm_key(&t.text(row, TAB_VM), uuid.as_deref()))
            .or_default();
        total.capacity_mib += capacity;
        total.consumed_mib += consumed;
        summary.rows += 1;
        summary.zero_size += u32::from(capacity == 0.0);
        summary.capacity_gib += capacity / 1024.0;
        if let Some(c) = &mut summary.consumed_gib {
            *c += consumed / 1024.0;
        }
    }
    DiskTab { per_vm, summary }
}
