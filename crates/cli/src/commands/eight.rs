//! `statespace solve eight` and `statespace gen eight`.

use clap::ValueEnum;
use statespace_puzzles::sliding::{
    Algorithm, Options, Shape, Solver, eight_line, parse_eight, random_boards,
};

use super::sliding::{EstimateArg, answer_boards};
use crate::driver::{self, InputArgs, Verdict};

/// Flags of `statespace solve eight`.
#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    input: InputArgs,
    /// The algorithm; every one gives a shortest answer, and table, bfs and idastar the same
    /// one (the alphabetically smallest).
    #[arg(long, value_enum, default_value_t = AlgorithmArg::Table)]
    algo: AlgorithmArg,
    /// The estimate A* and IDA* use.
    #[arg(long, value_enum, default_value_t = EstimateArg::Manhattan)]
    heuristic: EstimateArg,
}

/// Flags of `statespace gen eight`.
#[derive(clap::Args, Debug)]
pub struct GenArgs {
    #[command(flatten)]
    common: driver::GenArgs,
    /// Only solvable boards.
    #[arg(long)]
    solvable: bool,
}

/// The algorithms of `--algo`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum AlgorithmArg {
    /// Exact distances from the goal to all 181,440 boards, built once per run.
    Table,
    /// Breadth-first search.
    Bfs,
    /// Bidirectional breadth-first search.
    Bibfs,
    /// A*.
    Astar,
    /// IDA*, estimate updated move by move.
    Idastar,
}

impl From<AlgorithmArg> for Algorithm {
    fn from(arg: AlgorithmArg) -> Self {
        match arg {
            AlgorithmArg::Table => Algorithm::Table,
            AlgorithmArg::Bfs => Algorithm::Bfs,
            AlgorithmArg::Bibfs => Algorithm::Bidirectional,
            AlgorithmArg::Astar => Algorithm::Astar,
            AlgorithmArg::Idastar => Algorithm::Idastar,
        }
    }
}

/// Answers every case of the input.
pub fn solve(args: &SolveArgs) -> anyhow::Result<Verdict> {
    let text = args.input.read()?;
    let solver = Solver::new(Options {
        algorithm: args.algo.into(),
        estimate: args.heuristic.into(),
        ..Options::default()
    });
    answer_boards(parse_eight(&text), solver, &args.input)
}

/// Prints random instances.
pub fn generate(args: &GenArgs) -> anyhow::Result<Verdict> {
    let shape = Shape::new(3, 3)?;
    let boards = random_boards(shape, args.common.seed, args.solvable);
    driver::print_instances(boards.take(args.common.count).map(|b| eight_line(&b)))
}

/// Each case of `text` as a complete judge input of its own.
pub fn standalone_cases(text: &str) -> anyhow::Result<Vec<String>> {
    parse_eight(text)
        .map(|case| Ok(format!("{}\n", eight_line(&case?))))
        .collect()
}
