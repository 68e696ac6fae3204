//! Phase 2's largest table (Kociemba's): the exact number of phase-2 moves that solve the
//! corners' and the U and D edges' permutations together, over the 2,768 classes of the
//! corners' permutation under the 16 symmetries that keep the UD axis times the 40,320
//! permutations of those edges, half a byte each (56 MB): 15 stands for 15 to 18 moves, so
//! that four bits hold them. The slice edges are left out, so it
//! bounds phase 2 from below; with the pair tables of the slice edges' order it prunes phase 2
//! far more than they do alone. Built by breadth-first layers like the phase-1 table
//! ([`sym_table`](super::sym_table)) and kept beside it in the folder of tables.

use statespace_engine::pattern_database::{PatternDatabase, TableCache, TableId};
use statespace_engine::rank::SymmetryClasses;
use statespace_engine::{Limits, Stats, StopReason};

use super::coords::{PHASE2_MOVES, phase2_move_tables};
use super::sym_table::{
    Coordinate, SymSpace, TableFile, class_moves_bytes, load_or_build, nibble,
    positions_at_each_distance,
};
use super::symmetry::{SYMMETRIES, Symmetries};

/// The classes of the corners' permutation.
pub const CORNER_CLASSES: usize = 2768;
/// The permutations of the U and D edges.
const EDGE_PERMUTATIONS: usize = 40320;
/// The bytes the table takes: its entries at half a byte, each corner permutation's class and
/// symmetry (four bytes), the edges' permutations mapped back by each symmetry (two bytes), and
/// while it is built the classes after each of phase 2's moves.
pub const PHASE2_TABLE_BYTES: u64 = (CORNER_CLASSES * EDGE_PERMUTATIONS).div_ceil(2) as u64
    + 4 * 40320
    + 2 * (EDGE_PERMUTATIONS * SYMMETRIES) as u64
    + class_moves_bytes(CORNER_CLASSES, PHASE2_MOVES.len());
/// The file name of the table in a cache folder.
pub const PHASE2_TABLE_NAME: &str = "cube-3x3x3-phase2";
/// What the table is, in the lines about it.
const PHASE2: &str = "phase 2 (2768 corner permutation classes x 40320 edge permutations)";

/// The table's file in a folder of tables.
pub(super) fn phase2_file() -> TableFile {
    TableFile {
        name: PHASE2_TABLE_NAME,
        id: phase2_table_id(),
        bytes: PHASE2_TABLE_BYTES,
    }
}

/// What the table's file holds, checked when it is loaded.
fn phase2_table_id() -> TableId {
    TableId::new(
        "cube 3x3x3, half-turn metric, phase 2's moves (U, D, R2, L2, F2, B2) to the solved cube",
        "2768 corner permutation classes (16 symmetries keeping UD) x 40320 U and D edge \
         permutations, 4 bits, entry class x 40320 + edges in the low half of its byte when even",
    )
}

/// The fewest phase-2 moves that solve each pair of the corners' and the U and D edges'
/// permutations, up to 14; 15 for the pairs 15 to 18 moves away.
#[derive(Debug)]
pub struct Phase2Table {
    classes: SymmetryClasses,
    /// `[edges × 16 + s]`: the edges' permutation mapped back by symmetry `s`.
    edges_back: Vec<u16>,
    /// Half a byte per entry `class × 40320 + edges`.
    distances: PatternDatabase,
}

impl Phase2Table {
    /// Builds the table within the memory budget of `limits` (refused before it starts when
    /// it cannot fit) and its clock; with the statistics of the breadth-first search.
    pub fn build(limits: &Limits) -> Result<(Phase2Table, Stats), StopReason> {
        let (classes, edges_back) = Phase2Table::parts(limits)?;
        let (nibbles, stats) = build_distances(&classes, &edges_back, limits)?;
        let distances = PatternDatabase::from_distances(phase2_table_id(), nibbles);
        let table = Phase2Table {
            classes,
            edges_back,
            distances,
        };
        Ok((table, stats))
    }

    /// The table from `cache` when its file is there and sound, otherwise built within
    /// `limits` and saved there (kept in memory only without a cache); with what happened, in a
    /// line.
    pub fn load_or_build(
        cache: Option<&TableCache>,
        limits: &Limits,
    ) -> Result<(Phase2Table, String), StopReason> {
        let (classes, edges_back) = Phase2Table::parts(limits)?;
        let id = phase2_table_id();
        let (distances, note) = load_or_build(cache, PHASE2_TABLE_NAME, &id, PHASE2, || {
            build_distances(&classes, &edges_back, limits)
        })?;
        let table = Phase2Table {
            classes,
            edges_back,
            distances,
        };
        Ok((table, note))
    }

    /// The corners' classes and the edges mapped back, when the table fits `limits`.
    fn parts(limits: &Limits) -> Result<(SymmetryClasses, Vec<u16>), StopReason> {
        if !limits.fits(PHASE2_TABLE_BYTES) {
            return Err(StopReason::MemoryLimit);
        }
        let symmetries = Symmetries::new();
        Ok((
            symmetries.corner_permutation_classes(),
            symmetries.edge_permutations_back(),
        ))
    }

    /// The fewest phase-2 moves that solve the corners' permutation `corners` and the U and D
    /// edges' permutation `edges` together (15 for 15 or more).
    #[inline]
    pub fn distance(&self, corners: u16, edges: u16) -> u8 {
        let (class, symmetry) = self.classes.class_of(u64::from(corners));
        let edges = self.edges_back[usize::from(edges) * SYMMETRIES + symmetry];
        nibble(
            self.distances.as_bytes(),
            class as usize * EDGE_PERMUTATIONS + usize::from(edges),
        )
    }

    /// How many of the 40320² pairs are at each distance: entry `d` for distance `d`.
    pub fn positions_at_each_distance(&self) -> Vec<u64> {
        positions_at_each_distance(
            &self.classes,
            SYMMETRIES,
            EDGE_PERMUTATIONS,
            self.distances.as_bytes(),
        )
    }
}

/// The table's half bytes by breadth-first layers from the solved cube, stopped by the clock
/// of `limits`; with the statistics of the search.
fn build_distances(
    classes: &SymmetryClasses,
    edges_back: &[u16],
    limits: &Limits,
) -> Result<(Vec<u8>, Stats), StopReason> {
    assert_eq!(classes.len(), CORNER_CLASSES);
    let [corners, edges, _] = phase2_move_tables();
    let mut class_moves = Vec::with_capacity(CORNER_CLASSES * corners.columns());
    for class in 0..CORNER_CLASSES as u32 {
        let representative = classes.representative(class) as u16;
        for column in 0..corners.columns() as u8 {
            let (next, symmetry) = classes.class_of(u64::from(corners.get(representative, column)));
            class_moves.push((next, symmetry as u8));
        }
    }
    let (goal, _) = classes.class_of(0);
    let space = SymSpace {
        classes,
        class_moves,
        raw: Coordinate {
            moves: &edges,
            back: edges_back,
        },
        // The solved edges are every symmetry's image of themselves.
        goal: goal as usize * EDGE_PERMUTATIONS,
    };
    space.build(limits)
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::cube::phase1_table::test_cache;
    use crate::cube::sym_table::UNSEEN;

    fn table() -> &'static Phase2Table {
        static TABLE: std::sync::OnceLock<Phase2Table> = std::sync::OnceLock::new();
        TABLE.get_or_init(|| {
            let cache = test_cache();
            Phase2Table::load_or_build(Some(&cache), &Limits::none())
                .expect("no limits")
                .0
        })
    }

    #[test]
    fn the_corners_permutation_has_kociembas_2768_classes_and_every_pair_is_counted() {
        assert_eq!(Symmetries::new().corner_permutation_classes().len(), 2768);
        // 111,605,760 entries (kociemba.org); every one of the 40320² pairs counted once, the
        // deepest (up to 18 moves) as 15, at least 15.
        assert_eq!(CORNER_CLASSES * EDGE_PERMUTATIONS, 111_605_760);
        let counts = table().positions_at_each_distance();
        assert_eq!(counts.iter().sum::<u64>(), 40320 * 40320);
        assert_eq!(counts.len(), 16, "{counts:?}");
    }

    #[test]
    fn the_first_seven_layers_are_those_of_a_direct_breadth_first_search_and_moves_agree() {
        let [corners, edges, _] = phase2_move_tables();
        let mut depth_of = HashMap::from([((0u16, 0u16), 0u8)]);
        let mut layer = vec![(0u16, 0u16)];
        let mut counts = vec![1u64];
        for depth in 1..=7 {
            let mut next = Vec::new();
            for &(c, e) in &layer {
                for column in 0..corners.columns() as u8 {
                    let pair = (corners.get(c, column), edges.get(e, column));
                    depth_of.entry(pair).or_insert_with(|| {
                        next.push(pair);
                        depth
                    });
                }
            }
            counts.push(next.len() as u64);
            layer = next;
        }
        assert_eq!(counts, table().positions_at_each_distance()[..=7]);
        for (&(c, e), &depth) in &depth_of {
            assert_eq!(table().distance(c, e), depth, "({c}, {e})");
        }
        let mut rng = ChaCha8Rng::seed_from_u64(2);
        for _ in 0..100_000 {
            let (c, e) = (rng.random_range(0..40320), rng.random_range(0..40320));
            let distance = table().distance(c, e);
            assert_eq!(distance == 0, (c, e) == (0, 0));
            let next: Vec<u8> = (0..corners.columns() as u8)
                .map(|column| table().distance(corners.get(c, column), edges.get(e, column)))
                .collect();
            // 15 stands for 15 to 18 moves: its neighbours are 14 or more.
            if distance == UNSEEN {
                assert!(next.iter().all(|&d| d >= UNSEEN - 1), "({c}, {e})");
                continue;
            }
            assert!(next.iter().all(|d| d.abs_diff(distance) <= 1), "({c}, {e})");
            assert!(
                distance == 0 || next.contains(&(distance - 1)),
                "({c}, {e})"
            );
        }
    }
}
