//! Two ranked parts of one object as one rank, the first part most significant (mixed radix):
//! `outer * inner_count + inner`, a bijection onto `0..outer_count * inner_count`.

/// The ranks of objects made of two parts, the second of which has `inner_count` ranks.
///
/// ```
/// use statespace_engine::rank::{MixedRadix, orientation_count, rank_orientation, rank_permutation};
///
/// // A 2x2x2's seven moving corners: their permutation (7!), then their twists (3^6).
/// let corners = MixedRadix::new(orientation_count(7, 3));
/// let cubies = [1, 0, 2, 3, 4, 5, 6];
/// let twists = [0, 0, 0, 0, 0, 0, 0];
/// let rank = corners.rank(rank_permutation(&cubies), rank_orientation(&twists, 3));
/// assert_eq!(rank, 720 * 729); // [1, 0, 2, ...] ranks 6! among the 7!
/// assert_eq!(corners.unrank(rank), (720, 0));
/// assert_eq!(corners.size(5040), 3_674_160);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MixedRadix {
    inner_count: u64,
}

impl MixedRadix {
    /// The product whose second part has `inner_count` ranks (at least one).
    pub const fn new(inner_count: u64) -> Self {
        Self { inner_count }
    }

    /// How many ranks objects whose first part has `outer_count` ranks take.
    pub const fn size(&self, outer_count: u64) -> u64 {
        outer_count * self.inner_count
    }

    /// The rank of the object whose parts rank `outer` and `inner` (below `inner_count`).
    #[inline]
    pub const fn rank(&self, outer: u64, inner: u64) -> u64 {
        outer * self.inner_count + inner
    }

    /// The ranks of the two parts of the object of rank `rank`.
    #[inline]
    pub const fn unrank(&self, rank: u64) -> (u64, u64) {
        (rank / self.inner_count, rank % self.inner_count)
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::rank::{
        factorial, orientation_count, rank_orientation, rank_permutation, unrank_orientation,
        unrank_permutation,
    };

    proptest! {
        /// A cube's eight corners: permutation × twists, and back.
        #[test]
        fn permutation_times_orientation_round_trips(rank in 0..40_320u64 * 2_187) {
            let corners = MixedRadix::new(orientation_count(8, 3));
            prop_assert_eq!(corners.size(factorial(8)), 88_179_840);
            let (permutation, orientation) = corners.unrank(rank);
            let (mut cubies, mut twists) = ([0; 8], [0; 8]);
            unrank_permutation(permutation, &mut cubies);
            unrank_orientation(orientation, 3, 0, &mut twists);
            let again = corners.rank(rank_permutation(&cubies), rank_orientation(&twists, 3));
            prop_assert_eq!(again, rank);
        }
    }

    #[test]
    fn every_pair_round_trips_in_order() {
        let pairs = MixedRadix::new(3);
        let ranks: Vec<u64> = (0..4)
            .flat_map(|outer| (0..3).map(move |inner| pairs.rank(outer, inner)))
            .collect();
        assert_eq!(ranks, (0..pairs.size(4)).collect::<Vec<_>>());
        assert!(ranks.iter().all(|&rank| {
            let (outer, inner) = pairs.unrank(rank);
            pairs.rank(outer, inner) == rank
        }));
    }
}
