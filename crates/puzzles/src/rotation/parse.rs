//! Reading the judges' input: boards of 24 numbers (1, 2 or 3, eight of each) separated by any
//! white space, ended by a lone `0` or by the end of the input.

use crate::input::{Input, ParseError, Source, Token, cases, quoted};

use super::board::{Board, CELLS, WrongCounts};

/// The boards of `text`, in order. A malformed board yields one error naming its line, after
/// which the iterator ends; the boards before it are yielded as usual.
///
/// ```
/// use statespace_puzzles::rotation::parse_boards;
/// let mut boards = parse_boards("1 1 1 1 3 2 3 2 3 1 3 2\n2 3 1 2 2 2 3 1 2 1 3 3\n1 2\n0\n");
/// assert!(boards.next().unwrap().is_ok());
/// let error = boards.next().unwrap().unwrap_err();
/// assert_eq!(error.to_string(), "line 3: the board starting on line 3 ends after 2 of its 24 numbers");
/// assert!(boards.next().is_none());
/// ```
pub fn parse_boards(text: &str) -> impl Iterator<Item = Result<Board, ParseError>> + '_ {
    cases(Input::new(text.as_bytes()), read_board)
}

/// The next board of `input`, or `None` at its end or at the lone `0` that ends it. A `0` among
/// a board's numbers is the end of the input: the board is cut short, an error at the line of
/// its last number.
pub fn read_board(input: &mut Input<impl Source>) -> Result<Option<Board>, ParseError> {
    let first = match input.token()? {
        None => return Ok(None),
        Some(token) if is_terminator(token.text) => return Ok(None),
        Some(token) => token,
    };
    let first_line = first.line;
    let mut digits = [0u8; CELLS];
    digits[0] = digit(first)?;
    let mut last_line = first_line;
    for (read, cell) in digits.iter_mut().enumerate().skip(1) {
        let cut_short = || {
            let message = format!(
                "the board starting on line {first_line} ends after {read} of its {CELLS} numbers"
            );
            ParseError::new(last_line, message)
        };
        let token = input.token()?.ok_or_else(cut_short)?;
        let line = token.line;
        *cell = match digit(token) {
            Ok(digit) => digit,
            Err(_) if is_terminator(token.text) => return Err(cut_short()),
            Err(error) => return Err(error),
        };
        last_line = line;
    }
    Board::from_digits(&digits)
        .map(Some)
        .map_err(|WrongCounts([ones, twos, threes])| {
            ParseError::new(
                first_line,
                format!(
                    "the board starting here has {ones} ones, {twos} twos and {threes} threes; \
                     it needs eight of each"
                ),
            )
        })
}

/// Whether a board's first token is the lone zero that ends the input.
fn is_terminator(text: &str) -> bool {
    text.parse::<u32>() == Ok(0)
}

/// The cell value a token stands for: 1, 2 or 3 (written as any integer).
fn digit(token: Token<'_>) -> Result<u8, ParseError> {
    match token.text {
        "1" => Ok(1),
        "2" => Ok(2),
        "3" => Ok(3),
        text => match text.parse::<i64>() {
            Ok(value @ 1..=3) => Ok(value as u8),
            Ok(value) => Err(ParseError::new(
                token.line,
                format!("a cell holds {value}, but cells hold only 1, 2 or 3"),
            )),
            Err(_) => Err(ParseError::new(
                token.line,
                format!("expected a number 1, 2 or 3, found {}", quoted(text)),
            )),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n\
                          1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3\n\
                          0\n";

    fn errors(text: &str) -> Vec<String> {
        parse_boards(text)
            .filter_map(Result::err)
            .map(|error| error.to_string())
            .collect()
    }

    #[test]
    fn reads_the_sample_and_stops_at_zero() {
        let boards: Vec<Board> = parse_boards(&format!("{SAMPLE}1 2 3\n"))
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(boards.len(), 2);
        assert_eq!(boards[1].digits()[8], 2);
    }

    #[test]
    fn any_white_space_separates_and_the_zero_is_optional() {
        let spread = SAMPLE
            .replace('\n', " ")
            .replace(" 0 ", "")
            .replace(' ', "\n\t ");
        assert_eq!(parse_boards(&spread).count(), 2);
        assert_eq!(parse_boards("").count(), 0);
        assert_eq!(parse_boards("  \n 0").count(), 0);
        let padded = SAMPLE.replacen("1 1 1 1 3", "+1 01 1 1 3", 1);
        assert_eq!(parse_boards(&padded).filter(Result::is_ok).count(), 2);
    }

    #[test]
    fn a_short_board_names_its_start() {
        assert_eq!(
            errors("1 1 1\n1 1\n"),
            ["line 2: the board starting on line 1 ends after 5 of its 24 numbers"]
        );
    }

    #[test]
    fn bad_numbers_and_garbage_name_their_line() {
        let four = SAMPLE.replacen("3 2 3", "3 4 3", 1);
        assert_eq!(
            errors(&four),
            ["line 1: a cell holds 4, but cells hold only 1, 2 or 3"]
        );
        let garbage = SAMPLE.replacen("2 2 2 2 3", "2 2 2 2 x", 1);
        assert_eq!(
            errors(&garbage),
            ["line 2: expected a number 1, 2 or 3, found \"x\""]
        );
    }

    #[test]
    fn wrong_counts_are_an_error_after_the_good_boards() {
        let text = SAMPLE.replacen("1 1 1 1 1 1 1 1 2", "1 1 1 1 1 1 1 1 1", 1);
        let results: Vec<_> = parse_boards(&text).collect();
        assert_eq!(results.len(), 2);
        assert!(results[0].is_ok());
        assert_eq!(
            results[1].as_ref().unwrap_err().to_string(),
            "line 2: the board starting here has 9 ones, 7 twos and 8 threes; it needs eight of each"
        );
    }
}
