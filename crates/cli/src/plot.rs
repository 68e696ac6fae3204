//! `--plot FILE.svg`: an exploration's layers as bars on a logarithmic scale.

use std::path::Path;

use anyhow::Context;
use plotters::prelude::*;

/// Draws `layers` (states per depth) of `title` into the SVG file `path`.
pub fn layers(path: &Path, title: &str, layers: &[u64]) -> anyhow::Result<()> {
    let most = layers.iter().copied().max().unwrap_or(1).max(1);
    let root = SVGBackend::new(path, (960, 540)).into_drawing_area();
    let draw = || -> Result<(), Box<dyn std::error::Error + '_>> {
        root.fill(&WHITE)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 24))
            .margin(16)
            .x_label_area_size(40)
            .y_label_area_size(80)
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
        root.present()?;
        Ok(())
    };
    draw()
        .map_err(|error| anyhow::anyhow!("{error}"))
        .with_context(|| format!("cannot draw {}", path.display()))
}
