//! Dijkstra's algorithm (uniform-cost search): the cheapest path to a goal, without an estimate.
//!
//! See <https://en.wikipedia.org/wiki/Dijkstra%27s_algorithm>. States leave in order of their
//! cost from the start (ties: the one generated last first), so the first goal to leave is a
//! cheapest one. It is A* with an estimate of zero, on the same open list, visited map and
//! node arena ([`AStar`]): integer costs are filed in buckets, other costs in a heap.

use crate::astar::AStar;
use crate::index::HashIndex;
use crate::{Cost, Domain, Limits, SearchResult, Weights};

/// Finds a cheapest solution from `start`, each action costing [`Domain::cost`]. Each cost
/// expanded is one entry of [`Stats::layers`](crate::Stats::layers).
///
/// ```
/// use statespace_engine::{Domain, Limits, dijkstra::dijkstra};
/// /// From 1, add one (cost 1) or double (cost 3), to reach 10.
/// struct Numbers;
/// impl Domain for Numbers {
///     type State = u32;
///     type Action = bool; // true: double
///     fn actions(&self, _: &u32, out: &mut Vec<bool>) { out.extend([false, true]); }
///     fn apply(&self, n: &mut u32, double: bool) { *n = if double { *n * 2 } else { *n + 1 }; }
///     fn is_goal(&self, n: &u32) -> bool { *n == 10 }
///     fn cost(&self, _: &u32, double: bool) -> u32 { if double { 3 } else { 1 } }
/// }
/// let result = dijkstra(&Numbers, &1, &Limits::none());
/// let solution = result.outcome.solution().unwrap();
/// // 1, 2, 3, 4, 5, 10: four steps of one and a doubling.
/// assert_eq!(solution.cost, 7);
/// assert_eq!(solution.states(&Numbers, &1), [1, 2, 3, 4, 5, 10]);
/// ```
pub fn dijkstra<D: Domain>(
    domain: &D,
    start: &D::State,
    limits: &Limits,
) -> SearchResult<D::Action> {
    AStar::new(HashIndex::default()).search(domain, start, &|_: &D::State| 0, limits)
}

/// Finds a cheapest solution from `start`, each action costing what `weights` says (real
/// lengths, or any other [`Cost`]).
///
/// ```
/// use statespace_engine::{Domain, Limits, OrderedFloat, dijkstra::dijkstra_weighted};
/// /// Steps of 1 or 2 along a line from 0 to 4; a step of 2 costs 1.5.
/// struct Line;
/// impl Domain for Line {
///     type State = u32;
///     type Action = u32;
///     fn actions(&self, _: &u32, out: &mut Vec<u32>) { out.extend([1, 2]); }
///     fn apply(&self, n: &mut u32, step: u32) { *n += step; }
///     fn is_goal(&self, n: &u32) -> bool { *n == 4 }
/// }
/// let length = |_: &u32, step: u32| OrderedFloat(if step == 2 { 1.5 } else { 1.0 });
/// let result = dijkstra_weighted(&Line, &0, &length, &Limits::none());
/// let solution = result.outcome.solution().unwrap();
/// assert_eq!((solution.actions.clone(), solution.cost), (vec![2, 2], OrderedFloat(3.0)));
/// ```
pub fn dijkstra_weighted<D, W>(
    domain: &D,
    start: &D::State,
    weights: &W,
    limits: &Limits,
) -> SearchResult<D::Action, W::Cost>
where
    D: Domain,
    W: Weights<D>,
{
    let zero = |_: &D::State| W::Cost::ZERO;
    let mut searcher = AStar::<_, _, _, W::Cost, W::Cost>::new(HashIndex::default());
    searcher.search_weighted(domain, start, weights, &crate::Recompute(zero), limits)
}
