//! `statespace bench`: our solver against a peer program on the same input, side by side.
//!
//! Both are run as processes, so start-up counts for both: ours once on the whole input, the
//! peer either once on the whole input or once per case (for peers that read a single case).
//! Outputs are compared line by line.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use clap::Args;

use crate::commands;
use crate::driver::{Verdict, format_duration};

/// Flags of `statespace bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// The puzzle: eight, sliding, rotation, solitaire or four.
    pub puzzle: String,
    /// The input file, in the puzzle's judge format.
    #[arg(long)]
    pub input: PathBuf,
    /// The peer program (it reads the judge input on standard input).
    #[arg(long)]
    pub peer: PathBuf,
    /// Run the peer once per case instead of once on the whole input.
    #[arg(long)]
    pub per_case: bool,
    /// Only time the programs: do not require identical outputs.
    #[arg(long)]
    pub no_compare: bool,
    /// Extra flags for our `solve` (after `--`), e.g. `-- --algo idastar`.
    #[arg(last = true)]
    pub solve_flags: Vec<String>,
}

/// Runs both programs and prints the times, the ratio and whether the outputs agree.
pub fn run(args: &BenchArgs) -> anyhow::Result<Verdict> {
    let text = std::fs::read_to_string(&args.input)
        .with_context(|| format!("cannot read {}", args.input.display()))?;
    let cases = commands::standalone_cases(&args.puzzle, &text)?;
    let ours_exe = std::env::current_exe().context("cannot find the statespace executable")?;
    let mut ours = Command::new(ours_exe);
    ours.args(["solve", &args.puzzle])
        .arg(&args.input)
        .args(&args.solve_flags);
    let (ours_time, ours_output) = timed(ours, None)?;
    let (peer_time, peer_output) = if args.per_case {
        let mut total = Duration::ZERO;
        let mut output = String::new();
        for case in &cases {
            let (time, out) = timed(Command::new(&args.peer), Some(case))?;
            total += time;
            output.push_str(&out);
        }
        (total, output)
    } else {
        timed(Command::new(&args.peer), Some(&text))?
    };
    println!(
        "{} cases; ours {} ({} per case); peer {} ({} per case){}; peer/ours = {:.1}x",
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
        peer_time.as_secs_f64() / ours_time.as_secs_f64().max(1e-9)
    );
    if !args.no_compare {
        compare(&ours_output, &peer_output)?;
    }
    Ok(Verdict::Answered)
}

fn per_case(total: Duration, cases: usize) -> String {
    format_duration(total.div_f64(cases.max(1) as f64))
}

/// Runs `command` with `input` on its standard input; returns its wall time and output.
fn timed(mut command: Command, input: Option<&str>) -> anyhow::Result<(Duration, String)> {
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
    if let Some(input) = input {
        let mut stdin = child.stdin.take().context("no standard input")?;
        stdin.write_all(input.as_bytes())?;
    }
    let output = child.wait_with_output()?;
    let elapsed = started.elapsed();
    Ok((
        elapsed,
        String::from_utf8_lossy(&output.stdout).into_owned(),
    ))
}

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
    bail!(
        "outputs differ: {differing} of {} lines ({} vs {} lines); first at line {}: ours {:?}, peer {:?}",
        ours_lines.len().min(peer_lines.len()),
        ours_lines.len(),
        peer_lines.len(),
        first + 1,
        ours_lines.get(first),
        peer_lines.get(first)
    )
}
