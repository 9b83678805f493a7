//! The user's choices over an import preview (which VMs, SQL Server
//! assumptions, grouping, the existing hosts as baseline) and the project
//! they make. Pure: the app calls it on every change to show the totals,
//! and once more to import.

use std::collections::{BTreeMap, HashSet};

use serde::{Deserialize, Serialize};

use super::grouping::{slug, unique_id};
use super::preview::{InventoryPreview, PreviewVm};
use super::{import, ImportFinding, InventoryOptions, InventorySummary, SourceCluster};
use crate::catalog::Catalog;
use crate::import::project::{project_with_clusters, STARTER_CLUSTER_ID, STARTER_POLICY_ID};
use crate::model::issue::InputIssue;
use crate::model::{Cluster, HostSpec, Project, Topology};
use crate::source;

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(default, deny_unknown_fields)]
pub struct ImportChoices {
    /// Grouping, the power-state and template filters, the storage and
    /// IOPS bases and the SQL Server assumptions. Its `also_import_rows`
    /// are VMs the user ticked that the filters leave out; its cluster,
    /// policy and placement are the import's own and are not read.
    pub options: InventoryOptions,
    /// VMs whose name matches one of these comma-separated patterns are
    /// left out (`*` any text, `?` one character, case-insensitive).
    pub exclude_names: String,
    /// Source clusters whose VMs are left out.
    pub exclude_clusters: Vec<String>,
    /// Rows the user unticked: left out whatever the filters say.
    pub excluded_rows: Vec<u32>,
    /// Size each source cluster's VMs on a cluster of its existing hosts.
    pub baseline_clusters: bool,
    /// Also build the project on the existing hosts, as a scenario to
    /// compare the new design with.
    pub baseline_scenario: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct AppliedImport {
    /// The choices as applied, every default filled in (what the app shows).
    pub choices: ImportChoices,
    pub summary: InventorySummary,
    pub project: Project,
    /// The same workloads on their source clusters' existing hosts, when
    /// asked for and the project is not already that.
    pub scenario: Option<Project>,
    /// Rows (of the VM sheet) of the VMs imported.
    pub imported_rows: Vec<u32>,
    /// VMs left out by a name pattern, an excluded cluster or an unticked row.
    pub excluded: u32,
}

/// Percentages and rates the choices may hold: (path, value, min, max).
fn ranges(c: &ImportChoices) -> [(&'static str, f64, f64, f64); 9] {
    let o = &c.options;
    let sql = &o.sql;
    [
        ("options.iops_per_vm", o.iops_per_vm, 0.0, 10_000_000.0),
        ("options.read_pct", o.read_pct, 0.0, 100.0),
        ("options.sql.db_share_pct", sql.db_share_pct, 0.0, 100.0),
        ("options.sql.log_share_pct", sql.log_share_pct, 0.0, 100.0),
        (
            "options.sql.tempdb_share_pct",
            sql.tempdb_share_pct,
            0.0,
            100.0,
        ),
        (
            "options.sql.working_set_pct",
            sql.working_set_pct,
            0.0,
            100.0,
        ),
        ("options.sql.read_pct", sql.read_pct, 0.0, 100.0),
        ("options.sql.io_size_kb", sql.io_size_kb, 0.5, 4096.0),
        (
            "options.sql.iops_per_vm",
            sql.iops_per_vm,
            0.0,
            10_000_000.0,
        ),
    ]
}

/// Every choice outside its range, by path.
pub fn check_choices(c: &ImportChoices) -> Vec<InputIssue> {
    let mut issues: Vec<InputIssue> = ranges(c)
        .into_iter()
        .filter(|(_, v, min, max)| !(v.is_finite() && v >= min && v <= max))
        .map(|(path, v, min, max)| {
            InputIssue::new(path, format!("must be between {min} and {max} (got {v})"))
        })
        .collect();
    let sql = &c.options.sql;
    let shares = sql.db_share_pct + sql.log_share_pct + sql.tempdb_share_pct;
    if issues.is_empty() && shares > 100.0 {
        issues.push(InputIssue::new(
            "options.sql",
            format!(
                "database, log and tempdb shares of a VM's storage must add up to at most 100 % \
                 (got {shares} %)"
            ),
        ));
    }
    issues
}

/// The project an import preview makes with the user's choices, or the
/// choices out of range, as the app gets it.
#[derive(Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum ApplyImportOutcome {
    Applied { applied: Box<AppliedImport> },
    Invalid { issues: Vec<InputIssue> },
}

/// `apply` as the app's one outcome. Pure and quick: the app calls it on
/// each change of the choices to show what would be imported, and its
/// project is what Import applies.
pub fn apply_outcome(
    preview: &InventoryPreview,
    choices: &ImportChoices,
    file_name: &str,
    catalog: &Catalog,
) -> ApplyImportOutcome {
    match apply(preview, choices, file_name, catalog) {
        Ok(applied) => ApplyImportOutcome::Applied {
            applied: Box::new(applied),
        },
        Err(issues) => ApplyImportOutcome::Invalid { issues },
    }
}

/// The project the choices make from the preview; every problem with the
/// choices (by path) when they are out of range.
pub fn apply(
    preview: &InventoryPreview,
    choices: &ImportChoices,
    file_name: &str,
    catalog: &Catalog,
) -> Result<AppliedImport, Vec<InputIssue>> {
    let issues = check_choices(choices);
    if !issues.is_empty() {
        return Err(issues);
    }
    let patterns = NamePatterns::new(&choices.exclude_names);
    let clusters: HashSet<&str> = choices
        .exclude_clusters
        .iter()
        .map(String::as_str)
        .collect();
    let unticked: HashSet<u32> = choices.excluded_rows.iter().copied().collect();
    let ticked: HashSet<u32> = choices.options.also_import_rows.iter().copied().collect();
    let kept = |vm: &PreviewVm| {
        !unticked.contains(&vm.row)
            && (ticked.contains(&vm.row)
                || !(clusters.contains(vm.cluster.as_str()) || patterns.matches(&vm.name)))
    };
    let inventory = preview.inventory(kept);
    let excluded = (preview.vms.len() - inventory.vms.len()) as u32;
    let mut options = InventoryOptions {
        cluster_id: STARTER_CLUSTER_ID.into(),
        policy_id: STARTER_POLICY_ID.into(),
        placement: BTreeMap::new(),
        ..choices.options.clone()
    };
    let starter = project_with_clusters(file_name, "", Vec::new(), catalog, |_| Vec::new())?;
    let baselines = baseline_clusters(&preview.baselines, &starter.clusters[0]);
    let description = format!(
        "Imported from the {} export {file_name}.",
        source_name(preview)
    );
    let build = |options: &InventoryOptions| {
        let imported = import(&inventory, preview.source, options);
        let used: HashSet<&str> = options.placement.values().map(String::as_str).collect();
        let extra: Vec<Cluster> = baselines
            .iter()
            .filter(|b| used.contains(b.cluster.id.as_str()))
            .map(|b| b.cluster.clone())
            .collect();
        project_with_clusters(file_name, &description, imported.workloads, catalog, |_| {
            extra
        })
        .map(|project| (imported.summary, project))
    };
    let on_existing = || placement(&baselines);
    let scenario = if choices.baseline_scenario && !choices.baseline_clusters {
        let options = InventoryOptions {
            placement: on_existing(),
            ..options.clone()
        };
        Some(build(&options)?.1).filter(|_| !baselines.is_empty())
    } else {
        None
    };
    if choices.baseline_clusters {
        options.placement = on_existing();
    }
    let (mut summary, project) = build(&options)?;
    if choices.baseline_clusters || choices.baseline_scenario {
        summary
            .findings
            .extend(unmodelled(&preview.baselines, &baselines));
    }
    let skipped: HashSet<u32> = summary.skipped.iter().map(|s| s.row).collect();
    let imported_rows = inventory
        .vms
        .iter()
        .map(|vm| vm.row)
        .filter(|row| !skipped.contains(row))
        .collect();
    Ok(AppliedImport {
        choices: choices.clone(),
        summary,
        project,
        scenario,
        imported_rows,
        excluded,
    })
}

fn source_name(preview: &InventoryPreview) -> &'static str {
    match preview.source {
        super::InventorySource::LiveOptics => "Live Optics",
        super::InventorySource::Rvtools => "RVTools",
        super::InventorySource::WorkloadsCsv => "workloads CSV",
    }
}

/// A source cluster's existing hosts as a project cluster.
struct Baseline {
    source: String,
    cluster: Cluster,
}

fn placement(baselines: &[Baseline]) -> BTreeMap<String, String> {
    baselines
        .iter()
        .map(|b| (b.source.clone(), b.cluster.id.clone()))
        .collect()
}

/// The source clusters whose hosts can be modelled: the hosts' average
/// cores and memory, on the starter cluster's host otherwise (clock, NICs)
/// and on its disk groups, since an inventory does not describe the hosts'
/// disks; existing hosts carry no price (they are owned).
fn baseline_clusters(sources: &[SourceCluster], starter: &Cluster) -> Vec<Baseline> {
    let mut ids = HashSet::from([starter.id.clone()]);
    sources
        .iter()
        .filter_map(|s| {
            let host = existing_host(s, &starter.host)?;
            Some(Baseline {
                source: s.name.clone(),
                cluster: Cluster {
                    id: unique_id(&mut ids, &format!("existing-{}", slug(&s.name))),
                    name: format!("Existing hosts · {}", s.name),
                    host,
                    topology: Topology::Single {
                        host_count: s.hosts,
                    },
                    storage: starter.storage.clone(),
                },
            })
        })
        .collect()
}

/// The ranges validate.rs accepts for a host: 1-256 cores per socket,
/// 8-65,536 GB of memory.
fn existing_host(source: &SourceCluster, template: &HostSpec) -> Option<HostSpec> {
    if source.hosts == 0 {
        return None;
    }
    let hosts = f64::from(source.hosts);
    let cores = (source.cores / hosts).round();
    let ram_gb = source.memory_gib / hosts;
    if !(1.0..=2048.0).contains(&cores) || !(8.0..=65_536.0).contains(&ram_gb) {
        return None;
    }
    let cores = cores as u32;
    let sockets = match template.sockets {
        s if s > 0 && cores.is_multiple_of(s) && cores / s <= 256 => s,
        _ => 1,
    };
    (cores / sockets <= 256).then(|| HostSpec {
        model: format!("Existing host of {}", source.name),
        sockets,
        cores_per_socket: cores / sockets,
        ram_gb,
        unit_price: None,
        ..template.clone()
    })
}

/// A finding for the source clusters whose hosts could not be modelled.
fn unmodelled(sources: &[SourceCluster], modelled: &[Baseline]) -> Option<ImportFinding> {
    let names: Vec<&str> = sources
        .iter()
        .filter(|s| !modelled.iter().any(|b| b.source == s.name))
        .map(|s| s.name.as_str())
        .collect();
    (!names.is_empty() || sources.is_empty()).then(|| {
        let which = if sources.is_empty() {
            "The file lists no hosts".to_owned()
        } else {
            format!(
                "The hosts of {} have no usable core count or memory (8 to 65,536 GB per host)",
                names.join(", ")
            )
        };
        ImportFinding::new(
            "import.no_baseline",
            format!("{which}: their VMs are sized on the new cluster, not on existing hosts."),
            source::IMPORT_BASELINE,
        )
    })
}

/// Comma-separated glob patterns over VM names.
struct NamePatterns(Vec<Vec<char>>);

impl NamePatterns {
    fn new(text: &str) -> Self {
        NamePatterns(
            text.split(',')
                .map(|p| p.trim().to_lowercase().chars().collect::<Vec<_>>())
                .filter(|p| !p.is_empty())
                .collect(),
        )
    }

    fn matches(&self, name: &str) -> bool {
        if self.0.is_empty() {
            return false;
        }
        let name: Vec<char> = name.to_lowercase().chars().collect();
        self.0.iter().any(|p| glob(p, &name))
    }
}

/// Whole-text match with `*` (any run) and `?` (one character), linear
/// in practice: on a mismatch only the last `*` is retried.
fn glob(pattern: &[char], text: &[char]) -> bool {
    let (mut p, mut t) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while t < text.len() {
        match pattern.get(p) {
            Some('*') => {
                star = Some((p, t));
                p += 1;
            }
            Some(&c) if c == '?' || c == text[t] => {
                p += 1;
                t += 1;
            }
            _ => match star {
                Some((sp, st)) => {
                    p = sp + 1;
                    t = st + 1;
                    star = Some((sp, st + 1));
                }
                None => return false,
            },
        }
    }
    pattern[p..].iter().all(|&c| c == '*')
}

#[cfg(test)]
#[path = "choices_tests.rs"]
mod tests;
