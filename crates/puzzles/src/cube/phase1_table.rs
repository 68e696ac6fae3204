//! The exact phase-1 distance of the two-phase search: the fewest moves that bring each
//! position of (twist, flip, slice) into G1, over the 64,430 classes of the flip-slice
//! coordinate under the 16 symmetries that keep the UD axis ([`symmetry`](super::symmetry))
//! times the 2,187 twists, half a byte each (70 MB instead of 1.1 GB for every position). A
//! position is looked up as its class's representative with the twist mapped back by the
//! symmetry that takes the representative to the position (Kociemba's table, 1992).
//!
//! It is built by breadth-first layers over its entries: forwards (each entry of the layer
//! sets its unseen neighbours) while the layer is small, backwards (each unseen entry looks for
//! a neighbour in the layer, stopping at the first) once the unseen entries are fewer than four
//! times the layer's. Moving forwards, an entry reached at a representative that a symmetry
//! keeps also sets the entries of its twist mapped by that symmetry: those positions are
//! images of each other and have its distance, but a move may lead to only one of them. It is
//! kept in a folder of tables like the pattern databases (the engine's [`TableCache`]: a header
//! naming it, a checksum, a damaged or foreign file refused and rebuilt).

use std::path::Path;
use std::time::Instant;

use statespace_engine::pattern_database::{Origin, PatternDatabase, TableCache, TableId};
use statespace_engine::rank::SymmetryClasses;
use statespace_engine::{LayerStats, Limits, Meter, Stats, StopReason};

use super::coords::{MOVES, SLICE_SOLVED, phase1_move_tables};
use super::symmetry::{FLIP_SLICE, SYMMETRIES, Symmetries, TWISTS};
use crate::puzzle::format_duration;

/// The classes of flip-slice coordinates.
pub const FLIP_SLICE_CLASSES: usize = 64_430;
/// Entries of the table: a class and a twist each.
const ENTRIES: usize = FLIP_SLICE_CLASSES * TWISTS;
/// The bytes the table takes: its entries at half a byte, each flip-slice coordinate's class
/// (four bytes) and symmetry (one), while it is built and after.
pub const PHASE1_TABLE_BYTES: u64 = ENTRIES.div_ceil(2) as u64 + 5 * FLIP_SLICE;
/// An entry not reached yet, while the table is built.
const UNSEEN: u8 = 15;

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
        if !limits.fits(PHASE1_TABLE_BYTES) {
            return Err(StopReason::MemoryLimit);
        }
        let started = Instant::now();
        let symmetries = Symmetries::new();
        let classes = symmetries.flip_slice_classes();
        let mut stats = Stats::default();
        let nibbles = build_distances(&symmetries, &classes, &Meter::new(limits), &mut stats)?;
        let distances = PatternDatabase::from_distances(phase1_table_id(), nibbles);
        stats.elapsed = started.elapsed();
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
        let Some(cache) = cache else {
            let (table, stats) = Phase1Table::build(limits)?;
            return Ok((table, built_note(&stats)));
        };
        if !limits.fits(PHASE1_TABLE_BYTES) {
            return Err(StopReason::MemoryLimit);
        }
        let started = Instant::now();
        let symmetries = Symmetries::new();
        let classes = symmetries.flip_slice_classes();
        let mut built = None;
        let cached = cache.load_or_build(PHASE1_TABLE_NAME, &phase1_table_id(), |_| {
            let mut stats = Stats::default();
            let nibbles = build_distances(&symmetries, &classes, &Meter::new(limits), &mut stats)?;
            stats.elapsed = started.elapsed();
            built = Some(stats);
            Ok(PatternDatabase::from_distances(phase1_table_id(), nibbles))
        })?;
        let path = cache.path(PHASE1_TABLE_NAME);
        let built = built.map(|stats| built_note(&stats));
        let note = cache_note(&cached.origin, built, &path, "phase 1", started);
        let table = Phase1Table {
            symmetries,
            classes,
            distances: cached.table,
        };
        Ok((table, note))
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
        let mut counts = vec![0u64; 16];
        let bytes = self.distances.as_bytes();
        for class in 0..self.classes.len() {
            let images =
                SYMMETRIES as u64 / u64::from(self.classes.stabiliser(class as u32).count_ones());
            for twist in 0..TWISTS {
                counts[usize::from(nibble(bytes, class * TWISTS + twist))] += images;
            }
        }
        while counts.last() == Some(&0) {
            counts.pop();
        }
        counts
    }
}

/// The line about a table of a cache folder at `path`: `built`, the line of its build (with
/// why a file there was refused, and whether it was saved), or when it was loaded, `what` was
/// loaded and how long that took since `started`.
pub(super) fn cache_note(
    origin: &Origin,
    built: Option<String>,
    path: &Path,
    what: &str,
    started: Instant,
) -> String {
    match (origin, built) {
        (Origin::Built { refused, saved }, Some(mut note)) => {
            if let Some(refused) = refused {
                note.push_str(&format!(" ({refused}: rebuilt)"));
            }
            match saved {
                Ok(()) => note.push_str(&format!(", saved to {}", path.display())),
                Err(error) => note.push_str(&format!(", not saved: {error}")),
            }
            note
        }
        _ => format!(
            "table: {what} loaded from {} in {}",
            path.display(),
            format_duration(started.elapsed())
        ),
    }
}

/// The line about a table just built.
fn built_note(stats: &Stats) -> String {
    format!(
        "table: phase 1, {FLIP_SLICE_CLASSES} flip-slice classes x {TWISTS} twists, {} layers, \
         built in {}",
        stats.layers.len(),
        format_duration(stats.elapsed)
    )
}

/// Entry `entry` of a table of half bytes.
#[inline]
fn nibble(bytes: &[u8], entry: usize) -> u8 {
    bytes[entry / 2] >> (entry % 2 * 4) & 15
}

/// Sets entry `entry` (which must be [`UNSEEN`]) to `value`.
#[inline]
fn set_nibble(bytes: &mut [u8], entry: usize, value: u8) {
    bytes[entry / 2] ^= (UNSEEN ^ value) << (entry % 2 * 4);
}

/// The classes and symmetries after each move from each class's representative.
fn class_moves(classes: &SymmetryClasses) -> Vec<[(u32, u8); MOVES]> {
    let [_, flip, slice] = phase1_move_tables();
    (0..classes.len() as u32)
        .map(|class| {
            let representative = classes.representative(class);
            let (slice_value, flip_value) = (
                (representative / 2048) as u16,
                (representative % 2048) as u16,
            );
            std::array::from_fn(|turn| {
                let next = u64::from(slice.get(slice_value, turn as u8)) * 2048
                    + u64::from(flip.get(flip_value, turn as u8));
                let (class, symmetry) = classes.class_of(next);
                (class, symmetry as u8)
            })
        })
        .collect()
}

/// The table's half bytes by breadth-first layers from G1, with each layer's statistics in
/// `stats`, stopped by the clock or flag of `meter`.
fn build_distances(
    symmetries: &Symmetries,
    classes: &SymmetryClasses,
    meter: &Meter,
    stats: &mut Stats,
) -> Result<Vec<u8>, StopReason> {
    assert_eq!(classes.len(), FLIP_SLICE_CLASSES);
    let [twist_moves, _, _] = phase1_move_tables();
    let neighbours = class_moves(classes);
    let mut nibbles = vec![UNSEEN * 17; ENTRIES.div_ceil(2)];
    let (goal, _) = classes.class_of(u64::from(SLICE_SOLVED) * 2048);
    // The solved twist is every symmetry's image of itself.
    set_nibble(&mut nibbles, goal as usize * TWISTS, 0);
    let (mut reached, mut layer_size) = (1usize, 1usize);
    for depth in 0u8..UNSEEN - 1 {
        let mut layer = LayerStats {
            depth: u32::from(depth),
            ..LayerStats::default()
        };
        let backwards = ENTRIES - reached < 4 * layer_size;
        let mut found = 0;
        for (class, moves) in neighbours.iter().enumerate() {
            meter.check_clock_and_flag()?;
            let row = class * TWISTS;
            for twist in 0..TWISTS {
                let distance = nibble(&nibbles, row + twist);
                if distance != if backwards { UNSEEN } else { depth } {
                    continue;
                }
                layer.expanded += 1;
                for (turn, &(next_class, symmetry)) in moves.iter().enumerate() {
                    layer.generated += 1;
                    let next_twist = twist_moves.get(twist as u16, turn as u8);
                    let next_twist = symmetries.twist_back(next_twist, usize::from(symmetry));
                    let next_row = next_class as usize * TWISTS;
                    let next = next_row + usize::from(next_twist);
                    if backwards {
                        if nibble(&nibbles, next) == depth {
                            set_nibble(&mut nibbles, row + twist, depth + 1);
                            found += 1;
                            break;
                        }
                    } else if nibble(&nibbles, next) == UNSEEN {
                        set_nibble(&mut nibbles, next, depth + 1);
                        found += 1;
                        found += set_images(
                            &mut nibbles,
                            (next_row, next_twist),
                            classes.stabiliser(next_class),
                            symmetries,
                            depth + 1,
                        );
                    }
                }
            }
        }
        stats.expanded += layer.expanded;
        stats.generated += layer.generated;
        stats.push_layer(layer);
        reached += found;
        layer_size = found;
        if found == 0 {
            break;
        }
    }
    debug_assert_eq!(reached, ENTRIES, "every position reaches G1");
    Ok(nibbles)
}

/// Sets to `distance` the unseen entries of `row` whose twist is `twist` mapped by a symmetry
/// of `stabiliser` (bits, the identity's left out); how many there were.
fn set_images(
    nibbles: &mut [u8],
    (row, twist): (usize, u16),
    stabiliser: u64,
    symmetries: &Symmetries,
    distance: u8,
) -> usize {
    let mut set = 0;
    let mut others = stabiliser & !1;
    while others != 0 {
        let symmetry = others.trailing_zeros() as usize;
        others &= others - 1;
        let entry = row + usize::from(symmetries.twist_back(twist, symmetry));
        if nibble(nibbles, entry) == UNSEEN {
            set_nibble(nibbles, entry, distance);
            set += 1;
        }
    }
    set
}

/// The folder where the tests of the cube keep the table: built by the first test that needs
/// it (in this test binary: the others wait for it), loaded by the rest and by later runs.
#[cfg(test)]
pub(super) fn test_cache() -> TableCache {
    static BUILT: std::sync::OnceLock<()> = std::sync::OnceLock::new();
    let cache = TableCache::new(std::env::temp_dir().join("statespace-test-tables"));
    BUILT.get_or_init(|| {
        Phase1Table::load_or_build(Some(&cache), &Limits::none()).expect("no limits");
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
        assert!(note.starts_with("table: phase 1 loaded from"), "{note}");
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
