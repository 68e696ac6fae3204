//! `statespace solve topspin` and `statespace gen topspin`: the flags.

use clap::ValueEnum;
use statespace_puzzles::topspin::{
    Algorithm, Combination, DEFAULT_TURNSTILE, GenOptions, MAX_TOKENS, MAX_TURNSTILE, Options,
};

use crate::driver::{self, InputArgs};

/// Flags of `statespace solve topspin`.
#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// How to search; both give the fewest turns.
    #[arg(long, value_enum, default_value_t = AlgorithmArg::Idastar)]
    algo: AlgorithmArg,
    /// The tokens the turnstile reverses: an even number, the loops at least two longer.
    #[arg(long, default_value_t = DEFAULT_TURNSTILE as u8,
          value_parser = clap::value_parser!(u8).range(2..=MAX_TURNSTILE as i64))]
    turnstile: u8,
    /// How the pattern databases make the estimate.
    #[arg(long, value_enum, default_value_t = TablesArg::Max)]
    tables: TablesArg,
}

/// The `--tables` values.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum TablesArg {
    /// Overlapping groups, every turn costing 1; the largest (the stronger up to 13 tokens).
    Max,
    /// Disjoint groups of tokens, a turn costing each group the tokens it moves; the sum over
    /// the turn's tokens (Yang et al., JAIR 2008; the stronger from 14 tokens).
    Additive,
}

/// The `--algo` values.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum AlgorithmArg {
    /// IDA*, in memory linear in the turns.
    Idastar,
    /// A*, keeping every loop it reaches.
    Astar,
    /// MM, bidirectional heuristic search meeting in the middle, the tables both ways.
    Mm,
    /// NBS, bidirectional heuristic search expanding pairs, the tables both ways.
    Nbs,
    /// DVCBS, bidirectional heuristic search expanding a least vertex cover, as NBS.
    Dvcbs,
}

impl SolveArgs {
    /// The puzzle's options.
    pub fn options(&self) -> Options {
        Options {
            algo: match self.algo {
                AlgorithmArg::Idastar => Algorithm::Idastar,
                AlgorithmArg::Astar => Algorithm::Astar,
                AlgorithmArg::Mm => Algorithm::Mm,
                AlgorithmArg::Nbs => Algorithm::Nbs,
                AlgorithmArg::Dvcbs => Algorithm::Dvcbs,
            },
            turnstile: usize::from(self.turnstile),
            tables: match self.tables {
                TablesArg::Additive => Combination::Additive,
                TablesArg::Max => Combination::Max,
            },
            size: None,
        }
    }
}

/// Flags of `statespace gen topspin`: one random loop per line, of the parity turns sort.
#[derive(clap::Args, Debug)]
pub struct GenArgs {
    #[command(flatten)]
    pub common: driver::GenArgs,
    /// The tokens of each loop.
    #[arg(long, default_value_t = 12,
          value_parser = clap::value_parser!(u8).range(4..=MAX_TOKENS as i64))]
    size: u8,
    /// The turnstile the loops are drawn for.
    #[arg(long, default_value_t = DEFAULT_TURNSTILE as u8,
          value_parser = clap::value_parser!(u8).range(2..=MAX_TURNSTILE as i64))]
    turnstile: u8,
}

impl GenArgs {
    /// The puzzle's options.
    pub fn options(&self) -> GenOptions {
        GenOptions {
            size: Some(usize::from(self.size)),
            turnstile: usize::from(self.turnstile),
        }
    }
}
