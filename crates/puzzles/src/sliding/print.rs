//! Judge output (move strings), the input formats for `gen`, and the drawing of a
//! solution move by move for `--trace`.

use std::fmt::Write;

use crate::puzzle::Step;

use super::board::{Board, Move};

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
        Step::after(index + 1, step.letter(), board.to_string())
    });
    std::iter::once(first).chain(after).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sliding::Shape;

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
}
