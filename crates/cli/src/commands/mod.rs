//! One file per puzzle: its command-line flags and how its cases are answered.

pub mod eight;
pub mod four;
pub mod pdb;
pub mod rotation;
pub mod sliding;
pub mod solitaire;

/// Each case of `text` as a complete judge input of its own (for peers that read one case).
pub fn standalone_cases(puzzle: &str, text: &str) -> anyhow::Result<Vec<String>> {
    match puzzle {
        "eight" => eight::standalone_cases(text),
        "sliding" => sliding::standalone_cases(text),
        "rotation" => Ok(statespace_puzzles::registry::find("rotation")
            .expect("registered")
            .case_inputs(text.as_bytes())?),
        "solitaire" => solitaire::standalone_cases(text),
        "four" => four::standalone_cases(text),
        other => anyhow::bail!("unknown puzzle {other:?}"),
    }
}
