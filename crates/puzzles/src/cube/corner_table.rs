//! Korf's corner table folded by the 16 symmetries that keep the UD axis: the exact number of
//! face turns that solve each of the 88,179,840 corner positions, one entry per class of the
//! corners' permutation (2,768 of 40,320) and twist, half a byte each (3 MB instead of 88,
//! which the processor's caches mostly hold). A position and its images under the symmetries
//! have one distance, since a symmetry maps face turns onto face turns. Built by breadth-first
//! layers over the classes ([`sym_table`](super::sym_table)) like the phase-1 table, in a
//! fraction of a second and a few megabytes, and kept beside it in the folder of tables.

use statespace_engine::pattern_database::{PatternDatabase, TableCache, TableId};
use statespace_engine::rank::SymmetryClasses;
use statespace_engine::{Limits, Stats, StopReason};

use super::coords::{MOVES, corner_permutation_moves, phase1_move_tables};
use super::corner_space::CornerCoordinates;
use super::phase2_table::CORNER_CLASSES;
use super::sym_table::{
    Coordinate, SymSpace, TableFile, class_moves_bytes, load_or_build, nibble,
    positions_at_each_distance,
};
use super::symmetry::{SYMMETRIES, Symmetries, TWISTS};

/// The file name of the table in a cache folder.
pub const CORNER_TABLE_NAME: &str = "cube-3x3x3-corners";
/// What the table is, in the lines about it.
const CORNERS: &str = "corners (2768 permutation classes x 2187 twists)";
/// The bytes the table takes: its entries at half a byte, each permutation's class and
/// symmetry (four bytes), the twists mapped back by each symmetry (two bytes), and while it
/// is built the classes after each move.
pub const CORNER_TABLE_BYTES: u64 = (CORNER_CLASSES * TWISTS).div_ceil(2) as u64
    + 4 * 40320
    + 2 * (TWISTS * SYMMETRIES) as u64
    + class_moves_bytes(CORNER_CLASSES, MOVES);

/// The table's file in a folder of tables.
pub(super) fn corner_file() -> TableFile {
    TableFile {
        name: CORNER_TABLE_NAME,
        id: corner_table_id(),
        bytes: CORNER_TABLE_BYTES,
    }
}

/// What the table's file holds, checked when it is loaded.
fn corner_table_id() -> TableId {
    TableId::new(
        "cube 3x3x3, half-turn metric, solved corners",
        "2768 corner permutation classes (16 symmetries keeping UD) x 2187 twists, 4 bits, \
         entry class x 2187 + twist in the low half of its byte when even",
    )
}

/// The fewest face turns that solve each corner position.
#[derive(Debug)]
pub struct CornerDistances {
    symmetries: Symmetries,
    classes: SymmetryClasses,
    /// Half a byte per entry `class × 2187 + twist`.
    distances: PatternDatabase,
}

impl CornerDistances {
    /// The table from `cache` when its file is there and sound (mapped, its checksum checked),
    /// otherwise built within `limits` and saved there (kept in memory only without a cache);
    /// with what happened, in a line.
    pub fn load_or_build(
        cache: Option<&TableCache>,
        limits: &Limits,
    ) -> Result<(CornerDistances, String), StopReason> {
        if !limits.fits(CORNER_TABLE_BYTES) {
            return Err(StopReason::MemoryLimit);
        }
        let symmetries = Symmetries::new();
        let classes = symmetries.corner_permutation_classes();
        let (distances, note) = load_or_build(
            cache,
            CORNER_TABLE_NAME,
            &corner_table_id(),
            CORNERS,
            || build_distances(&symmetries, &classes, limits),
        )?;
        let table = CornerDistances {
            symmetries,
            classes,
            distances,
        };
        Ok((table, note))
    }

    /// The fewest face turns that solve `corners`: read at its permutation's class's
    /// representative, its twist mapped back by the symmetry that leads there (the twist of a
    /// mapped cube depends on the twist alone).
    #[inline]
    pub fn distance(&self, corners: &CornerCoordinates) -> u8 {
        let (class, s) = self.classes.class_of(u64::from(corners.permutation));
        let twist = self.symmetries.twist_back(corners.twist, s);
        nibble(
            self.distances.as_bytes(),
            class as usize * TWISTS + usize::from(twist),
        )
    }

    /// How many of the 88,179,840 corner positions are at each distance: entry `d` for
    /// distance `d`.
    pub fn positions_at_each_distance(&self) -> Vec<u64> {
        positions_at_each_distance(&self.classes, SYMMETRIES, TWISTS, self.distances.as_bytes())
    }
}

/// The table's half bytes by breadth-first layers from the solved corners, stopped by the
/// clock of `limits`; with the statistics of the search.
fn build_distances(
    symmetries: &Symmetries,
    classes: &SymmetryClasses,
    limits: &Limits,
) -> Result<(Vec<u8>, Stats), StopReason> {
    assert_eq!(classes.len(), CORNER_CLASSES);
    let all: Vec<u8> = (0..MOVES as u8).collect();
    let permutation = corner_permutation_moves(&all);
    let [twist, _, _] = phase1_move_tables();
    let mut class_moves = Vec::with_capacity(CORNER_CLASSES * MOVES);
    for class in 0..CORNER_CLASSES as u32 {
        let representative = classes.representative(class) as u16;
        for turn in 0..MOVES as u8 {
            let (next, symmetry) =
                classes.class_of(u64::from(permutation.get(representative, turn)));
            class_moves.push((next, symmetry as u8));
        }
    }
    let (goal, _) = classes.class_of(0);
    let space = SymSpace {
        classes,
        class_moves,
        raw: Coordinate {
            moves: &twist,
            back: symmetries.twist_back_table(),
        },
        // The solved twist is every symmetry's image of itself.
        goal: goal as usize * TWISTS,
    };
    space.build(limits)
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::cube::corner_space::CornerSpace;
    use crate::cube::cubie::{Corners, Metric};
    use crate::cube::rubik::Rubik;
    use statespace_engine::Domain;

    fn table() -> CornerDistances {
        CornerDistances::load_or_build(None, &Limits::none())
            .expect("no limits")
            .0
    }

    #[test]
    fn the_folded_table_counts_korfs_corner_positions_at_each_distance() {
        // Korf's corner table (the half-turn metric): what `explore cube --corners` counts.
        let korf = [
            1, 18, 243, 2874, 28000, 205416, 1168516, 5402628, 20776176, 45391616, 15139616, 64736,
        ];
        assert_eq!(table().positions_at_each_distance(), korf);
    }

    #[test]
    fn each_position_is_one_move_from_one_closer_and_images_agree() {
        let table = table();
        let space = CornerSpace::new(Metric::Htm);
        let symmetries = Symmetries::new();
        let mut rng = ChaCha8Rng::seed_from_u64(34);
        for _ in 0..100_000 {
            let corners = CornerCoordinates {
                permutation: rng.random_range(0..40320),
                twist: rng.random_range(0..TWISTS as u16),
            };
            let distance = table.distance(&corners);
            assert_eq!(
                distance == 0,
                corners == space.coordinates(&Corners::SOLVED)
            );
            let next: Vec<u8> = (0..MOVES as u8)
                .map(|turn| {
                    let mut child = corners;
                    space.apply(&mut child, turn);
                    table.distance(&child)
                })
                .collect();
            assert!(
                next.iter().all(|d| d.abs_diff(distance) <= 1),
                "{corners:?}"
            );
            assert!(distance == 0 || next.contains(&(distance - 1)));
            let cube = Rubik {
                corners: space.corners(corners),
                ..Rubik::SOLVED
            };
            for s in 0..SYMMETRIES {
                let image = space.coordinates(&symmetries.map(s, &cube).corners);
                assert_eq!(
                    table.distance(&image),
                    distance,
                    "{corners:?}, symmetry {s}"
                );
            }
        }
    }
}
