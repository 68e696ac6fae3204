//! Grids behind the [`Puzzle`](crate::puzzle::Puzzle) face: the maps, scenarios and searches of
//! `statespace-grid`, read from the puzzles' input, printed as the command line and the
//! playground show them.

mod edits;
mod face;
mod print;
mod search;

pub use face::{
    GridGenOptions, GridOptions, GridPuzzle, GridSolver, check_memory, goal_bounds_edits,
};
pub use search::{GridReply, SearchPicture};
pub use statespace_grid::bench;
pub use statespace_grid::{
    Algorithm, AnyAngleError, Connectivity, Costs, Edit, GoalBounds, Grid, GridAnswer, GridCase,
    GridSearcher, JumpPointBounds, JumpTable, Map, MapTable, Octile, Step, TOLERANCE, Terrain,
    read_edits,
};

use statespace_grid::Lines;

use crate::input::{Input, ParseError, Source};

/// The puzzles' input read line by line by the grid crate's readers.
impl<R: Source> Lines for Input<R> {
    fn next_line(&mut self) -> Result<Option<(usize, &str)>, ParseError> {
        self.line()
    }

    fn line_read(&self) -> usize {
        Input::line_read(self)
    }
}
