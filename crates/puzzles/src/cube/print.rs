//! Writing cubes and answers: the moves of a solution (`R U2 F'`), a cube as its 24 facelets
//! (the input format), and a cube drawn as the standard net.

use std::fmt;

use serde::{Serialize, Serializer};

use crate::puzzle::Step;

use super::board::{Cube, CubeCase};
use super::cubie::Move;
use super::solve::Answer;

/// The moves separated by spaces, `R U2 F'`.
pub fn moves_text(moves: &[Move]) -> String {
    let names: Vec<String> = moves.iter().map(ToString::to_string).collect();
    names.join(" ")
}

/// In `--json`, as every puzzle's answer: `moves`, their names (`R`, `U2`, `F'`), or `null` when
/// no answer fits the length asked for; `shortest`, whether no shorter one exists.
impl Serialize for Answer {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Shown {
            moves: Option<Vec<String>>,
            shortest: bool,
        }
        Shown {
            moves: self
                .moves
                .as_ref()
                .map(|moves| moves.iter().map(ToString::to_string).collect()),
            shortest: self.shortest,
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
    net(&cube.facelets().letters(), 2)
}

/// A cube of either size drawn as [`draw`] draws a 2×2×2.
pub fn draw_case(cube: &CubeCase) -> String {
    let (letters, size) = cube.facelets();
    net(&letters, size)
}

/// The net of the `6 × size²` facelets `letters` in Kociemba's order.
fn net(letters: &str, size: usize) -> String {
    let letters: Vec<char> = letters.chars().collect();
    let area = size * size;
    // A face's row as letters; faces in Kociemba's order U R F D L B.
    let row = |face: usize, row: usize| -> String {
        letters[area * face + size * row..area * face + size * (row + 1)]
            .iter()
            .collect()
    };
    let indent = " ".repeat(size);
    let mut text = String::new();
    for r in 0..size {
        text.push_str(&format!("{indent}{}\n", row(0, r)));
    }
    for r in 0..size {
        let sides: String = [4, 2, 1, 5].iter().map(|&face| row(face, r)).collect();
        text.push_str(&sides);
        text.push('\n');
    }
    for r in 0..size {
        text.push_str(&format!("{indent}{}\n", row(3, r)));
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
pub fn steps(start: &CubeCase, moves: &[Move]) -> Vec<Step> {
    let mut cube = *start;
    let after = moves.iter().enumerate().map(|(index, &turn)| {
        cube = cube.turned(turn);
        Step::after(index + 1, turn, draw_case(&cube))
    });
    std::iter::once(Step::start(draw_case(start)))
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
        assert_eq!(
            draw_case(&CubeCase::Three(super::super::rubik::Rubik::SOLVED)),
            "   UUU\n   UUU\n   UUU\nLLLFFFRRRBBB\nLLLFFFRRRBBB\nLLLFFFRRRBBB\n   DDD\n   DDD\n   DDD\n"
        );
    }
}
