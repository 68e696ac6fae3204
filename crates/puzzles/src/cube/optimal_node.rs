//! The optimal solver's nodes ([`optimal`](super::optimal)): the cube's coordinates, each
//! turned by a move table, and its inverse as cubies along each axis.
//!
//! A cube and its inverse are as far from solved (an answer of one, reversed and each move
//! undone, answers the other), so the search reads the tables for both and keeps the larger
//! estimate (Rokicki's nxopt and vcube do so too). The inverse of the cube after move M is
//! M⁻¹ followed by the cube's inverse: a move *before*, which no coordinate's move table can
//! follow, so each axis's view of the inverse is kept as cubies (20 bytes: a cubie and its
//! orientation in a byte), multiplied by the view's M⁻¹ on the left (a table read per cubie),
//! and its coordinates computed only for the children that the cube's own estimate keeps.

use statespace_engine::Domain;

use super::coords::{MOVES, SORTED_SLICE_SOLVED, flip, move_of, sorted_slice, twist};
use super::coords::{MoveTable, phase1_move_tables, sorted_slice_moves};
use super::corner_space::{CornerCoordinates, CornerSpace};
use super::cubie::{CORNERS, Corners, Metric};
use super::edges::{EDGES, Edges};
use super::rubik::Rubik;
use super::tetrad_table::{TETRAD_SOLVED, tetrad, tetrad_moves};
use super::views::{View, view_moves};

/// One axis's phase-1 coordinates as the cube's view along it has them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct Axis {
    pub twist: u16,
    pub flip: u16,
    /// The slice edges' places and order ([`sorted_slice`]); its 24th is the slice coordinate.
    pub sorted_slice: u16,
    /// Which corner places hold the view's U corners ([`tetrad`]).
    pub tetrad: u16,
}

/// A cube's coordinates: what the tables are read at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct Coordinates {
    pub corners: CornerCoordinates,
    /// Along each axis: the [`View`]s that put U, then F, then R on top.
    pub axes: [Axis; 3],
}

/// The solved cube's coordinates, and no other cube's (the corners at home, and on each axis
/// the four slice edges at home in order, the three slices holding all twelve edges, and every
/// edge unflipped).
pub(super) const SOLVED: Coordinates = Coordinates {
    corners: CornerCoordinates {
        permutation: 0,
        twist: 0,
    },
    axes: [Axis {
        twist: 0,
        flip: 0,
        sorted_slice: SORTED_SLICE_SOLVED,
        tetrad: TETRAD_SOLVED,
    }; 3],
};

/// A cube as cubies, each position's cubie and orientation in a byte: a corner's cubie × 4 +
/// its twist, an edge's cubie × 2 + its flip.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct Packed {
    corners: [u8; CORNERS],
    edges: [u8; EDGES],
}

impl Packed {
    fn of(cube: &Rubik) -> Packed {
        let (corners, edges) = (&cube.corners, &cube.edges);
        Packed {
            corners: std::array::from_fn(|i| corners.cubie[i] * 4 + corners.twist[i]),
            edges: std::array::from_fn(|i| edges.cubie[i] * 2 + edges.flip[i]),
        }
    }

    fn cube(&self) -> Rubik {
        Rubik {
            corners: Corners {
                cubie: self.corners.map(|packed| packed >> 2),
                twist: self.corners.map(|packed| packed & 3),
            },
            edges: Edges {
                cubie: self.edges.map(|packed| packed >> 1),
                flip: self.edges.map(|packed| packed & 1),
            },
        }
    }
}

/// What a cube `first` does to the cubies of a cube it comes before, as [`Packed`] bytes:
/// `product(first, cube)` has at each position the image of `cube`'s byte there.
#[derive(Clone, Copy, Debug)]
struct Before {
    corners: [u8; 32],
    edges: [u8; 24],
}

impl Before {
    fn of(first: &Rubik) -> Before {
        let mut before = Before {
            corners: [0; 32],
            edges: [0; 24],
        };
        for cubie in 0..CORNERS {
            for twist in 0..3 {
                let turned = (first.corners.twist[cubie] + twist) % 3;
                before.corners[cubie * 4 + usize::from(twist)] =
                    first.corners.cubie[cubie] * 4 + turned;
            }
        }
        for cubie in 0..EDGES {
            for flip in 0..2 {
                let flipped = first.edges.flip[cubie] ^ flip;
                before.edges[cubie * 2 + usize::from(flip)] =
                    first.edges.cubie[cubie] * 2 + flipped;
            }
        }
        before
    }

    #[inline]
    fn apply(&self, cube: &Packed) -> Packed {
        Packed {
            corners: cube.corners.map(|packed| self.corners[usize::from(packed)]),
            edges: cube.edges.map(|packed| self.edges[usize::from(packed)]),
        }
    }
}

/// A cube as the search holds it: its coordinates, its inverse's view along each axis, and
/// what the tables said of it and of its inverse when it was made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct Node {
    pub coordinates: Coordinates,
    pub inverse: [Packed; 3],
    pub reads: AxisReads,
    pub inverse_reads: AxisReads,
}

/// A cube's distances along each axis as the search read them (0 where it did not): the
/// phase-1 table's and the tetrad table's. Each is a lower bound of the moves that bring the
/// cube into that table's target on that axis; the inverse's bar some next moves (see
/// [`optimal`](super::optimal)'s `Targets`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(super) struct AxisReads {
    pub phase1: [u8; 3],
    pub tetrads: [u8; 3],
    /// The separation table's, for the whole cube.
    pub separation: u8,
}

impl AxisReads {
    /// Each axis's distance: the most of its tables'.
    #[inline]
    pub fn axes(&self) -> [u8; 3] {
        std::array::from_fn(|axis| self.phase1[axis].max(self.tetrads[axis]))
    }

    /// The axes by decreasing distance. A move changes each distance by one at most, so a
    /// child's tables prune it soonest along its parent's farthest axis: read first there,
    /// they leave the fewest children to read the others for.
    #[inline]
    pub fn axes_farthest_first(&self) -> [usize; 3] {
        let distances = self.axes();
        let mut axes = [0, 1, 2];
        axes.sort_by_key(|&axis| std::cmp::Reverse(distances[axis]));
        axes
    }
}

/// What turns a node.
#[derive(Debug)]
pub(super) struct Turns {
    pub space: CornerSpace,
    twist: MoveTable,
    flip: MoveTable,
    sorted_slice: MoveTable,
    tetrad: MoveTable,
    /// Each cube move as each axis's view moves.
    view_moves: [[u8; MOVES]; 3],
    /// Along each axis, each cube move's inverse as the view's cubies, put before a view.
    undo: [[Before; MOVES]; 3],
}

impl Turns {
    pub fn build() -> Turns {
        let [twist, flip, _] = phase1_move_tables();
        let view_moves = view_moves();
        let undo = view_moves.map(|moves| {
            std::array::from_fn(|turn| {
                // R becomes R', R' becomes R, R2 stays.
                let undone = turn / 3 * 3 + 2 - turn % 3;
                Before::of(&Rubik::SOLVED.turned(move_of(moves[undone])))
            })
        });
        Turns {
            space: CornerSpace::new(Metric::Htm),
            twist,
            flip,
            sorted_slice: sorted_slice_moves(),
            tetrad: tetrad_moves(),
            view_moves,
            undo,
        }
    }

    /// The node of `cube`.
    pub fn node(&self, cube: &Rubik) -> Node {
        let coordinates = self.coordinates(std::array::from_fn(|axis| View::ALL[axis].cube(cube)));
        let inverse = std::array::from_fn(|axis| Packed::of(&View::ALL[3 + axis].cube(cube)));
        Node {
            coordinates,
            inverse,
            reads: AxisReads::default(),
            inverse_reads: AxisReads::default(),
        }
    }

    /// The coordinates of the cube whose views along the three axes are `views`.
    #[inline]
    pub fn packed_coordinates(&self, views: &[Packed; 3]) -> Coordinates {
        self.coordinates(views.map(|view| view.cube()))
    }

    /// The coordinates of the cube whose views along the three axes are `views`.
    pub fn coordinates(&self, views: [Rubik; 3]) -> Coordinates {
        Coordinates {
            corners: self.space.coordinates(&views[0].corners),
            axes: views.map(|view| Axis {
                twist: twist(&view.corners),
                flip: flip(&view.edges),
                sorted_slice: sorted_slice(&view.edges),
                tetrad: tetrad(&view.corners),
            }),
        }
    }

    /// `coordinates` after move `turn`.
    #[inline]
    pub fn turned(&self, coordinates: &Coordinates, turn: u8) -> Coordinates {
        let mut child = *coordinates;
        self.space.apply(&mut child.corners, turn);
        for (axis, moves) in child.axes.iter_mut().zip(&self.view_moves) {
            let turn = moves[usize::from(turn)];
            axis.twist = self.twist.get(axis.twist, turn);
            axis.flip = self.flip.get(axis.flip, turn);
            axis.sorted_slice = self.sorted_slice.get(axis.sorted_slice, turn);
            axis.tetrad = self.tetrad.get(axis.tetrad, turn);
        }
        child
    }

    /// The inverse's views `inverse` after move `turn` of the cube: the move undone first.
    #[inline]
    pub fn inverse_turned(&self, inverse: &[Packed; 3], turn: u8) -> [Packed; 3] {
        std::array::from_fn(|axis| self.undo[axis][usize::from(turn)].apply(&inverse[axis]))
    }

    /// The node after move `turn`, its coordinates turned already.
    pub fn node_turned(&self, node: &Node, turn: u8) -> Node {
        Node {
            coordinates: self.turned(&node.coordinates, turn),
            inverse: self.inverse_turned(&node.inverse, turn),
            reads: AxisReads::default(),
            inverse_reads: AxisReads::default(),
        }
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::cube::coords::slice;
    use crate::cube::cubie::Corners;
    use crate::cube::edges::Edges;
    use crate::cube::face::ALL_MOVES;
    use crate::cube::views::inverse;

    #[test]
    fn axes_are_read_farthest_first_by_the_most_of_their_tables() {
        let reads = |phase1, tetrads| AxisReads {
            phase1,
            tetrads,
            separation: 0,
        };
        assert_eq!(reads([7, 9, 8], [0; 3]).axes_farthest_first(), [1, 2, 0]);
        assert_eq!(
            reads([7, 9, 8], [10, 0, 9]).axes_farthest_first(),
            [0, 1, 2]
        );
        // Ties keep the axes' order.
        assert_eq!(reads([5, 6, 6], [0; 3]).axes_farthest_first(), [1, 2, 0]);
        assert_eq!(AxisReads::default().axes_farthest_first(), [0, 1, 2]);
    }

    #[test]
    fn coordinates_turned_by_tables_are_those_of_the_turned_cube() {
        let turns = Turns::build();
        let mut cube = Rubik::SOLVED;
        let mut node = turns.node(&cube);
        assert_eq!(node.coordinates, SOLVED);
        // R U2 F' D L2 B' U' R2 F D2, then the same again.
        for turn in [3, 1, 8, 9, 13, 17, 2, 4, 6, 10].repeat(2) {
            cube = cube.turned(ALL_MOVES[usize::from(turn)]);
            node = turns.node_turned(&node, turn);
            assert_eq!(node, turns.node(&cube), "after move {turn}");
            // The inverse's views are those of the inverse cube.
            let views = turns.node(&inverse(&cube)).coordinates;
            let packed = std::array::from_fn(|axis| View::ALL[3 + axis].cube(&cube));
            assert_eq!(node.inverse.map(|view| view.cube()), packed);
            assert_eq!(
                turns.packed_coordinates(&node.inverse),
                views,
                "after move {turn}"
            );
        }
    }

    #[test]
    fn only_the_solved_cube_has_the_solved_coordinates() {
        let turns = Turns::build();
        let mut rng = ChaCha8Rng::seed_from_u64(34);
        for _ in 0..1000 {
            let cube = Rubik::random(&mut rng);
            assert_eq!(
                turns.node(&cube).coordinates == SOLVED,
                cube == Rubik::SOLVED
            );
        }
        // Three edges of one slice cycled, each slice in turn: every edge in its slice and
        // unflipped, the corners solved, so the unsorted slice coordinates are all at home;
        // the sorted ones are not.
        for cycled in [[8, 9, 10], [0, 2, 4], [1, 3, 5]] {
            let mut edges = Edges::SOLVED;
            let [a, b, c] = cycled;
            (edges.cubie[a], edges.cubie[b], edges.cubie[c]) = (b as u8, c as u8, a as u8);
            let cube = Rubik {
                corners: Corners::SOLVED,
                edges,
            };
            for view in View::ALL.iter().take(3) {
                assert_eq!(slice(&view.cube(&cube).edges), 494, "{cycled:?}");
            }
            assert_ne!(turns.node(&cube).coordinates, SOLVED, "{cycled:?}");
        }
    }
}
