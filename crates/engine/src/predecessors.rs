//! How searches that run backwards from the goals find a state's predecessors: a domain says so
//! before any of them accepts it, and what it says is checked against its moves.
//!
//! A state's predecessors are the states one of whose [`Domain::actions`] leads to it. In a
//! *reversible* domain (every move is undone by a move: [`Domain::invert`]) they are the state's
//! successors; in a one-way domain (a turn that only goes clockwise, a piece that only moves
//! forward) they are not, and a backward search that took the successors for them would count
//! wrong distances without a sign. So the backward searches (distance tables, [`Projection`]
//! and pattern databases of ranked abstractions, bidirectional BFS, MM, NBS, DVCBS, the
//! explorer's [`RankedSpace`]) take a [`Predecessors`] domain, and a domain is one in one of two
//! ways, never by default:
//!
//! - `impl Reversible for MyDomain {}`: the predecessors are the successors, each action's
//!   inverse leading back;
//! - `impl Predecessors for MyDomain { fn predecessor_actions(..) }`: the domain lists them.
//!
//! Each backward search then checks a sample before it starts, whatever the build, and panics
//! with the first disagreement ([`check_predecessors`] says what it is): its goals, the states
//! one predecessor away from the first goal, and its start, up to 32 states, in release builds
//! too (a few hundred moves: nothing beside a search); in debug builds and with the `checks`
//! feature, also 32 states spread evenly over a ranked space. A wrong claim of reversibility is
//! found at once: on the clockwise puzzle, the goal's first "predecessor" is a board from which
//! no move leads back. The explorer's ranks-only [`RankedSpace`] gets the compile-time
//! requirement, not the sample.
//!
//! A domain that says nothing does not compile there:
//!
//! ```compile_fail,E0277
//! use statespace_engine::{Domain, Limits, PerfectHash, distance_table::distance_table};
//! /// Positions 0 to 9, one step up at a time, to 9: one-way.
//! struct Up;
//! impl Domain for Up {
//!     type State = u8;
//!     type Action = ();
//!     fn actions(&self, &n: &u8, out: &mut Vec<()>) { if n < 9 { out.push(()); } }
//!     fn apply(&self, n: &mut u8, _: ()) { *n += 1; }
//!     fn is_goal(&self, &n: &u8) -> bool { n == 9 }
//! }
//! impl PerfectHash for Up {
//!     fn size(&self) -> u64 { 10 }
//!     fn rank(&self, &n: &u8) -> u64 { u64::from(n) }
//!     fn unrank(&self, rank: u64) -> u8 { rank as u8 }
//! }
//! // error: `Up` does not say how to step backwards from a state
//! distance_table(&Up, &[9], &Limits::none());
//! ```
//!
//! With its predecessors (a step down, whose inverse, a step up, leads back):
//!
//! ```
//! use statespace_engine::{Domain, Limits, PerfectHash, Predecessors};
//! use statespace_engine::distance_table::distance_table;
//! /// Positions 0 to 9, one step up at a time, to 9: one-way.
//! struct Up;
//! impl Domain for Up {
//!     type State = u8;
//!     type Action = i8;
//!     fn actions(&self, &n: &u8, out: &mut Vec<i8>) { if n < 9 { out.push(1); } }
//!     fn apply(&self, n: &mut u8, step: i8) { *n = n.wrapping_add_signed(step); }
//!     fn invert(&self, step: i8) -> Option<i8> { Some(-step) }
//!     fn is_goal(&self, &n: &u8) -> bool { n == 9 }
//! }
//! impl Predecessors for Up {
//!     fn predecessor_actions(&self, &n: &u8, out: &mut Vec<i8>) { if n > 0 { out.push(-1); } }
//! }
//! impl PerfectHash for Up {
//!     fn size(&self) -> u64 { 10 }
//!     fn rank(&self, &n: &u8) -> u64 { u64::from(n) }
//!     fn unrank(&self, rank: u64) -> u8 { rank as u8 }
//! }
//! let table = distance_table(&Up, &[9], &Limits::none()).table.unwrap();
//! assert_eq!(table.distance(2), Some(7));
//! ```
//!
//! [`Projection`]: crate::heuristics::Projection
//! [`RankedSpace`]: crate::space::RankedSpace

use std::fmt;

use crate::{Domain, PerfectHash};

/// A domain whose states' predecessors a backward search can list: see the
/// [module](crate::predecessors). Reversible domains get it from [`Reversible`].
#[diagnostic::on_unimplemented(
    message = "`{Self}` does not say how to step backwards from a state",
    label = "a backward search needs the predecessors of `{Self}`'s states",
    note = "if every move of `{Self}` is undone by a move (`Domain::invert`), say so: \
            `impl Reversible for {Self} {{}}`; otherwise list them: \
            `impl Predecessors for {Self} {{ fn predecessor_actions(..) }}`"
)]
pub trait Predecessors: Domain {
    /// Appends the actions `b` for which `apply(state, b)` is a predecessor of `state`, that is,
    /// `invert(b)` is one of the predecessor's [`Domain::actions`] and leads from it back to
    /// `state`; every predecessor must be reached by one of them. The actions need not be
    /// applicable forwards: the clockwise puzzle lists its counter-clockwise turns here, which
    /// [`Domain::actions`] never offers. Searches that run backwards apply them; the
    /// bidirectional ones go forwards again by their inverses.
    fn predecessor_actions(&self, state: &Self::State, out: &mut Vec<Self::Action>);

    /// Whether every state's predecessors are its successors (the explorer then looks for a
    /// layer's predecessors in the layers beside it only). False unless the domain says so.
    fn is_reversible(&self) -> bool {
        false
    }
}

/// A reversible domain: the inverse of every applicable action ([`Domain::invert`]) is
/// applicable in the state the action leads to and leads back, so a state's predecessors are
/// its successors. Claim it with `impl Reversible for MyDomain {}`; backward searches check the
/// claim on a sample of states (see the [module](crate::predecessors)).
pub trait Reversible: Domain {}

impl<D: Reversible + ?Sized> Predecessors for D {
    #[inline]
    fn predecessor_actions(&self, state: &D::State, out: &mut Vec<D::Action>) {
        self.actions(state, out);
    }

    fn is_reversible(&self) -> bool {
        true
    }
}

/// How a domain's predecessors disagree with its actions at a state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WrongPredecessors(String);

impl fmt::Display for WrongPredecessors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for WrongPredecessors {}

/// The most states a backward search checks before it starts ([`check_before_search`]).
const SAMPLE: usize = 32;

/// Checks `domain`'s predecessors of `state`, and `state` among its successors' predecessors:
/// - each predecessor action `b` leads to a state `p` from which the inverse of `b` is an action
///   and leads back to `state` (a wrong predecessor would make a wrong distance);
/// - each action `a` of `state` leads to a state that lists `state` among its predecessors (a
///   missing one would too).
///
/// The backward searches call it on a sample of states; a test of a domain of your own can call
/// it on more.
///
/// # Errors
/// The first disagreement, in one line naming the state and the action.
pub fn check_predecessors<D: Predecessors + ?Sized>(
    domain: &D,
    state: &D::State,
) -> Result<(), WrongPredecessors> {
    let mut backwards = Vec::new();
    domain.predecessor_actions(state, &mut backwards);
    let mut forwards = Vec::new();
    for &action in &backwards {
        let mut before = state.clone();
        domain.apply(&mut before, action);
        let Some(inverse) = domain.invert(action) else {
            return Err(WrongPredecessors(format!(
                "predecessor action {action:?} of {state:?} has no inverse (Domain::invert) to \
                 lead back from {before:?}"
            )));
        };
        forwards.clear();
        domain.actions(&before, &mut forwards);
        let mut after = before.clone();
        if forwards.contains(&inverse) {
            domain.apply(&mut after, inverse);
        }
        if after != *state {
            return Err(WrongPredecessors(format!(
                "predecessor action {action:?} of {state:?} leads to {before:?}, from which no \
                 action leads back (its inverse {inverse:?} is not one, or leads elsewhere)"
            )));
        }
    }
    forwards.clear();
    domain.actions(state, &mut forwards);
    for &action in &forwards {
        let mut after = state.clone();
        domain.apply(&mut after, action);
        backwards.clear();
        domain.predecessor_actions(&after, &mut backwards);
        let listed = backwards.iter().any(|&back| {
            let mut before = after.clone();
            domain.apply(&mut before, back);
            before == *state
        });
        if !listed {
            return Err(WrongPredecessors(format!(
                "action {action:?} leads from {state:?} to {after:?}, whose predecessors \
                 (Predecessors::predecessor_actions) leave {state:?} out"
            )));
        }
    }
    Ok(())
}

/// Panics with the first disagreement found by [`check_predecessors`] among `goals`, the states
/// one predecessor away from the first goal, and `start`, up to [`SAMPLE`] states in all: what a
/// backward search checks before it starts.
pub(crate) fn check_before_search<'s, D: Predecessors + ?Sized>(
    domain: &D,
    goals: impl IntoIterator<Item = &'s D::State>,
    start: Option<&D::State>,
) where
    D::State: 's,
{
    let mut sample: Vec<D::State> = goals.into_iter().take(SAMPLE).cloned().collect();
    if let Some(first) = sample.first().cloned() {
        let mut actions = Vec::new();
        domain.predecessor_actions(&first, &mut actions);
        for &action in actions.iter().take(SAMPLE.saturating_sub(sample.len())) {
            let mut before = first.clone();
            domain.apply(&mut before, action);
            sample.push(before);
        }
    }
    sample.extend(start.cloned());
    for state in &sample {
        if let Err(wrong) = check_predecessors(domain, state) {
            panic!("wrong predecessors: {wrong}");
        }
    }
}

/// What a backward search of a ranked space checks before it starts: [`check_before_search`]
/// from the goals of ranks `goals` (the ranks outside the space are left to the search to
/// refuse); in debug builds and with the `checks` feature, also [`SAMPLE`] ranks spread evenly
/// over the space.
pub(crate) fn check_ranked_goals<D: PerfectHash + Predecessors + ?Sized>(
    domain: &D,
    goals: &[u64],
) {
    let states: Vec<D::State> = goals
        .iter()
        .filter(|&&rank| rank < domain.size())
        .take(SAMPLE)
        .map(|&rank| domain.unrank(rank))
        .collect();
    check_before_search(domain, &states, None);
    if !crate::domain::CHECKS || domain.size() == 0 {
        return;
    }
    let step = domain.size().div_ceil(SAMPLE as u64).max(1);
    for rank in (0..domain.size()).step_by(step as usize) {
        if let Err(wrong) = check_predecessors(domain, &domain.unrank(rank)) {
            panic!("wrong predecessors: {wrong}");
        }
    }
}
