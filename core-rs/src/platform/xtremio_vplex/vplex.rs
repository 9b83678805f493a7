//! VPLEX in front of the arrays: how many front-end IOPS its engines carry
//! at a read/write mix, what it adds to latency, how far apart its sites may
//! be, and the system volumes it needs on each array.

use serde::Serialize;

use crate::model::issue::InputIssue;
use crate::model::VplexReplication;
use crate::source;

/// Seed 004 Table 11, 8 KB front-end IOPS per site: (engines, peak write
/// only, peak read only, peak 90:10, average 90:10).
const TABLE_11: [(u32, f64, f64, f64, f64); 3] = [
    (1, 35_000.0, 50_000.0, 45_000.0, 30_000.0),
    (2, 55_000.0, 100_000.0, 90_000.0, 60_000.0),
    (4, 100_000.0, 240_000.0, 180_000.0, 120_000.0),
];
/// The read share of Table 11's mixed column, in %.
const MIXED_READ_PCT: f64 = 90.0;
pub const DIRECTORS_PER_ENGINE: u32 = 2;

/// Seed 004 VPLEX performance: "about 1 to 1.6 ms" added to writes, "about
/// 1 ms on average" (Figure 15; the model's figures are means), and "about
/// 200 µs" to reads, with no WAN latency, at ~90 % VPLEX CPU.
pub const WRITE_ADDER_MS: f64 = 1.0;
pub const READ_ADDER_MS: f64 = 0.2;
/// Seed 004 (Table 16 notes): XtremIO's own 8 KB latency, 300-500 µs read
/// and 500-600 µs write; the upper ends.
pub const XTREMIO_READ_MS: f64 = 0.5;
pub const XTREMIO_WRITE_MS: f64 = 0.6;
/// Seed 004 VPLEX consistency groups: synchronous (Metro) <= 5 ms RTT,
/// asynchronous (Geo) <= 50 ms.
pub const METRO_MAX_RTT_MS: f64 = 5.0;
pub const GEO_MAX_RTT_MS: f64 = 50.0;
/// Seed 004 Logging volume: "A 10 GB logging volume can support 320 TB of
/// distributed storage"; at least 10 GB.
pub const LOGGING_VOLUME_GB: f64 = 10.0;
pub const LOGGING_VOLUME_COVERS_TB: f64 = 320.0;
/// Seed 004: two 80 GB meta volumes and two backups on each site's array.
pub const META_VOLUMES_PER_SITE: u32 = 4;
pub const META_VOLUME_GB: f64 = 80.0;
/// Seed 004 (Table 16 notes): VPLEX replicates in I/Os of about 32 KB.
pub const REPLICATION_IO_KB: f64 = 32.0;

/// The engine counts Table 11 has figures for.
pub fn engine_counts() -> [u32; 3] {
    TABLE_11.map(|row| row.0)
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct VplexLimit {
    pub engines: u32,
    pub directors: u32,
    pub read_pct: f64,
    /// Peak 8 KB front-end IOPS at this mix.
    pub frontend_iops_peak: f64,
    /// What it sustains on average (not constantly at its maximum).
    pub frontend_iops_average: f64,
    pub source: &'static str,
}

/// An engine count Table 11 has no row for, named by `path`.
pub fn check_engines(engines: u32, path: &str) -> Option<InputIssue> {
    (!engine_counts().contains(&engines)).then(|| {
        InputIssue::new(
            path,
            format!("must be 1, 2 or 4 VPLEX engines (got {engines})"),
        )
    })
}

/// A read share outside 0-100 %, named by `path`.
pub fn check_read_pct(read_pct: f64, path: &str) -> Option<InputIssue> {
    (!(0.0..=100.0).contains(&read_pct))
        .then(|| InputIssue::new(path, format!("must be between 0 and 100 (got {read_pct})")))
}

/// Front-end IOPS limits of `engines` engines at `read_pct` % reads, or
/// None for an engine count Table 11 has no row for (or a share outside
/// 0-100). Between Table 11's write-only, 90:10 and read-only points the time
/// per I/O is interpolated linearly (1 / IOPS): a mix costs the weighted
/// sum of its reads' and writes' costs. Average = peak x the 90:10 average /
/// peak ratio (2/3 for every engine count).
pub fn vplex_limit(engines: u32, read_pct: f64) -> Option<VplexLimit> {
    if !(0.0..=100.0).contains(&read_pct) {
        return None;
    }
    let &(_, write_only, read_only, mixed, average) =
        TABLE_11.iter().find(|row| row.0 == engines)?;
    let peak = if read_pct <= MIXED_READ_PCT {
        harmonic(write_only, mixed, read_pct / MIXED_READ_PCT)
    } else {
        harmonic(
            mixed,
            read_only,
            (read_pct - MIXED_READ_PCT) / (100.0 - MIXED_READ_PCT),
        )
    };
    Some(VplexLimit {
        engines,
        directors: engines * DIRECTORS_PER_ENGINE,
        read_pct,
        frontend_iops_peak: peak,
        frontend_iops_average: peak * average / mixed,
        source: source::VPLEX_FRONTEND_IOPS,
    })
}

/// IOPS at share `t` of the way from `a` to `b`, time per I/O linear.
fn harmonic(a: f64, b: f64, t: f64) -> f64 {
    1.0 / ((1.0 - t) / a + t / b)
}

/// Highest inter-site RTT the replication mode supports.
pub fn max_rtt_ms(replication: VplexReplication) -> f64 {
    match replication {
        VplexReplication::Metro => METRO_MAX_RTT_MS,
        VplexReplication::Geo => GEO_MAX_RTT_MS,
    }
}

/// The logging volume each site needs for `distributed_gb` of distributed
/// volumes: 10 GB per 320 TB begun, at least 10 GB.
pub fn logging_volume_gb(distributed_gb: f64) -> f64 {
    let volumes = (distributed_gb / (LOGGING_VOLUME_COVERS_TB * 1000.0))
        .ceil()
        .max(1.0);
    volumes * LOGGING_VOLUME_GB
}

pub fn meta_volumes_gb() -> f64 {
    f64::from(META_VOLUMES_PER_SITE) * META_VOLUME_GB
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn seed_004_table_11_points() {
        // Exact at every published point (8 KB front-end IOPS).
        for (engines, write_only, read_only, mixed, average) in TABLE_11 {
            let at = |pct| vplex_limit(engines, pct).expect("engines in table");
            assert!((at(0.0).frontend_iops_peak - write_only).abs() < 1e-6);
            assert!((at(100.0).frontend_iops_peak - read_only).abs() < 1e-6);
            assert!((at(90.0).frontend_iops_peak - mixed).abs() < 1e-6);
            assert!((at(90.0).frontend_iops_average - average).abs() < 1e-6);
            assert_eq!(at(90.0).directors, engines * 2);
        }
        // Seed 004: "one dual-engine VPLEX Metro setup can support a peak
        // workload of about 90,000 IOPS" at 8 KB 90:10.
        assert!((vplex_limit(2, 90.0).unwrap().frontend_iops_peak - 90_000.0).abs() < 1e-6);
    }

    #[test]
    fn between_points_time_per_io_mixes_linearly() {
        // Dual engine at 50 % reads: halfway (5/9) from 55k to 90k in time.
        let t: f64 = 50.0 / 90.0;
        let expected = 1.0 / ((1.0 - t) / 55_000.0 + t / 90_000.0);
        let got = vplex_limit(2, 50.0).unwrap().frontend_iops_peak;
        assert!((got - expected).abs() < 1e-6);
        assert!(got > 55_000.0 && got < 90_000.0);
    }

    #[test]
    fn three_engines_and_bad_shares_have_no_figure() {
        assert_eq!(vplex_limit(3, 90.0), None);
        assert_eq!(vplex_limit(2, 100.5), None);
        let engines = check_engines(3, "--engines").expect("3 engines");
        assert_eq!(
            engines.message,
            "--engines must be 1, 2 or 4 VPLEX engines (got 3)"
        );
        let share = check_read_pct(101.0, "--read-pct").expect("101 %");
        assert_eq!(
            share.message,
            "--read-pct must be between 0 and 100 (got 101)"
        );
        assert!(check_read_pct(f64::NAN, "r").is_some());
        assert!(check_engines(4, "e").is_none() && check_read_pct(0.0, "r").is_none());
    }

    #[test]
    fn seed_004_system_volumes() {
        // 10 GB per 320 TB distributed (at least one), 4 x 80 GB meta.
        assert_eq!(logging_volume_gb(0.0), 10.0);
        assert_eq!(logging_volume_gb(320_000.0), 10.0);
        assert_eq!(logging_volume_gb(320_001.0), 20.0);
        assert_eq!(meta_volumes_gb(), 320.0);
        assert_eq!(max_rtt_ms(VplexReplication::Metro), 5.0);
        assert_eq!(max_rtt_ms(VplexReplication::Geo), 50.0);
    }

    proptest! {
        #[test]
        fn more_reads_never_lower_the_limit(a in 0.0..=100.0f64, b in 0.0..=100.0f64, e in 0usize..3) {
            let engines = engine_counts()[e];
            let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
            let (p, q) = (vplex_limit(engines, lo).unwrap(), vplex_limit(engines, hi).unwrap());
            prop_assert!(q.frontend_iops_peak >= p.frontend_iops_peak - 1e-6);
            prop_assert!(q.frontend_iops_average <= q.frontend_iops_peak);
            prop_assert!(q.frontend_iops_peak.is_finite());
        }
    }
}
