//! Solitaire's face: its judges' format, the pool of solvers and random queries behind the
//! [`Puzzle`] trait every front-end uses.

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use statespace_engine::{Outcome, PerfectHash, StopReason};

use crate::input::{Input, ParseError, Source};
use crate::puzzle::{
    About, CaseLimits, OptionKind, OptionSpec, OptionsError, Progress, Puzzle, Solved, Space, Step,
    thread_count,
};

use super::domain::Solitaire;
use super::generate::random_cases;
use super::grid::{Grid, Move};
use super::parse::{Case, PieceCount, parse_configuration, read_case};
use super::placement::{Bitboard, CellList, Placement};
use super::pool::Pool;
use super::print::{describe, draw, format_case, move_name, steps};
use super::solve::{Algorithm, Answer, JUDGE_MAX_MOVES, Settings};

/// Solitaire (UVa 1724, HDU 1401, POJ 1198).
#[derive(Clone, Copy, Debug)]
pub struct SolitairePuzzle;

/// The board, how cases are read, and how they are answered.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SolitaireOptions {
    /// Rows of the board.
    pub rows: usize,
    /// Columns of the board.
    pub cols: usize,
    /// Pieces per configuration: a number, or `auto` for one configuration per line.
    pub pieces: Pieces,
    /// The most moves a solution may take.
    pub max_moves: u32,
    /// Print the fewest moves (or `NO` past the bound) instead of `YES` or `NO`.
    pub moves: bool,
    /// The search.
    pub algo: Algorithm,
    /// Threads answering cases side by side (default: one per core).
    pub threads: Option<usize>,
    /// The placement an exploration starts from, as `row column` pairs (default: `pieces`
    /// pieces on the first cells, row by row).
    pub goal: Option<String>,
}

impl Default for SolitaireOptions {
    /// The judges' settings: four pieces on 8×8, at most 8 moves.
    fn default() -> Self {
        Self {
            rows: 8,
            cols: 8,
            pieces: Pieces(PieceCount::Fixed(4)),
            max_moves: JUDGE_MAX_MOVES,
            moves: false,
            algo: Algorithm::Bidirectional,
            threads: None,
            goal: None,
        }
    }
}

/// `pieces`: a positive number, or `auto` (one configuration per line).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Pieces(pub PieceCount);

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

impl TryFrom<String> for Pieces {
    type Error = String;
    fn try_from(text: String) -> Result<Self, String> {
        text.parse()
    }
}

impl fmt::Display for Pieces {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            PieceCount::Fixed(count) => write!(f, "{count}"),
            PieceCount::PerLine => f.write_str("auto"),
        }
    }
}

impl From<Pieces> for String {
    fn from(pieces: Pieces) -> String {
        pieces.to_string()
    }
}

/// What random queries `gen` draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SolitaireGenOptions {
    /// Rows of the board.
    pub rows: usize,
    /// Columns of the board.
    pub cols: usize,
    /// Pieces per configuration.
    pub pieces: usize,
}

impl Default for SolitaireGenOptions {
    fn default() -> Self {
        Self {
            rows: 8,
            cols: 8,
            pieces: 4,
        }
    }
}

/// A query's answer; in `--json`, the moves by their names (`4,5-4,6`) and the summary.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolitaireAnswer {
    /// A shortest sequence of moves to the target, when it is within the bound (`YES`).
    pub moves: Option<Vec<Move>>,
    /// The answer in a few words: `7 moves`, `NO (at least 22 moves)`.
    pub summary: String,
    /// The board the moves are made on, which names their cells.
    pub grid: Grid,
}

impl Serialize for SolitaireAnswer {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Shown<'a> {
            moves: Option<Vec<String>>,
            summary: &'a str,
        }
        let names = |moves: &Vec<Move>| {
            moves
                .iter()
                .map(|&step| move_name(self.grid, step))
                .collect()
        };
        Shown {
            moves: self.moves.as_ref().map(names),
            summary: &self.summary,
        }
        .serialize(serializer)
    }
}

/// The pool of solvers and what it reads cases with.
#[derive(Debug)]
pub struct SolitaireSolver {
    options: SolitaireOptions,
    grid: Grid,
    pool: Pool,
}

impl SolitaireSolver {
    /// The answer to the puzzle of one search's result.
    fn answer(&self, answer: Answer) -> Solved<SolitaireAnswer> {
        let summary = describe(&answer, self.options.max_moves);
        let Answer { result, .. } = answer;
        let reply = match result.outcome {
            Outcome::Found(solution) => Ok(Some(solution.actions)),
            Outcome::Exhausted | Outcome::Stopped(StopReason::DepthLimit) => Ok(None),
            Outcome::Stopped(reason) => Err(reason),
        };
        let reply = reply.map(|moves| SolitaireAnswer {
            moves,
            summary,
            grid: self.grid,
        });
        Solved::new(reply, result.stats)
    }
}

/// The option `name` giving the board's rows or columns, 8 by default as the judges'.
const fn board_side(name: &'static str, label: &'static str, help: &'static str) -> OptionSpec {
    OptionSpec {
        name,
        label,
        help,
        kind: OptionKind::Number {
            min: 1,
            max: 256,
            default: Some(8),
        },
        without: None,
        shapes_board: true,
    }
}

impl Puzzle for SolitairePuzzle {
    const ABOUT: About = About {
        name: "solitaire",
        title: "Solitaire",
        judges: "UVa 1724, HDU 1401, POJ 1198",
        input: "per case a start and a target: 4 row-column pairs each, 1-8, any white space",
        algorithms: &[
            ("bibfs", "bidirectional breadth-first search"),
            (
                "bfs",
                "plain breadth-first search from the start (a reference)",
            ),
        ],
        example: include_str!("../../../../examples/solitaire.txt"),
        layouts: &[],
    };
    const OPTIONS: &'static [OptionSpec] = &[
        OptionSpec::algorithm(Self::ABOUT.algorithms),
        board_side("rows", "rows", "rows of the board (the judges' is 8)"),
        board_side("cols", "columns", "columns of the board (the judges' is 8)"),
        OptionSpec {
            name: "pieces",
            label: "pieces",
            help: "pieces per placement, or auto for one placement per line",
            kind: OptionKind::Text {
                pattern: "[1-9][0-9]*|auto",
                example: "4",
                default: Some("4"),
            },
            without: None,
            shapes_board: true,
        },
        OptionSpec {
            name: "max_moves",
            label: "most moves",
            help: "the most moves a solution may take (the judges' is 8)",
            kind: OptionKind::Number {
                min: 0,
                max: u32::MAX as u64,
                default: Some(JUDGE_MAX_MOVES as u64),
            },
            without: None,
            shapes_board: false,
        },
        OptionSpec {
            name: "moves",
            label: "count the moves",
            help: "answer with the fewest moves instead of YES or NO",
            kind: OptionKind::Flag { default: false },
            without: None,
            shapes_board: false,
        },
        OptionSpec::threads("threads answering cases side by side (default: one per core)"),
    ];
    type Options = SolitaireOptions;
    type GenOptions = SolitaireGenOptions;
    type Case = Case;
    type Answer = SolitaireAnswer;
    type Solver = SolitaireSolver;

    fn batch(_: &SolitaireSolver, _: &Case) -> usize {
        4096
    }

    fn solver(
        options: &SolitaireOptions,
        _: &CaseLimits,
        _: Option<Progress>,
    ) -> Result<SolitaireSolver, OptionsError> {
        let grid = Grid::new(options.rows, options.cols)
            .map_err(|error| OptionsError::new(error.to_string()))?;
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
        let threads = thread_count(options.threads, cores)?;
        let settings = Settings {
            max_moves: options.max_moves,
            algorithm: options.algo,
        };
        Ok(SolitaireSolver {
            options: options.clone(),
            grid,
            pool: Pool::new(grid, settings, threads),
        })
    }

    fn read_case(
        solver: &SolitaireSolver,
        input: &mut Input<impl Source>,
        _: usize,
    ) -> Result<Option<Case>, ParseError> {
        read_case(input, solver.grid, solver.options.pieces.0)
    }

    fn solve(
        solver: &mut SolitaireSolver,
        case: &Case,
        limits: &CaseLimits,
    ) -> Solved<SolitaireAnswer> {
        Self::solve_all(solver, std::slice::from_ref(case), limits)
            .pop()
            .expect("one answer per case")
    }

    fn solve_all(
        solver: &mut SolitaireSolver,
        cases: &[Case],
        limits: &CaseLimits,
    ) -> Vec<Solved<SolitaireAnswer>> {
        let answers = solver.pool.solve_all(cases, limits);
        answers
            .into_iter()
            .map(|answer| solver.answer(answer))
            .collect()
    }

    fn output(solver: &SolitaireSolver, _: &Case, answer: &SolitaireAnswer, out: &mut String) {
        match (&answer.moves, solver.options.moves) {
            (Some(moves), true) => out.push_str(&moves.len().to_string()),
            (Some(_), false) => out.push_str("YES"),
            (None, _) => out.push_str("NO"),
        }
        out.push('\n');
    }

    fn summary(_: &SolitaireSolver, answer: &SolitaireAnswer) -> String {
        answer.summary.clone()
    }

    fn steps(solver: &SolitaireSolver, case: &Case, answer: Option<&SolitaireAnswer>) -> Vec<Step> {
        let moves = answer.and_then(|answer| answer.moves.as_deref());
        steps(solver.grid, &case.start, moves.unwrap_or_default())
    }

    fn solution_moves(_: &SolitaireSolver, answer: &SolitaireAnswer) -> usize {
        answer.moves.as_ref().map_or(0, Vec::len)
    }

    fn case_input(solver: &SolitaireSolver, case: &Case) -> String {
        format!("{}\n", format_case(solver.grid, case))
    }

    /// The start moves; the target stays.
    fn moves(solver: &SolitaireSolver, case: &Case) -> Vec<(String, Case)> {
        let placement = CellList::from_cells(&case.start);
        let mut moves = Vec::new();
        solver.grid.moves(&placement, &mut moves, |_| true);
        moves
            .into_iter()
            .map(|step| {
                let mut start: Vec<u16> = case.start.clone();
                start.retain(|&cell| cell != step.from);
                start.push(step.to);
                start.sort_unstable();
                let next = Case {
                    start,
                    target: case.target.clone(),
                };
                (move_name(solver.grid, step), next)
            })
            .collect()
    }

    fn space(options: &SolitaireOptions) -> Result<Option<Space>, OptionsError> {
        let grid = Grid::new(options.rows, options.cols)
            .map_err(|error| OptionsError::new(error.to_string()))?;
        if grid.cells() > 64 {
            return Err(OptionsError::new(format!(
                "exploring needs a board of at most 64 cells, not {grid}"
            )));
        }
        let goal = match (&options.goal, options.pieces.0) {
            (Some(text), _) => parse_configuration(text, grid)
                .map_err(|error| OptionsError::new(format!("goal {text:?}: {error}")))?,
            (None, PieceCount::Fixed(count)) if count <= grid.cells() => {
                (0..count as u16).collect()
            }
            (None, _) => {
                return Err(OptionsError::new(format!(
                    "{} pieces do not fit on the {grid} board: give a goal",
                    options.pieces
                )));
            }
        };
        if goal.is_empty() {
            return Err(OptionsError::new("the goal needs at least one piece"));
        }
        let domain = Solitaire::new(grid, Bitboard::from_cells(&goal));
        let goals = vec![domain.rank(domain.target())];
        let drawing = domain.clone();
        Ok(Some(Space {
            ranked: Arc::new(domain),
            goals,
            draw: Box::new(move |rank| draw(grid, &drawing.unrank(rank))),
        }))
    }

    fn generate(
        options: &SolitaireGenOptions,
        count: usize,
        seed: u64,
    ) -> Result<String, OptionsError> {
        let grid = Grid::new(options.rows, options.cols)
            .map_err(|error| OptionsError::new(error.to_string()))?;
        if options.pieces == 0 {
            return Err(OptionsError::new(
                "a configuration needs at least one piece",
            ));
        }
        if options.pieces > grid.cells() {
            return Err(OptionsError::new(format!(
                "{} pieces do not fit on the {grid} board",
                options.pieces
            )));
        }
        let cases = random_cases(grid, options.pieces, count, seed);
        Ok(cases
            .iter()
            .map(|case| format!("{}\n", format_case(grid, case)))
            .collect())
    }
}
