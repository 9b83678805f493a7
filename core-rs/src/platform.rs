//! The rules of each storage platform: vSAN OSA (hybrid and all-flash disk
//! groups), vSAN ESA (single-tier pools), the vSAN iSCSI target service
//! both run, XtremIO behind VPLEX Metro, and what two sites add to either
//! (stretched vSAN, VPLEX Metro: site failure, witness, round trip).

pub mod two_sites;
pub mod vsan_esa;
pub mod vsan_iscsi;
pub mod vsan_osa;
pub mod xtremio_vplex;
