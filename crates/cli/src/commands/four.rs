//! `statespace solve four` and `statespace gen four`.

use std::io::Write;

use anyhow::anyhow;
use statespace_engine::Limits;
use statespace_puzzles::four::{self, Algorithm, Counts, print};

use crate::driver::{self, InputArgs, Verdict, stats_line};

/// The algorithms of `--algo`.
#[derive(clap::ValueEnum, Clone, Copy, Debug)]
enum Algo {
    /// Forward breadth-first search from each board (about 2 us a board).
    Bfs,
    /// Look every board up in a table of all positions, built once per count signature by
    /// backward BFS (about 0.12 s), then O(1) a board.
    Table,
}

impl From<Algo> for Algorithm {
    fn from(algo: Algo) -> Algorithm {
        match algo {
            Algo::Table => Algorithm::Table,
            Algo::Bfs => Algorithm::Bfs,
        }
    }
}

/// Flags of `statespace solve four`.
#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    input: InputArgs,
    /// How boards are answered.
    #[arg(long, value_enum, default_value_t = Algo::Bfs)]
    algo: Algo,
}

/// Flags of `statespace gen four`.
#[derive(clap::Args, Debug)]
pub struct GenArgs {
    #[command(flatten)]
    common: driver::GenArgs,
}

/// Answers every board of the input: the fewest moves to a line, `-1` if none can be made.
pub fn solve(args: &SolveArgs) -> anyhow::Result<Verdict> {
    let text = args.input.read()?;
    let mut solver = four::Solver::new(args.algo.into(), Limits::none());
    driver::answer_cases(four::parse(&text), |case, board, output| {
        let answer = solver
            .solve(board, args.input.trace)
            .map_err(|reason| anyhow!("board {case}: {reason}"))?;
        writeln!(output.out, "{}", print::answer(answer.moves))?;
        if args.input.stats {
            let result = answer
                .moves
                .map_or_else(|| "no line possible".to_owned(), |n| format!("{n} moves"));
            writeln!(output.err, "{}", stats_line(case, &result, &answer.stats))?;
        }
        if args.input.trace {
            match &answer.solution {
                Some(solution) => {
                    write!(output.err, "case {case}: {}", print::trace(board, solution))?
                }
                None => writeln!(output.err, "case {case}: no line can be made")?,
            }
        }
        Ok(())
    })
}

/// Prints random boards with seven pieces of each colour and two empty cells, a blank line
/// between boards.
pub fn generate(args: &GenArgs) -> anyhow::Result<Verdict> {
    let boards = four::random_boards(Counts::JUDGE, args.common.count, args.common.seed);
    driver::print_instances(boards.iter().enumerate().map(|(index, &board)| {
        let separator = if index == 0 { "" } else { "\n" };
        format!("{separator}{board}")
    }))
}

/// Each board of `text` as a complete judge input of its own.
pub fn standalone_cases(text: &str) -> anyhow::Result<Vec<String>> {
    four::parse(text)
        .map(|board| Ok(format!("{}\n", board?)))
        .collect()
}
