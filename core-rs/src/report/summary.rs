//! Summary sheet: the design in a few lines, the key figures per cluster
//! (with a total column when there are several), the verdict and the top
//! findings. Other sheets' formulas point at its figure cells. The figures
//! every kind has are read from the cluster's `KeyFigures`, as the CLI,
//! Compare and the dashboard read them; datastore, cache and hosts after
//! failure from the kind's own evaluation.

use super::cover::verdict_words;
use super::finding_titles::finding_title;
use super::sheet::{
    a1, Cell, CellRef, Chart, Computed, NumberFormat, RowSpan, Sheet, SheetBuilder,
};
use super::{ClusterView, Context, Evaluated};
use crate::evaluate::Utilisation;
use crate::labels;
use crate::model::Storage;
use crate::ratio::percent;
use crate::rules::num;

/// The figures of the key-figure table, in row order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyFigure {
    Hosts,
    RawTb,
    RawTib,
    DatastoreTb,
    UsableTb,
    UsableTib,
    RequiredTb,
    RequiredTib,
    HeadroomTb,
    HeadroomTib,
    HeadroomPct,
    DatastoreUsedPct,
    FrontEndIops,
    BackEndIops,
    DeliverableIops,
    IopsHeadroom,
    CacheInstalledGb,
    CacheRequiredGb,
    CacheCoveragePct,
    HostsAfterFailure,
    CoresAfterFailure,
    CoresNeeded,
    CpuAfterFailurePct,
    RamAfterFailureGb,
    RamDemandGb,
    RamAfterFailurePct,
}

/// How the total column combines the clusters' values.
#[derive(Debug, Clone, Copy)]
pub enum Total {
    Sum,
    /// numerator / denominator x scale, from the totals (a share of sums,
    /// not a sum of shares).
    Ratio {
        numerator: KeyFigure,
        denominator: KeyFigure,
        scale: f64,
    },
}

pub struct FigureDef {
    pub figure: KeyFigure,
    pub label: &'static str,
    pub unit: &'static str,
    pub format: NumberFormat,
    pub value: fn(&ClusterView) -> Option<f64>,
    pub total: Total,
}

const fn def(
    figure: KeyFigure,
    label: &'static str,
    unit: &'static str,
    format: NumberFormat,
    value: fn(&ClusterView) -> Option<f64>,
    total: Total,
) -> FigureDef {
    FigureDef {
        figure,
        label,
        unit,
        format,
        value,
        total,
    }
}

const fn share(numerator: KeyFigure, denominator: KeyFigure, scale: f64) -> Total {
    Total::Ratio {
        numerator,
        denominator,
        scale,
    }
}

use KeyFigure as K;
use NumberFormat::{Count, Decimal, Percent};

pub const FIGURES: &[FigureDef] = &[
    def(
        K::Hosts,
        "Hosts",
        "hosts",
        Count,
        |c| Some(f64::from(c.key_figures().hosts)),
        Total::Sum,
    ),
    def(
        K::RawTb,
        "Raw capacity (capacity devices; array SSDs)",
        "TB",
        Decimal,
        |c| Some(c.key_figures().raw.tb),
        Total::Sum,
    ),
    def(
        K::RawTib,
        "Raw capacity (capacity devices; array SSDs)",
        "TiB",
        Decimal,
        |c| Some(c.key_figures().raw.tib),
        Total::Sum,
    ),
    def(
        K::DatastoreTb,
        "Datastore capacity (raw less format and metadata)",
        "TB",
        Decimal,
        |c| Some(c.capacity().datastore.tb),
        Total::Sum,
    ),
    def(
        K::UsableTb,
        "Usable for protected data",
        "TB",
        Decimal,
        |c| Some(c.key_figures().usable.tb),
        Total::Sum,
    ),
    def(
        K::UsableTib,
        "Usable for protected data",
        "TiB",
        Decimal,
        |c| Some(c.key_figures().usable.tib),
        Total::Sum,
    ),
    def(
        K::RequiredTb,
        "Required by the workloads (after protection and reduction)",
        "TB",
        Decimal,
        |c| Some(c.key_figures().required.tb),
        Total::Sum,
    ),
    def(
        K::RequiredTib,
        "Required by the workloads (after protection and reduction)",
        "TiB",
        Decimal,
        |c| Some(c.key_figures().required.tib),
        Total::Sum,
    ),
    def(
        K::HeadroomTb,
        "Capacity headroom (usable - required)",
        "TB",
        Decimal,
        |c| Some(c.key_figures().headroom.tb),
        Total::Sum,
    ),
    def(
        K::HeadroomTib,
        "Capacity headroom (usable - required)",
        "TiB",
        Decimal,
        |c| Some(c.key_figures().headroom.tib),
        Total::Sum,
    ),
    def(
        K::HeadroomPct,
        "Capacity headroom, share of usable",
        "%",
        Percent,
        |c| c.key_figures().headroom_pct,
        share(K::HeadroomTb, K::UsableTb, 100.0),
    ),
    def(
        K::DatastoreUsedPct,
        "Datastore used (required / datastore)",
        "%",
        Percent,
        |c| c.capacity().datastore_used_pct,
        share(K::RequiredTb, K::DatastoreTb, 100.0),
    ),
    def(
        K::FrontEndIops,
        "Front-end IOPS demanded",
        "IOPS",
        Count,
        |c| Some(c.key_figures().iops.front_end),
        Total::Sum,
    ),
    def(
        K::BackEndIops,
        "Back-end IOPS (after protection write cost)",
        "IOPS",
        Count,
        |c| Some(c.key_figures().iops.back_end),
        Total::Sum,
    ),
    def(
        K::DeliverableIops,
        "Deliverable front-end IOPS (devices at their ceiling, or the VPLEX limit)",
        "IOPS",
        Count,
        |c| c.key_figures().iops.limit,
        Total::Sum,
    ),
    def(
        K::IopsHeadroom,
        "IOPS headroom (deliverable / demanded)",
        "x",
        Decimal,
        |c| c.key_figures().iops.headroom,
        share(K::DeliverableIops, K::FrontEndIops, 1.0),
    ),
    def(
        K::CacheInstalledGb,
        "Cache installed",
        "GB",
        Count,
        |c| c.vsan().map(|e| e.cache.installed.gb),
        Total::Sum,
    ),
    def(
        K::CacheRequiredGb,
        "Cache required by the workloads",
        "GB",
        Count,
        |c| c.vsan().map(|e| e.cache.required.gb),
        Total::Sum,
    ),
    def(
        K::CacheCoveragePct,
        "Cache installed / required",
        "%",
        Percent,
        |c| {
            c.vsan()
                .and_then(|e| percent(e.cache.installed.gb, e.cache.required.gb))
        },
        share(K::CacheInstalledGb, K::CacheRequiredGb, 100.0),
    ),
    def(
        K::HostsAfterFailure,
        "Hosts after N+x host failures",
        "hosts",
        Count,
        |c| Some(f64::from(c.compute().hosts_after_failure)),
        Total::Sum,
    ),
    def(
        K::CoresAfterFailure,
        "Physical cores after N+x",
        "cores",
        Count,
        |c| Some(c.key_figures().cpu.after_failure.limit),
        Total::Sum,
    ),
    def(
        K::CoresNeeded,
        "Cores needed (vCPU ratios and virtualization overhead)",
        "cores",
        Decimal,
        |c| Some(c.key_figures().cpu.after_failure.used),
        Total::Sum,
    ),
    def(
        K::CpuAfterFailurePct,
        "CPU used after N+x",
        "%",
        Percent,
        |c| c.key_figures().cpu.after_failure.pct,
        share(K::CoresNeeded, K::CoresAfterFailure, 100.0),
    ),
    def(
        K::RamAfterFailureGb,
        "VM-usable RAM after N+x (host RAM less vSAN)",
        "GB",
        Count,
        |c| Some(c.key_figures().ram.after_failure.limit),
        Total::Sum,
    ),
    def(
        K::RamDemandGb,
        "RAM configured for the VMs",
        "GB",
        Count,
        |c| Some(c.key_figures().ram.after_failure.used),
        Total::Sum,
    ),
    def(
        K::RamAfterFailurePct,
        "RAM used after N+x",
        "%",
        Percent,
        |c| c.key_figures().ram.after_failure.pct,
        share(K::RamDemandGb, K::RamAfterFailureGb, 100.0),
    ),
];

/// `FIGURES` lists the figures in declaration order (a test checks it), so
/// a figure's discriminant is its row.
pub fn figure_def(figure: KeyFigure) -> &'static FigureDef {
    &FIGURES[figure as usize]
}

fn figure_index(figure: KeyFigure) -> u32 {
    figure as u32
}

/// Text rows above the figures: the design in words.
const DESIGN_ROWS: u32 = 4;
const FIRST_VALUE_COL: u16 = 2;

/// Where the key figures landed, for formulas on other sheets.
#[derive(Debug, Clone)]
pub struct SummaryCells {
    sheet: String,
    first_figure_row: u32,
    clusters: usize,
}

impl SummaryCells {
    pub fn cluster(&self, index: usize, figure: KeyFigure) -> CellRef {
        CellRef {
            sheet: self.sheet.clone(),
            row: self.first_figure_row + figure_index(figure),
            col: FIRST_VALUE_COL + index as u16,
        }
    }

    /// The whole project's figure: the total column, or the only cluster's.
    pub fn project(&self, figure: KeyFigure) -> CellRef {
        let col = if self.clusters > 1 {
            FIRST_VALUE_COL + self.clusters as u16
        } else {
            FIRST_VALUE_COL
        };
        CellRef {
            col,
            ..self.cluster(0, figure)
        }
    }
}

pub fn summary_sheet(ctx: &Context) -> (Sheet, SummaryCells) {
    let mut b = SheetBuilder::new(ctx.sheet_name("Summary"));
    b.title(format!("Sizing report: {}", ctx.project.name));
    b.freeze_above(1);
    let verdict = &ctx.evaluation.verdict;
    b.section(verdict_words(verdict));
    if let Some(binding) = &verdict.binding {
        b.note(format!(
            "Binding constraint: {}.",
            binding.summary.trim_end_matches('.')
        ));
    }
    b.blank();
    b.section("Key figures");
    let header_row = b.next_row();
    let first_figure_row = header_row + 1 + DESIGN_ROWS;
    let with_total = ctx.clusters.len() > 1;
    let mut headers = vec!["Figure", "Unit"];
    headers.extend(ctx.clusters.iter().map(|c| c.label.as_str()));
    if with_total {
        headers.push("Total");
    }
    let mut rows = design_rows(&ctx.clusters, with_total);
    for (i, d) in FIGURES.iter().enumerate() {
        let row = first_figure_row + i as u32;
        let mut cells = vec![Cell::text(d.label), Cell::text(d.unit)];
        cells.extend(
            ctx.clusters
                .iter()
                .map(|c| Cell::maybe((d.value)(c), d.format)),
        );
        if with_total {
            cells.push(total_cell(d, row, &ctx.clusters, first_figure_row));
        }
        rows.push(cells);
    }
    b.table("key-figures", &headers, rows);
    b.blank();
    let series = |figures: &[KeyFigure]| {
        figures
            .iter()
            .map(|f| RowSpan {
                row: first_figure_row + figure_index(*f),
                first_col: FIRST_VALUE_COL,
                last_col: FIRST_VALUE_COL + ctx.clusters.len() as u16 - 1,
            })
            .collect()
    };
    let categories = RowSpan {
        row: header_row,
        first_col: FIRST_VALUE_COL,
        last_col: FIRST_VALUE_COL + ctx.clusters.len() as u16 - 1,
    };
    b.chart(Chart {
        title: "Capacity per cluster".into(),
        axis: "TB".into(),
        categories,
        series: series(&[K::UsableTb, K::RequiredTb]),
        name_col: 0,
    });
    b.chart(Chart {
        title: "Utilisation per cluster".into(),
        axis: "% of what the design offers".into(),
        categories,
        series: series(&[
            K::CpuAfterFailurePct,
            K::RamAfterFailurePct,
            K::DatastoreUsedPct,
        ]),
        name_col: 0,
    });
    b.blank();
    utilisation_table(&mut b, ctx);
    b.blank();
    b.section("Top findings (all of them under Findings)");
    let top: Vec<Vec<Cell>> = ctx
        .evaluation
        .findings
        .iter()
        .take(TOP_FINDINGS)
        .map(|f| {
            // The title under the figures' labels and the severity under
            // their units keep the key-figure columns narrow.
            vec![
                Cell::text(finding_title(f.code.as_str())),
                Cell::text(labels::severity(f.severity)),
                Cell::text(f.message.clone()),
            ]
        })
        .collect();
    b.table("top-findings", &["Finding", "Severity", "Details"], top);
    let cells = SummaryCells {
        sheet: b.name().to_string(),
        first_figure_row,
        clusters: ctx.clusters.len(),
    };
    (b.finish(), cells)
}

const TOP_FINDINGS: usize = 5;

/// Every resource each cluster uses, as the core measured it: at N, after
/// the reserved hosts fail and after a site failure, against the threshold
/// a finding warns at.
fn utilisation_table(b: &mut SheetBuilder, ctx: &Context) {
    b.section("Utilisation at N and after failures");
    let several = ctx.clusters.len() > 1;
    let all_rows = || ctx.clusters.iter().flat_map(|c| &c.result.utilisation.rows);
    let host_failure = all_rows().any(|r| r.after_failure.is_some());
    let site_failure = all_rows().any(|r| r.after_site_failure.is_some());
    let pct = |u: Option<&Utilisation>| Cell::maybe(u.and_then(|u| u.pct), NumberFormat::Percent);
    let rows: Vec<Vec<Cell>> = ctx
        .clusters
        .iter()
        .flat_map(|c| c.result.utilisation.rows.iter().map(move |r| (c, r)))
        .map(|(c, r)| {
            let mut cells = Vec::new();
            if several {
                cells.push(Cell::text(c.label.clone()));
            }
            cells.push(Cell::text(r.label.clone()));
            // Both amounts at the precision the offered one needs.
            let decimals = if r.at_n.limit.abs() >= 100.0 { 0 } else { 1 };
            cells.push(Cell::text(format!(
                "{} of {} {}",
                num(r.at_n.used, decimals),
                num(r.at_n.limit, decimals),
                r.at_n.unit
            )));
            cells.push(pct(Some(&r.at_n)));
            if host_failure {
                cells.push(pct(r.after_failure.as_ref()));
            }
            if site_failure {
                cells.push(pct(r.after_site_failure.as_ref()));
            }
            cells.push(Cell::maybe(
                r.threshold().map(|t| t.pct),
                NumberFormat::Percent,
            ));
            cells
        })
        .collect();
    let hosts_failed = ctx
        .clusters
        .iter()
        .map(|c| c.result.utilisation.hosts_failed)
        .max()
        .unwrap_or(0);
    let after_hosts = format!("% after N+{hosts_failed}");
    let mut headers = Vec::new();
    if several {
        headers.push("Cluster");
    }
    headers.extend(["Resource", "Used of offered at N", "% at N"]);
    if host_failure {
        headers.push(after_hosts.as_str());
    }
    if site_failure {
        headers.push("% after a site failure");
    }
    headers.push("Warning at %");
    b.table("utilisation", &headers, rows);
    b.note(
        "Past 100 % a resource is over what the design offers; the design fails where an \
         error finding judges that figure in that state (the findings name each), and past \
         its warning threshold a finding warns. Some figures no finding judges (a hybrid read \
         cache, a write buffer, cache writes after N+x, fullness after a site failure): they \
         show the load only. A blank cell: the failure does not apply to the cluster or the \
         figure is not modelled.",
    );
}

/// A design row's text for one cluster.
type DesignText = fn(&ClusterView) -> String;

fn design_rows(clusters: &[ClusterView], with_total: bool) -> Vec<Vec<Cell>> {
    let texts: [(&str, DesignText); DESIGN_ROWS as usize] = [
        ("Topology", |c| labels::topology(&c.cluster.topology)),
        ("Storage", storage_text),
        ("Host", |c| labels::host(&c.cluster.host)),
        ("Storage devices", |c| {
            labels::storage_devices(c.cluster, c.project)
        }),
    ];
    texts
        .iter()
        .map(|(label, text)| {
            let mut cells = vec![Cell::text(*label), Cell::Blank];
            cells.extend(clusters.iter().map(|c| Cell::text(text(c))));
            if with_total {
                cells.push(Cell::Blank);
            }
            cells
        })
        .collect()
}

/// The storage in a line: architecture, tier (ESA: free-space model),
/// data reduction.
pub fn storage_text(c: &ClusterView) -> String {
    match (&c.cluster.storage, c.evaluated) {
        (
            Storage::VsanOsa {
                dedup_compression, ..
            },
            Evaluated::Vsan(e),
        ) => {
            let dedup = match (dedup_compression, e.capacity.dedup_active) {
                (true, true) => "dedup+compression on",
                (true, false) => "dedup+compression requested but inactive (all-flash only)",
                (false, _) => "dedup+compression off",
            };
            format!("vSAN OSA, {}, {dedup}", labels::tier(e.tier))
        }
        (_, Evaluated::Array(e)) => labels::array_storage(&e.xtremio_vplex),
        (_, Evaluated::Esa(e)) => labels::esa_storage(&e.esa),
        (Storage::XtremioVplex(_) | Storage::VsanEsa(_), Evaluated::Vsan(_)) => String::new(),
    }
}

/// The total column: a live formula over the cluster columns, with the
/// value the core computes cached for readers that do not recalculate.
fn total_cell(d: &FigureDef, row: u32, clusters: &[ClusterView], first_figure_row: u32) -> Cell {
    let last_col = FIRST_VALUE_COL + clusters.len() as u16 - 1;
    let total_col = last_col + 1;
    let sum_of = |figure: KeyFigure| -> f64 {
        clusters
            .iter()
            .filter_map(|c| (figure_def(figure).value)(c))
            .sum()
    };
    match d.total {
        Total::Sum => Cell::formula(
            format!("=SUM({}:{})", a1(row, FIRST_VALUE_COL), a1(row, last_col)),
            Computed::Number(sum_of(d.figure)),
            d.format,
        ),
        Total::Ratio {
            numerator,
            denominator,
            scale,
        } => {
            let at = |f: KeyFigure| a1(first_figure_row + figure_index(f), total_col);
            let (num, den) = (at(numerator), at(denominator));
            let scaled = if scale == 1.0 {
                String::new()
            } else {
                format!("*{scale}")
            };
            let (n, dv) = (sum_of(numerator), sum_of(denominator));
            let value = if dv > 0.0 {
                Computed::Number(n / dv * scale)
            } else {
                Computed::Text(String::new())
            };
            Cell::formula(
                format!("=IF({den}>0,{num}/{den}{scaled},\"\")"),
                value,
                d.format,
            )
        }
    }
}
