//! The steps a user takes away from a proposed design, one figure of the
//! sized cluster at a time, and what each figure reads as for the
//! cluster's kind. A step is taken as asked; whether the result is within
//! range is validation's to say (it names the field and the range).

use serde::{Deserialize, Serialize};

use crate::model::issue::InputIssue;
use crate::model::{Cluster, Storage, Topology};
use crate::source;

/// RAM per host moves by a DIMM set (`source::RAM_STEP`).
const RAM_STEP_GB: f64 = 64.0;

/// A figure of the sized cluster the user can step.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum CustomiseStep {
    /// Hosts in the cluster (a stretched cluster: one per site).
    Hosts,
    /// Capacity devices in every disk group (vSAN OSA) or NVMe devices
    /// per host (vSAN ESA).
    DevicesPerDiskGroup,
    /// Disk groups per host (vSAN OSA).
    DiskGroups,
    RamGb,
    CoresPerSocket,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum StepDirection {
    Up,
    Down,
}

/// One step the user asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(deny_unknown_fields)]
pub struct StepTaken {
    pub step: CustomiseStep,
    pub direction: StepDirection,
}

/// A figure the user can step, as it stands and as the search proposed it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct StepValue {
    pub step: CustomiseStep,
    /// As the cluster's kind calls it, e.g. "NVMe devices per host".
    pub label: &'static str,
    pub value: f64,
    /// The figure in the proposed design.
    pub optimum: f64,
    /// What one step adds or removes, in the figure's unit.
    pub increment: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub unit: Option<&'static str>,
    /// Why a step is this size, where that is a modelling choice.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub source: Option<&'static str>,
}

/// The steps a cluster of this kind has.
fn steps_of(storage: &Storage) -> &'static [CustomiseStep] {
    use CustomiseStep::*;
    match storage {
        Storage::VsanOsa { .. } => &[
            Hosts,
            DevicesPerDiskGroup,
            DiskGroups,
            RamGb,
            CoresPerSocket,
        ],
        Storage::VsanEsa(_) => &[Hosts, DevicesPerDiskGroup, RamGb, CoresPerSocket],
        Storage::XtremioVplex(_) => &[Hosts, RamGb, CoresPerSocket],
    }
}

fn label(storage: &Storage, step: CustomiseStep) -> &'static str {
    match step {
        CustomiseStep::Hosts => "Hosts",
        // An ESA host has a storage pool, not disk groups.
        CustomiseStep::DevicesPerDiskGroup if matches!(storage, Storage::VsanEsa(_)) => {
            "NVMe devices per host"
        }
        CustomiseStep::DevicesPerDiskGroup => "Devices per disk group",
        CustomiseStep::DiskGroups => "Disk groups per host",
        CustomiseStep::RamGb => "RAM per host",
        CustomiseStep::CoresPerSocket => "Cores per socket",
    }
}

/// The figure a step changes, as the user reads it; None for a step the
/// cluster's kind does not have.
fn value(cluster: &Cluster, step: CustomiseStep) -> Option<f64> {
    let storage = &cluster.storage;
    Some(match (step, storage) {
        (CustomiseStep::Hosts, _) => f64::from(cluster.topology.host_count()),
        (CustomiseStep::DevicesPerDiskGroup, Storage::VsanEsa(esa)) => {
            f64::from(esa.devices_per_host)
        }
        // The disk groups of a design are alike: the first stands for all.
        (CustomiseStep::DevicesPerDiskGroup, Storage::VsanOsa { disk_groups, .. }) => {
            f64::from(disk_groups.first()?.capacity_device_count)
        }
        (CustomiseStep::DiskGroups, Storage::VsanOsa { disk_groups, .. }) => {
            disk_groups.len() as f64
        }
        (CustomiseStep::RamGb, _) => cluster.host.ram_gb,
        (CustomiseStep::CoresPerSocket, _) => f64::from(cluster.host.cores_per_socket),
        _ => return None,
    })
}

/// What one step adds or removes, and the source where its size is a choice.
fn increment(cluster: &Cluster, step: CustomiseStep) -> (f64, Option<&'static str>) {
    match (step, &cluster.topology) {
        (CustomiseStep::Hosts, Topology::Stretched { .. }) => {
            (2.0, Some(source::STRETCHED_HOST_STEP))
        }
        (CustomiseStep::RamGb, _) => (RAM_STEP_GB, Some(source::RAM_STEP)),
        _ => (1.0, None),
    }
}

fn unit(step: CustomiseStep) -> Option<&'static str> {
    (step == CustomiseStep::RamGb).then_some("GB")
}

/// The steps of `cluster`'s kind with their values now and in `optimum`.
pub(super) fn step_values(optimum: &Cluster, cluster: &Cluster) -> Vec<StepValue> {
    steps_of(&cluster.storage)
        .iter()
        .filter_map(|&step| {
            let (increment, source) = increment(cluster, step);
            Some(StepValue {
                step,
                label: label(&cluster.storage, step),
                value: value(cluster, step)?,
                optimum: value(optimum, step)?,
                increment,
                unit: unit(step),
                source,
            })
        })
        .collect()
}

/// The net change of each figure from `optimum` ("Hosts: 4 → 6"), one
/// line per figure that differs, in the steps' order: what a report says
/// of how the proposal was customised.
pub(super) fn changes(optimum: &Cluster, cluster: &Cluster) -> Vec<String> {
    step_values(optimum, cluster)
        .into_iter()
        .filter(|s| s.value != s.optimum)
        .map(|s| {
            let unit = s.unit.map_or_else(String::new, |u| format!(" {u}"));
            format!("{}: {} → {}{unit}", s.label, s.optimum, s.value)
        })
        .collect()
}

/// `cluster` with `taken` applied; `path` is the cluster's JSON path, for
/// the issue of a step its kind does not have.
pub(super) fn take(cluster: &mut Cluster, taken: StepTaken, path: &str) -> Result<(), InputIssue> {
    let by: i32 = match taken.direction {
        StepDirection::Up => 1,
        StepDirection::Down => -1,
    };
    let kind = &cluster.storage;
    let not_a_step = InputIssue::new(
        "step",
        format!(
            "must be a step of {path}'s kind ({}), not {}",
            steps_of(kind)
                .iter()
                .map(|&s| label(kind, s))
                .collect::<Vec<_>>()
                .join(", "),
            label(kind, taken.step)
        ),
    );
    let storage = &mut cluster.storage;
    let moved = match taken.step {
        CustomiseStep::Hosts => match &mut cluster.topology {
            Topology::Single { host_count } => moved(host_count, by),
            Topology::Stretched { hosts_per_site, .. } => moved(hosts_per_site, by),
        },
        CustomiseStep::DevicesPerDiskGroup => match storage {
            Storage::VsanEsa(esa) => moved(&mut esa.devices_per_host, by),
            Storage::VsanOsa { disk_groups, .. } => disk_groups
                .iter_mut()
                .all(|g| moved(&mut g.capacity_device_count, by)),
            Storage::XtremioVplex(_) => return Err(not_a_step),
        },
        CustomiseStep::DiskGroups => {
            let Storage::VsanOsa { disk_groups, .. } = storage else {
                return Err(not_a_step);
            };
            match taken.direction {
                // Disk groups of a design are alike: a new one copies the first.
                StepDirection::Up => match disk_groups.first() {
                    Some(first) => {
                        disk_groups.push(first.clone());
                        true
                    }
                    None => false,
                },
                StepDirection::Down => disk_groups.pop().is_some(),
            }
        }
        CustomiseStep::RamGb => {
            cluster.host.ram_gb += f64::from(by) * RAM_STEP_GB;
            true
        }
        CustomiseStep::CoresPerSocket => moved(&mut cluster.host.cores_per_socket, by),
    };
    if moved {
        Ok(())
    } else {
        // Only an input already at 0 (or without disk groups) gets here.
        let direction = match taken.direction {
            StepDirection::Up => "up",
            StepDirection::Down => "down",
        };
        Err(InputIssue::new(
            path,
            format!(
                "cannot step {} {direction}: it has none",
                label(&cluster.storage, taken.step).to_lowercase()
            ),
        ))
    }
}

/// Moves a count by one; false when it would go below zero.
fn moved(count: &mut u32, by: i32) -> bool {
    match count.checked_add_signed(by) {
        Some(next) => {
            *count = next;
            true
        }
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Project;

    fn example(text: &str) -> Cluster {
        let project: Project = crate::parse_project(text).expect("the example parses");
        project.clusters[0].clone()
    }

    fn seed_001() -> Cluster {
        example(include_str!(
            "../../../../assets/examples/seed-001-all-flash-sql.json"
        ))
    }

    fn stepped(cluster: &Cluster, step: CustomiseStep, direction: StepDirection) -> Cluster {
        let mut c = cluster.clone();
        take(&mut c, StepTaken { step, direction }, "clusters[0]").expect("a step of this kind");
        c
    }

    #[test]
    fn each_step_of_a_vsan_osa_cluster_moves_its_figure_and_back() {
        let cluster = seed_001();
        let steps: Vec<_> = step_values(&cluster, &cluster)
            .iter()
            .map(|s| (s.step, s.increment))
            .collect();
        assert_eq!(
            steps,
            [
                (CustomiseStep::Hosts, 1.0),
                (CustomiseStep::DevicesPerDiskGroup, 1.0),
                (CustomiseStep::DiskGroups, 1.0),
                (CustomiseStep::RamGb, 64.0),
                (CustomiseStep::CoresPerSocket, 1.0),
            ]
        );
        for (step, by) in steps {
            let more = stepped(&cluster, step, StepDirection::Up);
            assert_eq!(value(&more, step), value(&cluster, step).map(|v| v + by));
            assert_eq!(stepped(&more, step, StepDirection::Down), cluster);
        }
    }

    #[test]
    fn a_new_disk_group_copies_the_first_and_devices_move_in_every_group() {
        let cluster = stepped(&seed_001(), CustomiseStep::DiskGroups, StepDirection::Up);
        let Storage::VsanOsa { disk_groups, .. } = &cluster.storage else {
            panic!("vSAN OSA")
        };
        assert_eq!(disk_groups.last(), disk_groups.first());
        let more = stepped(
            &cluster,
            CustomiseStep::DevicesPerDiskGroup,
            StepDirection::Up,
        );
        let Storage::VsanOsa {
            disk_groups: more, ..
        } = &more.storage
        else {
            panic!("vSAN OSA")
        };
        assert!(more
            .iter()
            .zip(disk_groups)
            .all(|(m, g)| m.capacity_device_count == g.capacity_device_count + 1));
    }

    #[test]
    fn a_stretched_cluster_grows_one_host_per_site_and_says_why() {
        let cluster = example(include_str!(
            "../../../../assets/examples/seed-001-stretched.json"
        ));
        let grown = stepped(&cluster, CustomiseStep::Hosts, StepDirection::Up);
        assert_eq!(
            grown.topology.host_count(),
            cluster.topology.host_count() + 2
        );
        let hosts = &step_values(&cluster, &grown)[0];
        assert_eq!((hosts.value - hosts.optimum, hosts.increment), (2.0, 2.0));
        assert_eq!(hosts.source, Some(source::STRETCHED_HOST_STEP));
    }

    #[test]
    fn an_esa_pool_steps_its_nvme_devices_and_has_no_disk_groups() {
        let esa = example(include_str!(
            "../../../../assets/examples/esa-all-nvme.json"
        ));
        let values = step_values(&esa, &esa);
        assert!(values.iter().all(|s| s.step != CustomiseStep::DiskGroups));
        assert_eq!(values[1].label, "NVMe devices per host");
        let pool = stepped(&esa, CustomiseStep::DevicesPerDiskGroup, StepDirection::Up);
        assert_eq!(step_values(&esa, &pool)[1].value, values[1].value + 1.0);
        let mut same = esa.clone();
        let issue = take(
            &mut same,
            StepTaken {
                step: CustomiseStep::DiskGroups,
                direction: StepDirection::Up,
            },
            "clusters[0]",
        )
        .expect_err("ESA has no disk groups");
        assert_eq!(issue.path, "step");
        assert!(issue.message.contains("clusters[0]"), "{}", issue.message);
    }

    #[test]
    fn changes_are_the_net_change_of_each_figure_in_step_order() {
        let optimum = seed_001();
        let hosts = f64::from(optimum.topology.host_count());
        let ram = optimum.host.ram_gb;
        let up = |c: &Cluster, s| stepped(c, s, StepDirection::Up);
        let once = up(&up(&optimum, CustomiseStep::RamGb), CustomiseStep::Hosts);
        let twice = up(&once, CustomiseStep::Hosts);
        assert_eq!(
            changes(&optimum, &twice),
            [
                format!("Hosts: {hosts} → {}", hosts + 2.0),
                format!("RAM per host: {ram} → {} GB", ram + 64.0),
            ]
        );
        let back = stepped(
            &stepped(&twice, CustomiseStep::Hosts, StepDirection::Down),
            CustomiseStep::Hosts,
            StepDirection::Down,
        );
        assert_eq!(
            changes(&optimum, &back),
            [format!("RAM per host: {ram} → {} GB", ram + 64.0)]
        );
        assert!(changes(&optimum, &optimum).is_empty());
    }

    #[test]
    fn a_count_at_zero_is_not_stepped_below_it() {
        let mut cluster = seed_001();
        cluster.topology = Topology::Single { host_count: 0 };
        let issue = take(
            &mut cluster,
            StepTaken {
                step: CustomiseStep::Hosts,
                direction: StepDirection::Down,
            },
            "clusters[0]",
        )
        .expect_err("no host to remove");
        assert_eq!(issue.path, "clusters[0]");
        assert_eq!(cluster.topology.host_count(), 0);
    }
}
