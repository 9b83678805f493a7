//! Checks of a catalog, every problem with its JSON path and allowed range.
//! The host and device ranges match those of a project (validate.rs), so a
//! part that passes here can be put in a project.

use std::collections::HashSet;

use super::{Catalog, DeviceRole, DeviceSpec, HostPartSpec, Part, PartSpec, XBrickSpec};
use super::{VplexEngineSpec, CATALOG_SCHEMA_VERSION};
use crate::cell_text::cell_text_problem;
use crate::limits::{MAX_DISK_GROUPS_PER_HOST, MAX_X_BRICKS};
use crate::model::issue::{AllowedRange, InputIssue};

/// VPLEX clusters come with 1, 2 or 4 engines (seed 004 table 11).
const VPLEX_ENGINE_COUNTS: [u32; 3] = [1, 2, 4];

pub fn validate_catalog(catalog: &Catalog) -> Vec<InputIssue> {
    let mut c = Checker::default();
    if catalog.schema_version != CATALOG_SCHEMA_VERSION {
        c.push(
            "schema_version",
            format!(
                "must be {CATALOG_SCHEMA_VERSION} (got {})",
                catalog.schema_version
            ),
        );
    }
    c.text("price_note", &catalog.price_note);
    let mut seen = HashSet::new();
    for (i, part) in catalog.parts.iter().enumerate() {
        let path = format!("parts[{i}]");
        if !seen.insert(part.id.as_str()) {
            c.push(
                &format!("{path}.id"),
                format!("must be unique (\"{}\" is used twice)", part.id),
            );
        }
        common(&mut c, &path, part);
        let spec = format!("{path}.spec");
        match &part.spec {
            PartSpec::Device(d) => device(&mut c, &spec, d),
            PartSpec::Host(h) => host(&mut c, &spec, h),
            PartSpec::XBrick(x) => xbrick(&mut c, &spec, x),
            PartSpec::VplexEngine(v) => vplex(&mut c, &spec, v),
        }
    }
    // A project names its host by the model name a catalog host gives it.
    let mut host_models = HashSet::new();
    for (i, part) in catalog.parts.iter().enumerate() {
        if let Some(spec) = part.to_host_spec() {
            if !host_models.insert(spec.model.clone()) {
                c.push(
                    &format!("parts[{i}].model"),
                    format!(
                        "must give a host model name no other host gives (\"{}\" is used twice): projects name their host by it",
                        spec.model
                    ),
                );
            }
        }
    }
    if let Some(d) = &catalog.defaults {
        let is_host = |p: &Part| matches!(p.spec, PartSpec::Host(_));
        let serves = |role: DeviceRole| move |p: &Part| matches!(&p.spec, PartSpec::Device(s) if s.role == role || s.role == DeviceRole::Either);
        c.reference(catalog, "defaults.host", &d.host, "a host", is_host);
        c.reference(
            catalog,
            "defaults.cache_device",
            &d.cache_device,
            "a device for the cache tier",
            serves(DeviceRole::Cache),
        );
        c.reference(
            catalog,
            "defaults.capacity_device",
            &d.capacity_device,
            "a device for the capacity tier",
            serves(DeviceRole::Capacity),
        );
    }
    c.issues
}

fn common(c: &mut Checker, path: &str, part: &Part) {
    let id_ok = !part.id.is_empty()
        && part
            .id
            .chars()
            .all(|ch| ch.is_ascii_lowercase() || ch.is_ascii_digit() || "-_.".contains(ch));
    if !id_ok {
        c.push(
            &format!("{path}.id"),
            format!(
                "must be lowercase letters, digits, '-', '_' or '.' (got \"{}\")",
                part.id
            ),
        );
    }
    for (field, value) in [("vendor", &part.vendor), ("model", &part.model)] {
        if value.trim().is_empty() {
            c.push(&format!("{path}.{field}"), "must not be empty");
        }
    }
    let cpu = match &part.spec {
        PartSpec::Host(h) => Some(("spec.cpu", &h.cpu)),
        PartSpec::XBrick(_) | PartSpec::Device(_) | PartSpec::VplexEngine(_) => None,
    };
    let generation = part.generation().to_owned();
    for (field, value) in [
        ("vendor", &part.vendor),
        ("model", &part.model),
        ("part_number", &part.part_number),
        ("source", &part.source),
        ("price_source", &part.price_source),
        ("spec.generation", &generation),
    ]
    .into_iter()
    .chain(cpu)
    {
        c.text(&format!("{path}.{field}"), value);
    }
    c.f64_in(
        &format!("{path}.unit_price"),
        part.unit_price,
        0.0,
        100_000_000.0,
    );
    if !crate::model::is_currency_code(&part.currency) {
        c.push(
            &format!("{path}.currency"),
            format!(
                "must be an ISO 4217 code such as USD (got \"{}\")",
                part.currency
            ),
        );
    }
}

fn device(c: &mut Checker, path: &str, d: &DeviceSpec) {
    c.f64_in(
        &format!("{path}.capacity_gb"),
        d.capacity_gb,
        1.0,
        200_000.0,
    );
    c.f64_in(&format!("{path}.read_iops"), d.read_iops, 1.0, 10_000_000.0);
    c.f64_in(
        &format!("{path}.write_iops"),
        d.write_iops,
        1.0,
        10_000_000.0,
    );
    let flash = d.kind.is_flash();
    if let Some(dwpd) = d.endurance_dwpd {
        c.f64_in(&format!("{path}.endurance_dwpd"), dwpd, 0.01, 100.0);
    }
    if let Some(tbw) = d.endurance_tbw {
        c.f64_in(&format!("{path}.endurance_tbw"), tbw, 1.0, 10_000_000.0);
    }
    if !flash
        && (d.endurance_dwpd.is_some() || d.flash_class.is_some() || d.endurance_tbw.is_some())
    {
        c.push(
            path,
            "is a spinning disk: endurance_dwpd, endurance_tbw and flash_class apply to flash only",
        );
    }
    if d.esa_certified && d.kind != crate::model::DeviceKind::Nvme {
        c.push(
            &format!("{path}.esa_certified"),
            "must be false unless the device is NVMe: vSAN ESA storage pools take NVMe devices only",
        );
    }
    if !flash && d.role != DeviceRole::Capacity {
        c.push(
            &format!("{path}.role"),
            "must be capacity for a spinning disk: vSAN cache devices are flash (VMware vSAN Design Guide)",
        );
    }
}

fn host(c: &mut Checker, path: &str, h: &HostPartSpec) {
    c.u32_in(&format!("{path}.sockets"), h.sockets, 1, 8);
    c.u32_in(
        &format!("{path}.cores_per_socket"),
        h.cores_per_socket,
        1,
        256,
    );
    c.f64_in(&format!("{path}.ghz"), h.ghz, 0.5, 6.0);
    c.f64_in(&format!("{path}.ram_gb"), h.ram_gb, 8.0, 65_536.0);
    c.u32_in(&format!("{path}.nics"), h.nics, 1, 16);
    c.f64_in(&format!("{path}.nic_gbps"), h.nic_gbps, 1.0, 800.0);
    // Five disk groups of one cache and seven capacity devices at most.
    c.u32_in(
        &format!("{path}.drive_bays"),
        h.drive_bays,
        0,
        (MAX_DISK_GROUPS_PER_HOST as u32) * 8 + 8,
    );
    c.u32_in(&format!("{path}.rack_units"), h.rack_units, 1, 10);
    if let Some(w) = h.power_w {
        c.f64_in(&format!("{path}.power_w"), w, 1.0, 10_000.0);
    }
    for (field, price) in [
        ("ram_price_per_gb", h.ram_price_per_gb),
        ("price_per_core", h.price_per_core),
    ] {
        if let Some(price) = price {
            c.f64_in(&format!("{path}.{field}"), price, 0.0, 100_000.0);
        }
    }
}

fn xbrick(c: &mut Checker, path: &str, x: &XBrickSpec) {
    c.u32_in(&format!("{path}.ssd_count"), x.ssd_count, 1, 100);
    c.f64_in(&format!("{path}.ssd_gb"), x.ssd_gb, 1.0, 100_000.0);
    let raw = f64::from(x.ssd_count) * x.ssd_gb / 1000.0;
    if (x.raw_tb - raw).abs() > raw * 0.01 {
        c.push(
            &format!("{path}.raw_tb"),
            format!(
                "must be ssd_count x ssd_gb / 1000 = {raw} TB within 1 % (got {})",
                x.raw_tb
            ),
        );
    }
    c.f64_in(
        &format!("{path}.usable_tb"),
        x.usable_tb,
        0.1,
        x.raw_tb.max(0.1),
    );
    c.u32_in(
        &format!("{path}.max_per_cluster"),
        x.max_per_cluster,
        1,
        MAX_X_BRICKS,
    );
    c.f64_in(
        &format!("{path}.oltp_iops"),
        x.oltp_iops,
        1.0,
        100_000_000.0,
    );
    c.u32_in(&format!("{path}.rack_units"), x.rack_units, 1, 20);
}

fn vplex(c: &mut Checker, path: &str, v: &VplexEngineSpec) {
    c.u32_in(&format!("{path}.directors"), v.directors, 2, 2);
    c.u32_in(&format!("{path}.rack_units"), v.rack_units, 1, 20);
    if v.front_end_iops.is_empty() {
        c.push(
            &format!("{path}.front_end_iops"),
            "must list the IOPS of at least one cluster size",
        );
    }
    let mut sizes = HashSet::new();
    for (i, row) in v.front_end_iops.iter().enumerate() {
        let p = format!("{path}.front_end_iops[{i}]");
        if !VPLEX_ENGINE_COUNTS.contains(&row.engines) || !sizes.insert(row.engines) {
            c.push(
                &format!("{p}.engines"),
                format!("must be 1, 2 or 4, each listed once (got {})", row.engines),
            );
        }
        for (field, value) in [
            ("write_only", row.write_only),
            ("read_only", row.read_only),
            ("mixed_90_10_peak", row.mixed_90_10_peak),
            ("mixed_90_10_average", row.mixed_90_10_average),
        ] {
            c.f64_in(&format!("{p}.{field}"), value, 1.0, 100_000_000.0);
        }
    }
}

#[derive(Default)]
struct Checker {
    issues: Vec<InputIssue>,
}

impl Checker {
    fn push(&mut self, path: &str, message: impl std::fmt::Display) {
        self.issues.push(InputIssue::new(path, message));
    }

    fn u32_in(&mut self, path: &str, value: u32, min: u32, max: u32) {
        if value < min || value > max {
            self.outside(path, f64::from(value), f64::from(min), f64::from(max));
        }
    }

    fn f64_in(&mut self, path: &str, value: f64, min: f64, max: f64) {
        if !value.is_finite() {
            self.push(path, format!("must be a number between {min} and {max}"));
        } else if value < min || value > max {
            self.outside(path, value, min, max);
        }
    }

    /// A number outside its range, as data too: its value and the range.
    fn outside(&mut self, path: &str, value: f64, min: f64, max: f64) {
        self.issues.push(InputIssue::outside(
            path,
            format!("must be between {min} and {max} (got {value})"),
            value,
            AllowedRange { min, max },
        ));
    }

    /// Text that goes into report and CSV cells.
    fn text(&mut self, path: &str, value: &str) {
        if let Some(problem) = cell_text_problem(value) {
            self.push(path, problem);
        }
    }

    fn reference(
        &mut self,
        catalog: &Catalog,
        path: &str,
        id: &str,
        what: &str,
        fits: impl Fn(&Part) -> bool,
    ) {
        match catalog.part(id) {
            Some(p) if fits(p) => {}
            Some(_) => self.push(path, format!("must name {what} (\"{id}\" is not one)")),
            None => self.push(
                path,
                format!("must name a part of the catalog (got \"{id}\")"),
            ),
        }
    }
}
