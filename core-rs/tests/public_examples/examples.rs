//! Public worked examples: figures vendors publish with their inputs (a
//! vSAN guide's bandwidth sum, a KB's memory or space table), each rebuilt
//! as a project in this folder (or a `quick` run) and read from the CLI's
//! JSON. `tests/public_examples.rs` checks each within the tolerance its
//! source's rounding allows; `tests/fidelity.rs` lists them in
//! docs/fidelity.md. None of these figures is an input of the seeds'
//! examples or was used to fit a parameter.

use std::path::PathBuf;
use std::process::Command;

use serde_json::Value;

/// How close the tool must come to the published figure, and why.
#[derive(Clone, Copy)]
pub enum Tolerance {
    /// The same figure (to 1e-9 of it): the source's sum has no rounding.
    Exact(&'static str),
    /// Within this many of the figure's unit.
    Absolute(f64, &'static str),
    /// Within this fraction of the published figure.
    Relative(f64, &'static str),
}

impl Tolerance {
    pub fn allows(self, published: f64, tool: f64) -> bool {
        match self {
            Tolerance::Exact(_) => (tool - published).abs() <= 1e-9 * published.abs().max(1.0),
            Tolerance::Absolute(by, _) => (tool - published).abs() <= by,
            Tolerance::Relative(by, _) => (tool - published).abs() <= by * published.abs(),
        }
    }

    pub fn why(self) -> &'static str {
        match self {
            Tolerance::Exact(why) | Tolerance::Absolute(_, why) | Tolerance::Relative(_, why) => {
                why
            }
        }
    }

    pub fn text(self, unit: &str) -> String {
        match self {
            Tolerance::Exact(_) => "exact".into(),
            Tolerance::Absolute(by, _) => format!("± {by} {unit}"),
            Tolerance::Relative(by, _) => format!("± {} %", by * 100.0),
        }
    }
}

/// What the source publishes.
#[derive(Clone, Copy)]
pub enum Published {
    Number(f64, &'static str, Tolerance),
    /// A name the JSON must carry exactly (an appliance size, a verdict).
    Text(&'static str),
}

/// The CLI run a figure is read from.
#[derive(Clone, Copy)]
pub enum Run {
    /// `evaluate --json` on a project of `core-rs/tests/public_examples/`.
    Project(&'static str),
    /// `quick ... --json` with these arguments.
    Quick(&'static [&'static str]),
}

impl Run {
    fn args(self) -> Vec<String> {
        match self {
            Run::Project(file) => vec![
                "evaluate".into(),
                "--json".into(),
                format!("core-rs/tests/public_examples/{file}"),
            ],
            Run::Quick(args) => std::iter::once("quick")
                .chain(args.iter().copied())
                .chain(std::iter::once("--json"))
                .map(String::from)
                .collect(),
        }
    }

    /// `stacksizer ...` as a reader would type it from the repository root.
    pub fn shown(self) -> String {
        format!("`{}`", self.args().join(" "))
    }

    /// The CLI's JSON for this run.
    pub fn json(self) -> Value {
        let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
        let out = Command::new(env!("CARGO_BIN_EXE_stacksizer"))
            .args(self.args())
            .current_dir(root)
            .output()
            .expect("the CLI runs");
        serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
            panic!(
                "stacksizer {}: no JSON ({e}); stderr: {}",
                self.shown(),
                String::from_utf8_lossy(&out.stderr)
            )
        })
    }
}

/// How the number at the pointer is read against the published figure.
#[derive(Clone, Copy)]
pub enum Reading {
    AsIs,
    /// A protection multiplier read as the share of raw capacity the VMs'
    /// data can use: 100 / multiplier, in % (the doc writes `100 / ` before
    /// its pointer).
    ShareOfRaw,
}

pub struct Example {
    /// The test in `tests/public_examples.rs` that checks it.
    pub test: &'static str,
    pub figure: &'static str,
    /// Title and section (or URL) of the published example.
    pub source: &'static str,
    pub published: Published,
    pub run: Run,
    pub pointer: &'static str,
    pub reading: Reading,
    /// (field, value) the object holding the figure must carry, so that a
    /// pointer by index cannot move to another workload.
    pub at: Option<(&'static str, &'static str)>,
}

impl Example {
    /// The tool's value, as text for a name and as a number otherwise.
    pub fn tool(&self, json: &Value) -> Value {
        if let Some((field, value)) = self.at {
            let parent = &self.pointer[..self.pointer.rfind('/').expect("a pointer")];
            let found = parent
                .match_indices('/')
                .map(|(i, _)| &parent[..i])
                .chain(std::iter::once(parent))
                .rev()
                .find_map(|p| json.pointer(p)?.get(field))
                .and_then(Value::as_str);
            assert_eq!(found, Some(value), "{}: not {field} {value}", self.pointer);
        }
        let v = json
            .pointer(self.pointer)
            .unwrap_or_else(|| panic!("{} has no value at {}", self.run.shown(), self.pointer));
        match (self.published, self.reading) {
            (Published::Text(_), _) => match v {
                Value::String(s) => Value::from(s.as_str()),
                other => Value::from(other.to_string()),
            },
            (Published::Number(..), Reading::AsIs) => v.clone(),
            (Published::Number(..), Reading::ShareOfRaw) => {
                Value::from(100.0 / v.as_f64().expect("a multiplier"))
            }
        }
    }
}

const BANDWIDTH_GUIDE: &str =
    "VMware vSAN Stretched Cluster Bandwidth Sizing (core.vmware.com/resource/vsan-stretched-cluster-bandwidth-sizing)";
const WITNESS_APPLIANCE: &str = "vSphere 8 vSAN Planning and Deployment, Deploying a vSAN Witness Appliance (docs.vmware.com/en/VMware-vSphere/8.0/vsan-planning/GUID-05C1737A-5FBA-4AEE-BDB8-3BF5DE569E0A.html)";
const OPERATIONS_SPACE: &str = "vSphere 8 vSAN Administration, operations space (docs.vmware.com/en/VMware-vSphere/8.0/vsan-administration/GUID-D0A298A4-8A90-47C0-91C9-103F97B8E930.html): from vSAN 7.0 U1, 255 GB per host for objects under 8 TB, 765 GB per host for objects of 8 TB or more";
const KB_394410: &str = "Broadcom KB 394410, Storage space utilization calculation for VM's objects on vSAN ESA, its table of examples";
const PLANNING_CAPACITY: &str = "vSphere 8 vSAN Planning and Deployment, Planning Capacity in vSAN, Failures to Tolerate (docs.vmware.com/en/VMware-vSphere/8.0/vsan-planning/GUID-C0B73B38-F68D-4D7C-BCF4-67CCD1E9875A.html)";

/// The KB prints two decimals, cutting (1.6375 GB shows as 1.63).
const KB_394410_ROUNDING: Tolerance = Tolerance::Absolute(
    0.01,
    "the KB prints two decimals, cutting the third: 12.5 x 0.131 = 1.6375 is printed 1.63",
);
/// "About 50 percent": whole percents.
const ABOUT_PERCENT: Tolerance =
    Tolerance::Absolute(0.5, "the guide gives whole percents (\"about 33 percent\")");
const EXACT: Tolerance = Tolerance::Exact("the source's sum has no rounding");

fn number(value: f64, unit: &'static str, tolerance: Tolerance) -> Published {
    Published::Number(value, unit, tolerance)
}

pub fn all() -> Vec<Example> {
    let ex = |test, figure, source, published, run, pointer| Example {
        test,
        figure,
        source,
        published,
        run,
        pointer,
        reading: Reading::AsIs,
        at: None,
    };
    let esa_row = |test, figure, file, (index, workload): (usize, &'static str), gb: f64| Example {
        test,
        figure,
        source: KB_394410,
        published: number(gb, "GB", KB_394410_ROUNDING),
        run: Run::Project(file),
        pointer: ESA_CONSUMED[index],
        reading: Reading::AsIs,
        at: Some(("workload_id", workload)),
    };
    let share = |test, figure, args, pct| Example {
        test,
        figure,
        source: PLANNING_CAPACITY,
        published: number(pct, "% of raw", ABOUT_PERCENT),
        run: Run::Quick(args),
        pointer: "/protection_multiplier",
        reading: Reading::ShareOfRaw,
        at: None,
    };
    vec![
        ex(
            "inter_site_bandwidth_of_10000_writes_at_4_kb",
            "Inter-site bandwidth, 10,000 writes/s at 4 KB: 40 MB/s x 1.4 x 1.25",
            "VMware vSAN Stretched Cluster Bandwidth Sizing, Bandwidth Requirements Between Sites (560 Mbps)",
            number(
                0.56,
                "Gbps",
                Tolerance::Relative(
                    0.005,
                    "exact arithmetic on 4 KB = 4,000 bytes (40 MB/s); 4,096 bytes would give 573 Mbps, +2.4 %",
                ),
            ),
            Run::Project("stretched-bandwidth.json"),
            "/clusters/0/detail/stretched/link/required_gbps",
        ),
        ex(
            "witness_components_of_100_vms",
            "Components of 100 VMs, 3 objects each, FTT=1 across sites: 100 x 3 x 2 x 1",
            BANDWIDTH_GUIDE,
            number(600.0, "components", EXACT),
            Run::Project("witness-100-vms.json"),
            "/clusters/0/detail/stretched/witness/components",
        ),
        ex(
            "witness_bandwidth_of_600_components",
            "Witness bandwidth of those 600 components: 1,138 B x 8 x 600 / 5 s + 10 %",
            BANDWIDTH_GUIDE,
            number(
                1.2,
                "Mbps",
                Tolerance::Absolute(
                    0.01,
                    "the guide works it to 1.199 Mbps and rounds up to 1.2",
                ),
            ),
            Run::Project("witness-100-vms.json"),
            "/clusters/0/detail/stretched/witness/required_mbps",
        ),
        ex(
            "witness_appliance_for_100_vms",
            "Witness appliance for 100 VMs (Tiny: 10 VMs or fewer; Medium: 500 VMs, 21,833 components)",
            WITNESS_APPLIANCE,
            Published::Text("medium"),
            Run::Project("witness-100-vms.json"),
            "/clusters/0/detail/stretched/witness/appliance",
        ),
        ex(
            "witness_appliance_for_10_vms",
            "Witness appliance for 10 VMs (Tiny: up to 750 components, 10 VMs or fewer)",
            WITNESS_APPLIANCE,
            Published::Text("tiny"),
            Run::Project("witness-10-vms.json"),
            "/clusters/0/detail/stretched/witness/appliance",
        ),
        ex(
            "witness_rtt_limit_with_1_host_per_site",
            "Witness round trip limit, 1 host per site (< 500 ms)",
            BANDWIDTH_GUIDE,
            number(500.0, "ms", EXACT),
            Run::Project("witness-1-host-per-site.json"),
            "/clusters/0/detail/stretched/witness/max_rtt_ms",
        ),
        ex(
            "witness_rtt_limit_with_11_hosts_per_site",
            "Witness round trip limit, 11-15 hosts per site (< 100 ms)",
            BANDWIDTH_GUIDE,
            number(100.0, "ms", EXACT),
            Run::Project("witness-11-hosts-per-site.json"),
            "/clusters/0/detail/stretched/witness/max_rtt_ms",
        ),
        ex(
            "witness_at_100_ms_is_beyond_the_11_host_limit",
            "Is a witness at 100 ms within the limit of 11-15 hosts per site (\"less than 100 ms\")?",
            BANDWIDTH_GUIDE,
            Published::Text("false"),
            Run::Project("witness-11-hosts-per-site.json"),
            "/clusters/0/detail/stretched/witness/rtt_within_limit",
        ),
        ex(
            "swap_of_100_vms_with_half_their_memory_reserved",
            "Swap of 100 VMs of 4 GB RAM with 2 GB reserved, mirrored: 100 x 2 GB x 2",
            "VMware, Architecting VMware vSAN 6.2 (vCloud Architecture Toolkit), 3.2.6 Swap Efficiency (400 GB)",
            number(400.0, "GB", EXACT),
            Run::Project("swap-reservation.json"),
            "/clusters/0/detail/capacity/workloads/0/consumed/gb",
        ),
        ex(
            "vsan_memory_of_kb_2113954_example",
            "vSAN memory per host, 1 all-flash disk group, 600 GB cache, 3 capacity devices (14,672 MB)",
            "VMware KB 2113954, Understanding vSAN memory consumption in ESXi 6.5.0d / 6.0 U3, its example (quoted at cloudmaster.co.in/understanding-vsan-memory-consumption-in-esxi-6-5-0d-6-0-u3)",
            number(14_672.0 / 1_024.0, "GB of 1,024 MB", EXACT),
            Run::Project("memory-kb-2113954.json"),
            "/clusters/0/detail/compute/vsan_memory_per_host_gb",
        ),
        ex(
            "hybrid_cache_is_10_pct_of_data_before_replicas",
            "Hybrid cache per disk group, 25.2 TB of VM data on 3 hosts x 2 disk groups: 10 % / 6",
            "VMware vSAN 6.5 documentation, Designing Flash Caching Devices (10 % of what VMs consume, replicas not counted); its worked example: MrVSAN (VMware), Cache Sizing (420 GB per disk group)",
            number(420.0, "GB", EXACT),
            Run::Project("hybrid-cache-10-pct.json"),
            "/clusters/0/detail/cache/required_per_disk_group/gb",
        ),
        Example {
            at: Some(("cache_device", "cache-ssd-800")),
            ..ex(
                "hybrid_cache_buffers_30_pct_of_writes",
                "Hybrid write buffer of an 800 GB cache device: 30 % (70 % read cache)",
                "VMware Validated Design 4.1, SSD Endurance (docs.vmware.com/en/VMware-Validated-Design/4.1/com.vmware.vvd.sddc-design.doc/GUID-51680487-239F-4FF7-B43A-8C1D98263DB1.html): a hybrid cache device is about 30 % write cache and 70 % read buffer",
                number(240.0, "GB", EXACT),
                Run::Project("hybrid-cache-10-pct.json"),
                "/clusters/0/detail/cache/per_disk_group/0/write_buffer/gb",
            )
        },
        Example {
            at: Some(("cache_device", "cache-ssd-400")),
            ..ex(
                "cache_endurance_of_a_400_gb_10_dwpd_device",
                "Endurance of a 400 GB, 10 DWPD cache device over 5 years: 0.4 TB x 10 x 365 x 5",
                "VMware Validated Design 4.1, SSD Endurance: TBW = drive size x DWPD x 365 x 5, its example 7,300 TBW",
                number(7_300.0, "TBW", EXACT),
                Run::Project("cache-endurance.json"),
                "/clusters/0/detail/cache/per_disk_group/0/endurance/rated_tbw",
            )
        },
        Example {
            at: Some(("cache_device", "cache-ssd-800-af")),
            ..ex(
                "all_flash_write_buffer_stops_at_600_gb",
                "All-flash write buffer of an 800 GB cache device (at most 600 GB)",
                "Yellow Bricks (Duncan Epping, VMware), 600GB write buffer limit for VSAN (www.yellow-bricks.com/2016/05/17/600gb-write-buffer-limit-vsan/): the all-flash write buffer limit is 600 GB; the rest of an 800 GB device serves endurance",
                number(600.0, "GB", EXACT),
                Run::Project("cache-endurance.json"),
                "/clusters/0/detail/cache/per_disk_group/1/write_buffer/gb",
            )
        },
        esa_row("esa_raid1_thin_object", "vSAN ESA RAID-1 thin, 10 GB written", "esa-space-6-hosts.json", (0, "raid1-thin"), 22.62),
        esa_row("esa_raid5_4_1_thin_object", "vSAN ESA RAID-5 (4+1, 6 hosts) thin, 10 GB written", "esa-space-6-hosts.json", (1, "raid5-thin"), 14.13),
        esa_row("esa_raid6_thin_object", "vSAN ESA RAID-6 thin, 10 GB written", "esa-space-6-hosts.json", (2, "raid6-thin"), 16.96),
        esa_row("esa_raid1_thick_object", "vSAN ESA RAID-1 thick, 20 GB provisioned", "esa-space-6-hosts.json", (3, "raid1-thick"), 45.24),
        esa_row("esa_raid5_4_1_thick_object", "vSAN ESA RAID-5 (4+1) thick, 20 GB provisioned", "esa-space-6-hosts.json", (4, "raid5-thick"), 28.27),
        esa_row("esa_raid6_thick_object", "vSAN ESA RAID-6 thick, 20 GB provisioned", "esa-space-6-hosts.json", (5, "raid6-thick"), 33.93),
        esa_row("esa_raid5_2_1_thin_object", "vSAN ESA RAID-5 (2+1, 4 hosts) thin, 10 GB written", "esa-space-4-hosts.json", (0, "raid5-thin"), 16.96),
        esa_row("esa_raid5_2_1_thick_object", "vSAN ESA RAID-5 (2+1) thick, 20 GB provisioned", "esa-space-4-hosts.json", (1, "raid5-thick"), 33.93),
        ex(
            "esa_host_rebuild_reserve_is_the_largest_host",
            "vSAN ESA host rebuild reserve, 4 hosts of 4 x 3.84 TB: one host's capacity",
            "vSphere 7 vSAN Monitoring and Troubleshooting, About Reserved Capacity: the capacity required to restore a host failure matches the total capacity of the largest host",
            number(15_360.0, "GB", EXACT),
            Run::Project("esa-space-4-hosts.json"),
            "/clusters/0/detail/esa/reserve/host_rebuild_reserve/gb",
        ),
        ex(
            "esa_operations_reserve_for_objects_under_8_tb",
            "vSAN ESA operations reserve, 4 hosts, objects under 8 TB: 4 x 255 GB",
            OPERATIONS_SPACE,
            number(1_020.0, "GB", EXACT),
            Run::Project("esa-space-4-hosts.json"),
            "/clusters/0/detail/esa/reserve/operations_reserve/gb",
        ),
        ex(
            "esa_operations_reserve_for_an_8_tb_object",
            "vSAN ESA operations reserve, 4 hosts, an 8 TB object: 4 x 765 GB",
            OPERATIONS_SPACE,
            number(3_060.0, "GB", EXACT),
            Run::Project("esa-large-object.json"),
            "/clusters/0/detail/esa/reserve/operations_reserve/gb",
        ),
        share("raid1_ftt1_uses_half_of_raw", "VMs' share of raw, RAID-1 FTT=1 (about 50 %)", &RAID1_FTT1, 50.0),
        share("raid1_ftt2_uses_a_third_of_raw", "VMs' share of raw, RAID-1 FTT=2 (about 33 %)", &RAID1_FTT2, 33.0),
        share("raid1_ftt3_uses_a_quarter_of_raw", "VMs' share of raw, RAID-1 FTT=3 (about 25 %)", &RAID1_FTT3, 25.0),
        share("raid5_uses_three_quarters_of_raw", "VMs' share of raw, RAID-5 FTT=1 (about 75 %)", &RAID5_FTT1, 75.0),
        share("raid6_uses_two_thirds_of_raw", "VMs' share of raw, RAID-6 FTT=2 (about 67 %)", &RAID6_FTT2, 67.0),
    ]
}

/// The ESA projects hold one workload per row of the KB's table, in order.
const ESA_CONSUMED: [&str; 6] = [
    "/clusters/0/detail/capacity/workloads/0/consumed/gb",
    "/clusters/0/detail/capacity/workloads/1/consumed/gb",
    "/clusters/0/detail/capacity/workloads/2/consumed/gb",
    "/clusters/0/detail/capacity/workloads/3/consumed/gb",
    "/clusters/0/detail/capacity/workloads/4/consumed/gb",
    "/clusters/0/detail/capacity/workloads/5/consumed/gb",
];

/// `quick` on 8 hosts, enough for every policy's minimum.
const RAID1_FTT1: [&str; 12] = quick_args("1", "1");
const RAID1_FTT2: [&str; 12] = quick_args("1", "2");
const RAID1_FTT3: [&str; 12] = quick_args("1", "3");
const RAID5_FTT1: [&str; 12] = quick_args("5", "1");
const RAID6_FTT2: [&str; 12] = quick_args("6", "2");

const fn quick_args(raid: &'static str, ftt: &'static str) -> [&'static str; 12] {
    [
        "--hosts",
        "8",
        "--disk-groups",
        "1",
        "--capacity-devices",
        "4",
        "--device-gb",
        "1920",
        "--raid",
        raid,
        "--ftt",
        ftt,
    ]
}
