//! Arrangements of a multiset on cells in lexicographic order: the
//! [permutations of a multiset](https://en.wikipedia.org/wiki/Permutation#Permutations_of_multisets),
//! counted by the [multinomial coefficient](https://en.wikipedia.org/wiki/Multinomial_theorem#Multinomial_coefficients).
//!
//! If `m` cells remain holding `c_s` copies of each symbol `s`, and they can be arranged in `M`
//! ways, then `M * c_s / m` of those arrangements start with `s` (an exact division). The rank
//! adds, cell by cell, the arrangements that start with a smaller symbol.

use super::binomial;

/// The largest number of cells, and of symbols.
const MAX_CELLS: usize = 64;

/// Ranks and unranks the arrangements of a fixed multiset of symbols on cells, e.g. 16 cells
/// holding 2 empty (0), 7 black (1) and 7 white (2) stones: `16!/(2!7!7!) = 411,840` boards.
#[derive(Clone, Debug)]
pub struct MultisetRanker {
    /// `counts[s]` cells hold symbol `s`, for `s < symbols`.
    counts: [u8; MAX_CELLS],
    symbols: usize,
    cells: usize,
    size: u64,
}

impl MultisetRanker {
    /// A ranker for arrangements where `counts[s]` cells hold symbol `s`.
    ///
    /// # Panics
    ///
    /// Unless `counts.len()` and `counts.iter().sum()` (the number of cells) are at most 64 and
    /// the multinomial coefficient fits in a `u64`.
    pub fn new(counts: &[usize]) -> Self {
        assert!(counts.len() <= MAX_CELLS, "at most {MAX_CELLS} symbols");
        let cells: usize = counts.iter().sum();
        assert!(cells <= MAX_CELLS, "at most {MAX_CELLS} cells, not {cells}");
        let mut stored = [0; MAX_CELLS];
        let mut placed = 0;
        let mut size = 1u64;
        for (slot, &count) in stored.iter_mut().zip(counts) {
            *slot = count as u8;
            placed += count;
            // Choose which of the cells placed so far hold this symbol.
            size = size
                .checked_mul(binomial(placed, count))
                .expect("multinomial coefficient overflows u64");
        }
        Self {
            counts: stored,
            symbols: counts.len(),
            cells,
            size,
        }
    }

    /// The number of arrangements, the multinomial coefficient: ranks lie in `0..size()`.
    #[inline]
    pub fn size(&self) -> u64 {
        self.size
    }

    /// The lexicographic rank of the arrangement `cells`, in `0..size()`.
    ///
    /// `cells[i]` is the symbol in cell `i`; each symbol `s` must occur exactly `counts[s]` times.
    pub fn rank(&self, cells: &[u8]) -> u64 {
        debug_assert_eq!(cells.len(), self.cells, "wrong number of cells");
        let mut remaining = self.counts;
        let mut arrangements = self.size;
        let mut rank = 0;
        for (index, &symbol) in cells.iter().enumerate() {
            let symbol = usize::from(symbol);
            debug_assert!(symbol < self.symbols, "unknown symbol {symbol}");
            debug_assert!(remaining[symbol] > 0, "symbol {symbol} occurs too often");
            let left = (self.cells - index) as u64;
            let smaller: u64 = remaining[..symbol].iter().map(|&c| u64::from(c)).sum();
            rank += share(arrangements, smaller, left);
            arrangements = share(arrangements, u64::from(remaining[symbol]), left);
            remaining[symbol] -= 1;
        }
        rank
    }

    /// Writes into `out` the arrangement whose lexicographic rank is `rank`; inverse of
    /// [`rank`](Self::rank).
    ///
    /// `out.len()` must be the number of cells and `rank` below `size()`.
    pub fn unrank(&self, rank: u64, out: &mut [u8]) {
        debug_assert_eq!(out.len(), self.cells, "wrong number of cells");
        debug_assert!(
            rank < self.size,
            "rank {rank} out of range 0..{}",
            self.size
        );
        let mut remaining = self.counts;
        let mut arrangements = self.size;
        let mut rest = rank;
        for (index, slot) in out.iter_mut().enumerate() {
            let left = (self.cells - index) as u64;
            let mut symbol = 0;
            let mut starting_with = share(arrangements, u64::from(remaining[0]), left);
            while rest >= starting_with {
                rest -= starting_with;
                symbol += 1;
                debug_assert!(symbol < self.symbols, "rank out of range");
                starting_with = share(arrangements, u64::from(remaining[symbol]), left);
            }
            *slot = symbol as u8;
            arrangements = starting_with;
            remaining[symbol] -= 1;
        }
    }
}

/// `arrangements * part / whole`: how many of the `arrangements` of `whole` cells start with one
/// of `part` given cells. Exact; widens to `u128` only when the product overflows.
#[inline]
fn share(arrangements: u64, part: u64, whole: u64) -> u64 {
    match arrangements.checked_mul(part) {
        Some(product) => product / whole,
        None => (u128::from(arrangements) * u128::from(part) / u128::from(whole)) as u64,
    }
}

#[cfg(test)]
mod tests {
    use proptest::collection::vec;
    use proptest::prelude::*;

    use super::*;
    use crate::rank::{factorial, rank_permutation, rank_subset};

    fn counts_of(cells: &[u8]) -> Vec<usize> {
        let symbols = cells.iter().map(|&s| usize::from(s) + 1).max().unwrap_or(0);
        (0..symbols)
            .map(|s| cells.iter().filter(|&&c| usize::from(c) == s).count())
            .collect()
    }

    /// The multinomial coefficient built one cell at a time: `M(c + e_s) = M(c) * n / c_s`.
    fn multinomial(counts: &[usize]) -> u128 {
        let mut seen = vec![0; counts.len()];
        let mut total = 0;
        let mut product = 1u128;
        for (symbol, &count) in counts.iter().enumerate() {
            for _ in 0..count {
                seen[symbol] += 1;
                total += 1;
                product = product * total / seen[symbol];
            }
        }
        product
    }

    /// Every arrangement, in rank order: checks it is strictly increasing (so distinct), has the
    /// right symbols, and ranks back; `size()` of them are then all the arrangements.
    fn check_exhaustively(counts: &[usize]) {
        let ranker = MultisetRanker::new(counts);
        assert_eq!(u128::from(ranker.size()), multinomial(counts), "{counts:?}");
        let cells: usize = counts.iter().sum();
        let mut previous: Option<Vec<u8>> = None;
        let mut current = vec![0; cells];
        for rank in 0..ranker.size() {
            ranker.unrank(rank, &mut current);
            assert!(
                previous.as_ref() < Some(&current),
                "{counts:?}: rank {rank} out of order"
            );
            let mut found = counts_of(&current);
            found.resize(counts.len(), 0);
            assert_eq!(found, counts, "rank {rank}: {current:?}");
            assert_eq!(ranker.rank(&current), rank, "{current:?}");
            previous = Some(current.clone());
        }
    }

    /// Arrangements whose multinomial coefficient fits in a `u64`: it is at most
    /// `symbols^cells`, so few symbols on many cells, or many cells of one background symbol.
    fn arrangement() -> impl Strategy<Value = Vec<u8>> {
        let dense = (1..=6u8).prop_flat_map(|symbols| {
            let max_cells = [64, 64, 40, 32, 27, 24][usize::from(symbols) - 1];
            vec(0..symbols, 0..=max_cells)
        });
        let sparse = vec((0..64usize, 1..=5u8), 0..=10).prop_map(|marks| {
            let mut cells = vec![0; 64];
            for (cell, symbol) in marks {
                cells[cell] = symbol;
            }
            cells
        });
        prop_oneof![dense, sparse]
    }

    #[test]
    fn sizes_are_exact() {
        assert_eq!(MultisetRanker::new(&[2, 7, 7]).size(), 411_840);
        assert_eq!(MultisetRanker::new(&[7, 7, 2]).size(), 411_840);
        assert_eq!(MultisetRanker::new(&[2, 2, 1]).size(), 30);
        assert_eq!(MultisetRanker::new(&[]).size(), 1);
        assert_eq!(MultisetRanker::new(&[0, 4, 0]).size(), 1);
        assert_eq!(MultisetRanker::new(&[32, 32]).size(), binomial(64, 32));
        assert_eq!(MultisetRanker::new(&[1; 20]).size(), factorial(20));
    }

    #[test]
    fn ranks_by_hand() {
        // Two 0s and a 1: 001 010 100.
        let ranker = MultisetRanker::new(&[2, 1]);
        assert_eq!(ranker.rank(&[0, 0, 1]), 0);
        assert_eq!(ranker.rank(&[0, 1, 0]), 1);
        assert_eq!(ranker.rank(&[1, 0, 0]), 2);
        let stones = MultisetRanker::new(&[2, 7, 7]);
        let last = [2, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 0, 0];
        assert_eq!(stones.rank(&last), 411_839);
        let mut out = [0; 16];
        stones.unrank(411_839, &mut out);
        assert_eq!(out, last);
    }

    #[test]
    fn exhaustive_bijection_in_lexicographic_order() {
        for counts in [
            &[][..],
            &[3],
            &[0, 3],
            &[2, 2, 1],
            &[1, 0, 2, 1],
            &[1, 1, 1, 1, 1],
            &[3, 3, 3],
            &[7, 7, 2],
            &[2, 7, 7],
        ] {
            check_exhaustively(counts);
        }
    }

    #[test]
    fn distinct_symbols_rank_like_permutations() {
        let ranker = MultisetRanker::new(&[1; 7]);
        let mut perm = [0; 7];
        for rank in 0..ranker.size() {
            ranker.unrank(rank, &mut perm);
            assert_eq!(rank_permutation(&perm), rank);
        }
    }

    #[test]
    fn two_symbols_rank_like_subsets_read_backwards() {
        // Colex order of a subset of 0..n is lexicographic order of its indicator from cell n - 1
        // down to cell 0.
        let n = 12;
        for k in 0..=n {
            let ranker = MultisetRanker::new(&[n - k, k]);
            let mut cells = vec![0; n];
            for rank in 0..ranker.size() {
                ranker.unrank(rank, &mut cells);
                let mask = cells
                    .iter()
                    .fold(0u64, |mask, &bit| mask << 1 | u64::from(bit));
                assert_eq!(rank_subset(mask), rank, "{cells:?}");
            }
        }
    }

    proptest! {
        #[test]
        fn rank_then_unrank_round_trips(cells in arrangement()) {
            let counts = counts_of(&cells);
            let ranker = MultisetRanker::new(&counts);
            prop_assert_eq!(u128::from(ranker.size()), multinomial(&counts));
            let rank = ranker.rank(&cells);
            prop_assert!(rank < ranker.size());
            let mut out = vec![0; cells.len()];
            ranker.unrank(rank, &mut out);
            prop_assert_eq!(out, cells);
        }

        #[test]
        fn unrank_then_rank_round_trips(cells in arrangement(), seed in any::<u64>()) {
            let ranker = MultisetRanker::new(&counts_of(&cells));
            let rank = seed % ranker.size();
            let mut out = vec![0; cells.len()];
            ranker.unrank(rank, &mut out);
            prop_assert_eq!(counts_of(&out), counts_of(&cells));
            prop_assert_eq!(ranker.rank(&out), rank);
        }

        #[test]
        fn ranks_follow_lexicographic_order(
            (first, second) in arrangement().prop_flat_map(|cells| {
                (Just(cells.clone()), Just(cells).prop_shuffle())
            })
        ) {
            let ranker = MultisetRanker::new(&counts_of(&first));
            prop_assert_eq!(
                ranker.rank(&first).cmp(&ranker.rank(&second)),
                first.cmp(&second)
            );
        }
    }
}
