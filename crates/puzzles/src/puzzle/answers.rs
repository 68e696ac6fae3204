//! What becomes of a case's answer: the judge's output, a summary, a `--json` report with its
//! statistics, the boards along the solution, the checks of recorded lengths, and `--stats` lines.

use std::fmt::Display;
use std::time::Duration;

use serde::{Deserialize, Serialize};
use statespace_engine::{Stats, StopReason};

use super::{CaseLimits, Puzzle};

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
