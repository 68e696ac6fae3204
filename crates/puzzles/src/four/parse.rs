//! Reading boards: `B`, `W` and `O` cells in reading order, white space ignored, every sixteen
//! cells a board.

use crate::input::{Input, ParseError, Source, cases};

use super::board::{Board, CELLS, Cell};

/// The boards of `text`, one item per sixteen cells. Iteration ends after the first error:
/// a character other than `B`, `W`, `O` and white space, a board cut short by the end of the
/// input, or a board without an empty cell.
pub fn parse(text: &str) -> impl Iterator<Item = Result<Board, ParseError>> + '_ {
    let mut number = 0;
    cases(Input::new(text.as_bytes()), move |input| {
        number += 1;
        read_board(input, number)
    })
}

/// The next board of `input`, board number `number`, or `None` at the end of the input.
pub fn read_board(
    input: &mut Input<impl Source>,
    number: usize,
) -> Result<Option<Board>, ParseError> {
    let mut cells = [Cell::Empty; CELLS];
    let mut first_line = 0;
    let mut last_line = 0;
    for (index, slot) in cells.iter_mut().enumerate() {
        let Some((letter, line)) = input.visible_char()? else {
            if index == 0 {
                return Ok(None);
            }
            return Err(ParseError::new(
                last_line,
                format!("board {number} is cut short: {index} of its {CELLS} cells"),
            ));
        };
        if index == 0 {
            first_line = line;
        }
        last_line = line;
        *slot = Cell::from_letter(letter).ok_or_else(|| {
            ParseError::new(line, format!("unexpected {letter:?}: cells are B, W or O"))
        })?;
    }
    let board = Board::from_cells(&cells);
    if board.counts().empty == 0 {
        return Err(ParseError::new(
            first_line,
            format!("board {number} has no empty cell (O)"),
        ));
    }
    Ok(Some(board))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn errors(text: &str) -> Vec<String> {
        parse(text)
            .filter_map(|board| board.err().map(|error| error.to_string()))
            .collect()
    }

    #[test]
    fn boards_follow_each_other_with_any_white_space() {
        let boards: Vec<Board> = parse("BWBO \r\nWBWB\nBWBW\nWBWO\n\nOOBW BWBW\tWBWB BWBW")
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(boards.len(), 2);
        assert_eq!(boards[0].counts().empty, 2);
        assert_eq!(boards[1].cell(0), Cell::Empty);
    }

    #[test]
    fn empty_input_has_no_board() {
        assert_eq!(parse(" \n\n").count(), 0);
    }

    #[test]
    fn bad_characters_name_their_line() {
        assert_eq!(
            errors("BWBO\nWBWB\nBWBW\nWBWO\nBWBO\nWBXB\n"),
            ["line 6: unexpected 'X': cells are B, W or O"]
        );
        assert_eq!(
            errors("bwbo"),
            ["line 1: unexpected 'b': cells are B, W or O"]
        );
    }

    #[test]
    fn a_short_board_is_reported_at_its_last_cell() {
        assert_eq!(
            errors("BWBO\nWBWB\nBWBW\nWBWO\nBWBO\nWB\n\n"),
            ["line 6: board 2 is cut short: 6 of its 16 cells"]
        );
    }

    #[test]
    fn a_full_board_is_reported_at_its_first_line() {
        assert_eq!(
            errors("\nBWBW\nWBWB\nBWBW\nWBWB\n"),
            ["line 2: board 1 has no empty cell (O)"]
        );
    }

    #[test]
    fn nothing_follows_an_error() {
        let items: Vec<_> = parse("BWBW WBWB BWBW WBWB BWBO WBWB BWBW WBWO").collect();
        assert_eq!(items.len(), 1);
        assert!(items[0].is_err());
    }
}
