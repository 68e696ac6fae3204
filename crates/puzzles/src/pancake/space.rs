//! The ranks of stacks, and the whole space as the explorer walks it: [`Flips`].
//!
//! A stack's rank is its inversion table read as a factorial number: the pancake at place p
//! from the top (0 first) gives the digit "how many pancakes above it are larger", worth p!.
//! The sorted stack is 0. A flip of the top k leaves every pancake below k with the same
//! pancakes above it, so only the digits of the top k change, the part of the rank below k!:
//! a neighbour's rank is the rank less that part plus the flipped top's, computed from the
//! sizes without building the neighbour. Burnt stacks append a bit per place, the top's lowest,
//! set when burnt side up; a flip of k reverses and inverts the low k bits.

use statespace_engine::space::RankedSpace;

use super::board::{MAX_RANKED, MAX_RANKED_BURNT};

/// n! for n up to [`MAX_RANKED`].
const FACTORIALS: [u64; MAX_RANKED + 1] = {
    let mut table = [1; MAX_RANKED + 1];
    let mut n = 1;
    while n <= MAX_RANKED {
        table[n] = table[n - 1] * n as u64;
        n += 1;
    }
    table
};

/// The rank of `order`, the sizes top first as 0 to N - 1 (N at most [`MAX_RANKED`]).
pub(super) fn rank_order(order: &[u8]) -> u64 {
    let mut above = 0u32;
    let mut rank = 0;
    for (place, &size) in order.iter().enumerate() {
        rank += u64::from(larger(above, size)) * FACTORIALS[place];
        above |= 1 << size;
    }
    rank
}

/// The sizes, top first as 0 to N - 1, of the stack of rank `rank` (below N!), N being
/// `order`'s length.
pub(super) fn unrank_order(rank: u64, order: &mut [u8]) {
    let mut left = ((1u64 << order.len()) - 1) as u32;
    let mut rest = rank;
    for place in (0..order.len()).rev() {
        let larger_above = (rest / FACTORIALS[place]) as u32;
        rest %= FACTORIALS[place];
        // The size with `larger_above` larger ones left: the (count - 1 - larger_above)-th
        // smallest of those left.
        let mut skip = left.count_ones() - 1 - larger_above;
        let mut candidates = left;
        while skip > 0 {
            candidates &= candidates - 1;
            skip -= 1;
        }
        let size = candidates.trailing_zeros();
        order[place] = size as u8;
        left &= !(1 << size);
    }
}

/// How many sizes of the set `sizes` (a bit per size) are larger than `size`.
fn larger(sizes: u32, size: u8) -> u32 {
    (sizes >> size >> 1).count_ones()
}

/// The stacks of `size` pancakes, plain or `burnt`, as ranks and flips: what `explore pancake`
/// walks. Each rank's neighbours are ranked from its digits alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Flips {
    /// The pancakes in a stack (at most 20, 16 burnt: ranks in 64 bits).
    pub size: usize,
    /// Whether flips turn pancakes over.
    pub burnt: bool,
}

impl Flips {
    /// The part of `order`'s rank that a flip of the top `k` changes, for every k (index k,
    /// up to N): the digits of the top k.
    fn low_parts(order: &[u8], out: &mut [u64; MAX_RANKED + 1]) {
        let mut above = 0u32;
        out[0] = 0;
        for (place, &size) in order.iter().enumerate() {
            out[place + 1] = out[place] + u64::from(larger(above, size)) * FACTORIALS[place];
            above |= 1 << size;
        }
    }

    /// The part of the rank of the top `k` of `order` once flipped (read bottom up): each
    /// pancake's digit is then how many larger lay below it within the k.
    fn flipped_part(order: &[u8], k: usize) -> u64 {
        let mut below = 0u32;
        let mut part = 0;
        for (place, &size) in order[..k].iter().enumerate().rev() {
            part += u64::from(larger(below, size)) * FACTORIALS[k - 1 - place];
            below |= 1 << size;
        }
        part
    }

    /// The burnt sides `sides` (bit p: place p is burnt side up) after a flip of the top `k`:
    /// the low k bits reversed and turned over.
    fn flipped_sides(sides: u64, k: usize) -> u64 {
        let mask = (1u64 << k) - 1;
        let top = (sides & mask).reverse_bits() >> (64 - k);
        sides & !mask | (top ^ mask)
    }
}

impl RankedSpace for Flips {
    fn ranks(&self) -> u64 {
        FACTORIALS[self.size] << if self.burnt { self.size } else { 0 }
    }

    fn reversible(&self) -> bool {
        true
    }

    /// A flip is its own inverse: the predecessors are the neighbours, a flip of each size.
    fn predecessors(&self, ranks: &[u64], out: &mut Vec<u64>) {
        debug_assert!(
            self.size
                <= if self.burnt {
                    MAX_RANKED_BURNT
                } else {
                    MAX_RANKED
                }
        );
        let sides_bits = if self.burnt { self.size } else { 0 };
        let smallest = if self.burnt { 1 } else { 2 };
        let mut order = [0u8; MAX_RANKED];
        let order = &mut order[..self.size];
        let mut low = [0u64; MAX_RANKED + 1];
        for &rank in ranks {
            let (permutation, sides) = (rank >> sides_bits, rank & ((1 << sides_bits) - 1));
            unrank_order(permutation, order);
            Self::low_parts(order, &mut low);
            out.extend((smallest..=self.size).map(|k| {
                let flipped = permutation - low[k] + Self::flipped_part(order, k);
                let sides = if self.burnt {
                    Self::flipped_sides(sides, k)
                } else {
                    0
                };
                flipped << sides_bits | sides
            }));
        }
    }
}

#[cfg(test)]
mod tests {
    use statespace_engine::{Domain, PerfectHash};

    use super::super::board::Pancakes;
    use super::*;

    #[test]
    fn ranks_count_the_larger_pancakes_above() {
        // 2 0 1: 0 has one larger above (1 × 1!), 1 one (1 × 2!).
        assert_eq!(rank_order(&[2, 0, 1]), 3);
        let mut order = [0; 3];
        unrank_order(3, &mut order);
        assert_eq!(order, [2, 0, 1]);
        assert_eq!(rank_order(&[0, 1, 2, 3]), 0);
    }

    #[test]
    fn the_neighbours_ranks_are_those_of_the_flipped_stacks() {
        for (size, burnt) in [(6, false), (1, false), (4, true), (1, true)] {
            let domain = Pancakes { size, burnt };
            let space = Flips { size, burnt };
            assert_eq!(space.ranks(), domain.size());
            for rank in 0..domain.size() {
                let stack = domain.unrank(rank);
                assert_eq!(domain.rank(&stack), rank);
                let mut flips = Vec::new();
                domain.actions(&stack, &mut flips);
                let expected: Vec<u64> = flips
                    .iter()
                    .map(|&k| {
                        let mut next = stack.clone();
                        domain.apply(&mut next, k);
                        domain.rank(&next)
                    })
                    .collect();
                let mut found = Vec::new();
                space.predecessors(&[rank], &mut found);
                assert_eq!(found, expected, "{stack}");
            }
        }
    }
}
