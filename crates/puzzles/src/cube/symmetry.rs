//! The 16 symmetries of the cube that keep its UD axis: products of the quarter turn of the
//! whole cube about UD (S_U4), its half turn about FB (S_F2) and its mirror image in the plane
//! between L and R (S_LR2), as Kociemba numbers them: symmetry `8f + 2u + m` is
//! S_F2^f · S_U4^u · S_LR2^m. Each maps a cube C to S · C · S⁻¹ (Kociemba's multiplication);
//! the phase-1 coordinates of that cube follow from the coordinates of C, so a table over
//! them needs only one entry per class of flip-slice coordinates (64,430 of 1,013,760).
//!
//! A mirror image is no cube: its corners are twisted the other way round. Corner orientations
//! are therefore counted here as 0–2 for a twist and 3–5 for a twist of a mirrored corner; the
//! symmetries' own cubes hold such corners, the cubes conjugated by them none (the mirrors
//! cancel). Conjugated by the mirror, a quarter turn becomes the inverse quarter turn of the
//! mirrored face (R becomes L').

use statespace_engine::rank::{
    SymmetryClasses, orientation_count, unrank_orientation, unrank_permutation,
};

use super::coords::{
    MOVES, SLICE_SOLVED, SORTED_SLICE_SOLVED, SORTED_SLICES, corner_permutation, edge_permutation,
    flip, move_of, slice, slice_cube, sorted_slice, sorted_slice_cube, twist,
};
use super::cubie::CORNERS;
use super::edges::{EDGES, Edges};
use super::rubik::Rubik;

/// The symmetries that keep the UD axis.
pub const SYMMETRIES: usize = 16;
/// The values of the twist.
pub const TWISTS: usize = 2187;

/// A cube or a mirror image of one: corners as cubies with an orientation 0–5 (3–5 mirrored),
/// edges as a cube has them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Mirrorable {
    corners: [u8; CORNERS],
    orientation: [u8; CORNERS],
    edges: Edges,
}

impl Mirrorable {
    const IDENTITY: Mirrorable = Mirrorable::of(&Rubik::SOLVED);

    const fn of(cube: &Rubik) -> Mirrorable {
        Mirrorable {
            corners: cube.corners.cubie,
            orientation: cube.corners.twist,
            edges: cube.edges,
        }
    }

    /// The cube, which must hold no mirrored corner.
    fn cube(&self) -> Rubik {
        let mut cube = Rubik::SOLVED;
        cube.corners.cubie = self.corners;
        cube.corners.twist = self.orientation;
        debug_assert!(self.orientation.iter().all(|&o| o < 3), "a mirrored corner");
        cube.edges = self.edges;
        cube
    }

    /// This, then `next` (Kociemba's multiplication). Orientations compose as the symmetries
    /// of a triangle: a twist after a mirrored corner turns it the other way.
    fn then(&self, next: &Mirrorable) -> Mirrorable {
        let mut product = Mirrorable::IDENTITY;
        for position in 0..CORNERS {
            let from = usize::from(next.corners[position]);
            product.corners[position] = self.corners[from];
            let (first, second) = (self.orientation[from], next.orientation[position]);
            let mirrored = (first >= 3) != (second >= 3);
            let twist = if first >= 3 {
                (first + 3 - second % 3) % 3
            } else {
                (first + second) % 3
            };
            product.orientation[position] = twist + if mirrored { 3 } else { 0 };
        }
        product.edges = self.edges.then(&next.edges);
        product
    }

    /// The inverse: `self.then(&inverse)` is the identity.
    fn inverse(&self) -> Mirrorable {
        let mut inverse = Mirrorable::IDENTITY;
        for position in 0..CORNERS {
            let cubie = usize::from(self.corners[position]);
            inverse.corners[cubie] = position as u8;
            let orientation = self.orientation[position];
            // A twist is undone by the opposite twist, a mirrored one by itself.
            inverse.orientation[cubie] = if orientation >= 3 {
                orientation
            } else {
                (3 - orientation) % 3
            };
        }
        for position in 0..EDGES {
            let cubie = usize::from(self.edges.cubie[position]);
            inverse.edges.cubie[cubie] = position as u8;
            inverse.edges.flip[cubie] = self.edges.flip[position];
        }
        inverse
    }
}

/// `cube` mapped by the symmetry `symmetry` whose inverse is `inverse`: S · cube · S⁻¹.
fn conjugated(symmetry: &Mirrorable, inverse: &Mirrorable, cube: &Rubik) -> Rubik {
    symmetry.then(&Mirrorable::of(cube)).then(inverse).cube()
}

/// The whole cube turned a quarter clockwise about UD (seen from U).
const U4: Mirrorable = Mirrorable {
    corners: [3, 0, 1, 2, 7, 4, 5, 6],
    orientation: [0; CORNERS],
    edges: Edges {
        cubie: [3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10],
        flip: [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1],
    },
};

/// The whole cube turned half about the FB axis.
const F2: Mirrorable = Mirrorable {
    corners: [5, 4, 7, 6, 1, 0, 3, 2],
    orientation: [0; CORNERS],
    edges: Edges {
        cubie: [6, 5, 4, 7, 2, 1, 0, 3, 9, 8, 11, 10],
        flip: [0; EDGES],
    },
};

/// The mirror image in the plane between L and R.
const LR2: Mirrorable = Mirrorable {
    corners: [1, 0, 3, 2, 5, 4, 7, 6],
    orientation: [3; CORNERS],
    edges: Edges {
        cubie: [2, 1, 0, 3, 6, 5, 4, 7, 9, 8, 11, 10],
        flip: [0; EDGES],
    },
};

/// The 16 symmetries and what they do to moves and to the twist.
#[derive(Clone, Debug)]
pub struct Symmetries {
    cubes: [Mirrorable; SYMMETRIES],
    inverses: [Mirrorable; SYMMETRIES],
    /// The symmetry number of each one's inverse.
    inverse: [u8; SYMMETRIES],
    /// `moves[s][m]`: move `m` mapped by symmetry `s`.
    moves: [[u8; MOVES]; SYMMETRIES],
    /// `twist_back[t × 16 + s]`: the twist of a cube of twist `t` mapped by the inverse of `s`.
    twist_back: Vec<u16>,
}

impl Default for Symmetries {
    fn default() -> Symmetries {
        Symmetries::new()
    }
}

impl Symmetries {
    /// The symmetries and their tables (a few milliseconds).
    pub fn new() -> Symmetries {
        let cubes: [Mirrorable; SYMMETRIES] = std::array::from_fn(|s| {
            let power = |base: &Mirrorable, times: usize| {
                (0..times).fold(Mirrorable::IDENTITY, |cube, _| cube.then(base))
            };
            power(&F2, s / 8)
                .then(&power(&U4, s / 2 % 4))
                .then(&power(&LR2, s % 2))
        });
        let inverses = cubes.map(|cube| cube.inverse());
        let inverse = std::array::from_fn(|s| {
            let found = (0..SYMMETRIES).find(|&t| cubes[t] == inverses[s]);
            found.expect("the symmetries form a group") as u8
        });
        let mut symmetries = Symmetries {
            cubes,
            inverses,
            inverse,
            moves: [[0; MOVES]; SYMMETRIES],
            twist_back: Vec::new(),
        };
        let turns: Vec<Rubik> = (0..MOVES as u8)
            .map(|turn| Rubik::SOLVED.turned(move_of(turn)))
            .collect();
        for s in 0..SYMMETRIES {
            for (turn, cube) in turns.iter().enumerate() {
                let mapped = symmetries.map(s, cube);
                let found = turns.iter().position(|other| *other == mapped);
                symmetries.moves[s][turn] =
                    found.expect("a symmetry maps a face turn onto a face turn") as u8;
            }
        }
        let mut twist_back = Vec::with_capacity(TWISTS * SYMMETRIES);
        for value in 0..TWISTS as u64 {
            let mut cube = Rubik::SOLVED;
            unrank_orientation(value, 3, 0, &mut cube.corners.twist);
            for &back_by in &inverse {
                let back = symmetries.map(usize::from(back_by), &cube);
                twist_back.push(twist(&back.corners));
            }
        }
        debug_assert_eq!(orientation_count(CORNERS, 3) as usize, TWISTS);
        symmetries.twist_back = twist_back;
        symmetries
    }

    /// `cube` mapped by symmetry `s`: S · cube · S⁻¹.
    pub fn map(&self, s: usize, cube: &Rubik) -> Rubik {
        conjugated(&self.cubes[s], &self.inverses[s], cube)
    }

    /// The number of the inverse of symmetry `s`.
    pub fn inverse(&self, s: usize) -> usize {
        usize::from(self.inverse[s])
    }

    /// The symmetry that maps as `b`, then `a`: `map(product(a, b), cube) = map(a, map(b,
    /// cube))`, since A · (B · cube · B⁻¹) · A⁻¹ = (A · B) · cube · (A · B)⁻¹.
    pub fn product(&self, a: usize, b: usize) -> usize {
        let product = self.cubes[a].then(&self.cubes[b]);
        let found = (0..SYMMETRIES).find(|&c| self.cubes[c] == product);
        found.expect("the symmetries form a group")
    }

    /// Move number `turn` mapped by symmetry `s`: the move of S · M · S⁻¹.
    pub fn map_move(&self, s: usize, turn: u8) -> u8 {
        self.moves[s][usize::from(turn)]
    }

    /// The twist of a cube of twist `twist` mapped back by symmetry `s` (by its inverse).
    #[inline]
    pub fn twist_back(&self, twist: u16, s: usize) -> u16 {
        self.twist_back[usize::from(twist) * SYMMETRIES + s]
    }

    /// The table of [`twist_back`](Self::twist_back): `[twist × 16 + s]`.
    pub(super) fn twist_back_table(&self) -> &[u16] {
        &self.twist_back
    }

    /// The edges of `cube` mapped by symmetry `s` (the edges of [`map`](Self::map)'s cube).
    pub fn map_edges(&self, s: usize, edges: &Edges) -> Edges {
        self.cubes[s]
            .edges
            .then(edges)
            .then(&self.inverses[s].edges)
    }

    /// The classes of the flip-slice coordinate of `slice` (`slice × 2048 + flip`) under the
    /// 16.
    pub fn flip_slice_classes(&self, slice: SliceKind) -> SymmetryClasses {
        // The classes ask for each value's 16 images in turn: its edges are made once.
        let last = std::cell::Cell::new((u64::MAX, Edges::SOLVED));
        SymmetryClasses::new(slice.flip_slices(), SYMMETRIES, |s, value| {
            let (made, mut edges) = last.get();
            if made != value {
                edges = slice.flip_slice_cube(value).edges;
                last.set((value, edges));
            }
            let mut mapped = Rubik::SOLVED;
            mapped.edges = self.map_edges(s, &edges);
            slice.flip_slice(&mapped)
        })
    }

    /// The classes of the corners' permutation (phase 2's coordinate, 40,320 values) under the
    /// 16.
    pub fn corner_permutation_classes(&self) -> SymmetryClasses {
        SymmetryClasses::new(40320, SYMMETRIES, |s, value| {
            let mut cube = Rubik::SOLVED;
            unrank_permutation(value, &mut cube.corners.cubie);
            corner_permutation(&self.map(s, &cube).corners) as u64
        })
    }

    /// `[value × 16 + s]`: the U and D edges' permutation (phase 2's coordinate) `value` mapped
    /// back by symmetry `s`.
    pub fn edge_permutations_back(&self) -> Vec<u16> {
        let mut back = Vec::with_capacity(40320 * SYMMETRIES);
        for value in 0..40320 {
            let mut edges = Edges::SOLVED;
            unrank_permutation(value, &mut edges.cubie[..8]);
            for &s in &self.inverse {
                back.push(edge_permutation(&self.map_edges(usize::from(s), &edges)));
            }
        }
        back
    }
}

/// The third turn of the whole cube about the URF–DBL diagonal (Kociemba's S_URF3).
const URF3: Mirrorable = Mirrorable::of(&super::views::URF3);

/// All 48 symmetries of the cube: the 16 that keep UD after S_URF3 none, one or two times
/// (symmetry `16k + s` is S_URF3^k · S_s), for coordinates that every axis has alike, such as
/// h48's ([`SeparationTable`](super::SeparationTable)).
#[derive(Clone, Debug)]
pub struct AllSymmetries {
    cubes: Vec<Mirrorable>,
    inverses: Vec<Mirrorable>,
    /// The symmetry number of each one's inverse.
    inverse: Vec<u8>,
}

impl AllSymmetries {
    /// The number of symmetries.
    pub const COUNT: usize = 3 * SYMMETRIES;

    /// The symmetries and their inverses (a few milliseconds).
    pub fn new() -> AllSymmetries {
        let sixteen = Symmetries::new();
        let cubes: Vec<Mirrorable> = (0..Self::COUNT)
            .map(|t| {
                let turns = (0..t / SYMMETRIES).fold(Mirrorable::IDENTITY, |c, _| c.then(&URF3));
                turns.then(&sixteen.cubes[t % SYMMETRIES])
            })
            .collect();
        let inverses: Vec<Mirrorable> = cubes.iter().map(Mirrorable::inverse).collect();
        let inverse = inverses
            .iter()
            .map(|wanted| {
                let found = cubes.iter().position(|cube| cube == wanted);
                found.expect("the 48 form a group") as u8
            })
            .collect();
        AllSymmetries {
            cubes,
            inverses,
            inverse,
        }
    }

    /// `cube` mapped by symmetry `s`: S · cube · S⁻¹.
    pub fn map(&self, s: usize, cube: &Rubik) -> Rubik {
        conjugated(&self.cubes[s], &self.inverses[s], cube)
    }

    /// The number of the inverse of symmetry `s`.
    pub fn inverse(&self, s: usize) -> usize {
        usize::from(self.inverse[s])
    }
}

impl Default for AllSymmetries {
    fn default() -> AllSymmetries {
        AllSymmetries::new()
    }
}

/// Which slice coordinate a flip-slice coordinate pairs with the flip.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SliceKind {
    /// Where the four UD-slice edges are (`slice`, 495 values): phase 1's.
    Places,
    /// Where they are and in which order (`sorted_slice`, 11,880 values): Kociemba's
    /// optimal solver's.
    Sorted,
}

impl SliceKind {
    /// The values of the slice coordinate.
    pub const fn slices(self) -> u64 {
        match self {
            SliceKind::Places => 495,
            SliceKind::Sorted => SORTED_SLICES as u64,
        }
    }

    /// The values of the flip-slice coordinate: `slice × 2048 + flip`.
    pub const fn flip_slices(self) -> u64 {
        self.slices() * 2048
    }

    /// The slice coordinate of the solved cube.
    pub fn solved(self) -> u16 {
        match self {
            SliceKind::Places => SLICE_SOLVED,
            SliceKind::Sorted => SORTED_SLICE_SOLVED,
        }
    }

    /// This kind's slice coordinate of a cube whose sorted slice coordinate is `sorted` (the
    /// places are its 24ths).
    #[inline]
    pub const fn of_sorted(self, sorted: u16) -> u16 {
        match self {
            SliceKind::Places => sorted / 24,
            SliceKind::Sorted => sorted,
        }
    }

    /// The slice coordinate of `edges`.
    pub fn slice(self, edges: &Edges) -> u16 {
        match self {
            SliceKind::Places => slice(edges),
            SliceKind::Sorted => sorted_slice(edges),
        }
    }

    /// A cube with the flip-slice coordinate `value`.
    pub fn flip_slice_cube(self, value: u64) -> Rubik {
        let slice = (value / 2048) as u16;
        let mut cube = match self {
            SliceKind::Places => slice_cube(slice),
            SliceKind::Sorted => sorted_slice_cube(slice),
        };
        unrank_orientation(value % 2048, 2, 0, &mut cube.edges.flip);
        cube
    }

    /// The flip-slice coordinate of `cube`: `slice × 2048 + flip`.
    pub fn flip_slice(self, cube: &Rubik) -> u64 {
        u64::from(self.slice(&cube.edges)) * 2048 + u64::from(flip(&cube.edges))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube::views::product;

    fn scrambled(moves: &[u8]) -> Rubik {
        Rubik::scrambled(&moves.iter().map(|&turn| move_of(turn)).collect::<Vec<_>>())
    }

    #[test]
    fn the_sixteen_form_a_group_of_distinct_symmetries() {
        let symmetries = Symmetries::new();
        for s in 0..SYMMETRIES {
            for t in 0..s {
                assert_ne!(symmetries.cubes[s], symmetries.cubes[t]);
            }
            let composed = symmetries.cubes[s].then(&symmetries.cubes[s]);
            assert!(symmetries.cubes.contains(&composed));
            assert_eq!(
                symmetries.cubes[s].then(&symmetries.inverses[s]),
                Mirrorable::IDENTITY
            );
        }
        // S_U4 four times, S_F2 and S_LR2 twice, are nothing.
        let times = |base: &Mirrorable, n| (0..n).fold(Mirrorable::IDENTITY, |c, _| c.then(base));
        assert_eq!(times(&U4, 4), Mirrorable::IDENTITY);
        assert_eq!(times(&F2, 2), Mirrorable::IDENTITY);
        assert_eq!(times(&LR2, 2), Mirrorable::IDENTITY);
    }

    #[test]
    fn a_product_maps_as_its_two_in_turn() {
        let symmetries = Symmetries::new();
        let cube = scrambled(&[3, 7, 13, 0, 16, 5, 9, 2, 11]);
        for a in 0..SYMMETRIES {
            for b in 0..SYMMETRIES {
                let both = symmetries.map(a, &symmetries.map(b, &cube));
                assert_eq!(symmetries.map(symmetries.product(a, b), &cube), both);
            }
            assert_eq!(symmetries.product(a, symmetries.inverse(a)), 0);
        }
    }

    #[test]
    fn the_forty_eight_form_a_group_of_distinct_symmetries() {
        let all = AllSymmetries::new();
        for s in 0..AllSymmetries::COUNT {
            assert!(!all.cubes[..s].contains(&all.cubes[s]), "{s} twice");
            for other in &all.cubes {
                assert!(all.cubes.contains(&all.cubes[s].then(other)));
            }
            assert_eq!(all.cubes[s].then(&all.inverses[s]), Mirrorable::IDENTITY);
        }
        // S_URF3 three times is nothing.
        let thrice = (0..3).fold(Mirrorable::IDENTITY, |c, _| c.then(&URF3));
        assert_eq!(thrice, Mirrorable::IDENTITY);
    }

    #[test]
    fn symmetries_map_moves_to_moves_and_the_mirror_inverts_them() {
        let symmetries = Symmetries::new();
        for s in 0..SYMMETRIES {
            let mut images: Vec<u8> = (0..MOVES as u8)
                .map(|turn| symmetries.map_move(s, turn))
                .collect();
            // U and D stay U or D.
            assert!(images[..3].iter().all(|&m| m / 3 == 0 || m / 3 == 3));
            images.sort_unstable();
            assert_eq!(images, (0..MOVES as u8).collect::<Vec<u8>>());
        }
        // The mirror (symmetry 1): R becomes L', U becomes U', F2 stays F2.
        let (r, l_prime, u, u_prime, f2) = (3, 14, 0, 2, 7);
        assert_eq!(symmetries.map_move(1, r), l_prime);
        assert_eq!(symmetries.map_move(1, u), u_prime);
        assert_eq!(symmetries.map_move(1, f2), f2);
        // The quarter turn about UD (symmetry 2), a rotation, maps F to another side face's
        // clockwise quarter turn.
        let image = symmetries.map_move(2, 6);
        assert!(
            image.is_multiple_of(3) && ![0, 2, 3].contains(&(image / 3)),
            "{image}"
        );
    }

    #[test]
    fn mapping_a_scramble_maps_each_of_its_moves() {
        let symmetries = Symmetries::new();
        let scramble = [3u8, 1, 8, 9, 13, 17, 2, 4, 6, 10, 5, 15];
        for s in 0..SYMMETRIES {
            let mapped: Vec<u8> = scramble
                .iter()
                .map(|&turn| symmetries.map_move(s, turn))
                .collect();
            assert_eq!(symmetries.map(s, &scrambled(&scramble)), scrambled(&mapped));
        }
    }

    #[test]
    fn twists_map_back_as_the_cubes_do() {
        let symmetries = Symmetries::new();
        let cube = scrambled(&[3, 1, 8, 9, 13, 17, 2, 4, 6, 10]);
        for s in 0..SYMMETRIES {
            let back = symmetries.map(symmetries.inverse(s), &cube);
            assert_eq!(
                symmetries.twist_back(twist(&cube.corners), s),
                twist(&back.corners)
            );
            // Mapped back after mapped, a cube is itself.
            assert_eq!(
                symmetries.map(symmetries.inverse(s), &symmetries.map(s, &cube)),
                cube
            );
            assert_eq!(
                product(&cube, &Rubik::SOLVED),
                symmetries.map(0, &cube),
                "symmetry 0 is the identity"
            );
        }
    }

    #[test]
    fn the_flip_slice_coordinates_have_kociembas_64430_and_1523864_classes() {
        let symmetries = Symmetries::new();
        for (slice, count, step) in [
            (SliceKind::Places, 64_430, 997),
            (SliceKind::Sorted, 1_523_864, 99_991),
        ] {
            let classes = symmetries.flip_slice_classes(slice);
            assert_eq!(classes.len(), count);
            for value in (0..slice.flip_slices()).step_by(step) {
                let (class, s) = classes.class_of(value);
                let representative = slice.flip_slice_cube(classes.representative(class));
                let mapped = symmetries.map(s, &representative);
                assert_eq!(slice.flip_slice(&mapped), value);
                assert_eq!(slice.flip_slice(&slice.flip_slice_cube(value)), value);
            }
        }
    }
}
