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

use super::board::{Board, Move, PackedBoard, Shape};
use super::fast::write_fast_solution;
use super::generate::random_boards;
use super::heuristic::Estimate;
use super::parse::{read_board, read_eight};
use super::pdb::{self, Geometry, Layout, PatternTables, TilePattern, build_bytes, read_instance};
use super::print::{board_line, eight_line, steps, write_moves};
use super::solve::{self, Algorithm, Report, TABLE_MAX_CELLS};
use super::space::{SolvableBoards, SolvableSpace};

/// A board's answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SlidingAnswer {
    /// The moves of a solution (none for a solved board); `None` when the board is unsolvable.
    pub moves: Option<Vec<Move>>,
    /// Whether the solution is known to be a shortest one (not with the fast method).
    pub shortest: bool,
}

impl SlidingAnswer {
    /// Appends the judge's line: the moves, or `unsolvable`.
    fn write_line(&self, out: &mut String) {
        match &self.moves {
            Some(moves) => write_moves(moves, out),
            None => out.push_str("unsolvable"),
        }
        out.push('\n');
    }

    /// The moves of its solution.
    fn length(&self) -> usize {
        self.moves.as_ref().map_or(0, Vec::len)
    }

    /// The answer in a few words.
    fn summary(&self) -> String {
        match &self.moves {
            Some(moves) => solution_summary(moves.len(), self.shortest),
            None => "unsolvable".to_string(),
        }
    }
}

/// A solution of `count` moves in a few words.
fn solution_summary(count: usize, shortest: bool) -> String {
    if shortest {
        moves_summary(count)
    } else {
        format!("{} (not shortest)", moves_summary(count))
    }
}

/// Writes the fast method's line for `board`, a solvable board, as its moves are made.
fn stream_fast(
    board: &Board,
    limits: &CaseLimits,
    out: &mut dyn io::Write,
) -> io::Result<Streamed> {
    let started = Instant::now();
    let (made, mut stats) =
        write_fast_solution(board, &limits.start(), out)?.expect("a solvable board");
    out.write_all(b"\n")?;
    stats.elapsed = started.elapsed();
    let answer = made.map(|count| solution_summary(count as usize, false));
    Ok(Solved::new(answer, stats))
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

/// Every board of `shape` (which packed boards can hold) that can reach `goal`, explored from it.
///
/// Boards rank in reading order, where a move along a row steps to the next rank and a move
/// across rows carries a tile over the rest of its row to a far rank: the wider the board, the
/// dearer. So boards wider than tall are explored transposed (the same distances), which takes
/// 2×7 a fifth less time than row by row.
fn packed_space(shape: Shape, goal: &Board) -> Space {
    let wide = shape.rows() < shape.cols();
    let goal = if wide {
        goal.transposed()
    } else {
        goal.clone()
    };
    let explored = goal.shape();
    let goal = PackedBoard::from_board(&goal).expect("the shape fits a packed board");
    let boards = SolvableBoards::new(explored, &goal);
    let goals = vec![boards.rank(&goal)];
    let drawing = boards.clone();
    Space {
        ranked: Arc::new(SolvableSpace(boards)),
        goals,
        draw: Box::new(move |rank| {
            let board = drawing.unrank(rank).to_board(explored);
            if wide { board.transposed() } else { board }.to_string()
        }),
    }
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
            heuristic: Estimate::LinearConflicts,
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

/// The algorithms of the plain solver, with their help: whether the answer is a shortest one,
/// and whether it is the alphabetically smallest of those.
const SEARCHES: [(&str, &str); 4] = [
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
];

/// The option choosing the estimate of A* and IDA*, `default` unless chosen, not taken with the
/// option `without`.
const fn heuristic(default: &'static str, without: Option<&'static str>) -> OptionSpec {
    OptionSpec {
        name: "heuristic",
        label: "estimate",
        help: "how A* and IDA* estimate the moves left",
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

impl Puzzle for Eight {
    const ABOUT: About = About {
        name: "eight",
        title: "The Eight puzzle",
        judges: "HDU 1043, POJ 1077, AcWing 179",
        input: "9 tokens per case, 1-8 and x (the blank), row by row",
        algorithms: &[
            (
                "table",
                "exact distances from the goal to all 181,440 boards, built once per run: \
                 shortest, the alphabetically smallest",
            ),
            SEARCHES[0],
            SEARCHES[1],
            SEARCHES[2],
            SEARCHES[3],
            FAST,
        ],
        example: include_str!("../../../../examples/eight.txt"),
        layouts: &[],
    };
    const OPTIONS: &'static [OptionSpec] = &[
        OptionSpec::algorithm(Self::ABOUT.algorithms),
        heuristic("conflicts", None),
    ];
    type Options = EightOptions;
    type GenOptions = EightGenOptions;
    type Case = Board;
    type Answer = SlidingAnswer;
    type Solver = solve::Solver;

    fn solver(
        options: &EightOptions,
        _: &CaseLimits,
        _: Option<Progress>,
    ) -> Result<solve::Solver, OptionsError> {
        Ok(solve::Solver::new(solve::Options {
            algorithm: options.algo,
            estimate: options.heuristic,
            threads: 1,
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

    fn output(_: &solve::Solver, _: &Board, answer: &SlidingAnswer, out: &mut String) {
        answer.write_line(out);
    }

    fn summary(_: &solve::Solver, answer: &SlidingAnswer) -> String {
        answer.summary()
    }

    fn steps(_: &solve::Solver, board: &Board, answer: Option<&SlidingAnswer>) -> Vec<Step> {
        solution_steps(board, answer)
    }

    fn solution_moves(_: &solve::Solver, answer: &SlidingAnswer) -> usize {
        answer.length()
    }

    fn case_input(_: &solve::Solver, board: &Board) -> String {
        format!("{}\n", eight_line(board))
    }

    fn moves(_: &solve::Solver, board: &Board) -> Vec<(String, Board)> {
        board
            .successors()
            .into_iter()
            .map(|(step, next)| (step.letter().to_string(), next))
            .collect()
    }

    fn space(_: &EightOptions) -> Result<Option<Space>, OptionsError> {
        let shape = Shape::new(3, 3).expect("3x3 is a shape");
        Ok(Some(packed_space(shape, &Board::solved(shape))))
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
    /// The estimate of A* and IDA* (default: conflicts). Not with pattern databases.
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

/// The most cells of boards searched side by side, each on one thread: their searches are too
/// short to be split over threads; the 24-puzzle's take minutes each and are split, one board
/// after the other, each answer printed as soon as it is found.
const SIDE_BY_SIDE_CELLS: usize = 16;

/// How the boards of one size share the threads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SearchThreads {
    /// Boards side by side on this many threads, each searched on one: the answers are those of
    /// one thread.
    SideBySide(usize),
    /// One board after another, each split over this many threads.
    Split(usize),
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

/// Tables loaded for one board size and goal.
#[derive(Debug)]
struct Loaded {
    geometry: Geometry,
    goal: Board,
    tables: PatternTables,
}

/// Optimal solving with pattern databases: the tables of the boards' size, loaded or built when
/// the first board of that size comes, and the totals of a korf run.
#[derive(Debug)]
struct PdbSolver {
    layout: Option<String>,
    goal: Option<String>,
    /// Every board's shape, when the options give it.
    shape: Option<Shape>,
    /// Where the tables are kept; `None` to build them in memory.
    cache: Option<TableCache>,
    max_memory: Option<u64>,
    progress: Option<Progress>,
    /// The threads asked for, if any (see [`PdbSolver::threads_for`]).
    threads: Option<usize>,
    loaded: Option<Loaded>,
    cases: usize,
    checks: LengthChecks,
    generated: u64,
    search: Duration,
}

impl PdbSolver {
    fn new(
        options: &SlidingOptions,
        max_memory: Option<u64>,
        progress: Option<Progress>,
    ) -> Result<Self, String> {
        let goal = match (&options.goal, options.format) {
            (None, Format::Korf) => Some("blank-first".to_string()),
            (goal, _) => goal.clone(),
        };
        let solver = Self {
            layout: options.pdb.clone(),
            goal,
            shape: options.size,
            cache: options.pdb_dir.clone().map(TableCache::new),
            max_memory,
            progress,
            threads: options
                .threads
                .map(|threads| thread_count(Some(threads), 1))
                .transpose()
                .map_err(|error| error.0)?,
            loaded: None,
            cases: 0,
            checks: LengthChecks::default(),
            generated: 0,
            search: Duration::ZERO,
        };
        if let Some(shape) = options.size {
            solver.check(shape)?;
        }
        Ok(solver)
    }

    /// Why boards of `shape` cannot be solved with these tables, if they cannot: among others,
    /// tables missing from the cache whose construction would not fit in the memory budget.
    fn check(&self, shape: Shape) -> Result<(), String> {
        let patterns = self.patterns(&Geometry::of(shape)?)?;
        let missing = patterns.iter().any(|pattern| !self.is_cached(pattern));
        let bytes = build_bytes(&patterns);
        match self.max_memory {
            Some(budget) if missing && bytes > budget => Err(format!(
                "the tables of this layout need {} MiB to build, more than the memory budget \
                 of {} MiB",
                bytes.div_ceil(1 << 20),
                budget >> 20
            )),
            _ => Ok(()),
        }
    }

    /// The tables of the boards' shape, when the options give it.
    fn tables(&self) -> Vec<TableStatus> {
        let Some(Ok(geometry)) = self.shape.map(Geometry::of) else {
            return Vec::new();
        };
        let Ok(patterns) = self.patterns(&geometry) else {
            return Vec::new();
        };
        patterns
            .iter()
            .map(|pattern| TableStatus {
                name: pattern.file_name(),
                bytes: pattern.entries(),
                cached: self.is_cached(pattern),
            })
            .collect()
    }

    /// The patterns of the layout on `geometry`, or why the options do not fit it.
    fn patterns(&self, geometry: &Geometry) -> Result<Vec<TilePattern>, String> {
        let (goal, layout) = self.layout_for(geometry)?;
        Ok(layout.tile_patterns(geometry, goal.blank()))
    }

    /// Whether the folder holds the table of `pattern` (its file is there, with its header).
    fn is_cached(&self, pattern: &TilePattern) -> bool {
        self.cache.as_ref().is_some_and(|cache| {
            Header::read(&cache.path(&pattern.file_name()))
                .is_ok_and(|header| header.id == pattern.id())
        })
    }

    /// The goal and layout on `geometry`, or why the options do not fit it.
    fn layout_for(&self, geometry: &Geometry) -> Result<(Board, Layout), String> {
        let goal = Board::goal(geometry.shape(), self.goal.as_deref())?;
        let layout = Layout::parse(self.layout.as_deref(), geometry, goal.blank())?;
        Ok((goal, layout))
    }

    /// The tables for boards on `geometry` (which [`check`](Self::check) accepted), loaded or
    /// built unless they are the ones in hand; each step is a note.
    fn load(
        &mut self,
        geometry: Geometry,
        limits: &CaseLimits,
        notes: &mut Vec<String>,
    ) -> Result<&Loaded, StopReason> {
        if self
            .loaded
            .as_ref()
            .is_none_or(|loaded| loaded.geometry != geometry)
        {
            let (goal, layout) = self
                .layout_for(&geometry)
                .expect("board sizes are checked as they are read");
            let options = BuildOptions {
                progress: self.progress.clone(),
                limits: limits.memory(),
            };
            let tables = match &self.cache {
                Some(cache) => PatternTables::load_or_build(
                    cache,
                    &geometry,
                    goal.blank(),
                    &layout,
                    &options,
                    |event| notes.push(event.to_string()),
                )?,
                None => {
                    let started = Instant::now();
                    let tables = PatternTables::build(&geometry, goal.blank(), &layout, &options)?;
                    notes.push(format!(
                        "built the tables in memory in {} (no folder to keep them)",
                        format_duration(started.elapsed())
                    ));
                    tables
                }
            };
            self.loaded = Some(Loaded {
                geometry,
                goal,
                tables,
            });
        }
        Ok(self.loaded.as_ref().expect("just loaded"))
    }

    /// How boards of `cells` cells use the threads: those asked for, and by default one per core
    /// for boards searched side by side (their answers do not depend on it), one for larger
    /// boards (whose answer would: more threads split a board's search, tightest subtree first).
    fn threads_for(&self, cells: usize) -> SearchThreads {
        if cells > SIDE_BY_SIDE_CELLS {
            return SearchThreads::Split(self.threads.unwrap_or(1));
        }
        match self.threads.unwrap_or_else(rayon::current_num_threads) {
            1 => SearchThreads::Split(1),
            threads => SearchThreads::SideBySide(threads),
        }
    }

    /// The answers to `cases`, in order: the cases of one board size searched side by side on
    /// the solver's threads when they are small (see [`PdbSolver::threads_for`]).
    fn solve_all(
        &mut self,
        cases: &[SlidingCase],
        limits: &CaseLimits,
    ) -> Vec<Solved<SlidingAnswer>> {
        let geometry_of = |case: &SlidingCase| {
            Geometry::of(case.board.shape()).expect("board sizes are checked as they are read")
        };
        let mut answers = Vec::with_capacity(cases.len());
        for run in cases.chunk_by(|a, b| a.board.shape() == b.board.shape()) {
            let threads = self.threads_for(run[0].board.shape().cells());
            let mut notes = Vec::new();
            let results = match self.load(geometry_of(&run[0]), limits, &mut notes) {
                Ok(loaded) => {
                    // The search's time, without the tables' loading or building.
                    let started = Instant::now();
                    let results = Self::search(loaded, run, limits, threads);
                    self.search += started.elapsed();
                    results
                }
                Err(reason) => run
                    .iter()
                    .map(|_| SearchResult {
                        outcome: Outcome::Stopped(reason),
                        stats: Stats::default(),
                    })
                    .collect(),
            };
            for (case, result) in run.iter().zip(results) {
                self.count(case, &result);
                answers.push(Solved {
                    answer: shortest_answer(result.outcome),
                    stats: result.stats,
                    notes: std::mem::take(&mut notes),
                });
            }
        }
        answers
    }

    /// The searches of `cases`, all of the size of `loaded`'s tables, on `threads`.
    fn search(
        loaded: &Loaded,
        cases: &[SlidingCase],
        limits: &CaseLimits,
        threads: SearchThreads,
    ) -> Vec<SearchResult<Move>> {
        let solver = pdb::Solver::new(loaded.geometry, loaded.goal.clone(), &loaded.tables, true);
        let solve =
            |case: &SlidingCase, threads| solver.solve(&case.board, &limits.start(), threads);
        let threads = match threads {
            SearchThreads::SideBySide(threads) if cases.len() > 1 => {
                // A pool of its own; without one (the system refused threads), one board after
                // another.
                let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build();
                if let Ok(pool) = pool {
                    let side_by_side = cases.par_iter().with_max_len(1);
                    return pool.install(|| side_by_side.map(|case| solve(case, 1)).collect());
                }
                1
            }
            SearchThreads::SideBySide(_) => 1,
            SearchThreads::Split(threads) => threads,
        };
        cases.iter().map(|case| solve(case, threads)).collect()
    }

    /// Adds the case to the totals, and checks its length against the recorded one.
    fn count(&mut self, case: &SlidingCase, result: &SearchResult<Move>) {
        self.cases += 1;
        self.generated += result.stats.generated;
        if let (Some(optimal), Some(solution)) = (case.optimal, result.outcome.solution()) {
            let length = solution.actions.len();
            let agree = length as u32 == optimal;
            self.checks
                .compare(self.cases, agree, format_args!("{length} moves"), optimal);
        }
    }

    /// The closing line of a korf run, and its failure when lengths differ.
    fn closing(&self) -> Closing {
        let more = format!(
            "; {} nodes generated ({:.0} per board); search {}",
            self.generated,
            self.generated as f64 / self.cases.max(1) as f64,
            format_duration(self.search)
        );
        self.checks.closing(self.cases, "boards", &more)
    }
}
