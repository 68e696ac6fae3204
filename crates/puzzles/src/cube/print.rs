//! Writing cubes and answers: the moves of a solution (`R U2 F'`), a cube as its 24 facelets
//! (the input format), and a cube drawn as the standard net.

use std::fmt;

use serde::{Serialize, Serializer};

use crate::puzzle::Step;

use super::board::Cube;
use super::cubie::Move;
use super::solve::Answer;

/// The moves separated by spaces, `R U2 F'`; nothing for a solved cube.
impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<String> = self.moves.iter().map(ToString::to_string).collect();
        f.write_str(&names.join(" "))
    }
}

/// In `--json`, as every puzzle's answer: `moves`, their names (`R`, `U2`, `F'`).
impl Serialize for Answer {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Shown {
            moves: Vec<String>,
        }
        Shown {
            moves: self.moves.iter().map(ToString::to_string).collect(),
        }
        .serialize(serializer)
    }
}

/// The cube as the standard net, in the colours it was given in: U above F, then L, F, R and B
/// side by side, then D; each line ending in a line break.
///
/// ```text
///   UU
///   UU
/// LLFFRRBB
/// LLFFRRBB
///   DD
///   DD
/// ```
pub fn draw(cube: &Cube) -> String {
    let letters: Vec<char> = cube.facelets().letters().chars().collect();
    // A face's row (0 or 1) as two letters; faces in Kociemba's order U R F D L B.
    let row = |face: usize, row: usize| -> String {
        letters[4 * face + 2 * row..4 * face + 2 * row + 2]
            .iter()
            .collect()
    };
    let mut text = String::new();
    for r in 0..2 {
        text.push_str(&format!("  {}\n", row(0, r)));
    }
    for r in 0..2 {
        text.push_str(&format!(
            "{}{}{}{}\n",
            row(4, r),
            row(2, r),
            row(1, r),
            row(5, r)
        ));
    }
    for r in 0..2 {
        text.push_str(&format!("  {}\n", row(3, r)));
    }
    text
}

/// The facelets' letters, the input format.
impl fmt::Display for Cube {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.facelets().letters())
    }
}

/// The start and the cube after each of `moves`.
pub fn steps(start: &Cube, moves: &[Move]) -> Vec<Step> {
    let mut cube = *start;
    let after = moves.iter().enumerate().map(|(index, &turn)| {
        cube = cube.turned(turn);
        Step::after(index + 1, turn, draw(&cube))
    });
    std::iter::once(Step::start(draw(start)))
        .chain(after)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_net_puts_each_face_in_its_place() {
        assert_eq!(
            draw(&Cube::SOLVED),
            "  UU\n  UU\nLLFFRRBB\nLLFFRRBB\n  DD\n  DD\n"
        );
        assert_eq!(Cube::SOLVED.to_string(), "UUUURRRRFFFFDDDDLLLLBBBB");
    }
}
