//! The Rotation Game (UVa 1343, POJ 2286, HDU 1667, AcWing 181).
//!
//! Twenty-four cells in the shape of a '#' hold eight 1s, eight 2s and eight 3s. A move (A..H)
//! rotates one of the four lines of seven cells by one cell. The task: the fewest moves that fill
//! the eight centre cells with one digit, the lexicographically smallest such string of letters,
//! and the digit it leaves in the centre.
//!
//! ```text
//!       00    01
//!       02    03
//! 04 05 06 07 08 09 10
//!       11    12
//! 13 14 15 16 17 18 19
//!       20    21
//!       22    23
//! ```
//!
//! The moves act on the cells of one digit alone, so the table solver ([`CentreTable`]) builds,
//! once, the exact distance to the centre of every placement of eight copies (735,471 of them,
//! by the engine's backward breadth-first search), and answers a board by walking down the least
//! of its three digits' distances with the engine's `descend`. [`solve_idastar`] is the classic
//! IDA* with the centre-count heuristic, for comparison; both give the same answers.
//!
//! The parts: `board` (cells, moves, the search domain), `placements` (the table's ranked space),
//! `parse` (judge input), `print` (judge output, input format, drawings), `solve` (the solvers),
//! `generate` (random boards).
//!
//! ```
//! use statespace_puzzles::rotation::{CentreTable, parse_boards, solve_idastar};
//! use statespace_engine::Limits;
//!
//! let input = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n0\n";
//! let board = parse_boards(input).next().unwrap().unwrap();
//! let (table, _build_stats) = CentreTable::build();
//! let (answer, _walk_stats) = table.solve(&board);
//! assert_eq!(answer.to_string(), "AC\n2");
//! let (by_idastar, _) = solve_idastar(&board, &Limits::none(), 1);
//! assert_eq!(by_idastar, Ok(answer));
//! ```

mod board;
mod boards;
mod face;
mod generate;
mod parse;
mod placements;
mod print;
mod solve;

pub use board::{
    ALL_CELLS, Board, CELLS, CENTRE, COPIES, DIGITS, LINE, Move, RotationGame, WrongCounts,
};
pub use boards::Boards;
pub use face::{GenOptions, Options, Rotation};
pub use generate::{DRAWS_PER_BOARD, GenerateError, MOST_MOVES, random_boards};
pub use parse::parse_boards;
pub use placements::Placements;
pub use print::{draw, steps};
pub use solve::{Algorithm, Answer, CentreTable, Solver, centre_count_heuristic, solve_idastar};
