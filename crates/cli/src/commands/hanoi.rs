//! `statespace solve hanoi` and `statespace gen hanoi`: the flags.

use clap::ValueEnum;
use statespace_puzzles::hanoi::{
    Algorithm, DEFAULT_GROUP, GenOptions, MAX_DISCS, MAX_GROUP, MIN_GROUP, Options,
};

use crate::driver::{self, InputArgs};

/// Flags of `statespace solve hanoi`.
#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// How to search; both give the fewest moves.
    #[arg(long, value_enum, default_value_t = AlgorithmArg::Astar)]
    algo: AlgorithmArg,
    /// The most discs of one pattern database (4^N bytes): the discs are split into groups of
    /// at most this many, the largest discs first.
    #[arg(long, default_value_t = DEFAULT_GROUP as u8,
          value_parser = clap::value_parser!(u8).range(MIN_GROUP as i64..=MAX_GROUP as i64))]
    group: u8,
}

/// The `--algo` values.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum AlgorithmArg {
    /// A*, keeping every position it reaches.
    Astar,
    /// IDA*, in memory linear in the moves.
    Idastar,
    /// MM, bidirectional heuristic search meeting in the middle, tables toward both ends.
    Mm,
    /// NBS, bidirectional heuristic search expanding pairs, tables toward both ends.
    Nbs,
    /// DVCBS, bidirectional heuristic search expanding a least vertex cover, as NBS.
    Dvcbs,
}

impl SolveArgs {
    /// The puzzle's options.
    pub fn options(&self) -> Options {
        Options {
            algo: match self.algo {
                AlgorithmArg::Astar => Algorithm::Astar,
                AlgorithmArg::Idastar => Algorithm::Idastar,
                AlgorithmArg::Mm => Algorithm::Mm,
                AlgorithmArg::Nbs => Algorithm::Nbs,
                AlgorithmArg::Dvcbs => Algorithm::Dvcbs,
            },
            group: usize::from(self.group),
            discs: None,
        }
    }
}

/// Flags of `statespace gen hanoi`: one random case per line.
#[derive(clap::Args, Debug)]
pub struct GenArgs {
    #[command(flatten)]
    pub common: driver::GenArgs,
    /// The discs of each case.
    #[arg(long, default_value_t = 8,
          value_parser = clap::value_parser!(u8).range(1..=MAX_DISCS as i64))]
    discs: u8,
    /// Random goals too, after `/`; else every disc ends on peg 4.
    #[arg(long)]
    random_goal: bool,
}

impl GenArgs {
    /// The puzzle's options.
    pub fn options(&self) -> GenOptions {
        GenOptions {
            discs: Some(usize::from(self.discs)),
            random_goal: self.random_goal,
        }
    }
}
