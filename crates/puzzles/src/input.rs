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
#[derive(Clone, Debug)]
pub struct Tokens<'a> {
    rest: &'a str,
    line: usize,
}

impl<'a> Tokens<'a> {
    /// The words of `text`.
    pub fn new(text: &'a str) -> Self {
        Self {
            rest: text,
            line: 1,
        }
    }

    /// The line the reader stands on: that of the next token, or the last line at the end.
    pub fn line(&self) -> usize {
        let blank = self.rest.len() - self.rest.trim_start().len();
        self.line + self.rest[..blank].matches('\n').count()
    }
}

impl<'a> Iterator for Tokens<'a> {
    type Item = Token<'a>;

    fn next(&mut self) -> Option<Token<'a>> {
        let start = self.rest.find(|c: char| !c.is_whitespace())?;
        self.line += self.rest[..start].matches('\n').count();
        let word = &self.rest[start..];
        let end = word.find(char::is_whitespace).unwrap_or(word.len());
        self.rest = &word[end..];
        Some(Token {
            text: &word[..end],
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
