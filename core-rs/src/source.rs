//! Where each rule comes from, so every figure and finding can say why.

/// Seed 000: SQL Server 2014 AlwaysOn on hybrid vSAN 6.1.
pub const SEED_000: &str = "seed 000: SQL Server 2014 AlwaysOn AG on hybrid vSAN 6.1";
/// Seed 001: SQL Server 2014 on all-flash vSAN 6.2.
pub const SEED_001: &str = "seed 001: SQL Server 2014 on all-flash vSAN 6.2";
/// Seed 002: SQL Server FCI on the vSAN 6.7 iSCSI target service.
pub const SEED_002: &str = "seed 002: SQL Server FCI on vSAN 6.7 iSCSI target service";
/// Seed 003: mixed SQL Server 2016 + Exchange 2016 on all-flash vSAN 6.7 U1.
pub const SEED_003: &str = "seed 003: SQL Server 2016 + Exchange 2016 on all-flash vSAN 6.7 U1";
/// Seed 004: SQL Server FCI stretch clusters on XtremIO behind VPLEX Metro.
pub const SEED_004: &str = "seed 004: SQL Server FCI on XtremIO behind VPLEX Metro";
/// VMware vSAN Design and Sizing Guide (public vendor guide).
pub const VSAN_DESIGN_GUIDE: &str = "VMware vSAN Design Guide (public)";
/// VMware vSAN Configuration Maximums (public vendor guide).
pub const VSAN_MAXIMUMS: &str = "VMware vSAN Configuration Maximums (public)";
/// Decimal vs binary units (IEC 80000-13).
pub const IEC_UNITS: &str = "IEC 80000-13 decimal (TB) vs binary (TiB) prefixes";
