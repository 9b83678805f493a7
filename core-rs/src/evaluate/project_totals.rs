//! The whole project's figures over its clusters' key figures: sums where
//! the figures add up, and the tightest cluster where they do not (a share
//! of one cluster's limit says nothing about another's).

use serde::Serialize;

use super::cluster_result::ClusterResult;
use super::key_figures::Binding;
use crate::bom::ClusterCost;
use crate::model::Capacity;
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
    /// Every cluster's bill of materials; each unpriced part named once.
    pub cost: ClusterCost,
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

pub fn of_clusters(clusters: &[ClusterResult]) -> ProjectTotals {
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
    ProjectTotals {
        hosts: clusters.iter().map(|c| c.key_figures.hosts).sum(),
        raw: Capacity::from_gb(raw),
        usable: Capacity::from_gb(usable),
        required: Capacity::from_gb(required),
        headroom: Capacity::from_gb(headroom),
        front_end_iops,
        back_end_iops,
        iops_limit: clusters.iter().map(|c| c.key_figures.iops.limit).sum(),
        cost: ClusterCost::sum(clusters.iter().map(|c| &c.key_figures.cost)),
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
