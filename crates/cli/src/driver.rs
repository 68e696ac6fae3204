//! What every puzzle command shares: reading the input, answering case by case, stopping at the
//! first bad case with one error line and exit code 2, statistics lines, and exit codes.

use std::io::{self, BufWriter, Read, Stderr, Stdout, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::Context;
use clap::Args;
use statespace_engine::Stats;
use statespace_puzzles::input::ParseError;

/// How a command ended, when it did not fail outright.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Every case was answered.
    Answered,
    /// A case was malformed; the cases before it were answered.
    BadInput,
}

/// Exit codes: 0 when every case was answered, 2 on bad input, 1 on any other failure.
pub fn exit_code(result: anyhow::Result<Verdict>) -> ExitCode {
    match result {
        Ok(Verdict::Answered) => ExitCode::SUCCESS,
        Ok(Verdict::BadInput) => ExitCode::from(2),
        Err(error) => {
            eprintln!("statespace: {error:#}");
            ExitCode::FAILURE
        }
    }
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
    /// Print the board after every move of each answer to standard error.
    #[arg(long)]
    pub trace: bool,
}

impl InputArgs {
    /// The whole input text.
    pub fn read(&self) -> anyhow::Result<String> {
        let mut text = String::new();
        match &self.file {
            Some(path) if path.as_os_str() != "-" => {
                let mut file = std::fs::File::open(path)
                    .with_context(|| format!("cannot open {}", path.display()))?;
                file.read_to_string(&mut text)
                    .with_context(|| format!("cannot read {}", path.display()))?;
            }
            _ => {
                io::stdin()
                    .read_to_string(&mut text)
                    .context("cannot read standard input")?;
            }
        }
        Ok(text)
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
}

impl Output {
    fn new() -> Self {
        Self {
            out: BufWriter::new(io::stdout()),
            err: BufWriter::new(io::stderr()),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()?;
        self.err.flush()
    }
}

/// Answers each parsed case in order with `answer(case_number, case, output)`, numbering cases
/// from 1. At the first malformed case it stops, flushes what was answered and prints the error
/// on one line: the verdict is then [`Verdict::BadInput`].
pub fn answer_cases<C>(
    cases: impl IntoIterator<Item = Result<C, ParseError>>,
    mut answer: impl FnMut(usize, C, &mut Output) -> anyhow::Result<()>,
) -> anyhow::Result<Verdict> {
    let mut output = Output::new();
    let mut verdict = Verdict::Answered;
    for (index, case) in cases.into_iter().enumerate() {
        match case {
            Ok(case) => answer(index + 1, case, &mut output)?,
            Err(error) => {
                output.flush()?;
                eprintln!("statespace: {error}");
                verdict = Verdict::BadInput;
                break;
            }
        }
    }
    output.flush()?;
    Ok(verdict)
}

/// Prints generated instances, one string each (with its own line breaks).
pub fn print_instances(instances: impl IntoIterator<Item = String>) -> anyhow::Result<Verdict> {
    let mut out = BufWriter::new(io::stdout());
    for instance in instances {
        writeln!(out, "{instance}")?;
    }
    out.flush()?;
    Ok(Verdict::Answered)
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

/// A duration in the unit that reads best.
pub fn format_duration(elapsed: Duration) -> String {
    let micros = elapsed.as_secs_f64() * 1e6;
    if micros < 1_000.0 {
        format!("{micros:.1} us")
    } else if micros < 1_000_000.0 {
        format!("{:.3} ms", micros / 1e3)
    } else {
        format!("{:.3} s", micros / 1e6)
    }
}
