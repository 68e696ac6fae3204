//! Writing answers and states: the rules' labels of a solution on a line (an empty line for a
//! goal state, `unsolvable` when no goal can be reached), a state as its row of values, and in
//! pictures (the steps of `--trace`, `--json` and the playground) as rows of the file's grid
//! when a comment gives one (`# grid 3x3`).

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

/// `state` as a picture: its values in the rows of the domain's grid ([`Psvn::grid`]) when it
/// has one, else its row ([`draw`]).
///
/// [`Psvn::grid`]: statespace_psvn::Psvn::grid
pub fn picture(domain: &PsvnDomain, state: &[u8]) -> String {
    let Some((_, columns)) = domain.psvn().grid() else {
        return draw(domain, state);
    };
    let line = domain.format_state(state);
    let values: Vec<&str> = line.split(' ').collect();
    values
        .chunks(columns)
        .map(|row| format!("{}\n", row.join(" ")))
        .collect()
}

/// The start and the state after each move, named by its label, in pictures.
pub fn steps(domain: &PsvnDomain, start: &State, labels: &[String], after: &[State]) -> Vec<Step> {
    std::iter::once(Step::start(picture(domain, start)))
        .chain(
            labels
                .iter()
                .zip(after)
                .enumerate()
                .map(|(index, (label, state))| {
                    Step::after(index + 1, label, picture(domain, state))
                }),
        )
        .collect()
}
