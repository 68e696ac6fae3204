//! Writing answers and drawing towers: the moves `1-3` (from, to) on one line, separated by
//! spaces, an empty line for a case at its goal already; the towers as one line per peg.

use crate::puzzle::Step as Board;

use super::board::{PEGS, Step, Towers};
use super::solve::Case;

/// The judge's line for `steps`, without its line break.
pub fn answer(steps: &[Step]) -> String {
    let moves: Vec<String> = steps.iter().map(ToString::to_string).collect();
    moves.join(" ")
}

/// `towers` of `discs` discs drawn a peg a line, its discs from the bottom up, numbered from
/// the smallest: `peg 1: 3 2 1`.
pub fn draw(towers: Towers, discs: usize) -> String {
    (0..PEGS as u8)
        .map(|peg| {
            let stack: String = (0..discs)
                .rev()
                .filter(|&disc| towers.peg(disc) == peg)
                .map(|disc| format!(" {}", disc + 1))
                .collect();
            format!("peg {}:{stack}\n", peg + 1)
        })
        .collect()
}

/// `case` as its line of the input: the start's pegs, then `/` and the goal's unless every
/// disc ends on peg 4.
pub fn case_line(case: &Case) -> String {
    let start = case.start.pegs_text(case.discs);
    if case.goal == Towers::stacked(case.discs, PEGS as u8 - 1) {
        format!("{start}\n")
    } else {
        format!("{start} / {}\n", case.goal.pegs_text(case.discs))
    }
}

/// The start and the towers after each move, named `1-3`.
pub fn steps(case: &Case, moves: &[Step], after: &[Towers]) -> Vec<Board> {
    std::iter::once(Board::start(draw(case.start, case.discs)))
        .chain(
            moves
                .iter()
                .zip(after)
                .enumerate()
                .map(|(index, (step, &towers))| {
                    Board::after(index + 1, step, draw(towers, case.discs))
                }),
        )
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn towers_are_drawn_bottom_up() {
        let towers = Towers::new(&[0, 3, 0]);
        assert_eq!(draw(towers, 3), "peg 1: 3 1\npeg 2:\npeg 3:\npeg 4: 2\n");
        let steps = [Step { from: 0, to: 2 }, Step { from: 3, to: 1 }];
        assert_eq!(answer(&steps), "1-3 4-2");
        assert_eq!(answer(&[]), "");
    }
}
