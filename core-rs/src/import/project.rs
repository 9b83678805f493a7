//! A complete, valid project around imported workloads: one vSAN cluster
//! built from the catalog's default parts and one RAID-1 policy. It is a
//! starting point to evaluate and refine (or hand to the design search),
//! not a sizing: the host count is the smallest a mirrored policy runs on.

use crate::catalog::Catalog;
use crate::model::issue::InputIssue;
use crate::model::{
    Cluster, DiskGroup, Project, ProtectionMethod, Settings, Storage, StoragePolicy, Topology,
    Workload, SCHEMA_VERSION,
};
use crate::validate::validate;

pub const STARTER_CLUSTER_ID: &str = "imported";
pub const STARTER_POLICY_ID: &str = "raid1-ftt1";
/// RAID-1 FTT=1 needs 3 hosts, plus one so components can rebuild after a
/// host failure (source::SPARE_HOST).
const STARTER_HOSTS: u32 = 4;
const STARTER_DISK_GROUPS: usize = 2;
const STARTER_CAPACITY_DEVICES: u32 = 4;

/// Builds the project; the workloads must name [`STARTER_CLUSTER_ID`] and
/// [`STARTER_POLICY_ID`]. Every problem is returned, with its JSON path.
pub fn starter_project(
    name: &str,
    description: &str,
    workloads: Vec<Workload>,
    catalog: &Catalog,
) -> Result<Project, Vec<InputIssue>> {
    project_with_clusters(name, description, workloads, catalog, |_| Vec::new())
}

/// The starter project with more clusters, made from its starter cluster
/// (baselines of existing hosts); the workloads may name any of them. With
/// more clusters, the starter cluster is left out when no workload runs there.
pub fn project_with_clusters(
    name: &str,
    description: &str,
    workloads: Vec<Workload>,
    catalog: &Catalog,
    more: impl FnOnce(&Cluster) -> Vec<Cluster>,
) -> Result<Project, Vec<InputIssue>> {
    let missing = |what: &str| {
        vec![InputIssue::new(
            "defaults",
            format!("the catalog names no {what}"),
        )]
    };
    let defaults = catalog
        .defaults
        .as_ref()
        .ok_or_else(|| missing("default parts"))?;
    let part = |id: &str| catalog.part(id);
    let host = part(&defaults.host)
        .and_then(|p| p.to_host_spec())
        .ok_or_else(|| missing("default host"))?;
    let cache = part(&defaults.cache_device)
        .and_then(|p| p.to_device())
        .ok_or_else(|| missing("default cache device"))?;
    let capacity = part(&defaults.capacity_device)
        .and_then(|p| p.to_device())
        .ok_or_else(|| missing("default capacity device"))?;
    let group = DiskGroup {
        cache_device: cache.id.clone(),
        capacity_device: capacity.id.clone(),
        capacity_device_count: STARTER_CAPACITY_DEVICES,
    };
    let devices = if cache.id == capacity.id {
        vec![cache]
    } else {
        vec![cache, capacity]
    };
    let starter = Cluster {
        id: STARTER_CLUSTER_ID.into(),
        name: "Imported workloads".into(),
        host,
        topology: Topology::Single {
            host_count: STARTER_HOSTS,
        },
        storage: Storage::VsanOsa {
            disk_groups: vec![group; STARTER_DISK_GROUPS],
            dedup_compression: false,
        },
    };
    let more = more(&starter);
    let starter_used = workloads.iter().any(|w| w.cluster_id == STARTER_CLUSTER_ID);
    let clusters = if more.is_empty() || starter_used {
        std::iter::once(starter).chain(more).collect()
    } else {
        more
    };
    let project = Project {
        schema_version: SCHEMA_VERSION,
        name: name.to_owned(),
        description: description.to_owned(),
        facts: Default::default(),
        settings: Settings::default(),
        devices,
        clusters,
        policies: vec![StoragePolicy {
            id: STARTER_POLICY_ID.into(),
            name: "RAID-1 FTT=1".into(),
            method: ProtectionMethod::Raid1,
            ftt: 1,
            stripe_width: 1,
            object_space_reservation_pct: 0.0,
            checksum: true,
            iops_limit: None,
            compression: None,
        }],
        workloads,
        pricing: Default::default(),
        scenarios: Vec::new(),
        origin: None,
    };
    let issues = validate(&project);
    if issues.is_empty() {
        Ok(project)
    } else {
        Err(issues)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::shipped_catalog;
    use crate::model::WorkloadSpec;

    fn vm_group(cluster_id: &str) -> Workload {
        Workload {
            id: "w".into(),
            name: "w".into(),
            cluster_id: cluster_id.into(),
            policy_id: STARTER_POLICY_ID.into(),
            spec: WorkloadSpec::VmGroup {
                vm_count: 10,
                vcpu_per_vm: 2,
                ram_gb_per_vm: 8.0,
                memory_reservation_gb_per_vm: None,
                disk_gb_per_vm: 100.0,
                iops_per_vm: 0.0,
                read_pct: 70.0,
                annual_growth_pct: 0.0,
            },
        }
    }

    #[test]
    fn the_starter_project_is_valid_and_evaluates() {
        let p = starter_project(
            "x",
            "",
            vec![vm_group(STARTER_CLUSTER_ID)],
            &shipped_catalog(),
        )
        .unwrap();
        assert_eq!(p.devices.len(), 2);
        assert!(p.devices.iter().all(|d| d.unit_price.is_some()));
        let json = serde_json::to_string(&p).unwrap();
        assert!(matches!(
            crate::evaluate::evaluate_json(&json),
            crate::evaluate::EvaluateOutcome::Evaluated { .. }
        ));
    }

    #[test]
    fn a_workload_on_another_cluster_is_refused_with_its_path() {
        let err =
            starter_project("x", "", vec![vm_group("elsewhere")], &shipped_catalog()).unwrap_err();
        assert_eq!(err[0].path, "workloads[0].cluster_id");
    }

    #[test]
    fn a_catalog_without_defaults_is_refused() {
        let mut catalog = shipped_catalog();
        catalog.defaults = None;
        assert!(starter_project("x", "", vec![], &catalog).is_err());
    }
}
