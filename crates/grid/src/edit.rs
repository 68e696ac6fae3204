//! Maps that change between queries: a cell or a rectangle of cells closed (made a wall, `@`)
//! or opened (a wall made ground, `.`; open cells keep their terrain), and the edits file of
//! `solve grid --edits`: `N close X Y [W H]` or `N open X Y [W H]` a line, applied before
//! scenario `N` (counting from 1).

use std::fmt;

use crate::lines::{Lines, ParseError, TextLines, quoted};
use crate::map::Map;

/// A rectangle of cells opened or closed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Edit {
    /// Whether the cells are opened (walls become ground) or closed (made walls).
    pub open: bool,
    /// The rectangle's left column.
    pub x: usize,
    /// The rectangle's top row.
    pub y: usize,
    /// Its columns, at least 1.
    pub width: usize,
    /// Its rows, at least 1.
    pub height: usize,
}

impl Edit {
    /// The cell at column `x`, row `y` closed.
    pub fn close(x: usize, y: usize) -> Self {
        Self {
            open: false,
            x,
            y,
            width: 1,
            height: 1,
        }
    }

    /// The cell at column `x`, row `y` opened.
    pub fn open(x: usize, y: usize) -> Self {
        Self {
            open: true,
            ..Self::close(x, y)
        }
    }

    /// The edit over `width` × `height` cells from this one's.
    pub fn sized(self, width: usize, height: usize) -> Self {
        Self {
            width,
            height,
            ..self
        }
    }

    /// Why the edit does not fit `map`, if it does not.
    pub fn misfit(&self, map: &Map) -> Option<String> {
        let fits = |from: usize, count: usize, side: usize| {
            count >= 1 && from.checked_add(count).is_some_and(|end| end <= side)
        };
        if fits(self.x, self.width, map.width()) && fits(self.y, self.height, map.height()) {
            return None;
        }
        Some(format!(
            "the {} x {} cells from ({}, {}) are off the map of {} x {}",
            self.width,
            self.height,
            self.x,
            self.y,
            map.width(),
            map.height()
        ))
    }

    /// The columns and rows the edit covers, last ones included.
    pub(crate) fn area(&self) -> ((usize, usize), (usize, usize)) {
        (
            (self.x, self.y),
            (self.x + self.width - 1, self.y + self.height - 1),
        )
    }
}

/// As an edits file's line takes it, without the scenario: `close X Y [W H]`.
impl fmt::Display for Edit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let verb = if self.open { "open" } else { "close" };
        write!(f, "{verb} {} {}", self.x, self.y)?;
        if (self.width, self.height) != (1, 1) {
            write!(f, " {} {}", self.width, self.height)?;
        }
        Ok(())
    }
}

/// An edit of an edits file: the scenario it comes before, the line it is on, and the edit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimedEdit {
    /// The scenario (from 1) the edit is applied before.
    pub before: usize,
    /// The line of the file.
    pub line: usize,
    /// The cells and what becomes of them.
    pub edit: Edit,
}

/// The edits of `text` (blank lines and lines from `#` skipped) on `map`, in the order they
/// apply: by scenario, then as the file lists them.
///
/// # Errors
/// The first line that is not `N close|open X Y [W H]` with N from 1, or whose cells are off
/// `map`.
pub fn read_edits(text: &str, map: &Map) -> Result<Vec<TimedEdit>, ParseError> {
    let mut lines = TextLines::new(text);
    let mut edits = Vec::new();
    while let Some((line, text)) = lines.next_line()? {
        let text = text.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        let error = |message: String| ParseError::new(line, message);
        let words: Vec<&str> = text.split_whitespace().collect();
        if !matches!(words.len(), 4 | 6) {
            return Err(error(format!(
                "{} words: an edit is `N close X Y [W H]` or `N open X Y [W H]`",
                words.len()
            )));
        }
        let number = |at: usize| {
            words[at]
                .parse::<usize>()
                .map_err(|_| error(format!("{} is not a number from 0", quoted(words[at]))))
        };
        let before = number(0)?;
        if before == 0 {
            return Err(error("scenarios count from 1".to_string()));
        }
        let open = match words[1] {
            "open" => true,
            "close" => false,
            other => {
                return Err(error(format!(
                    "{} is not an edit: open or close",
                    quoted(other)
                )));
            }
        };
        let mut edit = Edit::close(number(2)?, number(3)?);
        edit.open = open;
        if words.len() == 6 {
            edit = edit.sized(number(4)?, number(5)?);
        }
        if let Some(misfit) = edit.misfit(map) {
            return Err(error(misfit));
        }
        edits.push(TimedEdit { before, line, edit });
    }
    edits.sort_by_key(|edit| edit.before);
    Ok(edits)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edits_read_in_scenario_order() {
        let map = Map::parse("type octile\nheight 3\nwidth 4\nmap\n....\n....\n....\n").unwrap();
        let edits = read_edits(
            "3 close 1 1\n# a comment\n\n1 open 0 0 4 3\n3 open 3 2\n",
            &map,
        );
        let edits = edits.unwrap();
        let seen: Vec<_> = edits
            .iter()
            .map(|edit| (edit.before, edit.line, edit.edit.to_string()))
            .collect();
        assert_eq!(
            seen,
            [
                (1, 4, "open 0 0 4 3".to_string()),
                (3, 1, "close 1 1".to_string()),
                (3, 5, "open 3 2".to_string()),
            ]
        );
    }

    #[test]
    fn bad_edits_name_their_line() {
        let map = Map::parse("type octile\nheight 3\nwidth 4\nmap\n....\n....\n....\n").unwrap();
        let errors = [
            (
                "1 close 4 0\n",
                "line 1: the 1 x 1 cells from (4, 0) are off the map of 4 x 3",
            ),
            (
                "1 close 1 1\n2 open 2 1 3 1\n",
                "line 2: the 3 x 1 cells from (2, 1) are off",
            ),
            (
                "1 open 0 0 0 1\n",
                "line 1: the 0 x 1 cells from (0, 0) are off",
            ),
            ("0 close 1 1\n", "line 1: scenarios count from 1"),
            (
                "1 shut 1 1\n",
                "line 1: \"shut\" is not an edit: open or close",
            ),
            ("1 close -1 1\n", "line 1: \"-1\" is not a number from 0"),
            ("1 close 1\n", "line 1: 3 words"),
            (
                "1 close 99999999999999999999 1\n",
                "line 1: \"99999999999999999999\" is not a number",
            ),
            (
                "1 close 18446744073709551615 0 2 1\n",
                "line 1: the 2 x 1 cells",
            ),
        ];
        for (text, expected) in errors {
            let error = read_edits(text, &map).unwrap_err().to_string();
            assert!(error.starts_with(expected), "{text:?}: {error}");
        }
    }
}
