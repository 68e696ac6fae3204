//! IDA* over a successor closure: the engine's [`idastar_with`](crate::idastar::idastar_with)
//! walks a [`Deepening`], which lists a node's successors through the caller's closure.

use std::cell::RefCell;
use std::hash::{BuildHasher, Hash};
use std::ops::ControlFlow;

use hashbrown::HashTable;
use rustc_hash::FxBuildHasher;

use crate::Cost;
use crate::idastar::{Expander, Expansion, min_some};

/// IDA*'s walk over a successor closure: the node at the end of the path, changed by swapping.
/// Each node on the path keeps its successors listed in one buffer; moving to one swaps it with
/// the node left, which the list then holds until the move is undone, so that a found path is
/// read off the lists.
pub(super) struct Deepening<N, C, FN, FH, FS> {
    successors: FN,
    heuristic: FH,
    success: RefCell<FS>,
    start_estimate: C,
    /// The node at the end of the path.
    node: N,
    /// The successors of every node on the path, each node's after its parent's, with the cost
    /// of the step and the successor's estimate.
    listed: Vec<(N, C, C)>,
    /// Where a node's successors wait while the node left is compared with them.
    scratch: Vec<(N, C, C)>,
    /// For each node on the path but the last, where its successors lie in `listed` and the
    /// index of the one taken.
    lists: Vec<(usize, u32)>,
    /// The nodes on the path but the last, by where they lie in `listed`.
    on_path: HashTable<usize>,
}

impl<N, C, FN, IN, FH, FS> Deepening<N, C, FN, FH, FS>
where
    N: Clone + Eq + Hash,
    C: Cost,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, C)>,
    FH: FnMut(&N) -> C,
{
    /// The walk from `start`, with no move made yet.
    pub(super) fn new(start: &N, successors: FN, mut heuristic: FH, success: FS) -> Self {
        Self {
            start_estimate: heuristic(start),
            successors,
            heuristic,
            success: RefCell::new(success),
            node: start.clone(),
            listed: Vec::new(),
            scratch: Vec::new(),
            lists: Vec::new(),
            on_path: HashTable::new(),
        }
    }

    /// Lists the successors of the node at the end of the path that are not on the path, by
    /// step cost plus estimate; returns where they start in `listed`, and how many the closure
    /// listed (those on the path included).
    fn list(&mut self) -> (usize, u64) {
        let start = self.listed.len();
        let Self {
            listed,
            node,
            on_path,
            ..
        } = self;
        let on_path = |next: &N| {
            next == node
                || on_path
                    .find(FxBuildHasher.hash_one(next), |&at| listed[at].0 == *next)
                    .is_some()
        };
        let heuristic = &mut self.heuristic;
        let mut generated = 0;
        let successors = (self.successors)(node).into_iter();
        self.scratch.extend(
            successors
                .inspect(|_| generated += 1)
                .filter(|(next, _)| !on_path(next))
                .map(|(next, cost)| {
                    let estimate = heuristic(&next);
                    (next, cost, estimate)
                }),
        );
        // Stable: equals stay in the order listed.
        self.scratch
            .sort_by_key(|&(_, cost, estimate)| cost + estimate);
        self.listed.append(&mut self.scratch);
        self.lists.push((start, 0));
        (start, generated)
    }

    /// Moves to the successor at `index` in `listed`, the `taken`-th of the last list.
    fn enter(&mut self, index: usize, taken: u32) {
        std::mem::swap(&mut self.node, &mut self.listed[index].0);
        self.lists.last_mut().expect("a listed node").1 = taken;
        let listed = &self.listed;
        let hash = FxBuildHasher.hash_one(&listed[index].0);
        self.on_path
            .insert_unique(hash, index, |&at| FxBuildHasher.hash_one(&listed[at].0));
    }

    /// Moves back from the successor at `index` in `listed`.
    fn leave(&mut self, index: usize) {
        let hash = FxBuildHasher.hash_one(&self.listed[index].0);
        let entry = self.on_path.find_entry(hash, |&at| at == index);
        entry.expect("the node left is on the path").remove();
        std::mem::swap(&mut self.node, &mut self.listed[index].0);
    }

    /// The nodes along the path, from the start: each node left is in its parent's list.
    pub(super) fn path(&self) -> Vec<N> {
        let left = self
            .lists
            .iter()
            .map(|&(start, taken)| self.listed[start + taken as usize].0.clone());
        left.chain(std::iter::once(self.node.clone())).collect()
    }
}

impl<N, C, FN, IN, FH, FS> Expander for &mut Deepening<N, C, FN, FH, FS>
where
    N: Clone + Eq + Hash,
    C: Cost,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, C)>,
    FH: FnMut(&N) -> C,
    FS: FnMut(&N) -> bool,
{
    /// The index of a successor in its node's list.
    type Action = u32;
    type Cost = C;
    /// The node's estimate.
    type Memo = C;

    /// Asked only of the start, before the search moves.
    fn memo(&self) -> C {
        self.start_estimate
    }

    fn estimate(&self, estimate: C) -> C {
        estimate
    }

    fn is_goal(&self, _: C) -> bool {
        (self.success.borrow_mut())(&self.node)
    }

    fn play(&mut self, taken: u32, _: C) -> (C, C) {
        let (start, _) = self.list();
        self.enter(start + taken as usize, taken);
        let (_, cost, estimate) = self.listed[start + taken as usize];
        (cost, estimate)
    }

    fn expand<B>(
        &mut self,
        g: C,
        _: C,
        bound: C,
        _: Option<u32>,
        mut visit: impl FnMut(&mut Self, u32, C, C) -> ControlFlow<B, Option<C>>,
    ) -> Expansion<B, C> {
        let (start, generated) = self.list();
        let mut least = None;
        for index in start..self.listed.len() {
            let (_, cost, estimate) = self.listed[index];
            let child_g = g + cost;
            if child_g + estimate > bound {
                // Listed by cost plus estimate: the rest exceed the bound too.
                least = min_some(least, Some(child_g + estimate));
                break;
            }
            let taken = (index - start) as u32;
            self.enter(index, taken);
            match visit(self, taken, child_g, estimate) {
                ControlFlow::Continue(below) => least = min_some(least, below),
                // The path stays listed, to be read off.
                ControlFlow::Break(halt) => {
                    return Expansion {
                        generated,
                        flow: ControlFlow::Break(halt),
                    };
                }
            }
            self.leave(index);
        }
        self.listed.truncate(start);
        self.lists.pop();
        Expansion {
            generated,
            flow: ControlFlow::Continue(least),
        }
    }
}
