//! Cover sheet: who the report is for and by, the tool that made it, a
//! one-paragraph summary of the design and the verdict with the constraint
//! that binds, then the customer's objectives and the design's description.

use super::finding_titles::finding_title;
use super::sheet::{Cell, RowStyle, Sheet, SheetBuilder};
use super::Context;
use crate::model::DesignOrigin;
use crate::rules::num;
use crate::verdict::{Verdict, VerdictStatus};

/// The build that wrote the report, as the cover and the file's
/// properties name it.
pub const TOOL: &str = concat!("StackSizer ", env!("CARGO_PKG_VERSION"));

/// What the new-project template says about itself: instructions to the
/// user, not a description of the customer's design.
const TEMPLATE_JSON: &str = include_str!("../../../assets/templates/new-project.json");

pub fn cover_sheet(ctx: &Context) -> Sheet {
    let facts = &ctx.project.facts;
    let mut b = SheetBuilder::new(ctx.sheet_name("Cover"));
    b.title("Storage sizing proposal");
    b.freeze_above(1);
    b.section(ctx.project.name.clone());
    b.blank();
    let lines = [
        ("Customer", facts.customer.as_str()),
        ("Project", facts.project.as_str()),
        ("Prepared by", facts.author.as_str()),
        ("Date", report_date(facts.date.as_str(), ctx.generated_on)),
    ];
    for (label, value) in lines {
        if !value.trim().is_empty() {
            b.row(RowStyle::Body, vec![Cell::text(label), Cell::text(value)]);
        }
    }
    b.row(
        RowStyle::Body,
        vec![Cell::text("Prepared with"), Cell::text(TOOL)],
    );
    b.row(
        RowStyle::Body,
        vec![
            Cell::text("Currency"),
            Cell::text(ctx.project.pricing.currency.as_str()),
        ],
    );
    b.blank();
    b.section("Summary");
    b.note(summary_paragraph(ctx));
    b.blank();
    b.section("Verdict");
    b.section(verdict_words(&ctx.evaluation.verdict));
    if let Some(binding) = &ctx.evaluation.verdict.binding {
        b.note(format!(
            "{}: {}.",
            finding_title(binding.code.as_str()),
            binding.summary.trim_end_matches('.')
        ));
    }
    if let Some(origin) = &ctx.project.origin {
        b.blank();
        b.section("Design origin");
        b.note(origin_words(origin));
    }
    if !facts.notes.trim().is_empty() {
        b.blank();
        b.section("Objectives and notes");
        for chunk in printable_chunks(&facts.notes) {
            b.note(chunk);
        }
    }
    if let Some(description) = customer_description(&ctx.project.description) {
        b.blank();
        b.section("About this design");
        for chunk in printable_chunks(description) {
            b.note(chunk);
        }
    }
    b.finish()
}

/// The date a report carries: the project facts' date, else the day it is
/// made when the caller gives it (the XLSX and CSV exports do not yet).
pub fn report_date<'a>(facts_date: &'a str, generated_on: Option<&'a str>) -> &'a str {
    match facts_date.trim() {
        "" => generated_on.unwrap_or(""),
        _ => facts_date,
    }
}

/// Whether the design is the search's proposal as found or customised
/// from it, and how: a customised design is no longer the optimum found.
pub fn origin_words(origin: &DesignOrigin) -> String {
    let proposal = origin.proposal.trim().trim_end_matches('.');
    if origin.is_customised() {
        format!(
            "Customised from a design StackSizer's design search proposed ({proposal}); \
             the changes made since: {}. The figures in this report are the customised \
             design's, not the proposal's.",
            origin.customisations.join("; ")
        )
    } else {
        format!("Proposed by StackSizer's design search, unchanged: {proposal}.")
    }
}

/// The verdict in a sentence, without codes.
pub fn verdict_words(verdict: &Verdict) -> &'static str {
    match verdict.status {
        VerdictStatus::Pass => "The design meets its requirements.",
        VerdictStatus::PassWithWarnings => {
            "The design meets its requirements, with points to review."
        }
        VerdictStatus::Fail => "The design does not meet its requirements.",
    }
}

/// The description, unless it is empty or still the template's.
fn customer_description(description: &str) -> Option<&str> {
    let template = serde_json::from_str::<serde_json::Value>(TEMPLATE_JSON).ok();
    let template_text = template
        .as_ref()
        .and_then(|t| t.get("description"))
        .and_then(|d| d.as_str());
    let text = description.trim();
    (!text.is_empty() && Some(text) != template_text.map(str::trim)).then_some(text)
}

/// Most characters of one cover row: a spreadsheet row never breaks
/// across pages, so a long paragraph in one row would leave the rest of
/// its page empty.
const CHUNK_CHARS: usize = 400;

/// `text` as rows to print: one per line (a list keeps its items), long
/// lines cut after a sentence once they pass `CHUNK_CHARS`.
fn printable_chunks(text: &str) -> Vec<String> {
    let mut chunks = Vec::new();
    for line in text
        .lines()
        .map(str::trim_end)
        .filter(|l| !l.trim().is_empty())
    {
        let mut chunk = String::new();
        for sentence in line.split_inclusive(". ") {
            if !chunk.is_empty() && chunk.chars().count() + sentence.chars().count() > CHUNK_CHARS {
                chunks.push(std::mem::take(&mut chunk).trim_end().to_string());
            }
            chunk.push_str(sentence);
        }
        chunks.push(chunk);
    }
    chunks
}

/// The design and its key figures in one paragraph, from the project totals
/// the core computed.
fn summary_paragraph(ctx: &Context) -> String {
    let t = &ctx.evaluation.totals;
    let clusters = ctx.clusters.len();
    let plural = |n: usize, one: &str, many: &str| {
        format!("{} {}", num(n as f64, 0), if n == 1 { one } else { many })
    };
    let mut text = format!(
        "The design runs {} on {} with {} in all. It offers {} TB usable for the {} TB the workloads require",
        plural(ctx.project.workloads.len(), "workload", "workloads"),
        plural(clusters, "cluster", "clusters"),
        plural(t.hosts as usize, "host", "hosts"),
        num(t.usable.tb, 1),
        num(t.required.tb, 1),
    );
    if let Some(pct) = ctx.evaluation.totals.tightest.headroom_pct {
        text.push_str(&format!(
            " (the tightest cluster keeps {} % headroom)",
            num(pct, 0)
        ));
    }
    text.push('.');
    match t.iops_limit {
        Some(limit) if t.front_end_iops > 0.0 => text.push_str(&format!(
            " It delivers up to {} front-end IOPS for the {} demanded.",
            num(limit, 0),
            num(t.front_end_iops, 0)
        )),
        _ => text.push_str(" No workload states its IOPS, so performance is not sized."),
    }
    let cost = &t.cost;
    let currency = &ctx.project.pricing.currency;
    let mut beyond_hardware = Vec::new();
    if cost.extra_items > 0.0 {
        beyond_hardware.push(format!(
            "{} {currency} of extra lines",
            num(cost.extra_items, 0)
        ));
    }
    if cost.discount > 0.0 {
        beyond_hardware.push(format!(
            "less {} {currency} of discounts",
            num(cost.discount, 0)
        ));
    }
    let beyond_hardware = if beyond_hardware.is_empty() {
        String::new()
    } else {
        format!(", with {}", beyond_hardware.join(" and "))
    };
    match cost.unpriced_parts.len() {
        0 if beyond_hardware.is_empty() => text.push_str(&format!(
            " The hardware in the bill of materials totals {} {currency} at indicative prices.",
            num(cost.hardware, 0)
        )),
        0 => text.push_str(&format!(
            " The bill of materials totals {} {currency} at indicative prices: {} {currency} of hardware{beyond_hardware}.",
            num(cost.total, 0),
            num(cost.hardware, 0)
        )),
        n => text.push_str(&format!(
            " The bill of materials prices {} {currency} of hardware{beyond_hardware}; {} without a price {} left out (see the BOM).",
            num(cost.hardware, 0),
            plural(n, "part", "parts"),
            if n == 1 { "is" } else { "are" }
        )),
    }
    let reserve = ctx.project.settings.reserve_hosts;
    if let (Some(cpu), Some(ram)) = (
        t.tightest.cpu_after_failure_pct,
        t.tightest.ram_after_failure_pct,
    ) {
        let after = match reserve {
            0 => "With every host running (no failure reserved)".to_string(),
            n => format!("With {} failed", plural(n as usize, "host", "hosts")),
        };
        text.push_str(&format!(
            " {after}, the busiest cluster uses {} % of its CPU and {} % of its memory.",
            num(cpu, 0),
            num(ram, 0)
        ));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_template_description_is_not_the_customers() {
        let template: serde_json::Value = serde_json::from_str(TEMPLATE_JSON).expect("template");
        let text = template["description"].as_str().expect("a description");
        assert_eq!(customer_description(text), None);
        assert_eq!(customer_description("  "), None);
        assert_eq!(customer_description(" Two sites. "), Some("Two sites."));
    }

    #[test]
    fn long_paragraphs_are_cut_after_a_sentence_and_lists_keep_their_items() {
        let sentence = format!("{}. ", "word ".repeat(30).trim_end());
        let long = sentence.repeat(5);
        let chunks = printable_chunks(&format!("Goals:\n- one\n\n- two\n{long}"));
        assert_eq!(chunks[..3], ["Goals:", "- one", "- two"]);
        // Sentences of 151 characters: two to a row.
        assert_eq!(chunks.len(), 6, "{chunks:?}");
        assert!(chunks[3..]
            .iter()
            .all(|c| c.chars().count() <= CHUNK_CHARS && c.ends_with('.')));
        assert_eq!(chunks[3..].join(" "), long.trim_end());
    }
}
