//! The face every puzzle shows the front-ends: reading its judge's input case by case, solving a
//! case with a chosen algorithm under limits, printing the judge's output, the boards along a
//! solution, and random cases. The command line, the explorer and the playground reach every
//! puzzle through it (and through the [`registry`](crate::registry)), never puzzle by puzzle.

use std::fmt::{Debug, Display};
use std::io;
use std::sync::Arc;
use std::time::Duration;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use statespace_engine::space::RankedSpace;
use statespace_engine::{Limits, Stats, StopReason};
use thiserror::Error;

use crate::input::{Input, ParseError, Source};

pub use statespace_engine::pattern_database::{BuildProgress, TableId};

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

/// One of a puzzle's options as a front-end offers it (a form control of the playground): its
/// field in the options' JSON, a label, a line of help, and the values it takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct OptionSpec {
    /// The option's field in the puzzle's options (`heuristic`).
    pub name: &'static str,
    /// What a person calls it (`estimate`).
    pub label: &'static str,
    /// One line of help.
    pub help: &'static str,
    /// The values it takes, and its default.
    #[serde(flatten)]
    pub kind: OptionKind,
    /// An option it is not taken with: set, this one is left out (`pdb` for the algorithm).
    pub without: Option<&'static str>,
    /// Whether it describes the board itself (its size), so that random boards follow it too.
    pub shapes_board: bool,
}

/// The values an option takes. A default of `None` leaves the option unset (the puzzle then
/// chooses, as its help says).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum OptionKind {
    /// One of `values`, each with one line of help.
    Choice {
        /// The values and their help.
        values: &'static [(&'static str, &'static str)],
        /// The value chosen unless another is.
        default: &'static str,
    },
    /// A whole number from `min` to `max`.
    Number {
        /// The least.
        min: u64,
        /// The most.
        max: u64,
        /// The number chosen unless another is, if any.
        default: Option<u64>,
    },
    /// Text matching the regular expression `pattern` (whole), such as `example`.
    Text {
        /// What the text must match, as a JavaScript regular expression without anchors.
        pattern: &'static str,
        /// A text it takes.
        example: &'static str,
        /// The text chosen unless another is, if any.
        default: Option<&'static str>,
    },
    /// On or off.
    Flag {
        /// Whether it is on unless set.
        default: bool,
    },
}

impl OptionSpec {
    /// The option `name` choosing the algorithm among `algorithms` (an [`About`]'s), the first
    /// by default.
    pub const fn algorithm(algorithms: &'static [(&'static str, &'static str)]) -> Self {
        Self {
            name: "algo",
            label: "algorithm",
            help: "how the puzzle is searched",
            kind: OptionKind::Choice {
                values: algorithms,
                default: algorithms[0].0,
            },
            without: None,
            shapes_board: false,
        }
    }

    /// The option `threads`, unset by default (`help` says what the puzzle then does).
    pub const fn threads(help: &'static str) -> Self {
        Self {
            name: "threads",
            label: "threads",
            help,
            kind: OptionKind::Number {
                min: 1,
                max: MAX_THREADS as u64,
                default: None,
            },
            without: None,
            shapes_board: false,
        }
    }
}

/// Options that do not fit together or do not fit the puzzle, found before any case is read.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("{0}")]
pub struct OptionsError(pub String);

impl OptionsError {
    /// The error `message`.
    pub fn new(message: impl Into<String>) -> Self {
        Self(message.into())
    }
}

/// The most threads a run may ask for: more only cost memory and start-up.
pub const MAX_THREADS: usize = 256;

/// The threads a solver runs on: `requested`, else `default`; an error beyond [`MAX_THREADS`].
pub fn thread_count(requested: Option<usize>, default: usize) -> Result<usize, OptionsError> {
    let threads = requested.unwrap_or(default);
    if (1..=MAX_THREADS).contains(&threads) {
        Ok(threads)
    } else {
        Err(OptionsError::new(format!(
            "{threads} threads: from 1 to {MAX_THREADS}, please"
        )))
    }
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

/// A case's answer and what it took.
#[derive(Clone, Debug)]
pub struct Solved<A> {
    /// The answer, or the limit that stopped the search before it had one.
    pub answer: Result<A, StopReason>,
    /// What the search did.
    pub stats: Stats,
    /// Work done for this case beyond its own search, one line each (a table built or loaded
    /// when this case first needed it): statistics lines.
    pub notes: Vec<String>,
}

impl<A> Solved<A> {
    /// The answer `answer` found by a search that did `stats`, with nothing else to report.
    pub fn new(answer: Result<A, StopReason>, stats: Stats) -> Self {
        Self {
            answer,
            stats,
            notes: Vec::new(),
        }
    }

    /// The start and the board after every move of the answer's solution ([`Puzzle::steps`]),
    /// when they fit in the memory budget of `limits`. When they do not, which is told from the
    /// start's drawing and the number of moves before any other board is drawn, the answer
    /// becomes `stopped: memory limit reached` and the steps are the start alone, as for any
    /// stopped case.
    pub fn steps<P: Puzzle<Answer = A>>(
        &mut self,
        solver: &P::Solver,
        case: &P::Case,
        limits: &CaseLimits,
    ) -> Vec<Step> {
        let start = P::steps(solver, case, None);
        let Ok(answer) = &self.answer else {
            return start;
        };
        let drawn = start.first().map_or(0, Step::bytes);
        let boards = P::solution_moves(solver, answer) as u64 + 1;
        if limits.memory().fits(boards.saturating_mul(drawn)) {
            P::steps(solver, case, Some(answer))
        } else {
            self.answer = Err(StopReason::MemoryLimit);
            start
        }
    }
}

/// One board along a solution: the start, then the board after each move. Every puzzle's
/// headings come from here, so that they read alike: `start`, then `move N: NAME`, NAME being
/// the move's name in the answer's `moves`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Step {
    /// The move that led here, named as the answer's `moves` name it; `None` for the start.
    #[serde(rename = "move")]
    action: Option<String>,
    /// A heading for the board ("start", "move 2: r"), as `--trace` prints it.
    title: String,
    /// The board drawn as text, each line ending in a line break.
    board: String,
}

impl Step {
    /// The start, drawn as `board`.
    pub fn start(board: String) -> Self {
        Self {
            action: None,
            title: "start".to_string(),
            board,
        }
    }

    /// The board after move number `number` (from 1), the move named `action`.
    pub fn after(number: usize, action: impl ToString, board: String) -> Self {
        let action = action.to_string();
        Self {
            title: format!("move {number}: {action}"),
            action: Some(action),
            board,
        }
    }

    /// The move that led here; `None` for the start.
    pub fn action(&self) -> Option<&str> {
        self.action.as_deref()
    }

    /// The heading `--trace` prints above the board.
    pub fn title(&self) -> &str {
        &self.title
    }

    /// The board drawn as text.
    pub fn board(&self) -> &str {
        &self.board
    }

    /// The board drawn as text, taken.
    pub fn into_board(self) -> String {
        self.board
    }

    /// What holding a step whose board is drawn like this one's costs the memory budget: the
    /// step, its board, a heading and a move's name, each with the allocator's 16 bytes.
    fn bytes(&self) -> u64 {
        let text = |bytes: usize| bytes.max(NAME_BYTES).next_multiple_of(16) + 16;
        (size_of::<Step>() + text(self.board.len()) + 2 * text(NAME_BYTES)) as u64
    }
}

/// What the memory budget counts for a step's heading or its move's name: enough for
/// `move 1234567: rd` or `move 12: 1,2-1,3`.
const NAME_BYTES: usize = 32;

/// A step as `--trace` prints it: its heading on a line, then its board.
impl Display for Step {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}\n{}", self.title, self.board)
    }
}

/// The steps as `--trace` prints them: each heading on a line, then its board.
pub fn trace(steps: &[Step]) -> String {
    steps.iter().map(ToString::to_string).collect()
}

/// What a run adds after its last case: closing lines, and whether the answers disagree with
/// something the input recorded (Korf's optimal lengths): then the run fails.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Closing {
    /// Lines for standard error.
    pub notes: Vec<String>,
    /// Why the run failed, if it did.
    pub failure: Option<String>,
}

/// Lengths found against those the input records (a benchmark file's optimal lengths): a note
/// for each difference and a closing line, and a difference fails the run.
#[derive(Clone, Debug, Default)]
pub struct LengthChecks {
    checked: usize,
    differ: Vec<String>,
}

impl LengthChecks {
    /// Compares the length `found` for case number `case` with the `recorded` one; `agree`
    /// says whether they are the same.
    pub fn compare(
        &mut self,
        case: usize,
        agree: bool,
        found: impl Display,
        recorded: impl Display,
    ) {
        self.checked += 1;
        if !agree {
            self.differ
                .push(format!("case {case}: {found}, the file records {recorded}"));
        }
    }

    /// Whether no length was checked.
    pub fn is_empty(&self) -> bool {
        self.checked == 0
    }

    /// What a run of `cases` cases (`kind`: "boards") closes with: the differences, a line of
    /// counts followed by `more`, and the failure when lengths differ.
    pub fn closing(&self, cases: usize, kind: &str, more: &str) -> Closing {
        let mut notes = self.differ.clone();
        notes.push(format!(
            "{cases} {kind}, {} lengths checked, {} differ from the file{more}",
            self.checked,
            self.differ.len()
        ));
        let failure = (!self.differ.is_empty()).then(|| {
            format!(
                "{} of {} lengths differ from the recorded optima",
                self.differ.len(),
                self.checked
            )
        });
        Closing { notes, failure }
    }
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

/// The statistics of a search in a `--json` object.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StatsReport {
    /// Nodes expanded.
    pub expanded: u64,
    /// Successors generated.
    pub generated: u64,
    /// The most states stored at once.
    pub stored: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Per BFS layer or IDA* iteration: `[depth or bound, expanded, generated]`.
    pub layers: Vec<[u64; 3]>,
}

impl From<&Stats> for StatsReport {
    fn from(stats: &Stats) -> Self {
        Self {
            expanded: stats.expanded,
            generated: stats.generated,
            stored: stats.stored,
            seconds: stats.elapsed.as_secs_f64(),
            layers: stats
                .layers
                .iter()
                .map(|layer| [u64::from(layer.depth), layer.expanded, layer.generated])
                .collect(),
        }
    }
}

/// One case's answer as `statespace solve --json` prints it and the playground serves it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Report<A> {
    /// The case's number in the input, from 1.
    pub case: usize,
    /// The judge's output for the case, exactly.
    pub output: String,
    /// The answer in a few words.
    pub summary: String,
    /// The puzzle's answer; `None` when a limit stopped the search.
    #[serde(default)]
    pub answer: Option<A>,
    /// The limit that stopped the search, if one did.
    #[serde(default)]
    pub stopped: Option<String>,
    /// What the search did.
    pub stats: StatsReport,
    /// The boards along the solution, when asked for.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub steps: Option<Vec<Step>>,
}

impl<A: Clone> Report<A> {
    /// The report of case `number`, with the boards along its solution when they are given
    /// (see [`Solved::steps`]).
    pub fn new<P: Puzzle<Answer = A>>(
        solver: &P::Solver,
        number: usize,
        case: &P::Case,
        solved: &Solved<A>,
        steps: Option<Vec<Step>>,
    ) -> Self {
        Self {
            case: number,
            output: {
                let mut text = String::new();
                output::<P>(solver, case, &solved.answer, &mut text);
                text
            },
            summary: summary::<P>(solver, &solved.answer),
            answer: solved.answer.as_ref().ok().cloned(),
            stopped: solved.answer.as_ref().err().map(ToString::to_string),
            stats: StatsReport::from(&solved.stats),
            steps,
        }
    }
}

/// A case answered by [`Puzzle::stream`]: its answer in a few words (as
/// [`Puzzle::summary`] puts it), or the limit that stopped it, and what it took.
pub type Streamed = Solved<String>;

/// Appends the judge's output for a case's answer to `out`, or the line that says a limit
/// stopped it.
pub fn output<P: Puzzle>(
    solver: &P::Solver,
    case: &P::Case,
    answer: &Result<P::Answer, StopReason>,
    out: &mut String,
) {
    match answer {
        Ok(answer) => P::output(solver, case, answer, out),
        Err(reason) => P::stopped_output(solver, case, *reason, out),
    }
}

/// A case's answer in a few words, or the limit that stopped it.
pub fn summary<P: Puzzle>(solver: &P::Solver, answer: &Result<P::Answer, StopReason>) -> String {
    match answer {
        Ok(answer) => P::summary(solver, answer),
        Err(reason) => format!("stopped: {reason}"),
    }
}

/// "1 move", "19 moves".
pub fn moves_summary(count: usize) -> String {
    match count {
        1 => "1 move".to_string(),
        _ => format!("{count} moves"),
    }
}

/// An optional count given as a number (JSON) or as text (a command line's `--size 12`), for
/// `#[serde(deserialize_with = "...")]`.
pub fn count_or_text<'de, D: serde::Deserializer<'de>>(from: D) -> Result<Option<usize>, D::Error> {
    use serde::de::Error as _;
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Given {
        Number(usize),
        Text(String),
    }
    match Option::<Given>::deserialize(from)? {
        None => Ok(None),
        Some(Given::Number(count)) => Ok(Some(count)),
        Some(Given::Text(text)) => text
            .trim()
            .parse()
            .map(Some)
            .map_err(|_| D::Error::custom(format!("expected a number, not {text:?}"))),
    }
}

/// A `--stats` line about a table a solver built for a case: its states, layers and time.
pub fn table_note(stats: &Stats) -> String {
    format!(
        "table: {} positions, {} layers, built in {}",
        stats.expanded,
        stats.layers.len(),
        format_duration(stats.elapsed)
    )
}

/// A duration in the unit that reads best: `285.5 us`, `10.485 ms`, `2.130 s`.
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

#[cfg(test)]
mod tests {
    use std::time::Instant;

    use super::*;

    #[test]
    fn every_search_gets_its_own_deadline() {
        let limits = CaseLimits {
            time_limit: Some(Duration::from_millis(40)),
            ..CaseLimits::default()
        };
        let first = limits.start().deadline.unwrap();
        std::thread::sleep(Duration::from_millis(50));
        let second = limits.start().deadline.unwrap();
        assert!(first < Instant::now(), "the first search's time is up");
        assert!(second > Instant::now(), "the next search has its own 40 ms");
    }
}
