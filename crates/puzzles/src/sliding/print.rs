//! Judge output (move strings), the input formats for `gen`, random boards, and the drawing of a
//! solution move by move for `--trace`.

use std::fmt::Write;

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::puzzle::Step;

use super::board::{Board, Move, Shape};

/// The judge's answer line for `moves`: their letters, for example `ullddrurdllurdruldr`.
pub fn moves_string(moves: &[Move]) -> String {
    let mut line = String::with_capacity(moves.len());
    write_moves(moves, &mut line);
    line
}

/// Appends the letters of `moves` to `out`.
pub fn write_moves(moves: &[Move], out: &mut String) {
    out.extend(moves.iter().map(|m| m.letter()));
}

/// The moves of a judge's answer string; `None` at a letter other than `d`, `l`, `r`, `u`.
pub fn parse_moves(text: &str) -> Option<Vec<Move>> {
    text.chars().map(Move::from_letter).collect()
}

/// A 3×3 board as one Eight puzzle case: `2 3 4 1 5 x 7 6 8`.
pub fn eight_line(board: &Board) -> String {
    board_tokens(board, "x")
}

/// A board as one line of the sliding-puzzle input: tiles row by row, `0` for the blank.
pub fn board_line(board: &Board) -> String {
    board_tokens(board, "0")
}

fn board_tokens(board: &Board, blank: &str) -> String {
    let mut line = String::new();
    for (index, &tile) in board.tiles().iter().enumerate() {
        if index > 0 {
            line.push(' ');
        }
        if tile == 0 {
            line.push_str(blank);
        } else {
            write!(line, "{tile}").expect("writing to a String");
        }
    }
    line
}

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

/// The start board, then the board after each move under its number and letter.
///
/// ```
/// use statespace_puzzles::puzzle::trace;
/// use statespace_puzzles::sliding::{Board, Move, Shape, steps};
/// let board = Board::new(Shape::new(2, 2).unwrap(), vec![1, 2, 0, 3]).unwrap();
/// assert_eq!(trace(&steps(&board, &[Move::Right])), "start\n1 2\nx 3\nmove 1: r\n1 2\n3 x\n");
/// ```
///
/// # Panics
/// If a move leaves the board: `moves` must be a solution of `start`.
pub fn steps(start: &Board, moves: &[Move]) -> Vec<Step> {
    let mut board = start.clone();
    let first = Step::start(board.to_string());
    let after = moves.iter().enumerate().map(|(index, &step)| {
        board.apply(step).expect("a move of the solution");
        let letter = step.letter();
        Step::after(
            letter,
            format!("move {}: {letter}", index + 1),
            board.to_string(),
        )
    });
    std::iter::once(first).chain(after).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_in_both_formats() {
        let board = Board::new(Shape::new(3, 3).unwrap(), vec![2, 3, 4, 1, 5, 0, 7, 6, 8]).unwrap();
        assert_eq!(eight_line(&board), "2 3 4 1 5 x 7 6 8");
        assert_eq!(board_line(&board), "2 3 4 1 5 0 7 6 8");
    }

    #[test]
    fn move_strings_round_trip() {
        let moves = parse_moves("dlru").unwrap();
        assert_eq!(moves, Move::ALL);
        assert_eq!(moves_string(&moves), "dlru");
        assert_eq!(parse_moves("dx"), None);
    }

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
