//! The proposal: which of the report's sheets it shows, in what order and
//! under what chapter titles, after a cover page. The sheets are the ones
//! the XLSX and CSV exports write (`report::design_sheets`), so every
//! figure is the same cell; only the workload inventory and the tables of
//! a row per workload are left to the workbook, and a table longer than a proposal should print shows its
//! first rows (the note under it says how many more the workbook has).

use super::font::{encode, Font};
use super::layout::{Color, Flow, Mark, Style, DARK_BLUE, MARGIN_SIDE, MARGIN_TOP, WHITE};
use super::render::{self, Part, BODY};
use super::wrap::wrap;
use crate::report::sheet::Sheet;
use crate::report::Paper;

/// Tables of a row per workload: an inventory's length, left to the
/// workbook (the chapters show each cluster's totals of them), with the
/// key to one of them.
const PER_WORKLOAD_TABLES: [&str; 5] = [
    "workload-capacity",
    "workload-capacity-bases",
    "workload-io",
    "esa-workload-io",
    "workload-compute",
];

/// A sheet of the report (its name without a comparison's prefix) and the
/// title of its chapter.
const CHAPTERS: [(&str, &str); 11] = [
    ("Summary", "Executive summary"),
    ("Design", "Design"),
    ("Capacity", "Capacity"),
    ("Performance", "Performance"),
    ("Compute", "CPU and memory"),
    ("Resilience", "Failure scenarios"),
    ("Growth", "Growth"),
    ("BOM", "Bill of materials"),
    ("Findings", "Findings"),
    ("Assumptions", "Assumptions"),
    ("Sources", "Sources of the findings"),
];

const COVER_TITLE: Style = Style {
    font: Font::Bold,
    size: 24.0,
    color: WHITE,
    leading: 30.0,
};
const CONTENTS_HEADING: Style = Style {
    font: Font::Bold,
    size: 11.0,
    color: DARK_BLUE,
    leading: 17.0,
};
const RULE: Color = Color::rgb(0xD9D9D9);
const COVER_SUBTITLE: Style = Style {
    font: Font::Regular,
    size: 14.0,
    color: WHITE,
    leading: 18.0,
};
/// The cover sheet's rows above its facts: its title and the project's
/// name (`cover::cover_sheet`), set in the cover's band instead.
const COVER_HEADING_ROWS: usize = 2;

/// The pages of the proposal for a design's sheets.
pub fn lay_out(sheets: &[Sheet], paper: Paper) -> Flow {
    let mut flow = Flow::new(paper);
    let named = |name: &str| sheets.iter().find(|s| s.name == name);
    let contents_at = named("Cover").map(|cover| {
        cover_page(&mut flow, cover);
        (flow.page(), flow.y() + BODY.leading, flow.remaining())
    });
    let mut entries = Vec::new();
    let mut number = 0;
    for (name, title) in CHAPTERS {
        if let Some(sheet) = named(name) {
            number += 1;
            flow.new_page();
            let title = format!("{number} {title}");
            entries.push((title.clone(), flow.page() + 1));
            let part = Part {
                first_row: 0,
                title: Some(&title),
                left_out: &PER_WORKLOAD_TABLES,
            };
            render::sheet(&mut flow, sheet, &part);
        }
    }
    if let Some(at) = contents_at {
        contents(&mut flow, at, &entries);
    }
    flow
}

/// The chapters and their pages, under the cover's text where the
/// cover's last page has room for them, else on a page of their own after
/// it (the chapters then start a page later).
fn contents(
    flow: &mut Flow,
    (mut page, mut top, room): (usize, f64, f64),
    entries: &[(String, usize)],
) {
    let height = CONTENTS_HEADING.leading + entries.len() as f64 * BODY.leading;
    let mut shift = 0;
    if height > room - BODY.leading {
        page += 1;
        flow.insert_page(page);
        top = MARGIN_TOP;
        shift = 1;
    }
    let (left, right) = (flow.left(), flow.left() + flow.width());
    let text = |x: f64, y: f64, style: Style, s: &str| Mark::Text {
        x,
        y,
        font: style.font,
        size: style.size,
        color: style.color,
        text: encode(s),
    };
    flow.mark_on(
        page,
        text(
            left,
            top + CONTENTS_HEADING.size,
            CONTENTS_HEADING,
            "Contents",
        ),
    );
    let mut y = top + CONTENTS_HEADING.leading;
    for (title, number) in entries {
        let number = (number + shift).to_string();
        let width = BODY.font.width(&number, BODY.size);
        flow.mark_on(page, text(left, y + BODY.size, BODY, title));
        flow.mark_on(page, text(right - width, y + BODY.size, BODY, &number));
        flow.mark_on(
            page,
            Mark::Line {
                from: (left, y + BODY.leading - 1.5),
                to: (right, y + BODY.leading - 1.5),
                width: 0.25,
                color: RULE,
            },
        );
        y += BODY.leading;
    }
}

fn cover_page(flow: &mut Flow, cover: &Sheet) {
    let text = |row: usize| {
        cover
            .rows
            .get(row)
            .and_then(|r| r.cells.first())
            .map(|c| c.plain())
            .unwrap_or_default()
    };
    let band_width = flow.size.width;
    let inner = band_width - 2.0 * MARGIN_SIDE;
    let title = wrap(&text(0), COVER_TITLE.font, COVER_TITLE.size, inner);
    let subtitle = wrap(&text(1), COVER_SUBTITLE.font, COVER_SUBTITLE.size, inner);
    let band_height = MARGIN_TOP
        + title.len() as f64 * COVER_TITLE.leading
        + subtitle.len() as f64 * COVER_SUBTITLE.leading
        + 30.0;
    flow.rect(0.0, 0.0, band_width, band_height, DARK_BLUE);
    let mut baseline = MARGIN_TOP + 10.0 + COVER_TITLE.size;
    for line in &title {
        flow.text(MARGIN_SIDE, baseline, COVER_TITLE, line);
        baseline += COVER_TITLE.leading;
    }
    for line in &subtitle {
        flow.text(MARGIN_SIDE, baseline, COVER_SUBTITLE, line);
        baseline += COVER_SUBTITLE.leading;
    }
    flow.advance(band_height - MARGIN_TOP + BODY.leading);
    let part = Part {
        first_row: COVER_HEADING_ROWS,
        title: None,
        left_out: &[],
    };
    render::sheet(flow, cover, &part);
}
