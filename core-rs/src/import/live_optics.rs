//! Live Optics VMware collector export -> workloads. Reads "VMs" (one row
//! per VM) and, when present, "VM Performance" (measured peak and
//! 95th-percentile IOPS and throughput per VM), "VM Disks", "ESX Hosts",
//! "ESX Performance" (host CPU and memory utilisation) and "Host Devices"
//! (the datastores, each LUN once), from the .xlsx workbook or the .zip
//! Live Optics hands out. Column names are those of the public export
//! (docs/import.md); rows with problems are skipped and listed.

use std::collections::{HashMap, HashSet};
use std::io::{Cursor, Read};

use super::inventory::{
    self, ImportFinding, Inventory, InventoryImport, InventoryOptions, InventorySource,
    InventoryVm, MeasuredIo, PowerState, SourceHost, SourceStorage,
};
use super::issue::ImportIssue;
use super::progress::Progress;
use super::table::{ColumnSpec, Row, Table};
use super::xlsx::{Workbook, MAX_INFLATE_RATIO, MAX_XLSX_BYTES, RATIO_GRACE_BYTES};
// One collection holds at most one vCenter's VMs; the vSphere maxima catch
// a unit mix-up at its cell.
use crate::limits::{MAX_VCENTER_VMS, MAX_VM_MEMORY_MIB, MAX_VM_STORAGE_MIB, MAX_VM_VCPU};
use crate::source;

const SHEET: &str = "VMs";
const MAX_ROWS: u32 = 1_000_000;

const VM_COLUMNS: [ColumnSpec; 13] = [
    ColumnSpec::required("VM Name"),
    ColumnSpec::required("Power State").with_aliases(&["PowerState"]),
    ColumnSpec::optional("Template"),
    ColumnSpec::required("Virtual CPU"),
    ColumnSpec::required("Provisioned Memory (MiB)").with_aliases(&["Provisioned Memory (MB)"]),
    ColumnSpec::optional("Virtual Disk Size (MiB)").with_aliases(&["Virtual Disk Size (MB)"]),
    ColumnSpec::optional("Virtual Disk Used (MiB)").with_aliases(&["Virtual Disk Used (MB)"]),
    ColumnSpec::optional("Guest VM Disk Used (MiB)").with_aliases(&["Guest VM Disk Used (MB)"]),
    ColumnSpec::optional("Cluster"),
    ColumnSpec::optional("Host"),
    ColumnSpec::optional("VM OS"),
    ColumnSpec::optional("Datastore"),
    ColumnSpec::optional("Annotation").with_aliases(&["Notes"]),
];
const NAME: usize = 0;
const POWER: usize = 1;
const TEMPLATE: usize = 2;
const VCPU: usize = 3;
const MEMORY: usize = 4;
const DISK_SIZE: usize = 5;
const DISK_USED: usize = 6;
const GUEST_USED: usize = 7;
const CLUSTER: usize = 8;
const HOST: usize = 9;
const OS: usize = 10;
const DATASTORE: usize = 11;
const ANNOTATION: usize = 12;

const PERF_COLUMNS: [ColumnSpec; 4] = [
    ColumnSpec::required("VM Name"),
    ColumnSpec::required("Peak IOPS"),
    ColumnSpec::optional("95% IOPS").with_aliases(&["95th Percentile IOPS"]),
    ColumnSpec::optional("Peak Throughput MB/s").with_aliases(&["Peak Throughput (MB/s)"]),
];
const DISK_COLUMNS: [ColumnSpec; 2] = [
    ColumnSpec::required("VM Name"),
    ColumnSpec::required("Capacity (MiB)").with_aliases(&["Disk Capacity (MiB)", "Size (MiB)"]),
];
const HOST_COLUMNS: [ColumnSpec; 4] = [
    ColumnSpec::required("Host Name"),
    ColumnSpec::optional("Cluster"),
    ColumnSpec::optional("CPU Cores"),
    ColumnSpec::optional("Memory (KiB)"),
];
const HOST_PERF_COLUMNS: [ColumnSpec; 3] = [
    ColumnSpec::required("Host").with_aliases(&["Host Name"]),
    ColumnSpec::optional("Peak CPU %"),
    ColumnSpec::optional("Peak Memory %"),
];
const DEVICE_COLUMNS: [ColumnSpec; 5] = [
    ColumnSpec::required("Device Name"),
    ColumnSpec::optional("Device Type"),
    ColumnSpec::required("Capacity (GiB)"),
    ColumnSpec::optional("Used Capacity (GiB)"),
    ColumnSpec::optional("Canonical Name").with_aliases(&["Device ID", "LUN ID", "NAA"]),
];

const MAX_IOPS: f64 = 10_000_000.0;

/// The sheets that tell a Live Optics VMware export from other workbooks.
pub fn is_live_optics(sheet_names: &[String]) -> bool {
    let has = |name: &str| {
        sheet_names
            .iter()
            .any(|s| s.trim().eq_ignore_ascii_case(name))
    };
    has(SHEET) && (has("VM Performance") || has("ESX Hosts") || has("Details"))
}

/// The export inside a Live Optics .zip: its one .xlsx workbook, read
/// with the same bounds as a workbook on its own.
pub fn workbook_in_zip(bytes: &[u8]) -> Result<Vec<u8>, ImportIssue> {
    let mut zip = zip::ZipArchive::new(Cursor::new(bytes))
        .map_err(|e| ImportIssue::file(format!("the file is not a readable zip archive ({e})")))?;
    let names: Vec<String> = zip
        .file_names()
        .filter_map(Result::ok)
        .filter(|n| n.to_ascii_lowercase().ends_with(".xlsx"))
        .map(|n| n.into_owned())
        .collect();
    let [name] = names.as_slice() else {
        return Err(ImportIssue::file(format!(
            "the zip archive holds {} .xlsx workbooks; a Live Optics export holds one",
            names.len()
        )));
    };
    let entry = zip.by_name(name).map_err(|e| {
        ImportIssue::file(format!("\"{name}\" in the zip archive is damaged ({e})"))
    })?;
    // An .xlsx is compressed already: inflating it far past its stored
    // size is a zip bomb, refused on the same ratio as a workbook's parts.
    let limit = (MAX_XLSX_BYTES as u64)
        .min(RATIO_GRACE_BYTES.max(entry.compressed_size().saturating_mul(MAX_INFLATE_RATIO)));
    let mut out = Vec::new();
    entry.take(limit + 1).read_to_end(&mut out).map_err(|e| {
        ImportIssue::file(format!("\"{name}\" in the zip archive is damaged ({e})"))
    })?;
    if out.len() as u64 > limit {
        return Err(ImportIssue::file(format!(
            "\"{name}\" in the zip archive inflates to more than {limit} bytes (at most \
             {MAX_XLSX_BYTES} bytes, and at most {MAX_INFLATE_RATIO} times its compressed size); \
             it is refused as unsafe"
        )));
    }
    Ok(out)
}

/// Imports a Live Optics VMware export (.xlsx bytes).
pub fn import_live_optics(
    xlsx: &[u8],
    options: &InventoryOptions,
) -> Result<InventoryImport, Vec<ImportIssue>> {
    let inventory = read_inventory(xlsx, &mut Progress::silent())?;
    Ok(inventory::import(
        &inventory,
        InventorySource::LiveOptics,
        options,
    ))
}

pub(crate) fn read_inventory(
    xlsx: &[u8],
    progress: &mut Progress,
) -> Result<Inventory, Vec<ImportIssue>> {
    let mut book = Workbook::open(xlsx, progress).map_err(|e| vec![e])?;
    let Some(vm_sheet) = book.find_sheet(SHEET) else {
        return Err(vec![ImportIssue::sheet(
            SHEET,
            None,
            "the workbook has no such sheet; is it a Live Optics VMware export?",
        )]);
    };
    book.plan(&[
        SHEET,
        "VM Performance",
        "VM Disks",
        "ESX Hosts",
        "ESX Performance",
        "Host Devices",
    ]);
    let vms = book.read(&vm_sheet, &VM_COLUMNS, MAX_VCENTER_VMS, progress)?;
    let mut optional = |tab: &str, specs: &[ColumnSpec]| match book.find_sheet(tab) {
        Some(name) => book.read(&name, specs, MAX_ROWS, progress).map(Some),
        None => Ok(None),
    };
    let perf = optional("VM Performance", &PERF_COLUMNS)?;
    let disks = optional("VM Disks", &DISK_COLUMNS)?;
    let hosts = optional("ESX Hosts", &HOST_COLUMNS)?;
    let host_perf = optional("ESX Performance", &HOST_PERF_COLUMNS)?;
    let devices = optional("Host Devices", &DEVICE_COLUMNS)?;
    let mut inventory = Inventory {
        vm_sheet: SHEET.into(),
        ..Inventory::default()
    };
    let mut list: Vec<InventoryVm> = vms
        .rows
        .iter()
        .map(|row| vm(&vms, row, &mut inventory.notes))
        .collect();
    if list.is_empty() {
        return Err(vec![ImportIssue::sheet(
            SHEET,
            None,
            "lists no VM: rows 2 and below must hold one VM each",
        )]);
    }
    let mut seen = HashSet::new();
    let repeated: HashSet<String> = list
        .iter()
        .filter(|vm| !seen.insert(vm.name.as_str()))
        .map(|vm| vm.name.clone())
        .collect();
    if !repeated.is_empty() {
        inventory.findings.push(ImportFinding::new(
            "import.duplicate_vm_names",
            format!(
                "{} VM names appear more than once on the VMs sheet; the VM Performance and \
                 VM Disks rows name VMs only by name, so those VMs get no measured IOPS or \
                 per-disk sizes.",
                repeated.len()
            ),
            source::IMPORT_DUPLICATE_NAMES,
        ));
    }
    if let Some(t) = &perf {
        let measured = measurements(t, &mut inventory.notes);
        inventory.has_measurements = true;
        inventory.has_p95 = t.has(2);
        for vm in list.iter_mut().filter(|vm| !repeated.contains(&vm.name)) {
            vm.measured = measured.get(&vm.name).copied();
        }
    }
    if let Some(t) = &disks {
        let per_vm = disk_sizes(t, &mut inventory.notes);
        for vm in list.iter_mut().filter(|vm| !repeated.contains(&vm.name)) {
            if let Some(mib) = per_vm.get(&vm.name) {
                vm.vdisk_mib = Some(*mib);
            }
        }
    }
    if let Some(t) = &hosts {
        inventory.hosts = source_hosts(t, host_perf.as_ref(), &mut inventory.notes);
    }
    if let Some(t) = &devices {
        inventory.source_storage = Some(shared_storage(t, &mut inventory.notes));
    }
    inventory.vms = list;
    Ok(inventory)
}

fn vm(t: &Table, row: &Row, notes: &mut Vec<ImportIssue>) -> InventoryVm {
    let mut problem: Option<ImportIssue> = None;
    let name = t.text(row, NAME);
    if name.is_empty() {
        problem.get_or_insert(t.cell_issue(row, NAME, "the VM name is empty"));
    }
    let power_text = t.text(row, POWER);
    let power = match power_text.to_ascii_lowercase().as_str() {
        "poweredon" => PowerState::On,
        "poweredoff" => PowerState::Off,
        "suspended" => PowerState::Suspended,
        _ => {
            problem.get_or_insert(t.cell_issue(
                row,
                POWER,
                format!("expected poweredOn, poweredOff or suspended, found \"{power_text}\""),
            ));
            PowerState::On
        }
    };
    let template = if t.has(TEMPLATE) && !t.text(row, TEMPLATE).is_empty() {
        t.flag(row, TEMPLATE).unwrap_or_else(|issue| {
            problem.get_or_insert(issue);
            false
        })
    } else {
        false
    };
    let mut storage = |col: usize| {
        t.optional_number(row, col, 0.0, MAX_VM_STORAGE_MIB)
            .unwrap_or_else(|issue| {
                problem.get_or_insert(issue);
                None
            })
    };
    let vdisk_mib = storage(DISK_SIZE);
    let in_use_mib = storage(DISK_USED);
    let guest_used_mib = storage(GUEST_USED);
    let datastore = t.text(row, DATASTORE);
    if t.has(DISK_USED) && in_use_mib.is_none() {
        notes.push(t.cell_issue(
            row,
            DISK_USED,
            "the cell is empty; the VM's storage is taken from its next figure (docs/import.md)",
        ));
    }
    InventoryVm {
        row: row.number,
        name,
        power,
        template,
        vcpu: t
            .number_in(row, VCPU, 1.0, MAX_VM_VCPU, true)
            .map(|n| n as u32),
        memory_mib: t.number_in(row, MEMORY, 0.0, MAX_VM_MEMORY_MIB, false),
        provisioned_mib: None,
        in_use_mib,
        vdisk_mib,
        guest_used_mib,
        problem,
        cluster: t.text(row, CLUSTER),
        host: t.text(row, HOST),
        os: t.text(row, OS),
        annotation: t.text(row, ANNOTATION),
        // Live Optics lists a VM's datastores by name; vSphere names a
        // vSAN datastore "vsanDatastore" unless renamed.
        on_vsan: datastore
            .split([',', ';'])
            .any(|d| d.trim().to_ascii_lowercase().starts_with("vsandatastore")),
        measured: None,
    }
}

fn measurements(t: &Table, notes: &mut Vec<ImportIssue>) -> HashMap<String, MeasuredIo> {
    let mut out = HashMap::with_capacity(t.rows.len());
    for row in &t.rows {
        let figures = (
            t.number_in(row, 1, 0.0, MAX_IOPS, false),
            t.optional_number(row, 2, 0.0, MAX_IOPS),
            t.optional_number(row, 3, 0.0, 1e9),
        );
        match figures {
            (Ok(peak_iops), Ok(p95_iops), Ok(mbps)) => {
                out.insert(
                    t.text(row, 0),
                    MeasuredIo {
                        peak_iops,
                        p95_iops,
                        peak_mbps: mbps.unwrap_or(0.0),
                    },
                );
            }
            (a, b, c) => notes.extend(
                a.err()
                    .into_iter()
                    .chain(b.err())
                    .chain(c.err())
                    .map(|i| with_fallback(i, "this VM is imported without measured I/O")),
            ),
        }
    }
    out
}

fn with_fallback(issue: ImportIssue, what: &str) -> ImportIssue {
    let message = format!("{}; {what}", issue.message);
    ImportIssue { message, ..issue }
}

fn disk_sizes(t: &Table, notes: &mut Vec<ImportIssue>) -> HashMap<String, f64> {
    let mut out: HashMap<String, f64> = HashMap::new();
    let mut broken = HashSet::new();
    for row in &t.rows {
        let name = t.text(row, 0);
        match t.number_in(row, 1, 0.0, MAX_VM_STORAGE_MIB, false) {
            Ok(mib) => *out.entry(name).or_default() += mib,
            Err(issue) => {
                notes.push(with_fallback(
                    issue,
                    "this VM's storage is taken from the VMs sheet instead",
                ));
                broken.insert(name);
            }
        }
    }
    out.retain(|name, _| !broken.contains(name));
    out
}

fn source_hosts(t: &Table, perf: Option<&Table>, notes: &mut Vec<ImportIssue>) -> Vec<SourceHost> {
    let mut usage: HashMap<String, (Option<f64>, Option<f64>)> = HashMap::new();
    if let Some(p) = perf {
        for row in &p.rows {
            let mut pct = |col: usize| {
                p.optional_number(row, col, 0.0, 100.0)
                    .unwrap_or_else(|issue| {
                        notes.push(issue);
                        None
                    })
            };
            let cpu = pct(1);
            let mem = pct(2);
            usage.insert(p.text(row, 0), (cpu, mem));
        }
    }
    let mut out = Vec::with_capacity(t.rows.len());
    for row in &t.rows {
        let mut figure = |col: usize| {
            t.optional_number(row, col, 0.0, 1e12)
                .unwrap_or_else(|issue| {
                    notes.push(issue);
                    None
                })
                .unwrap_or(0.0)
        };
        let cores = figure(2);
        let memory_kib = figure(3);
        let name = t.text(row, 0);
        let (cpu_usage_pct, memory_usage_pct) = usage.get(&name).copied().unwrap_or_default();
        out.push(SourceHost {
            cluster: t.text(row, 1),
            name,
            cores,
            memory_gib: memory_kib / 1024.0 / 1024.0,
            cpu_usage_pct,
            memory_usage_pct,
        });
    }
    out
}

/// Host Devices lists a shared LUN once per host that sees it, under a
/// host-local device name: the LUN's identifier (Canonical Name) counts
/// it once; without that column, its size and use do. Local devices are
/// not the VMs' shared storage and are left out.
fn shared_storage(t: &Table, notes: &mut Vec<ImportIssue>) -> SourceStorage {
    let mut seen = HashSet::new();
    let mut out = SourceStorage {
        devices: 0,
        capacity_gib: 0.0,
        used_gib: 0.0,
    };
    for row in &t.rows {
        if t.text(row, 1).eq_ignore_ascii_case("local") {
            continue;
        }
        let (capacity, used) = match (
            t.number_in(row, 2, 0.0, 1e12, false),
            t.optional_number(row, 3, 0.0, 1e12),
        ) {
            (Ok(c), Ok(u)) => (c, u.unwrap_or(0.0)),
            (a, b) => {
                notes.extend(a.err().into_iter().chain(b.err()));
                continue;
            }
        };
        let id = t.text(row, 4);
        let key = if id.is_empty() {
            format!("{capacity}\u{1}{used}")
        } else {
            id
        };
        if seen.insert(key) {
            out.devices += 1;
            out.capacity_gib += capacity;
            out.used_gib += used;
        }
    }
    out
}
