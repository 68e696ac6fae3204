//! Solitaire (UVa 1724, HDU 1401, POJ 1198): identical pieces on a board; can the start be turned
//! into the target in at most 8 moves?
//!
//! A move takes one piece one cell up, down, left or right into an empty cell, or over one
//! adjacent piece into the empty cell directly beyond it. The judges' board is 8×8 with four
//! pieces; here any board and any number of pieces will do.
//!
//! How a query is answered:
//!
//! 1. A lower bound first: a move carries one piece at most two cells, so the cheapest matching
//!    of start cells to target cells, each pair costing half its Manhattan distance rounded up,
//!    bounds the moves ([`lower_bound`]). Past the limit, the answer is `NO` with no search.
//! 2. Otherwise the engine's bidirectional BFS, from the start and from the target (every move
//!    is undone by the reverse move), with the limit as its depth bound: four layers from each
//!    side instead of eight from one.
//! 3. Its domain leaves out the moves into placements that lie on no solution short enough, by
//!    bounds that add up a weight per piece and so cost two table reads per move ([`Corridor`]).
//!
//! States are as compact as the board allows: a 64-bit occupancy [`Bitboard`] for boards of up to
//! 64 cells, a sorted [`CellList`] beyond. The visited sets of the bidirectional search hold a few
//! thousand placements per side and per query; a small open-addressing table cleared by a stamp
//! ([`BitboardIndex`]) serves them faster than a hash map or a dense array over the
//! `C(64, 4) = 635,376` ranks of the judges' board, which plain BFS, visiting far more, uses.
//! A [`Pool`] answers batches of queries on several threads.
//!
//! The parts: the board and its moves ([`Grid`], [`Move`]), the state ([`Placement`]), the search
//! domain ([`Solitaire`]), reading cases ([`parse`]), writing answers, input lines and drawings
//! ([`judge_answer`], [`format_case`], [`steps`]), the solvers ([`Solver`], [`Pool`]) and random
//! queries ([`random_cases`]).
//!
//! ```
//! use statespace_engine::Limits;
//! use statespace_puzzles::solitaire::{
//!     Grid, PieceCount, Settings, Solver, judge_answer, moves_answer, parse,
//! };
//!
//! let input = "4 4 4 5 5 4 6 5\n2 4 3 3 3 6 4 6\n";
//! let grid = Grid::judge();
//! let mut solver = Solver::new(grid, Settings::default());
//! for case in parse(input, grid, PieceCount::Fixed(4)) {
//!     let answer = solver.solve(&case.unwrap(), &Limits::none());
//!     assert_eq!(judge_answer(&answer.result.outcome), "YES");
//!     assert_eq!(moves_answer(&answer.result.outcome), "7");
//! }
//! ```

mod bound;
mod domain;
mod face;
mod generate;
mod grid;
mod index;
mod parse;
mod placement;
mod pool;
mod print;
mod solve;

pub use bound::{Corridor, lower_bound};
pub use domain::Solitaire;
pub use face::{
    Pieces, SolitaireAnswer, SolitaireGenOptions, SolitaireOptions, SolitairePuzzle,
    SolitaireSolver,
};
pub use generate::random_cases;
pub use grid::{Grid, GridSizeError, Move};
pub use index::BitboardIndex;
pub use parse::{Case, PieceCount, parse};
pub use placement::{Bitboard, CellList, Placement};
pub use pool::Pool;
pub use print::{
    describe, draw, format_case, format_configuration, judge_answer, moves_answer, steps,
};
pub use solve::{Algorithm, Answer, JUDGE_MAX_MOVES, Settings, Solver};
