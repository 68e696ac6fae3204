//! Stacks, flips and the domain the engine searches: [`Pancakes`], with a perfect hash for
//! exploring the whole space.

use std::fmt;

use statespace_engine::rank::factorial;
use statespace_engine::{Domain, PerfectHash, Reversible};

use super::space::{rank_order, unrank_order};

/// The most pancakes in a stack (a flip's size is one byte).
pub const MAX_PANCAKES: usize = 255;

/// A stack of pancakes, top first: sizes 1 to N, negative when burnt side up.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Stack(Vec<i16>);

impl Stack {
    /// The stack `cakes`, top first; the caller has checked that they are 1 to N, signed.
    pub fn new(cakes: Vec<i16>) -> Self {
        Self(cakes)
    }

    /// The sorted stack of `size` pancakes, burnt sides down.
    pub fn sorted(size: usize) -> Self {
        Self((1..=size as i16).collect())
    }

    /// The pancakes, top first.
    pub fn cakes(&self) -> &[i16] {
        &self.0
    }

    /// The number of pancakes.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether the stack has no pancake.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Flips the top `k` pancakes; `burnt` turns each one over too.
    pub fn flip(&mut self, k: usize, burnt: bool) {
        let top = &mut self.0[..k];
        top.reverse();
        if burnt {
            top.iter_mut().for_each(|cake| *cake = -*cake);
        }
    }

    /// Whether the stack is sorted, smallest on top, burnt sides down.
    pub fn is_sorted(&self) -> bool {
        self.0.iter().zip(1..).all(|(&cake, size)| cake == size)
    }
}

/// The stack as the input writes it: sizes separated by spaces, top first.
impl fmt::Display for Stack {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, cake) in self.0.iter().enumerate() {
            if index > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{cake}")?;
        }
        Ok(())
    }
}

/// Whether the pair `above` over `below` is a gap: they are not neighbours in size (plain), or
/// `below` is not one more than `above` as signed numbers (burnt).
pub(super) fn is_gap(above: i16, below: i16, burnt: bool) -> bool {
    if burnt {
        below - above != 1
    } else {
        (below - above).abs() != 1
    }
}

/// The size below the bottom pancake: the plate, one larger than the largest.
pub(super) fn plate(stack: &Stack) -> i16 {
    stack.len() as i16 + 1
}

/// Helmert's gap heuristic: the gaps between adjacent pancakes and between the bottom one and
/// the plate. A flip of k changes only the pair at k, so it is a lower bound on the flips left.
pub fn gaps(stack: &Stack, burnt: bool) -> u32 {
    gaps_ignoring(stack, burnt, 0)
}

/// Helmert's gap-k heuristic (k = `ignored`): the gaps of [`gaps`] but those next to one of the
/// k smallest pancakes. Still a lower bound (a subset of the gaps, and a flip changes one pair),
/// weaker as k grows: what research compares searches on.
pub fn gaps_ignoring(stack: &Stack, burnt: bool, ignored: u16) -> u32 {
    let cakes = stack.cakes();
    let below = cakes.iter().skip(1).copied().chain([plate(stack)]);
    cakes
        .iter()
        .zip(below)
        .filter(|&(&above, below)| is_counted_gap(above, below, burnt, ignored))
        .count() as u32
}

/// Whether the pair `above` over `below` is a gap that gap-k counts (k = `ignored`): neither
/// pancake is one of the k smallest.
pub(super) fn is_counted_gap(above: i16, below: i16, burnt: bool, ignored: u16) -> bool {
    is_gap(above, below, burnt) && above.unsigned_abs().min(below.unsigned_abs()) > ignored
}

/// The stacks of `size` pancakes, plain or `burnt`, as the engine searches them. Flips are
/// listed by size, smallest first: 2 to N, or 1 to N for burnt stacks (turning the top one
/// over is a move then).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pancakes {
    /// The pancakes in a stack.
    pub size: usize,
    /// Whether flips turn pancakes over.
    pub burnt: bool,
}

impl Domain for Pancakes {
    type State = Stack;
    type Action = u8;

    fn actions(&self, _: &Stack, out: &mut Vec<u8>) {
        let smallest = if self.burnt { 1 } else { 2 };
        out.extend((smallest..=self.size).map(|k| k as u8));
    }

    fn apply(&self, stack: &mut Stack, k: u8) {
        stack.flip(usize::from(k), self.burnt);
    }

    fn invert(&self, k: u8) -> Option<u8> {
        Some(k)
    }

    fn is_goal(&self, stack: &Stack) -> bool {
        stack.is_sorted()
    }

    fn heap_bytes(&self, stack: &Stack) -> usize {
        stack.len() * size_of::<i16>()
    }
}

/// Every move is undone by its inverse.
impl Reversible for Pancakes {}

/// The largest stacks whose ranks fit in 64 bits: 20! plain, 16! 2^16 burnt.
pub const MAX_RANKED: usize = 20;
/// The largest burnt stacks whose ranks fit in 64 bits.
pub const MAX_RANKED_BURNT: usize = 16;

/// Ranks are the permutation's inversion table (see the module `space`), times 2^N for burnt
/// stacks, plus a bit per pancake turned burnt side up (the top one's lowest).
impl PerfectHash for Pancakes {
    fn size(&self) -> u64 {
        factorial(self.size) << if self.burnt { self.size } else { 0 }
    }

    fn rank(&self, stack: &Stack) -> u64 {
        let order: Vec<u8> = stack
            .cakes()
            .iter()
            .map(|cake| (cake.unsigned_abs() - 1) as u8)
            .collect();
        let rank = rank_order(&order);
        if !self.burnt {
            return rank;
        }
        let sides = stack
            .cakes()
            .iter()
            .enumerate()
            .filter(|&(_, &cake)| cake < 0)
            .fold(0u64, |bits, (index, _)| bits | 1 << index);
        rank << self.size | sides
    }

    fn unrank(&self, rank: u64) -> Stack {
        let (order, sides) = if self.burnt {
            (rank >> self.size, rank & ((1 << self.size) - 1))
        } else {
            (rank, 0)
        };
        let mut cakes = vec![0u8; self.size];
        unrank_order(order, &mut cakes);
        Stack(
            cakes
                .iter()
                .enumerate()
                .map(|(index, &cake)| {
                    let size = i16::from(cake) + 1;
                    if sides >> index & 1 == 1 { -size } else { size }
                })
                .collect(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flip_reverses_the_top_and_turns_burnt_ones_over() {
        let mut stack = Stack::new(vec![3, -1, 2]);
        stack.flip(2, false);
        assert_eq!(stack.to_string(), "-1 3 2");
        stack.flip(3, true);
        assert_eq!(stack.to_string(), "-2 -3 1");
    }

    #[test]
    fn gaps_count_the_plate_and_signs() {
        assert_eq!(gaps(&Stack::sorted(5), false), 0);
        assert_eq!(gaps(&Stack::new(vec![3, 2, 1]), false), 1);
        assert_eq!(gaps(&Stack::new(vec![3, 2, 1]), true), 3);
        assert_eq!(gaps(&Stack::new(vec![-2, -1, 3]), true), 1);
        assert_eq!(gaps(&Stack::new(vec![-1]), true), 1);
        // 2 4 1 3 5 |plate: the gaps 2-4, 4-1, 1-3, 3-5; gap-1 drops 4-1 and 1-3, gap-2 all
        // but 3-5.
        let stack = Stack::new(vec![2, 4, 1, 3, 5]);
        let counts = [0, 1, 2, 3].map(|ignored| gaps_ignoring(&stack, false, ignored));
        assert_eq!(counts, [4, 2, 1, 0]);
    }

    #[test]
    fn ranks_run_through_the_whole_space() {
        for domain in [
            Pancakes {
                size: 4,
                burnt: false,
            },
            Pancakes {
                size: 3,
                burnt: true,
            },
        ] {
            for rank in 0..domain.size() {
                assert_eq!(domain.rank(&domain.unrank(rank)), rank);
            }
            assert_eq!(domain.rank(&Stack::sorted(domain.size)), 0);
        }
    }
}
