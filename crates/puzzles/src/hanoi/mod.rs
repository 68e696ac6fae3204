//! The four-peg Towers of Hanoi, one of HOG2's research domains (Korf and Felner, IJCAI 2007).
//!
//! N discs of sizes 1 to N stand on four pegs, none on a smaller one; a move takes the top
//! disc of one peg onto an empty peg or a larger disc. From any placement to any other, the
//! fewest moves are found by A* (or IDA*) with additive pattern databases over groups of
//! discs of consecutive sizes: each group's exact distance to its goal pegs, ignoring the
//! other discs, built once per group size and goal by the engine's pattern-database builder.
//! All discs from peg 1 to peg 4 takes the Frame–Stewart numbers (OEIS A007664); the farthest
//! placement from all discs on peg 1 is OEIS A382111 away.
//!
//! ```
//! use statespace_engine::Limits;
//! use statespace_puzzles::hanoi::{Algorithm, Solver, parse};
//!
//! let mut solver = Solver::new(Algorithm::Astar, 10);
//! let case = parse("1 1 1\n").next().unwrap().unwrap();
//! let (answer, _, _) = solver.solve(&case, &Limits::none());
//! assert_eq!(answer.unwrap().moves, ["1-3", "1-2", "1-4", "2-4", "3-4"]);
//! ```

mod board;
mod face;
mod generate;
mod parse;
mod pattern;
pub mod print;
mod solve;

pub use board::{FourPegs, MAX_DISCS, MAX_RANKED, PEGS, Step, Towers};
pub use face::{GenOptions, Hanoi, Options};
pub use generate::random_cases;
pub use parse::{parse, read_case};
pub use pattern::{DEFAULT_GROUP, Groups, MAX_GROUP, MIN_GROUP};
pub use solve::{Algorithm, Answer, Case, Solver, replay};
