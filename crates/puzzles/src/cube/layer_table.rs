//! The corners' twist and tetrad with the edges' layers: the fewest moves that orient the
//! corners, bring the U corners into the U layer, the four UD-slice edges into their slice and
//! the four U edges into the U layer (in any order), over the classes of the edges' layers
//! (which places hold the slice edges, which of the other eight the U edges: 34,650 values)
//! under the 16 symmetries that keep UD × 2,187 twists × 70 tetrads, two bits an entry in
//! [`Bands`] (87 MB). This is the coordinate of h48's `h0` table (Tronto, who folds it by the
//! corners' 48 symmetries instead and separates the edges by their three slices); here it is
//! read like the tetrad table along three axes and for the inverse, beside the phase-1 table,
//! whose flips it lacks and whose lack of the corners' and the U edges' places it fills, so
//! the two fit within h48's 178 MB (`--tables medium`).

use statespace_engine::pattern_database::{PatternDatabase, TableCache, TableId};
use statespace_engine::rank::{SymmetryClasses, rank_subset};
use statespace_engine::{Limits, StopReason};

use super::coords::{
    MOVES, MoveTable, SLICE_SOLVED, phase1_move_tables, slice, slice_cube, subset_cubies,
};
use super::edges::{EDGES, Edges};
use super::rubik::Rubik;
use super::sym_table::{
    Bands, TableFile, band, band_distance, class_moves_bytes, load_or_build, positions_by_mark,
};
use super::symmetry::{SYMMETRIES, Symmetries};
use super::tetrad_table::{TETRADS, WIDTH, over_twist_tetrad, tetrads_back};

/// The values of the edges' layers: 495 slice places × 70 choices of the U edges' places.
pub const LAYERS: usize = 495 * 70;
/// The edges' layers when solved: the slice edges at home, the U edges at the first four of
/// the other places.
pub const LAYERS_SOLVED: u16 = SLICE_SOLVED * 70;
/// The classes of the edges' layers under the 16 symmetries.
pub const LAYER_CLASSES: usize = 2_270;
/// The file name of the table in a cache folder.
pub const LAYER_TABLE_NAME: &str = "cube-3x3x3-layers-tetrad";
/// What the table is, in the lines about it.
const WHAT: &str = "edge layers with tetrads (2270 slice and U-edge place classes x 2187 twists \
                    x 70 tetrads, 2 bits)";
/// The bytes the table takes: its entries at two bits (and the byte of its last layer), each
/// layers value's class and symmetry (four bytes) and its move table (the search's too), the
/// tetrads mapped back, and while it is built the classes after each move from each
/// representative.
pub const LAYER_TABLE_BYTES: u64 = (LAYER_CLASSES * WIDTH).div_ceil(4) as u64
    + 1
    + (4 + 2 * MOVES as u64) * LAYERS as u64
    + (TETRADS * SYMMETRIES) as u64
    + class_moves_bytes(LAYER_CLASSES, MOVES);

/// The edges' layers: the slice edges' places × 70 + which four of the other eight places
/// (in order) hold the U edges (cubies 0–3).
pub fn layers(edges: &Edges) -> u16 {
    let others = (0..EDGES).filter(|&place| edges.cubie[place] < 8);
    let top = others
        .enumerate()
        .filter(|&(_, place)| edges.cubie[place] < 4)
        .fold(0u64, |mask, (k, _)| mask | 1 << k);
    slice(edges) * 70 + rank_subset(top) as u16
}

/// A cube whose edges' layers are `value`: the slice edges at its places in order, the U edges
/// at its places among the others in order, then the D edges, everything else solved.
fn layers_cube(value: u16) -> Rubik {
    let mut cube = slice_cube(value / 70);
    let others: [u8; 8] = subset_cubies(value % 70, 0, 4);
    let places = cube.edges.cubie.iter_mut().filter(|cubie| **cubie < 8);
    for (cubie, &other) in places.zip(&others) {
        *cubie = other;
    }
    cube
}

/// The move table of the edges' layers under all 18 moves.
pub(super) fn layer_moves() -> MoveTable {
    let all: Vec<u8> = (0..MOVES as u8).collect();
    MoveTable::build(
        LAYERS,
        &all,
        |value| layers_cube(value as u16),
        |cube| layers(&cube.edges),
    )
}

/// The classes of the edges' layers under the 16.
fn layer_classes(symmetries: &Symmetries) -> SymmetryClasses {
    SymmetryClasses::new(LAYERS as u64, SYMMETRIES, |s, value| {
        let edges = layers_cube(value as u16).edges;
        u64::from(layers(&symmetries.map_edges(s, &edges)))
    })
}

/// The table's file in a folder of tables.
pub(super) fn layer_file() -> TableFile {
    TableFile {
        name: LAYER_TABLE_NAME,
        id: layer_table_id(),
        bytes: LAYER_TABLE_BYTES,
    }
}

/// What the table's file holds, checked when it is loaded.
fn layer_table_id() -> TableId {
    TableId::new(
        "cube 3x3x3, half-turn metric, moves that orient the corners and bring the UD-slice \
         edges into their slice and the U corners and U edges into the U layer",
        "2270 classes of slice places x U-edge places (16 symmetries keeping UD) x 2187 twists \
         x 70 tetrads, 2 bits (0: at most last - 2, 1: last - 1, 2: last, 3: more), entry \
         class x 153090 + twist x 70 + tetrad from the low bits of its byte, then the last \
         layer in a byte",
    )
}

/// The bands of distances of each (twist, layers, tetrad).
#[derive(Debug)]
pub struct LayerTable {
    symmetries: Symmetries,
    classes: SymmetryClasses,
    tetrad_back: Vec<u8>,
    /// Two bits per entry `class × 153090 + twist × 70 + tetrad`, then the last layer.
    bands: PatternDatabase,
    /// The last layer the build found.
    last: u8,
}

impl LayerTable {
    /// The table from `cache` when its file is there and sound (mapped, its checksum checked),
    /// otherwise built within `limits` (refused before it starts when it cannot fit) and saved
    /// there (kept in memory only without a cache); with what happened, in a line.
    pub fn load_or_build(
        cache: Option<&TableCache>,
        limits: &Limits,
    ) -> Result<(LayerTable, String), StopReason> {
        if !limits.fits(LAYER_TABLE_BYTES) {
            return Err(StopReason::MemoryLimit);
        }
        let symmetries = Symmetries::new();
        let classes = layer_classes(&symmetries);
        debug_assert_eq!(classes.len(), LAYER_CLASSES);
        let id = layer_table_id();
        let (bands, note) = load_or_build(cache, LAYER_TABLE_NAME, &id, WHAT, || {
            let [twist, _, _] = phase1_move_tables();
            let moves = layer_moves();
            let class_moves = |class: u32| {
                let value = classes.representative(class) as u16;
                let moves = &moves;
                (0..MOVES as u8).map(move |turn| u64::from(moves.get(value, turn)))
            };
            let space = (&classes, class_moves, u64::from(LAYERS_SOLVED), &twist);
            let (bands, stats) =
                over_twist_tetrad(&symmetries, space, |space| space.build_bands(limits))?;
            let Bands { mut codes, last } = bands;
            codes.push(last);
            Ok((codes, stats))
        })?;
        let last = *bands.as_bytes().last().expect("the last layer's byte");
        let table = LayerTable {
            tetrad_back: tetrads_back(&symmetries),
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
    pub fn entry(&self, twist: u16, layers: u16, tetrad: u16) -> usize {
        let (class, s) = self.classes.class_of(u64::from(layers));
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

    /// How many positions (twist, layers, tetrad; each entry standing for 16 / its
    /// stabiliser's order) are in each band, and the last layer.
    pub fn positions_in_each_band(&self) -> ([u64; 4], u8) {
        let codes = self.bands.as_bytes();
        let counts = positions_by_mark(&self.classes, WIDTH, |entry| band(codes, entry));
        (std::array::from_fn(|code| counts[code]), self.last)
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;
    use crate::cube::coords::{move_of, twist};
    use crate::cube::sym_table::{SymSpace, nibble, positions_at_each_distance};
    use crate::cube::tetrad_table::{TETRAD_SOLVED, TwistTetrad, tetrad, tetrad_moves};

    #[test]
    fn the_layers_turn_as_the_cubies_do_and_have_their_classes() {
        for value in 0..LAYERS as u16 {
            assert_eq!(layers(&layers_cube(value).edges), value);
        }
        assert_eq!(layers(&Rubik::SOLVED.edges), LAYERS_SOLVED);
        let moves = layer_moves();
        let mut cube = Rubik::SOLVED;
        for turn in [3, 7, 13, 0, 16, 5, 9, 2, 11, 4, 14] {
            let before = layers(&cube.edges);
            cube = cube.turned(move_of(turn));
            assert_eq!(moves.get(before, turn), layers(&cube.edges), "move {turn}");
        }
        let classes = layer_classes(&Symmetries::new());
        assert_eq!(classes.len(), LAYER_CLASSES);
        assert_eq!(
            classes.stabiliser(classes.class_of(u64::from(LAYERS_SOLVED)).0),
            0xffff
        );
    }

    /// The space over the classes × twist × tetrad, and what `build` makes of it.
    fn over_the_space<T>(build: impl FnOnce(&SymSpace<'_, TwistTetrad<'_>>) -> T) -> T {
        let symmetries = Symmetries::new();
        let classes = layer_classes(&symmetries);
        let [twist, _, _] = phase1_move_tables();
        let moves = layer_moves();
        let class_moves = |class: u32| {
            let value = classes.representative(class) as u16;
            let moves = &moves;
            (0..MOVES as u8).map(move |turn| u64::from(moves.get(value, turn)))
        };
        let space = (&classes, class_moves, u64::from(LAYERS_SOLVED), &twist);
        over_twist_tetrad(&symmetries, space, build)
    }

    #[test]
    fn the_counts_of_the_first_layers_are_a_direct_breadth_first_search_and_the_bands_agree() {
        let symmetries = Symmetries::new();
        let classes = layer_classes(&symmetries);
        let (nibbles, bands) = over_the_space(|space| {
            let (nibbles, _) = space.build(&Limits::none()).unwrap();
            let (bands, _) = space.build_bands(&Limits::none()).unwrap();
            (nibbles, bands)
        });
        let counts = positions_at_each_distance(&classes, WIDTH, &nibbles);
        assert_eq!(counts.iter().sum::<u64>(), (LAYERS * WIDTH) as u64);
        // A direct breadth-first search over (twist, layers, tetrad) by the move tables, its
        // first six layers.
        let [twists, _, _] = phase1_move_tables();
        let (layer_moves, tetrads) = (layer_moves(), tetrad_moves());
        let solved = (0u16, LAYERS_SOLVED, TETRAD_SOLVED);
        let mut seen = HashSet::from([solved]);
        let mut layer = vec![solved];
        for (depth, &count) in counts.iter().enumerate().take(7).skip(1) {
            let mut next = Vec::new();
            for &(twist, layers, tetrad) in &layer {
                for turn in 0..MOVES as u8 {
                    let child = (
                        twists.get(twist, turn),
                        layer_moves.get(layers, turn),
                        tetrads.get(tetrad, turn),
                    );
                    if seen.insert(child) {
                        next.push(child);
                    }
                }
            }
            assert_eq!(next.len() as u64, count, "depth {depth}");
            layer = next;
        }
        // Each entry's band is its distance's (0: at most last - 2, 1, 2, 3: more).
        let (mut in_bands, last) = ([0u64; 4], bands.last);
        for entry in 0..LAYER_CLASSES * WIDTH {
            let distance = nibble(&nibbles, entry);
            let code = band(&bands.codes, entry);
            let expected = match distance {
                d if d + 2 <= last => 0,
                d if d + 1 == last => 1,
                d if d == last => 2,
                _ => 3,
            };
            assert_eq!(code, expected, "entry {entry}: {distance}");
            in_bands[usize::from(code)] += 1;
        }
        println!("distances {counts:?}, last layer {last}, entries in bands {in_bands:?}");
        // Every position of a cube is one of the table's: a scrambled cube's entry is read.
        let cube = Rubik::scrambled(&[move_of(3), move_of(7), move_of(10)]);
        let entry = LayerTable {
            tetrad_back: tetrads_back(&symmetries),
            symmetries,
            classes,
            bands: PatternDatabase::from_distances(layer_table_id(), bands.codes.clone()),
            last,
        }
        .entry(
            twist(&cube.corners),
            layers(&cube.edges),
            tetrad(&cube.corners),
        );
        assert!(nibble(&nibbles, entry) <= 3);
    }

    #[test]
    fn a_budget_too_small_is_refused_before_the_build() {
        let small = Limits::none().max_memory(LAYER_TABLE_BYTES - 1);
        let refused = LayerTable::load_or_build(None, &small);
        assert_eq!(refused.err(), Some(StopReason::MemoryLimit));
        assert_eq!(LAYER_TABLE_BYTES.div_ceil(1 << 20), 85);
    }
}
