//! A*'s open list: entries ordered by least f, then largest g, then last pushed.
//!
//! Entries are filed in rows by f, rounded up to a whole number (`f - base`, where `base` is the
//! start's), with a cursor on the lowest row that may hold entries: f-values of one search take
//! few distinct values near the start's, and rounding up keeps the order of rows. In a row:
//! - whole costs go to a stack per h = f − g below [`DENSE_H`] (the least h, that is the largest
//!   g, leaves first), found by plain indexing, with a cursor on the least h that may hold
//!   entries: no hashing, no heap; a row's stacks grow only as far as its entries' h (one stack
//!   a row under Dijkstra, where h is 0), and a row left behind hands its stacks on to the rows
//!   to come, so that only the rows near the lowest hold any;
//! - other entries (larger h) go to the row's own binary heap, small since it holds one f.
//!
//! Costs that are not whole numbers (octile lengths, floats) skip the rows: they go to a radix
//! heap on their keys ([`Cost::key`]: f, ties broken by g), which pushes without comparing, as
//! long as no entry has an f below one already taken (a consistent estimate).
//!
//! Entries with f below the start's (an inconsistent estimate allows it) or too far above it,
//! costs without keys, and entries before one already taken from the radix heap go to a sparse
//! list: a stack per (f, g) found through a map, and a heap of the non-empty ones.
//! Everything outlives a search, to be reused by the next one.

use std::cmp::{Ordering, Reverse};
use std::collections::BinaryHeap;

use rustc_hash::FxHashMap;

use super::radix_heap::RadixHeap;
use crate::Cost;

/// The h-values (f − g) below which whole costs go to a row's stacks: a row's stacks take 24
/// bytes an h, and only the rows between the lowest and the highest f filed hold them.
const DENSE_H: u64 = 1 << 12;

/// The rows beyond which entries go to the sparse list: f-values this far apart are rare, and a
/// row costs a few words even when empty.
const MAX_ROWS: u64 = 1 << 16;

pub(super) struct OpenList<C, E> {
    /// The entries of each f from `base`.
    rows: Vec<Row<C, E>>,
    /// The f of the first row.
    base: u64,
    /// Rows below this one are empty.
    low: usize,
    /// Rows from this one on are untouched in this search.
    used: usize,
    sparse: SparseList<C, E>,
    /// The entries of costs that are not whole numbers, by their keys.
    radix: RadixHeap<(C, C, E)>,
    /// The stacks of rows left behind (empty), for rows to come: only the rows near the lowest
    /// hold stacks, so their memory follows the open list's width, not the search's depth.
    spare: Vec<Vec<Vec<E>>>,
    /// Entries pushed onto heaps in this search, to order equals last pushed first.
    pushed: u64,
    /// Entries in every part.
    pub(super) len: u64,
}

struct Row<C, E> {
    /// The stack of each h (whole costs): h = f − g.
    stacks: Vec<Vec<E>>,
    /// The row's stacks below this h are empty.
    least: usize,
    /// Entries in the row's stacks.
    stacked: usize,
    /// The row's other entries.
    heap: BinaryHeap<Queued<C, E>>,
}

impl<C: Ord, E> Default for Row<C, E> {
    fn default() -> Self {
        Self {
            stacks: Vec::new(),
            least: 0,
            stacked: 0,
            heap: BinaryHeap::new(),
        }
    }
}

impl<C: Cost, E> Row<C, E> {
    fn is_empty(&self) -> bool {
        self.stacked == 0 && self.heap.is_empty()
    }

    #[inline(always)]
    fn push_stacked(&mut self, h: usize, entry: E) {
        if h >= self.stacks.len() {
            self.stacks.resize_with(h + 1, Vec::new);
        }
        self.least = if self.stacked == 0 {
            h
        } else {
            self.least.min(h)
        };
        self.stacked += 1;
        self.stacks[h].push(entry);
    }

    /// The least h of the row's stacks, which must hold entries.
    #[inline(always)]
    fn least_stacked(&mut self) -> usize {
        while self.stacks[self.least].is_empty() {
            self.least += 1;
        }
        self.least
    }

    /// Files `entry` at (f, g) outside the stacks; `serial` counts the entries put in heaps.
    fn push(&mut self, f: C, g: C, entry: E, serial: &mut u64) {
        *serial += 1;
        self.heap.push(Queued {
            f,
            g,
            serial: *serial,
            entry,
        });
    }

    /// The (f, g) of the next entry outside the stacks.
    fn peek(&self) -> Option<(C, C)> {
        self.heap.peek().map(|queued| (queued.f, queued.g))
    }

    /// The next entry outside the stacks.
    fn pop(&mut self) -> Option<(C, C, E)> {
        self.heap
            .pop()
            .map(|queued| (queued.f, queued.g, queued.entry))
    }
}

/// An entry of a row's heap: the greatest is the next to leave (least f, largest g, last pushed).
struct Queued<C, E> {
    f: C,
    g: C,
    serial: u64,
    entry: E,
}

impl<C: Ord, E> Queued<C, E> {
    fn key(&self) -> (Reverse<&C>, &C, u64) {
        (Reverse(&self.f), &self.g, self.serial)
    }
}

impl<C: Ord, E> PartialEq for Queued<C, E> {
    fn eq(&self, other: &Self) -> bool {
        self.key() == other.key()
    }
}

impl<C: Ord, E> Eq for Queued<C, E> {}

impl<C: Ord, E> PartialOrd for Queued<C, E> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<C: Ord, E> Ord for Queued<C, E> {
    fn cmp(&self, other: &Self) -> Ordering {
        self.key().cmp(&other.key())
    }
}

impl<C: Ord, E> Default for OpenList<C, E> {
    fn default() -> Self {
        Self {
            rows: Vec::new(),
            base: 0,
            low: 0,
            used: 0,
            sparse: SparseList::default(),
            radix: RadixHeap::default(),
            pushed: 0,
            spare: Vec::new(),
            len: 0,
        }
    }
}

impl<C: Cost, E> OpenList<C, E> {
    /// Empties the list for a search whose start has f-value `base`.
    pub(super) fn clear(&mut self, base: C) {
        for row in &mut self.rows[..self.used] {
            if row.stacked > 0 {
                row.stacks[row.least..].iter_mut().for_each(Vec::clear);
            }
            row.heap.clear();
            row.least = 0;
            row.stacked = 0;
        }
        self.sparse.clear();
        self.radix.clear(0);
        self.base = base.whole();
        self.low = 0;
        self.used = 0;
        self.pushed = 0;
        self.len = 0;
    }

    // Always inlined: called out of line, the entry went through memory, stalling the copy.
    #[inline(always)]
    pub(super) fn push(&mut self, f: C, g: C, entry: E) {
        self.len += 1;
        if !C::WHOLE {
            return self.push_keyed(f, g, entry);
        }
        // g above f (a negative estimate) would break the order in a row, and so would
        // negative values of a signed type (counted as whole zeros): rare, and sparse.
        let negative = g < C::ZERO || f < C::ZERO;
        let offset = f
            .whole()
            .checked_sub(self.base)
            .filter(|&o| o < MAX_ROWS && !negative);
        let (Some(offset), Some(h)) = (offset, f.whole().checked_sub(g.whole())) else {
            self.sparse.push(f, g, entry);
            return;
        };
        let offset = offset as usize;
        if offset >= self.used {
            self.open_rows(offset);
        }
        self.low = self.low.min(offset);
        let row = &mut self.rows[offset];
        if C::WHOLE && h < DENSE_H {
            if row.stacks.is_empty()
                && let Some(stacks) = self.spare.pop()
            {
                row.stacks = stacks;
            }
            row.push_stacked(h as usize, entry);
        } else {
            row.push(f, g, entry, &mut self.pushed);
        }
    }

    /// Files an entry of costs that are not whole numbers in the radix heap, or in the sparse
    /// list when its costs have no keys or it comes before an entry already taken (an
    /// inconsistent estimate, or more than one child held).
    #[inline(always)]
    fn push_keyed(&mut self, f: C, g: C, entry: E) {
        match radix_key(f, g) {
            Some((key, tie)) if key >= self.radix.floor() => {
                self.radix.push(key, tie, (f, g, entry))
            }
            _ => self.sparse.push(f, g, entry),
        }
    }

    /// Marks the rows up to `offset` as used, making those that are new.
    #[cold]
    fn open_rows(&mut self, offset: usize) {
        if offset >= self.rows.len() {
            self.rows.resize_with(offset + 1, Row::default);
        }
        self.used = offset + 1;
    }

    /// The entry with the least f, then the largest g, pushed last, with its f and g.
    // Always inlined, for the same reason as `push`.
    #[inline(always)]
    pub(super) fn pop(&mut self) -> Option<(C, C, E)> {
        if !C::WHOLE {
            return self.pop_keyed();
        }
        while self.low < self.used && self.rows[self.low].is_empty() {
            let stacks = std::mem::take(&mut self.rows[self.low].stacks);
            if !stacks.is_empty() {
                self.spare.push(stacks);
            }
            self.low += 1;
        }
        // The row's best: its stacks hold smaller h (larger g) than its heap, if any.
        let base = self.base;
        let low = self.low;
        let row_best = (low < self.used).then(|| {
            let row = &mut self.rows[low];
            if row.stacked > 0 {
                let h = row.least_stacked() as u64;
                let f = base + low as u64;
                (C::from_whole(f), C::from_whole(f - h), true)
            } else {
                let (f, g) = row.peek().expect("a row with entries");
                (f, g, false)
            }
        });
        let (f, g, entry) = match (row_best, self.sparse.peek()) {
            (None, None) => return None,
            (Some((f, g, _)), Some(sparse)) if (Reverse(f), g) < (Reverse(sparse.0), sparse.1) => {
                self.sparse.pop()
            }
            (None, Some(_)) => self.sparse.pop(),
            (Some((f, g, true)), _) => {
                let row = &mut self.rows[low];
                let entry = row.stacks[row.least]
                    .pop()
                    .expect("the least stack has entries");
                row.stacked -= 1;
                (f, g, entry)
            }
            (Some((_, _, false)), _) => self.rows[low].pop().expect("a row's best"),
        };
        self.len -= 1;
        Some((f, g, entry))
    }
}

impl<C: Cost, E> OpenList<C, E> {
    /// The next entry when costs are not whole numbers: the radix heap's or the sparse list's.
    #[inline(always)]
    fn pop_keyed(&mut self) -> Option<(C, C, E)> {
        let radix_best = self.radix.peek().map(|(_, &(f, g, _))| (f, g));
        let (f, g, entry) = match (radix_best, self.sparse.peek()) {
            (None, None) => return None,
            (Some((f, g)), Some(sparse)) if (Reverse(f), g) < (Reverse(sparse.0), sparse.1) => {
                self.sparse.pop()
            }
            (None, Some(_)) => self.sparse.pop(),
            (Some(_), _) => self.radix.pop(),
        };
        self.len -= 1;
        Some((f, g, entry))
    }
}

/// The radix heap's key and tie of an entry at (f, g), if both have keys (see [`Cost::key`]):
/// least f, then largest g, is the least key and tie.
#[inline(always)]
fn radix_key<C: Cost>(f: C, g: C) -> Option<(u64, u64)> {
    Some((f.key()?, !g.key()?))
}

/// Entries out of the rows' range: a stack per (f, g), and a heap of the non-empty ones ordered
/// by least f, then largest g.
struct SparseList<C, E> {
    stacks: Vec<Vec<E>>,
    /// The stack of each (f, g) seen.
    slots: FxHashMap<(C, C), u32>,
    /// The non-empty stacks: (f, g, stack number), least f and then largest g on top.
    order: BinaryHeap<(Reverse<C>, C, u32)>,
}

impl<C: Ord, E> Default for SparseList<C, E> {
    fn default() -> Self {
        Self {
            stacks: Vec::new(),
            slots: FxHashMap::default(),
            order: BinaryHeap::new(),
        }
    }
}

/// Beyond this many sparse stacks kept, a new search starts with none (costs that vary widely
/// would otherwise keep a stack for every value ever seen).
const MAX_KEPT_STACKS: usize = 1 << 12;

impl<C: Cost, E> SparseList<C, E> {
    fn clear(&mut self) {
        for (_, _, stack) in self.order.drain() {
            self.stacks[stack as usize].clear();
        }
        if self.stacks.len() > MAX_KEPT_STACKS {
            self.stacks.clear();
            self.slots.clear();
        }
    }

    #[inline(never)]
    fn push(&mut self, f: C, g: C, entry: E) {
        let next = self.stacks.len() as u32;
        let stack = *self.slots.entry((f, g)).or_insert(next);
        if stack == next {
            self.stacks.push(Vec::new());
        }
        let stack_entries = &mut self.stacks[stack as usize];
        if stack_entries.is_empty() {
            self.order.push((Reverse(f), g, stack));
        }
        stack_entries.push(entry);
    }

    /// The (f, g) of the next entry.
    #[inline]
    fn peek(&self) -> Option<(C, C)> {
        self.order.peek().map(|&(Reverse(f), g, _)| (f, g))
    }

    /// The next entry, with its f and g; the list must not be empty.
    #[inline(never)]
    fn pop(&mut self) -> (C, C, E) {
        let &(Reverse(f), g, stack) = self.order.peek().expect("a non-empty list");
        let stack_entries = &mut self.stacks[stack as usize];
        let entry = stack_entries.pop().expect("listed stacks are not empty");
        if stack_entries.is_empty() {
            self.order.pop();
        }
        (f, g, entry)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ordered_float::OrderedFloat;
    use proptest::prelude::*;

    /// Pushes and pops `ops` (pop, or push f and g as costs made by `cost`) in two rounds, each
    /// pop checked against a sorted reference: least f, then largest g, then last pushed.
    fn pops_like_a_sorted_list<C: Cost>(
        base: u64,
        ops: &[(bool, u64, u64)],
        cost: impl Fn(u64) -> C,
    ) -> Result<(), TestCaseError> {
        let mut open = OpenList::default();
        for round in 0..2 {
            open.clear(cost(base));
            let mut reference: Vec<(C, C, usize)> = Vec::new();
            for (serial, &(pop, f, g)) in ops.iter().enumerate() {
                if pop {
                    let best = reference
                        .iter()
                        .enumerate()
                        .max_by_key(|&(_, &(f, g, serial))| (Reverse(f), g, serial))
                        .map(|(at, _)| at);
                    let expected = best.map(|at| reference.remove(at)).map(|e| (e.0, e.1, e));
                    prop_assert_eq!(open.pop(), expected, "round {}", round);
                } else {
                    let (f, g) = (cost(f), cost(g));
                    open.push(f, g, (f, g, serial));
                    reference.push((f, g, serial));
                }
                prop_assert_eq!(open.len, reference.len() as u64);
            }
        }
        Ok(())
    }

    fn operations() -> impl Strategy<Value = Vec<(bool, u64, u64)>> {
        let f = prop_oneof![4 => 0u64..700, 1 => 200_000u64..200_050];
        proptest::collection::vec((any::<bool>(), f, 0u64..400), 0..300)
    }

    proptest! {
        /// Whole costs: the stacks, the rows' heaps (g or f past the stacks), the sparse list.
        #[test]
        fn pops_in_order(base in 0u64..600, ops in operations()) {
            pops_like_a_sorted_list(base, &ops, |cost| cost)?;
        }

        /// Few distinct (f, g) in rows past the stacks: runs of equals.
        #[test]
        fn pops_equals_in_order(
            ops in proptest::collection::vec((any::<bool>(), 300u64..303, 0u64..3), 0..300),
        ) {
            pops_like_a_sorted_list(0, &ops, |cost| cost)?;
            pops_like_a_sorted_list(0, &ops, |cost| OrderedFloat(cost as f64 / 2.0))?;
        }

        /// Signed costs, some negative (kept apart, in the sparse list, in exact order).
        #[test]
        fn pops_signed_costs_in_order(base in 0u64..600, ops in operations()) {
            pops_like_a_sorted_list(base, &ops, |cost| cost as i64 - 100)?;
        }

        /// Real costs, several f-values to a row: the rows' heaps and the sparse list.
        #[test]
        fn pops_real_costs_in_order(base in 0u64..600, ops in operations()) {
            pops_like_a_sorted_list(base, &ops, |cost| OrderedFloat(cost as f64 / 3.0))?;
        }
    }
}
