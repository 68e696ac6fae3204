//! IDA*'s expander for stacks: each flip is judged from the stack before it is made (the gap at
//! its edge is all it changes), so only the flips within the bound are made and undone. With
//! the gap heuristic exact or nearly so, that is one or two flips of the N - 1 a stack has.

use std::ops::ControlFlow;

use statespace_engine::idastar::{Expander, Expansion};

use super::board::{Stack, gaps, is_gap, plate};
use super::solve::Heuristic;

/// A stack changed in place as IDA* walks; its memo is the stack's gaps, none only when it is
/// sorted (the plate fixes the bottom pancake, each gap-free pair the one above).
pub struct Flipper {
    stack: Stack,
    /// Where each size lies, from the top (the plate, N + 1, under the bottom pancake): what
    /// finds the flips that close a gap without looking at the others.
    position: Vec<usize>,
    burnt: bool,
    heuristic: Heuristic,
}

impl Flipper {
    /// IDA* from `start`, burnt or not, estimating by `heuristic`.
    pub fn new(start: &Stack, burnt: bool, heuristic: Heuristic) -> Self {
        let mut position = vec![0; start.len() + 2];
        for (index, cake) in start.cakes().iter().enumerate() {
            position[usize::from(cake.unsigned_abs())] = index;
        }
        position[start.len() + 1] = start.len();
        Self {
            stack: start.clone(),
            position,
            burnt,
            heuristic,
        }
    }

    /// Flips the top `k`, keeping the positions.
    fn flip(&mut self, k: usize) {
        self.stack.flip(k, self.burnt);
        for (index, cake) in self.stack.cakes()[..k].iter().enumerate() {
            self.position[usize::from(cake.unsigned_abs())] = index;
        }
    }

    /// The flips that close a gap, ascending, but `last`: those that bring under the top
    /// pancake (turned over when burnt) a neighbour it has no gap with, one gap away from it.
    fn closing(&self, last: Option<u8>) -> impl Iterator<Item = usize> + use<> {
        let cakes = self.stack.cakes();
        let top = if self.burnt { -cakes[0] } else { cakes[0] };
        let neighbours = if self.burnt {
            [top + 1, 0]
        } else {
            [top - 1, top + 1]
        };
        let plate = plate(&self.stack);
        let mut flips = neighbours.map(|below| {
            let size = below.unsigned_abs() as usize;
            if below == 0 || size > plate as usize {
                return None;
            }
            let k = self.position[size];
            let lower = cakes.get(k).copied().unwrap_or(plate);
            let closes = k >= self.smallest()
                && lower == below
                && last != Some(k as u8)
                && is_gap(cakes[k - 1], lower, self.burnt);
            closes.then_some(k)
        });
        flips.sort_unstable();
        flips.into_iter().flatten()
    }

    /// The gaps after a flip of `k` from the current stack, whose gaps are `before`: the pair
    /// at the flip's edge gets the top pancake (turned over when burnt) above its lower one.
    fn gaps_after(&self, k: usize, before: u32) -> u32 {
        let cakes = self.stack.cakes();
        let below = cakes.get(k).copied().unwrap_or_else(|| plate(&self.stack));
        let top = if self.burnt { -cakes[0] } else { cakes[0] };
        let was = u32::from(is_gap(cakes[k - 1], below, self.burnt));
        before - was + u32::from(is_gap(top, below, self.burnt))
    }

    /// The smallest flip: 1 turns the top pancake over when burnt, and changes nothing else.
    fn smallest(&self) -> usize {
        if self.burnt { 1 } else { 2 }
    }
}

impl Expander for Flipper {
    type Action = u8;
    type Cost = u64;
    type Memo = u32;

    fn memo(&self) -> u32 {
        gaps(&self.stack, self.burnt)
    }

    fn estimate(&self, gaps: u32) -> u64 {
        match self.heuristic {
            Heuristic::Gap => u64::from(gaps),
            Heuristic::Zero => 0,
        }
    }

    fn is_goal(&self, gaps: u32) -> bool {
        gaps == 0
    }

    fn play(&mut self, k: u8, gaps: u32) -> (u64, u32) {
        let after = self.gaps_after(usize::from(k), gaps);
        self.flip(usize::from(k));
        (1, after)
    }

    fn expand<B>(
        &mut self,
        g: u64,
        gaps: u32,
        bound: u64,
        last: Option<u8>,
        mut visit: impl FnMut(&mut Self, u8, u64, u32) -> ControlFlow<B, Option<u64>>,
    ) -> Expansion<B, u64> {
        if self.heuristic == Heuristic::Gap && g + u64::from(gaps) == bound {
            return self.expand_closing(g, gaps, bound, last, visit);
        }
        let mut least: Option<u64> = None;
        let mut generated = 0;
        for k in self.smallest()..=self.stack.len() {
            let flip = k as u8;
            if last == Some(flip) {
                continue; // straight back
            }
            generated += 1;
            let after = self.gaps_after(k, gaps);
            let f = g + 1 + self.estimate(after);
            if f > bound {
                least = Some(least.map_or(f, |least| least.min(f)));
                continue;
            }
            let below = match self.descend(k, g, after, &mut visit) {
                ControlFlow::Break(found) => return broken(generated, found),
                ControlFlow::Continue(below) => below,
            };
            least = match (least, below) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
        }
        Expansion {
            generated,
            flow: ControlFlow::Continue(least),
        }
    }
}

impl Flipper {
    /// [`Expander::expand`] where the bound leaves no slack: only the flips that close a gap are
    /// within it, found by the positions, in the same order. Every other flip is beyond it by at
    /// least one, which is what is said of them: the next bound, if one is needed, is searched
    /// the same, at worst after an iteration that finds nothing.
    fn expand_closing<B>(
        &mut self,
        g: u64,
        gaps: u32,
        bound: u64,
        last: Option<u8>,
        mut visit: impl FnMut(&mut Self, u8, u64, u32) -> ControlFlow<B, Option<u64>>,
    ) -> Expansion<B, u64> {
        let mut generated = 0;
        for k in self.closing(last) {
            generated += 1;
            // Nothing beyond the bound is below bound + 1.
            if let ControlFlow::Break(found) = self.descend(k, g, gaps - 1, &mut visit) {
                return broken(generated, found);
            }
        }
        Expansion {
            generated,
            flow: ControlFlow::Continue(Some(bound + 1)),
        }
    }

    /// Flips `k` from the node reached at cost `g`, visits the child whose gaps are `after`,
    /// and flips back unless the visit broke (the search then stands where it stopped).
    fn descend<B>(
        &mut self,
        k: usize,
        g: u64,
        after: u32,
        visit: &mut impl FnMut(&mut Self, u8, u64, u32) -> ControlFlow<B, Option<u64>>,
    ) -> ControlFlow<B, Option<u64>> {
        self.flip(k);
        let flow = visit(self, k as u8, g + 1, after);
        if flow.is_continue() {
            self.flip(k);
        }
        flow
    }
}

/// An expansion that stopped at a visit that broke with `found`.
fn broken<B>(generated: u64, found: B) -> Expansion<B, u64> {
    Expansion {
        generated,
        flow: ControlFlow::Break(found),
    }
}
