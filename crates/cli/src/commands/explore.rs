//! `statespace explore`: every state of a puzzle's space by its distance to the goals.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use indicatif::ProgressBar;

use anyhow::{Context, bail};
use serde_json::json;
use statespace_explore::{
    Checkpoint, Cluster, Exploration, ExploreError, Options, Terms, explore_dataflow,
    explore_sparse_dataflow, explore_sparse_with, explore_with, goals_fingerprint, readable_size,
};
use statespace_puzzles::puzzle::{MAX_THREADS, OptionsError, Space, thread_count};
use statespace_puzzles::registry;

use crate::commands::psvn::DomainArgs;
use crate::driver::{Verdict, format_duration, parse_seconds};
use crate::{memory, plot};

/// Flags of `statespace explore`.
#[derive(clap::Args, Debug)]
pub struct ExploreArgs {
    /// The puzzle: eight, sliding (with --size), four, rotation, solitaire, pancake (with
    /// --size), cube (with --size 2 or --corners), hanoi (with --discs), topspin (with --size)
    /// or psvn (with --domain or --example).
    puzzle: String,
    #[command(flatten)]
    domain: DomainArgs,
    /// Of psvn: the state explored from, its values in quotes ("B 1 2 3 4 5 6 7 8"): each layer
    /// holds the states whose fewest moves to it are the depth (from it too, when every rule is
    /// undone by a rule) [default: the first GOAL line's state].
    #[arg(long, value_name = "STATE")]
    from: Option<String>,
    /// The board size of sliding puzzles, rows x columns (at most 16 cells); the pancakes of a
    /// pancake stack (at most 20, 16 burnt); of the cube, 2; the tokens of a TopSpin loop (at
    /// most 20).
    #[arg(long, value_name = "RxC|N")]
    size: Option<String>,
    /// Burnt pancakes: every stack with each pancake either side up.
    #[arg(long)]
    burnt: bool,
    /// The 3x3x3's corners alone: their 88,179,840 positions (Korf's corner table as a space).
    #[arg(long)]
    corners: bool,
    /// The discs of the four-peg towers, explored from all on peg 1 (at most 31).
    #[arg(long, value_name = "N")]
    discs: Option<usize>,
    /// How the cube's moves are counted: htm (a quarter or half turn is one move, the default)
    /// or qtm (quarter turns only).
    #[arg(long, value_name = "METRIC")]
    metric: Option<String>,
    /// The goal of sliding puzzles: blank-last (the default), blank-first, or the goal's tiles in
    /// quotes; of solitaire, the placement's `row column` pairs in quotes (default: four pieces
    /// on the first cells).
    #[arg(long, value_name = "GOAL")]
    goal: Option<String>,
    /// Stop after the layer of this depth.
    #[arg(long, value_name = "D")]
    max_depth: Option<u32>,
    /// Print at most this many antipodes (states of the deepest layer).
    #[arg(long, value_name = "N", default_value_t = 10)]
    antipodes: usize,
    /// Refuse spaces whose exploration needs more memory than this (512M, 8G) [default: half of
    /// the memory the process may use].
    #[arg(long, value_name = "SIZE", value_parser = memory::parse_size)]
    max_memory: Option<u64>,
    /// Print one JSON object instead of the table.
    #[arg(long)]
    json: bool,
    /// Save the search in this folder after each layer, and resume from it when run again with
    /// the same arguments.
    #[arg(long, value_name = "DIR")]
    checkpoint: Option<PathBuf>,
    /// Draw the layers into this SVG file (states per depth, logarithmic scale).
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<PathBuf>,
    /// Keep each layer as a sorted list of ranks instead of two bits per rank: for spaces too
    /// large to rank densely, to a depth bound (reversible puzzles only).
    #[arg(long)]
    sparse: bool,
    /// With a dataflow exploration: the bytes of children its workers sent one another to find
    /// each layer (a column of the table, `exchanged` in JSON).
    #[arg(long)]
    stats: bool,
    /// Explore as a timely dataflow with this many worker threads in each process (1 to 256),
    /// instead of on every core of one process.
    #[arg(long, short = 'w', value_name = "W")]
    workers: Option<usize>,
    /// The processes of a dataflow exploration (1 to 1024), all started with the same arguments
    /// but --process; process 0 prints the answer.
    #[arg(long, short = 'n', value_name = "N", default_value_t = 1)]
    processes: usize,
    /// This process's index among the processes, from 0.
    #[arg(long, short = 'p', value_name = "I", default_value_t = 0)]
    process: usize,
    /// The processes' addresses, one host:port a line, process 0's first [default:
    /// localhost:2101, localhost:2102, ...].
    #[arg(long, value_name = "FILE")]
    hostfile: Option<PathBuf>,
    /// How long a process of a dataflow waits for the others to start and agree, and for a
    /// heartbeat of each while it runs, before it reports the one missing or silent (at most a
    /// day).
    #[arg(long, value_name = "SECONDS", default_value = "60", value_parser = parse_seconds)]
    peer_timeout: Duration,
}

/// The memory the exploration's worker threads hold besides its layers (their stacks, their
/// allocators' caches), set aside from the budget.
const THREADS_ALLOWANCE: u64 = 4 << 20;

/// The most processes of a dataflow exploration.
const MAX_PROCESSES: usize = 1024;
/// The longest --peer-timeout.
const MAX_PEER_TIMEOUT: Duration = Duration::from_secs(24 * 60 * 60);

impl ExploreArgs {
    /// The workers of a dataflow exploration, if one is asked for.
    fn cluster(&self) -> anyhow::Result<Option<Cluster>> {
        if self.workers.is_none() && self.processes == 1 && self.hostfile.is_none() {
            return Ok(None);
        }
        let workers = thread_count(self.workers, 1).map_err(|_| {
            anyhow::anyhow!(
                "--workers {}: from 1 to {MAX_THREADS}, please",
                self.workers.unwrap_or(1)
            )
        })?;
        if !(1..=MAX_PROCESSES).contains(&self.processes) {
            bail!(
                "--processes {}: from 1 to {MAX_PROCESSES}, please",
                self.processes
            );
        }
        if self.peer_timeout.is_zero() || self.peer_timeout > MAX_PEER_TIMEOUT {
            bail!(
                "--peer-timeout {}: more than 0 and at most {} seconds, please",
                self.peer_timeout.as_secs_f64(),
                MAX_PEER_TIMEOUT.as_secs()
            );
        }
        if self.process >= self.processes {
            bail!(
                "--process {} is not one of the {} processes (0 to {})",
                self.process,
                self.processes,
                self.processes - 1
            );
        }
        let hosts = match &self.hostfile {
            Some(path) => {
                let text = std::fs::read_to_string(path)
                    .with_context(|| format!("cannot read {}", path.display()))?;
                let hosts: Vec<String> = text
                    .lines()
                    .map(str::trim)
                    .filter(|line| !line.is_empty())
                    .map(String::from)
                    .take(self.processes)
                    .collect();
                if hosts.len() < self.processes {
                    bail!(
                        "{} lists {} for {} processes",
                        path.display(),
                        match hosts.len() {
                            1 => "1 address".to_string(),
                            count => format!("{count} addresses"),
                        },
                        self.processes
                    );
                }
                hosts
            }
            None => (0..self.processes)
                .map(|process| format!("localhost:{}", 2101 + process))
                .collect(),
        };
        let hosts = if self.processes > 1 {
            hosts
        } else {
            Vec::new()
        };
        let mut cluster = Cluster::of(workers, self.process, hosts);
        cluster.patience = self.peer_timeout;
        cluster.terms = self.agreed_terms(workers);
        cluster.on_silence = Arc::new(|line: &str| {
            eprintln!("statespace: {line}");
            std::process::exit(1);
        });
        Ok(Some(cluster))
    }

    /// What the processes of a dataflow must be started with alike, by option: everything that
    /// changes the answer or the dataflow (not --process, --hostfile, --max-memory, which differ
    /// from machine to machine, nor what only process 0 prints).
    fn agreed_terms(&self, workers: usize) -> Terms {
        self.run_terms()
            .with("--max-depth", self.max_depth)
            .with("--antipodes", Some(self.antipodes))
            .with("--workers", Some(workers))
            .with("--processes", Some(self.processes))
            .flag("--checkpoint", self.checkpoint.is_some())
    }

    /// The terms that make a run's checkpoint its own: the version, the puzzle and the options
    /// that change the space or the mode.
    fn run_terms(&self) -> Terms {
        Terms::new()
            .with("statespace", Some(env!("CARGO_PKG_VERSION")))
            .with("ranks", Some(RANKS_REVISION))
            .with("puzzle", Some(&self.puzzle))
            .with("--size", self.size.as_deref())
            .flag("--burnt", self.burnt)
            .flag("--corners", self.corners)
            .with("--discs", self.discs)
            .with("--metric", self.metric.as_deref())
            .with("--goal", self.goal.as_deref())
            .with("--domain", self.domain.digest())
            .with("--from", self.from.as_deref())
            .flag("--sparse", self.sparse)
    }
}

/// The revision of the puzzles' ranks, a term of every run: a checkpoint, or a process of a
/// cluster, whose ranks mean other stacks or boards is refused rather than read as these.
/// Raised whenever a puzzle's ranks change meaning (2: pancake stacks by inversion table).
const RANKS_REVISION: u32 = 2;

/// Explores the space and prints its layers, its greatest depth and its antipodes. A puzzle,
/// size or budget that does not fit is one line and exit code 2.
pub fn run(args: &ExploreArgs) -> anyhow::Result<Verdict> {
    let (space, exploration) = match prepare(args) {
        Ok((space, Some(exploration))) => (space, exploration),
        // Another process of the dataflow prints it.
        Ok((_, None)) => return Ok(Verdict::Answered),
        Err(error) if is_failure(&error) => return Err(error),
        Err(error) => {
            eprintln!("statespace: {error:#}");
            return Ok(Verdict::BadInput);
        }
    };
    let boards: Vec<String> = exploration
        .antipodes
        .iter()
        .map(|&rank| (space.draw)(rank))
        .collect();
    if let Some(path) = &args.plot {
        let title = format!("{}: states by distance", args.puzzle);
        plot::layers(path, &title, &exploration.layers)?;
    }
    let mut out = std::io::stdout().lock();
    if args.json {
        let mut object = json!({
            "puzzle": args.puzzle,
            "layers": exploration.layers,
            "total": exploration.total(),
            "complete": exploration.complete,
            "max_depth": exploration.max_depth(),
            "antipodes": boards,
        });
        if args.stats {
            object["exchanged"] = json!(exploration.exchanged);
        }
        writeln!(out, "{object}")?;
    } else {
        let exchanged = args.stats.then_some(&exploration.exchanged[..]);
        write_table(&mut out, &exploration, exchanged, &boards)?;
    }
    Ok(if exploration.stopped_by_memory {
        Verdict::Stopped
    } else {
        Verdict::Answered
    })
}

/// Whether `error` is a failure of the system (a file that cannot be read or written, a peer
/// lost: exit code 1) rather than options or a checkpoint refused (exit code 2).
fn is_failure(error: &anyhow::Error) -> bool {
    error.downcast_ref::<std::io::Error>().is_some()
        || error
            .downcast_ref::<ExploreError>()
            .is_some_and(|error| !error.is_refusal())
}

/// The puzzle's space, explored (in a dataflow's process 0 only).
fn prepare(args: &ExploreArgs) -> anyhow::Result<(Space, Option<Exploration>)> {
    let cluster = args.cluster()?;
    let entry = registry::find(&args.puzzle).with_context(|| {
        format!(
            "unknown puzzle {:?}: the puzzles are {}",
            args.puzzle,
            registry::names().join(", ")
        )
    })?;
    // Each option as the flag that sets it, so that a puzzle that does not take one is told
    // by the flag's name, not serde's field's.
    let domain = if entry.about().name == "psvn" {
        args.domain.read()?
    } else {
        // Not read: the puzzle refuses it below, by name.
        args.domain.unread()
    };
    let flags = [
        ("size", "--size", args.size.clone().map(|size| json!(size))),
        ("burnt", "--burnt", args.burnt.then_some(json!(true))),
        ("corners", "--corners", args.corners.then_some(json!(true))),
        ("discs", "--discs", args.discs.map(|discs| json!(discs))),
        (
            "metric",
            "--metric",
            args.metric.clone().map(|metric| json!(metric)),
        ),
        ("goal", "--goal", args.goal.clone().map(|goal| json!(goal))),
        ("text", "--domain", domain.text.map(|text| json!(text))),
        ("file", "--domain", domain.file.map(|file| json!(file))),
        (
            "example",
            "--example",
            domain.example.map(|name| json!(name)),
        ),
        ("from", "--from", args.from.clone().map(|from| json!(from))),
    ];
    let mut options = json!({});
    for (name, _, value) in &flags {
        if let Some(value) = value {
            options[*name] = value.clone();
        }
    }
    let space = entry.space(options).map_err(|failure| match failure {
        registry::Failure::Json(error) => flags
            .iter()
            .find(|(name, ..)| {
                error
                    .to_string()
                    .starts_with(&format!("unknown field `{name}`"))
            })
            .map_or(registry::Failure::Json(error), |(_, flag, _)| {
                OptionsError::new(format!("{flag} does not apply to {}", args.puzzle)).into()
            }),
        other => other,
    })?;
    let Some(space) = space else {
        bail!("{} has no ranked space to explore yet", args.puzzle);
    };
    // What the process holds already (the program, the space's tables) counts too, and what
    // the worker threads it starts will.
    let budget = Budget {
        given: args.max_memory.unwrap_or_else(memory::default_budget),
        held: memory::resident() + THREADS_ALLOWANCE,
    };
    let with_flags = |error| with_flags(error, budget);
    let options = Options {
        max_depth: args.max_depth,
        antipodes: args.antipodes,
        max_memory: Some(budget.given.saturating_sub(budget.held)),
        checkpoint: args.checkpoint.as_ref().map(|dir| Checkpoint {
            dir: dir.clone(),
            run: args
                .run_terms()
                .with("ranks", Some(space.ranked.ranks()))
                .with("goals", Some(goals_fingerprint(&space.goals))),
        }),
    };
    let progress = Arc::new(Progress::new());
    if let Some(cluster) = cluster {
        let shown = progress.clone();
        let on_layer = Arc::new(move |exploration: &Exploration| shown.layer(exploration));
        if cluster.hosts.len() > 1 {
            exit_when_a_process_is_lost();
        }
        let ranked = Arc::clone(&space.ranked);
        let explore = if args.sparse {
            explore_sparse_dataflow
        } else {
            explore_dataflow
        };
        let exploration =
            explore(ranked, &space.goals, &options, &cluster, on_layer).map_err(with_flags)?;
        return Ok((space, exploration));
    }
    let on_layer = |exploration: &Exploration| progress.layer(exploration);
    let exploration = if args.sparse {
        explore_sparse_with(&*space.ranked, &space.goals, &options, on_layer).map_err(with_flags)?
    } else {
        explore_with(&*space.ranked, &space.goals, &options, on_layer).map_err(with_flags)?
    };
    Ok((space, Some(exploration)))
}

/// The memory budget of an exploration as the user gave it, and what the program holds of it
/// before the exploration starts.
#[derive(Clone, Copy, Debug)]
struct Budget {
    given: u64,
    held: u64,
}

/// `error`, told by the flags the user knows: a checkpoint deeper than the depth bound names
/// --max-depth, a space too large for the budget the budget given.
fn with_flags(error: ExploreError, budget: Budget) -> anyhow::Error {
    match error {
        ExploreError::TooLarge { ranks, bytes, .. } => anyhow::anyhow!(
            "{ranks} ranks need {} at two bits each, more than the memory budget of {} less the \
             {} the program holds (--sparse keeps only three layers, as sorted ranks)",
            readable_size(bytes),
            readable_size(budget.given),
            readable_size(budget.held)
        ),
        ExploreError::DeeperCheckpoint { path, saved, bound } => anyhow::anyhow!(
            "checkpoint {path} holds layers to depth {saved}, deeper than --max-depth {bound}: \
             run with --max-depth {saved} or more (or none), or use another folder; refused"
        ),
        other => other.into(),
    }
}

/// Makes the loss of another process of the dataflow one line naming it and exit code 1: timely's
/// threads that talk to it panic, and the workers would follow, each with its own message.
fn exit_when_a_process_is_lost() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let thread = std::thread::current();
        let name = thread.name().unwrap_or_default();
        let peer = name
            .strip_prefix("timely:recv-")
            .or_else(|| name.strip_prefix("timely:send-"));
        let payload = info.payload();
        let message = payload
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| payload.downcast_ref::<&str>().copied())
            .unwrap_or_default();
        if let Some(peer) = peer
            && message.starts_with("timely communication error")
        {
            eprintln!("statespace: lost process {peer} of the dataflow ({message})");
            std::process::exit(1);
        }
        default(info);
    }));
}

/// A line on standard error that follows the layers (hidden when it is not a terminal).
struct Progress {
    bar: ProgressBar,
    started: Instant,
    /// Whether standard error is a terminal: if not (a log file of a long run), each layer is a
    /// line of its own, where a terminal gets one line redrawn.
    terminal: bool,
}

impl Progress {
    fn new() -> Self {
        let bar = ProgressBar::new_spinner();
        bar.enable_steady_tick(Duration::from_millis(200));
        bar.set_message("layer 0");
        Self {
            bar,
            started: Instant::now(),
            terminal: std::io::stderr().is_terminal(),
        }
    }

    /// Shows the deepest layer, the states found and the rate since the start.
    fn layer(&self, exploration: &Exploration) {
        let total = exploration.total();
        let rate = total as f64 / self.started.elapsed().as_secs_f64().max(1e-9);
        let line = format!(
            "layer {}: {} states, {total} in all, {rate:.0} states/s",
            exploration.max_depth(),
            exploration.layers.last().copied().unwrap_or(0),
        );
        if self.terminal {
            self.bar.set_message(line);
        } else {
            eprintln!("{line}");
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.bar.finish_and_clear();
    }
}

/// The layers as a table, then the greatest depth and the antipodes.
fn write_table(
    out: &mut impl Write,
    exploration: &Exploration,
    exchanged: Option<&[u64]>,
    boards: &[String],
) -> std::io::Result<()> {
    write!(
        out,
        "{:>5}  {:>15}  {:>15}  {:>10}",
        "depth", "states", "total", "time"
    )?;
    if exchanged.is_some() {
        write!(out, "  {:>15}", "bytes sent")?;
    }
    writeln!(out)?;
    let mut total = 0;
    for (depth, &states) in exploration.layers.iter().enumerate() {
        total += states;
        let time = match depth
            .checked_sub(1)
            .map(|index| exploration.layer_times[index])
        {
            Some(Some(time)) => format_duration(time),
            Some(None) => "resumed".to_string(),
            None => String::new(),
        };
        write!(out, "{depth:>5}  {states:>15}  {total:>15}  {time:>10}")?;
        if let Some(exchanged) = exchanged {
            let sent = exchanged.get(depth).copied().unwrap_or_default();
            write!(out, "  {sent:>15}")?;
        }
        writeln!(out)?;
    }
    let last = exploration.layers.last().copied().unwrap_or(0);
    let deepest = exploration.max_depth();
    if exploration.complete {
        writeln!(out, "maximum depth {deepest}: {last} antipodes")?;
    } else if exploration.stopped_by_memory {
        writeln!(
            out,
            "stopped at depth {deepest}, the next layer past the memory budget: {last} states there"
        )?;
    } else {
        writeln!(out, "stopped at depth {deepest}: {last} states there")?;
    }
    for board in boards {
        write!(out, "\n{board}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;

    /// `statespace explore` alone, for its arguments.
    #[derive(Parser)]
    struct Command {
        #[command(flatten)]
        args: ExploreArgs,
    }

    #[test]
    fn a_run_of_other_ranks_is_refused_by_the_ranks_term() {
        let args = Command::parse_from(["explore", "pancake", "--size", "5"]).args;
        // What a build before the pancakes' inversion-table ranks recorded: no ranks term.
        let before = Terms::new()
            .with("statespace", Some(env!("CARGO_PKG_VERSION")))
            .with("puzzle", Some("pancake"));
        let difference = args.run_terms().difference(&before).expect("they differ");
        assert_eq!(difference.name(), "ranks");
        assert_eq!(
            difference.ours.to_string(),
            format!("ranks {RANKS_REVISION}")
        );
    }
}
