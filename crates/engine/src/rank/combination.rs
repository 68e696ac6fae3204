//! `k`-subsets of `0..64` in colex order: the
//! [combinatorial number system](https://en.wikipedia.org/wiki/Combinatorial_number_system).
//!
//! The rank of `{c_0 < c_1 < ... < c_{k-1}}` is `C(c_0, 1) + C(c_1, 2) + ... + C(c_{k-1}, k)`. It
//! does not depend on the universe size `n`: the `k`-subsets of `0..n` are exactly the ranks
//! `0..C(n, k)`, and in colex order, which for bit masks is plain numeric order.

/// The largest universe: subsets are `u64` masks.
const MAX_N: usize = 64;

/// Pascal's triangle up to row 64; entries with `k > n` are 0. No entry overflows because every
/// partial sum is itself a binomial coefficient, and `C(64, 32) < 2^64`.
static BINOMIALS: [[u64; MAX_N + 1]; MAX_N + 1] = {
    let mut table = [[0u64; MAX_N + 1]; MAX_N + 1];
    let mut n = 0;
    while n <= MAX_N {
        table[n][0] = 1;
        let mut k = 1;
        while k <= n {
            table[n][k] = table[n - 1][k - 1] + table[n - 1][k];
            k += 1;
        }
        n += 1;
    }
    table
};

/// The binomial coefficient `C(n, k)`: 0 when `k > n`. `n` must be at most 64.
#[inline]
pub const fn binomial(n: usize, k: usize) -> u64 {
    debug_assert!(n <= MAX_N, "binomial: n above 64");
    if k > n { 0 } else { BINOMIALS[n][k] }
}

/// The colex rank of the set bits of `mask` among all subsets of the same size, in
/// `0..C(64, k)` where `k = mask.count_ones()`. Any mask is valid. A `const fn`, so that a
/// domain can tabulate the ranks of its small masks at compile time.
#[inline]
pub const fn rank_subset(mask: u64) -> u64 {
    let mut rest = mask;
    let mut rank = 0;
    let mut index = 1;
    while rest != 0 {
        let element = rest.trailing_zeros() as usize;
        rank += binomial(element, index);
        rest &= rest - 1;
        index += 1;
    }
    rank
}

/// The `k`-subset mask whose colex rank is `rank`; inverse of [`rank_subset`].
///
/// `k` must be at most 64 and `rank` below `C(64, k)`; the result lies in `0..n` whenever `rank`
/// is below `C(n, k)`.
pub fn unrank_subset(rank: u64, k: usize) -> u64 {
    let mut mask = 0;
    for_each_element_of_rank(rank, k, |_, element| mask |= 1 << element);
    mask
}

/// The colex rank of the subset listed by `cells`; the same rank as [`rank_subset`] gives.
///
/// `cells` must be strictly increasing and below 64.
pub fn rank_sorted_subset(cells: &[u8]) -> u64 {
    debug_assert!(
        cells.windows(2).all(|pair| pair[0] < pair[1]),
        "cells not increasing"
    );
    debug_assert!(
        cells.iter().all(|&cell| usize::from(cell) < MAX_N),
        "cell above 63"
    );
    cells
        .iter()
        .enumerate()
        .map(|(index, &cell)| binomial(usize::from(cell), index + 1))
        .sum()
}

/// Writes into `out`, increasing, the `out.len()`-subset whose colex rank is `rank`; inverse of
/// [`rank_sorted_subset`].
///
/// `out.len()` must be at most 64 and `rank` below `C(64, out.len())`.
pub fn unrank_sorted_subset(rank: u64, out: &mut [u8]) {
    for_each_element_of_rank(rank, out.len(), |index, element| out[index] = element);
}

/// Calls `visit(index, element)` for the elements of the `k`-subset of colex rank `rank`, largest
/// (`index = k - 1`) first.
#[inline]
fn for_each_element_of_rank(rank: u64, k: usize, mut visit: impl FnMut(usize, u8)) {
    debug_assert!(k <= MAX_N, "subsets of 0..64 have at most 64 elements");
    debug_assert!(
        rank < binomial(MAX_N, k),
        "rank {rank} out of range for k = {k}"
    );
    let mut rest = rank;
    // Greedy: each element is the largest c with C(c, index + 1) <= rest. Elements decrease, so
    // one downward sweep over 0..64 finds them all.
    let mut candidate = MAX_N;
    for index in (0..k).rev() {
        candidate -= 1;
        while binomial(candidate, index + 1) > rest {
            candidate -= 1;
        }
        rest -= binomial(candidate, index + 1);
        visit(index, candidate as u8);
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    fn elements(mask: u64) -> Vec<u8> {
        (0..64).filter(|&bit| mask & (1 << bit) != 0).collect()
    }

    #[test]
    fn binomials_are_exact() {
        assert_eq!(binomial(0, 0), 1);
        assert_eq!(binomial(5, 6), 0);
        assert_eq!(binomial(5, 200), 0);
        assert_eq!(binomial(24, 8), 735_471);
        assert_eq!(binomial(64, 4), 635_376);
        assert_eq!(binomial(64, 32), 1_832_624_140_942_590_534);
        assert_eq!(binomial(64, 64), 1);
    }

    #[test]
    fn binomials_match_the_product_formula() {
        for n in 0..=64u128 {
            let mut product = 1u128;
            for k in 0..=n {
                assert_eq!(
                    u128::from(binomial(n as usize, k as usize)),
                    product,
                    "C({n}, {k})"
                );
                product = product * (n - k) / (k + 1);
            }
        }
    }

    #[test]
    fn ranks_by_hand() {
        assert_eq!(rank_subset(0), 0);
        // 3-subsets in colex order: {0,1,2} {0,1,3} {0,2,3} {1,2,3} {0,1,4} ...
        assert_eq!(rank_subset(0b0_0111), 0);
        assert_eq!(rank_subset(0b0_1011), 1);
        assert_eq!(rank_subset(0b0_1101), 2);
        assert_eq!(rank_subset(0b0_1110), 3);
        assert_eq!(rank_subset(0b1_0011), 4);
        assert_eq!(rank_sorted_subset(&[0, 2, 3]), 2);
        assert_eq!(rank_subset(u64::MAX), 0);
        assert_eq!(rank_subset(1 << 63), 63);
        assert_eq!(rank_subset(u64::MAX << 32), binomial(64, 32) - 1);
    }

    #[test]
    fn unranks_by_hand() {
        assert_eq!(unrank_subset(0, 0), 0);
        assert_eq!(unrank_subset(4, 3), 0b1_0011);
        assert_eq!(unrank_subset(0, 64), u64::MAX);
        assert_eq!(unrank_subset(binomial(64, 32) - 1, 32), u64::MAX << 32);
        let mut out = [0; 3];
        unrank_sorted_subset(2, &mut out);
        assert_eq!(out, [0, 2, 3]);
    }

    #[test]
    fn exhaustive_bijection_in_colex_order() {
        for n in 0..=12 {
            for k in 0..=n {
                let count = binomial(n, k);
                let mut previous = None;
                let mut sorted = vec![0; k];
                for rank in 0..count {
                    let mask = unrank_subset(rank, k);
                    // Increasing masks are distinct; C(n, k) of them in 0..n are all k-subsets.
                    assert!(
                        previous < Some(mask),
                        "n={n} k={k}: rank {rank} out of order"
                    );
                    assert!(mask < 1 << n, "n={n} k={k}: rank {rank} leaves 0..n");
                    assert_eq!(mask.count_ones() as usize, k);
                    assert_eq!(rank_subset(mask), rank);
                    unrank_sorted_subset(rank, &mut sorted);
                    assert_eq!(sorted, elements(mask));
                    assert_eq!(rank_sorted_subset(&sorted), rank);
                    previous = Some(mask);
                }
            }
        }
    }

    proptest! {
        #[test]
        fn mask_round_trips(mask in any::<u64>()) {
            let k = mask.count_ones() as usize;
            let rank = rank_subset(mask);
            prop_assert!(rank < binomial(64, k));
            prop_assert_eq!(unrank_subset(rank, k), mask);
            prop_assert_eq!(rank_sorted_subset(&elements(mask)), rank);
        }

        #[test]
        fn rank_round_trips(k in 0..=64usize, seed in any::<u64>()) {
            let rank = seed % binomial(64, k);
            let mask = unrank_subset(rank, k);
            prop_assert_eq!(mask.count_ones() as usize, k);
            prop_assert_eq!(rank_subset(mask), rank);
            let mut sorted = vec![0; k];
            unrank_sorted_subset(rank, &mut sorted);
            prop_assert_eq!(&sorted, &elements(mask));
        }
    }
}
