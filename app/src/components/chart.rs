//! A grouped answer's chart as a plain SVG bar chart (labels are SVG text nodes, never markup).

use leptos::prelude::*;
use serde_json::Value as Json;
use tabletalk_shared::query::answer::Chart;
use tabletalk_shared::query::plan::ChartKind;

use crate::i18n::{fill, tr};

const MAX_BARS: usize = 30;
const BAR: f64 = 22.0;
const LABEL: f64 = 150.0;
const PLOT: f64 = 360.0;
const VALUE: f64 = 70.0;

fn label(v: &Json) -> String {
    match v {
        Json::String(s) => s.clone(),
        Json::Null => "—".into(),
        other => other.to_string(),
    }
}

fn short(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        s.to_string()
    } else {
        format!("{}…", s.chars().take(max - 1).collect::<String>())
    }
}

/// Bars for bar, histogram, line and pie data whose values are numbers; nothing otherwise.
pub fn bar_chart(chart: &Chart) -> Option<impl IntoView + use<>> {
    if !matches!(chart.kind, ChartKind::Bar | ChartKind::Histogram | ChartKind::Line | ChartKind::Pie) {
        return None;
    }
    let points: Vec<(String, f64)> =
        chart.data.iter().take(MAX_BARS).map(|(x, y)| y.as_f64().map(|y| (label(x), y))).collect::<Option<_>>()?;
    if points.is_empty() {
        return None;
    }
    let lo = points.iter().map(|p| p.1).fold(0.0_f64, f64::min);
    let hi = points.iter().map(|p| p.1).fold(0.0_f64, f64::max);
    let span = if hi > lo { hi - lo } else { 1.0 };
    let x = move |v: f64| LABEL + (v - lo) / span * PLOT;
    let height = points.len() as f64 * BAR + 4.0;
    let bars = points
        .into_iter()
        .enumerate()
        .map(|(i, (name, v))| {
            let top = i as f64 * BAR + 2.0;
            let (a, b) = (x(0.0), x(v));
            let shown = if v.fract() == 0.0 { format!("{v}") } else { format!("{v:.2}") };
            view! {
                <g data-testid="bar">
                    <text x=LABEL - 6.0 y=top + BAR * 0.68 text-anchor="end">{short(&name, 22)}</text>
                    <rect x=a.min(b) y=top + 3.0 width=(b - a).abs().max(1.0) height=BAR - 6.0></rect>
                    <text x=a.max(b) + 4.0 y=top + BAR * 0.68>{shown}</text>
                </g>
            }
        })
        .collect_view();
    let more = chart.data.len().saturating_sub(MAX_BARS);
    let total = chart.data.len();
    let (title, y, x) = (chart.title.clone(), chart.y.clone(), chart.x.clone());
    let label = tr(move |t| fill(t.chart_label, &[("title", &title), ("y", &y), ("x", &x)]));
    Some(view! {
        <figure class="chart" data-testid="chart">
            <svg
                viewBox=format!("0 0 {} {height}", LABEL + PLOT + VALUE)
                width=LABEL + PLOT + VALUE
                role="img"
                aria-label=label
            >
                {bars}
            </svg>
            <figcaption>
                {chart.title.clone()}
                {(more > 0).then(|| tr(move |t| fill(t.chart_first, &[("n", &MAX_BARS), ("total", &total)])))}
            </figcaption>
        </figure>
    })
}
