//! `statespace solve sliding` and `statespace gen sliding`; also the answering shared with
//! `statespace solve eight`.

use std::io::Write;

use clap::ValueEnum;
use statespace_puzzles::input::ParseError;
use statespace_puzzles::sliding::{
    Algorithm, Answer, Board, Estimate, Options, Report, Shape, Solver, board_line, moves_string,
    parse_boards, random_boards, trace,
};

use crate::commands::pdb::{InputFormat, PdbFlags, solve_sliding};
use crate::driver::{self, InputArgs, Verdict, format_duration, stats_line};

/// Flags of `statespace solve sliding`.
#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    input: InputArgs,
    /// The board size, rows x columns; without it every line must hold a square board.
    #[arg(long, value_name = "RxC")]
    size: Option<Shape>,
    /// The algorithm: auto (the default) is the table up to 10 cells and IDA* beyond; fast is
    /// quick on any size but not shortest. Not with pattern databases.
    #[arg(long, value_enum)]
    algo: Option<AlgorithmArg>,
    /// The estimate A* and IDA* use (default: conflicts). Not with pattern databases.
    #[arg(long, value_enum)]
    heuristic: Option<EstimateArg>,
    /// The input format; korf (id, tiles, optimal length per line) solves with pattern
    /// databases and checks each length.
    #[arg(long, value_enum, default_value_t = InputFormat::Boards)]
    format: InputFormat,
    #[command(flatten)]
    pdb: PdbFlags,
}

/// Flags of `statespace gen sliding`.
#[derive(clap::Args, Debug)]
pub struct GenArgs {
    #[command(flatten)]
    common: driver::GenArgs,
    /// The board size, rows x columns.
    #[arg(long, value_name = "RxC", default_value = "4x4")]
    size: Shape,
    /// Only solvable boards.
    #[arg(long)]
    solvable: bool,
}

/// The algorithms of `--algo`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum AlgorithmArg {
    /// The table for small boards, IDA* for the others.
    Auto,
    /// Exact distances from the goal to every board (up to 10 cells), built once per run.
    Table,
    /// Breadth-first search.
    Bfs,
    /// Bidirectional breadth-first search.
    Bibfs,
    /// A*.
    Astar,
    /// IDA*, estimate updated move by move.
    Idastar,
    /// The row-by-row method: any size, quickly, not shortest.
    Fast,
}

impl From<AlgorithmArg> for Algorithm {
    fn from(arg: AlgorithmArg) -> Self {
        match arg {
            AlgorithmArg::Auto => Algorithm::Auto,
            AlgorithmArg::Table => Algorithm::Table,
            AlgorithmArg::Bfs => Algorithm::Bfs,
            AlgorithmArg::Bibfs => Algorithm::Bidirectional,
            AlgorithmArg::Astar => Algorithm::Astar,
            AlgorithmArg::Idastar => Algorithm::Idastar,
            AlgorithmArg::Fast => Algorithm::Fast,
        }
    }
}

/// The estimates of `--heuristic`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum EstimateArg {
    /// Manhattan distance.
    Manhattan,
    /// Manhattan distance plus linear conflicts.
    Conflicts,
}

impl From<EstimateArg> for Estimate {
    fn from(arg: EstimateArg) -> Self {
        match arg {
            EstimateArg::Manhattan => Estimate::Manhattan,
            EstimateArg::Conflicts => Estimate::LinearConflicts,
        }
    }
}

/// Answers every case of the input.
pub fn solve(args: &SolveArgs) -> anyhow::Result<Verdict> {
    if args.pdb.wanted() || args.format == InputFormat::Korf {
        anyhow::ensure!(
            args.algo.is_none() && args.heuristic.is_none(),
            "--algo and --heuristic do not apply to pattern databases (--pdb, --goal, --format korf)"
        );
        return solve_sliding(
            &args.input,
            args.size,
            &args.pdb,
            args.format,
            args.input.max_nodes,
            args.input.time_limit,
        );
    }
    let text = args.input.read()?;
    let solver = Solver::new(Options {
        algorithm: args.algo.unwrap_or(AlgorithmArg::Auto).into(),
        estimate: args.heuristic.unwrap_or(EstimateArg::Conflicts).into(),
        max_expanded: args.input.max_nodes,
        time_limit: args.input.time_limit,
    });
    answer_boards(parse_boards(&text, args.size), solver, &args.input)
}

/// Answers each board with `solver`: one line on standard output, and the `--stats` and
/// `--trace` lines on standard error.
pub(crate) fn answer_boards(
    boards: impl IntoIterator<Item = Result<Board, ParseError>>,
    mut solver: Solver,
    input: &InputArgs,
) -> anyhow::Result<Verdict> {
    driver::answer_cases(boards, |case, board, output| {
        let report = solver.solve(&board)?;
        writeln!(output.out, "{}", answer_line(&report.answer))?;
        if input.stats {
            if let Some(build) = &report.table_built {
                writeln!(
                    output.err,
                    "table {}: {} boards within {} moves of the goal, built in {}",
                    board.shape(),
                    build.stored,
                    build.layers.len().saturating_sub(1),
                    format_duration(build.elapsed)
                )?;
            }
            writeln!(
                output.err,
                "{}",
                stats_line(case, &summary(&report), &report.stats)
            )?;
        }
        if input.trace {
            let drawing = match &report.answer {
                Answer::Solved(moves) => trace(&board, moves),
                _ => format!("start\n{board}"),
            };
            writeln!(output.err, "case {case}: {}\n{drawing}", summary(&report))?;
        }
        Ok(())
    })
}

/// The judge's line: the moves, or `unsolvable`.
fn answer_line(answer: &Answer) -> String {
    match answer {
        Answer::Solved(moves) => moves_string(moves),
        Answer::Unsolvable => "unsolvable".to_string(),
        Answer::Stopped(reason) => format!("stopped: {reason}"),
    }
}

/// The answer in a few words, for `--stats` and `--trace`.
fn summary(report: &Report) -> String {
    match &report.answer {
        Answer::Solved(moves) => {
            let plural = if moves.len() == 1 { "" } else { "s" };
            let shortest = if report.shortest {
                ""
            } else {
                " (not shortest)"
            };
            format!("{} move{plural}{shortest}", moves.len())
        }
        other => answer_line(other),
    }
}

/// Prints random instances.
pub fn generate(args: &GenArgs) -> anyhow::Result<Verdict> {
    let boards = random_boards(args.size, args.common.seed, args.solvable);
    driver::print_instances(boards.take(args.common.count).map(|b| board_line(&b)))
}

/// Each board of `text` (one per non-blank line) as an input of its own.
pub fn standalone_cases(text: &str) -> anyhow::Result<Vec<String>> {
    Ok(text
        .lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| format!("{}\n", line.trim()))
        .collect())
}
