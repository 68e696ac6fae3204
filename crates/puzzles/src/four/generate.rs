//! Random boards for `gen`.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::board::{Board, CELLS, Cell, Colour, Counts};

impl Board {
    /// A board drawn uniformly from all arrangements with `counts` (which must sum to 16).
    pub fn random(counts: Counts, rng: &mut impl Rng) -> Board {
        let mut cells: Vec<Cell> = [
            (Cell::Piece(Colour::Black), counts.black),
            (Cell::Piece(Colour::White), counts.white),
            (Cell::Empty, counts.empty),
        ]
        .iter()
        .flat_map(|&(cell, count)| std::iter::repeat_n(cell, usize::from(count)))
        .collect();
        assert_eq!(cells.len(), CELLS, "counts {counts} do not fill the board");
        cells.shuffle(rng);
        Board::from_cells(&cells.try_into().expect("16 cells"))
    }
}

/// `count` boards drawn uniformly from all arrangements with `counts`, the same for the same
/// `seed`.
pub fn random_boards(counts: Counts, count: usize, seed: u64) -> Vec<Board> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..count)
        .map(|_| Board::random(counts, &mut rng))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_boards_have_the_asked_counts_and_follow_the_seed() {
        let boards = random_boards(Counts::JUDGE, 100, 3);
        assert!(boards.iter().all(|board| board.counts() == Counts::JUDGE));
        assert_eq!(boards, random_boards(Counts::JUDGE, 100, 3));
        assert_ne!(boards, random_boards(Counts::JUDGE, 100, 4));
    }
}
