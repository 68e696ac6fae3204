//! The phase-1 coordinates with the corners' tetrad: the fewest moves that orient every
//! cubie, bring the four UD-slice edges into their slice and the four U corners into the U
//! layer (in any order), over the 64,430 classes of the flip-slice coordinate under the 16
//! symmetries that keep UD × 2,187 twists × the 70 tetrads (which four of the eight corner
//! places hold the U corners): 9,863,588,700 entries, half a byte each (4.93 GB). The goal is
//! one point of this space, and every move of the cube moves it, so its distance is a lower
//! bound of the cube's, read like the phase-1 table along three axes and for the inverse (the
//! field's optimal solvers, vcube and nxopt, combine phase-1 coordinates with corner
//! coordinates so).
//!
//! A symmetry that swaps U and D maps the U corners onto the D corners' places: the tetrad of
//! the image is the complement of the tetrad's image, still a function of the tetrad, so the
//! twist × tetrad product is mapped back by two small tables. Built by breadth-first layers
//! over the cores ([`sym_table`](super::sym_table)), in minutes, and kept in the folder of
//! tables like the others.

use statespace_engine::pattern_database::{PatternDatabase, TableCache, TableId};
use statespace_engine::rank::SymmetryClasses;
use statespace_engine::{Limits, Stats, StopReason};

use super::coords::{MOVES, MoveTable, phase1_move_tables, subset_cubies};
use super::cubie::Corners;
use super::phase1_table::FLIP_SLICE_CLASSES;
use super::rubik::Rubik;
use super::small_ranks::subset_rank;
use super::sym_table::{
    RawCoordinate, SymSpace, TableFile, class_moves_bytes, load_or_build, nibble,
    positions_at_each_distance,
};
use super::symmetry::{SYMMETRIES, SliceKind, Symmetries, TWISTS};

/// The values of the tetrad: C(8, 4).
pub const TETRADS: usize = 70;
/// The tetrad of the solved cube: the U corners in the U layer's places 0–3.
pub const TETRAD_SOLVED: u16 = 0;
/// The entries of a class: twist × tetrad.
pub(super) const WIDTH: usize = TWISTS * TETRADS;
/// The file name of the table in a cache folder.
pub const TETRAD_TABLE_NAME: &str = "cube-3x3x3-phase1-tetrad";
/// What the table is, in the lines about it.
const WHAT: &str = "phase 1 with tetrads (64430 flip-slice classes x 2187 twists x 70 tetrads)";
/// The bytes the table takes: its entries at half a byte, each flip-slice coordinate's class
/// and symmetry (four bytes), the tetrads mapped back, and while it is built the classes
/// after each move from each representative.
pub const TETRAD_TABLE_BYTES: u64 = (FLIP_SLICE_CLASSES * WIDTH).div_ceil(2) as u64
    + 4 * SliceKind::Places.flip_slices()
    + (TETRADS * SYMMETRIES) as u64
    + class_moves_bytes(FLIP_SLICE_CLASSES, MOVES);

/// Which four of the eight corner places hold the U corners (cubies 0–3): 0 to 69.
#[inline]
pub fn tetrad(corners: &Corners) -> u16 {
    let mask = corners
        .cubie
        .iter()
        .enumerate()
        .fold(0, |mask, (place, &cubie)| {
            mask | u16::from(cubie < 4) << place
        });
    subset_rank(mask)
}

/// A cube whose U corners are at the places of tetrad `value`, in order, the D corners at the
/// others, everything else solved.
fn tetrad_cube(value: u16) -> Rubik {
    let mut cube = Rubik::SOLVED;
    cube.corners.cubie = subset_cubies(value, 0, 4);
    cube
}

/// The move table of the tetrad under all 18 moves.
pub(super) fn tetrad_moves() -> MoveTable {
    let all: Vec<u8> = (0..MOVES as u8).collect();
    MoveTable::build(
        TETRADS,
        &all,
        |value| tetrad_cube(value as u16),
        |cube| tetrad(&cube.corners),
    )
}

/// `[tetrad × 16 + s]`: the tetrad of a cube mapped back by symmetry `s` (by its inverse).
pub(super) fn tetrads_back(symmetries: &Symmetries) -> Vec<u8> {
    let mut back = Vec::with_capacity(TETRADS * SYMMETRIES);
    for value in 0..TETRADS as u16 {
        let cube = tetrad_cube(value);
        for s in 0..SYMMETRIES {
            let mapped = symmetries.map(symmetries.inverse(s), &cube);
            back.push(tetrad(&mapped.corners) as u8);
        }
    }
    back
}

/// The twist × tetrad product, `twist × 70 + tetrad`, the raw coordinate of the table.
pub(super) struct TwistTetrad<'a> {
    twist: &'a MoveTable,
    twist_back: &'a [u16],
    tetrad: &'a MoveTable,
    tetrad_back: &'a [u8],
}

impl RawCoordinate for TwistTetrad<'_> {
    fn len(&self) -> usize {
        WIDTH
    }

    fn moves(&self) -> usize {
        MOVES
    }

    #[inline]
    fn turned(&self, raw: u32, turn: u8) -> u32 {
        let (twist, tetrad) = ((raw / TETRADS as u32) as u16, (raw % TETRADS as u32) as u16);
        u32::from(self.twist.get(twist, turn)) * TETRADS as u32
            + u32::from(self.tetrad.get(tetrad, turn))
    }

    #[inline]
    fn back(&self, raw: u32, s: usize) -> u32 {
        let (twist, tetrad) = (raw as usize / TETRADS, raw as usize % TETRADS);
        u32::from(self.twist_back[twist * SYMMETRIES + s]) * TETRADS as u32
            + u32::from(self.tetrad_back[tetrad * SYMMETRIES + s])
    }
}

/// The table's file in a folder of tables.
pub(super) fn tetrad_file() -> TableFile {
    TableFile {
        name: TETRAD_TABLE_NAME,
        id: tetrad_table_id(),
        bytes: TETRAD_TABLE_BYTES,
    }
}

/// What the table's file holds, checked when it is loaded.
fn tetrad_table_id() -> TableId {
    TableId::new(
        "cube 3x3x3, half-turn metric, moves that orient every cubie and bring the UD-slice \
         edges into their slice and the U corners into the U layer",
        "64430 flip-slice classes (16 symmetries keeping UD) x 2187 twists x 70 tetrads, 4 \
         bits, entry class x 153090 + twist x 70 + tetrad in the low half of its byte when even",
    )
}

/// The fewest moves that bring each (twist, flip, slice, tetrad) home.
#[derive(Debug)]
pub struct TetradTable {
    symmetries: Symmetries,
    classes: SymmetryClasses,
    tetrad_back: Vec<u8>,
    /// Half a byte per entry `class × 153090 + twist × 70 + tetrad`.
    distances: PatternDatabase,
}

impl TetradTable {
    /// The table from `cache` when its file is there and sound (mapped, its checksum checked),
    /// otherwise built within `limits` (refused before it starts when it cannot fit) and saved
    /// there (kept in memory only without a cache); with what happened, in a line.
    pub fn load_or_build(
        cache: Option<&TableCache>,
        limits: &Limits,
    ) -> Result<(TetradTable, String), StopReason> {
        if !limits.fits(TETRAD_TABLE_BYTES) {
            return Err(StopReason::MemoryLimit);
        }
        let symmetries = Symmetries::new();
        let classes = symmetries.flip_slice_classes(SliceKind::Places);
        let tetrad_back = tetrads_back(&symmetries);
        let id = tetrad_table_id();
        let (distances, note) = load_or_build(cache, TETRAD_TABLE_NAME, &id, WHAT, || {
            let [twist, flip, slice] = phase1_move_tables();
            let (flip, slice) = (&flip, &slice);
            let class_moves = |class: u32| {
                let value = classes.representative(class);
                let (slice_value, flip_value) = ((value / 2048) as u16, (value % 2048) as u16);
                (0..MOVES as u8).map(move |turn| {
                    u64::from(slice.get(slice_value, turn)) * 2048
                        + u64::from(flip.get(flip_value, turn))
                })
            };
            let goal = u64::from(SliceKind::Places.solved()) * 2048;
            build_distances(&symmetries, &classes, class_moves, goal, &twist, limits)
        })?;
        let table = TetradTable {
            symmetries,
            classes,
            tetrad_back,
            distances,
        };
        Ok((table, note))
    }

    /// The entry of the position of these coordinates (`slice`: the slice edges' places), a
    /// read of its class first, so that a search can make it for several positions before
    /// reading their distances ([`distance_at`](Self::distance_at)).
    #[inline]
    pub fn entry(&self, twist: u16, flip: u16, slice: u16, tetrad: u16) -> usize {
        let (class, s) = self
            .classes
            .class_of(u64::from(slice) * 2048 + u64::from(flip));
        let twist = self.symmetries.twist_back(twist, s);
        let tetrad = self.tetrad_back[usize::from(tetrad) * SYMMETRIES + s];
        class as usize * WIDTH + usize::from(twist) * TETRADS + usize::from(tetrad)
    }

    /// The distance of entry `entry` ([`entry`](Self::entry)).
    #[inline]
    pub fn distance_at(&self, entry: usize) -> u8 {
        nibble(self.distances.as_bytes(), entry)
    }

    /// How many of the positions (twist, flip, slice, tetrad) are at each distance (of
    /// 155,196,518,400): entry `d` for distance `d`.
    pub fn positions_at_each_distance(&self) -> Vec<u64> {
        positions_at_each_distance(&self.classes, SYMMETRIES, WIDTH, self.distances.as_bytes())
    }
}

/// The half bytes of a table over `classes` (of a coordinate whose values after each move
/// from a class's representative `class_moves` gives; the goal's value `goal`, which every
/// symmetry keeps) × twist × tetrad, by breadth-first layers, stopped by the clock of
/// `limits`; with the statistics of the search.
fn build_distances<I: Iterator<Item = u64>>(
    symmetries: &Symmetries,
    classes: &SymmetryClasses,
    class_moves: impl Fn(u32) -> I,
    goal: u64,
    twist: &MoveTable,
    limits: &Limits,
) -> Result<(Vec<u8>, Stats), StopReason> {
    let space = (classes, class_moves, goal, twist);
    over_twist_tetrad(symmetries, space, |space| space.build(limits))
}

/// What `build` makes of the space over classes × twist × tetrad given as (the classes, their
/// representatives' values after each move, the goal's value, which every symmetry keeps, and
/// the twist's move table).
pub(super) fn over_twist_tetrad<I: Iterator<Item = u64>, T>(
    symmetries: &Symmetries,
    (classes, class_moves, goal, twist): (&SymmetryClasses, impl Fn(u32) -> I, u64, &MoveTable),
    build: impl FnOnce(&SymSpace<TwistTetrad>) -> T,
) -> T {
    let mut moves = Vec::with_capacity(classes.len() * MOVES);
    for class in 0..classes.len() as u32 {
        moves.extend(class_moves(class).map(|next| {
            let (class, symmetry) = classes.class_of(next);
            (class, symmetry as u8)
        }));
    }
    let tetrad = tetrad_moves();
    let tetrad_back = tetrads_back(symmetries);
    let (goal, _) = classes.class_of(goal);
    let space = SymSpace {
        classes,
        class_moves: moves,
        raw: TwistTetrad {
            twist,
            twist_back: symmetries.twist_back_table(),
            tetrad: &tetrad,
            tetrad_back: &tetrad_back,
        },
        // The solved twist and tetrad are every symmetry's images of themselves.
        goal: goal as usize * WIDTH + usize::from(TETRAD_SOLVED),
    };
    build(&space)
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::cube::coords::{SLICE_SOLVED, move_of, slice, slice_cube};

    #[test]
    fn the_tetrad_turns_as_the_cubies_do_and_symmetries_keep_or_swap_the_layers() {
        let moves = tetrad_moves();
        let mut cube = Rubik::SOLVED;
        assert_eq!(tetrad(&cube.corners), TETRAD_SOLVED);
        for turn in [3, 1, 8, 9, 13, 17, 2, 4, 6, 10].repeat(2) {
            let before = tetrad(&cube.corners);
            cube = cube.turned(move_of(turn));
            assert_eq!(moves.get(before, turn), tetrad(&cube.corners));
        }
        // U and D turns keep the solved tetrad (not every tetrad: a U turn moves a D corner
        // of the U layer to another U place); the 70 are all reached.
        for turn in [0, 1, 2, 9, 10, 11] {
            assert_eq!(moves.get(TETRAD_SOLVED, turn), TETRAD_SOLVED);
        }
        assert_ne!(moves.get(1, 0), 1);
        for value in 0..TETRADS as u16 {
            assert_eq!(tetrad(&tetrad_cube(value).corners), value);
        }
        let symmetries = Symmetries::new();
        let back = tetrads_back(&symmetries);
        for s in 0..SYMMETRIES {
            // The solved tetrad is every symmetry's image of itself; a cube mapped back has
            // the tetrad mapped back, whatever its other corners.
            assert_eq!(back[usize::from(TETRAD_SOLVED) * SYMMETRIES + s], 0);
            let scrambled = Rubik::SOLVED.turned(move_of(3)).turned(move_of(7));
            let mapped = symmetries.map(symmetries.inverse(s), &scrambled);
            let value = usize::from(tetrad(&scrambled.corners));
            assert_eq!(
                u16::from(back[value * SYMMETRIES + s]),
                tetrad(&mapped.corners)
            );
        }
    }

    /// A small table of the same builder: classes of the slice places alone × twist × tetrad
    /// (the flip left out), 10.7 M entries; and a look-up of it.
    fn slice_table() -> (Symmetries, SymmetryClasses, Vec<u8>, Vec<u8>) {
        let symmetries = Symmetries::new();
        let classes = SymmetryClasses::new(495, SYMMETRIES, |s, value| {
            let cube = slice_cube(value as u16);
            u64::from(slice(&symmetries.map(s, &cube).edges))
        });
        let [twist, _, slice_moves] = phase1_move_tables();
        let slice_moves = &slice_moves;
        let class_moves = |class: u32| {
            let value = classes.representative(class) as u16;
            (0..MOVES as u8).map(move |turn| u64::from(slice_moves.get(value, turn)))
        };
        let goal = u64::from(SLICE_SOLVED);
        let (nibbles, _) = build_distances(
            &symmetries,
            &classes,
            class_moves,
            goal,
            &twist,
            &Limits::none(),
        )
        .unwrap();
        let back = tetrads_back(&symmetries);
        (symmetries, classes, back, nibbles)
    }

    #[test]
    fn a_small_product_table_is_a_direct_breadth_first_search() {
        let (symmetries, classes, back, nibbles) = slice_table();
        let distance = |(t, s, q): (u16, u16, u16)| {
            let (class, sym) = classes.class_of(u64::from(s));
            let twist = symmetries.twist_back(t, sym);
            let tetrad = back[usize::from(q) * SYMMETRIES + sym];
            nibble(
                &nibbles,
                class as usize * WIDTH + usize::from(twist) * TETRADS + usize::from(tetrad),
            )
        };
        // Every one of the 495 × 2187 × 70 positions is counted once.
        let counts = positions_at_each_distance(&classes, SYMMETRIES, WIDTH, &nibbles);
        assert_eq!(counts.iter().sum::<u64>(), 495 * 2187 * 70);
        // The first layers by a direct breadth-first search over the raw coordinates.
        let [twist, _, slice_moves] = phase1_move_tables();
        let tetrads = tetrad_moves();
        let turn = |(t, s, q): (u16, u16, u16), m: u8| {
            (twist.get(t, m), slice_moves.get(s, m), tetrads.get(q, m))
        };
        let goal = (0, SLICE_SOLVED, TETRAD_SOLVED);
        let mut depth_of = HashMap::from([(goal, 0u8)]);
        let mut layer = vec![goal];
        let mut direct = vec![1u64];
        for depth in 1..=5 {
            let mut next = Vec::new();
            for &position in &layer {
                for m in 0..MOVES as u8 {
                    let child = turn(position, m);
                    depth_of.entry(child).or_insert_with(|| {
                        next.push(child);
                        depth
                    });
                }
            }
            direct.push(next.len() as u64);
            layer = next;
        }
        assert_eq!(direct, counts[..6]);
        for (&position, &depth) in &depth_of {
            assert_eq!(distance(position), depth, "{position:?}");
        }
        // Beyond: 0 at the goal alone, no move changes the distance by more than one, and
        // one move lowers it: the breadth-first distance.
        let mut rng = ChaCha8Rng::seed_from_u64(48);
        for _ in 0..100_000 {
            let position = (
                rng.random_range(0..TWISTS as u16),
                rng.random_range(0..495),
                rng.random_range(0..TETRADS as u16),
            );
            let here = distance(position);
            assert_eq!(here == 0, position == goal);
            let next: Vec<u8> = (0..MOVES as u8)
                .map(|m| distance(turn(position, m)))
                .collect();
            assert!(next.iter().all(|d| d.abs_diff(here) <= 1), "{position:?}");
            assert!(here == 0 || next.contains(&(here - 1)), "{position:?}");
        }
    }

    /// The full table (4.93 GB, minutes on two cores) from the folder named by
    /// `STATESPACE_TETRAD_DIR`, built there if need be: every position counted once, the goal
    /// alone at 0, and the counts at each distance printed (BENCHMARKS.md).
    #[test]
    #[ignore = "builds a 4.93 GB table"]
    fn the_full_table_counts_every_position_once() {
        let dir = std::env::var("STATESPACE_TETRAD_DIR").expect("STATESPACE_TETRAD_DIR");
        let cache = TableCache::new(dir);
        let (table, note) = TetradTable::load_or_build(Some(&cache), &Limits::none()).unwrap();
        println!("{note}");
        let counts = table.positions_at_each_distance();
        println!("{counts:?}");
        assert_eq!(counts.iter().sum::<u64>(), 2187 * 2048 * 495 * 70);
        assert_eq!(counts[0], 1);
        assert!(counts.len() < usize::from(crate::cube::sym_table::UNSEEN));
    }

    #[test]
    fn a_budget_too_small_is_refused_before_the_build() {
        let small = Limits::none().max_memory(TETRAD_TABLE_BYTES - 1);
        let cache = TableCache::new(std::env::temp_dir().join("statespace-tetrad-never"));
        let refused = TetradTable::load_or_build(Some(&cache), &small);
        assert_eq!(refused.err(), Some(StopReason::MemoryLimit));
        assert_eq!(TETRAD_TABLE_BYTES.div_ceil(1 << 20), 4_717);
    }
}
