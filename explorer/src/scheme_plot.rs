//! The plot across schemes: stack against model cycles for every combination of every
//! parameter set ranked together, one colour per set, each set's (stack, cycles) front as
//! a staircase in its colour, each set's answer ringed and the stack budget dashed.
//! SVG and PNG, the size of the per-scheme plots.

use std::path::Path;

use plotters::coord::Shift;
use plotters::prelude::*;

use crate::analysis::{Answer, Group};
use crate::plot::{point, render, span, staircase, ticks, trim, Chart, FONT};
use crate::ranking::Ranking;

/// The file name without extension: `m3-sign-schemes-stack`.
pub fn stem(r: &Ranking) -> String {
    format!("{}-{}-schemes-stack", r.target, r.op)
}

/// Colours that stay apart on white and for common colour blindness (Okabe–Ito), then
/// lighter variants for more sets.
const PALETTE: [RGBColor; 8] = [
    RGBColor(0, 114, 178),
    RGBColor(213, 94, 0),
    RGBColor(0, 158, 115),
    RGBColor(204, 121, 167),
    RGBColor(230, 159, 0),
    RGBColor(86, 180, 233),
    RGBColor(120, 94, 60),
    RGBColor(0, 0, 0),
];

/// The colour of the `k`-th set of a ranking.
pub fn colour(k: usize) -> RGBColor {
    let c = PALETTE[k % PALETTE.len()];
    if k < PALETTE.len() {
        c
    } else {
        let lighter = |v: u8| v + (255 - v) / 2;
        RGBColor(lighter(c.0), lighter(c.1), lighter(c.2))
    }
}

/// Draws the ranking into `path` (SVG or PNG by extension).
pub fn draw(r: &Ranking, groups: &[Group], path: &Path) -> Result<(), String> {
    struct Schemes<'a>(&'a Ranking, &'a [Group]);
    impl Chart for Schemes<'_> {
        fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<(), String> {
            chart(root, self.0, self.1)
        }
    }
    render(path, &Schemes(r, groups))
}

/// Every pqfit point of a group, in plot units (kB, millions of cycles).
fn points(g: &Group) -> Vec<(f64, f64)> {
    g.rows
        .iter()
        .filter_map(|r| r.ours().map(|f| point(f.stack_bytes, f.cycles.avg)))
        .collect()
}

fn chart<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    r: &Ranking,
    groups: &[Group],
) -> Result<(), String> {
    let e = |e: DrawingAreaErrorKind<DB::ErrorType>| format!("{e:?}");
    root.fill(&WHITE).map_err(e)?;
    let sets: Vec<(&Group, Vec<(f64, f64)>)> = r
        .order
        .iter()
        .map(|&i| (&groups[i], points(&groups[i])))
        .collect();
    let title = format!(
        "{} on {} across schemes: stack against model cycles",
        r.op, r.target
    );
    if sets.iter().all(|(_, p)| p.is_empty()) {
        root.draw(&Text::new(
            format!("{title}: no combination built and ran"),
            (20, 40),
            (FONT, 18),
        ))
        .map_err(e)?;
        return Ok(());
    }
    let budget_x = r.budgets.stack.map(|b| b as f64 / 1024.0);
    let all = || sets.iter().flat_map(|(_, p)| p.iter().copied());
    let (x0, x1) = span(all().map(|p| p.0).chain(budget_x));
    let (y0, y1) = span(all().map(|p| p.1));
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
    chart
        .configure_mesh()
        .x_desc("stack, kB (1 kB = 1,024 B; log)")
        .y_desc("model cycles, millions (mean; log)")
        .x_label_formatter(&|v| trim(*v))
        .y_label_formatter(&|v| trim(*v))
        .label_style((FONT, 14))
        .axis_desc_style((FONT, 15))
        .light_line_style(WHITE.mix(0.0))
        .draw()
        .map_err(e)?;

    for (k, (g, pts)) in sets.iter().enumerate() {
        let c = colour(k);
        chart
            .draw_series(pts.iter().map(|p| Circle::new(*p, 3, c.mix(0.5).filled())))
            .map_err(e)?
            .label(g.scheme.name())
            .legend(move |(x, y)| Circle::new((x + 8, y), 4, c.filled()));
        chart
            .draw_series(LineSeries::new(staircase(pts), c.stroke_width(2)))
            .map_err(e)?;
        if let Answer::Best(i) = g.answer {
            if let Some(f) = g.rows[i].ok() {
                let p = point(f.stack_bytes, f.cycles.avg);
                chart
                    .draw_series([Circle::new(p, 7, c.stroke_width(3))])
                    .map_err(e)?;
            }
        }
    }

    if let Some(x) = budget_x {
        let grey = RGBColor(90, 90, 90);
        chart
            .draw_series(DashedLineSeries::new(
                [(x, y0), (x, y1)],
                8,
                5,
                grey.stroke_width(2),
            ))
            .map_err(e)?
            .label(format!(
                "stack budget: {} B",
                crate::budget::group(r.budgets.stack.unwrap_or(0))
            ))
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 16, y)], grey.stroke_width(2))
            });
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperRight)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK.mix(0.4))
        .label_font((FONT, 14))
        .draw()
        .map_err(e)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_stay_apart() {
        let cs: Vec<RGBColor> = (0..16).map(colour).collect();
        for i in 0..cs.len() {
            for j in 0..i {
                assert_ne!(cs[i], cs[j], "sets {i} and {j} share a colour");
            }
        }
    }
}
