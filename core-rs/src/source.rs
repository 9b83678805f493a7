//! Where each rule comes from, so every figure and finding can say why.
//! A source that is our own modelling choice rather than a published rule
//! says "assumption" in its text.

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

// Protection

pub const RAID1_MIRROR: &str = "seed 000 §4.7: FTT+1 copies of each object; seed 001 Erasure Coding: RAID-1 FTT=1 2x, FTT=2 3x; VMware vSAN Design Guide: FTT=n mirroring needs 2n+1 hosts";
pub const RAID5_ERASURE: &str =
    "seed 001 Erasure Coding: RAID-5 is 3+1 (1.33x capacity) and requires four hosts at a minimum";
pub const RAID6_ERASURE: &str =
    "seed 001 Erasure Coding: RAID-6 is 4+2 (1.5x capacity) and requires at least six hosts";
pub const SPARE_HOST: &str = "VMware vSAN Design Guide: one host more than the policy's minimum, so components can rebuild after a host failure";
pub const CACHE_WRITES_PER_WRITE: &str = "VMware vSAN Design Guide: a mirrored write lands on FTT+1 devices; an erasure-coded write rewrites its data and parity blocks (RAID-5 2 writes + 2 reads, RAID-6 3 writes + 3 reads)";
pub const ERASURE_CODING_ALL_FLASH: &str =
    "VMware vSAN Design Guide: erasure coding (RAID-5/6) needs an all-flash cluster";

// Capacity waterfall

pub const ON_DISK_FORMAT: &str =
    "VMware vSAN Design Guide: on-disk format and file system overhead, about 1 % of raw capacity";
pub const DEDUP_METADATA: &str = "seed 001 Space Saving by Enabling Deduplication: ~630 GB of dedup/compression metadata on 12.8 TB raw (4.9 %); VMware vSAN Design Guide: about 5 % of raw";
pub const SLACK_SPACE: &str =
    "VMware vSAN Design Guide: keep 25-30 % free as slack space for rebalancing and rebuilds";
pub const HOST_REBUILD_RESERVE: &str = "VMware vSAN Design Guide: keep one host's capacity free per host failure to rebuild its components (N+x)";
pub const CAPACITY_ALERT: &str = "seed 002 Managing the Quota: act when vSAN space usage is above 80 %; VMware vSAN Design Guide: devices rebalance from 80 % full";

// Consumed capacity

pub const SQL_FOOTPRINT: &str = "seed 001 Database VM and Disk Layout: data + log + tempdb disks per SQL Server VM; an AlwaysOn AG replica holds a full copy (seed 000 §4.8)";
pub const EXCHANGE_FOOTPRINT: &str = "seed 003 Table 6: mailboxes x mailbox size x DAG database copies; no log or content-index allowance is added because no seed states one (assumption)";
pub const FILE_SERVER_FOOTPRINT: &str = "seed 002 VM Disk Layout: the file shares are shared disks of the file-server cluster, counted once";
pub const VM_GROUP_FOOTPRINT: &str = "VM count x disk per VM, as entered";
pub const GROWTH: &str =
    "annual growth compounded over settings.planning_horizon_years (seed 000 §12.2: plan for future data growth)";
pub const VM_SWAP: &str = "VMware vSAN Design Guide: each VM's swap object (configured memory minus reservation) is protected by its policy; thick before vSAN 6.7, thin from 6.7. Counted in full, with no memory reservation and no data reduction (conservative assumption)";
pub const DEDUP_RATIO_SQL: &str =
    "seed 001 Space Saving by Enabling Deduplication: 5,050 GB written -> 2,220 GB, ~2.27x for TPC-E-like OLTP under RAID-1";
pub const DEDUP_RATIO_ENTERED: &str = "entered by the user in settings.dedup_ratios";
pub const DEDUP_RATIO_UNPUBLISHED: &str = "assumption: no seed publishes a dedup/compression ratio for this workload kind, so 1.0 (no saving) until a measured ratio is entered";
pub const DEDUP_ERASURE_PARITY: &str = "assumption: data copies and erasure-coding data blocks shrink by the dedup ratio, parity blocks do not; reproduces seed 001's 1,900 GB under RAID-5 within 3 % (multiplying the savings predicts ~1,480 GB)";
pub const DEDUP_ALL_FLASH: &str = "VMware vSAN Design Guide: deduplication and compression run per disk group on all-flash clusters only";
pub const DEDUP_RESERVATION: &str = "VMware vSAN Design Guide: object space reservation (thick objects) is not reduced by deduplication and compression; 100 % reservation defeats it";

// Cache

pub const CACHE_TEN_PCT: &str = "VMware vSAN 6.5 documentation, Designing Flash Caching Devices: cache >= 10 % of the storage VMs will consume, not counting replicas (seed 000 §12.2 says 10 % of total storage capacity)";
pub const CACHE_WORKING_SET: &str =
    "seed 000 §12.2: for mostly random I/O the SSD cache should be at least two times the working set";
pub const CACHE_AVAILABILITY_GROUP: &str = "seed 000 §12.2: two times the primary and secondary database, e.g. 2 x 2 x 100 GB for a 100 GB AG database";
pub const WRITE_BUFFER_LIMIT: &str = "VMware vSAN Design Guide: an all-flash cache device buffers at most 600 GB of writes; a larger device adds endurance, not buffer";
pub const HYBRID_WRITE_BUFFER: &str =
    "VMware vSAN Design Guide: a hybrid cache device splits 70 % read cache / 30 % write buffer";
pub const FLASH_CLASSES: &str = "seed 000 §12.2: flash classes A 2,500-5,000, B 5,000-10,000, C 10,000-20,000, D 20,000-30,000, E 30,000+ writes/s; class E to 100,000 and F above from the VMware Compatibility Guide";
pub const DEVICE_WRITE_IOPS: &str =
    "the cache device's datasheet write IOPS (no flash class entered)";
pub const ENDURANCE_TBW: &str =
    "VMware vSAN Design Guide: endurance TBW = device size x DWPD x 365 x 5 years";
pub const CACHE_WRITE_LOAD: &str = "front-end writes x device writes per write of the policy x application copies (assumption: every AG replica and DAG copy applies every write), spread evenly over the cluster's disk groups";
pub const GENERIC_VM_IO_SIZE: &str =
    "assumption: VM groups carry no I/O size, so their writes are counted at 8 KB";
pub const MIXED_TIERS: &str =
    "VMware vSAN Design Guide: a cluster is either hybrid or all-flash; tiers cannot be mixed";
pub const CACHE_DEVICE_FLASH: &str =
    "VMware vSAN Design Guide: every disk group's cache device is flash";
pub const STRETCHED_NOT_MODELLED: &str =
    "VMware vSAN Stretched Cluster Guide: site mirroring keeps a full copy in each site";

// Performance

pub const BACK_END_IO: &str = "VMware vSAN Design Guide: a read costs 1 back-end I/O; a write costs FTT+1 writes (RAID-1), 4 I/Os (RAID-5 read-modify-write: 2 reads + 2 writes) or 6 (RAID-6: 3 + 3); seed 001 Erasure Coding: RAID-5 3+1, RAID-6 4+2, RAID-5 write latency 4.4 ms vs 1.7-2.1 ms mirrored";
pub const TYPICAL_HDD_IOPS: &str = "VMware vSAN Design Guide: typical random IOPS per spinning disk 7.2K ~80, 10K ~140, 15K ~180; flash from its datasheet";
pub const DEVICE_IOPS_CEILING: &str = "VMware vSAN Design Guide: device-limited IOPS = devices x rated IOPS, planned up to settings.device_utilisation_ceiling_pct";
pub const SQL_LATENCY: &str = "seed 000 §7.3: Microsoft's recommended average latency is < 5 ms for the transaction log and < 20 ms for data files (seed 001 repeats the 20 ms)";
pub const CACHE_MODEL: &str = "assumption: Che, Tung & Wang (2002) LRU approximation over a 70 % read-cache share (VMware vSAN Design Guide), reads uniform over each working set; misses go to the capacity devices";
pub const LATENCY_MODEL: &str = "assumption: M/M/1 response (service time / (1 - utilisation)) per device tier, service time from rated IOPS (HDD at queue depth 1, flash at 32), plus the 0.2 ms vSAN host round trip of seed 000 §9.3 or the inter-site RTT for stretched writes; an estimate, not a measurement";

// Compute

pub const SQL_CPU_RATIO: &str = "seed 000 §12.3: for performance-critical SQL Server VMs make sure CPU over-commitment is not the reason for any performance degradation; VMware, Architecting Microsoft SQL Server on VMware vSphere (public guide, which seed 001 follows): size tier-1 SQL Server at one vCPU per physical core, not per hyper-thread";
pub const EXCHANGE_CPU_RATIO: &str = "Microsoft Exchange Server virtualization requirements (public): at most 2 virtual processors per logical processor, 1:1 recommended";
pub const GENERAL_CPU_RATIO: &str = "assumption: 4 vCPUs per physical core for file servers and generic VMs; no seed or vendor guide states a ratio";
pub const VIRTUALIZATION_OVERHEAD: &str =
    "seed 000 §12.3: account for 8-15 % virtualization CPU overhead depending on the workload";
pub const HA_HOST_RESERVE: &str = "settings.reserve_hosts (N+x): vSphere HA admission control keeps that many hosts' CPU and memory free to restart VMs; seed 001 Site Failure: losing half the hosts took CPU from 36-47 % to 72-81 %";
pub const SQL_MEMORY_RESERVED: &str = "seed 000 §12.4: make sure memory over-commitment is not degrading performance-critical SQL Server VMs; with Lock Pages in Memory set the VM's reservation to its configured memory";
pub const VSAN_MEMORY_KB: &str = "VMware KB 2113954, vSAN memory consumption (vSAN 6.2/6.6): 5,426 MB per host + per disk group 636 MB + 8 MB (hybrid) or 14 MB (all-flash, first 600 GB) per GB of cache + 70 MB per capacity device";
pub const NUMA_MEMORY: &str = "seed 004 Compute and storage resources: allocate VM memory less than or equal to the local memory of its NUMA node";
pub const NUMA_VCPU: &str = "seed 000 §12.3: keep NUMA enabled and present it to SQL Server through vNUMA (cores per socket = 1); a VM wider than a socket spans NUMA nodes";

// iSCSI target service

pub const ISCSI_LIMITS: &str = "seed 002 Best Practices: no more than 16 targets and 128 LUNs in one vSAN cluster, and 128 sessions on each host";
pub const ISCSI_PATHS: &str = "seed 002 Best Practices: do not set the paths of each virtual disk above FTT+1, to limit the session number while keeping paths alive through a host failure";
pub const ISCSI_ONE_LUN_PER_TARGET: &str = "seed 002 Best Practices: for a mission-critical application use one target with one LUN mapping";
pub const ISCSI_MIN_HOSTS: &str = "seed 002 Solution Architecture: a minimum of four nodes for the vSAN cluster, to keep data protected and available during planned or unplanned downtime";
