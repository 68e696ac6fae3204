//! The board: its size, its cells, and the moves a piece can make on it.

use std::fmt;

use thiserror::Error;

use super::placement::Placement;

/// A rectangular board of `rows × cols` cells, numbered row by row from 0 at the top left.
///
/// Coordinates in the public API are 1-based (row 1 is the top row), as in the judges' input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    rows: u32,
    cols: u32,
}

/// A board size that cannot be used.
#[derive(Clone, Copy, Debug, Error, PartialEq, Eq)]
#[error("a board needs at least one row, one column, and at most {max} cells: {rows}x{cols} is not possible", max = Grid::MAX_CELLS)]
pub struct GridSizeError {
    /// The rows asked for.
    pub rows: usize,
    /// The columns asked for.
    pub cols: usize,
}

/// One move: the piece on `from` goes to `to`, one cell away or, jumping over a piece, two.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub struct Move {
    /// The cell the piece leaves.
    pub from: u16,
    /// The cell it lands on.
    pub to: u16,
}

impl Move {
    /// The move that takes the piece back.
    pub fn reversed(self) -> Move {
        Move {
            from: self.to,
            to: self.from,
        }
    }
}

impl Grid {
    /// The most cells a board may have: cells are numbered by `u16`.
    pub const MAX_CELLS: usize = 1 << 16;

    /// A board of `rows × cols` cells.
    pub fn new(rows: usize, cols: usize) -> Result<Self, GridSizeError> {
        let error = GridSizeError { rows, cols };
        let cells = rows.checked_mul(cols).ok_or(error)?;
        if rows == 0 || cols == 0 || cells > Self::MAX_CELLS {
            return Err(error);
        }
        Ok(Self {
            rows: rows as u32,
            cols: cols as u32,
        })
    }

    /// The 8×8 board of the judges' problem.
    pub fn judge() -> Self {
        Self::new(8, 8).expect("8x8 is a valid board")
    }

    /// The number of rows.
    pub fn rows(&self) -> usize {
        self.rows as usize
    }

    /// The number of columns.
    pub fn cols(&self) -> usize {
        self.cols as usize
    }

    /// The number of cells.
    pub fn cells(&self) -> usize {
        self.rows() * self.cols()
    }

    /// The cell at 1-based `(row, col)`, or `None` off the board.
    pub fn cell_at(&self, row: i64, col: i64) -> Option<u16> {
        let on_board = |value: i64, size: usize| (1..=size as i64).contains(&value);
        (on_board(row, self.rows()) && on_board(col, self.cols()))
            .then(|| ((row - 1) as usize * self.cols() + (col - 1) as usize) as u16)
    }

    /// The 1-based `(row, col)` of `cell`.
    pub fn coordinates(&self, cell: u16) -> (usize, usize) {
        let cell = usize::from(cell);
        (cell / self.cols() + 1, cell % self.cols() + 1)
    }

    /// Appends the moves of `placement` that `keep` accepts: pieces in increasing cell order, and
    /// for each the directions up, down, left, right; a step to the adjacent cell if it is empty,
    /// else a jump over it if the cell beyond is on the board and empty.
    #[inline]
    pub fn moves<P: Placement>(
        &self,
        placement: &P,
        out: &mut Vec<Move>,
        keep: impl Fn(Move) -> bool,
    ) {
        let cols = self.cols as i32;
        for from in placement.pieces() {
            let cell = u32::from(from);
            let (row, col) = (cell / self.cols, cell % self.cols);
            // How far the board reaches in each direction, and the offset of one step.
            let directions = [
                (row, -cols),
                (self.rows - 1 - row, cols),
                (col, -1),
                (self.cols - 1 - col, 1),
            ];
            for (room, offset) in directions {
                if room == 0 {
                    continue;
                }
                let next = cell.wrapping_add_signed(offset) as u16;
                let to = if !placement.occupied(next) {
                    next
                } else if room >= 2 {
                    let beyond = cell.wrapping_add_signed(2 * offset) as u16;
                    if placement.occupied(beyond) {
                        continue;
                    }
                    beyond
                } else {
                    continue;
                };
                let step = Move { from, to };
                if keep(step) {
                    out.push(step);
                }
            }
        }
    }
}

impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.rows, self.cols)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_out_of_range_are_refused() {
        assert!(Grid::new(0, 5).is_err());
        assert!(Grid::new(257, 256).is_err());
        assert!(Grid::new(usize::MAX, 2).is_err());
        assert_eq!(Grid::new(256, 256).unwrap().cells(), 65_536);
    }
}
