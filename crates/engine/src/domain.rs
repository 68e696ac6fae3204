//! The traits a puzzle implements to be searched: a [`Domain`], and optionally a
//! [`PerfectHash`] and a [`Heuristic`].

use std::fmt::Debug;
use std::hash::Hash;

use crate::Cost;
use crate::move_pruning::MoveAutomaton;

/// A search space in the spirit of HOG2's environments: states, actions applied in place,
/// inverse actions and a goal test.
///
/// The order in which [`Domain::actions`] lists actions is significant: algorithms that promise
/// the lexicographically smallest shortest solution compare solutions action by action in that
/// order.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a search domain",
    label = "searched here",
    note = "implement `Domain` for it: `State`, `Action`, `actions`, `apply`, `is_goal` (and `invert` when moves can be undone)"
)]
pub trait Domain {
    /// A position of the puzzle.
    type State: Clone + Eq + Hash + Debug;
    /// A move. Cheap to copy; compared only for equality.
    type Action: Copy + Eq + Debug;

    /// Appends the actions applicable in `state` to `out`, always in the same order, after what
    /// `out` already holds (IDA* keeps every node's actions along its path in one vector): push
    /// or extend only, never read, clear or reorder it.
    fn actions(&self, state: &Self::State, out: &mut Vec<Self::Action>);

    /// Applies `action` (one of `actions(state)`) to `state` in place.
    fn apply(&self, state: &mut Self::State, action: Self::Action);

    /// The action that undoes `action`, if there is one: applying `action` then the inverse
    /// restores the state. Searches skip the inverse of the action that led to a state (it only
    /// leads back), and IDA* undoes its moves with it. `None`, the default, is right for any
    /// domain: a move without an inverse (an edge of a directed graph, `n → 2n`) prunes nothing.
    /// Searches backwards from goals need the inverse of every predecessor action
    /// ([`Predecessors`](crate::Predecessors)).
    fn invert(&self, _action: Self::Action) -> Option<Self::Action> {
        None
    }

    /// Undoes `action` in place; by default applies its inverse.
    ///
    /// # Panics
    /// By default, if `action` has no inverse: a domain whose moves cannot be inverted
    /// implements `undo` (keeping what it needs to undo them) to be searched by IDA*.
    fn undo(&self, state: &mut Self::State, action: Self::Action) {
        let inverse = self
            .invert(action)
            .expect("IDA* undoes moves: a move without an inverse needs Domain::undo");
        self.apply(state, inverse);
    }

    /// Whether `state` is a goal.
    fn is_goal(&self, state: &Self::State) -> bool;

    /// Action strings that IDA* need not try, as an automaton over [`Domain::action_index`]
    /// that it follows along its path (see [`move_pruning`](crate::move_pruning)); none by
    /// default. Each string it forbids needs a twin that costs no more, comes earlier in the
    /// order of `actions`, can be played wherever the string can and leads to the same state:
    /// then IDA* still returns the lexicographically first cheapest solution, from a smaller
    /// tree.
    fn duplicate_moves(&self) -> Option<&MoveAutomaton> {
        None
    }

    /// The letter of `action` in the alphabet of [`Domain::duplicate_moves`].
    fn action_index(&self, _action: Self::Action) -> usize {
        0
    }

    /// The cost of `action`; unit costs by default. Must be at least 1.
    fn cost(&self, _state: &Self::State, _action: Self::Action) -> u32 {
        1
    }

    /// The bytes `state` owns outside itself (the vector of a board of any size), which the
    /// memory budget counts with the state; none by default.
    fn heap_bytes(&self, _state: &Self::State) -> usize {
        0
    }
}

/// A perfect hash of a domain's states: a bijection between the states and `0..size()`.
///
/// With it, visited sets and distance tables are dense arrays instead of hash maps.
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no perfect hash",
    label = "ranked here",
    note = "implement `PerfectHash` for it: `size`, `rank` and `unrank`, a bijection between its states and `0..size()`"
)]
pub trait PerfectHash: Domain {
    /// The number of ranks; every rank is below it.
    fn size(&self) -> u64;
    /// The rank of `state`, below [`PerfectHash::size`].
    fn rank(&self, state: &Self::State) -> u64;
    /// The state of rank `rank`; `unrank(rank(s)) == s`.
    fn unrank(&self, rank: u64) -> Self::State;
    /// The rank of `neighbour`, one action away from `state` whose rank is `rank`. Searches that
    /// rank every successor call this; by default it ranks `neighbour` from scratch, and a domain
    /// where an action changes few digits of the rank overrides it to update `rank` instead.
    fn rank_neighbour(&self, state: &Self::State, rank: u64, neighbour: &Self::State) -> u64 {
        let _ = (state, rank);
        self.rank(neighbour)
    }
    /// Calls `each` with every rank of `ranks` (increasing) and its state. Whole-space searches
    /// unrank a layer this way; by default each rank is unranked from scratch, and a domain whose
    /// neighbouring ranks share work overrides it.
    fn unrank_each(&self, ranks: &[u64], mut each: impl FnMut(u64, &Self::State))
    where
        Self: Sized,
    {
        for &rank in ranks {
            each(rank, &self.unrank(rank));
        }
    }
}

/// An admissible estimate: a lower bound on the cost from a state to the nearest goal, a `u32`
/// by default, or a cost `C` of the search's own [`Weights`].
///
/// If it ever overestimates, A* and IDA* may return a solution that is not the shortest.
///
/// A closure `Fn(&State) -> C` is one. Written straight into a search's call, it needs its
/// argument's type (`&|s: &State| ..`), or to go through [`estimate`]: with `&|s| gaps(s)`,
/// Rust gives the closure one lifetime for its argument instead of any, and the call fails with
/// "implementation of `FnOnce` is not general enough" (the searches take any `Heuristic`, tables
/// included, so no `Fn` bound tells Rust better). A closure bound by `let` before the call
/// (`let h = |s| gaps(s);`) falls in the same trap, its type being settled where it is written:
/// spell its argument's type there. The cure, in the message's place:
///
/// ```compile_fail
/// # use statespace_engine::{Domain, Limits, idastar::idastar};
/// # struct Up;
/// # impl Domain for Up {
/// #     type State = u32;
/// #     type Action = ();
/// #     fn actions(&self, _: &u32, out: &mut Vec<()>) { out.push(()); }
/// #     fn apply(&self, n: &mut u32, _: ()) { *n += 1; }
/// #     fn undo(&self, n: &mut u32, _: ()) { *n -= 1; }
/// #     fn is_goal(&self, n: &u32) -> bool { *n == 5 }
/// # }
/// fn left(n: &u32) -> u32 { 5 - n }
/// // error: implementation of `FnOnce` is not general enough
/// idastar(&Up, &0, &|n| left(n), &Limits::none());
/// ```
///
/// ```compile_fail
/// # use statespace_engine::{Domain, Limits, idastar::idastar};
/// # struct Up;
/// # impl Domain for Up {
/// #     type State = u32;
/// #     type Action = ();
/// #     fn actions(&self, _: &u32, out: &mut Vec<()>) { out.push(()); }
/// #     fn apply(&self, n: &mut u32, _: ()) { *n += 1; }
/// #     fn undo(&self, n: &mut u32, _: ()) { *n -= 1; }
/// #     fn is_goal(&self, n: &u32) -> bool { *n == 5 }
/// # }
/// fn left(n: &u32) -> u32 { 5 - n }
/// let h = |n| left(n);
/// // error: implementation of `FnOnce` is not general enough, for the `let` as well
/// idastar(&Up, &0, &h, &Limits::none());
/// ```
///
/// ```
/// # use statespace_engine::{Domain, Limits, estimate, idastar::idastar};
/// # struct Up;
/// # impl Domain for Up {
/// #     type State = u32;
/// #     type Action = ();
/// #     fn actions(&self, _: &u32, out: &mut Vec<()>) { out.push(()); }
/// #     fn apply(&self, n: &mut u32, _: ()) { *n += 1; }
/// #     fn undo(&self, n: &mut u32, _: ()) { *n -= 1; }
/// #     fn is_goal(&self, n: &u32) -> bool { *n == 5 }
/// # }
/// fn left(n: &u32) -> u32 { 5 - n }
/// idastar(&Up, &0, &|n: &u32| left(n), &Limits::none()); // the argument's type spelled out
/// idastar(&Up, &0, &estimate(&Up, |n| left(n)), &Limits::none()); // or inferred by `estimate`
/// idastar(&Up, &0, &left, &Limits::none()); // or a function, whose signature says it all
/// let h = |n: &u32| left(n); // bound by `let`: spelled out there
/// idastar(&Up, &0, &h, &Limits::none());
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a heuristic for `{D}` estimating in `{C}`",
    label = "not a `Heuristic<{D}, {C}>`",
    note = "a closure is one: spell its argument's type (`|s: &State| ..`, also when bound by `let`) or go through `estimate(&domain, |s| ..)`",
    note = "estimates are `u32` for the domain's own costs; a `_weighted` search's are its weights' cost",
    note = "the engine's heuristics are heuristics by reference too (`&h`); a type of your own implements `Heuristic` for itself, and for `&Type` to be held by reference"
)]
pub trait Heuristic<D: Domain + ?Sized, C = u32> {
    /// A lower bound on the remaining cost from `state`.
    fn estimate(&self, domain: &D, state: &D::State) -> C;
}

impl<D: Domain + ?Sized, C, F: Fn(&D::State) -> C> Heuristic<D, C> for F {
    fn estimate(&self, _domain: &D, state: &D::State) -> C {
        self(state)
    }
}

/// A closure as an estimate for the states of `domain`, with its argument's type inferred:
/// `astar(&domain, &start, &estimate(&domain, |s| ..), &limits)`, or
/// `let h = estimate(&domain, |s| ..);`. A closure written straight into the call (`&|s| ..`),
/// or bound by a plain `let`, needs its argument's type spelled out (`|s: &State| ..`): Rust infers a
/// closure's argument types only from a bound that names `Fn`, and the searches ask for any
/// [`Heuristic`], tables included.
///
/// ```
/// use statespace_engine::{Domain, Limits, astar::astar, estimate, idastar::idastar};
/// /// Count up from 0 to 5 by one.
/// struct Up;
/// impl Domain for Up {
///     type State = u32;
///     type Action = ();
///     fn actions(&self, _: &u32, out: &mut Vec<()>) { out.push(()); }
///     fn apply(&self, n: &mut u32, _: ()) { *n += 1; }
///     fn undo(&self, n: &mut u32, _: ()) { *n -= 1; }
///     fn is_goal(&self, n: &u32) -> bool { *n == 5 }
/// }
/// let by_astar = astar(&Up, &0, &estimate(&Up, |_| 0), &Limits::none());
/// let by_idastar = idastar(&Up, &0, &estimate(&Up, |n| 5 - n), &Limits::none());
/// assert_eq!(by_astar.outcome.solution().unwrap().cost, 5);
/// assert_eq!(by_idastar.outcome.solution().unwrap().cost, 5);
/// ```
pub fn estimate<D, C, F>(_domain: &D, estimate: F) -> F
where
    D: Domain + ?Sized,
    F: Fn(&D::State) -> C,
{
    estimate
}

/// What each action costs, when the domain's own integer [`Domain::cost`] will not do: real
/// lengths, or any other [`Cost`]. A*'s and Dijkstra's `_weighted` forms take one; a closure
/// `|state, action| cost` is one.
pub trait Weights<D: Domain + ?Sized> {
    /// The type of the costs.
    type Cost: Cost;
    /// The cost of `action` in `state`; never below [`Cost::ZERO`].
    fn weight(&self, domain: &D, state: &D::State, action: D::Action) -> Self::Cost;
}

impl<D: Domain + ?Sized, C: Cost, F: Fn(&D::State, D::Action) -> C> Weights<D> for F {
    type Cost = C;
    #[inline]
    fn weight(&self, _domain: &D, state: &D::State, action: D::Action) -> C {
        self(state, action)
    }
}

/// The domain's own costs ([`Domain::cost`]), as `u64`: the weights of the searches that take
/// none.
#[derive(Clone, Copy, Debug, Default)]
pub struct DomainCosts;

impl<D: Domain + ?Sized> Weights<D> for DomainCosts {
    type Cost = u64;
    #[inline]
    fn weight(&self, domain: &D, state: &D::State, action: D::Action) -> u64 {
        u64::from(domain.cost(state, action))
    }
}

/// A heuristic that IDA* updates move by move instead of recomputing it at every node.
///
/// It keeps whatever it needs between moves in a small `Memo` (the estimate itself, or the
/// entries of several pattern databases); [`IncrementalHeuristic::value`] reads the estimate off it,
/// a `u32` by default or a cost `C` of the search's own [`Weights`].
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an incremental heuristic for `{D}` estimating in `{C}`",
    label = "IDA* updates its estimate move by move",
    note = "wrap any `Heuristic` in `Recompute(h)` (or `Recompute(&h)`) to recompute it at every state",
    note = "a closure is one: spell its argument's type (`|s: &State| ..`, also when bound by `let`) or go through `estimate(&domain, |s| ..)`"
)]
pub trait IncrementalHeuristic<D: Domain + ?Sized, C = u32> {
    /// What the heuristic carries from a state to its successor.
    type Memo: Copy;
    /// The memo of a state seen for the first time.
    fn init(&self, domain: &D, state: &D::State) -> Self::Memo;
    /// The memo after `action` was applied to a state whose memo was `before`;
    /// `after` is the resulting state.
    fn update(
        &self,
        domain: &D,
        after: &D::State,
        action: D::Action,
        before: Self::Memo,
    ) -> Self::Memo;
    /// The admissible estimate a memo stands for.
    fn value(&self, memo: Self::Memo) -> C;
}

/// The expansions at the start of each search over which debug builds (and the `checks`
/// feature) check that every move's
/// inverse undoes it: a wrong [`Domain::invert`] makes searches skip moves they need, silently.
const CHECKED_EXPANSIONS: u64 = 64;

/// Whether searches check domains' contracts: in debug builds, and with the `checks` feature
/// (the test suites, which run optimised, turn it on).
pub(crate) const CHECKS: bool = cfg!(any(debug_assertions, feature = "checks"));

/// In debug builds (and with `checks`), during a search's first expansions (`expanded` so far), panics unless
/// `invert(action)` leads from `after` back to `before`.
#[inline]
pub(crate) fn check_inverse<D: Domain + ?Sized>(
    domain: &D,
    expanded: u64,
    before: &D::State,
    action: D::Action,
    after: &D::State,
) {
    if CHECKS
        && expanded < CHECKED_EXPANSIONS
        && let Some(inverse) = domain.invert(action)
    {
        let mut back = after.clone();
        domain.apply(&mut back, inverse);
        assert!(
            back == *before,
            "Domain::invert({action:?}) is {inverse:?}, which does not undo it: {before:?} \
             becomes {after:?}, then {back:?}"
        );
    }
}

/// In debug builds (and with `checks`), for the first expansions of a search, asserts that undoing `action` brought
/// the state back to `before` (IDA*'s contract for [`Domain::undo`], or [`Domain::invert`] by
/// default); `before` is taken only then (see [`undo_check`]).
pub(crate) fn check_undo<A: Debug, S: PartialEq + Debug>(
    action: A,
    before: Option<S>,
    after_undo: &S,
) {
    if let Some(before) = before {
        assert!(
            before == *after_undo,
            "Domain::undo({action:?}) does not undo it: {before:?} came back as {after_undo:?}"
        );
    }
}

/// The state to compare with after an undo, when [`CHECKS`] is on, for the first expansions only.
pub(crate) fn undo_check<S: Clone>(expanded: u64, state: &S) -> Option<S> {
    (CHECKS && expanded < CHECKED_EXPANSIONS).then(|| state.clone())
}

/// A plain closure is an incremental heuristic too, recomputed at every state (as
/// [`Recompute`] makes of any heuristic): IDA* takes `&|s: &S| ...` as A* does.
impl<D: Domain + ?Sized, C: Copy, F: Fn(&D::State) -> C> IncrementalHeuristic<D, C> for F {
    type Memo = C;
    fn init(&self, _domain: &D, state: &D::State) -> C {
        self(state)
    }
    fn update(&self, _domain: &D, after: &D::State, _action: D::Action, _before: C) -> C {
        self(after)
    }
    fn value(&self, memo: C) -> C {
        memo
    }
}

/// Makes any [`Heuristic`] incremental by recomputing it at every state, for IDA*:
/// `Recompute(h)`, or `Recompute(&h)` to keep `h` where it is. It stays a [`Heuristic`] too.
#[derive(Clone, Copy, Debug, Default)]
pub struct Recompute<H>(pub H);

impl<D: Domain + ?Sized, C, H: Heuristic<D, C>> Heuristic<D, C> for Recompute<H> {
    #[inline]
    fn estimate(&self, domain: &D, state: &D::State) -> C {
        self.0.estimate(domain, state)
    }
}

/// Implements [`IncrementalHeuristic`] for a heuristic read afresh at every state, its memo the
/// estimate: `[generics] Type, cost where bounds`. For `Recompute` and the tables whose image of
/// a state changes with any move.
macro_rules! recomputed_at_every_state {
    ([$($generics:tt)*] $heuristic:ty, $cost:ty where $($bounds:tt)*) => {
        impl<$($generics)*> $crate::IncrementalHeuristic<D, $cost> for $heuristic
        where
            $($bounds)*
        {
            type Memo = $cost;

            fn init(&self, domain: &D, state: &D::State) -> $cost {
                $crate::Heuristic::<D, $cost>::estimate(self, domain, state)
            }

            #[inline]
            fn update(&self, domain: &D, after: &D::State, _: D::Action, _: $cost) -> $cost {
                $crate::Heuristic::<D, $cost>::estimate(self, domain, after)
            }

            #[inline]
            fn value(&self, memo: $cost) -> $cost {
                memo
            }
        }
    };
}
pub(crate) use recomputed_at_every_state;

recomputed_at_every_state!([D, C, H] Recompute<H>, C where D: Domain + ?Sized, C: Copy, H: Heuristic<D, C>);

/// An estimate in `u32` read as a `u64`, the type of the domain's own costs summed.
pub(crate) struct Widened<'h, H>(pub(crate) &'h H);

impl<D: Domain, H: IncrementalHeuristic<D>> IncrementalHeuristic<D, u64> for Widened<'_, H> {
    type Memo = H::Memo;
    #[inline]
    fn init(&self, domain: &D, state: &D::State) -> H::Memo {
        self.0.init(domain, state)
    }
    #[inline]
    fn update(&self, domain: &D, after: &D::State, action: D::Action, before: H::Memo) -> H::Memo {
        self.0.update(domain, after, action, before)
    }
    #[inline]
    fn value(&self, memo: H::Memo) -> u64 {
        u64::from(self.0.value(memo))
    }
}
