//! The placements of one digit: which eight of the 24 cells hold its copies, as a 24-bit mask.
//! The moves act on a placement alone, whatever the other digits do, so one breadth-first
//! search over the C(24, 8) = 735,471 placements serves every digit of every board.
//!
//! Ranks are the engine's colex ranks ([`rank_subset`]), read from small tables instead of being
//! summed bit by bit, because the table is rebuilt on every run and the walks rank millions of
//! placements. A mask splits into its low half (cells 0..12) and its high half (cells 12..24).
//! The placements sharing a high half have consecutive ranks, so a rank is the first rank of its
//! high half plus the rank of its low half among the low halves of as many cells. To unrank, a
//! coarse index gives the high half of every 128th rank, and a short scan forward finds the one
//! holding the rank.

use statespace_engine::rank::{binomial, rank_subset};
use statespace_engine::{Domain, PerfectHash, Reversible};

use super::board::{CELLS, CENTRE, COPIES, Move};

/// The cells in each half of a mask.
const HALF: u32 = 12;
/// The masks of one half.
const HALF_MASKS: usize = 1 << HALF;
/// The cells of the low half.
const LOW_HALF: u32 = (1 << HALF) - 1;
/// The coarse index of [`Placements::unrank`] has one entry per `1 << BLOCK_BITS` ranks.
const BLOCK_BITS: u32 = 7;

/// The space of placements of one digit: the moves A..H on 8-cell masks, the centre as the goal,
/// and a perfect hash onto `0..735_471`.
#[derive(Clone, Debug)]
pub struct Placements {
    /// For each high half of at most eight cells, the first rank of the placements having it.
    high_starts: Box<[u32; HALF_MASKS]>,
    /// For each low half, its colex rank among the low halves with as many cells.
    low_ranks: Box<[u16; HALF_MASKS]>,
    /// The high halves of at most eight cells, increasing: their starts increase too.
    high_halves: Vec<u16>,
    /// The start of each of `high_halves`, then `u32::MAX` to end the scans.
    sorted_starts: Vec<u32>,
    /// For each block of ranks, the index in `high_halves` of the high half of its first rank.
    block_first: Vec<u16>,
    /// The low halves by number of cells, then increasing: those with `n` cells start at
    /// `low_offsets[n]`, in colex order.
    lows_by_count: Box<[u16; HALF_MASKS]>,
    low_offsets: [u16; HALF as usize + 1],
}

impl Placements {
    /// The space and its rank tables.
    pub fn new() -> Self {
        let low_ranks = Box::new(std::array::from_fn(|low| rank_subset(low as u64) as u16));
        let high_halves: Vec<u16> = (0..HALF_MASKS as u16)
            .filter(|high| high.count_ones() <= COPIES)
            .collect();
        let mut high_starts = Box::new([u32::MAX; HALF_MASKS]);
        let mut sorted_starts: Vec<u32> = high_halves
            .iter()
            .map(|&high| {
                let start = rank_subset(u64::from(lowest_placement_with(high))) as u32;
                high_starts[usize::from(high)] = start;
                start
            })
            .collect();
        let size = binomial(CELLS, COPIES as usize) as u32;
        let block_first = (0..size.div_ceil(1 << BLOCK_BITS))
            .map(|block| {
                (sorted_starts.partition_point(|&start| start <= block << BLOCK_BITS) - 1) as u16
            })
            .collect();
        sorted_starts.push(u32::MAX);
        let mut lows_by_count = Box::new(std::array::from_fn(|low| low as u16));
        lows_by_count.sort_by_key(|&low| (low.count_ones(), low));
        let mut low_offsets = [0u16; HALF as usize + 1];
        for count in 1..low_offsets.len() {
            low_offsets[count] = low_offsets[count - 1] + binomial(HALF as usize, count - 1) as u16;
        }
        Placements {
            high_starts,
            low_ranks,
            high_halves,
            sorted_starts,
            block_first,
            lows_by_count,
            low_offsets,
        }
    }
}

impl Default for Placements {
    fn default() -> Self {
        Self::new()
    }
}

/// The smallest placement whose high half is `high`: the missing cells at the very bottom.
fn lowest_placement_with(high: u16) -> u32 {
    let low_cells = COPIES - high.count_ones();
    u32::from(high) << HALF | ((1 << low_cells) - 1)
}

impl Domain for Placements {
    type State = u32;
    type Action = Move;

    fn actions(&self, _: &u32, out: &mut Vec<Move>) {
        out.extend(Move::ALL);
    }

    #[inline]
    fn apply(&self, mask: &mut u32, mv: Move) {
        *mask = mv.apply_to_mask(*mask);
    }

    fn invert(&self, mv: Move) -> Option<Move> {
        Some(mv.inverse())
    }

    fn is_goal(&self, mask: &u32) -> bool {
        *mask == CENTRE
    }
}

/// Every move is undone by its inverse.
impl Reversible for Placements {}

impl PerfectHash for Placements {
    fn size(&self) -> u64 {
        binomial(CELLS, COPIES as usize)
    }

    /// The colex rank of `mask`, which must have eight of the 24 cells.
    #[inline]
    fn rank(&self, mask: &u32) -> u64 {
        let start = self.high_starts[(mask >> HALF & LOW_HALF) as usize];
        let low = self.low_ranks[(mask & LOW_HALF) as usize];
        u64::from(start + u32::from(low))
    }

    #[inline]
    fn unrank(&self, rank: u64) -> u32 {
        let rank = rank as u32;
        let mut index = usize::from(self.block_first[(rank >> BLOCK_BITS) as usize]);
        while self.sorted_starts[index + 1] <= rank {
            index += 1;
        }
        let high = self.high_halves[index];
        let low_cells = (COPIES - high.count_ones()) as usize;
        let low_index =
            usize::from(self.low_offsets[low_cells]) + (rank - self.sorted_starts[index]) as usize;
        u32::from(high) << HALF | u32::from(self.lows_by_count[low_index & LOW_HALF as usize])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_are_the_engines_colex_ranks() {
        let placements = Placements::new();
        assert_eq!(placements.size(), 735_471);
        let mut mask = 0xffu32;
        let mut rank = 0;
        while mask < 1 << CELLS {
            assert_eq!(placements.rank(&mask), rank_subset(u64::from(mask)));
            assert_eq!(placements.rank(&mask), rank, "{mask:#x}");
            assert_eq!(placements.unrank(rank), mask, "rank {rank}");
            rank += 1;
            mask = next_with_same_count(mask);
        }
        assert_eq!(rank, placements.size());
    }

    /// The smallest mask above `mask` with as many set bits (`mask` non-zero).
    fn next_with_same_count(mask: u32) -> u32 {
        let filled = mask | (mask - 1);
        let lowest_unset = !filled & filled.wrapping_add(1);
        filled.wrapping_add(1) | ((lowest_unset - 1) >> (mask.trailing_zeros() + 1))
    }
}
