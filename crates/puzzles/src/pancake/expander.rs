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
    burnt: bool,
    heuristic: Heuristic,
}

impl Flipper {
    /// IDA* from `start`, burnt or not, estimating by `heuristic`.
    pub fn new(start: &Stack, burnt: bool, heuristic: Heuristic) -> Self {
        Self {
            stack: start.clone(),
            burnt,
            heuristic,
        }
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
        self.stack.flip(usize::from(k), self.burnt);
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
            self.stack.flip(k, self.burnt);
            match visit(self, flip, g + 1, after) {
                ControlFlow::Break(found) => {
                    return Expansion {
                        generated,
                        flow: ControlFlow::Break(found),
                    };
                }
                ControlFlow::Continue(below) => {
                    least = match (least, below) {
                        (Some(a), Some(b)) => Some(a.min(b)),
                        (a, b) => a.or(b),
                    };
                }
            }
            self.stack.flip(k, self.burnt);
        }
        Expansion {
            generated,
            flow: ControlFlow::Continue(least),
        }
    }
}
