//! Board shapes, moves and positions: [`Board`] for any size, [`PackedBoard`] for boards of at
//! most 16 cells, and the [`Tiles`] interface the domain and heuristics are written against.

use std::fmt;
use std::hash::{Hash, Hasher};
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
/// [`Board`] (any size) and [`PackedBoard`] (at most 16 cells, one `u64`).
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

/// A board of at most 16 cells in one `u64`, four bits per cell: the fast state for 3×3 and
/// 4×4 searches (copying it is copying two words; a move is a few bit operations).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct PackedBoard {
    cells: u64,
    /// A whole word, though a byte would do: a padded board is copied with overlapping moves of
    /// its padding that stall the next read.
    blank: u64,
}

impl PackedBoard {
    /// The most cells a packed board holds.
    pub const MAX_CELLS: usize = 16;

    /// The packed form of `board`, if it has at most 16 cells.
    pub fn from_board(board: &Board) -> Option<Self> {
        (board.shape().cells() <= Self::MAX_CELLS).then(|| Self::from_tiles(board.tiles()))
    }

    /// The board of `shape` this packs (`shape` must be the packed board's).
    pub fn to_board(self, shape: Shape) -> Board {
        let tiles = (0..shape.cells())
            .map(|cell| self.tile(cell) as u16)
            .collect();
        Board::new(shape, tiles).expect("a packed board holds a permutation")
    }

    /// Packs `tiles` (row by row, 0 for the blank, a permutation of `0..tiles.len() <= 16`).
    pub fn from_tiles<T: Copy + Into<u64>>(tiles: &[T]) -> Self {
        debug_assert!(tiles.len() <= Self::MAX_CELLS);
        let mut cells = 0u64;
        let mut blank = 0;
        for (cell, &tile) in tiles.iter().enumerate() {
            let tile: u64 = tile.into();
            cells |= tile << (4 * cell);
            if tile == 0 {
                blank = cell as u64;
            }
        }
        Self { cells, blank }
    }

    /// Writes the tile of each cell into `out` (one entry per cell of the board).
    #[inline]
    pub fn unpack(self, out: &mut [u8]) {
        for (cell, slot) in out.iter_mut().enumerate() {
            *slot = self.tile(cell) as u8;
        }
    }

    /// The four bits per cell, cell 0 in the lowest bits.
    pub fn bits(self) -> u64 {
        self.cells
    }

    /// The cells holding a tile (or the blank, 0) below `tile`, as a nibble mask: the top bit of
    /// each such cell's nibble is set. Cells past the board's end hold 0, so count as below.
    #[inline]
    pub fn cells_below(self, tile: usize) -> u64 {
        nibbles_below(self.cells, tile)
    }

    /// The board of these four bits per cell, its blank on `blank`.
    pub(crate) fn from_parts(cells: u64, blank: usize) -> Self {
        Self {
            cells,
            blank: blank as _,
        }
    }
}

/// The nibbles of `bits` below `value`, as a mask with the top bit of each such nibble set.
#[inline]
pub(crate) fn nibbles_below(bits: u64, value: usize) -> u64 {
    const LOW: u64 = 0x0F0F_0F0F_0F0F_0F0F;
    const TOP: u64 = 0x8080_8080_8080_8080;
    // In 8-bit lanes, lane + (0x80 - value) has its top bit set exactly when lane >= value.
    let bias = (0x80 - value as u64) * 0x0101_0101_0101_0101;
    let even = !((bits & LOW) + bias) & TOP;
    let odd = !(((bits >> 4) & LOW) + bias) & TOP;
    (even >> 4) | odd
}

/// Hashes the cells alone: they determine the blank, and one word hashes faster than two.
impl Hash for PackedBoard {
    #[inline]
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.cells.hash(state);
    }
}

impl Tiles for PackedBoard {
    fn fits(shape: Shape) -> bool {
        shape.cells() <= Self::MAX_CELLS
    }
    fn solved(shape: Shape) -> Self {
        Self::from_tiles(Board::solved(shape).tiles())
    }
    #[inline]
    fn tile(&self, cell: usize) -> usize {
        ((self.cells >> (4 * cell)) & 0xF) as usize
    }
    #[inline]
    fn blank(&self) -> usize {
        self.blank as usize
    }
    #[inline]
    fn slide(&mut self, cell: usize) {
        let tile = (self.cells >> (4 * cell)) & 0xF;
        // The blank's nibble is zero: one xor clears `cell` and fills the blank.
        self.cells ^= (tile << (4 * cell)) | (tile << (4 * self.blank));
        self.blank = cell as u64;
    }
}

impl fmt::Debug for PackedBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PackedBoard({:016x}, blank {})", self.cells, self.blank)
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
mod tests {
    use super::*;

    fn board(rows: usize, cols: usize, tiles: &[u16]) -> Board {
        Board::new(Shape::new(rows, cols).unwrap(), tiles.to_vec()).unwrap()
    }

    #[test]
    fn a_transposed_board_has_its_rows_as_columns_and_moves_alike() {
        let wide = board(2, 3, &[1, 2, 3, 4, 0, 5]);
        let tall = wide.transposed();
        assert_eq!(tall, board(3, 2, &[1, 4, 2, 0, 3, 5]));
        assert_eq!(tall.transposed(), wide);
        for (step, next) in wide.successors() {
            let across = tall
                .successors()
                .into_iter()
                .find(|(_, board)| *board == next.transposed());
            assert!(across.is_some(), "{step:?} has no transposed move");
        }
    }

    #[test]
    fn shapes_parse_and_print() {
        assert_eq!("4x4".parse::<Shape>(), Shape::new(4, 4));
        assert_eq!("3X5".parse::<Shape>().unwrap().to_string(), "3x5");
        assert!("4".parse::<Shape>().is_err());
        assert!("0x3".parse::<Shape>().is_err());
        assert!("300x300".parse::<Shape>().is_err());
        assert_eq!(Shape::square(16), Shape::new(4, 4).ok());
        assert_eq!(Shape::square(12), None);
        assert_eq!(Shape::square(0), None);
    }

    #[test]
    fn boards_are_validated() {
        let shape = Shape::new(2, 2).unwrap();
        assert_eq!(
            Board::new(shape, vec![1, 2, 3]),
            Err(BoardError::WrongCount {
                shape,
                expected: 4,
                found: 3
            })
        );
        assert_eq!(
            Board::new(shape, vec![1, 2, 4, 0]),
            Err(BoardError::OutOfRange { tile: 4, cells: 4 })
        );
        assert_eq!(
            Board::new(shape, vec![1, 1, 3, 0]),
            Err(BoardError::Repeated(1))
        );
    }

    #[test]
    fn moves_slide_the_blank() {
        // `9 x 10 12` then `r` gives `9 10 x 12`.
        let mut b = board(2, 2, &[3, 0, 1, 2]);
        assert_eq!(b.apply(Move::Right), Err(IllegalMove(Move::Right)));
        b.apply(Move::Left).unwrap();
        assert_eq!(b.tiles(), [0, 3, 1, 2]);
        b.apply(Move::Down).unwrap();
        assert_eq!(b.tiles(), [1, 3, 0, 2]);
        assert_eq!(b.play(&[Move::Right, Move::Right]), Err(1));
        assert_eq!(b.tiles(), [1, 3, 2, 0]);
    }

    #[test]
    fn parity_by_hand() {
        assert!(board(3, 3, &[1, 2, 3, 4, 5, 6, 7, 8, 0]).is_solvable());
        assert!(!board(3, 3, &[2, 1, 3, 4, 5, 6, 7, 8, 0]).is_solvable());
        // Even width: the blank's distance from home counts. Two moves from the goal:
        assert!(board(2, 2, &[0, 1, 3, 2]).is_solvable());
        // An odd permutation (the blank and tile 1 swapped) with the blank an even distance away:
        assert!(!board(2, 2, &[0, 2, 3, 1]).is_solvable());
        assert!(board(1, 4, &[1, 0, 2, 3]).is_solvable());
        assert!(!board(1, 4, &[2, 0, 1, 3]).is_solvable());
    }

    #[test]
    fn reachable_layouts_are_those_of_a_search_from_any_goal() {
        // Every layout of a 2 x 3 board, against the layouts reached by moves from an unusual
        // goal (and back: moves are reversible), and the same on one row of four.
        for (rows, cols, goal) in [(2, 3, vec![3, 0, 5, 1, 4, 2]), (1, 4, vec![2, 0, 3, 1])] {
            let shape = Shape::new(rows, cols).unwrap();
            let mut reached = std::collections::HashSet::from([goal.clone()]);
            let mut queue = vec![Board::new(shape, goal.clone()).unwrap()];
            while let Some(board) = queue.pop() {
                for (_, next) in board.successors() {
                    if reached.insert(next.tiles().to_vec()) {
                        queue.push(next);
                    }
                }
            }
            // Every arrangement of the tiles, once: the rank's digits in a mixed radix pick
            // the tile of each cell among those left.
            let cells = shape.cells() as u16;
            let layout = |mut rank: u64| {
                let mut left: Vec<u16> = (0..cells).collect();
                let mut layout = Vec::new();
                while !left.is_empty() {
                    let n = left.len() as u64;
                    layout.push(left.remove((rank % n) as usize));
                    rank /= n;
                }
                layout
            };
            let all = (1..=u64::from(cells)).product::<u64>();
            let mut reachable = 0;
            for rank in 0..all {
                let layout = layout(rank);
                let expected = reached.contains(&layout);
                assert_eq!(can_reach(shape, &layout, &goal), expected, "{layout:?}");
                reachable += u64::from(expected);
            }
            // Half of the 720 arrangements on two rows; 4 of the 24 on one row (the blank's cell).
            assert_eq!(reachable, if rows == 2 { 360 } else { 4 });
        }
    }

    #[test]
    fn packed_boards_move_like_boards() {
        let shape = Shape::new(3, 3).unwrap();
        let mut b = board(3, 3, &[1, 2, 3, 4, 0, 5, 6, 7, 8]);
        let mut p = PackedBoard::from_board(&b).unwrap();
        for step in [Move::Up, Move::Left, Move::Down, Move::Down, Move::Right] {
            b.apply(step).unwrap();
            p.slide(shape.neighbor(p.blank(), step).unwrap());
            assert_eq!(p.to_board(shape), b);
        }
        assert_eq!(
            PackedBoard::solved(shape).to_board(shape),
            Board::solved(shape)
        );
    }

    #[test]
    fn drawing_aligns_columns() {
        let b = board(2, 3, &[1, 2, 3, 4, 5, 0]);
        assert_eq!(b.to_string(), "1 2 3\n4 5 x\n");
        let wide = Board::solved(Shape::new(4, 4).unwrap());
        assert!(wide.to_string().ends_with("13 14 15  x\n"));
    }
}
