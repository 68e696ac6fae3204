//! `statespace solve rotation` and `statespace gen rotation`.

use std::io::Write;

use anyhow::anyhow;
use clap::ValueEnum;
use statespace_engine::Limits;
use statespace_puzzles::rotation::{Algorithm, Solver, parse_boards, random_boards, trace};

use crate::driver::{self, InputArgs, Verdict, answer_cases, format_duration, stats_line};

/// Flags of `statespace solve rotation`.
#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    input: InputArgs,
    /// How to solve; both print the same answers.
    #[arg(long, value_enum, default_value_t = AlgoArg::Table)]
    algo: AlgoArg,
}

/// The `--algo` values.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum AlgoArg {
    /// Walk an exact distance table over the placements of one digit, built once per run.
    Table,
    /// Search each board with IDA* and the centre-count heuristic.
    Idastar,
}

impl From<AlgoArg> for Algorithm {
    fn from(algo: AlgoArg) -> Self {
        match algo {
            AlgoArg::Table => Algorithm::Table,
            AlgoArg::Idastar => Algorithm::IdaStar,
        }
    }
}

/// Flags of `statespace gen rotation`.
#[derive(clap::Args, Debug)]
pub struct GenArgs {
    #[command(flatten)]
    common: driver::GenArgs,
    /// Keep only boards that need at least this many moves (at most 13; about 1 random board in
    /// 2,700 needs 12).
    #[arg(long, default_value_t = 0)]
    min_moves: u32,
}

/// Answers every case of the input.
pub fn solve(args: &SolveArgs) -> anyhow::Result<Verdict> {
    // The table is built on one core while the input is read and parsed on the other.
    let (cases, (solver, table_stats)) = std::thread::scope(|scope| {
        let building = scope.spawn(|| Solver::new(args.algo.into(), Limits::none()));
        let cases = args
            .input
            .read()
            .map(|text| parse_boards(&text).collect::<Vec<_>>());
        let built = building
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        (cases, built)
    });
    let cases = cases?;
    if let (true, Some(stats)) = (args.input.stats, table_stats) {
        eprintln!(
            "table: {} placements, {} layers, {} generated, built in {}",
            stats.expanded,
            stats.layers.len(),
            stats.generated,
            format_duration(stats.elapsed)
        );
    }
    answer_cases(cases, |case, board, output| {
        let (answer, stats) = solver.solve(&board);
        let answer = answer.map_err(|reason| anyhow!("case {case}: search stopped: {reason}"))?;
        writeln!(output.out, "{answer}")?;
        if args.input.stats {
            let moves = format!("{} moves", answer.moves.len());
            writeln!(output.err, "{}", stats_line(case, &moves, &stats))?;
        }
        if args.input.trace {
            write!(output.err, "case {case}: {}", trace(&board, &answer.moves))?;
        }
        Ok(())
    })
}

/// Prints random instances, then the lone `0` that ends the input.
pub fn generate(args: &GenArgs) -> anyhow::Result<Verdict> {
    let boards = random_boards(args.common.count, args.common.seed, args.min_moves)?;
    let lines = boards.iter().map(ToString::to_string);
    driver::print_instances(lines.chain(["0".to_string()]))
}

/// Each case of `text` as a complete judge input of its own.
pub fn standalone_cases(text: &str) -> anyhow::Result<Vec<String>> {
    parse_boards(text)
        .map(|board| Ok(format!("{}\n0\n", board?)))
        .collect()
}
