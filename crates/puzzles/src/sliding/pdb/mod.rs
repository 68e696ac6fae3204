//! Optimal solving of 4x4 and 5x5 boards with additive pattern databases.
//!
//! The tiles are split into disjoint patterns ([`Layout`]: 7-8, 6-6-3 or 5-5-5 on 4x4 boards,
//! 6-6-6-6 on 5x5); each pattern has a table of the fewest moves of its own tiles that bring them
//! home, wherever the other tiles are ([`TilePattern`], built by the engine's
//! [`pattern_database`](statespace_engine::pattern_database)). The sum over the patterns is a
//! lower bound on the moves left, and so is the sum on the board reflected about its main
//! diagonal; IDA* prunes with the larger ([`Solver`]).
//!
//! ```
//! use statespace_puzzles::sliding::Board;
//! use statespace_puzzles::sliding::pdb::{Geometry, Layout, PatternTables, Solver};
//! use statespace_engine::Limits;
//! use statespace_engine::pattern_database::BuildOptions;
//!
//! // The Eight puzzle with the blank's goal in the top-left corner and two patterns of 4 tiles.
//! let geometry = Geometry::new(3, 3).unwrap();
//! let goal = Board::goal(geometry.shape(), Some("blank-first")).unwrap();
//! let layout = Layout::new(&geometry, 0, vec![vec![1, 2, 3, 4], vec![5, 6, 7, 8]]).unwrap();
//! let tables = PatternTables::build(&geometry, 0, &layout, &BuildOptions::default()).unwrap();
//! let solver = Solver::new(geometry, goal, &tables, true);
//!
//! let start = Board::new(geometry.shape(), vec![1, 2, 0, 3, 4, 5, 6, 7, 8]).unwrap();
//! let result = solver.solve(&start, &Limits::none(), 1);
//! let moves: String = result.outcome.solution().unwrap().actions.iter().map(|m| m.letter()).collect();
//! assert_eq!(moves, "ll");
//! ```

mod board;
mod korf;
mod partition;
mod pattern;
mod search;
mod tables;
#[cfg(test)]
mod tests;

pub use board::{Geometry, MAX_CELLS, Move, Reflection, TilePuzzle, positions};
pub use korf::{Instance, parse_instances, read_instance};
pub use partition::{Layout, TilePartition};
pub use pattern::{MAX_PATTERN_TILES, Placement, TilePattern, file_name_of};
pub use search::Solver;
pub use tables::{PatternTables, TableEvent, build_bytes};
