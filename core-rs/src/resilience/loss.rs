//! What each failure takes out of the cluster: hosts, disk groups,
//! devices, their raw capacity and rated IOPS, and the share of the stored
//! data that must be rebuilt.

use serde::Serialize;

use super::{ComponentState, FailureKind};
use crate::durability::EventKind;
use crate::model::{Capacity, Device, DeviceKind, ResolvedDiskGroup, Topology};
use crate::source;

/// The hardware a failure removes, as the result shows it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct LostHardware {
    pub hosts: u32,
    pub disk_groups: u32,
    pub cache_devices: u32,
    pub capacity_devices: u32,
    /// Raw capacity of the lost capacity devices.
    pub raw: Capacity,
}

/// Devices removed (or present) and what they contribute: capacity, read
/// cache and rated IOPS per tier. Sums of the same devices, so a cluster
/// total less a failure's loss is exactly what survives.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Devices {
    pub hosts: u32,
    pub disk_groups: u32,
    pub cache_devices: u32,
    pub capacity_devices: u32,
    pub raw_gb: f64,
    pub cache_gb: f64,
    pub cache_read_iops: f64,
    pub cache_write_iops: f64,
    pub capacity_read_iops: f64,
    pub capacity_write_iops: f64,
}

/// One device's capacity and rated IOPS, as `Devices` sums them: read
/// from a project's device by `evaluate`, from a catalog part's figures by
/// the design search, so both build the same sums.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DeviceRating {
    pub gb: f64,
    pub read_iops: f64,
    pub write_iops: f64,
}

impl DeviceRating {
    pub fn of(d: &Device) -> Self {
        DeviceRating {
            gb: d.capacity_gb,
            read_iops: d.read_iops,
            write_iops: d.write_iops,
        }
    }
}

impl Devices {
    /// One capacity device.
    pub fn capacity_device(d: DeviceRating) -> Self {
        Devices {
            capacity_devices: 1,
            raw_gb: d.gb,
            capacity_read_iops: d.read_iops,
            capacity_write_iops: d.write_iops,
            ..Devices::default()
        }
    }

    /// One disk group: its cache device and `n` capacity devices.
    pub fn disk_group(cache: DeviceRating, capacity: DeviceRating, n: u32) -> Self {
        let count = f64::from(n);
        Devices {
            hosts: 0,
            disk_groups: 1,
            cache_devices: 1,
            capacity_devices: n,
            raw_gb: capacity.gb * count,
            cache_gb: cache.gb,
            cache_read_iops: cache.read_iops,
            cache_write_iops: cache.write_iops,
            capacity_read_iops: capacity.read_iops * count,
            capacity_write_iops: capacity.write_iops * count,
        }
    }

    fn resolved_group(g: &ResolvedDiskGroup) -> Self {
        Devices::disk_group(
            DeviceRating::of(g.cache),
            DeviceRating::of(g.capacity),
            g.capacity_device_count,
        )
    }

    /// One host of these disk groups (all hosts carry the same ones).
    pub fn host_of(groups: impl IntoIterator<Item = Devices>) -> Self {
        let mut host = groups.into_iter().fold(Devices::default(), Devices::plus);
        host.hosts = 1;
        host
    }

    /// One host: every disk group (all hosts carry the same ones).
    pub fn host(groups: &[ResolvedDiskGroup]) -> Self {
        Devices::host_of(groups.iter().map(Devices::resolved_group))
    }

    pub fn times(self, k: u32) -> Self {
        let f = f64::from(k);
        Devices {
            hosts: self.hosts.saturating_mul(k),
            disk_groups: self.disk_groups.saturating_mul(k),
            cache_devices: self.cache_devices.saturating_mul(k),
            capacity_devices: self.capacity_devices.saturating_mul(k),
            raw_gb: self.raw_gb * f,
            cache_gb: self.cache_gb * f,
            cache_read_iops: self.cache_read_iops * f,
            cache_write_iops: self.cache_write_iops * f,
            capacity_read_iops: self.capacity_read_iops * f,
            capacity_write_iops: self.capacity_write_iops * f,
        }
    }

    fn plus(self, o: Devices) -> Self {
        Devices {
            hosts: self.hosts + o.hosts,
            disk_groups: self.disk_groups + o.disk_groups,
            cache_devices: self.cache_devices + o.cache_devices,
            capacity_devices: self.capacity_devices + o.capacity_devices,
            raw_gb: self.raw_gb + o.raw_gb,
            cache_gb: self.cache_gb + o.cache_gb,
            cache_read_iops: self.cache_read_iops + o.cache_read_iops,
            cache_write_iops: self.cache_write_iops + o.cache_write_iops,
            capacity_read_iops: self.capacity_read_iops + o.capacity_read_iops,
            capacity_write_iops: self.capacity_write_iops + o.capacity_write_iops,
        }
    }

    /// What survives when `lost` is taken from `self`; never negative.
    pub fn less(self, lost: Devices) -> Self {
        Devices {
            hosts: self.hosts.saturating_sub(lost.hosts),
            disk_groups: self.disk_groups.saturating_sub(lost.disk_groups),
            cache_devices: self.cache_devices.saturating_sub(lost.cache_devices),
            capacity_devices: self.capacity_devices.saturating_sub(lost.capacity_devices),
            raw_gb: (self.raw_gb - lost.raw_gb).max(0.0),
            cache_gb: (self.cache_gb - lost.cache_gb).max(0.0),
            cache_read_iops: (self.cache_read_iops - lost.cache_read_iops).max(0.0),
            cache_write_iops: (self.cache_write_iops - lost.cache_write_iops).max(0.0),
            capacity_read_iops: (self.capacity_read_iops - lost.capacity_read_iops).max(0.0),
            capacity_write_iops: (self.capacity_write_iops - lost.capacity_write_iops).max(0.0),
        }
    }

    pub fn hardware(&self) -> LostHardware {
        LostHardware {
            hosts: self.hosts,
            disk_groups: self.disk_groups,
            cache_devices: self.cache_devices,
            capacity_devices: self.capacity_devices,
            raw: Capacity::from_gb(self.raw_gb),
        }
    }
}

/// One failure to play through.
#[derive(Debug, Clone, PartialEq)]
pub struct Failure {
    pub kind: FailureKind,
    pub label: String,
    pub lost: Devices,
    pub state: ComponentState,
    pub reach: HostReach,
    /// Share of the consumed capacity to rebuild: the lost raw share for
    /// one failure; summed over the sequence for N+x.
    pub data_share: f64,
    /// Repair delays waited before resyncing (N+x waits once per host).
    pub repair_delays: u32,
    pub source: &'static str,
}

/// The cluster's hosts as failures reach them: no device figure, so the
/// design search reads it for a host count before choosing devices.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HostLayout {
    pub hosts: u32,
    /// Hosts in each of the two data sites of a stretched cluster.
    pub hosts_per_site: Option<u32>,
    /// Each site keeps a full copy (stretched with site mirroring).
    pub site_mirrored: bool,
    pub reserve_hosts: u32,
}

/// How one failure reaches the hosts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HostReach {
    /// Hosts down at the same time: a site's hosts after a site failure,
    /// else one (N+x fails them one after another, each rebuilt before
    /// the next).
    pub failed_together: u32,
    /// Hosts left in the whole cluster.
    pub hosts_left: u32,
    /// Hosts left where the lost components are rebuilt: the failed site
    /// on a site-mirrored cluster (each site rebuilds its own copy), the
    /// surviving site after a site failure, else the cluster.
    pub domain_hosts_left: u32,
}

impl HostLayout {
    pub fn of(topology: &Topology, reserve_hosts: u32) -> Self {
        HostLayout {
            hosts: topology.host_count(),
            hosts_per_site: match *topology {
                Topology::Stretched { hosts_per_site, .. } => Some(hosts_per_site),
                Topology::Single { .. } => None,
            },
            site_mirrored: topology.site_mirrored(),
            reserve_hosts,
        }
    }

    /// Sites keeping their own copy: 2 when site-mirrored, else 1.
    pub fn copies(&self) -> u32 {
        if self.site_mirrored {
            2
        } else {
            1
        }
    }

    /// Hosts that rebuild a failed host's components.
    pub fn domain_hosts(&self) -> u32 {
        self.hosts / self.copies()
    }

    /// Hosts N+x takes one after another: the reserve, at most the
    /// rebuild domain's hosts.
    fn reserve_failures(&self) -> u32 {
        self.reserve_hosts.min(self.domain_hosts())
    }

    /// How a failure of `kind` reaches the hosts; None when the cluster is
    /// not played through it (a site failure on one site, N+x with no host
    /// reserved). A device or disk group failure takes no host.
    pub fn reach(&self, kind: FailureKind) -> Option<HostReach> {
        let (hosts, domain_hosts) = (self.hosts, self.domain_hosts());
        let one_at_a_time = |hosts_left, domain_hosts_left| HostReach {
            failed_together: 1,
            hosts_left,
            domain_hosts_left,
        };
        match kind {
            FailureKind::CapacityDevice | FailureKind::DiskGroup => {
                Some(one_at_a_time(hosts, domain_hosts))
            }
            FailureKind::Host => Some(one_at_a_time(
                hosts.saturating_sub(1),
                domain_hosts.saturating_sub(1),
            )),
            FailureKind::Site => self.hosts_per_site.map(|per_site| {
                let hosts_left = hosts.saturating_sub(per_site);
                HostReach {
                    failed_together: per_site,
                    hosts_left,
                    domain_hosts_left: hosts_left,
                }
            }),
            FailureKind::ReserveHosts => {
                let x = self.reserve_failures();
                (x > 0).then(|| one_at_a_time(hosts - x, domain_hosts - x))
            }
        }
    }
}

/// One failure inside a host: what it takes, its label and its source.
#[derive(Debug, Clone, PartialEq)]
pub struct DeviceLoss {
    pub lost: Devices,
    pub label: String,
    pub source: &'static str,
}

/// Devices of one host that fail alike, for durability: how many, the
/// kind of event, the device class (its failure rate) and the raw capacity
/// one failure takes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DeviceFailures {
    pub event: EventKind,
    pub count: u32,
    pub device: DeviceKind,
    pub raw_gb_per_failure: f64,
}

/// One host's storage as failures reach it, whatever the architecture:
/// its devices and the worst failure of each kind inside it.
#[derive(Debug, Clone, PartialEq)]
pub struct Storage {
    /// Every device of one host (all hosts carry the same).
    pub host: Devices,
    /// The largest capacity device's failure.
    pub device: Option<DeviceLoss>,
    /// The largest disk group's failure (vSAN OSA only).
    pub disk_group: Option<DeviceLoss>,
    pub failures: Vec<DeviceFailures>,
}

impl Storage {
    /// vSAN OSA: disk groups, the same on every host. With
    /// dedup+compression on, a capacity device takes its disk group (seed 001).
    pub fn disk_groups(groups: &[ResolvedDiskGroup], dedup_active: bool) -> Self {
        let largest_group = groups.iter().max_by(|a, b| {
            Devices::resolved_group(a)
                .raw_gb
                .total_cmp(&Devices::resolved_group(b).raw_gb)
        });
        let largest_device = groups
            .iter()
            .max_by(|a, b| a.capacity.capacity_gb.total_cmp(&b.capacity.capacity_gb));
        let device = largest_device.map(|g| {
            if dedup_active {
                DeviceLoss {
                    lost: Devices::resolved_group(g),
                    label: format!(
                        "One capacity device ({}); with dedup+compression it takes its disk group",
                        g.capacity.id
                    ),
                    source: source::DEDUP_DEVICE_TAKES_DISK_GROUP,
                }
            } else {
                DeviceLoss {
                    lost: Devices::capacity_device(DeviceRating::of(g.capacity)),
                    label: format!("One capacity device ({})", g.capacity.id),
                    source: source::CAPACITY_DEVICE_FAILURE,
                }
            }
        });
        let disk_group = largest_group.map(|g| DeviceLoss {
            lost: Devices::resolved_group(g),
            label: format!("One disk group (its cache device {} fails)", g.cache.id),
            source: source::CACHE_DEVICE_TAKES_DISK_GROUP,
        });
        let failures = groups
            .iter()
            .flat_map(|g| {
                let group_raw_gb = g.capacity.capacity_gb * f64::from(g.capacity_device_count);
                [
                    DeviceFailures {
                        event: EventKind::CapacityDevice,
                        count: g.capacity_device_count,
                        device: g.capacity.kind,
                        raw_gb_per_failure: if dedup_active {
                            group_raw_gb
                        } else {
                            g.capacity.capacity_gb
                        },
                    },
                    DeviceFailures {
                        event: EventKind::CacheDevice,
                        count: 1,
                        device: g.cache.kind,
                        raw_gb_per_failure: group_raw_gb,
                    },
                ]
            })
            .collect();
        Storage {
            host: Devices::host(groups),
            device,
            disk_group,
            failures,
        }
    }

    /// vSAN ESA: one storage pool of `count` alike devices per host, no
    /// cache tier and no disk group, so a failed device takes only itself.
    pub fn pool(device: &Device, count: u32) -> Self {
        let one = Devices::capacity_device(DeviceRating::of(device));
        let mut host = one.times(count);
        host.hosts = 1;
        Storage {
            host,
            device: (count > 0).then(|| DeviceLoss {
                lost: one,
                label: format!("One NVMe device ({})", device.id),
                source: source::ESA_DEVICE_FAILURE,
            }),
            disk_group: None,
            failures: vec![DeviceFailures {
                event: EventKind::CapacityDevice,
                count,
                device: device.kind,
                raw_gb_per_failure: device.capacity_gb,
            }],
        }
    }
}

/// The cluster as `failures` needs it.
#[derive(Debug, Clone, Copy)]
pub struct Layout<'a> {
    pub storage: &'a Storage,
    pub hosts: HostLayout,
}

/// Every failure the cluster is played through, worst case of each kind:
/// the largest capacity device and the largest disk group; host failures
/// all in one site of a stretched cluster.
pub fn failures(layout: &Layout) -> Vec<Failure> {
    let hosts = &layout.hosts;
    let host = layout.storage.host;
    let total_raw = host.raw_gb * f64::from(hosts.hosts);
    let raw_share = |lost: &Devices| {
        if total_raw > 0.0 {
            (lost.raw_gb / total_raw).min(1.0)
        } else {
            0.0
        }
    };
    let mut out = Vec::new();
    let reach = |kind| hosts.reach(kind);
    let degraded = [
        (FailureKind::CapacityDevice, &layout.storage.device),
        (FailureKind::DiskGroup, &layout.storage.disk_group),
    ];
    for (kind, loss) in degraded {
        if let (Some(d), Some(reach)) = (loss, reach(kind)) {
            out.push(Failure {
                kind,
                label: d.label.clone(),
                data_share: raw_share(&d.lost),
                lost: d.lost,
                state: ComponentState::Degraded,
                reach,
                repair_delays: 0,
                source: d.source,
            });
        }
    }
    if let Some(reach) = reach(FailureKind::Host) {
        out.push(Failure {
            kind: FailureKind::Host,
            label: "One host".to_string(),
            data_share: raw_share(&host),
            lost: host,
            state: ComponentState::Absent,
            reach,
            repair_delays: 1,
            source: source::HOST_FAILURE,
        });
    }
    if let Some(reach) = reach(FailureKind::Site) {
        let per_site = reach.failed_together;
        let lost = host.times(per_site);
        out.push(Failure {
            kind: FailureKind::Site,
            label: format!("One site ({per_site} hosts)"),
            data_share: raw_share(&lost),
            lost,
            state: ComponentState::Absent,
            reach,
            repair_delays: 1,
            source: source::SITE_FAILURE,
        });
    }
    if let Some(reach) = reach(FailureKind::ReserveHosts) {
        let (x, domain_hosts) = (hosts.reserve_failures(), hosts.domain_hosts());
        // After each rebuild the domain's survivors share its data (one
        // copy's worth per site), so the k-th host to fail holds
        // 1 / (domain hosts - k) of it.
        let data_share = (0..x)
            .map(|k| 1.0 / f64::from(domain_hosts - k))
            .sum::<f64>()
            / f64::from(hosts.copies());
        out.push(Failure {
            kind: FailureKind::ReserveHosts,
            label: if x == 1 {
                "N+1: the one host reserved".to_string()
            } else {
                format!("N+{x}: {x} hosts, one after another, each rebuilt before the next")
            },
            lost: host.times(x),
            state: ComponentState::Absent,
            reach,
            data_share,
            repair_delays: x,
            source: source::RESERVE_HOSTS_FAILURE,
        });
    }
    out
}
