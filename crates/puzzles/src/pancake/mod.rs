//! The pancake puzzle, one of HOG2's research domains (Helmert, SoCS 2010).
//!
//! A stack of N pancakes of sizes 1 to N (at most 255) is sorted by flips: a flip of k turns
//! the top k pancakes over as one, reversing their order. In the burnt variant each pancake has
//! a burnt side, and a flip also turns each flipped pancake over; the goal is the sorted stack,
//! smallest on top, every burnt side down. Stacks are solved optimally by IDA* or A* with
//! Helmert's gap heuristic: the adjacent pairs (the bottom pancake and the plate, N + 1,
//! included) that are not neighbours in size, which a flip changes by at most one. For burnt
//! stacks a pair is no gap only when the lower pancake is one larger *as a signed number*
//! (`2 3`, or `-3 -2`, which one flip of both makes `2 3`), which a flip changes by at most
//! one too. IDA* runs on an expander of its own, which judges each flip before making it,
//! and with no slack left also the flipped stack's dual (the inverse permutation).
//!
//! ```
//! use statespace_engine::Limits;
//! use statespace_puzzles::pancake::{Algorithm, Heuristic, Solver, Stack};
//!
//! let solver = Solver::new(Algorithm::Idastar, Heuristic::Gap, false);
//! let stack = Stack::new(vec![3, 1, 2]);
//! let (answer, _) = solver.solve(&stack, &Limits::none());
//! assert_eq!(answer.unwrap().flips, vec![3, 2]);
//! ```

mod board;
mod expander;
mod face;
mod generate;
mod parse;
pub mod print;
mod solve;
mod space;

pub use board::{MAX_PANCAKES, Pancakes, Stack, gaps, gaps_ignoring};
pub use face::{GenOptions, Options, Pancake};
pub use generate::random_stacks;
pub use parse::{parse, read_stack};
pub use solve::{Algorithm, Answer, Heuristic, Solver};
pub use space::Flips;
