//! Growth over the planning horizon: each year's demand against what the
//! cluster offers, the first year each limit is crossed, and how many hosts
//! of the same shape would carry the load to the end of the horizon.
//!
//! Year 0 is today: the workloads as entered. Year `n` grows each
//! workload's data by its `annual_growth_pct` compounded `n` times (the same
//! `capacity::growth_factor` the capacity figures use), so the last year,
//! `settings.planning_horizon_years`, is exactly `capacity.required`: the
//! cluster-level capacity figures are the end-of-horizon sizing target, and
//! this timeline says when, on the way there, each limit gives.
//!
//! What grows (see `source::GROWTH_TIMELINE`): data at its rate, and with it
//! front-end I/O (constant I/O density per GB) and the working set a hybrid
//! read cache holds (as the cache rule sizes it at the horizon). VM count,
//! vCPUs and RAM stay as entered, so CPU and RAM use is the same every year.
//!
//! The module is storage-agnostic: the caller supplies a `GrowthModel`
//! giving one year's figures for a topology, so OSA and ESA clusters reuse
//! their own capacity, performance and compute rules unchanged.

use serde::Serialize;

use crate::demand::footprint::{annual_growth_pct, growth_factor};
use crate::demand::io::{grown_front_end_io, FrontEndIo};
use crate::limits::MAX_HOSTS_PER_CLUSTER;
use crate::model::{Capacity, Topology, WorkloadSpec};
use crate::rules::{Finding, FindingCode};
use crate::source;

/// One year of the timeline.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct GrowthYear {
    /// 0 = today.
    pub year: u32,
    /// Protected, reduced capacity the workloads consume that year.
    pub capacity_required: Capacity,
    pub capacity_usable: Capacity,
    pub front_end_iops: f64,
    /// Front-end IOPS that bring the busiest device tier to the utilisation
    /// ceiling at that year's mix; absent without I/O demand.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub iops_limit: Option<f64>,
    /// Physical cores needed as a share of those left after N+x host
    /// failures; absent when no host is left.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub cpu_pct: Option<f64>,
    /// VM memory as a share of the usable RAM left after N+x host failures.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub ram_pct: Option<f64>,
}

impl GrowthYear {
    /// A year without demand or limits: the base on which a model works
    /// out one limit's figures alone.
    pub fn without_demand(year: u32) -> Self {
        GrowthYear {
            year,
            capacity_required: Capacity::from_gb(0.0),
            capacity_usable: Capacity::from_gb(0.0),
            front_end_iops: 0.0,
            iops_limit: None,
            cpu_pct: None,
            ram_pct: None,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum GrowthLimit {
    Capacity,
    Iops,
    Cpu,
    Ram,
}

impl GrowthLimit {
    pub(crate) const ALL: [GrowthLimit; 4] = [
        GrowthLimit::Capacity,
        GrowthLimit::Iops,
        GrowthLimit::Cpu,
        GrowthLimit::Ram,
    ];

    /// True when the year's demand is beyond this limit.
    pub fn crossed(self, y: &GrowthYear) -> bool {
        match self {
            GrowthLimit::Capacity => y.capacity_required.gb > y.capacity_usable.gb,
            GrowthLimit::Iops => y.iops_limit.is_some_and(|l| y.front_end_iops > l),
            GrowthLimit::Cpu => y.cpu_pct.is_some_and(|p| p > 100.0),
            GrowthLimit::Ram => y.ram_pct.is_some_and(|p| p > 100.0),
        }
    }

    /// The limit in words, as the panel, the report and the CLI name it:
    /// CPU and RAM with the design's own host failures (`hosts_failed`,
    /// the x of N+x; 0 is every host up).
    pub fn describe(self, hosts_failed: u32) -> String {
        let after = |what: &str| match hosts_failed {
            0 => format!("{what} with every host up"),
            x => format!("{what} after N+{x}"),
        };
        match self {
            GrowthLimit::Capacity => "usable capacity".to_string(),
            GrowthLimit::Iops => "device-limited IOPS".to_string(),
            GrowthLimit::Cpu => after("CPU"),
            GrowthLimit::Ram => after("RAM"),
        }
    }
}

/// The first year a limit is crossed.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct GrowthCrossing {
    pub limit: GrowthLimit,
    pub year: u32,
    /// Fewest hosts of the same shape to add (both sites together on a
    /// stretched cluster) so the limit holds from that year to the end of
    /// the horizon; absent when even the cluster maximum would not.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub hosts_to_add: Option<u32>,
    /// The limit in words (`GrowthLimit::describe`).
    pub limit_label: String,
    /// In plain words: when the limit gives and what carries it to the
    /// horizon. A limit crossed in year 0 is short today, as entered: it
    /// does not "run out" on the way.
    pub summary: String,
}

impl GrowthCrossing {
    pub(crate) fn new(
        limit: GrowthLimit,
        year: u32,
        hosts_to_add: Option<u32>,
        horizon_years: u32,
        hosts_failed: u32,
    ) -> Self {
        let when = if year == 0 {
            "is already short today (year 0)".to_string()
        } else {
            format!("runs out in year {year} of {horizon_years}")
        };
        let fix = fix(hosts_to_add, year, horizon_years);
        let limit_label = limit.describe(hosts_failed);
        let mut summary = format!("{limit_label} {when}: {fix}");
        summary[..1].make_ascii_uppercase();
        GrowthCrossing {
            limit,
            year,
            hosts_to_add,
            limit_label,
            summary,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct ClusterGrowth {
    pub horizon_years: u32,
    /// Years 0 (today) to `horizon_years`.
    pub years: Vec<GrowthYear>,
    /// One entry per limit crossed within the horizon, earliest first.
    pub first_crossing: Vec<GrowthCrossing>,
    pub source: &'static str,
}

/// A cluster's figures over the timeline, on its own topology or a larger
/// one of the same host shape.
pub trait GrowthModel {
    /// Every figure of `year` on `topology`.
    fn year(&self, topology: &Topology, year: u32) -> GrowthYear;

    /// Whether `limit` holds in `year` on `topology`. The host search asks
    /// this many times, so models work out only the one limit's figures.
    fn holds(&self, limit: GrowthLimit, topology: &Topology, year: u32) -> bool {
        !limit.crossed(&self.year(topology, year))
    }
}

/// A cluster's figures per limit, each worked out on its own: the shape of
/// the OSA and ESA timelines. `year_of` and `holds_of` make a `GrowthModel`
/// of it.
pub trait LimitFigures {
    /// Required and usable capacity in `year` on `topology`.
    fn capacity(&self, topology: &Topology, year: u32) -> (Capacity, Capacity);
    /// Front-end IOPS in `year` and the device limit at that year's mix.
    fn io(&self, topology: &Topology, year: u32) -> (f64, Option<f64>);
    /// CPU and RAM use after N+x host failures, in %: they do not grow.
    fn compute(&self, topology: &Topology) -> (Option<f64>, Option<f64>);
}

/// What carries a limit first crossed in `year` to the horizon: the hosts
/// to add by then (now, for year 0), or that no cluster of this shape does.
fn fix(hosts_to_add: Option<u32>, year: u32, horizon_years: u32) -> String {
    let by = if year == 0 {
        "now".to_string()
    } else {
        format!("by year {year}")
    };
    match hosts_to_add {
        Some(n) => {
            format!("add {n} host(s) of the same shape {by} to carry it to year {horizon_years}")
        }
        None => format!(
            "no cluster of up to {MAX_HOSTS_PER_CLUSTER} hosts of this shape carries it to year {horizon_years}"
        ),
    }
}

/// Every figure of `year` on `topology`.
pub fn year_of(m: &impl LimitFigures, topology: &Topology, year: u32) -> GrowthYear {
    let (capacity_required, capacity_usable) = m.capacity(topology, year);
    let (front_end_iops, iops_limit) = m.io(topology, year);
    let (cpu_pct, ram_pct) = m.compute(topology);
    GrowthYear {
        year,
        capacity_required,
        capacity_usable,
        front_end_iops,
        iops_limit,
        cpu_pct,
        ram_pct,
    }
}

/// Whether `limit` holds, working out only that limit's figures.
pub fn holds_of(m: &impl LimitFigures, limit: GrowthLimit, topology: &Topology, year: u32) -> bool {
    let none = GrowthYear::without_demand(year);
    let figures = match limit {
        GrowthLimit::Capacity => {
            let (capacity_required, capacity_usable) = m.capacity(topology, year);
            GrowthYear {
                capacity_required,
                capacity_usable,
                ..none
            }
        }
        GrowthLimit::Iops => {
            let (front_end_iops, iops_limit) = m.io(topology, year);
            GrowthYear {
                front_end_iops,
                iops_limit,
                ..none
            }
        }
        GrowthLimit::Cpu | GrowthLimit::Ram => {
            let (cpu_pct, ram_pct) = m.compute(topology);
            GrowthYear {
                cpu_pct,
                ram_pct,
                ..none
            }
        }
    };
    !limit.crossed(&figures)
}

/// Any `size(topology, year)` function is a model.
impl<F: Fn(&Topology, u32) -> GrowthYear> GrowthModel for F {
    fn year(&self, topology: &Topology, year: u32) -> GrowthYear {
        self(topology, year)
    }
}

/// `hosts_failed`: the x of the design's N+x, which the CPU and RAM limits
/// are judged after.
pub fn assess_growth(
    topology: &Topology,
    horizon_years: u32,
    hosts_failed: u32,
    model: &impl GrowthModel,
) -> ClusterGrowth {
    let years: Vec<GrowthYear> = (0..=horizon_years)
        .map(|y| model.year(topology, y))
        .collect();
    let mut first_crossing: Vec<GrowthCrossing> = GrowthLimit::ALL
        .iter()
        .filter_map(|&limit| {
            let year = years.iter().find(|y| limit.crossed(y))?.year;
            let hosts = hosts_to_add(topology, limit, year, horizon_years, model);
            Some(GrowthCrossing::new(
                limit,
                year,
                hosts,
                horizon_years,
                hosts_failed,
            ))
        })
        .collect();
    first_crossing.sort_by_key(|c| c.year);
    ClusterGrowth {
        horizon_years,
        years,
        first_crossing,
        source: source::GROWTH_TIMELINE,
    }
}

/// The smallest growth of the cluster, one host (one per site) at a time,
/// under which `limit` holds every year from `from_year` to the horizon.
///
/// More hosts of the same shape never lower usable capacity, device IOPS
/// (rated IOPS grow with the devices, and a larger hybrid read cache only
/// raises hit ratios), cores or RAM, while the demand stays the same, so
/// "the limit holds" is monotone in the step: bisection finds the smallest.
fn hosts_to_add(
    topology: &Topology,
    limit: GrowthLimit,
    from_year: u32,
    horizon_years: u32,
    model: &impl GrowthModel,
) -> Option<u32> {
    let largest = (1..=MAX_HOSTS_PER_CLUSTER)
        .take_while(|&step| enlarged(topology, step).host_count() <= MAX_HOSTS_PER_CLUSTER)
        .last()?;
    // Demand grows with the years, so the last year fails first.
    let holds = |step: u32| {
        let t = enlarged(topology, step);
        (from_year..=horizon_years)
            .rev()
            .all(|y| model.holds(limit, &t, y))
    };
    if !holds(largest) {
        return None;
    }
    let (mut low, mut high) = (1, largest);
    while low < high {
        let mid = low + (high - low) / 2;
        if holds(mid) {
            high = mid;
        } else {
            low = mid + 1;
        }
    }
    Some(enlarged(topology, low).host_count() - topology.host_count())
}

/// The topology with `step` more hosts in each data site.
fn enlarged(topology: &Topology, step: u32) -> Topology {
    let mut t = topology.clone();
    match &mut t {
        Topology::Single { host_count } => *host_count += step,
        Topology::Stretched { hosts_per_site, .. } => *hosts_per_site += step,
    }
    t
}

/// A workload's spec as its I/O will run in `year`: its I/O rates and the
/// data its reads range over (its working set's base) grown at its data
/// growth rate; VMs stay as entered. The full re-size references of the
/// tests size performance from copies grown with it, and capacity from the
/// spec as entered with `settings.planning_horizon_years` set to the year
/// (the capacity rules grow sizes themselves). The timelines use
/// `front_end_io_in` and `grown_working_set_gb`, which give the same
/// figures without a copy.
#[cfg(test)]
pub(crate) fn grown_io(spec: &WorkloadSpec, year: u32) -> WorkloadSpec {
    let g = growth_factor(annual_growth_pct(spec), year);
    let mut grown = spec.clone();
    match &mut grown {
        WorkloadSpec::SqlServer {
            target_iops,
            db_size_gb,
            ..
        } => {
            *target_iops *= g;
            *db_size_gb *= g;
        }
        WorkloadSpec::Exchange {
            iops_per_mailbox,
            mailbox_gb,
            ..
        } => {
            *iops_per_mailbox *= g;
            *mailbox_gb *= g;
        }
        WorkloadSpec::FileServer {
            throughput_mbps,
            capacity_gb,
            ..
        } => {
            *throughput_mbps *= g;
            *capacity_gb *= g;
        }
        WorkloadSpec::VmGroup {
            iops_per_vm,
            disk_gb_per_vm,
            ..
        } => {
            *iops_per_vm *= g;
            *disk_gb_per_vm *= g;
        }
    }
    grown
}

/// A workload's front-end I/O in `year`: `front_end_io` of `grown_io`,
/// without the copy.
pub fn front_end_io_in(spec: &WorkloadSpec, year: u32) -> FrontEndIo {
    grown_front_end_io(spec, growth_factor(annual_growth_pct(spec), year))
}

/// A warning per limit first crossed after today, naming the year and the
/// hosts that would restore it. A limit already crossed today (year 0) is
/// the subject of the capacity, performance and compute findings instead.
pub fn growth_findings(
    cluster_path: &str,
    cluster_name: &str,
    growth: &ClusterGrowth,
) -> Vec<Finding> {
    growth
        .first_crossing
        .iter()
        .filter(|c| c.year > 0)
        .map(|c| {
            let fix = fix(c.hosts_to_add, c.year, growth.horizon_years);
            let code = match c.limit {
                GrowthLimit::Capacity => FindingCode::GrowthCapacityCrossed,
                GrowthLimit::Iops => FindingCode::GrowthIopsCrossed,
                GrowthLimit::Cpu => FindingCode::GrowthCpuCrossed,
                GrowthLimit::Ram => FindingCode::GrowthRamCrossed,
            };
            Finding::new(
                code,
                format!(
                    "Cluster \"{cluster_name}\" outgrows its {} in year {} of {}: {fix}.",
                    c.limit_label, c.year, growth.horizon_years
                ),
            )
            .at(format!("{cluster_path}.topology"))
        })
        .collect()
}

#[cfg(test)]
mod tests;
