//! The mean latency a guest sees for one vSAN OSA read or write, from what
//! the I/O passes through (`source::LATENCY_MODEL`):
//!
//! - **vSAN's I/O path**: the virtual disk, vSAN's client and owner and the
//!   component's log on the cache device take a fixed time per read and per
//!   write. The one fitted point of the model: seed 001 Table 7's RAID-1 run
//!   without dedup or checksum (1.0 ms read, 1.7 ms write at 17,014 IOPS),
//!   less the host round trip and the devices' response at that load.
//! - **the network**: one round trip between hosts per phase (0.2 ms, seed
//!   000 §9.3); a stretched cluster's writes also pay the fitted inter-site
//!   penalty (`stretched::latency`).
//! - **the devices**: an M/M/1 queue per device, response = service /
//!   (1 - utilisation), the tier's utilisation from the back-end I/O the
//!   design routes to it (see `TierLoad`).
//! - **checksum and dedup**: what seed 001 Table 7 measured them to add
//!   (rows 2 and 3 against row 1).
//! - **erasure coding**: a RAID-5/6 write reads old data and parity before it
//!   writes (read-modify-write): a read phase, then a write phase.
//!
//! Predictions, not fits, against every other published latency: seed 001's
//! RAID-1 and RAID-5 writes with dedup on, seed 000's log write, seed 003's
//! SQL Server write (`tests/seeds.rs`, `docs/fidelity.md`).

use super::TierLoad;

/// vSAN OSA's I/O path per read, less the host round trip and the device:
/// seed 001 Table 7 row 1 (RAID-1, no dedup, no checksum) measured 1.0 ms;
/// 1.0 - 0.2 ms round trip - 0.013 ms capacity-device response at 1.2 %
/// utilisation. Fitted.
pub const OSA_READ_PATH_MS: f64 = 0.787;

/// The same per write: 1.7 ms measured - 0.2 ms - 0.034 ms cache-device
/// response at 1.4 % utilisation. Fitted on the same run as the read.
pub const OSA_WRITE_PATH_MS: f64 = 1.466;

/// Seed 001 Table 7: checksum on (row 2) against off (row 1), dedup off,
/// RAID-1: reads 1.0 -> 1.1 ms, writes 1.7 -> 2.1 ms.
pub const CHECKSUM_READ_MS: f64 = 0.1;
pub const CHECKSUM_WRITE_MS: f64 = 0.4;

/// Seed 001 Table 7: dedup and compression on (row 3) against off (row 2),
/// checksum on, RAID-1: reads 1.1 -> 1.6 ms, paid by every read the capacity
/// tier serves (its data is deduplicated and compressed). Writes 2.1 ->
/// 1.9 ms: no cost, as vSAN OSA deduplicates when it destages from the
/// write buffer, after the guest's write is acknowledged (seed 001:
/// "Near-line deduplication and compression happens during destaging");
/// the 0.2 ms drop is taken as the runs' spread.
pub const DEDUP_READ_MS: f64 = 0.5;

/// What a policy and the cluster add to each I/O beyond the path and devices.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DataServices {
    pub checksum: bool,
    /// Dedup and compression in effect (all-flash only).
    pub dedup: bool,
}

impl DataServices {
    fn read_ms(self) -> f64 {
        if self.checksum {
            CHECKSUM_READ_MS
        } else {
            0.0
        }
    }

    fn write_ms(self) -> f64 {
        if self.checksum {
            CHECKSUM_WRITE_MS
        } else {
            0.0
        }
    }

    fn capacity_read_ms(self) -> f64 {
        if self.dedup {
            DEDUP_READ_MS
        } else {
            0.0
        }
    }
}

/// The M/M/1 response times of the two tiers at their loads, worked out
/// once per mix: every workload's latency weighs the same few.
pub(crate) struct TierResponses {
    cache_read_ms: Option<f64>,
    cache_write_ms: Option<f64>,
    capacity_read_ms: Option<f64>,
    host_rtt_ms: f64,
}

impl TierResponses {
    pub(crate) fn of(cache: &TierLoad, capacity: &TierLoad, host_rtt_ms: f64) -> Self {
        TierResponses {
            cache_read_ms: cache.read_response_ms(),
            cache_write_ms: cache.write_response_ms(),
            capacity_read_ms: capacity.read_response_ms(),
            host_rtt_ms,
        }
    }

    /// The path, a round trip, then a read cache hit (share `hit`) or a
    /// capacity-tier read, which pays dedup's cost.
    pub(crate) fn read_latency_ms(&self, hit: f64, services: DataServices) -> Option<f64> {
        let from_cache = weighted(hit, self.cache_read_ms)?;
        let from_capacity = weighted(
            1.0 - hit,
            self.capacity_read_ms
                .map(|r| r + services.capacity_read_ms()),
        )?;
        Some(OSA_READ_PATH_MS + self.host_rtt_ms + services.read_ms() + from_cache + from_capacity)
    }

    /// The path, the write round trip (`write_rtt_ms`: inter-site on a
    /// stretched cluster), the write into the replicas' cache devices; an
    /// erasure-coded write first reads old data and parity from the
    /// capacity tier, a whole read phase with its own path and round trip.
    pub(crate) fn write_latency_ms(
        &self,
        write_rtt_ms: f64,
        read_modify_write: bool,
        services: DataServices,
    ) -> Option<f64> {
        let write_phase =
            OSA_WRITE_PATH_MS + write_rtt_ms + services.write_ms() + self.cache_write_ms?;
        let read_phase = if read_modify_write {
            self.read_latency_ms(0.0, services)?
        } else {
            0.0
        };
        Some(read_phase + write_phase)
    }
}

/// weight x latency; a tier that takes no share adds nothing, saturated or not.
fn weighted(weight: f64, latency_ms: Option<f64>) -> Option<f64> {
    if weight > 0.0 {
        latency_ms.map(|l| weight * l)
    } else {
        Some(0.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn responses() -> TierResponses {
        TierResponses {
            cache_read_ms: Some(0.01),
            cache_write_ms: Some(0.03),
            capacity_read_ms: Some(0.02),
            host_rtt_ms: 0.2,
        }
    }

    const PLAIN: DataServices = DataServices {
        checksum: false,
        dedup: false,
    };

    #[test]
    fn a_read_is_the_path_a_round_trip_and_the_device_it_lands_on() {
        let r = responses();
        let miss = r.read_latency_ms(0.0, PLAIN).unwrap();
        assert!((miss - (OSA_READ_PATH_MS + 0.2 + 0.02)).abs() < 1e-12);
        let half = r.read_latency_ms(0.5, PLAIN).unwrap();
        assert!((half - (OSA_READ_PATH_MS + 0.2 + 0.015)).abs() < 1e-12);
    }

    #[test]
    fn dedup_slows_capacity_reads_only_and_checksum_every_io() {
        let r = responses();
        let dedup = DataServices {
            checksum: false,
            dedup: true,
        };
        let hit = r.read_latency_ms(1.0, PLAIN).unwrap();
        assert_eq!(r.read_latency_ms(1.0, dedup), Some(hit));
        let miss = r.read_latency_ms(0.0, PLAIN).unwrap();
        assert!((r.read_latency_ms(0.0, dedup).unwrap() - miss - DEDUP_READ_MS).abs() < 1e-12);
        assert_eq!(
            r.write_latency_ms(0.2, false, dedup),
            r.write_latency_ms(0.2, false, PLAIN)
        );
        let checksum = DataServices {
            checksum: true,
            dedup: false,
        };
        let write = r.write_latency_ms(0.2, false, PLAIN).unwrap();
        let summed = r.write_latency_ms(0.2, false, checksum).unwrap();
        assert!((summed - write - CHECKSUM_WRITE_MS).abs() < 1e-12);
    }

    #[test]
    fn read_modify_write_is_a_read_phase_then_a_write_phase() {
        let r = responses();
        let mirrored = r.write_latency_ms(1.2, false, PLAIN).unwrap();
        let erasure = r.write_latency_ms(1.2, true, PLAIN).unwrap();
        let read_phase = r.read_latency_ms(0.0, PLAIN).unwrap();
        assert!((erasure - mirrored - read_phase).abs() < 1e-12);
        // A saturated tier leaves the I/O that needs it without a bound.
        let saturated = TierResponses {
            capacity_read_ms: None,
            ..responses()
        };
        assert_eq!(saturated.write_latency_ms(0.2, true, PLAIN), None);
        assert!(saturated.write_latency_ms(0.2, false, PLAIN).is_some());
    }
}
