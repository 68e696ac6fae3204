//! The solvers: for the 2×2×2, the exact distance of every position (DBL home), built once by
//! the engine's backward breadth-first search and walked down to the solved cube; for the
//! 3×3×3, the two-phase search ([`twophase`](super::twophase)) on tables built once.

use std::time::Instant;

use serde::{Deserialize, Serialize};
use statespace_engine::distance_table::{DistanceTable, distance_table};
use statespace_engine::{Limits, PerfectHash, Stats, StopReason};

use super::board::{Cube, CubeCase};
use super::coords::Tables;
use super::cubie::{Corners, Metric, Move, PocketCube};
use super::twophase::{self, Settings};

/// How cubes are solved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Algorithm {
    /// The 3×3×3's two-phase search: the first answer within the length asked for.
    TwoPhase,
    /// A shortest answer: the 2×2×2's distance table walked down; the 3×3×3's two-phase search
    /// run until no shorter answer can exist.
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

/// What a solver answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Task {
    /// 2×2×2s, shortest in `metric`.
    Pocket(Metric),
    /// 3×3×3s by the two-phase search.
    Rubik(Settings),
}

/// Answers cubes one after another, building its tables on the first.
#[derive(Debug)]
pub struct Solver {
    task: Task,
    table: Option<Table>,
    tables: Option<Tables>,
}

impl Solver {
    /// A solver of `task`.
    pub fn new(task: Task) -> Solver {
        Solver {
            task,
            table: None,
            tables: None,
        }
    }

    /// What it answers.
    pub fn task(&self) -> Task {
        self.task
    }

    /// The answer to `cube` (of the solver's size), the tables built first if need be within
    /// the memory budget of `tables` and the search stopped by `limits`; with the statistics of
    /// the search, and those of the tables' construction when this cube built them.
    pub fn solve(
        &mut self,
        cube: &CubeCase,
        tables: &Limits,
        limits: &Limits,
    ) -> (Result<Answer, StopReason>, Stats, Option<Stats>) {
        let mut built = None;
        match (self.task, cube) {
            (Task::Pocket(metric), CubeCase::Two(cube)) => {
                let table = match built_once(&mut self.table, &mut built, || {
                    Table::build(metric, tables)
                }) {
                    Ok(table) => table,
                    Err(reason) => return (Err(reason), Stats::default(), None),
                };
                let started = Instant::now();
                let moves = table.solution(cube);
                let stats = Stats {
                    expanded: moves.len() as u64,
                    elapsed: started.elapsed(),
                    ..Stats::default()
                };
                let answer = Answer {
                    moves: Some(moves),
                    shortest: true,
                };
                (Ok(answer), stats, built)
            }
            (Task::Rubik(settings), CubeCase::Three(cube)) => {
                let tables =
                    match built_once(&mut self.tables, &mut built, || Tables::build(tables)) {
                        Ok(tables) => tables,
                        Err(reason) => return (Err(reason), Stats::default(), None),
                    };
                let (found, stats) = twophase::solve(tables, cube, settings, limits);
                let answer = found.map(|found| Answer {
                    moves: found.moves,
                    shortest: found.shortest,
                });
                (answer, stats, built)
            }
            _ => unreachable!("a solver reads cubes of its own size"),
        }
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
