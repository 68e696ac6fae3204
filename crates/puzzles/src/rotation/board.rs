//! The board and its moves: 24 cells in the shape of a '#', eight moves that rotate a line of
//! seven cells, and the [`RotationGame`] domain the engine searches.
//!
//! A board is kept as three 24-bit masks, one per digit, so a move is a permutation of the bits
//! of each mask, a few masked rotations with no array of cells to shuffle. The same permutation
//! moves the placements the distance table is built over.

use rand::Rng;
use rand::seq::SliceRandom;
use statespace_engine::{Domain, Reversible};

/// The number of cells.
pub const CELLS: usize = 24;
/// The number of cells in a line.
pub const LINE: usize = 7;
/// How many cells hold each digit.
pub const COPIES: u32 = 8;
/// The digits the cells hold.
pub const DIGITS: [u8; 3] = [1, 2, 3];
/// Every cell, as a mask.
pub const ALL_CELLS: u32 = (1 << CELLS) - 1;
/// The eight centre cells 6 7 8 11 12 15 16 17, as a mask.
pub const CENTRE: u32 = cells_mask(&[6, 7, 8, 11, 12, 15, 16, 17]);

/// The mask of a list of cells.
const fn cells_mask(cells: &[u8]) -> u32 {
    let mut mask = 0;
    let mut i = 0;
    while i < cells.len() {
        mask |= 1 << cells[i];
        i += 1;
    }
    mask
}

/// One of the eight moves, named by the letter the judges use. Their order A..H is the order of
/// the letters, which decides between equally short answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub enum Move {
    /// Column 0 2 6 11 15 20 22, pulled towards cell 0.
    A,
    /// Column 1 3 8 12 17 21 23, pulled towards cell 1.
    B,
    /// Row 10 9 8 7 6 5 4, pulled towards cell 10.
    C,
    /// Row 19 18 17 16 15 14 13, pulled towards cell 19.
    D,
    /// The reverse of B: towards cell 23.
    E,
    /// The reverse of A: towards cell 22.
    F,
    /// Row 13 .. 19, pulled towards cell 13.
    G,
    /// Row 4 .. 10, pulled towards cell 4.
    H,
}

/// The line each move rotates: every cell takes the value of the next one, the last takes the
/// old value of the first.
const LINES: [[u8; LINE]; 8] = [
    [0, 2, 6, 11, 15, 20, 22],
    [1, 3, 8, 12, 17, 21, 23],
    [10, 9, 8, 7, 6, 5, 4],
    [19, 18, 17, 16, 15, 14, 13],
    [23, 21, 17, 12, 8, 3, 1],
    [22, 20, 15, 11, 6, 2, 0],
    [13, 14, 15, 16, 17, 18, 19],
    [4, 5, 6, 7, 8, 9, 10],
];

/// A move as a permutation of the bits of a mask: the bits off the line stay, and the bits on
/// it travel in at most four groups, each group by one rotation of the whole word.
#[derive(Clone, Copy, Debug)]
struct BitPermutation {
    /// The bits the move leaves in place.
    stay: u32,
    /// Bits that travel together, and how far to rotate them left.
    groups: [(u32, u32); 4],
}

/// The bit permutation of each move, in the order of [`Move::ALL`].
static BIT_PERMUTATIONS: [BitPermutation; 8] = {
    let mut permutations = [BitPermutation {
        stay: 0,
        groups: [(0, 0); 4],
    }; 8];
    let mut mv = 0;
    while mv < 8 {
        permutations[mv] = bit_permutation(&LINES[mv]);
        mv += 1;
    }
    permutations
};

/// The permutation that rotates `line`: the bit of `line[j + 1]` goes to `line[j]`, the bit of
/// `line[0]` to the last cell. Bits that move by the same distance form one group.
const fn bit_permutation(line: &[u8; LINE]) -> BitPermutation {
    let mut permutation = BitPermutation {
        stay: ALL_CELLS & !cells_mask(line),
        groups: [(0, 0); 4],
    };
    let mut used = 0;
    let mut j = 0;
    while j < LINE {
        let from = line[(j + 1) % LINE] as u32;
        let to = line[j] as u32;
        let rotation = (to + 32 - from) % 32;
        let mut group = 0;
        while group < used && permutation.groups[group].1 != rotation {
            group += 1;
        }
        assert!(group < 4, "a line moves its bits by at most four distances");
        if group == used {
            permutation.groups[group].1 = rotation;
            used += 1;
        }
        permutation.groups[group].0 |= 1 << from;
        j += 1;
    }
    permutation
}

impl Move {
    /// All moves, in the judges' order.
    pub const ALL: [Move; 8] = [
        Move::A,
        Move::B,
        Move::C,
        Move::D,
        Move::E,
        Move::F,
        Move::G,
        Move::H,
    ];

    /// The judges' letter for the move.
    pub fn letter(self) -> char {
        char::from(b'A' + self as u8)
    }

    /// The cells the move rotates, from the one pulled towards to the far end.
    pub fn line(self) -> [u8; LINE] {
        LINES[self as usize]
    }

    /// The move that undoes this one: the same line pulled the other way.
    pub fn inverse(self) -> Move {
        match self {
            Move::A => Move::F,
            Move::B => Move::E,
            Move::C => Move::H,
            Move::D => Move::G,
            Move::E => Move::B,
            Move::F => Move::A,
            Move::G => Move::D,
            Move::H => Move::C,
        }
    }

    /// Where the values of the cells in `mask` stand after the move.
    #[inline]
    pub fn apply_to_mask(self, mask: u32) -> u32 {
        let BitPermutation { stay, groups } = &BIT_PERMUTATIONS[self as usize];
        let [a, b, c, d] = groups.map(|(group, rotation)| (mask & group).rotate_left(rotation));
        // Two ORs deep rather than four: the table build applies and undoes moves in a chain.
        (mask & stay | a) | (b | c | d)
    }
}

/// A board: which cells hold each digit. Each digit fills exactly eight cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// For digit `d`, the mask of the cells holding it, at index `d - 1`.
    digit_cells: [u32; 3],
}

/// How many cells hold each digit, when that is not eight of each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WrongCounts(pub [u32; 3]);

impl Board {
    /// The board whose cell `i` holds `digits[i]`, or how many 1s, 2s and 3s there are when it
    /// is not eight of each (an entry other than 1, 2 or 3 leaves them short).
    pub fn from_digits(digits: &[u8; CELLS]) -> Result<Board, WrongCounts> {
        let mut digit_cells = [0u32; 3];
        for (cell, &digit) in digits.iter().enumerate() {
            if let Some(cells) = digit_cells.get_mut(usize::from(digit.wrapping_sub(1))) {
                *cells |= 1 << cell;
            }
        }
        let counts = digit_cells.map(u32::count_ones);
        if counts == [COPIES; 3] {
            Ok(Board { digit_cells })
        } else {
            Err(WrongCounts(counts))
        }
    }

    /// The digit in each cell, cell 0 first.
    pub fn digits(&self) -> [u8; CELLS] {
        std::array::from_fn(|cell| self.digit_at(cell))
    }

    /// The digit in `cell` (below 24).
    pub fn digit_at(&self, cell: usize) -> u8 {
        DIGITS
            .into_iter()
            .find(|&digit| self.cells_of(digit) & (1 << cell) != 0)
            .expect("every cell holds a digit")
    }

    /// The mask of the cells holding `digit` (1, 2 or 3).
    #[inline]
    pub fn cells_of(&self, digit: u8) -> u32 {
        self.digit_cells[usize::from(digit - 1)]
    }

    /// The board whose digit `d` stands on the cells of `placements[d - 1]` (disjoint masks that
    /// cover the 24 cells, eight each).
    pub(super) fn from_placements(placements: [u32; 3]) -> Board {
        debug_assert_eq!(placements[0] | placements[1] | placements[2], ALL_CELLS);
        Board {
            digit_cells: placements,
        }
    }

    /// The masks of the cells holding 1, 2 and 3, in that order.
    #[inline]
    pub fn placements(&self) -> [u32; 3] {
        self.digit_cells
    }

    /// The digit that fills all eight centre cells, if one does.
    pub fn centre_digit(&self) -> Option<u8> {
        DIGITS
            .into_iter()
            .find(|&digit| self.cells_of(digit) == CENTRE)
    }

    /// The most centre cells any one digit holds.
    #[inline]
    pub fn most_in_centre(&self) -> u32 {
        self.digit_cells
            .iter()
            .map(|cells| (cells & CENTRE).count_ones())
            .max()
            .unwrap_or(0)
    }

    /// Applies `mv` in place.
    #[inline]
    pub fn apply(&mut self, mv: Move) {
        for cells in &mut self.digit_cells {
            *cells = mv.apply_to_mask(*cells);
        }
    }

    /// A board drawn uniformly among all arrangements of eight 1s, eight 2s and eight 3s.
    pub fn random(rng: &mut impl Rng) -> Board {
        let mut digits: [u8; CELLS] = std::array::from_fn(|cell| DIGITS[cell / COPIES as usize]);
        digits.shuffle(rng);
        Board::from_digits(&digits).expect("eight of each digit")
    }
}

/// The Rotation Game as a search domain: boards, the moves A..H in that order, and the goal of
/// one digit filling the centre.
#[derive(Clone, Copy, Debug, Default)]
pub struct RotationGame;

impl Domain for RotationGame {
    type State = Board;
    type Action = Move;

    fn actions(&self, _: &Board, out: &mut Vec<Move>) {
        out.extend(Move::ALL);
    }

    #[inline]
    fn apply(&self, board: &mut Board, mv: Move) {
        board.apply(mv);
    }

    fn invert(&self, mv: Move) -> Option<Move> {
        Some(mv.inverse())
    }

    #[inline]
    fn is_goal(&self, board: &Board) -> bool {
        board.most_in_centre() == COPIES
    }
}

/// Every move is undone by its inverse.
impl Reversible for RotationGame {}

#[cfg(test)]
mod tests {
    use super::*;

    /// The textbook move on an array of cells, to check the bit tables against.
    fn rotate_cells(cells: &mut [u8; CELLS], mv: Move) {
        let line = mv.line();
        let first = cells[usize::from(line[0])];
        for j in 0..LINE - 1 {
            cells[usize::from(line[j])] = cells[usize::from(line[j + 1])];
        }
        cells[usize::from(line[LINE - 1])] = first;
    }

    fn sample() -> [u8; CELLS] {
        [
            1, 1, 1, 1, 3, 2, 3, 2, 3, 1, 3, 2, 2, 3, 1, 2, 2, 2, 3, 1, 2, 1, 3, 3,
        ]
    }

    #[test]
    fn moves_match_rotating_an_array() {
        let mut cells = sample();
        let mut board = Board::from_digits(&cells).unwrap();
        for (i, mv) in Move::ALL.into_iter().cycle().take(40).enumerate() {
            let mv = if i % 3 == 0 { Move::ALL[i * 5 % 8] } else { mv };
            rotate_cells(&mut cells, mv);
            board.apply(mv);
            assert_eq!(board.digits(), cells, "after {i} moves");
        }
    }

    #[test]
    fn inverse_undoes_and_lines_reverse() {
        for mv in Move::ALL {
            let mut reversed = mv.line();
            reversed.reverse();
            assert_eq!(mv.inverse().line(), reversed);
            assert_eq!(mv.inverse().inverse(), mv);
            for mask in [0x00ff_00ff, 0x0012_3456, CENTRE, ALL_CELLS] {
                assert_eq!(mv.inverse().apply_to_mask(mv.apply_to_mask(mask)), mask);
            }
        }
    }

    #[test]
    fn lines_cross_the_centre_in_three_cells() {
        for mv in Move::ALL {
            let line = cells_mask(&mv.line());
            assert_eq!((line & CENTRE).count_ones(), 3, "{mv:?}");
        }
        assert_eq!(CENTRE.count_ones(), 8);
    }

    #[test]
    fn letters_follow_the_order() {
        let letters: String = Move::ALL.into_iter().map(Move::letter).collect();
        assert_eq!(letters, "ABCDEFGH");
    }

    #[test]
    fn wrong_counts_are_reported() {
        let mut digits = sample();
        digits[0] = 3;
        assert_eq!(Board::from_digits(&digits), Err(WrongCounts([7, 8, 9])));
        digits[0] = 0;
        assert_eq!(Board::from_digits(&digits), Err(WrongCounts([7, 8, 8])));
    }

    #[test]
    fn centre_digit_and_goal() {
        let solved = [
            1, 1, 1, 1, 1, 1, 2, 2, 2, 1, 1, 2, 2, 3, 3, 2, 2, 2, 3, 3, 3, 3, 3, 3,
        ];
        let board = Board::from_digits(&solved).unwrap();
        assert_eq!(board.centre_digit(), Some(2));
        assert!(RotationGame.is_goal(&board));
        let board = Board::from_digits(&sample()).unwrap();
        assert_eq!(board.centre_digit(), None);
        assert!(!RotationGame.is_goal(&board));
    }
}
