//! Raw -> usable on a vSAN ESA cluster, each step with its rule. ESA has no
//! OSA on-disk format or dedup metadata step: its file-system overhead is
//! charged per object (`LFS_OVERHEAD_PCT`).

use super::reserve::{EsaReserve, LARGE_OBJECT_GB, OPERATIONS_BUFFER_PCT};
use crate::model::{Capacity, FreeSpaceModel, Settings, VsanEsa};
use crate::platform::vsan_osa::capacity::{step, RawCapacity, StepKind, WaterfallStep};
use crate::rules::num;
use crate::source;

/// Raw -> usable on `hosts` hosts, and the usable GB.
pub fn waterfall(
    raw: &RawCapacity,
    reserve: &EsaReserve,
    hosts: u32,
    config: &VsanEsa,
    settings: &Settings,
) -> (Vec<WaterfallStep>, f64) {
    let raw_gb = raw.total.gb;
    let usable_gb = (raw_gb - reserve.total_gb()).max(0.0);
    let tb = |gb: f64| num(Capacity::from_gb(gb).tb, 2);
    // Each reserve is capped at the space the earlier ones leave (`esa_reserve`).
    let capped = |formula_gb: f64, kept: Capacity| {
        if kept.gb + 1e-6 < formula_gb {
            ", capped at the space left"
        } else {
            ""
        }
    };
    let share_of_raw = |pct: f64, kept: Capacity, what: &str| {
        format!(
            "{} % of the {} TB raw{what} = {} TB{}.",
            num(pct, 1),
            tb(raw_gb),
            tb(kept.gb),
            capped(raw_gb * pct / 100.0, kept),
        )
    };
    let mut steps = vec![
        step(
            "Raw capacity (NVMe storage pool)",
            StepKind::Start,
            raw_gb,
            format!(
                "{} NVMe devices: {} TB per host x {hosts} hosts = {} TB.",
                raw.capacity_devices,
                tb(raw.per_host.gb),
                tb(raw_gb),
            ),
            raw.source,
        ),
        step(
            "Datastore capacity",
            StepKind::Subtotal,
            raw_gb,
            format!(
                "The pool's {} TB: ESA takes no on-disk format or dedup metadata step; its \
                 file system's overhead is charged on each object.",
                tb(raw_gb)
            ),
            source::ESA_RAW,
        ),
    ];
    let free: Vec<(&'static str, Capacity, String)> = match reserve.free_space {
        FreeSpaceModel::ReservedCapacity => {
            match (reserve.operations_per_host, config.operations_reserve_pct) {
                (Some(per_host), _) => vec![
                    (
                        "Operations reserve",
                        reserve.operations_reserve,
                        format!(
                        "{} GB per host (the largest object, {} GB, is {} {} GB) x {hosts} hosts \
                         = {} TB{}.",
                        num(per_host.gb, 0),
                        num(reserve.largest_object.gb, 0),
                        if reserve.largest_object.gb >= LARGE_OBJECT_GB {
                            "at least"
                        } else {
                            "under"
                        },
                        num(LARGE_OBJECT_GB, 0),
                        tb(reserve.operations_reserve.gb),
                        capped(per_host.gb * f64::from(hosts), reserve.operations_reserve),
                    ),
                    ),
                    (
                        "Operations reserve buffer (5 %)",
                        reserve.operations_buffer,
                        share_of_raw(OPERATIONS_BUFFER_PCT, reserve.operations_buffer, ""),
                    ),
                ],
                (None, pct) => vec![(
                    "Operations reserve",
                    reserve.operations_reserve,
                    share_of_raw(
                        pct.unwrap_or(0.0),
                        reserve.operations_reserve,
                        ", as entered",
                    ),
                )],
            }
        }
        FreeSpaceModel::Slack => vec![(
            "Slack space",
            reserve.slack,
            share_of_raw(settings.slack_pct, reserve.slack, " kept free"),
        )],
    };
    steps.extend(free.into_iter().map(|(label, kept, rule)| {
        step(
            label,
            StepKind::Deduction,
            kept.gb,
            rule,
            reserve.operations_source,
        )
    }));
    let rebuild = if !config.host_rebuild_reserve {
        "Switched off: no host's capacity is kept free for rebuilds.".to_string()
    } else if settings.reserve_hosts == 0 {
        "0 reserved hosts (settings.reserve_hosts): no host's capacity is kept free.".to_string()
    } else if !reserve.rebuild_target {
        format!(
            "None kept: {hosts} hosts, and a failed host's components can rebuild only with \
             more than {} (the hosts the widest policy rebuilds its components on), so no \
             host is left to rebuild on; the design runs with reduced protection until the \
             host returns.",
            reserve.policy_hosts.max(1),
        )
    } else {
        format!(
            "{} reserved host(s) x {} TB, one host's raw = {} TB{}, kept free so a failed \
             host's components rebuild on the others.",
            reserve.host_rebuild_hosts,
            tb(raw.per_host.gb),
            tb(reserve.host_rebuild_reserve.gb),
            capped(
                raw.per_host.gb * f64::from(reserve.host_rebuild_hosts),
                reserve.host_rebuild_reserve
            ),
        )
    };
    steps.push(step(
        "Host rebuild reserve",
        StepKind::Deduction,
        reserve.host_rebuild_reserve.gb,
        rebuild,
        reserve.host_rebuild_source,
    ));
    steps.push(step(
        "Usable for protected data",
        StepKind::Subtotal,
        usable_gb,
        format!(
            "{} TB raw - {} TB kept free = {} TB for the workloads' data with its parity or \
             copies.",
            tb(raw_gb),
            tb(reserve.total_gb()),
            tb(usable_gb),
        ),
        source::VSAN_DESIGN_GUIDE,
    ));
    (steps, usable_gb)
}
