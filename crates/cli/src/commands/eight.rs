//! `statespace solve eight` and `statespace gen eight`: the flags.

use statespace_puzzles::sliding::{EightGenOptions, EightOptions};

use super::sliding::{AlgorithmArg, EstimateArg};
use crate::driver::{self, InputArgs};

/// Flags of `statespace solve eight`.
#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// The algorithm. All but fast give a shortest answer, and table (auto is the table), bfs
    /// and idastar the same one: the alphabetically smallest. Fast is quick but not shortest.
    #[arg(long, value_enum, default_value_t = AlgorithmArg::Table)]
    algo: AlgorithmArg,
    /// The estimate A*, IDA*, MM, NBS and DVCBS use.
    #[arg(long, value_enum, default_value_t = EstimateArg::Conflicts)]
    heuristic: EstimateArg,
}

impl SolveArgs {
    /// The puzzle's options.
    pub fn options(&self) -> EightOptions {
        EightOptions {
            algo: self.algo.into(),
            heuristic: self.heuristic.into(),
        }
    }
}

/// Flags of `statespace gen eight`.
#[derive(clap::Args, Debug)]
pub struct GenArgs {
    #[command(flatten)]
    pub common: driver::GenArgs,
    /// Only solvable boards.
    #[arg(long)]
    solvable: bool,
}

impl GenArgs {
    /// The puzzle's options.
    pub fn options(&self) -> EightGenOptions {
        EightGenOptions {
            solvable: self.solvable,
        }
    }
}
