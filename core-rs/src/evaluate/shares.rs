//! Each workload's share of its cluster's consumed capacity and front-end
//! IOPS, so the workload table shows the core's figures, not its own.

use serde::Serialize;

use crate::model::Id;
use crate::platform::vsan_osa::capacity::CapacityEvaluation;

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct WorkloadShare {
    pub workload_id: Id,
    /// Share of the cluster's consumed capacity, in % (0 when nothing is consumed).
    pub capacity_pct: f64,
    /// Share of the cluster's front-end IOPS, in % (0 when there is no demand).
    pub iops_pct: f64,
}

/// Against the cluster's totals, which sum the same rows. `performance`:
/// each workload's front-end IOPS, in the cluster's placed order (vSAN OSA
/// and ESA performance models list them so).
pub fn workload_shares<'a>(
    capacity: &CapacityEvaluation,
    front_end_iops: f64,
    performance: impl IntoIterator<Item = (&'a Id, f64)>,
) -> Vec<WorkloadShare> {
    let (consumed, iops) = (capacity.required.gb, front_end_iops);
    let performance: Vec<_> = performance.into_iter().collect();
    capacity
        .workloads
        .iter()
        .enumerate()
        .map(|(i, w)| {
            // Both lists follow the cluster's placed workloads, so the same
            // position holds the same workload; the search is a fallback.
            let own_iops = performance
                .get(i)
                .filter(|p| *p.0 == w.workload_id)
                .or_else(|| performance.iter().find(|p| *p.0 == w.workload_id))
                .map_or(0.0, |p| p.1);
            WorkloadShare {
                workload_id: w.workload_id.clone(),
                capacity_pct: pct(w.consumed.gb, consumed),
                iops_pct: pct(own_iops, iops),
            }
        })
        .collect()
}

fn pct(part: f64, whole: f64) -> f64 {
    if whole > 0.0 {
        part / whole * 100.0
    } else {
        0.0
    }
}

#[cfg(test)]
mod tests {
    use crate::evaluate::evaluate;
    use crate::model::WorkloadSpec;
    use crate::parse_project;

    #[test]
    fn shares_of_the_seed_001_workloads_add_up_to_the_whole() {
        let json = include_str!("../../../assets/examples/seed-001-all-flash-sql.json");
        let evaluation = evaluate(&parse_project(json).expect("valid")).expect("evaluates");
        let shares = evaluation.clusters[0]
            .workload_shares
            .as_ref()
            .expect("modelled");
        // Two SQL Server pairs and the group holding their OS disks.
        assert_eq!(shares.len(), 3);
        let capacity: f64 = shares.iter().map(|s| s.capacity_pct).sum();
        let iops: f64 = shares.iter().map(|s| s.iops_pct).sum();
        assert!((capacity - 100.0).abs() < 1e-9, "{capacity}");
        assert!((iops - 100.0).abs() < 1e-9, "{iops}");
        // The example asks 7,739 of 16,656 front-end IOPS for sql200.
        let sql200 = shares
            .iter()
            .find(|s| s.workload_id == "sql200")
            .expect("sql200");
        assert!((sql200.iops_pct - 7_739.0 / 16_656.0 * 100.0).abs() < 1e-9);
    }

    #[test]
    fn clusters_without_workloads_or_iops_have_zero_shares_not_nan() {
        let json = include_str!("../../../assets/examples/seed-003-mixed-sql-exchange.json");
        let mut project = parse_project(json).expect("valid");
        project.workloads.clear();
        let evaluation = evaluate(&project).expect("evaluates");
        assert_eq!(evaluation.clusters[0].workload_shares, Some(Vec::new()));
        // One VM group that asks for no I/O: the cluster's IOPS total is 0.
        let mut project = parse_project(json).expect("valid");
        project.workloads.retain(|w| w.id == "dc");
        if let WorkloadSpec::VmGroup { iops_per_vm, .. } = &mut project.workloads[0].spec {
            *iops_per_vm = 0.0;
        }
        let evaluation = evaluate(&project).expect("evaluates");
        let shares = evaluation.clusters[0]
            .workload_shares
            .as_ref()
            .expect("modelled");
        assert_eq!(shares.len(), 1);
        assert_eq!(shares[0].iops_pct, 0.0);
        assert_eq!(shares[0].capacity_pct, 100.0);
    }
}
