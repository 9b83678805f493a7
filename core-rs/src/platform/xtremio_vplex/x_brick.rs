//! XtremIO X-Brick models: two storage controllers and a shelf of SSDs,
//! protected by XDP (XtremIO Data Protection) in 23 + 2 stripes.

use serde::Serialize;

use crate::source;

/// XDP stripes 23 data + 2 parity blocks: 8 % of raw goes to parity.
pub const XDP_DATA_BLOCKS: u32 = 23;
pub const XDP_PARITY_BLOCKS: u32 = 2;

/// Seed 004: "almost 190,000 IOPS" of 8 KB OLTP from two first-generation
/// X-Bricks with array latency under 1 ms: 95,000 per X-Brick.
const GEN1_OLTP_IOPS: f64 = 95_000.0;
const OLTP_LATENCY_MS: f64 = 1.0;

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct XBrickModel {
    pub id: &'static str,
    pub name: &'static str,
    pub ssds: u32,
    /// Decimal GB per SSD.
    pub ssd_gb: f64,
    /// Usable physical capacity per X-Brick (after XDP parity and the
    /// array's own reserves), decimal TB, where the vendor publishes it.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub published_usable_tb: Option<f64>,
    /// Most X-Bricks one XtremIO cluster takes.
    pub max_x_bricks: u32,
    /// 8 KB OLTP IOPS one X-Brick serves within `latency_ms`.
    pub oltp_iops: f64,
    pub latency_ms: f64,
    pub source: &'static str,
}

/// The X-Brick models an XtremIO + VPLEX cluster can use, for the editor.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct XBrickCatalog {
    pub models: Vec<XBrickModel>,
}

impl XBrickCatalog {
    pub fn all() -> Self {
        XBrickCatalog {
            models: X_BRICK_MODELS.to_vec(),
        }
    }
}

/// The catalog. Usable capacity is published for the 10 TB first-generation
/// X-Brick only; the others are estimated from it (see `usable_gb`).
pub const X_BRICK_MODELS: [XBrickModel; 7] = [
    gen1(
        "xtremio-10tb",
        "XtremIO 10 TB X-Brick (25 x 400 GB)",
        400.0,
        Some(7.47),
    ),
    gen1(
        "xtremio-20tb",
        "XtremIO 20 TB X-Brick (25 x 800 GB)",
        800.0,
        None,
    ),
    gen1(
        "xtremio-40tb",
        "XtremIO 40 TB X-Brick (25 x 1.6 TB)",
        1600.0,
        None,
    ),
    x2("xtremio-x2-s-18", "XtremIO X2-S, 18 x 400 GB", 18, 400.0, 4),
    x2("xtremio-x2-s-72", "XtremIO X2-S, 72 x 400 GB", 72, 400.0, 4),
    x2(
        "xtremio-x2-r-18",
        "XtremIO X2-R, 18 x 1.92 TB",
        18,
        1920.0,
        8,
    ),
    x2(
        "xtremio-x2-r-72",
        "XtremIO X2-R, 72 x 1.92 TB",
        72,
        1920.0,
        8,
    ),
];

const fn gen1(
    id: &'static str,
    name: &'static str,
    ssd_gb: f64,
    published_usable_tb: Option<f64>,
) -> XBrickModel {
    XBrickModel {
        id,
        name,
        ssds: 25,
        ssd_gb,
        published_usable_tb,
        max_x_bricks: 8,
        oltp_iops: GEN1_OLTP_IOPS,
        latency_ms: OLTP_LATENCY_MS,
        source: source::X_BRICK_GEN1,
    }
}

const fn x2(
    id: &'static str,
    name: &'static str,
    ssds: u32,
    ssd_gb: f64,
    max_x_bricks: u32,
) -> XBrickModel {
    XBrickModel {
        id,
        name,
        ssds,
        ssd_gb,
        published_usable_tb: None,
        max_x_bricks,
        oltp_iops: GEN1_OLTP_IOPS,
        latency_ms: OLTP_LATENCY_MS,
        source: source::X_BRICK_X2,
    }
}

pub fn x_brick_model(id: &str) -> Option<&'static XBrickModel> {
    X_BRICK_MODELS.iter().find(|m| m.id == id)
}

/// Share of raw capacity XDP keeps for data: 23 / 25.
pub fn xdp_data_share() -> f64 {
    f64::from(XDP_DATA_BLOCKS) / f64::from(XDP_DATA_BLOCKS + XDP_PARITY_BLOCKS)
}

impl XBrickModel {
    pub fn raw_gb(&self) -> f64 {
        f64::from(self.ssds) * self.ssd_gb
    }

    pub fn parity_gb(&self) -> f64 {
        self.raw_gb() * (1.0 - xdp_data_share())
    }

    /// The published figure, or raw x 23/25 x the share the 10 TB X-Brick
    /// keeps after parity (7.47 / 9.2 = 81.2 %: metadata, rebuild space).
    pub fn usable_gb(&self) -> f64 {
        match self.published_usable_tb {
            Some(tb) => tb * 1000.0,
            None => self.raw_gb() * xdp_data_share() * reference_reserve_share(),
        }
    }

    /// What the array keeps back after parity (metadata, rebuild space).
    pub fn reserve_gb(&self) -> f64 {
        (self.raw_gb() - self.parity_gb() - self.usable_gb()).max(0.0)
    }

    pub fn usable_source(&self) -> &'static str {
        if self.published_usable_tb.is_some() {
            self.source
        } else {
            source::X_BRICK_USABLE_ESTIMATE
        }
    }
}

/// Usable / (raw after parity) of the X-Brick whose usable figure is published.
fn reference_reserve_share() -> f64 {
    let reference = &X_BRICK_MODELS[0];
    let tb = reference.published_usable_tb.unwrap_or(0.0);
    tb * 1000.0 / (reference.raw_gb() * xdp_data_share())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xdp_keeps_23_of_25() {
        assert!((1.0 - xdp_data_share() - 0.08).abs() < 1e-12);
    }

    #[test]
    fn first_generation_10_tb_x_brick() {
        // Seed 004: two X-Bricks, 14.94 TB usable (the vendor's "7.5 TB"
        // rounded); ~10 TB raw; XDP parity 0.8 TB.
        let m = x_brick_model("xtremio-10tb").expect("in catalog");
        assert!((m.raw_gb() - 10_000.0).abs() < 1e-9);
        assert!((m.parity_gb() - 800.0).abs() < 1e-9);
        assert!((m.usable_gb() - 7_470.0).abs() < 1e-9);
        assert!((m.reserve_gb() - 1_730.0).abs() < 1e-9);
    }

    #[test]
    fn x2_raw_spans_7_2_to_138_tb() {
        // DESIGN: X2 models scale 7.2-138 TB raw per X-Brick, up to 4 (X2-S)
        // or 8 (X2-R) per cluster.
        let raw = |id| {
            x_brick_model(id)
                .map(|m| m.raw_gb() / 1000.0)
                .unwrap_or(0.0)
        };
        assert!((raw("xtremio-x2-s-18") - 7.2).abs() < 1e-9);
        assert!((raw("xtremio-x2-r-72") - 138.24).abs() < 1e-9);
        assert_eq!(
            x_brick_model("xtremio-x2-s-72").map(|m| m.max_x_bricks),
            Some(4)
        );
        assert_eq!(
            x_brick_model("xtremio-x2-r-18").map(|m| m.max_x_bricks),
            Some(8)
        );
    }

    #[test]
    fn estimated_models_keep_the_reference_share() {
        for m in &X_BRICK_MODELS {
            let share = m.usable_gb() / m.raw_gb();
            assert!((share - 0.747).abs() < 1e-9, "{}: {share}", m.id);
            assert!(m.reserve_gb() >= 0.0);
        }
        assert_eq!(x_brick_model("nope"), None);
    }
}
