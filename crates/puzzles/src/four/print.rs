//! Writing boards and answers: the judge's output, the input format for generated boards
//! (`Display` of a [`Board`]), and the drawing of a solution move by move.

use std::fmt;

use statespace_engine::Domain;

use crate::puzzle::Step;

use super::board::{Board, FourInARow, Move, Position, SIDE};
use super::solve::Solution;

/// The judge's output for a board: the fewest moves, or `-1` when no line can be made.
pub fn answer(moves: Option<u32>) -> String {
    moves.map_or_else(|| "-1".to_owned(), |moves| moves.to_string())
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
/// the top left); just the start when there is no solution or it has no moves.
pub fn steps(start: Board, solution: Option<&Solution>) -> Vec<Step> {
    let Some(solution) = solution.filter(|solution| !solution.moves.is_empty()) else {
        return vec![Step::start(format!("{start}\n"))];
    };
    let domain = FourInARow::new(start.counts());
    let mut position = Position {
        board: start,
        to_move: solution.first,
    };
    let first = Step {
        action: None,
        title: format!("start, {} moves first", solution.first),
        board: format!("{start}\n"),
    };
    let after = solution.moves.iter().enumerate().map(|(index, &step)| {
        let mover = position.to_move;
        domain.apply(&mut position, step);
        let (from, to) = (cell_name(step.from), cell_name(step.to));
        Step::after(
            slide_name(step),
            format!("move {}, {mover} {from} -> {to}", index + 1),
            format!("{}\n", position.board),
        )
    });
    std::iter::once(first).chain(after).collect()
}

/// A move as the steps name it: `2,4-1,4`, rows and columns from 1.
pub fn slide_name(step: Move) -> String {
    format!("{}-{}", cell_name(step.from), cell_name(step.to))
}

fn cell_name(cell: u8) -> String {
    let side = SIDE as u8;
    format!("{},{}", cell / side + 1, cell % side + 1)
}
