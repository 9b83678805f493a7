//! The whole project's figures over its clusters' key figures: sums where
//! the figures add up, and the tightest cluster where they do not (a share
//! of one cluster's limit says nothing about another's).

use serde::Serialize;

use super::cluster_result::ClusterResult;
use super::key_figures::{Binding, Latency, Utilisation};
use super::utilisation::UtilisationRow;
use crate::bom::{project_cost, ClusterCost, ProjectCost};
use crate::model::Capacity;
use crate::model::Pricing;
use crate::totals::totals;

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct ProjectTotals {
    pub hosts: u32,
    pub raw: Capacity,
    pub usable: Capacity,
    pub required: Capacity,
    pub headroom: Capacity,
    pub front_end_iops: f64,
    pub back_end_iops: f64,
    /// Summed over the clusters; absent when a cluster has no limit yet
    /// (no demand to find its devices' limit at).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub iops_limit: Option<f64>,
    /// Every cluster's bill of materials with the project's extra lines and
    /// discounts; each unpriced part named once.
    pub cost: ProjectCost,
    /// Physical cores over every cluster's hosts.
    pub physical_cores: f64,
    /// RAM the hosts offer VMs (host RAM less vSAN's), over every cluster.
    pub ram_for_vms_gb: f64,
    /// The project's total cost per TB usable; absent while a part is
    /// unpriced or nothing is usable.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub cost_per_usable_tb: Option<f64>,
    /// The project's total cost per front-end IOPS of the limit; absent while a part is
    /// unpriced or without a limit.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub cost_per_iops: Option<f64>,
    /// The slowest workload over the clusters that model latency; absent
    /// when none does.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub latency: Option<Latency>,
    /// Per resource (`UtilisationRow::figure`), the cluster it is tightest
    /// in, in the order the clusters first name the resources.
    pub utilisation: Vec<TightestUse>,
    pub tightest: Tightest,
    /// The cluster whose binding constraint is the highest share of its limit.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub binding: Option<ClusterBinding>,
}

/// The worst cluster's figure: lowest headroom, highest use. Each absent
/// when no cluster has it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct Tightest {
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub headroom_pct: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub vcpu_per_core_after_failure: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub cpu_after_failure_pct: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub ram_after_failure_pct: Option<f64>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct ClusterBinding {
    pub cluster_id: String,
    pub binding: Binding,
}

/// A resource's row in the cluster where it is highest in any state.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct TightestUse {
    pub cluster_id: String,
    pub cluster_name: String,
    /// x in that cluster's N+x.
    pub hosts_failed: u32,
    pub row: UtilisationRow,
}

fn tightest_use(clusters: &[ClusterResult]) -> Vec<TightestUse> {
    let peak = |r: &UtilisationRow| {
        [
            Some(&r.at_n),
            r.after_failure.as_ref(),
            r.after_site_failure.as_ref(),
        ]
        .into_iter()
        .flatten()
        .filter_map(|u: &Utilisation| u.pct)
        .fold(f64::NEG_INFINITY, f64::max)
    };
    let mut out: Vec<TightestUse> = Vec::new();
    for c in clusters {
        for row in &c.utilisation.rows {
            let candidate = || TightestUse {
                cluster_id: c.id.clone(),
                cluster_name: c.name.clone(),
                hosts_failed: c.utilisation.hosts_failed,
                row: row.clone(),
            };
            match out.iter_mut().find(|t| t.row.figure == row.figure) {
                Some(t) if peak(row) > peak(&t.row) => *t = candidate(),
                Some(_) => {}
                None => out.push(candidate()),
            }
        }
    }
    out
}

/// `Latency::rule` of a project: the slowest cluster's figures.
const SLOWEST_CLUSTER: &str = "The estimated mean read and write latency of the slowest cluster \
    that models latency (a saturated one first, else the one whose slower figure is the largest), \
    each cluster's the largest of its workloads' (or, through VPLEX, its paths') estimates: an \
    estimate, not a measurement.";

/// The slowest cluster's latency, with that cluster's source: the figures
/// of one cluster, so the source cited is the model that produced them
/// (clusters of different kinds have different latency models).
fn slowest_of<'a>(clusters: impl Iterator<Item = &'a Latency>) -> Option<Latency> {
    // A cluster without workloads has no estimate and is not saturated:
    // it says nothing about the slowest workload.
    let slowness = |l: &Latency| {
        if l.saturated {
            f64::INFINITY
        } else {
            [l.read_ms, l.write_ms]
                .into_iter()
                .flatten()
                .fold(f64::NEG_INFINITY, f64::max)
        }
    };
    let mut modelled = clusters.peekable();
    let first = *modelled.peek()?;
    let slowest = modelled
        .filter(|l| l.saturated || l.read_ms.is_some() || l.write_ms.is_some())
        .fold(None, |worst: Option<&Latency>, l| match worst {
            Some(w) if slowness(w) >= slowness(l) => Some(w),
            _ => Some(l),
        });
    Some(match slowest {
        Some(l) => Latency {
            rule: SLOWEST_CLUSTER,
            ..*l
        },
        // No cluster has workloads yet: no figure, the first model named.
        None => Latency {
            read_ms: None,
            write_ms: None,
            saturated: false,
            rule: SLOWEST_CLUSTER,
            source: first.source,
        },
    })
}

pub fn of_clusters(clusters: &[ClusterResult], pricing: &Pricing) -> ProjectTotals {
    let [raw, usable, required, headroom, front_end_iops, back_end_iops] = totals(clusters, |c| {
        let k = &c.key_figures;
        [
            k.raw.gb,
            k.usable.gb,
            k.required.gb,
            k.headroom.gb,
            k.iops.front_end,
            k.iops.back_end,
        ]
    });
    let worst = |figure: fn(&ClusterResult) -> Option<f64>, lowest: bool| {
        clusters
            .iter()
            .filter_map(figure)
            .reduce(|a, b| if lowest { a.min(b) } else { a.max(b) })
    };
    let hardware = ClusterCost::sum(clusters.iter().map(|c| &c.key_figures.cost));
    let cost = project_cost(&hardware, pricing);
    let iops_limit: Option<f64> = clusters.iter().map(|c| c.key_figures.iops.limit).sum();
    let priced = cost.unpriced_parts.is_empty().then_some(cost.total);
    let per = |amount: Option<f64>| {
        priced
            .zip(amount)
            .filter(|(_, a)| *a > 0.0)
            .map(|(p, a)| p / a)
    };
    ProjectTotals {
        cost_per_usable_tb: per(Some(Capacity::from_gb(usable).tb)),
        cost_per_iops: per(iops_limit),
        physical_cores: clusters.iter().map(|c| c.key_figures.cpu.at_n.limit).sum(),
        ram_for_vms_gb: clusters.iter().map(|c| c.key_figures.ram.at_n.limit).sum(),
        utilisation: tightest_use(clusters),
        latency: slowest_of(
            clusters
                .iter()
                .filter_map(|c| c.key_figures.latency.as_ref()),
        ),
        hosts: clusters.iter().map(|c| c.key_figures.hosts).sum(),
        raw: Capacity::from_gb(raw),
        usable: Capacity::from_gb(usable),
        required: Capacity::from_gb(required),
        headroom: Capacity::from_gb(headroom),
        front_end_iops,
        back_end_iops,
        iops_limit,
        cost,
        tightest: Tightest {
            headroom_pct: worst(|c| c.key_figures.headroom_pct, true),
            vcpu_per_core_after_failure: worst(
                |c| c.key_figures.vcpu_per_core_after_failure,
                false,
            ),
            cpu_after_failure_pct: worst(|c| c.key_figures.cpu.after_failure.pct, false),
            ram_after_failure_pct: worst(|c| c.key_figures.ram.after_failure.pct, false),
        },
        binding: clusters
            .iter()
            .filter_map(|c| c.key_figures.binding.map(|b| (c, b)))
            .fold(
                None,
                |best: Option<(&ClusterResult, Binding)>, (c, b)| match best {
                    Some((_, top)) if top.pct >= b.pct => best,
                    _ => Some((c, b)),
                },
            )
            .map(|(c, binding)| ClusterBinding {
                cluster_id: c.id.clone(),
                binding,
            }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn latency(
        read: Option<f64>,
        write: Option<f64>,
        saturated: bool,
        source: &'static str,
    ) -> Latency {
        Latency {
            read_ms: read,
            write_ms: write,
            saturated,
            rule: "cluster",
            source,
        }
    }

    #[test]
    fn the_project_latency_cites_the_cluster_it_picked() {
        let osa = latency(Some(1.0), Some(2.0), false, "osa model");
        let vplex = latency(Some(2.5), Some(3.7), false, "vplex model");
        let slowest = slowest_of([&osa, &vplex].into_iter()).expect("modelled");
        assert_eq!(slowest.source, "vplex model");
        assert_eq!((slowest.read_ms, slowest.write_ms), (Some(2.5), Some(3.7)));
        assert_eq!(slowest.rule, SLOWEST_CLUSTER);
        // The same clusters in the other order pick the same one.
        let again = slowest_of([&vplex, &osa].into_iter()).expect("modelled");
        assert_eq!(again.source, "vplex model");
    }

    #[test]
    fn a_saturated_cluster_is_the_slowest_and_one_without_workloads_is_passed_over() {
        let idle = latency(None, None, false, "idle model");
        let fast = latency(Some(0.5), Some(0.9), false, "fast model");
        let saturated = latency(None, None, true, "saturated model");
        let slowest = slowest_of([&idle, &fast, &saturated].into_iter()).expect("modelled");
        assert!(slowest.saturated);
        assert_eq!(slowest.source, "saturated model");
        let only_idle = slowest_of([&idle].into_iter()).expect("modelled");
        assert_eq!((only_idle.read_ms, only_idle.saturated), (None, false));
        assert!(slowest_of(std::iter::empty()).is_none());
    }
}
