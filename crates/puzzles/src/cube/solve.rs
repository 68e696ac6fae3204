//! The solvers: for the 2×2×2, the exact distance of every position (DBL home), built once by
//! the engine's backward breadth-first search and walked down to the solved cube; for the
//! 3×3×3, the two-phase search ([`twophase`](super::twophase)) on tables built once, and
//! IDA* on Korf's corner table ([`optimal`](super::optimal)) for its shortest answers.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use serde::{Deserialize, Serialize};
use statespace_engine::distance_table::{DistanceTable, distance_table};
use statespace_engine::pattern_database::TableCache;
use statespace_engine::{Limits, Meter, PerfectHash, Stats, StopReason};

use super::board::{Cube, CubeCase};
use super::coords::{FULL_TABLE_BYTES, Tables};
use super::corner_table::corner_file;
use super::cubie::{Corners, Metric, Move, PocketCube};
use super::optimal::{CornerTable, PhaseTables};
use super::order_table::order_file;
use super::phase1_table::phase1_file;
use super::phase2_table::phase2_file;
use super::rubik::Rubik;
use super::separation_table::separation_file;
use super::shelf::Shelf;
use super::symmetry::SliceKind;
use super::tetrad_table::tetrad_file;
use super::twophase::{self, Settings};
use crate::puzzle::{TableStatus, format_duration, table_note};

/// How cubes are solved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Algorithm {
    /// The 3×3×3's two-phase search: the first answer within the length asked for.
    TwoPhase,
    /// A shortest answer: the 2×2×2's distance table walked down; for the 3×3×3, IDA* on
    /// Korf's corner table ([`CornerTable`]).
    Optimal,
}

/// A cube's answer: its moves (no move for a solved cube), printed as `R U2 F'`, or none within
/// the length asked for; and whether no shorter answer exists.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The moves; `None` when no answer fits the length asked for.
    pub moves: Option<Vec<Move>>,
    /// Whether no shorter answer exists.
    pub shortest: bool,
}

/// The exact distance to the solved cube of every 2×2×2 position, in one metric.
#[derive(Clone, Debug)]
pub struct Table {
    space: PocketCube,
    distances: DistanceTable,
}

impl Table {
    /// Builds the table of `metric` within the memory budget of `limits` (refused before it
    /// starts when it cannot fit); returns it with the statistics of the construction.
    pub fn build(metric: Metric, limits: &Limits) -> Result<(Table, Stats), StopReason> {
        let space = PocketCube { metric };
        let build = distance_table(&space, &[Corners::SOLVED], limits);
        Ok((
            Table {
                space,
                distances: build.table?,
            },
            build.stats,
        ))
    }

    /// A shortest solution of `cube`: from each position, the first move (U, R, F order) that
    /// leads one closer.
    pub fn solution(&self, cube: &Cube) -> Vec<Move> {
        self.distances
            .solution(&self.space, &cube.corners())
            .expect("every 2x2x2 position with DBL home is in the table")
    }

    /// A shortest answer to `cube` of at most `max_length` moves (none when the shortest is
    /// longer), unless `limits` stop the walk first: its clock, or fewer nodes than the
    /// positions it leaves (one per move).
    pub fn solve(
        &self,
        cube: &Cube,
        max_length: u8,
        limits: &Limits,
    ) -> (Result<Answer, StopReason>, Stats) {
        let started = Instant::now();
        let distance = self.distance(cube);
        let walked = if distance > u32::from(max_length) {
            Ok(None)
        } else {
            walk_allowed(limits, distance).map(|()| Some(self.solution(cube)))
        };
        let stats = Stats {
            expanded: walked
                .as_ref()
                .map_or(0, |moves| moves.as_ref().map_or(0, Vec::len)) as u64,
            elapsed: started.elapsed(),
            ..Stats::default()
        };
        let answer = walked.map(|moves| Answer {
            moves,
            shortest: true,
        });
        (answer, stats)
    }

    /// The fewest moves from `cube`.
    pub fn distance(&self, cube: &Cube) -> u32 {
        self.distances
            .distance(self.space.rank(&cube.corners()))
            .map_or(u32::MAX, u32::from)
    }

    /// How many positions are at each distance (entry `d` for distance `d`).
    pub fn histogram(&self) -> Vec<u64> {
        self.distances.histogram()
    }
}

/// Whether `limits` let a walk of `moves` moves down the table go: the clock and the flag now,
/// and a node for each position it leaves.
fn walk_allowed(limits: &Limits, moves: u32) -> Result<(), StopReason> {
    Meter::new(limits).check_clock_and_flag()?;
    match limits.max_expanded {
        Some(max) if max < u64::from(moves) => Err(StopReason::NodeLimit),
        _ => Ok(()),
    }
}

/// What a solver answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Task {
    /// 2×2×2s, shortest in `metric`.
    Pocket(Metric),
    /// 3×3×3s by the two-phase search.
    Rubik(Settings),
    /// 3×3×3s, shortest in the half-turn metric, by IDA* with these tables beside Korf's.
    RubikOptimal(PhaseTables),
}

/// The tables a solver answers with, shared with the process's other solvers that need the
/// same ones (see [`Shelf`]).
#[derive(Clone, Debug)]
enum Loaded {
    Pocket(Arc<Table>),
    TwoPhase(Arc<Tables>),
    Optimal(Arc<CornerTable>),
}

/// The 2×2×2's tables, by metric.
static POCKET_TABLES: Shelf<Metric, Table> = Shelf::new();
/// The two-phase tables, by folder and whether the full phase-1 table fits the budget.
static TWO_PHASE_TABLES: Shelf<(Option<PathBuf>, bool), Tables> = Shelf::new();
/// The optimal solver's tables, by the tables beside Korf's and folder.
static OPTIMAL_TABLES: Shelf<(PhaseTables, Option<PathBuf>), CornerTable> = Shelf::new();

/// Answers cubes one after another, loading (or building) its tables on the first unless
/// another solver of the process holds them already.
#[derive(Debug)]
pub struct Solver {
    task: Task,
    /// The longest answer given: a shortest one longer than it is none.
    max_length: u8,
    /// The folder where the 3×3×3's tables are kept; `None` to build them in memory.
    folder: Option<PathBuf>,
    loaded: Option<Loaded>,
}

impl Solver {
    /// A solver of `task` that gives no answer longer than `max_length`, keeping the 3×3×3's
    /// tables in the folder `folder` if one is given.
    pub fn new(task: Task, max_length: u8, folder: Option<PathBuf>) -> Solver {
        Solver {
            task,
            max_length,
            folder,
            loaded: None,
        }
    }

    /// What it answers.
    pub fn task(&self) -> Task {
        self.task
    }

    /// The longest answer it gives.
    pub fn max_length(&self) -> u8 {
        self.max_length
    }

    /// The tables it loads from its folder (or builds and saves there), and whether the folder
    /// holds them: none without a folder (they are built in memory), none for the 2×2×2 (its
    /// table is built in seconds, in memory).
    pub fn table_files(&self) -> Vec<TableStatus> {
        let Some(folder) = &self.folder else {
            return Vec::new();
        };
        let files = match self.task {
            Task::Pocket(_) => Vec::new(),
            Task::Rubik(_) => vec![phase1_file(SliceKind::Places), phase2_file()],
            Task::RubikOptimal(tables) => {
                let mut files = vec![corner_file()];
                files.extend(tables.phase1().map(phase1_file));
                files.extend(tables.tetrads().then(tetrad_file));
                files.extend(tables.order().then(order_file));
                files.extend(tables.separation().then(separation_file));
                files
            }
        };
        let cache = TableCache::new(folder.clone());
        files.iter().map(|file| file.status(&cache)).collect()
    }

    /// Loads its tables unless it holds them: from another solver of the process that holds
    /// them, else from its folder, else built within the memory budget of `budget` (and saved
    /// in the folder); a line when they were loaded or built.
    pub fn load_tables(&mut self, budget: &Limits) -> Result<Option<String>, StopReason> {
        if self.loaded.is_some() {
            return Ok(None);
        }
        let folder = self.folder.clone();
        let cache = folder.clone().map(TableCache::new);
        let (loaded, note) = match self.task {
            Task::Pocket(metric) => {
                let (table, note) = POCKET_TABLES.get_or_build(metric, || {
                    let (table, stats) = Table::build(metric, budget)?;
                    Ok((table, table_note(&stats)))
                })?;
                (Loaded::Pocket(table), note)
            }
            Task::Rubik(_) => {
                let full = cache.is_some() && budget.fits(FULL_TABLE_BYTES);
                let (tables, note) = TWO_PHASE_TABLES
                    .get_or_build((folder, full), || two_phase_tables(cache.as_ref(), budget))?;
                (Loaded::TwoPhase(tables), note)
            }
            Task::RubikOptimal(tables) => {
                let (table, note) = OPTIMAL_TABLES.get_or_build((tables, folder), || {
                    CornerTable::load_or_build(tables, cache.as_ref(), budget)
                })?;
                (Loaded::Optimal(table), note)
            }
        };
        self.loaded = Some(loaded);
        Ok(note)
    }

    /// The answer to `cube` (of the solver's size), the tables loaded first if need be within
    /// the memory budget of `tables` and the search stopped by `limits`; with the statistics of
    /// the search, and a line about the tables when this cube loaded or built them.
    pub fn solve(
        &mut self,
        cube: &CubeCase,
        tables: &Limits,
        limits: &Limits,
    ) -> (Result<Answer, StopReason>, Stats, Option<String>) {
        match self.load_tables(tables) {
            Ok(note) => {
                let (answer, stats) = self.answer(cube, limits);
                (answer, stats, note)
            }
            Err(reason) => (Err(reason), Stats::default(), None),
        }
    }

    /// The answer to `cube` with the tables loaded.
    fn answer(&self, cube: &CubeCase, limits: &Limits) -> (Result<Answer, StopReason>, Stats) {
        match (&self.loaded, self.task, cube) {
            (Some(Loaded::Pocket(table)), _, CubeCase::Two(cube)) => {
                table.solve(cube, self.max_length, limits)
            }
            (Some(Loaded::TwoPhase(tables)), Task::Rubik(settings), CubeCase::Three(cube)) => {
                let (found, stats) = twophase::solve(tables, cube, settings, limits);
                let answer = found.map(|found| Answer {
                    moves: found.moves,
                    shortest: found.shortest,
                });
                (answer, stats)
            }
            (Some(Loaded::Optimal(table)), _, CubeCase::Three(cube)) => {
                self.solve_optimally(table, cube, limits)
            }
            _ => unreachable!("a solver reads cubes of its own size, its tables loaded"),
        }
    }

    /// A shortest answer to `cube` by IDA* on the corner table, none when it is longer than
    /// the longest asked for.
    fn solve_optimally(
        &self,
        table: &CornerTable,
        cube: &Rubik,
        limits: &Limits,
    ) -> (Result<Answer, StopReason>, Stats) {
        // IDA* deepens its bound one move at a time: a bound past the longest answer asked for
        // means no answer that short.
        let within = Limits {
            max_depth: Some(u32::from(self.max_length)),
            ..limits.clone()
        };
        let (moves, stats) = table.solve(cube, &within);
        let answer = match moves {
            Ok(moves) => Ok(Some(moves)),
            Err(StopReason::DepthLimit) => Ok(None),
            Err(reason) => Err(reason),
        };
        let answer = answer.map(|moves| Answer {
            moves,
            shortest: true,
        });
        (answer, stats)
    }
}

/// The two-phase tables: from the folder `cache` (or built and saved there); without a folder,
/// the pair tables, since the full phase-1 table would be built again every run (seconds).
fn two_phase_tables(
    cache: Option<&TableCache>,
    budget: &Limits,
) -> Result<(Tables, String), StopReason> {
    match cache {
        Some(cache) => Tables::load_or_build(Some(cache), budget),
        None => Tables::build(budget).map(|(tables, stats)| {
            let took = format_duration(stats.elapsed);
            (
                tables,
                format!("tables: two-phase, pair tables, built in {took}"),
            )
        }),
    }
}
