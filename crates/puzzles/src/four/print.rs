//! Writing boards and answers: the judge's output, the input format for generated boards
//! (`Display` of a [`Board`]), and the drawing of a solution move by move.

use std::fmt::{self, Write};

use statespace_engine::Domain;

use super::board::{Board, FourInARow, Position, SIDE};
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

/// The start and the board after every move of `solution`, each under a heading naming the
/// move (cells as row,column from 1,1 at the top left); just the start when it has a line.
pub fn trace(start: Board, solution: &Solution) -> String {
    let domain = FourInARow::new(start.counts());
    let mut position = Position {
        board: start,
        to_move: solution.first,
    };
    if solution.moves.is_empty() {
        return format!("already a line:\n{start}\n");
    }
    let mut text = format!("start, {} moves first:\n{start}\n", solution.first);
    for (number, &step) in solution.moves.iter().enumerate() {
        let mover = position.to_move;
        domain.apply(&mut position, step);
        let _ = writeln!(
            text,
            "move {}, {mover} {} -> {}:\n{}",
            number + 1,
            cell_name(step.from),
            cell_name(step.to),
            position.board
        );
    }
    text
}

fn cell_name(cell: u8) -> String {
    let side = SIDE as u8;
    format!("{},{}", cell / side + 1, cell % side + 1)
}
