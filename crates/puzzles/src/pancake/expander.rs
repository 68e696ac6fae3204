//! IDA*'s expander for stacks: each flip is judged from the stack before it is made (the gap at
//! its edge is all it changes), so only the flips within the bound are made and undone. With
//! the gap heuristic exact or nearly so, that is one or two flips of the N - 1 a stack has, and
//! each child's own gap-closing flips are found before it is flipped to: a child with none is a
//! dead end, never flipped to.

use std::ops::ControlFlow;

use statespace_engine::idastar::{Expander, Expansion};

use super::board::{Stack, is_counted_gap, is_gap};
use super::solve::Heuristic;

/// A stack changed in place as IDA* walks; its memo is the stack's gaps, none only when it is
/// sorted (the plate fixes the bottom pancake, each gap-free pair the one above).
pub struct Flipper {
    /// The pancakes top first, then the plate (N + 1), which no flip moves, then zeros to a
    /// whole number of [`LANES`] (so that a search for a size compares whole blocks).
    cakes: Vec<i16>,
    /// The pancakes.
    len: usize,
    burnt: bool,
    /// The smallest pancakes whose gaps the estimate ignores (gap-k), none for a blind search.
    ignored: Option<u16>,
}

/// The pancakes compared at once when looking for one.
const LANES: usize = 16;

/// What a node hands down to its children: its gaps, the gaps its estimate counts, and when
/// known its gap-closing flips.
#[derive(Clone, Copy, Debug)]
pub struct Gaps {
    all: u16,
    counted: u16,
    closing: Option<Closing>,
}

/// The flips that close a gap, ascending, 0 for none: at most two, one per neighbour in size of
/// the top pancake.
type Closing = [u8; 2];

impl Flipper {
    /// IDA* from `start`, burnt or not, estimating by `heuristic`.
    pub fn new(start: &Stack, burnt: bool, heuristic: Heuristic) -> Self {
        let mut cakes = start.cakes().to_vec();
        cakes.push(start.len() as i16 + 1);
        cakes.resize(cakes.len().next_multiple_of(LANES), 0);
        Self {
            cakes,
            len: start.len(),
            burnt,
            ignored: heuristic.ignored(),
        }
    }

    /// The number of pancakes.
    fn len(&self) -> usize {
        self.len
    }

    /// Flips the top `k`.
    fn flip(&mut self, k: usize) {
        let top = &mut self.cakes[..k];
        top.reverse();
        if self.burnt {
            top.iter_mut().for_each(|cake| *cake = -*cake);
        }
    }

    /// `cake` as a flip leaves it: turned over when burnt.
    fn turned(&self, cake: i16) -> i16 {
        if self.burnt { -cake } else { cake }
    }

    /// Where pancakes `sizes` lie, from the top (N + 1: the plate), found together a block at
    /// a time, each block compared whole into a mask: this is most of the work per node.
    fn positions(&self, sizes: [u16; 2]) -> [usize; 2] {
        let mut found = [usize::MAX; 2];
        for (block, cakes) in self.cakes.chunks_exact(LANES).enumerate() {
            for (at, size) in found.iter_mut().zip(sizes) {
                let mask = cakes.iter().enumerate().fold(0u32, |mask, (lane, cake)| {
                    mask | u32::from(cake.unsigned_abs() == size) << lane
                });
                if mask != 0 && *at == usize::MAX {
                    *at = block * LANES + mask.trailing_zeros() as usize;
                }
            }
            if found[0] != usize::MAX && found[1] != usize::MAX {
                break;
            }
        }
        found
    }

    /// The flips of the stack that `at` and `positions` describe (the pancake at an index, the
    /// indices of two sizes) that close a gap, but `last`: those that bring under the top
    /// pancake (turned over when burnt) a neighbour it has no gap with, one gap away from it.
    fn closing_of(
        &self,
        at: impl Fn(usize) -> i16,
        positions: impl Fn([u16; 2]) -> [usize; 2],
        last: usize,
    ) -> Closing {
        let top = self.turned(at(0));
        let plate = self.len() as i16 + 1;
        // A neighbour that is no pancake (0, or beyond the plate) is looked for as the plate,
        // which is found at once and never closes a gap there.
        let real = |below: i16| below != 0 && below.unsigned_abs() <= plate as u16;
        let neighbours = if self.burnt {
            [top + 1, 0]
        } else {
            [top - 1, top + 1]
        };
        let sizes = neighbours.map(|below| {
            if real(below) {
                below.unsigned_abs()
            } else {
                plate as u16
            }
        });
        let found = positions(sizes);
        let smallest = self.smallest();
        let mut flips = [0, 1].map(|side| {
            let (below, k) = (neighbours[side], found[side]);
            let closes = real(below)
                && k >= smallest
                && k != last
                && at(k) == below
                && is_gap(at(k - 1), below, self.burnt);
            if closes { k as u8 } else { 0 }
        });
        flips.sort_unstable();
        if flips[0] == 0 {
            flips.swap(0, 1);
        }
        flips
    }

    /// The gap-closing flips of the current stack but `last`.
    fn closing(&self, last: Option<u8>) -> Closing {
        let last = last.map_or(0, usize::from);
        self.closing_of(
            |index| self.cakes[index],
            |sizes| self.positions(sizes),
            last,
        )
    }

    /// The gap-closing flips of the stack a flip of `k` leads to, but `k` back, read from the
    /// current stack: above `k` the order is reversed (and turned over when burnt).
    fn closing_after(&self, k: usize) -> Closing {
        let at = |index: usize| {
            if index < k {
                self.turned(self.cakes[k - 1 - index])
            } else {
                self.cakes[index]
            }
        };
        let positions = |sizes| {
            self.positions(sizes)
                .map(|index| if index < k { k - 1 - index } else { index })
        };
        self.closing_of(at, positions, k)
    }

    /// The gaps after a flip of `k` from the current stack, whose gaps are `before`: the pair
    /// at the flip's edge gets the top pancake (turned over when burnt) above its lower one.
    fn gaps_after(&self, k: usize, before: Gaps) -> Gaps {
        let below = self.cakes[k];
        let (was, now) = (self.cakes[k - 1], self.turned(self.cakes[0]));
        let change = |count: u16, ignored: u16| {
            let gap = |above| u16::from(is_counted_gap(above, below, self.burnt, ignored));
            count - gap(was) + gap(now)
        };
        Gaps {
            all: change(before.all, 0),
            counted: change(before.counted, self.ignored.unwrap_or(u16::MAX)),
            closing: None,
        }
    }

    /// The smallest flip: 1 turns the top pancake over when burnt, and changes nothing else.
    fn smallest(&self) -> usize {
        if self.burnt { 1 } else { 2 }
    }
}

impl Expander for Flipper {
    type Action = u8;
    type Cost = u64;
    type Memo = Gaps;

    fn memo(&self) -> Gaps {
        let count = |ignored: u16| {
            let pairs = self.cakes[..=self.len].windows(2);
            pairs
                .filter(|pair| is_counted_gap(pair[0], pair[1], self.burnt, ignored))
                .count() as u16
        };
        Gaps {
            all: count(0),
            counted: count(self.ignored.unwrap_or(u16::MAX)),
            closing: None,
        }
    }

    fn estimate(&self, gaps: Gaps) -> u64 {
        u64::from(gaps.counted)
    }

    fn is_goal(&self, gaps: Gaps) -> bool {
        gaps.all == 0
    }

    fn play(&mut self, k: u8, gaps: Gaps) -> (u64, Gaps) {
        let after = self.gaps_after(usize::from(k), gaps);
        self.flip(usize::from(k));
        (1, after)
    }

    fn expand<B>(
        &mut self,
        g: u64,
        gaps: Gaps,
        bound: u64,
        last: Option<u8>,
        mut visit: impl FnMut(&mut Self, u8, u64, Gaps) -> ControlFlow<B, Option<u64>>,
    ) -> Expansion<B, u64> {
        if self.ignored == Some(0) && g + u64::from(gaps.counted) == bound {
            return self.expand_closing(g, gaps, bound, last, visit);
        }
        let mut least: Option<u64> = None;
        let mut generated = 0;
        for k in self.smallest()..=self.len() {
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
    /// the same, at worst after an iteration that finds nothing. A child that is not sorted
    /// and has no gap-closing flip of its own is a dead end under the bound: it is counted but
    /// not flipped to.
    fn expand_closing<B>(
        &mut self,
        g: u64,
        gaps: Gaps,
        bound: u64,
        last: Option<u8>,
        mut visit: impl FnMut(&mut Self, u8, u64, Gaps) -> ControlFlow<B, Option<u64>>,
    ) -> Expansion<B, u64> {
        let mut generated = 0;
        let closing = gaps.closing.unwrap_or_else(|| self.closing(last));
        for k in closing.into_iter().take_while(|&k| k > 0) {
            generated += 1;
            let k = usize::from(k);
            let mut after = Gaps {
                all: gaps.all - 1,
                counted: gaps.counted - 1,
                closing: None,
            };
            if after.all > 0 {
                let next = self.closing_after(k);
                if next[0] == 0 {
                    continue; // a dead end
                }
                after.closing = Some(next);
            }
            // Nothing beyond the bound is below bound + 1.
            if let ControlFlow::Break(found) = self.descend(k, g, after, &mut visit) {
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
        after: Gaps,
        visit: &mut impl FnMut(&mut Self, u8, u64, Gaps) -> ControlFlow<B, Option<u64>>,
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
