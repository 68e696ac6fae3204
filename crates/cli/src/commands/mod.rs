//! One file per puzzle: its command-line flags and how its cases are answered.

pub mod cube;
pub mod eight;
pub mod explore;
pub mod four;
pub mod grid;
pub mod hanoi;
pub mod pancake;
pub mod pdb;
pub mod rotation;
pub mod serve;
pub mod sliding;
pub mod solitaire;
pub mod topspin;

use anyhow::Context;
use statespace_puzzles::registry;

/// Each case of `text` as a complete judge input of its own (for peers that read one case).
pub fn standalone_cases(puzzle: &str, text: &str) -> anyhow::Result<Vec<String>> {
    let entry = registry::find(puzzle).with_context(|| {
        format!(
            "unknown puzzle {puzzle:?}: the puzzles are {}",
            registry::names().join(", ")
        )
    })?;
    Ok(entry.case_inputs(text.as_bytes())?)
}
