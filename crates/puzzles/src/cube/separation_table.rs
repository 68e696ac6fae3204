//! h48's `h0` coordinate (Tronto) and the permutations' parity: the corners' twist, which
//! corner places hold the corners of each tetrahedron ({URF, ULB, DLF, DRB} and the other
//! four), the corners' permutation's parity (the edges' too), and which edge places hold the
//! edges of each middle slice (M, S and E). Its goal group, every corner in its tetrahedron
//! and twisted home, every edge in its slice, the permutations even, is the same along every
//! axis, so all 48 symmetries of the cube fold it: 6,786 classes of twist × tetrahedra ×
//! parity (twice h48's 3,393 without the parity) × 34,650 edge separations, 235,134,900
//! entries, where the 16 symmetries that keep UD need three times as many. One read gives what
//! a table of the 16 gives along three axes: the optimal solver reads it once for the cube and
//! once for its inverse. The parity costs a bit an entry and saves about a tenth of the nodes
//! on Korf's cubes. Its entries are two bits in bands ([`Bands`]: at most 8 moves, 9, 10, or
//! more), 58.8 MB, half what half bytes take (without the parity, bands took about 5% less
//! CPU than half bytes for the same nodes).
//!
//! The twist is counted along UD, yet each of the 48 maps twist, tetrahedra and parity onto
//! values that depend on those alone (the tests check it on random cubes, and h48's count of
//! 3,393 classes without the parity). Built by breadth-first layers over the cores
//! ([`sym_table`](super::sym_table)) and kept in the folder of tables like the others.

use statespace_engine::pattern_database::{PatternDatabase, TableCache, TableId};
use statespace_engine::rank::{
    SymmetryClasses, permutation_parity, rank_subset, unrank_orientation, unrank_permutation,
};
use statespace_engine::{Limits, StopReason};

use super::coords::{MOVES, MoveTable, phase1_move_tables, slice, subset_cubies, twist};
use super::cubie::{CORNERS, Corners};
use super::edges::{EDGES, Edges};
use super::rubik::Rubik;
use super::sym_table::{
    Bands, RawCoordinate, SymSpace, TableFile, band, band_distance, class_moves_bytes,
    load_or_build, positions_by_mark,
};
use super::symmetry::{AllSymmetries, TWISTS};
use super::views::View;

/// The values of the tetrahedra coordinate: C(8, 4).
pub const TETRAHEDRA: usize = 70;
/// The values of the tetrahedra with the parity.
const TETRAHEDRA_PARITIES: usize = 2 * TETRAHEDRA;
/// The values of the edge separation: C(12, 4) places of the E edges × C(8, 4) places of the M
/// edges among the other eight.
pub const SEPARATIONS: usize = 495 * 70;
/// The classes of twist × tetrahedra × parity under the 48 symmetries.
pub const CORNER_CLASSES: usize = 6786;
/// The file name of the table in a cache folder.
pub const SEPARATION_TABLE_NAME: &str = "cube-3x3x3-separation";
/// What the table is, in the lines about it.
const WHAT: &str =
    "h48's h0 with the parity (6786 twist-tetrahedra-parity classes x 34650 edge separations)";
/// The corner cubies of the tetrahedron of URF: URF, ULB, DLF, DRB.
const TETRAHEDRON: [u8; 4] = [0, 2, 5, 7];
/// The edge cubies of the M slice (UF, UB, DF, DB); the E slice's are 8–11.
const M_EDGES: [u8; 4] = [1, 3, 5, 7];
/// The bytes the table takes: its entries at two bits and its last layer's byte, the
/// twist-tetrahedra-parity classes (four bytes each), the separations mapped back by each
/// symmetry, the lookups from the search's coordinates, and while it is built the classes
/// after each move from each representative.
pub const SEPARATION_TABLE_BYTES: u64 = (CORNER_CLASSES * SEPARATIONS).div_ceil(4) as u64
    + 1
    + 4 * (TWISTS * TETRAHEDRA_PARITIES) as u64
    + 2 * (SEPARATIONS * AllSymmetries::COUNT) as u64
    + 2 * 495 * 495
    + 40320
    + class_moves_bytes(CORNER_CLASSES, MOVES);

/// Which four corner places hold the tetrahedron of URF: 0 to 69.
pub fn tetrahedra(corners: &Corners) -> u16 {
    let mask = (0..CORNERS)
        .filter(|&place| TETRAHEDRON.contains(&corners.cubie[place]))
        .fold(0u64, |mask, place| mask | 1 << place);
    rank_subset(mask) as u16
}

/// Which places hold the tetrahedron of URF and the corners' permutation's parity (the edges'
/// too): `tetrahedra × 2 + parity`, 0 to 139.
fn tetrahedra_parity(corners: &Corners) -> u16 {
    tetrahedra(corners) * 2 + u16::from(permutation_parity(&corners.cubie))
}

/// The corners' part of the coordinate: `twist × 140 + tetrahedra × 2 + parity`.
fn corner_value(corners: &Corners) -> u64 {
    u64::from(twist(corners)) * TETRAHEDRA_PARITIES as u64 + u64::from(tetrahedra_parity(corners))
}

/// A cube of corner value `value`, its edges solved.
fn corner_cube(value: u64) -> Rubik {
    let (twist, part) = (
        value / TETRAHEDRA_PARITIES as u64,
        (value % TETRAHEDRA_PARITIES as u64) as u16,
    );
    let mut cube = Rubik::SOLVED;
    let places = subset_cubies::<CORNERS>(part / 2, 0, 4);
    let other: Vec<u8> = (0..CORNERS as u8)
        .filter(|c| !TETRAHEDRON.contains(c))
        .collect();
    cube.corners.cubie = places.map(|k| match k {
        0..4 => TETRAHEDRON[usize::from(k)],
        _ => other[usize::from(k - 4)],
    });
    // Swapping two corners of one tetrahedron changes the parity alone.
    if u16::from(permutation_parity(&cube.corners.cubie)) != part % 2 {
        let mut tetrahedron =
            (0..CORNERS).filter(|&p| TETRAHEDRON.contains(&cube.corners.cubie[p]));
        let (first, second) = (tetrahedron.next(), tetrahedron.next());
        cube.corners
            .cubie
            .swap(first.expect("four places"), second.expect("four places"));
    }
    unrank_orientation(twist, 3, 0, &mut cube.corners.twist);
    cube
}

/// Which places hold the E edges and which of the other eight hold the M edges:
/// `E places × 70 + M places`.
pub fn separation(edges: &Edges) -> u16 {
    let (mut e_mask, mut m_mask, mut others) = (0u64, 0u64, 0);
    for place in 0..EDGES {
        let cubie = edges.cubie[place];
        if cubie >= 8 {
            e_mask |= 1 << place;
        } else {
            if M_EDGES.contains(&cubie) {
                m_mask |= 1 << others;
            }
            others += 1;
        }
    }
    (rank_subset(e_mask) * TETRAHEDRA as u64 + rank_subset(m_mask)) as u16
}

/// A cube of edge separation `value`, its corners solved.
fn separation_cube(value: u16) -> Rubik {
    let mut cube = Rubik::SOLVED;
    let e_places = subset_cubies::<EDGES>(value / TETRAHEDRA as u16, 0, 4);
    let m_places = subset_cubies::<8>(value % TETRAHEDRA as u16, 0, 4);
    let s_edges = [0, 2, 4, 6];
    let mut others = 0;
    for (cubie, &k) in cube.edges.cubie.iter_mut().zip(&e_places) {
        *cubie = if k < 4 {
            8 + k
        } else {
            let m = m_places[others];
            others += 1;
            if m < 4 {
                M_EDGES[usize::from(m)]
            } else {
                s_edges[usize::from(m - 4)]
            }
        };
    }
    cube
}

/// The move table of a coordinate of `size` values under all 18 moves.
fn all_moves_table(
    size: usize,
    cube: impl Fn(usize) -> Rubik,
    rank: impl Fn(&Rubik) -> u16,
) -> MoveTable {
    let all: Vec<u8> = (0..MOVES as u8).collect();
    MoveTable::build(size, &all, cube, rank)
}

/// The separation under the moves, and mapped back by each of the 48 symmetries
/// (`back[value × 48 + s]`): the raw coordinate of the table.
struct Separations {
    moves: MoveTable,
    back: Vec<u16>,
}

impl Separations {
    fn new(symmetries: &AllSymmetries) -> Separations {
        let moves = all_moves_table(
            SEPARATIONS,
            |value| separation_cube(value as u16),
            |cube| separation(&cube.edges),
        );
        Separations {
            moves,
            back: separations_back(symmetries),
        }
    }
}

/// `[value × 48 + s]`: the separation of a cube mapped back by symmetry `s`.
fn separations_back(symmetries: &AllSymmetries) -> Vec<u16> {
    let mut back = Vec::with_capacity(SEPARATIONS * AllSymmetries::COUNT);
    for value in 0..SEPARATIONS as u16 {
        let cube = separation_cube(value);
        for s in 0..AllSymmetries::COUNT {
            let mapped = symmetries.map(symmetries.inverse(s), &cube);
            back.push(separation(&mapped.edges));
        }
    }
    back
}

impl RawCoordinate for Separations {
    fn len(&self) -> usize {
        SEPARATIONS
    }

    fn moves(&self) -> usize {
        MOVES
    }

    #[inline]
    fn turned(&self, raw: u32, turn: u8) -> u32 {
        u32::from(self.moves.get(raw as u16, turn))
    }

    #[inline]
    fn back(&self, raw: u32, s: usize) -> u32 {
        u32::from(self.back[raw as usize * AllSymmetries::COUNT + s])
    }
}

/// The classes of twist × tetrahedra under the 48 symmetries.
fn corner_classes(symmetries: &AllSymmetries) -> SymmetryClasses {
    SymmetryClasses::new(
        (TWISTS * TETRAHEDRA_PARITIES) as u64,
        AllSymmetries::COUNT,
        |s, value| corner_value(&symmetries.map(s, &corner_cube(value)).corners),
    )
}

/// The space of the table: the classes, their moves, the separations.
fn space<'a>(classes: &'a SymmetryClasses, separations: Separations) -> SymSpace<'a, Separations> {
    let [twist_moves, _, _] = phase1_move_tables();
    let tetrahedra_moves = all_moves_table(
        TETRAHEDRA_PARITIES,
        |value| corner_cube(value as u64),
        |cube| tetrahedra_parity(&cube.corners),
    );
    let mut class_moves = Vec::with_capacity(classes.len() * MOVES);
    for class in 0..classes.len() as u32 {
        let value = classes.representative(class);
        let (twist, tetrahedra) = (
            (value / TETRAHEDRA_PARITIES as u64) as u16,
            (value % TETRAHEDRA_PARITIES as u64) as u16,
        );
        class_moves.extend((0..MOVES as u8).map(|turn| {
            let next = u64::from(twist_moves.get(twist, turn)) * TETRAHEDRA_PARITIES as u64
                + u64::from(tetrahedra_moves.get(tetrahedra, turn));
            let (class, s) = classes.class_of(next);
            (class, s as u8)
        }));
    }
    let solved = &Rubik::SOLVED;
    let (goal, _) = classes.class_of(corner_value(&solved.corners));
    SymSpace {
        classes,
        class_moves,
        // The solved separation is every symmetry's image of itself.
        goal: goal as usize * SEPARATIONS + usize::from(separation(&solved.edges)),
        raw: separations,
    }
}

/// The table's file in a folder of tables.
pub(super) fn separation_file() -> TableFile {
    TableFile {
        name: SEPARATION_TABLE_NAME,
        id: separation_table_id(),
        bytes: SEPARATION_TABLE_BYTES,
    }
}

/// What the table's file holds, checked when it is loaded.
fn separation_table_id() -> TableId {
    TableId::new(
        "cube 3x3x3, half-turn metric, moves that bring every corner into its tetrahedron \
         untwisted and every edge into its middle slice with even permutations (h48's h0 and \
         the parity)",
        "6786 classes of twist x tetrahedra x parity (48 symmetries) x 34650 edge separations, \
         2 bits \
         (0: at most last - 2, 1: last - 1, 2: last, 3: more), entry class x 34650 + \
         separation from the low bits of its byte, then the last layer in a byte",
    )
}

/// The bands of the fewest moves that bring each (twist, tetrahedra, parity, edge separation)
/// home.
#[derive(Debug)]
pub struct SeparationTable {
    classes: SymmetryClasses,
    separation_back: Vec<u16>,
    /// The tetrahedra and parity of each corner permutation (its rank).
    tetrahedra_of_permutation: Vec<u8>,
    /// `[U view's slice places × 495 + F view's]`: the cube's separation.
    separation_of_slices: Vec<u16>,
    /// Two bits per entry `class × 34650 + separation`, then the last layer.
    bands: PatternDatabase,
    /// The last layer the build found.
    last: u8,
}

impl SeparationTable {
    /// The table from `cache` when its file is there and sound (mapped, its checksum checked),
    /// otherwise built within `limits` (refused before it starts when it cannot fit) and saved
    /// there (kept in memory only without a cache); with what happened, in a line.
    pub fn load_or_build(
        cache: Option<&TableCache>,
        limits: &Limits,
    ) -> Result<(SeparationTable, String), StopReason> {
        if !limits.fits(SEPARATION_TABLE_BYTES) {
            return Err(StopReason::MemoryLimit);
        }
        let symmetries = AllSymmetries::new();
        let classes = corner_classes(&symmetries);
        let separations = Separations::new(&symmetries);
        let separation_back = separations.back.clone();
        let id = separation_table_id();
        let (bands, note) = load_or_build(cache, SEPARATION_TABLE_NAME, &id, WHAT, || {
            let (bands, stats) = space(&classes, separations).build_bands(limits)?;
            let Bands { mut codes, last } = bands;
            codes.push(last);
            Ok((codes, stats))
        })?;
        let last = *bands.as_bytes().last().expect("the last layer's byte");
        let table = SeparationTable {
            classes,
            separation_back,
            tetrahedra_of_permutation: tetrahedra_of_permutations(),
            separation_of_slices: separations_of_slices(),
            bands,
            last,
        };
        Ok((table, note))
    }

    /// The entry of the cube of twist `twist` (along UD), corner permutation `permutation`
    /// (its rank) and slice places `slices` as its views with U and with F on top have them
    /// (what the optimal solver's nodes hold), a read of its class first, so that a search can
    /// make it for several cubes before reading their distances.
    #[inline]
    pub fn entry(&self, twist: u16, permutation: u16, [u_slice, f_slice]: [u16; 2]) -> usize {
        let tetrahedra = self.tetrahedra_of_permutation[usize::from(permutation)];
        let corners = u64::from(twist) * TETRAHEDRA_PARITIES as u64 + u64::from(tetrahedra);
        let (class, s) = self.classes.class_of(corners);
        let slices = usize::from(u_slice) * 495 + usize::from(f_slice);
        let separation = self.separation_of_slices[slices];
        let separation = self.separation_back[usize::from(separation) * AllSymmetries::COUNT + s];
        class as usize * SEPARATIONS + usize::from(separation)
    }

    /// The least distance of entry `entry`'s band ([`entry`](Self::entry)): 0 in the first
    /// band.
    #[inline]
    pub fn distance_at(&self, entry: usize) -> u8 {
        band_distance(band(self.bands.as_bytes(), entry), self.last)
    }

    /// The entry of `cube`.
    pub fn entry_of(&self, cube: &Rubik) -> usize {
        let permutation = super::coords::corner_permutation(&cube.corners);
        let slices = [0, 1].map(|axis| slice(&View::ALL[axis].cube(cube).edges));
        self.entry(twist(&cube.corners), permutation, slices)
    }

    /// How many of the 10,609,137,000 positions are in each band, and the last layer.
    pub fn positions_in_each_band(&self) -> ([u64; 4], u8) {
        let codes = self.bands.as_bytes();
        let counts = positions_by_mark(&self.classes, AllSymmetries::COUNT, SEPARATIONS, |e| {
            band(codes, e)
        });
        (std::array::from_fn(|code| counts[code]), self.last)
    }
}

/// The tetrahedra and parity of each corner permutation, by its rank.
fn tetrahedra_of_permutations() -> Vec<u8> {
    let mut corners = Corners::SOLVED;
    (0..40320)
        .map(|rank| {
            unrank_permutation(rank, &mut corners.cubie);
            tetrahedra_parity(&corners) as u8
        })
        .collect()
}

/// `[U view's slice places × 495 + F view's]`: the separation of the cubes whose views have
/// those slice places (the E edges' places and the M edges', which leave the S edges the rest).
fn separations_of_slices() -> Vec<u16> {
    let mut of_slices = vec![u16::MAX; 495 * 495];
    for value in 0..SEPARATIONS as u16 {
        let cube = separation_cube(value);
        let [u_slice, f_slice] = [0, 1].map(|axis| slice(&View::ALL[axis].cube(&cube).edges));
        of_slices[usize::from(u_slice) * 495 + usize::from(f_slice)] = value;
    }
    of_slices
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;
    use std::collections::hash_map::Entry;

    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::cube::coords::move_of;
    use crate::cube::sym_table::{nibble, positions_at_each_distance};

    fn random_cube(rng: &mut ChaCha8Rng, moves: usize) -> Rubik {
        let turns: Vec<_> = (0..moves)
            .map(|_| move_of(rng.random_range(0..MOVES as u8)))
            .collect();
        Rubik::scrambled(&turns)
    }

    #[test]
    fn the_coordinates_round_trip_and_the_symmetries_map_them_as_functions_of_themselves() {
        for value in 0..(TWISTS * TETRAHEDRA) as u64 {
            assert_eq!(corner_value(&corner_cube(value).corners), value);
        }
        for value in 0..SEPARATIONS as u16 {
            assert_eq!(separation(&separation_cube(value).edges), value);
        }
        let symmetries = AllSymmetries::new();
        let mut rng = ChaCha8Rng::seed_from_u64(48);
        for _ in 0..200 {
            let cube = random_cube(&mut rng, 30);
            let corners = corner_cube(corner_value(&cube.corners));
            let edges = separation_cube(separation(&cube.edges));
            for s in 0..AllSymmetries::COUNT {
                let image = symmetries.map(s, &cube);
                let corner_image = symmetries.map(s, &corners).corners;
                assert_eq!(corner_value(&image.corners), corner_value(&corner_image));
                let edge_image = symmetries.map(s, &edges).edges;
                assert_eq!(separation(&image.edges), separation(&edge_image));
            }
        }
    }

    #[test]
    fn the_table_counts_every_position_once_and_its_first_layers_are_a_direct_search() {
        // The exact distances, half a byte each, then the table's bands.
        let symmetries = AllSymmetries::new();
        let classes = corner_classes(&symmetries);
        let space = space(&classes, Separations::new(&symmetries));
        let (nibbles, _) = space.build(&Limits::none()).unwrap();
        let counts =
            positions_at_each_distance(&classes, AllSymmetries::COUNT, SEPARATIONS, &nibbles);
        assert_eq!(counts.iter().sum::<u64>(), 2 * 5_304_568_500);
        assert_eq!(
            counts,
            [
                1,
                6,
                75,
                888,
                11_078,
                140_010,
                1_746_054,
                21_037_416,
                235_600_768,
                1_996_122_852,
                6_382_745_192,
                1_968_653_936,
                3_078_272,
                452
            ]
        );
        // The bands: at most 8 moves, 9, 10, more.
        let (table, _) = SeparationTable::load_or_build(None, &Limits::none()).unwrap();
        let at_most_8 = counts[..=8].iter().sum();
        let bands = [at_most_8, counts[9], counts[10], counts[11..].iter().sum()];
        assert_eq!(table.positions_in_each_band(), (bands, 10));
        for entry in 0..CORNER_CLASSES * SEPARATIONS {
            let band = nibble(&nibbles, entry).saturating_sub(8).min(3);
            assert_eq!(table.distance_at(entry), band_distance(band, table.last));
        }
        // The direct search: breadth-first over (twist, tetrahedra, separation) of cubes.
        let raw = |cube: &Rubik| (corner_value(&cube.corners), separation(&cube.edges));
        let mut depth_of = HashMap::from([(raw(&Rubik::SOLVED), 0u8)]);
        let mut layer = vec![Rubik::SOLVED];
        for depth in 1..=5u8 {
            let mut next = Vec::new();
            for cube in &layer {
                for turn in 0..MOVES as u8 {
                    let child = cube.turned(move_of(turn));
                    if let Entry::Vacant(slot) = depth_of.entry(raw(&child)) {
                        slot.insert(depth);
                        next.push(child);
                    }
                }
            }
            assert_eq!(
                next.len() as u64,
                counts[usize::from(depth)],
                "depth {depth}"
            );
            layer = next;
        }
        // The search's look-up of a cube finds its position's distance.
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        for _ in 0..2000 {
            let length = rng.random_range(0..=5);
            let cube = random_cube(&mut rng, length);
            assert_eq!(
                nibble(&nibbles, table.entry_of(&cube)),
                depth_of[&raw(&cube)]
            );
        }
    }

    #[test]
    fn the_corners_fall_into_h48s_classes_and_twice_as_many_with_the_parity() {
        let symmetries = AllSymmetries::new();
        // Twist × tetrahedra alone (`twist × 70 + tetrahedra`): h48's 3,393 classes.
        let without_parity = |value: u64| (value / 70) * 140 + value % 70 * 2;
        let count = AllSymmetries::COUNT;
        let classes = SymmetryClasses::new((TWISTS * TETRAHEDRA) as u64, count, |s, value| {
            let image = corner_value(
                &symmetries
                    .map(s, &corner_cube(without_parity(value)))
                    .corners,
            );
            image / 140 * 70 + image % 140 / 2
        });
        assert_eq!(classes.len(), 3393);
        assert_eq!(corner_classes(&symmetries).len(), CORNER_CLASSES);
    }

    #[test]
    fn the_search_coordinates_give_the_separation_and_tetrahedra() {
        let (of_permutation, of_slices) = (tetrahedra_of_permutations(), separations_of_slices());
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for _ in 0..500 {
            let cube = random_cube(&mut rng, 25);
            let permutation = super::super::coords::corner_permutation(&cube.corners);
            assert_eq!(
                u16::from(of_permutation[usize::from(permutation)]),
                tetrahedra_parity(&cube.corners)
            );
            let [u, f] = [0, 1].map(|axis| slice(&View::ALL[axis].cube(&cube).edges));
            let found = of_slices[usize::from(u) * 495 + usize::from(f)];
            assert_eq!(found, separation(&cube.edges));
        }
    }
}
