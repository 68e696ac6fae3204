//! A state space seen through its ranks alone: what a whole-space search needs of a domain, in a
//! form that a front-end can hold for any puzzle (`Box<dyn RankedSpace>`).

use crate::{PerfectHash, Predecessors};

/// The states of a space as the ranks `0..ranks()`, and the ranks of each state's predecessors.
/// Every [`PerfectHash`] domain that says how to step backwards ([`Predecessors`]) is one.
///
/// ```
/// use statespace_engine::space::RankedSpace;
/// use statespace_engine::{Domain, PerfectHash, Reversible};
/// /// The integers 0..10 on a ring, one step either way.
/// struct Ring;
/// impl Domain for Ring {
///     type State = u64;
///     type Action = u64;
///     fn actions(&self, _: &u64, out: &mut Vec<u64>) { out.extend([1, 9]); }
///     fn apply(&self, n: &mut u64, step: u64) { *n = (*n + step) % 10; }
///     fn invert(&self, step: u64) -> Option<u64> { Some(10 - step) }
///     fn is_goal(&self, n: &u64) -> bool { *n == 0 }
/// }
/// impl Reversible for Ring {}
/// impl PerfectHash for Ring {
///     fn size(&self) -> u64 { 10 }
///     fn rank(&self, n: &u64) -> u64 { *n }
///     fn unrank(&self, rank: u64) -> u64 { rank }
/// }
/// let space: Box<dyn RankedSpace> = Box::new(Ring);
/// let mut before = Vec::new();
/// space.predecessors(&[0, 5], &mut before);
/// assert_eq!((space.ranks(), before), (10, vec![1, 9, 6, 4]));
/// ```
pub trait RankedSpace: Send + Sync {
    /// The number of ranks: every state's rank is below it.
    fn ranks(&self) -> u64;

    /// Appends to `out`, for each rank of `ranks` in turn, the ranks of the states one action
    /// away from it backwards (those from which one action leads to it; in a reversible domain,
    /// its neighbours), repeats included. A whole layer at a time, so that a search pays one
    /// call per batch, not per state.
    fn predecessors(&self, ranks: &[u64], out: &mut Vec<u64>);

    /// Whether every state's predecessors are its successors (a reversible domain): then a
    /// breadth-first layer's predecessors lie in the layers next to it.
    fn reversible(&self) -> bool;
}

impl<D: PerfectHash + Predecessors + Send + Sync> RankedSpace for D {
    fn ranks(&self) -> u64 {
        self.size()
    }

    fn reversible(&self) -> bool {
        self.is_reversible()
    }

    fn predecessors(&self, ranks: &[u64], out: &mut Vec<u64>) {
        let mut actions = Vec::new();
        // One predecessor written over each time: a boxed state is copied, not allocated.
        let mut scratch: Option<D::State> = None;
        self.unrank_each(ranks, |rank, state| {
            actions.clear();
            self.predecessor_actions(state, &mut actions);
            for &action in &actions {
                let before = scratch.get_or_insert_with(|| state.clone());
                before.clone_from(state);
                self.apply(before, action);
                out.push(self.rank_neighbour(state, rank, before));
            }
        });
    }
}
