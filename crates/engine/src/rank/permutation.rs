//! Permutations of `0..n` in lexicographic order: the Cantor expansion, i.e. the
//! [Lehmer code](https://en.wikipedia.org/wiki/Lehmer_code) read in the
//! [factorial number system](https://en.wikipedia.org/wiki/Factorial_number_system).

use super::{count_below, nth_set_bit};

/// The largest `n` whose permutations can be ranked: `20! < 2^64 < 21!`.
const MAX_LEN: usize = 20;

const FACTORIALS: [u64; MAX_LEN + 1] = {
    let mut table = [1u64; MAX_LEN + 1];
    let mut n = 1;
    while n <= MAX_LEN {
        table[n] = table[n - 1] * n as u64;
        n += 1;
    }
    table
};

/// `n!`, the number of permutations of `0..n`; `n` must be at most 20.
#[inline]
pub fn factorial(n: usize) -> u64 {
    debug_assert!(n <= MAX_LEN, "{n}! does not fit in u64");
    FACTORIALS[n]
}

/// The lexicographic rank of `perm` among the permutations of `0..perm.len()`, in `0..n!`.
///
/// `perm` must be a permutation of `0..perm.len()` with `perm.len() <= 20`. The identity ranks 0
/// and its reverse `n! - 1`. Runs in O(n).
#[inline]
pub fn rank_permutation(perm: &[u8]) -> u64 {
    let n = perm.len();
    debug_assert!(
        n <= MAX_LEN,
        "permutations of more than {MAX_LEN} items do not fit in u64"
    );
    let mut used = 0u64;
    let mut rank = 0u64;
    for (i, &item) in perm.iter().enumerate() {
        debug_assert!(usize::from(item) < n, "item {item} out of range 0..{n}");
        debug_assert!(used & (1 << item) == 0, "item {item} repeated");
        // Lehmer digit: how many smaller items are still unused; its weight is (n - 1 - i)!.
        // Summing weighted digits keeps the multiplications independent of one another.
        let digit = u64::from(item) - u64::from(count_below(used, item));
        rank += digit * FACTORIALS[n - 1 - i];
        used |= 1 << item;
    }
    rank
}

/// The part of the rank ([`rank_permutation`]) of a permutation of `0..n` that its first items
/// `prefix` make (at most `n`): each position's Lehmer digit counts the smaller items after it, so it depends
/// on its item and the set of items after it alone. A change confined to the first `k`
/// positions leaves the digits from `k` on: the changed permutation ranks
/// `rank_prefix(changed[..k], n) + suffixes[k]`, with the `suffixes` of [`rank_suffixes`].
///
/// ```
/// use statespace_engine::rank::{rank_permutation, rank_prefix, rank_suffixes};
/// let mut suffixes = [0; 6];
/// rank_suffixes(&[3, 1, 4, 0, 2], &mut suffixes);
/// assert_eq!(suffixes[0], rank_permutation(&[3, 1, 4, 0, 2]));
/// // The first three reversed: only their digits are recounted.
/// let flipped = [4, 1, 3, 0, 2];
/// assert_eq!(rank_prefix(flipped[..3].iter().copied(), 5) + suffixes[3], rank_permutation(&flipped));
/// ```
#[inline]
pub fn rank_prefix(prefix: impl IntoIterator<Item = u8>, n: usize) -> u64 {
    debug_assert!(n <= MAX_LEN, "{n} items");
    let mut used = 0u64;
    let mut part = 0u64;
    for (i, item) in prefix.into_iter().enumerate() {
        let digit = u64::from(item) - u64::from(count_below(used, item));
        part += digit * FACTORIALS[n - 1 - i];
        used |= 1 << item;
    }
    part
}

/// Writes into `out[i]`, for every position `i` of `perm` (a permutation of `0..n`, at most 20
/// items) and for `i = n`, the part of its rank ([`rank_permutation`]) that the positions from
/// `i` on make: `out[0]` is the rank, `out[n]` is 0. See [`rank_prefix`].
pub fn rank_suffixes(perm: &[u8], out: &mut [u64]) {
    let n = perm.len();
    debug_assert!(
        n <= MAX_LEN && out.len() > n,
        "{n} items, {} parts",
        out.len()
    );
    let mut used = 0u64;
    for (i, &item) in perm.iter().enumerate() {
        out[i] = (u64::from(item) - u64::from(count_below(used, item))) * FACTORIALS[n - 1 - i];
        used |= 1 << item;
    }
    out[n] = 0;
    for i in (0..n).rev() {
        out[i] += out[i + 1];
    }
}

/// Writes into `out` the permutation of `0..out.len()` whose lexicographic rank is `rank`.
///
/// `out.len()` must be at most 20 and `rank` below `out.len()!`. Inverse of [`rank_permutation`].
pub fn unrank_permutation(rank: u64, out: &mut [u8]) {
    let n = out.len();
    debug_assert!(
        n <= MAX_LEN,
        "permutations of more than {MAX_LEN} items do not fit in u64"
    );
    debug_assert!(rank < factorial(n), "rank {rank} out of range 0..{n}!");
    // Lehmer digits come out least significant (last position, radix 1) first.
    let mut rest = rank;
    for (i, slot) in out.iter_mut().enumerate().rev() {
        let radix = (n - i) as u64;
        *slot = (rest % radix) as u8;
        rest /= radix;
    }
    let mut unused = (1u64 << n) - 1;
    for slot in out.iter_mut() {
        let item = nth_set_bit(unused, u64::from(*slot));
        unused &= !(1 << item);
        *slot = item;
    }
}

/// Unranks permutations of `0..n` one after the other, in increasing rank order, sharing the work
/// between neighbours: only the Lehmer digits a step changes (the last few, for nearby ranks) are
/// added to, and only the positions from the first changed digit on are rebuilt.
///
/// ```
/// use statespace_engine::rank::{PermutationUnranker, unrank_permutation};
/// let mut unranker = PermutationUnranker::new(5);
/// for rank in [0, 1, 7, 8, 119] {
///     let mut expected = [0u8; 5];
///     unrank_permutation(rank, &mut expected);
///     assert_eq!(unranker.seek(rank), expected);
/// }
/// ```
#[derive(Clone, Debug)]
pub struct PermutationUnranker {
    n: usize,
    rank: u64,
    /// The Lehmer digits of `rank`: position `i` has radix `n - i`.
    digits: [u8; MAX_LEN],
    /// The permutation of `rank`.
    items: [u8; MAX_LEN],
    /// The items not used before each position.
    unused: [u64; MAX_LEN + 1],
}

impl PermutationUnranker {
    /// An unranker of permutations of `0..n` (at most 20 items), standing at rank 0.
    pub fn new(n: usize) -> Self {
        assert!(
            n <= MAX_LEN,
            "permutations of more than {MAX_LEN} items do not fit in u64"
        );
        let mut unranker = Self {
            n,
            rank: 0,
            digits: [0; MAX_LEN],
            items: [0; MAX_LEN],
            unused: [0; MAX_LEN + 1],
        };
        unranker.unused[0] = (1u64 << n) - 1;
        unranker.rebuild(0);
        unranker
    }

    /// The permutation of `rank`, below `n!`: fastest when ranks come in increasing order and
    /// close together.
    pub fn seek(&mut self, rank: u64) -> &[u8] {
        debug_assert!(rank < factorial(self.n), "rank out of range");
        let first = match rank.checked_sub(self.rank) {
            Some(step) => self.add(step),
            None => {
                let mut rest = rank;
                for i in (0..self.n).rev() {
                    let radix = (self.n - i) as u64;
                    self.digits[i] = (rest % radix) as u8;
                    rest /= radix;
                }
                0
            }
        };
        self.rank = rank;
        self.rebuild(first);
        &self.items[..self.n]
    }

    /// Adds `step` to the Lehmer digits; returns the first position that changed (`n` if none).
    fn add(&mut self, step: u64) -> usize {
        let mut carry = step;
        let mut position = self.n;
        while carry != 0 && position > 0 {
            position -= 1;
            let radix = (self.n - position) as u64;
            let sum = u64::from(self.digits[position]) + carry;
            if sum < radix {
                self.digits[position] = sum as u8;
                carry = 0;
            } else {
                self.digits[position] = (sum % radix) as u8;
                carry = sum / radix;
            }
        }
        position
    }

    /// Whether the permutation of the current rank is odd: its inversions, the sum of its Lehmer
    /// digits, are.
    pub fn is_odd(&self) -> bool {
        self.digits[..self.n]
            .iter()
            .map(|&digit| u32::from(digit))
            .sum::<u32>()
            % 2
            == 1
    }

    /// Rebuilds the items from position `first` on.
    fn rebuild(&mut self, first: usize) {
        for i in first..self.n {
            let item = nth_set_bit(self.unused[i], u64::from(self.digits[i]));
            self.items[i] = item;
            self.unused[i + 1] = self.unused[i] & !(1 << item);
        }
    }
}

/// Whether `perm` is an odd permutation, i.e. has an odd number of inversions.
///
/// `perm` must be a permutation of `0..perm.len()`, of any length. Runs in O(n): the parity of a
/// permutation is that of `n` minus its number of cycles.
pub fn permutation_parity<T: Copy + Into<usize>>(perm: &[T]) -> bool {
    let n = perm.len();
    let mut visited = vec![false; n];
    let mut cycles = 0;
    for start in 0..n {
        if visited[start] {
            continue;
        }
        cycles += 1;
        let mut item = start;
        while !visited[item] {
            visited[item] = true;
            item = perm[item].into();
            debug_assert!(item < n, "item {item} out of range 0..{n}");
        }
    }
    (n - cycles) % 2 == 1
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    proptest! {
        #[test]
        fn a_prefix_recounted_and_the_suffix_kept_give_the_rank(
            n in 1usize..=20,
            fraction in 0.0f64..1.0,
            other in 0.0f64..1.0,
            k in 0usize..=20,
        ) {
            let size = factorial(n);
            let mut perm = vec![0u8; n];
            unrank_permutation(((fraction * size as f64) as u64).min(size - 1), &mut perm);
            let mut suffixes = [0u64; MAX_LEN + 1];
            rank_suffixes(&perm, &mut suffixes);
            prop_assert_eq!(suffixes[0], rank_permutation(&perm));
            prop_assert_eq!(suffixes[n], 0);
            // Any rearrangement of the first k items.
            let k = k.min(n);
            let mut changed = perm.clone();
            let mut order = vec![0u8; k];
            unrank_permutation(((other * factorial(k) as f64) as u64).min(factorial(k) - 1), &mut order);
            for (slot, &from) in changed[..k].iter_mut().zip(&order) {
                *slot = perm[usize::from(from)];
            }
            prop_assert_eq!(rank_prefix(changed[..k].iter().copied(), n) + suffixes[k], rank_permutation(&changed));
        }

        #[test]
        fn the_unranker_agrees_with_unranking_in_any_order(
            n in 1usize..=20,
            fractions in prop::collection::vec(0.0f64..1.0, 1..40),
        ) {
            let size = factorial(n);
            let mut ranks: Vec<u64> = fractions
                .iter()
                .map(|&f| ((f * size as f64) as u64).min(size - 1))
                .collect();
            let mut unranker = PermutationUnranker::new(n);
            for sorted in [false, true] {
                if sorted {
                    ranks.sort_unstable();
                }
                for &rank in &ranks {
                    let mut expected = vec![0u8; n];
                    unrank_permutation(rank, &mut expected);
                    prop_assert_eq!(unranker.seek(rank), &expected[..]);
                    let near = (rank + 1).min(size - 1);
                    unrank_permutation(near, &mut expected);
                    prop_assert_eq!(unranker.seek(near), &expected[..]);
                }
            }
        }
    }

    fn inversions(perm: &[u8]) -> usize {
        (0..perm.len())
            .map(|i| {
                perm[i + 1..]
                    .iter()
                    .filter(|&&later| later < perm[i])
                    .count()
            })
            .sum()
    }

    fn permutation_of(max_len: usize) -> impl Strategy<Value = Vec<u8>> {
        (0..=max_len).prop_flat_map(|n| Just((0..n as u8).collect::<Vec<u8>>()).prop_shuffle())
    }

    #[test]
    fn factorials_are_exact() {
        assert_eq!(factorial(0), 1);
        assert_eq!(factorial(1), 1);
        assert_eq!(factorial(9), 362_880);
        assert_eq!(factorial(20), 2_432_902_008_176_640_000);
    }

    #[test]
    fn ranks_by_hand() {
        assert_eq!(rank_permutation(&[]), 0);
        assert_eq!(rank_permutation(&[0]), 0);
        // 012 021 102 120 201 210
        assert_eq!(rank_permutation(&[1, 0, 2]), 2);
        assert_eq!(rank_permutation(&[1, 2, 0]), 3);
        assert_eq!(rank_permutation(&[2, 1, 0]), 5);
        // Digits (smaller unused items) 1,0,1,0 in radices 4,3,2,1: 1*3! + 0*2! + 1*1! + 0 = 7.
        assert_eq!(rank_permutation(&[1, 0, 3, 2]), 7);
        let reversed: Vec<u8> = (0..20).rev().collect();
        assert_eq!(rank_permutation(&reversed), factorial(20) - 1);
    }

    #[test]
    fn unranks_by_hand() {
        let mut out = [0; 4];
        unrank_permutation(7, &mut out);
        assert_eq!(out, [1, 0, 3, 2]);
        let mut out = [0; 20];
        unrank_permutation(factorial(20) - 1, &mut out);
        assert!(out.iter().rev().copied().eq(0..20));
    }

    #[test]
    fn exhaustive_bijection_in_lexicographic_order() {
        for n in 1..=8 {
            let mut previous = vec![0; n];
            let mut current = vec![0; n];
            unrank_permutation(0, &mut previous);
            assert!(
                previous.iter().copied().eq(0..n as u8),
                "rank 0 is the identity"
            );
            for rank in 1..factorial(n) {
                unrank_permutation(rank, &mut current);
                // Strictly increasing, hence distinct; n! of them, hence all permutations.
                assert!(previous < current, "n={n}: rank {rank} out of order");
                assert_eq!(rank_permutation(&current), rank, "n={n}: {current:?}");
                std::mem::swap(&mut previous, &mut current);
            }
            let mut sorted = previous.clone();
            sorted.sort_unstable();
            assert!(
                sorted.iter().copied().eq(0..n as u8),
                "n={n}: not a permutation"
            );
        }
    }

    #[test]
    fn parity_by_hand() {
        assert!(!permutation_parity::<u8>(&[]));
        assert!(!permutation_parity(&[0u8, 1, 2]));
        assert!(permutation_parity(&[1u8, 0, 2]));
        assert!(!permutation_parity(&[1u8, 2, 0]));
        // Six inversions; two 2-cycles and two fixed points.
        assert!(!permutation_parity(&[3u8, 2, 1, 0, 4, 5]));
        assert!(permutation_parity(&[1u8, 2, 3, 0]));
        // Beyond 64 items, with wider items: one swap is odd, two are even.
        let mut wide: Vec<u16> = (0..300).collect();
        wide.swap(7, 250);
        assert!(permutation_parity(&wide));
        wide.swap(0, 299);
        assert!(!permutation_parity(&wide));
    }

    proptest! {
        #[test]
        fn rank_then_unrank_round_trips(perm in permutation_of(20)) {
            let rank = rank_permutation(&perm);
            prop_assert!(rank < factorial(perm.len()));
            let mut out = vec![0; perm.len()];
            unrank_permutation(rank, &mut out);
            prop_assert_eq!(out, perm);
        }

        #[test]
        fn unrank_then_rank_round_trips(n in 0..=20usize, seed in any::<u64>()) {
            let rank = seed % factorial(n);
            let mut out = vec![0; n];
            unrank_permutation(rank, &mut out);
            prop_assert_eq!(rank_permutation(&out), rank);
        }

        #[test]
        fn parity_matches_inversion_count(perm in permutation_of(64)) {
            prop_assert_eq!(permutation_parity(&perm), inversions(&perm) % 2 == 1);
        }
    }
}
