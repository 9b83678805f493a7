//! The project a user composes: inputs only, no computed figures; and its
//! parts as the sizing reads them (looked up by id, the storage tier their
//! devices make).

mod cluster;
mod device;
mod facts;
mod host;
mod id;
pub mod ids;
pub mod issue;
mod origin;
mod policy;
mod pricing;
mod project;
mod resolved;
mod scenario;
mod settings;
mod tier;
mod units;
mod vsan_esa;
mod workload;
mod xtremio_vplex;

pub use cluster::{Cluster, DiskGroup, Storage, Topology};
pub use device::{Device, DeviceKind, FlashClass};
pub use facts::{calendar_date, ProjectFacts, MAX_FACT_CHARS, MAX_NOTES_CHARS};
pub use host::HostSpec;
pub use id::Id;
pub use origin::{DesignOrigin, MAX_CUSTOMISATIONS};
pub use policy::{ProtectionMethod, StoragePolicy};
pub use pricing::{is_currency_code, ExchangeRate, ExtraLine, Pricing, DEFAULT_CURRENCY};
pub use project::{Project, SCHEMA_VERSION};
pub use resolved::ResolvedDiskGroup;
pub use scenario::{Scenario, MAX_SCENARIOS};
pub use settings::{DedupRatios, ResilienceSettings, Settings};
pub use tier::{mixes_tiers, storage_tier, StorageTier};
pub use units::Capacity;
pub use vsan_esa::{FreeSpaceModel, VsanEsa};
pub use workload::{CommitMode, SqlDeployment, Workload, WorkloadSpec};
pub use xtremio_vplex::{
    default_read_cache_hit_pct, ArrayDataReduction, VolumePlacement, VplexReplication,
    WorkloadVolumes, XtremioVplex,
};
