//! Answering a scenario: the shortest path by A* with the octile distance, or by Dijkstra.

use serde::{Deserialize, Serialize};
use statespace_engine::astar::astar_weighted;
use statespace_engine::dijkstra::dijkstra_weighted;
use statespace_engine::{Limits, Outcome, SearchResult, Stats, StopReason};

use super::domain::{Connectivity, Grid, Octile, OctileSteps, Step};
use super::scenario::GridCase;

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

/// A shortest path, or the news that the goal cannot be reached.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GridAnswer {
    /// The path's steps and its exact length; `None` when no path exists.
    pub path: Option<(Vec<Step>, Octile)>,
}

impl GridAnswer {
    /// The length as a real number, when there is a path.
    pub fn length(&self) -> Option<f64> {
        self.path.as_ref().map(|(_, length)| length.length())
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
    let grid = Grid::new(case.map.clone(), connectivity, case.goal);
    let result: SearchResult<Step, Octile> = match algorithm {
        Algorithm::Astar => {
            let estimate = |&cell: &u32| grid.estimate(cell);
            astar_weighted(&grid, &case.start, &OctileSteps, &estimate, limits)
        }
        Algorithm::Dijkstra => dijkstra_weighted(&grid, &case.start, &OctileSteps, limits),
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
