//! Reading cubes, one a line: 24 facelet letters, or a scramble of the solved cube.

use crate::input::{Input, ParseError, Source, quoted};

use super::board::Cube;
use super::cubie::{Face, Move};
use super::facelets::Facelets;

/// The next cube of `input` (blank lines skipped); `None` at the end.
pub fn read_cube(input: &mut Input<impl Source>) -> Result<Option<Cube>, ParseError> {
    while let Some((line, text)) = input.line()? {
        if !text.trim().is_empty() {
            return parse_cube(text)
                .map(Some)
                .map_err(|message| ParseError::new(line, message));
        }
    }
    Ok(None)
}

/// The cube a line describes: a scramble when a word is a single letter or ends in `2`, `'` or
/// `-` (`R U2 F'`); otherwise the facelets' letters (in groups separated by spaces or not).
pub fn parse_cube(text: &str) -> Result<Cube, String> {
    let is_scramble = text
        .split_whitespace()
        .any(|word| word.chars().count() == 1 || word.ends_with(['2', '\'', '-']));
    if is_scramble {
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
            parse_cube("UR").unwrap_err(),
            "2 letters: a 2x2x2 has 24 facelets"
        );
    }
}
