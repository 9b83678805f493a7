//! What a workload stores before vSAN protects it: its data (with AG and
//! DAG copies, which are separate VMs), grown over the planning horizon,
//! and its VMs' swap objects.

use serde::Serialize;

use crate::model::{DedupRatios, SqlDeployment, WorkloadSpec};
use crate::source;

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct Footprint {
    /// Data today, in decimal GB, every application-level copy included.
    pub data_gb: f64,
    /// Data at the end of the planning horizon.
    pub grown_gb: f64,
    /// VM swap objects (one per VM: its configured memory minus its reservation).
    pub swap_gb: f64,
    /// Memory reserved over the VMs, which their swap objects leave out.
    pub reserved_memory_gb: f64,
    /// VMs holding the data (an AG secondary is a VM of its own).
    pub vms: u32,
    pub source: &'static str,
    pub growth_source: &'static str,
    pub swap_source: &'static str,
}

impl Footprint {
    /// Everything the workload's VMs consume before protection.
    pub fn logical_gb(&self) -> f64 {
        self.grown_gb + self.swap_gb
    }
}

/// Compound growth: `(1 + pct / 100) ^ years`, the product of one year's
/// growth after another, as `growth_by_year` gives every year's factor:
/// the growth timeline builds its table of each workload's years with one
/// multiplication per entry (`powi` was a twentieth of `evaluate` on large
/// projects), and the two agree to the bit. Validation keeps the horizon
/// to 10 years.
pub fn growth_factor(annual_growth_pct: f64, years: u32) -> f64 {
    let per_year = one_year_growth(annual_growth_pct);
    (0..years).fold(1.0, |g, _| g * per_year)
}

/// The growth factor of year 0 (1), 1, 2 and on.
pub fn growth_by_year(annual_growth_pct: f64) -> impl Iterator<Item = f64> {
    let per_year = one_year_growth(annual_growth_pct);
    std::iter::successors(Some(1.0), move |g| Some(g * per_year))
}

fn one_year_growth(annual_growth_pct: f64) -> f64 {
    1.0 + annual_growth_pct / 100.0
}

/// The workload's data growth per year, in %.
pub fn annual_growth_pct(spec: &WorkloadSpec) -> f64 {
    match spec {
        WorkloadSpec::SqlServer {
            annual_growth_pct, ..
        }
        | WorkloadSpec::Exchange {
            annual_growth_pct, ..
        }
        | WorkloadSpec::FileServer {
            annual_growth_pct, ..
        }
        | WorkloadSpec::VmGroup {
            annual_growth_pct, ..
        } => *annual_growth_pct,
    }
}

/// Full copies an application keeps of each database: AG replicas for SQL
/// Server, DAG copies for Exchange, one otherwise.
pub fn application_copies(spec: &WorkloadSpec) -> u32 {
    match spec {
        WorkloadSpec::SqlServer {
            deployment: SqlDeployment::AvailabilityGroup { replicas, .. },
            ..
        } => *replicas,
        WorkloadSpec::Exchange {
            database_copies, ..
        } => *database_copies,
        _ => 1,
    }
}

pub fn footprint(spec: &WorkloadSpec, horizon_years: u32) -> Footprint {
    let copies = application_copies(spec);
    let (data_gb, growth_pct, vms, ram_gb, source) = match spec {
        WorkloadSpec::SqlServer {
            vm_count,
            ram_gb_per_vm,
            db_size_gb,
            log_size_gb,
            tempdb_size_gb,
            annual_growth_pct,
            ..
        } => (
            // Each instance (and each AG replica) has its own data, log and
            // tempdb disks; an FCI's nodes share one set.
            (db_size_gb + log_size_gb + tempdb_size_gb) * f64::from(*vm_count) * f64::from(copies),
            *annual_growth_pct,
            vm_count.saturating_mul(copies),
            *ram_gb_per_vm,
            source::SQL_FOOTPRINT,
        ),
        WorkloadSpec::Exchange {
            vm_count,
            ram_gb_per_vm,
            mailboxes,
            mailbox_gb,
            annual_growth_pct,
            ..
        } => (
            f64::from(*mailboxes) * mailbox_gb * f64::from(copies),
            *annual_growth_pct,
            *vm_count,
            *ram_gb_per_vm,
            source::EXCHANGE_FOOTPRINT,
        ),
        WorkloadSpec::FileServer {
            vm_count,
            ram_gb_per_vm,
            capacity_gb,
            annual_growth_pct,
            ..
        } => (
            *capacity_gb,
            *annual_growth_pct,
            *vm_count,
            *ram_gb_per_vm,
            source::FILE_SERVER_FOOTPRINT,
        ),
        WorkloadSpec::VmGroup {
            vm_count,
            ram_gb_per_vm,
            disk_gb_per_vm,
            annual_growth_pct,
            ..
        } => (
            disk_gb_per_vm * f64::from(*vm_count),
            *annual_growth_pct,
            *vm_count,
            *ram_gb_per_vm,
            source::VM_GROUP_FOOTPRINT,
        ),
    };
    Footprint {
        data_gb,
        grown_gb: data_gb * growth_factor(growth_pct, horizon_years),
        swap_gb: (ram_gb - spec.memory_reservation_gb()) * f64::from(vms),
        reserved_memory_gb: spec.memory_reservation_gb() * f64::from(vms),
        vms,
        source,
        growth_source: source::GROWTH,
        swap_source: source::VM_SWAP,
    }
}

/// The expected dedup+compression ratio for a workload's kind, with its source.
pub fn dedup_ratio(spec: &WorkloadSpec, ratios: &DedupRatios) -> (f64, &'static str) {
    let defaults = DedupRatios::default();
    let (ratio, default) = match spec {
        WorkloadSpec::SqlServer { .. } => (ratios.sql_server, defaults.sql_server),
        WorkloadSpec::Exchange { .. } => (ratios.exchange, defaults.exchange),
        WorkloadSpec::FileServer { .. } => (ratios.file_server, defaults.file_server),
        WorkloadSpec::VmGroup { .. } => (ratios.vm_group, defaults.vm_group),
    };
    let source = if ratio != default {
        source::DEDUP_RATIO_ENTERED
    } else if matches!(spec, WorkloadSpec::SqlServer { .. }) {
        source::DEDUP_RATIO_SQL
    } else {
        source::DEDUP_RATIO_UNPUBLISHED
    };
    (ratio, source)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::CommitMode;

    fn sql(vm_count: u32, deployment: SqlDeployment) -> WorkloadSpec {
        WorkloadSpec::SqlServer {
            vm_count,
            vcpu_per_vm: 24,
            ram_gb_per_vm: 80.0,
            memory_reservation_gb_per_vm: None,
            db_size_gb: 400.0,
            log_size_gb: 100.0,
            tempdb_size_gb: 80.0,
            annual_growth_pct: 0.0,
            working_set_pct: 20.0,
            target_iops: 10_000.0,
            read_pct: 90.0,
            io_size_kb: 8.0,
            deployment,
        }
    }

    #[test]
    fn seed_001_sql_vm_disks_without_the_os_disk() {
        // Seed 001, Database VM and Disk Layout: 2 x 200 GB data + 100 GB log
        // + 80 GB tempdb per 200 GB-database VM (680 GB with the 100 GB OS
        // disk, which the model does not carry). Two such VMs.
        let f = footprint(&sql(2, SqlDeployment::Standalone), 3);
        assert_eq!(f.data_gb, 2.0 * 580.0);
        assert_eq!(f.grown_gb, f.data_gb);
        assert_eq!(f.swap_gb, 160.0);
        assert_eq!(f.vms, 2);
    }

    #[test]
    fn availability_group_replicas_are_full_copies_with_their_own_swap() {
        let ag = SqlDeployment::AvailabilityGroup {
            replicas: 2,
            commit: CommitMode::Sync,
        };
        let f = footprint(&sql(1, ag), 3);
        assert_eq!(f.data_gb, 2.0 * 580.0);
        assert_eq!(f.vms, 2);
        assert_eq!(f.swap_gb, 160.0);
    }

    #[test]
    fn reserved_memory_leaves_the_swap_object() {
        // Seed 000 reserves the SQL Server VMs' memory: 48 of 80 GB reserved
        // leaves a 32 GB swap object per VM; all of it reserved, none.
        let reserved = |gb: f64| {
            let mut spec = sql(2, SqlDeployment::Standalone);
            if let WorkloadSpec::SqlServer {
                memory_reservation_gb_per_vm,
                ..
            } = &mut spec
            {
                *memory_reservation_gb_per_vm = Some(gb);
            }
            let f = footprint(&spec, 3);
            (f.swap_gb, f.reserved_memory_gb)
        };
        assert_eq!(reserved(48.0), (64.0, 96.0));
        assert_eq!(reserved(80.0), (0.0, 160.0));
        assert_eq!(reserved(0.0), (160.0, 0.0));
    }

    #[test]
    fn failover_cluster_nodes_share_one_set_of_disks() {
        let fci = SqlDeployment::FailoverCluster { iscsi_target: true };
        assert_eq!(footprint(&sql(1, fci), 3).data_gb, 580.0);
    }

    #[test]
    fn seed_003_exchange_mailboxes_times_dag_copies() {
        // Seed 003 Table 6: 16,000 mailboxes x 1 GB, 2 database copies.
        let spec = WorkloadSpec::seed_003_exchange();
        let f = footprint(&spec, 3);
        assert_eq!(f.data_gb, 32_000.0);
        assert_eq!(f.swap_gb, 128.0);
    }

    #[test]
    fn growth_compounds_over_the_horizon() {
        assert!((growth_factor(10.0, 3) - 1.331).abs() < 1e-12);
        assert_eq!(growth_factor(0.0, 10), 1.0);
        let spec = WorkloadSpec::VmGroup {
            vm_count: 10,
            vcpu_per_vm: 2,
            ram_gb_per_vm: 8.0,
            memory_reservation_gb_per_vm: None,
            disk_gb_per_vm: 100.0,
            iops_per_vm: 50.0,
            read_pct: 70.0,
            annual_growth_pct: 20.0,
        };
        let f = footprint(&spec, 2);
        assert!((f.grown_gb - 1000.0 * 1.44).abs() < 1e-9);
        assert!((f.logical_gb() - (1440.0 + 80.0)).abs() < 1e-9);
    }

    #[test]
    fn dedup_ratio_names_its_source() {
        let spec = sql(1, SqlDeployment::Standalone);
        let (ratio, source) = dedup_ratio(&spec, &DedupRatios::default());
        assert_eq!(ratio, 2.27);
        assert!(source.starts_with("seed 001"));
        let entered = DedupRatios {
            sql_server: 1.8,
            ..DedupRatios::default()
        };
        assert_eq!(
            dedup_ratio(&spec, &entered),
            (1.8, source::DEDUP_RATIO_ENTERED)
        );
    }
}
