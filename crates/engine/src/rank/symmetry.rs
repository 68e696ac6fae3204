//! Symmetry reduction of a ranked space: the ranks that a group of symmetries maps onto each
//! other form classes, and a table over the classes (one entry per class instead of one per
//! rank) is up to the group's order smaller. Kociemba's two-phase solver keeps its phase-1
//! table so, over the 64,430 classes of the cube's flip-slice coordinate under 16 symmetries.
//!
//! The group is given as a map `(symmetry, rank) → rank`, symmetry 0 the identity, closed under
//! composition and inverses (every symmetry permutes the ranks). The representative of a class
//! is its smallest rank; classes are numbered in the order of their representatives.
//!
//! ```
//! use statespace_engine::rank::SymmetryClasses;
//!
//! // Necklaces: the 2^4 = 16 colourings of four beads on a ring, under the four rotations.
//! let rotate = |turns: usize, beads: u64| ((beads << turns) | (beads >> (4 - turns))) & 0b1111;
//! let classes = SymmetryClasses::new(16, 4, rotate);
//! assert_eq!(classes.len(), 6); // 0000 0001 0011 0101 0111 1111
//! let (class, symmetry) = classes.class_of(0b1000);
//! assert_eq!(classes.representative(class), 0b0001);
//! assert_eq!(rotate(symmetry, 0b0001), 0b1000);
//! // 0101 is kept by the rotations by 0 and 2 quarters.
//! let (alternating, _) = classes.class_of(0b0101);
//! assert_eq!(classes.stabiliser(alternating), 0b0101);
//! ```

/// The classes of a ranked space under a group of at most 64 symmetries.
#[derive(Clone, Debug)]
pub struct SymmetryClasses {
    /// The smallest rank of each class, ascending.
    representatives: Vec<u64>,
    /// Of each rank: its class.
    class: Vec<u32>,
    /// Of each rank: a symmetry that maps its class's representative onto it.
    symmetry: Vec<u8>,
    /// Of each class: the symmetries that map its representative onto itself, a bit each.
    stabilisers: Vec<u64>,
}

impl SymmetryClasses {
    /// The classes of the ranks `0..size` under the `symmetries` maps `map(symmetry, rank)`
    /// (at most 64 of them, at most 2^32 classes). `map` is called `symmetries` times per
    /// class, on representatives only.
    pub fn new(size: u64, symmetries: usize, map: impl Fn(usize, u64) -> u64) -> SymmetryClasses {
        assert!(
            (1..=64).contains(&symmetries),
            "1 to 64 symmetries, not {symmetries}"
        );
        let unassigned = u32::MAX;
        let mut class = vec![unassigned; size as usize];
        let mut symmetry = vec![0u8; size as usize];
        let (mut representatives, mut stabilisers) = (Vec::new(), Vec::new());
        for rank in 0..size {
            if class[rank as usize] != unassigned {
                continue;
            }
            let number = representatives.len() as u32;
            let mut stabiliser = 0u64;
            for each in 0..symmetries {
                let image = map(each, rank);
                if image == rank {
                    stabiliser |= 1 << each;
                }
                let slot = image as usize;
                if class[slot] == unassigned {
                    class[slot] = number;
                    symmetry[slot] = each as u8;
                }
            }
            representatives.push(rank);
            stabilisers.push(stabiliser);
        }
        SymmetryClasses {
            representatives,
            class,
            symmetry,
            stabilisers,
        }
    }

    /// The number of classes.
    pub fn len(&self) -> usize {
        self.representatives.len()
    }

    /// Whether the space is empty.
    pub fn is_empty(&self) -> bool {
        self.representatives.is_empty()
    }

    /// The number of ranks.
    pub fn size(&self) -> u64 {
        self.class.len() as u64
    }

    /// The smallest rank of class `class`.
    #[inline]
    pub fn representative(&self, class: u32) -> u64 {
        self.representatives[class as usize]
    }

    /// The class of `rank` and a symmetry that maps the class's representative onto `rank`
    /// (its inverse takes `rank` to the representative). The symmetry is unique when the
    /// stabiliser is trivial; otherwise composing it with any of the stabiliser's gives the
    /// others.
    #[inline]
    pub fn class_of(&self, rank: u64) -> (u32, usize) {
        let rank = rank as usize;
        (self.class[rank], usize::from(self.symmetry[rank]))
    }

    /// The symmetries that map the representative of `class` onto itself, bit `s` for symmetry
    /// `s` (bit 0, the identity, always set). A table over classes × another coordinate needs
    /// them: a position whose class representative is kept by `s` has the same distance as the
    /// position with the other coordinate mapped by `s`.
    #[inline]
    pub fn stabiliser(&self, class: u32) -> u64 {
        self.stabilisers[class as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The 2^n colourings of n beads on a ring under its n rotations and n reflections.
    fn bracelet(n: u32) -> impl Fn(usize, u64) -> u64 {
        move |symmetry: usize, beads: u64| {
            let mask = (1u64 << n) - 1;
            let (turns, reflected) = (symmetry as u32 % n, symmetry as u32 >= n);
            let beads = if reflected {
                beads.reverse_bits() >> (64 - n)
            } else {
                beads
            };
            ((beads << turns) | (beads >> ((n - turns) % n))) & mask
        }
    }

    #[test]
    fn bracelets_of_six_beads_fall_into_thirteen_classes() {
        // OEIS A000029: 1, 2, 3, 4, 6, 8, 13 bracelets of 0..6 beads in two colours.
        let counts: Vec<usize> = (1..=6)
            .map(|n| SymmetryClasses::new(1 << n, 2 * n as usize, bracelet(n)).len())
            .collect();
        assert_eq!(counts, [2, 3, 4, 6, 8, 13]);
    }

    #[test]
    fn every_rank_is_its_representative_mapped_by_its_symmetry() {
        let map = bracelet(8);
        let classes = SymmetryClasses::new(256, 16, &map);
        assert_eq!(classes.len(), 30);
        assert_eq!(classes.size(), 256);
        for rank in 0..256 {
            let (class, symmetry) = classes.class_of(rank);
            let representative = classes.representative(class);
            assert!(representative <= rank);
            assert_eq!(map(symmetry, representative), rank);
            // Round trip: the representative is its own, by the identity.
            assert_eq!(classes.class_of(representative), (class, 0));
        }
        for class in 0..classes.len() as u32 {
            let representative = classes.representative(class);
            let kept = (0..16).filter(|&s| map(s, representative) == representative);
            let stabiliser = kept.fold(0u64, |bits, s| bits | 1 << s);
            assert_eq!(classes.stabiliser(class), stabiliser);
            // Orbit and stabiliser: the class has 16 / |stabiliser| ranks.
            let members = (0..256).filter(|&r| classes.class_of(r).0 == class).count();
            assert_eq!(members * stabiliser.count_ones() as usize, 16);
        }
    }
}
