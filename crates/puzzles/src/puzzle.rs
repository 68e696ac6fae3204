//! The face every puzzle shows the front-ends: reading its judge's input case by case, solving a
//! case with a chosen algorithm under limits, printing the judge's output, the boards along a
//! solution, and random cases. The command line, the explorer and the playground reach every
//! puzzle through it (and through the [`registry`](crate::registry)), never puzzle by puzzle.
//!
//! The options a puzzle offers are in `options.rs`, what becomes of a case's answer (the judge's
//! output, reports, the boards along a solution) in `answers.rs`; both are re-exported here.

use std::fmt::Debug;
use std::io;
use std::sync::Arc;
use std::time::Duration;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use statespace_engine::space::RankedSpace;
use statespace_engine::{Limits, StopReason};

use crate::input::{Input, ParseError, Source};

pub use statespace_engine::pattern_database::{BuildProgress, TableId};

mod answers;
mod options;

pub use answers::{
    Closing, LengthChecks, Report, Solved, StatsReport, Step, Streamed, format_duration,
    moves_summary, output, summary, table_note, trace,
};
pub use options::{MAX_THREADS, OptionKind, OptionSpec, OptionsError, count_or_text, thread_count};

/// A puzzle's name and where it comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct About {
    /// The name front-ends know it by (`statespace solve NAME`).
    pub name: &'static str,
    /// What it is called.
    pub title: &'static str,
    /// The online judges that pose it, with their problem numbers.
    pub judges: &'static str,
    /// Its input format in one sentence.
    pub input: &'static str,
    /// The algorithms its `algo` option takes, each with one line of help; the first is the
    /// default.
    pub algorithms: &'static [(&'static str, &'static str)],
    /// A small input in the judge's format, with every kind of answer (the shipped example).
    pub example: &'static str,
    /// The table layouts its `pdb` option takes (pattern databases, built once and cached), each
    /// with one line of help; empty for a puzzle without them.
    pub layouts: &'static [(&'static str, &'static str)],
}

/// The limits of one case's search. Each case gets fresh [`Limits`] (its own deadline).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CaseLimits {
    /// Stop a case's search after expanding this many nodes.
    pub max_nodes: Option<u64>,
    /// Stop a case's search after this long.
    pub time_limit: Option<Duration>,
    /// Stop a case's search before the memory it holds passes this many bytes (counted as
    /// [`Limits::max_memory`] says); tables a case needs are refused beyond it too.
    pub max_memory: Option<u64>,
}

impl CaseLimits {
    /// The engine's limits for a search that starts now.
    pub fn start(&self) -> Limits {
        let mut limits = self.memory();
        limits.max_expanded = self.max_nodes;
        if let Some(time) = self.time_limit {
            limits = limits.time_limit(time);
        }
        limits
    }

    /// The memory budget alone, for tables built once and shared by many cases.
    pub fn memory(&self) -> Limits {
        Limits {
            max_memory: self.max_memory,
            ..Limits::none()
        }
    }
}

/// Where a solver tells how the tables it builds are going: a front-end's bar or meter.
pub type Progress = Arc<dyn BuildProgress>;

/// A table a solver needs: its name (the file's in the cache), its size, and whether the cache
/// holds it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TableStatus {
    /// The table's name.
    pub name: String,
    /// Its entries' bytes.
    pub bytes: u64,
    /// Whether the cache holds it (its file is there, with its header).
    pub cached: bool,
}

/// A puzzle's whole state space, for exploration: its states as ranks with their predecessors,
/// the goals' ranks, and the state of any rank drawn as the puzzle draws boards.
pub struct Space {
    /// The states and their predecessors.
    pub ranked: Arc<dyn RankedSpace>,
    /// The ranks of the goal states.
    pub goals: Vec<u64>,
    /// The state of a rank, drawn.
    pub draw: Box<dyn Fn(u64) -> String + Send + Sync>,
}

impl Debug for Space {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Space")
            .field("ranks", &self.ranked.ranks())
            .field("goals", &self.goals.len())
            .finish_non_exhaustive()
    }
}

/// What every puzzle implements: one unit type per puzzle module.
pub trait Puzzle: 'static {
    /// Its name, judges, input format and algorithms.
    const ABOUT: About;
    /// What a user chooses before solving: the algorithm and the puzzle's own settings (board
    /// size, ...). Every field has a default; the playground reads them from JSON.
    type Options: Clone + Debug + Default + Serialize + DeserializeOwned + Send + Sync;
    /// The options a front-end offers as form controls: the fields of
    /// [`Options`](Self::Options) a person chooses (not files or formats).
    const OPTIONS: &'static [OptionSpec];
    /// What `gen` takes besides a count and a seed.
    type GenOptions: Clone + Debug + Default + Serialize + DeserializeOwned;
    /// One case of the input.
    type Case: Clone + Debug + Send + Sync;
    /// The answer to a case; serialized in `--json` objects.
    type Answer: Clone + Debug + Serialize + Send;
    /// Answers cases one after the other, keeping what it builds (tables, visited sets).
    type Solver: Send;
    /// Whether some of its option sets keep tables in a folder of tables (their `pdb_dir`
    /// option) without a table layout (`pdb`), as the cube's optimal solver does; see
    /// [`tables_in_folder`](Self::tables_in_folder).
    const TABLES_WITHOUT_LAYOUT: bool = false;

    /// How many cases `solver` answers together (on several threads), `first` among them; 1,
    /// the default, for one at a time.
    fn batch(_solver: &Self::Solver, _first: &Self::Case) -> usize {
        1
    }

    /// A solver for `options`, or why they cannot be followed; the tables it builds stay within
    /// the memory budget of `limits`, and tell `progress` how they go.
    fn solver(
        options: &Self::Options,
        limits: &CaseLimits,
        progress: Option<Progress>,
    ) -> Result<Self::Solver, OptionsError>;

    /// Whether a solver for `options` keeps tables in a folder of tables without a layout: a
    /// front-end that keeps a folder gives it then, and builds them before a search uses them.
    /// Puzzles whose tables follow a layout (`pdb`) are given the folder with a layout.
    fn tables_in_folder(_options: &Self::Options) -> bool {
        false
    }

    /// The tables the solver loads or builds before it answers (pattern databases), as far as
    /// its options tell; none by default.
    fn tables(_solver: &Self::Solver) -> Vec<TableStatus> {
        Vec::new()
    }

    /// Loads the tables of [`tables`](Self::tables), building (and caching) those the cache
    /// lacks within the memory budget of `limits`; a line for each, or why a build stopped.
    fn build_tables(
        _solver: &mut Self::Solver,
        _limits: &CaseLimits,
    ) -> Result<Vec<String>, StopReason> {
        Ok(Vec::new())
    }

    /// The next case of `input`, case number `number` (from 1); `None` at the end of the input.
    fn read_case(
        solver: &Self::Solver,
        input: &mut Input<impl Source>,
        number: usize,
    ) -> Result<Option<Self::Case>, ParseError>;

    /// The answer to `case`, its search stopped by `limits`.
    fn solve(
        solver: &mut Self::Solver,
        case: &Self::Case,
        limits: &CaseLimits,
    ) -> Solved<Self::Answer>;

    /// The answers to `cases`, in order; solvers whose [`batch`](Self::batch) is above 1 answer
    /// them side by side.
    fn solve_all(
        solver: &mut Self::Solver,
        cases: &[Self::Case],
        limits: &CaseLimits,
    ) -> Vec<Solved<Self::Answer>> {
        cases
            .iter()
            .map(|case| Self::solve(solver, case, limits))
            .collect()
    }

    /// Appends the judge's output for `answer` to `out`, each line ending in a line break.
    fn output(solver: &Self::Solver, case: &Self::Case, answer: &Self::Answer, out: &mut String);

    /// Writes the judge's output for `case` to `out` while its answer is being found, for answers
    /// too long to hold (the fast method's on huge boards); `None` when the case is answered by
    /// [`solve`](Self::solve) alone, as every case is by default. The driver streams only the
    /// judge's text, and only when no node or time limit is set, so that only the memory held
    /// while streaming can stop an answer halfway: its line is then ended before the driver adds
    /// the `stopped:` line.
    fn stream(
        _solver: &mut Self::Solver,
        _case: &Self::Case,
        _limits: &CaseLimits,
        _out: &mut dyn io::Write,
    ) -> Option<io::Result<Streamed>> {
        None
    }

    /// The answer in a few words for statistics lines: `19 moves`, `unsolvable`.
    fn summary(solver: &Self::Solver, answer: &Self::Answer) -> String;

    /// The start and the board after every move of the answer's solution (just the start when
    /// there is no answer or no solution). Front-ends ask [`Solved::steps`], which keeps them
    /// within the memory budget.
    fn steps(solver: &Self::Solver, case: &Self::Case, answer: Option<&Self::Answer>) -> Vec<Step>;

    /// The moves of the answer's solution (0 without one): [`steps`](Self::steps) draws one
    /// board more, so a front-end can tell what drawing them takes before it draws them.
    fn solution_moves(solver: &Self::Solver, answer: &Self::Answer) -> usize;

    /// Forgets what the last input said (a map at its head, its recorded lengths) before the
    /// solver reads another input: for a front-end that keeps a solver from input to input.
    fn restart(_solver: &mut Self::Solver) {}

    /// Appends the output of a case whose search a limit stopped: `stopped: REASON` in place of
    /// the answer.
    fn stopped_output(
        _solver: &Self::Solver,
        _case: &Self::Case,
        reason: StopReason,
        out: &mut String,
    ) {
        out.push_str("stopped: ");
        out.push_str(&reason.to_string());
        out.push('\n');
    }

    /// `case` as a judge input of its own (for programs that read one case).
    fn case_input(solver: &Self::Solver, case: &Self::Case) -> String;

    /// `case` as a judge input of its own made of `lines`, the input's lines that held it, as
    /// they are: those lines by default; a puzzle whose input ends with a terminator adds it.
    fn standalone_input(_solver: &Self::Solver, _case: &Self::Case, lines: String) -> String {
        lines
    }

    /// The moves a player may make by hand from `case`, each named as the judge's output names
    /// it, with the case it leads to (for the playground); empty for a puzzle without play by
    /// hand.
    fn moves(_solver: &Self::Solver, _case: &Self::Case) -> Vec<(String, Self::Case)> {
        Vec::new()
    }

    /// A judge input of `count` random cases drawn from `seed`.
    fn generate(
        options: &Self::GenOptions,
        count: usize,
        seed: u64,
    ) -> Result<String, OptionsError>;

    /// What the run adds after its last case.
    fn finish(_solver: &Self::Solver) -> Closing {
        Closing::default()
    }

    /// The whole space of the positions `options` describe (the board size...), for exploring
    /// every state's distance to the goals; `None` for a puzzle that has no ranked space.
    fn space(_options: &Self::Options) -> Result<Option<Space>, OptionsError> {
        Ok(None)
    }
}

#[cfg(test)]
mod tests;
