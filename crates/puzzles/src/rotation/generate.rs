//! Random boards for `gen`, optionally only those that need many moves.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use thiserror::Error;

use super::board::Board;
use super::solve::CentreTable;

/// The most moves any board needs. Only 192 of the 9,465,511,770 boards need that many: where
/// each digit's copies stand, all three are 13 moves from the centre.
pub const MOST_MOVES: u32 = 13;

/// How many random boards in a row may fall short of the requested moves before generation
/// gives up (about 1 in 2,700 random boards needs 12 moves, 1 in 50 million needs 13).
pub const DRAWS_PER_BOARD: u64 = 10_000_000;

/// Why no boards could be generated.
#[derive(Clone, Copy, Debug, Error, PartialEq, Eq)]
pub enum GenerateError {
    /// More moves were asked for than any board needs.
    #[error("no board needs more than {MOST_MOVES} moves")]
    Impossible,
    /// Too many boards in a row needed fewer moves than asked for.
    #[error("gave up after {DRAWS_PER_BOARD} random boards in a row needed fewer than {0} moves")]
    GaveUp(u32),
}

/// `count` boards drawn uniformly at random from `seed` (the same seed, the same boards), keeping
/// only those that need at least `min_moves` moves.
pub fn random_boards(count: usize, seed: u64, min_moves: u32) -> Result<Vec<Board>, GenerateError> {
    if min_moves > MOST_MOVES {
        return Err(GenerateError::Impossible);
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let table = (min_moves > 0).then(|| CentreTable::build().0);
    let needs_enough = |board: &Board| {
        table
            .as_ref()
            .is_none_or(|table| table.moves_needed(board) >= min_moves)
    };
    (0..count)
        .map(|_| {
            (0..DRAWS_PER_BOARD)
                .map(|_| Board::random(&mut rng))
                .find(needs_enough)
                .ok_or(GenerateError::GaveUp(min_moves))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_gives_the_same_boards() {
        let boards = random_boards(5, 7, 0).unwrap();
        assert_eq!(boards.len(), 5);
        assert_eq!(boards, random_boards(5, 7, 0).unwrap());
        assert_ne!(boards, random_boards(5, 8, 0).unwrap());
    }

    #[test]
    fn hard_boards_need_the_moves_asked_for() {
        let (table, _) = CentreTable::build();
        for board in random_boards(3, 1, 11).unwrap() {
            assert!(table.moves_needed(&board) >= 11);
        }
        assert_eq!(random_boards(1, 1, 14), Err(GenerateError::Impossible));
    }
}
