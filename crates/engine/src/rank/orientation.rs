//! Orientations of `n` pieces that each take one of `k` orientations and whose sum is fixed
//! modulo `k` (the twists of a cube's corners, `k = 3`): the first `n - 1` digits read as a
//! number in base `k`, the first digit most significant; the last digit follows from the sum.

/// How many orientations of `n` pieces (at least one) with `k` orientations each have one sum:
/// `k^(n-1)`.
pub fn orientation_count(n: usize, k: u8) -> u64 {
    u64::from(k).pow(n.saturating_sub(1) as u32)
}

/// The rank of `digits` (each below `k`) among the orientations with their sum, below
/// [`orientation_count`]`(digits.len(), k)`. The last digit is not read.
///
/// ```
/// use statespace_engine::rank::{orientation_count, rank_orientation, unrank_orientation};
///
/// // Eight corners, three twists each, the twists summing to 0 mod 3: 3^7 ranks.
/// assert_eq!(orientation_count(8, 3), 2187);
/// let twists = [1, 0, 0, 2, 0, 0, 0, 0];
/// assert_eq!(rank_orientation(&twists, 3), 3 * 3 * 3 * 3 * 3 * 3 + 2 * 3 * 3 * 3);
/// let mut back = [0; 8];
/// unrank_orientation(rank_orientation(&twists, 3), 3, 0, &mut back);
/// assert_eq!(back, twists);
/// ```
#[inline]
pub fn rank_orientation(digits: &[u8], k: u8) -> u64 {
    let free = digits.len().saturating_sub(1);
    digits[..free]
        .iter()
        .fold(0, |rank, &digit| rank * u64::from(k) + u64::from(digit))
}

/// The orientations of rank `rank` into `out` (at least one piece), the last digit making the
/// digits sum to `sum` modulo `k`.
pub fn unrank_orientation(mut rank: u64, k: u8, sum: u8, out: &mut [u8]) {
    let Some((last, free)) = out.split_last_mut() else {
        return;
    };
    let mut total = 0u32;
    for digit in free.iter_mut().rev() {
        *digit = (rank % u64::from(k)) as u8;
        rank /= u64::from(k);
        total += u32::from(*digit);
    }
    let k = u32::from(k);
    *last = ((u32::from(sum) % k + k - total % k) % k) as u8;
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// Digits of 1 to 20 pieces in base 2 to 7, and their sum mod the base.
    fn orientations() -> impl Strategy<Value = (Vec<u8>, u8)> {
        (2u8..=7).prop_flat_map(|k| (prop::collection::vec(0..k, 1..=20), Just(k)))
    }

    proptest! {
        #[test]
        fn any_orientation_round_trips((digits, k) in orientations()) {
            let rank = rank_orientation(&digits, k);
            prop_assert!(rank < orientation_count(digits.len(), k));
            let sum = (digits.iter().map(|&d| u32::from(d)).sum::<u32>() % u32::from(k)) as u8;
            let mut back = vec![0; digits.len()];
            unrank_orientation(rank, k, sum, &mut back);
            prop_assert_eq!(back, digits);
        }
    }

    #[test]
    fn every_rank_round_trips_with_its_sum() {
        let mut digits = [0; 5];
        for sum in 0..3 {
            for rank in 0..orientation_count(5, 3) {
                unrank_orientation(rank, 3, sum, &mut digits);
                assert_eq!(
                    digits.iter().map(|&d| u32::from(d)).sum::<u32>() % 3,
                    u32::from(sum)
                );
                assert_eq!(rank_orientation(&digits, 3), rank);
            }
        }
    }

    #[test]
    fn one_piece_has_one_orientation() {
        let mut digit = [9];
        unrank_orientation(0, 2, 1, &mut digit);
        assert_eq!((orientation_count(1, 2), digit), (1, [1]));
        assert_eq!(rank_orientation(&digit, 2), 0);
    }
}
