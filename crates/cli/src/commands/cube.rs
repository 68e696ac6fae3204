//! `statespace solve cube` and `statespace gen cube`: the flags.

use statespace_puzzles::cube::{Algorithm, GenOptions, Metric, Options, Size};

use crate::driver::{self, InputArgs};

/// The algorithms of `--algo`.
#[derive(clap::ValueEnum, Clone, Copy, Debug)]
enum AlgorithmArg {
    /// Walk an exact distance table of all 3,674,160 positions, built once per run (a few
    /// seconds), then microseconds a cube.
    Optimal,
}

/// The sizes of `--size`.
#[derive(clap::ValueEnum, Clone, Copy, Debug)]
enum SizeArg {
    /// The 2x2x2 (pocket cube), its DBL corner fixed.
    #[value(name = "2")]
    Two,
}

/// The metrics of `--metric`.
#[derive(clap::ValueEnum, Clone, Copy, Debug)]
enum MetricArg {
    /// The half-turn metric: a quarter or a half turn is one move.
    Htm,
    /// The quarter-turn metric: quarter turns only.
    Qtm,
}

/// Flags of `statespace solve cube`.
#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// Cubies on an edge.
    #[arg(long, value_enum, default_value_t = SizeArg::Two)]
    size: SizeArg,
    /// How cubes are solved.
    #[arg(long, value_enum, default_value_t = AlgorithmArg::Optimal)]
    algo: AlgorithmArg,
    /// How moves are counted.
    #[arg(long, value_enum, default_value_t = MetricArg::Htm)]
    metric: MetricArg,
}

impl SolveArgs {
    /// The puzzle's options.
    pub fn options(&self) -> Options {
        let SizeArg::Two = self.size;
        let AlgorithmArg::Optimal = self.algo;
        Options {
            algo: Algorithm::Optimal,
            size: Size::Two,
            metric: match self.metric {
                MetricArg::Htm => Metric::Htm,
                MetricArg::Qtm => Metric::Qtm,
            },
        }
    }
}

/// Flags of `statespace gen cube`: cubes drawn uniformly from every position, as facelets.
#[derive(clap::Args, Debug)]
pub struct GenArgs {
    #[command(flatten)]
    pub common: driver::GenArgs,
    /// Cubies on an edge.
    #[arg(long, value_enum, default_value_t = SizeArg::Two)]
    size: SizeArg,
}

impl GenArgs {
    /// The puzzle's options.
    pub fn options(&self) -> GenOptions {
        let SizeArg::Two = self.size;
        GenOptions { size: Size::Two }
    }
}
