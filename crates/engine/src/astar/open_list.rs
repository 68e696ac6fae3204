//! A*'s open list: entries ordered by least f, then largest g, then last pushed.
//!
//! Integer f-values of one search take few distinct values, near the start's, and g-values are
//! small on most domains: such entries go to a stack per (f, g) found by plain indexing, one row
//! of stacks per f (`f - base`) with a cursor on the lowest row that may hold entries, and in a
//! row a cursor on the largest g that may. No hashing, no heap. Entries out of that range (large
//! costs, an inconsistent heuristic taking f below the start's, or costs that are not whole
//! numbers) go to a sparse list: a stack per (f, g) found through a map, and a heap of the
//! non-empty ones. The stacks outlive a search, to be reused by the next one.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use rustc_hash::FxHashMap;

use crate::Cost;

/// The f-values (from the start's) and g-values below which entries go to the dense rows.
const DENSE_F: u64 = 256;
const DENSE_G: u64 = 256;

pub(super) struct OpenList<C, E> {
    /// The stack of each f from `base` and each g, row by row: `DENSE_G` stacks per row.
    stacks: Vec<Vec<E>>,
    /// The state of each row.
    rows: Vec<Row>,
    /// The f of the first row.
    base: u64,
    /// Rows below this one are empty.
    low: usize,
    /// Rows from this one on are untouched in this search.
    used: usize,
    sparse: SparseList<C, E>,
    /// Entries in both parts.
    pub(super) len: u64,
}

#[derive(Clone, Copy, Default)]
struct Row {
    /// The row's stacks from this g on are empty.
    top: usize,
    /// Entries in the row.
    len: usize,
}

impl<C: Ord, E> Default for OpenList<C, E> {
    fn default() -> Self {
        Self {
            stacks: Vec::new(),
            rows: Vec::new(),
            base: 0,
            low: 0,
            used: 0,
            sparse: SparseList::default(),
            len: 0,
        }
    }
}

impl<C: Cost, E> OpenList<C, E> {
    /// Empties the list for a search whose start has f-value `base`.
    pub(super) fn clear(&mut self, base: C) {
        for (offset, row) in self.rows[..self.used].iter_mut().enumerate() {
            if row.len > 0 {
                let first = offset * DENSE_G as usize;
                self.stacks[first..first + row.top]
                    .iter_mut()
                    .for_each(Vec::clear);
            }
            *row = Row::default();
        }
        self.sparse.clear();
        self.base = base.whole();
        self.low = 0;
        self.used = 0;
        self.len = 0;
    }

    // Always inlined: called out of line, the entry went through memory, stalling the copy.
    #[inline(always)]
    pub(super) fn push(&mut self, f: C, g: C, entry: E) {
        self.len += 1;
        match f.whole().checked_sub(self.base) {
            Some(offset) if C::WHOLE && offset < DENSE_F && g.whole() < DENSE_G => {
                self.push_dense(offset as usize, g.whole() as usize, entry);
            }
            _ => self.sparse.push(f, g, entry),
        }
    }

    #[inline(always)]
    fn push_dense(&mut self, offset: usize, g: usize, entry: E) {
        if offset >= self.used {
            self.open_rows(offset);
        }
        self.low = self.low.min(offset);
        let row = &mut self.rows[offset];
        row.top = row.top.max(g + 1);
        row.len += 1;
        self.stacks[offset * DENSE_G as usize + g].push(entry);
    }

    /// Marks the rows up to `offset` as used, making those that are new.
    #[cold]
    fn open_rows(&mut self, offset: usize) {
        if offset >= self.rows.len() {
            self.rows.resize(offset + 1, Row::default());
            self.stacks
                .resize_with(self.rows.len() * DENSE_G as usize, Vec::new);
        }
        self.used = offset + 1;
    }

    /// The entry with the least f, then the largest g, pushed last, with its f and g.
    // Always inlined, for the same reason as `push`.
    #[inline(always)]
    pub(super) fn pop(&mut self) -> Option<(C, C, E)> {
        while self.low < self.used && self.rows[self.low].len == 0 {
            self.low += 1;
        }
        let first = self.low * DENSE_G as usize;
        let dense = (self.low < self.used).then(|| {
            let row = &mut self.rows[self.low];
            while self.stacks[first + row.top - 1].is_empty() {
                row.top -= 1;
            }
            (C::from_whole(self.base + self.low as u64), row.top - 1)
        });
        let (f, g, entry) = match (dense, self.sparse.peek()) {
            (None, None) => return None,
            (Some((f, g)), Some(sparse))
                if (Reverse(f), C::from_whole(g as u64)) < (Reverse(sparse.0), sparse.1) =>
            {
                self.sparse.pop()
            }
            (None, Some(_)) => self.sparse.pop(),
            (Some((f, g)), _) => {
                let entry = self.stacks[first + g]
                    .pop()
                    .expect("the top stack has entries");
                self.rows[self.low].len -= 1;
                (f, C::from_whole(g as u64), entry)
            }
        };
        self.len -= 1;
        Some((f, g, entry))
    }
}

/// Entries out of the dense range: a stack per (f, g), and a heap of the non-empty ones ordered
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
    use proptest::prelude::*;

    proptest! {
        /// Pops match a sorted reference: least f, then largest g, then last pushed.
        #[test]
        fn pops_in_order(
            base in 0u64..600,
            ops in proptest::collection::vec((any::<bool>(), 0u64..700, 0u64..400), 0..300),
        ) {
            let mut open = OpenList::default();
            for round in 0..2 {
                open.clear(base);
                let mut reference: Vec<(u64, u64, usize)> = Vec::new();
                for (serial, &(pop, f, g)) in ops.iter().enumerate() {
                    if pop {
                        let best = reference.iter().enumerate()
                            .max_by_key(|&(_, &(f, g, serial))| (Reverse(f), g, serial))
                            .map(|(at, _)| at);
                        let expected = best.map(|at| reference.remove(at)).map(|e| (e.0, e.1, e));
                        prop_assert_eq!(open.pop(), expected, "round {}", round);
                    } else {
                        open.push(f, g, (f, g, serial));
                        reference.push((f, g, serial));
                    }
                    prop_assert_eq!(open.len, reference.len() as u64);
                }
            }
        }
    }
}
