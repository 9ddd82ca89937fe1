//! Plots of one group: stack (or flash) against model cycles, every combination a point,
//! the Pareto front a staircase, presets labelled, the budget a dashed line, published
//! real-hardware figures as triangles, peers measured in this harness as labelled crosses.
//! SVG and PNG, 800 × 560 pixels.

use std::path::Path;
use std::sync::OnceLock;

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::analysis::Group;
use crate::pareto;
use crate::published::Published;

/// The horizontal axis.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Axis {
    /// Stack high-water mark.
    Stack,
    /// Flash of the firmware.
    Flash,
}

impl Axis {
    /// File-name part.
    pub fn slug(self) -> &'static str {
        match self {
            Axis::Stack => "stack",
            Axis::Flash => "flash",
        }
    }
}

/// Plot size: legible at 800 pixels wide.
pub const SIZE: (u32, u32) = (800, 560);

/// The file name of a group's plot, without extension: `m4-ml-dsa-65-sign-stack`.
pub fn stem(g: &Group, axis: Axis) -> String {
    format!("{}-{}-{}-{}", g.target, g.scheme.name(), g.op, axis.slug())
}

pub(crate) const FONT: &str = "sans-serif";

/// Text needs a TrueType font: `PQ_EXPLORE_FONT`, else DejaVu Sans or Liberation Sans
/// where Debian puts them (the set-up script installs fonts-dejavu-core).
pub(crate) fn font() -> Result<(), String> {
    static LOADED: OnceLock<Result<(), String>> = OnceLock::new();
    LOADED
        .get_or_init(|| {
            let mut candidates: Vec<std::path::PathBuf> = Vec::new();
            if let Some(p) = std::env::var_os("PQ_EXPLORE_FONT") {
                candidates.push(p.into());
            }
            for p in [
                "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
                "/usr/share/fonts/TTF/DejaVuSans.ttf",
                "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
                "/usr/share/fonts/dejavu-sans-fonts/DejaVuSans.ttf",
            ] {
                candidates.push(p.into());
            }
            for path in &candidates {
                if let Ok(bytes) = std::fs::read(path) {
                    // plotters keeps registered fonts for the life of the process.
                    let bytes: &'static [u8] = Box::leak(bytes.into_boxed_slice());
                    if plotters::style::register_font(FONT, FontStyle::Normal, bytes).is_ok() {
                        return Ok(());
                    }
                }
            }
            Err(
                "plots need a TrueType font: install fonts-dejavu-core (scripts/setup.sh does) \
                 or set PQ_EXPLORE_FONT to a .ttf file"
                    .into(),
            )
        })
        .clone()
}

/// Draws `g` against `axis` into `path` (SVG or PNG by extension). `budget` is the limit
/// on that axis, if any.
pub fn draw(
    g: &Group,
    axis: Axis,
    budget: Option<u64>,
    published: &[Published],
    path: &Path,
) -> Result<(), String> {
    struct One<'a>(&'a Group, Axis, Option<u64>, &'a [Published]);
    impl Chart for One<'_> {
        fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<(), String> {
            chart(root, self.0, self.1, self.2, self.3)
        }
    }
    render(path, &One(g, axis, budget, published))
}

/// A plot that can be drawn on any plotters backend.
pub(crate) trait Chart {
    /// Draws the whole plot on `root`.
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<(), String>;
}

/// Draws `chart` into `path`, SVG or PNG by its extension, at [`SIZE`].
pub(crate) fn render(path: &Path, chart: &impl Chart) -> Result<(), String> {
    font()?;
    let err = |e: String| format!("{}: {e}", path.display());
    match path.extension().and_then(|e| e.to_str()) {
        Some("svg") => {
            let root = SVGBackend::new(path, SIZE).into_drawing_area();
            chart.draw(&root).map_err(err)?;
            root.present().map_err(|e| err(format!("{e:?}")))
        }
        Some("png") => {
            let root = BitMapBackend::new(path, SIZE).into_drawing_area();
            chart.draw(&root).map_err(err)?;
            root.present().map_err(|e| err(format!("{e:?}")))
        }
        _ => Err(err("expected a .svg or .png file name".into())),
    }
}

/// The (stack or flash, cycles) front of `points` as a staircase to draw: each step
/// runs across at the previous point's cycles, then down to the next point.
pub(crate) fn staircase(points: &[(f64, f64)]) -> Vec<(f64, f64)> {
    let raw: Vec<[u64; 2]> = points
        .iter()
        .map(|p| [(p.0 * 1024.0) as u64, (p.1 * 1e6) as u64])
        .collect();
    let front: Vec<(f64, f64)> = pareto::front_2d(&raw).iter().map(|&k| points[k]).collect();
    let mut stairs = Vec::new();
    for (k, p) in front.iter().enumerate() {
        if k > 0 {
            stairs.push((p.0, front[k - 1].1));
        }
        stairs.push(*p);
    }
    stairs
}

/// A point in plot units: kB and millions of cycles.
pub(crate) fn point(bytes: u64, cycles: u64) -> (f64, f64) {
    (bytes as f64 / 1024.0, cycles as f64 / 1e6)
}

fn chart<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    g: &Group,
    axis: Axis,
    budget: Option<u64>,
    published: &[Published],
) -> Result<(), String> {
    let e = |e: DrawingAreaErrorKind<DB::ErrorType>| format!("{e:?}");
    root.fill(&WHITE).map_err(e)?;

    let at = |f: &pqfit_profiles::OpReport| {
        let x = match axis {
            Axis::Stack => f.stack_bytes,
            Axis::Flash => f.flash_bytes.total,
        };
        point(x, f.cycles.avg)
    };
    let ours: Vec<(usize, (f64, f64))> = g
        .rows
        .iter()
        .enumerate()
        .filter_map(|(i, r)| r.ours().map(|f| (i, at(f))))
        .collect();
    let peers: Vec<(&str, (f64, f64))> = g
        .rows
        .iter()
        .filter_map(|r| Some((r.candidate.peer()?.title, at(r.ok()?))))
        .collect();
    let refs: Vec<(&str, (f64, f64))> = published
        .iter()
        .filter(|p| p.target == g.target && p.scheme == g.scheme.name())
        .filter_map(|p| {
            let o = p.op(g.op)?;
            let x = match axis {
                Axis::Stack => o.stack,
                Axis::Flash => p.text?,
            };
            Some((p.label.as_str(), point(x, o.cycles)))
        })
        .collect();

    let title = format!(
        "{} {} on {}: {} against model cycles",
        g.scheme.name().to_uppercase(),
        g.op,
        g.target,
        axis.slug()
    );
    if ours.is_empty() && refs.is_empty() && peers.is_empty() {
        root.draw(&Text::new(
            format!("{title}: no combination built and ran"),
            (20, 40),
            (FONT, 18),
        ))
        .map_err(e)?;
        return Ok(());
    }

    // Log-log ranges with a margin, including the budget line.
    let budget_x = budget.map(|b| b as f64 / 1024.0);
    let xs = ours
        .iter()
        .map(|p| p.1 .0)
        .chain(refs.iter().chain(&peers).map(|p| p.1 .0))
        .chain(budget_x);
    let ys = ours
        .iter()
        .map(|p| p.1 .1)
        .chain(refs.iter().chain(&peers).map(|p| p.1 .1));
    let (x0, x1) = span(xs);
    let (y0, y1) = span(ys);

    let mut chart = ChartBuilder::on(root)
        .caption(&title, (FONT, 20))
        .margin(12)
        .x_label_area_size(48)
        .y_label_area_size(64)
        .build_cartesian_2d(
            (x0..x1).log_scale().with_key_points(ticks(x0, x1)),
            (y0..y1).log_scale().with_key_points(ticks(y0, y1)),
        )
        .map_err(e)?;
    let runs = g
        .rows
        .iter()
        .find_map(|r| r.ok().map(|f| f.runs))
        .unwrap_or(0);
    let y_desc = match g.op {
        "sign" | "sign-expanded" => {
            format!("model cycles, millions (mean of {runs} messages; log)")
        }
        _ => "model cycles, millions (log)".to_string(),
    };
    chart
        .configure_mesh()
        .x_desc(match axis {
            Axis::Stack => "stack, kB (1 kB = 1,024 B; log)",
            Axis::Flash => "flash, kB (whole firmware; log)",
        })
        .y_desc(y_desc)
        .x_label_formatter(&|v| trim(*v))
        .y_label_formatter(&|v| trim(*v))
        .label_style((FONT, 14))
        .axis_desc_style((FONT, 15))
        .light_line_style(WHITE.mix(0.0))
        .draw()
        .map_err(e)?;

    // Every combination.
    let blue = RGBColor(70, 110, 190);
    chart
        .draw_series(
            ours.iter()
                .map(|(_, p)| Circle::new(*p, 3, blue.mix(0.55).filled())),
        )
        .map_err(e)?
        .label("pqfit combination (model)")
        .legend(move |(x, y)| Circle::new((x + 8, y), 3, blue.filled()));

    // The front as a staircase, its corners as dots.
    let pts: Vec<(f64, f64)> = ours.iter().map(|(_, p)| *p).collect();
    let stairs = staircase(&pts);
    let raw: Vec<[u64; 2]> = pts
        .iter()
        .map(|p| [(p.0 * 1024.0) as u64, (p.1 * 1e6) as u64])
        .collect();
    let front: Vec<(f64, f64)> = pareto::front_2d(&raw).iter().map(|&k| pts[k]).collect();
    let red = RGBColor(200, 40, 40);
    chart
        .draw_series(LineSeries::new(stairs, red.stroke_width(2)))
        .map_err(e)?
        .label("Pareto front")
        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], red.stroke_width(2)));
    chart
        .draw_series(front.iter().map(|p| Circle::new(*p, 4, red.filled())))
        .map_err(e)?;

    // Presets, labelled.
    for (i, p) in &ours {
        let row = &g.rows[*i];
        if let Some(name) = row.preset {
            chart
                .draw_series([Circle::new(*p, 5, BLACK.stroke_width(2))])
                .map_err(e)?;
            chart
                .draw_series([Text::new(
                    name.to_string(),
                    (p.0 * 1.04, p.1 * 1.04),
                    (FONT, 14).into_font().color(&BLACK),
                )])
                .map_err(e)?;
        }
    }

    // Published real-hardware points.
    let green = RGBColor(20, 130, 60);
    if !refs.is_empty() {
        chart
            .draw_series(
                refs.iter()
                    .map(|(_, p)| TriangleMarker::new(*p, 7, green.filled())),
            )
            .map_err(e)?
            .label(match axis {
                Axis::Stack => "published, real hardware",
                Axis::Flash => "published, real hardware (scheme .text only)",
            })
            .legend(move |(x, y)| TriangleMarker::new((x + 8, y), 6, green.filled()));
        for (label, p) in &refs {
            chart
                .draw_series([Text::new(
                    label.to_string(),
                    (p.0 * 1.04, p.1 * 0.93),
                    (FONT, 13).into_font().color(&green),
                )])
                .map_err(e)?;
        }
    }

    // Peers measured in this harness (model cycles, like ours).
    let purple = RGBColor(130, 50, 160);
    if !peers.is_empty() {
        chart
            .draw_series(
                peers
                    .iter()
                    .map(|(_, p)| Cross::new(*p, 6, purple.stroke_width(2))),
            )
            .map_err(e)?
            .label("peer, measured, this harness (model)")
            .legend(move |(x, y)| Cross::new((x + 8, y), 5, purple.stroke_width(2)));
        // Named on the side that faces the middle of the plot, so that no label runs off it.
        let middle = (x0 * x1).sqrt();
        let style = (FONT, 13).into_font().color(&purple);
        chart
            .draw_series(peers.iter().map(|(label, p)| {
                let (x, side) = if p.0 > middle {
                    (p.0 / 1.04, HPos::Right)
                } else {
                    (p.0 * 1.04, HPos::Left)
                };
                let style = style.clone().pos(Pos::new(side, VPos::Bottom));
                Text::new(label.to_string(), (x, p.1 * 1.03), style)
            }))
            .map_err(e)?;
    }

    // The budget.
    if let Some(x) = budget_x {
        let orange = RGBColor(230, 120, 0);
        chart
            .draw_series(DashedLineSeries::new(
                [(x, y0), (x, y1)],
                8,
                5,
                orange.stroke_width(2),
            ))
            .map_err(e)?
            .label(format!(
                "{} budget: {} B",
                axis.slug(),
                crate::budget::group(budget.unwrap_or(0))
            ))
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 16, y)], orange.stroke_width(2))
            });
    }

    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::LowerLeft)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK.mix(0.4))
        .label_font((FONT, 14))
        .draw()
        .map_err(e)?;
    Ok(())
}

/// A log-scale range around the values, with a margin.
pub(crate) fn span(values: impl Iterator<Item = f64>) -> (f64, f64) {
    let (lo, hi) = values.fold((f64::MAX, f64::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)));
    if lo > hi {
        return (1.0, 10.0);
    }
    let lo = lo.max(1e-3);
    (lo / 1.3, hi.max(lo * 1.5) * 1.3)
}

/// Tick positions for a log axis: 1, 1.5, 2, 3, 5 and 7 times the powers of ten in range.
pub(crate) fn ticks(lo: f64, hi: f64) -> Vec<f64> {
    let mut out = Vec::new();
    let mut decade = 10f64.powi(lo.log10().floor() as i32);
    while decade <= hi {
        for m in [1.0, 1.5, 2.0, 3.0, 5.0, 7.0] {
            let t = decade * m;
            if t >= lo && t <= hi {
                out.push(t);
            }
        }
        decade *= 10.0;
    }
    out
}

/// Tick labels without trailing zeros: 3, 12.5, 0.25.
pub(crate) fn trim(v: f64) -> String {
    let s = if v >= 100.0 {
        format!("{v:.0}")
    } else if v >= 10.0 {
        format!("{v:.1}")
    } else {
        format!("{v:.2}")
    };
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tick_labels() {
        assert_eq!(trim(3.0), "3");
        assert_eq!(trim(12.5), "12.5");
        assert_eq!(trim(0.25), "0.25");
        assert_eq!(trim(150.0), "150");
    }

    #[test]
    fn log_ticks() {
        assert_eq!(
            ticks(18.0, 210.0),
            [20.0, 30.0, 50.0, 70.0, 100.0, 150.0, 200.0]
        );
        assert_eq!(ticks(4.0, 9.0), [5.0, 7.0]);
        assert!(ticks(2.0, 1.0).is_empty());
    }

    #[test]
    fn spans_cover_their_values() {
        let (lo, hi) = span([3.0, 60.0].into_iter());
        assert!(lo < 3.0 && hi > 60.0);
        assert_eq!(span(std::iter::empty()), (1.0, 10.0));
    }
}
