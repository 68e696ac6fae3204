//! Answering a scenario: the shortest path by A* with the octile distance, or by Dijkstra.

use std::sync::Arc;

use serde::{Deserialize, Serialize, Serializer};
use statespace_engine::astar::AStar;
use statespace_engine::index::DenseIndex;
use statespace_engine::{Cost, Limits, Outcome, Recompute, SearchResult, Stats, StopReason};

use crate::domain::{Connectivity, Grid, Octile, OctileSteps, Step};
use crate::map::Map;
use crate::scenario::GridCase;

/// How scenarios are answered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Algorithm {
    /// A* with the octile distance (Manhattan on four-connected maps).
    #[default]
    Astar,
    /// Dijkstra's algorithm: no estimate.
    Dijkstra,
}

/// A shortest path, or the news that the goal cannot be reached; serialized as the steps' names
/// (`moves`, `null` when no path exists) and the path's `length`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GridAnswer {
    /// The path's steps and its exact length; `None` when no path exists.
    pub path: Option<(Vec<Step>, Octile)>,
}

impl GridAnswer {
    /// The length as a real number, when there is a path.
    pub fn length(&self) -> Option<f64> {
        self.path.as_ref().map(|(_, length)| length.length())
    }

    /// The answer's line, as the command line prints it: the length to eight decimals and the
    /// steps, or `no path`.
    pub fn line(&self) -> String {
        match &self.path {
            None => "no path".to_string(),
            Some((steps, length)) => {
                let mut line = format!("{:.8}", length.length());
                for step in steps {
                    line.push(' ');
                    line.push_str(step.name());
                }
                line
            }
        }
    }
}

impl Serialize for GridAnswer {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Shown<'a> {
            moves: Option<&'a [Step]>,
            length: Option<f64>,
        }
        Shown {
            moves: self.path.as_ref().map(|(steps, _)| steps.as_slice()),
            length: self.length(),
        }
        .serialize(serializer)
    }
}

/// The shortest path of `case` walking as `connectivity` allows, found by `algorithm` within
/// `limits`, with what the search did.
pub fn solve(
    case: &GridCase,
    connectivity: Connectivity,
    algorithm: Algorithm,
    limits: &Limits,
) -> (Result<GridAnswer, StopReason>, Stats) {
    GridSearcher::default().solve(case, connectivity, algorithm, limits)
}

/// A* over a map's cells, its visited index a dense array of them.
type CellSearch = AStar<u32, Step, DenseIndex<Arc<Grid>>, Octile, Octile>;

/// Answers scenarios one after the other, keeping the search's memory for the next scenario on
/// the same map: a node number per cell (cleared cell by cell), the open list, the node arena.
#[derive(Debug, Default)]
pub struct GridSearcher {
    /// The map searched last, and its searcher.
    kept: Option<(Arc<Map>, CellSearch)>,
}

impl GridSearcher {
    /// The shortest path of `case`, as [`solve`] finds it.
    pub fn solve(
        &mut self,
        case: &GridCase,
        connectivity: Connectivity,
        algorithm: Algorithm,
        limits: &Limits,
    ) -> (Result<GridAnswer, StopReason>, Stats) {
        let grid = Grid::new(case.map.clone(), connectivity, case.goal);
        let searcher = match &mut self.kept {
            Some((map, searcher)) if Arc::ptr_eq(map, &case.map) => searcher,
            kept => {
                // Ranks are cells whatever the goal: one index serves every scenario of the map,
                // a node number per cell, refused before it is built when the budget cannot
                // hold it.
                if !limits.fits((case.map.cells() * size_of::<u32>()) as u64) {
                    return (Err(StopReason::MemoryLimit), Stats::default());
                }
                let index = DenseIndex::new(Arc::new(grid.clone()));
                &mut kept.insert((case.map.clone(), AStar::new(index))).1
            }
        };
        let result: SearchResult<Step, Octile> = match algorithm {
            Algorithm::Astar => {
                let estimate = Recompute(|&cell: &u32| grid.estimate(cell));
                searcher.search_weighted(&grid, &case.start, &OctileSteps, &estimate, limits)
            }
            Algorithm::Dijkstra => {
                let zero = Recompute(|_: &u32| Octile::ZERO);
                searcher.search_weighted(&grid, &case.start, &OctileSteps, &zero, limits)
            }
        };
        let answer = match result.outcome {
            Outcome::Found(solution) => Ok(GridAnswer {
                path: Some((solution.actions, solution.cost)),
            }),
            Outcome::Exhausted => Ok(GridAnswer { path: None }),
            Outcome::Stopped(reason) => Err(reason),
        };
        (answer, result.stats)
    }
}
