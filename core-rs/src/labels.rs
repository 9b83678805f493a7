//! How the report names things: enum values as a reader expects them,
//! and one unique label per cluster (names need not be unique, ids are).

use crate::model::{
    Cluster, CommitMode, Device, DeviceKind, DiskGroup, FreeSpaceModel, HostSpec, Project,
    ProtectionMethod, SqlDeployment, Storage, StoragePolicy, StorageTier, Topology,
    VplexReplication, WorkloadSpec,
};
use crate::platform::vsan_esa::EsaEvaluation;
use crate::platform::vsan_osa::capacity::StepKind;
use crate::platform::xtremio_vplex::{x_brick_model, SiteRole, XtremioVplexEvaluation};
use crate::rules::{num, Severity};

/// Each cluster's name, or "name (id)" for every cluster whose name is
/// shared: labels head columns and key per-cluster totals, so they must
/// be unique.
pub fn cluster_labels(clusters: &[Cluster]) -> Vec<String> {
    clusters
        .iter()
        .map(|c| {
            let shared = clusters.iter().filter(|o| o.name == c.name).count() > 1;
            if shared || c.name.trim().is_empty() {
                format!("{} ({})", c.name, c.id)
            } else {
                c.name.clone()
            }
        })
        .collect()
}

pub fn tier(t: StorageTier) -> &'static str {
    match t {
        StorageTier::Hybrid => "hybrid",
        StorageTier::AllFlash => "all-flash",
    }
}

pub fn device_kind(k: DeviceKind) -> &'static str {
    match k {
        DeviceKind::Hdd7200 => "7.2k rpm HDD",
        DeviceKind::Hdd10k => "10k rpm HDD",
        DeviceKind::Hdd15k => "15k rpm HDD",
        DeviceKind::SataSsd => "SATA SSD",
        DeviceKind::SasSsd => "SAS SSD",
        DeviceKind::Nvme => "NVMe",
    }
}

/// "400 GB SATA SSD".
pub fn device_size(d: &Device) -> String {
    format!("{} GB {}", num(d.capacity_gb, 0), device_kind(d.kind))
}

/// "2-socket server: 2 x 10 cores at 2.6 GHz, 256 GB RAM, 2 x 10 GbE".
pub fn host(h: &HostSpec) -> String {
    format!(
        "{}: {} x {} cores at {} GHz, {} GB RAM, {} x {} GbE",
        h.model,
        h.sockets,
        h.cores_per_socket,
        num(h.ghz, 1),
        num(h.ram_gb, 0),
        h.nics,
        num(h.nic_gbps, 0)
    )
}

/// What each host (vSAN) or each site (XtremIO) holds, e.g. "per host:
/// 2 x (400 GB SATA SSD cache + 6 x 900 GB 10k rpm HDD)"; identical disk
/// groups counted once.
pub fn storage_devices(cluster: &Cluster, project: &Project) -> String {
    let disk_groups = match &cluster.storage {
        Storage::VsanOsa { disk_groups, .. } => disk_groups,
        Storage::VsanEsa(e) => {
            let model = project
                .device(&e.device)
                .map_or(e.device.as_str(), |d| &d.model);
            return format!(
                "per host: {} x {model} (vSAN ESA storage pool)",
                e.devices_per_host
            );
        }
        Storage::XtremioVplex(x) => {
            let model =
                x_brick_model(&x.x_brick_model).map_or(x.x_brick_model.as_str(), |m| m.name);
            return format!(
                "per site: {} x {model}, {} VPLEX engine{}",
                x.x_bricks_per_site,
                x.vplex_engines,
                if x.vplex_engines == 1 { "" } else { "s" }
            );
        }
    };
    let mut kinds: Vec<(&DiskGroup, usize)> = Vec::new();
    for g in disk_groups {
        match kinds.iter_mut().find(|(k, _)| *k == g) {
            Some((_, n)) => *n += 1,
            None => kinds.push((g, 1)),
        }
    }
    let size = |id: &str| {
        project
            .device(id)
            .map_or_else(|| id.to_string(), device_size)
    };
    let groups: Vec<String> = kinds
        .iter()
        .map(|(g, n)| {
            format!(
                "{n} x ({} cache + {} x {})",
                size(&g.cache_device),
                g.capacity_device_count,
                size(&g.capacity_device)
            )
        })
        .collect();
    format!("per host: {}", groups.join(", "))
}

/// "vSAN ESA, all-NVMe storage pool, reserved capacity, compression
/// ratio 1.00 (no saving counted)".
pub fn esa_storage(e: &EsaEvaluation) -> String {
    let saving = if e.compression_ratio > 1.0 {
        String::new()
    } else {
        " (no saving counted)".to_string()
    };
    format!(
        "vSAN ESA, all-NVMe storage pool, {}, compression ratio {}{saving}",
        free_space(e.free_space),
        num(e.compression_ratio, 2)
    )
}

/// The ESA operations reserve when none is entered.
pub const DOCUMENTED_OPERATIONS_RESERVE: &str = "255 or 765 GB per host + 5 % of raw";

pub fn free_space(m: FreeSpaceModel) -> &'static str {
    match m {
        FreeSpaceModel::ReservedCapacity => "reserved capacity",
        FreeSpaceModel::Slack => "slack space",
    }
}

/// "XtremIO X2-R, 2 X-Bricks per site, behind VPLEX Metro".
pub fn array_storage(e: &XtremioVplexEvaluation) -> String {
    format!(
        "{}, {} X-Brick{} per site, behind VPLEX {}",
        e.x_brick.name,
        e.x_bricks_per_site,
        if e.x_bricks_per_site == 1 { "" } else { "s" },
        replication(e.vplex.replication)
    )
}

pub fn replication(r: VplexReplication) -> &'static str {
    match r {
        VplexReplication::Metro => "Metro (synchronous)",
        VplexReplication::Geo => "Geo (asynchronous)",
    }
}

pub fn site(role: SiteRole) -> &'static str {
    match role {
        SiteRole::Production => "production site",
        SiteRole::Remote => "remote site",
        SiteRole::Witness => "witness site",
    }
}

pub fn method(m: ProtectionMethod) -> &'static str {
    match m {
        ProtectionMethod::Raid1 => "RAID-1 mirroring",
        ProtectionMethod::Raid5 => "RAID-5 erasure coding (3+1)",
        ProtectionMethod::Raid6 => "RAID-6 erasure coding (4+2)",
    }
}

pub fn policy(p: &StoragePolicy) -> String {
    format!("{} ({})", p.name, p.id)
}

pub fn severity(s: Severity) -> &'static str {
    match s {
        Severity::Error => "Error",
        Severity::Warning => "Warning",
        Severity::Info => "Info",
    }
}

pub fn step_kind(k: StepKind) -> &'static str {
    match k {
        StepKind::Start => "start",
        StepKind::Deduction => "deduction",
        StepKind::Subtotal => "subtotal",
    }
}

pub fn topology(t: &Topology) -> String {
    match t {
        Topology::Single { host_count } => format!("single site, {host_count} hosts"),
        Topology::Stretched {
            hosts_per_site,
            inter_site_rtt_ms,
            site_mirroring,
            ..
        } => format!(
            "stretched, 2 sites x {hosts_per_site} hosts, {} ms inter-site RTT, {}",
            num(*inter_site_rtt_ms, 1),
            if *site_mirroring {
                "a full copy in each site"
            } else {
                "no site mirroring"
            }
        ),
    }
}

pub fn workload_kind(spec: &WorkloadSpec) -> &'static str {
    match spec {
        WorkloadSpec::SqlServer { .. } => "SQL Server",
        WorkloadSpec::Exchange { .. } => "Exchange",
        WorkloadSpec::FileServer { .. } => "File server",
        WorkloadSpec::VmGroup { .. } => "VM group",
    }
}

/// What a workload's kind-specific inputs are, in one line.
pub fn workload_details(spec: &WorkloadSpec) -> String {
    match spec {
        WorkloadSpec::SqlServer {
            db_size_gb,
            log_size_gb,
            tempdb_size_gb,
            working_set_pct,
            deployment,
            ..
        } => format!(
            "{}; database {} GB, log {} GB, tempdb {} GB per instance; working set {} %",
            sql_deployment(deployment),
            num(*db_size_gb, 0),
            num(*log_size_gb, 0),
            num(*tempdb_size_gb, 0),
            num(*working_set_pct, 0)
        ),
        WorkloadSpec::Exchange {
            mailboxes,
            mailbox_gb,
            iops_per_mailbox,
            database_copies,
            ..
        } => format!(
            "{} mailboxes x {} GB, {database_copies} DAG copies, {} IOPS per mailbox",
            num(f64::from(*mailboxes), 0),
            num(*mailbox_gb, 2),
            num(*iops_per_mailbox, 2)
        ),
        WorkloadSpec::FileServer {
            capacity_gb,
            throughput_mbps,
            ..
        } => format!(
            "{} GB of shares, {} MB/s",
            num(*capacity_gb, 0),
            num(*throughput_mbps, 0)
        ),
        WorkloadSpec::VmGroup {
            disk_gb_per_vm,
            iops_per_vm,
            ..
        } => format!(
            "{} GB disk and {} IOPS per VM",
            num(*disk_gb_per_vm, 0),
            num(*iops_per_vm, 0)
        ),
    }
}

fn sql_deployment(d: &SqlDeployment) -> String {
    match d {
        SqlDeployment::Standalone => "standalone".into(),
        SqlDeployment::AvailabilityGroup { replicas, commit } => format!(
            "AlwaysOn AG, {replicas} replicas, {} commit",
            match commit {
                CommitMode::Sync => "synchronous",
                CommitMode::Async => "asynchronous",
            }
        ),
        SqlDeployment::FailoverCluster { iscsi_target } => if *iscsi_target {
            "failover cluster instance on the vSAN iSCSI target"
        } else {
            "failover cluster instance"
        }
        .into(),
    }
}

pub fn yes_no(b: bool) -> &'static str {
    if b {
        "yes"
    } else {
        "no"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{HostSpec, Storage};

    fn cluster(id: &str, name: &str) -> Cluster {
        Cluster {
            id: id.into(),
            name: name.into(),
            host: HostSpec {
                model: "h".into(),
                sockets: 2,
                cores_per_socket: 10,
                ghz: 2.6,
                ram_gb: 256.0,
                nics: 2,
                nic_gbps: 10.0,
                unit_price: None,
            },
            topology: Topology::Single { host_count: 4 },
            storage: Storage::VsanOsa {
                disk_groups: Vec::new(),
                dedup_compression: false,
            },
        }
    }

    #[test]
    fn shared_cluster_names_get_their_ids() {
        let labels = cluster_labels(&[
            cluster("a", "SQL"),
            cluster("b", "SQL"),
            cluster("c", "VDI"),
        ]);
        assert_eq!(labels, ["SQL (a)", "SQL (b)", "VDI"]);
    }
}
