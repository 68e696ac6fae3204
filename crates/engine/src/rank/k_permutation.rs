//! `k` distinct items placed on `n` cells, in lexicographic order of the cell sequence: the
//! [partial permutations](https://en.wikipedia.org/wiki/Permutation#k-permutations_of_n) of
//! pattern databases, ranked by a Lehmer code with mixed radices `n, n - 1, ..., n - k + 1`.

use super::{count_below, nth_set_bit};

/// The largest number of cells: the used cells are tracked in a `u64`.
const MAX_CELLS: usize = 64;

/// The largest `k` with `n!/(n-k)! < 2^64` for some `n`: that count is at least `k!`, and
/// `21! >= 2^64`.
const MAX_ITEMS: usize = 20;

/// `n!/(n-k)!`, the number of ways to place `k` distinct items on `n` cells; 0 when `k > n`.
///
/// # Panics
///
/// If the count does not fit in a `u64`; it does for `k <= 10` (any `n <= 64`), `k <= 13`
/// (`n <= 32`) and `n <= 20`.
pub fn k_permutation_count(n: usize, k: usize) -> u64 {
    if k > n {
        return 0;
    }
    (n - k + 1..=n).fold(1u64, |count, factor| {
        count
            .checked_mul(factor as u64)
            .expect("k-permutation count overflows u64")
    })
}

/// The lexicographic rank of `positions`, in `0..k_permutation_count(n, positions.len())`.
///
/// `positions` must be distinct cells below `n`, with `n <= 64` and the count fitting in a `u64`.
/// With `k = n` this is [`rank_permutation`](super::rank_permutation).
pub fn rank_k_permutation(positions: &[u8], n: usize) -> u64 {
    KPermutationRanker::new(n, positions.len()).rank(positions)
}

/// Writes into `out` the placement of `out.len()` items on `n` cells whose lexicographic rank is
/// `rank`; inverse of [`rank_k_permutation`].
///
/// `n <= 64`, `out.len() <= n` and `rank < k_permutation_count(n, out.len())`.
pub fn unrank_k_permutation(rank: u64, n: usize, out: &mut [u8]) {
    KPermutationRanker::new(n, out.len()).unrank(rank, out);
}

/// Ranks and unranks placements of `k` distinct items on `n` cells with the digit weights
/// precomputed, for hot loops such as building a pattern database.
#[derive(Clone, Debug)]
pub struct KPermutationRanker {
    cells: usize,
    items: usize,
    /// `weights[i] = (n-i-1)!/(n-k)!`: the number of placements sharing the first `i + 1` cells.
    weights: [u64; MAX_ITEMS],
    size: u64,
}

impl KPermutationRanker {
    /// A ranker for `k` distinct items on `n` cells.
    ///
    /// # Panics
    ///
    /// Unless `n <= 64`, `k <= n` and `n!/(n-k)!` fits in a `u64`.
    pub fn new(n: usize, k: usize) -> Self {
        assert!(n <= MAX_CELLS, "at most {MAX_CELLS} cells, not {n}");
        assert!(k <= n, "{k} items do not fit on {n} cells");
        let size = k_permutation_count(n, k);
        let mut weights = [0; MAX_ITEMS];
        let mut weight = 1;
        for i in (0..k).rev() {
            weights[i] = weight;
            weight *= (n - i) as u64;
        }
        Self {
            cells: n,
            items: k,
            weights,
            size,
        }
    }

    /// The number of placements, `n!/(n-k)!`: ranks lie in `0..size()`.
    #[inline]
    pub fn size(&self) -> u64 {
        self.size
    }

    /// The weight of each item's digit, `(n-i-1)! / (n-k)!` for item `i`: the rank is the sum
    /// of digit times weight, an item's digit counting the free cells below it that no earlier
    /// item holds. Searches that move one item at a time update a rank through them.
    pub fn weights(&self) -> &[u64] {
        &self.weights[..self.items]
    }

    /// The lexicographic rank of `positions`, in `0..size()`. Runs in O(k).
    ///
    /// `positions` must hold `k` distinct cells below `n`.
    #[inline]
    pub fn rank(&self, positions: &[u8]) -> u64 {
        debug_assert_eq!(positions.len(), self.items, "wrong number of items");
        let mut used = 0u64;
        let mut rank = 0;
        for (&cell, &weight) in positions.iter().zip(&self.weights) {
            debug_assert!(usize::from(cell) < self.cells, "cell {cell} out of range");
            debug_assert!(used & (1 << cell) == 0, "cell {cell} repeated");
            // Digit: how many cells below this one are still free.
            let digit = u64::from(cell) - u64::from(count_below(used, cell));
            rank += digit * weight;
            used |= 1 << cell;
        }
        rank
    }

    /// Writes into `out` the `k` cells of the placement whose lexicographic rank is `rank`.
    ///
    /// `out.len()` must be `k` and `rank` below `size()`.
    #[inline]
    pub fn unrank(&self, rank: u64, out: &mut [u8]) {
        debug_assert_eq!(out.len(), self.items, "wrong number of items");
        debug_assert!(
            rank < self.size,
            "rank {rank} out of range 0..{}",
            self.size
        );
        let mut free = u64::MAX
            .checked_shr((MAX_CELLS - self.cells) as u32)
            .unwrap_or(0);
        let mut rest = rank;
        for (slot, &weight) in out.iter_mut().zip(&self.weights) {
            let cell = nth_set_bit(free, rest / weight);
            rest %= weight;
            free &= !(1 << cell);
            *slot = cell;
        }
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::rank::rank_permutation;

    fn placement(n: usize, k: usize) -> impl Strategy<Value = Vec<u8>> {
        Just((0..n as u8).collect::<Vec<u8>>())
            .prop_shuffle()
            .prop_map(move |cells| cells[..k].to_vec())
    }

    #[test]
    fn counts_are_exact() {
        assert_eq!(k_permutation_count(16, 8), 518_918_400);
        assert_eq!(k_permutation_count(25, 6), 127_512_000);
        assert_eq!(k_permutation_count(5, 0), 1);
        assert_eq!(k_permutation_count(5, 5), 120);
        assert_eq!(k_permutation_count(5, 6), 0);
        assert_eq!(k_permutation_count(20, 20), 2_432_902_008_176_640_000);
        assert_eq!(KPermutationRanker::new(16, 8).size(), 518_918_400);
    }

    #[test]
    fn ranks_by_hand() {
        // 2 items on 3 cells: 01 02 10 12 20 21
        assert_eq!(rank_k_permutation(&[0, 1], 3), 0);
        assert_eq!(rank_k_permutation(&[1, 2], 3), 3);
        assert_eq!(rank_k_permutation(&[2, 1], 3), 5);
        assert_eq!(rank_k_permutation(&[], 7), 0);
        assert_eq!(
            rank_k_permutation(&[15, 14, 13, 12, 11, 10, 9, 8], 16),
            518_918_399
        );
        let mut out = [0; 2];
        unrank_k_permutation(3, 3, &mut out);
        assert_eq!(out, [1, 2]);
    }

    #[test]
    fn exhaustive_bijection_in_lexicographic_order() {
        for n in 0..=8 {
            for k in 0..=n {
                let ranker = KPermutationRanker::new(n, k);
                let mut previous: Option<Vec<u8>> = None;
                let mut current = vec![0; k];
                for rank in 0..ranker.size() {
                    ranker.unrank(rank, &mut current);
                    // Strictly increasing sequences of distinct cells below n, n!/(n-k)! of them.
                    assert!(
                        previous.as_ref() < Some(&current),
                        "n={n} k={k}: rank {rank}"
                    );
                    assert!(current.iter().all(|&cell| usize::from(cell) < n));
                    let used = current.iter().fold(0u64, |used, &cell| used | 1 << cell);
                    assert_eq!(used.count_ones() as usize, k, "n={n} k={k}: repeated cell");
                    assert_eq!(ranker.rank(&current), rank);
                    assert_eq!(rank_k_permutation(&current, n), rank);
                    previous = Some(current.clone());
                }
            }
        }
    }

    #[test]
    fn full_placements_rank_like_permutations() {
        for n in 1..=7 {
            let mut perm = vec![0; n];
            for rank in 0..k_permutation_count(n, n) {
                unrank_k_permutation(rank, n, &mut perm);
                assert_eq!(rank_permutation(&perm), rank);
                // Dropping the last cell loses no information: it is the only free one.
                assert_eq!(rank_k_permutation(&perm[..n - 1], n), rank);
            }
        }
    }

    proptest! {
        #[test]
        fn round_trips_on_16_cells(k in 0..=8usize, cells in placement(16, 16)) {
            let positions = &cells[..k];
            let ranker = KPermutationRanker::new(16, k);
            let rank = ranker.rank(positions);
            prop_assert!(rank < ranker.size());
            prop_assert_eq!(rank_k_permutation(positions, 16), rank);
            let mut out = vec![0; k];
            ranker.unrank(rank, &mut out);
            prop_assert_eq!(&out[..], positions);
        }

        #[test]
        fn round_trips_on_25_cells(positions in (0..=8usize).prop_flat_map(|k| placement(25, k))) {
            let rank = rank_k_permutation(&positions, 25);
            prop_assert!(rank < k_permutation_count(25, positions.len()));
            let mut out = vec![0; positions.len()];
            unrank_k_permutation(rank, 25, &mut out);
            prop_assert_eq!(out, positions);
        }

        #[test]
        fn unrank_then_rank_round_trips(k in 0..=10usize, seed in any::<u64>()) {
            let ranker = KPermutationRanker::new(64, k);
            let rank = seed % ranker.size();
            let mut out = vec![0; k];
            ranker.unrank(rank, &mut out);
            prop_assert_eq!(ranker.rank(&out), rank);
        }
    }
}
