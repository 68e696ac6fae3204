//! A ranked domain as the explorer walks it ([`RankedSpace`]): a layer's states unranked in
//! turn, the ranks of their predecessors listed.
//!
//! Where a state is itself a permutation ranked lexicographically (pancakes, sliding tiles,
//! TopSpin: each value once), a position's digit of the rank depends only on its value and the
//! values after it, so a move leaves every digit past the last position its rule writes. The
//! state's digits are summed once from each position on, and a predecessor's rank recounts only
//! the digits up to its rule's last write (a flip of k pancakes, k digits), read off the state
//! for a swap or a reversal. Other predecessors are written over one copy of the state,
//! nothing allocated per state.

use std::sync::Arc;

use statespace_engine::rank::{rank_prefix, rank_suffixes};
use statespace_engine::space::RankedSpace;
use statespace_engine::{Domain, PerfectHash, Predecessors};

use crate::domain::Move;
use crate::program::Shape;
use crate::rank::RankedPsvn;

/// The most positions a permutation is ranked over.
const MAX_PERMUTATION: usize = 20;

/// A ranked domain's states and their predecessors' ranks, for the explorer.
#[derive(Clone, Debug)]
pub struct PsvnSpace {
    ranked: Arc<RankedPsvn>,
    /// One past the last position each rule writes, where states are permutations.
    reach: Option<Box<[u8]>>,
}

impl PsvnSpace {
    /// The space of `ranked`.
    pub fn new(ranked: Arc<RankedPsvn>) -> Self {
        let reach = ranked.is_one_permutation().then(|| {
            let domain = ranked.domain();
            (0..domain.rule_count())
                .map(|rule| domain.reach(rule) as u8)
                .collect()
        });
        Self { ranked, reach }
    }
}

impl RankedSpace for PsvnSpace {
    fn ranks(&self) -> u64 {
        self.ranked.size()
    }

    fn reversible(&self) -> bool {
        self.ranked.is_reversible()
    }

    fn predecessors(&self, ranks: &[u64], out: &mut Vec<u64>) {
        let ranked = &*self.ranked;
        let mut actions: Vec<Move> = Vec::new();
        let mut scratch = None;
        let mut suffixes = [0u64; MAX_PERMUTATION + 1];
        ranked.unrank_each(ranks, |_, state| {
            actions.clear();
            ranked.predecessor_actions(state, &mut actions);
            let before = scratch.get_or_insert_with(|| state.clone());
            let Some(reach) = &self.reach else {
                before.copy_from_slice(state);
                for &action in &actions {
                    ranked.apply(before, action);
                    out.push(ranked.rank(before));
                    ranked.undo(before, action);
                }
                return;
            };
            rank_suffixes(state, &mut suffixes);
            let n = state.len();
            for &action in &actions {
                let changed = usize::from(reach[action.rule()]);
                // A swap or a reversal is read off the state, unmoved.
                let prefix = match ranked.domain().shape(action) {
                    Shape::Swap(a, b) => {
                        let (a, b) = (usize::from(a), usize::from(b));
                        let swapped = |(p, &value): (usize, &u8)| match p {
                            _ if p == a => state[b],
                            _ if p == b => state[a],
                            _ => value,
                        };
                        rank_prefix(state[..changed].iter().enumerate().map(swapped), n)
                    }
                    Shape::Reverse(start, end) => {
                        let (start, end) = (usize::from(start), usize::from(end));
                        let kept = state[..start].iter();
                        rank_prefix(kept.chain(state[start..end].iter().rev()).copied(), n)
                    }
                    Shape::Writes => {
                        before.copy_from_slice(state);
                        ranked.apply(before, action);
                        rank_prefix(before[..changed].iter().copied(), n)
                    }
                };
                out.push(prefix + suffixes[changed]);
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::PsvnDomain;

    /// Pancakes and tiles are permutations, ranked by their changed prefix; Hanoi's pegs are not.
    #[test]
    fn permutations_are_ranked_by_the_prefix_a_rule_writes() {
        let space = |text: &str| {
            let domain = PsvnDomain::parse("example", text).unwrap();
            let goal = domain.goal_state().unwrap();
            PsvnSpace::new(Arc::new(RankedPsvn::for_state(domain, &goal).unwrap()))
        };
        let pancakes = space(include_str!("../../../examples/psvn/pancake10.psvn"));
        let flips: Vec<u8> = (2..=10).collect();
        assert_eq!(pancakes.reach.as_deref(), Some(&flips[..]));
        assert!(
            space(include_str!("../../../examples/psvn/eight.psvn"))
                .reach
                .is_some()
        );
        assert!(
            space(include_str!("../../../examples/psvn/hanoi4.psvn"))
                .reach
                .is_none()
        );
    }
}
