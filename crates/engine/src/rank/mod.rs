//! Perfect hashing of combinatorial objects: rank and unrank.
//!
//! Each scheme is a bijection between the objects of one size and the integers `0..count`, so a
//! state can index a dense array (a visited set, a pattern database) and be rebuilt from its index.
//!
//! | objects | order | rank | unrank |
//! |---|---|---|---|
//! | permutations of `0..n`, `n <= 20` | lexicographic (Cantor expansion) | [`rank_permutation`] | [`unrank_permutation`] |
//! | `k`-subsets of `0..64` | colex (combinatorial number system) | [`rank_subset`], [`rank_sorted_subset`] | [`unrank_subset`], [`unrank_sorted_subset`] |
//! | `k` distinct cells out of `n <= 32`, in order | lexicographic | [`rank_k_permutation`], [`KPermutationRanker::rank`] | [`unrank_k_permutation`], [`KPermutationRanker::unrank`] |
//! | arrangements of a multiset on `<= 64` cells | lexicographic | [`MultisetRanker::rank`] | [`MultisetRanker::unrank`] |
//! | orientations of `n` pieces, `k` each, with a fixed sum mod `k` | base `k`, last digit implied | [`rank_orientation`] | [`unrank_orientation`] |
//! | pairs of two ranked parts | mixed radix, the first part most significant | [`MixedRadix::rank`] | [`MixedRadix::unrank`] |
//! | classes of ranks under a group of symmetries | by smallest member | [`SymmetryClasses::class_of`] | [`SymmetryClasses::representative`] |
//!
//! Preconditions are checked with `debug_assert!` only: on invalid input a release build returns
//! a meaningless rank instead of panicking.
//!
//! ```
//! use statespace_engine::rank::{
//!     MultisetRanker, rank_permutation, rank_subset, unrank_permutation, unrank_subset,
//! };
//!
//! // Eight puzzle: 9! = 362,880 ranks; the solved board ranks first.
//! let solved = [0, 1, 2, 3, 4, 5, 6, 7, 8];
//! assert_eq!(rank_permutation(&solved), 0);
//! let mut board = [0; 9];
//! unrank_permutation(362_879, &mut board);
//! assert_eq!(board, [8, 7, 6, 5, 4, 3, 2, 1, 0]);
//!
//! // {0, 1, 2} is the first 3-subset, {0, 1, 3} the second.
//! assert_eq!(rank_subset(0b1011), 1);
//! assert_eq!(unrank_subset(1, 3), 0b1011);
//!
//! // 16 cells holding 2 empty (0), 7 black (1) and 7 white (2) stones.
//! let boards = MultisetRanker::new(&[2, 7, 7]);
//! assert_eq!(boards.size(), 411_840);
//! let mut cells = [0; 16];
//! boards.unrank(0, &mut cells);
//! assert_eq!(cells, [0, 0, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2]);
//! assert_eq!(boards.rank(&cells), 0);
//! ```

mod combination;
mod k_permutation;
mod multiset;
mod orientation;
mod permutation;
mod product;
mod symmetry;

pub use combination::{
    binomial, rank_sorted_subset, rank_subset, unrank_sorted_subset, unrank_subset,
};
pub use k_permutation::{
    KPermutationRanker, k_permutation_count, rank_k_permutation, unrank_k_permutation,
};
pub use multiset::MultisetRanker;
pub use orientation::{orientation_count, rank_orientation, unrank_orientation};
pub use permutation::{
    PermutationUnranker, factorial, permutation_parity, rank_permutation, rank_prefix,
    rank_suffixes, unrank_permutation,
};
pub use product::MixedRadix;
pub use symmetry::SymmetryClasses;

/// How many set bits of `mask` lie below bit `bit` (`bit < 64`).
#[inline]
fn count_below(mask: u64, bit: u8) -> u32 {
    (mask & ((1u64 << bit) - 1)).count_ones()
}

/// The position of the set bit of `mask` that has `index` set bits below it.
///
/// `mask` must have more than `index` set bits.
#[inline]
fn nth_set_bit(mut mask: u64, index: u64) -> u8 {
    debug_assert!(u64::from(mask.count_ones()) > index, "too few set bits");
    for _ in 0..index {
        mask &= mask - 1;
    }
    mask.trailing_zeros() as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn count_below_counts_only_lower_bits() {
        assert_eq!(count_below(0b1011_0110, 0), 0);
        assert_eq!(count_below(0b1011_0110, 3), 2);
        assert_eq!(count_below(0b1011_0110, 5), 3);
        assert_eq!(count_below(u64::MAX, 63), 63);
    }

    #[test]
    fn nth_set_bit_selects_in_increasing_order() {
        let mask = 0b1011_0110;
        let bits: Vec<u8> = (0..5).map(|i| nth_set_bit(mask, i)).collect();
        assert_eq!(bits, [1, 2, 4, 5, 7]);
        assert_eq!(nth_set_bit(u64::MAX, 63), 63);
    }
}
