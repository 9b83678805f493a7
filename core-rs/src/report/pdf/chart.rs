//! Column charts drawn with rectangles: one group of bars per category,
//! one bar per series, a value axis from zero (a cut axis makes a small
//! difference look large) with its unit, gridlines and a legend.

use super::font::Font;
use super::layout::{Color, Flow, Style, BLACK, GREY};
use super::wrap::wrap;
use crate::rules::num;

#[derive(Debug, Clone, PartialEq)]
pub struct Series {
    pub name: String,
    /// One value per category; `None` draws no bar.
    pub values: Vec<Option<f64>>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct BarChart {
    pub title: String,
    /// The value axis's title, with its unit.
    pub axis: String,
    pub categories: Vec<String>,
    pub series: Vec<Series>,
}

const PALETTE: [Color; 5] = [
    Color::rgb(0x2F5597),
    Color::rgb(0xED7D31),
    Color::rgb(0x70AD47),
    Color::rgb(0xFFC000),
    Color::rgb(0x7F7F7F),
];
const GRID: Color = Color::rgb(0xD9D9D9);
const TITLE: Style = Style {
    font: Font::Bold,
    size: 10.0,
    color: BLACK,
    leading: 14.0,
};
const LABEL: Style = Style {
    font: Font::Regular,
    size: 8.0,
    color: GREY,
    leading: 10.0,
};
const PLOT_HEIGHT: f64 = 125.0;
/// Lines a category label may take under its bars.
const CATEGORY_LINES: usize = 2;
const TICKS: f64 = 5.0;

/// The chart's height, title to legend.
pub fn height(chart: &BarChart) -> f64 {
    TITLE.leading
        + LABEL.leading
        + PLOT_HEIGHT
        + 4.0
        + CATEGORY_LINES as f64 * LABEL.leading
        + legend_rows(chart) as f64 * LABEL.leading
        + 24.0
}

fn legend_rows(chart: &BarChart) -> usize {
    chart.series.len().div_ceil(2)
}

/// Axis ticks: zero and round steps (1, 2, 2.5 or 5 times a power of ten)
/// up to at least the largest value; below zero when a value is.
pub fn ticks(min: f64, max: f64) -> Vec<f64> {
    let (min, max) = (min.min(0.0), max.max(0.0));
    // Nothing but zeros: an axis to 1.
    let max = if max > min { max } else { 1.0 };
    let span = max - min;
    let raw = span / TICKS;
    let power = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 2.5, 5.0, 10.0]
        .iter()
        .map(|m| m * power)
        .find(|s| *s >= raw)
        .unwrap_or(10.0 * power);
    let first = (min / step).floor() as i64;
    let last = (max / step).ceil() as i64;
    (first..=last).map(|i| i as f64 * step).collect()
}

/// The fewest decimals (up to three) that show every tick exactly.
fn decimals_for(step: f64) -> usize {
    (0..3)
        .find(|d| {
            let scaled = step * 10f64.powi(*d as i32);
            (scaled - scaled.round()).abs() < 1e-9
        })
        .unwrap_or(3)
}

pub fn draw(flow: &mut Flow, chart: &BarChart) {
    flow.ensure(height(chart));
    let top = flow.y();
    let left = flow.left();
    let width = flow.width();
    flow.text(left, top + TITLE.size, TITLE, &chart.title);
    let values = chart.series.iter().flat_map(|s| s.values.iter().flatten());
    let (min, max) = values.fold((0.0f64, 0.0f64), |(lo, hi), v| (lo.min(*v), hi.max(*v)));
    let ticks = ticks(min, max);
    let step = ticks.get(1).zip(ticks.first()).map_or(1.0, |(b, a)| b - a);
    let decimals = decimals_for(step);
    let labels: Vec<String> = ticks
        .iter()
        .map(|t| num(*t, decimals).to_string())
        .collect();
    let label_width = labels
        .iter()
        .map(|l| LABEL.font.width(l, LABEL.size))
        .fold(0.0, f64::max);
    let axis_top = top + TITLE.leading;
    flow.text(left, axis_top + LABEL.size, LABEL, &chart.axis);
    let plot_top = axis_top + LABEL.leading + 4.0;
    let plot_left = left + label_width + 6.0;
    let plot_width = width - (plot_left - left);
    let (lo, hi) = (
        ticks.first().copied().unwrap_or(0.0),
        ticks.last().copied().unwrap_or(1.0),
    );
    let y_of = |v: f64| plot_top + PLOT_HEIGHT * (hi - v) / (hi - lo).max(f64::MIN_POSITIVE);
    for (t, label) in ticks.iter().zip(&labels) {
        let y = y_of(*t);
        let color = if *t == 0.0 { BLACK } else { GRID };
        flow.line((plot_left, y), (plot_left + plot_width, y), 0.5, color);
        flow.text_right(plot_left - 4.0, y + LABEL.size * 0.35, LABEL, label);
    }
    let categories = chart.categories.len().max(1);
    let group = plot_width / categories as f64;
    let bars = chart.series.len().max(1);
    let bar = (group * 0.7 / bars as f64).min(60.0);
    let zero = y_of(0.0);
    for (c, category) in chart.categories.iter().enumerate() {
        let group_left = plot_left + group * c as f64;
        let bars_left = group_left + (group - bar * bars as f64) / 2.0;
        for (s, series) in chart.series.iter().enumerate() {
            let Some(value) = series.values.get(c).copied().flatten() else {
                continue;
            };
            let x = bars_left + bar * s as f64;
            let y = y_of(value);
            let (from, to) = if value >= 0.0 { (y, zero) } else { (zero, y) };
            flow.rect(x, from, bar * 0.92, to - from, PALETTE[s % PALETTE.len()]);
            let text = num(value, if value.abs() >= 100.0 { 0 } else { 1 }).to_string();
            if LABEL.font.width(&text, LABEL.size) <= bar + 4.0 {
                let center = x + bar * 0.46 - LABEL.font.width(&text, LABEL.size) / 2.0;
                flow.text(
                    center,
                    from - 2.0,
                    Style {
                        color: BLACK,
                        ..LABEL
                    },
                    &text,
                );
            }
        }
        let mut lines = wrap(category, LABEL.font, LABEL.size, group - 4.0);
        if lines.len() > CATEGORY_LINES {
            lines.truncate(CATEGORY_LINES);
            if let Some(last) = lines.last_mut() {
                last.push_str("...");
            }
        }
        for (n, line) in lines.iter().enumerate() {
            let w = LABEL.font.width(line, LABEL.size);
            let baseline = plot_top + PLOT_HEIGHT + 4.0 + LABEL.size + n as f64 * LABEL.leading;
            flow.text(group_left + (group - w) / 2.0, baseline, LABEL, line);
        }
    }
    let legend_top = plot_top + PLOT_HEIGHT + 4.0 + CATEGORY_LINES as f64 * LABEL.leading + 4.0;
    for (s, series) in chart.series.iter().enumerate() {
        let x = plot_left + (s % 2) as f64 * plot_width / 2.0;
        let y = legend_top + (s / 2) as f64 * LABEL.leading;
        flow.rect(x, y + 1.0, 8.0, 8.0, PALETTE[s % PALETTE.len()]);
        let mut name = wrap(
            &series.name,
            LABEL.font,
            LABEL.size,
            plot_width / 2.0 - 16.0,
        );
        name.truncate(1);
        flow.text(
            x + 12.0,
            y + LABEL.size,
            Style {
                color: BLACK,
                ..LABEL
            },
            &name.concat(),
        );
    }
    flow.advance(height(chart));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::pdf::layout::Mark;
    use crate::report::Paper;

    #[test]
    fn ticks_start_at_zero_and_cover_the_largest_value() {
        assert_eq!(ticks(0.0, 97.0), [0.0, 20.0, 40.0, 60.0, 80.0, 100.0]);
        assert_eq!(ticks(0.0, 171.0), [0.0, 50.0, 100.0, 150.0, 200.0]);
        assert_eq!(ticks(5.0, 12.0), [0.0, 2.5, 5.0, 7.5, 10.0, 12.5]);
        assert_eq!(ticks(-9.35, 30.41), [-10.0, 0.0, 10.0, 20.0, 30.0, 40.0]);
        // Nothing to show still draws an axis.
        assert_eq!(
            ticks(0.0, 0.0),
            [0.0, 0.2, 0.4, 0.6000000000000001, 0.8, 1.0]
        );
        assert_eq!(decimals_for(50.0), 0);
        assert_eq!(decimals_for(2.5), 1);
        assert_eq!(decimals_for(0.2), 1);
        assert_eq!(decimals_for(0.25), 2);
    }

    #[test]
    fn bars_stand_on_zero_and_stay_in_the_plot() {
        let chart = BarChart {
            title: "Capacity per cluster".into(),
            axis: "TB".into(),
            categories: vec!["A".into(), "B".into()],
            series: vec![
                Series {
                    name: "Usable".into(),
                    values: vec![Some(30.0), Some(-5.0)],
                },
                Series {
                    name: "Required".into(),
                    values: vec![Some(40.0), None],
                },
            ],
        };
        let mut flow = Flow::new(Paper::A4);
        draw(&mut flow, &chart);
        let top = flow.y() - height(&chart);
        let pages = flow.finish();
        let bars: Vec<(f64, f64)> = pages[0]
            .iter()
            .filter_map(|m| match m {
                Mark::Rect { y, height, .. } if *height > 8.5 => Some((*y, *height)),
                _ => None,
            })
            .collect();
        assert_eq!(bars.len(), 3, "no bar for a missing value: {bars:?}");
        // A's 30 and 40 stand on zero, 40 the taller; B's -5 hangs from it.
        let zero = bars[0].0 + bars[0].1;
        assert!((bars[1].0 + bars[1].1 - zero).abs() < 1e-9);
        assert!((bars[2].0 - zero).abs() < 1e-9);
        assert!(bars[1].1 > bars[0].1);
        assert!(bars
            .iter()
            .all(|(y, h)| *y >= top && y + h <= top + height(&chart)));
    }
}
