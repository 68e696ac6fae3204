//! The 3×3×3's corners as a space of their own: 8! × 3^7 = 88,179,840 positions, each the pair
//! of its corners' permutation (a [permutation rank](statespace_engine::rank::rank_permutation),
//! below 40,320) and twists (an [orientation rank](statespace_engine::rank::rank_orientation),
//! below 2,187), turned by all six faces. Move tables give each coordinate after each of the 18
//! face turns, so a turn is two look-ups and a rank one multiplication: what a whole-space
//! search (`statespace explore cube --corners`) and Korf's corner pattern database need.
//!
//! ```
//! use statespace_engine::{Domain, PerfectHash};
//! use statespace_puzzles::cube::{CornerSpace, Corners, Metric};
//!
//! let space = CornerSpace::new(Metric::Htm);
//! assert_eq!(space.size(), 88_179_840);
//! let mut corners = space.coordinates(&Corners::SOLVED);
//! assert_eq!(space.rank(&corners), 0);
//! space.apply(&mut corners, 3); // R
//! assert!(!space.is_goal(&corners));
//! space.apply(&mut corners, 5); // R'
//! assert!(space.is_goal(&corners));
//! ```

use std::sync::{Arc, OnceLock};

use statespace_engine::rank::{
    MixedRadix, factorial, rank_orientation, rank_permutation, unrank_orientation,
    unrank_permutation,
};
use statespace_engine::{Domain, PerfectHash, Reversible};

use super::cubie::{CORNERS, Corners, Metric, Move};
use super::face::ALL_MOVES;

/// The corners' permutations: 8!.
const PERMUTATIONS: usize = 40_320;
/// The corners' twists with a sum of 0 mod 3: 3^7.
const TWISTS: usize = 2_187;
/// The face turns: U U2 U' R R2 R' F … in Kociemba's order.
const TURNS: usize = ALL_MOVES.len();

/// The corners as two coordinates: their permutation's rank and their twists'.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CornerCoordinates {
    /// The rank of the cubies' permutation, below 40,320.
    pub permutation: u16,
    /// The rank of the twists, below 2,187.
    pub twist: u16,
}

/// Each coordinate's value after each face turn: `next[value × 18 + turn]`.
#[derive(Debug)]
struct MoveTables {
    permutation: Vec<u16>,
    twist: Vec<u16>,
}

impl MoveTables {
    /// The tables, built once per process (a few milliseconds) and shared.
    fn shared() -> Arc<MoveTables> {
        static TABLES: OnceLock<Arc<MoveTables>> = OnceLock::new();
        TABLES.get_or_init(|| Arc::new(MoveTables::build())).clone()
    }

    fn build() -> MoveTables {
        let after = |corners: Corners, each: &mut dyn FnMut(Corners)| {
            for turn in ALL_MOVES {
                each(corners.turned(turn));
            }
        };
        let mut permutation = Vec::with_capacity(PERMUTATIONS * TURNS);
        for rank in 0..PERMUTATIONS {
            let mut corners = Corners::SOLVED;
            unrank_permutation(rank as u64, &mut corners.cubie);
            after(corners, &mut |turned| {
                permutation.push(rank_permutation(&turned.cubie) as u16);
            });
        }
        let mut twist = Vec::with_capacity(TWISTS * TURNS);
        for rank in 0..TWISTS {
            let mut corners = Corners::SOLVED;
            unrank_orientation(rank as u64, 3, 0, &mut corners.twist);
            after(corners, &mut |turned| {
                twist.push(rank_orientation(&turned.twist, 3) as u16);
            });
        }
        MoveTables { permutation, twist }
    }
}

/// The corners of the 3×3×3 turned by the moves of a metric (all 18 face turns, or the 12
/// quarter turns), ranked as their permutation's rank times 3^7 plus their twists' rank
/// ([`MixedRadix`]). An action is a turn's index in Kociemba's order (U U2 U' R R2 R' F F2 F'
/// D D2 D' L L2 L' B B2 B', 0 to 17).
#[derive(Clone, Debug)]
pub struct CornerSpace {
    metric: Metric,
    tables: Arc<MoveTables>,
}

impl CornerSpace {
    /// The corners turned by the moves of `metric`.
    pub fn new(metric: Metric) -> CornerSpace {
        CornerSpace {
            metric,
            tables: MoveTables::shared(),
        }
    }

    /// The coordinates of `corners`.
    #[inline]
    pub fn coordinates(&self, corners: &Corners) -> CornerCoordinates {
        CornerCoordinates {
            permutation: rank_permutation(&corners.cubie) as u16,
            twist: rank_orientation(&corners.twist, 3) as u16,
        }
    }

    /// The corners of `coordinates`.
    pub fn corners(&self, coordinates: CornerCoordinates) -> Corners {
        let mut corners = Corners::SOLVED;
        unrank_permutation(u64::from(coordinates.permutation), &mut corners.cubie);
        unrank_orientation(u64::from(coordinates.twist), 3, 0, &mut corners.twist);
        corners
    }

    /// The move of action `turn`.
    pub fn move_of(turn: u8) -> Move {
        ALL_MOVES[usize::from(turn)]
    }

    /// A rank's parts: the permutation, then the twists (a constant, not computed: the
    /// optimal search ranks every node's corners).
    #[inline]
    fn parts() -> MixedRadix {
        MixedRadix::new(TWISTS as u64)
    }
}

/// The turns of the quarter-turn metric: each face's `X` and `X'`.
const QUARTER_TURNS: [u8; 12] = [0, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17];
/// The turns of the half-turn metric: all of them.
const FACE_TURNS: [u8; TURNS] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17];

impl Domain for CornerSpace {
    type State = CornerCoordinates;
    type Action = u8;

    fn actions(&self, _: &CornerCoordinates, out: &mut Vec<u8>) {
        out.extend_from_slice(match self.metric {
            Metric::Htm => &FACE_TURNS,
            Metric::Qtm => &QUARTER_TURNS,
        });
    }

    #[inline]
    fn apply(&self, corners: &mut CornerCoordinates, turn: u8) {
        let turn = usize::from(turn);
        corners.permutation =
            self.tables.permutation[usize::from(corners.permutation) * TURNS + turn];
        corners.twist = self.tables.twist[usize::from(corners.twist) * TURNS + turn];
    }

    fn invert(&self, turn: u8) -> Option<u8> {
        // X, X2, X' are 3f, 3f + 1, 3f + 2: the inverse mirrors the quarter turns.
        Some(turn - turn % 3 + 2 - turn % 3)
    }

    fn is_goal(&self, corners: &CornerCoordinates) -> bool {
        corners.permutation == 0 && corners.twist == 0
    }
}

/// Every move is undone by its inverse.
impl Reversible for CornerSpace {}

impl PerfectHash for CornerSpace {
    fn size(&self) -> u64 {
        Self::parts().size(factorial(CORNERS))
    }

    #[inline]
    fn rank(&self, corners: &CornerCoordinates) -> u64 {
        Self::parts().rank(u64::from(corners.permutation), u64::from(corners.twist))
    }

    #[inline]
    fn unrank(&self, rank: u64) -> CornerCoordinates {
        let (permutation, twist) = Self::parts().unrank(rank);
        CornerCoordinates {
            permutation: permutation as u16,
            twist: twist as u16,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turns_of_the_coordinates_are_turns_of_the_cubies() {
        let space = CornerSpace::new(Metric::Htm);
        let mut cubies = Corners::SOLVED;
        let mut corners = space.coordinates(&cubies);
        // R U2 F' D L2 B', then the same again.
        for turn in [3, 1, 8, 9, 13, 17].repeat(2) {
            cubies = cubies.turned(CornerSpace::move_of(turn));
            space.apply(&mut corners, turn);
            assert_eq!(space.coordinates(&cubies), corners);
            assert_eq!(space.corners(corners), cubies);
        }
    }

    #[test]
    fn every_turn_is_undone_by_its_inverse() {
        let space = CornerSpace::new(Metric::Htm);
        let start = space.unrank(12_345_678);
        for turn in 0..TURNS as u8 {
            let mut corners = start;
            space.apply(&mut corners, turn);
            space.apply(&mut corners, space.invert(turn).unwrap());
            assert_eq!(corners, start, "{}", CornerSpace::move_of(turn));
        }
    }

    #[test]
    fn ranks_round_trip() {
        assert_eq!(
            TWISTS as u64,
            statespace_engine::rank::orientation_count(CORNERS, 3)
        );
        let space = CornerSpace::new(Metric::Qtm);
        for rank in (0..space.size()).step_by(100_003) {
            assert_eq!(space.rank(&space.unrank(rank)), rank);
        }
    }
}
