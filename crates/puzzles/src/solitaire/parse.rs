//! Reading cases: pairs of configurations (start, then target), each a list of 1-based
//! `row column` pairs.

use crate::input::{Input, ParseError, Source, Token, cases, quoted};

use super::grid::Grid;

/// How many pieces a configuration has, which decides how the input is cut into cases.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PieceCount {
    /// Always this many: a configuration is the next `2 × k` numbers, wherever the line breaks
    /// fall (the judges' format, with `k = 4`).
    Fixed(usize),
    /// Each non-blank line is one configuration of any number of pieces; a case is two such lines
    /// with the same number of pieces.
    PerLine,
}

/// One query: can the pieces go from `start` to `target`?
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// The occupied cells at the start: distinct, increasing, on the grid.
    pub start: Vec<u16>,
    /// The occupied cells to reach, as many as at the start.
    pub target: Vec<u16>,
}

/// The cases of `text` on `grid`, in order. After the first malformed case (whose error names
/// its line) the iterator ends.
pub fn parse(
    text: &str,
    grid: Grid,
    pieces: PieceCount,
) -> impl Iterator<Item = Result<Case, ParseError>> + '_ {
    cases(Input::new(text.as_bytes()), move |input| {
        read_case(input, grid, pieces)
    })
}

/// The next case of `input` on `grid`, or `None` at the end of the input.
pub fn read_case(
    input: &mut Input<impl Source>,
    grid: Grid,
    pieces: PieceCount,
) -> Result<Option<Case>, ParseError> {
    match pieces {
        PieceCount::Fixed(count) => fixed_case(input, grid, count),
        PieceCount::PerLine => line_case(input, grid),
    }
}

/// An integer of the input and its line.
#[derive(Clone, Copy, Debug)]
struct Number {
    value: i64,
    line: usize,
}

fn number(token: Token<'_>) -> Result<Number, ParseError> {
    let value = token.text.parse().map_err(|_| {
        ParseError::new(
            token.line,
            format!("expected an integer, found {}", quoted(token.text)),
        )
    })?;
    Ok(Number {
        value,
        line: token.line,
    })
}

/// A case of `2 × count` numbers per configuration, white space free-form.
fn fixed_case(
    input: &mut Input<impl Source>,
    grid: Grid,
    count: usize,
) -> Result<Option<Case>, ParseError> {
    let per_case = 4 * count;
    let Some(first) = input.token()? else {
        return Ok(None);
    };
    let first = number(first)?;
    let mut numbers = Vec::with_capacity(per_case);
    numbers.push(first);
    while numbers.len() < per_case {
        let Some(token) = input.token()? else {
            let last_line = numbers.last().map_or(first.line, |n: &Number| n.line);
            return Err(ParseError::new(
                last_line,
                format!(
                    "case cut short: {} of its {per_case} numbers",
                    numbers.len()
                ),
            ));
        };
        numbers.push(number(token)?);
    }
    let (start, target) = numbers.split_at(per_case / 2);
    Ok(Some(Case {
        start: configuration(grid, start)?,
        target: configuration(grid, target)?,
    }))
}

/// The configuration on the next non-blank line of `input`, and the line's number.
fn next_configuration(
    input: &mut Input<impl Source>,
    grid: Grid,
) -> Result<Option<(usize, Vec<u16>)>, ParseError> {
    while let Some((number, line)) = input.line()? {
        if !line.trim().is_empty() {
            return Ok(Some((number, line_configuration(grid, number, line)?)));
        }
    }
    Ok(None)
}

/// A case of two non-blank lines, one configuration each.
fn line_case(input: &mut Input<impl Source>, grid: Grid) -> Result<Option<Case>, ParseError> {
    let Some((start_line, start)) = next_configuration(input, grid)? else {
        return Ok(None);
    };
    let Some((target_line, target)) = next_configuration(input, grid)? else {
        return Err(ParseError::new(
            start_line,
            "case cut short: no target configuration after this start",
        ));
    };
    if target.len() != start.len() {
        return Err(ParseError::new(
            target_line,
            format!(
                "the target has {} but the start (line {start_line}) has {}",
                pieces(target.len()),
                start.len()
            ),
        ));
    }
    Ok(Some(Case { start, target }))
}

/// The sorted cells of one configuration written as `row column` pairs (a goal given as an
/// option), or what is wrong with it.
pub fn parse_configuration(text: &str, grid: Grid) -> Result<Vec<u16>, String> {
    line_configuration(grid, 1, text).map_err(|error| error.message)
}

fn line_configuration(grid: Grid, line: usize, text: &str) -> Result<Vec<u16>, ParseError> {
    let numbers = text
        .split_whitespace()
        .map(|word| number(Token { text: word, line }))
        .collect::<Result<Vec<_>, _>>()?;
    if numbers.len() % 2 == 1 {
        return Err(ParseError::new(
            line,
            format!(
                "odd number of integers ({}): each piece takes a row and a column",
                numbers.len()
            ),
        ));
    }
    configuration(grid, &numbers)
}

/// The sorted cells of `row column` pairs; each must be on the board, no two the same.
fn configuration(grid: Grid, numbers: &[Number]) -> Result<Vec<u16>, ParseError> {
    let mut cells = Vec::with_capacity(numbers.len() / 2);
    for pair in numbers.chunks_exact(2) {
        let (row, col) = (pair[0], pair[1]);
        let cell = grid.cell_at(row.value, col.value).ok_or_else(|| {
            let line = if grid.cell_at(row.value, 1).is_none() {
                row.line
            } else {
                col.line
            };
            ParseError::new(
                line,
                format!("({}, {}) is off the {grid} board", row.value, col.value),
            )
        })?;
        cells.push((cell, col.line));
    }
    // Sorted by cell, then line: a repeated cell is reported where it repeats.
    cells.sort_unstable();
    if let Some(pair) = cells.windows(2).find(|pair| pair[0].0 == pair[1].0) {
        let (row, col) = grid.coordinates(pair[1].0);
        return Err(ParseError::new(
            pair[1].1,
            format!("two pieces on ({row}, {col})"),
        ));
    }
    Ok(cells.into_iter().map(|(cell, _)| cell).collect())
}

/// "1 piece", "2 pieces".
fn pieces(count: usize) -> String {
    match count {
        1 => "1 piece".to_owned(),
        _ => format!("{count} pieces"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn judge(text: &str) -> Vec<Result<Case, ParseError>> {
        parse(text, Grid::judge(), PieceCount::Fixed(4)).collect()
    }

    fn error(result: &[Result<Case, ParseError>]) -> String {
        result.last().unwrap().clone().unwrap_err().to_string()
    }

    #[test]
    fn judge_sample_in_any_white_space() {
        let cases = judge("4 4 4 5 5 4\n 6 5\n\n2 4 3 3 3 6 4 6\n");
        assert_eq!(
            cases,
            vec![Ok(Case {
                start: vec![27, 28, 35, 44],
                target: vec![11, 18, 21, 29],
            })]
        );
        assert!(judge("  \n").is_empty());
    }

    #[test]
    fn bad_numbers_name_their_line() {
        assert_eq!(
            error(&judge("1 1 1 2 1 3 1 4\n2 1 2 2 2 3 9 4\n")),
            "line 2: (9, 4) is off the 8x8 board"
        );
        assert_eq!(
            error(&judge("1 1 1 2 1 3 1 4\n2 1 2 2 2 3 2\n0\n")),
            "line 3: (2, 0) is off the 8x8 board"
        );
        assert_eq!(
            error(&judge("1 1 1 2 1 3 1 x\n")),
            "line 1: expected an integer, found \"x\""
        );
        assert_eq!(
            error(&judge("1 1 1 2 1 3 1 4\n2 1 2 2\n2 1 2 3\n")),
            "line 3: two pieces on (2, 1)"
        );
    }

    #[test]
    fn valid_cases_come_before_the_error_and_nothing_after() {
        let text = "1 1 1 2 1 3 1 4 2 1 2 2 2 3 2 4\n1 1 1 2\n1 3\n";
        let cases = judge(text);
        assert_eq!(cases.len(), 2);
        assert!(cases[0].is_ok());
        assert_eq!(error(&cases), "line 3: case cut short: 6 of its 16 numbers");
    }

    #[test]
    fn per_line_cases_take_their_piece_count_from_the_line() {
        let grid = Grid::new(3, 5).unwrap();
        let lines = |text| parse(text, grid, PieceCount::PerLine).collect::<Vec<_>>();
        let cases = lines("1 1\n\n3 5\n1 1 2 2 3 3\n1 2 2 3 3 4\n");
        assert_eq!(cases.len(), 2);
        assert_eq!(
            cases[0],
            Ok(Case {
                start: vec![0],
                target: vec![14]
            })
        );
        assert_eq!(
            error(&lines("1 1 2\n1 1\n")),
            "line 1: odd number of integers (3): each piece takes a row and a column"
        );
        assert_eq!(
            error(&lines("1 1 2 2\n1 1\n")),
            "line 2: the target has 1 piece but the start (line 1) has 2"
        );
        assert_eq!(
            error(&lines("1 1 2 2 3 3\n1 1 2 2\n")),
            "line 2: the target has 2 pieces but the start (line 1) has 3"
        );
        assert_eq!(
            error(&lines("1 1\n3 3\n\n2 2\n")),
            "line 4: case cut short: no target configuration after this start"
        );
    }
}
