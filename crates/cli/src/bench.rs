//! `statespace bench`: our solver against a peer program on the same input, side by side.
//!
//! Both are run as processes, so start-up counts for both: ours once on the whole input, the
//! peer either once on the whole input or once per case (for peers that read a single case).
//! Outputs are compared line by line.
//!
//! `statespace bench grid --map M --scen S` is the Moving AI runner instead (see
//! [`commands::grid::bench`]): per query and per bucket, our algorithms and peers side by side.

use std::io::{ErrorKind, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use clap::Args;
use clap::builder::PossibleValuesParser;
use statespace_puzzles::registry;

use crate::commands;
use crate::driver::{Verdict, format_duration};
use statespace_puzzles::puzzle::OptionsError;

/// Flags of `statespace bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// The puzzle.
    #[arg(value_parser = PossibleValuesParser::new(registry::names()))]
    pub puzzle: String,
    /// The input file, in the puzzle's judge format.
    #[arg(long, required_unless_present = "scen")]
    pub input: Option<PathBuf>,
    /// The peer's command line, split as a shell splits words (`"python3 peer.py --fast"`);
    /// it reads the judge input on standard input. With `grid --scen`: `NAME=COMMAND`, once
    /// per peer, answering `--map M --scen S` (appended, or where `{map}` and `{scen}` stand)
    /// with a table like Warthog's.
    #[arg(long, value_name = "COMMAND", required_unless_present = "scen")]
    pub peer: Vec<String>,
    /// Run the peer once per case instead of once on the whole input.
    #[arg(long, conflicts_with = "scen")]
    pub per_case: bool,
    /// Only time the programs: do not require identical outputs.
    #[arg(long, conflicts_with = "scen")]
    pub no_compare: bool,
    #[command(flatten)]
    pub grid: commands::grid::BenchArgs,
    /// Extra flags for our `solve` (after `--`), e.g. `-- --algo idastar`.
    #[arg(last = true)]
    pub solve_flags: Vec<String>,
}

/// Runs both programs and prints the times, the ratio and whether the outputs agree.
pub fn run(args: &BenchArgs) -> anyhow::Result<Verdict> {
    if args.grid.scen.is_some() {
        if args.puzzle != "grid" {
            bail!(OptionsError::new(
                "--map and --scen are grid's: bench grid --map M --scen S"
            ));
        }
        return commands::grid::bench(&args.grid, &args.peer);
    }
    let (Some(input), [peer]) = (&args.input, &args.peer[..]) else {
        bail!(OptionsError::new(
            "give one --peer: the command to time against ours"
        ));
    };
    let text = std::fs::read_to_string(input)
        .with_context(|| format!("cannot read {}", input.display()))?;
    let peer = peer_command(peer)?;
    // The cases as our solve reads them, with its flags, each as the input's own lines.
    let options = commands::solve_options(&args.puzzle, &args.solve_flags)?;
    let entry = registry::find(&args.puzzle).context("a puzzle of the registry")?;
    let cases = entry.case_lines(options, text.as_bytes())?;
    let ours_exe = std::env::current_exe().context("cannot find the statespace executable")?;
    let mut ours = Command::new(ours_exe);
    ours.args(["solve", &args.puzzle])
        .arg(input)
        .args(&args.solve_flags);
    let (ours_time, ours_output) = timed(ours, None, "ours")?;
    let (peer_time, peer_output) = if args.per_case {
        let mut total = Duration::ZERO;
        let mut output = String::new();
        for case in &cases {
            let (time, out) = timed(peer(), Some(case), "the peer")?;
            total += time;
            output.push_str(&out);
        }
        (total, output)
    } else {
        timed(peer(), Some(&text), "the peer")?
    };
    println!(
        "{} cases; ours {} ({} per case); peer {} ({} per case){}; peer/ours = {}x",
        cases.len(),
        format_duration(ours_time),
        per_case(ours_time, cases.len()),
        format_duration(peer_time),
        per_case(peer_time, cases.len()),
        if args.per_case {
            ", one run per case"
        } else {
            ""
        },
        significant(peer_time.as_secs_f64() / ours_time.as_secs_f64().max(1e-9))
    );
    if !args.no_compare {
        compare(&ours_output, &peer_output)?;
    }
    Ok(Verdict::Answered)
}

/// A maker of the peer's process from its command line split into words, or why it has none.
fn peer_command(line: &str) -> anyhow::Result<impl Fn() -> Command> {
    let words = shell_words::split(line)
        .map_err(|error| OptionsError::new(format!("cannot split --peer {line:?}: {error}")))?;
    let Some((program, arguments)) = words.split_first() else {
        bail!(OptionsError::new(
            "--peer is empty: give the peer's command line"
        ));
    };
    let (program, arguments) = (program.clone(), arguments.to_vec());
    Ok(move || {
        let mut command = Command::new(&program);
        command.args(&arguments);
        command
    })
}

fn per_case(total: Duration, cases: usize) -> String {
    format_duration(total.div_f64(cases.max(1) as f64))
}

/// `ratio` to three significant digits (`0.0123`, `1.50`, `245`), so that a small one does not
/// print as zero.
fn significant(ratio: f64) -> String {
    let magnitude = if ratio > 0.0 {
        ratio.log10().floor() as i32
    } else {
        0
    };
    let decimals = (2 - magnitude).max(0) as usize;
    format!("{ratio:.decimals$}")
}

/// Runs `command` (`who` runs it) with `input` on its standard input; returns its wall time and
/// output, or why it failed (an exit status other than 0). A program that stops reading its
/// input early is no error: its output is what it gave.
fn timed(
    mut command: Command,
    input: Option<&str>,
    who: &str,
) -> anyhow::Result<(Duration, String)> {
    let started = Instant::now();
    let mut child = command
        .stdin(if input.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .with_context(|| format!("cannot run {command:?}"))?;
    let output = std::thread::scope(|scope| {
        // Written from a thread of its own, so that a program that writes before it has read
        // everything cannot block on a full pipe while we block on its input.
        let writer = child.stdin.take().zip(input).map(|(mut stdin, input)| {
            scope.spawn(move || match stdin.write_all(input.as_bytes()) {
                Err(error) if error.kind() != ErrorKind::BrokenPipe => Err(error),
                _ => Ok(()),
            })
        });
        let output = child.wait_with_output();
        if let Some(writer) = writer {
            writer.join().expect("the writer does not panic")?;
        }
        output
    })?;
    let elapsed = started.elapsed();
    if !output.status.success() {
        bail!("{who} failed ({}): {command:?}", output.status);
    }
    Ok((
        elapsed,
        String::from_utf8_lossy(&output.stdout).into_owned(),
    ))
}

/// Compares the outputs line by line (trailing spaces aside): a line of counts when they
/// agree; else the first difference, each side's line printed as it is, and an error.
fn compare(ours: &str, peer: &str) -> anyhow::Result<()> {
    let (ours_lines, peer_lines): (Vec<&str>, Vec<&str>) = (
        ours.lines().map(str::trim_end).collect(),
        peer.lines().map(str::trim_end).collect(),
    );
    let differing = ours_lines
        .iter()
        .zip(&peer_lines)
        .filter(|(a, b)| a != b)
        .count();
    if differing == 0 && ours_lines.len() == peer_lines.len() {
        println!("outputs identical ({} lines)", ours_lines.len());
        return Ok(());
    }
    let first = ours_lines
        .iter()
        .zip(&peer_lines)
        .position(|(a, b)| a != b)
        .unwrap_or(ours_lines.len().min(peer_lines.len()));
    let shown = |lines: &[&str]| match lines.get(first) {
        Some(line) => format!("  {line}"),
        None => " (no line: the output ends before)".to_string(),
    };
    println!(
        "first difference, line {}:\nours:{}\npeer:{}",
        first + 1,
        shown(&ours_lines),
        shown(&peer_lines)
    );
    bail!(
        "outputs differ: {differing} of {} lines ({} vs {} lines), the first at line {}",
        ours_lines.len().min(peer_lines.len()),
        ours_lines.len(),
        peer_lines.len(),
        first + 1
    )
}

#[cfg(test)]
mod tests {
    use super::significant;

    #[test]
    fn ratios_keep_three_significant_digits() {
        assert_eq!(significant(0.000456), "0.000456");
        assert_eq!(significant(0.01234), "0.0123");
        assert_eq!(significant(1.5), "1.50");
        assert_eq!(significant(24.56), "24.6");
        assert_eq!(significant(245.3), "245");
        assert_eq!(significant(12345.0), "12345");
    }
}
