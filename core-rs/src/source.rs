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
pub const POLICIES_CHECKED_BY_RULE: &str = "assumption: every check of a policy on a cluster (minimum hosts, erasure coding on hybrid, failure scenarios, durability) reads only its protection method and FTT, so a cluster without workloads in a project of more than 16 policies is checked once per rule, named by its first policy";
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
pub const GROWTH_TIMELINE: &str = "year-by-year timeline: data grows at each workload's annual_growth_pct compounded per year (seed 000 §12.2: plan for future data growth); assumption: front-end IOPS and the hybrid read cache's working sets grow at the same rate (constant I/O density per GB; the cache rule already sizes 2x the working set at the horizon) while VM count, vCPUs and RAM stay as entered; hosts to add keep the same host shape and storage per host, one per data site at a time, up to the VMware vSAN Configuration Maximums of 64 hosts";
pub const VM_SWAP: &str = "VMware vSAN Design Guide: each VM's swap object (configured memory minus reservation) is protected by its policy; thick before vSAN 6.7, thin from 6.7. Counted as configured memory minus the workload's memory reservation per VM (none unless given), thick, with no data reduction (conservative assumption)";
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

// Performance

pub const BACK_END_IO: &str = "VMware vSAN Design Guide: a read costs 1 back-end I/O; a write costs FTT+1 writes (RAID-1), 4 I/Os (RAID-5 read-modify-write: 2 reads + 2 writes) or 6 (RAID-6: 3 + 3); seed 001 Erasure Coding: RAID-5 3+1, RAID-6 4+2, RAID-5 write latency 4.4 ms vs 1.7-2.1 ms mirrored";
pub const TYPICAL_HDD_IOPS: &str = "VMware vSAN Design Guide: typical random IOPS per spinning disk 7.2K ~80, 10K ~140, 15K ~180; flash from its datasheet";
pub const DEVICE_IOPS_CEILING: &str = "VMware vSAN Design Guide: device-limited IOPS = devices x rated IOPS, planned up to settings.device_utilisation_ceiling_pct";
pub const HOST_PATH_IOPS: &str = "seed 001 (vSAN 6.2): 'up to 100K IOPS per node', each host's vSAN I/O path taken as a queue of that capacity (assumption: counted in 8 KB back-end I/Os, larger I/Os by size), planned up to settings.device_utilisation_ceiling_pct like the devices: at 100 % its latency has no bound (latency model)";
pub const SQL_LATENCY: &str = "seed 000 §7.3: Microsoft's recommended average latency is < 5 ms for the transaction log and < 20 ms for data files (seed 001 repeats the 20 ms)";
pub const CACHE_MODEL: &str = "assumption: Che, Tung & Wang (2002) LRU approximation over a 70 % read-cache share (VMware vSAN Design Guide), reads uniform over each working set; misses go to the capacity devices";
pub const LATENCY_MODEL: &str = "vSAN OSA latency = vSAN's I/O path time on the hosts, each host's path one processor-sharing queue (assumption; M/G/1-PS: unloaded time / (1 - utilisation), utilisation = the host's back-end I/Os counted in 8 KB, larger I/Os by size, over seed 001's 'up to 100K IOPS per node', the size assumed), unloaded 0.75 ms per read and 1.40 ms per write (fitted on seed 001 Table 7's RAID-1 run without dedup or checksum, 1.0 / 1.7 ms at 17,014 IOPS, 4.7 % of the hosts' path) + the 0.2 ms host round trip (seed 000 §9.3; on a stretched cluster writes also pay the penalty calibrated on seeds 000 and 001, stretched::latency) + the devices' M/M/1 response, service time / (1 - utilisation), service time 1 / rated IOPS (assumption: a device's rated IOPS is its flat-out rate; at a flash datasheet's 32 outstanding I/Os the queue gives 32 / IOPS, Little's law), utilisation from the back-end I/O each tier carries + checksum 0.1 ms per read and 0.4 ms per write, dedup and compression 0.5 ms per capacity-tier read (seed 001 Table 7, rows 2 and 3 against row 1); a RAID-5/6 write is a read phase (old data and parity) then a write phase; predicted, not fitted: seed 001 RAID-1 and RAID-5 with dedup, seed 000 log writes, seed 003 SQL Server writes alone and beside Exchange and Exchange's database writes (docs/fidelity.md)";

// Compute

pub const SQL_CPU_RATIO: &str = "seed 000 §12.3: for performance-critical SQL Server VMs make sure CPU over-commitment is not the reason for any performance degradation; VMware, Architecting Microsoft SQL Server on VMware vSphere (public guide, which seed 001 follows): size tier-1 SQL Server at one vCPU per physical core, not per hyper-thread";
pub const EXCHANGE_CPU_RATIO: &str = "Microsoft Exchange Server virtualization requirements (public): at most 2 virtual processors per logical processor, 1:1 recommended";
pub const GENERAL_CPU_RATIO: &str = "assumption: 4 vCPUs per physical core for file servers and generic VMs; no seed or vendor guide states a ratio";
pub const VIRTUALIZATION_OVERHEAD: &str =
    "seed 000 §12.3: account for 8-15 % virtualization CPU overhead depending on the workload";
pub const HA_HOST_RESERVE: &str = "settings.reserve_hosts (N+x): vSphere HA admission control keeps that many hosts' CPU and memory free to restart VMs; seed 001 Site Failure: losing half the hosts took CPU from 36-47 % to 72-81 %";
pub const SQL_MEMORY_RESERVED: &str = "seed 000 §12.4: make sure memory over-commitment is not degrading performance-critical SQL Server VMs; with Lock Pages in Memory set the VM's reservation to its configured memory";
pub const UNMEASURED_IOPS: &str = "assumption: a workload entered with 0 front-end IOPS does no I/O; RVTools exports inventory (VMs, vCPUs, memory, disks) and no I/O rates (docs/import.md), so IOPS must be measured (e.g. Windows Performance Monitor, vCenter performance charts) before performance is sized";
pub const IMPORT_VSAN_INFLATED: &str = "VMware vSAN: a VM's objects are stored once per copy its storage policy keeps (RAID-1 FTT=1: 2 copies), and vSphere's per-VM provisioned and used space on a vSAN datastore counts every copy; the in-guest (vPartition) and virtual disk (vDisk) sizes do not";
pub const IMPORT_DUPLICATE_NAMES: &str = "RVTools: VM names are unique only within a vSphere folder, and the vDisk and vPartition tabs name each VM's disks by VM name (and, in 4.x, VM UUID, host and cluster), so VMs with one name are told apart by those";
pub const IMPORT_BASELINE: &str = "assumption: a baseline cluster is a source cluster's existing hosts as the inventory lists them (RVTools vHost, Live Optics ESX Hosts): their count and average cores and memory per host, on the catalog's default host otherwise and on its default disk groups, since an inventory does not describe the hosts' disks";
pub const LIVE_OPTICS: &str = "Dell Live Optics VMware collector export: per-VM peak and 95th-percentile IOPS over the collection period (VM Performance sheet)";
pub const CPU_CEILING: &str = "the CPU ceiling in Settings (default 80 %): VMware vCloud Architecture Toolkit, Architecting a vSphere Compute Platform §5.6 Determining Host CPU and Memory Requirements (public): for sizing purposes, plan for no more than 80 percent utilization of the processing capabilities";
pub const RAM_CEILING: &str = "the RAM ceiling in Settings (default 90 %, an assumption): VM memory up to that share of the usable host RAM left after N+x host failures; ESXi adds a per-VM memory overhead on top of configured memory (VMware vSphere Resource Management, Memory Overhead) and no seed states a ceiling, so the last 10 % is kept for it and for growth";
pub const VSAN_MEMORY_KB: &str = "VMware KB 2113954, vSAN memory consumption (vSAN 6.2/6.6): 5,426 MB per host + per disk group 636 MB + 8 MB (hybrid) or 14 MB (all-flash, first 600 GB) per GB of cache + 70 MB per capacity device";
pub const NUMA_MEMORY: &str = "seed 004 Compute and storage resources: allocate VM memory less than or equal to the local memory of its NUMA node";
pub const NUMA_VCPU: &str = "seed 000 §12.3: keep NUMA enabled and present it to SQL Server through vNUMA (cores per socket = 1); a VM wider than a socket spans NUMA nodes";

// iSCSI target service

pub const ISCSI_LIMITS: &str = "seed 002 Best Practices: no more than 16 targets and 128 LUNs in one vSAN cluster, and 128 sessions on each host";
pub const ISCSI_PATHS: &str = "seed 002 Best Practices: do not set the paths of each virtual disk above FTT+1, to limit the session number while keeping paths alive through a host failure";
pub const ISCSI_ONE_LUN_PER_TARGET: &str = "seed 002 Best Practices: for a mission-critical application use one target with one LUN mapping";
pub const ISCSI_ON_ESA: &str = "vSAN iSCSI Target Usage Guide (Broadcom, core.vmware.com/resource/vsan-iscsi-target-usage-guide): iSCSI target services are available in the vSAN Original Storage Architecture as well as the Express Storage Architecture. Assumed: no ESA-specific target, LUN or session limit was found in Broadcom's public documentation, so seed 002's limits (vSAN 6.7, OSA) are applied to ESA clusters";
pub const ISCSI_MIN_HOSTS: &str = "seed 002 Solution Architecture: a minimum of four nodes for the vSAN cluster, to keep data protected and available during planned or unplanned downtime";

// Resilience: failure what-ifs, rebuilds and durability

pub const REPAIR_DELAY: &str = "seed 000 §8.3 and seed 001 Component Resynchronization Duration: absent components (a host down) wait for the repair delay, 60 minutes by default, before they are recreated; degraded ones (a failed device) are recreated at once. Seed 003 Mixed Workload Failure Test: a host failure waited out the 60-minute timer, a disk group failure resynced immediately";
pub const CAPACITY_DEVICE_FAILURE: &str = "seed 000 §8.2 Single Disk Failure and seed 001 Disk failure: a permanent error on one capacity device; its components are degraded and recreated elsewhere at once";
pub const DEDUP_DEVICE_TAKES_DISK_GROUP: &str = "seed 001 Disk failure: with deduplication and compression on, a disk failure makes the entire disk group inaccessible, because both are disk-group based";
pub const CACHE_DEVICE_TAKES_DISK_GROUP: &str = "seed 000 §8.2 Disk Group Failure: the failure of the cache SSD rendered an entire disk group inaccessible (seed 001 injected the same fault)";
pub const HOST_FAILURE: &str = "seed 000 §8.2 Storage Host Failure and seed 001 Storage host failure: a powered-off host takes every disk group it holds; its components are absent until the repair delay ends";
pub const SITE_FAILURE: &str = "seed 001 Site Failure and Continuous Data Availability: with one site down the other served all four SQL Server VMs from its own copy; VMware vSAN Stretched Cluster Guide: the site mirror can only be resynchronised when the site returns";
pub const RESERVE_HOSTS_FAILURE: &str = "settings.reserve_hosts (N+x): that many hosts fail one after another, each rebuilt before the next (the VMware vSAN Design Guide host rebuild reserve keeps one host's capacity free per failure)";
pub const REBUILD_DATA_SHARE: &str = "assumption: vSAN spreads components over capacity devices in proportion to their size, so a failure removes the share of the consumed capacity that its devices hold of the raw capacity; gives 4.97 TB for a disk group of seed 003, which reported 5.30 TB to resync";
pub const REBUILD_SPACE: &str = "VMware vSAN Design Guide: rebuilt components need free space on the surviving devices (the slack space and the host rebuild reserve keep it); devices start rebalancing at 80 % full";
pub const RESYNC_HYBRID: &str = "seed 000 §8.3 Component Recreation Duration: 285 GB recreated in about 122 minutes under load (~2.3 GB/min), 2-3 GB/min on average over several tests; the default 2.5 GB/min is the middle of that range; the idle default 3 GB/min, its top, is an assumption (no seed measures an idle hybrid resync)";
pub const RESYNC_ALL_FLASH: &str = "seed 001 Component Resynchronization Duration, deduplication and compression off: 5-20 GB/min with one 200 GB database at ~1,500 TPS, 6-30 GB/min with no workload; the defaults 12.5 and 18 GB/min are the middle of each range";
pub const RESYNC_NVME: &str = "seed 003 Mixed Workload Failure Test, disk group failure on NVMe cache over SAS SSD capacity, deduplication and compression off: 'Bytes left to resync 5.30 TB', 'ETA to compliance 107 minutes', 5,300 / 107 = 49.5 GB/min under load (one measured point, on 10 GbE); the idle default 71.3 GB/min is an assumption: 49.5 scaled by seed 001's idle-to-load ratio of its defaults (18 / 12.5)";
pub const RESYNC_LINK_CAP: &str = "the device class's resync rate (seeds 000, 001, 003) capped at the vSAN link's line rate (hosts' NIC Gbps x 7.5 GB/min per Gbps): resync crosses the network to the rebuilding host; seed 003 resynced at 49.5 GB/min on 10 GbE (66 % of line rate)";
pub const RESYNC_DEDUP: &str = "seed 001 Component Resynchronization Duration, deduplication and compression on: 5-6 GB/min with one 200 GB database at ~1,500 TPS, 8-13 GB/min with no workload; the defaults 5.5 and 10.5 GB/min are the middle of each range";
pub const LONG_RESYNC: &str = "settings.resilience.long_resync_hours (default 24 h, an assumption): until the rebuild ends, the data it restores is one failure short of its policy";
pub const REBUILD_PERFORMANCE: &str = "VMware vSAN Design Guide device-limited IOPS, with the failed devices' rated IOPS removed and the lost share of a hybrid read cache's hits sent to the capacity devices (assumption); seed 003 Mixed Workload Failure Test: adaptive resync keeps at least 20 % of the bandwidth for resync when I/O is contended, so workloads get at most 80 % while it runs";
pub const NO_FAILURE_TOLERATED: &str = "seed 000 §4.7: FTT+1 copies of each object, so FTT=0 keeps a single copy; a failed device or host leaves its data without another copy";
pub const SSD_AFR: &str = "Backblaze Drive Stats, SSD Edition 2022: 0.98 % annualized failure rate (25 failures in 934,400 drive days of boot SSDs); datasheets quote ~2,000,000 h MTBF (0.44 % a year), but field rates run above datasheet ones (Schroeder and Gibson, Disk failures in the real world, FAST 2007)";
pub const HDD_AFR: &str =
    "Backblaze Drive Stats for 2023: 1.70 % annualized failure rate over ~270,000 data hard drives";
pub const HOST_AFR: &str = "assumption from Vishwanath and Nagappan, Characterizing Cloud Computing Hardware Reliability (SoCC 2010): about 8 % of servers need a hardware repair each year and 78 % of repairs are hard disks (counted here as devices), leaving ~1.8 % for the rest of the server, rounded up to 2 %";
pub const DURABILITY_MODEL: &str = "continuous-time Markov chain over the hosts (fault domains): state i = hosts with components being rebuilt; i -> i+1 at (n - i) x the host's failure rate (host and devices), i -> i-1 at i / the mean rebuild window (rebuilds run in parallel); data is lost when FTT+1 hosts are down together (in both sites at once when each site of a stretched cluster keeps a copy: the pair of site chains, solved by state elimination). MTTDL is the chain's exact mean first-passage time; annual loss probability = 1 - exp(-1 year / MTTDL). Checked against a Monte Carlo simulation with fixed rebuild windows in the tests";
pub const DURABILITY_INDEPENDENCE: &str = "assumption: failures are independent with constant rates (no batch, correlated or latent failures); any FTT+1 hosts down together are taken to share an object (many objects spread over every host), which overstates loss for few objects; a host absence counts as a loss although its data may come back; whole-site disasters are not modelled";

// Stretched clusters (vSAN)

pub const STRETCHED_SITE_MIRROR: &str = "VMware vSAN Stretched Cluster Guide: site mirroring (primary FTT=1) keeps a full copy in each data site, protected inside the site by the policy's secondary FTT (RAID-1/5/6), with the witness site as third fault domain; seed 000 §4.2: 2 + 2 hosts with site FTT=1";
pub const STRETCHED_REBUILD_RESERVE: &str = "VMware vSAN Stretched Cluster Guide: a failed host's components are rebuilt inside its own site, so each site keeps its own host rebuild reserve (settings.reserve_hosts per site)";
pub const RTT_PENALTY_MODEL: &str = "fit to seed 000 §9.3 (TPS -5 / -19 / -29 % at 1.2 / 2.2 / 4.2 ms RTT) and seed 001 (data writes 1.9 -> 10.3 ms and log writes 5 -> 15.5 ms from 1 to 4 ms RTT, 1.9 ms on one site, 7 ms at 2 ms): the share of the added round trip felt is x^3 / (K^3 + x^3), x = RTT - 0.2 ms, K = 1.75 ms; TPS change = -31.7 % x that share; latency = a + b x that share (data 1.57 + 9.74, log 3.88 + 12.75 ms), at least a + x. Within 3 points / 0.53 ms of every published point; beyond 4.2 ms an extrapolation";
pub const POLICY_LABEL: &str = "consistency check, not a vendor rule: a policy's name and id are what the report, the BOM and every workload list show, so one stating another method or FTT than the policy has (e.g. \"raid1-ftt1\" on RAID-5) misleads whoever reads them";
pub const STRETCHED_RTT_LIMIT: &str = "seed 000 §3.4: a vSAN stretched cluster supports 5 ms round trip between the data sites (VMware vSAN Stretched Cluster Guide: < 5 ms)";
pub const STRETCHED_SQL_RTT: &str = "seed 001 All-Flash vSAN Stretched Cluster Performance, Best Practice: deploy SQL Server databases on a stretched cluster with an inter-site latency of 2 ms or less (data files 5-20 ms, 10 ms or less ideal)";
pub const INTER_SITE_BANDWIDTH: &str = "VMware vSAN Stretched Cluster Bandwidth Sizing: required bandwidth = write bandwidth x 1.4 (data multiplier) x 1.25 (resynchronisation multiplier); at least 10 Gbps between data sites recommended";
pub const WITNESS_LINK: &str = "VMware vSAN Stretched Cluster Bandwidth Sizing (core.vmware.com/resource/vsan-stretched-cluster-bandwidth-sizing): witness bandwidth = 1,138 B x 8 x components / 5 s, + 10 % (about 2 Mbps per 1,000 components; its worked example: 600 components, 1.2 Mbps); witness RTT < 500 ms with 1 host per site, < 200 ms up to 10 hosts per site, < 100 ms for 11-15 (the same guide and the vSphere 7 vSAN Network Design Guide; seed 000 §3.4 and seed 001 ran at 200 ms, so 200 ms is taken as within); witness appliance (vSphere 7 and 8 vSAN Planning, Deploying a vSAN Witness Appliance): tiny 10 VMs / 750 witness components, medium 500 VMs / 21,833 (21,000 as a shared witness, the figure VMware Cloud Foundation's design quotes), large and extra large beyond 500 VMs / 45,000 and 64,000";
pub const WITNESS_COMPONENTS: &str = "VMware vSAN Stretched Cluster Bandwidth Sizing: components = objects x (FTT+1) x stripe width (both sites' copies counted; erasure coding counts data + parity blocks); objects estimated per VM as a namespace and a swap object plus its data (grown over the horizon) in components of at most 255 GB (VMware vSAN Design Guide), an assumption since the number of virtual disks is not in the model; the witness holds one witness component per object";
pub const FAILOVER_TPS_MODEL: &str = "model estimate, not a measurement: closed queueing model per resource (fixed client population, no think time as in seed 001's Benchmark Factory runs; X = N / R, residence S / (1 - U)) plus a fixed time elsewhere of 0.81 x the pre-failure CPU residence, fitted to seed 001 Site Failure (7,743 -> 5,856 TPS with host CPU 41.85 %, the middle of 36.56-47.13 %, before on 2 + 2 hosts: the model gives 5,852); the scarcer of CPU (pre-failure CPU x host load factor) and storage (utilisation before and if the surviving site served every I/O) limits the TPS. Assumptions: CPU per transaction unchanged (seed 001's rose ~20 %: it measured 71.62-80.95 % after where the model predicts 63 %); storage uses the CPU's split of time; the RTT no longer paid is not credited. One published point fixes the one parameter";
pub const SITE_FAILURE_CPU_BEFORE: &str = "host CPU before a site failure: the design's own, the cores its workloads need at their vCPU:pCore ratios (overhead included) over the cluster's cores (compute); the survivors carry it x the host load factor. Seed 001: 36.56-47.13 % before gave 71.62-80.95 % measured on the two survivors, where before x 2 gives 73-94 %";
pub const SITE_FAILURE_CAPACITY: &str = "seed 001 Site Failure and Continuous Data Availability: the two surviving hosts ran all four SQL Server VMs, CPU 36.56-47.13 % -> 71.62-80.95 %, TPS 7,743 -> 5,856 (-24 %); seed 001 recommends sufficient resources in both sites; VMware vSAN Stretched Cluster Guide: plan each site to carry every VM";

// XtremIO + VPLEX Metro

pub const X_BRICK_GEN1: &str = "EMC XtremIO specifications (public): a first-generation X-Brick is two storage controllers and a 25-SSD shelf, 10 TB raw / 7.5 TB usable with 400 GB SSDs (20 and 40 TB with 800 GB and 1.6 TB SSDs), up to 8 X-Bricks per cluster; seed 004: two X-Bricks gave 14.94 TB usable physical and almost 190,000 8 KB IOPS with array latency under 1 ms";
pub const X_BRICK_X2: &str = "Dell EMC XtremIO X2 specifications (public): X2-S 18-72 x 400 GB SSDs (7.2-28.8 TB raw) per X-Brick, up to 4 per cluster; X2-R 18-72 x 1.92 TB (34.5-138 TB raw), up to 8; assumption: no faster per X-Brick than the first generation seed 004 measured";
pub const X_BRICK_USABLE_ESTIMATE: &str = "assumption: usable = raw x 23/25 (XDP) x 81.5 %, the share the 10 TB X-Brick keeps after parity (7.5 of 9.2 TB); the vendor's usable figure for this model is not in the catalog";
pub const XDP_PARITY: &str =
    "EMC XtremIO XDP: stripes of 23 data + 2 parity blocks, ~8 % of raw capacity";
pub const XTREMIO_CAPACITY: &str = "seed 004 XtremIO storage design: a two X-Brick cluster with XDP provides 14.94 TB of physical capacity; with thin provisioning and deduplication a 1 TB database takes less than 1 TB";
pub const XTREMIO_REDUCTION: &str = "seed 004 Table 4: production site 1.4:1 deduplication, 64 % thin provisioning savings, 3.9:1 overall (remote 1.2:1, 76 %, 5.2:1); XtremIO 2.4 reports no compression, so 1.0; physical = written / (dedup x compression)";
pub const XTREMIO_SNAPSHOTS: &str = "seed 004 Table 4: five snapshots took the production site from 38.8 TB at 3.9:1 (9.95 TB physical) to 188 TB at 15:1 (12.53 TB): 5.2 % of the data per copy; snapshots are not replicated to the remote site";
pub const XTREMIO_IOPS: &str = "seed 004 Test results: XtremIO was fully utilised at almost 190,000 IOPS (8 KB) on two X-Bricks, array latency under 1 ms";
pub const VPLEX_FRONTEND_IOPS: &str = "seed 004 Table 11 (8 KB front-end IOPS): single engine 35k write only / 50k read only / 45k 90:10 peak / 30k average; dual 55k / 100k / 90k / 60k; four 100k / 240k / 180k / 120k; between the points time per I/O is interpolated linearly; each engine has two directors; EMC recommends not constantly reaching the maximum";
pub const VPLEX_LATENCY: &str = "seed 004 VPLEX performance: VPLEX added about 1 to 1.6 ms to writes (about 1 ms on average, used) and about 200 µs to reads without WAN latency; XtremIO 8 KB latency 300-500 µs read, 500-600 µs write (upper ends used); DESIGN: a Metro write costs the local array write + the inter-site RTT + VPLEX's overhead (write-through cache); before VPLEX, the wait of an M/M/1 queue at VPLEX's utilisation (front-end IOPS / Table 11 peak), service time 0.185 ms fitted on seed 004's 2-3 ms SQL Server reads at 91 % of the rating (the 3-4 ms writes are predicted); at or above the peak the figures are those at 99 %, a lower bound";
pub const VPLEX_READ_CACHE: &str = "seed 004 VPLEX performance: of 90,000 front-end IOPS about 15,000 reads came from the VPLEX cache and XtremIO served about 75,000: 18.5 % of the 81,000 reads";
pub const VPLEX_DISTANCE: &str = "seed 004 VPLEX consistency group: synchronous (Metro) for sites separated by 5 ms or less, asynchronous (Geo) for 50 ms or less";
pub const VPLEX_SYSTEM_VOLUMES: &str = "seed 004 Logging volume and VPLEX virtualization of XtremIO storage: a 10 GB logging volume supports 320 TB of distributed storage (at least 10 GB, one per cluster); two 80 GB meta volumes and two meta volume backups on the XtremIO of each site";
pub const VPLEX_DISTRIBUTED_VOLUMES: &str = "seed 004 Table 5: database data, log and tempdb on VPLEX distributed volumes (a copy on each site's array), OS volumes VPLEX local; test/dev on XtremIO snapshots mounted directly; VPLEX replicates distributed writes in I/Os of about 32 KB (Table 16 notes)";
pub const X_BRICK_CONTROLLER_FAILURE: &str = "EMC XtremIO specifications and Introduction to the XtremIO Storage Array (public white paper): an X-Brick's two storage controllers are active/active and both reach every SSD of its shelf, so one failing loses no data or capacity; the IOPS lost is not published: settings.resilience.x_brick_controller_loss_iops_pct (default 50 %, one of two controllers) of that X-Brick's rating, an assumption";
pub const XDP_SSD_FAILURE: &str = "EMC XtremIO XDP (public white paper; XDP_PARITY): 23 + 2 stripes tolerate two concurrent SSD failures per X-Brick and there is no spare drive: XDP rebuilds the failed SSD's data into free space, so the X-Brick keeps (SSDs - 1) / SSDs of its usable capacity; the IOPS lost while it rebuilds is not published: settings.resilience.xdp_rebuild_iops_loss_pct (default 10 % of that X-Brick's rating), an assumption";
pub const VPLEX_DIRECTOR_FAILURE: &str = "EMC VPLEX architecture (public; seed 004 VPLEX sizing: each engine has two directors): a director's paths fail over to the others; the IOPS lost is not published: settings.resilience.vplex_director_loss_iops_pct (default 50 %) of one engine's share of the seed 004 Table 11 limit per director, an assumption. Checked against Table 11: a dual-engine VPLEX losing one engine (two directors) keeps 45k of 90k at 90:10 and 50k of 100k read-only, the single-engine row; write-only 27.5k is below the row's 35k (conservative)";
pub const VPLEX_SITE_FAILURE: &str = "seed 004 VPLEX Witness: for cluster or connectivity failures the Witness makes the majority rule take precedence over the preference rule, so the cluster still connected to the Witness keeps serving the distributed volumes; seed 004 Failover test: after a simulated production site failure (servers, VPLEX and XtremIO off) SQL Server recovered on the second site in about one minute with the same performance; local volumes and snapshots live in one site only (Table 5), so their workloads stop with it";
pub const VPLEX_LINK_FAILURE: &str = "seed 004 VPLEX Witness: the static preference (detach rule) decides only when the inter-cluster link is lost while both clusters still reach the Witness: the preferred cluster (here the production site, which runs the FCIs) continues and the other suspends I/O to the distributed volumes; the logging volume tracks the blocks written meanwhile and a rebuild resynchronises them (seed 004 Logging volume); with both clusters active or both passive and the preference Active Cluster Wins, I/O is suspended on both";
pub const VPLEX_WITNESS: &str = "seed 004 Architecture: VPLEX Witness deployed as a virtual machine in a third location, separate failure domain";

// Customising a proposed design (recommend::customise)

pub const RAM_STEP: &str = "assumption: RAM per host is added or removed 64 GB at a time, a common DIMM set (e.g. two 32 GB DIMMs, one per socket of a two-socket host); vendors sell other sets, so a step is a round figure, not a configuration rule";
pub const STRETCHED_HOST_STEP: &str = "assumption: a stretched cluster's data sites hold the same hosts (the model has one hosts_per_site), so it grows and shrinks by one host per site";

// vSAN Express Storage Architecture (vSAN 8 ESA)

pub const ESA_RAW: &str = "VMware vSAN 8 ESA: a single storage pool of NVMe devices per host, no cache tier and no disk groups; every device contributes capacity";
pub const ESA_RAID5: &str = "VMware vSAN 8 ESA (Broadcom KB 394410; VMware, RAID-5/6 with the performance of RAID-1 in vSAN ESA): RAID-5 is 2+1 (50 % parity) on 3-5 hosts and 4+1 (25 % parity) on 6 or more";
pub const ESA_RAID6: &str = "VMware vSAN 8 ESA (Broadcom KB 394410): RAID-6 is 4+2 (50 % parity) and needs at least 6 hosts";
pub const ESA_DEVICE_FAILURE: &str = "VMware vSAN 8 ESA storage pools (vSphere 8.0 vSAN Planning and Deployment): no cache tier and no disk groups, so a failed NVMe device takes only the components it holds, which are degraded and recreated elsewhere at once (as seed 000 §8.2 Single Disk Failure on OSA)";
pub const ESA_RESYNC: &str = "assumption: seed 003's NVMe resync rate (Mixed Workload Failure Test, NVMe cache over SAS SSD: 5,300 GB in 107 minutes = 49.5 GB/min under load; idle 71.3 GB/min scaled by seed 001's idle-to-load ratio), applied to vSAN ESA's all-NVMe pools; no seed measures an ESA resync";
pub const ESA_REBUILD_HOSTS: &str = "VMware vSAN 8 ESA (Broadcom KB 394410; VMware, Adaptive RAID-5 erasure coding with the Express Storage Architecture): an erasure-coded object is rebuilt on as many hosts as its stripe has blocks (2+1: 3, 4+1: 5, 4+2: 6), RAID-1 FTT=n on 2n+1; 4+1 is used from 6 hosts so that one host can fail and its stripe still be rebuilt; the conversion of 4+1 to 2+1 when a cluster stays below 6 hosts is not modelled";
pub const ESA_REBUILD_SPACE: &str = "VCF 9.0 About Reserved Capacity in vSAN Cluster (techdocs.broadcom.com): the host rebuild reserve holds a failed host's data; the operations reserve stays free for vSAN's own operations, so rebuilt components must fit on the surviving devices less it";
pub const ESA_LFS_OVERHEAD: &str = "Broadcom KB 394410, Storage space utilization calculation for vSAN ESA: the log-structured file system adds ~13.1 % of the object's data and replica size (e.g. RAID-1 thin, 10 GB written -> 20 GB + 2.62 GB = 22.62 GB)";
pub const ESA_COMPRESSION: &str = "VMware vSAN 8 ESA: compression is a storage policy rule (\"Data compression\", from vSAN 8 U1; on by default, can be turned off per policy: project.policies[].compression), applied before data is protected so replicas and parity hold compressed data; policies with it on get the cluster's ratio project.clusters[].storage.compression_ratio (1.0 unless a measured ratio is entered: no public ratio per workload kind), policies with it off 1.0; object space reservation is not compressed (assumption, as on OSA)";
pub const ESA_OPERATIONS_RESERVE: &str = "vSAN reserved capacity, operations reserve: vSphere 8 vSAN Administration (docs.vmware.com/en/VMware-vSphere/8.0/vsan-administration/GUID-D0A298A4-8A90-47C0-91C9-103F97B8E930.html): objects of vSAN 7 U1 and later need 255 GB per host of operations space for a policy change while under 8 TB, 765 GB per host at 8 TB or more; VCF 9.0 About Reserved Capacity in vSAN Cluster (techdocs.broadcom.com): enabling the operations reserve adds 5 % as a buffer. Assumptions: the docs do not separate ESA from OSA, so the figures apply to ESA; GB and TB as decimal units; the 5 % is of raw capacity; the largest object is the largest VM's data (or swap) at the horizon taken as one virtual disk, which can only move a cluster into the 765 GB class. Against the 10 % of raw this tool assumed before, a 6-host cluster of 23 TB per host keeps 6.1 % of raw";
pub const ESA_OPERATIONS_RESERVE_ENTERED: &str = "vSAN reserved capacity, operations reserve entered as clusters[].storage.operations_reserve_pct of raw (e.g. from the vSAN ReadyNode Sizer), in place of the documented per-host model and its 5 % buffer";
pub const ESA_HOST_REBUILD_RESERVE: &str = "vSAN reserved capacity, host rebuild reserve: VCF 9.0 About Reserved Capacity in vSAN Cluster (techdocs.broadcom.com): the capacity of the largest host, so that a failed host's data can be repaired; vSAN ships reserved capacity off, and it needs the operations reserve on. VCF 9.0 design recommendation VCF-VSAN-RCMD-CFG-003 enables it (25 % of a 4-host cluster, 8 % of a 12-host one); this tool keeps it on unless clusters[].storage.host_rebuild_reserve is false, one host per settings.reserve_hosts (vSAN's own reserve is one host, the default)";
pub const ESA_RESERVED_CAPACITY_MIN_HOSTS: &str = "VCF 9.0 About Reserved Capacity in vSAN Cluster (techdocs.broadcom.com): reserved capacity is not supported on stretched, fault-domain or two-node clusters, or below four hosts; VCF 9.0 design (VCF-VSAN-REQD-CFG-001): a three-node vSAN cluster does not rebuild components automatically after a failure; VMware, Understanding Reserved Capacity Concepts in vSAN (2022): where it is not available, size free capacity by the guidance of earlier vSAN versions";
pub const ESA_HOST_MINIMUMS: &str = "VMware vSphere 8.0 vSAN Planning and Deployment, Designing and Sizing vSAN hosts: vSAN ESA requires at least 512 GB of memory and 32 CPU cores per host and 25 GbE or faster adapters; VMware vSAN ESA ReadyNode hardware guidance (vSAN 8): at least 4 NVMe devices per host for the original ESA profiles (vSAN 8 U2 added an AF-0 profile with 2 devices, 128 GB and 10 GbE)";
pub const ESA_COMPONENTS: &str = "VMware vSAN 8 ESA Configuration Maximums: 27,000 components per host and 3,000 per device (brief's limits); components estimated as in WITNESS_COMPONENTS, times the stripe's blocks (RAID-1: copies + a witness; erasure coding: data + parity)";
pub const ESA_MEMORY: &str = "vSAN ESA memory per host: no public formula for ESA (the vSphere 8 vSAN Planning guide only points to VMware KB 2113954 and sets a 512 GB host minimum); assumption: KB 2113954's vSAN 7 all-flash constants with the storage pool as one disk group without a cache device: 7,100 MB per host + 1,360 MB + 0.5 % of host RAM + 160 MB per NVMe device; enter clusters[].storage.vsan_memory_gb (e.g. from the vSAN ReadyNode Sizer) to override";
pub const ESA_MEMORY_ENTERED: &str =
    "vSAN ESA memory per host as entered in clusters[].storage.vsan_memory_gb";
pub const ESA_WRITE_PATH: &str = "Broadcom KB 434061 (vSAN ESA objects display RAID-1 and RAID-5 components) and VMware, RAID-5/6 with the Performance of RAID-1 using the vSAN Express Storage Architecture (2022): every write lands first in the object's performance leg, a RAID-1 mirror (FTT+1 copies), and is destaged asynchronously in full stripes to the capacity leg laid out by the policy (RAID-1 FTT+1 copies, RAID-5 2+1 or 4+1, RAID-6 4+2), so erasure coding reads no old data or parity (no read-modify-write); a read costs one device read; assumption: capacity-leg writes counted in device I/Os of the front-end size (stripe bytes / data bytes per write, no credit for coalescing: conservative)";
pub const ESA_DEVICE_IOPS: &str = "vSAN ESA device-limited IOPS: every NVMe device of every host serves the pool (no cache tier); busy share = back-end reads / rated random read IOPS + back-end writes / rated random write IOPS of all devices (datasheet figures from the project's devices or the catalog); the front-end IOPS at this mix that bring the devices to settings.device_utilisation_ceiling_pct are the limit";
pub const ESA_LATENCY_MODEL: &str = "vSAN ESA latency, an uncalibrated prediction from device figures: no seed measures ESA latency and no public Broadcom publication available offline states an ESA latency at a known load (VMware, vSAN ESA Beats Performance of Top Storage Array for Large Financial Firm, 2025, https://blogs.vmware.com/cloud-foundation/2025/04/16/vsan-esa-beats-performance-of-top-storage-array-for-large-financial-firm/, says only 'sub-millisecond'). The vSAN OSA model (source LATENCY_MODEL) with the storage pool as its only tier: the I/O path times fitted on seed 001, unloaded (assumption: ESA's path costs what OSA's did, likely pessimistic against that sub-millisecond claim; OSA's per-host path queue is not applied, as its capacity is OSA's published maximum) + the 0.2 ms host round trip + the NVMe devices' M/M/1 response at the pool's utilisation from both legs' back-end I/O (service time 1 / the catalog's rated IOPS) + seed 001's checksum costs; a write is acknowledged once the RAID-1 performance leg holds it and the capacity leg is written later in full stripes (ESA_WRITE_PATH), so RAID-5/6 adds device load but no read-modify-write phase; compression's cost is not measured anywhere and not added";
