//! Front-end -> back-end IOPS, hybrid read-cache hits, device-limited cluster
//! IOPS and a latency estimate for a vSAN OSA cluster.
//!
//! The model, step by step (one module each; `cluster` runs them in order):
//! 1. Front-end I/O per workload from its spec, split by its read share
//!    (`demand::io`).
//! 2. Back-end I/O per storage policy (`back_end`): a read costs 1; a write
//!    costs FTT+1 writes on RAID-1, 4 I/Os on RAID-5 and 6 on RAID-6 (vSAN
//!    design guide; seed 001 gives the 3+1 and 4+2 layouts).
//!    Erasure-coded writes are read-modify-write: half of those I/Os read old
//!    data and parity, half write new data and parity.
//! 3. Where the I/O lands (`tier_load`). The cache tier takes every back-end
//!    write (it is the write buffer) and, on hybrid clusters, the read-cache
//!    hits (`read_cache`). The capacity tier serves read misses (every read
//!    on all-flash, whose cache device serves no reads), read-modify-write
//!    reads, and the destaged writes, counted one for one (no coalescing:
//!    conservative).
//! 4. Each tier's utilisation against its devices' rated IOPS gives the
//!    device-limited front-end IOPS at this workload mix under the
//!    utilisation ceiling, the headroom (limit / demand), and the devices'
//!    M/M/1 response (`device_queue`), which the latency model (`latency`,
//!    see `source::LATENCY_MODEL`) adds to vSAN's I/O path.
//! 5. The hosts' vSAN I/O path: every back-end I/O counted by its size
//!    (`latency::host_path_ios`) per host against vSAN's per-host maximum;
//!    its utilisation stretches the path time in the latency model and,
//!    under the same ceiling as the tiers', limits the front-end IOPS
//!    (`host_path`).
//!
//! The findings: the tiers' (`tier_findings`) and SQL Server's latency
//! limits (`latency_findings`). The growth timeline re-asks steps 3 and 4
//! of today's I/O grown year by year (`growth`).

pub mod back_end;
mod cluster;
pub mod device_queue;
pub mod growth;
pub mod host_path;
pub mod latency;
pub mod latency_findings;
pub mod read_cache;
pub mod tier_findings;
pub mod tier_load;

#[cfg(test)]
pub(crate) mod test_support;

pub use cluster::{
    assess_performance, assess_performance_and_growth, surviving_site_performance,
    ClusterPerformance, WorkloadPerformance,
};
