//! The solvers: for the 2×2×2, the exact distance of every position (DBL home), built once by
//! the engine's backward breadth-first search and walked down to the solved cube; for the
//! 3×3×3, the two-phase search ([`twophase`](super::twophase)) on tables built once, and
//! IDA* on Korf's corner table ([`optimal`](super::optimal)) for its shortest answers.

use std::path::PathBuf;
use std::time::Instant;

use serde::{Deserialize, Serialize};
use statespace_engine::distance_table::{DistanceTable, distance_table};
use statespace_engine::pattern_database::TableCache;
use statespace_engine::{Limits, Meter, PerfectHash, Stats, StopReason};

use super::board::{Cube, CubeCase};
use super::coords::Tables;
use super::cubie::{Corners, Metric, Move, PocketCube};
use super::optimal::CornerTable;
use super::rubik::Rubik;
use super::symmetry::SliceKind;
use super::twophase::{self, Settings};
use crate::puzzle::{format_duration, table_note};

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
    /// 3×3×3s, shortest in the half-turn metric, by IDA* with the phase-1 table of this slice
    /// coordinate.
    RubikOptimal(SliceKind),
}

/// Answers cubes one after another, building (or loading) its tables on the first.
#[derive(Debug)]
pub struct Solver {
    task: Task,
    /// The longest answer given: a shortest one longer than it is none.
    max_length: u8,
    /// Where the optimal solver's tables are kept; `None` to build them in memory.
    cache: Option<TableCache>,
    table: Option<Table>,
    tables: Option<Tables>,
    corners: Option<CornerTable>,
}

impl Solver {
    /// A solver of `task` that gives no answer longer than `max_length`, keeping its large
    /// tables in the folder `cache` if one is given.
    pub fn new(task: Task, max_length: u8, cache: Option<PathBuf>) -> Solver {
        Solver {
            task,
            max_length,
            cache: cache.map(TableCache::new),
            table: None,
            tables: None,
            corners: None,
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

    /// The answer to `cube` (of the solver's size), the tables built first if need be within
    /// the memory budget of `tables` and the search stopped by `limits`; with the statistics of
    /// the search, and a line about the tables when this cube built or loaded them.
    pub fn solve(
        &mut self,
        cube: &CubeCase,
        tables: &Limits,
        limits: &Limits,
    ) -> (Result<Answer, StopReason>, Stats, Option<String>) {
        if let (Task::RubikOptimal(slice), CubeCase::Three(cube)) = (self.task, cube) {
            return self.solve_optimally(slice, cube, tables, limits);
        }
        let mut built = None;
        match (self.task, cube) {
            (Task::Pocket(metric), CubeCase::Two(cube)) => {
                let table = match built_once(&mut self.table, &mut built, || {
                    Table::build(metric, tables)
                }) {
                    Ok(table) => table,
                    Err(reason) => return (Err(reason), Stats::default(), None),
                };
                let (answer, stats) = table.solve(cube, self.max_length, limits);
                (answer, stats, built.as_ref().map(table_note))
            }
            (Task::Rubik(settings), CubeCase::Three(cube)) => {
                let mut note = None;
                if self.tables.is_none() {
                    // Without a folder to keep it in, the full phase-1 table would be built
                    // again every run (seconds): the pair tables are built instead.
                    let loaded = match &self.cache {
                        Some(cache) => Tables::load_or_build(Some(cache), tables),
                        None => Tables::build(tables).map(|(tables, stats)| {
                            let took = format_duration(stats.elapsed);
                            let note = format!("tables: two-phase, pair tables, built in {took}");
                            (tables, note)
                        }),
                    };
                    match loaded {
                        Ok((loaded, said)) => {
                            self.tables = Some(loaded);
                            note = Some(said);
                        }
                        Err(reason) => return (Err(reason), Stats::default(), None),
                    }
                }
                let tables = self.tables.as_ref().expect("loaded above");
                let (found, stats) = twophase::solve(tables, cube, settings, limits);
                let answer = found.map(|found| Answer {
                    moves: found.moves,
                    shortest: found.shortest,
                });
                (answer, stats, note)
            }
            _ => unreachable!("a solver reads cubes of its own size"),
        }
    }

    /// A shortest answer to `cube` by IDA* on the corner table, loaded from the cache or built
    /// first within the memory budget of `tables`.
    fn solve_optimally(
        &mut self,
        slice: SliceKind,
        cube: &Rubik,
        tables: &Limits,
        limits: &Limits,
    ) -> (Result<Answer, StopReason>, Stats, Option<String>) {
        let mut note = None;
        if self.corners.is_none() {
            match CornerTable::load_or_build(slice, self.cache.as_ref(), tables) {
                Ok((table, said)) => {
                    self.corners = Some(table);
                    note = Some(said);
                }
                Err(reason) => return (Err(reason), Stats::default(), None),
            }
        }
        let table = self.corners.as_ref().expect("loaded above");
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
        (answer, stats, note)
    }
}

/// What `slot` holds, built by `build` first if it is empty (its statistics then in `built`).
fn built_once<'a, T>(
    slot: &'a mut Option<T>,
    built: &mut Option<Stats>,
    build: impl FnOnce() -> Result<(T, Stats), StopReason>,
) -> Result<&'a T, StopReason> {
    if slot.is_none() {
        let (value, stats) = build()?;
        *built = Some(stats);
        *slot = Some(value);
    }
    Ok(slot.as_ref().expect("filled above"))
}
