//! Board shapes, moves and positions: [`Board`] for any size, and the [`Tiles`] interface the
//! domain and heuristics are written against ([`PackedBoard`](super::PackedBoard), for boards
//! of at most 16 cells, is in `packed.rs`).

use std::fmt;
use std::hash::Hash;
use std::str::FromStr;

use statespace_engine::rank::permutation_parity;
use thiserror::Error;

/// The size of a board: rows × columns, at most [`Shape::MAX_CELLS`] cells.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(try_from = "String", into = "String")]
pub struct Shape {
    rows: usize,
    cols: usize,
}

/// Why a shape or a board was refused.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum BoardError {
    /// A side is zero or the board has too many cells.
    #[error("a board must have 1 to {max} cells and no empty side, not {rows}x{cols}", max = Shape::MAX_CELLS)]
    BadShape {
        /// Rows asked for.
        rows: usize,
        /// Columns asked for.
        cols: usize,
    },
    /// A shape written otherwise than `RxC`.
    #[error("expected a size such as 4x4, not {0:?}")]
    BadSize(String),
    /// The wrong number of cells for the shape.
    #[error("{found} numbers, but a {shape} board has {expected}")]
    WrongCount {
        /// The shape.
        shape: Shape,
        /// Its number of cells.
        expected: usize,
        /// The number given.
        found: usize,
    },
    /// A tile number at least the number of cells.
    #[error("tile {tile} is out of range 0..{cells}")]
    OutOfRange {
        /// The tile.
        tile: usize,
        /// The number of cells.
        cells: usize,
    },
    /// A tile given twice (0 is the blank).
    #[error("tile {0} appears twice")]
    Repeated(usize),
}

impl Shape {
    /// The most cells a board may have: tiles are numbered in 16 bits.
    pub const MAX_CELLS: usize = 1 << 16;

    /// A board of `rows` × `cols`.
    pub fn new(rows: usize, cols: usize) -> Result<Self, BoardError> {
        let cells = rows.checked_mul(cols);
        if rows == 0 || cols == 0 || cells.is_none_or(|cells| cells > Self::MAX_CELLS) {
            return Err(BoardError::BadShape { rows, cols });
        }
        Ok(Self { rows, cols })
    }

    /// The square board of `cells` cells, if `cells` is a positive perfect square.
    pub fn square(cells: usize) -> Option<Self> {
        let side = (1..=256).find(|side| side * side >= cells)?;
        (side * side == cells).then(|| Self::new(side, side).ok())?
    }

    /// The number of rows.
    #[inline]
    pub fn rows(self) -> usize {
        self.rows
    }

    /// The number of columns.
    #[inline]
    pub fn cols(self) -> usize {
        self.cols
    }

    /// The number of cells.
    #[inline]
    pub fn cells(self) -> usize {
        self.rows * self.cols
    }

    /// The row of `cell` (cells are numbered row by row from 0).
    #[inline]
    pub fn row(self, cell: usize) -> usize {
        cell / self.cols
    }

    /// The column of `cell`.
    #[inline]
    pub fn col(self, cell: usize) -> usize {
        cell % self.cols
    }

    /// The cell at `row`, `col`.
    #[inline]
    pub fn cell(self, row: usize, col: usize) -> usize {
        row * self.cols + col
    }

    /// The cell next to `cell` in direction `step`, if it is on the board.
    pub fn neighbor(self, cell: usize, step: Move) -> Option<usize> {
        let (row, col) = (self.row(cell), self.col(cell));
        match step {
            Move::Down => (row + 1 < self.rows).then(|| cell + self.cols),
            Move::Left => (col > 0).then(|| cell - 1),
            Move::Right => (col + 1 < self.cols).then(|| cell + 1),
            Move::Up => (row > 0).then(|| cell - self.cols),
        }
    }

    /// The cell where `tile` belongs: tiles 1, 2, … row by row, the blank (0) last.
    #[inline]
    pub fn goal_cell(self, tile: usize) -> usize {
        if tile == 0 {
            self.cells() - 1
        } else {
            tile - 1
        }
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.rows, self.cols)
    }
}

impl TryFrom<String> for Shape {
    type Error = BoardError;

    fn try_from(text: String) -> Result<Self, BoardError> {
        text.parse()
    }
}

impl From<Shape> for String {
    fn from(shape: Shape) -> String {
        shape.to_string()
    }
}

impl FromStr for Shape {
    type Err = BoardError;

    /// Reads `RxC`, for example `4x4` or `3X5`.
    fn from_str(text: &str) -> Result<Self, BoardError> {
        let bad = || BoardError::BadSize(text.to_string());
        let (rows, cols) = text.split_once(['x', 'X']).ok_or_else(bad)?;
        let rows = rows.trim().parse().map_err(|_| bad())?;
        let cols = cols.trim().parse().map_err(|_| bad())?;
        Shape::new(rows, cols)
    }
}

/// A move, named by the direction in which the blank goes: `Down` swaps the blank with the tile
/// below it. Listed in the order `d`, `l`, `r`, `u`, which makes "lexicographically smallest"
/// mean alphabetical order of the answer strings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub enum Move {
    /// The blank goes down (`d`).
    #[serde(rename = "d")]
    Down,
    /// The blank goes left (`l`).
    #[serde(rename = "l")]
    Left,
    /// The blank goes right (`r`).
    #[serde(rename = "r")]
    Right,
    /// The blank goes up (`u`).
    #[serde(rename = "u")]
    Up,
}

impl Move {
    /// Every move, in the domain's order.
    pub const ALL: [Move; 4] = [Move::Down, Move::Left, Move::Right, Move::Up];

    /// The judge's letter: `d`, `l`, `r` or `u`.
    pub fn letter(self) -> char {
        match self {
            Move::Down => 'd',
            Move::Left => 'l',
            Move::Right => 'r',
            Move::Up => 'u',
        }
    }

    /// The move of a judge's letter.
    pub fn from_letter(letter: char) -> Option<Move> {
        Move::ALL.into_iter().find(|m| m.letter() == letter)
    }

    /// The move that undoes this one.
    #[inline]
    pub fn inverse(self) -> Move {
        match self {
            Move::Down => Move::Up,
            Move::Left => Move::Right,
            Move::Right => Move::Left,
            Move::Up => Move::Down,
        }
    }

    /// The same move seen in the board reflected about its main diagonal.
    pub fn mirrored(self) -> Move {
        match self {
            Move::Up => Move::Left,
            Move::Down => Move::Right,
            Move::Left => Move::Up,
            Move::Right => Move::Down,
        }
    }

    /// Whether the blank changes rows (so the tile that moves changes rows too).
    #[inline]
    pub fn is_vertical(self) -> bool {
        matches!(self, Move::Down | Move::Up)
    }
}

/// The contents of a board's cells, as the domain and the heuristics need them: implemented by
/// [`Board`] (any size) and [`PackedBoard`](super::PackedBoard) (at most 16 cells, one `u64`).
///
/// Tiles are numbered `1..cells`; the blank is 0.
pub trait Tiles: Clone + Eq + Hash + fmt::Debug {
    /// Whether this representation can hold boards of `shape`.
    fn fits(shape: Shape) -> bool;
    /// The solved board of `shape` (`shape` must fit).
    fn solved(shape: Shape) -> Self;
    /// The tile in `cell`, 0 for the blank.
    fn tile(&self, cell: usize) -> usize;
    /// The cell of the blank.
    fn blank(&self) -> usize;
    /// Slides the tile in `cell`, a neighbour of the blank, into the blank.
    fn slide(&mut self, cell: usize);
    /// The bytes the board owns outside itself; none by default.
    fn heap_bytes(&self) -> usize {
        0
    }
}

/// A position of any size: the tile in each cell, row by row, 0 for the blank.
///
/// ```
/// use statespace_puzzles::sliding::{Board, Move, Shape};
/// let shape = Shape::new(2, 3).unwrap();
/// let mut board = Board::new(shape, vec![1, 2, 3, 4, 0, 5]).unwrap();
/// assert!(board.is_solvable());
/// board.apply(Move::Right).unwrap();
/// assert!(board.is_solved());
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    shape: Shape,
    tiles: Box<[u16]>,
    blank: u32,
}

impl Board {
    /// The board of `shape` holding `tiles` row by row; they must be `0..cells` in some order.
    pub fn new(shape: Shape, tiles: Vec<u16>) -> Result<Self, BoardError> {
        let cells = shape.cells();
        if tiles.len() != cells {
            return Err(BoardError::WrongCount {
                shape,
                expected: cells,
                found: tiles.len(),
            });
        }
        let mut seen = vec![false; cells];
        for &tile in &tiles {
            let tile = usize::from(tile);
            if tile >= cells {
                return Err(BoardError::OutOfRange { tile, cells });
            }
            if std::mem::replace(&mut seen[tile], true) {
                return Err(BoardError::Repeated(tile));
            }
        }
        let blank = tiles.iter().position(|&t| t == 0).unwrap_or_default() as u32;
        Ok(Self {
            shape,
            tiles: tiles.into_boxed_slice(),
            blank,
        })
    }

    /// The solved board: 1, 2, … row by row, the blank last.
    pub fn solved(shape: Shape) -> Self {
        let cells = shape.cells();
        let tiles = (0..cells).map(|cell| ((cell + 1) % cells) as u16).collect();
        Self {
            shape,
            tiles,
            blank: (cells - 1) as u32,
        }
    }

    /// The goal `name` stands for on `shape`: `None` or `blank-last` for the solved board
    /// (`1 2 … 0`), `blank-first` for `0 1 2 …` (Korf's), or the goal's tiles separated by spaces
    /// or commas. The error says what is wrong.
    pub fn goal(shape: Shape, name: Option<&str>) -> Result<Self, String> {
        let cells = shape.cells();
        let tiles: Vec<u16> = match name.unwrap_or("blank-last") {
            "blank-last" => return Ok(Board::solved(shape)),
            "blank-first" => (0..cells as u16).collect(),
            text => text
                .split(|c: char| c.is_whitespace() || c == ',')
                .filter(|word| !word.is_empty())
                .map(|word| word.parse::<u16>())
                .collect::<Result<_, _>>()
                .map_err(|_| format!("goal {text:?}: expected tiles separated by spaces"))?,
        };
        if tiles.len() != cells {
            return Err(format!(
                "goal: {} tiles for a {shape} board of {cells} cells",
                tiles.len()
            ));
        }
        Board::new(shape, tiles)
            .map_err(|_| format!("goal: not every tile of 0 to {} appears once", cells - 1))
    }

    /// The board mirrored in its main diagonal: rows become columns. A move up or down becomes
    /// one left or right, so distances between boards stay as they were.
    pub fn transposed(&self) -> Board {
        let (rows, cols) = (self.shape.rows(), self.shape.cols());
        let shape = Shape::new(cols, rows).expect("the same cells");
        let tiles = (0..self.tiles.len())
            .map(|cell| self.tiles[self.shape.cell(shape.col(cell), shape.row(cell))])
            .collect();
        Board::new(shape, tiles).expect("the same tiles")
    }

    /// The board's shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The tiles row by row, 0 for the blank.
    pub fn tiles(&self) -> &[u16] {
        &self.tiles
    }

    /// The blank's cell.
    pub fn blank(&self) -> usize {
        self.blank as usize
    }

    /// Whether every tile is where it belongs.
    pub fn is_solved(&self) -> bool {
        self.tiles
            .iter()
            .enumerate()
            .all(|(cell, &tile)| self.shape.goal_cell(usize::from(tile)) == cell)
    }

    /// Whether the solved board can be reached, decided without search.
    pub fn is_solvable(&self) -> bool {
        self.can_reach(&Board::solved(self.shape))
    }

    /// Whether `goal`, a board of the same shape, can be reached, decided without search: by
    /// the parity of the layout and of the blank's distance, and on a single row or column by
    /// the order of the tiles.
    pub fn can_reach(&self, goal: &Board) -> bool {
        can_reach(self.shape, &self.tiles, &goal.tiles)
    }

    /// Whether the blank can go in direction `step`.
    pub fn can_move(&self, step: Move) -> bool {
        self.shape.neighbor(self.blank(), step).is_some()
    }

    /// Makes the move `step`; an error, and no change, if the blank is on that edge.
    pub fn apply(&mut self, step: Move) -> Result<(), IllegalMove> {
        let cell = self
            .shape
            .neighbor(self.blank(), step)
            .ok_or(IllegalMove(step))?;
        self.slide(cell);
        Ok(())
    }

    /// Every legal move with the board it leads to, in the domain's order.
    pub fn successors(&self) -> Vec<(Move, Board)> {
        Move::ALL
            .into_iter()
            .filter_map(|step| {
                let mut next = self.clone();
                next.apply(step).ok().map(|()| (step, next))
            })
            .collect()
    }

    /// Makes `moves` in order; on an illegal move, stops there and returns its index.
    pub fn play(&mut self, moves: &[Move]) -> Result<(), usize> {
        for (index, &step) in moves.iter().enumerate() {
            self.apply(step).map_err(|_| index)?;
        }
        Ok(())
    }
}

/// A move that would take the blank off the board.
#[derive(Clone, Copy, Debug, Error, PartialEq, Eq)]
#[error("the blank cannot move {}", .0.letter())]
pub struct IllegalMove(pub Move);

impl Tiles for Board {
    fn fits(_: Shape) -> bool {
        true
    }
    fn solved(shape: Shape) -> Self {
        Board::solved(shape)
    }
    #[inline]
    fn tile(&self, cell: usize) -> usize {
        usize::from(self.tiles[cell])
    }
    #[inline]
    fn blank(&self) -> usize {
        self.blank as usize
    }
    #[inline]
    fn slide(&mut self, cell: usize) {
        self.tiles.swap(cell, self.blank as usize);
        self.blank = cell as u32;
    }
    fn heap_bytes(&self) -> usize {
        size_of_val(&*self.tiles)
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({} {:?})", self.shape, self.tiles)
    }
}

/// Draws the board for a person: one line per row, numbers right-aligned, `x` for the blank.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let width = (self.shape.cells() - 1).max(1).to_string().len();
        for row in self.tiles.chunks(self.shape.cols()) {
            for (col, &tile) in row.iter().enumerate() {
                let gap = if col == 0 { "" } else { " " };
                if tile == 0 {
                    write!(f, "{gap}{:>width$}", "x")?;
                } else {
                    write!(f, "{gap}{tile:>width$}")?;
                }
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// Whether tiles laid out as `tiles` (cell by cell, 0 the blank) on boards of `shape` can reach
/// the layout `goal` of the same tiles, decided without search.
///
/// Every move swaps the blank with a tile: it changes the parity of the layout as a permutation
/// of the goal's, and the parity of the blank's taxicab distance to its goal cell. Their sum stays
/// even on the layouts that can reach the goal, and on boards of at least two rows and two
/// columns every layout where it is even can. On a single row or column the tiles can never pass
/// each other: they must already stand in the goal's order.
pub fn can_reach<T: Copy + Into<usize>>(shape: Shape, tiles: &[T], goal: &[T]) -> bool {
    fn in_order<T: Copy + Into<usize>>(layout: &[T]) -> impl Iterator<Item = usize> + '_ {
        layout
            .iter()
            .map(|&tile| tile.into())
            .filter(|&tile| tile != 0)
    }
    if shape.rows() == 1 || shape.cols() == 1 {
        return in_order(tiles).eq(in_order(goal));
    }
    let mut goal_cells = vec![0; goal.len()];
    for (cell, &tile) in goal.iter().enumerate() {
        goal_cells[tile.into()] = cell;
    }
    let blank = |layout: &[T]| layout.iter().position(|&tile| tile.into() == 0);
    let (from, to) = (blank(tiles), blank(goal));
    let (from, to) = (from.expect("a blank"), to.expect("a blank"));
    let distance =
        shape.row(from).abs_diff(shape.row(to)) + shape.col(from).abs_diff(shape.col(to));
    let relative: Vec<usize> = tiles.iter().map(|&tile| goal_cells[tile.into()]).collect();
    permutation_parity(&relative) == (distance % 2 == 1)
}

#[cfg(test)]
mod tests;
