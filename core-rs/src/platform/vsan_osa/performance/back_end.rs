//! Step 2 of the model: what the devices do for one front-end I/O under a
//! storage policy. A read costs one back-end read; a write costs its
//! policy's copies or read-modify-write, in every site that keeps a copy.

use serde::Serialize;

use crate::demand::io::FrontEndIo;
use crate::demand::placement::PlacedWorkload;
use crate::model::{ProtectionMethod, StoragePolicy};
use crate::source;

/// Back-end I/Os one front-end write costs under a policy, split by what
/// the devices do.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct WriteCost {
    /// Old data and parity read back (erasure coding only).
    pub reads: f64,
    /// Data and parity (or mirror copies) written.
    pub writes: f64,
}

impl WriteCost {
    pub fn total(self) -> f64 {
        self.reads + self.writes
    }
}

/// RAID-1: FTT+1 writes. RAID-5 (3+1): read old data and parity, write new
/// data and parity = 4. RAID-6 (4+2): read data, P and Q, write all three = 6.
/// (VMware vSAN design guide; layouts from seed 001 Erasure Coding.)
pub fn write_cost(policy: &StoragePolicy) -> WriteCost {
    match policy.method {
        ProtectionMethod::Raid1 => WriteCost {
            reads: 0.0,
            writes: f64::from(policy.ftt) + 1.0,
        },
        ProtectionMethod::Raid5 => WriteCost {
            reads: 2.0,
            writes: 2.0,
        },
        ProtectionMethod::Raid6 => WriteCost {
            reads: 3.0,
            writes: 3.0,
        },
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct BackEndIo {
    /// Front-end reads, one back-end read each.
    pub read_iops: f64,
    /// Every back-end I/O front-end writes cause (including read-modify-write reads).
    pub write_iops: f64,
    pub total_iops: f64,
    /// Back-end I/Os per front-end write.
    pub write_cost: f64,
    pub source: &'static str,
}

impl WriteCost {
    /// The same cost paid in each of `sites` sites (site mirroring).
    fn in_sites(self, sites: u32) -> Self {
        let n = f64::from(sites);
        WriteCost {
            reads: self.reads * n,
            writes: self.writes * n,
        }
    }
}

/// A placed workload's write cost: its policy's, in every site keeping a
/// copy (a site-mirrored write is applied in both sites).
pub fn placed_write_cost(w: &PlacedWorkload) -> WriteCost {
    write_cost(w.policy).in_sites(w.protection().site_copies)
}

pub fn back_end_io(front_end: FrontEndIo, policy: &StoragePolicy) -> BackEndIo {
    back_end_io_at(front_end, write_cost(policy))
}

pub(super) fn back_end_io_at(front_end: FrontEndIo, cost: WriteCost) -> BackEndIo {
    let cost = cost.total();
    let write_iops = front_end.write_iops * cost;
    BackEndIo {
        read_iops: front_end.read_iops,
        write_iops,
        total_iops: front_end.read_iops + write_iops,
        write_cost: cost,
        source: source::BACK_END_IO,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::demand::io::front_end_io;
    use crate::platform::vsan_osa::performance::test_support::{
        any_policy, exchange, policy, raid1,
    };
    use proptest::prelude::*;

    #[test]
    fn write_costs_per_policy() {
        // vSAN design guide, layouts from seed 001 Erasure Coding: RAID-1
        // writes FTT+1 copies; RAID-5 (3+1) and RAID-6 (4+2) read-modify-write.
        for ftt in 0..=3 {
            let cost = write_cost(&policy(ProtectionMethod::Raid1, ftt));
            assert_eq!((cost.reads, cost.writes), (0.0, f64::from(ftt + 1)));
        }
        let raid5 = write_cost(&policy(ProtectionMethod::Raid5, 1));
        assert_eq!((raid5.reads, raid5.writes, raid5.total()), (2.0, 2.0, 4.0));
        let raid6 = write_cost(&policy(ProtectionMethod::Raid6, 2));
        assert_eq!((raid6.reads, raid6.writes, raid6.total()), (3.0, 3.0, 6.0));
    }

    #[test]
    fn seed_003_exchange_back_end_iops_per_policy() {
        // Seed 003 Table 6: 16,000 mailboxes x 1.0 IOPS, Jetstress 70/30.
        // Exact: 11,200 reads + 4,800 writes front-end.
        let fe = front_end_io(&exchange(16_000, 1.0));
        assert_eq!(
            (fe.read_iops, fe.write_iops, fe.total_iops),
            (11_200.0, 4_800.0, 16_000.0)
        );
        // RAID-1 FTT=1: 11,200 + 4,800 x 2 = 20,800.
        assert_eq!(back_end_io(fe, &raid1()).total_iops, 20_800.0);
        // RAID-5: 11,200 + 4,800 x 4 = 30,400.
        let raid5 = back_end_io(fe, &policy(ProtectionMethod::Raid5, 1));
        assert_eq!((raid5.write_iops, raid5.total_iops), (19_200.0, 30_400.0));
        // RAID-6: 11,200 + 4,800 x 6 = 40,000.
        assert_eq!(
            back_end_io(fe, &policy(ProtectionMethod::Raid6, 2)).total_iops,
            40_000.0
        );
    }

    proptest! {
        #[test]
        fn back_end_is_at_least_front_end(
            iops in 0.0..1e7f64,
            read_pct in 0.0..=100.0f64,
            p in any_policy(),
        ) {
            let fe = FrontEndIo::split(iops, read_pct);
            let be = back_end_io(fe, &p);
            prop_assert!(be.total_iops >= fe.total_iops - 1e-6 * fe.total_iops);
        }

        #[test]
        fn raid6_costs_at_least_raid5_at_least_mirroring(
            iops in 0.0..1e7f64,
            read_pct in 0.0..=100.0f64,
        ) {
            let fe = FrontEndIo::split(iops, read_pct);
            let r1 = back_end_io(fe, &raid1()).total_iops;
            let r5 = back_end_io(fe, &policy(ProtectionMethod::Raid5, 1)).total_iops;
            let r6 = back_end_io(fe, &policy(ProtectionMethod::Raid6, 2)).total_iops;
            prop_assert!(r6 >= r5 && r5 >= r1);
        }
    }
}
