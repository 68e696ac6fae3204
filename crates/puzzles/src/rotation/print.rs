//! Writing: the judges' answer, the input format (for `gen`), and the board drawn as a '#'
//! (for `--trace`).

use std::fmt::{self, Display, Formatter, Write};

use crate::puzzle::Step;

use super::board::{Board, CELLS, Move};
use super::solve::Answer;

/// The judges' two lines: the moves as letters (or `No moves needed`), then the centre digit.
impl Display for Answer {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        if self.moves.is_empty() {
            f.write_str("No moves needed")?;
        } else {
            for mv in &self.moves {
                f.write_char(mv.letter())?;
            }
        }
        write!(f, "\n{}", self.digit)
    }
}

/// The board in the judges' input format: its 24 numbers on one line, cell 0 first.
impl Display for Board {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        for (cell, digit) in self.digits().into_iter().enumerate() {
            if cell > 0 {
                f.write_char(' ')?;
            }
            write!(f, "{digit}")?;
        }
        Ok(())
    }
}

/// The board drawn as the '#' it is played on, seven lines:
///
/// ```text
///     1   1
///     1   1
/// 3 2 3 2 3 1 3
///     2   2
/// 3 1 2 2 2 3 1
///     2   1
///     3   3
/// ```
pub fn draw(board: &Board) -> String {
    // Cells per line of the drawing: the two columns have one cell on a line, the rows seven.
    const LINES: [&[usize]; 7] = [
        &[0, 1],
        &[2, 3],
        &[4, 5, 6, 7, 8, 9, 10],
        &[11, 12],
        &[13, 14, 15, 16, 17, 18, 19],
        &[20, 21],
        &[22, 23],
    ];
    let digits = board.digits();
    let mut drawing = String::with_capacity(8 * CELLS);
    for cells in LINES {
        let line: Vec<String> = cells.iter().map(|&cell| digits[cell].to_string()).collect();
        match line.as_slice() {
            [left, right] => writeln!(drawing, "    {left}   {right}"),
            row => writeln!(drawing, "{}", row.join(" ")),
        }
        .expect("writing to a string cannot fail");
    }
    drawing
}

/// The board before and after each of `moves`, each drawing under a title line.
pub fn steps(start: &Board, moves: &[Move]) -> Vec<Step> {
    let mut board = *start;
    let first = Step::start(draw(&board));
    let after = moves.iter().enumerate().map(|(index, &mv)| {
        board.apply(mv);
        Step::after(index + 1, mv.letter(), draw(&board))
    });
    std::iter::once(first).chain(after).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::trace;

    fn sample() -> Board {
        Board::from_digits(&[
            1, 1, 1, 1, 3, 2, 3, 2, 3, 1, 3, 2, 2, 3, 1, 2, 2, 2, 3, 1, 2, 1, 3, 3,
        ])
        .unwrap()
    }

    #[test]
    fn answers_print_as_the_judges_want() {
        let answer = Answer {
            moves: vec![Move::A, Move::C],
            digit: 2,
        };
        assert_eq!(answer.to_string(), "AC\n2");
        let none = Answer {
            moves: Vec::new(),
            digit: 3,
        };
        assert_eq!(none.to_string(), "No moves needed\n3");
    }

    #[test]
    fn boards_print_in_the_input_format() {
        assert_eq!(
            sample().to_string(),
            "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3"
        );
    }

    #[test]
    fn the_drawing_is_a_hash_sign() {
        assert_eq!(
            draw(&sample()),
            "    1   1\n    1   1\n3 2 3 2 3 1 3\n    2   2\n3 1 2 2 2 3 1\n    2   1\n    3   3\n"
        );
    }

    #[test]
    fn the_trace_draws_every_step() {
        let text = trace(&steps(&sample(), &[Move::A, Move::C]));
        assert!(text.starts_with("start\n    1   1\n"));
        assert!(text.contains("move 1: A\n    1   1\n    3   1\n"));
        assert!(text.ends_with("move 2: C\n    1   1\n    3   1\n3 3 2 2 2 3 1\n    2   2\n3 1 2 2 2 3 1\n    3   1\n    1   3\n"));
    }
}
