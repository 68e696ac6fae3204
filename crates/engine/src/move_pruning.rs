//! Pruning duplicate paths in a depth-first search with a finite-state machine over the actions
//! taken (Taylor & Korf, "Pruning duplicate nodes in depth-first search", AAAI 1993).
//!
//! A tree search such as IDA* meets a state once per path to it. Where two action strings lead
//! from any state to the same state, the search needs only one of them: forbidding the other
//! (wherever it would end the path) removes whole subtrees of duplicates. A [`MoveAutomaton`]
//! recognises every forbidden string as a suffix of the actions taken, in one table read per
//! action (the Aho–Corasick construction, completed into a deterministic automaton).
//!
//! Forbidding is sound when every forbidden string has a twin that is no longer, applicable
//! wherever it is, leading to the same state and earlier in the search's order: a shortest
//! solution then never needs a forbidden string, and the first one in the search's order has
//! none (replacing one by its twin would give a solution earlier in that order).
//!
//! ```
//! use statespace_engine::move_pruning::MoveAutomaton;
//! // Actions 0 and 1 commute: of "10" and "01", keep "01".
//! let automaton = MoveAutomaton::new(2, [[1, 0]]).unwrap();
//! let after_one = automaton.step(MoveAutomaton::START, 1).unwrap();
//! assert_eq!(automaton.step(after_one, 0), None); // "10" is pruned
//! let after_zero = automaton.step(MoveAutomaton::START, 0).unwrap();
//! assert!(automaton.step(after_zero, 1).is_some()); // "01" is not
//! ```

use std::collections::{HashMap, VecDeque};

/// A state of the automaton: what of the actions taken so far matters for what comes next.
/// Sixteen bits, so that the table of a large automaton stays in the nearest caches.
pub type MoveState = u16;

const PRUNED: MoveState = MoveState::MAX;

/// A state while the automaton is built (the trie has many more states than the result).
type Node = u32;

const PRUNED_NODE: Node = Node::MAX;

/// A deterministic automaton over action indices that rejects every string ending with one of
/// its forbidden strings.
#[derive(Clone, Debug)]
pub struct MoveAutomaton {
    actions: usize,
    /// `next[state * actions + action]`, `PRUNED` where the action would end a forbidden string.
    next: Vec<MoveState>,
}

impl MoveAutomaton {
    /// The state before any action.
    pub const START: MoveState = 0;

    /// The automaton over actions `0..actions` that forbids every string of `forbidden` (action
    /// indices below `actions`), or `None` if it needs more than 65,535 states.
    ///
    /// # Panics
    /// If `actions` is 0 or a forbidden string holds an action of `actions` or more.
    pub fn new<S: AsRef<[usize]>>(
        actions: usize,
        forbidden: impl IntoIterator<Item = S>,
    ) -> Option<Self> {
        const NONE: Node = Node::MAX;
        assert!(actions > 0, "an automaton over no actions");
        // The trie of the forbidden strings: `child[node * actions + action]`.
        let mut child = vec![NONE; actions];
        let mut ends = vec![false];
        for string in forbidden {
            let mut node = 0;
            for &action in string.as_ref() {
                assert!(action < actions, "action {action} out of 0..{actions}");
                let slot = node * actions + action;
                if child[slot] == NONE {
                    child[slot] = ends.len() as Node;
                    child.resize(child.len() + actions, NONE);
                    ends.push(false);
                }
                node = child[slot] as usize;
            }
            ends[node] = true;
        }
        // Breadth first, each node's missing transitions are those of its longest proper suffix
        // in the trie (its failure link), which is nearer the root and so already complete.
        let mut next = child.clone();
        let mut failure = vec![0 as Node; ends.len()];
        let mut queue = VecDeque::from([0usize]);
        while let Some(node) = queue.pop_front() {
            for action in 0..actions {
                let slot = node * actions + action;
                let fallback = if node == 0 {
                    0
                } else {
                    next[failure[node] as usize * actions + action]
                };
                if child[slot] == NONE {
                    next[slot] = fallback;
                } else {
                    let target = child[slot] as usize;
                    failure[target] = fallback;
                    ends[target] |= ends[fallback as usize];
                    queue.push_back(target);
                }
            }
        }
        for target in &mut next {
            if ends[*target as usize] {
                *target = PRUNED_NODE;
            }
        }
        let next = minimized(actions, &next)
            .into_iter()
            .map(|target| match target {
                PRUNED_NODE => Some(PRUNED),
                target => MoveState::try_from(target).ok().filter(|&t| t != PRUNED),
            })
            .collect::<Option<_>>()?;
        Some(Self { actions, next })
    }

    /// The automaton that keeps one order of each pair of commuting actions: for letters
    /// `a < b` (numbered in the order of [`Domain::actions`](crate::Domain::actions)) for which
    /// `commute(a, b)` holds, it forbids `b a`, whose twin `a b` comes first in the search's
    /// order. `None` if it needs more than 65,535 states.
    ///
    /// `commute(a, b)` must hold only when, from every state where either `a b` or `b a` can be
    /// played, both can, cost the same and lead to the same state (moves on disjoint parts of
    /// the state: two faces of a cube that are opposite, two buttons of Lights Out).
    ///
    /// ```
    /// use statespace_engine::move_pruning::MoveAutomaton;
    /// // Three buttons, all commuting: only the strings in increasing order are kept.
    /// let automaton = MoveAutomaton::from_commuting(3, |_, _| true).unwrap();
    /// let after_two = automaton.step(MoveAutomaton::START, 2).unwrap();
    /// assert_eq!(automaton.step(after_two, 0), None);
    /// assert_eq!(automaton.step(after_two, 1), None);
    /// assert!(automaton.step(after_two, 2).is_some());
    /// ```
    ///
    /// # Panics
    /// If `actions` is 0.
    pub fn from_commuting(actions: usize, commute: impl Fn(usize, usize) -> bool) -> Option<Self> {
        Self::new(actions, commuting_pairs(actions, commute))
    }

    /// [`MoveAutomaton::from_commuting`], and each action followed by its inverse forbidden too:
    /// `inverse(a)` is the letter of the action that undoes `a`, if any (`Some(a)` for a move
    /// that undoes itself, such as a button of Lights Out). IDA* prunes the inverse of the last
    /// move anyway when the domain says it ([`Domain::invert`](crate::Domain::invert)); a
    /// domain that only undoes its moves ([`Domain::undo`](crate::Domain::undo)) needs this.
    ///
    /// ```
    /// use statespace_engine::move_pruning::MoveAutomaton;
    /// // Two self-inverse buttons that commute: "0 1" is the only string of two kept.
    /// let automaton = MoveAutomaton::from_commuting_and_inverses(2, |_, _| true, Some).unwrap();
    /// let after_zero = automaton.step(MoveAutomaton::START, 0).unwrap();
    /// assert_eq!(automaton.step(after_zero, 0), None);
    /// assert!(automaton.step(after_zero, 1).is_some());
    /// ```
    ///
    /// # Panics
    /// If `actions` is 0 or an inverse is `actions` or more.
    pub fn from_commuting_and_inverses(
        actions: usize,
        commute: impl Fn(usize, usize) -> bool,
        inverse: impl Fn(usize) -> Option<usize>,
    ) -> Option<Self> {
        let back_and_forth = (0..actions).filter_map(|a| inverse(a).map(|undo| [a, undo]));
        Self::new(
            actions,
            commuting_pairs(actions, commute).chain(back_and_forth),
        )
    }

    /// The state after `action` from `state`, or `None` when it ends a forbidden string.
    #[inline]
    pub fn step(&self, state: MoveState, action: usize) -> Option<MoveState> {
        let next = self.next[state as usize * self.actions + action];
        (next != PRUNED).then_some(next)
    }

    /// The number of states.
    pub fn states(&self) -> usize {
        self.next.len() / self.actions
    }
}

/// The strings `b a` for the commuting letters `a < b`: the later one first.
fn commuting_pairs(
    actions: usize,
    commute: impl Fn(usize, usize) -> bool,
) -> impl Iterator<Item = [usize; 2]> {
    (0..actions)
        .flat_map(move |b| (0..b).map(move |a| (a, b)))
        .filter(move |&(a, b)| commute(a, b))
        .map(|(a, b)| [b, a])
}

/// The same automaton with the states of the same future merged (Moore's partition refinement):
/// the trie's deep states mostly are, and a small table stays in the nearest cache.
fn minimized(actions: usize, next: &[Node]) -> Vec<Node> {
    let states = next.len() / actions;
    let class_of = |class: &[Node], target: Node| {
        if target == PRUNED_NODE {
            PRUNED_NODE
        } else {
            class[target as usize]
        }
    };
    let mut class = vec![0; states];
    let mut classes = 1;
    loop {
        // Classes numbered in order of first state, so that the start stays state 0.
        let mut numbers: HashMap<Vec<Node>, Node> = HashMap::new();
        let refined: Vec<Node> = (0..states)
            .map(|state| {
                let row = &next[state * actions..(state + 1) * actions];
                let signature: Vec<Node> = std::iter::once(class[state])
                    .chain(row.iter().map(|&target| class_of(&class, target)))
                    .collect();
                let fresh = numbers.len() as Node;
                *numbers.entry(signature).or_insert(fresh)
            })
            .collect();
        class = refined;
        if numbers.len() == classes {
            break;
        }
        classes = numbers.len();
    }
    let mut merged = vec![PRUNED_NODE; classes * actions];
    for (state, row) in next.chunks_exact(actions).enumerate() {
        for (action, &target) in row.iter().enumerate() {
            merged[class[state] as usize * actions + action] = class_of(&class, target);
        }
    }
    merged
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Whether `string` has a forbidden suffix at any point, the plain way.
    fn forbidden_somewhere(string: &[usize], forbidden: &[Vec<usize>]) -> bool {
        (1..=string.len()).any(|end| forbidden.iter().any(|bad| string[..end].ends_with(bad)))
    }

    proptest! {
        #[test]
        fn rejects_exactly_the_strings_with_a_forbidden_substring(
            forbidden in prop::collection::vec(prop::collection::vec(0usize..3, 1..5), 0..6),
            string in prop::collection::vec(0usize..3, 0..12),
        ) {
            let automaton = MoveAutomaton::new(3, &forbidden).unwrap();
            let mut state = Some(MoveAutomaton::START);
            for &action in &string {
                state = state.and_then(|state| automaton.step(state, action));
            }
            prop_assert_eq!(state.is_none(), forbidden_somewhere(&string, &forbidden));
        }
    }

    #[test]
    fn no_forbidden_strings_leave_one_state() {
        let automaton = MoveAutomaton::new(4, Vec::<Vec<usize>>::new()).unwrap();
        assert_eq!(automaton.states(), 1);
        assert_eq!(automaton.step(MoveAutomaton::START, 3), Some(0));
    }
}
