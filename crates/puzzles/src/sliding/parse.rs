//! Judge input: the Eight puzzle's nine tokens per case (HDU 1043, POJ 1077), and one board per
//! line for any size.

use std::cell::Cell;

use crate::input::{Input, ParseError, Source, cases, quoted};

use super::board::{Board, BoardError, Shape};

/// The cells of an Eight puzzle board.
const EIGHT_CELLS: usize = 9;

/// The cases of an Eight puzzle input: nine tokens each, `1`–`8` and `x` (the blank), row by
/// row, separated by any white space, read to the end of the input.
///
/// After the first bad case the iterator yields its error and ends.
///
/// ```
/// use statespace_puzzles::sliding::parse_eight;
/// let mut cases = parse_eight("2 3 4 1 5 x 7 6 8\n1 2 3\n4 5 6\n7 8 x\n1 2 3");
/// assert_eq!(cases.next().unwrap().unwrap().tiles(), [2, 3, 4, 1, 5, 0, 7, 6, 8]);
/// assert!(cases.next().unwrap().unwrap().is_solved());
/// assert_eq!(
///     cases.next().unwrap().unwrap_err().to_string(),
///     "line 5: the last case has only 3 of 9 tiles"
/// );
/// assert!(cases.next().is_none());
/// ```
pub fn parse_eight(text: &str) -> impl Iterator<Item = Result<Board, ParseError>> + '_ {
    cases(Input::new(text.as_bytes()), read_eight)
}

/// The next Eight case of `input`; `None` at its end.
pub fn read_eight(input: &mut Input<impl Source>) -> Result<Option<Board>, ParseError> {
    let Some(first) = input.token()? else {
        return Ok(None);
    };
    let first_line = first.line;
    let mut tiles = Vec::with_capacity(EIGHT_CELLS);
    let mut seen = [false; EIGHT_CELLS];
    let mut token = first;
    loop {
        let line = token.line;
        let tile = match token.text {
            "x" => 0,
            text => match text.parse::<u16>() {
                Ok(tile @ 1..=8) => tile,
                _ => {
                    return Err(ParseError::new(
                        line,
                        format!("unexpected {}: the tiles are 1 to 8 and x", quoted(text)),
                    ));
                }
            },
        };
        if std::mem::replace(&mut seen[usize::from(tile)], true) {
            let name = if tile == 0 {
                "x".to_string()
            } else {
                tile.to_string()
            };
            let case = if first_line == line {
                "in one case".to_string()
            } else {
                format!("in the case that starts on line {first_line}")
            };
            return Err(ParseError::new(
                line,
                format!("{name} appears twice {case}"),
            ));
        }
        tiles.push(tile);
        if tiles.len() == EIGHT_CELLS {
            let shape = Shape::new(3, 3).expect("3x3 is a shape");
            return Ok(Some(Board::new(shape, tiles).expect("nine distinct tiles")));
        }
        token = input.token()?.ok_or_else(|| {
            ParseError::new(
                line,
                format!(
                    "the last case has only {} of {EIGHT_CELLS} tiles",
                    tiles.len()
                ),
            )
        })?;
    }
}

/// The boards of a sliding-puzzle input: one board per line, its tiles row by row, `0` or `x`
/// for the blank; blank lines are skipped. Every board has the shape `shape` when given, else
/// that of the last `size RxC` line before it (as `gen` writes for boards that are not square),
/// and otherwise is the square its number of tiles makes.
///
/// After the first bad board the iterator yields its error and ends.
///
/// ```
/// use statespace_puzzles::sliding::{Shape, parse_boards};
/// let boards: Vec<_> = parse_boards("1 2 3 x\n\n1 2 3 4 5 0\n", None).collect();
/// assert!(boards[0].as_ref().unwrap().is_solved());
/// assert_eq!(
///     boards[1].as_ref().unwrap_err().to_string(),
///     "line 3: 6 numbers do not make a square board: give its size, such as 2x3"
/// );
/// let wide = Shape::new(2, 3).unwrap();
/// assert!(parse_boards("1 2 3 4 5 0", Some(wide)).next().unwrap().unwrap().is_solved());
/// assert!(parse_boards("size 2x3\n1 2 3 4 5 0", None).next().unwrap().unwrap().is_solved());
/// ```
pub fn parse_boards(
    text: &str,
    shape: Option<Shape>,
) -> impl Iterator<Item = Result<Board, ParseError>> + '_ {
    let declared = Cell::new(None);
    cases(Input::new(text.as_bytes()), move |input| {
        read_board(input, shape, &declared)
    })
}

/// The next board of `input`: its next non-blank line that is not a `size RxC` line, of
/// `shape` when given, else of the size `declared` by the last `size` line (which this updates),
/// else square; `None` at the end of the input. A `size` line that contradicts `shape` is an
/// error.
pub fn read_board(
    input: &mut Input<impl Source>,
    shape: Option<Shape>,
    declared: &Cell<Option<Shape>>,
) -> Result<Option<Board>, ParseError> {
    while let Some((number, line)) = input.line()? {
        let line = line.trim();
        let read = match line.strip_prefix("size") {
            _ if line.is_empty() => continue,
            Some(size) => size_line(size, shape).map(|size| declared.set(Some(size))),
            None => {
                return board_line(line, shape.or(declared.get()))
                    .map(Some)
                    .map_err(|message| ParseError::new(number, message));
            }
        };
        read.map_err(|message| ParseError::new(number, message))?;
    }
    Ok(None)
}

/// The size of a `size RxC` line (`text` after the word), which must agree with `shape` when
/// given.
fn size_line(text: &str, shape: Option<Shape>) -> Result<Shape, String> {
    let size = text
        .trim()
        .parse::<Shape>()
        .map_err(|_| format!("{} is not a size: RxC, such as 3x4", quoted(text.trim())))?;
    match shape {
        Some(shape) if shape != size => Err(format!(
            "the input says size {size}, but the options say {shape}"
        )),
        _ => Ok(size),
    }
}

/// One line of a sliding-puzzle input.
fn board_line(line: &str, shape: Option<Shape>) -> Result<Board, String> {
    let numbers = line
        .split_whitespace()
        .map(|token| match token {
            "x" | "X" => Ok(0),
            _ => token.parse::<usize>().map_err(|_| {
                format!(
                    "{} is not a tile number (0 or x for the blank)",
                    quoted(token)
                )
            }),
        })
        .collect::<Result<Vec<usize>, String>>()?;
    let count = numbers.len();
    let shape = match shape {
        Some(shape) => shape,
        None => Shape::square(count).ok_or_else(|| {
            format!("{count} numbers do not make a square board: give its size, such as 2x3")
        })?,
    };
    let cells = shape.cells();
    if count != cells {
        return Err(format!("{count} numbers, but a {shape} board has {cells}"));
    }
    if let Some(&tile) = numbers.iter().find(|&&tile| tile >= cells) {
        return Err(BoardError::OutOfRange { tile, cells }.to_string());
    }
    let tiles = numbers.into_iter().map(|tile| tile as u16).collect();
    Board::new(shape, tiles).map_err(|error| match error {
        BoardError::Repeated(0) => "the blank appears twice".to_string(),
        other => other.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn errors(cases: impl Iterator<Item = Result<Board, ParseError>>) -> Vec<String> {
        cases
            .map(|case| case.map_or_else(|e| e.to_string(), |b| format!("{:?}", b.tiles())))
            .collect()
    }

    #[test]
    fn eight_reads_any_white_space() {
        let text = "2  3\t4\n1 5 x\n\n7 6 8 1 2 3 4 5 6 7 8 x";
        assert_eq!(
            errors(parse_eight(text)),
            ["[2, 3, 4, 1, 5, 0, 7, 6, 8]", "[1, 2, 3, 4, 5, 6, 7, 8, 0]"]
        );
        assert!(parse_eight(" \n ").next().is_none());
    }

    #[test]
    fn eight_names_bad_cases() {
        assert_eq!(
            errors(parse_eight("1 2 3 4 5 6 7 8 x\n1 2 3 4 5 6 7 9 x")),
            [
                "[1, 2, 3, 4, 5, 6, 7, 8, 0]",
                "line 2: unexpected \"9\": the tiles are 1 to 8 and x"
            ]
        );
        // A missing token: the next case's first token completes this one, twice.
        assert_eq!(
            errors(parse_eight("1 2 3 4 5 6 7 x\n1 2 3 4 5 6 7 8 x")),
            ["line 2: 1 appears twice in the case that starts on line 1"]
        );
        assert_eq!(
            errors(parse_eight("x 2 3 4 5 6 7 8 x")),
            ["line 1: x appears twice in one case"]
        );
        assert_eq!(
            errors(parse_eight("1 2 3 4 5 6 7 8 x 1")),
            [
                "[1, 2, 3, 4, 5, 6, 7, 8, 0]",
                "line 1: the last case has only 1 of 9 tiles"
            ]
        );
    }

    #[test]
    fn boards_name_bad_lines() {
        let shape = Shape::new(2, 2).ok();
        assert_eq!(
            errors(parse_boards("1 2 3 0\n1 2 0", shape)),
            ["[1, 2, 3, 0]", "line 2: 3 numbers, but a 2x2 board has 4"]
        );
        assert_eq!(
            errors(parse_boards("1 2 3 4", shape)),
            ["line 1: tile 4 is out of range 0..4"]
        );
        assert_eq!(
            errors(parse_boards("1 x 3 0", shape)),
            ["line 1: the blank appears twice"]
        );
        assert_eq!(
            errors(parse_boards("1 2 2 0", shape)),
            ["line 1: tile 2 appears twice"]
        );
        assert_eq!(
            errors(parse_boards("1 2 - 0", shape)),
            ["line 1: \"-\" is not a tile number (0 or x for the blank)"]
        );
    }

    #[test]
    fn size_lines_set_the_size_of_the_boards_after_them() {
        assert_eq!(
            errors(parse_boards(
                "size 1x3\n1 2 0\n\nsize 2x2\n1 2 3 0\n1 2 0",
                None
            )),
            [
                "[1, 2, 0]",
                "[1, 2, 3, 0]",
                "line 6: 3 numbers, but a 2x2 board has 4"
            ]
        );
        let shape = Shape::new(1, 3).ok();
        assert_eq!(
            errors(parse_boards("size 1x3\n1 2 0\nsize 3x1\n1 2 0", shape)),
            [
                "[1, 2, 0]",
                "line 3: the input says size 3x1, but the options say 1x3"
            ]
        );
        assert_eq!(
            errors(parse_boards("size 3y4\n", None)),
            ["line 1: \"3y4\" is not a size: RxC, such as 3x4"]
        );
    }
}
