//! A*: best-first search on f = g + h with integer costs.
//!
//! See <https://en.wikipedia.org/wiki/A*_search_algorithm>. Ties on f are broken toward larger g
//! (deeper nodes first, which reaches the goal sooner), then toward the node generated last.
//!
//! The layout keeps each generated state to one hash-map probe and sequential writes, because on
//! large searches A* waits on memory far more than it computes:
//! - nodes are parent links in one arena (parent number, action), without their states, so
//!   no path is ever cloned, and their costs (g) in another, small enough to stay in cache for
//!   the check of each state found again;
//! - the open list holds the states themselves, so expanding a node never reads the arena, and
//!   is a bucket queue: one stack per (f, g), found by indexing rows of f and columns of g
//!   (integer f-values take few distinct values, and pushing onto a stack beats a binary heap of
//!   every node), with a sparse fallback for values out of range;
//! - closed nodes are one bit each, small enough to stay in cache;
//! - an [`AStar`] keeps all of it, and its visited map, between searches.

mod open_list;

use std::time::Instant;

use open_list::OpenList;

use crate::index::{HashIndex, StateIndex};
use crate::limits::Meter;
use crate::path::finish;
use crate::{
    Domain, Heuristic, IncrementalHeuristic, Limits, SearchResult, Solution, Stats, StopReason,
};

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
    AStar::new(HashIndex::default()).search(domain, start, heuristic, limits)
}

/// [`astar`] with a visited map of the caller's choice (for example a
/// [`DenseIndex`](crate::index::DenseIndex)), cleared first and reusable across calls. To reuse
/// the open list and the node arena too, keep an [`AStar`] instead.
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
    AStar::new(visited).search(domain, start, heuristic, limits)
}

/// An A* searcher that keeps its memory (visited map, open list, node arena) from one search to
/// the next: many small searches then allocate nothing after the first.
///
/// [`AStar::search`] takes any [`Heuristic`]; [`AStar::search_incremental`] takes an
/// [`IncrementalHeuristic`] and updates it move by move, keeping each open node's memo (of type
/// `M`) in the open list.
///
/// ```
/// use statespace_engine::{Domain, Limits, astar::AStar, index::HashIndex};
/// /// Walk the integers by steps of +1 and +5 up to a goal of 23.
/// struct Steps;
/// impl Domain for Steps {
///     type State = i32;
///     type Action = i32;
///     fn actions(&self, _: &i32, out: &mut Vec<i32>) { out.extend([1, 5]); }
///     fn apply(&self, n: &mut i32, step: i32) { *n += step; }
///     fn invert(&self, step: i32) -> i32 { -step }
///     fn is_goal(&self, n: &i32) -> bool { *n == 23 }
/// }
/// let left = |n: &i32| (23 - n).max(0) as u32 / 5;
/// let mut searcher = AStar::new(HashIndex::default());
/// for start in [0, 10, 20] {
///     let result = searcher.search(&Steps, &start, &left, &Limits::none());
///     let cost = result.outcome.solution().unwrap().cost;
///     assert_eq!(cost, [7, 5, 3][start as usize / 10]);
/// }
/// ```
pub struct AStar<S, A, I = HashIndex<S>, M = u32> {
    visited: I,
    open: OpenList<Entry<S, A, M>>,
    links: Vec<Link<A>>,
    /// The cost from the start (g) of each node.
    costs: Vec<u64>,
    closed: Vec<u64>,
}

/// How the search reached a node.
struct Link<A> {
    /// The node it was reached from; [`ROOT`] for the start.
    parent: u32,
    action: Option<A>,
}

const ROOT: u32 = u32::MAX;

/// A node waiting in the open list, with its state, the action that reached it and the memo of
/// its estimate.
struct Entry<S, A, M> {
    state: S,
    node: u32,
    action: Option<A>,
    memo: M,
}

/// A plain heuristic as an incremental one whose memo is the estimate.
struct Estimates<'h, H>(&'h H);

impl<D: Domain, H: Heuristic<D>> IncrementalHeuristic<D> for Estimates<'_, H> {
    type Memo = u32;
    #[inline]
    fn init(&self, domain: &D, state: &D::State) -> u32 {
        self.0.estimate(domain, state)
    }
    #[inline]
    fn update(&self, domain: &D, after: &D::State, _: D::Action, _: u32) -> u32 {
        self.0.estimate(domain, after)
    }
    #[inline]
    fn value(&self, memo: u32) -> u32 {
        memo
    }
}

impl<S: Clone, A: Copy + Eq, I> AStar<S, A, I> {
    /// Finds a cheapest solution from `start`, as [`astar`] does.
    pub fn search<D, H>(
        &mut self,
        domain: &D,
        start: &S,
        heuristic: &H,
        limits: &Limits,
    ) -> SearchResult<A>
    where
        D: Domain<State = S, Action = A>,
        H: Heuristic<D>,
        I: StateIndex<S>,
    {
        self.search_incremental(domain, start, &Estimates(heuristic), limits)
    }
}

impl<S: Clone, A: Copy + Eq, I, M: Copy> AStar<S, A, I, M> {
    /// A searcher that records visited states in `visited` (a [`StateIndex`]).
    pub fn new(visited: I) -> Self {
        Self {
            visited,
            open: OpenList::default(),
            links: Vec::new(),
            costs: Vec::new(),
            closed: Vec::new(),
        }
    }

    /// Finds a cheapest solution from `start`, as [`astar`] does, updating the estimate move by
    /// move instead of computing it afresh for each state.
    pub fn search_incremental<D, H>(
        &mut self,
        domain: &D,
        start: &S,
        heuristic: &H,
        limits: &Limits,
    ) -> SearchResult<A>
    where
        D: Domain<State = S, Action = A>,
        H: IncrementalHeuristic<D, Memo = M>,
        I: StateIndex<S>,
    {
        let started = Instant::now();
        let mut stats = Stats::default();
        let verdict = self.run(domain, start, heuristic, limits, &mut stats);
        finish(verdict, stats, started)
    }

    fn reset(&mut self, start: &S, memo: M, f: u64)
    where
        I: StateIndex<S>,
    {
        self.visited.clear();
        self.visited.insert(start, 0);
        self.open.clear(f);
        self.costs.clear();
        self.costs.push(0);
        self.links.clear();
        self.links.push(Link {
            parent: ROOT,
            action: None,
        });
        self.closed.clear();
        self.closed.push(0);
        let entry = Entry {
            state: start.clone(),
            node: 0,
            action: None,
            memo,
        };
        self.open.push(f, 0, entry);
    }

    fn is_closed(&self, node: u32) -> bool {
        self.closed[node as usize / 64] & (1 << (node % 64)) != 0
    }

    fn set_closed(&mut self, node: u32, closed: bool) {
        let (word, bit) = (node as usize / 64, 1 << (node % 64));
        if closed {
            self.closed[word] |= bit;
        } else {
            self.closed[word] &= !bit;
        }
    }

    /// Adds an open node reached from `parent` by `action` at cost `g`; returns its number.
    fn add(&mut self, g: u64, parent: u32, action: A) -> u32 {
        let node = self.links.len() as u32;
        if node.is_multiple_of(64) {
            self.closed.push(0);
        }
        self.costs.push(g);
        self.links.push(Link {
            parent,
            action: Some(action),
        });
        node
    }

    fn solution_to(&self, mut node: u32) -> Solution<A> {
        let cost = self.costs[node as usize];
        let mut actions = Vec::new();
        while let Some(action) = self.links[node as usize].action {
            actions.push(action);
            node = self.links[node as usize].parent;
        }
        actions.reverse();
        Solution { actions, cost }
    }

    fn run<D, H>(
        &mut self,
        domain: &D,
        start: &S,
        heuristic: &H,
        limits: &Limits,
        stats: &mut Stats,
    ) -> Result<Option<Solution<A>>, StopReason>
    where
        D: Domain<State = S, Action = A>,
        H: IncrementalHeuristic<D, Memo = M>,
        I: StateIndex<S>,
    {
        let mut meter = Meter::new(limits);
        let memo = heuristic.init(domain, start);
        self.reset(start, memo, u64::from(heuristic.value(memo)));
        stats.stored = 1;
        let mut actions = Vec::new();
        while let Some((f, g, entry)) = self.open.pop() {
            let node = entry.node;
            // Entries of one node leave in order of g (their h is the same), so the one that
            // finds it open carries its current g, and any later one is superseded.
            if self.is_closed(node) {
                continue;
            }
            debug_assert_eq!(self.costs[node as usize], g);
            if domain.is_goal(&entry.state) {
                return Ok(Some(self.solution_to(node)));
            }
            if meter.beyond_depth(f) {
                return Err(StopReason::DepthLimit);
            }
            meter.before_expansion(stats.expanded)?;
            self.set_closed(node, true);
            let state = entry.state;
            actions.clear();
            domain.actions(&state, &mut actions);
            stats.count(u32::try_from(f).unwrap_or(u32::MAX), actions.len() as u64);
            // The way back leads to the parent, which a path through here can never improve.
            let back = entry.action.map(|action| domain.invert(action));
            for &action in &actions {
                if Some(action) == back {
                    continue;
                }
                let mut next = state.clone();
                domain.apply(&mut next, action);
                let child_g = g + u64::from(domain.cost(&state, action));
                let child = match self.visited.get_or_insert(&next, self.links.len() as u32) {
                    None => Some(self.add(child_g, node, action)),
                    Some(known) if child_g < self.costs[known as usize] => {
                        self.costs[known as usize] = child_g;
                        self.links[known as usize] = Link {
                            parent: node,
                            action: Some(action),
                        };
                        self.set_closed(known, false);
                        Some(known)
                    }
                    Some(_) => None,
                };
                if let Some(child) = child {
                    let memo = heuristic.update(domain, &next, action, entry.memo);
                    let h = u64::from(heuristic.value(memo));
                    let child_entry = Entry {
                        state: next,
                        node: child,
                        action: Some(action),
                        memo,
                    };
                    self.open.push(child_g + h, child_g, child_entry);
                    stats.stored = self.links.len() as u64 + self.open.len;
                    meter.stored(stats.stored)?;
                }
            }
        }
        Ok(None)
    }
}
