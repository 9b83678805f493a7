//! Semantic checks of a parsed project. Every problem is reported (not just
//! the first), each naming its JSON path and the allowed range.

use std::fmt::Display;

use foldhash::{HashSet, HashSetExt};

use crate::model::ids::IdIndex;

use crate::limits::{
    MAX_ARRAY_REDUCTION, MAX_ARRAY_UNIT_PRICE, MAX_CAPACITY_DEVICES_PER_DISK_GROUP,
    MAX_DEDUP_RATIO, MAX_DISK_GROUPS_PER_HOST, MAX_ESA_DEVICES_PER_HOST, MAX_HOSTS_PER_CLUSTER,
    MAX_RTT_INPUT_MS, MAX_VM_STORAGE_GB, MAX_X_BRICKS, MIN_VM_RAM_GB,
};
use crate::model::issue::InputIssue;
use crate::model::{
    Cluster, DesignOrigin, Device, DeviceKind, Project, ProtectionMethod, ResilienceSettings,
    Settings, Storage, StoragePolicy, Topology, VsanEsa, Workload, WorkloadSpec, XtremioVplex,
    MAX_CUSTOMISATIONS, SCHEMA_VERSION,
};
use crate::platform::xtremio_vplex::{check_engines, x_brick_model, X_BRICK_MODELS};

mod checker;
mod pricing;
mod scenarios;

use checker::{Checker, Field, Index, Item};

pub fn validate(project: &Project) -> Vec<InputIssue> {
    validate_with_refs(project).0
}

/// Where each workload's `cluster_id` and `policy_id` point, found while
/// validating them: positions in `project.clusters` and `project.policies`
/// (None for an id that names nothing, which validation reports).
pub(crate) struct WorkloadRefs {
    pub clusters: Vec<Option<usize>>,
    pub policies: Vec<Option<usize>>,
}

/// `validate`, keeping the workloads' references for the sizing that
/// follows, so it does not look every workload's ids up again.
pub(crate) fn validate_with_refs(project: &Project) -> (Vec<InputIssue>, WorkloadRefs) {
    let index = Index::new(project);
    let mut c = Checker::default();
    if project.schema_version != SCHEMA_VERSION {
        c.push(
            "schema_version",
            format!(
                "must be {SCHEMA_VERSION} (got {}); this build reads schema version {SCHEMA_VERSION}",
                project.schema_version
            ),
        );
    }
    c.text("name", &project.name);
    c.text("description", &project.description);
    for (field, problem) in project.facts.problems() {
        c.push(format!("facts.{field}"), problem);
    }
    settings(&mut c, &project.settings);
    pricing::pricing(&mut c, &project.pricing);
    c.unique_ids("devices", &index.devices);
    for (i, d) in project.devices.iter().enumerate() {
        device(&mut c, Item("devices", i), d);
    }
    if project.clusters.is_empty() {
        c.push("clusters", "must hold at least one cluster");
    }
    c.unique_ids("clusters", &index.clusters);
    for (i, cl) in project.clusters.iter().enumerate() {
        cluster(&mut c, &index, Item("clusters", i), cl);
    }
    c.unique_ids("policies", &index.policies);
    for (i, p) in project.policies.iter().enumerate() {
        policy(&mut c, Item("policies", i), p);
    }
    c.unique_ids(
        "workloads",
        &IdIndex::new(project.workloads.iter().map(|w| w.id.as_str())),
    );
    let mut refs = WorkloadRefs {
        clusters: Vec::with_capacity(project.workloads.len()),
        policies: Vec::with_capacity(project.workloads.len()),
    };
    for (i, w) in project.workloads.iter().enumerate() {
        let (cluster, policy) = workload(&mut c, &index, Item("workloads", i), w);
        refs.clusters.push(cluster);
        refs.policies.push(policy);
    }
    scenarios::scenarios(&mut c, &project.scenarios);
    if let Some(origin) = &project.origin {
        design_origin(&mut c, origin);
    }
    (c.issues, refs)
}

fn settings(c: &mut Checker, s: &Settings) {
    c.f64_in("settings.slack_pct", s.slack_pct, 0.0, 50.0);
    c.u32_in("settings.reserve_hosts", s.reserve_hosts, 0, 3);
    c.f64_in(
        "settings.on_disk_format_overhead_pct",
        s.on_disk_format_overhead_pct,
        0.0,
        20.0,
    );
    c.f64_in(
        "settings.dedup_metadata_overhead_pct",
        s.dedup_metadata_overhead_pct,
        0.0,
        20.0,
    );
    c.f64_in(
        "settings.virtualization_cpu_overhead_pct",
        s.virtualization_cpu_overhead_pct,
        0.0,
        50.0,
    );
    c.f64_in("settings.cpu_ceiling_pct", s.cpu_ceiling_pct, 10.0, 100.0);
    c.f64_in("settings.ram_ceiling_pct", s.ram_ceiling_pct, 10.0, 100.0);
    c.u32_in(
        "settings.planning_horizon_years",
        s.planning_horizon_years,
        1,
        10,
    );
    c.f64_in(
        "settings.device_utilisation_ceiling_pct",
        s.device_utilisation_ceiling_pct,
        10.0,
        100.0,
    );
    let r = &s.dedup_ratios;
    for (name, ratio) in [
        ("sql_server", r.sql_server),
        ("exchange", r.exchange),
        ("file_server", r.file_server),
        ("vm_group", r.vm_group),
    ] {
        c.f64_in(
            Field("settings.dedup_ratios", name),
            ratio,
            1.0,
            MAX_DEDUP_RATIO,
        );
    }
    c.f64_in(
        "settings.capacity_alert_pct",
        s.capacity_alert_pct,
        1.0,
        100.0,
    );
    c.f64_in(
        "settings.cache_pct_of_consumed",
        s.cache_pct_of_consumed,
        0.0,
        100.0,
    );
    resilience_settings(c, &s.resilience);
}

/// Rates must be positive (they divide); a week of repair delay or a
/// 1,000 GB/min resync is beyond any published figure, so likely a typo.
fn resilience_settings(c: &mut Checker, r: &ResilienceSettings) {
    let p = "settings.resilience";
    c.f64_in(
        Field(p, "repair_delay_minutes"),
        r.repair_delay_minutes,
        0.0,
        10_080.0,
    );
    for (name, rate) in [
        ("hybrid_resync_gb_per_min", r.hybrid_resync_gb_per_min),
        (
            "hybrid_idle_resync_gb_per_min",
            r.hybrid_idle_resync_gb_per_min,
        ),
        ("all_flash_resync_gb_per_min", r.all_flash_resync_gb_per_min),
        (
            "all_flash_idle_resync_gb_per_min",
            r.all_flash_idle_resync_gb_per_min,
        ),
        ("nvme_resync_gb_per_min", r.nvme_resync_gb_per_min),
        ("nvme_idle_resync_gb_per_min", r.nvme_idle_resync_gb_per_min),
        ("dedup_resync_gb_per_min", r.dedup_resync_gb_per_min),
        (
            "dedup_idle_resync_gb_per_min",
            r.dedup_idle_resync_gb_per_min,
        ),
    ] {
        c.f64_in(Field(p, name), rate, 0.01, 1_000.0);
    }
    c.f64_in(
        Field(p, "long_resync_hours"),
        r.long_resync_hours,
        0.1,
        8_760.0,
    );
    for (name, afr) in [
        ("ssd_afr_pct", r.ssd_afr_pct),
        ("hdd_afr_pct", r.hdd_afr_pct),
        ("host_afr_pct", r.host_afr_pct),
    ] {
        c.f64_in(Field(p, name), afr, 0.001, 100.0);
    }
    for (name, loss) in [
        (
            "x_brick_controller_loss_iops_pct",
            r.x_brick_controller_loss_iops_pct,
        ),
        ("xdp_rebuild_iops_loss_pct", r.xdp_rebuild_iops_loss_pct),
        (
            "vplex_director_loss_iops_pct",
            r.vplex_director_loss_iops_pct,
        ),
    ] {
        c.f64_in(Field(p, name), loss, 0.0, 100.0);
    }
}

fn device(c: &mut Checker, path: Item<&str>, d: &Device) {
    c.non_empty(Field(path, "id"), &d.id);
    c.text(Field(path, "id"), &d.id);
    c.text(Field(path, "model"), &d.model);
    c.f64_in(Field(path, "capacity_gb"), d.capacity_gb, 1.0, 200_000.0);
    c.f64_in(Field(path, "read_iops"), d.read_iops, 1.0, 10_000_000.0);
    c.f64_in(Field(path, "write_iops"), d.write_iops, 1.0, 10_000_000.0);
    if let Some(dwpd) = d.endurance_dwpd {
        c.f64_in(Field(path, "endurance_dwpd"), dwpd, 0.01, 100.0);
    }
    if let Some(price) = d.unit_price {
        c.f64_in(Field(path, "unit_price"), price, 0.0, 10_000_000.0);
    }
}

fn cluster(c: &mut Checker, index: &Index, path: Item<&str>, cl: &Cluster) {
    c.non_empty(Field(path, "id"), &cl.id);
    c.text(Field(path, "id"), &cl.id);
    c.text(Field(path, "name"), &cl.name);
    let h = &cl.host;
    c.text(Field(path, "host.model"), &h.model);
    c.u32_in(Field(path, "host.sockets"), h.sockets, 1, 8);
    c.u32_in(
        Field(path, "host.cores_per_socket"),
        h.cores_per_socket,
        1,
        256,
    );
    c.f64_in(Field(path, "host.ghz"), h.ghz, 0.5, 6.0);
    c.f64_in(Field(path, "host.ram_gb"), h.ram_gb, 8.0, 65_536.0);
    c.u32_in(Field(path, "host.nics"), h.nics, 1, 16);
    c.f64_in(Field(path, "host.nic_gbps"), h.nic_gbps, 1.0, 800.0);
    if let Some(price) = h.unit_price {
        c.f64_in(Field(path, "host.unit_price"), price, 0.0, 100_000_000.0);
    }
    match &cl.topology {
        Topology::Single { host_count } => c.u32_in(
            Field(path, "topology.host_count"),
            *host_count,
            1,
            MAX_HOSTS_PER_CLUSTER,
        ),
        Topology::Stretched {
            hosts_per_site,
            inter_site_rtt_ms,
            inter_site_link_gbps,
            witness_rtt_ms,
            witness_link_mbps,
            site_mirroring: _,
        } => {
            let p = Field(path, "topology");
            c.u32_in(
                Field(p, "hosts_per_site"),
                *hosts_per_site,
                1,
                MAX_HOSTS_PER_CLUSTER / 2,
            );
            c.f64_in(
                Field(p, "inter_site_rtt_ms"),
                *inter_site_rtt_ms,
                0.0,
                MAX_RTT_INPUT_MS,
            );
            c.f64_in(
                Field(p, "inter_site_link_gbps"),
                *inter_site_link_gbps,
                0.01,
                800.0,
            );
            c.f64_in(Field(p, "witness_rtt_ms"), *witness_rtt_ms, 0.0, 1000.0);
            c.f64_in(
                Field(p, "witness_link_mbps"),
                *witness_link_mbps,
                0.1,
                100_000.0,
            );
        }
    }
    match &cl.storage {
        Storage::VsanOsa { disk_groups, .. } => {
            let p = Field(path, "storage.disk_groups");
            if let Some(issue) = disk_group_count(p, disk_groups.len()) {
                c.issues.push(issue);
            }
            for (j, g) in disk_groups.iter().enumerate() {
                let gp = Item(p, j);
                c.device_ref(index, Field(gp, "cache_device"), &g.cache_device);
                c.device_ref(index, Field(gp, "capacity_device"), &g.capacity_device);
                c.u32_in(
                    Field(gp, "capacity_device_count"),
                    g.capacity_device_count,
                    1,
                    MAX_CAPACITY_DEVICES_PER_DISK_GROUP,
                );
            }
        }
        Storage::VsanEsa(esa) => vsan_esa(c, index, path, cl, esa),
        Storage::XtremioVplex(array) => xtremio_vplex(c, index, path, cl, array),
    }
}

/// vSAN ESA: an NVMe device, a device count, a single-site topology (ESA
/// stretched clusters are not modelled yet), plausible reduction and
/// reserve, vSAN memory (when entered) within the host's RAM.
fn vsan_esa(c: &mut Checker, index: &Index, path: Item<&str>, cl: &Cluster, esa: &VsanEsa) {
    let p = Field(path, "storage");
    c.device_ref(index, Field(p, "device"), &esa.device);
    if let Some(d) = index.device(&esa.device) {
        if d.kind != DeviceKind::Nvme {
            c.push(
                Field(p, "device"),
                format!(
                    "must name an NVMe device: vSAN ESA pools are NVMe only (\"{}\" is {:?})",
                    esa.device, d.kind
                ),
            );
        }
    }
    c.u32_in(
        Field(p, "devices_per_host"),
        esa.devices_per_host,
        1,
        MAX_ESA_DEVICES_PER_HOST,
    );
    c.f64_in(
        Field(p, "compression_ratio"),
        esa.compression_ratio,
        1.0,
        MAX_DEDUP_RATIO,
    );
    if let Some(pct) = esa.operations_reserve_pct {
        c.f64_in(Field(p, "operations_reserve_pct"), pct, 0.0, 50.0);
    }
    if let Some(gb) = esa.vsan_memory_gb {
        c.f64_in(Field(p, "vsan_memory_gb"), gb, 0.0, cl.host.ram_gb);
    }
    if !matches!(cl.topology, Topology::Single { .. }) {
        c.push(
            Field(path, "topology.kind"),
            "must be \"single\" for vsan_esa storage: ESA stretched clusters are not modelled yet",
        );
    }
}

/// XtremIO + VPLEX Metro: a catalog X-Brick model and a count it allows,
/// 1, 2 or 4 VPLEX engines, a stretched topology (VPLEX spans two sites),
/// data reduction in plausible ranges, volume placements of this cluster's
/// workloads.
fn xtremio_vplex(c: &mut Checker, index: &Index, path: Item<&str>, cl: &Cluster, a: &XtremioVplex) {
    let p = Field(path, "storage");
    if !matches!(cl.topology, Topology::Stretched { .. }) {
        c.push(
            Field(path, "topology.kind"),
            "must be \"stretched\" for xtremio_vplex storage: VPLEX Metro spans two sites (got \"single\")",
        );
    }
    if let Some(engine) = &a.vplex_engine {
        c.non_empty(format!("{p}.vplex_engine"), engine);
        c.text(format!("{p}.vplex_engine"), engine);
    }
    for (field, price) in [
        ("x_brick_unit_price", a.x_brick_unit_price),
        ("vplex_engine_unit_price", a.vplex_engine_unit_price),
    ] {
        if let Some(price) = price {
            c.f64_in(format!("{p}.{field}"), price, 0.0, MAX_ARRAY_UNIT_PRICE);
        }
    }
    let max_x_bricks = match x_brick_model(&a.x_brick_model) {
        Some(model) => model.max_x_bricks,
        None => {
            let ids: Vec<&str> = X_BRICK_MODELS.iter().map(|m| m.id).collect();
            c.push(
                Field(p, "x_brick_model"),
                format!(
                    "must name an X-Brick model, one of {} (got \"{}\")",
                    ids.join(", "),
                    a.x_brick_model
                ),
            );
            MAX_X_BRICKS
        }
    };
    c.u32_in(
        Field(p, "x_bricks_per_site"),
        a.x_bricks_per_site,
        1,
        max_x_bricks,
    );
    c.issues.extend(check_engines(
        a.vplex_engines,
        &Field(p, "vplex_engines").to_string(),
    ));
    c.f64_in(
        Field(p, "vplex_read_cache_hit_pct"),
        a.vplex_read_cache_hit_pct,
        0.0,
        100.0,
    );
    let r = &a.data_reduction;
    let rp = Field(p, "data_reduction");
    c.f64_in(
        Field(rp, "dedup_ratio"),
        r.dedup_ratio,
        1.0,
        MAX_ARRAY_REDUCTION,
    );
    c.f64_in(
        Field(rp, "compression_ratio"),
        r.compression_ratio,
        1.0,
        MAX_ARRAY_REDUCTION,
    );
    c.f64_in(Field(rp, "thin_savings_pct"), r.thin_savings_pct, 0.0, 99.0);
    c.u32_in(Field(rp, "snapshot_copies"), r.snapshot_copies, 0, 512);
    c.f64_in(
        Field(rp, "snapshot_change_pct"),
        r.snapshot_change_pct,
        0.0,
        100.0,
    );
    let mut seen = HashSet::new();
    for (i, v) in a.volumes.iter().enumerate() {
        let vp = Field(Item(Field(p, "volumes"), i), "workload_id");
        let on_cluster = index.places(&v.workload_id, &cl.id);
        if !on_cluster {
            c.push(
                vp,
                format!(
                    "must name a workload on this cluster (got \"{}\")",
                    v.workload_id
                ),
            );
        } else if !seen.insert(v.workload_id.as_str()) {
            c.push(
                vp,
                format!(
                    "must be listed once (\"{}\" is listed twice)",
                    v.workload_id
                ),
            );
        }
    }
}

/// A host holds 1 to 5 disk groups. Public so a caller can check a count
/// before building that many disk groups.
pub fn disk_group_count(path: impl Display, count: usize) -> Option<InputIssue> {
    (count == 0 || count > MAX_DISK_GROUPS_PER_HOST).then(|| {
        InputIssue::new(
            path.to_string(),
            format!("must hold 1 to {MAX_DISK_GROUPS_PER_HOST} disk groups per host (got {count})"),
        )
    })
}

fn policy(c: &mut Checker, path: Item<&str>, p: &StoragePolicy) {
    c.non_empty(Field(path, "id"), &p.id);
    c.text(Field(path, "id"), &p.id);
    c.text(Field(path, "name"), &p.name);
    let ftt_path = Field(path, "ftt");
    match p.method {
        ProtectionMethod::Raid1 => c.u32_in(ftt_path, p.ftt, 0, 3),
        ProtectionMethod::Raid5 if p.ftt != 1 => {
            c.push(ftt_path, format!("must be 1 for RAID-5 (got {})", p.ftt))
        }
        ProtectionMethod::Raid6 if p.ftt != 2 => {
            c.push(ftt_path, format!("must be 2 for RAID-6 (got {})", p.ftt))
        }
        _ => {}
    }
    c.u32_in(Field(path, "stripe_width"), p.stripe_width, 1, 12);
    c.f64_in(
        Field(path, "object_space_reservation_pct"),
        p.object_space_reservation_pct,
        0.0,
        100.0,
    );
    if let Some(limit) = p.iops_limit {
        c.f64_in(Field(path, "iops_limit"), limit, 1.0, 10_000_000.0);
    }
}

/// Checks a workload; returns the positions of its cluster and policy.
fn workload(
    c: &mut Checker,
    index: &Index,
    path: Item<&str>,
    w: &Workload,
) -> (Option<usize>, Option<usize>) {
    c.non_empty(Field(path, "id"), &w.id);
    c.text(Field(path, "id"), &w.id);
    c.text(Field(path, "name"), &w.name);
    let cluster = index.clusters.position(&w.cluster_id);
    let policy = index.policies.position(&w.policy_id);
    if cluster.is_none() {
        c.push(
            Field(path, "cluster_id"),
            format!(
                "must name a cluster of this project (got \"{}\")",
                w.cluster_id
            ),
        );
    }
    if policy.is_none() {
        c.push(
            Field(path, "policy_id"),
            format!(
                "must name a storage policy of this project (got \"{}\")",
                w.policy_id
            ),
        );
    }
    // Nearly every spec is in range: one pass over its figures with no
    // branch per figure, and the figures again, one check each, to name
    // what is out of range only when something is.
    let mut in_range = true;
    spec_figures(&w.spec, |_, value, (min, max)| {
        in_range &= (value >= min) & (value <= max);
    });
    if !in_range {
        let s = Field(path, "spec");
        spec_figures(&w.spec, |name, value, (min, max)| {
            c.f64_in(Field(s, name), value, min, max);
        });
    }
    (cluster, policy)
}

/// A figure's allowed range, (min, max), both ends included.
type Range = (f64, f64);

/// Ranges several workload kinds share, each stated once.
const READ_PCT: Range = (0.0, 100.0);
const IO_SIZE_KB: Range = (0.5, 2048.0);
/// Never negative: data does not shrink over the planning horizon, so the
/// growth timeline's factors are >= 1.
const ANNUAL_GROWTH_PCT: Range = (0.0, 500.0);
/// A file server's iSCSI LUNs: more than a cluster may serve is the iSCSI
/// rules' finding, not a typo, so the bound sits well above their 128.
pub const ISCSI_LUNS: Range = (1.0, 1_000.0);

/// Each figure of a workload spec, by its field name, with the range it
/// must lie in (all finite, so a value in range is a number). Counts are
/// exact as `f64`s and print as the integers they are.
fn spec_figures(spec: &WorkloadSpec, mut figure: impl FnMut(&'static str, f64, Range)) {
    let mut vm_shape = |vm_count: u32,
                        vcpu: u32,
                        ram_gb: f64,
                        reserved_gb: Option<f64>,
                        min_vcpu: f64,
                        min_ram_gb: f64| {
        figure("vm_count", f64::from(vm_count), (1.0, 100_000.0));
        figure("vcpu_per_vm", f64::from(vcpu), (min_vcpu, 768.0));
        // A group that carries disks only (no vCPUs) has no memory either.
        let max_ram_gb = if vcpu == 0 && min_vcpu == 0.0 {
            0.0
        } else {
            24_576.0
        };
        figure("ram_gb_per_vm", ram_gb, (min_ram_gb, max_ram_gb));
        // A VM reserves at most the memory it is configured with (vSphere);
        // absent, nothing is reserved and there is nothing to check.
        if let Some(reserved_gb) = reserved_gb {
            figure("memory_reservation_gb_per_vm", reserved_gb, (0.0, ram_gb));
        }
    };
    match spec {
        WorkloadSpec::SqlServer {
            vm_count,
            vcpu_per_vm,
            ram_gb_per_vm,
            memory_reservation_gb_per_vm,
            db_size_gb,
            log_size_gb,
            tempdb_size_gb,
            annual_growth_pct,
            working_set_pct,
            target_iops,
            read_pct,
            io_size_kb,
            deployment,
        } => {
            vm_shape(
                *vm_count,
                *vcpu_per_vm,
                *ram_gb_per_vm,
                *memory_reservation_gb_per_vm,
                1.0,
                MIN_VM_RAM_GB,
            );
            figure("db_size_gb", *db_size_gb, (0.001, 1_000_000.0));
            figure("log_size_gb", *log_size_gb, (0.0, 1_000_000.0));
            figure("tempdb_size_gb", *tempdb_size_gb, (0.0, 1_000_000.0));
            figure("annual_growth_pct", *annual_growth_pct, ANNUAL_GROWTH_PCT);
            figure("working_set_pct", *working_set_pct, (0.0, 100.0));
            figure("target_iops", *target_iops, (0.0, 100_000_000.0));
            figure("read_pct", *read_pct, READ_PCT);
            figure("io_size_kb", *io_size_kb, IO_SIZE_KB);
            if let crate::model::SqlDeployment::AvailabilityGroup { replicas, .. } = deployment {
                figure("deployment.replicas", f64::from(*replicas), (2.0, 9.0));
            }
        }
        WorkloadSpec::Exchange {
            vm_count,
            vcpu_per_vm,
            ram_gb_per_vm,
            memory_reservation_gb_per_vm,
            mailboxes,
            mailbox_gb,
            iops_per_mailbox,
            database_copies,
            read_pct,
            io_size_kb,
            annual_growth_pct,
        } => {
            vm_shape(
                *vm_count,
                *vcpu_per_vm,
                *ram_gb_per_vm,
                *memory_reservation_gb_per_vm,
                1.0,
                MIN_VM_RAM_GB,
            );
            figure("mailboxes", f64::from(*mailboxes), (1.0, 10_000_000.0));
            figure("mailbox_gb", *mailbox_gb, (0.001, 1000.0));
            figure("iops_per_mailbox", *iops_per_mailbox, (0.0, 100.0));
            figure("database_copies", f64::from(*database_copies), (1.0, 16.0));
            figure("read_pct", *read_pct, READ_PCT);
            figure("io_size_kb", *io_size_kb, IO_SIZE_KB);
            figure("annual_growth_pct", *annual_growth_pct, ANNUAL_GROWTH_PCT);
        }
        WorkloadSpec::FileServer {
            vm_count,
            vcpu_per_vm,
            ram_gb_per_vm,
            memory_reservation_gb_per_vm,
            capacity_gb,
            iscsi_luns,
            throughput_mbps,
            read_pct,
            io_size_kb,
            annual_growth_pct,
        } => {
            vm_shape(
                *vm_count,
                *vcpu_per_vm,
                *ram_gb_per_vm,
                *memory_reservation_gb_per_vm,
                1.0,
                MIN_VM_RAM_GB,
            );
            figure("capacity_gb", *capacity_gb, (0.001, 100_000_000.0));
            if let Some(luns) = iscsi_luns {
                figure("iscsi_luns", f64::from(*luns), ISCSI_LUNS);
            }
            figure("throughput_mbps", *throughput_mbps, (0.0, 1_000_000.0));
            figure("read_pct", *read_pct, READ_PCT);
            figure("io_size_kb", *io_size_kb, IO_SIZE_KB);
            figure("annual_growth_pct", *annual_growth_pct, ANNUAL_GROWTH_PCT);
        }
        WorkloadSpec::VmGroup {
            vm_count,
            vcpu_per_vm,
            ram_gb_per_vm,
            memory_reservation_gb_per_vm,
            disk_gb_per_vm,
            iops_per_vm,
            read_pct,
            annual_growth_pct,
        } => {
            vm_shape(
                *vm_count,
                *vcpu_per_vm,
                *ram_gb_per_vm,
                *memory_reservation_gb_per_vm,
                // 0 vCPUs: a group that carries disks only.
                0.0,
                // A VM group is an average: an RVTools inventory lists what
                // vCenter reports, including small agent VMs (vCLS: 128 MB)
                // and VMs it reports without memory (inaccessible ones).
                0.0,
            );
            figure("disk_gb_per_vm", *disk_gb_per_vm, (0.0, MAX_VM_STORAGE_GB));
            figure("iops_per_vm", *iops_per_vm, (0.0, 10_000_000.0));
            figure("read_pct", *read_pct, READ_PCT);
            figure("annual_growth_pct", *annual_growth_pct, ANNUAL_GROWTH_PCT);
        }
    }
}

fn design_origin(c: &mut Checker, origin: &DesignOrigin) {
    c.non_empty("origin.proposal", &origin.proposal);
    c.text("origin.proposal", &origin.proposal);
    if origin.customisations.len() > MAX_CUSTOMISATIONS {
        c.push(
            "origin.customisations",
            format!(
                "must hold at most {MAX_CUSTOMISATIONS} steps (got {})",
                origin.customisations.len()
            ),
        );
    }
    for (i, step) in origin.customisations.iter().enumerate() {
        let at = Item("origin.customisations", i);
        c.non_empty(format!("{at}"), step);
        c.text(format!("{at}"), step);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{json, Value};

    #[test]
    fn only_a_vm_group_carries_disks_only_and_then_without_memory() {
        let mut project: Value = serde_json::from_str(include_str!(
            "../../assets/examples/seed-003-mixed-sql-exchange.json"
        ))
        .expect("the example parses");
        let disks = project["workloads"]
            .as_array()
            .expect("workloads")
            .iter()
            .position(|w| w["spec"]["kind"] == "vm_group")
            .expect("a VM group");
        let check = |project: &Value| -> Vec<String> {
            let project = crate::parse_project(&project.to_string()).expect("a project");
            validate(&project).into_iter().map(|i| i.message).collect()
        };
        project["workloads"][disks]["spec"]["vcpu_per_vm"] = json!(0);
        project["workloads"][disks]["spec"]["ram_gb_per_vm"] = json!(0);
        assert_eq!(check(&project), Vec::<String>::new());
        project["workloads"][disks]["spec"]["ram_gb_per_vm"] = json!(8);
        assert_eq!(
            check(&project),
            [format!(
                "workloads[{disks}].spec.ram_gb_per_vm must be between 0 and 0 (got 8)"
            )]
        );
        project["workloads"][disks]["spec"]["ram_gb_per_vm"] = json!(0);
        project["workloads"][0]["spec"]["vcpu_per_vm"] = json!(0);
        assert_eq!(
            check(&project),
            ["workloads[0].spec.vcpu_per_vm must be between 1 and 768 (got 0)"]
        );
    }

    #[test]
    fn out_of_range_workload_figures_are_named_with_their_range() {
        let mut project: Value = serde_json::from_str(include_str!(
            "../../assets/examples/seed-003-mixed-sql-exchange.json"
        ))
        .expect("the example parses");
        let mut spec = |i: usize, field: &str, value: Value| {
            project["workloads"][i]["spec"][field] = value;
        };
        spec(0, "vm_count", json!(0));
        spec(0, "read_pct", json!(170.5));
        spec(1, "mailboxes", json!(0));
        spec(2, "ram_gb_per_vm", json!(-1));
        spec(1, "memory_reservation_gb_per_vm", json!(80.5));
        project["workloads"][0]["spec"]["deployment"]["replicas"] = json!(12);
        let project = crate::parse_project(&project.to_string()).expect("still a project");
        let issues = validate(&project);
        let allowed: Vec<(f64, f64)> = issues
            .iter()
            .map(|i| i.allowed.map(|a| (a.min, a.max)).expect("a range as data"))
            .collect();
        assert_eq!(
            allowed,
            [
                (1.0, 100_000.0),
                (0.0, 100.0),
                (2.0, 9.0),
                (0.0, 64.0),
                (1.0, 10_000_000.0),
                (0.0, 24_576.0)
            ]
        );
        let messages: Vec<String> = issues.into_iter().map(|i| i.message).collect();
        assert_eq!(
            messages,
            [
                "workloads[0].spec.vm_count must be between 1 and 100000 (got 0)",
                "workloads[0].spec.read_pct must be between 0 and 100 (got 170.5)",
                "workloads[0].spec.deployment.replicas must be between 2 and 9 (got 12)",
                "workloads[1].spec.memory_reservation_gb_per_vm must be between 0 and 64 (got 80.5)",
                "workloads[1].spec.mailboxes must be between 1 and 10000000 (got 0)",
                "workloads[2].spec.ram_gb_per_vm must be between 0 and 24576 (got -1)",
            ]
        );
    }

    #[test]
    fn planning_ceilings_are_named_with_their_range_and_default_when_absent() {
        let mut project: Value = serde_json::from_str(include_str!(
            "../../assets/examples/seed-001-all-flash-sql.json"
        ))
        .expect("the example parses");
        // A project saved before the ceilings existed opens with the defaults.
        let settings = project["settings"].as_object_mut().expect("settings");
        settings.remove("cpu_ceiling_pct");
        settings.remove("ram_ceiling_pct");
        let old = crate::parse_project(&project.to_string()).expect("an old project opens");
        assert_eq!(
            (old.settings.cpu_ceiling_pct, old.settings.ram_ceiling_pct),
            (80.0, 90.0)
        );
        project["settings"]["cpu_ceiling_pct"] = json!(5);
        project["settings"]["ram_ceiling_pct"] = json!(120);
        let project = crate::parse_project(&project.to_string()).expect("still a project");
        let messages: Vec<String> = validate(&project).into_iter().map(|i| i.message).collect();
        assert_eq!(
            messages,
            [
                "settings.cpu_ceiling_pct must be between 10 and 100 (got 5)",
                "settings.ram_ceiling_pct must be between 10 and 100 (got 120)",
            ]
        );
    }

    #[test]
    fn control_characters_and_text_longer_than_a_cell_are_named() {
        let mut project: Value = serde_json::from_str(include_str!(
            "../../assets/examples/seed-003-mixed-sql-exchange.json"
        ))
        .expect("the example parses");
        project["clusters"][0]["name"] = json!("Prod\u{0}\u{7}");
        project["workloads"][1]["name"] = json!("w".repeat(40_000));
        project["policies"][0]["name"] = json!("RAID-1\u{85}");
        project["devices"][0]["model"] = json!("SSD\u{7f}");
        project["description"] = json!("Line one\nline two\twith a tab\r\n");
        let project = crate::parse_project(&project.to_string()).expect("still a project");
        let messages: Vec<String> = validate(&project).into_iter().map(|i| i.message).collect();
        assert_eq!(
            messages,
            [
                "devices[0].model must not hold control characters (found U+007F)",
                "clusters[0].name must not hold control characters (found U+0000)",
                "policies[0].name must not hold control characters (found U+0085)",
                "workloads[1].name must be at most 32767 characters, what a spreadsheet cell holds (got 40000)",
            ]
        );
    }

    #[test]
    fn repeated_ids_are_named_at_each_later_use_in_short_and_long_lists() {
        let mut project: Value = serde_json::from_str(include_str!(
            "../../assets/examples/seed-003-mixed-sql-exchange.json"
        ))
        .expect("the example parses");
        // A policy list short enough to scan; a workload list long enough to hash.
        let policy = project["policies"][0].clone();
        project["policies"]
            .as_array_mut()
            .expect("a list")
            .push(policy);
        let workloads = project["workloads"].as_array_mut().expect("a list");
        let template = workloads[0].clone();
        for i in 0..30 {
            let mut w = template.clone();
            w["id"] = json!(format!("copy-{}", i % 20));
            workloads.push(w);
        }
        let first = workloads.len() - 30;
        let project = crate::parse_project(&project.to_string()).expect("still a project");
        let repeats: Vec<String> = validate(&project)
            .into_iter()
            .map(|i| i.message)
            .filter(|m| m.contains("must be unique"))
            .collect();
        let policies = project.policies.len();
        let mut expected = vec![format!(
            "policies[{}].id must be unique within policies (\"{}\" is used twice)",
            policies - 1,
            project.policies[0].id
        )];
        expected.extend((20..30).map(|i| {
            format!(
                "workloads[{}].id must be unique within workloads (\"copy-{}\" is used twice)",
                first + i,
                i % 20
            )
        }));
        assert_eq!(repeats, expected);
    }
}
