//! Writing: the judges' answers, configurations in the input format, and drawings of the board.

use std::fmt::Write;

use statespace_engine::{Outcome, StopReason};

use crate::puzzle::Step;

use super::grid::{Grid, Move};
use super::parse::Case;
use super::placement::{CellList, Placement};
use super::solve::Answer;

/// The judges' answer: `YES` when the target was reached within the bound, else `NO`.
pub fn judge_answer(outcome: &Outcome<Move>) -> &'static str {
    match outcome {
        Outcome::Found(_) => "YES",
        _ => "NO",
    }
}

/// The fewest moves when the target was reached within the bound, else `NO`.
pub fn moves_answer(outcome: &Outcome<Move>) -> String {
    match outcome {
        Outcome::Found(solution) => solution.actions.len().to_string(),
        _ => "NO".to_string(),
    }
}

/// What happened, in a few words, for statistics lines.
pub fn describe(answer: &Answer, max_moves: u32) -> String {
    match &answer.result.outcome {
        Outcome::Found(solution) => format!("{} moves", solution.actions.len()),
        Outcome::Exhausted => "NO (unreachable)".to_string(),
        Outcome::Stopped(StopReason::DepthLimit) if answer.lower_bound > max_moves => {
            format!("NO (at least {} moves)", answer.lower_bound)
        }
        Outcome::Stopped(StopReason::DepthLimit) => format!("NO (none within {max_moves} moves)"),
        Outcome::Stopped(reason) => format!("stopped: {reason}"),
    }
}

/// A configuration in the input format: 1-based `row column` pairs on one line.
pub fn format_configuration(grid: Grid, cells: &[u16]) -> String {
    let mut line = String::new();
    for &cell in cells {
        let (row, col) = grid.coordinates(cell);
        if !line.is_empty() {
            line.push(' ');
        }
        write!(line, "{row} {col}").expect("writing to a String");
    }
    line
}

/// A case in the input format: the start line, then the target line.
pub fn format_case(grid: Grid, case: &Case) -> String {
    format!(
        "{}\n{}",
        format_configuration(grid, &case.start),
        format_configuration(grid, &case.target)
    )
}

/// The board, one text row per row: `o` for a piece, `.` for an empty cell.
pub fn draw(grid: Grid, placement: &impl Placement) -> String {
    let mut picture = String::with_capacity(grid.cells() + grid.rows());
    let mut pieces = placement.pieces().peekable();
    for cell in 0..grid.cells() {
        let occupied = pieces.next_if_eq(&(cell as u16)).is_some();
        picture.push(if occupied { 'o' } else { '.' });
        if (cell + 1) % grid.cols() == 0 {
            picture.push('\n');
        }
    }
    picture
}

/// A move as answers and steps name it: `4,5-4,6`, the row and column (from 1, as the input
/// counts them) it leaves, then those it reaches.
pub fn move_name(grid: Grid, step: Move) -> String {
    let (from, to) = (grid.coordinates(step.from), grid.coordinates(step.to));
    format!("{},{}-{},{}", from.0, from.1, to.0, to.1)
}

/// The board at the start and after each of `moves`, each drawing headed by the move made.
pub fn steps(grid: Grid, start: &[u16], moves: &[Move]) -> Vec<Step> {
    let mut placement = CellList::from_cells(start);
    let first = Step::start(draw(grid, &placement));
    let after = moves.iter().enumerate().map(|(number, step)| {
        placement.relocate(step.from, step.to);
        Step::after(number + 1, move_name(grid, *step), draw(grid, &placement))
    });
    std::iter::once(first).chain(after).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::trace;

    #[test]
    fn configurations_round_trip_through_the_input_format() {
        let grid = Grid::judge();
        let case = Case {
            start: vec![27, 28, 35, 44],
            target: vec![11, 18, 21, 29],
        };
        assert_eq!(format_case(grid, &case), "4 4 4 5 5 4 6 5\n2 4 3 3 3 6 4 6");
    }

    #[test]
    fn traces_draw_every_step() {
        let grid = Grid::new(2, 3).unwrap();
        let moves = [Move { from: 0, to: 2 }, Move { from: 1, to: 4 }];
        assert_eq!(
            trace(&steps(grid, &[0, 1], &moves)),
            "start\noo.\n...\nmove 1: 1,1-1,3\n.oo\n...\nmove 2: 1,2-2,2\n..o\n.o.\n"
        );
    }
}
