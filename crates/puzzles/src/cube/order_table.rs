//! The corners' twist and tetrad with the slice edges' places and order and the other eight
//! edges' flips: the fewest moves that solve those, over the classes of the edge part (sorted
//! slice × 256 flips) under the 16 symmetries that keep UD × 2,187 twists × 70 tetrads, two
//! bits an entry in [`Bands`] (7.3 GB). This is the coordinate of vcube's table "208"
//! (Skalski, after Rokicki's nxopt: the E-slice edges' places and order, the U and D edges'
//! flips, the corners' orientation and which places hold the U corners), read like the tetrad
//! table along three axes and for the inverse; vcube reduces it by the corners' symmetry, this
//! table by the edges' (so it is built by the same layers as the other tables,
//! [`sym_table`](super::sym_table)). The slice edges' flips are left out, so the table stays
//! within 12 GiB beside the sorted phase-1 table, whose flips it complements.

use statespace_engine::pattern_database::{PatternDatabase, TableCache, TableId};
use statespace_engine::rank::{SymmetryClasses, unrank_orientation};
use statespace_engine::{Limits, StopReason};

use super::coords::{
    MOVES, SORTED_SLICES, move_of, phase1_move_tables, slice_cube, sorted_slice, sorted_slice_cube,
};
use super::edges::{EDGES, Edges};
use super::rubik::Rubik;
use super::sym_table::{
    Bands, TableFile, band, band_distance, class_moves_bytes, load_or_build, positions_by_mark,
};
use super::symmetry::{SYMMETRIES, SliceKind, Symmetries};
use super::tetrad_table::{TETRADS, WIDTH, over_twist_tetrad, tetrads_back};

/// The values of the other edges' flips: the eight edges outside the slice, a bit each.
const OTHER_FLIPS: usize = 256;
/// The values of the edge part: sorted slice × 256 + other flips.
const ORDER_FLIPS: usize = SORTED_SLICES * OTHER_FLIPS;
/// The classes of the edge part under the 16 symmetries.
pub const ORDER_CLASSES: usize = 191_060;
/// The file name of the table in a cache folder.
pub const ORDER_TABLE_NAME: &str = "cube-3x3x3-order-tetrad";
/// What the table is, in the lines about it.
const WHAT: &str = "slice order with tetrads (191060 sorted-slice and flip classes x 2187 \
                    twists x 70 tetrads, 2 bits)";
/// The bytes the table takes: its entries at two bits (and the byte of its last layer), each
/// edge part's class and symmetry (four bytes), the other flips of each flip and slice, the
/// tetrads mapped back, and while it is built the classes after each move from each
/// representative.
pub const ORDER_TABLE_BYTES: u64 = (ORDER_CLASSES * WIDTH).div_ceil(4) as u64
    + 1
    + 4 * ORDER_FLIPS as u64
    + 495 * 2048
    + (TETRADS * SYMMETRIES) as u64
    + class_moves_bytes(ORDER_CLASSES, MOVES);

/// The flips of the eight edges outside the slice, in the order of their places: 0 to 255.
pub fn other_flips(edges: &Edges) -> u8 {
    let others = (0..EDGES).filter(|&place| edges.cubie[place] < 8);
    others
        .enumerate()
        .fold(0, |bits, (k, place)| bits | edges.flip[place] << k)
}

/// The edge part of `edges`: sorted slice × 256 + other flips.
fn order_flips(edges: &Edges) -> u64 {
    u64::from(sorted_slice(edges)) * OTHER_FLIPS as u64 + u64::from(other_flips(edges))
}

/// A cube whose edge part is `value`: the slice edges at their places in their order, unflipped,
/// the other edges in order with the flips of `value`.
fn order_cube(value: u64) -> Rubik {
    let mut cube = sorted_slice_cube((value / OTHER_FLIPS as u64) as u16);
    let mut bits = value % OTHER_FLIPS as u64;
    for place in 0..EDGES {
        if cube.edges.cubie[place] < 8 {
            cube.edges.flip[place] = (bits & 1) as u8;
            bits >>= 1;
        }
    }
    cube
}

/// The classes of the edge part under the 16.
fn order_classes(symmetries: &Symmetries) -> SymmetryClasses {
    // The classes ask for each value's 16 images in turn: its edges are made once.
    let last = std::cell::Cell::new((u64::MAX, Edges::SOLVED));
    SymmetryClasses::new(ORDER_FLIPS as u64, SYMMETRIES, |s, value| {
        let (made, mut edges) = last.get();
        if made != value {
            edges = order_cube(value).edges;
            last.set((value, edges));
        }
        order_flips(&symmetries.map_edges(s, &edges))
    })
}

/// `[slice × 2048 + flip]`: the other edges' flips of a cube whose slice edges are at the
/// places of `slice` and whose flip coordinate is `flip`.
fn other_flips_table() -> Vec<u8> {
    let mut table = Vec::with_capacity(495 * 2048);
    for slice in 0..495 {
        let mut cube = slice_cube(slice);
        for flip in 0..2048 {
            unrank_orientation(flip, 2, 0, &mut cube.edges.flip);
            table.push(other_flips(&cube.edges));
        }
    }
    table
}

/// The table's file in a folder of tables.
pub(super) fn order_file() -> TableFile {
    TableFile {
        name: ORDER_TABLE_NAME,
        id: order_table_id(),
        bytes: ORDER_TABLE_BYTES,
    }
}

/// What the table's file holds, checked when it is loaded.
fn order_table_id() -> TableId {
    TableId::new(
        "cube 3x3x3, half-turn metric, moves that bring the UD-slice edges home in order, \
         orient the corners and the other edges and bring the U corners into the U layer",
        "191060 classes of sorted slice x 256 other flips (16 symmetries keeping UD) x 2187 \
         twists x 70 tetrads, 2 bits (0: at most last - 2, 1: last - 1, 2: last, 3: more), \
         entry class x 153090 + twist x 70 + tetrad from the low bits of its byte, then the \
         last layer in a byte",
    )
}

/// The bands of distances of each (twist, flip, sorted slice, tetrad).
#[derive(Debug)]
pub struct OrderTable {
    symmetries: Symmetries,
    classes: SymmetryClasses,
    other_flips: Vec<u8>,
    tetrad_back: Vec<u8>,
    /// Two bits per entry `class × 153090 + twist × 70 + tetrad`, then the last layer.
    bands: PatternDatabase,
    /// The last layer the build found.
    last: u8,
}

impl OrderTable {
    /// The table from `cache` when its file is there and sound (mapped, its checksum checked),
    /// otherwise built within `limits` (refused before it starts when it cannot fit) and saved
    /// there (kept in memory only without a cache); with what happened, in a line.
    pub fn load_or_build(
        cache: Option<&TableCache>,
        limits: &Limits,
    ) -> Result<(OrderTable, String), StopReason> {
        if !limits.fits(ORDER_TABLE_BYTES) {
            return Err(StopReason::MemoryLimit);
        }
        let symmetries = Symmetries::new();
        let classes = order_classes(&symmetries);
        debug_assert_eq!(classes.len(), ORDER_CLASSES);
        let id = order_table_id();
        let (bands, note) = load_or_build(cache, ORDER_TABLE_NAME, &id, WHAT, || {
            let [twist, _, _] = phase1_move_tables();
            let class_moves = |class: u32| {
                let cube = order_cube(classes.representative(class));
                (0..MOVES as u8).map(move |turn| order_flips(&cube.turned(move_of(turn)).edges))
            };
            let goal = order_flips(&Rubik::SOLVED.edges);
            let space = (&classes, class_moves, goal, &twist);
            let (bands, stats) =
                over_twist_tetrad(&symmetries, space, |space| space.build_bands(limits))?;
            let Bands { mut codes, last } = bands;
            codes.push(last);
            Ok((codes, stats))
        })?;
        let last = *bands.as_bytes().last().expect("the last layer's byte");
        let table = OrderTable {
            tetrad_back: tetrads_back(&symmetries),
            other_flips: other_flips_table(),
            symmetries,
            classes,
            bands,
            last,
        };
        Ok((table, note))
    }

    /// The entry of the position of these coordinates, a read of its class first, so that a
    /// search can make it for several positions before reading their distances
    /// ([`distance_at`](Self::distance_at)).
    #[inline]
    pub fn entry(&self, twist: u16, flip: u16, sorted_slice: u16, tetrad: u16) -> usize {
        let places = SliceKind::Places.of_sorted(sorted_slice);
        let others = self.other_flips[usize::from(places) * 2048 + usize::from(flip)];
        let edges = u64::from(sorted_slice) * OTHER_FLIPS as u64 + u64::from(others);
        let (class, s) = self.classes.class_of(edges);
        let twist = self.symmetries.twist_back(twist, s);
        let tetrad = self.tetrad_back[usize::from(tetrad) * SYMMETRIES + s];
        class as usize * WIDTH + usize::from(twist) * TETRADS + usize::from(tetrad)
    }

    /// The least distance of entry `entry`'s band ([`entry`](Self::entry)): 0 in the first
    /// band.
    #[inline]
    pub fn distance_at(&self, entry: usize) -> u8 {
        band_distance(band(self.bands.as_bytes(), entry), self.last)
    }

    /// How many positions (twist, flip, sorted slice, tetrad; each entry standing for 16 /
    /// its stabiliser's order) are in each band, and the last layer.
    pub fn positions_in_each_band(&self) -> ([u64; 4], u8) {
        let codes = self.bands.as_bytes();
        let counts =
            positions_by_mark(&self.classes, SYMMETRIES, WIDTH, |entry| band(codes, entry));
        (std::array::from_fn(|code| counts[code]), self.last)
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;
    use crate::cube::sym_table::{RawCoordinate, SymSpace};

    #[test]
    fn the_edge_part_turns_as_the_cubies_do_and_has_its_classes() {
        let symmetries = Symmetries::new();
        let classes = order_classes(&symmetries);
        assert_eq!(classes.len(), ORDER_CLASSES);
        for value in [0, 1, 255, 256 * 4000 + 77, ORDER_FLIPS as u64 - 1] {
            assert_eq!(order_flips(&order_cube(value).edges), value);
        }
        // The other flips of a cube are read from its flip and slice coordinates alike.
        let table = other_flips_table();
        let mut cube = Rubik::SOLVED;
        for turn in [3, 7, 13, 0, 16, 5, 9, 2, 11] {
            cube = cube.turned(move_of(turn));
            let places = usize::from(crate::cube::coords::slice(&cube.edges));
            let flip = usize::from(crate::cube::coords::flip(&cube.edges));
            assert_eq!(table[places * 2048 + flip], other_flips(&cube.edges));
        }
    }

    /// One value of the other coordinate: the table of the edge part alone.
    struct Nothing;

    impl RawCoordinate for Nothing {
        fn len(&self) -> usize {
            1
        }
        fn moves(&self) -> usize {
            MOVES
        }
        fn turned(&self, _: u32, _: u8) -> u32 {
            0
        }
        fn back(&self, _: u32, _: usize) -> u32 {
            0
        }
    }

    #[test]
    fn the_bands_of_the_edge_part_are_a_direct_breadth_first_search() {
        let symmetries = Symmetries::new();
        let classes = order_classes(&symmetries);
        let mut class_moves = Vec::with_capacity(classes.len() * MOVES);
        for class in 0..classes.len() as u32 {
            let cube = order_cube(classes.representative(class));
            for turn in 0..MOVES as u8 {
                let (next, s) = classes.class_of(order_flips(&cube.turned(move_of(turn)).edges));
                class_moves.push((next, s as u8));
            }
        }
        let (goal, _) = classes.class_of(order_flips(&Rubik::SOLVED.edges));
        let space = SymSpace {
            classes: &classes,
            class_moves,
            raw: Nothing,
            goal: goal as usize,
        };
        let (bands, _) = space.build_bands(&Limits::none()).unwrap();
        let (nibbles, _) = space.build(&Limits::none()).unwrap();
        // A direct breadth-first search over the 3,041,280 raw values.
        let mut depth_of = HashMap::from([(order_flips(&Rubik::SOLVED.edges), 0u8)]);
        let mut layer = vec![Rubik::SOLVED];
        let mut depth = 0;
        while !layer.is_empty() {
            depth += 1;
            let mut next = Vec::new();
            for cube in &layer {
                for turn in 0..MOVES as u8 {
                    let child = cube.turned(move_of(turn));
                    depth_of
                        .entry(order_flips(&child.edges))
                        .or_insert_with(|| {
                            next.push(child);
                            depth
                        });
                }
            }
            layer = next;
        }
        assert_eq!(depth_of.len(), ORDER_FLIPS);
        let mut counts = [0usize; 4];
        for (&value, &distance) in &depth_of {
            let (class, _) = classes.class_of(value);
            let entry = class as usize;
            assert_eq!(crate::cube::sym_table::nibble(&nibbles, entry), distance);
            let code = band(&bands.codes, entry);
            counts[usize::from(code)] += 1;
            let expected = match distance {
                d if d + 2 <= bands.last => 0,
                d if d + 1 == bands.last => 1,
                d if d == bands.last => 2,
                _ => 3,
            };
            assert_eq!(code, expected, "{value}: {distance}");
            assert!(band_distance(code, bands.last) <= distance);
        }
        // The build stops once at most half the values are unseen: the last band is the
        // smaller part.
        assert!(2 * counts[3] <= ORDER_FLIPS, "{counts:?}");
        assert!(2 * (counts[3] + counts[2]) > ORDER_FLIPS, "{counts:?}");
    }

    /// The full table (7.3 GB, about 11 minutes on two cores) from the folder named by
    /// `STATESPACE_TETRAD_DIR`, built there if need be: every position counted once, the goal
    /// alone in the first band's layer 0, and the counts in each band printed (BENCHMARKS.md).
    #[test]
    #[ignore = "builds a 7.3 GB table"]
    fn the_full_table_counts_every_position_once() {
        let dir = std::env::var("STATESPACE_TETRAD_DIR").expect("STATESPACE_TETRAD_DIR");
        let cache = TableCache::new(dir);
        let (table, note) = OrderTable::load_or_build(Some(&cache), &Limits::none()).unwrap();
        println!("{note}");
        let (counts, last) = table.positions_in_each_band();
        println!("last layer {last}, bands {counts:?}");
        assert_eq!(counts.iter().sum::<u64>(), 2187 * 256 * 11880 * 70);
        assert!(2 * counts[3] <= counts.iter().sum::<u64>(), "{counts:?}");
        let solved = &Rubik::SOLVED;
        let axis = |cube: &Rubik| {
            let entry = table.entry(
                crate::cube::coords::twist(&cube.corners),
                crate::cube::coords::flip(&cube.edges),
                sorted_slice(&cube.edges),
                crate::cube::tetrad_table::tetrad(&cube.corners),
            );
            band(table.bands.as_bytes(), entry)
        };
        assert_eq!(axis(solved), 0);
        assert_eq!(axis(&solved.turned(move_of(3))), 0);
    }

    #[test]
    fn a_budget_too_small_is_refused_before_the_build() {
        let small = Limits::none().max_memory(ORDER_TABLE_BYTES - 1);
        let cache = TableCache::new(std::env::temp_dir().join("statespace-order-never"));
        let refused = OrderTable::load_or_build(Some(&cache), &small);
        assert_eq!(refused.err(), Some(StopReason::MemoryLimit));
        assert_eq!(ORDER_TABLE_BYTES.div_ceil(1 << 20), 7_013);
    }
}
