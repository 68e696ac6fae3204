//! `--plot FILE.svg`: an exploration's layers as bars on a logarithmic scale, and a grid
//! benchmark's time per query against the optimal length.

use std::path::Path;

use anyhow::Context;
use plotters::coord::Shift;
use plotters::prelude::*;

/// What drawing on a chart may fail with.
type Drawn = Result<(), Box<dyn std::error::Error>>;

/// Draws into the SVG file `path` on a white page what `draw` draws.
fn svg(
    path: &Path,
    draw: impl FnOnce(&DrawingArea<SVGBackend, Shift>) -> Drawn,
) -> anyhow::Result<()> {
    let root = SVGBackend::new(path, (960, 540)).into_drawing_area();
    let drawn = (|| -> Drawn {
        root.fill(&WHITE)?;
        draw(&root)?;
        root.present()?;
        Ok(())
    })();
    drawn
        .map_err(|error| anyhow::anyhow!("{error}"))
        .with_context(|| format!("cannot draw {}", path.display()))
}

/// A chart on `root` titled `title`, with room for the axes' labels.
fn framed<'a, 'b>(
    root: &'a DrawingArea<SVGBackend<'b>, Shift>,
    title: &str,
) -> ChartBuilder<'a, 'b, SVGBackend<'b>> {
    let mut builder = ChartBuilder::on(root);
    builder
        .caption(title, ("sans-serif", 24))
        .margin(16)
        .x_label_area_size(40)
        .y_label_area_size(80);
    builder
}

/// Draws `layers` (states per depth) of `title` into the SVG file `path`.
pub fn layers(path: &Path, title: &str, layers: &[u64]) -> anyhow::Result<()> {
    let most = layers.iter().copied().max().unwrap_or(1).max(1);
    svg(path, |root| {
        let mut chart = framed(root, title)
            .build_cartesian_2d(0u32..layers.len() as u32, (1u64..most * 2).log_scale())?;
        chart
            .configure_mesh()
            .x_desc("distance from the goal")
            .y_desc("states")
            .disable_x_mesh()
            .draw()?;
        chart.draw_series(layers.iter().enumerate().map(|(depth, &states)| {
            let depth = depth as u32;
            Rectangle::new([(depth, 1), (depth + 1, states.max(1))], BLUE.filled())
        }))?;
        Ok(())
    })
}

/// Draws each series of `series` (a name and its points: optimal length, microseconds per
/// query) into the SVG file `path`, times on a logarithmic scale, a colour and a legend entry
/// per series.
pub fn query_times(
    path: &Path,
    title: &str,
    series: &[(String, Vec<(f64, f64)>)],
) -> anyhow::Result<()> {
    let points = || series.iter().flat_map(|(_, points)| points.iter());
    let longest = points().map(|&(length, _)| length).fold(1.0, f64::max);
    let slowest = points().map(|&(_, micros)| micros).fold(1.0, f64::max);
    let fastest = points().map(|&(_, micros)| micros).fold(slowest, f64::min);
    svg(path, |root| {
        let mut chart = framed(root, title).build_cartesian_2d(
            0.0..longest * 1.05,
            (fastest.max(1e-3) / 2.0..slowest * 2.0).log_scale(),
        )?;
        chart
            .configure_mesh()
            .x_desc("optimal length")
            .y_desc("µs per query")
            .draw()?;
        for (at, (name, points)) in series.iter().enumerate() {
            let colour = Palette99::pick(at).to_rgba();
            chart
                .draw_series(points.iter().map(|&(length, micros)| {
                    Circle::new((length, micros.max(1e-3)), 2, colour.filled())
                }))?
                .label(name)
                .legend(move |(x, y)| Circle::new((x + 8, y), 4, colour.filled()));
        }
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.8))
            .border_style(BLACK)
            .position(SeriesLabelPosition::UpperLeft)
            .draw()?;
        Ok(())
    })
}
