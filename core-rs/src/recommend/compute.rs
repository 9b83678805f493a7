//! The compute axis every family sizes alike: CPU and RAM with the N+x
//! reserve and, on two sites, with a site down. It depends on the host
//! model and the host count alone, never on the storage, so the vSAN OSA
//! scorer checks it per size (`score`) and the vSAN ESA and XtremIO +
//! VPLEX searches size it apart from their storage (`esa_pool`, `array`).
//!
//! Each rule is decided by the predicate its finding calls in `evaluate`,
//! on the figures it compares there: the workloads' demand
//! (`ComputeDemand`) and a host model's cores and memory for VMs
//! (`HostShape`), each read from `evaluate` once, with the hosts counted by
//! `compute::hosts_after_failure`, `cores_on` and `usable_ram_on`:
//!
//! | finding | constraint | predicate |
//! |---|---|---|
//! | `compute.no_hosts_after_failure` | fault domains | `compute::no_hosts_after_failure` |
//! | `compute.cpu_overcommitted` | CPU | `compute::cpu_overcommitted` |
//! | `compute.cpu_above_ceiling` (a warning) | CPU | `compute::above_ceiling` at `settings.cpu_ceiling_pct` |
//! | `compute.sql_memory_overcommitted`, `compute.memory_overcommitted` | RAM | `compute::memory_overcommitted` |
//! | `compute.memory_high_after_failure` (a warning) | RAM | `compute::above_ceiling` at `settings.ram_ceiling_pct` |
//! | `compute.vm_exceeds_host_memory` | RAM | `compute::vm_exceeds_host_memory` on the largest VM |
//! | `stretched.site_failure_memory` | RAM | `compute::memory_overcommitted` on the surviving site |
//! | `stretched.site_failure_cpu` | CPU | `two_sites::site_cpu_overloaded` |
//! | `stretched.site_failure_cpu_above_ceiling` (a warning) | CPU | `compute::above_ceiling` on the surviving site at `settings.cpu_ceiling_pct` |
//! | `stretched.site_failure_memory_above_ceiling` (a warning) | RAM | `compute::above_ceiling` on the surviving site at `settings.ram_ceiling_pct` |
//!
//! The two ceilings are the user's planning targets, so the search sizes
//! to them although `evaluate` only warns past them: a proposed design
//! keeps CPU and RAM after N+x, and after a site failure, within the
//! project's ceilings.
//!
//! None of them fails at more hosts once it passes (the argument is in
//! `demand::compute`), so a host model's fewest passing hosts are found
//! by bisection. The property tests check each axis against `evaluate`'s
//! findings on generated designs (`recommend/tests.rs`).

use crate::demand::compute::{
    above_ceiling, cores_on, cpu_overcommitted, hosts_after_failure, memory_overcommitted,
    no_hosts_after_failure, usable_ram_on, vm_exceeds_host_memory, vm_shape, ClusterCompute,
};
use crate::model::{HostSpec, Settings, Workload};
use crate::platform::two_sites::site_cpu_overloaded;
use crate::ratio::percent;

use super::base::Base;
use super::requirement::Constraint;
use super::score::Failing;
use super::sizing::bisect;

/// What the workloads ask of the hosts, whatever the design.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ComputeDemand {
    /// Physical cores at the workloads' vCPU:pCore ratios, overhead included.
    pub cores_needed: f64,
    pub ram_demand_gb: f64,
    pub sql_ram_gb: f64,
    /// The largest VM's memory: every VM must fit on one host.
    pub largest_vm_ram_gb: f64,
}

impl ComputeDemand {
    /// The demand `evaluate` computed for the cluster's `workloads`.
    pub fn of(compute: &ClusterCompute, workloads: &[Workload]) -> ComputeDemand {
        ComputeDemand {
            cores_needed: compute.cores_needed,
            ram_demand_gb: compute.ram_demand_gb,
            sql_ram_gb: compute.sql_ram_gb,
            largest_vm_ram_gb: workloads
                .iter()
                .map(|w| vm_shape(&w.spec).1)
                .fold(0.0, f64::max),
        }
    }
}

/// What one host of a model offers the VMs.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct HostShape {
    pub cores: u32,
    /// Host RAM less what vSAN takes (`compute::usable_ram_per_host_gb`).
    pub usable_ram_gb: f64,
}

impl HostShape {
    /// The host as `evaluate` sized it in a candidate's evaluation.
    pub fn of(host: &HostSpec, compute: &ClusterCompute) -> HostShape {
        HostShape {
            cores: host.cores(),
            usable_ram_gb: compute.usable_ram_per_host_gb,
        }
    }
}

/// The compute rules of one cluster's workloads.
#[derive(Debug, Clone, Copy)]
pub struct ComputeAxis {
    pub demand: ComputeDemand,
    pub reserve_hosts: u32,
    /// settings.cpu_ceiling_pct and settings.ram_ceiling_pct.
    pub cpu_ceiling_pct: f64,
    pub ram_ceiling_pct: f64,
    /// Two sites of `size` hosts each, one of which may go down.
    pub two_sites: bool,
}

impl ComputeAxis {
    /// The axis of the search's cluster, from the evaluation of one of its
    /// candidates (any: the demand does not depend on the design).
    pub fn of(base: &Base, compute: &ClusterCompute) -> ComputeAxis {
        let project = base.reduced();
        Self::new(
            ComputeDemand::of(compute, &project.workloads),
            &project.settings,
            base.stretched(),
        )
    }

    /// The axis of `demand` under the project's `settings`.
    pub fn new(demand: ComputeDemand, settings: &Settings, two_sites: bool) -> ComputeAxis {
        ComputeAxis {
            demand,
            reserve_hosts: settings.reserve_hosts,
            cpu_ceiling_pct: settings.cpu_ceiling_pct,
            ram_ceiling_pct: settings.ram_ceiling_pct,
            two_sites,
        }
    }

    /// The constraints `size` hosts (per site on two sites) of `host` fail.
    #[inline]
    pub fn failing(&self, host: HostShape, size: u32) -> Failing {
        let d = &self.demand;
        let hosts = if self.two_sites { size * 2 } else { size };
        let hosts_after = hosts_after_failure(hosts, self.reserve_hosts);
        let mut failing = Failing::default();
        if no_hosts_after_failure(hosts_after) {
            // `evaluate` reports this one error, no CPU or memory shortfall.
            failing.add(Constraint::FaultDomains);
        } else {
            let cores_after = cores_on(host.cores, hosts_after);
            if cpu_overcommitted(d.cores_needed, cores_after)
                || above_ceiling(d.cores_needed, f64::from(cores_after), self.cpu_ceiling_pct)
            {
                failing.add(Constraint::Cpu);
            }
            let usable_after = usable_ram_on(host.usable_ram_gb, hosts_after);
            if memory_overcommitted(d.sql_ram_gb, usable_after)
                || memory_overcommitted(d.ram_demand_gb, usable_after)
                || above_ceiling(d.ram_demand_gb, usable_after, self.ram_ceiling_pct)
            {
                failing.add(Constraint::Ram);
            }
        }
        if vm_exceeds_host_memory(d.largest_vm_ram_gb, host.usable_ram_gb) {
            failing.add(Constraint::Ram);
        }
        if self.two_sites {
            // A site down: the other site's hosts carry every VM.
            let usable_after = usable_ram_on(host.usable_ram_gb, size);
            if memory_overcommitted(d.sql_ram_gb, usable_after)
                || memory_overcommitted(d.ram_demand_gb, usable_after)
                || above_ceiling(d.ram_demand_gb, usable_after, self.ram_ceiling_pct)
            {
                failing.add(Constraint::Ram);
            }
            let surviving_cores = f64::from(cores_on(host.cores, size));
            if percent(d.cores_needed, surviving_cores).is_some_and(site_cpu_overloaded)
                || above_ceiling(d.cores_needed, surviving_cores, self.cpu_ceiling_pct)
            {
                failing.add(Constraint::Cpu);
            }
        }
        failing
    }

    /// The fewest hosts (per site on two sites) of `host` above `below`
    /// (a size known to fail, or below the range) up to `hi` that pass, or
    /// what fails at `hi`; and the sizes checked.
    pub fn smallest(&self, host: HostShape, below: u32, hi: u32) -> (Result<u32, Failing>, u64) {
        let at_hi = self.failing(host, hi);
        if !at_hi.is_empty() || hi <= below {
            return (Err(at_hi), 1);
        }
        let mut checks = 1;
        let Ok(size) = bisect::<std::convert::Infallible>(below, hi, |size| {
            checks += 1;
            Ok(self.failing(host, size).is_empty())
        });
        (Ok(size), checks)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn axis(two_sites: bool) -> ComputeAxis {
        ComputeAxis {
            demand: ComputeDemand {
                cores_needed: 100.0,
                ram_demand_gb: 1_000.0,
                sql_ram_gb: 400.0,
                largest_vm_ram_gb: 128.0,
            },
            reserve_hosts: 1,
            cpu_ceiling_pct: 100.0,
            ram_ceiling_pct: 100.0,
            two_sites,
        }
    }

    const HOST: HostShape = HostShape {
        cores: 20,
        usable_ram_gb: 240.0,
    };

    #[test]
    fn the_fewest_hosts_meet_cpu_and_ram_after_n_plus_one() {
        // 100 cores at 20 a host: 5 hosts after one fails, so 6; 1,000 GB
        // at 240 GB a host: 5 after one fails, so 6 again.
        let a = axis(false);
        assert_eq!(a.smallest(HOST, 2, 32).0, Ok(6));
        let at_5 = a.failing(HOST, 5);
        assert!(at_5.contains(Constraint::Cpu) && at_5.contains(Constraint::Ram));
        // One host reserved of one: the reserve's error, nothing else.
        let one = a.failing(HOST, 1);
        assert!(one.contains(Constraint::FaultDomains) && !one.contains(Constraint::Cpu));
    }

    #[test]
    fn on_two_sites_one_site_carries_every_vm() {
        // The surviving site needs 5 hosts of CPU and 5 of RAM.
        let a = axis(true);
        assert_eq!(a.smallest(HOST, 0, 16).0, Ok(5));
        assert!(a.failing(HOST, 4).contains(Constraint::Cpu));
    }

    #[test]
    fn the_search_sizes_to_the_user_s_ceilings() {
        // At an 80 % ceiling 100 cores need 125 cores left after one host
        // fails: 7 hosts of 20 (6 offer 120), so 8.
        let a = ComputeAxis {
            cpu_ceiling_pct: 80.0,
            ..axis(false)
        };
        assert_eq!(a.smallest(HOST, 2, 32).0, Ok(8));
        assert!(a.failing(HOST, 7).contains(Constraint::Cpu));
        // RAM at 50 %: 1,000 GB need 2,000 GB of 240 GB hosts: 9 + 1.
        let r = ComputeAxis {
            ram_ceiling_pct: 50.0,
            ..axis(false)
        };
        assert_eq!(r.smallest(HOST, 2, 32).0, Ok(10));
    }

    #[test]
    fn a_vm_larger_than_a_host_fails_at_every_size() {
        let small = HostShape {
            usable_ram_gb: 100.0,
            ..HOST
        };
        let (found, checks) = axis(false).smallest(small, 2, 32);
        assert_eq!(checks, 1);
        assert!(found.is_err_and(|f| f.contains(Constraint::Ram)));
    }
}
