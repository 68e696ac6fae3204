//! `statespace solve sliding` and `statespace gen sliding`: the flags (the algorithm and
//! estimate flags are shared with `statespace solve eight`).

use clap::ValueEnum;
use statespace_puzzles::sliding::{
    Algorithm, Estimate, Shape, Sliding, SlidingGenOptions, SlidingOptions,
};

use crate::commands::pdb::{InputFormat, PdbFlags, solve_sliding};
use crate::driver::{self, InputArgs, Verdict};

/// Flags of `statespace solve sliding`.
#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// The board size, rows x columns; without it every line must hold a square board.
    #[arg(long, value_name = "RxC")]
    size: Option<Shape>,
    /// The algorithm: auto (the default) is the table up to 10 cells and IDA* beyond; fast is
    /// quick on any size but not shortest. Not with pattern databases.
    #[arg(long, value_enum)]
    algo: Option<AlgorithmArg>,
    /// The estimate A* and IDA* use (default: conflicts). Not with pattern databases.
    #[arg(long, value_enum)]
    heuristic: Option<EstimateArg>,
    /// The input format; korf (id, tiles, optimal length per line) solves with pattern
    /// databases and checks each length.
    #[arg(long, value_enum, default_value_t = InputFormat::Boards)]
    format: InputFormat,
    #[command(flatten)]
    pdb: PdbFlags,
}

/// Flags of `statespace gen sliding`.
#[derive(clap::Args, Debug)]
pub struct GenArgs {
    #[command(flatten)]
    pub common: driver::GenArgs,
    /// The board size, rows x columns.
    #[arg(long, value_name = "RxC", default_value = "4x4")]
    size: Shape,
    /// Only solvable boards.
    #[arg(long)]
    solvable: bool,
}

impl GenArgs {
    /// The puzzle's options.
    pub fn options(&self) -> SlidingGenOptions {
        SlidingGenOptions {
            size: self.size,
            solvable: self.solvable,
        }
    }
}

/// The algorithms of `--algo`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum AlgorithmArg {
    /// The table for small boards, IDA* for the others.
    Auto,
    /// Exact distances from the goal to every board (up to 10 cells), built once per run.
    Table,
    /// Breadth-first search.
    Bfs,
    /// Bidirectional breadth-first search.
    Bibfs,
    /// A*.
    Astar,
    /// IDA*, estimate updated move by move.
    Idastar,
    /// The row-by-row method: any size, quickly, not shortest.
    Fast,
}

impl From<AlgorithmArg> for Algorithm {
    fn from(arg: AlgorithmArg) -> Self {
        match arg {
            AlgorithmArg::Auto => Algorithm::Auto,
            AlgorithmArg::Table => Algorithm::Table,
            AlgorithmArg::Bfs => Algorithm::Bfs,
            AlgorithmArg::Bibfs => Algorithm::Bidirectional,
            AlgorithmArg::Astar => Algorithm::Astar,
            AlgorithmArg::Idastar => Algorithm::Idastar,
            AlgorithmArg::Fast => Algorithm::Fast,
        }
    }
}

/// The estimates of `--heuristic`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum EstimateArg {
    /// Manhattan distance.
    Manhattan,
    /// Manhattan distance plus linear conflicts.
    Conflicts,
}

impl From<EstimateArg> for Estimate {
    fn from(arg: EstimateArg) -> Self {
        match arg {
            EstimateArg::Manhattan => Estimate::Manhattan,
            EstimateArg::Conflicts => Estimate::LinearConflicts,
        }
    }
}

/// Answers every case of the input.
pub fn solve(args: &SolveArgs) -> anyhow::Result<Verdict> {
    if args.pdb.wanted() || args.format == InputFormat::Korf {
        anyhow::ensure!(
            args.algo.is_none() && args.heuristic.is_none(),
            "--algo and --heuristic do not apply to pattern databases (--pdb, --goal, --format korf)"
        );
        return solve_sliding(
            &args.input,
            args.size,
            &args.pdb,
            args.format,
            args.input.max_nodes,
            args.input.time_limit,
        );
    }
    let options = SlidingOptions {
        size: args.size,
        algo: args.algo.unwrap_or(AlgorithmArg::Auto).into(),
        heuristic: args.heuristic.unwrap_or(EstimateArg::Conflicts).into(),
    };
    driver::solve::<Sliding>(&options, &args.input)
}
