//! The hybrid read cache as one LRU cache shared by every workload, by
//! Che's approximation (see `source::CACHE_MODEL`): reads are spread
//! uniformly over each workload's working set, a block stays cached for a
//! characteristic time T, and T is the one at which the cached blocks fill
//! the cache. Hit ratio = 1 - exp(-reads per GB x T). One workload alone gets
//! cache / working set; hotter workloads keep more of theirs.
//!
//! Demands are (working set GB, read IOPS) per workload. A workload that
//! reads nothing hits 0; one that reads from an empty working set, 1.
//!
//! The cache's size: its share of every host's cache devices.

use crate::model::ResolvedDiskGroup;

/// Hybrid cache devices split 70 % read cache / 30 % write buffer (vSAN design guide).
pub const HYBRID_READ_CACHE_SHARE: f64 = 0.7;

/// The hybrid read cache: 70 % of every host's cache devices; none on all-flash.
pub(super) fn read_cache_gb(disk_groups: &[ResolvedDiskGroup], hosts: u32, hybrid: bool) -> f64 {
    if hybrid {
        let cache_per_host: f64 = disk_groups.iter().map(|g| g.cache.capacity_gb).sum();
        hybrid_read_cache_gb(cache_per_host, hosts)
    } else {
        0.0
    }
}

/// A hybrid cluster's read cache: its share of every host's cache devices.
#[inline]
pub fn hybrid_read_cache_gb(cache_per_host_gb: f64, hosts: u32) -> f64 {
    cache_per_host_gb * f64::from(hosts) * HYBRID_READ_CACHE_SHARE
}

/// Solved state of one cache against one workload mix.
pub(crate) struct LruCache {
    /// Characteristic time in seconds; None when every working set that is
    /// read fits, so every read hits.
    time: Option<f64>,
    /// Reads per second that miss, summed over the workloads: the uncached
    /// GB's rate of fall at the solved time, which is exactly that sum.
    missed_reads: f64,
    /// Every demand's reads per second.
    reads: f64,
}

/// Relative step at which the solve stops.
const TOLERANCE: f64 = 1e-12;
/// Newton's method converges in a handful of steps on real mixes; the
/// bound only guards against a mix that would not.
const MAX_STEPS: usize = 200;

impl LruCache {
    /// The solve from T = 0, for a mix with no earlier solve to start from.
    pub(crate) fn solve(cache_gb: f64, demands: &[(f64, f64)]) -> Self {
        Self::solve_from(0.0, cache_gb, demands.iter().copied())
    }

    /// Solves occupancy(T) = cache, where the occupancy is the sum of
    /// ws x (1 - exp(-d T)) over the workloads that compete for the cache,
    /// d a workload's reads per GB, starting from `start`: the T of an
    /// earlier solve of a similar mix (the growth timeline's last year and
    /// host count), or 0.
    ///
    /// Newton's method on phi(T) = -ln(1 - occupancy(T) / W), W the
    /// competing working sets' total, rather than on the occupancy: phi is
    /// concave and increasing, and exactly linear (d T) when every density
    /// is the same, so its first step from 0 lands on the root for the
    /// mix's mean density. The tangent of a concave function lies above
    /// it, so a step from below the root stays below it and a step from
    /// above lands at or below it (no lower than 0): from any start the
    /// iteration rises to the root without overshooting after at most one
    /// step down, and stops where a step no longer moves T. The occupancy
    /// is summed from exp_m1 and phi taken by ln_1p, so a cache a few ulps
    /// of W still solves to its own size.
    pub(crate) fn solve_from<D>(start: f64, cache_gb: f64, demands: D) -> Self
    where
        D: Iterator<Item = (f64, f64)> + Clone,
    {
        let (mut reads, mut working_sets, mut competing_reads) = (0.0, 0.0, 0.0);
        for (ws, r) in demands.clone() {
            reads += r.max(0.0);
            if competes(ws, r) {
                working_sets += ws;
                competing_reads += r;
            }
        }
        if working_sets <= cache_gb {
            return LruCache {
                time: None,
                missed_reads: 0.0,
                reads,
            };
        }
        let occupancy = |t: f64| {
            // At T = 0 nothing is cached and every read misses; known
            // without an exponential (one of an infinite density would be
            // 0 x inf).
            if t == 0.0 {
                return (0.0, competing_reads);
            }
            demands.clone().filter(|&(ws, r)| competes(ws, r)).fold(
                (0.0, 0.0),
                |(gb, missed), (ws, r)| {
                    let uncached_share_m1 = (-(r / ws) * t).exp_m1();
                    (
                        gb - ws * uncached_share_m1,
                        missed + r * (1.0 + uncached_share_m1),
                    )
                },
            )
        };
        let phi = |cached_gb: f64| -(-cached_gb / working_sets).ln_1p();
        let phi_at_root = phi(cache_gb.max(0.0));
        let mut t = start.max(0.0);
        let (mut cached_gb, mut missed) = occupancy(t);
        // A start so far past the root that every working set is cached
        // (to rounding) leaves phi no finite slope: such a solve starts at 0.
        if !(cached_gb < working_sets && missed > 0.0) {
            t = 0.0;
            (cached_gb, missed) = occupancy(t);
        }
        for _ in 0..MAX_STEPS {
            // phi's gap over its slope, phi' = missed / uncached GB.
            let step = (phi_at_root - phi(cached_gb)) * (working_sets - cached_gb) / missed;
            // Not finite where every share underflowed: stop at the last T.
            if !step.is_finite() || step.abs() <= TOLERANCE * t {
                break;
            }
            t = (t + step).max(0.0);
            (cached_gb, missed) = occupancy(t);
        }
        LruCache {
            time: Some(t),
            missed_reads: missed,
            reads,
        }
    }

    /// The characteristic time, where a later solve of a similar mix
    /// starts; None when every working set fits.
    pub(crate) fn time(&self) -> Option<f64> {
        self.time
    }

    /// A demand's hit ratio at the solved time.
    pub(crate) fn hit_ratio(&self, working_set_gb: f64, read_iops: f64) -> f64 {
        if read_iops <= 0.0 {
            return 0.0;
        }
        match self.time {
            Some(t) if working_set_gb > 0.0 && t > 0.0 => {
                -(-(read_iops / working_set_gb) * t).exp_m1()
            }
            // A cache of 0 GB against working sets that are read.
            Some(_) if working_set_gb > 0.0 => 0.0,
            _ => 1.0,
        }
    }

    /// Read IOPS the cache serves and those that miss to the capacity tier,
    /// over the whole mix, without a hit ratio per workload.
    pub(crate) fn read_split(&self) -> (f64, f64) {
        (self.reads - self.missed_reads, self.missed_reads)
    }
}

/// Whether a workload takes a share of the cache: it reads, from a working set.
fn competes(working_set_gb: f64, read_iops: f64) -> bool {
    working_set_gb > 0.0 && read_iops > 0.0
}

#[cfg(test)]
mod tests;
