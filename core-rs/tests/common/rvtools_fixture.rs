//! Writes RVTools-shaped workbooks for the import tests and benchmark,
//! generated here (never copied from a real export): vInfo with RVTools
//! 4.x column names and some of its other columns, plus vDisk and
//! vPartition. Deterministic, with the edge cases the importer must handle:
//! templates, powered-off and suspended VMs, zero-size disks, non-ASCII names.

use rust_xlsxwriter::Workbook;

pub struct FixtureVm {
    pub name: String,
    pub power: &'static str,
    pub template: bool,
    pub cpus: u32,
    pub memory_mib: f64,
    pub provisioned_mib: f64,
    pub in_use_mib: f64,
    pub cluster: String,
    pub os: &'static str,
    /// Capacity and guest-consumed MiB of each disk.
    pub disks: Vec<(f64, f64)>,
    pub uuid: String,
}

/// `count` VMs; every 25th is a template, every 10th powered off, every
/// 97th suspended, every 7th has a non-ASCII name, every 13th a zero-size disk.
pub fn fixture_vms(count: usize) -> Vec<FixtureVm> {
    let clusters = ["Prod-A", "Prod-B", "Zürich DMZ", "Test"];
    let oses = [
        "Microsoft Windows Server 2019 (64-bit)",
        "Red Hat Enterprise Linux 8 (64-bit)",
        "Ubuntu Linux (64-bit)",
    ];
    (0..count)
        .map(|i| {
            let name = if i % 7 == 3 {
                format!("sql-ünïcødé-東京-{i:05}")
            } else {
                format!("vm-{i:05}")
            };
            let cpus = [1, 2, 2, 4, 4, 8, 16][i % 7];
            let memory_mib = f64::from(cpus) * 4096.0;
            let mut disks = vec![
                (40_960.0, 20_000.0),
                (102_400.0 * (1 + i % 3) as f64, 51_200.0),
            ];
            if i % 13 == 0 {
                disks.push((0.0, 0.0));
            }
            let disk_total: f64 = disks.iter().map(|d| d.0).sum();
            FixtureVm {
                name,
                power: match i {
                    _ if i % 97 == 5 => "suspended",
                    _ if i % 10 == 9 || i % 25 == 0 => "poweredOff",
                    _ => "poweredOn",
                },
                template: i % 25 == 0,
                cpus,
                memory_mib,
                // vInfo counts swap (memory) and a little more on top of the disks.
                provisioned_mib: disk_total + memory_mib + 1.5,
                in_use_mib: disks.iter().map(|d| d.1).sum::<f64>() + memory_mib,
                cluster: clusters[i % clusters.len()].to_owned(),
                os: oses[i % oses.len()],
                disks,
                uuid: format!("4201{i:012x}"),
            }
        })
        .collect()
}

/// How a generated workbook departs from a well-formed export.
#[derive(Default)]
pub struct Shape {
    /// Name of the VM sheet (RVTools: "vInfo").
    pub vinfo_sheet: Option<&'static str>,
    /// A vInfo header written differently: (RVTools name, name written).
    pub rename: Option<(&'static str, &'static str)>,
    /// Text written into a vInfo cell: (VM index, column, text).
    pub text_cell: Option<(usize, &'static str, &'static str)>,
    pub without_disk_tabs: bool,
}

const VINFO: [&str; 24] = [
    "VM",
    "Powerstate",
    "Template",
    "SRM Placeholder",
    "Config status",
    "DNS Name",
    "Connection state",
    "Guest state",
    "Heartbeat",
    "CPUs",
    "Memory",
    "NICs",
    "Disks",
    "Provisioned MiB",
    "In Use MiB",
    "Unshared MiB",
    "Datacenter",
    "Cluster",
    "Host",
    "OS according to the configuration file",
    "OS according to the VMware Tools",
    "VM ID",
    "VM UUID",
    "VI SDK Server",
];

pub fn rvtools_xlsx(vms: &[FixtureVm], shape: &Shape) -> Vec<u8> {
    let mut book = Workbook::new();
    let info = book.add_worksheet();
    info.set_name(shape.vinfo_sheet.unwrap_or("vInfo")).unwrap();
    for (c, h) in VINFO.iter().enumerate() {
        let h = match shape.rename {
            Some((from, to)) if from == *h => to,
            _ => h,
        };
        info.write_string(0, c as u16, h).unwrap();
    }
    for (i, vm) in vms.iter().enumerate() {
        let r = i as u32 + 1;
        let text = |s: &str| s.to_owned();
        let cells: [Cell; 24] = [
            Cell::Text(vm.name.clone()),
            Cell::Text(text(vm.power)),
            Cell::Text(text(if vm.template { "True" } else { "False" })),
            Cell::Text(text("False")),
            Cell::Text(text("green")),
            Cell::Text(format!("{}.example.test", vm.name)),
            Cell::Text(text("connected")),
            Cell::Text(text(if vm.power == "poweredOn" {
                "running"
            } else {
                "notRunning"
            })),
            Cell::Text(text("green")),
            Cell::Number(f64::from(vm.cpus)),
            Cell::Number(vm.memory_mib),
            Cell::Number(1.0),
            Cell::Number(vm.disks.len() as f64),
            Cell::Number(vm.provisioned_mib),
            Cell::Number(vm.in_use_mib),
            Cell::Number(vm.in_use_mib),
            Cell::Text(text("DC1")),
            Cell::Text(vm.cluster.clone()),
            Cell::Text(format!("esx{:02}.example.test", i % 16)),
            Cell::Text(text(vm.os)),
            Cell::Text(text(if vm.power == "poweredOn" { vm.os } else { "" })),
            Cell::Text(format!("vm-{}", 1000 + i)),
            Cell::Text(vm.uuid.clone()),
            Cell::Text(text("vcenter.example.test")),
        ];
        for (c, cell) in cells.into_iter().enumerate() {
            let cell = match shape.text_cell {
                Some((at, column, t)) if at == i && VINFO[c] == column => Cell::Text(t.to_owned()),
                _ => cell,
            };
            match cell {
                Cell::Text(t) => info.write_string(r, c as u16, t).unwrap(),
                Cell::Number(n) => info.write_number(r, c as u16, n).unwrap(),
            };
        }
    }
    if !shape.without_disk_tabs {
        let disk = book.add_worksheet();
        disk.set_name("vDisk").unwrap();
        for (c, h) in [
            "VM",
            "Powerstate",
            "Template",
            "Disk",
            "Capacity MiB",
            "Thin",
            "VM UUID",
        ]
        .iter()
        .enumerate()
        {
            disk.write_string(0, c as u16, *h).unwrap();
        }
        let mut r = 1;
        for vm in vms {
            for (d, (capacity, _)) in vm.disks.iter().enumerate() {
                disk.write_string(r, 0, &vm.name).unwrap();
                disk.write_string(r, 1, vm.power).unwrap();
                disk.write_string(r, 2, if vm.template { "True" } else { "False" })
                    .unwrap();
                disk.write_string(r, 3, format!("Hard disk {}", d + 1))
                    .unwrap();
                disk.write_number(r, 4, *capacity).unwrap();
                disk.write_string(r, 5, "True").unwrap();
                disk.write_string(r, 6, &vm.uuid).unwrap();
                r += 1;
            }
        }
        let part = book.add_worksheet();
        part.set_name("vPartition").unwrap();
        for (c, h) in [
            "VM",
            "Disk",
            "Capacity MiB",
            "Consumed MiB",
            "Free MiB",
            "VM UUID",
        ]
        .iter()
        .enumerate()
        {
            part.write_string(0, c as u16, *h).unwrap();
        }
        let mut r = 1;
        for vm in vms.iter().filter(|vm| vm.power == "poweredOn") {
            for (d, (capacity, consumed)) in vm.disks.iter().enumerate() {
                part.write_string(r, 0, &vm.name).unwrap();
                part.write_string(r, 1, format!("/dev/sd{}", (b'a' + d as u8) as char))
                    .unwrap();
                part.write_number(r, 2, *capacity).unwrap();
                part.write_number(r, 3, *consumed).unwrap();
                part.write_number(r, 4, capacity - consumed).unwrap();
                part.write_string(r, 5, &vm.uuid).unwrap();
                r += 1;
            }
        }
    }
    book.save_to_buffer().unwrap()
}

enum Cell {
    Text(String),
    Number(f64),
}
