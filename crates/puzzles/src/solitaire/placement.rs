//! Where the pieces stand: a set of cells, stored compactly.
//!
//! The pieces are identical, so a placement is a set, not a list: two placements with the same
//! occupied cells are the same state whatever order the input named them in.

use std::fmt::Debug;
use std::hash::Hash;

/// A set of occupied cells of a board, as a search state.
pub trait Placement: Clone + Eq + Hash + Debug {
    /// The placement occupying `cells` (distinct, any order).
    fn from_cells(cells: &[u16]) -> Self;
    /// Whether a piece stands on `cell`.
    fn occupied(&self, cell: u16) -> bool;
    /// Moves the piece on `from` to the empty cell `to`.
    fn relocate(&mut self, from: u16, to: u16);
    /// The occupied cells, increasing.
    fn pieces(&self) -> impl Iterator<Item = u16> + '_;
    /// The number of pieces.
    fn count(&self) -> usize;
}

/// The occupied cells of a board of at most 64 cells as the set bits of one word: copying,
/// comparing, hashing and moving a piece are single instructions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// The most cells a bitboard covers.
    pub const MAX_CELLS: usize = 64;
}

impl Placement for Bitboard {
    fn from_cells(cells: &[u16]) -> Self {
        debug_assert!(
            cells
                .iter()
                .all(|&cell| usize::from(cell) < Self::MAX_CELLS)
        );
        Bitboard(cells.iter().fold(0, |mask, &cell| mask | 1 << cell))
    }

    #[inline]
    fn occupied(&self, cell: u16) -> bool {
        self.0 >> cell & 1 != 0
    }

    #[inline]
    fn relocate(&mut self, from: u16, to: u16) {
        self.0 ^= 1 << from | 1 << to;
    }

    #[inline]
    fn pieces(&self) -> impl Iterator<Item = u16> + '_ {
        let mut rest = self.0;
        std::iter::from_fn(move || {
            (rest != 0).then(|| {
                let cell = rest.trailing_zeros() as u16;
                rest &= rest - 1;
                cell
            })
        })
    }

    fn count(&self) -> usize {
        self.0.count_ones() as usize
    }
}

/// The occupied cells of a board of any size, as a sorted list: for boards beyond 64 cells. Unlike
/// a [`Bitboard`] it lives on the heap, so every state a search stores costs an allocation.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CellList(Box<[u16]>);

impl Placement for CellList {
    fn from_cells(cells: &[u16]) -> Self {
        let mut sorted = cells.to_vec();
        sorted.sort_unstable();
        CellList(sorted.into_boxed_slice())
    }

    #[inline]
    fn occupied(&self, cell: u16) -> bool {
        self.0.binary_search(&cell).is_ok()
    }

    fn relocate(&mut self, from: u16, to: u16) {
        let cells = &mut self.0;
        let mut index = cells
            .binary_search(&from)
            .expect("a move starts on an occupied cell");
        // Slide the moved piece to its sorted place.
        while index + 1 < cells.len() && cells[index + 1] < to {
            cells[index] = cells[index + 1];
            index += 1;
        }
        while index > 0 && cells[index - 1] > to {
            cells[index] = cells[index - 1];
            index -= 1;
        }
        cells[index] = to;
    }

    fn pieces(&self) -> impl Iterator<Item = u16> + '_ {
        self.0.iter().copied()
    }

    fn count(&self) -> usize {
        self.0.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn relocated<P: Placement>(cells: &[u16], from: u16, to: u16) -> Vec<u16> {
        let mut placement = P::from_cells(cells);
        placement.relocate(from, to);
        placement.pieces().collect()
    }

    #[test]
    fn both_placements_keep_cells_sorted_through_moves() {
        let cells = [40, 3, 17, 9];
        for (from, to, expected) in [
            (3, 50, vec![9, 17, 40, 50]),
            (40, 0, vec![0, 3, 9, 17]),
            (9, 10, vec![3, 10, 17, 40]),
            (17, 2, vec![2, 3, 9, 40]),
        ] {
            assert_eq!(relocated::<Bitboard>(&cells, from, to), expected);
            assert_eq!(relocated::<CellList>(&cells, from, to), expected);
        }
    }

    #[test]
    fn occupancy_and_count() {
        let bits = Bitboard::from_cells(&[63, 0, 5]);
        let list = CellList::from_cells(&[63, 0, 5]);
        for cell in 0..64 {
            let expected = [0, 5, 63].contains(&cell);
            assert_eq!(bits.occupied(cell), expected);
            assert_eq!(list.occupied(cell), expected);
        }
        assert_eq!((bits.count(), list.count()), (3, 3));
    }
}
