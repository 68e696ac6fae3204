//! Reading judge input: tokens and characters with their line numbers, and the one error type
//! every puzzle's parser returns.

use thiserror::Error;

/// A problem in the input, at a line (1-based).
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("line {line}: {message}")]
pub struct ParseError {
    /// The line the problem is on.
    pub line: usize,
    /// What is wrong, in a few words.
    pub message: String,
}

impl ParseError {
    /// A problem `message` at `line`.
    pub fn new(line: usize, message: impl Into<String>) -> Self {
        Self {
            line,
            message: message.into(),
        }
    }
}

/// A white-space separated word of the input and the line it is on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token<'a> {
    /// The word.
    pub text: &'a str,
    /// Its line, 1-based.
    pub line: usize,
}

/// The white-space separated words of a text, with their line numbers.
///
/// White space is ASCII white space (judge input is ASCII); any other byte belongs to a word, so
/// stray characters surface as a bad word that the parser names.
#[derive(Clone, Debug)]
pub struct Tokens<'a> {
    text: &'a str,
    position: usize,
    line: usize,
    /// The line of the last token returned.
    last_token_line: usize,
}

impl<'a> Tokens<'a> {
    /// The words of `text`.
    pub fn new(text: &'a str) -> Self {
        Self {
            text,
            position: 0,
            line: 1,
            last_token_line: 1,
        }
    }

    /// Skips white space, counting line breaks.
    fn skip_blanks(&mut self) {
        let bytes = self.text.as_bytes();
        while let Some(&byte) = bytes.get(self.position) {
            if !byte.is_ascii_whitespace() {
                break;
            }
            self.line += usize::from(byte == b'\n');
            self.position += 1;
        }
    }

    /// The line the reader stands on: that of the next token, or at the end of the text that of
    /// the last token (so that "cut short" names the line where the input stops).
    pub fn line(&self) -> usize {
        let mut ahead = self.clone();
        ahead.skip_blanks();
        if ahead.position == self.text.len() {
            self.last_token_line
        } else {
            ahead.line
        }
    }
}

impl<'a> Iterator for Tokens<'a> {
    type Item = Token<'a>;

    fn next(&mut self) -> Option<Token<'a>> {
        self.skip_blanks();
        let bytes = self.text.as_bytes();
        let start = self.position;
        while bytes
            .get(self.position)
            .is_some_and(|b| !b.is_ascii_whitespace())
        {
            self.position += 1;
        }
        if self.position == start {
            return None;
        }
        self.last_token_line = self.line;
        Some(Token {
            // Both ends are at ASCII bytes or the text's ends: always char boundaries.
            text: &self.text[start..self.position],
            line: self.line,
        })
    }
}

/// The characters of a text other than white space, with their line numbers.
pub fn visible_chars(text: &str) -> impl Iterator<Item = (char, usize)> + '_ {
    text.lines()
        .enumerate()
        .flat_map(|(index, line)| line.chars().map(move |c| (c, index + 1)))
        .filter(|(c, _)| !c.is_whitespace())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_carry_their_line_numbers() {
        let words: Vec<(&str, usize)> = Tokens::new("1 2\n\n  x\t3 \n4")
            .map(|t| (t.text, t.line))
            .collect();
        assert_eq!(words, [("1", 1), ("2", 1), ("x", 3), ("3", 3), ("4", 4)]);
    }

    #[test]
    fn line_at_the_end_is_that_of_the_last_token() {
        let mut tokens = Tokens::new("1 2\n3\n\n");
        assert_eq!(tokens.by_ref().count(), 3);
        assert_eq!(tokens.line(), 2);
    }

    #[test]
    fn line_points_at_the_next_token() {
        let mut tokens = Tokens::new("a\n\nb\n");
        tokens.next();
        assert_eq!(tokens.line(), 3);
    }

    #[test]
    fn visible_chars_skip_white_space() {
        let chars: Vec<(char, usize)> = visible_chars("B W\r\n O\n").collect();
        assert_eq!(chars, [('B', 1), ('W', 1), ('O', 2)]);
    }

    #[test]
    fn errors_name_the_line() {
        assert_eq!(
            ParseError::new(7, "expected 24 numbers").to_string(),
            "line 7: expected 24 numbers"
        );
    }
}
