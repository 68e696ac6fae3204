//! The exact phase-1 distance of the two-phase search: the fewest moves that bring each
//! position of (twist, flip, slice) into G1, over the 64,430 classes of the flip-slice
//! coordinate under the 16 symmetries that keep the UD axis ([`symmetry`](super::symmetry))
//! times the 2,187 twists, half a byte each (70 MB instead of 1.1 GB for every position). A
//! position is looked up as its class's representative with the twist mapped back by the
//! symmetry that takes the representative to the position (Kociemba's table, 1992).
//!
//! It is built by breadth-first layers over its entries ([`sym_table`](super::sym_table)) and
//! kept in a folder of tables like the pattern databases (the engine's [`TableCache`]: a header
//! naming it, a checksum, a damaged or foreign file refused and rebuilt).

use statespace_engine::pattern_database::{PatternDatabase, TableCache, TableId};
use statespace_engine::rank::SymmetryClasses;
use statespace_engine::{Limits, Stats, StopReason};

use super::coords::{MOVES, MoveTable, SLICE_SOLVED, phase1_move_tables};
use super::sym_table::{SymSpace, load_or_build, nibble, positions_at_each_distance};
use super::symmetry::{FLIP_SLICE, Symmetries, TWISTS};

/// The classes of flip-slice coordinates.
pub const FLIP_SLICE_CLASSES: usize = 64_430;
/// Entries of the table: a class and a twist each.
const ENTRIES: usize = FLIP_SLICE_CLASSES * TWISTS;
/// The bytes the table takes: its entries at half a byte, each flip-slice coordinate's class
/// and symmetry (four bytes), while it is built and after.
pub const PHASE1_TABLE_BYTES: u64 = ENTRIES.div_ceil(2) as u64 + 4 * FLIP_SLICE;
/// The file name of the table in a cache folder.
pub const PHASE1_TABLE_NAME: &str = "cube-3x3x3-phase1";

/// What the table's file holds, checked when it is loaded.
fn phase1_table_id() -> TableId {
    TableId::new(
        "cube 3x3x3, half-turn metric, moves into G1 = <U, D, R2, L2, F2, B2>",
        "64430 flip-slice classes (16 symmetries keeping UD) x 2187 twists, 4 bits, \
         entry class x 2187 + twist in the low half of its byte when even",
    )
}

/// The exact number of moves that bring each (twist, flip, slice) into G1.
#[derive(Debug)]
pub struct Phase1Table {
    symmetries: Symmetries,
    classes: SymmetryClasses,
    /// Half a byte per entry `class × 2187 + twist`.
    distances: PatternDatabase,
}

impl Phase1Table {
    /// Builds the table within the memory budget of `limits` (refused before it starts when
    /// it cannot fit) and its clock; with the statistics of the breadth-first search.
    pub fn build(limits: &Limits) -> Result<(Phase1Table, Stats), StopReason> {
        let (symmetries, classes) = Phase1Table::parts(limits)?;
        let (nibbles, stats) = build_distances(&symmetries, &classes, limits)?;
        let distances = PatternDatabase::from_distances(phase1_table_id(), nibbles);
        let table = Phase1Table {
            symmetries,
            classes,
            distances,
        };
        Ok((table, stats))
    }

    /// The table from `cache` when its file is there and sound (mapped, its checksum checked),
    /// otherwise built within `limits` and saved there (kept in memory only without a cache);
    /// with what happened, in a line.
    pub fn load_or_build(
        cache: Option<&TableCache>,
        limits: &Limits,
    ) -> Result<(Phase1Table, String), StopReason> {
        let (symmetries, classes) = Phase1Table::parts(limits)?;
        let (distances, note) =
            load_or_build(cache, PHASE1_TABLE_NAME, &phase1_table_id(), PHASE1, || {
                build_distances(&symmetries, &classes, limits)
            })?;
        let table = Phase1Table {
            symmetries,
            classes,
            distances,
        };
        Ok((table, note))
    }

    /// The symmetries and the flip-slice classes, when the table fits the budget of `limits`.
    fn parts(limits: &Limits) -> Result<(Symmetries, SymmetryClasses), StopReason> {
        if !limits.fits(PHASE1_TABLE_BYTES) {
            return Err(StopReason::MemoryLimit);
        }
        let symmetries = Symmetries::new();
        let classes = symmetries.flip_slice_classes();
        Ok((symmetries, classes))
    }

    /// The fewest moves that bring the position of these phase-1 coordinates into G1.
    #[inline]
    pub fn distance(&self, twist: u16, flip: u16, slice: u16) -> u8 {
        let flip_slice = u64::from(slice) * 2048 + u64::from(flip);
        let (class, symmetry) = self.classes.class_of(flip_slice);
        let twist = self.symmetries.twist_back(twist, symmetry);
        nibble(
            self.distances.as_bytes(),
            class as usize * TWISTS + usize::from(twist),
        )
    }

    /// How many of the 2,217,093,120 positions (twist, flip, slice) are at each distance:
    /// entry `d` for distance `d`. An entry stands for 16 / (its stabiliser's order) positions.
    pub fn positions_at_each_distance(&self) -> Vec<u64> {
        positions_at_each_distance(&self.classes, TWISTS, self.distances.as_bytes())
    }
}

/// What the table is, in the lines about it.
const PHASE1: &str = "phase 1 (64430 flip-slice classes x 2187 twists)";

/// The classes and symmetries after each move from each class's representative, `MOVES` per
/// class.
fn class_moves(classes: &SymmetryClasses, flip: &MoveTable, slice: &MoveTable) -> Vec<(u32, u8)> {
    let mut moves = Vec::with_capacity(classes.len() * MOVES);
    for class in 0..classes.len() as u32 {
        let representative = classes.representative(class);
        let (slice_value, flip_value) = (
            (representative / 2048) as u16,
            (representative % 2048) as u16,
        );
        for turn in 0..MOVES as u8 {
            let next = u64::from(slice.get(slice_value, turn)) * 2048
                + u64::from(flip.get(flip_value, turn));
            let (class, symmetry) = classes.class_of(next);
            moves.push((class, symmetry as u8));
        }
    }
    moves
}

/// The table's half bytes by breadth-first layers from G1, stopped by the clock of `limits`;
/// with the statistics of the search.
fn build_distances(
    symmetries: &Symmetries,
    classes: &SymmetryClasses,
    limits: &Limits,
) -> Result<(Vec<u8>, Stats), StopReason> {
    assert_eq!(classes.len(), FLIP_SLICE_CLASSES);
    let [twist, flip, slice] = phase1_move_tables();
    let (goal, _) = classes.class_of(u64::from(SLICE_SOLVED) * 2048);
    let space = SymSpace {
        classes,
        class_moves: class_moves(classes, &flip, &slice),
        raw: &twist,
        raw_back: symmetries.twist_back_table(),
        // The solved twist is every symmetry's image of itself.
        goal: goal as usize * TWISTS,
    };
    space.build(limits)
}

/// The folder where the tests of the cube keep the tables: built by the first test that needs
/// them (in this test binary: the others wait for it), loaded by the rest and by later runs.
#[cfg(test)]
pub(super) fn test_cache() -> TableCache {
    static BUILT: std::sync::OnceLock<()> = std::sync::OnceLock::new();
    let cache = TableCache::new(std::env::temp_dir().join("statespace-test-tables"));
    BUILT.get_or_init(|| {
        Phase1Table::load_or_build(Some(&cache), &Limits::none()).expect("no limits");
        let phase2 = super::phase2_table::Phase2Table::load_or_build(Some(&cache), &Limits::none());
        phase2.expect("no limits");
    });
    cache
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;
    use std::sync::OnceLock;

    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::cube::coords::MoveTable;

    fn table() -> &'static Phase1Table {
        static TABLE: OnceLock<Phase1Table> = OnceLock::new();
        TABLE.get_or_init(|| {
            let cache = test_cache();
            Phase1Table::load_or_build(Some(&cache), &Limits::none())
                .expect("no limits")
                .0
        })
    }

    #[test]
    fn the_depths_are_kociembas() {
        // 140,908,410 entries, none deeper than 12 (kociemba.org, the two-phase algorithm's
        // pruning tables); the positions at each depth as published for phase 1, which add up
        // to all 3^7 × 2^11 × C(12, 4) = 2,217,093,120.
        assert_eq!(ENTRIES, 140_908_410);
        let expected = [
            1,
            4,
            50,
            592,
            7_156,
            87_236,
            1_043_817,
            12_070_278,
            124_946_368,
            821_605_960,
            1_199_128_738,
            58_202_444,
            476,
        ];
        assert_eq!(table().positions_at_each_distance(), expected);
        assert_eq!(expected.iter().sum::<u64>(), 2_217_093_120);
    }

    #[test]
    fn the_first_six_layers_are_those_of_a_direct_breadth_first_search() {
        let [twist, flip, slice] = phase1_move_tables();
        let goal = (0u16, 0u16, SLICE_SOLVED);
        let mut depth_of = HashMap::from([(goal, 0u8)]);
        let mut layer = vec![goal];
        let mut counts = vec![1u64];
        for depth in 1..=6 {
            let mut next = Vec::new();
            for &(t, f, s) in &layer {
                for turn in 0..MOVES as u8 {
                    let position = (twist.get(t, turn), flip.get(f, turn), slice.get(s, turn));
                    depth_of.entry(position).or_insert_with(|| {
                        next.push(position);
                        depth
                    });
                }
            }
            counts.push(next.len() as u64);
            layer = next;
        }
        assert_eq!(counts, table().positions_at_each_distance()[..=6]);
        for (&(t, f, s), &depth) in &depth_of {
            assert_eq!(table().distance(t, f, s), depth, "({t}, {f}, {s})");
        }
    }

    #[test]
    fn each_move_changes_the_distance_by_at_most_one_and_one_move_lowers_it() {
        let [twist, flip, slice]: [MoveTable; 3] = phase1_move_tables();
        let mut rng = ChaCha8Rng::seed_from_u64(34);
        for _ in 0..100_000 {
            let (t, f, s) = (
                rng.random_range(0..2187),
                rng.random_range(0..2048),
                rng.random_range(0..495),
            );
            let distance = table().distance(t, f, s);
            assert_eq!(distance == 0, (t, f, s) == (0, 0, SLICE_SOLVED));
            let next: Vec<u8> = (0..MOVES as u8)
                .map(|turn| {
                    table().distance(twist.get(t, turn), flip.get(f, turn), slice.get(s, turn))
                })
                .collect();
            assert!(
                next.iter().all(|d| d.abs_diff(distance) <= 1),
                "({t}, {f}, {s})"
            );
            assert!(
                distance == 0 || next.contains(&(distance - 1)),
                "({t}, {f}, {s})"
            );
        }
    }

    #[test]
    fn a_damaged_or_foreign_file_is_refused() {
        let source = test_cache().path(PHASE1_TABLE_NAME);
        let dir = std::env::temp_dir().join(format!("statespace-phase1-{}", std::process::id()));
        let cache = TableCache::new(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::copy(&source, cache.path(PHASE1_TABLE_NAME)).unwrap();
        let (_, note) = Phase1Table::load_or_build(Some(&cache), &Limits::none()).unwrap();
        assert!(
            note.starts_with("table: phase 1 (") && note.contains("loaded from"),
            "{note}"
        );
        // Refused, the build begins: here it stops at once, at its deadline.
        let stopped = || Limits::none().time_limit(std::time::Duration::ZERO);
        let mut bytes = std::fs::read(&source).unwrap();
        bytes[4096 + 12_345_678] ^= 0x10;
        std::fs::write(cache.path(PHASE1_TABLE_NAME), &bytes).unwrap();
        let damaged = Phase1Table::load_or_build(Some(&cache), &stopped());
        assert_eq!(damaged.err(), Some(StopReason::TimeLimit));
        let foreign = PatternDatabase::from_distances(TableId::new("cube", "another"), vec![0; 8]);
        foreign.save(&cache.path(PHASE1_TABLE_NAME)).unwrap();
        let refused = Phase1Table::load_or_build(Some(&cache), &stopped());
        assert_eq!(refused.err(), Some(StopReason::TimeLimit));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_budget_too_small_is_refused_before_the_build() {
        let small = Limits::none().max_memory(PHASE1_TABLE_BYTES - 1);
        assert_eq!(
            Phase1Table::build(&small).err(),
            Some(StopReason::MemoryLimit)
        );
        let cache = TableCache::new(std::env::temp_dir().join("statespace-phase1-never"));
        let refused = Phase1Table::load_or_build(Some(&cache), &small);
        assert_eq!(refused.err(), Some(StopReason::MemoryLimit));
    }
}
