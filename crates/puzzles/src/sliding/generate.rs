//! Random boards for `gen`.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::board::{Board, Shape};

/// A uniformly random board of `shape`; with `solvable`, uniformly random among the solvable
/// ones (on a single row or column those are the boards with the tiles in order).
pub fn random_board(shape: Shape, rng: &mut impl Rng, solvable: bool) -> Board {
    let cells = shape.cells();
    if solvable && (shape.rows() == 1 || shape.cols() == 1) {
        let blank = rng.random_range(0..cells);
        let mut tiles: Vec<u16> = (1..cells).map(|tile| tile as u16).collect();
        tiles.insert(blank, 0);
        return Board::new(shape, tiles).expect("a permutation");
    }
    let mut tiles: Vec<u16> = (0..cells).map(|tile| tile as u16).collect();
    loop {
        tiles.shuffle(rng);
        let board = Board::new(shape, tiles.clone()).expect("a permutation");
        if !solvable || board.is_solvable() {
            return board;
        }
    }
}

/// Random boards of `shape` from `seed` (the same seed gives the same boards), as
/// [`random_board`] draws them.
pub fn random_boards(shape: Shape, seed: u64, solvable: bool) -> impl Iterator<Item = Board> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    std::iter::repeat_with(move || random_board(shape, &mut rng, solvable))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_boards_are_reproducible_and_solvable_on_request() {
        let shape = Shape::new(4, 4).unwrap();
        let draw = |seed| {
            random_boards(shape, seed, true)
                .take(50)
                .collect::<Vec<_>>()
        };
        let boards = draw(7);
        assert_eq!(boards, draw(7));
        assert!(boards.iter().all(Board::is_solvable));
        let line = Shape::new(1, 5).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        assert!(random_board(line, &mut rng, true).is_solvable());
    }
}
