//! The optimal solver: the exact distance of every position of the 2×2×2 (DBL home), built once
//! by the engine's backward breadth-first search, walked down to the solved cube.

use std::time::Instant;

use serde::{Deserialize, Serialize};
use statespace_engine::distance_table::{DistanceTable, distance_table};
use statespace_engine::{Limits, PerfectHash, Stats, StopReason};

use super::board::Cube;
use super::cubie::{Corners, Metric, Move, PocketCube};

/// How cubes are solved.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Algorithm {
    /// Walk down the exact distance table, built once.
    #[default]
    Optimal,
}

/// A cube's answer: a shortest solution in the metric (no move for a solved cube); printed as
/// `R U2 F'` (see [`print`](super::print)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The moves, U, R and F turns.
    pub moves: Vec<Move>,
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

/// Answers cubes one after another, building the table on the first.
#[derive(Debug)]
pub struct Solver {
    metric: Metric,
    table: Option<Table>,
}

impl Solver {
    /// A solver counting moves in `metric`.
    pub fn new(metric: Metric) -> Solver {
        Solver {
            metric,
            table: None,
        }
    }

    /// How moves are counted.
    pub fn metric(&self) -> Metric {
        self.metric
    }

    /// A shortest solution of `cube`, the table built first if need be within the memory budget
    /// of `limits`; with the statistics of the walk, and those of the table's construction when
    /// this cube built it.
    pub fn solve(
        &mut self,
        cube: &Cube,
        limits: &Limits,
    ) -> (Result<Answer, StopReason>, Stats, Option<Stats>) {
        let mut built = None;
        let table = match &mut self.table {
            Some(table) => table,
            empty => match Table::build(self.metric, limits) {
                Ok((table, stats)) => {
                    built = Some(stats);
                    empty.insert(table)
                }
                Err(reason) => return (Err(reason), Stats::default(), None),
            },
        };
        let started = Instant::now();
        let moves = table.solution(cube);
        let stats = Stats {
            expanded: moves.len() as u64,
            elapsed: started.elapsed(),
            ..Stats::default()
        };
        (Ok(Answer { moves }), stats, built)
    }
}
