//! The engine's subset ranks of the cube's 12-bit masks, as a table made at compile time. The
//! optimal search ranks the inverse of every child it keeps (which places hold the slice edges,
//! which hold the U corners), and there the ranking loop's branches on each set bit cost more
//! than a read of a table in the cache.

use statespace_engine::rank::rank_subset;

/// [`rank_subset`] of each 12-bit mask.
static SUBSET_OF_TWELVE: [u16; 1 << 12] = {
    let mut table = [0; 1 << 12];
    let mut mask = 0;
    while mask < table.len() {
        // At most C(12, 6) = 924: the rank fits.
        table[mask] = rank_subset(mask as u64) as u16;
        mask += 1;
    }
    table
};

/// The places of the bits set in `mask` (at most 12 bits), ranked as [`rank_subset`] ranks
/// them.
#[inline]
pub fn subset_rank(mask: u16) -> u16 {
    SUBSET_OF_TWELVE[usize::from(mask & 0xfff)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_ranks_as_the_engine_does() {
        for mask in 0..1u16 << 12 {
            assert_eq!(u64::from(subset_rank(mask)), rank_subset(u64::from(mask)));
        }
        assert_eq!(subset_rank(0b1111 << 8), 494);
    }
}
