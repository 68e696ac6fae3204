//! Admissible estimates of the moves left: Manhattan distance, and Manhattan distance plus
//! linear conflicts; both from scratch ([`Heuristic`]) and move by move
//! ([`IncrementalHeuristic`], for IDA*).

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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Estimate {
    /// The sum over the tiles of their taxicab distances to their home cells.
    Manhattan,
    /// Manhattan distance, plus two moves for each tile that must leave its home row (or
    /// column) to let another tile of that line pass: in each line, the tiles at home in that
    /// line minus the longest run of them already in order (Korf and Taylor's linear conflicts).
    /// Lines longer than 64 cells add nothing.
    LinearConflicts,
}

/// What IDA* carries from a board to the next: the two parts of the estimate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EstimateMemo {
    /// The Manhattan distance.
    pub manhattan: u32,
    /// The extra moves of linear conflicts (0 for [`Estimate::Manhattan`]).
    pub conflicts: u32,
}

/// A row or a column.
#[derive(Clone, Copy, Debug)]
enum Line {
    Row(usize),
    Col(usize),
}

/// The longest line whose conflicts are counted: goal positions are bits of a `u64`.
const MAX_LINE: usize = 64;

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
            .map(|line| self.line_conflicts(line, |cell| board.tile(cell)))
            .sum()
    }

    /// Twice the number of tiles that must leave `line` for its home tiles to get in order:
    /// the home tiles minus the longest increasing run of their home positions (found by
    /// patience sorting, the piles' tops kept as the set bits of a `u64`).
    #[inline]
    fn line_conflicts(&self, line: Line, tile_at: impl Fn(usize) -> usize) -> u32 {
        let shape = self.shape();
        let (length, first, stride, index) = match line {
            Line::Row(row) => (shape.cols(), shape.cell(row, 0), 1, row),
            Line::Col(col) => (shape.rows(), col, shape.cols(), col),
        };
        if length > MAX_LINE {
            return 0;
        }
        let mut home_tiles = 0;
        let mut piles = 0u64;
        for cell in (first..).step_by(stride).take(length) {
            let tile = tile_at(cell);
            if tile == 0 {
                continue;
            }
            let home = tile - 1;
            let (home_line, position) = match line {
                Line::Row(_) => (self.row(home), self.col(home)),
                Line::Col(_) => (self.col(home), self.row(home)),
            };
            if home_line == index {
                home_tiles += 1;
                let above = piles & (u64::MAX << position);
                piles &= !(above & above.wrapping_neg());
                piles |= 1 << position;
            }
        }
        2 * (home_tiles - piles.count_ones())
    }

    /// How the linear conflicts change when `tile` moves from `from` to `to` (the blank's old
    /// cell) by `step`, given the board after the move. Only the line the tile leaves or enters
    /// across the move can change, and only if it is the tile's home line.
    #[inline]
    fn conflicts_change(&self, after: &T, step: Move, tile: usize, from: usize, to: usize) -> i32 {
        let home = tile - 1;
        let line = if step.is_vertical() {
            let home_row = self.row(home);
            if home_row == self.row(from) || home_row == self.row(to) {
                Line::Row(home_row)
            } else {
                return 0;
            }
        } else {
            let home_col = self.col(home);
            if home_col == self.col(from) || home_col == self.col(to) {
                Line::Col(home_col)
            } else {
                return 0;
            }
        };
        let before = self.line_conflicts(line, |cell| {
            if cell == from {
                tile
            } else if cell == to {
                0
            } else {
                after.tile(cell)
            }
        });
        let now = self.line_conflicts(line, |cell| after.tile(cell));
        now as i32 - before as i32
    }
}

impl<T: Tiles> Heuristic<SlidingPuzzle<T>> for Estimate {
    fn estimate(&self, puzzle: &SlidingPuzzle<T>, board: &T) -> u32 {
        let memo = IncrementalHeuristic::<SlidingPuzzle<T>>::init(self, puzzle, board);
        memo.manhattan + memo.conflicts
    }
}

impl<T: Tiles> IncrementalHeuristic<SlidingPuzzle<T>> for Estimate {
    type Memo = EstimateMemo;

    fn init(&self, puzzle: &SlidingPuzzle<T>, board: &T) -> EstimateMemo {
        EstimateMemo {
            manhattan: puzzle.manhattan(board),
            conflicts: match self {
                Estimate::Manhattan => 0,
                Estimate::LinearConflicts => puzzle.linear_conflicts(board),
            },
        }
    }

    #[inline]
    fn update(
        &self,
        puzzle: &SlidingPuzzle<T>,
        after: &T,
        step: Move,
        before: EstimateMemo,
    ) -> EstimateMemo {
        let (tile, from, to) = puzzle.moved_tile(after, step);
        let manhattan =
            before.manhattan + puzzle.tile_distance(tile, to) - puzzle.tile_distance(tile, from);
        let conflicts = match self {
            Estimate::Manhattan => 0,
            Estimate::LinearConflicts => before
                .conflicts
                .wrapping_add_signed(puzzle.conflicts_change(after, step, tile, from, to)),
        };
        EstimateMemo {
            manhattan,
            conflicts,
        }
    }

    #[inline]
    fn value(&self, memo: EstimateMemo) -> u32 {
        memo.manhattan + memo.conflicts
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
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                let step = actions[(seed >> 33) as usize % actions.len()];
                p.apply(&mut board, step);
                memo = estimate.update(&p, &board, step, memo);
                assert_eq!(memo, estimate.init(&p, &board), "{rows}x{cols} {board:?}");
            }
        }
    }
}
