//! TopSpin, one of HOG2's research domains: N tokens 1 to N on a loop, and a turnstile that
//! reverses the order of k consecutive tokens (HOG2's setting: N = 12, k = 4). A move turns
//! the turnstile at one of the N positions; the goal is token i at position i. Loops are solved
//! optimally by IDA* or A* with pattern databases over consecutive tokens, built by the
//! engine's builder (one table per group size, read from each group's first token: the puzzle
//! looks the same from every position): the largest entry of overlapping tables, or with
//! `--tables additive` the sum of disjoint cost-splitting tables (Yang et al., JAIR 2008). The
//! turnstile turns an even number of
//! tokens, on a loop of at least two more. A turn of k tokens is k / 2 swaps: when that is even
//! (k = 4, 8, ...), only loops of even parity are sorted (all of them: the tests check the whole
//! spaces of 6 to 8 tokens), and the others are answered `unsolvable` at once.
//!
//! ```
//! use statespace_engine::Limits;
//! use statespace_puzzles::topspin::{Algorithm, Solver, parse};
//!
//! let mut solver = Solver::new(Algorithm::Idastar, 4);
//! let ring = parse("4 3 2 1 5 6\n", 4).next().unwrap().unwrap();
//! let (answer, _, _) = solver.solve(&ring, &Limits::none());
//! assert_eq!(answer.unwrap().moves, Some(vec!["1".to_string()]));
//! ```

mod board;
mod face;
mod generate;
mod parse;
mod pattern;
pub mod print;
mod solve;

pub use board::{DEFAULT_TURNSTILE, MAX_RANKED, MAX_TOKENS, Ring, TopSpin as Loop, turned};
pub use face::{GenOptions, MAX_TURNSTILE, Options, TopSpin};
pub use generate::random_rings;
pub use parse::{parse, read_ring};
pub use pattern::{Combination, Estimate, Tables};
pub use solve::{Algorithm, Answer, Solver};
