//! `statespace solve pancake` and `statespace gen pancake`: the flags.

use clap::ValueEnum;
use statespace_puzzles::pancake::{Algorithm, GenOptions, Heuristic, MAX_PANCAKES, Options};

use crate::driver::{self, InputArgs};

/// Flags of `statespace solve pancake`.
#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// How to search; each gives the fewest flips.
    #[arg(long, value_enum, default_value_t = AlgorithmArg::Idastar)]
    algo: AlgorithmArg,
    /// The estimate of the flips left.
    #[arg(long, value_enum, default_value_t = HeuristicArg::Gap)]
    heuristic: HeuristicArg,
    /// Burnt pancakes: a flip turns each one over, and every burnt side ends down; `-3` is
    /// pancake 3 burnt side up.
    #[arg(long)]
    burnt: bool,
}

/// The `--algo` values.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum AlgorithmArg {
    /// IDA*, in memory linear in the flips.
    Idastar,
    /// A*, keeping every stack it reaches.
    Astar,
    /// MM, bidirectional heuristic search meeting in the middle, the estimate both ways.
    Mm,
    /// NBS, bidirectional heuristic search expanding pairs, the estimate both ways.
    Nbs,
    /// DVCBS, bidirectional heuristic search expanding a least vertex cover, as NBS.
    Dvcbs,
}

/// The `--heuristic` values.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum HeuristicArg {
    /// Helmert's gap heuristic (signed gaps for burnt stacks).
    Gap,
    /// Gap-1: the gaps but those next to pancake 1 (weaker, for comparing searches).
    #[value(name = "gap-1")]
    Gap1,
    /// Gap-2: the gaps but those next to pancakes 1 and 2.
    #[value(name = "gap-2")]
    Gap2,
    /// Gap-3: the gaps but those next to pancakes 1 to 3.
    #[value(name = "gap-3")]
    Gap3,
    /// None: a blind search, for comparison.
    Zero,
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
            heuristic: match self.heuristic {
                HeuristicArg::Gap => Heuristic::Gap,
                HeuristicArg::Gap1 => Heuristic::Gap1,
                HeuristicArg::Gap2 => Heuristic::Gap2,
                HeuristicArg::Gap3 => Heuristic::Gap3,
                HeuristicArg::Zero => Heuristic::Zero,
            },
            burnt: self.burnt,
            size: None,
        }
    }
}

/// Flags of `statespace gen pancake`: one random stack per line.
#[derive(clap::Args, Debug)]
pub struct GenArgs {
    #[command(flatten)]
    pub common: driver::GenArgs,
    /// The pancakes in each stack.
    #[arg(long, default_value_t = 10,
          value_parser = clap::value_parser!(u16).range(1..=MAX_PANCAKES as i64))]
    size: u16,
    /// Burnt stacks: each pancake burnt side up or down alike.
    #[arg(long)]
    burnt: bool,
}

impl GenArgs {
    /// The puzzle's options.
    pub fn options(&self) -> GenOptions {
        GenOptions {
            size: Some(usize::from(self.size)),
            burnt: self.burnt,
        }
    }
}
