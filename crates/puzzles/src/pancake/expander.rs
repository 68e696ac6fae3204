//! IDA*'s expander for stacks: each flip is judged from the stack before it is made (the gap at
//! its edge is all it changes), so only the flips within the bound are made and undone. With
//! the gap heuristic exact or nearly so, that is one or two flips of the N - 1 a stack has, and
//! each child's own gap-closing flips are found before it is flipped to: a child with none, or
//! whose dual (the inverse permutation) has none, is a dead end, never flipped to.

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
    /// Where pancake 1 lies, from the top: what the dual stack's gap-closing flips start from.
    one: usize,
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
        let one = cakes.iter().position(|cake| cake.unsigned_abs() == 1);
        Self {
            one: one.unwrap_or(0),
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
        self.one = flipped_place(self.one, k);
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

    /// Whether the dual of the stack that `at` describes (the inverse permutation: pancake p's
    /// place, for each p, signed as pancake p is when burnt), whose pancake 1 lies at `one`,
    /// has a gap-closing flip. A stack and its dual have the same gaps (a pair adjacent both in
    /// place and in size is one pair of each) and the same fewest flips (the same flips
    /// backwards), so a stack that the gaps sort with no slack has a dual they sort with none
    /// either: one whose first flip closes a gap. The dual's flip of k brings the place of
    /// pancake 1 next to the place of pancake k + 1.
    fn dual_closes(&self, at: impl Fn(usize) -> i16, one: usize) -> bool {
        if self.burnt {
            // Pancake 1 burnt side down needs a pancake burnt side up just above it, burnt
            // side up one burnt side down just below (the plate counts).
            return if at(one) > 0 {
                one > 0 && at(one - 1) < 0
            } else {
                at(one + 1) > 0
            };
        }
        // Plain: pancake k + 1 lies next to pancake 1 and not next to pancake k (k from 2).
        let around = |place: usize| {
            [
                place.checked_sub(1),
                (place < self.len).then_some(place + 1),
            ]
        };
        around(one).into_iter().flatten().any(|place| {
            let next = at(place);
            next >= 3
                && around(place)
                    .into_iter()
                    .flatten()
                    .all(|side| at(side) != next - 1)
        })
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

    /// The pancake at `index` after a flip of `k`, read from the current stack: above `k` the
    /// order is reversed (and turned over when burnt).
    fn after(&self, k: usize, index: usize) -> i16 {
        if index < k {
            self.turned(self.cakes[k - 1 - index])
        } else {
            self.cakes[index]
        }
    }

    /// The gap-closing flips of the stack a flip of `k` leads to, but `k` back, read from the
    /// current stack: above `k` the order is reversed (and turned over when burnt).
    fn closing_after(&self, k: usize) -> Closing {
        let at = |index| self.after(k, index);
        let positions = |sizes| self.positions(sizes).map(|index| flipped_place(index, k));
        self.closing_of(at, positions, k)
    }

    /// Whether the stack a flip of `k` leads to may be sorted with no slack: it has a
    /// gap-closing flip but `k` back, and so has its dual. The flip's closing flips if so.
    fn slackless_after(&self, k: usize) -> Option<Closing> {
        let closing = self.closing_after(k);
        let at = |index| self.after(k, index);
        let alive = closing[0] != 0 && self.dual_closes(at, flipped_place(self.one, k));
        alive.then_some(closing)
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
        let closing = match gaps.closing {
            Some(closing) => closing,
            None if self.dual_closes(|index| self.cakes[index], self.one) => self.closing(last),
            None => [0, 0], // the dual needs a slack: so does the stack
        };
        for k in closing.into_iter().take_while(|&k| k > 0) {
            generated += 1;
            let k = usize::from(k);
            let mut after = Gaps {
                all: gaps.all - 1,
                counted: gaps.counted - 1,
                closing: None,
            };
            if after.all > 0 {
                match self.slackless_after(k) {
                    Some(next) => after.closing = Some(next),
                    None => continue, // a dead end
                }
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

/// Where the pancake at `place` lies after a flip of `k`.
fn flipped_place(place: usize, k: usize) -> usize {
    if place < k { k - 1 - place } else { place }
}

#[cfg(test)]
mod tests {
    use statespace_engine::distance_table::distance_table;
    use statespace_engine::{Limits, PerfectHash};

    use super::super::board::{Pancakes, gaps};
    use super::*;

    #[test]
    fn a_stack_the_gaps_sort_with_no_slack_has_a_dual_with_a_gap_closing_flip() {
        let sizes = (2..=8).map(|size| (size, false));
        for (size, burnt) in sizes.chain((1..=6).map(|size| (size, true))) {
            let domain = Pancakes { size, burnt };
            let built = distance_table(&domain, &[Stack::sorted(size)], &Limits::none());
            let table = built.table.expect("no limits");
            let mut judged = [0; 2];
            for rank in 0..domain.size() {
                let stack = domain.unrank(rank);
                let flipper = Flipper::new(&stack, burnt, Heuristic::Gap);
                let closes = flipper.dual_closes(|index| flipper.cakes[index], flipper.one);
                let exact = u32::from(table.distance(rank).unwrap()) == gaps(&stack, burnt);
                assert!(closes || !exact || stack.is_sorted(), "{stack}");
                judged[usize::from(closes)] += 1;
            }
            // The test is not vacuous: it rules out stacks from 4 pancakes on (2 burnt).
            assert!(
                size < 4 - 2 * usize::from(burnt) || judged[0] > 0,
                "{size}: {judged:?}"
            );
        }
    }
}
