//! The sliding puzzles' faces: the Eight puzzle in its judges' format ([`Eight`]) and boards of
//! any size one per line ([`Sliding`]), behind the [`Puzzle`] trait every front-end uses.

use serde::{Deserialize, Serialize};
use statespace_engine::Stats;

use crate::input::{Input, ParseError, Source};
use crate::puzzle::{
    About, CaseLimits, OptionsError, Puzzle, Solved, Step, format_duration, moves_summary,
};

use super::board::{Board, Move, Shape};
use super::heuristic::Estimate;
use super::parse::{read_board, read_eight};
use super::print::{board_line, eight_line, moves_string, random_boards, steps};
use super::solve::{self, Algorithm, Report, TABLE_MAX_CELLS};

/// A board's answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SlidingAnswer {
    /// The moves of a solution (none for a solved board); `None` when the board is unsolvable.
    pub moves: Option<Vec<Move>>,
    /// Whether the solution is known to be a shortest one (not with the fast method).
    pub shortest: bool,
}

impl SlidingAnswer {
    /// The judge's line: the moves, or `unsolvable`.
    fn line(&self) -> String {
        match &self.moves {
            Some(moves) => moves_string(moves),
            None => "unsolvable".to_string(),
        }
    }

    /// The answer in a few words.
    fn summary(&self) -> String {
        match &self.moves {
            Some(moves) if self.shortest => moves_summary(moves.len()),
            Some(moves) => format!("{} (not shortest)", moves_summary(moves.len())),
            None => "unsolvable".to_string(),
        }
    }
}

/// Answers boards with the plain solver (every algorithm but pattern databases).
fn solve_plain(
    solver: &mut solve::Solver,
    board: &Board,
    limits: &CaseLimits,
) -> Solved<SlidingAnswer> {
    let report = solver
        .solve(board, &limits.start())
        .expect("boards too large for the table are refused as they are read");
    let Report {
        answer,
        shortest,
        stats,
        table_built,
    } = report;
    let answer = match answer {
        solve::Answer::Solved(moves) => Ok(SlidingAnswer {
            moves: Some(moves),
            shortest,
        }),
        solve::Answer::Unsolvable => Ok(SlidingAnswer {
            moves: None,
            shortest,
        }),
        solve::Answer::Stopped(reason) => Err(reason),
    };
    Solved {
        answer,
        stats,
        notes: table_built
            .iter()
            .map(|build| table_note(board.shape(), build))
            .collect(),
    }
}

/// The statistics line of a distance table's construction.
fn table_note(shape: Shape, build: &Stats) -> String {
    format!(
        "table {shape}: {} boards within {} moves of the goal, built in {}",
        build.stored,
        build.layers.len().saturating_sub(1),
        format_duration(build.elapsed)
    )
}

/// Why `algorithm` cannot solve boards of `shape`, if it cannot.
fn refusal(algorithm: Algorithm, shape: Shape) -> Option<String> {
    (algorithm == Algorithm::Table && shape.cells() > TABLE_MAX_CELLS)
        .then(|| solve::SolveError::TooBigForTable(shape).to_string())
}

/// The start and the board after every move of a solution.
fn solution_steps(board: &Board, answer: Option<&SlidingAnswer>) -> Vec<Step> {
    let moves = answer.and_then(|answer| answer.moves.as_deref());
    steps(board, moves.unwrap_or_default())
}

/// The Eight puzzle (HDU 1043, POJ 1077, AcWing 179).
#[derive(Clone, Copy, Debug)]
pub struct Eight;

/// How Eight puzzle boards are solved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct EightOptions {
    /// The algorithm.
    pub algo: Algorithm,
    /// The estimate of A* and IDA*.
    pub heuristic: Estimate,
}

impl Default for EightOptions {
    fn default() -> Self {
        Self {
            algo: Algorithm::Table,
            heuristic: Estimate::Manhattan,
        }
    }
}

/// What random boards `gen` draws.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct EightGenOptions {
    /// Only solvable boards.
    pub solvable: bool,
}

/// The algorithms of the plain solver, with their help.
const SEARCHES: [(&str, &str); 4] = [
    ("bfs", "breadth-first search"),
    ("bibfs", "bidirectional breadth-first search"),
    ("astar", "A*"),
    ("idastar", "IDA*, the estimate updated move by move"),
];

impl Puzzle for Eight {
    const ABOUT: About = About {
        name: "eight",
        title: "The Eight puzzle",
        judges: "HDU 1043, POJ 1077, AcWing 179",
        input: "9 tokens per case, 1-8 and x (the blank), row by row",
        algorithms: &[
            (
                "table",
                "exact distances from the goal to all 181,440 boards, built once per run",
            ),
            SEARCHES[0],
            SEARCHES[1],
            SEARCHES[2],
            SEARCHES[3],
        ],
        example: include_str!("../../../../examples/eight.txt"),
    };
    type Options = EightOptions;
    type GenOptions = EightGenOptions;
    type Case = Board;
    type Answer = SlidingAnswer;
    type Solver = solve::Solver;

    fn solver(options: &EightOptions) -> Result<solve::Solver, OptionsError> {
        Ok(solve::Solver::new(solve::Options {
            algorithm: options.algo,
            estimate: options.heuristic,
        }))
    }

    fn read_case(
        _: &solve::Solver,
        input: &mut Input<impl Source>,
        _: usize,
    ) -> Result<Option<Board>, ParseError> {
        read_eight(input)
    }

    fn solve(
        solver: &mut solve::Solver,
        board: &Board,
        limits: &CaseLimits,
    ) -> Solved<SlidingAnswer> {
        solve_plain(solver, board, limits)
    }

    fn output(_: &solve::Solver, _: &Board, answer: &SlidingAnswer) -> String {
        format!("{}\n", answer.line())
    }

    fn summary(_: &solve::Solver, answer: &SlidingAnswer) -> String {
        answer.summary()
    }

    fn steps(_: &solve::Solver, board: &Board, answer: Option<&SlidingAnswer>) -> Vec<Step> {
        solution_steps(board, answer)
    }

    fn case_input(_: &solve::Solver, board: &Board) -> String {
        format!("{}\n", eight_line(board))
    }

    fn generate(
        options: &EightGenOptions,
        count: usize,
        seed: u64,
    ) -> Result<String, OptionsError> {
        let shape = Shape::new(3, 3).expect("3x3 is a shape");
        let boards = random_boards(shape, seed, options.solvable).take(count);
        Ok(boards
            .map(|board| format!("{}\n", eight_line(&board)))
            .collect())
    }
}

/// Sliding-tile puzzles of any size, one board per line.
#[derive(Clone, Copy, Debug)]
pub struct Sliding;

/// How sliding boards are read and solved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SlidingOptions {
    /// Every board's size; without it each line must hold a square board.
    pub size: Option<Shape>,
    /// The algorithm.
    pub algo: Algorithm,
    /// The estimate of A* and IDA*.
    pub heuristic: Estimate,
}

impl Default for SlidingOptions {
    fn default() -> Self {
        Self {
            size: None,
            algo: Algorithm::Auto,
            heuristic: Estimate::LinearConflicts,
        }
    }
}

/// What random boards `gen` draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SlidingGenOptions {
    /// The boards' size.
    pub size: Shape,
    /// Only solvable boards.
    pub solvable: bool,
}

impl Default for SlidingGenOptions {
    fn default() -> Self {
        Self {
            size: Shape::new(4, 4).expect("4x4 is a shape"),
            solvable: false,
        }
    }
}

/// The sliding puzzle's solver and the options it reads boards with.
#[derive(Debug)]
pub struct SlidingSolver {
    options: SlidingOptions,
    plain: solve::Solver,
}

impl Puzzle for Sliding {
    const ABOUT: About = About {
        name: "sliding",
        title: "Sliding-tile puzzles of any size",
        judges: "the 15-puzzle, the 24-puzzle and any R x C board",
        input: "one board per line, its tiles row by row, 0 or x for the blank",
        algorithms: &[
            ("auto", "the table up to 10 cells, IDA* beyond"),
            (
                "table",
                "exact distances from the goal to every board (up to 10 cells)",
            ),
            SEARCHES[0],
            SEARCHES[1],
            SEARCHES[2],
            SEARCHES[3],
            (
                "fast",
                "the row-by-row method: any size, quickly, not shortest",
            ),
        ],
        example: include_str!("../../../../examples/sliding.txt"),
    };
    type Options = SlidingOptions;
    type GenOptions = SlidingGenOptions;
    type Case = Board;
    type Answer = SlidingAnswer;
    type Solver = SlidingSolver;

    fn solver(options: &SlidingOptions) -> Result<SlidingSolver, OptionsError> {
        if let Some(message) = options.size.and_then(|shape| refusal(options.algo, shape)) {
            return Err(OptionsError::new(message));
        }
        Ok(SlidingSolver {
            options: *options,
            plain: solve::Solver::new(solve::Options {
                algorithm: options.algo,
                estimate: options.heuristic,
            }),
        })
    }

    fn read_case(
        solver: &SlidingSolver,
        input: &mut Input<impl Source>,
        _: usize,
    ) -> Result<Option<Board>, ParseError> {
        let Some(board) = read_board(input, solver.options.size)? else {
            return Ok(None);
        };
        match refusal(solver.options.algo, board.shape()) {
            Some(message) => Err(ParseError::new(input.line_read(), message)),
            None => Ok(Some(board)),
        }
    }

    fn solve(
        solver: &mut SlidingSolver,
        board: &Board,
        limits: &CaseLimits,
    ) -> Solved<SlidingAnswer> {
        solve_plain(&mut solver.plain, board, limits)
    }

    fn output(_: &SlidingSolver, _: &Board, answer: &SlidingAnswer) -> String {
        format!("{}\n", answer.line())
    }

    fn summary(_: &SlidingSolver, answer: &SlidingAnswer) -> String {
        answer.summary()
    }

    fn steps(_: &SlidingSolver, board: &Board, answer: Option<&SlidingAnswer>) -> Vec<Step> {
        solution_steps(board, answer)
    }

    fn case_input(_: &SlidingSolver, board: &Board) -> String {
        format!("{}\n", board_line(board))
    }

    fn generate(
        options: &SlidingGenOptions,
        count: usize,
        seed: u64,
    ) -> Result<String, OptionsError> {
        let boards = random_boards(options.size, seed, options.solvable).take(count);
        Ok(boards
            .map(|board| format!("{}\n", board_line(&board)))
            .collect())
    }
}
