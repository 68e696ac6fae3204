//! Iterative-deepening A* (IDA*): depth-first searches under a growing cost bound, in place.
//!
//! See <https://en.wikipedia.org/wiki/Iterative_deepening_A*>. The state is changed in place by
//! applying and undoing actions, so a search allocates nothing per node; the inverse of the last
//! action is never tried, and the heuristic may be updated move by move
//! ([`IncrementalHeuristic`]).
//! (Past 600 lines: one search in three parts that belong together, the entry points with their
//! examples, the [`Expander`] interface that a puzzle's own expander implements, and the
//! engine's expander over any [`Domain`].)

use crate::limits::Clock;
use std::ops::ControlFlow;

use crate::domain::{Widened, check_undo, undo_check};
use crate::limits::Meter;
use crate::move_pruning::{MoveAutomaton, MoveState};
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
    idastar_with(
        Moves::new(domain, weights, heuristic, start.clone()),
        limits,
    )
}

/// A node changed in place whose children IDA* is offered within a cost bound: what
/// [`idastar_with`] searches.
///
/// [`idastar`] and [`idastar_weighted`] search a [`Domain`] with an [`IncrementalHeuristic`]
/// through an expander of the engine's own, which applies every action, updates the estimate and
/// undoes the moves beyond the bound. A puzzle can do better with one of its own: judge every
/// child from the parent before moving (its table reads issued together), keep memos updated in
/// place with an undo record, raise the bound by what it knows of its costs.
pub trait Expander {
    /// A move from a node to one of its children.
    type Action: Copy;
    /// What moves cost, summed along paths.
    type Cost: Cost;
    /// What a node hands down to its children besides what the expander changes in place (an
    /// incremental estimate's memo; `()` when everything is kept in place): passed by value,
    /// so that it lives in registers.
    type Memo: Copy;
    /// The memo of the current node, computed from scratch.
    fn memo(&self) -> Self::Memo;
    /// An admissible estimate of the cost from the current node, whose memo is `memo`, to a
    /// goal (zero at goals).
    fn estimate(&self, memo: Self::Memo) -> Self::Cost;
    /// Whether the current node, whose memo is `memo`, is a goal.
    fn is_goal(&self, memo: Self::Memo) -> bool;
    /// Moves from the current node, whose memo is `memo`, to the child `action` leads to,
    /// whatever its estimate (to replay a path); returns the move's cost and the child's memo.
    fn play(&mut self, action: Self::Action, memo: Self::Memo) -> (Self::Cost, Self::Memo);
    /// Expands the current node, reached at cost `g` by `last` and whose memo is `memo`: for
    /// each child whose cost plus estimate is within `bound`, in the order that decides which
    /// of several cheapest solutions is found, moves there, calls `visit` with the move, the
    /// child's cost and memo, and comes back. `visit` returns the least cost plus estimate above
    /// the bound met below the child, if any, or breaks: the expansion then stops there (where
    /// the node then stands does not matter). A child that only leads back to where the node
    /// came from may be left out.
    fn expand<B>(
        &mut self,
        g: Self::Cost,
        memo: Self::Memo,
        bound: Self::Cost,
        last: Option<Self::Action>,
        visit: impl FnMut(
            &mut Self,
            Self::Action,
            Self::Cost,
            Self::Memo,
        ) -> ControlFlow<B, Option<Self::Cost>>,
    ) -> Expansion<B, Self::Cost>;
    /// [`Expander::expand`], where the expander may also, when `leaves` is true, judge a child
    /// without moving to it when it is no goal and every child of its own is beyond the bound
    /// (a leaf of the iteration: about half the nodes of a blind one), and hand `visit` a
    /// [`Visit::Leaf`] instead of moving there: IDA* counts it as expanded, as if visited, and
    /// stops at it if a limit says so (the visit then breaks). By default, every child is moved
    /// to, as `expand` does.
    fn expand_with_leaves<B>(
        &mut self,
        g: Self::Cost,
        memo: Self::Memo,
        bound: Self::Cost,
        last: Option<Self::Action>,
        leaves: bool,
        mut visit: impl FnMut(
            &mut Self,
            Visit<Self::Action, Self::Cost, Self::Memo>,
        ) -> ControlFlow<B, Option<Self::Cost>>,
    ) -> Expansion<B, Self::Cost> {
        let _ = leaves;
        self.expand(g, memo, bound, last, |node, action, g, memo| {
            visit(node, Visit::Child { action, g, memo })
        })
    }
    /// The bound to search when the least cost plus estimate beyond the last bound was
    /// `least`: `least` itself, unless the expander knows that no solution costs that (when
    /// every solution's cost has the same parity, say).
    fn next_bound(&self, least: Self::Cost) -> Self::Cost {
        least
    }
    /// A second measure of how tight the current node's estimate is: when an iteration is
    /// split, subtrees of equal cost plus estimate are searched the larger first (with
    /// [`SubtreeOrder::Tightest`](crate::parallel_idastar::SubtreeOrder::Tightest)). None by
    /// default: action order among equals.
    fn tightness(&self, memo: Self::Memo) -> u64 {
        let _ = memo;
        0
    }
}

/// A child offered to the visit of [`Expander::expand_with_leaves`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Visit<A, C, M> {
    /// A child the expander moved to by `action`, reached at cost `g`, whose memo is `memo`:
    /// what the visit of [`Expander::expand`] is given.
    Child { action: A, g: C, memo: M },
    /// A child the expander judged where it stands: no goal, and every child of its own beyond
    /// the bound. It had `generated` children (counted as [`Expansion::generated`] counts
    /// them), and `least` is the least cost plus estimate among them, if any.
    Leaf { generated: u64, least: Option<C> },
}

/// What an [`Expander::expand`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Expansion<B, C> {
    /// The children generated, within the bound or not, counted as [`Stats::generated`] counts
    /// them (the engine's own expander counts the actions listed, the skipped inverse included).
    pub generated: u64,
    /// Where a visit broke, or else the least cost plus estimate above the bound among the
    /// children and below them, if any.
    pub flow: ControlFlow<B, Option<C>>,
}

/// Finds a cheapest solution from where `expander` stands with IDA*: iterations of depth-first
/// searches under a growing bound, as [`idastar`] does with a domain. The solution is the first
/// within the bound in the order of [`Expander::expand`]; limits, statistics and outcomes are
/// those of [`idastar`].
///
/// ```
/// use std::ops::ControlFlow;
/// use statespace_engine::Limits;
/// use statespace_engine::idastar::{Expander, Expansion, idastar_with};
/// /// A token on the integers, stepped by -1 or +1 until it stands on `goal`; each child is
/// /// judged from the parent, before the token moves.
/// struct Token { at: i32, goal: i32 }
/// impl Expander for Token {
///     type Action = i32;
///     type Cost = u32;
///     type Memo = ();
///     fn memo(&self) {}
///     fn estimate(&self, _: ()) -> u32 { self.goal.abs_diff(self.at) }
///     fn is_goal(&self, _: ()) -> bool { self.at == self.goal }
///     fn play(&mut self, step: i32, _: ()) -> (u32, ()) { self.at += step; (1, ()) }
///     fn expand<B>(
///         &mut self,
///         g: u32,
///         _: (),
///         bound: u32,
///         last: Option<i32>,
///         mut visit: impl FnMut(&mut Self, i32, u32, ()) -> ControlFlow<B, Option<u32>>,
///     ) -> Expansion<B, u32> {
///         let (mut least, mut generated) = (u32::MAX, 0);
///         for step in [-1, 1] {
///             if last == Some(-step) {
///                 continue; // straight back
///             }
///             generated += 1;
///             let f = g + 1 + self.goal.abs_diff(self.at + step);
///             if f > bound {
///                 least = least.min(f);
///                 continue;
///             }
///             self.at += step;
///             match visit(self, step, g + 1, ()) {
///                 ControlFlow::Break(found) => {
///                     return Expansion { generated, flow: ControlFlow::Break(found) };
///                 }
///                 ControlFlow::Continue(below) => least = least.min(below.unwrap_or(u32::MAX)),
///             }
///             self.at -= step;
///         }
///         let least = (least < u32::MAX).then_some(least);
///         Expansion { generated, flow: ControlFlow::Continue(least) }
///     }
/// }
/// let result = idastar_with(Token { at: 0, goal: -3 }, &Limits::none());
/// let solution = result.outcome.solution().unwrap();
/// assert_eq!((solution.actions.as_slice(), solution.cost), ([-1, -1, -1].as_slice(), 3));
/// assert_eq!(result.stats.expanded, 3); // 0, -1 and -2, in one iteration under bound 3
/// ```
pub fn idastar_with<T: Expander>(expander: T, limits: &Limits) -> SearchResult<T::Action, T::Cost> {
    let started = Clock::start(limits);
    let mut search = Search::new(expander, limits);
    let verdict = search.run(limits, |_, _, _| None);
    finish(verdict, search.walk.stats, started)
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

/// Why a pass stopped before the end of its tree.
enum Halt {
    /// A goal was reached: the path holds the actions, [`Walk::solution_cost`] the cost.
    Found,
    Stopped(StopReason),
}

/// What a pass concluded below a node: a halt, or else the least f-value above the bound, if
/// any (small enough to be returned in registers).
type Pass<C> = ControlFlow<Halt, Option<C>>;

/// A node where a pass stopped instead of searching below it (see [`Walk::frontier_depth`]):
/// the root of a subtree that another pass searches.
#[derive(Clone, Debug)]
pub(crate) struct Frontier<A, C, M> {
    /// The actions from the start.
    pub(crate) path: Vec<A>,
    /// The cost of the path.
    pub(crate) g: C,
    /// The cost plus the estimate.
    pub(crate) f: C,
    /// The memo of the node.
    pub(crate) memo: M,
    /// See [`Expander::tightness`].
    pub(crate) tightness: u64,
}

/// The depth-first passes of IDA* over one expander, for one thread.
pub(crate) struct Search<'a, T: Expander> {
    /// The node at the end of the path.
    pub(crate) expander: T,
    pub(crate) walk: Walk<'a, T::Action, T::Cost, T::Memo>,
}

/// A search's record of where it is and what it did, apart from the node itself (so that the
/// expander can hand the node to a visit that walks on).
pub(crate) struct Walk<'a, A, C, M> {
    pub(crate) meter: Meter<'a>,
    /// The actions from the start.
    pub(crate) path: Vec<A>,
    pub(crate) stats: Stats,
    /// The counts of the pass under way.
    pub(crate) layer: LayerStats,
    /// Expansions made elsewhere (by other threads), counted against the node limit.
    pub(crate) expanded_elsewhere: u64,
    /// Nodes at this depth are kept in `frontier` instead of being searched.
    pub(crate) frontier_depth: usize,
    pub(crate) frontier: Vec<Frontier<A, C, M>>,
    /// The cost of the goal a pass reached.
    solution_cost: C,
}

impl<'a, T: Expander> Search<'a, T> {
    pub(crate) fn new(expander: T, limits: &'a Limits) -> Self {
        Self {
            expander,
            walk: Walk {
                meter: Meter::new(limits),
                path: Vec::new(),
                stats: Stats::default(),
                layer: LayerStats::default(),
                expanded_elsewhere: 0,
                frontier_depth: usize::MAX,
                frontier: Vec::new(),
                solution_cost: T::Cost::ZERO,
            },
        }
    }

    /// Moves from the current node, whose memo is `memo`, along `path`.
    pub(crate) fn follow(&mut self, path: &[T::Action], mut memo: T::Memo) {
        for &action in path {
            memo = self.expander.play(action, memo).1;
            self.walk.path.push(action);
        }
    }

    /// The iterations, each searched by `split` (which adds its counts to `walk.layer`) when it
    /// takes it, else by one depth-first pass from the start.
    pub(crate) fn run(
        &mut self,
        limits: &Limits,
        mut split: impl FnMut(
            &mut Self,
            T::Cost,
            T::Memo,
        ) -> Option<Result<Iteration<T::Action, T::Cost>, StopReason>>,
    ) -> Verdict<T::Action, T::Cost> {
        let memo = self.expander.memo();
        let mut bound = self.expander.next_bound(self.expander.estimate(memo));
        loop {
            if limits
                .max_depth
                .is_some_and(|max| bound.whole() > u64::from(max))
            {
                return Err(StopReason::DepthLimit);
            }
            self.walk.layer = LayerStats {
                depth: u32::try_from(bound.whole()).unwrap_or(u32::MAX),
                ..LayerStats::default()
            };
            let iteration = match split(self, bound, memo) {
                Some(iteration) => iteration,
                None => self.pass(T::Cost::ZERO, memo, bound),
            };
            let walk = &mut self.walk;
            walk.stats.push_layer(walk.layer);
            match iteration? {
                Iteration::Solved(solution) => return Ok(Some(solution)),
                Iteration::Exceeded(Some(next)) => bound = self.expander.next_bound(next),
                Iteration::Exceeded(None) => return Ok(None),
            }
        }
    }

    /// One depth-first pass from the current node, reached at cost `g` and whose memo is
    /// `memo`, with its solution when it finds one.
    pub(crate) fn pass(
        &mut self,
        g: T::Cost,
        memo: T::Memo,
        bound: T::Cost,
    ) -> Result<Iteration<T::Action, T::Cost>, StopReason> {
        match self.walk.descend(&mut self.expander, g, memo, bound) {
            ControlFlow::Break(Halt::Found) => Ok(Iteration::Solved(Solution {
                actions: std::mem::take(&mut self.walk.path),
                cost: self.walk.solution_cost,
            })),
            ControlFlow::Break(Halt::Stopped(reason)) => Err(reason),
            ControlFlow::Continue(next) => Ok(Iteration::Exceeded(next)),
        }
    }
}

impl<A: Copy, C: Cost, M: Copy> Walk<'_, A, C, M> {
    /// Searches below `node`, reached at cost `g` by `self.path` and whose memo is `memo`, whose
    /// f-value is within `bound`.
    fn descend<T: Expander<Action = A, Cost = C, Memo = M>>(
        &mut self,
        node: &mut T,
        g: C,
        memo: M,
        bound: C,
    ) -> Pass<C> {
        if self.path.len() == self.frontier_depth {
            self.frontier.push(Frontier {
                path: self.path.clone(),
                g,
                f: g + node.estimate(memo),
                memo,
                tightness: node.tightness(memo),
            });
            return ControlFlow::Continue(None);
        }
        if node.is_goal(memo) {
            self.solution_cost = g;
            return ControlFlow::Break(Halt::Found);
        }
        self.expansion(self.path.len() + 1)?;
        let last = self.path.last().copied();
        // A child at the frontier's depth is kept, never expanded: it must be moved to.
        let leaves = self.path.len() + 1 != self.frontier_depth;
        let expansion =
            node.expand_with_leaves(g, memo, bound, last, leaves, |child, visit| match visit {
                Visit::Child {
                    action,
                    g: child_g,
                    memo: child_memo,
                } => {
                    self.path.push(action);
                    let below = self.descend(child, child_g, child_memo, bound)?;
                    self.path.pop();
                    ControlFlow::Continue(below)
                }
                Visit::Leaf { generated, least } => self.leaf(generated, least),
            });
        self.layer.generated += expansion.generated;
        expansion.flow
    }

    /// Counts a leaf a child of the node at the end of the path, judged by the expander
    /// ([`Visit::Leaf`]), as [`Walk::descend`] counts a node it expands.
    #[inline]
    fn leaf(&mut self, generated: u64, least: Option<C>) -> Pass<C> {
        self.expansion(self.path.len() + 2)?;
        self.layer.generated += generated;
        ControlFlow::Continue(least)
    }

    /// Counts the expansion of a node `depth` states deep (itself included), unless a limit
    /// stops the search before it.
    #[inline]
    fn expansion(&mut self, depth: usize) -> ControlFlow<Halt> {
        let expanded = self.stats.expanded + self.layer.expanded;
        if let Err(reason) = self
            .meter
            .before_expansion(self.expanded_elsewhere + expanded)
        {
            return ControlFlow::Break(Halt::Stopped(reason));
        }
        self.layer.expanded += 1;
        // IDA* holds the path: the states on it, this one included.
        self.stats.stored = self.stats.stored.max(depth as u64);
        ControlFlow::Continue(())
    }
}

/// The engine's expander for a [`Domain`]: the state changed in place, every action applied,
/// the estimate updated by an [`IncrementalHeuristic`], the moves beyond the bound undone; the
/// inverse of the last action is never tried.
pub(crate) struct Moves<'a, D: Domain, W: Weights<D>, H: IncrementalHeuristic<D, W::Cost>> {
    domain: &'a D,
    weights: &'a W,
    heuristic: &'a H,
    state: D::State,
    /// The actions of every node on the path, each node's listed after its parent's: one
    /// buffer, so that expansion never allocates once warmed up (a buffer per depth cost a tenth
    /// of a short search in allocations) nor copies (moving a node's few actions from a buffer
    /// of their own cost up to 6% of a search).
    actions: Vec<D::Action>,
    /// The expansions so far, for the checks of `undo` in debug builds.
    expanded: u64,
}

impl<'a, D: Domain, W: Weights<D>, H: IncrementalHeuristic<D, W::Cost>> Moves<'a, D, W, H> {
    pub(crate) fn new(domain: &'a D, weights: &'a W, heuristic: &'a H, start: D::State) -> Self {
        Self {
            domain,
            weights,
            heuristic,
            state: start,
            actions: Vec::new(),
            expanded: 0,
        }
    }

    /// Where the path leaves the domain's duplicate-move automaton once `action` follows
    /// `moves`, or `None` when the automaton forbids it there.
    #[inline]
    fn moves_after(&self, moves: MoveState, action: D::Action) -> Option<MoveState> {
        match self.domain.duplicate_moves() {
            Some(automaton) => automaton.step(moves, self.domain.action_index(action)),
            None => Some(MoveAutomaton::START),
        }
    }
}

impl<D: Domain, W: Weights<D>, H: IncrementalHeuristic<D, W::Cost>> Clone for Moves<'_, D, W, H> {
    fn clone(&self) -> Self {
        Self {
            state: self.state.clone(),
            actions: Vec::new(),
            ..*self
        }
    }
}

impl<D: Domain, W: Weights<D>, H: IncrementalHeuristic<D, W::Cost>> Expander
    for Moves<'_, D, W, H>
{
    type Action = D::Action;
    type Cost = W::Cost;
    /// The estimate's memo, and where the path leaves the domain's duplicate-move automaton.
    type Memo = (H::Memo, MoveState);

    fn memo(&self) -> Self::Memo {
        (
            self.heuristic.init(self.domain, &self.state),
            MoveAutomaton::START,
        )
    }

    #[inline]
    fn estimate(&self, (memo, _): Self::Memo) -> W::Cost {
        self.heuristic.value(memo)
    }

    #[inline]
    fn is_goal(&self, memo: Self::Memo) -> bool {
        // An admissible estimate is zero at every goal, so only zero estimates need the test.
        self.estimate(memo) == W::Cost::ZERO && self.domain.is_goal(&self.state)
    }

    fn play(&mut self, action: D::Action, (memo, moves): Self::Memo) -> (W::Cost, Self::Memo) {
        let cost = self.weights.weight(self.domain, &self.state, action);
        let moves = self
            .moves_after(moves, action)
            .expect("a move of the prefix");
        self.domain.apply(&mut self.state, action);
        let memo = self
            .heuristic
            .update(self.domain, &self.state, action, memo);
        (cost, (memo, moves))
    }

    /// Children beyond the bound are undone here, without a visit: most generated nodes are.
    #[inline]
    fn expand<B>(
        &mut self,
        g: W::Cost,
        (memo, moves): Self::Memo,
        bound: W::Cost,
        last: Option<D::Action>,
        mut visit: impl FnMut(
            &mut Self,
            D::Action,
            W::Cost,
            Self::Memo,
        ) -> ControlFlow<B, Option<W::Cost>>,
    ) -> Expansion<B, W::Cost> {
        let expanded = self.expanded;
        self.expanded += 1;
        let listed = self.actions.len();
        self.domain.actions(&self.state, &mut self.actions);
        let end = self.actions.len();
        let forbidden = last.and_then(|action| self.domain.invert(action));
        let mut least = None;
        let mut halt = None;
        for index in listed..end {
            let action = self.actions[index];
            if Some(action) == forbidden {
                continue;
            }
            let Some(child_moves) = self.moves_after(moves, action) else {
                continue;
            };
            let child_g = g + self.weights.weight(self.domain, &self.state, action);
            let before = undo_check(expanded, &self.state);
            self.domain.apply(&mut self.state, action);
            let child_memo = self
                .heuristic
                .update(self.domain, &self.state, action, memo);
            let child_f = child_g + self.heuristic.value(child_memo);
            if child_f > bound {
                self.domain.undo(&mut self.state, action);
                check_undo(action, before, &self.state);
                least = min_some(least, Some(child_f));
                continue;
            }
            match visit(self, action, child_g, (child_memo, child_moves)) {
                ControlFlow::Continue(below) => least = min_some(least, below),
                ControlFlow::Break(stop) => {
                    halt = Some(stop);
                    break;
                }
            }
            self.domain.undo(&mut self.state, action);
            check_undo(action, before, &self.state);
        }
        self.actions.truncate(listed);
        Expansion {
            generated: (end - listed) as u64,
            flow: match halt {
                Some(stop) => ControlFlow::Break(stop),
                None => ControlFlow::Continue(least),
            },
        }
    }
}

pub(crate) fn min_some<C: Ord>(a: Option<C>, b: Option<C>) -> Option<C> {
    match (a, b) {
        (Some(x), Some(y)) => Some(x.min(y)),
        (x, None) => x,
        (None, y) => y,
    }
}
