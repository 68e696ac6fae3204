//! Answering a scenario: the shortest path by A* with the octile distance, by jump point search
//! (A* expanding jumps), or by Dijkstra.

use std::sync::Arc;

use serde::{Deserialize, Serialize, Serializer};
use statespace_engine::astar::AStar;
use statespace_engine::index::DenseIndex;
use statespace_engine::{Limits, Outcome, Recompute, SearchResult, Stats, StopReason};

use crate::domain::{Connectivity, Grid, Octile, OctileSteps, Step, StepEstimate};
use crate::jps::{Jump, JumpGrid, JumpLengths, PrunedJumps, jump_steps};
use crate::jump::JumpMap;
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
    /// Jump point search, online (no preprocessing): A* expanding jumps to the cells where a
    /// path may turn, 56 cells a read. Eight-connected maps only: on four-connected ones it is
    /// A*.
    Jps,
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
type CellSearch = AStar<u32, Step, DenseIndex<Arc<Grid>>, (i32, i32), Octile>;

/// A* over jumps between a map's cells, its visited index a dense array of them.
type JumpSearch = AStar<u32, Jump, DenseIndex<Arc<JumpGrid>>, Octile, Octile>;

/// Answers scenarios one after the other, keeping the search's memory for the next scenario on
/// the same map: a node number per cell (cleared cell by cell), the open list, the node arena,
/// and for jump point search the map's bits.
#[derive(Debug, Default)]
pub struct GridSearcher {
    /// The map searched last by cells, and its searcher.
    cells: Option<(Arc<Map>, CellSearch)>,
    /// The map searched last by jumps, its bits and its searcher.
    jumps: Option<(Arc<Map>, Arc<JumpMap>, JumpSearch)>,
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
        // Ranks are cells whatever the goal: one index serves every scenario of the map, a node
        // number per cell, refused before it is built when the budget cannot hold it.
        let index_fits = limits.fits((case.map.cells() * size_of::<u32>()) as u64);
        if algorithm == Algorithm::Jps && connectivity == Connectivity::Eight {
            return self.jump(case, grid, index_fits, limits);
        }
        let searcher = match &mut self.cells {
            Some((map, searcher)) if Arc::ptr_eq(map, &case.map) => searcher,
            kept => {
                if !index_fits {
                    return (Err(StopReason::MemoryLimit), Stats::default());
                }
                let index = DenseIndex::new(Arc::new(grid.clone()));
                &mut kept.insert((case.map.clone(), AStar::new(index))).1
            }
        };
        let result: SearchResult<Step, Octile> = match algorithm {
            Algorithm::Astar | Algorithm::Jps => {
                let estimate = StepEstimate::new(&grid);
                searcher.search_weighted(&grid, &case.start, &OctileSteps, &estimate, limits)
            }
            Algorithm::Dijkstra => {
                let zero = StepEstimate::zero();
                searcher.search_weighted(&grid, &case.start, &OctileSteps, &zero, limits)
            }
        };
        (answer(result.outcome, |steps| steps), result.stats)
    }

    /// The shortest path of `case` by jump point search on `grid`.
    fn jump(
        &mut self,
        case: &GridCase,
        grid: Grid,
        index_fits: bool,
        limits: &Limits,
    ) -> (Result<GridAnswer, StopReason>, Stats) {
        let (bits, searcher) = match &mut self.jumps {
            Some((map, bits, searcher)) if Arc::ptr_eq(map, &case.map) => (bits.clone(), searcher),
            kept => {
                if !index_fits {
                    return (Err(StopReason::MemoryLimit), Stats::default());
                }
                let bits = Arc::new(JumpMap::new(&case.map));
                let index = DenseIndex::new(Arc::new(JumpGrid::new(grid.clone(), bits.clone())));
                let kept = kept.insert((case.map.clone(), bits.clone(), AStar::new(index)));
                (bits, &mut kept.2)
            }
        };
        let jumps = JumpGrid::new(grid, bits);
        let estimate = Recompute(|&cell: &u32| jumps.estimate(cell));
        let result = searcher.search_expanding(
            &jumps,
            &case.start,
            &JumpLengths,
            &estimate,
            &PrunedJumps,
            limits,
        );
        (
            answer(result.outcome, |jumps| jump_steps(&jumps)),
            result.stats,
        )
    }
}

/// The answer of a search's `outcome`, its actions made steps by `steps`.
pub(crate) fn answer<A>(
    outcome: Outcome<A, Octile>,
    steps: impl FnOnce(Vec<A>) -> Vec<Step>,
) -> Result<GridAnswer, StopReason> {
    match outcome {
        Outcome::Found(solution) => Ok(GridAnswer {
            path: Some((steps(solution.actions), solution.cost)),
        }),
        Outcome::Exhausted => Ok(GridAnswer { path: None }),
        Outcome::Stopped(reason) => Err(reason),
    }
}
