//! The corners of a cube as cubies (which corner sits where, twisted how), the face turns, and
//! the 2×2×2's ranked search domain: its DBL corner fixed, turned by U, R and F.

use std::fmt;

use serde::{Deserialize, Serialize};
use statespace_engine::rank::{
    MixedRadix, factorial, orientation_count, rank_orientation, rank_permutation,
    unrank_orientation, unrank_permutation,
};
use statespace_engine::{Domain, PerfectHash, Reversible};

/// A face of the cube, also the colour it has when solved; in Kociemba's order U, R, F, D, L, B.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Face {
    /// Up.
    U,
    /// Right.
    R,
    /// Front.
    F,
    /// Down.
    D,
    /// Left.
    L,
    /// Back.
    B,
}

impl Face {
    /// The six faces in Kociemba's order.
    pub const ALL: [Face; 6] = [Face::U, Face::R, Face::F, Face::D, Face::L, Face::B];

    /// Its letter.
    pub fn letter(self) -> char {
        b"URFDLB"[self as usize] as char
    }

    /// The face its letter names.
    pub fn from_letter(letter: char) -> Option<Face> {
        Face::ALL.into_iter().find(|face| face.letter() == letter)
    }

    /// The face across the cube.
    pub fn opposite(self) -> Face {
        Face::ALL[(self as usize + 3) % 6]
    }
}

/// The corner positions in Kociemba's order, each named by its faces, the U or D face first and
/// then clockwise.
pub const CORNER_NAMES: [&str; CORNERS] = ["URF", "UFL", "ULB", "UBR", "DFR", "DLF", "DBL", "DRB"];
/// Corners on a cube.
pub const CORNERS: usize = 8;
/// The corner the 2×2×2's domain keeps in place.
pub const DBL: usize = 6;

/// The colours of each corner cubie, in the order of [`CORNER_NAMES`].
pub fn corner_colours(corner: usize) -> [Face; 3] {
    let name = CORNER_NAMES[corner].as_bytes();
    std::array::from_fn(|n| Face::from_letter(char::from(name[n])).expect("a face letter"))
}

/// The corners: `cubie[i]` is the corner cubie at position `i`, `twist[i]` how far it is turned
/// clockwise from home (0 when its U or D colour faces U or D).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Corners {
    /// The cubie at each position.
    pub cubie: [u8; CORNERS],
    /// The twist of each position's cubie, 0 to 2.
    pub twist: [u8; CORNERS],
}

impl Corners {
    /// The solved cube.
    pub const SOLVED: Corners = Corners {
        cubie: [0, 1, 2, 3, 4, 5, 6, 7],
        twist: [0; CORNERS],
    };

    /// This cube, then the permutation `next` applied to it (Kociemba's multiplication).
    pub const fn then(&self, next: &Corners) -> Corners {
        let (cubie, twist) = compose((&self.cubie, &self.twist), (&next.cubie, &next.twist), 3);
        Corners { cubie, twist }
    }

    /// The cube after `turn`.
    pub fn turned(&self, turn: Move) -> Corners {
        self.then(&TURNS[turn.face as usize][usize::from(turn.quarters % 4)])
    }
}

/// Pieces of one kind (`N` of them, with `K` orientations each) as `first` has them, then moved
/// as `next` moves them: cubie and orientation at each position (Kociemba's multiplication).
pub(super) const fn compose<const N: usize>(
    first: (&[u8; N], &[u8; N]),
    next: (&[u8; N], &[u8; N]),
    k: u8,
) -> ([u8; N], [u8; N]) {
    let (mut cubie, mut orientation) = ([0; N], [0; N]);
    let mut i = 0;
    while i < N {
        let from = next.0[i] as usize;
        cubie[i] = first.0[from];
        orientation[i] = (first.1[from] + next.1[i]) % k;
        i += 1;
    }
    (cubie, orientation)
}

/// Each face's turns by none to three quarters, from its quarter turn.
const TURNS: [[Corners; 4]; 6] = {
    let mut turns = [[Corners::SOLVED; 4]; 6];
    let mut face = 0;
    while face < 6 {
        let mut quarters = 1;
        while quarters < 4 {
            turns[face][quarters] = turns[face][quarters - 1].then(&QUARTER_TURNS[face]);
            quarters += 1;
        }
        face += 1;
    }
    turns
};

/// What a clockwise quarter turn of each face does to the corners (Kociemba's cubie tables).
const QUARTER_TURNS: [Corners; 6] = [
    Corners {
        cubie: [3, 0, 1, 2, 4, 5, 6, 7],
        twist: [0; CORNERS],
    },
    Corners {
        cubie: [4, 1, 2, 0, 7, 5, 6, 3],
        twist: [2, 0, 0, 1, 1, 0, 0, 2],
    },
    Corners {
        cubie: [1, 5, 2, 3, 0, 4, 6, 7],
        twist: [1, 2, 0, 0, 2, 1, 0, 0],
    },
    Corners {
        cubie: [0, 1, 2, 3, 5, 6, 7, 4],
        twist: [0; CORNERS],
    },
    Corners {
        cubie: [0, 2, 6, 3, 4, 1, 5, 7],
        twist: [0, 1, 2, 0, 0, 2, 1, 0],
    },
    Corners {
        cubie: [0, 1, 3, 7, 4, 5, 2, 6],
        twist: [0, 0, 1, 2, 0, 0, 2, 1],
    },
];

/// A face turned clockwise by one, two or three quarters: `R`, `R2`, `R'`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The face turned.
    pub face: Face,
    /// Clockwise quarter turns, 1 to 3 (counted mod 4).
    pub quarters: u8,
}

impl Move {
    /// The move that undoes it.
    pub fn inverse(self) -> Move {
        Move {
            quarters: (4 - self.quarters % 4) % 4,
            ..self
        }
    }
}

/// `R`, `R2`, `R'`.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let suffix = ["0", "", "2", "'"][usize::from(self.quarters % 4)];
        write!(f, "{}{suffix}", self.face.letter())
    }
}

/// How moves are counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Metric {
    /// The half-turn metric: a quarter or a half turn of a face is one move.
    #[default]
    Htm,
    /// The quarter-turn metric: only quarter turns; a half turn is two moves.
    Qtm,
}

impl Metric {
    /// The moves of the 2×2×2 with its DBL corner fixed: U, R and F turns, in that order.
    pub fn moves(self) -> &'static [Move] {
        const fn turn(face: Face, quarters: u8) -> Move {
            Move { face, quarters }
        }
        const HTM: [Move; 9] = [
            turn(Face::U, 1),
            turn(Face::U, 2),
            turn(Face::U, 3),
            turn(Face::R, 1),
            turn(Face::R, 2),
            turn(Face::R, 3),
            turn(Face::F, 1),
            turn(Face::F, 2),
            turn(Face::F, 3),
        ];
        const QTM: [Move; 6] = [
            turn(Face::U, 1),
            turn(Face::U, 3),
            turn(Face::R, 1),
            turn(Face::R, 3),
            turn(Face::F, 1),
            turn(Face::F, 3),
        ];
        match self {
            Metric::Htm => &HTM,
            Metric::Qtm => &QTM,
        }
    }
}

/// The positions a 2×2×2's corners move among: all but DBL.
const MOVING: [usize; CORNERS - 1] = [0, 1, 2, 3, 4, 5, 7];

/// The 2×2×2 with its DBL corner at home, turned by the moves of a metric: 7! × 3^6 =
/// 3,674,160 positions, ranked as the permutation rank of the seven other cubies times 3^6 plus
/// their twists' [orientation rank](statespace_engine::rank::rank_orientation).
#[derive(Clone, Copy, Debug, Default)]
pub struct PocketCube {
    /// How moves are counted.
    pub metric: Metric,
}

impl PocketCube {
    /// A rank's parts: the seven cubies' permutation, then their twists (with a fixed sum).
    fn parts() -> MixedRadix {
        MixedRadix::new(orientation_count(MOVING.len(), 3))
    }
}

/// Cubie numbers with DBL (6) left out: DRB (7) becomes 6.
fn packed(cubie: u8) -> u8 {
    if usize::from(cubie) > DBL {
        cubie - 1
    } else {
        cubie
    }
}

impl Domain for PocketCube {
    type State = Corners;
    type Action = Move;

    fn actions(&self, _: &Corners, out: &mut Vec<Move>) {
        out.extend_from_slice(self.metric.moves());
    }

    fn apply(&self, cube: &mut Corners, turn: Move) {
        *cube = cube.turned(turn);
    }

    fn invert(&self, turn: Move) -> Option<Move> {
        Some(turn.inverse())
    }

    fn is_goal(&self, cube: &Corners) -> bool {
        *cube == Corners::SOLVED
    }
}

/// Every move is undone by its inverse.
impl Reversible for PocketCube {}

impl PerfectHash for PocketCube {
    fn size(&self) -> u64 {
        Self::parts().size(factorial(MOVING.len()))
    }

    /// `cube` must have its DBL corner at home, untwisted.
    fn rank(&self, cube: &Corners) -> u64 {
        let cubies = MOVING.map(|position| packed(cube.cubie[position]));
        let twists = MOVING.map(|position| cube.twist[position]);
        Self::parts().rank(rank_permutation(&cubies), rank_orientation(&twists, 3))
    }

    fn unrank(&self, rank: u64) -> Corners {
        let (mut cubies, mut twists) = ([0; 7], [0; 7]);
        let (permutation, orientation) = Self::parts().unrank(rank);
        unrank_permutation(permutation, &mut cubies);
        unrank_orientation(orientation, 3, 0, &mut twists);
        let mut cube = Corners::SOLVED;
        for (k, &position) in MOVING.iter().enumerate() {
            cube.cubie[position] = if usize::from(cubies[k]) >= DBL {
                cubies[k] + 1
            } else {
                cubies[k]
            };
            cube.twist[position] = twists[k];
        }
        cube
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_quarter_turns_of_any_face_are_none() {
        for face in Face::ALL {
            let mut cube = Corners::SOLVED.turned(Move { face, quarters: 1 });
            assert_ne!(cube, Corners::SOLVED);
            cube = cube.turned(Move { face, quarters: 3 });
            assert_eq!(cube, Corners::SOLVED);
        }
    }

    #[test]
    fn six_sexy_moves_are_none() {
        let (r, u) = (
            Move {
                face: Face::R,
                quarters: 1,
            },
            Move {
                face: Face::U,
                quarters: 1,
            },
        );
        let sexy = |cube: Corners| {
            cube.turned(r)
                .turned(u)
                .turned(r.inverse())
                .turned(u.inverse())
        };
        assert_ne!(sexy(Corners::SOLVED), Corners::SOLVED);
        assert_eq!(
            (0..6).fold(Corners::SOLVED, |cube, _| sexy(cube)),
            Corners::SOLVED
        );
    }

    #[test]
    fn ranks_round_trip() {
        let space = PocketCube::default();
        assert_eq!(space.size(), 3_674_160);
        assert_eq!(space.rank(&Corners::SOLVED), 0);
        for rank in (0..space.size()).step_by(997) {
            assert_eq!(space.rank(&space.unrank(rank)), rank);
        }
    }
}
