//! Tests of the fast method: every shape solved, unsolvable boards refused.

use super::*;
use crate::sliding::generate::random_board;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

#[test]
fn every_shape_gets_solved() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    for rows in 1..=9 {
        for cols in 1..=9 {
            let shape = Shape::new(rows, cols).unwrap();
            for _ in 0..30 {
                let board = random_board(shape, &mut rng, true);
                let (moves, _) = fast_solution(&board, &Limits::none()).unwrap();
                let moves = moves.unwrap();
                let mut replay = board.clone();
                replay.play(&moves).unwrap();
                assert!(replay.is_solved(), "{board:?}");
            }
        }
    }
}

#[test]
fn unsolvable_boards_are_refused() {
    let shape = Shape::new(3, 4).unwrap();
    let board = Board::new(shape, vec![2, 1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0]).unwrap();
    assert!(fast_solution(&board, &Limits::none()).is_none());
}
