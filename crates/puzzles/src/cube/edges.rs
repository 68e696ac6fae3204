//! The edges of a 3×3×3 as cubies (which edge sits where, flipped or not) and what the face turns
//! do to them, in Kociemba's numbering.

use super::cubie::{Move, compose};

/// The edge positions in Kociemba's order, each named by its faces (U or D first, else F or B).
pub const EDGE_NAMES: [&str; EDGES] = [
    "UR", "UF", "UL", "UB", "DR", "DF", "DL", "DB", "FR", "FL", "BL", "BR",
];
/// Edges on a cube.
pub const EDGES: usize = 12;

/// The edges: `cubie[i]` is the edge cubie at position `i`, `flip[i]` whether it is flipped (1)
/// or not (0) there, as Kociemba counts it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Edges {
    /// The cubie at each position.
    pub cubie: [u8; EDGES],
    /// The flip of each position's cubie, 0 or 1.
    pub flip: [u8; EDGES],
}

impl Edges {
    /// The solved cube.
    pub const SOLVED: Edges = Edges {
        cubie: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
        flip: [0; EDGES],
    };

    /// This cube, then the permutation `next` applied to it (Kociemba's multiplication).
    pub const fn then(&self, next: &Edges) -> Edges {
        let (cubie, flip) = compose((&self.cubie, &self.flip), (&next.cubie, &next.flip), 2);
        Edges { cubie, flip }
    }

    /// The cube after `turn`.
    pub fn turned(&self, turn: Move) -> Edges {
        self.then(&TURNS[turn.face as usize][usize::from(turn.quarters % 4)])
    }
}

/// Each face's turns by none to three quarters, from its quarter turn.
const TURNS: [[Edges; 4]; 6] = {
    let mut turns = [[Edges::SOLVED; 4]; 6];
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

/// What a clockwise quarter turn of each face does to the edges (Kociemba's cubie tables): only
/// F and B turns flip edges.
const QUARTER_TURNS: [Edges; 6] = [
    Edges {
        cubie: [3, 0, 1, 2, 4, 5, 6, 7, 8, 9, 10, 11],
        flip: [0; EDGES],
    },
    Edges {
        cubie: [8, 1, 2, 3, 11, 5, 6, 7, 4, 9, 10, 0],
        flip: [0; EDGES],
    },
    Edges {
        cubie: [0, 9, 2, 3, 4, 8, 6, 7, 1, 5, 10, 11],
        flip: [0, 1, 0, 0, 0, 1, 0, 0, 1, 1, 0, 0],
    },
    Edges {
        cubie: [0, 1, 2, 3, 5, 6, 7, 4, 8, 9, 10, 11],
        flip: [0; EDGES],
    },
    Edges {
        cubie: [0, 1, 10, 3, 4, 5, 9, 7, 8, 2, 6, 11],
        flip: [0; EDGES],
    },
    Edges {
        cubie: [0, 1, 2, 11, 4, 5, 6, 10, 8, 9, 3, 7],
        flip: [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1, 1],
    },
];
