//! One file per puzzle: its command-line flags and how its cases are answered.

pub mod cube;
pub mod eight;
pub mod explore;
pub mod four;
pub mod grid;
pub mod hanoi;
pub mod pancake;
pub mod pdb;
pub mod psvn;
pub mod rotation;
pub mod serve;
pub mod sliding;
pub mod solitaire;
pub mod topspin;

use clap::{Parser, Subcommand};
use serde_json::Value;
use statespace_puzzles::cube::CubePuzzle;
use statespace_puzzles::four::Four;
use statespace_puzzles::grid::GridPuzzle;
use statespace_puzzles::hanoi::Hanoi;
use statespace_puzzles::pancake::Pancake;
use statespace_puzzles::psvn::Psvn;
use statespace_puzzles::puzzle::{OptionsError, Puzzle};
use statespace_puzzles::rotation::Rotation;
use statespace_puzzles::sliding::{Eight, Sliding};
use statespace_puzzles::solitaire::SolitairePuzzle;
use statespace_puzzles::topspin::TopSpin;

use crate::driver::{self, InputArgs, Verdict};

/// `statespace solve PUZZLE`: one subcommand a puzzle, with its flags.
#[derive(Subcommand)]
pub enum SolveCommand {
    /// The Eight puzzle (HDU 1043, POJ 1077): 9 tokens per case, 1-8 and x.
    Eight(eight::SolveArgs),
    /// Sliding-tile puzzles of any size: one board per line, 0 or x for the blank.
    Sliding(sliding::SolveArgs),
    /// The Rotation Game (UVa 1343, POJ 2286): 24 numbers per case, ended by 0.
    Rotation(rotation::SolveArgs),
    /// Solitaire (UVa 1724, HDU 1401): a start and a target placement per case, 8x8 or any board.
    Solitaire(solitaire::SolveArgs),
    /// Four in a row, 四子连棋 (Luogu P2346): 4 lines of B, W, O per board.
    Four(four::SolveArgs),
    /// Shortest paths on Moving AI grid maps: a map, then start-x start-y goal-x goal-y lines.
    Grid(grid::SolveArgs),
    /// The pancake puzzle (HOG2): one stack per line, top first; --burnt for the signed one.
    Pancake(pancake::SolveArgs),
    /// The Rubik's cube (3x3x3, or --size 2): 54 facelet letters or a scramble (R U2 F') a line.
    Cube(cube::SolveArgs),
    /// The four-peg Towers of Hanoi: each disc's peg (1-4), smallest first, then / and the goal's.
    Hanoi(hanoi::SolveArgs),
    /// TopSpin (HOG2): tokens 1-N on a loop, a line each; a turnstile reverses 4 of them.
    Topspin(topspin::SolveArgs),
    /// Any PSVN domain (--domain D.psvn): its values a line (B 1 2 3), answered by rule labels.
    Psvn(psvn::SolveArgs),
}

/// What is done with a puzzle's options once its flags are read.
trait WithOptions {
    type Done;
    fn with<P: Puzzle>(self, options: &P::Options, input: &InputArgs)
    -> anyhow::Result<Self::Done>;
}

/// Solves the input.
struct Solve;

impl WithOptions for Solve {
    type Done = Verdict;
    fn with<P: Puzzle>(self, options: &P::Options, input: &InputArgs) -> anyhow::Result<Verdict> {
        driver::solve::<P>(options, input)
    }
}

/// The options as JSON, as the registry takes them.
struct AsJson;

impl WithOptions for AsJson {
    type Done = Value;
    fn with<P: Puzzle>(self, options: &P::Options, _: &InputArgs) -> anyhow::Result<Value> {
        Ok(serde_json::to_value(options)?)
    }
}

impl SolveCommand {
    /// Solves the input as the flags say.
    pub fn run(&self) -> anyhow::Result<Verdict> {
        self.dispatch(Solve)
    }

    /// The puzzle's options, as the registry takes them.
    fn options(&self) -> anyhow::Result<Value> {
        self.dispatch(AsJson)
    }

    fn dispatch<W: WithOptions>(&self, work: W) -> anyhow::Result<W::Done> {
        match self {
            Self::Eight(args) => work.with::<Eight>(&args.options(), &args.input),
            Self::Sliding(args) => work.with::<Sliding>(&args.options()?, &args.input),
            Self::Rotation(args) => work.with::<Rotation>(&args.options(), &args.input),
            Self::Solitaire(args) => work.with::<SolitairePuzzle>(&args.options(), &args.input),
            Self::Four(args) => work.with::<Four>(&args.options(), &args.input),
            Self::Grid(args) => work.with::<GridPuzzle>(&args.options(), &args.input()),
            Self::Pancake(args) => work.with::<Pancake>(&args.options(), &args.input),
            Self::Cube(args) => work.with::<CubePuzzle>(&args.options(), &args.input),
            Self::Hanoi(args) => work.with::<Hanoi>(&args.options(), &args.input),
            Self::Topspin(args) => work.with::<TopSpin>(&args.options(), &args.input),
            Self::Psvn(args) => work.with::<Psvn>(&args.options()?, &args.input),
        }
    }
}

/// The options that `flags` give `statespace solve PUZZLE`, as the registry takes them; flags it
/// does not take are refused as it refuses them.
pub fn solve_options(puzzle: &str, flags: &[String]) -> anyhow::Result<Value> {
    #[derive(Parser)]
    #[command(name = "statespace solve", no_binary_name = true)]
    struct Flags {
        #[command(subcommand)]
        puzzle: SolveCommand,
    }
    let words = std::iter::once(puzzle).chain(flags.iter().map(String::as_str));
    let flags = Flags::try_parse_from(words).map_err(|error| {
        let text = error.to_string();
        let first = text.lines().next().unwrap_or_default();
        OptionsError::new(format!(
            "the flags after --: {}",
            first.trim_start_matches("error: ")
        ))
    })?;
    flags.puzzle.options()
}
