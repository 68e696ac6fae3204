//! Reading cubes, one a line: facelet letters (54 for a 3×3×3, 24 for a 2×2×2), or a scramble
//! of the solved cube.

use crate::input::{Input, ParseError, Source, quoted};

use super::board::{Cube, CubeCase};
use super::cubie::{Face, Move};
use super::facelets::Facelets;
use super::rubik::Rubik;

/// The next cube of `input` (blank lines skipped), a 3×3×3 or, when `size` is 2, a 2×2×2;
/// `None` at the end.
pub fn read_case(
    input: &mut Input<impl Source>,
    size: usize,
) -> Result<Option<CubeCase>, ParseError> {
    while let Some((line, text)) = input.line()? {
        if !text.trim().is_empty() {
            let case = if size == 2 {
                parse_cube(text).map(CubeCase::Two)
            } else {
                parse_rubik(text).map(CubeCase::Three)
            };
            return case
                .map(Some)
                .map_err(|message| ParseError::new(line, message));
        }
    }
    Ok(None)
}

/// The 3×3×3 a line describes: a scramble (as [`parse_cube`] tells one) or 54 facelet letters.
pub fn parse_rubik(text: &str) -> Result<Rubik, String> {
    if is_scramble(text) {
        Ok(Rubik::scrambled(&parse_scramble(text)?))
    } else {
        Rubik::from_facelets(text).map_err(|error| error.to_string())
    }
}

/// The most characters a word of a scramble takes: a face, a width mark, a turn mark (`Rw2`).
const MOVE_CHARS: usize = 3;

/// Whether a line is a scramble rather than facelets: it holds no more letters than a move, or
/// a word is a single letter, or a word as short as a move holds more than letters (`R2`,
/// `R'`, and the mistakes `R4`, `U0`, `Rw2`). Facelet lines are letters in long groups, so a
/// short wrong word is named as a move.
fn is_scramble(text: &str) -> bool {
    let letters = text.chars().filter(|c| !c.is_whitespace()).count();
    letters < MOVE_CHARS
        || text.split_whitespace().any(|word| {
            let chars = word.chars().count();
            chars == 1 || (chars <= MOVE_CHARS && !word.chars().all(char::is_alphabetic))
        })
}

/// The cube a line describes: a scramble when it reads as one (`R U2 F'`: a word of one letter,
/// or a short word with a digit or a mark, or fewer than three letters in all); otherwise the
/// facelets' letters (in groups separated by spaces or not).
pub fn parse_cube(text: &str) -> Result<Cube, String> {
    if is_scramble(text) {
        Ok(Cube::scrambled(&parse_scramble(text)?))
    } else {
        let facelets = Facelets::parse(text).map_err(|error| error.to_string())?;
        Cube::from_facelets(&facelets).map_err(|error| error.to_string())
    }
}

/// The moves of a scramble in Singmaster's notation, separated by white space: a face letter
/// (U, R, F, D, L, B) alone for a clockwise quarter turn, with `2` for a half turn, with `'` or
/// `-` for a quarter turn back.
pub fn parse_scramble(text: &str) -> Result<Vec<Move>, String> {
    text.split_whitespace().map(parse_move).collect()
}

fn parse_move(word: &str) -> Result<Move, String> {
    let mut chars = word.chars();
    let face = chars.next().and_then(Face::from_letter);
    let quarters = match chars.as_str() {
        "" => Some(1),
        "2" => Some(2),
        "'" | "-" => Some(3),
        _ => None,
    };
    match (face, quarters) {
        (Some(face), Some(quarters)) => Ok(Move { face, quarters }),
        _ => Err(format!(
            "{} is not a move: a face (U, R, F, D, L, B) alone, with 2, or with ' or -",
            quoted(word)
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_take_either_mark_for_a_turn_back() {
        let names: Vec<String> = parse_scramble("R U2 F' D- L B2")
            .unwrap()
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(names, ["R", "U2", "F'", "D'", "L", "B2"]);
    }

    #[test]
    fn a_word_that_is_not_a_move_is_named() {
        assert_eq!(
            parse_cube("R U3").unwrap_err(),
            "\"U3\" is not a move: a face (U, R, F, D, L, B) alone, with 2, or with ' or -"
        );
        assert_eq!(
            parse_cube("R X").unwrap_err(),
            "\"X\" is not a move: a face (U, R, F, D, L, B) alone, with 2, or with ' or -"
        );
    }

    #[test]
    fn letters_in_words_are_facelets() {
        assert_eq!(
            parse_cube("UUUU RRRR FFFF DDDD LLLL BBBB"),
            Ok(Cube::SOLVED)
        );
        assert_eq!(
            parse_cube("URF").unwrap_err(),
            "3 letters: a 2x2x2 has 24 facelets"
        );
    }

    #[test]
    fn a_short_word_that_is_not_a_move_is_named_as_a_move() {
        let not_a_move = |word: &str| {
            format!(
                "\"{word}\" is not a move: a face (U, R, F, D, L, B) alone, with 2, or with ' or -"
            )
        };
        for word in ["R4", "U0", "Rw", "Rw2", "R2'", "x2", "UR", "X"] {
            assert_eq!(parse_cube(word).unwrap_err(), not_a_move(word), "{word}");
            assert_eq!(parse_rubik(word).unwrap_err(), not_a_move(word), "{word}");
        }
        assert_eq!(
            parse_rubik("R U R4").unwrap_err(),
            not_a_move("R4"),
            "the first bad word is named"
        );
    }
}
