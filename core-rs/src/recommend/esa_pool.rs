//! The vSAN ESA half of the search, sized with `evaluate` itself, in two
//! axes as the XtremIO + VPLEX half is (`array`):
//! - storage (NVMe device, devices per host, protection): capacity, device
//!   IOPS, the hosts each protection needs and the component limits, which
//!   the ESA rules compute from the pool, the host count and the
//!   workloads, never from the host model;
//! - compute (host model): CPU and RAM with N+x, from the host model and
//!   the host count.
//!
//! A design is a storage line on a host model whose drive bays hold its
//! pool, at the larger of the two axes' smallest passing sizes: both are
//! monotonic in the hosts (more hosts add devices, cores and memory, and
//! RAID-5 widens from 2+1 to 4+1 at six hosts). The compute axis is sized
//! with the smallest pool (the least vSAN memory per host), so it can
//! only be optimistic by the 160 MB a device takes; `select` walks a
//! rejected design up one host at a time, as it does vSAN OSA lines.
//!
//! Every workload class gets the same protection on an ESA design, and
//! pools hold 4 devices or more: fewer is below every original ESA
//! ReadyNode profile (`source::ESA_HOST_MINIMUMS`), which `evaluate` warns
//! of. The capacity and IOPS headroom the Pareto front compares are the
//! storage axis's at its own size: where compute needs more hosts, the
//! design holds at least that much (its own figures are in its evaluation).

use crate::evaluate::{evaluate, EsaClusterEvaluation};
use crate::model::issue::InputIssue;
use crate::rules::FindingCode;

use super::array::compute_rule;
use super::base::{Base, EsaConfig};
use super::bom::{esa_bom, priced, BomLine};
use super::family::Family;
use super::options::{ProtectionChoice, RecommendOptions};
use super::pareto::{DesignKey, Point};
use super::requirement::{constraint_of, is_unmet, Constraint};
use super::sizing::bisect;
use super::space::{Choices, DeviceChoice};
use super::tally::{Stats, Tally};
use super::vsan::{size_range, Caps};

/// Fewest NVMe devices per host searched (see the module comment).
pub const MIN_DEVICES_PER_HOST: u32 = 4;

/// Whether an unmet finding is the storage axis's to settle.
pub fn storage_rule(code: FindingCode) -> bool {
    !compute_rule(code)
        && (code.as_str().starts_with("esa.")
            || matches!(
                constraint_of(code),
                Constraint::Capacity
                    | Constraint::Iops
                    | Constraint::FaultDomains
                    | Constraint::Resilience
            ))
}

/// The devices no other device beats: one as large, as fast and as
/// enduring for no more money gives every design the same or more for
/// less, so the beaten one can be neither the cheapest nor on the front.
/// Exact ties keep the first in catalog order.
pub fn unbeaten_devices(devices: Vec<DeviceChoice>) -> Vec<DeviceChoice> {
    let beats = |a: &DeviceChoice, b: &DeviceChoice| {
        let (x, y) = (&a.device, &b.device);
        a.price <= b.price
            && x.capacity_gb >= y.capacity_gb
            && x.read_iops >= y.read_iops
            && x.write_iops >= y.write_iops
            && x.endurance_dwpd.unwrap_or(0.0) >= y.endurance_dwpd.unwrap_or(0.0)
    };
    devices
        .iter()
        .enumerate()
        .filter(|(i, d)| {
            !devices
                .iter()
                .enumerate()
                .any(|(j, e)| j != *i && beats(e, d) && (j < *i || !beats(d, e)))
        })
        .map(|(_, d)| d.clone())
        .collect()
}

/// The smallest passing size of one pool and protection.
#[derive(Debug, Clone, Copy)]
pub struct PoolLine {
    pub device: usize,
    pub devices_per_host: u32,
    pub protection: ProtectionChoice,
    pub size: u32,
    pub capacity_headroom_gb: f64,
    pub iops_headroom: f64,
}

#[derive(Debug)]
pub struct EsaSearch {
    pub lines: Vec<PoolLine>,
    /// Per host choice, its fewest passing hosts; None when none passes.
    pub compute: Vec<Option<u32>>,
    pub sizes: (u32, u32),
}

struct Probe<'a> {
    base: &'a Base,
    stats: &'a mut Stats,
}

impl Probe<'_> {
    /// Unmet codes `keep` selects, and the ESA cluster's evaluation.
    fn run(
        &mut self,
        config: &EsaConfig,
        size: u32,
        keep: fn(FindingCode) -> bool,
    ) -> Result<(Vec<FindingCode>, EsaClusterEvaluation), Vec<InputIssue>> {
        self.stats.full_evaluations += 1;
        self.stats.evaluated += 1;
        let mut e = evaluate(&self.base.esa_project(config, size))?;
        let unmet = e
            .findings
            .iter()
            .filter(|f| is_unmet(f) && keep(f.code))
            .map(|f| f.code)
            .collect();
        let cluster = match e.clusters.remove(0).detail {
            crate::evaluate::ClusterDetail::VsanEsa(c) => *c,
            _ => unreachable!("an ESA candidate is one ESA cluster"),
        };
        Ok((unmet, cluster))
    }
}

impl EsaSearch {
    /// None when the family is not searched: why goes to `notes`.
    pub fn run(
        base: &Base,
        choices: &Choices,
        options: &RecommendOptions,
        stats: &mut Stats,
        tally: &mut Tally,
        notes: &mut Vec<String>,
    ) -> Result<Option<EsaSearch>, Vec<InputIssue>> {
        if !options.allows_family(Family::EsaVsan) {
            return Ok(None);
        }
        if base.stretched() {
            notes.push(
                "vSAN ESA was not searched: the core models ESA on a single site and the cluster is stretched."
                    .into(),
            );
            return Ok(None);
        }
        let protections: Vec<ProtectionChoice> = options
            .protections_for(false)
            .into_iter()
            .filter(|p| *p != ProtectionChoice::Raid1Ftt0)
            .collect();
        let most_bays = choices.hosts.iter().map(|h| h.drive_bays).max();
        let (Some(reference), Some(most_bays)) = (choices.hosts.first(), most_bays) else {
            return Ok(None);
        };
        if choices.esa_devices.is_empty() || protections.is_empty() {
            notes.push(
                "vSAN ESA was not searched: the catalog has no ESA-certified NVMe device the options allow."
                    .into(),
            );
            return Ok(None);
        }
        let sizes = size_range(base, options);
        let per_pool: u64 = (MIN_DEVICES_PER_HOST..=most_bays).count() as u64;
        let per_host =
            choices.hosts.len() as u64 * u64::from((sizes.1 + 1).saturating_sub(sizes.0));
        // The compute axis's probes (the smallest pool on each host model
        // at each size) count as designs of their own, so that the designs
        // evaluated never outnumber the space.
        let space =
            (choices.esa_devices.len() as u64 * protections.len() as u64 * per_pool + 1) * per_host;
        stats.search_space += space;
        let evaluated_before = stats.evaluated;
        let mut probe = Probe { base, stats };
        let mut lines = Vec::new();
        if sizes.1 >= sizes.0 {
            for (d, device) in choices.esa_devices.iter().enumerate() {
                for &protection in &protections {
                    // From the fullest pool down: fewer devices never need
                    // fewer hosts, so each pool starts where the last passed.
                    let mut from = sizes.0;
                    for devices_per_host in (MIN_DEVICES_PER_HOST..=most_bays).rev() {
                        let config = EsaConfig {
                            host: reference,
                            device,
                            devices_per_host,
                            protection,
                        };
                        let mut found = None;
                        let mut failing = Vec::new();
                        for size in from..=sizes.1 {
                            let (unmet, e) = probe.run(&config, size, storage_rule)?;
                            if unmet.is_empty() {
                                found = Some((size, e));
                                break;
                            }
                            failing = unmet;
                        }
                        let Some((size, e)) = found else {
                            for code in failing {
                                tally.add_failing_constraint(constraint_of(code));
                            }
                            break;
                        };
                        from = size;
                        lines.push(PoolLine {
                            device: d,
                            devices_per_host,
                            protection,
                            size,
                            capacity_headroom_gb: e.capacity.headroom.gb,
                            iops_headroom: e.performance.headroom.unwrap_or(0.0),
                        });
                    }
                }
            }
        }
        let smallest_pool = EsaConfig {
            host: reference,
            device: &choices.esa_devices[0],
            devices_per_host: MIN_DEVICES_PER_HOST,
            protection: protections[0],
        };
        let mut compute = Vec::with_capacity(choices.hosts.len());
        for host in &choices.hosts {
            let config = EsaConfig {
                host,
                ..smallest_pool
            };
            let mut passes = |size: u32| -> Result<(bool, Vec<FindingCode>), Vec<InputIssue>> {
                let (unmet, _) = probe.run(&config, size, compute_rule)?;
                Ok((unmet.is_empty(), unmet))
            };
            if sizes.1 < sizes.0 {
                compute.push(None);
                continue;
            }
            let (ok, failing) = passes(sizes.1)?;
            if !ok {
                for code in failing {
                    tally.add_failing_constraint(constraint_of(code));
                }
                compute.push(None);
                continue;
            }
            compute.push(Some(bisect(sizes.0 - 1, sizes.1, |size| {
                passes(size).map(|(ok, _)| ok)
            })?));
        }
        let evaluated = stats.evaluated - evaluated_before;
        stats.pruned += space.saturating_sub(evaluated);
        Ok(Some(EsaSearch {
            lines,
            compute,
            sizes,
        }))
    }

    /// Every line on every host model whose bays hold its pool, within the caps.
    pub fn points(&self, choices: &Choices, caps: Caps, tally: &mut Tally) -> Vec<Point> {
        let mut out = Vec::new();
        for (h, size) in self.compute.iter().enumerate() {
            let Some(size) = *size else { continue };
            for (l, line) in self.lines.iter().enumerate() {
                if line.devices_per_host > choices.hosts[h].drive_bays {
                    continue;
                }
                let key = DesignKey::Esa {
                    line: l as u32,
                    host: h as u16,
                    size: size.max(line.size) as u8,
                };
                out.extend(self.point(choices, caps, key, tally));
            }
        }
        out
    }

    /// The design of `key` as a point, unless a cap rules it out.
    pub fn point(
        &self,
        choices: &Choices,
        caps: Caps,
        key: DesignKey,
        tally: &mut Tally,
    ) -> Option<Point> {
        let (line, host, size) = self.parts(key)?;
        let cost = self.cost(choices, line, host, size);
        let host = &choices.hosts[host];
        if !caps.admit(cost, (host.rack_units * size, host.power_w(size)), tally) {
            return None;
        }
        Some(Point {
            cost,
            capacity_headroom_gb: line.capacity_headroom_gb,
            iops_headroom: line.iops_headroom,
            family: Family::EsaVsan,
            key,
        })
    }

    /// The same design one host larger, for when `evaluate` rejects it.
    pub fn successor(&self, key: DesignKey) -> Option<DesignKey> {
        match key {
            DesignKey::Esa { line, host, size } if u32::from(size) < self.sizes.1 => {
                Some(DesignKey::Esa {
                    line,
                    host,
                    size: size + 1,
                })
            }
            _ => None,
        }
    }

    pub fn parts(&self, key: DesignKey) -> Option<(PoolLine, usize, u32)> {
        match key {
            DesignKey::Esa { line, host, size } => Some((
                *self.lines.get(line as usize)?,
                usize::from(host),
                u32::from(size),
            )),
            _ => None,
        }
    }

    pub fn config<'a>(&self, choices: &'a Choices, key: DesignKey) -> Option<(EsaConfig<'a>, u32)> {
        let (line, host, size) = self.parts(key)?;
        Some((
            EsaConfig {
                host: choices.hosts.get(host)?,
                device: choices.esa_devices.get(line.device)?,
                devices_per_host: line.devices_per_host,
                protection: line.protection,
            },
            size,
        ))
    }

    pub fn bom(&self, choices: &Choices, key: DesignKey) -> Option<(Vec<BomLine>, u32)> {
        let (line, host, size) = self.parts(key)?;
        let units = choices.hosts[host].rack_units * size;
        Some((
            esa_bom(choices, (host, line.device, line.devices_per_host), size),
            units,
        ))
    }

    fn cost(&self, choices: &Choices, line: PoolLine, host: usize, size: u32) -> f64 {
        priced(&[
            (choices.hosts[host].price, size),
            (
                choices.esa_devices[line.device].price,
                size * line.devices_per_host,
            ),
        ])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Device, DeviceKind};

    fn device(id: &str, price: f64, capacity_gb: f64, dwpd: f64) -> DeviceChoice {
        DeviceChoice {
            part_id: id.into(),
            device: Device {
                id: id.into(),
                model: id.into(),
                kind: DeviceKind::Nvme,
                capacity_gb,
                read_iops: 100_000.0,
                write_iops: 50_000.0,
                endurance_dwpd: Some(dwpd),
                flash_class: None,
                unit_price: Some(price),
            },
            price,
        }
    }

    #[test]
    fn a_device_as_good_for_no_more_money_beats_another() {
        let kept = unbeaten_devices(vec![
            device("dear", 900.0, 3200.0, 1.0),
            device("cheap", 800.0, 3200.0, 1.0),
            device("enduring", 900.0, 3200.0, 3.0),
            device("twin", 800.0, 3200.0, 1.0),
            device("large", 1200.0, 7680.0, 1.0),
        ]);
        let ids: Vec<_> = kept.iter().map(|d| d.part_id.as_str()).collect();
        // "dear" loses to "cheap"; "twin" ties "cheap" and the first stays;
        // "enduring" and "large" each offer what no cheaper device does.
        assert_eq!(ids, ["cheap", "enduring", "large"]);
    }
}
