//! The exact phase-1 distance of the two-phase search: the fewest moves that bring each
//! position of (twist, flip, slice) into G1, over the 64,430 classes of the flip-slice
//! coordinate under the 16 symmetries that keep the UD axis ([`symmetry`](super::symmetry))
//! times the 2,187 twists, half a byte each (70 MB instead of 1.1 GB for every position). A
//! position is looked up as its class's representative with the twist mapped back by the
//! symmetry that takes the representative to the position (Kociemba's table, 1992).
//!
//! With the slice edges' order too ([`SliceKind::Sorted`]) the same table counts the moves
//! that orient every cubie and bring the four slice edges home in order: Kociemba's optimal
//! solver's table, over 1,523,864 classes (1.7 GB, built in minutes), a stronger lower bound
//! of the moves that solve the cube.
//!
//! It is built by breadth-first layers over its entries ([`sym_table`](super::sym_table)) and
//! kept in a folder of tables like the pattern databases (the engine's [`TableCache`]: a header
//! naming it, a checksum, a damaged or foreign file refused and rebuilt).

use statespace_engine::pattern_database::{PatternDatabase, TableCache, TableId};
use statespace_engine::rank::SymmetryClasses;
use statespace_engine::{Limits, Stats, StopReason};

use super::coords::{MOVES, MoveTable, phase1_move_tables, sorted_slice_moves};
#[cfg(test)]
use super::sym_table::UNSEEN;
use super::sym_table::{
    Coordinate, SymSpace, TableFile, class_moves_bytes, load_or_build, nibble,
    positions_at_each_distance,
};
use super::symmetry::{SYMMETRIES, SliceKind, Symmetries, TWISTS};

/// The classes of flip-slice coordinates (Kociemba's figure).
pub const FLIP_SLICE_CLASSES: usize = 64_430;
/// The classes of flip and sorted slice coordinates (Kociemba's figure).
pub const FLIP_SORTED_SLICE_CLASSES: usize = 1_523_864;
/// The bytes the phase-1 table takes (see [`table_bytes`]).
pub const PHASE1_TABLE_BYTES: u64 = table_bytes(SliceKind::Places);
/// The file name of the phase-1 table in a cache folder.
pub const PHASE1_TABLE_NAME: &str = "cube-3x3x3-phase1";

/// What tells the table of one kind of slice coordinate from the other's.
struct Kind {
    /// The classes of its flip-slice coordinate.
    classes: usize,
    /// Its file name in a cache folder.
    name: &'static str,
    /// What it is, in the lines about it.
    what: &'static str,
    /// What its file holds and how, checked when it is loaded.
    holds: &'static str,
    layout: &'static str,
}

/// The table of `slice`'s kind.
const fn kind(slice: SliceKind) -> Kind {
    match slice {
        SliceKind::Places => Kind {
            classes: FLIP_SLICE_CLASSES,
            name: PHASE1_TABLE_NAME,
            what: "phase 1 (64430 flip-slice classes x 2187 twists)",
            holds: "cube 3x3x3, half-turn metric, moves into G1 = <U, D, R2, L2, F2, B2>",
            layout: "64430 flip-slice classes (16 symmetries keeping UD) x 2187 twists, 4 bits, \
                     entry class x 2187 + twist in the low half of its byte when even",
        },
        SliceKind::Sorted => Kind {
            classes: FLIP_SORTED_SLICE_CLASSES,
            name: "cube-3x3x3-phase1-sorted",
            what: "phase 1 sorted (1523864 flip-sorted-slice classes x 2187 twists)",
            holds: "cube 3x3x3, half-turn metric, moves that orient every cubie and bring the \
                    UD-slice edges home in order",
            layout: "1523864 flip-sorted-slice classes (16 symmetries keeping UD) x 2187 twists, \
                     4 bits, entry class x 2187 + twist in the low half of its byte when even",
        },
    }
}

/// The bytes the table of `slice` takes: its entries (a class and a twist each) at half a
/// byte, each flip-slice coordinate's class and symmetry (four bytes), and while it is built
/// the classes after each move from each representative.
pub const fn table_bytes(slice: SliceKind) -> u64 {
    let classes = kind(slice).classes;
    (classes * TWISTS).div_ceil(2) as u64
        + 4 * slice.flip_slices()
        + class_moves_bytes(classes, MOVES)
}

/// The file of the table of `slice` in a folder of tables.
pub(super) fn phase1_file(slice: SliceKind) -> TableFile {
    TableFile {
        name: kind(slice).name,
        id: table_id(slice),
        bytes: table_bytes(slice),
    }
}

/// What the file of the table of `slice` holds, checked when it is loaded.
fn table_id(slice: SliceKind) -> TableId {
    let kind = kind(slice);
    TableId::new(kind.holds, kind.layout)
}

/// The exact number of moves that bring each (twist, flip, slice) into G1 or, with the slice
/// sorted, each (twist, flip, sorted slice) home.
#[derive(Debug)]
pub struct Phase1Table {
    slice: SliceKind,
    symmetries: Symmetries,
    classes: SymmetryClasses,
    /// Half a byte per entry `class × 2187 + twist`.
    distances: PatternDatabase,
}

impl Phase1Table {
    /// Builds the table of `slice` within the memory budget of `limits` (refused before it
    /// starts when it cannot fit) and its clock; with the statistics of the breadth-first
    /// search.
    pub fn build(slice: SliceKind, limits: &Limits) -> Result<(Phase1Table, Stats), StopReason> {
        let (symmetries, classes) = Phase1Table::parts(slice, limits)?;
        let (nibbles, stats) = build_distances(slice, &symmetries, &classes, limits)?;
        let distances = PatternDatabase::from_distances(table_id(slice), nibbles);
        let table = Phase1Table {
            slice,
            symmetries,
            classes,
            distances,
        };
        Ok((table, stats))
    }

    /// The table of `slice` from `cache` when its file is there and sound (mapped, its
    /// checksum checked), otherwise built within `limits` and saved there (kept in memory only
    /// without a cache); with what happened, in a line.
    pub fn load_or_build(
        slice: SliceKind,
        cache: Option<&TableCache>,
        limits: &Limits,
    ) -> Result<(Phase1Table, String), StopReason> {
        let (symmetries, classes) = Phase1Table::parts(slice, limits)?;
        let Kind { name, what, .. } = kind(slice);
        let (distances, note) = load_or_build(cache, name, &table_id(slice), what, || {
            build_distances(slice, &symmetries, &classes, limits)
        })?;
        let table = Phase1Table {
            slice,
            symmetries,
            classes,
            distances,
        };
        Ok((table, note))
    }

    /// The symmetries and the flip-slice classes, when the table fits the budget of `limits`.
    fn parts(
        slice: SliceKind,
        limits: &Limits,
    ) -> Result<(Symmetries, SymmetryClasses), StopReason> {
        if !limits.fits(table_bytes(slice)) {
            return Err(StopReason::MemoryLimit);
        }
        let symmetries = Symmetries::new();
        let classes = symmetries.flip_slice_classes(slice);
        Ok((symmetries, classes))
    }

    /// The fewest moves that bring the position of these coordinates home (`slice`: the
    /// table's kind of slice coordinate).
    #[inline]
    pub fn distance(&self, twist: u16, flip: u16, slice: u16) -> u8 {
        self.distance_at(self.entry(twist, flip, slice))
    }

    /// The entry of the position of these coordinates: [`distance`](Self::distance) in two
    /// steps, each a memory read, so that a search can make the first for several positions
    /// before the second.
    #[inline]
    pub fn entry(&self, twist: u16, flip: u16, slice: u16) -> usize {
        let flip_slice = u64::from(slice) * 2048 + u64::from(flip);
        let (class, symmetry) = self.classes.class_of(flip_slice);
        let twist = self.symmetries.twist_back(twist, symmetry);
        class as usize * TWISTS + usize::from(twist)
    }

    /// The distance of entry `entry` ([`entry`](Self::entry)).
    #[inline]
    pub fn distance_at(&self, entry: usize) -> u8 {
        nibble(self.distances.as_bytes(), entry)
    }

    /// The kind of slice coordinate the table reads.
    pub fn slice(&self) -> SliceKind {
        self.slice
    }

    /// How many of the positions (twist, flip, slice) are at each distance (of the phase-1
    /// table's: 2,217,093,120): entry `d` for distance `d`. An entry stands for 16 / (its
    /// stabiliser's order) positions.
    pub fn positions_at_each_distance(&self) -> Vec<u64> {
        positions_at_each_distance(&self.classes, SYMMETRIES, TWISTS, self.distances.as_bytes())
    }
}

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

/// The half bytes of the table of `slice` by breadth-first layers from its goal, stopped by
/// the clock of `limits`; with the statistics of the search.
fn build_distances(
    slice: SliceKind,
    symmetries: &Symmetries,
    classes: &SymmetryClasses,
    limits: &Limits,
) -> Result<(Vec<u8>, Stats), StopReason> {
    assert_eq!(classes.len(), kind(slice).classes);
    let [twist, flip, places] = phase1_move_tables();
    let slice_moves = match slice {
        SliceKind::Places => places,
        SliceKind::Sorted => sorted_slice_moves(),
    };
    let (goal, _) = classes.class_of(u64::from(slice.solved()) * 2048);
    let space = SymSpace {
        classes,
        class_moves: class_moves(classes, &flip, &slice_moves),
        raw: Coordinate {
            moves: &twist,
            back: symmetries.twist_back_table(),
        },
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
        Phase1Table::load_or_build(SliceKind::Places, Some(&cache), &Limits::none())
            .expect("no limits");
        let phase2 = super::phase2_table::Phase2Table::load_or_build(Some(&cache), &Limits::none());
        phase2.expect("no limits");
    });
    cache
}

/// [`test_cache`] with the sorted phase-1 table too (1.7 GB, built in minutes by the first
/// test that needs it).
#[cfg(test)]
pub(super) fn sorted_test_cache() -> TableCache {
    static BUILT: std::sync::OnceLock<()> = std::sync::OnceLock::new();
    let cache = test_cache();
    BUILT.get_or_init(|| {
        let built = Phase1Table::load_or_build(SliceKind::Sorted, Some(&cache), &Limits::none());
        built.expect("no limits");
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
            Phase1Table::load_or_build(SliceKind::Places, Some(&cache), &Limits::none())
                .expect("no limits")
                .0
        })
    }

    fn sorted_table() -> &'static Phase1Table {
        static TABLE: OnceLock<Phase1Table> = OnceLock::new();
        TABLE.get_or_init(|| {
            let cache = sorted_test_cache();
            Phase1Table::load_or_build(SliceKind::Sorted, Some(&cache), &Limits::none())
                .expect("no limits")
                .0
        })
    }

    /// Both tables, each with its slice coordinate's move table.
    fn tables() -> [(&'static Phase1Table, MoveTable); 2] {
        let [_, _, places] = phase1_move_tables();
        [(table(), places), (sorted_table(), sorted_slice_moves())]
    }

    #[test]
    fn the_depths_are_kociembas() {
        // 140,908,410 entries, none deeper than 12 (kociemba.org, the two-phase algorithm's
        // pruning tables); the positions at each depth as published for phase 1, which add up
        // to all 3^7 × 2^11 × C(12, 4) = 2,217,093,120.
        assert_eq!(FLIP_SLICE_CLASSES * TWISTS, 140_908_410);
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
        // Built here by the parallel layers, whatever the folder held: the same half bytes.
        let (built, stats) = Phase1Table::build(SliceKind::Places, &Limits::none()).unwrap();
        assert_eq!(built.positions_at_each_distance(), expected);
        assert_eq!(stats.layers.len(), expected.len());
        assert_eq!(expected.iter().sum::<u64>(), 2_217_093_120);
        // Sorted: 1,523,864 classes (Kociemba's figure) standing for every one of the
        // 3^7 × 2^11 × 11,880 positions, each reached (none left at the mark of the unseen).
        assert_eq!(FLIP_SORTED_SLICE_CLASSES * TWISTS, 3_332_690_568);
        let sorted = sorted_table().positions_at_each_distance();
        assert_eq!(sorted.iter().sum::<u64>(), 2187 * 2048 * 11_880);
        assert!(sorted.len() <= usize::from(UNSEEN), "{sorted:?}");
    }

    #[test]
    fn the_first_layers_are_those_of_a_direct_breadth_first_search() {
        let [twist, flip, _] = phase1_move_tables();
        for ((table, slice_moves), layers) in tables().into_iter().zip([6, 5]) {
            let goal = (0u16, 0u16, table.slice().solved());
            let mut depth_of = HashMap::from([(goal, 0u8)]);
            let mut layer = vec![goal];
            let mut counts = vec![1u64];
            for depth in 1..=layers {
                let mut next = Vec::new();
                for &(t, f, s) in &layer {
                    for turn in 0..MOVES as u8 {
                        let (t, f) = (twist.get(t, turn), flip.get(f, turn));
                        let position = (t, f, slice_moves.get(s, turn));
                        depth_of.entry(position).or_insert_with(|| {
                            next.push(position);
                            depth
                        });
                    }
                }
                counts.push(next.len() as u64);
                layer = next;
            }
            let table_counts = table.positions_at_each_distance();
            assert_eq!(
                counts,
                table_counts[..=usize::from(layers)],
                "{:?}",
                table.slice()
            );
            for (&(t, f, s), &depth) in &depth_of {
                assert_eq!(table.distance(t, f, s), depth, "({t}, {f}, {s})");
            }
        }
    }

    #[test]
    fn each_move_changes_the_distance_by_at_most_one_and_one_move_lowers_it() {
        let [twist, flip, _]: [MoveTable; 3] = phase1_move_tables();
        let mut rng = ChaCha8Rng::seed_from_u64(34);
        for (table, slice_moves) in tables() {
            let solved = (0, 0, table.slice().solved());
            for _ in 0..100_000 {
                let (t, f, s) = (
                    rng.random_range(0..2187),
                    rng.random_range(0..2048),
                    rng.random_range(0..table.slice().slices() as u16),
                );
                let distance = table.distance(t, f, s);
                assert_eq!(distance == 0, (t, f, s) == solved);
                let next: Vec<u8> = (0..MOVES as u8)
                    .map(|turn| {
                        let s = slice_moves.get(s, turn);
                        table.distance(twist.get(t, turn), flip.get(f, turn), s)
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
    }

    #[test]
    fn a_damaged_or_foreign_file_is_refused() {
        let source = test_cache().path(PHASE1_TABLE_NAME);
        let dir = std::env::temp_dir().join(format!("statespace-phase1-{}", std::process::id()));
        let cache = TableCache::new(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::copy(&source, cache.path(PHASE1_TABLE_NAME)).unwrap();
        let (_, note) =
            Phase1Table::load_or_build(SliceKind::Places, Some(&cache), &Limits::none()).unwrap();
        assert!(
            note.starts_with("table: phase 1 (") && note.contains("loaded from"),
            "{note}"
        );
        // Refused, the build begins: here it stops at once, at its deadline.
        let stopped = || Limits::none().time_limit(std::time::Duration::ZERO);
        let mut bytes = std::fs::read(&source).unwrap();
        bytes[4096 + 12_345_678] ^= 0x10;
        std::fs::write(cache.path(PHASE1_TABLE_NAME), &bytes).unwrap();
        let damaged = Phase1Table::load_or_build(SliceKind::Places, Some(&cache), &stopped());
        assert_eq!(damaged.err(), Some(StopReason::TimeLimit));
        let foreign = PatternDatabase::from_distances(TableId::new("cube", "another"), vec![0; 8]);
        foreign.save(&cache.path(PHASE1_TABLE_NAME)).unwrap();
        let refused = Phase1Table::load_or_build(SliceKind::Places, Some(&cache), &stopped());
        assert_eq!(refused.err(), Some(StopReason::TimeLimit));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_budget_too_small_is_refused_before_the_build() {
        let small = Limits::none().max_memory(PHASE1_TABLE_BYTES - 1);
        assert_eq!(
            Phase1Table::build(SliceKind::Places, &small).err(),
            Some(StopReason::MemoryLimit)
        );
        let cache = TableCache::new(std::env::temp_dir().join("statespace-phase1-never"));
        let refused = Phase1Table::load_or_build(SliceKind::Places, Some(&cache), &small);
        assert_eq!(refused.err(), Some(StopReason::MemoryLimit));
    }
}
