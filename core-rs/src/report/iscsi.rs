//! The iSCSI target service's figures of each vSAN cluster (OSA or ESA) that serves
//! failover clusters' shared disks: targets, LUNs and the busiest host's
//! sessions against their limits, with the rule behind each, as the core
//! counted them (`ClusterIscsi::figures`).

use super::sheet::{Cell, NumberFormat, SheetBuilder};
use super::Context;

pub fn iscsi_section(b: &mut SheetBuilder, ctx: &Context) {
    let hosts_failed = ctx.project.settings.reserve_hosts;
    let mut rows = Vec::new();
    let mut sources = Vec::new();
    // In project order, whichever vSAN architecture runs the service.
    let served = ctx.clusters.iter().filter_map(|c| {
        let iscsi = c.vsan().map(|e| &e.iscsi);
        Some((c, iscsi.or_else(|| c.esa().map(|e| &e.iscsi))?))
    });
    for (c, iscsi) in served {
        for f in &iscsi.figures {
            sources.extend(f.sources.iter().copied());
            rows.push(vec![
                Cell::text(c.label.clone()),
                Cell::text(f.label),
                Cell::count(f.used),
                Cell::count(f.limit),
                Cell::maybe(f.after_failure.map(f64::from), NumberFormat::Count),
                Cell::text(f.rule.clone()),
            ]);
        }
    }
    if rows.is_empty() {
        return;
    }
    let after = format!("After N+{hosts_failed}");
    b.blank();
    b.section("iSCSI target service");
    b.table(
        "iscsi",
        &["Cluster", "Figure", "Count", "Limit", &after, "Rule"],
        rows,
    );
    b.sources_note(sources);
}
