//! The one path of every puzzle's `solve` and `gen`: reading the input case by case, answering
//! each (flushed before the next case is waited for), stopping at the first bad case with one
//! error line and exit code 2, statistics lines, traces, `--json`, and exit codes.

use std::io::{self, BufReader, BufWriter, Read, Stderr, Stdout, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::Context;
use clap::Args;
use statespace_engine::Stats;
use statespace_puzzles::input::{Input, ParseError, Source};
use statespace_puzzles::registry::Failure;

use crate::memory;
use crate::progress::TableBar;
pub use statespace_puzzles::puzzle::format_duration;
use statespace_puzzles::puzzle::{
    self, CaseLimits, OptionsError, Puzzle, Report, Solved, Streamed,
};

/// How a command ended, when it did not fail outright.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Every case was answered.
    Answered,
    /// A case was malformed; the cases before it were answered.
    BadInput,
    /// Every case was read, but a limit stopped the search of at least one.
    Stopped,
}

/// Exit codes: 0 when every case was answered, 2 on bad input or options a puzzle refuses, 3
/// when a limit stopped some case's search, 1 on any other failure.
pub fn exit_code(result: anyhow::Result<Verdict>) -> ExitCode {
    match result {
        Ok(Verdict::Answered) => ExitCode::SUCCESS,
        Ok(Verdict::BadInput) => ExitCode::from(2),
        Ok(Verdict::Stopped) => ExitCode::from(3),
        Err(error) => {
            eprintln!("statespace: {error:#}");
            if is_bad_input(&error) {
                ExitCode::from(2)
            } else {
                ExitCode::FAILURE
            }
        }
    }
}

/// Whether `error` is the user's: options or an input that cannot be followed (exit 2).
fn is_bad_input(error: &anyhow::Error) -> bool {
    error.downcast_ref::<OptionsError>().is_some()
        || error.downcast_ref::<ParseError>().is_some()
        || error.downcast_ref::<Failure>().is_some_and(|failure| {
            matches!(
                failure,
                Failure::Options(_) | Failure::Json(_) | Failure::Input(_)
            )
        })
}

/// The flags every `solve` command has.
#[derive(Args, Debug, Clone)]
#[group(skip)]
pub struct InputArgs {
    /// The input file; standard input when absent or `-`.
    pub file: Option<PathBuf>,
    /// Print one line per instance to standard error: moves, expanded nodes, time.
    #[arg(long)]
    pub stats: bool,
    /// Print the board after every move of each answer to standard error (with --json: the
    /// boards go into each object).
    #[arg(long)]
    pub trace: bool,
    /// Print one JSON object per case instead of the judge's output: the output, the answer,
    /// the statistics (and with --trace the boards).
    #[arg(long)]
    pub json: bool,
    /// Give up on a case after expanding this many nodes (it prints `stopped: ...`).
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,
    /// Give up on a case after this many seconds (it prints `stopped: ...`).
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub time_limit: Option<Duration>,
    /// Give up on a case before its search holds this much memory (512M, 8G; it prints
    /// `stopped: memory limit reached`) [default: half of the memory the process may use].
    #[arg(long, value_name = "SIZE", value_parser = memory::parse_size)]
    pub max_memory: Option<u64>,
}

pub(crate) fn parse_seconds(text: &str) -> Result<Duration, String> {
    // Any number of seconds is a limit, those past what a duration holds the longest one.
    text.parse::<f64>()
        .ok()
        .filter(|seconds| *seconds >= 0.0)
        .map(|seconds| Duration::try_from_secs_f64(seconds).unwrap_or(Duration::MAX))
        .ok_or_else(|| format!("expected a number of seconds, 0 or more, not {text:?}"))
}

impl InputArgs {
    /// The input, read as the puzzle asks for it.
    pub fn open(&self) -> anyhow::Result<Input<BufReader<Box<dyn Read + Send>>>> {
        Ok(match &self.file {
            Some(path) if path.as_os_str() != "-" => Input::from_reader(Box::new(
                std::fs::File::open(path)
                    .with_context(|| format!("cannot open {}", path.display()))?,
            )),
            _ => Input::stdin(),
        })
    }

    /// The limits of each case's search.
    pub fn limits(&self) -> CaseLimits {
        CaseLimits {
            max_nodes: self.max_nodes,
            time_limit: self.time_limit,
            max_memory: Some(self.max_memory.unwrap_or_else(memory::default_budget)),
        }
    }
}

/// The flags every `gen` command has.
#[derive(Args, Debug, Clone)]
#[group(skip)] // flattened into each puzzle's own `GenArgs`, whose group name it would repeat
pub struct GenArgs {
    /// How many instances to print.
    #[arg(long, default_value_t = 10)]
    pub count: usize,
    /// The random seed; the same seed gives the same instances.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// Where answers go: the judge's output on standard output, statistics and traces on standard
/// error. Both are buffered and flushed when answering ends.
pub struct Output {
    /// The judge's output.
    pub out: BufWriter<Stdout>,
    /// Statistics and traces.
    pub err: BufWriter<Stderr>,
    /// One case's output, the buffer kept from case to case.
    text: String,
}

impl Output {
    fn new() -> Self {
        Self {
            out: BufWriter::new(io::stdout()),
            err: BufWriter::new(io::stderr()),
            text: String::new(),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()?;
        self.err.flush()
    }
}

/// The `--stats` line of one case: moves (or what happened instead), nodes and time.
pub fn stats_line(case: usize, result: &str, stats: &Stats) -> String {
    format!(
        "case {case}: {result}, {} expanded, {} generated, {}",
        stats.expanded,
        stats.generated,
        format_duration(stats.elapsed)
    )
}

/// Answers every case of `input` with a solver for `options`: the judge's output (or `--json`
/// objects) on standard output, `--stats` and `--trace` on standard error. Answers are flushed
/// whenever the input has nothing more buffered, so a case piped in alone is answered at once.
pub fn solve<P: Puzzle>(options: &P::Options, args: &InputArgs) -> anyhow::Result<Verdict> {
    let limits = args.limits();
    let mut solver = P::solver(options, &limits, Some(TableBar::shared()))?;
    let input = args.open()?;
    let verdict = answer_all::<P>(&mut solver, input, args, &limits)?;
    let closing = P::finish(&solver);
    for note in &closing.notes {
        eprintln!("{note}");
    }
    // Every answer is out: the process ends without freeing what the solver holds (millions of
    // states after a large search, a noticeable wait), which the system reclaims at once.
    std::mem::forget(solver);
    // A bad case is the last line, after the summary of the cases before it.
    let verdict = match verdict {
        Err(bad_input) => {
            eprintln!("statespace: {bad_input}");
            return Ok(Verdict::BadInput);
        }
        Ok(verdict) => verdict,
    };
    if let Some(failure) = closing.failure {
        anyhow::bail!(failure);
    }
    Ok(verdict)
}

/// Reads, answers and prints the cases of `input` in batches of at most `P::batch`, a batch
/// ending early when the input has nothing more buffered; the bad case that ended the input
/// early, if one did.
fn answer_all<P: Puzzle>(
    solver: &mut P::Solver,
    mut input: Input<impl Source>,
    args: &InputArgs,
    limits: &CaseLimits,
) -> anyhow::Result<Result<Verdict, ParseError>> {
    let mut output = Output::new();
    let mut answered = 0;
    let mut stopped = false;
    let mut batch = Vec::new();
    loop {
        let read = loop {
            match P::read_case(solver, &mut input, answered + batch.len() + 1) {
                Ok(Some(case)) => batch.push(case),
                Ok(None) => break Ok(false),
                Err(error) => break Err(error),
            }
            if batch.len() >= P::batch(solver, &batch[0]) || input.is_waiting() {
                break Ok(true);
            }
        };
        let streamed = match batch.as_slice() {
            [case] if streams(args, limits) => {
                P::stream(solver, case, limits, &mut output.out).transpose()?
            }
            _ => None,
        };
        if let Some(solved) = streamed {
            answered += 1;
            stopped |= solved.answer.is_err();
            write_streamed::<P>(solver, answered, &batch[0], &solved, args, &mut output)?;
        } else {
            let answers = match batch.as_slice() {
                [case] => vec![P::solve(solver, case, limits)],
                cases => P::solve_all(solver, cases, limits),
            };
            for (case, mut solved) in batch.iter().zip(answers) {
                answered += 1;
                write_case::<P>(
                    solver,
                    answered,
                    case,
                    &mut solved,
                    args,
                    limits,
                    &mut output,
                )?;
                stopped |= solved.answer.is_err();
            }
        }
        batch.clear();
        match read {
            Ok(true) if !input.is_waiting() => {}
            Ok(true) => output.flush()?,
            Ok(false) => break,
            Err(error) => {
                output.flush()?;
                return Ok(Err(error));
            }
        }
    }
    output.flush()?;
    Ok(Ok(if stopped {
        Verdict::Stopped
    } else {
        Verdict::Answered
    }))
}

/// Prints one case's answer, statistics and trace; an answer whose trace would pass the memory
/// budget is stopped instead ([`Solved::steps`]).
fn write_case<P: Puzzle>(
    solver: &P::Solver,
    number: usize,
    case: &P::Case,
    solved: &mut Solved<P::Answer>,
    args: &InputArgs,
    limits: &CaseLimits,
    output: &mut Output,
) -> anyhow::Result<()> {
    let mut steps = args.trace.then(|| solved.steps::<P>(solver, case, limits));
    if args.json {
        // The steps go into the object, not to standard error.
        let report = Report::new::<P>(solver, number, case, solved, steps.take());
        serde_json::to_writer(&mut output.out, &report)?;
        writeln!(output.out)?;
    } else {
        output.text.clear();
        puzzle::output::<P>(solver, case, &solved.answer, &mut output.text);
        output.out.write_all(output.text.as_bytes())?;
    }
    if args.stats {
        let summary = puzzle::summary::<P>(solver, &solved.answer);
        write_stats(number, &summary, &solved.stats, &solved.notes, output)?;
    }
    if let Some(steps) = steps {
        let summary = puzzle::summary::<P>(solver, &solved.answer);
        writeln!(output.err, "case {number}: {summary}")?;
        for step in &steps {
            write!(output.err, "{step}")?;
        }
    }
    Ok(())
}

/// Whether answers are written as they are found (see [`Puzzle::stream`]): only the judge's text,
/// and only when no limit but memory can stop a search halfway.
fn streams(args: &InputArgs, limits: &CaseLimits) -> bool {
    !args.json && !args.trace && limits.max_nodes.is_none() && limits.time_limit.is_none()
}

/// Ends the output of a case answered by [`Puzzle::stream`]: the `stopped:` line if a limit
/// stopped it halfway, and its statistics.
fn write_streamed<P: Puzzle>(
    solver: &P::Solver,
    number: usize,
    case: &P::Case,
    solved: &Streamed,
    args: &InputArgs,
    output: &mut Output,
) -> anyhow::Result<()> {
    if let Err(reason) = solved.answer {
        output.text.clear();
        P::stopped_output(solver, case, reason, &mut output.text);
        output.out.write_all(output.text.as_bytes())?;
    }
    if args.stats {
        let summary = match &solved.answer {
            Ok(summary) => summary.clone(),
            Err(reason) => format!("stopped: {reason}"),
        };
        write_stats(number, &summary, &solved.stats, &solved.notes, output)?;
    }
    Ok(())
}

/// Prints a case's `--stats` lines: its notes, then its figures.
fn write_stats(
    number: usize,
    summary: &str,
    stats: &Stats,
    notes: &[String],
    output: &mut Output,
) -> io::Result<()> {
    for note in notes {
        writeln!(output.err, "{note}")?;
    }
    writeln!(output.err, "{}", stats_line(number, summary, stats))
}

/// Prints `count` random cases of the puzzle.
pub fn generate<P: Puzzle>(options: &P::GenOptions, args: &GenArgs) -> anyhow::Result<Verdict> {
    let text = P::generate(options, args.count, args.seed)?;
    let mut out = io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(Verdict::Answered)
}
