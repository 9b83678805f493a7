//! The hybrid read cache as one LRU cache shared by every workload, by
//! Che's approximation (see `source::CACHE_MODEL`): reads are spread
//! uniformly over each workload's working set, a block stays cached for a
//! characteristic time T, and T is the one at which the cached blocks fill
//! the cache. Hit ratio = 1 - exp(-reads per GB x T). One workload alone gets
//! cache / working set; hotter workloads keep more of theirs.
//!
//! Demands are (working set GB, read IOPS) per workload. A workload that
//! reads nothing hits 0; one that reads from an empty working set, 1.

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
/// Newton's method from below converges in a handful of steps on real
/// mixes; the bound only guards against a mix that would not.
const MAX_STEPS: usize = 200;

impl LruCache {
    /// Solves occupancy(T) = cache, where the occupancy is the sum of
    /// ws x (1 - exp(-d T)) over the workloads that compete for the cache,
    /// d a workload's reads per GB.
    ///
    /// Newton's method on phi(T) = -ln(1 - occupancy(T) / W), W the
    /// competing working sets' total, rather than on the occupancy: phi is
    /// concave and increasing, and exactly linear (d T) when every density
    /// is the same, so its first step from 0 lands on the root for the
    /// mix's mean density and a few more finish. From below the root a
    /// Newton step on a concave function stays below it (the tangent lies
    /// above the curve): the iteration rises to the root without
    /// overshooting, and stops where a step no longer moves T. The
    /// occupancy is summed from exp_m1 and phi taken by ln_1p, so a cache
    /// a few ulps of W still solves to its own size.
    pub(crate) fn solve(cache_gb: f64, demands: &[(f64, f64)]) -> Self {
        let reads = demands.iter().map(|&(_, r)| r.max(0.0)).sum();
        let competing = || demands.iter().filter(|&&(ws, r)| competes(ws, r));
        let (working_sets, competing_reads) =
            competing().fold((0.0, 0.0), |(gb, rd), &(ws, r)| (gb + ws, rd + r));
        if working_sets <= cache_gb {
            return LruCache {
                time: None,
                missed_reads: 0.0,
                reads,
            };
        }
        let phi = |occupied: f64| -(-occupied / working_sets).ln_1p();
        let phi_at_root = phi(cache_gb.max(0.0));
        // At T = 0 nothing is cached and every read misses; known without
        // an exponential (one of an infinite density would be 0 x inf).
        let (mut t, mut occupied, mut missed) = (0.0_f64, 0.0, competing_reads);
        for _ in 0..MAX_STEPS {
            // phi's gap over its slope, phi' = missed / uncached GB.
            let step = (phi_at_root - phi(occupied)) * (working_sets - occupied) / missed;
            // Not finite where every share underflowed: stop at the last T.
            if !(step.is_finite() && step > TOLERANCE * t) {
                break;
            }
            t += step;
            (occupied, missed) = competing().fold((0.0, 0.0), |(gb, rd), &(ws, r)| {
                let cached_share = -(-(r / ws) * t).exp_m1();
                (gb + ws * cached_share, rd + r * (1.0 - cached_share))
            });
        }
        LruCache {
            time: Some(t),
            missed_reads: missed,
            reads,
        }
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
