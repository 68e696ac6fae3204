//! `statespace solve rotation` and `statespace gen rotation`: the flags.

use clap::ValueEnum;
use statespace_puzzles::rotation::{Algorithm, GenOptions, Options};

use crate::driver::{self, InputArgs};

/// Flags of `statespace solve rotation`.
#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// How to solve; both print the same answers.
    #[arg(long, value_enum, default_value_t = AlgorithmArg::Table)]
    algo: AlgorithmArg,
    /// Threads IDA* splits its larger iterations over; the answers are the same [default: 1].
    #[arg(long, value_name = "N")]
    threads: Option<usize>,
}

/// The `--algo` values.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum AlgorithmArg {
    /// Walk an exact distance table over the placements of one digit, built once per run.
    Table,
    /// Search each board with IDA* and the centre-count heuristic.
    Idastar,
}

impl SolveArgs {
    /// The puzzle's options.
    pub fn options(&self) -> Options {
        Options {
            algo: match self.algo {
                AlgorithmArg::Table => Algorithm::Table,
                AlgorithmArg::Idastar => Algorithm::Idastar,
            },
            threads: self.threads,
        }
    }
}

/// Flags of `statespace gen rotation`.
#[derive(clap::Args, Debug)]
pub struct GenArgs {
    #[command(flatten)]
    pub common: driver::GenArgs,
    /// Keep only boards that need at least this many moves (at most 13; about 1 random board in
    /// 2,700 needs 12).
    #[arg(long, default_value_t = 0)]
    min_moves: u32,
}

impl GenArgs {
    /// The puzzle's options.
    pub fn options(&self) -> GenOptions {
        GenOptions {
            min_moves: self.min_moves,
        }
    }
}
