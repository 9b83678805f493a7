//! Writes Live Optics VMware-export-shaped workbooks for the import tests
//! and benchmark, generated here (never copied from a real export): the
//! sheets and column names of the public export (docs/import.md) with
//! deterministic figures, plus the .zip Live Optics hands out.

#![allow(dead_code)]

use std::io::Write;

use rust_xlsxwriter::{Workbook, Worksheet};

pub struct LoVm {
    pub name: String,
    pub power: &'static str,
    pub template: bool,
    pub vcpu: u32,
    pub memory_mib: f64,
    pub disk_size_mib: f64,
    pub disk_used_mib: f64,
    pub guest_used_mib: f64,
    pub cluster: String,
    pub host: String,
    pub os: &'static str,
    pub peak_iops: f64,
    pub p95_iops: f64,
    pub peak_mbps: f64,
}

pub const HOSTS: usize = 8;

/// `count` VMs on two clusters: every 20th powered off, every 50th a
/// template, every 9th SQL-named on Windows.
pub fn lo_vms(count: usize) -> Vec<LoVm> {
    (0..count)
        .map(|i| {
            let vcpu = [2, 4, 8][i % 3];
            let sql = i % 9 == 4;
            LoVm {
                name: if sql {
                    format!("SQLPRD{i:05}")
                } else {
                    format!("app-{i:05}")
                },
                power: if i % 20 == 7 {
                    "poweredOff"
                } else {
                    "poweredOn"
                },
                template: i % 50 == 11,
                vcpu,
                memory_mib: f64::from(vcpu) * 4096.0,
                disk_size_mib: 61_440.0 + (i % 5) as f64 * 10_240.0,
                disk_used_mib: 30_720.0 + (i % 7) as f64 * 1024.0,
                guest_used_mib: 20_480.0 + (i % 3) as f64 * 512.0,
                cluster: if i % 2 == 0 {
                    "PROD-SQL-CL01"
                } else {
                    "PROD-APP-CL02"
                }
                .into(),
                host: format!("esx{:02}.example.test", i % HOSTS),
                os: if sql || i % 4 == 0 {
                    "Microsoft Windows Server 2019 (64-bit)"
                } else {
                    "Red Hat Enterprise Linux 8 (64-bit)"
                },
                peak_iops: 100.0 + (i % 11) as f64 * 25.0,
                p95_iops: 60.0 + (i % 11) as f64 * 10.0,
                peak_mbps: 5.0 + (i % 4) as f64,
            }
        })
        .collect()
}

fn header(sheet: &mut Worksheet, names: &[&str]) {
    for (c, h) in names.iter().enumerate() {
        sheet.write_string(0, c as u16, *h).unwrap();
    }
}

/// The workbook; `with_p95` false drops the 95th-percentile column.
pub fn lo_xlsx(vms: &[LoVm], with_p95: bool) -> Vec<u8> {
    let mut book = Workbook::new();
    let details = book.add_worksheet();
    details.set_name("Details").unwrap();
    details.write_string(0, 0, "Project Name").unwrap();
    details.write_string(0, 1, "Generated test export").unwrap();
    let s = book.add_worksheet();
    s.set_name("VMs").unwrap();
    header(
        s,
        &[
            "VM Name",
            "Power State",
            "Template",
            "Virtual CPU",
            "Provisioned Memory (MiB)",
            "Virtual Disk Size (MiB)",
            "Virtual Disk Used (MiB)",
            "Guest VM Disk Used (MiB)",
            "Cluster",
            "Host",
            "VM OS",
            "Datastore",
        ],
    );
    for (i, vm) in vms.iter().enumerate() {
        let r = i as u32 + 1;
        s.write_string(r, 0, &vm.name).unwrap();
        s.write_string(r, 1, vm.power).unwrap();
        s.write_string(r, 2, if vm.template { "TRUE" } else { "FALSE" })
            .unwrap();
        s.write_number(r, 3, f64::from(vm.vcpu)).unwrap();
        s.write_number(r, 4, vm.memory_mib).unwrap();
        s.write_number(r, 5, vm.disk_size_mib).unwrap();
        s.write_number(r, 6, vm.disk_used_mib).unwrap();
        s.write_number(r, 7, vm.guest_used_mib).unwrap();
        s.write_string(r, 8, &vm.cluster).unwrap();
        s.write_string(r, 9, &vm.host).unwrap();
        s.write_string(r, 10, vm.os).unwrap();
        s.write_string(r, 11, "SAN-LUN-01").unwrap();
    }
    let p = book.add_worksheet();
    p.set_name("VM Performance").unwrap();
    let mut cols = vec!["VM Name", "Peak IOPS"];
    if with_p95 {
        cols.push("95% IOPS");
    }
    cols.push("Peak Throughput MB/s");
    header(p, &cols);
    for (i, vm) in vms.iter().enumerate() {
        let r = i as u32 + 1;
        p.write_string(r, 0, &vm.name).unwrap();
        p.write_number(r, 1, vm.peak_iops).unwrap();
        let mut c = 2;
        if with_p95 {
            p.write_number(r, c, vm.p95_iops).unwrap();
            c += 1;
        }
        p.write_number(r, c, vm.peak_mbps).unwrap();
    }
    let h = book.add_worksheet();
    h.set_name("ESX Hosts").unwrap();
    header(h, &["Host Name", "Cluster", "CPU Cores", "Memory (KiB)"]);
    for i in 0..HOSTS {
        let r = i as u32 + 1;
        h.write_string(r, 0, format!("esx{i:02}.example.test"))
            .unwrap();
        let cluster = if i % 2 == 0 {
            "PROD-SQL-CL01"
        } else {
            "PROD-APP-CL02"
        };
        h.write_string(r, 1, cluster).unwrap();
        h.write_number(r, 2, 32.0).unwrap();
        h.write_number(r, 3, 512.0 * 1024.0 * 1024.0).unwrap();
    }
    let hp = book.add_worksheet();
    hp.set_name("ESX Performance").unwrap();
    header(hp, &["Host", "Peak CPU %", "Peak Memory %"]);
    for i in 0..HOSTS {
        let r = i as u32 + 1;
        hp.write_string(r, 0, format!("esx{i:02}.example.test"))
            .unwrap();
        hp.write_number(r, 1, 40.0 + i as f64).unwrap();
        hp.write_number(r, 2, 60.0).unwrap();
    }
    // Two shared LUNs seen by every host (once each, however often listed)
    // and one local disk per host.
    let d = book.add_worksheet();
    d.set_name("Host Devices").unwrap();
    header(
        d,
        &[
            "Host",
            "Device Name",
            "Device Type",
            "Capacity (GiB)",
            "Used Capacity (GiB)",
            "Canonical Name",
        ],
    );
    let mut r = 1;
    for i in 0..HOSTS {
        for (lun, cap, used) in [
            ("naa.600a0001", 10_240.0, 6_000.0),
            ("naa.600a0002", 20_480.0, 9_000.0),
        ] {
            d.write_string(r, 0, format!("esx{i:02}.example.test"))
                .unwrap();
            d.write_string(r, 1, format!("Disk {}", r + 3)).unwrap();
            d.write_string(r, 2, "Cluster").unwrap();
            d.write_number(r, 3, cap).unwrap();
            d.write_number(r, 4, used).unwrap();
            d.write_string(r, 5, lun).unwrap();
            r += 1;
        }
        d.write_string(r, 0, format!("esx{i:02}.example.test"))
            .unwrap();
        d.write_string(r, 1, "Local boot").unwrap();
        d.write_string(r, 2, "Local").unwrap();
        d.write_number(r, 3, 240.0).unwrap();
        d.write_number(r, 4, 10.0).unwrap();
        d.write_string(r, 5, format!("t10.local{i}")).unwrap();
        r += 1;
    }
    book.save_to_buffer().unwrap()
}

/// The .zip Live Optics hands out: the workbook and a readme.
pub fn lo_zip(xlsx: &[u8]) -> Vec<u8> {
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    zip.start_file("LiveOptics_VMware_Export.xlsx", options)
        .unwrap();
    zip.write_all(xlsx).unwrap();
    zip.start_file("readme.txt", options).unwrap();
    zip.write_all(b"generated test export").unwrap();
    zip.finish().unwrap().into_inner()
}
