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
/// edge part's class and symmetry (four bytes) with the tables that read it in two steps, the
/// other flips of each slice and half flip, the tetrads mapped back, and while it is built the
/// classes after each move from each representative.
pub const ORDER_TABLE_BYTES: u64 = (ORDER_CLASSES * WIDTH).div_ceil(4) as u64
    + 1
    + 4 * ORDER_FLIPS as u64
    + (SORTED_SLICES * (8 + 32) + SYMMETRIES * SYMMETRIES) as u64
    + 495 * (64 + 32)
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

/// The class of an edge part read in two steps from tables small enough to stay in the
/// processor's caches: the sorted slice's class under the 16 first, then the class of the
/// edge part mapped onto that class's representative slice. Read directly, the classes of the
/// 3,041,280 edge parts are 12 MB, which the order table's own reads keep evicting: `perf` put
/// a fifth of a search's time on that one read.
#[derive(Debug)]
struct TwoStepClasses {
    /// Of each sorted slice: how to find the class of its edge parts.
    steps: Vec<SliceStep>,
    /// Of each sorted slice: the other flips of an edge part with that slice mapped by the
    /// inverse of its step's symmetry, which are affine in the flips: the images of the low
    /// nibble's 16 values, then the high nibble's (without the constant), XORed together.
    flips_back: Vec<[u8; 32]>,
    /// `product[a × 16 + b]`: the symmetry that maps as `b` then `a`.
    product: Vec<u8>,
}

/// The first step from a sorted slice.
#[derive(Clone, Copy, Debug)]
struct SliceStep {
    /// When `direct`, the class of the representative slice's edge part without flips: no
    /// symmetry but the identity keeps that slice, so each of its 256 edge parts is its class's
    /// representative, and their classes follow each other. Otherwise that edge part's value.
    onto: u32,
    /// A symmetry that maps the representative slice onto this one.
    symmetry: u8,
    direct: bool,
}

impl TwoStepClasses {
    fn new(symmetries: &Symmetries, classes: &SymmetryClasses) -> TwoStepClasses {
        let map_slice = |s: usize, slice: u64| {
            let cube = sorted_slice_cube(slice as u16);
            u64::from(sorted_slice(&symmetries.map_edges(s, &cube.edges)))
        };
        let slices = SymmetryClasses::new(SORTED_SLICES as u64, SYMMETRIES, map_slice);
        let (mut steps, mut flips_back) = (Vec::new(), Vec::new());
        for slice in 0..SORTED_SLICES as u64 {
            let (class, s) = slices.class_of(slice);
            let onto = slices.representative(class) * OTHER_FLIPS as u64;
            let direct = slices.stabiliser(class) == 1;
            steps.push(SliceStep {
                onto: match direct {
                    true => classes.class_of(onto).0,
                    false => onto as u32,
                },
                symmetry: s as u8,
                direct,
            });
            let back = symmetries.inverse(s);
            let flips = |bits: u64| {
                let value = slice * OTHER_FLIPS as u64 + bits;
                let mapped = order_flips(&symmetries.map_edges(back, &order_cube(value).edges));
                (mapped - onto) as u8
            };
            let constant = flips(0);
            flips_back.push(std::array::from_fn(|k| match k {
                0..16 => flips(k as u64),
                _ => flips(((k - 16) << 4) as u64) ^ constant,
            }));
        }
        TwoStepClasses {
            steps,
            flips_back,
            product: (0..SYMMETRIES * SYMMETRIES)
                .map(|ab| symmetries.product(ab / SYMMETRIES, ab % SYMMETRIES) as u8)
                .collect(),
        }
    }

    /// The class of the edge part `sorted_slice × 256 + others` and a symmetry that maps the
    /// class's representative onto it, as [`SymmetryClasses::class_of`] gives them.
    #[inline]
    fn class_of(&self, classes: &SymmetryClasses, sorted_slice: u16, others: u8) -> (u32, usize) {
        let slice = usize::from(sorted_slice);
        let step = self.steps[slice];
        let nibbles = &self.flips_back[slice];
        let flips = nibbles[usize::from(others & 15)] ^ nibbles[16 + usize::from(others >> 4)];
        let first = usize::from(step.symmetry);
        if step.direct {
            return (step.onto + u32::from(flips), first);
        }
        let (class, second) = classes.class_of(u64::from(step.onto) + u64::from(flips));
        (
            class,
            usize::from(self.product[first * SYMMETRIES + second]),
        )
    }
}

/// The other edges' flips of a cube from its flip coordinate and the places of its slice
/// edges. They are linear in the flip's bits (the twelfth edge's flip is the sum of the
/// others'), so two small tables of 6 and 5 bits each give them, XORed.
#[derive(Debug)]
struct OtherFlips {
    /// `[places × 64 + the flip's low 6 bits]`.
    low: Vec<u8>,
    /// `[places × 32 + the flip's high 5 bits]`.
    high: Vec<u8>,
}

impl OtherFlips {
    fn new() -> OtherFlips {
        let (mut low, mut high) = (Vec::new(), Vec::new());
        for slice in 0..495 {
            let mut cube = slice_cube(slice);
            let mut others = |flip: u64| {
                unrank_orientation(flip, 2, 0, &mut cube.edges.flip);
                other_flips(&cube.edges)
            };
            low.extend((0..64).map(&mut others));
            high.extend((0..32).map(|bits| others(bits << 6)));
        }
        OtherFlips { low, high }
    }

    /// The other flips of a cube whose slice edges are at the places `places` and whose flip
    /// coordinate is `flip`.
    #[inline]
    fn of(&self, places: u16, flip: u16) -> u8 {
        let (places, flip) = (usize::from(places), usize::from(flip));
        self.low[places * 64 + (flip & 63)] ^ self.high[places * 32 + (flip >> 6)]
    }
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
    two_step: TwoStepClasses,
    other_flips: OtherFlips,
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
            other_flips: OtherFlips::new(),
            two_step: TwoStepClasses::new(&symmetries, &classes),
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
        let others = self.other_flips.of(places, flip);
        let (class, s) = self.two_step.class_of(&self.classes, sorted_slice, others);
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
        let table = OtherFlips::new();
        for places in 0..495 {
            let mut cube = slice_cube(places);
            for flip in 0..2048 {
                unrank_orientation(u64::from(flip), 2, 0, &mut cube.edges.flip);
                assert_eq!(crate::cube::coords::flip(&cube.edges), flip);
                assert_eq!(table.of(places, flip), other_flips(&cube.edges));
            }
        }
    }

    #[test]
    fn the_classes_read_in_two_steps_are_the_classes_read_directly() {
        let symmetries = Symmetries::new();
        let classes = order_classes(&symmetries);
        let two_step = TwoStepClasses::new(&symmetries, &classes);
        for value in 0..ORDER_FLIPS as u64 {
            let (slice, others) = (value / OTHER_FLIPS as u64, value % OTHER_FLIPS as u64);
            let (class, s) = two_step.class_of(&classes, slice as u16, others as u8);
            assert_eq!(class, classes.class_of(value).0, "{value}");
            let representative = order_cube(classes.representative(class)).edges;
            assert_eq!(
                order_flips(&symmetries.map_edges(s, &representative)),
                value
            );
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
        assert_eq!(ORDER_TABLE_BYTES.div_ceil(1 << 20), 7_012);
    }
}
