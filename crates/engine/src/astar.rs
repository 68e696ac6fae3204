//! A*: best-first search on f = g + h, with integer costs or costs of any ordered type.
//!
//! See <https://en.wikipedia.org/wiki/A*_search_algorithm>. Ties on f are broken toward larger g
//! (deeper nodes first, which reaches the goal sooner), then toward the node generated last.
//!
//! The layout keeps each expansion to one visited-map probe and sequential writes, because on
//! large searches A* waits on memory far more than it computes:
//! - duplicates are detected when an entry leaves the open list, not when it is generated: most
//!   generated states are still in the open list when the goal leaves it, so they are never
//!   looked up nor given a node. An entry whose state has left already at no greater cost is
//!   dropped; at a lower cost (only an inconsistent estimate allows it) the state is expanded
//!   again. With an index whose lookups cost an array access ([`StateIndex::CHEAP_LOOKUPS`]: a
//!   dense index), states are numbered as they are generated instead: a child reached before at
//!   no greater cost is dropped at once, so a state enters the open list once per cheaper path
//!   (on an open grid, once instead of about twice), and keeps the first of its cheapest parents;
//! - the open list holds the entries whole (state, parent node, action, memo of the estimate),
//!   so expanding never reads the node arena, and is a bucket queue: one stack per (f, g), found
//!   by indexing rows of f and columns of g (integer f-values take few distinct values, and
//!   pushing onto a stack beats a binary heap of every node), with a sparse fallback for values
//!   out of range; costs that are not whole numbers go to a radix heap on integer keys that
//!   order them exactly ([`Cost::key`]);
//! - expanded nodes are parent links in one arena (parent number, action), so no path is ever
//!   cloned, and their costs (g) in another, read when a state leaves the open list again;
//! - an [`AStar`] keeps all of it, and its visited map, between searches;
//! - which actions a state offers is an [`Expansion`] policy, told the action that reached the
//!   state: every action of the domain by default ([`EveryAction`]), fewer or longer ones for a
//!   pruning search (jump point search on grid maps is A* with a policy of jumps), with the same
//!   loop, open list and statistics.

mod open_list;
mod radix_heap;

use crate::limits::Clock;

use open_list::OpenList;

use crate::domain::{Widened, check_inverse};
use crate::index::{HashIndex, StateIndex};
use crate::limits::{Meter, bytes_per_stored_state};
use crate::path::{Link, ROOT, actions_to, finish};
use crate::{
    Cost, Domain, DomainCosts, Heuristic, IncrementalHeuristic, Limits, Recompute, SearchResult,
    Solution, Stats, StopReason, Weights,
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
///     fn invert(&self, a: (i32, i32)) -> Option<(i32, i32)> { Some((-a.0, -a.1)) }
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
///     fn invert(&self, step: i32) -> Option<i32> { Some(-step) }
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
pub struct AStar<S, A, I = HashIndex<S>, M = u32, C = u64> {
    visited: I,
    open: OpenList<C, Entry<S, A, M>>,
    links: Vec<Link<A>>,
    /// The cost from the start (g) of each node.
    costs: Vec<C>,
    /// The actions of the state being expanded, kept for the next search's.
    actions: Vec<A>,
}

impl<S: Clone, A: Copy + Eq, I: Default, M: Copy, C: Cost> Default for AStar<S, A, I, M, C> {
    fn default() -> Self {
        Self::new(I::default())
    }
}

impl<S, A, I, M, C> std::fmt::Debug for AStar<S, A, I, M, C> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AStar")
            .field("nodes", &self.links.len())
            .finish_non_exhaustive()
    }
}

/// Which actions A* tries from a state: an expansion policy.
///
/// The policy is told the action that reached the state (`None` at the start), so it may prune
/// what a path through the parent reaches as cheaply, as jump point search does. Every action it
/// offers must be one the domain can [`apply`](Domain::apply); A* stays optimal as long as, for
/// every state it expands, some cheapest path to the goal continues through an offered action.
pub trait Expansion<D: Domain> {
    /// Appends to `out` the actions to try from `state`, reached by `reached_by`.
    fn successors(
        &self,
        domain: &D,
        state: &D::State,
        reached_by: Option<D::Action>,
        out: &mut Vec<D::Action>,
    );
}

/// The default policy: every action of the domain ([`Domain::actions`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct EveryAction;

impl<D: Domain> Expansion<D> for EveryAction {
    #[inline(always)]
    fn successors(
        &self,
        domain: &D,
        state: &D::State,
        _: Option<D::Action>,
        out: &mut Vec<D::Action>,
    ) {
        domain.actions(state, out);
    }
}

/// A state waiting in the open list, with the node and the action that reached it and the memo of
/// its estimate.
struct Entry<S, A, M> {
    state: S,
    parent: u32,
    memo: M,
    action: Option<A>,
}

/// An entry with its f and g.
type Ranked<S, A, M, C> = (C, C, Entry<S, A, M>);

/// Finds a cheapest solution from `start` with A*, each action costing what `weights` says (real
/// lengths, or any other [`Cost`]), using a hash map of visited states. `heuristic` estimates in
/// the same type, admissibly. Real costs go through the open list's radix heap instead of its
/// buckets, with the same order of ties.
///
/// ```
/// use statespace_engine::{Domain, Limits, OrderedFloat, astar::astar_weighted};
/// /// Eight-way steps on the integer plane, diagonals costing √2, from (0, 0) to (3, 1).
/// struct Plane;
/// impl Domain for Plane {
///     type State = (i32, i32);
///     type Action = (i32, i32);
///     fn actions(&self, _: &(i32, i32), out: &mut Vec<(i32, i32)>) {
///         for dx in -1..=1 {
///             for dy in -1..=1 {
///                 if (dx, dy) != (0, 0) { out.push((dx, dy)); }
///             }
///         }
///     }
///     fn apply(&self, s: &mut (i32, i32), a: (i32, i32)) { s.0 += a.0; s.1 += a.1; }
///     fn invert(&self, a: (i32, i32)) -> Option<(i32, i32)> { Some((-a.0, -a.1)) }
///     fn is_goal(&self, s: &(i32, i32)) -> bool { *s == (3, 1) }
/// }
/// let length = |_: &(i32, i32), (dx, dy): (i32, i32)| {
///     OrderedFloat(if dx != 0 && dy != 0 { 2f64.sqrt() } else { 1.0 })
/// };
/// let octile = |&(x, y): &(i32, i32)| {
///     let (dx, dy) = ((3 - x).abs() as f64, (1 - y).abs() as f64);
///     OrderedFloat(dx.max(dy) + (2f64.sqrt() - 1.0) * dx.min(dy))
/// };
/// let result = astar_weighted(&Plane, &(0, 0), &length, &octile, &Limits::none());
/// let solution = result.outcome.solution().unwrap();
/// assert!((solution.cost.0 - (2.0 + 2f64.sqrt())).abs() < 1e-9);
/// ```
pub fn astar_weighted<D, W, H>(
    domain: &D,
    start: &D::State,
    weights: &W,
    heuristic: &H,
    limits: &Limits,
) -> SearchResult<D::Action, W::Cost>
where
    D: Domain,
    W: Weights<D>,
    H: Heuristic<D, W::Cost>,
{
    let mut searcher = AStar::<_, _, _, W::Cost, W::Cost>::new(HashIndex::default());
    let estimate = |state: &D::State| heuristic.estimate(domain, state);
    searcher.search_weighted(domain, start, weights, &Recompute(estimate), limits)
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
        let estimate = |state: &S| heuristic.estimate(domain, state);
        self.search_incremental(domain, start, &Recompute(estimate), limits)
    }
}

impl<S: Clone, A: Copy + Eq, I, M: Copy> AStar<S, A, I, M> {
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
        self.search_weighted(domain, start, &DomainCosts, &Widened(heuristic), limits)
    }
}

impl<S: Clone, A: Copy + Eq, I, M: Copy, C: Cost> AStar<S, A, I, M, C> {
    /// A searcher that records visited states in `visited` (a [`StateIndex`]).
    pub fn new(visited: I) -> Self {
        Self {
            visited,
            open: OpenList::default(),
            links: Vec::new(),
            costs: Vec::new(),
            actions: Vec::new(),
        }
    }

    /// Finds a cheapest solution from `start`, as [`astar_weighted`] does, each action costing
    /// what `weights` says, with an estimate updated move by move.
    pub fn search_weighted<D, W, H>(
        &mut self,
        domain: &D,
        start: &S,
        weights: &W,
        heuristic: &H,
        limits: &Limits,
    ) -> SearchResult<A, C>
    where
        D: Domain<State = S, Action = A>,
        W: Weights<D, Cost = C>,
        H: IncrementalHeuristic<D, C, Memo = M>,
        I: StateIndex<S>,
    {
        self.search_expanding(domain, start, weights, heuristic, &EveryAction, limits)
    }

    /// Finds a cheapest solution from `start`, as [`AStar::search_weighted`] does, trying from
    /// each state the actions `expansion` offers.
    ///
    /// ```
    /// use statespace_engine::{Domain, Limits, astar::{AStar, Expansion}, index::HashIndex};
    /// /// Walk the integers by +1 and +2 up to 9.
    /// struct Walk;
    /// impl Domain for Walk {
    ///     type State = i32;
    ///     type Action = i32;
    ///     fn actions(&self, _: &i32, out: &mut Vec<i32>) { out.extend([1, 2]); }
    ///     fn apply(&self, n: &mut i32, step: i32) { *n += step; }
    ///     fn is_goal(&self, n: &i32) -> bool { *n == 9 }
    /// }
    /// /// After a step of 2, only steps of 2: the lengths found stay the same (steps commute).
    /// struct TwosLast;
    /// impl Expansion<Walk> for TwosLast {
    ///     fn successors(&self, _: &Walk, _: &i32, last: Option<i32>, out: &mut Vec<i32>) {
    ///         out.extend(if last == Some(2) { &[2][..] } else { &[1, 2][..] });
    ///     }
    /// }
    /// let steps = |_: &i32, _: i32| 1u64;
    /// let left = statespace_engine::Recompute(|n: &i32| (9 - n).max(0) as u64 / 2);
    /// let mut searcher = AStar::<_, _, HashIndex<i32>, u64, u64>::new(HashIndex::default());
    /// let result = searcher.search_expanding(&Walk, &0, &steps, &left, &TwosLast, &Limits::none());
    /// assert_eq!(result.outcome.solution().unwrap().actions, [1, 2, 2, 2, 2]);
    /// ```
    pub fn search_expanding<D, W, H, E>(
        &mut self,
        domain: &D,
        start: &S,
        weights: &W,
        heuristic: &H,
        expansion: &E,
        limits: &Limits,
    ) -> SearchResult<A, C>
    where
        D: Domain<State = S, Action = A>,
        W: Weights<D, Cost = C>,
        H: IncrementalHeuristic<D, C, Memo = M>,
        E: Expansion<D>,
        I: StateIndex<S>,
    {
        let started = Clock::start(limits);
        let mut stats = Stats::default();
        let mut actions = std::mem::take(&mut self.actions);
        let verdict = self.run(
            domain,
            start,
            (weights, expansion),
            heuristic,
            (limits, &mut actions),
            &mut stats,
        );
        self.actions = actions;
        finish(verdict, stats, started)
    }

    fn reset(&mut self, start: &S, memo: M, f: C)
    where
        I: StateIndex<S>,
    {
        self.visited.clear();
        self.open.clear(f);
        self.costs.clear();
        self.links.clear();
        let root = Link {
            parent: ROOT,
            action: None,
        };
        if I::CHEAP_LOOKUPS {
            self.node_of(start, root, C::ZERO);
        }
        let entry = Entry {
            state: start.clone(),
            parent: ROOT,
            action: None,
            memo,
        };
        self.open.push(f, C::ZERO, entry);
    }

    /// The node of `state`, leaving the open list at cost `g` by `link`: a new node the first
    /// time, the known one again if this path is cheaper (an inconsistent estimate may let a
    /// state leave before its cheapest path), or none if the entry is stale.
    #[inline(always)]
    fn node_of(&mut self, state: &S, link: Link<A>, g: C) -> Option<u32>
    where
        I: StateIndex<S>,
    {
        match self.visited.get_or_insert(state, self.links.len() as u32) {
            None => {
                self.costs.push(g);
                self.links.push(link);
                Some(self.links.len() as u32 - 1)
            }
            Some(known) if g < self.costs[known as usize] => {
                self.costs[known as usize] = g;
                self.links[known as usize] = link;
                Some(known)
            }
            Some(_) => None,
        }
    }

    /// Holds `child`, generated by expanding the entry at `expanded` (f, g), if it is the next
    /// entry to expand, or pushes it onto the open list; `held` is the child held so far.
    ///
    /// Every entry in the open list comes after the expanded one (least f, then largest g, then
    /// pushed last), so a child that comes before the expanded one comes before all of them, and
    /// the first such child (the last generated of equals) is the next to expand. Most expansions
    /// have one (a child that keeps f), and holding it saves its push and pop (10% of 3×3 A*).
    #[inline(always)]
    fn hold_or_push(
        &mut self,
        held: &mut Option<Ranked<S, A, M, C>>,
        expanded: (C, C),
        child: Ranked<S, A, M, C>,
    ) {
        let (f, g) = (child.0, child.1);
        let before = |(other_f, other_g): (C, C)| f < other_f || (f == other_f && g >= other_g);
        if before(expanded) && held.as_ref().is_none_or(|best| before((best.0, best.1))) {
            if let Some((f, g, entry)) = held.replace(child) {
                self.open.push(f, g, entry);
            }
        } else {
            self.open.push(f, g, child.2);
        }
    }

    /// The node of `state`, leaving the open list at cost `g`, when states are numbered as they
    /// are generated (an index with cheap lookups): none if the entry is stale, a cheaper path
    /// having been found since it was pushed.
    #[inline(always)]
    fn live_node(&self, state: &S, g: C) -> Option<u32>
    where
        I: StateIndex<S>,
    {
        self.visited
            .get(state)
            .filter(|&known| self.costs[known as usize] == g)
    }

    fn solution_to(&self, node: u32) -> Solution<A, C> {
        Solution {
            actions: actions_to(node, |node| self.links[node as usize]),
            cost: self.costs[node as usize],
        }
    }

    fn run<D, W, H, E>(
        &mut self,
        domain: &D,
        start: &S,
        (weights, expansion): (&W, &E),
        heuristic: &H,
        (limits, actions): (&Limits, &mut Vec<A>),
        stats: &mut Stats,
    ) -> Result<Option<Solution<A, C>>, StopReason>
    where
        D: Domain<State = S, Action = A>,
        W: Weights<D, Cost = C>,
        H: IncrementalHeuristic<D, C, Memo = M>,
        E: Expansion<D>,
        I: StateIndex<S>,
    {
        let memo = heuristic.init(domain, start);
        self.reset(start, memo, heuristic.value(memo));
        // A dense index's slots are held whatever the search stores; a hashed one grows with
        // the states, which are charged for it.
        let dense = if I::CHEAP_LOOKUPS {
            self.visited.bytes_to_insert()
        } else {
            0
        };
        let mut meter = Meter::new(limits)
            .holding(dense)
            .charging(bytes_per_stored_state(domain, start));
        stats.stored = 1;
        // The entry to expand next when it is known without the open list: see `hold_or_push`.
        let mut held = None;
        while let Some((f, g, entry)) = held.take().or_else(|| self.open.pop()) {
            // Taken apart at once: moving the entry whole copies its padding with overlapping
            // moves, which stall the loads that follow (10% of the time on small searches).
            let Entry {
                state,
                parent,
                memo: parent_memo,
                action: parent_action,
            } = entry;
            let node = if I::CHEAP_LOOKUPS {
                self.live_node(&state, g)
            } else {
                let link = Link {
                    parent,
                    action: parent_action,
                };
                self.node_of(&state, link, g)
            };
            let Some(node) = node else {
                continue;
            };
            if domain.is_goal(&state) {
                return Ok(Some(self.solution_to(node)));
            }
            if meter.beyond_depth(f.whole()) {
                return Err(StopReason::DepthLimit);
            }
            meter.before_expansion(stats.expanded)?;
            actions.clear();
            expansion.successors(domain, &state, parent_action, actions);
            stats.count(
                u32::try_from(f.whole()).unwrap_or(u32::MAX),
                actions.len() as u64,
            );
            // The way back leads to the parent, which a path through here can never improve.
            let back = parent_action.and_then(|action| domain.invert(action));
            for &action in actions.iter() {
                if Some(action) == back {
                    continue;
                }
                let mut next = state.clone();
                domain.apply(&mut next, action);
                check_inverse(domain, stats.expanded, &state, action, &next);
                let child_g = g + weights.weight(domain, &state, action);
                let link = Link {
                    parent: node,
                    action: Some(action),
                };
                if I::CHEAP_LOOKUPS && self.node_of(&next, link, child_g).is_none() {
                    continue;
                }
                let memo = heuristic.update(domain, &next, action, parent_memo);
                let h = heuristic.value(memo);
                let child = Entry {
                    state: next,
                    parent: node,
                    action: Some(action),
                    memo,
                };
                self.hold_or_push(&mut held, (f, g), (child_g + h, child_g, child));
            }
            stats.stored = self.links.len() as u64 + self.open.len + u64::from(held.is_some());
            meter.stored(stats.stored)?;
        }
        Ok(None)
    }
}
