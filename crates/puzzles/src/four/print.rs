//! Writing boards and answers: the judge's output, the input format for generated boards
//! (`Display` of a [`Board`]), and the drawing of a solution move by move.

use std::fmt;

use serde::{Serialize, Serializer};
use statespace_engine::Domain;

use crate::puzzle::Step;

use super::board::{Board, Colour, FourInARow, Move, Position, SIDE};
use super::solve::{Answer, Solution};

/// The judge's output for a board: the fewest moves, or `-1` when no line can be made.
pub fn answer(moves: Option<u32>) -> String {
    moves.map_or_else(|| "-1".to_owned(), |moves| moves.to_string())
}

/// In `--json`, as every puzzle's answer: `moves`, the moves' names (`2,4-1,4`), `null` when
/// no line can be made, and `first`, the colour that moves first (`B` or `W`).
impl Serialize for Answer {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Shown {
            moves: Option<Vec<String>>,
            first: Option<Colour>,
        }
        let solution = self.solution.as_ref();
        Shown {
            moves: solution.map(|solution| {
                solution
                    .moves
                    .iter()
                    .map(|&step| slide_name(step))
                    .collect()
            }),
            first: solution.map(|solution| solution.first),
        }
        .serialize(serializer)
    }
}

/// The judge's input format: four lines of four letters, without a final line break.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&rows(*self).join("\n"))
    }
}

/// On one line, e.g. `Board(BWBO/WBWB/BWBW/WBWO)`.
impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({})", rows(*self).join("/"))
    }
}

/// The rows of `board` as letters, top to bottom.
fn rows(board: Board) -> Vec<String> {
    board
        .cells()
        .chunks(SIDE)
        .map(|row| row.iter().map(|cell| cell.letter()).collect())
        .collect()
}

/// The start and the board after every move of `solution` (cells as row,column from 1,1 at
/// the top left); just the start when there is no solution.
pub fn steps(start: Board, solution: Option<&Solution>) -> Vec<Step> {
    let first = Step::start(format!("{start}\n"));
    let Some(solution) = solution else {
        return vec![first];
    };
    let domain = FourInARow::new(start.counts());
    let mut position = Position {
        board: start,
        to_move: solution.first,
    };
    let after = solution.moves.iter().enumerate().map(|(index, &step)| {
        domain.apply(&mut position, step);
        Step::after(index + 1, slide_name(step), format!("{}\n", position.board))
    });
    std::iter::once(first).chain(after).collect()
}

/// A move as answers and steps name it: `2,4-1,4`, rows and columns from 1.
pub fn slide_name(step: Move) -> String {
    format!("{}-{}", cell_name(step.from), cell_name(step.to))
}

fn cell_name(cell: u8) -> String {
    let side = SIDE as u8;
    format!("{},{}", cell / side + 1, cell % side + 1)
}
