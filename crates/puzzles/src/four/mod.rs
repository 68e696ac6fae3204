//! 四子连棋, four in a row (Luogu P2346, codevs 1004).
//!
//! A 4×4 board holds black (`B`) and white (`W`) pieces and empty cells (`O`): seven of each
//! colour and two empty cells in the judge's data. A move takes a piece of the colour whose
//! turn it is into an adjacent empty cell (up, down, left or right); the colours alternate and
//! either may move first. The goal is four pieces of one colour in a row, a column or one of
//! the two long diagonals, in the fewest moves.
//!
//! What a search must remember is the board *and* whose turn it is: a [`Position`]. The
//! [`FourInARow`] domain ranks positions (multiset rank of the board, times two, plus the side
//! to move), so a [`Table`] of exact distances for every position is built once by a
//! breadth-first search backwards from all won positions, after which each board is answered in
//! O(1). [`bfs_solution`] answers a single board by forward breadth-first search instead.
//!
//! ```
//! use statespace_engine::Limits;
//! use statespace_puzzles::four::{Algorithm, Solver, parse, print};
//!
//! let board = parse("BWBO\nWBWB\nBWBW\nWBWO\n").next().unwrap().unwrap();
//! for algorithm in [Algorithm::Table, Algorithm::Bfs] {
//!     let mut solver = Solver::new(algorithm);
//!     let answer = solver.solve(board, &Limits::none(), true).unwrap();
//!     assert_eq!(print::answer(answer.moves), "5");
//!     assert_eq!(answer.solution.unwrap().moves.len(), 5);
//! }
//! ```

mod board;
mod face;
mod generate;
mod parse;
pub mod print;
mod solve;

pub use board::{Board, CELLS, Cell, Colour, Counts, FourInARow, Move, Position, SIDE};
pub use face::{Four, GenOptions, Options};
pub use generate::random_boards;
pub use parse::parse;
pub use solve::{
    Algorithm, Answer, Searcher, Solution, Solver, Table, bfs_solution, won_positions,
};
