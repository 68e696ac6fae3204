//! A search watched: the cells it expanded and, for jump point search, the jump points it
//! found, for a picture of why one search is faster than another (the playground draws them).
//!
//! The watcher is an [`Expansion`] wrapped around the search's own: the engine's A* tells it
//! every state it expands, and the actions offered there lead to the cells generated.

use std::cell::RefCell;
use std::sync::Arc;

use statespace_engine::astar::{AStar, EveryAction, Expansion};
use statespace_engine::index::DenseIndex;
use statespace_engine::{Cost, Domain, Limits, PerfectHash, Recompute, Stats, StopReason, Weights};

use crate::bounds::{BoundedTable, Bounds, GoalBounds, JumpPointBounds};
use crate::coverage::{Coverage, EveryCell, JumpPoints};
use crate::domain::{Connectivity, Grid, Octile, OctileSteps, Step, TerrainSteps};
use crate::jps_plus::JumpTable;
use crate::jump::JumpMap;
use crate::leap::{Jumps, LeapGrid, LeapLengths, PrunedLeaps, leap_steps};
use crate::map_table::MapTable;
use crate::scenario::GridCase;
use crate::solve::{Algorithm, Displaced, GridAnswer, answer, index_bytes, jump, reachable};

/// What a search did, cell by cell.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchTrace {
    /// The cells expanded, in order (for jump point search: the jump points expanded).
    pub expanded: Vec<u32>,
    /// The cells the expanded ones' actions reach (for jump point search: every jump point
    /// found, expanded or not), in order, with repeats.
    pub reached: Vec<u32>,
}

/// An expansion policy `E` that records what it is asked and where its actions lead.
struct Watched<E> {
    policy: E,
    trace: RefCell<SearchTrace>,
}

impl<D: Domain<State = u32>, E: Expansion<D>> Expansion<D> for Watched<E> {
    fn successors(&self, domain: &D, cell: &u32, by: Option<D::Action>, out: &mut Vec<D::Action>) {
        let offered = out.len();
        self.policy.successors(domain, cell, by, out);
        let mut trace = self.trace.borrow_mut();
        trace.expanded.push(*cell);
        for &action in &out[offered..] {
            let mut reached = *cell;
            domain.apply(&mut reached, action);
            trace.reached.push(reached);
        }
    }
}

/// The shortest path of `case`, as [`solve`](crate::solve) finds it, with what the search did.
/// Slower than [`solve`](crate::solve) (every expansion recorded, no memory kept for the next
/// scenario): for showing a search, not for timing it.
pub fn solve_traced(
    case: &GridCase,
    connectivity: Connectivity,
    algorithm: Algorithm,
    limits: &Limits,
) -> (Result<GridAnswer, StopReason>, Stats, SearchTrace) {
    let case = &GridCase {
        map: case.map.seen_from(case.start),
        ..case.clone()
    };
    if !reachable(case) {
        let none = Ok(GridAnswer::of_steps(None));
        return (none, Stats::default(), SearchTrace::default());
    }
    // Theta*'s search is not pictured.
    if algorithm == Algorithm::Theta
        && let Some((answer, stats)) = crate::any_angle::theta_answer(case, connectivity, limits)
    {
        return (answer, stats, SearchTrace::default());
    }
    let grid = Grid::new(case.map.clone(), connectivity, case.goal);
    if !limits.fits((case.map.cells() * size_of::<u32>()) as u64) {
        return (
            Err(StopReason::MemoryLimit),
            Stats::default(),
            SearchTrace::default(),
        );
    }
    // Jump point search is not exact on weighted maps: A* answers there, as `solve` does.
    let jumps = !case.map.is_weighted();
    match (algorithm, connectivity) {
        (Algorithm::Jps, Connectivity::Eight) if jumps => {
            return traced_leaps(JumpMap::new(&case.map), &grid, case, limits);
        }
        (
            Algorithm::JpsPlus | Algorithm::JpsPlusGb | Algorithm::JpsPlusGbj,
            Connectivity::Eight,
        ) if jumps => {
            let bounds_bytes = match algorithm {
                Algorithm::JpsPlusGb => GoalBounds::bytes(&case.map),
                Algorithm::JpsPlusGbj => JumpPointBounds::bytes(&case.map),
                _ => 0,
            };
            let bytes = index_bytes(&case.map) + JumpTable::bytes(&case.map) + bounds_bytes;
            if !limits.fits(bytes) {
                let stopped = Err(StopReason::MemoryLimit);
                return (stopped, Stats::default(), SearchTrace::default());
            }
            let table = JumpTable::build(case.map.clone());
            return match algorithm {
                Algorithm::JpsPlusGb => traced_bounded::<EveryCell>(table, &grid, case, limits),
                Algorithm::JpsPlusGbj => traced_bounded::<JumpPoints>(table, &grid, case, limits),
                _ => traced_leaps(table, &grid, case, limits),
            };
        }
        _ => {}
    }
    let watched = Watched {
        policy: EveryAction,
        trace: RefCell::default(),
    };
    let to_goal = |&cell: &u32| grid.estimate(cell);
    let none = |_: &u32| Octile::ZERO;
    let estimate: &dyn Fn(&u32) -> Octile = match algorithm {
        Algorithm::Dijkstra => &none,
        _ => &to_goal,
    };
    let mut searcher =
        AStar::<_, _, _, Octile, Octile>::new(DenseIndex::new(Arc::new(grid.clone())));
    let weighted = case.map.is_weighted();
    let weights = |cell: &u32, step: Step| {
        if weighted {
            TerrainSteps.weight(&grid, cell, step)
        } else {
            OctileSteps.weight(&grid, cell, step)
        }
    };
    let result = searcher.search_expanding(
        &grid,
        &case.start,
        &weights,
        &Recompute(estimate),
        &watched,
        limits,
    );
    let answer = answer(result.outcome, |steps| steps);
    (answer, result.stats, watched.trace.into_inner())
}

/// [`traced_leaps`] over `table` bounded by the goal bounds at the cells `C` keeps them for.
fn traced_bounded<C: Coverage>(
    table: JumpTable,
    grid: &Grid,
    case: &GridCase,
    limits: &Limits,
) -> (Result<GridAnswer, StopReason>, Stats, SearchTrace) {
    let bounds = Arc::new(Bounds::<C>::build(&case.map));
    let bounded = BoundedTable::new(Arc::new(table), bounds);
    traced_leaps(bounded, grid, case, limits)
}

/// [`solve_traced`] by JPS+'s leaps, found by `jumps` (its table, bounded or not), on `grid`.
fn traced_leaps<J: Jumps>(
    jumps: J,
    grid: &Grid,
    case: &GridCase,
    limits: &Limits,
) -> (Result<GridAnswer, StopReason>, Stats, SearchTrace) {
    let leaps = LeapGrid::new(grid.clone(), Arc::new(jumps));
    let steps = |leaps: Vec<_>| leap_steps(&leaps);
    traced_jumps(
        leaps,
        grid,
        (&LeapLengths, PrunedLeaps),
        case,
        limits,
        steps,
    )
}

/// [`solve_traced`] by the jumps (or leaps) `jumps` on `grid`, weighed and expanded as `policy`
/// says (watched), its actions made steps by `steps`: [`solve`](crate::solve)'s jump point
/// search with a searcher of its own.
fn traced_jumps<D, W, E>(
    jumps: D,
    grid: &Grid,
    (weights, policy): (&W, E),
    case: &GridCase,
    limits: &Limits,
    steps: impl FnOnce(Vec<D::Action>) -> Vec<Step>,
) -> (Result<GridAnswer, StopReason>, Stats, SearchTrace)
where
    D: Domain<State = u32, Action: Displaced> + PerfectHash + Clone,
    W: Weights<D, Cost = Octile>,
    E: Expansion<D>,
{
    let watched = Watched {
        policy,
        trace: RefCell::default(),
    };
    let mut searcher = AStar::new(DenseIndex::new(Arc::new(grid.clone())));
    let policy = (weights, &watched);
    let (answer, stats) = jump(&mut searcher, &jumps, grid, policy, case, limits, steps);
    (answer, stats, watched.trace.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{parse, solve};

    #[test]
    fn a_traced_search_is_the_search_and_records_every_expansion() {
        let text = [
            include_str!("../tests/data/arena.map"),
            include_str!("../tests/data/arena.map.scen"),
        ]
        .concat();
        let cases: Vec<GridCase> = parse(&text).step_by(13).collect::<Result<_, _>>().unwrap();
        for case in &cases {
            for algorithm in [
                Algorithm::Astar,
                Algorithm::Dijkstra,
                Algorithm::Jps,
                Algorithm::JpsPlus,
                Algorithm::JpsPlusGb,
                Algorithm::JpsPlusGbj,
            ] {
                let eight = Connectivity::Eight;
                let (found, stats) = solve(case, eight, algorithm, &Limits::none());
                let (traced, traced_stats, trace) =
                    solve_traced(case, eight, algorithm, &Limits::none());
                assert_eq!(traced, found);
                assert_eq!(trace.expanded.len() as u64, stats.expanded);
                assert_eq!(traced_stats.generated, stats.generated);
                assert_eq!(trace.expanded[0], case.start);
                let cells = trace.expanded.iter().chain(&trace.reached);
                assert!(cells.clone().all(|&cell| case.map.is_passable(cell)));
                if matches!(
                    algorithm,
                    Algorithm::Jps
                        | Algorithm::JpsPlus
                        | Algorithm::JpsPlusGb
                        | Algorithm::JpsPlusGbj
                ) && case.start != case.goal
                {
                    assert!(trace.reached.contains(&case.goal), "{case:?}");
                }
            }
        }
    }
}
