//! The Rubik's cube; for now the 2×2×2 (the pocket cube), answered optimally.
//!
//! A cube is given as its 24 facelets' colours in Kociemba's order, or as a scramble of the
//! solved cube (`R U2 F'`). The 2×2×2 has no centres, so the corner at DBL names the colours
//! (see [`Cube`]) and stays in place: U, R and F turns reach all of its 7! × 3^6 = 3,674,160
//! positions. The solver builds, once, the exact distance of every position (the engine's
//! backward breadth-first search over [`PocketCube`]'s ranks) and walks down it: a shortest
//! solution in the half-turn metric, or in the quarter-turn one.
//!
//! The parts: `cubie` (corners, face turns, the ranked domain), `facelets` (colours and their
//! checks), `board` (a case), `parse` (input), `print` (output, net drawings), `solve` (the
//! table), `face` (the [`Puzzle`](crate::puzzle::Puzzle) trait). The 3×3×3 is to join them.
//!
//! ```
//! use statespace_engine::Limits;
//! use statespace_puzzles::cube::{Metric, Table, parse_cube};
//!
//! let (table, _build_stats) = Table::build(Metric::Htm, &Limits::none()).unwrap();
//! let cube = parse_cube("R U2 F'").unwrap();
//! let moves: Vec<String> = table.solution(&cube).iter().map(ToString::to_string).collect();
//! assert_eq!(moves, ["F", "U2", "R'"]);
//! ```

mod board;
mod coords;
mod corner_space;
mod corner_table;
mod cubie;
mod edges;
mod face;
mod facelets;
mod optimal;
mod optimal_node;
mod order_table;
mod parse;
mod phase1_table;
mod phase2_table;
mod print;
mod pruning;
mod rubik;
mod separation_table;
mod shelf;
mod small_ranks;
mod solve;
mod sym_table;
mod symmetry;
mod tetrad_table;
mod twophase;
mod views;

pub use board::{Cube, CubeCase};
pub use coords::Tables;
pub use corner_space::{CornerCoordinates, CornerSpace};
pub use corner_table::{CORNER_TABLE_NAME, CornerDistances};
pub use cubie::{CORNER_NAMES, Corners, DBL, Face, Metric, Move, PocketCube};
pub use edges::{EDGE_NAMES, Edges};
pub use face::{CubePuzzle, DEFAULT_MAX_LENGTH, GenOptions, OptimalTables, Options, Size};
pub use facelets::{FACELETS, FaceletError, Facelets};
pub use optimal::{CornerTable, PhaseTables};
pub use order_table::{ORDER_TABLE_BYTES, ORDER_TABLE_NAME, OrderTable, other_flips};
pub use parse::{parse_cube, parse_rubik, parse_scramble, read_case};
pub use phase1_table::{
    FLIP_SLICE_CLASSES, FLIP_SORTED_SLICE_CLASSES, PHASE1_TABLE_NAME, Phase1Table, table_bytes,
};
pub use phase2_table::{CORNER_CLASSES, PHASE2_TABLE_NAME, Phase2Table};
pub use print::{draw, draw_case, moves_text, steps};
pub use pruning::{Phase1Pruning, Phase2Pruning};
pub use rubik::{RUBIK_FACELETS, Rubik};
pub use separation_table::{
    SEPARATION_TABLE_BYTES, SEPARATION_TABLE_NAME, SeparationTable, separation, tetrahedra,
};
pub use solve::{Algorithm, Answer, Solver, Table, Task};
pub use symmetry::{AllSymmetries, SYMMETRIES, SliceKind, Symmetries};
pub use tetrad_table::{TETRAD_TABLE_BYTES, TETRAD_TABLE_NAME, TETRADS, TetradTable, tetrad};
pub use twophase::{Found, MAX_LENGTH, Settings, solve as solve_twophase};
