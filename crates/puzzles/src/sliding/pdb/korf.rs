//! The line format of the field's benchmark files (Korf's 15-puzzle instances, Korf and
//! Felner's 24-puzzle instances): `id`, the tiles row by row (0 for the blank), and optionally
//! the optimal solution length. Lines starting with `#` are comments.

use crate::input::{Input, ParseError, Source, cases, quoted};
use crate::sliding::Shape;

use super::board::Geometry;
use crate::sliding::Board;

/// One benchmark instance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Instance {
    /// The instance's name in the file.
    pub id: String,
    /// The start (its shape is the board's size).
    pub board: Board,
    /// The optimal length recorded in the file, if any.
    pub optimal: Option<u32>,
}

/// The instances of `text`, one per non-comment line, until the first malformed one. Without
/// `geometry` the board is square, its size inferred from the number of numbers on the line.
pub fn parse_instances(
    text: &str,
    geometry: Option<Geometry>,
) -> impl Iterator<Item = Result<Instance, ParseError>> + '_ {
    cases(Input::new(text.as_bytes()), move |input| {
        read_instance(input, geometry)
    })
}

/// The instance on the next line of `input` that is neither blank nor a comment; `None` at the
/// end of the input.
pub fn read_instance(
    input: &mut Input<impl Source>,
    geometry: Option<Geometry>,
) -> Result<Option<Instance>, ParseError> {
    while let Some((number, line)) = input.line()? {
        let line = line.trim();
        if !line.is_empty() && !line.starts_with('#') {
            return parse_line(number, line, geometry).map(Some);
        }
    }
    Ok(None)
}

fn parse_line(
    number: usize,
    line: &str,
    geometry: Option<Geometry>,
) -> Result<Instance, ParseError> {
    let error = |message: String| ParseError::new(number, message);
    let words: Vec<&str> = line.split_ascii_whitespace().collect();
    let numbers = words.len() - 1;
    let geometry = match geometry {
        Some(geometry) => geometry,
        None => square_with(numbers.saturating_sub(1))
            .or_else(|| square_with(numbers))
            .ok_or_else(|| {
                error(format!(
                    "{numbers} numbers after the id: not a square board's tiles, with or without a length"
                ))
            })?,
    };
    let cells = geometry.cells();
    if numbers != cells && numbers != cells + 1 {
        return Err(error(format!(
            "{numbers} numbers after the id, expected {cells} tiles and maybe a length"
        )));
    }
    let mut tiles = Vec::with_capacity(cells);
    for word in &words[1..=cells] {
        let tile = word
            .parse::<u16>()
            .ok()
            .filter(|&tile| usize::from(tile) < cells)
            .ok_or_else(|| {
                error(format!(
                    "{} is not a tile of 0 to {}",
                    quoted(word),
                    cells - 1
                ))
            })?;
        tiles.push(tile);
    }
    let board = Board::new(geometry.shape(), tiles)
        .map_err(|_| error("the tiles repeat: every tile must appear once".to_string()))?;
    let optimal = match words.get(cells + 1) {
        Some(word) => Some(
            word.parse::<u32>()
                .map_err(|_| error(format!("{} is not a solution length", quoted(word))))?,
        ),
        None => None,
    };
    Ok(Instance {
        id: words[0].to_string(),
        board,
        optimal,
    })
}

/// The square board of `cells` cells, if it has a geometry (2 to 32 cells).
fn square_with(cells: usize) -> Option<Geometry> {
    Shape::square(cells).and_then(|shape| Geometry::new(shape.rows(), shape.cols()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_ids_tiles_and_optional_lengths() {
        let text = "# Korf 1985\n1 14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3 57\n\nx 1 0 2 3\n";
        let instances: Vec<_> = parse_instances(text, None).collect();
        let first = instances[0].as_ref().unwrap();
        assert_eq!(first.id, "1");
        assert_eq!(first.board.shape(), Shape::new(4, 4).unwrap());
        assert_eq!(first.board.tiles()[0], 14);
        assert_eq!(first.optimal, Some(57));
        let second = instances[1].as_ref().unwrap();
        assert_eq!(second.board.shape(), Shape::new(2, 2).unwrap());
        assert_eq!(second.optimal, None);
    }

    #[test]
    fn stops_at_the_first_bad_line_with_its_number() {
        let text = "a 1 0 2 3\nb 1 1 2 3\nc 1 0 2 3\n";
        let instances: Vec<_> = parse_instances(text, None).collect();
        assert_eq!(instances.len(), 2);
        assert_eq!(
            instances[1].as_ref().unwrap_err().to_string(),
            "line 2: the tiles repeat: every tile must appear once"
        );
        let wrong = parse_instances("z 1 2 3 4 5 6", None).next().unwrap();
        assert_eq!(wrong.unwrap_err().line, 1);
        let size = Geometry::new(2, 3);
        let bad_tile = parse_instances("q 0 1 2 3 4 9", size).next().unwrap();
        assert_eq!(
            bad_tile.unwrap_err().message,
            "\"9\" is not a tile of 0 to 5"
        );
    }
}
