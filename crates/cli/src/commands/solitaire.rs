//! `statespace solve solitaire` and `statespace gen solitaire`.

use std::io::Write;
use std::str::FromStr;

use anyhow::Context;
use statespace_puzzles::solitaire::{self, Algorithm, Grid, PieceCount, Pool, Settings};

use crate::driver::{self, InputArgs, Verdict};

/// The board size flags.
#[derive(clap::Args, Debug)]
struct BoardArgs {
    /// Rows of the board.
    #[arg(long, default_value_t = 8)]
    rows: usize,
    /// Columns of the board.
    #[arg(long, default_value_t = 8)]
    cols: usize,
}

impl BoardArgs {
    fn grid(&self) -> anyhow::Result<Grid> {
        Ok(Grid::new(self.rows, self.cols)?)
    }
}

/// The search behind the answers.
#[derive(clap::ValueEnum, Clone, Copy, Debug)]
enum Algo {
    /// Bidirectional breadth-first search.
    Bibfs,
    /// Plain breadth-first search from the start (a reference).
    Bfs,
}

/// `--pieces`: a number, or `auto` for one configuration per line.
#[derive(Clone, Copy, Debug)]
struct Pieces(PieceCount);

impl FromStr for Pieces {
    type Err = String;
    fn from_str(text: &str) -> Result<Self, String> {
        if text == "auto" {
            return Ok(Pieces(PieceCount::PerLine));
        }
        match text.parse::<usize>() {
            Ok(count) if count > 0 => Ok(Pieces(PieceCount::Fixed(count))),
            _ => Err(format!(
                "expected a positive number of pieces or `auto`, found {text:?}"
            )),
        }
    }
}

/// Flags of `statespace solve solitaire`.
#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    input: InputArgs,
    #[command(flatten)]
    board: BoardArgs,
    /// Pieces per configuration. A number K: each configuration is the next 2K integers, line
    /// breaks anywhere (the judges' format, K = 4). `auto`: each non-blank line is one
    /// configuration, a case is two lines with the same number of pieces.
    #[arg(long, default_value = "4")]
    pieces: Pieces,
    /// The most moves a solution may take.
    #[arg(long, default_value_t = solitaire::JUDGE_MAX_MOVES)]
    max_moves: u32,
    /// Print the fewest moves (or NO past the bound) instead of YES or NO.
    #[arg(long)]
    moves: bool,
    /// The search.
    #[arg(long, value_enum, default_value_t = Algo::Bibfs)]
    algo: Algo,
    /// Threads answering cases side by side (default: one per core).
    #[arg(long)]
    threads: Option<usize>,
}

/// Flags of `statespace gen solitaire`.
#[derive(clap::Args, Debug)]
pub struct GenArgs {
    #[command(flatten)]
    common: driver::GenArgs,
    #[command(flatten)]
    board: BoardArgs,
    /// Pieces per configuration.
    #[arg(long, default_value_t = 4)]
    pieces: usize,
}

/// Answers every case of the input.
pub fn solve(args: &SolveArgs) -> anyhow::Result<Verdict> {
    let grid = args.board.grid()?;
    let text = args.input.read()?;
    let settings = Settings {
        max_moves: args.max_moves,
        algorithm: match args.algo {
            Algo::Bibfs => Algorithm::Bidirectional,
            Algo::Bfs => Algorithm::Bfs,
        },
    };
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, std::num::NonZero::get));
    let mut pool = Pool::new(grid, settings, threads);
    let cases = solitaire::parse(&text, grid, args.pieces.0);
    driver::answer_cases(pool.answers(cases), |number, (case, answer), output| {
        let result = &answer.result;
        let line = if args.moves {
            solitaire::moves_answer(&result.outcome)
        } else {
            solitaire::judge_answer(&result.outcome).to_string()
        };
        writeln!(output.out, "{line}")?;
        if args.input.stats {
            let summary = solitaire::describe(&answer, settings.max_moves);
            writeln!(
                output.err,
                "{}",
                driver::stats_line(number, &summary, &result.stats)
            )?;
        }
        if args.input.trace
            && let Some(solution) = result.outcome.solution()
        {
            write!(
                output.err,
                "case {number}: {} moves\n{}",
                solution.actions.len(),
                solitaire::trace(grid, &case.start, &solution.actions)
            )?;
        }
        Ok(())
    })
}

/// Prints random instances.
pub fn generate(args: &GenArgs) -> anyhow::Result<Verdict> {
    let grid = args.board.grid()?;
    anyhow::ensure!(
        args.pieces <= grid.cells(),
        "{} pieces do not fit on the {grid} board",
        args.pieces
    );
    let cases = solitaire::random_cases(grid, args.pieces, args.common.count, args.common.seed);
    driver::print_instances(cases.iter().map(|case| solitaire::format_case(grid, case)))
}

/// Each case of `text` (judges' format) as a complete judge input of its own.
pub fn standalone_cases(text: &str) -> anyhow::Result<Vec<String>> {
    let grid = Grid::judge();
    solitaire::parse(text, grid, PieceCount::Fixed(4))
        .map(|case| {
            let case = case.context("solitaire input")?;
            Ok(format!("{}\n", solitaire::format_case(grid, &case)))
        })
        .collect()
}
