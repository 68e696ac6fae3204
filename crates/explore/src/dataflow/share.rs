//! What a worker holds of the space between rounds: its share of the cells (dense) or of the
//! last two layers (sparse), and its account of the round under way.

use std::ops::Range;
use std::sync::atomic::{AtomicU64, Ordering};

use super::{FRONTIER, Report, Shares};
use crate::ExploreError;
use crate::checkpoint::{Checkpoint, Words};
use crate::dense::{CELLS, Code, place, prefetching};

/// What a worker holds of the space between rounds: the cells of its ranks (dense) or its part
/// of the last two layers (sparse).
pub(super) trait Share {
    /// The units (words of cells, or ranks of the current layer) an expansion goes through.
    fn units(&self) -> usize;

    /// Calls `each` with the ranks of the current layer (whose cells hold `code`) among `units`,
    /// in increasing order, a few thousand at a time; with `retire`, they are done with.
    fn current(&mut self, code: Code, retire: bool, units: Range<usize>, each: impl FnMut(&[u64]));

    /// What is sent of a child to the worker that owns it.
    fn address(shares: Shares, rank: u64) -> u64;

    /// Takes in children sent for the next layer (coded `next`); returns how many are new.
    fn receive(&mut self, next: Code, addresses: &[u64]) -> u64;

    /// Ends a round that expanded a layer; returns the new states it found at the end.
    fn settle(&mut self) -> u64;

    /// Whether the worker's lists outgrew its part of the memory budget in this round.
    fn over_budget(&self) -> bool;

    fn save(&self, checkpoint: &Checkpoint, layers: &[u64]) -> Result<(), ExploreError>;

    /// Restores what `checkpoint` holds, if anything; returns its layers' counts.
    fn restore(&mut self, checkpoint: &Checkpoint) -> Result<Option<Vec<u64>>, ExploreError>;
}

/// Dense: the ranks a worker owns and their cells, by their places in the worker's share
/// (atomic only to share the checkpoints' code: one thread reads and writes them).
pub(super) struct Stretch {
    shares: Shares,
    worker: usize,
    cells: Vec<AtomicU64>,
}

impl Stretch {
    pub(super) fn new(shares: Shares, worker: usize) -> Self {
        let words = (shares.blocks_of(worker) * shares.block / CELLS) as usize;
        Self {
            shares,
            worker,
            cells: (0..words).map(|_| AtomicU64::new(0)).collect(),
        }
    }
}

impl Share for Stretch {
    fn units(&self) -> usize {
        self.cells.len()
    }

    fn address(shares: Shares, rank: u64) -> u64 {
        shares.place(rank)
    }

    /// Marks the cells at `places` that are unseen with `code`.
    fn receive(&mut self, code: Code, places: &[u64]) -> u64 {
        let cells = &self.cells;
        let marked = prefetching(cells, places).filter(|&place_of| {
            let (word, shift) = place(place_of);
            let value = cells[word].load(Ordering::Relaxed);
            let unseen = value >> shift & 3 == 0;
            if unseen {
                cells[word].store(value | code.0 << shift, Ordering::Relaxed);
            }
            unseen
        });
        marked.count() as u64
    }

    fn settle(&mut self) -> u64 {
        0
    }

    fn over_budget(&self) -> bool {
        false
    }

    fn save(&self, checkpoint: &Checkpoint, layers: &[u64]) -> Result<(), ExploreError> {
        checkpoint.save(layers, Words::Cells(&self.cells))
    }

    fn restore(&mut self, checkpoint: &Checkpoint) -> Result<Option<Vec<u64>>, ExploreError> {
        checkpoint.restore(&self.cells)
    }

    fn current(
        &mut self,
        code: Code,
        retire: bool,
        words: Range<usize>,
        mut each: impl FnMut(&[u64]),
    ) {
        let mut frontier = Vec::with_capacity(FRONTIER + CELLS as usize);
        let end = words.end.min(self.cells.len());
        for index in words.start..end {
            let word = &self.cells[index];
            let value = word.load(Ordering::Relaxed);
            let mut mask = code.cells_of(value);
            if retire && mask != 0 {
                word.store(value | mask | mask << 1, Ordering::Relaxed);
            }
            let base = self.shares.rank(self.worker, index as u64 * CELLS);
            while mask != 0 {
                frontier.push(base + u64::from(mask.trailing_zeros() / 2));
                mask &= mask - 1;
            }
            if frontier.len() >= FRONTIER {
                each(&frontier);
                frontier.clear();
            }
        }
        if !frontier.is_empty() {
            each(&frontier);
        }
    }
}

/// Sparse: the ranks a worker owns of the last two layers, and the children it received for the
/// next, as sorted lists.
pub(super) struct Lists {
    /// The bytes this worker may hold.
    pub(super) budget: u64,
    pub(super) previous: Vec<u64>,
    pub(super) current: Vec<u64>,
    pub(super) received: Vec<u64>,
    pub(super) over: bool,
}

impl Lists {
    /// The bytes the lists hold, with `received` grown to `capacity`.
    fn held_with(&self, capacity: usize) -> u64 {
        8 * (self.previous.capacity() + self.current.capacity() + capacity) as u64
    }

    /// The children received, sorted, once each, less the last two layers.
    fn compact(&mut self) {
        let (previous, current) = (&self.previous, &self.current);
        self.received.sort_unstable();
        self.received.dedup();
        self.received.retain(|rank| {
            previous.binary_search(rank).is_err() && current.binary_search(rank).is_err()
        });
    }

    /// Room for `more` children: the received ones compacted first, then twice the room where
    /// the budget allows, less where it does not; false when not even `more` fit.
    fn make_room(&mut self, more: usize) -> bool {
        if self.received.len() + more <= self.received.capacity() {
            return true;
        }
        self.compact();
        let needed = self.received.len() + more;
        if needed <= self.received.capacity() {
            return true;
        }
        if self.held_with(needed) > self.budget {
            return false;
        }
        let spare = (self.budget - self.held_with(0)) / 8;
        let wanted = (2 * self.received.capacity()).clamp(needed, spare as usize);
        self.received.reserve_exact(wanted - self.received.len());
        true
    }
}

impl Share for Lists {
    fn units(&self) -> usize {
        self.current.len()
    }

    fn current(&mut self, _: Code, _: bool, ranks: Range<usize>, mut each: impl FnMut(&[u64])) {
        let end = ranks.end.min(self.current.len());
        for chunk in self.current[ranks.start.min(end)..end].chunks(FRONTIER) {
            each(chunk);
        }
    }

    fn address(_: Shares, rank: u64) -> u64 {
        rank
    }

    fn receive(&mut self, _: Code, ranks: &[u64]) -> u64 {
        if !self.over {
            self.over = !self.make_room(ranks.len());
        }
        if !self.over {
            self.received.extend_from_slice(ranks);
        }
        0
    }

    /// The next layer: the children received, sorted, once each, less the last two layers.
    fn settle(&mut self) -> u64 {
        self.compact();
        self.received.shrink_to_fit();
        let next = std::mem::take(&mut self.received);
        self.previous = std::mem::replace(&mut self.current, next);
        self.current.len() as u64
    }

    fn over_budget(&self) -> bool {
        self.over
    }

    fn save(&self, checkpoint: &Checkpoint, layers: &[u64]) -> Result<(), ExploreError> {
        let lists: [&[u64]; 2] = [&self.previous, &self.current];
        checkpoint.save(layers, Words::Lists(&lists))
    }

    fn restore(&mut self, checkpoint: &Checkpoint) -> Result<Option<Vec<u64>>, ExploreError> {
        let Some((layers, lists)) = checkpoint.restore_lists()? else {
            return Ok(None);
        };
        let [previous, current] = <[Vec<u64>; 2]>::try_from(lists)
            .map_err(|_| ExploreError::Checkpoint("not a sparse run's checkpoint".into()))?;
        (self.previous, self.current) = (previous, current);
        Ok(Some(layers))
    }
}

/// What a worker holds, and its account of the round under way.
pub(super) struct Held<S> {
    pub(super) share: S,
    pub(super) marked: u64,
    pub(super) lowest: Vec<u64>,
    pub(super) sent: u64,
    /// Whether the round expanded a layer (else it only reported one).
    pub(super) expanded: bool,
    pub(super) failure: Option<String>,
}

impl<S: Share> Held<S> {
    pub(super) fn new(share: S) -> Self {
        Self {
            share,
            marked: 0,
            lowest: Vec::new(),
            sent: 0,
            expanded: false,
            failure: None,
        }
    }

    /// The account of the round now over, its counts reset.
    pub(super) fn report(&mut self, worker: usize) -> Report {
        if std::mem::take(&mut self.expanded) {
            self.marked += self.share.settle();
        }
        Report {
            worker,
            marked: std::mem::take(&mut self.marked),
            lowest: std::mem::take(&mut self.lowest),
            sent: std::mem::take(&mut self.sent),
            over: self.share.over_budget(),
            failure: self.failure.take(),
        }
    }
}
