//! A radix heap: a monotone priority queue on integer keys (R. K. Ahuja, K. Mehlhorn, J. Orlin and
//! R. E. Tarjan, "Faster algorithms for the shortest path problem", JACM 37(2), 1990; see
//! <https://en.wikipedia.org/wiki/Radix_heap>), with ties on the key broken by a second integer.
//!
//! Keys pushed must be no less than the last one popped, as A*'s f-values are under a consistent
//! estimate. An entry waits in bucket `b`, the position of the highest bit where its key differs
//! from the last key popped (bucket 0: equal to it). Popping takes from bucket 0; when it is empty,
//! the lowest non-empty bucket's least key becomes the last key, and that bucket's entries move
//! to lower buckets. Pushing is a bit scan and a vector push, and an entry moves at most once per
//! bit of its key, in runs of sequential writes: no comparisons of entries as a heap makes.
//!
//! Bucket 0 (the entries of the last key) is kept sorted by the second integer, the tie, least
//! last: sorted once when a refill fills it, and a push finds its place from the end (A*'s
//! children of equal f have larger g than any entry left, the least tie: they go on top).
//! Entries of equal keys and ties keep their order (moves keep it, pushes append, the sort is
//! stable), and of those the last pushed leaves first. Ties cost no moves between buckets:
//! with the tie in the key's low bits, entries of one f moved down once per bit of g.

/// Bucket `b` holds keys whose highest bit differing from the last key popped is bit `b − 1`.
const BUCKETS: usize = 65;

/// An entry: its key, its tie and the item.
type Filed<T> = (u64, u64, T);

pub(super) struct RadixHeap<T> {
    buckets: Vec<Vec<Filed<T>>>,
    /// Bit `b`: bucket `b` has entries.
    filled: [u64; 2],
    /// The last key popped (the least a push may bring).
    last: u64,
}

impl<T> Default for RadixHeap<T> {
    fn default() -> Self {
        Self {
            buckets: (0..BUCKETS).map(|_| Vec::new()).collect(),
            filled: [0; 2],
            last: 0,
        }
    }
}

/// The bucket of `key` when the last key popped is `last`.
#[inline(always)]
fn bucket(key: u64, last: u64) -> usize {
    (u64::BITS - (key ^ last).leading_zeros()) as usize
}

impl<T> RadixHeap<T> {
    /// Empties the heap, keeping its memory, for keys from `least` on.
    pub(super) fn clear(&mut self, least: u64) {
        for (word, bits) in self.filled.iter_mut().enumerate() {
            while *bits != 0 {
                let bucket = word * 64 + bits.trailing_zeros() as usize;
                self.buckets[bucket].clear();
                *bits &= *bits - 1;
            }
        }
        self.last = least;
    }

    /// The least key a push may bring.
    #[inline(always)]
    pub(super) fn floor(&self) -> u64 {
        self.last
    }

    /// Files `item` at `key`, which must be at least [`RadixHeap::floor`], and `tie`.
    #[inline(always)]
    pub(super) fn push(&mut self, key: u64, tie: u64, item: T) {
        debug_assert!(key >= self.last, "a radix heap's keys only grow");
        let at = bucket(key, self.last);
        self.filled[at / 64] |= 1 << (at % 64);
        let entries = &mut self.buckets[at];
        if at == 0 && entries.last().is_some_and(|&(_, top, _)| top < tie) {
            // Before the entries of lesser ties, after those of equal or greater ones.
            let place = entries.partition_point(|&(_, other, _)| other >= tie);
            entries.insert(place, (key, tie, item));
        } else {
            entries.push((key, tie, item));
        }
    }

    /// The least key, then least tie, and its entry (the last pushed of equals), if any.
    #[inline(always)]
    pub(super) fn peek(&mut self) -> Option<(u64, &T)> {
        if self.buckets[0].is_empty() {
            self.refill()?;
        }
        self.buckets[0].last().map(|(key, _, item)| (*key, item))
    }

    /// Takes the entry [`RadixHeap::peek`] shows, which must be there.
    #[inline(always)]
    pub(super) fn pop(&mut self) -> T {
        let (_, _, item) = self.buckets[0].pop().expect("a peeked entry");
        if self.buckets[0].is_empty() {
            self.filled[0] &= !1;
        }
        item
    }

    /// Moves the entries of the lowest non-empty bucket down, the least key becoming the last,
    /// and sorts bucket 0 by tie; `None` when the heap is empty.
    #[inline(never)]
    fn refill(&mut self) -> Option<()> {
        let (word, bits) = self
            .filled
            .iter()
            .enumerate()
            .find(|(_, bits)| **bits != 0)?;
        let lowest = word * 64 + bits.trailing_zeros() as usize;
        let mut moving = std::mem::take(&mut self.buckets[lowest]);
        self.filled[lowest / 64] &= !(1 << (lowest % 64));
        self.last = moving.iter().map(|(key, _, _)| *key).min()?;
        for (key, tie, item) in moving.drain(..) {
            let at = bucket(key, self.last);
            self.filled[at / 64] |= 1 << (at % 64);
            self.buckets[at].push((key, tie, item));
        }
        // The emptied vector keeps its memory for the bucket.
        self.buckets[lowest] = moving;
        // Stable: equals keep the order they were pushed in. Most refills bring one tie.
        let by_tie = |&(_, tie, _): &Filed<T>| std::cmp::Reverse(tie);
        if !self.buckets[0].is_sorted_by_key(by_tie) {
            self.buckets[0].sort_by_key(by_tie);
        }
        Some(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Pops in the order of a sorted list (least key, then least tie, then last pushed),
        /// pushing keys no less than the last popped, over two rounds.
        #[test]
        fn pops_in_order(
            ops in proptest::collection::vec((any::<bool>(), 0u64..40, any::<u8>(), 0u64..6), 0..300),
        ) {
            let mut heap = RadixHeap::default();
            for round in 0..2 {
                heap.clear(5);
                let mut reference: Vec<(u64, u64, usize)> = Vec::new();
                for (serial, &(pop, step, shift, tie)) in ops.iter().enumerate() {
                    if pop {
                        let best = reference.iter().enumerate()
                            .min_by_key(|&(_, &(key, tie, serial))| (key, tie, std::cmp::Reverse(serial)))
                            .map(|(at, _)| at);
                        let expected = best.map(|at| reference.remove(at));
                        let found = heap.peek().map(|(key, &serial)| (key, serial));
                        prop_assert_eq!(found, expected.map(|(key, _, serial)| (key, serial)), "round {}", round);
                        if found.is_some() {
                            prop_assert_eq!(heap.pop(), expected.unwrap().2);
                        }
                    } else {
                        let key = heap.floor() + (step << (shift % 40));
                        heap.push(key, tie, serial);
                        reference.push((key, tie, serial));
                    }
                }
            }
        }
    }
}
