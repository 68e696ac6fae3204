//! Numbered lines, the input every reader of this crate takes, and the error it returns.
//!
//! [`TextLines`] reads a string; a front-end with a reader of its own (a stream read one line at
//! a time) implements [`Lines`] for it.

use thiserror::Error;

/// A problem in a map or a scenario file, at a line (1-based).
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

/// A source of lines, each with its number.
pub trait Lines {
    /// The next line, without its line break, and its number (from 1); `None` at the end.
    ///
    /// # Errors
    /// When the line cannot be read (not text, too long, an I/O error).
    fn next_line(&mut self) -> Result<Option<(usize, &str)>, ParseError>;

    /// The number of the line read last (0 before the first).
    fn line_read(&self) -> usize;
}

/// The lines of a string.
#[derive(Clone, Debug)]
pub struct TextLines<'a> {
    rest: std::str::Lines<'a>,
    number: usize,
}

impl<'a> TextLines<'a> {
    /// The lines of `text`.
    pub fn new(text: &'a str) -> Self {
        Self {
            rest: text.lines(),
            number: 0,
        }
    }
}

impl Lines for TextLines<'_> {
    fn next_line(&mut self) -> Result<Option<(usize, &str)>, ParseError> {
        Ok(self.rest.next().map(|line| {
            self.number += 1;
            (self.number, line)
        }))
    }

    fn line_read(&self) -> usize {
        self.number
    }
}

/// The most characters of a bad word an error message quotes.
const QUOTED_CHARS: usize = 32;

/// `word` quoted for an error message: whole when short, else its start and its length, so that
/// a huge bad word does not flood the message.
pub fn quoted(word: &str) -> String {
    match word.char_indices().nth(QUOTED_CHARS) {
        None => format!("{word:?}"),
        Some((end, _)) => format!("{:?}... ({} bytes)", &word[..end], word.len()),
    }
}
