//! Maps from states to node numbers: the visited sets of the graph searches.
//!
//! [`HashIndex`] works for any domain; [`DenseIndex`] uses a domain's [`PerfectHash`] and one
//! array slot per rank, which is faster and smaller when most of the space is visited. Both can be
//! cleared and reused across many searches without reallocating.

use std::hash::Hash;

use rustc_hash::FxHashMap;

use crate::PerfectHash;

/// A map from states to node numbers (`u32`), as the searches need it.
pub trait StateIndex<S> {
    /// The node number of `state`, if it has one.
    fn get(&self, state: &S) -> Option<u32>;
    /// Gives `state` the number `node` unless it has one already; returns whether it was new.
    fn insert(&mut self, state: &S, node: u32) -> bool;
    /// Forgets every state.
    fn clear(&mut self);
    /// The number of `state` if it has one; otherwise gives it the number `node` and returns
    /// `None`. One lookup where `get` then `insert` would take two.
    fn get_or_insert(&mut self, state: &S, node: u32) -> Option<u32> {
        let known = self.get(state);
        if known.is_none() {
            self.insert(state, node);
        }
        known
    }
}

/// A hash map from states to node numbers, for any domain.
#[derive(Clone, Debug)]
pub struct HashIndex<S> {
    map: FxHashMap<S, u32>,
}

impl<S> Default for HashIndex<S> {
    fn default() -> Self {
        Self {
            map: FxHashMap::default(),
        }
    }
}

impl<S: Clone + Eq + Hash> StateIndex<S> for HashIndex<S> {
    #[inline]
    fn get(&self, state: &S) -> Option<u32> {
        self.map.get(state).copied()
    }
    #[inline]
    fn insert(&mut self, state: &S, node: u32) -> bool {
        match self.map.entry(state.clone()) {
            std::collections::hash_map::Entry::Occupied(_) => false,
            std::collections::hash_map::Entry::Vacant(slot) => {
                slot.insert(node);
                true
            }
        }
    }
    fn clear(&mut self) {
        self.map.clear();
    }
    #[inline]
    fn get_or_insert(&mut self, state: &S, node: u32) -> Option<u32> {
        match self.map.entry(state.clone()) {
            std::collections::hash_map::Entry::Occupied(known) => Some(*known.get()),
            std::collections::hash_map::Entry::Vacant(slot) => {
                slot.insert(node);
                None
            }
        }
    }
}

const VACANT: u32 = u32::MAX;

/// One slot per rank of a [`PerfectHash`] domain. Clearing touches only the slots that were
/// filled, so reusing one index for many small searches costs no more than the searches.
#[derive(Debug)]
pub struct DenseIndex<'d, D> {
    domain: &'d D,
    slots: Vec<u32>,
    filled: Vec<u64>,
}

impl<'d, D: PerfectHash> DenseIndex<'d, D> {
    /// An empty index over every rank of `domain`.
    pub fn new(domain: &'d D) -> Self {
        let size = usize::try_from(domain.size()).expect("rank space fits in memory");
        Self {
            domain,
            slots: vec![VACANT; size],
            filled: Vec::new(),
        }
    }
}

impl<D: PerfectHash> StateIndex<D::State> for DenseIndex<'_, D> {
    #[inline]
    fn get(&self, state: &D::State) -> Option<u32> {
        let node = self.slots[self.domain.rank(state) as usize];
        (node != VACANT).then_some(node)
    }
    #[inline]
    fn insert(&mut self, state: &D::State, node: u32) -> bool {
        let rank = self.domain.rank(state);
        let slot = &mut self.slots[rank as usize];
        if *slot != VACANT {
            return false;
        }
        *slot = node;
        self.filled.push(rank);
        true
    }
    fn clear(&mut self) {
        for rank in self.filled.drain(..) {
            self.slots[rank as usize] = VACANT;
        }
    }
    #[inline]
    fn get_or_insert(&mut self, state: &D::State, node: u32) -> Option<u32> {
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
