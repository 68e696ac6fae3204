//! `statespace solve four` and `statespace gen four`: the flags.

use statespace_puzzles::four::{Algorithm, GenOptions, Options};

use crate::driver::{self, InputArgs};

/// The algorithms of `--algo`.
#[derive(clap::ValueEnum, Clone, Copy, Debug)]
enum AlgorithmArg {
    /// Forward breadth-first search from each board (about 2 us a board).
    Bfs,
    /// Look every board up in a table of all positions, built once per count signature by
    /// backward BFS (about 0.12 s), then O(1) a board.
    Table,
}

/// Flags of `statespace solve four`.
#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// How boards are answered.
    #[arg(long, value_enum, default_value_t = AlgorithmArg::Bfs)]
    algo: AlgorithmArg,
}

impl SolveArgs {
    /// The puzzle's options.
    pub fn options(&self) -> Options {
        Options {
            algo: match self.algo {
                AlgorithmArg::Bfs => Algorithm::Bfs,
                AlgorithmArg::Table => Algorithm::Table,
            },
        }
    }
}

/// Flags of `statespace gen four`: judge boards, seven pieces of each colour and two empty
/// cells, a blank line between boards.
#[derive(clap::Args, Debug)]
pub struct GenArgs {
    #[command(flatten)]
    pub common: driver::GenArgs,
}

impl GenArgs {
    /// The puzzle's options.
    pub fn options(&self) -> GenOptions {
        GenOptions {}
    }
}
