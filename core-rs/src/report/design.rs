//! Design sheet: what was sized, as entered: clusters, hosts, disk groups,
//! vSAN ESA storage pools or arrays, devices and storage policies.

use super::sheet::{Cell, NumberFormat, Sheet, SheetBuilder};
use super::summary::storage_text;
use super::Context;
use crate::demand::protection::protection;
use crate::labels;
use crate::model::{FreeSpaceModel, Storage, Topology};
use crate::source;

pub fn design_sheet(ctx: &Context) -> Sheet {
    let mut b = SheetBuilder::new(ctx.sheet_name("Design"));
    b.title(format!("Design: {}", ctx.project.name));
    b.freeze_above(1);
    clusters(&mut b, ctx);
    hosts(&mut b, ctx);
    disk_groups(&mut b, ctx);
    esa_pools(&mut b, ctx);
    arrays(&mut b, ctx);
    devices(&mut b, ctx);
    policies(&mut b, ctx);
    b.finish()
}

fn clusters(b: &mut SheetBuilder, ctx: &Context) {
    b.blank();
    b.section("Clusters");
    let rows = ctx
        .clusters
        .iter()
        .map(|c| {
            let (per_site, rtt, link, witness_rtt) = match c.cluster.topology {
                Topology::Single { .. } => (Cell::Blank, Cell::Blank, Cell::Blank, Cell::Blank),
                Topology::Stretched {
                    hosts_per_site,
                    inter_site_rtt_ms,
                    inter_site_link_gbps,
                    witness_rtt_ms,
                    ..
                } => (
                    Cell::count(hosts_per_site),
                    Cell::decimal(inter_site_rtt_ms),
                    Cell::decimal(inter_site_link_gbps),
                    Cell::decimal(witness_rtt_ms),
                ),
            };
            vec![
                Cell::text(c.label.clone()),
                Cell::text(c.cluster.id.clone()),
                Cell::text(labels::topology(&c.cluster.topology)),
                Cell::count(c.host_count()),
                per_site,
                rtt,
                link,
                witness_rtt,
                Cell::text(storage_text(c)),
                Cell::text(labels::storage_devices(c.cluster, ctx.project)),
            ]
        })
        .collect();
    b.table(
        "clusters",
        &[
            "Cluster",
            "Id",
            "Topology",
            "Hosts",
            "Hosts per site",
            "Inter-site RTT (ms)",
            "Inter-site link (Gbps)",
            "Witness RTT (ms)",
            "Storage",
            "Storage devices",
        ],
        rows,
    );
}

fn hosts(b: &mut SheetBuilder, ctx: &Context) {
    b.blank();
    b.section("Hosts (every host of a cluster is the same)");
    let rows = ctx
        .clusters
        .iter()
        .map(|c| {
            let h = &c.cluster.host;
            vec![
                Cell::text(c.label.clone()),
                Cell::text(h.model.clone()),
                Cell::count(c.host_count()),
                Cell::count(h.sockets),
                Cell::count(h.cores_per_socket),
                Cell::count(h.cores()),
                Cell::decimal(h.ghz),
                Cell::count(h.ram_gb),
                Cell::count(h.nics),
                Cell::count(h.nic_gbps),
                Cell::maybe(h.unit_price, NumberFormat::Price),
            ]
        })
        .collect();
    b.table(
        "hosts",
        &[
            "Cluster",
            "Model",
            "Hosts",
            "Sockets",
            "Cores per socket",
            "Cores per host",
            "Clock (GHz)",
            "RAM per host (GB)",
            "NICs",
            "NIC speed (Gbps)",
            "Unit price",
        ],
        rows,
    );
}

fn disk_groups(b: &mut SheetBuilder, ctx: &Context) {
    let mut rows = Vec::new();
    for c in &ctx.clusters {
        let Storage::VsanOsa { disk_groups, .. } = &c.cluster.storage else {
            continue;
        };
        for (i, g) in disk_groups.iter().enumerate() {
            let capacity_gb = ctx
                .project
                .device(&g.capacity_device)
                .map_or(0.0, |d| d.capacity_gb);
            rows.push(vec![
                Cell::text(c.label.clone()),
                Cell::count(i as u32 + 1),
                Cell::text(g.cache_device.clone()),
                Cell::text(g.capacity_device.clone()),
                Cell::count(g.capacity_device_count),
                Cell::decimal(capacity_gb * f64::from(g.capacity_device_count) / 1000.0),
            ]);
        }
    }
    if rows.is_empty() {
        return;
    }
    b.blank();
    b.section("Disk groups (on every host of the cluster)");
    b.table(
        "disk-groups",
        &[
            "Cluster",
            "Disk group",
            "Cache device",
            "Capacity device",
            "Capacity devices",
            "Raw per disk group (TB)",
        ],
        rows,
    );
}

fn esa_pools(b: &mut SheetBuilder, ctx: &Context) {
    let rows: Vec<Vec<Cell>> = ctx
        .clusters
        .iter()
        .filter_map(|c| match &c.cluster.storage {
            Storage::VsanEsa(e) => Some((c, e)),
            Storage::VsanOsa { .. } | Storage::XtremioVplex(_) => None,
        })
        .map(|(c, e)| {
            let capacity_gb = ctx.project.device(&e.device).map_or(0.0, |d| d.capacity_gb);
            let operations_reserve = match (e.free_space, e.operations_reserve_pct) {
                (FreeSpaceModel::ReservedCapacity, Some(pct)) => Cell::percent(pct),
                (FreeSpaceModel::ReservedCapacity, None) => {
                    Cell::text(labels::DOCUMENTED_OPERATIONS_RESERVE)
                }
                (FreeSpaceModel::Slack, _) => Cell::Blank,
            };
            vec![
                Cell::text(c.label.clone()),
                Cell::text(e.device.clone()),
                Cell::count(e.devices_per_host),
                Cell::count(e.devices_per_host.saturating_mul(c.host_count())),
                Cell::decimal(capacity_gb * f64::from(e.devices_per_host) / 1000.0),
                Cell::text(labels::free_space(e.free_space)),
                operations_reserve,
                Cell::text(labels::yes_no(e.host_rebuild_reserve)),
                Cell::decimal(e.compression_ratio),
            ]
        })
        .collect();
    if rows.is_empty() {
        return;
    }
    b.blank();
    b.section("vSAN ESA storage pools (one per host, every host alike)");
    b.table(
        "esa-pools",
        &[
            "Cluster",
            "Device",
            "Devices per host",
            "Devices in the cluster",
            "Raw per host (TB)",
            "Free space",
            "Operations reserve (% of raw)",
            "Host rebuild reserve",
            "Compression ratio (x)",
        ],
        rows,
    );
    b.sources_note([
        source::ESA_RAW,
        source::ESA_OPERATIONS_RESERVE,
        source::ESA_HOST_REBUILD_RESERVE,
        source::ESA_COMPRESSION,
    ]);
}

fn arrays(b: &mut SheetBuilder, ctx: &Context) {
    let rows: Vec<Vec<Cell>> = ctx
        .clusters
        .iter()
        .filter_map(|c| match &c.cluster.storage {
            Storage::XtremioVplex(x) => Some((c, x)),
            Storage::VsanOsa { .. } | Storage::VsanEsa(_) => None,
        })
        .map(|(c, x)| {
            let r = &x.data_reduction;
            vec![
                Cell::text(c.label.clone()),
                Cell::text(x.x_brick_model.clone()),
                Cell::count(x.x_bricks_per_site),
                Cell::count(x.vplex_engines),
                Cell::text(labels::replication(x.replication)),
                Cell::percent(x.vplex_read_cache_hit_pct),
                Cell::decimal(r.dedup_ratio),
                Cell::decimal(r.compression_ratio),
                Cell::percent(r.thin_savings_pct),
                Cell::count(r.snapshot_copies),
                Cell::percent(r.snapshot_change_pct),
            ]
        })
        .collect();
    if rows.is_empty() {
        return;
    }
    b.blank();
    b.section("XtremIO arrays and VPLEX (each data site alike)");
    b.table(
        "arrays",
        &[
            "Cluster",
            "X-Brick model",
            "X-Bricks per site",
            "VPLEX engines per site",
            "Replication",
            "VPLEX read cache hits (%)",
            "Dedup ratio (x)",
            "Compression ratio (x)",
            "Thin savings (%)",
            "Snapshots per volume",
            "Snapshot change (%)",
        ],
        rows,
    );
}

fn devices(b: &mut SheetBuilder, ctx: &Context) {
    b.blank();
    b.section("Devices");
    let rows = ctx
        .project
        .devices
        .iter()
        .map(|d| {
            vec![
                Cell::text(d.id.clone()),
                Cell::text(d.model.clone()),
                Cell::text(labels::device_kind(d.kind)),
                Cell::count(d.capacity_gb),
                Cell::count(d.read_iops),
                Cell::count(d.write_iops),
                Cell::maybe(d.endurance_dwpd, NumberFormat::Decimal),
                d.flash_class
                    .map_or(Cell::Blank, |c| Cell::text(format!("{c:?}"))),
                Cell::maybe(d.unit_price, NumberFormat::Price),
            ]
        })
        .collect();
    b.table(
        "devices",
        &[
            "Id",
            "Model",
            "Kind",
            "Capacity (GB)",
            "Read IOPS",
            "Write IOPS",
            "Endurance (DWPD)",
            "Flash class",
            "Unit price",
        ],
        rows,
    );
}

fn policies(b: &mut SheetBuilder, ctx: &Context) {
    b.blank();
    b.section("Storage policies");
    let rows = ctx
        .project
        .policies
        .iter()
        .map(|p| {
            let prot = protection(p);
            vec![
                Cell::text(p.id.clone()),
                Cell::text(p.name.clone()),
                Cell::text(labels::method(p.method)),
                Cell::count(prot.ftt),
                Cell::count(p.stripe_width),
                Cell::percent(p.object_space_reservation_pct),
                Cell::text(labels::yes_no(p.checksum)),
                Cell::maybe(p.iops_limit, NumberFormat::Count),
                Cell::decimal(prot.multiplier),
                Cell::count(prot.min_hosts),
                Cell::count(prot.recommended_hosts),
            ]
        })
        .collect();
    b.table(
        "policies",
        &[
            "Id",
            "Name",
            "Method",
            "Failures to tolerate",
            "Stripe width",
            "Object space reservation (%)",
            "Checksum",
            "IOPS limit",
            "Capacity multiplier (x)",
            "Minimum hosts",
            "Recommended hosts",
        ],
        rows,
    );
    b.sources_note(ctx.project.policies.iter().map(|p| protection(p).source));
    if ctx.esa_views().next().is_some() {
        b.note(format!(
            "On vSAN ESA clusters RAID-5 is 2+1 on 3-5 hosts and 4+1 on 6 or more, so its \
             multiplier and minimum hosts differ from the columns above; the Capacity sheet \
             shows the protection each cluster uses. Sources: {}; {}.",
            source::ESA_RAID5,
            source::ESA_RAID6
        ));
    }
}
