//! Writing answers and states: the rules' labels of a solution on a line (an empty line for a
//! goal state, `unsolvable` when no goal can be reached), a state as its row of values.

use statespace_psvn::{PsvnDomain, State};

use crate::puzzle::Step;

/// The judge's line for `labels`, without its line break.
pub fn answer(labels: Option<&[String]>) -> String {
    match labels {
        None => "unsolvable".to_string(),
        Some(labels) => labels.join(" "),
    }
}

/// `state` drawn as its row of values, with a line break: the input's own line.
pub fn draw(domain: &PsvnDomain, state: &[u8]) -> String {
    format!("{}\n", domain.format_state(state))
}

/// The start and the state after each move, named by its label.
pub fn steps(domain: &PsvnDomain, start: &State, labels: &[String], after: &[State]) -> Vec<Step> {
    std::iter::once(Step::start(draw(domain, start)))
        .chain(
            labels
                .iter()
                .zip(after)
                .enumerate()
                .map(|(index, (label, state))| Step::after(index + 1, label, draw(domain, state))),
        )
        .collect()
}
