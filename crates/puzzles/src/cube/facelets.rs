//! The cube as 24 coloured facelets in Kociemba's order (U, R, F, D, L, B faces, each face's
//! four stickers in reading order as the standard net shows them), checked and turned into
//! cubies.
//!
//! ```text
//!       U1 U2
//!       U3 U4
//! L1 L2 F1 F2 R1 R2 B1 B2
//! L3 L4 F3 F4 R3 R4 B3 B4
//!       D1 D2
//!       D3 D4
//! ```

use thiserror::Error;

use super::cubie::{CORNER_NAMES, CORNERS, Corners, DBL, Face, corner_colours};

/// Facelets on a 2×2×2.
pub const FACELETS: usize = 24;

/// The facelets of each corner position, its U or D facelet first, then clockwise.
const CORNER_FACELETS: [[usize; 3]; CORNERS] = [
    [3, 4, 9],
    [2, 8, 17],
    [0, 16, 21],
    [1, 20, 5],
    [13, 11, 6],
    [12, 19, 10],
    [14, 23, 18],
    [15, 7, 22],
];

/// What makes a line of facelets no cube's.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum FaceletError {
    /// Not as many letters as the cube has facelets (`6 × size²`).
    #[error("{letters} letters: a {size}x{size}x{size} has {} facelets", 6 * size * size)]
    Count {
        /// The letters found.
        letters: usize,
        /// Cubies on an edge of the cube.
        size: usize,
    },
    /// A letter that names no face.
    #[error("{letter:?} (facelet {number}) is not a colour: the colours are U, R, F, D, L and B")]
    Letter {
        /// The letter.
        letter: char,
        /// Its place, from 1.
        number: usize,
    },
    /// A colour on more or fewer facelets than a face has.
    #[error("colour {colour} is on {count} facelets, not {face}")]
    ColourCount {
        /// The colour's letter.
        colour: char,
        /// Its facelets.
        count: usize,
        /// The facelets of a face.
        face: usize,
    },
    /// A face's centre not of its face's colour (the 3×3×3's centres name the faces).
    #[error(
        "the centre of face {face} is {colour}, not {face}: the centres are U, R, F, D, L, B in that order"
    )]
    Centre {
        /// The face.
        face: char,
        /// Its centre's colour.
        colour: char,
    },
    /// Three colours that no corner has, in that order.
    #[error("the corner at {position} has colours {colours}, which no cube has")]
    NoSuchCorner {
        /// The position, as URF.
        position: &'static str,
        /// Its colours, its U or D facelet's first, then clockwise.
        colours: String,
    },
    /// Two colours that no edge has, in that order.
    #[error("the edge at {position} has colours {colours}, which no cube has")]
    NoSuchEdge {
        /// The position, as UR.
        position: &'static str,
        /// Its colours, in the order of the position's name.
        colours: String,
    },
    /// The same corner or edge twice.
    #[error("the {kind} {name} is there twice")]
    Twice {
        /// `corner` or `edge`.
        kind: &'static str,
        /// Its name, as URF.
        name: &'static str,
    },
    /// A corner twisted in place: the twists do not sum to 0 mod 3.
    #[error("a twisted corner: the corners' twists sum to {0} mod 3, not 0")]
    Twisted(u8),
    /// An edge flipped in place: the flips do not sum to 0 mod 2.
    #[error("a flipped edge: the edges' flips sum to 1 mod 2, not 0")]
    Flipped,
    /// Two pieces swapped: the corners' and the edges' permutations differ in parity.
    #[error(
        "an odd permutation: two pieces swapped (the corners' permutation is {corners}, the edges' {edges})"
    )]
    OddPermutation {
        /// `even` or `odd`.
        corners: &'static str,
        /// `even` or `odd`.
        edges: &'static str,
    },
}

/// The 24 facelets' colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Facelets(pub [Face; FACELETS]);

impl Facelets {
    /// The facelets of `letters` (white space between them ignored), if it names 24 colours,
    /// each four times.
    pub fn parse(letters: &str) -> Result<Facelets, FaceletError> {
        Ok(Facelets(colours(letters, 2)?))
    }

    /// The facelets of `cube`, each colour that of its face when solved.
    pub fn of(cube: &Corners) -> Facelets {
        let mut faces = [Face::U; FACELETS];
        paint_corners(&mut faces, &CORNER_FACELETS, cube);
        Facelets(faces)
    }

    /// The cubies these facelets show, or why no cube shows them.
    pub fn corners(&self) -> Result<Corners, FaceletError> {
        let corners = read_corners(&self.0, &CORNER_FACELETS)?;
        check_twists(&corners)?;
        Ok(corners)
    }

    /// The colours as a whole-cube turn brings the corner at DBL home: `colours[face]` is the
    /// colour that face has once solved. The corner at DBL shows the colours of D, B and L on
    /// its D, B and L facelets; the others are their opposites. The facelets must be a cube's.
    pub fn scheme(&self) -> [Face; 6] {
        let Facelets(faces) = self;
        let [down, back, left] = CORNER_FACELETS[DBL].map(|facelet| faces[facelet]);
        let mut colours = [Face::U; 6];
        for (face, colour) in [(Face::D, down), (Face::B, back), (Face::L, left)] {
            colours[face as usize] = colour;
            colours[face.opposite() as usize] = colour.opposite();
        }
        colours
    }

    /// The facelets with each colour `c` painted `colours[c]`.
    pub fn painted(&self, colours: &[Face; 6]) -> Facelets {
        Facelets(self.0.map(|face| colours[face as usize]))
    }

    /// The colours as letters, in Kociemba's order.
    pub fn letters(&self) -> String {
        self.0.iter().map(|face| face.letter()).collect()
    }
}

/// The colours of `letters` (white space between them ignored), if they are the `6 × size²`
/// facelets of a cube of `size`, each colour on a face's worth of them.
pub(super) fn colours<const N: usize>(
    letters: &str,
    size: usize,
) -> Result<[Face; N], FaceletError> {
    let letters: Vec<char> = letters.chars().filter(|c| !c.is_whitespace()).collect();
    if letters.len() != N {
        return Err(FaceletError::Count {
            letters: letters.len(),
            size,
        });
    }
    let mut faces = [Face::U; N];
    for (index, (&letter, slot)) in letters.iter().zip(&mut faces).enumerate() {
        *slot = Face::from_letter(letter).ok_or(FaceletError::Letter {
            letter,
            number: index + 1,
        })?;
    }
    for colour in Face::ALL {
        let count = faces.iter().filter(|&&face| face == colour).count();
        if count != N / 6 {
            return Err(FaceletError::ColourCount {
                colour: colour.letter(),
                count,
                face: N / 6,
            });
        }
    }
    Ok(faces)
}

/// The corner cubies that `faces` show at the facelets `places` (each corner position's, its U
/// or D facelet first, then clockwise), or the first corner no cube has or that is there twice.
pub(super) fn read_corners(
    faces: &[Face],
    places: &[[usize; 3]; CORNERS],
) -> Result<Corners, FaceletError> {
    let mut cube = Corners::SOLVED;
    let mut seen = [false; CORNERS];
    for (position, facelets) in places.iter().enumerate() {
        let colours = facelets.map(|facelet| faces[facelet]);
        let no_such = || FaceletError::NoSuchCorner {
            position: CORNER_NAMES[position],
            colours: colours.iter().map(|face| face.letter()).collect(),
        };
        let twist = (0..3)
            .find(|&n| matches!(colours[n], Face::U | Face::D))
            .ok_or_else(no_such)?;
        let read = [0, 1, 2].map(|n| colours[(n + twist) % 3]);
        let cubie = (0..CORNERS)
            .find(|&cubie| corner_colours(cubie) == read)
            .ok_or_else(no_such)?;
        if std::mem::replace(&mut seen[cubie], true) {
            return Err(FaceletError::Twice {
                kind: "corner",
                name: CORNER_NAMES[cubie],
            });
        }
        cube.cubie[position] = cubie as u8;
        cube.twist[position] = twist as u8;
    }
    Ok(cube)
}

/// Colours the facelets `places` (as [`read_corners`] takes them) of `faces` as `corners` show.
pub(super) fn paint_corners(faces: &mut [Face], places: &[[usize; 3]; CORNERS], corners: &Corners) {
    for (position, facelets) in places.iter().enumerate() {
        let colours = corner_colours(usize::from(corners.cubie[position]));
        let twist = usize::from(corners.twist[position]);
        for (n, colour) in colours.into_iter().enumerate() {
            faces[facelets[(n + twist) % 3]] = colour;
        }
    }
}

/// Whether the corners' twists sum to 0 mod 3, as every cube's do.
pub(super) fn check_twists(corners: &Corners) -> Result<(), FaceletError> {
    match corners.twist.iter().sum::<u8>() % 3 {
        0 => Ok(()),
        sum => Err(FaceletError::Twisted(sum)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solved_facelets_are_each_face_in_turn() {
        let solved = Facelets::of(&Corners::SOLVED);
        assert_eq!(solved.letters(), "UUUURRRRFFFFDDDDLLLLBBBB");
        assert_eq!(solved.corners(), Ok(Corners::SOLVED));
    }

    #[test]
    fn each_fault_is_named() {
        let parse = |text: &str| Facelets::parse(text).and_then(|f| f.corners());
        assert_eq!(
            parse("UUUU"),
            Err(FaceletError::Count {
                letters: 4,
                size: 2
            })
        );
        assert_eq!(
            parse("UUUURRRRFFFFDDDDLLLLBBBX").unwrap_err().to_string(),
            "'X' (facelet 24) is not a colour: the colours are U, R, F, D, L and B"
        );
        assert_eq!(
            parse("UUUUURRRFFFFDDDDLLLLBBBB").unwrap_err().to_string(),
            "colour U is on 5 facelets, not 4"
        );
        // URF's R and F facelets swapped: its mirror image.
        assert_eq!(
            parse("UUUUFRRRFRFFDDDDLLLLBBBB").unwrap_err().to_string(),
            "the corner at URF has colours UFR, which no cube has"
        );
        // URF twisted clockwise in place.
        assert_eq!(
            parse("UUUFURRRFRFFDDDDLLLLBBBB").unwrap_err().to_string(),
            "a twisted corner: the corners' twists sum to 1 mod 3, not 0"
        );
    }
}
