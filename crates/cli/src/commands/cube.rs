//! `statespace solve cube` and `statespace gen cube`: the flags.

use statespace_puzzles::cube::{
    Algorithm, DEFAULT_MAX_LENGTH, GenOptions, MAX_LENGTH, Metric, OptimalTables, Options, Size,
};

use crate::commands::pdb::DirArgs;
use crate::driver::{self, InputArgs};
use crate::memory;

/// The algorithms of `--algo`.
#[derive(clap::ValueEnum, Clone, Copy, Debug)]
enum AlgorithmArg {
    /// The 3x3x3's default: Kociemba's two-phase search, the first answer within --max-length
    /// (tables built once per run, under a second).
    Twophase,
    /// A shortest answer: the 2x2x2's default, an exact table of its 3,674,160 positions; for
    /// the 3x3x3, IDA* on Korf's corner table and the phase-1 table (3.7 and 83.8 MB, built in
    /// about 5 s and kept in --pdb-dir; cubes of up to 16 moves in a minute; see --tables).
    Optimal,
}

/// Reads `--tables`: `small`, `medium`, `large`, `huge`, `giant`, or a budget in bytes (`200M`,
/// `12G`).
fn parse_tables(text: &str) -> Result<OptimalTables, String> {
    match text {
        "small" => Ok(OptimalTables::Small),
        "medium" => Ok(OptimalTables::Medium),
        "large" => Ok(OptimalTables::Large),
        "huge" => Ok(OptimalTables::Huge),
        "giant" => Ok(OptimalTables::Giant),
        _ => memory::parse_size(text)
            .map(OptimalTables::Budget)
            .map_err(|_| {
                format!(
                    "expected small, medium, large, huge, giant or a size such as 200M or 12G, not \
                     {text:?}"
                )
            }),
    }
}

/// The sizes of `--size`.
#[derive(clap::ValueEnum, Clone, Copy, Debug)]
enum SizeArg {
    /// The 3x3x3.
    #[value(name = "3")]
    Three,
    /// The 2x2x2 (pocket cube), its DBL corner fixed.
    #[value(name = "2")]
    Two,
}

impl SizeArg {
    fn size(self) -> Size {
        match self {
            SizeArg::Three => Size::Three,
            SizeArg::Two => Size::Two,
        }
    }
}

/// The metrics of `--metric`.
#[derive(clap::ValueEnum, Clone, Copy, Debug)]
enum MetricArg {
    /// The half-turn metric: a quarter or a half turn is one move.
    Htm,
    /// The quarter-turn metric: quarter turns only (the 2x2x2).
    Qtm,
}

/// Flags of `statespace solve cube`.
#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// Cubies on an edge.
    #[arg(long, value_enum, default_value_t = SizeArg::Three)]
    size: SizeArg,
    /// How cubes are solved [default: twophase for the 3x3x3, optimal for the 2x2x2].
    #[arg(long, value_enum)]
    algo: Option<AlgorithmArg>,
    /// How moves are counted.
    #[arg(long, value_enum, default_value_t = MetricArg::Htm)]
    metric: MetricArg,
    /// The longest answer accepted: the two-phase search stops at its first answer this short,
    /// a shortest answer longer than it is none; a cube with none prints `no solution within N
    /// moves`.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_LENGTH,
          value_parser = clap::value_parser!(u8).range(0..=i64::from(MAX_LENGTH)))]
    max_length: u8,
    /// Phase-2 searches to try before stopping at an answer (3x3x3): more give shorter answers.
    /// With --time-limit, the best answer found in time is printed. [default: 0]
    #[arg(long, value_name = "N")]
    probes: Option<u64>,
    /// The optimal 3x3x3 solver's tables besides Korf's corner table (--algo optimal): small,
    /// the phase-1 table read along the three axes (84 MiB in all, built in about 5 s); medium,
    /// beside it h48's h0 table with the parity, folded by the 48 symmetries (146 MiB in
    /// all, built in seconds),
    /// read once for the cube and once for its inverse; large,
    /// the phase-1 table with the slice edges sorted, Kociemba's optimal solver's table (1896
    /// MiB in all, built once in minutes and kept in --pdb-dir), about ten times fewer nodes;
    /// huge, the large table and the phase-1 table with the corners' tetrads (6612 MiB in all,
    /// built once in minutes on two cores); giant, the corner table and the table of the slice
    /// edges' order, the other flips and the corners' twist and tetrad at two bits an entry
    /// (7016 MiB in all); or a budget (200M, 12G): the strongest that fit in it.
    /// [default: small]
    #[arg(
        long = "tables",
        value_name = "small|medium|large|huge|giant|SIZE",
        value_parser = parse_tables
    )]
    optimal_tables: Option<OptimalTables>,
    #[command(flatten)]
    tables: DirArgs,
}

impl SolveArgs {
    /// The puzzle's options.
    pub fn options(&self) -> Options {
        Options {
            algo: self.algo.map(|algo| match algo {
                AlgorithmArg::Twophase => Algorithm::TwoPhase,
                AlgorithmArg::Optimal => Algorithm::Optimal,
            }),
            size: self.size.size(),
            metric: match self.metric {
                MetricArg::Htm => Metric::Htm,
                MetricArg::Qtm => Metric::Qtm,
            },
            max_length: self.max_length,
            probes: self.probes,
            pdb_dir: Some(self.tables.folder()),
            tables: self.optimal_tables,
            ..Options::default()
        }
    }
}

/// Flags of `statespace gen cube`: cubes drawn uniformly from every position, as facelets.
#[derive(clap::Args, Debug)]
pub struct GenArgs {
    #[command(flatten)]
    pub common: driver::GenArgs,
    /// Cubies on an edge.
    #[arg(long, value_enum, default_value_t = SizeArg::Three)]
    size: SizeArg,
}

impl GenArgs {
    /// The puzzle's options.
    pub fn options(&self) -> GenOptions {
        GenOptions {
            size: self.size.size(),
        }
    }
}
