//! Iterative-deepening A* (IDA*): depth-first searches under a growing cost bound, in place.
//!
//! See <https://en.wikipedia.org/wiki/Iterative_deepening_A*>. The state is changed in place by
//! applying and undoing actions, so a search allocates nothing per node; the inverse of the last
//! action is never tried, and the heuristic may be updated move by move
//! ([`IncrementalHeuristic`]).

use std::time::Instant;

use crate::domain::{Widened, check_undo, undo_check};
use crate::limits::Meter;
use crate::path::finish;
use crate::{
    Cost, Domain, DomainCosts, IncrementalHeuristic, LayerStats, Limits, SearchResult, Solution,
    Stats, StopReason, Weights,
};

/// Finds a cheapest solution from `start` with IDA*.
///
/// `heuristic` must be admissible (never above the true remaining cost, hence zero at goals: only
/// states estimated at zero are tested for the goal), or the solution may not be the cheapest.
/// Among the cheapest solutions it returns the lexicographically first in the
/// order of [`Domain::actions`], since each iteration searches depth-first in that order.
/// The outcome is `Exhausted` when no state exceeds the bound (the reachable tree is finite and
/// has no goal), and `Stopped(DepthLimit)` when the bound would pass [`Limits::max_depth`].
/// Each iteration is one entry of [`Stats::layers`], keyed by its bound.
///
/// ```
/// use statespace_engine::{Domain, Limits, idastar::idastar};
/// /// A walk on the integers from 0 to 7, by steps of -1 and +1.
/// struct Line;
/// impl Domain for Line {
///     type State = i32;
///     type Action = i32;
///     fn actions(&self, _: &i32, out: &mut Vec<i32>) { out.extend([-1, 1]); }
///     fn apply(&self, n: &mut i32, step: i32) { *n += step; }
///     fn invert(&self, step: i32) -> Option<i32> { Some(-step) }
///     fn is_goal(&self, n: &i32) -> bool { *n == 7 }
/// }
/// let distance = |n: &i32| (7 - n).unsigned_abs();
/// let result = idastar(&Line, &0, &distance, &Limits::none());
/// assert_eq!(result.outcome.solution().unwrap().actions, vec![1; 7]);
/// assert_eq!(result.stats.layers.len(), 1); // the heuristic is exact: one iteration
/// ```
pub fn idastar<D, H>(
    domain: &D,
    start: &D::State,
    heuristic: &H,
    limits: &Limits,
) -> SearchResult<D::Action>
where
    D: Domain,
    H: IncrementalHeuristic<D>,
{
    let heuristic = Widened(heuristic);
    idastar_weighted(domain, start, &DomainCosts, &heuristic, limits)
}

/// Finds a cheapest solution from `start` with IDA*, each action costing what `weights` says
/// (real lengths, or any other [`Cost`]), as [`idastar`] does with the domain's own costs.
///
/// ```
/// use statespace_engine::{Domain, Limits, OrderedFloat, idastar::idastar_weighted};
/// /// Steps of 1 or 2 along a line from 0 to 4; a step of 2 costs 1.5.
/// struct Line;
/// impl Domain for Line {
///     type State = u32;
///     type Action = u32;
///     fn actions(&self, n: &u32, out: &mut Vec<u32>) {
///         out.extend([1, 2].into_iter().filter(|step| n + step <= 4));
///     }
///     fn apply(&self, n: &mut u32, step: u32) { *n += step; }
///     fn undo(&self, n: &mut u32, step: u32) { *n -= step; }
///     fn is_goal(&self, n: &u32) -> bool { *n == 4 }
/// }
/// let length = |_: &u32, step: u32| OrderedFloat(if step == 2 { 1.5 } else { 1.0 });
/// let left = |n: &u32| OrderedFloat(f64::from(4 - n) * 0.75);
/// let result = idastar_weighted(&Line, &0, &length, &left, &Limits::none());
/// assert_eq!(result.outcome.solution().unwrap().cost, OrderedFloat(3.0));
/// ```
pub fn idastar_weighted<D, W, H>(
    domain: &D,
    start: &D::State,
    weights: &W,
    heuristic: &H,
    limits: &Limits,
) -> SearchResult<D::Action, W::Cost>
where
    D: Domain,
    W: Weights<D>,
    H: IncrementalHeuristic<D, W::Cost>,
{
    let started = Instant::now();
    let mut search = Search::new(domain, weights, heuristic, limits, start.clone());
    let verdict = search.run(limits, |_, _, _| None);
    finish(verdict, search.stats, started)
}

/// What a search concluded: a solution, none, or the limit that stopped it.
type Verdict<A, C> = Result<Option<Solution<A, C>>, StopReason>;

/// What a whole iteration concluded.
pub(crate) enum Iteration<A, C> {
    /// A solution within the bound.
    Solved(Solution<A, C>),
    /// No goal within the bound; the least f-value that exceeded it, if any.
    Exceeded(Option<C>),
}

/// What one depth-first pass concluded below a node.
enum Pass<C> {
    /// A goal was reached; the path holds the actions.
    Found,
    /// No goal within the bound; the least f-value that exceeded it, if any.
    Exceeded(Option<C>),
}

/// A node where a pass stopped instead of searching below it (see [`Search::frontier_depth`]):
/// the root of a subtree that another pass searches.
#[derive(Clone, Debug)]
pub(crate) struct Frontier<A, C, M> {
    /// The actions from the start.
    pub(crate) path: Vec<A>,
    /// The cost of the path.
    pub(crate) g: C,
    /// The heuristic's memo at the node.
    pub(crate) memo: M,
}

/// How many expansions pass between two looks at whether the pass should be abandoned.
const ABANDON_CHECK_PERIOD: u64 = 1 << 12;

/// The depth-first passes of IDA* over one state changed in place, for one thread.
pub(crate) struct Search<'a, D: Domain, W: Weights<D>, H: IncrementalHeuristic<D, W::Cost>> {
    domain: &'a D,
    weights: &'a W,
    heuristic: &'a H,
    meter: Meter<'a>,
    /// The state at the end of the path.
    pub(crate) state: D::State,
    /// The actions from the start.
    pub(crate) path: Vec<D::Action>,
    /// The actions of every node on the path, each node's after its parent's: one buffer, so
    /// that expansion never allocates once warmed up (a buffer per depth cost a tenth of a short
    /// search in allocations).
    actions: Vec<D::Action>,
    /// Where a node's actions are listed before they join `actions` (a domain lists into an
    /// empty vector).
    listing: Vec<D::Action>,
    pub(crate) stats: Stats,
    /// The counts of the pass under way.
    pub(crate) layer: LayerStats,
    /// Expansions made elsewhere (by other threads), counted against the node limit.
    pub(crate) expanded_elsewhere: u64,
    /// Asked now and then: when it says yes, the pass stops as `Cancelled`.
    pub(crate) abandon: Option<&'a (dyn Fn() -> bool + Sync)>,
    /// Nodes at this depth are kept in `frontier` instead of being searched.
    pub(crate) frontier_depth: usize,
    pub(crate) frontier: Vec<Frontier<D::Action, W::Cost, H::Memo>>,
}

impl<'a, D: Domain, W: Weights<D>, H: IncrementalHeuristic<D, W::Cost>> Search<'a, D, W, H> {
    pub(crate) fn new(
        domain: &'a D,
        weights: &'a W,
        heuristic: &'a H,
        limits: &'a Limits,
        start: D::State,
    ) -> Self {
        Self {
            domain,
            weights,
            heuristic,
            meter: Meter::new(limits),
            state: start,
            path: Vec::new(),
            actions: Vec::new(),
            listing: Vec::new(),
            stats: Stats::default(),
            layer: LayerStats::default(),
            expanded_elsewhere: 0,
            abandon: None,
            frontier_depth: usize::MAX,
            frontier: Vec::new(),
        }
    }

    /// Moves from the current state along `path` (the actions only: memos are not updated).
    pub(crate) fn follow(&mut self, path: &[D::Action]) {
        for &action in path {
            self.domain.apply(&mut self.state, action);
            self.path.push(action);
        }
    }

    /// Whether the current state, whose memo is `memo`, is a goal.
    pub(crate) fn at_goal(&self, memo: H::Memo) -> bool {
        // An admissible estimate is zero at every goal, so only zero estimates need the test.
        self.heuristic.value(memo) == W::Cost::ZERO && self.domain.is_goal(&self.state)
    }

    /// The memo of the current state, computed from scratch.
    pub(crate) fn memo(&self) -> H::Memo {
        self.heuristic.init(self.domain, &self.state)
    }

    /// The f-value of a node at cost `g` with memo `memo`.
    pub(crate) fn f(&self, g: W::Cost, memo: H::Memo) -> W::Cost {
        g + self.heuristic.value(memo)
    }

    /// The solution at the end of a pass that found one.
    fn solution(&mut self) -> Solution<D::Action, W::Cost> {
        let cost = self.path_cost();
        Solution {
            actions: std::mem::take(&mut self.path),
            cost,
        }
    }

    /// The iterations, each searched by `split` (which adds its counts to `self.layer`) when it
    /// takes it, else by one depth-first pass from the start.
    pub(crate) fn run(
        &mut self,
        limits: &Limits,
        mut split: impl FnMut(
            &mut Self,
            W::Cost,
            H::Memo,
        ) -> Option<Result<Iteration<D::Action, W::Cost>, StopReason>>,
    ) -> Verdict<D::Action, W::Cost> {
        let memo = self.memo();
        let mut bound = self.f(W::Cost::ZERO, memo);
        loop {
            if limits
                .max_depth
                .is_some_and(|max| bound.whole() > u64::from(max))
            {
                return Err(StopReason::DepthLimit);
            }
            self.layer = LayerStats {
                depth: u32::try_from(bound.whole()).unwrap_or(u32::MAX),
                ..LayerStats::default()
            };
            let iteration = match split(self, bound, memo) {
                Some(iteration) => iteration,
                None => self.pass(W::Cost::ZERO, bound, memo, None),
            };
            self.stats.push_layer(self.layer);
            match iteration? {
                Iteration::Solved(solution) => return Ok(Some(solution)),
                Iteration::Exceeded(Some(next)) => bound = next,
                Iteration::Exceeded(None) => return Ok(None),
            }
        }
    }

    /// One depth-first pass from the current state, reached at cost `g` with memo `memo` by
    /// `last`, with its solution when it finds one.
    pub(crate) fn pass(
        &mut self,
        g: W::Cost,
        bound: W::Cost,
        memo: H::Memo,
        last: Option<D::Action>,
    ) -> Result<Iteration<D::Action, W::Cost>, StopReason> {
        Ok(match self.descend(g, bound, memo, last)? {
            Pass::Found => Iteration::Solved(self.solution()),
            Pass::Exceeded(next) => Iteration::Exceeded(next),
        })
    }

    /// Searches below the current state, reached at cost `g` with heuristic memo `memo`, whose
    /// f-value is within `bound`. Children beyond the bound are counted and undone here, without
    /// a call of their own: most generated nodes are.
    fn descend(
        &mut self,
        g: W::Cost,
        bound: W::Cost,
        memo: H::Memo,
        last: Option<D::Action>,
    ) -> Result<Pass<W::Cost>, StopReason> {
        let depth = self.path.len();
        if depth == self.frontier_depth {
            self.frontier.push(Frontier {
                path: self.path.clone(),
                g,
                memo,
            });
            return Ok(Pass::Exceeded(None));
        }
        if self.at_goal(memo) {
            return Ok(Pass::Found);
        }
        let expanded = self.stats.expanded + self.layer.expanded;
        self.meter
            .before_expansion(self.expanded_elsewhere + expanded)?;
        if let Some(abandon) = self.abandon
            && expanded.is_multiple_of(ABANDON_CHECK_PERIOD)
            && abandon()
        {
            return Err(StopReason::Cancelled);
        }
        self.domain.actions(&self.state, &mut self.listing);
        let listed = self.actions.len();
        self.actions.append(&mut self.listing);
        let end = self.actions.len();
        self.count_expansion((end - listed) as u64);
        let forbidden = last.and_then(|action| self.domain.invert(action));
        let mut least_exceeding = None;
        let mut result = Ok(Pass::Exceeded(None));
        for index in listed..end {
            let action = self.actions[index];
            if Some(action) == forbidden {
                continue;
            }
            let child_g = g + self.weights.weight(self.domain, &self.state, action);
            let before = undo_check(expanded, &self.state);
            self.domain.apply(&mut self.state, action);
            let child_memo = self
                .heuristic
                .update(self.domain, &self.state, action, memo);
            let child_f = self.f(child_g, child_memo);
            if child_f > bound {
                self.domain.undo(&mut self.state, action);
                check_undo(action, before, &self.state);
                least_exceeding = min_some(least_exceeding, Some(child_f));
                continue;
            }
            self.path.push(action);
            match self.descend(child_g, bound, child_memo, Some(action)) {
                Ok(Pass::Exceeded(next)) => {
                    self.path.pop();
                    self.domain.undo(&mut self.state, action);
                    check_undo(action, before, &self.state);
                    least_exceeding = min_some(least_exceeding, next);
                }
                found_or_stopped => {
                    result = found_or_stopped;
                    break;
                }
            }
        }
        self.actions.truncate(listed);
        match result {
            Ok(Pass::Exceeded(_)) => Ok(Pass::Exceeded(least_exceeding)),
            other => other,
        }
    }

    fn count_expansion(&mut self, generated: u64) {
        self.layer.count(generated);
        self.stats.stored = self.stats.stored.max(self.path.len() as u64 + 1);
    }

    /// The cost of the found path, replayed from the start (the state now stands at the goal).
    fn path_cost(&mut self) -> W::Cost {
        for &action in self.path.iter().rev() {
            self.domain.undo(&mut self.state, action);
        }
        let mut cost = W::Cost::ZERO;
        for &action in &self.path {
            cost = cost + self.weights.weight(self.domain, &self.state, action);
            self.domain.apply(&mut self.state, action);
        }
        cost
    }
}

pub(crate) fn min_some<C: Ord>(a: Option<C>, b: Option<C>) -> Option<C> {
    match (a, b) {
        (Some(x), Some(y)) => Some(x.min(y)),
        (x, None) => x,
        (None, y) => y,
    }
}
