//! The sliding puzzles' faces: the Eight puzzle in its judges' format ([`Eight`]) and boards of
//! any size one per line ([`Sliding`]), behind the [`Puzzle`] trait every front-end uses.

use std::cell::Cell;
use std::fmt::Write;
use std::io;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use statespace_engine::pattern_database::{BuildOptions, Header, PatternSpace, TableCache};
use statespace_engine::{Outcome, PerfectHash, SearchResult, Stats, StopReason};

use crate::input::{Input, ParseError, Source};
use crate::puzzle::{
    About, CaseLimits, Closing, LengthChecks, OptionKind, OptionSpec, OptionsError, Progress,
    Puzzle, Solved, Space, Step, Streamed, TableStatus, format_duration, moves_summary,
    thread_count,
};

use super::board::{Board, Move, Shape};
use super::fast::write_fast_solution;
use super::generate::random_boards;
use super::heuristic::Estimate;
use super::packed::PackedBoard;
use super::parse::{read_board, read_eight};
use super::pdb::{self, Geometry, Layout, PatternTables, TilePattern, build_bytes, read_instance};
use super::print::{board_line, eight_line, steps, write_moves};
use super::solve::{self, Algorithm, Report, TABLE_MAX_CELLS};
use super::space::{SolvableBoards, SolvableSpace};

mod eight;
mod pdb_solver;
mod plain;
pub use eight::{Eight, EightGenOptions, EightOptions};
use pdb_solver::{PdbSolver, SearchThreads};
pub use plain::SlidingAnswer;
use plain::*;

/// The algorithms of the plain solver, with their help: whether the answer is a shortest one,
/// and whether it is the alphabetically smallest of those.
const SEARCHES: [(&str, &str); 7] = [
    (
        "bfs",
        "breadth-first search: shortest, the alphabetically smallest",
    ),
    ("bibfs", "bidirectional breadth-first search: shortest"),
    ("astar", "A*: shortest"),
    (
        "idastar",
        "IDA*, the estimate updated move by move: shortest, the alphabetically smallest",
    ),
    (
        "mm",
        "MM, bidirectional heuristic search meeting in the middle, the estimate both ways: shortest",
    ),
    (
        "nbs",
        "NBS, bidirectional heuristic search expanding pairs, the estimate both ways: shortest",
    ),
    (
        "dvcbs",
        "DVCBS, bidirectional heuristic search expanding a least vertex cover of the pairs, the \
         estimate both ways: shortest",
    ),
];

/// The option choosing the estimate of the heuristic searches, `default` unless chosen, not taken with the
/// option `without`.
const fn heuristic(default: &'static str, without: Option<&'static str>) -> OptionSpec {
    OptionSpec {
        name: "heuristic",
        label: "estimate",
        help: "how A*, IDA*, MM, NBS and DVCBS estimate the moves left",
        kind: OptionKind::Choice {
            values: &[
                (
                    "manhattan",
                    "Manhattan distance: the sum of the tiles' steps to their home cells",
                ),
                (
                    "conflicts",
                    "Manhattan distance plus two moves for each pair of tiles in their home \
                     line in the wrong order (linear conflicts)",
                ),
            ],
            default,
        },
        without,
        shapes_board: false,
    }
}

/// The row-by-row method, with its help.
const FAST: (&str, &str) = (
    "fast",
    "the row-by-row method: any size, quickly, not shortest",
);

/// Sliding-tile puzzles of any size, one board per line (or Korf's benchmark lines).
#[derive(Clone, Copy, Debug)]
pub struct Sliding;

/// The input formats of the sliding puzzle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    /// One board per line, 0 or x for the blank.
    #[default]
    Boards,
    /// The benchmark files' lines: id, tiles row by row, optional optimal length; solved with
    /// pattern databases, each length checked.
    Korf,
}

/// How sliding boards are read and solved.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SlidingOptions {
    /// Every board's size; without it each line must hold a square board.
    pub size: Option<Shape>,
    /// The algorithm (default: auto). Not with pattern databases.
    pub algo: Option<Algorithm>,
    /// The estimate of A*, IDA*, MM, NBS and DVCBS (default: conflicts). Not with pattern databases.
    pub heuristic: Option<Estimate>,
    /// The input format.
    pub format: Format,
    /// Solve with pattern databases of this layout (`78`, `663`, `555`, `6666`, `default`, or
    /// groups of goal cells).
    pub pdb: Option<String>,
    /// The goal for pattern databases: `blank-last` (the default), `blank-first` (the default
    /// of the korf format), or the goal's tiles.
    pub goal: Option<String>,
    /// The folder that keeps the tables from run to run (without one, a run builds them in
    /// memory; the command line gives the user's cache folder).
    pub pdb_dir: Option<PathBuf>,
    /// Threads IDA* splits its tree over (default 1). Without pattern databases every number
    /// gives the alphabetically smallest optimal answer; with them, more than one searches
    /// boards side by side and splits large iterations tightest subtree first: an optimal
    /// answer, not always the alphabetically smallest.
    pub threads: Option<usize>,
}

impl SlidingOptions {
    /// Whether the boards are solved with pattern databases.
    pub fn wants_pdb(&self) -> bool {
        self.pdb.is_some() || self.goal.is_some() || self.format == Format::Korf
    }
}

/// A board of the input, with its id and recorded optimal length in the korf format.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SlidingCase {
    /// The benchmark's name for the board.
    pub id: Option<String>,
    /// The board.
    pub board: Board,
    /// The optimal length the input records.
    pub optimal: Option<u32>,
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

/// The sliding puzzle's solver: the plain one, or pattern databases.
#[derive(Debug)]
pub struct SlidingSolver {
    options: SlidingOptions,
    /// The size the input's last `size RxC` line declared.
    declared: Cell<Option<Shape>>,
    plain: solve::Solver,
    pdb: Option<PdbSolver>,
}

impl Puzzle for Sliding {
    const ABOUT: About = About {
        name: "sliding",
        title: "Sliding-tile puzzles of any size",
        judges: "the 15-puzzle, the 24-puzzle and any R x C board",
        input: "one board per line, its tiles row by row, 0 or x for the blank",
        algorithms: &[
            (
                "auto",
                "the table up to 10 cells, IDA* beyond: shortest, the alphabetically smallest",
            ),
            (
                "table",
                "exact distances from the goal to every board (up to 10 cells): shortest, the \
                 alphabetically smallest",
            ),
            SEARCHES[0],
            SEARCHES[1],
            SEARCHES[2],
            SEARCHES[3],
            SEARCHES[4],
            SEARCHES[5],
            SEARCHES[6],
            FAST,
        ],
        example: include_str!("../../../../examples/sliding.txt"),
        layouts: &[
            ("default", "the board's own: 78 on 4x4, 6666 on 5x5"),
            (
                "78",
                "4x4: tables of 7 and 8 tiles, 577 MB, the fastest searches",
            ),
            ("663", "4x4: tables of 6, 6 and 3 tiles, 12 MB"),
            (
                "555",
                "4x4: three tables of 5 tiles, 1.6 MB, built in a second",
            ),
            ("6666", "5x5: four tables of 6 tiles, 510 MB"),
        ],
    };
    const OPTIONS: &'static [OptionSpec] = &[
        OptionSpec {
            name: "size",
            label: "board size",
            help: "rows x columns of every board; unset, each board is square",
            kind: OptionKind::Text {
                pattern: "[1-9][0-9]*[xX][1-9][0-9]*",
                example: "3x4",
                default: None,
            },
            without: None,
            shapes_board: true,
        },
        OptionSpec {
            without: Some("pdb"),
            ..OptionSpec::algorithm(Self::ABOUT.algorithms)
        },
        heuristic("conflicts", Some("pdb")),
        OptionSpec::threads(
            "the threads IDA* splits its tree over (default 1); every number gives the same \
             length",
        ),
    ];
    type Options = SlidingOptions;
    type GenOptions = SlidingGenOptions;
    type Case = SlidingCase;
    type Answer = SlidingAnswer;
    type Solver = SlidingSolver;

    fn solver(
        options: &SlidingOptions,
        limits: &CaseLimits,
        progress: Option<Progress>,
    ) -> Result<SlidingSolver, OptionsError> {
        let algorithm = options.algo.unwrap_or(Algorithm::Auto);
        let pdb = if options.wants_pdb() {
            if options.algo.is_some() || options.heuristic.is_some() {
                return Err(OptionsError::new(
                    "an algorithm or heuristic does not apply to pattern databases (a layout, a goal, or the korf format)",
                ));
            }
            Some(PdbSolver::new(options, limits.max_memory, progress).map_err(OptionsError::new)?)
        } else {
            None
        };
        if let Some(message) = options.size.and_then(|shape| refusal(algorithm, shape)) {
            return Err(OptionsError::new(message));
        }
        Ok(SlidingSolver {
            options: options.clone(),
            declared: Cell::new(None),
            plain: solve::Solver::new(solve::Options {
                algorithm,
                estimate: options.heuristic.unwrap_or(Estimate::LinearConflicts),
                threads: thread_count(options.threads, 1)?,
            }),
            pdb,
        })
    }

    fn read_case(
        solver: &SlidingSolver,
        input: &mut Input<impl Source>,
        _: usize,
    ) -> Result<Option<SlidingCase>, ParseError> {
        let case = match solver.options.format {
            Format::Korf => read_korf(input, solver.options.size)?,
            Format::Boards => {
                read_board(input, solver.options.size, &solver.declared)?.map(|board| SlidingCase {
                    id: None,
                    board,
                    optimal: None,
                })
            }
        };
        let Some(case) = case else {
            return Ok(None);
        };
        let shape = case.board.shape();
        let refused = match &solver.pdb {
            Some(pdb) => pdb.check(shape).err(),
            None => refusal(solver.plain.options().algorithm, shape),
        };
        match refused {
            Some(message) => Err(ParseError::new(input.line_read(), message)),
            None => Ok(Some(case)),
        }
    }

    fn solve(
        solver: &mut SlidingSolver,
        case: &SlidingCase,
        limits: &CaseLimits,
    ) -> Solved<SlidingAnswer> {
        Self::solve_all(solver, std::slice::from_ref(case), limits)
            .pop()
            .expect("one answer per case")
    }

    fn batch(solver: &SlidingSolver, first: &SlidingCase) -> usize {
        let cells = first.board.shape().cells();
        match &solver.pdb {
            Some(pdb) if matches!(pdb.threads_for(cells), SearchThreads::SideBySide(_)) => {
                PDB_BATCH
            }
            _ => 1,
        }
    }

    fn solve_all(
        solver: &mut SlidingSolver,
        cases: &[SlidingCase],
        limits: &CaseLimits,
    ) -> Vec<Solved<SlidingAnswer>> {
        match &mut solver.pdb {
            Some(pdb) => pdb.solve_all(cases, limits),
            None => cases
                .iter()
                .map(|case| solve_plain(&mut solver.plain, &case.board, limits))
                .collect(),
        }
    }

    fn tables(solver: &SlidingSolver) -> Vec<TableStatus> {
        solver.pdb.as_ref().map_or_else(Vec::new, PdbSolver::tables)
    }

    fn build_tables(
        solver: &mut SlidingSolver,
        limits: &CaseLimits,
    ) -> Result<Vec<String>, StopReason> {
        let mut notes = Vec::new();
        if let Some(pdb) = &mut solver.pdb
            && let Some(Ok(geometry)) = pdb.shape.map(Geometry::of)
        {
            pdb.load(geometry, limits, &mut notes)?;
        }
        Ok(notes)
    }

    fn stream(
        solver: &mut SlidingSolver,
        case: &SlidingCase,
        limits: &CaseLimits,
        out: &mut dyn io::Write,
    ) -> Option<io::Result<Streamed>> {
        // A Korf-format line starts with the solution's length, known only at its end.
        let streams = solver.pdb.is_none()
            && case.id.is_none()
            && solver.plain.options().algorithm == Algorithm::Fast
            && case.board.is_solvable();
        streams.then(|| stream_fast(&case.board, limits, out))
    }

    fn output(_: &SlidingSolver, case: &SlidingCase, answer: &SlidingAnswer, out: &mut String) {
        if let Some(id) = &case.id {
            let length = answer
                .moves
                .as_ref()
                .map_or("-".to_string(), |moves| moves.len().to_string());
            let _ = write!(out, "{id} {length} ");
        }
        answer.write_line(out);
    }

    fn stopped_output(_: &SlidingSolver, case: &SlidingCase, reason: StopReason, out: &mut String) {
        if let Some(id) = &case.id {
            let _ = write!(out, "{id} - ");
        }
        let _ = writeln!(out, "stopped: {reason}");
    }

    fn summary(_: &SlidingSolver, answer: &SlidingAnswer) -> String {
        answer.summary()
    }

    fn steps(_: &SlidingSolver, case: &SlidingCase, answer: Option<&SlidingAnswer>) -> Vec<Step> {
        solution_steps(&case.board, answer)
    }

    fn solution_moves(_: &SlidingSolver, answer: &SlidingAnswer) -> usize {
        answer.length()
    }

    fn case_input(_: &SlidingSolver, case: &SlidingCase) -> String {
        format!("{}\n", board_line(&case.board))
    }

    fn moves(_: &SlidingSolver, case: &SlidingCase) -> Vec<(String, SlidingCase)> {
        case.board
            .successors()
            .into_iter()
            .map(|(step, board)| {
                let next = SlidingCase {
                    id: None,
                    board,
                    optimal: None,
                };
                (step.letter().to_string(), next)
            })
            .collect()
    }

    fn generate(
        options: &SlidingGenOptions,
        count: usize,
        seed: u64,
    ) -> Result<String, OptionsError> {
        let shape = options.size;
        // A board's count of tiles says its size only when it is square.
        let header = if shape.rows() == shape.cols() {
            String::new()
        } else {
            format!("size {shape}\n")
        };
        let boards = random_boards(shape, seed, options.solvable).take(count);
        Ok(header
            + &boards
                .map(|board| format!("{}\n", board_line(&board)))
                .collect::<String>())
    }

    fn space(options: &SlidingOptions) -> Result<Option<Space>, OptionsError> {
        let shape = options
            .size
            .ok_or_else(|| OptionsError::new("exploring sliding boards needs their size"))?;
        if options.pdb.is_some() || options.format == Format::Korf {
            return Err(OptionsError::new(
                "exploration takes no pattern databases and no korf format",
            ));
        }
        if shape.cells() > PackedBoard::MAX_CELLS {
            return Err(OptionsError::new(format!(
                "exploration ranks boards of at most {} cells, not {shape}",
                PackedBoard::MAX_CELLS
            )));
        }
        let goal = Board::goal(shape, options.goal.as_deref()).map_err(OptionsError::new)?;
        Ok(Some(packed_space(shape, &goal)))
    }

    fn finish(solver: &SlidingSolver) -> Closing {
        match (&solver.pdb, solver.options.format) {
            (Some(pdb), Format::Korf) => pdb.closing(),
            _ => Closing::default(),
        }
    }
}

/// The cases answered together by pattern databases on several threads: enough to keep the
/// threads busy to the end of a batch of short searches (Korf's 15-puzzles take 1 to 100 ms).
const PDB_BATCH: usize = 64;

/// The answer of a search that finds shortest solutions.
fn shortest_answer(outcome: Outcome<Move>) -> Result<SlidingAnswer, StopReason> {
    match outcome {
        Outcome::Found(solution) => Ok(SlidingAnswer {
            moves: Some(solution.actions),
            shortest: true,
        }),
        Outcome::Exhausted => Ok(SlidingAnswer {
            moves: None,
            shortest: true,
        }),
        Outcome::Stopped(reason) => Err(reason),
    }
}

/// The next benchmark line of `input` as a case.
fn read_korf(
    input: &mut Input<impl Source>,
    size: Option<Shape>,
) -> Result<Option<SlidingCase>, ParseError> {
    let geometry = size
        .map(Geometry::of)
        .transpose()
        .map_err(|message| ParseError::new(input.line_read() + 1, message))?;
    let Some(instance) = read_instance(input, geometry)? else {
        return Ok(None);
    };
    Ok(Some(SlidingCase {
        id: Some(instance.id),
        board: instance.board,
        optimal: instance.optimal,
    }))
}
