//! Sliding-tile puzzles: the Eight puzzle (HDU 1043, POJ 1077, AcWing 179) and boards of any
//! size.
//!
//! A board is a [`Board`] (any shape) or a [`PackedBoard`] (at most 16 cells in one `u64`, the
//! fast state for 3×3 and 4×4 searches); both are [`Tiles`], and [`SlidingPuzzle`] is the engine
//! domain over either. Moves are named by the direction the blank goes and listed `d`, `l`, `r`,
//! `u`, so the engine's lexicographic tie-breaks give the alphabetically smallest shortest
//! answer. [`Estimate`] is Manhattan distance, optionally with linear conflicts, incremental for
//! IDA*. [`Solver`] answers boards with any engine algorithm, the exact distance table
//! (3×3 and smaller), or the fast row-by-row method ([`fast_solution`], any size).
//!
//! ```
//! use statespace_engine::Limits;
//! use statespace_puzzles::sliding::{Answer, Board, Options, Solver, moves_string, parse_eight};
//! let mut solver = Solver::new(Options::default());
//! let mut answers = Vec::new();
//! for board in parse_eight("1 2 3 4 5 6 x 7 8   2 1 3 4 5 6 7 8 x") {
//!     let report = solver.solve(&board.unwrap(), &Limits::none()).unwrap();
//!     answers.push(match report.answer {
//!         Answer::Solved(moves) => moves_string(&moves),
//!         _ => "unsolvable".to_string(),
//!     });
//! }
//! assert_eq!(answers, ["rr", "unsolvable"]);
//! ```

mod board;
mod domain;
pub mod duplicates;
mod face;
mod fast;
mod generate;
mod heuristic;
mod packed;
mod parse;
pub mod pdb;
mod print;
mod solve;
mod space;

pub use board::{Board, BoardError, IllegalMove, Move, Shape, Tiles};
pub use domain::{PackedPuzzle, SlidingPuzzle};
pub use face::{
    Eight, EightGenOptions, EightOptions, Format, Sliding, SlidingAnswer, SlidingCase,
    SlidingGenOptions, SlidingOptions, SlidingSolver,
};
pub use fast::{fast_solution, write_fast_solution};
pub use generate::{random_board, random_boards};
pub use heuristic::Estimate;
pub use packed::PackedBoard;
pub use parse::{parse_boards, parse_eight};
pub use print::{board_line, eight_line, moves_string, parse_moves, steps, write_moves};
pub use solve::{Algorithm, Answer, Options, Report, SolveError, Solver, TABLE_MAX_CELLS};
pub use space::{SolvableBoards, SolvableSpace};
