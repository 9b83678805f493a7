//! The components an XtremIO + VPLEX Metro design needs in each site, as a
//! bill-of-materials-like list (seed 004 Table 2, Table 5 and Figure 7).

use serde::Serialize;

use super::sites::{ArraySite, SiteRole};
use super::vplex::{DIRECTORS_PER_ENGINE, META_VOLUMES_PER_SITE, META_VOLUME_GB};
use super::x_brick::XBrickModel;
use crate::model::XtremioVplex;
use crate::rules::num;
use crate::source;

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct BomLine {
    pub site: SiteRole,
    pub component: String,
    pub quantity: u32,
    pub detail: String,
    pub source: &'static str,
}

/// Both data sites get the same hardware and system volumes; the witness
/// site a VPLEX Witness. `production` sizes the logging volume.
pub fn components(
    model: &XBrickModel,
    storage: &XtremioVplex,
    production: &ArraySite,
) -> Vec<BomLine> {
    let logging_gb = production.logging_volume.gb;
    let mut lines = Vec::new();
    for site in [SiteRole::Production, SiteRole::Remote] {
        lines.push(BomLine {
            site,
            component: format!("XtremIO X-Brick: {}", model.name),
            quantity: storage.x_bricks_per_site,
            detail: format!(
                "2 storage controllers + {} SSDs each; {} TB usable per X-Brick after XDP",
                model.ssds,
                num(model.usable_gb() / 1000.0, 2)
            ),
            source: model.source,
        });
        lines.push(BomLine {
            site,
            component: "VPLEX engine".into(),
            quantity: storage.vplex_engines,
            detail: format!(
                "{} directors in all",
                storage.vplex_engines * DIRECTORS_PER_ENGINE
            ),
            source: source::VPLEX_FRONTEND_IOPS,
        });
        lines.push(BomLine {
            site,
            component: format!(
                "VPLEX meta volume, {} GB on XtremIO",
                num(META_VOLUME_GB, 0)
            ),
            quantity: META_VOLUMES_PER_SITE,
            detail: "2 meta volumes + 2 meta volume backups".into(),
            source: source::VPLEX_SYSTEM_VOLUMES,
        });
        lines.push(BomLine {
            site,
            component: format!("VPLEX logging volume, {} GB on XtremIO", num(logging_gb, 0)),
            quantity: 1,
            detail: "10 GB per 320 TB of distributed volume capacity, at least 10 GB".into(),
            source: source::VPLEX_SYSTEM_VOLUMES,
        });
    }
    lines.push(BomLine {
        site: SiteRole::Witness,
        component: "VPLEX Witness (virtual machine)".into(),
        quantity: 1,
        detail: "in a third failure domain, reaching both VPLEX clusters".into(),
        source: source::VPLEX_WITNESS,
    });
    lines
}
