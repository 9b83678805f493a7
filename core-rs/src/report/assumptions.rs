//! Assumptions sheet: every project setting with the value used, its
//! default, whether the user overrode it and the source of the default;
//! the same for each vSAN ESA cluster's storage pool inputs; then the
//! constants the model fixes, with theirs.

use serde_json::Value;

use super::sheet::{Cell, NumberFormat, Sheet, SheetBuilder};
use super::Context;
use crate::demand::compute::{EXCHANGE_VCPU_PER_CORE, GENERAL_VCPU_PER_CORE, SQL_VCPU_PER_CORE};
use crate::labels;
use crate::limits::{MAX_ESA_COMPONENTS_PER_DEVICE, MAX_ESA_COMPONENTS_PER_HOST};
use crate::model::{DeviceKind, FreeSpaceModel, Settings, Storage, VsanEsa};
use crate::platform::two_sites::VSAN_HOST_RTT_MS;
use crate::platform::vsan_esa::LFS_OVERHEAD_PCT;
use crate::platform::vsan_osa::cache::ALL_FLASH_WRITE_BUFFER_GB;
use crate::platform::vsan_osa::performance::device_queue::FLASH_DATASHEET_QUEUE_DEPTH;
use crate::platform::vsan_osa::performance::latency::{OSA_HOST_PATH_IOPS, OSA_HOST_PATH_IO_KB};
use crate::platform::vsan_osa::performance::latency_findings::{
    DATA_LATENCY_LIMIT_MS, LOG_WRITE_LATENCY_LIMIT_MS,
};
use crate::platform::vsan_osa::performance::read_cache::HYBRID_READ_CACHE_SHARE;
use crate::platform::vsan_osa::performance::tier_findings::typical_hdd_iops;
use crate::source;

/// What the report says about one setting, by its JSON path.
pub struct SettingInfo {
    pub path: &'static str,
    pub label: &'static str,
    pub unit: &'static str,
    pub source: &'static str,
}

const fn info(
    path: &'static str,
    label: &'static str,
    unit: &'static str,
    source: &'static str,
) -> SettingInfo {
    SettingInfo {
        path,
        label,
        unit,
        source,
    }
}

pub const SETTINGS: &[SettingInfo] = &[
    info(
        "settings.slack_pct",
        "Slack space",
        "% of datastore",
        source::SLACK_SPACE,
    ),
    info(
        "settings.reserve_hosts",
        "Host failures reserved (N+x)",
        "hosts",
        source::HOST_REBUILD_RESERVE,
    ),
    info(
        "settings.on_disk_format_overhead_pct",
        "On-disk format overhead",
        "% of raw",
        source::ON_DISK_FORMAT,
    ),
    info(
        "settings.dedup_metadata_overhead_pct",
        "Dedup+compression metadata",
        "% of raw",
        source::DEDUP_METADATA,
    ),
    info(
        "settings.virtualization_cpu_overhead_pct",
        "Virtualization CPU overhead",
        "%",
        source::VIRTUALIZATION_OVERHEAD,
    ),
    info(
        "settings.cpu_ceiling_pct",
        "CPU planning ceiling",
        "% of cores after N+x",
        source::CPU_CEILING,
    ),
    info(
        "settings.ram_ceiling_pct",
        "RAM planning ceiling",
        "% of VM memory after N+x",
        source::RAM_CEILING,
    ),
    info(
        "settings.planning_horizon_years",
        "Planning horizon (growth)",
        "years",
        source::GROWTH,
    ),
    info(
        "settings.device_utilisation_ceiling_pct",
        "Device utilisation ceiling",
        "% of rated IOPS",
        source::DEVICE_IOPS_CEILING,
    ),
    info(
        "settings.dedup_ratios.sql_server",
        "Dedup+compression ratio, SQL Server",
        "x",
        source::DEDUP_RATIO_SQL,
    ),
    info(
        "settings.dedup_ratios.exchange",
        "Dedup+compression ratio, Exchange",
        "x",
        source::DEDUP_RATIO_UNPUBLISHED,
    ),
    info(
        "settings.dedup_ratios.file_server",
        "Dedup+compression ratio, file servers",
        "x",
        source::DEDUP_RATIO_UNPUBLISHED,
    ),
    info(
        "settings.dedup_ratios.vm_group",
        "Dedup+compression ratio, VM groups",
        "x",
        source::DEDUP_RATIO_UNPUBLISHED,
    ),
    info(
        "settings.capacity_alert_pct",
        "Capacity alert",
        "% of datastore",
        source::CAPACITY_ALERT,
    ),
    info(
        "settings.cache_pct_of_consumed",
        "Cache share of consumed capacity",
        "%",
        source::CACHE_TEN_PCT,
    ),
    info(
        "settings.resilience.repair_delay_minutes",
        "Repair delay before absent components rebuild",
        "min",
        source::REPAIR_DELAY,
    ),
    info(
        "settings.resilience.hybrid_resync_gb_per_min",
        "Resync rate, hybrid, under load",
        "GB/min",
        source::RESYNC_HYBRID,
    ),
    info(
        "settings.resilience.hybrid_idle_resync_gb_per_min",
        "Resync rate, hybrid, idle",
        "GB/min",
        source::RESYNC_HYBRID,
    ),
    info(
        "settings.resilience.all_flash_resync_gb_per_min",
        "Resync rate, all-flash, under load",
        "GB/min",
        source::RESYNC_ALL_FLASH,
    ),
    info(
        "settings.resilience.all_flash_idle_resync_gb_per_min",
        "Resync rate, all-flash, idle",
        "GB/min",
        source::RESYNC_ALL_FLASH,
    ),
    info(
        "settings.resilience.nvme_resync_gb_per_min",
        "Resync rate, all-flash with NVMe cache, under load",
        "GB/min",
        source::RESYNC_NVME,
    ),
    info(
        "settings.resilience.nvme_idle_resync_gb_per_min",
        "Resync rate, all-flash with NVMe cache, idle",
        "GB/min",
        source::RESYNC_NVME,
    ),
    info(
        "settings.resilience.dedup_resync_gb_per_min",
        "Resync rate, all-flash with dedup+compression, under load",
        "GB/min",
        source::RESYNC_DEDUP,
    ),
    info(
        "settings.resilience.dedup_idle_resync_gb_per_min",
        "Resync rate, all-flash with dedup+compression, idle",
        "GB/min",
        source::RESYNC_DEDUP,
    ),
    info(
        "settings.resilience.long_resync_hours",
        "Resync long enough to warn about",
        "h",
        source::LONG_RESYNC,
    ),
    info(
        "settings.resilience.ssd_afr_pct",
        "Annualized failure rate, flash device",
        "%",
        source::SSD_AFR,
    ),
    info(
        "settings.resilience.hdd_afr_pct",
        "Annualized failure rate, spinning disk",
        "%",
        source::HDD_AFR,
    ),
    info(
        "settings.resilience.host_afr_pct",
        "Annualized failure rate, host (devices not counted)",
        "%",
        source::HOST_AFR,
    ),
    info(
        "settings.resilience.x_brick_controller_loss_iops_pct",
        "X-Brick IOPS lost with one storage controller",
        "%",
        source::X_BRICK_CONTROLLER_FAILURE,
    ),
    info(
        "settings.resilience.xdp_rebuild_iops_loss_pct",
        "X-Brick IOPS lost while XDP rebuilds an SSD",
        "%",
        source::XDP_SSD_FAILURE,
    ),
    info(
        "settings.resilience.vplex_director_loss_iops_pct",
        "VPLEX engine IOPS lost per failed director",
        "%",
        source::VPLEX_DIRECTOR_FAILURE,
    ),
];

pub fn assumptions_sheet(ctx: &Context) -> Sheet {
    let mut b = SheetBuilder::new(ctx.sheet_name("Assumptions"));
    b.title(format!("Assumptions: {}", ctx.project.name));
    b.freeze_above(1);
    b.blank();
    b.section("Project settings (each can be overridden in the project)");
    let rows = setting_rows(&ctx.project.settings);
    b.table(
        "settings",
        &[
            "Setting", "Field", "Value", "Unit", "Default", "Status", "Source",
        ],
        rows,
    );
    let esa = esa_rows(ctx);
    if !esa.is_empty() {
        b.blank();
        b.section("vSAN ESA storage pool inputs (each can be entered per cluster)");
        b.table(
            "esa-inputs",
            &[
                "Cluster", "Input", "Field", "Value", "Unit", "Default", "Status", "Source",
            ],
            esa,
        );
    }
    b.blank();
    b.section("Fixed in the model");
    b.table(
        "model-constants",
        &["Constant", "Source", "Value", "Unit"],
        constant_rows(),
    );
    b.finish()
}

/// One row per setting leaf, found by walking the settings' JSON so a
/// setting added to the model cannot be left out of the report.
pub fn setting_rows(settings: &Settings) -> Vec<Vec<Cell>> {
    let mut used = leaves(
        "settings",
        &serde_json::to_value(settings).unwrap_or(Value::Null),
    );
    let defaults = leaves(
        "settings",
        &serde_json::to_value(Settings::default()).unwrap_or(Value::Null),
    );
    // In the order SETTINGS lists them (the model's), not JSON key order;
    // a setting missing from SETTINGS comes last.
    used.sort_by_key(|(path, _)| {
        SETTINGS
            .iter()
            .position(|s| s.path == path)
            .unwrap_or(SETTINGS.len())
    });
    used.into_iter()
        .map(|(path, value)| {
            let default = defaults.iter().find(|(p, _)| *p == path).map(|(_, v)| v);
            let known = SETTINGS.iter().find(|s| s.path == path);
            let status = if default == Some(&value) {
                "default"
            } else {
                "override"
            };
            vec![
                Cell::text(known.map_or(path.as_str(), |s| s.label)),
                Cell::text(path.as_str()),
                value_cell(&value),
                Cell::text(known.map_or("", |s| s.unit)),
                default.map_or(Cell::Blank, value_cell),
                Cell::text(status),
                Cell::text(known.map_or("", |s| s.source)),
            ]
        })
        .collect()
}

/// Each vSAN ESA cluster's assumed inputs: the free-space model, the
/// operations reserve, the compression ratio, its policies' compression
/// rule and vSAN's memory per host, against their defaults.
fn esa_rows(ctx: &Context) -> Vec<Vec<Cell>> {
    let mut rows = Vec::new();
    let Some(defaults) = esa_defaults() else {
        return rows;
    };
    for (index, c) in ctx.clusters.iter().enumerate() {
        let Storage::VsanEsa(e) = &c.cluster.storage else {
            continue;
        };
        let path = |field: &str| format!("clusters[{index}].storage.{field}");
        let status = |default: bool| if default { "default" } else { "override" };
        let free_space_default = defaults.free_space;
        rows.push(vec![
            Cell::text(c.label.clone()),
            Cell::text("Free space kept"),
            Cell::text(path("free_space")),
            Cell::text(labels::free_space(e.free_space)),
            Cell::Blank,
            Cell::text(labels::free_space(free_space_default)),
            Cell::text(status(e.free_space == free_space_default)),
            Cell::text(match e.free_space {
                FreeSpaceModel::ReservedCapacity => source::ESA_OPERATIONS_RESERVE,
                FreeSpaceModel::Slack => source::SLACK_SPACE,
            }),
        ]);
        let (reserve_value, reserve_unit, reserve_source) = match e.operations_reserve_pct {
            Some(pct) => (
                Cell::number(pct, NumberFormat::Decimal),
                Cell::text("% of raw"),
                source::ESA_OPERATIONS_RESERVE_ENTERED,
            ),
            None => (
                Cell::text(labels::DOCUMENTED_OPERATIONS_RESERVE),
                Cell::Blank,
                source::ESA_OPERATIONS_RESERVE,
            ),
        };
        rows.push(vec![
            Cell::text(c.label.clone()),
            Cell::text("Operations reserve (reserved capacity only)"),
            Cell::text(path("operations_reserve_pct")),
            reserve_value,
            reserve_unit,
            Cell::text(labels::DOCUMENTED_OPERATIONS_RESERVE),
            Cell::text(status(e.operations_reserve_pct.is_none())),
            Cell::text(reserve_source),
        ]);
        rows.push(vec![
            Cell::text(c.label.clone()),
            Cell::text("Host rebuild reserve"),
            Cell::text(path("host_rebuild_reserve")),
            Cell::text(labels::yes_no(e.host_rebuild_reserve)),
            Cell::Blank,
            Cell::text(labels::yes_no(defaults.host_rebuild_reserve)),
            Cell::text(status(
                e.host_rebuild_reserve == defaults.host_rebuild_reserve,
            )),
            Cell::text(source::ESA_HOST_REBUILD_RESERVE),
        ]);
        rows.push(vec![
            Cell::text(c.label.clone()),
            Cell::text("Compression ratio"),
            Cell::text(path("compression_ratio")),
            Cell::number(e.compression_ratio, NumberFormat::Decimal),
            Cell::text("x"),
            Cell::number(defaults.compression_ratio, NumberFormat::Decimal),
            Cell::text(status(e.compression_ratio == defaults.compression_ratio)),
            Cell::text(source::ESA_COMPRESSION),
        ]);
        let project = ctx.project;
        let used = |policy: &str| {
            project
                .workloads
                .iter()
                .any(|w| w.cluster_id == c.cluster.id && w.policy_id == policy)
        };
        for (i, policy) in project.policies.iter().enumerate() {
            if !used(&policy.id) {
                continue;
            }
            let on = |b: bool| if b { "on" } else { "off" };
            rows.push(vec![
                Cell::text(c.label.clone()),
                Cell::text(format!("Data compression, policy \"{}\"", policy.name)),
                Cell::text(format!("policies[{i}].compression")),
                Cell::text(on(policy.esa_compression())),
                Cell::Blank,
                Cell::text(on(true)),
                Cell::text(status(policy.compression.is_none())),
                Cell::text(source::ESA_COMPRESSION),
            ]);
        }
        rows.push(vec![
            Cell::text(c.label.clone()),
            Cell::text("vSAN memory per host"),
            Cell::text(path("vsan_memory_gb")),
            Cell::maybe(e.vsan_memory_gb, NumberFormat::Decimal),
            Cell::text("GB"),
            Cell::text("estimated"),
            Cell::text(status(e.vsan_memory_gb.is_none())),
            Cell::text(if e.vsan_memory_gb.is_some() {
                source::ESA_MEMORY_ENTERED
            } else {
                source::ESA_MEMORY
            }),
        ]);
    }
    rows
}

/// What the model assumes for an ESA pool's optional inputs: a pool read
/// with only its required fields, so the report cannot drift from the
/// model's defaults.
fn esa_defaults() -> Option<VsanEsa> {
    serde_json::from_value(serde_json::json!({ "device": "", "devices_per_host": 0 })).ok()
}

/// `(path, value)` of every number, bool or string under `value`.
fn leaves(path: &str, value: &Value) -> Vec<(String, Value)> {
    match value {
        Value::Object(map) => map
            .iter()
            .flat_map(|(k, v)| leaves(&format!("{path}.{k}"), v))
            .collect(),
        _ => vec![(path.to_string(), value.clone())],
    }
}

fn value_cell(v: &Value) -> Cell {
    match v {
        Value::Number(n) => n
            .as_f64()
            .map_or(Cell::Blank, |x| Cell::number(x, NumberFormat::Decimal)),
        Value::Bool(b) => Cell::text(labels::yes_no(*b)),
        Value::String(s) => Cell::text(s.clone()),
        Value::Null | Value::Array(_) | Value::Object(_) => Cell::Blank,
    }
}

fn constant_rows() -> Vec<Vec<Cell>> {
    let hdd = |kind| typical_hdd_iops(kind).unwrap_or(0.0);
    let rows: [(&str, f64, &str, &str); 17] = [
        (
            "Hybrid cache device share used as read cache",
            HYBRID_READ_CACHE_SHARE * 100.0,
            "%",
            source::HYBRID_WRITE_BUFFER,
        ),
        (
            "All-flash write buffer per cache device, at most",
            ALL_FLASH_WRITE_BUFFER_GB,
            "GB",
            source::WRITE_BUFFER_LIMIT,
        ),
        (
            "vSAN round trip between hosts",
            VSAN_HOST_RTT_MS,
            "ms",
            source::LATENCY_MODEL,
        ),
        (
            "vSAN OSA I/O path maximum per host",
            OSA_HOST_PATH_IOPS,
            "IOPS",
            source::LATENCY_MODEL,
        ),
        (
            "I/O size the host path maximum counts",
            OSA_HOST_PATH_IO_KB,
            "KB",
            source::LATENCY_MODEL,
        ),
        (
            "Queue depth of flash datasheet IOPS",
            FLASH_DATASHEET_QUEUE_DEPTH,
            "I/Os",
            source::LATENCY_MODEL,
        ),
        (
            "SQL Server log write latency limit",
            LOG_WRITE_LATENCY_LIMIT_MS,
            "ms",
            source::SQL_LATENCY,
        ),
        (
            "SQL Server data file latency limit",
            DATA_LATENCY_LIMIT_MS,
            "ms",
            source::SQL_LATENCY,
        ),
        (
            "vCPU per physical core, SQL Server",
            SQL_VCPU_PER_CORE,
            "x",
            source::SQL_CPU_RATIO,
        ),
        (
            "vCPU per physical core, Exchange",
            EXCHANGE_VCPU_PER_CORE,
            "x",
            source::EXCHANGE_CPU_RATIO,
        ),
        (
            "vCPU per physical core, file servers and VM groups",
            GENERAL_VCPU_PER_CORE,
            "x",
            source::GENERAL_CPU_RATIO,
        ),
        (
            "Typical random IOPS, 7.2k rpm HDD",
            hdd(DeviceKind::Hdd7200),
            "IOPS",
            source::TYPICAL_HDD_IOPS,
        ),
        (
            "Typical random IOPS, 10k rpm HDD",
            hdd(DeviceKind::Hdd10k),
            "IOPS",
            source::TYPICAL_HDD_IOPS,
        ),
        (
            "Typical random IOPS, 15k rpm HDD",
            hdd(DeviceKind::Hdd15k),
            "IOPS",
            source::TYPICAL_HDD_IOPS,
        ),
        (
            "vSAN ESA log-structured file system overhead",
            LFS_OVERHEAD_PCT,
            "% of protected data",
            source::ESA_LFS_OVERHEAD,
        ),
        (
            "vSAN ESA components per host, at most",
            MAX_ESA_COMPONENTS_PER_HOST as f64,
            "components",
            source::ESA_COMPONENTS,
        ),
        (
            "vSAN ESA components per NVMe device, at most",
            MAX_ESA_COMPONENTS_PER_DEVICE as f64,
            "components",
            source::ESA_COMPONENTS,
        ),
    ];
    rows.iter()
        .map(|(label, value, unit, source)| {
            vec![
                Cell::text(*label),
                Cell::text(*source),
                Cell::number(*value, NumberFormat::Decimal),
                Cell::text(*unit),
            ]
        })
        .collect()
}
