//! Boards of up to 32 cells for the pattern-database solver: the grid with the blank's moves
//! precomputed, and the reflection about the main diagonal. Positions and goals are the sliding
//! module's [`Board`].

use std::fmt;

use statespace_engine::heuristics::Symmetry;
use statespace_engine::{Domain, PerfectHash, Reversible};

/// The most cells a board has: cell sets are `u32` masks.
pub const MAX_CELLS: usize = 32;

pub use crate::sliding::Move;
use crate::sliding::{Board, Shape};

/// The grid of a [`Shape`] of at most 32 cells, with what the solver's inner loop reads
/// precomputed: the blank's moves from each cell, and the masks of the edge columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Geometry {
    shape: Shape,
    /// `steps[cell][move]`: the cell the blank reaches, or `NO_CELL`.
    steps: [[u8; 4]; MAX_CELLS],
    /// The cells of the first column, and of the last.
    first_col: u32,
    last_col: u32,
}

const NO_CELL: u8 = u8::MAX;

impl Geometry {
    /// The grid of boards of `shape`, or why pattern databases cannot take them.
    pub fn of(shape: Shape) -> Result<Self, String> {
        Self::new(shape.rows(), shape.cols()).ok_or_else(|| {
            format!("pattern databases need boards of at most {MAX_CELLS} cells, not {shape}")
        })
    }

    /// A grid of `rows` x `cols` cells; `None` unless both are at least 1 and the grid has 2 to
    /// 32 cells.
    pub fn new(rows: usize, cols: usize) -> Option<Self> {
        let shape = Shape::new(rows, cols).ok()?;
        if !(2..=MAX_CELLS).contains(&shape.cells()) {
            return None;
        }
        let mut steps = [[NO_CELL; 4]; MAX_CELLS];
        for (cell, steps) in steps.iter_mut().enumerate().take(shape.cells()) {
            for (step, mv) in steps.iter_mut().zip(Move::ALL) {
                *step = shape
                    .neighbor(cell, mv)
                    .map_or(NO_CELL, |target| target as u8);
            }
        }
        let first_col = (0..rows).fold(0u32, |mask, row| mask | 1 << shape.cell(row, 0));
        Some(Self {
            shape,
            steps,
            first_col,
            last_col: first_col << (cols - 1),
        })
    }

    /// The shape of the boards.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The number of rows.
    pub fn rows(&self) -> usize {
        self.shape.rows()
    }

    /// The number of columns.
    pub fn cols(&self) -> usize {
        self.shape.cols()
    }

    /// The number of cells.
    pub fn cells(&self) -> usize {
        self.shape.cells()
    }

    /// The mask of all cells.
    pub fn all_cells(&self) -> u32 {
        u32::MAX >> (32 - self.cells())
    }

    /// The cell the blank reaches from `cell` with `mv`, if it stays on the board.
    #[inline]
    pub fn step(&self, cell: usize, mv: Move) -> Option<usize> {
        let target = self.steps[cell][mv as usize];
        (target != NO_CELL).then_some(usize::from(target))
    }

    /// The cells next to the cells of `mask` (those of `mask` included).
    #[inline]
    pub fn grow(&self, mask: u32) -> u32 {
        let all = self.all_cells();
        mask | (mask & !self.first_col) >> 1
            | ((mask & !self.last_col) << 1) & all
            | mask >> self.cols()
            | (mask << self.cols()) & all
    }

    /// The cells of `free` connected to the cells of `seed` through `free` (`seed` included).
    #[inline]
    pub fn flood(&self, seed: u32, free: u32) -> u32 {
        let mut reached = seed;
        loop {
            let grown = self.grow(reached) & (free | seed);
            if grown == reached {
                return reached;
            }
            reached = grown;
        }
    }

    /// Whether the board is square, so that it has a main diagonal to reflect about.
    pub fn is_square(&self) -> bool {
        self.rows() == self.cols()
    }

    /// The cell mirrored about the main diagonal (the board must be square).
    #[inline]
    pub fn mirror(&self, cell: usize) -> usize {
        debug_assert!(self.is_square(), "only square boards have a diagonal");
        let shape = self.shape;
        shape.cell(shape.col(cell), shape.row(cell))
    }

    /// The Manhattan distance between two cells.
    pub fn distance(&self, a: usize, b: usize) -> usize {
        let shape = self.shape;
        shape.row(a).abs_diff(shape.row(b)) + shape.col(a).abs_diff(shape.col(b))
    }
}

impl fmt::Display for Geometry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.shape.fmt(f)
    }
}

/// The cell of every tile of `board`: `positions(board)[t]` is where tile `t` stands.
pub fn positions(board: &Board) -> [u8; MAX_CELLS] {
    let mut positions = [0; MAX_CELLS];
    for (cell, &tile) in board.tiles().iter().enumerate() {
        positions[usize::from(tile)] = cell as u8;
    }
    positions
}

/// The sliding puzzle on a geometry with a goal board, as an engine [`Domain`]: the reference
/// that the fast solver and the tables are checked against.
#[derive(Clone, Debug)]
pub struct TilePuzzle {
    geometry: Geometry,
    goal: Board,
}

impl TilePuzzle {
    /// The puzzle of reaching `goal` on `geometry` (`goal` has as many cells as the grid).
    pub fn new(geometry: Geometry, goal: Board) -> Self {
        assert_eq!(
            goal.tiles().len(),
            geometry.cells(),
            "goal of the wrong size"
        );
        Self { geometry, goal }
    }

    /// The grid.
    pub fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// The goal.
    pub fn goal(&self) -> &Board {
        &self.goal
    }
}

impl Domain for TilePuzzle {
    type State = Board;
    type Action = Move;

    fn actions(&self, board: &Board, out: &mut Vec<Move>) {
        out.extend(Move::ALL.into_iter().filter(|&mv| board.can_move(mv)));
    }

    fn apply(&self, board: &mut Board, mv: Move) {
        board.apply(mv).expect("move on board");
    }

    fn invert(&self, mv: Move) -> Option<Move> {
        Some(mv.inverse())
    }

    fn is_goal(&self, board: &Board) -> bool {
        *board == self.goal
    }
}

/// Every move is undone by its inverse.
impl Reversible for TilePuzzle {}

impl PerfectHash for TilePuzzle {
    fn size(&self) -> u64 {
        statespace_engine::rank::factorial(self.geometry.cells())
    }
    fn rank(&self, board: &Board) -> u64 {
        let mut tiles = [0; MAX_CELLS];
        for (slot, &tile) in tiles.iter_mut().zip(board.tiles()) {
            *slot = tile as u8;
        }
        statespace_engine::rank::rank_permutation(&tiles[..self.geometry.cells()])
    }
    fn unrank(&self, rank: u64) -> Board {
        let mut tiles = [0; MAX_CELLS];
        let tiles = &mut tiles[..self.geometry.cells()];
        statespace_engine::rank::unrank_permutation(rank, tiles);
        let tiles = tiles.iter().map(|&tile| u16::from(tile)).collect();
        Board::new(self.geometry.shape(), tiles).expect("a permutation")
    }
}

/// The reflection about the main diagonal of a square board whose goal has the blank on the
/// diagonal: tile `t` on cell `c` becomes, on the mirrored cell, the tile whose goal is the
/// mirror of `t`'s goal. It maps the goal to itself, and up and down moves to left and right.
#[derive(Clone, Debug)]
pub struct Reflection {
    geometry: Geometry,
    /// `rename[t]`: the tile that `t` becomes.
    rename: [u8; MAX_CELLS],
}

impl Reflection {
    /// The reflection of `puzzle`, if its board is square and its goal's blank on the diagonal.
    pub fn of(geometry: &Geometry, goal: &Board) -> Option<Self> {
        if !geometry.is_square() || geometry.mirror(goal.blank()) != goal.blank() {
            return None;
        }
        let goal_positions = positions(goal);
        let mut rename = [0; MAX_CELLS];
        for tile in 0..geometry.cells() {
            let mirrored = geometry.mirror(usize::from(goal_positions[tile]));
            rename[tile] = goal.tiles()[mirrored] as u8;
        }
        Some(Self {
            geometry: *geometry,
            rename,
        })
    }

    /// The tile that `tile` becomes.
    pub fn rename(&self, tile: u8) -> u8 {
        self.rename[usize::from(tile)]
    }

    /// The mirrored board.
    pub fn board(&self, board: &Board) -> Board {
        let mut tiles = vec![0; board.tiles().len()];
        for (cell, &tile) in board.tiles().iter().enumerate() {
            tiles[self.geometry.mirror(cell)] = u16::from(self.rename(tile as u8));
        }
        Board::new(self.geometry.shape(), tiles).expect("a board mirrored")
    }
}

impl Symmetry<TilePuzzle> for Reflection {
    fn image(&self, board: &Board) -> Board {
        self.board(board)
    }
    fn image_action(&self, mv: Move) -> Move {
        mv.mirrored()
    }
}
