//! Writing answers: the flips' sizes on one line, separated by spaces; an empty line for a
//! stack sorted already.

use crate::puzzle::Step;

use super::board::Stack;

/// The judge's line for `flips`, without its line break.
pub fn answer(flips: &[u8]) -> String {
    let sizes: Vec<String> = flips.iter().map(u8::to_string).collect();
    sizes.join(" ")
}

/// `stack` drawn as a board: its line of the input.
pub fn draw(stack: &Stack) -> String {
    format!("{stack}\n")
}

/// The start and the stack after each flip, named by its size.
pub fn steps(start: &Stack, flips: &[u8], after: &[Stack]) -> Vec<Step> {
    std::iter::once(Step::start(draw(start)))
        .chain(
            flips
                .iter()
                .zip(after)
                .enumerate()
                .map(|(index, (k, stack))| Step::after(index + 1, k, draw(stack))),
        )
        .collect()
}
