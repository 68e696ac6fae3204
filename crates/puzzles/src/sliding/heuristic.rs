//! Admissible estimates of the moves left: Manhattan distance, and Manhattan distance plus
//! linear conflicts; both from scratch ([`Heuristic`]) and move by move
//! ([`IncrementalHeuristic`], for IDA* and A*).

use statespace_engine::{Heuristic, IncrementalHeuristic};

use super::board::{Move, Tiles};
use super::domain::SlidingPuzzle;

/// Which estimate of the remaining moves to use.
///
/// ```
/// use statespace_engine::Heuristic;
/// use statespace_puzzles::sliding::{Board, Estimate, Shape, SlidingPuzzle};
/// let shape = Shape::new(3, 3).unwrap();
/// let puzzle = SlidingPuzzle::<Board>::new(shape);
/// // 2 and 1 swapped in the top row: each is one move from home, and they block each other.
/// let board = Board::new(shape, vec![2, 1, 3, 4, 5, 6, 7, 8, 0]).unwrap();
/// assert_eq!(Estimate::Manhattan.estimate(&puzzle, &board), 2);
/// assert_eq!(Estimate::LinearConflicts.estimate(&puzzle, &board), 4);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Estimate {
    /// The sum over the tiles of their taxicab distances to their home cells.
    Manhattan,
    /// Manhattan distance, plus two moves for each tile that must leave its home row (or
    /// column) to let another tile of that line pass: in each line, the tiles standing in it
    /// whose home is in it, minus the longest run of them already in order (linear conflicts,
    /// after Hansson, Mayer and Yung). Lines longer than 64 cells add nothing.
    #[serde(rename = "conflicts")]
    LinearConflicts,
}

/// A row or a column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Line {
    Row(usize),
    Col(usize),
}

/// The longest line whose conflicts are counted: home positions are bits of a `u64`.
const MAX_LINE: usize = 64;

/// Patience sorting of the home positions of a line's home tiles, in the order they stand: the
/// piles' top cards are the set bits of a `u64`, and there are as many piles as the longest
/// increasing run (the tiles that may stay).
#[derive(Clone, Copy, Default)]
struct Piles {
    cards: u32,
    tops: u64,
}

impl Piles {
    #[inline]
    fn add(&mut self, position: u16) {
        self.cards += 1;
        let above = self.tops & (u64::MAX << position);
        self.tops &= !(above & above.wrapping_neg());
        self.tops |= 1 << position;
    }

    /// Two moves for each tile that must leave the line.
    #[inline]
    fn conflicts(self) -> u32 {
        2 * (self.cards - self.tops.count_ones())
    }
}

impl<T: Tiles> SlidingPuzzle<T> {
    /// The Manhattan distance of `board`.
    pub fn manhattan(&self, board: &T) -> u32 {
        (0..self.shape().cells())
            .map(|cell| match board.tile(cell) {
                0 => 0,
                tile => self.tile_distance(tile, cell),
            })
            .sum()
    }

    /// The extra moves linear conflicts force on `board`, over every row and column.
    pub fn linear_conflicts(&self, board: &T) -> u32 {
        let rows = (0..self.shape().rows()).map(Line::Row);
        let cols = (0..self.shape().cols()).map(Line::Col);
        rows.chain(cols)
            .map(|line| {
                let mut piles = Piles::default();
                for cell in self.line_cells(line) {
                    if let Some(position) = self.home_position(line, board.tile(cell)) {
                        piles.add(position);
                    }
                }
                piles.conflicts()
            })
            .sum()
    }

    /// The cells of `line` in order; none for lines longer than [`MAX_LINE`].
    #[inline]
    fn line_cells(&self, line: Line) -> impl Iterator<Item = usize> + use<T> {
        let shape = self.shape();
        let (first, stride, length) = match line {
            Line::Row(row) => (shape.cell(row, 0), 1, shape.cols()),
            Line::Col(col) => (col, shape.cols(), shape.rows()),
        };
        let length = if length > MAX_LINE { 0 } else { length };
        (first..).step_by(stride).take(length)
    }

    /// Where `tile` belongs along `line`, if its home is in that line.
    #[inline]
    fn home_position(&self, line: Line, tile: usize) -> Option<u16> {
        match line {
            Line::Row(row) => {
                (usize::from(self.home_row(tile)) == row).then(|| self.home_col(tile))
            }
            Line::Col(col) => {
                (usize::from(self.home_col(tile)) == col).then(|| self.home_row(tile))
            }
        }
    }

    /// How the linear conflicts change when `tile` moves from `from` to `to` (the blank's old
    /// cell) by `step`, given the board after the move. Only the line the tile leaves or enters
    /// can change, and only if it is the tile's home line; one pass over it counts the line
    /// before and after the move.
    #[inline]
    fn conflicts_change(&self, after: &T, step: Move, tile: usize, from: usize, to: usize) -> i32 {
        let line = if step.is_vertical() {
            let home = usize::from(self.home_row(tile));
            if home != self.row(from) && home != self.row(to) {
                return 0;
            }
            Line::Row(home)
        } else {
            let home = usize::from(self.home_col(tile));
            if home != self.col(from) && home != self.col(to) {
                return 0;
            }
            Line::Col(home)
        };
        let moved = self
            .home_position(line, tile)
            .expect("the tile's home line");
        let (mut before, mut now) = (Piles::default(), Piles::default());
        for cell in self.line_cells(line) {
            if cell == from {
                before.add(moved);
            } else if cell == to {
                now.add(moved);
            } else if let Some(position) = self.home_position(line, after.tile(cell)) {
                before.add(position);
                now.add(position);
            }
        }
        now.conflicts() as i32 - before.conflicts() as i32
    }
}

impl<T: Tiles> Heuristic<SlidingPuzzle<T>> for Estimate {
    fn estimate(&self, puzzle: &SlidingPuzzle<T>, board: &T) -> u32 {
        let conflicts = match self {
            Estimate::Manhattan => 0,
            Estimate::LinearConflicts => puzzle.linear_conflicts(board),
        };
        puzzle.manhattan(board) + conflicts
    }
}

impl<T: Tiles> IncrementalHeuristic<SlidingPuzzle<T>> for Estimate {
    /// The estimate itself: each move changes both of its parts by amounts that the move alone
    /// decides.
    type Memo = u32;

    fn init(&self, puzzle: &SlidingPuzzle<T>, board: &T) -> u32 {
        self.estimate(puzzle, board)
    }

    #[inline(always)]
    fn update(&self, puzzle: &SlidingPuzzle<T>, after: &T, step: Move, before: u32) -> u32 {
        let (tile, from, to) = puzzle.moved_tile(after, step);
        let manhattan = before + puzzle.tile_distance(tile, to) - puzzle.tile_distance(tile, from);
        match self {
            Estimate::Manhattan => manhattan,
            Estimate::LinearConflicts => {
                manhattan.wrapping_add_signed(puzzle.conflicts_change(after, step, tile, from, to))
            }
        }
    }

    #[inline]
    fn value(&self, memo: u32) -> u32 {
        memo
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sliding::board::{Board, Shape};
    use statespace_engine::Domain;

    fn puzzle(rows: usize, cols: usize) -> SlidingPuzzle<Board> {
        SlidingPuzzle::new(Shape::new(rows, cols).unwrap())
    }

    #[test]
    fn conflicts_by_hand() {
        let p = puzzle(3, 3);
        // Row 0 holds 3 2 1: keep one, two must leave: 4 moves. Column 0 holds 3 . 7 with 3 not
        // at home in it, so nothing there.
        let b = Board::new(p.shape(), vec![3, 2, 1, 4, 5, 6, 7, 8, 0]).unwrap();
        assert_eq!(p.linear_conflicts(&b), 4);
        assert_eq!(p.manhattan(&b), 4);
        // Column 0 holds 7 4 1: two must leave.
        let b = Board::new(p.shape(), vec![7, 2, 3, 4, 5, 6, 1, 8, 0]).unwrap();
        assert_eq!(p.linear_conflicts(&b), 4);
        assert_eq!(p.linear_conflicts(p.goal()), 0);
    }

    #[test]
    fn incremental_memos_equal_fresh_ones_along_a_walk() {
        for (rows, cols) in [(3, 3), (4, 4), (2, 5), (5, 5), (3, 7)] {
            let p = puzzle(rows, cols);
            let mut board = p.goal().clone();
            let estimate = Estimate::LinearConflicts;
            let mut memo = estimate.init(&p, &board);
            let mut actions = Vec::new();
            let mut seed = 12345u64;
            for _ in 0..2000 {
                actions.clear();
                p.actions(&board, &mut actions);
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let step = actions[(seed >> 33) as usize % actions.len()];
                p.apply(&mut board, step);
                memo = estimate.update(&p, &board, step, memo);
                assert_eq!(memo, estimate.init(&p, &board), "{rows}x{cols} {board:?}");
            }
        }
    }
}
