//! A case: a 3×3×3 as cubies, or a 2×2×2 as given (its facelets' colours) and the same cube
//! seen with its DBL corner at home, the position the solver searches.

use super::cubie::{Corners, Face, Move};
use super::facelets::{FaceletError, Facelets};
use super::rubik::Rubik;

/// A cube of either size, as read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CubeCase {
    /// A 2×2×2.
    Two(Cube),
    /// A 3×3×3.
    Three(Rubik),
}

impl CubeCase {
    /// The cube after `turn` (a U, R or F turn for a 2×2×2).
    pub fn turned(&self, turn: Move) -> CubeCase {
        match self {
            CubeCase::Two(cube) => CubeCase::Two(cube.turned(turn)),
            CubeCase::Three(cube) => CubeCase::Three(cube.turned(turn)),
        }
    }

    /// Its facelets' letters in Kociemba's order, and the cubies on an edge.
    pub fn facelets(&self) -> (String, usize) {
        match self {
            CubeCase::Two(cube) => (cube.facelets().letters(), 2),
            CubeCase::Three(cube) => (cube.facelets(), 3),
        }
    }
}

/// A 2×2×2 as given, and as the solver sees it.
///
/// A 2×2×2 has no centres to say which colour belongs where, so the corner at DBL names the
/// colours: its D, B and L facelets' colours are taken for those faces', their opposites for U,
/// F and R (a whole-cube turn that brings it home, untwisted). The cube is then solved by U, R
/// and F turns alone, which leave DBL in place, in the frame it was given in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cube {
    /// What colour each face has once solved.
    colours: [Face; 6],
    /// The cubies, named by the faces they have once solved; DBL home.
    corners: Corners,
}

impl Cube {
    /// The solved cube in the standard colours.
    pub const SOLVED: Cube = Cube {
        colours: Face::ALL,
        corners: Corners::SOLVED,
    };

    /// The cube whose facelets are `facelets`, or why no cube has them.
    pub fn from_facelets(facelets: &Facelets) -> Result<Cube, FaceletError> {
        facelets.corners()?;
        let colours = facelets.scheme();
        let mut named = Face::ALL;
        for (face, colour) in Face::ALL.into_iter().zip(colours) {
            named[colour as usize] = face;
        }
        let corners = facelets.painted(&named).corners()?;
        Ok(Cube { colours, corners })
    }

    /// The cube `scramble` makes of the solved one (any faces' turns).
    pub fn scrambled(scramble: &[Move]) -> Cube {
        let corners = scramble
            .iter()
            .fold(Corners::SOLVED, |cube, &turn| cube.turned(turn));
        Cube::from_facelets(&Facelets::of(&corners)).expect("turns of the solved cube leave a cube")
    }

    /// The cubies as the solver sees them (DBL home, untwisted).
    pub fn corners(&self) -> Corners {
        self.corners
    }

    /// The cube after `turn`, a U, R or F turn.
    pub fn turned(&self, turn: Move) -> Cube {
        Cube {
            corners: self.corners.turned(turn),
            ..*self
        }
    }

    /// Its facelets in the colours it was given in.
    pub fn facelets(&self) -> Facelets {
        Facelets::of(&self.corners).painted(&self.colours)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cube_turned_whole_is_seen_with_dbl_home() {
        // The solved cube turned a quarter about the U-D axis (y): every face one colour.
        let turned = Facelets::parse("UUUUBBBBRRRRDDDDFFFFLLLL").unwrap();
        let cube = Cube::from_facelets(&turned).unwrap();
        assert_eq!(cube.corners(), Corners::SOLVED);
        assert_eq!(cube.facelets(), turned);
    }

    #[test]
    fn a_d_turn_is_an_u_turn_of_the_cube_turned_whole() {
        let d = Cube::scrambled(&[Move {
            face: Face::D,
            quarters: 1,
        }]);
        let u = Move {
            face: Face::U,
            quarters: 3,
        };
        assert_eq!(d.turned(u).corners(), Corners::SOLVED);
    }
}
