//! The solvers: one entry point, [`Solver::solve`], over every engine algorithm, the exact
//! distance table, and the fast method.

use std::cell::Cell;
use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::sync::Arc;
use std::time::Instant;

use serde::{Deserialize, Serialize};
use statespace_engine::astar::{AStar, astar_with};
use statespace_engine::bfs::{Bfs, bfs_with};
use statespace_engine::bidirectional_bfs::bidirectional_bfs_with;
use statespace_engine::distance_table::{DistanceTable, descend, distance_table};
use statespace_engine::index::{DenseIndex, HashIndex, StateIndex};
use statespace_engine::meet_in_the_middle::MeetInTheMiddle;
use statespace_engine::parallel_idastar::{Parallel, parallel_idastar};
use statespace_engine::{Heuristic, Limits, Outcome, PerfectHash, SearchResult, Stats, StopReason};
use thiserror::Error;

use super::board::{Board, Move, Shape, Tiles};
use super::domain::{PackedPuzzle, SlidingPuzzle};
use super::fast::fast_solution;
use super::heuristic::Estimate;
use super::packed::PackedBoard;

/// The most cells a distance table covers: 10! bytes is 3.6 MB; 12! would be 479 MB.
pub const TABLE_MAX_CELLS: usize = 10;

/// How to solve a board. Every algorithm but [`Algorithm::Fast`] returns a shortest solution;
/// [`Algorithm::Table`], [`Algorithm::Bfs`] and [`Algorithm::Idastar`] return the same one, the
/// alphabetically smallest shortest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Algorithm {
    /// The distance table up to [`TABLE_MAX_CELLS`] cells, IDA* beyond.
    Auto,
    /// Breadth-first distances from the goal to every board, built once per shape; each board
    /// then walks down the table in O(moves).
    Table,
    /// Breadth-first search from the board.
    Bfs,
    /// Bidirectional breadth-first search (a shortest solution, not always the smallest).
    #[serde(rename = "bibfs")]
    Bidirectional,
    /// A* with the chosen [`Estimate`] (a shortest solution, not always the smallest).
    Astar,
    /// IDA* with the chosen [`Estimate`], updated move by move.
    Idastar,
    /// MM, bidirectional heuristic search meeting in the middle, with the chosen [`Estimate`]
    /// towards the goal and towards the start (a shortest solution, not always the smallest).
    Mm,
    /// NBS, bidirectional heuristic search by pairs, with the chosen [`Estimate`] both ways (a
    /// shortest solution, not always the smallest).
    Nbs,
    /// DVCBS, bidirectional heuristic search expanding a least vertex cover of the pairs'
    /// g-values, with the chosen [`Estimate`] both ways (a shortest solution, not always the
    /// smallest).
    Dvcbs,
    /// The row-by-row method ([`fast_solution`]): any size, quickly, not shortest.
    Fast,
}

impl Algorithm {
    /// The bidirectional heuristic search this is, if it is one.
    fn meet_in_the_middle(self) -> Option<MeetInTheMiddle> {
        match self {
            Self::Mm => Some(MeetInTheMiddle::Mm),
            Self::Nbs => Some(MeetInTheMiddle::Nbs),
            Self::Dvcbs => Some(MeetInTheMiddle::Dvcbs),
            _ => None,
        }
    }
}

/// How the [`Solver`] works.
#[derive(Clone, Debug)]
pub struct Options {
    /// The algorithm.
    pub algorithm: Algorithm,
    /// The estimate A*, IDA*, MM, NBS and DVCBS use.
    pub estimate: Estimate,
    /// The threads IDA* splits its larger iterations over; the answer is the same on any number.
    pub threads: usize,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            algorithm: Algorithm::Auto,
            estimate: Estimate::LinearConflicts,
            threads: 1,
        }
    }
}

/// The answer for one board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The moves of a solution (none for a solved board).
    Solved(Vec<Move>),
    /// The solved board cannot be reached.
    Unsolvable,
    /// A limit stopped the search.
    Stopped(StopReason),
}

/// An answer and how it was found.
#[derive(Clone, Debug)]
pub struct Report {
    /// The answer.
    pub answer: Answer,
    /// Whether a solution is known to be a shortest one (false for [`Algorithm::Fast`]).
    pub shortest: bool,
    /// What the search did (for the table: expanded is the moves walked, generated the table
    /// lookups).
    pub stats: Stats,
    /// The construction of the distance table, when this board needed it first.
    pub table_built: Option<Stats>,
}

/// A board the chosen algorithm cannot take.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum SolveError {
    /// The table needs one byte per permutation of the cells.
    #[error(
        "a distance table covers boards of at most {TABLE_MAX_CELLS} cells, not {0}: use a search or the fast method"
    )]
    TooBigForTable(Shape),
}

/// Solves boards one after the other, keeping the puzzles and distance tables of the shapes it
/// has seen.
///
/// ```
/// use statespace_engine::Limits;
/// use statespace_puzzles::sliding::{Algorithm, Answer, Options, Solver, moves_string, parse_eight};
/// let mut solver = Solver::new(Options { algorithm: Algorithm::Table, ..Options::default() });
/// let board = parse_eight("1 2 3 x 4 6 7 5 8").next().unwrap().unwrap();
/// let report = solver.solve(&board, &Limits::none()).unwrap();
/// assert!(matches!(&report.answer, Answer::Solved(moves) if moves_string(moves) == "rdr"));
/// assert!(report.table_built.is_some()); // built for the first 3x3 board, then kept
/// ```
#[derive(Debug, Default)]
pub struct Solver {
    options: Options,
    packed: HashMap<Shape, Arc<PackedPuzzle>>,
    large: HashMap<Shape, SlidingPuzzle<Board>>,
    tables: HashMap<Shape, DistanceTable>,
    /// Visited sets kept from board to board (two each: bidirectional search has two sides):
    /// dense ones per shape of at most [`TABLE_MAX_CELLS`] cells, hashed ones beyond.
    dense: HashMap<Shape, [DenseIndex<Arc<PackedPuzzle>>; 2]>,
    packed_visited: [HashIndex<PackedBoard>; 2],
    large_visited: [HashIndex<Board>; 2],
    /// A* and BFS kept for boards beyond 16 cells: each of their states owns memory, and
    /// freeing millions of them when the search returns would hold up the answer (A*: by 0.35 s
    /// at a 2 s limit on 5×5); kept, they are freed when the next board's search starts.
    large_astar: AStar<Board, Move>,
    large_bfs: Bfs<Board, Move, HashIndex<Board>>,
}

impl Solver {
    /// A solver working as `options` say.
    pub fn new(options: Options) -> Self {
        Self {
            options,
            ..Self::default()
        }
    }

    /// The options.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// Solves `board`, the search stopped by `limits`. Unsolvable boards are recognised by their
    /// parity, without search.
    pub fn solve(&mut self, board: &Board, limits: &Limits) -> Result<Report, SolveError> {
        let started = Instant::now();
        let shape = board.shape();
        let algorithm = match self.options.algorithm {
            Algorithm::Auto if shape.cells() <= TABLE_MAX_CELLS => Algorithm::Table,
            Algorithm::Auto => Algorithm::Idastar,
            Algorithm::Table if shape.cells() > TABLE_MAX_CELLS => {
                return Err(SolveError::TooBigForTable(shape));
            }
            chosen => chosen,
        };
        if !board.is_solvable() {
            let stats = Stats {
                elapsed: started.elapsed(),
                ..Stats::default()
            };
            return Ok(Report {
                answer: Answer::Unsolvable,
                shortest: true,
                stats,
                table_built: None,
            });
        }
        Ok(match algorithm {
            Algorithm::Table => self.by_table(board, limits),
            Algorithm::Fast => {
                let (moves, mut stats) = fast_solution(board, limits).expect("a solvable board");
                stats.elapsed = started.elapsed();
                Report {
                    answer: moves.map_or_else(Answer::Stopped, Answer::Solved),
                    shortest: false,
                    stats,
                    table_built: None,
                }
            }
            search => self.by_search(board, search, limits),
        })
    }

    /// Walks down the distance table of the board's shape, building it first if needed.
    /// The table is built within the memory budget of `limits` alone: it serves every board
    /// after this one.
    fn by_table(&mut self, board: &Board, limits: &Limits) -> Report {
        let shape = board.shape();
        let puzzle: &PackedPuzzle = self
            .packed
            .entry(shape)
            .or_insert_with(|| Arc::new(PackedPuzzle::new(shape)));
        let mut table_built = None;
        let table = match self.tables.entry(shape) {
            Entry::Occupied(table) => table.into_mut(),
            Entry::Vacant(slot) => {
                let budget = Limits {
                    max_memory: limits.max_memory,
                    ..Limits::none()
                };
                let build = distance_table(puzzle, &[*puzzle.goal()], &budget);
                let table = match build.table {
                    Ok(table) => table,
                    Err(reason) => {
                        return Report {
                            answer: Answer::Stopped(reason),
                            shortest: true,
                            stats: build.stats,
                            table_built: None,
                        };
                    }
                };
                table_built = Some(build.stats);
                slot.insert(table)
            }
        };
        let started = Instant::now();
        let start = PackedBoard::from_board(board).expect("a table shape fits a packed board");
        let lookups = Cell::new(0);
        let moves = descend(puzzle, &start, |state| {
            lookups.set(lookups.get() + 1);
            table.distance(puzzle.rank(state)).map(u32::from)
        })
        .expect("a solvable board is in the table");
        let stats = Stats {
            expanded: moves.len() as u64,
            generated: lookups.get(),
            elapsed: started.elapsed(),
            ..Stats::default()
        };
        Report {
            answer: Answer::Solved(moves),
            shortest: true,
            stats,
            table_built,
        }
    }

    /// Runs an engine search, on packed boards when they fit, with the visited sets kept for
    /// the board's kind.
    fn by_search(&mut self, board: &Board, algorithm: Algorithm, limits: &Limits) -> Report {
        let shape = board.shape();
        let estimate = self.options.estimate;
        // Subtrees in move order: the alphabetically smallest answer on any number of threads, and
        // with Manhattan distance and conflicts no slower than tightest first (BENCHMARKS.md).
        let parallel = Parallel::threads(self.options.threads).ordered();
        let result = match PackedBoard::from_board(board) {
            Some(start) => {
                let puzzle = self
                    .packed
                    .entry(shape)
                    .or_insert_with(|| Arc::new(PackedPuzzle::new(shape)));
                if algorithm == Algorithm::Idastar {
                    parallel_idastar(&**puzzle, &start, &estimate, limits, &parallel)
                } else if let Some(search) = algorithm.meet_in_the_middle() {
                    meet_in_the_middle(puzzle, &start, search, estimate, limits)
                } else if shape.cells() <= TABLE_MAX_CELLS
                    && (self.dense.contains_key(&shape) || limits.fits(8 * puzzle.size()))
                {
                    // Two dense indexes of four bytes per rank, when the memory budget holds
                    // them; the hashed ones otherwise.
                    let visited = self.dense.entry(shape).or_insert_with(|| {
                        [
                            DenseIndex::new(puzzle.clone()),
                            DenseIndex::new(puzzle.clone()),
                        ]
                    });
                    search(puzzle, &start, algorithm, estimate, limits, visited)
                } else {
                    let visited = &mut self.packed_visited;
                    search(puzzle, &start, algorithm, estimate, limits, visited)
                }
            }
            None => {
                let puzzle = self
                    .large
                    .entry(shape)
                    .or_insert_with(|| SlidingPuzzle::new(shape));
                if algorithm == Algorithm::Idastar {
                    parallel_idastar(puzzle, board, &estimate, limits, &parallel)
                } else if let Some(search) = algorithm.meet_in_the_middle() {
                    meet_in_the_middle(puzzle, board, search, estimate, limits)
                } else if algorithm == Algorithm::Astar {
                    self.large_astar.search(puzzle, board, &estimate, limits)
                } else if algorithm == Algorithm::Bfs {
                    self.large_bfs.search(puzzle, board, limits)
                } else {
                    let visited = &mut self.large_visited;
                    search(puzzle, board, algorithm, estimate, limits, visited)
                }
            }
        };
        Report {
            answer: match result.outcome {
                Outcome::Found(solution) => Answer::Solved(solution.actions),
                Outcome::Exhausted => Answer::Unsolvable,
                Outcome::Stopped(reason) => Answer::Stopped(reason),
            },
            shortest: true,
            stats: result.stats,
            table_built: None,
        }
    }
}

/// Runs one of the engine's searches with the visited sets `visited` (bidirectional search uses
/// both, the others the first).
fn search<T: Tiles, I: StateIndex<T>>(
    puzzle: &SlidingPuzzle<T>,
    start: &T,
    algorithm: Algorithm,
    estimate: Estimate,
    limits: &Limits,
    [forward, backward]: &mut [I; 2],
) -> SearchResult<Move> {
    match algorithm {
        Algorithm::Bfs => bfs_with(puzzle, start, limits, forward),
        Algorithm::Bidirectional => {
            let goals = std::slice::from_ref(puzzle.goal());
            bidirectional_bfs_with(puzzle, start, goals, limits, forward, backward)
        }
        Algorithm::Astar => astar_with(puzzle, start, &estimate, limits, forward),
        other => unreachable!("{other:?} is not an engine search"),
    }
}

/// An estimate of the moves from the start: `estimate` on a puzzle whose goal is the start.
struct TowardsStart<T> {
    puzzle: SlidingPuzzle<T>,
    estimate: Estimate,
}

impl<T: Tiles> Heuristic<SlidingPuzzle<T>> for TowardsStart<T> {
    fn estimate(&self, _: &SlidingPuzzle<T>, board: &T) -> u32 {
        self.estimate.estimate(&self.puzzle, board)
    }
}

/// Runs MM, NBS or DVCBS from `start` to the goal, with `estimate` towards the goal forwards and
/// towards the start backwards.
fn meet_in_the_middle<T: Tiles>(
    puzzle: &SlidingPuzzle<T>,
    start: &T,
    search: MeetInTheMiddle,
    estimate: Estimate,
    limits: &Limits,
) -> SearchResult<Move> {
    let backward = TowardsStart {
        puzzle: SlidingPuzzle::with_goal(puzzle.shape(), start.clone()),
        estimate,
    };
    let goals = std::slice::from_ref(puzzle.goal());
    search.run(puzzle, start, goals, &estimate, &backward, limits)
}
