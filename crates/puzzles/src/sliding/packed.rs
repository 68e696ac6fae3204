//! [`PackedBoard`]: a board of at most 16 cells in one `u64`, the fast state for 3×3 and 4×4
//! searches.

use std::fmt;
use std::hash::{Hash, Hasher};

use super::board::{Board, Shape, Tiles};

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
