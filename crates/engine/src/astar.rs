//! A*: best-first search on f = g + h with integer costs.
//!
//! See <https://en.wikipedia.org/wiki/A*_search_algorithm>. Ties on f are broken toward larger g
//! (deeper nodes first, which reaches the goal sooner), then toward the node generated last.
//! Nodes live in one arena with parent numbers; no path is ever cloned. The open list is a bucket
//! queue: one stack of node numbers per (f, g), the buckets ordered in a small map, because
//! integer f-values take few distinct values and pushing onto a stack beats a binary heap.

use std::cmp::Reverse;
use std::collections::BTreeMap;
use std::time::Instant;

use crate::index::{HashIndex, StateIndex};
use crate::limits::Meter;
use crate::path::{SearchTree, finish};
use crate::{Domain, Heuristic, Limits, SearchResult, Solution, Stats, StopReason};

/// Finds a cheapest solution from `start` with A*, using a hash map of visited states.
///
/// `heuristic` must be admissible (never above the true remaining cost), or the solution may not
/// be the cheapest. Consistency is not required: a state reached again more cheaply is reopened.
/// Each f-value expanded is one entry of [`Stats::layers`].
///
/// ```
/// use statespace_engine::{Domain, Limits, astar::astar};
/// /// A 5x5 grid walk from (0, 0) to (4, 4).
/// struct Grid;
/// impl Domain for Grid {
///     type State = (i32, i32);
///     type Action = (i32, i32);
///     fn actions(&self, &(x, y): &(i32, i32), out: &mut Vec<(i32, i32)>) {
///         for (dx, dy) in [(1, 0), (0, 1), (-1, 0), (0, -1)] {
///             if (0..5).contains(&(x + dx)) && (0..5).contains(&(y + dy)) { out.push((dx, dy)); }
///         }
///     }
///     fn apply(&self, s: &mut (i32, i32), a: (i32, i32)) { s.0 += a.0; s.1 += a.1; }
///     fn invert(&self, a: (i32, i32)) -> (i32, i32) { (-a.0, -a.1) }
///     fn is_goal(&self, s: &(i32, i32)) -> bool { *s == (4, 4) }
/// }
/// let manhattan = |s: &(i32, i32)| (8 - s.0 - s.1) as u32;
/// let result = astar(&Grid, &(0, 0), &manhattan, &Limits::none());
/// assert_eq!(result.outcome.solution().unwrap().cost, 8);
/// assert_eq!(result.stats.expanded, 8); // an exact heuristic goes straight to the goal
/// ```
pub fn astar<D, H>(
    domain: &D,
    start: &D::State,
    heuristic: &H,
    limits: &Limits,
) -> SearchResult<D::Action>
where
    D: Domain,
    H: Heuristic<D>,
{
    astar_with(domain, start, heuristic, limits, &mut HashIndex::default())
}

/// [`astar`] with a visited map of the caller's choice (for example a
/// [`DenseIndex`](crate::index::DenseIndex)), cleared first and reusable across calls.
pub fn astar_with<D, H, I>(
    domain: &D,
    start: &D::State,
    heuristic: &H,
    limits: &Limits,
    visited: &mut I,
) -> SearchResult<D::Action>
where
    D: Domain,
    H: Heuristic<D>,
    I: StateIndex<D::State>,
{
    let started = Instant::now();
    let mut stats = Stats::default();
    let verdict = search(domain, start, heuristic, limits, visited, &mut stats);
    finish(verdict, stats, started)
}

/// The open list: node numbers by (f, larger g first), a stack each.
#[derive(Default)]
struct OpenList {
    buckets: BTreeMap<(u64, Reverse<u64>), Vec<u32>>,
    len: u64,
}

impl OpenList {
    fn push(&mut self, f: u64, g: u64, node: u32) {
        self.buckets.entry((f, Reverse(g))).or_default().push(node);
        self.len += 1;
    }

    /// The node with the least f, then the largest g, with its f and g.
    fn pop(&mut self) -> Option<(u64, u64, u32)> {
        let mut bucket = self.buckets.first_entry()?;
        let (f, Reverse(g)) = *bucket.key();
        let node = bucket
            .get_mut()
            .pop()
            .expect("buckets are never left empty");
        if bucket.get().is_empty() {
            bucket.remove();
        }
        self.len -= 1;
        Some((f, g, node))
    }
}

fn search<D, H, I>(
    domain: &D,
    start: &D::State,
    heuristic: &H,
    limits: &Limits,
    visited: &mut I,
    stats: &mut Stats,
) -> Result<Option<Solution<D::Action>>, StopReason>
where
    D: Domain,
    H: Heuristic<D>,
    I: StateIndex<D::State>,
{
    visited.clear();
    let mut meter = Meter::new(limits);
    let mut tree = SearchTree::with_root(start.clone());
    visited.insert(start, 0);
    let mut closed = vec![false];
    let mut open = OpenList::default();
    open.push(u64::from(heuristic.estimate(domain, start)), 0, 0);
    stats.stored = 1;
    let mut actions = Vec::new();
    while let Some((f, g, node)) = open.pop() {
        let entry = &tree.nodes[node as usize];
        if entry.cost != g || closed[node as usize] {
            continue; // superseded by a cheaper path
        }
        if domain.is_goal(&entry.state) {
            return Ok(Some(tree.solution_to(node)));
        }
        if meter.beyond_depth(f) {
            return Err(StopReason::DepthLimit);
        }
        meter.before_expansion(stats.expanded)?;
        closed[node as usize] = true;
        let mut state = entry.state.clone();
        actions.clear();
        domain.actions(&state, &mut actions);
        stats.count(u32::try_from(f).unwrap_or(u32::MAX), actions.len() as u64);
        // The way back leads to the parent, which a path through here can never improve.
        let back = tree.action_to(node).map(|action| domain.invert(action));
        for &action in &actions {
            if Some(action) == back {
                continue;
            }
            let step = domain.cost(&state, action);
            let child_g = g + u64::from(step);
            domain.apply(&mut state, action);
            let child = match visited.get_or_insert(&state, tree.len() as u32) {
                None => {
                    closed.push(false);
                    Some(tree.push(state.clone(), node, action, step))
                }
                Some(known) if child_g < tree.nodes[known as usize].cost => {
                    tree.reparent(known, node, action, child_g);
                    closed[known as usize] = false;
                    Some(known)
                }
                Some(_) => None,
            };
            if let Some(child) = child {
                let h = u64::from(heuristic.estimate(domain, &state));
                open.push(child_g + h, child_g, child);
                stats.stored = tree.len() + open.len;
                meter.stored(stats.stored)?;
            }
            domain.undo(&mut state, action);
        }
    }
    Ok(None)
}
