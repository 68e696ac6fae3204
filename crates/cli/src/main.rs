//! The `statespace` command: a thin layer of argument parsing and I/O over the puzzles library.

mod bench;
mod commands;
mod driver;
mod memory;
mod plot;
mod progress;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use commands::{
    cube, eight, four, grid, hanoi, pancake, psvn, rotation, sliding, solitaire, topspin,
};
use statespace_puzzles::cube::CubePuzzle;
use statespace_puzzles::four::Four;
use statespace_puzzles::grid::GridPuzzle;
use statespace_puzzles::hanoi::Hanoi;
use statespace_puzzles::pancake::Pancake;
use statespace_puzzles::psvn::Psvn;
use statespace_puzzles::rotation::Rotation;
use statespace_puzzles::sliding::{Eight, Sliding};
use statespace_puzzles::solitaire::SolitairePuzzle;
use statespace_puzzles::topspin::TopSpin;

const EXAMPLES: &str = "\
Examples (from the repository's root):
  statespace solve rotation examples/rotation.txt
  statespace solve eight --algo astar --stats examples/eight.txt
  statespace solve sliding --size 4x4 examples/sliding.txt
  statespace solve sliding --format korf examples/korf.txt
  statespace solve solitaire --json examples/solitaire.txt
  statespace solve four --trace examples/four.txt
  statespace solve grid --map examples/grid.map --scen examples/grid.map.scen
  statespace solve cube examples/cube.txt
  statespace gen cube --count 1000 --seed 1 | statespace solve cube --stats
  statespace gen rotation --count 5 --seed 7 | statespace solve rotation
  statespace gen pancake --size 60 --count 100 | statespace solve pancake --stats
  statespace solve sliding --format korf benchmarks/korf100.txt
  statespace bench rotation --input examples/rotation.txt --peer ./your-solver
  statespace serve --port 8080";

/// Solve combinatorial puzzles by state-space search, in their online judges' exact formats.
#[derive(Parser)]
#[command(name = "statespace", version, after_help = EXAMPLES)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Solve the instances in FILE (or standard input) and print the judge's answers.
    Solve {
        #[command(subcommand)]
        puzzle: commands::SolveCommand,
    },
    /// Print random instances in the puzzle's input format.
    Gen {
        #[command(subcommand)]
        puzzle: GenCommand,
    },
    /// Time our solver against a peer program on the same input and compare their outputs.
    Bench(bench::BenchArgs),
    /// Build, list and verify pattern databases: the sliding puzzles' and PSVN abstractions'.
    Pdb(commands::pdb::PdbArgs),
    /// Every state of a puzzle by its distance to the goals: layers, maximum depth, antipodes.
    Explore(commands::explore::ExploreArgs),
    /// The playground: a web page and JSON API that solve and play every puzzle.
    Serve(commands::serve::ServeArgs),
}

#[derive(Subcommand)]
enum GenCommand {
    /// Random Eight puzzle boards.
    Eight(eight::GenArgs),
    /// Random sliding-tile boards.
    Sliding(sliding::GenArgs),
    /// Random Rotation Game boards.
    Rotation(rotation::GenArgs),
    /// Random Solitaire queries.
    Solitaire(solitaire::GenArgs),
    /// Random four-in-a-row boards.
    Four(four::GenArgs),
    /// A random grid map and scenarios on it, with their optimal lengths.
    Grid(grid::GenArgs),
    /// Random pancake stacks.
    Pancake(pancake::GenArgs),
    /// Random cubes (3x3x3, or --size 2), as facelets.
    Cube(cube::GenArgs),
    /// Random four-peg towers.
    Hanoi(hanoi::GenArgs),
    /// Random TopSpin loops.
    Topspin(topspin::GenArgs),
    /// Random states of a PSVN domain: walks back from its goal, or uniform in small spaces.
    Psvn(psvn::GenArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Solve { puzzle } => puzzle.run(),
        Command::Gen { puzzle } => match puzzle {
            GenCommand::Eight(args) => driver::generate::<Eight>(&args.options(), &args.common),
            GenCommand::Sliding(args) => driver::generate::<Sliding>(&args.options(), &args.common),
            GenCommand::Rotation(args) => {
                driver::generate::<Rotation>(&args.options(), &args.common)
            }
            GenCommand::Solitaire(args) => {
                driver::generate::<SolitairePuzzle>(&args.options(), &args.common)
            }
            GenCommand::Four(args) => driver::generate::<Four>(&args.options(), &args.common),
            GenCommand::Grid(args) => driver::generate::<GridPuzzle>(&args.options(), &args.common),
            GenCommand::Pancake(args) => driver::generate::<Pancake>(&args.options(), &args.common),
            GenCommand::Cube(args) => driver::generate::<CubePuzzle>(&args.options(), &args.common),
            GenCommand::Hanoi(args) => driver::generate::<Hanoi>(&args.options(), &args.common),
            GenCommand::Topspin(args) => driver::generate::<TopSpin>(&args.options(), &args.common),
            GenCommand::Psvn(args) => args
                .options()
                .map_err(anyhow::Error::from)
                .and_then(|options| driver::generate::<Psvn>(&options, &args.common)),
        },
        Command::Bench(args) => bench::run(&args),
        Command::Pdb(args) => commands::pdb::run(&args),
        Command::Explore(args) => commands::explore::run(&args),
        Command::Serve(args) => commands::serve::run(&args),
    };
    driver::exit_code(result)
}
