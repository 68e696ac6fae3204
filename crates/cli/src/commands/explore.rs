//! `statespace explore`: every state of a puzzle's space by its distance to the goals.

use std::hash::{DefaultHasher, Hash, Hasher};
use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use indicatif::ProgressBar;

use anyhow::{Context, bail};
use serde_json::json;
use statespace_explore::{
    Checkpoint, Exploration, ExploreError, Options, explore_sparse_with, explore_with,
};
use statespace_puzzles::puzzle::Space;
use statespace_puzzles::registry;
use statespace_puzzles::sliding::Shape;

use crate::driver::{Verdict, format_duration};
use crate::{memory, plot};

/// Flags of `statespace explore`.
#[derive(clap::Args, Debug)]
pub struct ExploreArgs {
    /// The puzzle: eight, sliding (with --size), four, rotation or solitaire.
    puzzle: String,
    /// The board size of sliding puzzles, rows x columns (at most 16 cells).
    #[arg(long, value_name = "RxC")]
    size: Option<Shape>,
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
}

/// Explores the space and prints its layers, its greatest depth and its antipodes. A puzzle,
/// size or budget that does not fit is one line and exit code 2.
pub fn run(args: &ExploreArgs) -> anyhow::Result<Verdict> {
    let (space, exploration) = match prepare(args) {
        Ok(explored) => explored,
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
        let object = json!({
            "puzzle": args.puzzle,
            "layers": exploration.layers,
            "total": exploration.total(),
            "complete": exploration.complete,
            "max_depth": exploration.max_depth(),
            "antipodes": boards,
        });
        writeln!(out, "{object}")?;
    } else {
        write_table(&mut out, &exploration, &boards)?;
    }
    Ok(Verdict::Answered)
}

/// The puzzle's space, explored.
fn prepare(args: &ExploreArgs) -> anyhow::Result<(Space, Exploration)> {
    let entry = registry::find(&args.puzzle).with_context(|| {
        format!(
            "unknown puzzle {:?}: the puzzles are {}",
            args.puzzle,
            registry::names().join(", ")
        )
    })?;
    let mut options = json!({});
    if let Some(size) = args.size {
        options["size"] = json!(size);
    }
    if let Some(goal) = &args.goal {
        options["goal"] = json!(goal);
    }
    let run = format!("{} {options}", args.puzzle);
    let Some(space) = entry.space(options)? else {
        bail!("{} has no ranked space to explore yet", args.puzzle);
    };
    let options = Options {
        max_depth: args.max_depth,
        antipodes: args.antipodes,
        max_memory: Some(args.max_memory.unwrap_or_else(memory::default_budget)),
        checkpoint: args.checkpoint.as_ref().map(|dir| Checkpoint {
            dir: dir.clone(),
            run: format!(
                "{run}{} ranks {} goals {} hashed {:x}",
                if args.sparse { " sparse" } else { "" },
                space.ranked.ranks(),
                space.goals.len(),
                goals_hash(&space.goals)
            ),
        }),
    };
    let progress = Progress::new();
    let on_layer = |exploration: &Exploration| progress.layer(exploration);
    let exploration = if args.sparse {
        explore_sparse_with(&*space.ranked, &space.goals, &options, on_layer)?
    } else {
        explore_with(&*space.ranked, &space.goals, &options, on_layer).map_err(
            |error| match error {
                ExploreError::TooLarge { .. } => {
                    anyhow::anyhow!("{error} (--sparse keeps only three layers, as sorted ranks)")
                }
                other => other.into(),
            },
        )?
    };
    Ok((space, exploration))
}

/// A line on standard error that follows the layers (hidden when it is not a terminal).
struct Progress {
    bar: ProgressBar,
    started: Instant,
}

impl Progress {
    fn new() -> Self {
        let bar = ProgressBar::new_spinner();
        bar.enable_steady_tick(Duration::from_millis(200));
        bar.set_message("layer 0");
        Self {
            bar,
            started: Instant::now(),
        }
    }

    /// Shows the deepest layer, the states found and the rate since the start.
    fn layer(&self, exploration: &Exploration) {
        let total = exploration.total();
        let rate = total as f64 / self.started.elapsed().as_secs_f64().max(1e-9);
        self.bar.set_message(format!(
            "layer {}: {} states, {total} in all, {rate:.0} states/s",
            exploration.max_depth(),
            exploration.layers.last().copied().unwrap_or(0),
        ));
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.bar.finish_and_clear();
    }
}

/// A fingerprint of the goals, for the run's identity.
fn goals_hash(goals: &[u64]) -> u64 {
    let mut hasher = DefaultHasher::new();
    goals.hash(&mut hasher);
    hasher.finish()
}

/// The layers as a table, then the greatest depth and the antipodes.
fn write_table(
    out: &mut impl Write,
    exploration: &Exploration,
    boards: &[String],
) -> std::io::Result<()> {
    writeln!(
        out,
        "{:>5}  {:>15}  {:>15}  {:>10}",
        "depth", "states", "total", "time"
    )?;
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
        writeln!(out, "{depth:>5}  {states:>15}  {total:>15}  {time:>10}")?;
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
