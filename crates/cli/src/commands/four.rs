//! `statespace solve four` and `statespace gen four`.

use crate::driver::{self, InputArgs, Verdict};

/// Flags of `statespace solve four`.
#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    input: InputArgs,
}

/// Flags of `statespace gen four`.
#[derive(clap::Args, Debug)]
pub struct GenArgs {
    #[command(flatten)]
    common: driver::GenArgs,
}

/// Answers every case of the input.
pub fn solve(args: &SolveArgs) -> anyhow::Result<Verdict> {
    let _ = &args.input;
    anyhow::bail!("four is not implemented yet")
}

/// Prints random instances.
pub fn generate(args: &GenArgs) -> anyhow::Result<Verdict> {
    let _ = &args.common;
    anyhow::bail!("four is not implemented yet")
}

/// Each case of `text` as a complete judge input of its own.
pub fn standalone_cases(text: &str) -> anyhow::Result<Vec<String>> {
    let _ = text;
    anyhow::bail!("not implemented yet")
}
