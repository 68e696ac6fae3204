//! The engine's subset and permutation ranks of the cube's few small masks and orders, as
//! tables made at compile time. The optimal search ranks the inverse of every child it keeps
//! (which places hold the slice edges, in which order, and the U corners), and there the
//! ranking loops' branches on each cubie cost more than a read of a table in the cache.

/// The colex rank ([`rank_subset`](statespace_engine::rank::rank_subset)) of each 12-bit mask
/// (the slice edges' places, the U corners').
static SUBSET_OF_TWELVE: [u16; 1 << 12] = subset_ranks();

/// The rank ([`rank_permutation`](statespace_engine::rank::rank_permutation)) of each order of
/// four items, item `i` in bits `2i..2i + 2` (meaningful when the four differ).
static ORDER_OF_FOUR: [u8; 1 << 8] = order_ranks();

/// The places of the bits set in `mask` (at most 12 bits), ranked as
/// [`rank_subset`](statespace_engine::rank::rank_subset) ranks them.
#[inline]
pub fn subset_rank(mask: u16) -> u16 {
    SUBSET_OF_TWELVE[usize::from(mask & 0xfff)]
}

/// The rank of the order of four items `order` (item `i` in bits `2i..2i + 2`), as
/// [`rank_permutation`](statespace_engine::rank::rank_permutation) ranks it.
#[inline]
pub fn order_rank(order: u8) -> u16 {
    u16::from(ORDER_OF_FOUR[usize::from(order)])
}

const fn binomial(n: u32, k: u32) -> u32 {
    if k > n {
        return 0;
    }
    let (mut product, mut i) = (1, 0);
    while i < k {
        product = product * (n - i) / (i + 1);
        i += 1;
    }
    product
}

const fn subset_ranks() -> [u16; 1 << 12] {
    let mut table = [0; 1 << 12];
    let mut mask = 0;
    while mask < table.len() {
        let (mut rest, mut index, mut rank) = (mask as u32, 1, 0);
        while rest != 0 {
            rank += binomial(rest.trailing_zeros(), index);
            rest &= rest - 1;
            index += 1;
        }
        table[mask] = rank as u16;
        mask += 1;
    }
    table
}

const fn order_ranks() -> [u8; 1 << 8] {
    const WEIGHTS: [u32; 4] = [6, 2, 1, 1];
    let mut table = [0; 1 << 8];
    let mut order = 0;
    while order < table.len() {
        // Lehmer digits: each item less the smaller items before it.
        let (mut used, mut rank, mut i) = (0u32, 0, 0);
        while i < 4 {
            let item = (order >> (2 * i)) as u32 & 3;
            let digit = item - (used & ((1 << item) - 1)).count_ones();
            rank += digit * WEIGHTS[i];
            used |= 1 << item;
            i += 1;
        }
        table[order] = rank as u8;
        order += 1;
    }
    table
}

#[cfg(test)]
mod tests {
    use statespace_engine::rank::{rank_permutation, rank_subset};

    use super::*;

    #[test]
    fn the_tables_rank_as_the_engine_does() {
        for mask in 0..1u16 << 12 {
            assert_eq!(u64::from(subset_rank(mask)), rank_subset(u64::from(mask)));
        }
        let mut orders = 0;
        for order in 0..=255u8 {
            let items: [u8; 4] = std::array::from_fn(|i| order >> (2 * i) & 3);
            if (0..4).all(|item| items.contains(&item)) {
                assert_eq!(u64::from(order_rank(order)), rank_permutation(&items));
                orders += 1;
            }
        }
        assert_eq!(orders, 24);
    }
}
