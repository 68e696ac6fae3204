//! Writing answers: the turns' positions (from 1) on one line, separated by spaces; an empty
//! line for a sorted loop, `unsolvable` for one no turns sort.

use crate::puzzle::Step;

use super::board::Ring;

/// The judge's line for `turns`, without its line break.
pub fn answer(turns: Option<&[u8]>) -> String {
    match turns {
        None => "unsolvable".to_string(),
        Some(turns) => {
            let positions: Vec<String> = turns.iter().map(|turn| (turn + 1).to_string()).collect();
            positions.join(" ")
        }
    }
}

/// `ring` drawn as a board: its line of the input.
pub fn draw(ring: &Ring) -> String {
    format!("{ring}\n")
}

/// The start and the loop after each turn, named by its position from 1.
pub fn steps(start: &Ring, turns: &[u8], after: &[Ring]) -> Vec<Step> {
    std::iter::once(Step::start(draw(start)))
        .chain(
            turns
                .iter()
                .zip(after)
                .enumerate()
                .map(|(index, (turn, ring))| Step::after(index + 1, turn + 1, draw(ring))),
        )
        .collect()
}
