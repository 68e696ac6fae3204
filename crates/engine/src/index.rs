//! Visited sets and maps from states to node numbers, for the graph searches.
//!
//! [`HashIndex`] works for any domain; [`FlatIndex`] too, faster for small states (one cache line
//! per lookup); [`DenseIndex`] uses a domain's [`PerfectHash`] and one array slot per rank, which
//! is faster and smaller when most of the space is visited. All can be cleared and reused across
//! many searches without reallocating. Breadth-first search needs only a [`VisitedSet`]: every
//! [`StateIndex`] is one, and so is [`DenseSet`], one bit per rank, which stays in cache where an
//! array of node numbers would not, and which ranks successors from their parent's rank.

use std::hash::{BuildHasher, Hash};
use std::ops::Deref;

use hashbrown::HashTable;
use rustc_hash::FxBuildHasher;

use crate::limits::{Footprint, doubling};
use crate::{Domain, PerfectHash};

/// A map from states to node numbers (`u32`), as the searches need it. Every such map is also a
/// [`VisitedSet`]: [`visited_set_from_state_index!`](crate::visited_set_from_state_index) writes
/// that part.
pub trait StateIndex<S>: VisitedSet<S> {
    /// Whether a lookup costs about one array access (a dense index): A* then numbers each child
    /// as it is generated and drops the ones reached as cheaply before, instead of carrying them
    /// through its open list (on a grid, most of a cell's neighbours).
    const CHEAP_LOOKUPS: bool = false;
    /// The node number of `state`, if it has one.
    fn get(&self, state: &S) -> Option<u32>;
    /// The number of `state` if it has one; otherwise gives it the number `node` and returns
    /// `None`. One lookup where `get` then `insert` would take two.
    fn get_or_insert(&mut self, state: &S, node: u32) -> Option<u32>;
    /// Forgets every state.
    fn clear(&mut self);
    /// Gives `state` the number `node` unless it has one already; returns whether it was new.
    fn insert(&mut self, state: &S, node: u32) -> bool {
        self.get_or_insert(state, node).is_none()
    }
}

/// A borrowed index is an index: searchers that own theirs can work in one the caller keeps.
impl<S, I: StateIndex<S> + ?Sized> StateIndex<S> for &mut I {
    const CHEAP_LOOKUPS: bool = I::CHEAP_LOOKUPS;
    #[inline]
    fn get(&self, state: &S) -> Option<u32> {
        (**self).get(state)
    }
    #[inline]
    fn get_or_insert(&mut self, state: &S, node: u32) -> Option<u32> {
        (**self).get_or_insert(state, node)
    }
    fn clear(&mut self) {
        (**self).clear();
    }
}

impl<S, I: VisitedSet<S> + ?Sized> VisitedSet<S> for &mut I {
    #[inline]
    fn insert_new(&mut self, state: &S) -> bool {
        (**self).insert_new(state)
    }
    fn forget_all(&mut self) {
        (**self).forget_all();
    }
    #[inline]
    fn insert_keyed(&mut self, state: &S) -> Option<u64> {
        (**self).insert_keyed(state)
    }
    #[inline]
    fn insert_neighbour(&mut self, state: &S, key: u64, neighbour: &S) -> Option<u64> {
        (**self).insert_neighbour(state, key, neighbour)
    }
}

/// A set of states: what breadth-first search needs to remember, and the memory it holds for
/// them (not counting what the states own outside themselves).
pub trait VisitedSet<S>: Footprint {
    /// Adds `state`; returns whether it was new.
    fn insert_new(&mut self, state: &S) -> bool;
    /// Forgets every state.
    fn forget_all(&mut self);
    /// Adds `state` like [`insert_new`](VisitedSet::insert_new); if it was new, returns a key
    /// (for [`DenseSet`] its rank) that makes inserting its neighbours cheaper.
    fn insert_keyed(&mut self, state: &S) -> Option<u64> {
        self.insert_new(state).then_some(0)
    }
    /// Adds `neighbour`, one action away from `state`, which was added with the key `key`;
    /// returns the neighbour's key if it was new.
    fn insert_neighbour(&mut self, state: &S, key: u64, neighbour: &S) -> Option<u64> {
        let _ = (state, key);
        self.insert_keyed(neighbour)
    }
}

/// Implements [`VisitedSet`] for a [`StateIndex`] type through its map (every node numbered 0):
/// `visited_set_from_state_index!(Type, State)` or, with generics,
/// `visited_set_from_state_index!(Type<S>, S, S: Bounds)`.
#[macro_export]
macro_rules! visited_set_from_state_index {
    ($index:ty, $state:ty $(, $($generics:tt)*)?) => {
        impl$(<$($generics)*>)? $crate::index::VisitedSet<$state> for $index {
            #[inline]
            fn insert_new(&mut self, state: &$state) -> bool {
                $crate::index::StateIndex::get_or_insert(self, state, 0).is_none()
            }
            fn forget_all(&mut self) {
                $crate::index::StateIndex::clear(self);
            }
        }
    };
}

visited_set_from_state_index!(HashIndex<S>, S, S: Clone + Eq + Hash);
visited_set_from_state_index!(FlatIndex<S>, S, S: Clone + Eq + Hash);
visited_set_from_state_index!(DenseIndex<P>, DomainState<P>, P: Deref<Target: PerfectHash>);

/// The states of the domain `P` points to.
type DomainState<P> = <<P as Deref>::Target as Domain>::State;

/// One bit per rank of a [`PerfectHash`] domain: the smallest visited set, 45 KiB for the
/// 362,880 permutations of nine cells.
#[derive(Debug)]
pub struct DenseSet<'d, D> {
    domain: &'d D,
    words: Vec<u64>,
}

impl<'d, D: PerfectHash> DenseSet<'d, D> {
    /// An empty set over every rank of `domain`.
    pub fn new(domain: &'d D) -> Self {
        let size = usize::try_from(domain.size()).expect("rank space fits in memory");
        Self {
            domain,
            words: vec![0; size.div_ceil(64)],
        }
    }
}

impl<D: PerfectHash> DenseSet<'_, D> {
    /// Sets the bit of `rank`; returns whether it was clear.
    #[inline]
    fn insert_rank(&mut self, rank: u64) -> bool {
        let (word, bit) = ((rank / 64) as usize, rank % 64);
        let was = self.words[word];
        self.words[word] = was | (1 << bit);
        was & (1 << bit) == 0
    }
}

impl<D> Footprint for DenseSet<'_, D> {
    fn bytes_to_insert(&self) -> u64 {
        // Never grows.
        (self.words.capacity() * size_of::<u64>()) as u64
    }
}

impl<D: PerfectHash> VisitedSet<D::State> for DenseSet<'_, D> {
    #[inline]
    fn insert_new(&mut self, state: &D::State) -> bool {
        self.insert_rank(self.domain.rank(state))
    }
    fn forget_all(&mut self) {
        self.words.fill(0);
    }
    #[inline]
    fn insert_keyed(&mut self, state: &D::State) -> Option<u64> {
        let rank = self.domain.rank(state);
        self.insert_rank(rank).then_some(rank)
    }
    /// Ranks `neighbour` from the rank of `state` ([`PerfectHash::rank_neighbour`]).
    #[inline]
    fn insert_neighbour(
        &mut self,
        state: &D::State,
        rank: u64,
        neighbour: &D::State,
    ) -> Option<u64> {
        let rank = self.domain.rank_neighbour(state, rank, neighbour);
        self.insert_rank(rank).then_some(rank)
    }
}

/// A hash table from states to node numbers, for any domain. A state is hashed once, when it is
/// looked up: the table keeps each hash, so growing it moves entries without hashing states
/// again, and a state is cloned only when it is new (a state that owns memory, such as a board
/// of any size, costs no allocation when it is found again).
#[derive(Clone, Debug)]
pub struct HashIndex<S> {
    table: HashTable<(u64, S, u32)>,
}

impl<S> Default for HashIndex<S> {
    fn default() -> Self {
        Self {
            table: HashTable::new(),
        }
    }
}

impl<S> HashIndex<S> {
    /// An empty index with room for `states` states before it grows.
    pub fn with_capacity(states: usize) -> Self {
        Self {
            table: HashTable::with_capacity(states),
        }
    }
}

impl<S> Footprint for HashIndex<S> {
    fn bytes_to_insert(&self) -> u64 {
        let held = self.table.allocation_size() as u64;
        if self.table.len() < self.table.capacity() {
            held
        } else {
            // Growing doubles the buckets; the first allocation has four.
            doubling(held, 4 * (size_of::<(u64, S, u32)>() as u64 + 1) + 16)
        }
    }
}

impl<S: Clone + Eq + Hash> StateIndex<S> for HashIndex<S> {
    #[inline]
    fn get(&self, state: &S) -> Option<u32> {
        let hash = FxBuildHasher.hash_one(state);
        self.table
            .find(hash, |(_, known, _)| known == state)
            .map(|&(_, _, node)| node)
    }
    fn clear(&mut self) {
        self.table.clear();
    }
    #[inline]
    fn get_or_insert(&mut self, state: &S, node: u32) -> Option<u32> {
        let hash = FxBuildHasher.hash_one(state);
        let entry = self.table.entry(
            hash,
            |(known_hash, known, _)| *known_hash == hash && known == state,
            |&(known_hash, _, _)| known_hash,
        );
        match entry {
            hashbrown::hash_table::Entry::Occupied(known) => Some(known.get().2),
            hashbrown::hash_table::Entry::Vacant(slot) => {
                slot.insert((hash, state.clone(), node));
                None
            }
        }
    }
}

/// A set of states for any domain, each kept once by value with nothing beside it (no hash, no
/// node number): the smallest hash set, for a breadth-first search ([`bfs_with`](crate::bfs::bfs_with))
/// whose visited set outlives its queue ([`bfs`](crate::bfs::bfs) itself numbers the states of
/// its queue instead, and keeps no second copy of them).
#[derive(Clone, Debug)]
pub struct StateSet<S> {
    table: HashTable<S>,
}

impl<S> Default for StateSet<S> {
    fn default() -> Self {
        Self::with_capacity(0)
    }
}

impl<S> StateSet<S> {
    /// An empty set with room for `states` states before it grows.
    pub fn with_capacity(states: usize) -> Self {
        Self {
            table: HashTable::with_capacity(states),
        }
    }
}

impl<S> Footprint for StateSet<S> {
    fn bytes_to_insert(&self) -> u64 {
        table_bytes_to_insert(&self.table)
    }
}

/// What a hash table holds while it takes one more entry: its allocation, and the next one
/// with it when it is full.
pub(crate) fn table_bytes_to_insert<T>(table: &HashTable<T>) -> u64 {
    let held = table.allocation_size() as u64;
    if table.len() < table.capacity() {
        held
    } else {
        doubling(held, 4 * (size_of::<T>() as u64 + 1) + 16)
    }
}

impl<S: Clone + Eq + Hash> VisitedSet<S> for StateSet<S> {
    #[inline]
    fn insert_new(&mut self, state: &S) -> bool {
        let hash = FxBuildHasher.hash_one(state);
        let entry = self.table.entry(
            hash,
            |known| known == state,
            |known| FxBuildHasher.hash_one(known),
        );
        match entry {
            hashbrown::hash_table::Entry::Occupied(_) => false,
            hashbrown::hash_table::Entry::Vacant(slot) => {
                slot.insert(state.clone());
                true
            }
        }
    }
    fn forget_all(&mut self) {
        self.table.clear();
    }
}

/// A map from states to node numbers by open addressing (linear probing) in one array of
/// (state, node) slots: a lookup reads one cache line where a [`HashIndex`] reads a control byte
/// and then a bucket, which is what large searches wait on. Best for small states (a few words);
/// it keeps at least 4/3 slots per state. Clearing is O(1): each slot carries the number of the
/// search that filled it.
#[derive(Clone, Debug)]
pub struct FlatIndex<S> {
    slots: Vec<Slot<S>>,
    len: usize,
    /// Slots of other searches count as empty; 0 marks slots never filled.
    search: u32,
}

#[derive(Clone, Debug)]
struct Slot<S> {
    state: S,
    node: u32,
    search: u32,
}

impl<S> Default for FlatIndex<S> {
    fn default() -> Self {
        Self {
            slots: Vec::new(),
            len: 0,
            search: 1,
        }
    }
}

/// The fewest slots a [`FlatIndex`] allocates.
const MIN_SLOTS: usize = 1 << 10;

impl<S: Clone + Eq + Hash> FlatIndex<S> {
    /// Where probing for `state` starts.
    #[inline]
    fn home(&self, state: &S) -> usize {
        (FxBuildHasher.hash_one(state) as usize) & (self.slots.len() - 1)
    }

    /// The slot holding `state`, or the empty slot where it belongs.
    #[inline]
    fn probe(&self, state: &S) -> usize {
        let mask = self.slots.len() - 1;
        let mut at = self.home(state);
        loop {
            let slot = &self.slots[at];
            if slot.search != self.search || slot.state == *state {
                return at;
            }
            at = (at + 1) & mask;
        }
    }

    /// Doubles the slots (`filler` fills the new ones) and moves this search's states over.
    #[cold]
    fn grow(&mut self, filler: &S) {
        let size = (self.slots.len() * 2).max(MIN_SLOTS);
        let empty = Slot {
            state: filler.clone(),
            node: 0,
            search: 0,
        };
        let old = std::mem::replace(&mut self.slots, vec![empty; size]);
        for slot in old.into_iter().filter(|slot| slot.search == self.search) {
            let at = self.probe(&slot.state);
            self.slots[at] = slot;
        }
    }
}

impl<S> Footprint for FlatIndex<S> {
    fn bytes_to_insert(&self) -> u64 {
        let slot = size_of::<Slot<S>>() as u64;
        let held = self.slots.len() as u64 * slot;
        if (self.len + 1) * 4 > self.slots.len() * 3 {
            doubling(held, MIN_SLOTS as u64 * slot)
        } else {
            held
        }
    }
}

impl<S: Clone + Eq + Hash> StateIndex<S> for FlatIndex<S> {
    #[inline]
    fn get(&self, state: &S) -> Option<u32> {
        if self.slots.is_empty() {
            return None;
        }
        let slot = &self.slots[self.probe(state)];
        (slot.search == self.search).then_some(slot.node)
    }
    fn clear(&mut self) {
        self.len = 0;
        self.search = self.search.wrapping_add(1);
        if self.search == 0 {
            for slot in &mut self.slots {
                slot.search = 0;
            }
            self.search = 1;
        }
    }
    #[inline]
    fn get_or_insert(&mut self, state: &S, node: u32) -> Option<u32> {
        if (self.len + 1) * 4 > self.slots.len() * 3 {
            self.grow(state);
        }
        let at = self.probe(state);
        let slot = &mut self.slots[at];
        if slot.search == self.search {
            return Some(slot.node);
        }
        *slot = Slot {
            state: state.clone(),
            node,
            search: self.search,
        };
        self.len += 1;
        None
    }
}

const VACANT: u32 = u32::MAX;

/// One slot per rank of a [`PerfectHash`] domain. Clearing touches only the slots that were
/// filled, so reusing one index for many small searches costs no more than the searches.
///
/// It reaches its domain through `P`: a reference (`DenseIndex::new(&domain)`), or an owner such
/// as an `Arc` when the index is kept beside its domain from one search to the next.
#[derive(Debug)]
pub struct DenseIndex<P> {
    domain: P,
    slots: Vec<u32>,
    filled: Vec<u64>,
}

impl<P: Deref<Target: PerfectHash>> DenseIndex<P> {
    /// An empty index over every rank of the domain `domain` points to.
    pub fn new(domain: P) -> Self {
        let size = usize::try_from(domain.size()).expect("rank space fits in memory");
        Self {
            domain,
            slots: vec![VACANT; size],
            filled: Vec::new(),
        }
    }
}

impl<P> Footprint for DenseIndex<P> {
    fn bytes_to_insert(&self) -> u64 {
        // The slots never grow; the list of those filled does.
        (self.slots.capacity() * size_of::<u32>()) as u64 + self.filled.bytes_to_insert()
    }
}

impl<P: Deref<Target: PerfectHash>> StateIndex<DomainState<P>> for DenseIndex<P> {
    const CHEAP_LOOKUPS: bool = true;
    #[inline]
    fn get(&self, state: &DomainState<P>) -> Option<u32> {
        let node = self.slots[self.domain.rank(state) as usize];
        (node != VACANT).then_some(node)
    }
    fn clear(&mut self) {
        for rank in self.filled.drain(..) {
            self.slots[rank as usize] = VACANT;
        }
    }
    #[inline]
    fn get_or_insert(&mut self, state: &DomainState<P>, node: u32) -> Option<u32> {
        let rank = self.domain.rank(state);
        let slot = &mut self.slots[rank as usize];
        if *slot != VACANT {
            return Some(*slot);
        }
        *slot = node;
        self.filled.push(rank);
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Inserts 0..20,000 into `index`, checking before each insertion that what it said it would
    /// hold covers the old and the new allocations together, whenever it grows.
    fn holds_what_it_says<I: StateIndex<u64>>(mut index: I, held: impl Fn(&I) -> u64) {
        for state in 0..20_000u64 {
            let (said, before) = (index.bytes_to_insert(), held(&index));
            index.insert(&state, state as u32);
            let after = held(&index);
            let peak = if after == before {
                after
            } else {
                before + after
            };
            assert!(peak <= said, "{state}: {peak} held, {said} said");
        }
    }

    #[test]
    fn indexes_count_their_growth() {
        holds_what_it_says(HashIndex::default(), |index| {
            index.table.allocation_size() as u64
        });
        holds_what_it_says(FlatIndex::default(), |index| {
            (index.slots.capacity() * size_of::<Slot<u64>>()) as u64
        });
    }
}
