//! The project as the search sees it: the one cluster being sized, its
//! workloads (kept as the user entered them) and the workload classes whose
//! protection varies; and the candidate projects a design becomes.
//!
//! Candidates are evaluated on the project reduced to that cluster:
//! `evaluate` sizes each cluster on its own, so the other clusters cannot
//! change its findings, and they cannot hide among them either. The design
//! a user opens is the whole project with the cluster replaced.

use crate::model::{
    Cluster, Device, DiskGroup, FreeSpaceModel, Id, Project, Storage, StoragePolicy, Topology,
    VsanEsa, XtremioVplex,
};

use super::options::ProtectionChoice;
use super::space::{DeviceChoice, HostChoice, Layout, XBrickChoice};

#[derive(Debug, Clone)]
pub struct Base {
    original: Project,
    cluster_index: usize,
    /// Settings, every policy, this cluster's workloads, and the cluster.
    reduced: Project,
    /// Indices in `reduced.policies` of the policies the cluster's
    /// workloads use, in order of first use: the workload classes.
    pub classes: Vec<usize>,
    /// The array settings a design keeps when the cluster already is an
    /// XtremIO + VPLEX design (data reduction, volume placement, VPLEX cache).
    array_settings: Option<XtremioVplex>,
    /// The pool settings an ESA design keeps when the cluster already is
    /// an ESA design (compression ratio, free-space model, vSAN memory).
    esa_settings: Option<VsanEsa>,
}

/// A vSAN ESA configuration short of its host count: every class gets
/// `protection`.
#[derive(Debug, Clone, Copy)]
pub struct EsaConfig<'a> {
    pub host: &'a HostChoice,
    pub device: &'a DeviceChoice,
    pub devices_per_host: u32,
    pub protection: ProtectionChoice,
}

/// An XtremIO + VPLEX storage configuration, per site.
#[derive(Debug, Clone, Copy)]
pub struct ArrayConfig<'a> {
    pub x_brick: &'a XBrickChoice,
    pub x_bricks: u32,
    pub engines: u32,
}

/// A vSAN configuration short of its host count.
#[derive(Debug, Clone, Copy)]
pub struct VsanConfig<'a> {
    pub host: &'a HostChoice,
    pub layout: Layout,
    pub cache: &'a DeviceChoice,
    pub capacity: &'a DeviceChoice,
    pub dedup: bool,
    pub protections: &'a [ProtectionChoice],
}

impl Base {
    /// The cluster named by `cluster_id` (the first when absent), or why
    /// there is nothing to size.
    pub fn new(project: &Project, cluster_id: Option<&str>) -> Result<Base, String> {
        let cluster_index = match cluster_id {
            Some(id) => project
                .clusters
                .iter()
                .position(|c| c.id == id)
                .ok_or_else(|| format!("the project has no cluster \"{id}\""))?,
            None if project.clusters.is_empty() => {
                return Err("the project has no cluster to size".into())
            }
            None => 0,
        };
        let cluster = project.clusters[cluster_index].clone();
        let workloads: Vec<_> = project
            .workloads
            .iter()
            .filter(|w| w.cluster_id == cluster.id)
            .cloned()
            .collect();
        if workloads.is_empty() {
            return Err(format!(
                "cluster \"{}\" has no workloads to size it for",
                cluster.name
            ));
        }
        let mut classes: Vec<usize> = Vec::new();
        for w in &workloads {
            if let Some(i) = project.policies.iter().position(|p| p.id == w.policy_id) {
                if !classes.contains(&i) {
                    classes.push(i);
                }
            }
        }
        let array_settings = match &cluster.storage {
            Storage::XtremioVplex(a) => Some(a.clone()),
            Storage::VsanOsa { .. } | Storage::VsanEsa(_) => None,
        };
        let esa_settings = match &cluster.storage {
            Storage::VsanEsa(e) => Some(e.clone()),
            Storage::VsanOsa { .. } | Storage::XtremioVplex(_) => None,
        };
        let reduced = Project {
            devices: Vec::new(),
            // Scenarios are the user's other designs, not this search's input.
            scenarios: Vec::new(),
            clusters: vec![cluster],
            workloads,
            ..project.clone()
        };
        Ok(Base {
            original: project.clone(),
            cluster_index,
            reduced,
            classes,
            array_settings,
            esa_settings,
        })
    }

    /// Where the sized cluster sits in the project.
    pub fn cluster_index(&self) -> usize {
        self.cluster_index
    }

    pub fn reduced(&self) -> &Project {
        &self.reduced
    }

    pub fn cluster(&self) -> &Cluster {
        &self.reduced.clusters[0]
    }

    pub fn stretched(&self) -> bool {
        matches!(self.cluster().topology, Topology::Stretched { .. })
    }

    pub fn site_mirrored(&self) -> bool {
        self.cluster().topology.site_mirrored()
    }

    /// Hosts in the cluster per unit of size: a stretched design is sized
    /// by hosts per site.
    pub fn hosts_per_size(&self) -> u32 {
        if self.stretched() {
            2
        } else {
            1
        }
    }

    /// The project's topology with `size` hosts (per site when stretched).
    pub fn topology(&self, size: u32) -> Topology {
        match self.cluster().topology.clone() {
            Topology::Single { .. } => Topology::Single { host_count: size },
            Topology::Stretched {
                inter_site_rtt_ms,
                inter_site_link_gbps,
                witness_rtt_ms,
                witness_link_mbps,
                site_mirroring,
                ..
            } => Topology::Stretched {
                hosts_per_site: size,
                inter_site_rtt_ms,
                inter_site_link_gbps,
                witness_rtt_ms,
                witness_link_mbps,
                site_mirroring,
            },
        }
    }

    /// The reduced project with each class given its protection: its
    /// policies, and its workloads pointing at them. A policy whose id
    /// states another protection gets a new id, as its name gets a new
    /// name: a label contradicting the policy misleads whoever reads it.
    fn protected(&self, protections: &[ProtectionChoice]) -> Project {
        let mut project = self.reduced.clone();
        for (&i, &choice) in self.classes.iter().zip(protections) {
            let (method, ftt) = choice.method_and_ftt();
            let p = &project.policies[i];
            if (p.method, p.ftt) == (method, ftt) {
                continue;
            }
            let states =
                |label: &str| crate::demand::protection::stated_protection(label) != (None, None);
            let name = if states(&p.name) {
                choice.label().to_string()
            } else {
                format!("{} ({})", choice.label(), p.name)
            };
            let old = p.id.clone();
            let id = if states(&p.id) {
                let stem = choice.slug();
                (1..)
                    .map(|n| Id::from(format!("{stem}-{n}")))
                    .find(|id| project.policies.iter().all(|q| &q.id != id))
                    .unwrap_or_else(|| old.clone())
            } else {
                old.clone()
            };
            for w in project.workloads.iter_mut().filter(|w| w.policy_id == old) {
                w.policy_id = id.clone();
            }
            let p = &mut project.policies[i];
            (p.id, p.name, p.method, p.ftt) = (id, name, method, ftt);
        }
        project
    }

    /// The reduced project with a vSAN cluster of `size` hosts (per site).
    pub fn vsan_project(&self, config: &VsanConfig, size: u32) -> Project {
        let mut devices = vec![config.cache.device.clone()];
        if config.capacity.device.id != config.cache.device.id {
            devices.push(config.capacity.device.clone());
        }
        let group = DiskGroup {
            cache_device: config.cache.device.id.clone(),
            capacity_device: config.capacity.device.id.clone(),
            capacity_device_count: config.layout.devices,
        };
        let cluster = Cluster {
            host: config.host.spec.clone(),
            topology: self.topology(size),
            storage: Storage::VsanOsa {
                disk_groups: vec![group; config.layout.groups as usize],
                dedup_compression: config.dedup,
            },
            ..self.cluster().clone()
        };
        Project {
            devices,
            clusters: vec![cluster],
            ..self.protected(config.protections)
        }
    }

    /// The reduced project with a vSAN ESA cluster of `size` hosts. A
    /// cluster that was not ESA gets the model's defaults: no compression
    /// saving, reserved capacity by the documented model with the host
    /// rebuild reserve.
    pub fn esa_project(&self, config: &EsaConfig, size: u32) -> Project {
        let settings = self.esa_settings.clone().unwrap_or_else(|| VsanEsa {
            device: String::new(),
            devices_per_host: 0,
            compression_ratio: 1.0,
            free_space: FreeSpaceModel::default(),
            operations_reserve_pct: None,
            host_rebuild_reserve: true,
            vsan_memory_gb: None,
        });
        let cluster = Cluster {
            host: config.host.spec.clone(),
            topology: self.topology(size),
            storage: Storage::VsanEsa(VsanEsa {
                device: config.device.device.id.clone(),
                devices_per_host: config.devices_per_host,
                ..settings
            }),
            ..self.cluster().clone()
        };
        Project {
            devices: vec![config.device.device.clone()],
            clusters: vec![cluster],
            ..self.protected(&vec![config.protection; self.classes.len()])
        }
    }

    /// The reduced project with an XtremIO + VPLEX cluster of `size` hosts
    /// per site. A cluster that was not an array design gets the seed 004
    /// defaults: Metro, Table 4's data reduction, every volume distributed.
    pub fn array_project(&self, array: &ArrayConfig, host: &HostChoice, size: u32) -> Project {
        let settings = self.array_settings.clone().unwrap_or_else(|| XtremioVplex {
            x_brick_model: String::new(),
            x_bricks_per_site: 0,
            vplex_engines: 0,
            vplex_engine: None,
            x_brick_unit_price: None,
            vplex_engine_unit_price: None,
            replication: Default::default(),
            data_reduction: Default::default(),
            vplex_read_cache_hit_pct: crate::model::default_read_cache_hit_pct(),
            volumes: Vec::new(),
        });
        let cluster = Cluster {
            host: host.spec.clone(),
            topology: self.topology(size),
            storage: Storage::XtremioVplex(XtremioVplex {
                x_brick_model: array.x_brick.model.id.to_string(),
                x_bricks_per_site: array.x_bricks,
                vplex_engines: array.engines,
                ..settings
            }),
            ..self.cluster().clone()
        };
        Project {
            clusters: vec![cluster],
            ..self.reduced.clone()
        }
    }

    /// The whole project with the sized cluster replaced by the candidate's:
    /// what a user opens as an editable variant. Devices and policies the
    /// other clusters use are left as they were.
    pub fn full_project(&self, candidate: &Project) -> Project {
        let mut project = self.original.clone();
        let mut cluster = candidate.clusters[0].clone();
        let renames = merge_devices(&mut project.devices, &candidate.devices);
        let renamed = |id: &mut String| {
            if let Some((_, to)) = renames.iter().find(|(from, _)| from == id) {
                *id = to.clone();
            }
        };
        match &mut cluster.storage {
            Storage::VsanOsa { disk_groups, .. } => {
                for g in disk_groups {
                    renamed(&mut g.cache_device);
                    renamed(&mut g.capacity_device);
                }
            }
            Storage::VsanEsa(e) => renamed(&mut e.device),
            Storage::XtremioVplex(_) => {}
        }
        for &i in &self.classes {
            let chosen = &candidate.policies[i];
            let original = &self.original.policies[i].id;
            if *chosen == self.original.policies[i] {
                continue;
            }
            let shared = self
                .original
                .workloads
                .iter()
                .any(|w| w.cluster_id != cluster.id && &w.policy_id == original);
            let id = if shared {
                Id::from(format!("{}-{}", chosen.id, cluster.id))
            } else {
                chosen.id.clone()
            };
            for w in project
                .workloads
                .iter_mut()
                .filter(|w| w.cluster_id == cluster.id && &w.policy_id == original)
            {
                w.policy_id = id.clone();
            }
            let policy = StoragePolicy {
                id,
                ..chosen.clone()
            };
            if shared {
                project.policies.push(policy);
            } else {
                project.policies[i] = policy;
            }
        }
        project.clusters[self.cluster_index] = cluster;
        project
    }
}

/// Adds the candidate's devices to the project's. A project device with
/// the same id but other figures keeps its id; the candidate's is renamed
/// (returned as from -> to pairs).
fn merge_devices(devices: &mut Vec<Device>, added: &[Device]) -> Vec<(String, String)> {
    let mut renames = Vec::new();
    for d in added {
        match devices.iter().find(|e| e.id == d.id) {
            Some(existing) if existing == d => {}
            Some(_) => {
                let id = (1..)
                    .map(|n| format!("{}-catalog-{n}", d.id))
                    .find(|id| devices.iter().all(|e| &e.id != id))
                    .unwrap_or_default();
                renames.push((d.id.clone(), id.clone()));
                devices.push(Device { id, ..d.clone() });
            }
            None => devices.push(d.clone()),
        }
    }
    renames
}
