//! Breadth-first search: the fewest actions, and among those the lexicographically smallest
//! sequence in the domain's action order.
//!
//! See <https://en.wikipedia.org/wiki/Breadth-first_search>.

use std::time::Instant;

use crate::index::{HashIndex, VisitedSet};
use crate::limits::Meter;
use crate::path::{SearchTree, finish};
use crate::{Domain, Limits, SearchResult, Solution, Stats, StopReason};

/// Finds a solution with the fewest actions from `start`, using a hash set of visited states.
///
/// Among the shortest solutions it returns the lexicographically smallest one, comparing actions
/// by their position in [`Domain::actions`]. With [`Limits::max_depth`], solutions longer than the
/// limit are not looked for, and the outcome is `Stopped(DepthLimit)` when states beyond it remain.
///
/// ```
/// use statespace_engine::{Domain, Limits, bfs::bfs};
/// /// Walk the integers from 0 to 10 by steps of +3 and -2.
/// struct Steps;
/// impl Domain for Steps {
///     type State = i32;
///     type Action = i32;
///     fn actions(&self, _: &i32, out: &mut Vec<i32>) { out.extend([3, -2]); }
///     fn apply(&self, n: &mut i32, step: i32) { *n += step; }
///     fn invert(&self, step: i32) -> i32 { -step }
///     fn is_goal(&self, n: &i32) -> bool { *n == 10 }
/// }
/// let result = bfs(&Steps, &0, &Limits::none().max_depth(20));
/// assert_eq!(result.outcome.solution().unwrap().actions, vec![3, 3, 3, 3, -2]);
/// ```
pub fn bfs<D: Domain>(domain: &D, start: &D::State, limits: &Limits) -> SearchResult<D::Action> {
    bfs_with(domain, start, limits, &mut HashIndex::default())
}

/// [`bfs`] with a visited set of the caller's choice (for example a
/// [`DenseSet`](crate::index::DenseSet) for a ranked domain), cleared first and reusable across
/// calls.
pub fn bfs_with<D: Domain, I: VisitedSet<D::State>>(
    domain: &D,
    start: &D::State,
    limits: &Limits,
    visited: &mut I,
) -> SearchResult<D::Action> {
    let started = Instant::now();
    let mut stats = Stats::default();
    let verdict = search(domain, start, limits, visited, &mut stats);
    finish(verdict, stats, started)
}

fn search<D: Domain, I: VisitedSet<D::State>>(
    domain: &D,
    start: &D::State,
    limits: &Limits,
    visited: &mut I,
    stats: &mut Stats,
) -> Result<Option<Solution<D::Action>>, StopReason> {
    visited.forget_all();
    let mut meter = Meter::new(limits);
    let mut tree = SearchTree::with_root(start.clone());
    // Each node's key in `visited`, which makes inserting its successors cheaper.
    let mut keys = vec![visited.insert_keyed(start).unwrap_or_default()];
    stats.stored = 1;
    if domain.is_goal(start) {
        return Ok(Some(tree.solution_to(0)));
    }
    let mut actions = Vec::new();
    let mut cut_at_depth_limit = false;
    let mut head = 0;
    while head < tree.nodes.len() {
        let node = head as u32;
        head += 1;
        let depth = tree.nodes[node as usize].depth;
        if meter.beyond_depth(u64::from(depth) + 1) {
            cut_at_depth_limit = true;
            continue;
        }
        meter.before_expansion(stats.expanded)?;
        let mut state = tree.nodes[node as usize].state.clone();
        actions.clear();
        domain.actions(&state, &mut actions);
        stats.count(depth, actions.len() as u64);
        // The way back leads to the parent, visited already.
        let back = tree.action_to(node).map(|action| domain.invert(action));
        for &action in &actions {
            if Some(action) == back {
                continue;
            }
            let step = domain.cost(&state, action);
            domain.apply(&mut state, action);
            let parent = &tree.nodes[node as usize].state;
            if let Some(key) = visited.insert_neighbour(parent, keys[node as usize], &state) {
                keys.push(key);
                let child = tree.push(state.clone(), node, action, step);
                stats.stored = tree.len();
                if domain.is_goal(&state) {
                    return Ok(Some(tree.solution_to(child)));
                }
                meter.stored(stats.stored)?;
            }
            domain.undo(&mut state, action);
        }
    }
    if cut_at_depth_limit {
        Err(StopReason::DepthLimit)
    } else {
        Ok(None)
    }
}
