//! A vSAN configuration short of its protections and host count, with
//! the per-host figures the scorer's checks read, taken from the catalog
//! parts as `evaluate` takes them from a project's devices.

use crate::demand::compute::usable_ram_per_host_gb;
use crate::demand::compute::vsan_memory::vsan_memory_gb;
use crate::limits::MAX_DISK_GROUPS_PER_HOST;
use crate::model::{Device, ResolvedDiskGroup, Settings, StorageTier};
use crate::platform::vsan_osa::cache::{rated_tbw, rated_writes_per_s};

use super::space::{Choices, Layout};

/// A vSAN configuration without its protections and host count: the host
/// model, disk-group layout, cache and capacity device, dedup, and the
/// per-host figures the checks need.
#[derive(Debug, Clone)]
pub struct Geometry {
    pub host: u16,
    pub cache: u16,
    pub capacity: u16,
    pub layout: Layout,
    pub dedup: bool,
    pub tier: StorageTier,
    /// Raw capacity of one host, summed per disk group as `raw_capacity` does.
    pub raw_per_host_gb: f64,
    pub cache_gb: f64,
    /// Summed per disk group as `assess_performance` does.
    pub cache_per_host_gb: f64,
    pub cache_rated_writes_per_s: f64,
    /// The cache device's rated TBW; None without a DWPD rating.
    pub cache_rated_tbw: Option<f64>,
    pub usable_ram_per_host_gb: f64,
    pub cores: u32,
    pub cache_read_iops: f64,
    pub cache_write_iops: f64,
    pub capacity_gb: f64,
    pub capacity_read_iops: f64,
    pub capacity_write_iops: f64,
    pub per_host: PerHost,
}

/// What one host offers, as reciprocals, so that a line's first guess at
/// its host count takes multiplications only.
#[derive(Debug, Clone, Copy)]
pub struct PerHost {
    pub datastore: f64,
    pub cache_gb: f64,
    pub cache_rated_writes: f64,
    pub cache_read_iops: f64,
    pub cache_write_iops: f64,
    pub capacity_read_iops: f64,
    pub capacity_write_iops: f64,
    pub cores: f64,
    pub usable_ram_gb: f64,
}

impl Geometry {
    pub fn new(
        choices: &Choices,
        (host, layout, cache, capacity): (usize, Layout, usize, usize),
        dedup: bool,
        settings: &Settings,
    ) -> Geometry {
        let h = &choices.hosts[host];
        let c = &choices.caches[cache].device;
        let k = &choices.capacities[capacity].device;
        let group = ResolvedDiskGroup {
            cache: c,
            capacity: k,
            capacity_device_count: layout.devices,
        };
        // On the stack: a search builds a geometry per catalog combination.
        let all_groups = [group; MAX_DISK_GROUPS_PER_HOST];
        let groups = &all_groups[..layout.groups as usize];
        let vsan_gb = vsan_memory_gb(groups);
        let raw_per_host_gb: f64 = groups
            .iter()
            .map(|g| g.capacity.capacity_gb * f64::from(g.capacity_device_count))
            .sum();
        let usable_ram_per_host_gb = usable_ram_per_host_gb(h.spec.ram_gb, vsan_gb);
        let cache_rated_writes_per_s = rated_writes_per_s(c);
        let metadata = if dedup {
            settings.dedup_metadata_overhead_pct
        } else {
            0.0
        };
        let per_group = f64::from(layout.groups);
        let devices = per_group * f64::from(layout.devices);
        let per_host = PerHost {
            datastore: 1.0
                / (raw_per_host_gb
                    * (1.0 - (settings.on_disk_format_overhead_pct + metadata) / 100.0)),
            cache_gb: 1.0 / (per_group * c.capacity_gb),
            cache_rated_writes: 1.0 / (per_group * cache_rated_writes_per_s),
            cache_read_iops: 1.0 / (per_group * c.read_iops),
            cache_write_iops: 1.0 / (per_group * c.write_iops),
            capacity_read_iops: 1.0 / (devices * k.read_iops),
            capacity_write_iops: 1.0 / (devices * k.write_iops),
            cores: 1.0 / f64::from(h.spec.cores()),
            usable_ram_gb: 1.0 / usable_ram_per_host_gb,
        };
        Geometry {
            host: host as u16,
            cache: cache as u16,
            capacity: capacity as u16,
            layout,
            dedup,
            tier: tier_of(k),
            raw_per_host_gb: groups
                .iter()
                .map(|g| g.capacity.capacity_gb * f64::from(g.capacity_device_count))
                .sum(),
            cache_gb: c.capacity_gb,
            cache_per_host_gb: groups.iter().map(|g| g.cache.capacity_gb).sum(),
            cache_rated_writes_per_s,
            cache_rated_tbw: c.endurance_dwpd.map(|dwpd| rated_tbw(c, dwpd)),
            usable_ram_per_host_gb,
            cores: h.spec.cores(),
            cache_read_iops: c.read_iops,
            cache_write_iops: c.write_iops,
            capacity_gb: k.capacity_gb,
            capacity_read_iops: k.read_iops,
            capacity_write_iops: k.write_iops,
            per_host,
        }
    }
}

/// The tier a capacity device makes: all-flash when it is flash.
pub fn tier_of(capacity: &Device) -> StorageTier {
    if capacity.kind.is_flash() {
        StorageTier::AllFlash
    } else {
        StorageTier::Hybrid
    }
}
