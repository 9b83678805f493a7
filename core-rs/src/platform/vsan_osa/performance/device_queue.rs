//! One device as a queue: the time an I/O occupies it, from its rated IOPS,
//! and its mean response at a utilisation (M/M/1). The tiers' responses
//! (`tier_load`) and the latency model (`latency`) are built on these.

/// Flash datasheets quote random IOPS at a deep queue; 32 outstanding I/Os is
/// the usual figure for SAS/SATA SSDs. The device then runs flat out, so its
/// service time is 1 / rated IOPS, and by Little's law an I/O at the
/// datasheet's point takes queue depth / IOPS: where an M/M/1 queue holding
/// 32 I/Os is (utilisation 32/33). Spinning disks are rated at queue depth 1.
pub const FLASH_DATASHEET_QUEUE_DEPTH: f64 = 32.0;

/// Mean response time of an M/M/1 queue: service time / (1 - utilisation).
/// None once the device is saturated (utilisation >= 1): the queue grows
/// without bound.
pub fn mm1_response_ms(service_ms: f64, utilisation: f64) -> Option<f64> {
    (utilisation < 1.0).then(|| service_ms / (1.0 - utilisation))
}

/// Time one random I/O occupies a device, from its rated IOPS: 1 / IOPS, the
/// rate it sustains flat out (spinning disks at queue depth 1, flash at the
/// datasheet's queue depth, see `FLASH_DATASHEET_QUEUE_DEPTH`).
pub fn device_service_ms(rated_iops: f64) -> Option<f64> {
    (rated_iops > 0.0).then(|| 1000.0 / rated_iops)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn service_time_from_rated_iops() {
        // A 10K disk at ~140 IOPS (queue depth 1) takes 1/140 s = 7.14 ms.
        let hdd = device_service_ms(140.0).unwrap();
        assert!((hdd - 1000.0 / 140.0).abs() < 1e-12);
        // Flash rated 64,000 IOPS: 1 / 64,000 s = 0.0156 ms of device time.
        assert_eq!(device_service_ms(64_000.0), Some(1000.0 / 64_000.0));
        assert_eq!(device_service_ms(0.0), None);
        // At the datasheet's 32 outstanding I/Os the M/M/1 queue is at
        // utilisation 32/33 and an I/O takes about 32 / IOPS (Little's law).
        let u = FLASH_DATASHEET_QUEUE_DEPTH / (FLASH_DATASHEET_QUEUE_DEPTH + 1.0);
        let at_datasheet = mm1_response_ms(1000.0 / 64_000.0, u).unwrap();
        assert!((at_datasheet - 33.0 * 1000.0 / 64_000.0).abs() < 1e-9);
    }

    #[test]
    fn mm1_response_grows_with_utilisation() {
        assert_eq!(mm1_response_ms(2.0, 0.0), Some(2.0));
        assert_eq!(mm1_response_ms(2.0, 0.5), Some(4.0));
        assert!((mm1_response_ms(2.0, 0.8).unwrap() - 10.0).abs() < 1e-12);
        assert_eq!(mm1_response_ms(2.0, 1.0), None);
    }
}
