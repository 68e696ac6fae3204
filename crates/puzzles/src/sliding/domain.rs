//! The sliding-tile puzzle as an engine [`Domain`], over any [`Tiles`] representation.

use statespace_engine::move_pruning::MoveAutomaton;
use statespace_engine::rank::{
    PermutationUnranker, factorial, rank_permutation, unrank_permutation,
};
use statespace_engine::{Domain, PerfectHash, Reversible};

use super::board::{Move, Shape, Tiles};
use super::duplicates::{default_duplicate_length, duplicate_automaton};
use super::packed::PackedBoard;

/// No neighbour in that direction.
const EDGE: u32 = u32::MAX;

/// The sliding-tile puzzle of one shape: the blank moves `d`, `l`, `r`, `u` (in that order, so
/// searches that break ties by action order return the alphabetically smallest answer), and the
/// goal is the solved board.
///
/// `SlidingPuzzle<PackedBoard>` ([`PackedPuzzle`]) is the fast one, for up to 16 cells; it is
/// also a [`PerfectHash`] (lexicographic rank of the cells as a permutation, `cells!` ranks).
/// `SlidingPuzzle<Board>` takes any size.
///
/// ```
/// use statespace_engine::{Limits, bfs::bfs};
/// use statespace_puzzles::sliding::{Board, Move, PackedBoard, PackedPuzzle, Shape};
/// let shape = Shape::new(2, 2).unwrap();
/// let puzzle = PackedPuzzle::new(shape);
/// let start = PackedBoard::from_board(&Board::new(shape, vec![0, 1, 3, 2]).unwrap()).unwrap();
/// let result = bfs(&puzzle, &start, &Limits::none());
/// assert_eq!(result.outcome.solution().unwrap().actions, [Move::Right, Move::Down]);
/// ```
#[derive(Clone, Debug)]
pub struct SlidingPuzzle<T> {
    shape: Shape,
    goal: T,
    /// For each cell and move (in [`Move::ALL`] order), the cell the blank goes to, or [`EDGE`].
    neighbors: Box<[[u32; 4]]>,
    /// The row and the column of each cell.
    rows: Box<[u16]>,
    cols: Box<[u16]>,
    /// The row and the column of each tile's home; [`NOWHERE`] for the blank, so that it is in
    /// no line.
    home_rows: Box<[u16]>,
    home_cols: Box<[u16]>,
    /// [`SlidingPuzzle::tile_distance`] of each tile (row) and cell (column), for boards of at
    /// most [`DISTANCE_TABLE_CELLS`] cells; empty for larger ones.
    distances: Box<[u16]>,
    /// The move strings IDA* need not try ([`duplicate_automaton`]).
    duplicates: &'static MoveAutomaton,
}

/// The most cells for which the distances of every tile to every cell are tabled (128 KiB).
const DISTANCE_TABLE_CELLS: usize = 256;

/// The home line of the blank: none.
pub(crate) const NOWHERE: u16 = u16::MAX;

/// The puzzle on boards of at most 16 cells, packed in a `u64`.
pub type PackedPuzzle = SlidingPuzzle<PackedBoard>;

impl<T: Tiles> SlidingPuzzle<T> {
    /// The puzzle on boards of `shape`.
    ///
    /// # Panics
    /// If `T` cannot hold boards of `shape` (a [`PackedBoard`] holds at most 16 cells); see
    /// [`Tiles::fits`].
    pub fn new(shape: Shape) -> Self {
        Self::with_goal(shape, T::solved(shape))
    }

    /// The puzzle on boards of `shape` whose goal is `goal`, any arrangement of the tiles: its
    /// estimates measure the moves to `goal` (MM and NBS search backwards with estimates
    /// towards their start made so).
    ///
    /// # Panics
    /// As [`SlidingPuzzle::new`].
    pub fn with_goal(shape: Shape, goal: T) -> Self {
        assert!(
            T::fits(shape),
            "boards of {shape} do not fit this representation"
        );
        let cells = shape.cells();
        let neighbors = (0..cells)
            .map(|cell| Move::ALL.map(|step| shape.neighbor(cell, step).map_or(EDGE, |n| n as u32)))
            .collect();
        let mut home_cells = vec![0; cells];
        for cell in 0..cells {
            home_cells[goal.tile(cell)] = cell;
        }
        let home = |tile: usize, coordinate: fn(Shape, usize) -> usize| match tile {
            0 => NOWHERE,
            _ => coordinate(shape, home_cells[tile]) as u16,
        };
        let mut puzzle = Self {
            shape,
            goal,
            neighbors,
            rows: (0..cells).map(|cell| shape.row(cell) as u16).collect(),
            cols: (0..cells).map(|cell| shape.col(cell) as u16).collect(),
            home_rows: (0..cells).map(|tile| home(tile, Shape::row)).collect(),
            home_cols: (0..cells).map(|tile| home(tile, Shape::col)).collect(),
            distances: Box::new([]),
            duplicates: duplicate_automaton(default_duplicate_length(cells)),
        };
        if cells <= DISTANCE_TABLE_CELLS {
            // The blank has no home: its row is never read.
            let distance = |tile, cell| match tile {
                0 => 0,
                _ => puzzle.compute_tile_distance(tile, cell) as u16,
            };
            let table = (0..cells).flat_map(|tile| (0..cells).map(move |cell| (tile, cell)));
            puzzle.distances = table.map(|(tile, cell)| distance(tile, cell)).collect();
        }
        puzzle
    }

    /// The shape of the boards.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The solved board.
    pub fn goal(&self) -> &T {
        &self.goal
    }

    /// The cell the blank goes to from `blank` by `step`, if it stays on the board.
    #[inline]
    pub fn target(&self, blank: usize, step: Move) -> Option<usize> {
        let cell = self.neighbors[blank][step as usize];
        (cell != EDGE).then_some(cell as usize)
    }

    /// The row of `cell`.
    #[inline]
    pub fn row(&self, cell: usize) -> usize {
        usize::from(self.rows[cell])
    }

    /// The column of `cell`.
    #[inline]
    pub fn col(&self, cell: usize) -> usize {
        usize::from(self.cols[cell])
    }

    /// The row of `tile`'s home cell ([`NOWHERE`] for the blank).
    #[inline]
    pub(crate) fn home_row(&self, tile: usize) -> u16 {
        self.home_rows[tile]
    }

    /// The column of `tile`'s home cell ([`NOWHERE`] for the blank).
    #[inline]
    pub(crate) fn home_col(&self, tile: usize) -> u16 {
        self.home_cols[tile]
    }

    /// How many moves `tile` (not the blank) is away from its home cell if it stands in `cell`.
    #[inline]
    pub fn tile_distance(&self, tile: usize, cell: usize) -> u32 {
        match self.distances.get(tile * self.shape.cells() + cell) {
            Some(&distance) => u32::from(distance),
            None => self.compute_tile_distance(tile, cell),
        }
    }

    fn compute_tile_distance(&self, tile: usize, cell: usize) -> u32 {
        u32::from(self.home_rows[tile].abs_diff(self.rows[cell]))
            + u32::from(self.home_cols[tile].abs_diff(self.cols[cell]))
    }

    /// The tile that `step` moved, and the cells it went from and to, given the board after it.
    #[inline]
    pub fn moved_tile(&self, after: &T, step: Move) -> (usize, usize, usize) {
        let from = after.blank();
        let to = self.neighbors[from][step.inverse() as usize] as usize;
        (after.tile(to), from, to)
    }
}

impl<T: Tiles> Domain for SlidingPuzzle<T> {
    type State = T;
    type Action = Move;

    /// The blank's detours that an earlier string of moves does the work of.
    fn duplicate_moves(&self) -> Option<&MoveAutomaton> {
        Some(self.duplicates)
    }

    #[inline]
    fn action_index(&self, step: Move) -> usize {
        step as usize
    }

    #[inline(always)]
    fn actions(&self, board: &T, out: &mut Vec<Move>) {
        let around = &self.neighbors[board.blank()];
        for step in Move::ALL {
            if around[step as usize] != EDGE {
                out.push(step);
            }
        }
    }

    #[inline]
    fn apply(&self, board: &mut T, step: Move) {
        let cell = self.neighbors[board.blank()][step as usize];
        debug_assert!(cell != EDGE, "{step:?} leaves the board");
        board.slide(cell as usize);
    }

    #[inline]
    fn invert(&self, step: Move) -> Option<Move> {
        Some(step.inverse())
    }

    #[inline]
    fn is_goal(&self, board: &T) -> bool {
        *board == self.goal
    }

    fn heap_bytes(&self, board: &T) -> usize {
        board.heap_bytes()
    }
}

/// Every move is undone by its inverse.
impl<T: Tiles> Reversible for SlidingPuzzle<T> {}

impl PerfectHash for PackedPuzzle {
    fn size(&self) -> u64 {
        factorial(self.shape.cells())
    }

    #[inline]
    fn rank(&self, board: &PackedBoard) -> u64 {
        let mut cells = [0u8; PackedBoard::MAX_CELLS];
        let cells = &mut cells[..self.shape.cells()];
        board.unpack(cells);
        rank_permutation(cells)
    }

    /// One move changes few Lehmer digits. With the blank at the lower cell `lo` and tile `t` at
    /// the higher cell `hi`, moving the blank to `hi` raises the digit of `lo` from 0 to one more
    /// than the tiles below `t` after it, drops that of `hi` to 0, and adds one to each cell in
    /// between holding a tile below `t`. Those counts are the same on both boards.
    #[inline]
    fn rank_neighbour(&self, board: &PackedBoard, rank: u64, next: &PackedBoard) -> u64 {
        let cells = self.shape.cells();
        let (from, to) = (board.blank(), next.blank());
        let (lo, hi) = (from.min(to), from.max(to));
        let below = board.cells_below(next.tile(from));
        let after = u64::from((below & nibbles(hi + 1, cells)).count_ones());
        let mut between = below & nibbles(lo + 1, hi);
        let mut raise = (after + 1 + u64::from(between.count_ones())) * factorial(cells - 1 - lo)
            - after * factorial(cells - 1 - hi);
        while between != 0 {
            raise += factorial(cells - 1 - between.trailing_zeros() as usize / 4);
            between &= between - 1;
        }
        if to > from {
            rank + raise
        } else {
            rank - raise
        }
    }

    fn unrank(&self, rank: u64) -> PackedBoard {
        let mut cells = [0u8; PackedBoard::MAX_CELLS];
        let cells = &mut cells[..self.shape.cells()];
        unrank_permutation(rank, cells);
        PackedBoard::from_tiles(cells)
    }

    fn unrank_each(&self, ranks: &[u64], mut each: impl FnMut(u64, &PackedBoard)) {
        let mut unranker = PermutationUnranker::new(self.shape.cells());
        for &rank in ranks {
            each(rank, &PackedBoard::from_tiles(unranker.seek(rank)));
        }
    }
}

/// The nibbles of cells `first..end` set to all ones.
#[inline]
fn nibbles(first: usize, end: usize) -> u64 {
    let below = |cell: usize| {
        1u64.checked_shl(4 * cell as u32)
            .map_or(u64::MAX, |bit| bit - 1)
    };
    below(end) & !below(first)
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::sliding::board::Board;

    #[test]
    fn actions_follow_the_letter_order_and_the_edges() {
        let shape = Shape::new(3, 3).unwrap();
        let puzzle = SlidingPuzzle::<Board>::new(shape);
        let mut out = Vec::new();
        puzzle.actions(puzzle.goal(), &mut out);
        assert_eq!(out, [Move::Left, Move::Up]);
        out.clear();
        let centre = Board::new(shape, vec![1, 2, 3, 4, 0, 5, 6, 7, 8]).unwrap();
        puzzle.actions(&centre, &mut out);
        assert_eq!(out, Move::ALL);
    }

    #[test]
    fn ranks_round_trip() {
        let puzzle = PackedPuzzle::new(Shape::new(2, 3).unwrap());
        assert_eq!(puzzle.size(), 720);
        for rank in 0..puzzle.size() {
            assert_eq!(puzzle.rank(&puzzle.unrank(rank)), rank);
        }
    }

    #[test]
    fn neighbour_ranks_equal_fresh_ones() {
        let mut rng = ChaCha8Rng::seed_from_u64(99);
        for (rows, cols) in [(3, 3), (4, 4), (2, 3), (1, 4), (3, 5), (2, 8)] {
            let shape = Shape::new(rows, cols).unwrap();
            let puzzle = PackedPuzzle::new(shape);
            let mut board = *puzzle.goal();
            let mut rank = puzzle.rank(&board);
            let mut actions = Vec::new();
            // A random walk; at each board, every neighbour's rank is checked.
            for _ in 0..3000 {
                actions.clear();
                puzzle.actions(&board, &mut actions);
                let neighbours: Vec<PackedBoard> = actions
                    .iter()
                    .map(|&step| {
                        let mut next = board;
                        puzzle.apply(&mut next, step);
                        next
                    })
                    .collect();
                for next in &neighbours {
                    let fresh = puzzle.rank(next);
                    assert_eq!(puzzle.rank_neighbour(&board, rank, next), fresh, "{next:?}");
                }
                let next = neighbours[rng.random_range(0..neighbours.len())];
                rank = puzzle.rank_neighbour(&board, rank, &next);
                board = next;
            }
        }
    }

    #[test]
    fn moved_tile_names_the_tile_and_its_cells() {
        let shape = Shape::new(2, 2).unwrap();
        let puzzle = PackedPuzzle::new(shape);
        let mut board = *puzzle.goal();
        puzzle.apply(&mut board, Move::Up);
        // Tile 2 went down from cell 1 to the blank's old cell 3.
        assert_eq!(puzzle.moved_tile(&board, Move::Up), (2, 1, 3));
        assert_eq!(puzzle.tile_distance(2, 3), 1);
    }
}
