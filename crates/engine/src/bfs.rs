//! Breadth-first search: the fewest actions, and among those the lexicographically smallest
//! sequence in the domain's action order.
//!
//! See <https://en.wikipedia.org/wiki/Breadth-first_search>.

use std::hash::{BuildHasher, Hash};

use hashbrown::HashTable;
use rustc_hash::FxBuildHasher;

use crate::domain::check_inverse;
use crate::index::{VisitedSet, table_bytes_to_insert};
use crate::limits::{Clock, Footprint, Meter, owned_bytes};
use crate::path::{SearchTree, finish};
use crate::{Domain, Limits, SearchResult, Solution, Stats, StopReason};

/// Finds a solution with the fewest actions from `start`, remembering the states met by their
/// numbers in its queue, found by hash (one copy of each state; a ranked domain searches faster
/// still with a [`DenseSet`](crate::index::DenseSet) through [`bfs_with`]).
///
/// Among the shortest solutions it returns the lexicographically smallest one, comparing actions
/// by their position in [`Domain::actions`]. With [`Limits::max_depth`], solutions longer than the
/// limit are not looked for, and the outcome is `Stopped(DepthLimit)` when states beyond it remain.
///
/// ```
/// use statespace_engine::{Domain, Limits, bfs::bfs};
/// /// Walk the integers from 0 to 10 by steps of +3 and -2.
/// struct Steps;
/// impl Domain for Steps {
///     type State = i32;
///     type Action = i32;
///     fn actions(&self, _: &i32, out: &mut Vec<i32>) { out.extend([3, -2]); }
///     fn apply(&self, n: &mut i32, step: i32) { *n += step; }
///     fn invert(&self, step: i32) -> Option<i32> { Some(-step) }
///     fn is_goal(&self, n: &i32) -> bool { *n == 10 }
/// }
/// let result = bfs(&Steps, &0, &Limits::none().max_depth(20));
/// assert_eq!(result.outcome.solution().unwrap().actions, vec![3, 3, 3, 3, -2]);
/// ```
pub fn bfs<D: Domain>(domain: &D, start: &D::State, limits: &Limits) -> SearchResult<D::Action> {
    let mut numbers = Numbers {
        table: HashTable::with_capacity(INITIAL_STATES),
    };
    let mut queue = Queue {
        tree: SearchTree::with_capacity(INITIAL_STATES),
        keys: Vec::new(),
    };
    queue.search(&mut numbers, domain, start, limits)
}

/// How a breadth-first search remembers the states it met: a [`VisitedSet`] of the caller's,
/// or the numbers of the states in its own queue ([`Numbers`]).
trait Seen<S>: Footprint {
    /// The copies of each state the search holds: the queue's, and the set's if it keeps one.
    const COPIES: u64;
    /// Whether the keys it gives mean something (else the queue keeps none).
    const KEYED: bool;
    /// Forgets every state but the start, the only one of `states`; returns its key.
    fn restart(&mut self, states: &[S]) -> u64;
    /// Adds `next`, met from `parent` whose key is `key`, and which the search numbers
    /// `states.len()` if it is new; returns its key if it is new.
    fn meet(&mut self, states: &[S], parent: &S, key: u64, next: &S) -> Option<u64>;
}

impl<S, I: VisitedSet<S>> Seen<S> for &mut I {
    const COPIES: u64 = 2;
    const KEYED: bool = true;
    fn restart(&mut self, states: &[S]) -> u64 {
        self.forget_all();
        self.insert_keyed(&states[0]).unwrap_or_default()
    }
    #[inline]
    fn meet(&mut self, _states: &[S], parent: &S, key: u64, next: &S) -> Option<u64> {
        self.insert_neighbour(parent, key, next)
    }
}

/// The numbers of the states in the search's queue, by hash: four bytes a state where a set of
/// its own would keep a second copy of each, and would have to be cleared apart.
struct Numbers {
    table: HashTable<u32>,
}

impl Footprint for Numbers {
    fn bytes_to_insert(&self) -> u64 {
        table_bytes_to_insert(&self.table)
    }
}

impl<S: Hash + Eq> Seen<S> for Numbers {
    const COPIES: u64 = 1;
    const KEYED: bool = false;
    fn restart(&mut self, states: &[S]) -> u64 {
        self.table.clear();
        let hash = FxBuildHasher.hash_one(&states[0]);
        self.table.insert_unique(hash, 0, |&known| {
            FxBuildHasher.hash_one(&states[known as usize])
        });
        0
    }
    #[inline]
    fn meet(&mut self, states: &[S], _parent: &S, _key: u64, next: &S) -> Option<u64> {
        let hash = FxBuildHasher.hash_one(next);
        let entry = self.table.entry(
            hash,
            |&known| states[known as usize] == *next,
            |&known| FxBuildHasher.hash_one(&states[known as usize]),
        );
        match entry {
            hashbrown::hash_table::Entry::Occupied(_) => None,
            hashbrown::hash_table::Entry::Vacant(slot) => {
                slot.insert(states.len() as u32);
                Some(0)
            }
        }
    }
}

/// The room the default visited set starts with: its first few doublings are not worth making.
const INITIAL_STATES: usize = 4096;

/// [`bfs`] with a visited set of the caller's choice (for example a
/// [`DenseSet`](crate::index::DenseSet) for a ranked domain), cleared first and reusable across
/// calls. To reuse the queue too, keep a [`Bfs`] instead.
pub fn bfs_with<D: Domain, I: VisitedSet<D::State>>(
    domain: &D,
    start: &D::State,
    limits: &Limits,
    visited: &mut I,
) -> SearchResult<D::Action> {
    Bfs::new(visited).search(domain, start, limits)
}

/// A breadth-first searcher that keeps its memory (visited set, queue, parent links) from one
/// search to the next, so that repeated searches allocate nothing after the first.
///
/// ```
/// use statespace_engine::{Domain, Limits, bfs::Bfs, index::HashIndex};
/// /// Walk the integers by steps of +3 and -2.
/// struct Steps;
/// impl Domain for Steps {
///     type State = i32;
///     type Action = i32;
///     fn actions(&self, _: &i32, out: &mut Vec<i32>) { out.extend([3, -2]); }
///     fn apply(&self, n: &mut i32, step: i32) { *n += step; }
///     fn invert(&self, step: i32) -> Option<i32> { Some(-step) }
///     fn is_goal(&self, n: &i32) -> bool { *n == 10 }
/// }
/// let mut searcher = Bfs::new(HashIndex::default());
/// let limits = Limits::none().max_depth(20);
/// for (start, moves) in [(0, 5), (10, 0), (8, 4)] {
///     let result = searcher.search(&Steps, &start, &limits);
///     assert_eq!(result.outcome.solution().unwrap().actions.len(), moves);
/// }
/// ```
#[derive(Debug)]
pub struct Bfs<S, A, I> {
    visited: I,
    queue: Queue<S, A>,
}

/// The states in the order found, with how each was reached and its key in the visited set.
#[derive(Debug)]
struct Queue<S, A> {
    tree: SearchTree<S, A>,
    /// Each state's key in the visited set, which makes inserting its successors cheaper.
    keys: Vec<u64>,
}

impl<S: Clone, A: Copy + Eq, I: VisitedSet<S> + Default> Default for Bfs<S, A, I> {
    fn default() -> Self {
        Self::new(I::default())
    }
}

impl<S: Clone, A: Copy + Eq, I: VisitedSet<S>> Bfs<S, A, I> {
    /// A searcher that records visited states in `visited`.
    pub fn new(visited: I) -> Self {
        Self {
            visited,
            queue: Queue {
                tree: SearchTree::empty(),
                keys: Vec::new(),
            },
        }
    }

    /// Finds a solution with the fewest actions from `start`, as [`bfs`] does.
    pub fn search<D>(&mut self, domain: &D, start: &S, limits: &Limits) -> SearchResult<A>
    where
        D: Domain<State = S, Action = A>,
    {
        self.queue
            .search(&mut &mut self.visited, domain, start, limits)
    }
}

impl<S: Clone, A: Copy + Eq> Queue<S, A> {
    fn search<D>(
        &mut self,
        visited: &mut impl Seen<S>,
        domain: &D,
        start: &S,
        limits: &Limits,
    ) -> SearchResult<A>
    where
        D: Domain<State = S, Action = A>,
    {
        let started = Clock::start(limits);
        let mut stats = Stats::default();
        let verdict = self.run(visited, domain, start, limits, &mut stats);
        finish(verdict, stats, started)
    }

    fn reset(&mut self, visited: &mut impl Seen<S>, start: &S) {
        self.tree.clear();
        self.keys.clear();
        self.tree.add_root(start.clone());
        let key = visited.restart(&self.tree.states);
        self.keys.push(key);
    }

    fn run<D, V: Seen<S>>(
        &mut self,
        visited: &mut V,
        domain: &D,
        start: &S,
        limits: &Limits,
        stats: &mut Stats,
    ) -> Result<Option<Solution<A>>, StopReason>
    where
        D: Domain<State = S, Action = A>,
    {
        self.reset(visited, start);
        let mut meter = Meter::new(limits);
        // Each state's copies (the queue's, and the visited set's if it keeps one) own this much.
        let owned = V::COPIES * owned_bytes(domain, start);
        stats.stored = 1;
        if domain.is_goal(start) {
            return Ok(Some(self.solution(domain, 0)));
        }
        meter.holds(self.bytes_to_add(visited, owned))?;
        let mut actions = Vec::new();
        let mut cut_at_depth_limit = false;
        let (mut depth, mut layer_end) = (0, 1);
        let mut node = 0;
        while node < self.tree.states.len() {
            if node == layer_end {
                depth += 1;
                layer_end = self.tree.states.len();
            }
            node += 1;
            if meter.beyond_depth(u64::from(depth) + 1) {
                cut_at_depth_limit = true;
                continue;
            }
            meter.before_expansion(stats.expanded)?;
            let parent = node - 1;
            let state = self.tree.states[parent].clone();
            actions.clear();
            domain.actions(&state, &mut actions);
            stats.count(depth, actions.len() as u64);
            // The way back leads to the parent, visited already.
            let back = self
                .tree
                .link(parent)
                .action
                .and_then(|action| domain.invert(action));
            let parent_key = if V::KEYED { self.keys[parent] } else { 0 };
            for &action in &actions {
                if Some(action) == back {
                    continue;
                }
                let mut next = state.clone();
                domain.apply(&mut next, action);
                check_inverse(domain, stats.expanded, &state, action, &next);
                if let Some(key) = visited.meet(&self.tree.states, &state, parent_key, &next) {
                    if V::KEYED {
                        self.keys.push(key);
                    }
                    let goal = domain.is_goal(&next);
                    let child = self.tree.push(next, parent as u32, action);
                    stats.stored = self.tree.len();
                    if goal {
                        return Ok(Some(self.solution(domain, child as usize)));
                    }
                    meter.stored(stats.stored)?;
                    meter.holds_counted(|| self.bytes_to_add(visited, owned))?;
                }
            }
        }
        if cut_at_depth_limit {
            Err(StopReason::DepthLimit)
        } else {
            Ok(None)
        }
    }

    /// The memory the search holds while it adds one more state, each of whose copies owns
    /// `owned` bytes: a growth of its arrays or visited set holds the old and new allocations.
    fn bytes_to_add(&self, visited: &impl Seen<S>, owned: u64) -> u64 {
        self.tree.bytes_to_insert()
            + self.keys.bytes_to_insert()
            + visited.bytes_to_insert()
            + (self.tree.len() + 1) * owned
    }

    /// The actions from the start to the state numbered `node`, and their cost.
    fn solution<D>(&self, domain: &D, node: usize) -> Solution<A>
    where
        D: Domain<State = S, Action = A>,
    {
        let steps = self.tree.steps_to(node as u32);
        let step_cost =
            |&(from, action): &(u32, A)| domain.cost(&self.tree.states[from as usize], action);
        Solution {
            cost: steps.iter().map(|step| u64::from(step_cost(step))).sum(),
            actions: steps.into_iter().map(|(_, action)| action).collect(),
        }
    }
}
