//! Where each workload's data and I/O land: the production site's array
//! holds distributed and local volumes and the snapshots; the remote site's
//! holds the distributed volumes and takes their replicated writes.
//!
//! Placement (seed 004 Table 5): data, log and tempdb on distributed
//! volumes; the VMs' OS and swap on VPLEX local volumes at the production
//! site; test/dev VMs on XtremIO snapshots mounted directly. Without site
//! mirroring every volume is local.

use serde::Serialize;

use super::reduction::{physical_gb, provisioned_gb, snapshot_gb};
use super::vplex::{logging_volume_gb, meta_volumes_gb, REPLICATION_IO_KB};
use super::x_brick::XBrickModel;
use crate::demand::footprint::{footprint, Footprint};
use crate::demand::io::{front_end_io, FrontEndIo};
use crate::demand::placement::PlacedWorkload;
use crate::model::{ArrayDataReduction, Capacity, VolumePlacement, XtremioVplex};
use crate::platform::two_sites::write_mb_per_s;
use crate::ratio::percent;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum SiteRole {
    /// Runs the workloads (FCI active nodes); holds local volumes and snapshots.
    Production,
    /// Holds the distributed volumes' second copy.
    Remote,
    /// Third site: VPLEX Witness.
    Witness,
}

impl SiteRole {
    /// The site as a rule's text names it.
    pub fn name(self) -> &'static str {
        match self {
            SiteRole::Production => "production",
            SiteRole::Remote => "remote",
            SiteRole::Witness => "witness",
        }
    }
}

/// One workload as the arrays see it.
#[derive(Debug, Clone)]
pub struct PlacedVolumes<'a> {
    pub placed: &'a PlacedWorkload<'a>,
    pub placement: VolumePlacement,
    pub footprint: Footprint,
    pub front_end: FrontEndIo,
    /// Front-end write bandwidth, MB/s (decimal).
    pub write_mb_per_s: f64,
}

impl PlacedVolumes<'_> {
    /// Data on distributed volumes (in both sites).
    pub fn distributed_gb(&self) -> f64 {
        match self.placement {
            VolumePlacement::Distributed => self.footprint.grown_gb,
            VolumePlacement::Local | VolumePlacement::Snapshot => 0.0,
        }
    }

    /// Data on the production site's local volumes: swap always; all data
    /// of a local workload; none of a snapshot one (its snapshots count it).
    pub fn local_gb(&self) -> f64 {
        match self.placement {
            VolumePlacement::Local => self.footprint.grown_gb + self.footprint.swap_gb,
            VolumePlacement::Distributed | VolumePlacement::Snapshot => self.footprint.swap_gb,
        }
    }

    /// I/O passes through VPLEX (every placement but mounted snapshots).
    pub fn through_vplex(&self) -> bool {
        self.placement != VolumePlacement::Snapshot
    }

    /// Physical GB in both arrays: distributed data twice, local data and
    /// the snapshots of the distributed data once.
    pub fn physical_gb(&self, r: &ArrayDataReduction) -> f64 {
        self.physical_parts(r).total_gb()
    }

    /// The terms `physical_gb` sums, so the rule that states it can name them.
    pub fn physical_parts(&self, r: &ArrayDataReduction) -> PhysicalParts {
        let distributed = physical_gb(self.distributed_gb(), r);
        PhysicalParts {
            distributed_both_sites_gb: 2.0 * distributed,
            local_gb: physical_gb(self.local_gb(), r),
            snapshots_gb: snapshot_gb(distributed, r),
        }
    }
}

/// Physical GB of a workload's volumes after data reduction, by placement.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct PhysicalParts {
    /// Distributed volumes, one copy in each site's array.
    pub distributed_both_sites_gb: f64,
    /// Local volumes and swap, on the production site's array.
    pub local_gb: f64,
    /// Snapshots of the distributed data.
    pub snapshots_gb: f64,
}

impl std::ops::Add for PhysicalParts {
    type Output = Self;

    fn add(self, other: Self) -> Self {
        PhysicalParts {
            distributed_both_sites_gb: self.distributed_both_sites_gb
                + other.distributed_both_sites_gb,
            local_gb: self.local_gb + other.local_gb,
            snapshots_gb: self.snapshots_gb + other.snapshots_gb,
        }
    }
}

impl PhysicalParts {
    pub fn total_gb(&self) -> f64 {
        self.distributed_both_sites_gb + self.local_gb + self.snapshots_gb
    }
}

pub fn place_volumes<'a>(
    storage: &XtremioVplex,
    site_mirroring: bool,
    placed: &'a [PlacedWorkload<'a>],
    horizon_years: u32,
) -> Vec<PlacedVolumes<'a>> {
    placed
        .iter()
        .map(|p| {
            let chosen = storage
                .volumes
                .iter()
                .find(|v| v.workload_id == p.workload.id)
                .map_or(VolumePlacement::Distributed, |v| v.placement);
            let placement = match chosen {
                VolumePlacement::Distributed if !site_mirroring => VolumePlacement::Local,
                other => other,
            };
            PlacedVolumes {
                placed: p,
                placement,
                footprint: footprint(&p.workload.spec, horizon_years),
                front_end: front_end_io(&p.workload.spec),
                write_mb_per_s: write_mb_per_s(p),
            }
        })
        .collect()
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct ArraySite {
    pub role: SiteRole,
    pub x_bricks: u32,
    pub raw: Capacity,
    pub xdp_parity: Capacity,
    /// What the array keeps back after parity (metadata, rebuild space).
    pub array_reserve: Capacity,
    /// Usable physical capacity of the site's XtremIO cluster.
    pub usable: Capacity,
    /// The VPLEX logging volume: 10 GB per 320 TB of distributed volumes.
    pub logging_volume: Capacity,
    /// VPLEX meta volumes and backups, and the logging volume.
    pub system_volumes: Capacity,
    pub distributed_data: Capacity,
    pub local_data: Capacity,
    /// Physical space of the site's data after dedup and compression.
    pub data_physical: Capacity,
    pub snapshots: Capacity,
    /// data_physical + snapshots + system_volumes.
    pub required: Capacity,
    /// usable - required; negative when the data does not fit.
    pub headroom: Capacity,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub used_pct: Option<f64>,
    /// Volume capacity the site presents (thin: never all written).
    pub provisioned: Capacity,
    /// 8 KB OLTP IOPS the array serves within its rated latency.
    pub rated_iops: f64,
    /// I/O reaching the array: VPLEX cache misses and writes, mounted
    /// snapshots (production); replicated writes (remote).
    pub back_end_iops: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub iops_utilisation_pct: Option<f64>,
}

impl ArraySite {
    /// `xtremio.capacity_insufficient`: the site's data, snapshots and
    /// system volumes need more than its usable capacity. Each X-Brick
    /// adds usable capacity and the data does not depend on the count.
    #[inline]
    pub fn capacity_insufficient(&self) -> bool {
        self.required.gb > self.usable.gb
    }

    /// `xtremio.iops_exceeded`: more back-end IOPS reach the site than its
    /// X-Bricks serve within their rated latency; each X-Brick adds its
    /// rating and the I/O does not depend on the count.
    #[inline]
    pub fn iops_exceeded(&self) -> bool {
        self.back_end_iops > self.rated_iops
    }
}

/// Both sites' arrays, production first. `read_cache_hit` is the share of
/// VPLEX reads its cache serves (0-1).
pub fn size_sites(
    model: &XBrickModel,
    x_bricks: u32,
    volumes: &[PlacedVolumes],
    r: &ArrayDataReduction,
    read_cache_hit: f64,
) -> [ArraySite; 2] {
    let sum = |f: &dyn Fn(&PlacedVolumes) -> f64| -> f64 { volumes.iter().map(f).sum() };
    let distributed_gb = sum(&|v| v.distributed_gb());
    let local_gb = sum(&|v| v.local_gb());
    let vplex_reads = sum(&|v| {
        if v.through_vplex() {
            v.front_end.read_iops
        } else {
            0.0
        }
    });
    let vplex_writes = sum(&|v| {
        if v.through_vplex() {
            v.front_end.write_iops
        } else {
            0.0
        }
    });
    let snapshot_io = sum(&|v| {
        if v.through_vplex() {
            0.0
        } else {
            v.front_end.total_iops
        }
    });
    let production_iops = vplex_reads * (1.0 - read_cache_hit) + vplex_writes + snapshot_io;
    let logging_gb = logging_volume_gb(provisioned_gb(distributed_gb, r));
    let distributed_physical = physical_gb(distributed_gb, r);
    let production = site(
        SiteRole::Production,
        model,
        x_bricks,
        SiteLoad {
            distributed_gb,
            local_gb,
            data_physical_gb: distributed_physical + physical_gb(local_gb, r),
            snapshot_gb: snapshot_gb(distributed_physical, r),
            logging_gb,
            provisioned_gb: provisioned_gb(distributed_gb + local_gb, r),
            back_end_iops: production_iops,
        },
    );
    let remote = site(
        SiteRole::Remote,
        model,
        x_bricks,
        SiteLoad {
            distributed_gb,
            local_gb: 0.0,
            data_physical_gb: distributed_physical,
            snapshot_gb: 0.0,
            logging_gb,
            provisioned_gb: provisioned_gb(distributed_gb, r),
            back_end_iops: replication_iops(volumes),
        },
    );
    [production, remote]
}

/// Writes of distributed volumes reach the remote site as ~32 KB
/// replication I/Os (seed 004): bandwidth / 32 KB.
pub fn replication_iops(volumes: &[PlacedVolumes]) -> f64 {
    replicated_mb_per_s(volumes) * 1000.0 / REPLICATION_IO_KB
}

/// Write bandwidth of the distributed volumes, MB/s.
pub fn replicated_mb_per_s(volumes: &[PlacedVolumes]) -> f64 {
    volumes
        .iter()
        .filter(|v| v.placement == VolumePlacement::Distributed)
        .map(|v| v.write_mb_per_s)
        .sum()
}

struct SiteLoad {
    distributed_gb: f64,
    local_gb: f64,
    data_physical_gb: f64,
    snapshot_gb: f64,
    logging_gb: f64,
    provisioned_gb: f64,
    back_end_iops: f64,
}

fn site(role: SiteRole, model: &XBrickModel, x_bricks: u32, load: SiteLoad) -> ArraySite {
    let n = f64::from(x_bricks);
    let usable_gb = model.usable_gb() * n;
    let system_gb = meta_volumes_gb() + load.logging_gb;
    let required_gb = load.data_physical_gb + load.snapshot_gb + system_gb;
    let rated_iops = model.oltp_iops * n;
    ArraySite {
        role,
        x_bricks,
        raw: Capacity::from_gb(model.raw_gb() * n),
        xdp_parity: Capacity::from_gb(model.parity_gb() * n),
        array_reserve: Capacity::from_gb(model.reserve_gb() * n),
        usable: Capacity::from_gb(usable_gb),
        logging_volume: Capacity::from_gb(load.logging_gb),
        system_volumes: Capacity::from_gb(system_gb),
        distributed_data: Capacity::from_gb(load.distributed_gb),
        local_data: Capacity::from_gb(load.local_gb),
        data_physical: Capacity::from_gb(load.data_physical_gb),
        snapshots: Capacity::from_gb(load.snapshot_gb),
        required: Capacity::from_gb(required_gb),
        headroom: Capacity::from_gb(usable_gb - required_gb),
        used_pct: percent(required_gb, usable_gb),
        provisioned: Capacity::from_gb(load.provisioned_gb),
        rated_iops,
        back_end_iops: load.back_end_iops,
        iops_utilisation_pct: percent(load.back_end_iops, rated_iops),
    }
}
