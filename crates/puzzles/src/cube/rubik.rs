//! The 3×3×3 as cubies (its corners and edges; the centres stay in place), its 54 facelets in
//! Kociemba's order with their checks, and uniformly random cubes.
//!
//! ```text
//!          U1 U2 U3
//!          U4 U5 U6
//!          U7 U8 U9
//! L1 L2 L3 F1 F2 F3 R1 R2 R3 B1 B2 B3
//! L4 L5 L6 F4 F5 F6 R4 R5 R6 B4 B5 B6
//! L7 L8 L9 F7 F8 F9 R7 R8 R9 B7 B8 B9
//!          D1 D2 D3
//!          D4 D5 D6
//!          D7 D8 D9
//! ```
//! The letters run U1..U9, R1..R9, F1..F9, D1..D9, L1..L9, B1..B9.

use rand::Rng;
use statespace_engine::rank::{
    factorial, permutation_parity, unrank_orientation, unrank_permutation,
};

use super::cubie::{CORNERS, Corners, Face, Move};
use super::edges::{EDGE_NAMES, EDGES, Edges};
use super::facelets::{FaceletError, check_twists, colours, paint_corners, read_corners};

/// Facelets on a 3×3×3.
pub const RUBIK_FACELETS: usize = 54;

/// The facelets of each corner position, its U or D facelet first, then clockwise.
const CORNER_FACELETS: [[usize; 3]; CORNERS] = [
    [8, 9, 20],
    [6, 18, 38],
    [0, 36, 47],
    [2, 45, 11],
    [29, 26, 15],
    [27, 44, 24],
    [33, 53, 42],
    [35, 17, 51],
];

/// The facelets of each edge position, in the order of its name (UR: the U facelet, then R's).
const EDGE_FACELETS: [[usize; 2]; EDGES] = [
    [5, 10],
    [7, 19],
    [3, 37],
    [1, 46],
    [32, 16],
    [28, 25],
    [30, 43],
    [34, 52],
    [23, 12],
    [21, 41],
    [50, 39],
    [48, 14],
];

/// The colours of an edge cubie, in the order of its name.
fn edge_colours(edge: usize) -> [Face; 2] {
    let name = EDGE_NAMES[edge].as_bytes();
    [0, 1].map(|n| Face::from_letter(char::from(name[n])).expect("a face letter"))
}

/// A 3×3×3: its corners and edges, named by the faces they have once solved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rubik {
    /// The corners.
    pub corners: Corners,
    /// The edges.
    pub edges: Edges,
}

impl Rubik {
    /// The solved cube.
    pub const SOLVED: Rubik = Rubik {
        corners: Corners::SOLVED,
        edges: Edges::SOLVED,
    };

    /// The cube after `turn`.
    pub fn turned(&self, turn: Move) -> Rubik {
        Rubik {
            corners: self.corners.turned(turn),
            edges: self.edges.turned(turn),
        }
    }

    /// The cube `scramble` makes of the solved one.
    pub fn scrambled(scramble: &[Move]) -> Rubik {
        scramble
            .iter()
            .fold(Rubik::SOLVED, |cube, &turn| cube.turned(turn))
    }

    /// The cube whose facelets are `letters` (54 letters in Kociemba's order, white space
    /// between them ignored), or the first reason no cube has them: the letters' count, a
    /// letter, a colour's count, a centre, a corner or edge, the twists, the flips, the parity.
    pub fn from_facelets(letters: &str) -> Result<Rubik, FaceletError> {
        let faces: [Face; RUBIK_FACELETS] = colours(letters, 3)?;
        for face in Face::ALL {
            let centre = faces[9 * face as usize + 4];
            if centre != face {
                return Err(FaceletError::Centre {
                    face: face.letter(),
                    colour: centre.letter(),
                });
            }
        }
        let corners = read_corners(&faces, &CORNER_FACELETS)?;
        let edges = read_edges(&faces)?;
        check_twists(&corners)?;
        if edges.flip.iter().sum::<u8>() % 2 == 1 {
            return Err(FaceletError::Flipped);
        }
        let parity = |odd: bool| if odd { "odd" } else { "even" };
        let (corners_odd, edges_odd) = (
            permutation_parity(&corners.cubie),
            permutation_parity(&edges.cubie),
        );
        if corners_odd != edges_odd {
            return Err(FaceletError::OddPermutation {
                corners: parity(corners_odd),
                edges: parity(edges_odd),
            });
        }
        Ok(Rubik { corners, edges })
    }

    /// Its 54 facelets' letters in Kociemba's order.
    pub fn facelets(&self) -> String {
        let mut faces = [Face::U; RUBIK_FACELETS];
        for (face, centre) in Face::ALL.into_iter().zip((4..).step_by(9)) {
            faces[centre] = face;
        }
        paint_corners(&mut faces, &CORNER_FACELETS, &self.corners);
        for (position, facelets) in EDGE_FACELETS.iter().enumerate() {
            let colours = edge_colours(usize::from(self.edges.cubie[position]));
            let flip = usize::from(self.edges.flip[position]);
            for (n, colour) in colours.into_iter().enumerate() {
                faces[facelets[(n + flip) % 2]] = colour;
            }
        }
        faces.iter().map(|face| face.letter()).collect()
    }

    /// A cube drawn uniformly from all 43,252,003,274,489,856,000 positions.
    pub fn random(rng: &mut impl Rng) -> Rubik {
        let mut cube = Rubik::SOLVED;
        unrank_permutation(
            rng.random_range(0..factorial(CORNERS)),
            &mut cube.corners.cubie,
        );
        unrank_permutation(rng.random_range(0..factorial(EDGES)), &mut cube.edges.cubie);
        // Half the edge permutations have the corners' parity: swapping two edges maps the others
        // one to one onto them.
        if permutation_parity(&cube.corners.cubie) != permutation_parity(&cube.edges.cubie) {
            cube.edges.cubie.swap(EDGES - 2, EDGES - 1);
        }
        unrank_orientation(rng.random_range(0..2187), 3, 0, &mut cube.corners.twist);
        unrank_orientation(rng.random_range(0..2048), 2, 0, &mut cube.edges.flip);
        cube
    }
}

/// The edge cubies that `faces` show, or the first edge no cube has or that is there twice.
fn read_edges(faces: &[Face; RUBIK_FACELETS]) -> Result<Edges, FaceletError> {
    let mut edges = Edges::SOLVED;
    let mut seen = [false; EDGES];
    for (position, facelets) in EDGE_FACELETS.iter().enumerate() {
        let colours = facelets.map(|facelet| faces[facelet]);
        let found = (0..EDGES).find_map(|edge| {
            let home = edge_colours(edge);
            (0..2)
                .find(|&flip| home == [colours[flip], colours[1 - flip]])
                .map(|flip| (edge, flip))
        });
        let Some((edge, flip)) = found else {
            return Err(FaceletError::NoSuchEdge {
                position: EDGE_NAMES[position],
                colours: colours.iter().map(|face| face.letter()).collect(),
            });
        };
        if std::mem::replace(&mut seen[edge], true) {
            return Err(FaceletError::Twice {
                kind: "edge",
                name: EDGE_NAMES[edge],
            });
        }
        edges.cubie[position] = edge as u8;
        edges.flip[position] = flip as u8;
    }
    Ok(edges)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SOLVED: &str = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";

    fn turn(face: Face, quarters: u8) -> Move {
        Move { face, quarters }
    }

    #[test]
    fn solved_facelets_are_each_face_in_turn() {
        assert_eq!(Rubik::SOLVED.facelets(), SOLVED);
        assert_eq!(Rubik::from_facelets(SOLVED), Ok(Rubik::SOLVED));
    }

    #[test]
    fn every_turn_reads_back_from_its_facelets() {
        for face in Face::ALL {
            for quarters in 1..4 {
                let cube = Rubik::SOLVED.turned(turn(face, quarters));
                assert_eq!(Rubik::from_facelets(&cube.facelets()), Ok(cube));
            }
        }
    }

    #[test]
    fn an_r_turn_moves_the_f_face_up() {
        // R: the right column of F goes to U, U's to B (upside down), and so on.
        assert_eq!(
            Rubik::SOLVED.turned(turn(Face::R, 1)).facelets(),
            "UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB"
        );
    }

    #[test]
    fn each_quarter_turn_shows_its_facelets() {
        // As min2phase's `scramble` prints them: R, U, F, D, L, B, then R U2 F'.
        let expected = [
            (
                turn(Face::U, 1),
                "UUUUUUUUUBBBRRRRRRRRRFFFFFFDDDDDDDDDFFFLLLLLLLLLBBBBBB",
            ),
            (
                turn(Face::F, 1),
                "UUUUUULLLURRURRURRFFFFFFFFFRRRDDDDDDLLDLLDLLDBBBBBBBBB",
            ),
            (
                turn(Face::D, 1),
                "UUUUUUUUURRRRRRFFFFFFFFFLLLDDDDDDDDDLLLLLLBBBBBBBBBRRR",
            ),
            (
                turn(Face::L, 1),
                "BUUBUUBUURRRRRRRRRUFFUFFUFFFDDFDDFDDLLLLLLLLLBBDBBDBBD",
            ),
            (
                turn(Face::B, 1),
                "RRRUUUUUURRDRRDRRDFFFFFFFFFDDDDDDLLLULLULLULLBBBBBBBBB",
            ),
        ];
        for (turn, facelets) in expected {
            assert_eq!(Rubik::SOLVED.turned(turn).facelets(), facelets, "{turn}");
        }
        let scrambled = Rubik::scrambled(&[turn(Face::R, 1), turn(Face::U, 2), turn(Face::F, 3)]);
        assert_eq!(
            scrambled.facelets(),
            "FUUFUULRRBLLDRRDRRBDDBFFUFFRLLDDBDDBRRULLULLFFFDUBBUBB"
        );
    }

    #[test]
    fn r_u_has_order_105() {
        let (r, u) = (turn(Face::R, 1), turn(Face::U, 1));
        let mut cube = Rubik::SOLVED;
        for n in 1..=105 {
            cube = cube.turned(r).turned(u);
            assert_eq!(cube == Rubik::SOLVED, n == 105, "{n}");
        }
    }

    #[test]
    fn each_unsolvable_kind_is_named() {
        let mut letters: Vec<char> = SOLVED.chars().collect();
        // UR flipped in place: U6 and R2 swapped.
        letters.swap(5, 10);
        let flipped: String = letters.iter().collect();
        assert_eq!(Rubik::from_facelets(&flipped), Err(FaceletError::Flipped));
        letters.swap(5, 10);
        // UR and UF swapped: U6 with U8 (both U) and R2 with F2.
        letters.swap(10, 19);
        let swapped: String = letters.iter().collect();
        assert_eq!(
            Rubik::from_facelets(&swapped).unwrap_err().to_string(),
            "an odd permutation: two pieces swapped (the corners' permutation is even, the edges' odd)"
        );
    }
}
