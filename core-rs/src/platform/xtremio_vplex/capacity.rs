//! Both sites' arrays in the capacity shape vSAN clusters use, so views
//! and reports read one structure: raw -> XDP parity -> array reserve ->
//! usable physical -> VPLEX system volumes -> usable for data, and each
//! workload's physical consumption after data reduction.

use super::reduction::data_reduction_ratio;
use super::sites::{ArraySite, PhysicalParts, PlacedVolumes};
use crate::model::{ArrayDataReduction, Capacity};
use crate::platform::vsan_osa::capacity::{step, CapacityEvaluation, StepKind, WorkloadCapacity};
use crate::ratio::{percent, ratio};
use crate::rules::num;
use crate::source;

pub fn array_capacity(
    sites: &[ArraySite],
    volumes: &[PlacedVolumes],
    r: &ArrayDataReduction,
    usable_source: &'static str,
) -> CapacityEvaluation {
    let total = |f: fn(&ArraySite) -> f64| -> f64 { sites.iter().map(f).sum() };
    let usable_physical_gb = total(|s| s.usable.gb);
    let system_gb = total(|s| s.system_volumes.gb);
    let usable_gb = usable_physical_gb - system_gb;
    let raw_gb = total(|s| s.raw.gb);
    let parity_gb = total(|s| s.xdp_parity.gb);
    let reserve_gb = total(|s| s.array_reserve.gb);
    let tb = |gb: f64| num(Capacity::from_gb(gb).tb, 2);
    let bricks = sites
        .iter()
        .map(|s| format!("{} X-Brick(s) at the {} site", s.x_bricks, s.role.name()))
        .collect::<Vec<_>>()
        .join(" and ");
    let waterfall = vec![
        step(
            "Raw capacity (X-Brick SSDs, both sites)",
            StepKind::Start,
            raw_gb,
            format!("The SSDs of {bricks}: {} TB.", tb(raw_gb)),
            usable_source,
        ),
        step(
            "XDP parity (23+2)",
            StepKind::Deduction,
            parity_gb,
            format!(
                "XDP's 23 + 2 stripes keep 2 of every 25 blocks for parity: {} TB of the {} TB \
                 raw.",
                tb(parity_gb),
                tb(raw_gb),
            ),
            source::XDP_PARITY,
        ),
        step(
            "Array reserve (metadata, rebuild space)",
            StepKind::Deduction,
            reserve_gb,
            format!(
                "{} TB raw - {} TB parity - the X-Bricks' {} TB usable = {} TB the arrays keep \
                 for metadata and rebuilds.",
                tb(raw_gb),
                tb(parity_gb),
                tb(usable_physical_gb),
                tb(reserve_gb),
            ),
            usable_source,
        ),
        step(
            "Usable physical capacity",
            StepKind::Subtotal,
            usable_physical_gb,
            format!(
                "What the X-Bricks offer after parity and their reserve: {} TB.",
                tb(usable_physical_gb)
            ),
            usable_source,
        ),
        step(
            "VPLEX meta and logging volumes",
            StepKind::Deduction,
            system_gb,
            format!(
                "VPLEX's meta volumes, their backups and the logging volume on each site's \
                 array: {} TB.",
                tb(system_gb)
            ),
            source::VPLEX_SYSTEM_VOLUMES,
        ),
        step(
            "Usable for data",
            StepKind::Subtotal,
            usable_gb,
            format!(
                "{} TB usable physical - {} TB VPLEX volumes = {} TB for data and snapshots.",
                tb(usable_physical_gb),
                tb(system_gb),
                tb(usable_gb),
            ),
            usable_source,
        ),
    ];
    let reduction = data_reduction_ratio(r);
    let workloads: Vec<WorkloadCapacity> = volumes
        .iter()
        .map(|v| {
            let logical_gb = v.footprint.logical_gb();
            let consumed_gb = v.physical_gb(r);
            WorkloadCapacity {
                workload_id: v.placed.workload.id.clone(),
                policy_id: v.placed.policy.id.clone(),
                footprint: v.footprint.clone(),
                logical: Capacity::from_gb(logical_gb),
                consumed: Capacity::from_gb(consumed_gb),
                dedup_ratio: reduction,
                dedup_source: source::XTREMIO_REDUCTION,
                physical_per_logical: ratio(consumed_gb, logical_gb).unwrap_or(0.0),
                reduction_source: source::VPLEX_DISTRIBUTED_VOLUMES,
            }
        })
        .collect();
    let logical_gb: f64 = workloads.iter().map(|w| w.logical.gb).sum();
    let required_gb: f64 = workloads.iter().map(|w| w.consumed.gb).sum();
    let parts = volumes
        .iter()
        .map(|v| v.physical_parts(r))
        .fold(PhysicalParts::default(), |a, p| a + p);
    let headroom_gb = usable_gb - required_gb;
    CapacityEvaluation {
        dedup_active: true,
        waterfall,
        datastore: Capacity::from_gb(usable_physical_gb),
        usable: Capacity::from_gb(usable_gb),
        workloads,
        // vSAN storage policies do not apply: XDP protects the data.
        per_policy: Vec::new(),
        logical: Capacity::from_gb(logical_gb),
        required: Capacity::from_gb(required_gb),
        required_rule: format!(
            "The workloads' {} TB of volumes after XtremIO's dedup and compression ({}:1), in \
             both sites' arrays: {} TB of distributed volumes (a copy on each site) + {} TB of \
             local volumes and swap + {} TB of snapshots = {} TB.",
            tb(logical_gb),
            num(reduction, 2),
            tb(parts.distributed_both_sites_gb),
            tb(parts.local_gb),
            tb(parts.snapshots_gb),
            tb(required_gb),
        ),
        headroom: Capacity::from_gb(headroom_gb),
        headroom_pct: percent(headroom_gb, usable_gb),
        datastore_used_pct: percent(required_gb + system_gb, usable_physical_gb),
        effective_usable: ratio(logical_gb, required_gb).map(|x| Capacity::from_gb(usable_gb * x)),
    }
}
