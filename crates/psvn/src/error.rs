//! The one error a domain file (or a state written in its values) can raise.

/// What is wrong with a PSVN file or a state, and where: its [`Display`](std::fmt::Display) is one
/// line, `FILE:LINE:COLUMN: what is wrong`, as compilers write theirs, so that editors can jump
/// to it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{file}:{line}:{column}: {message}")]
pub struct ParseError {
    /// The name the text was read under (a path, or `state` for a state given alone).
    pub file: String,
    /// The line, counting from 1.
    pub line: u32,
    /// The column in characters, counting from 1.
    pub column: u32,
    /// What is wrong, in one line.
    pub message: String,
}

/// A place in the text: where a token, a rule or a goal begins.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Span {
    /// The line, counting from 1.
    pub line: u32,
    /// The column in characters, counting from 1.
    pub column: u32,
}

impl Span {
    /// The error `message` at this place of `file`.
    pub(crate) fn error(self, file: &str, message: impl Into<String>) -> ParseError {
        ParseError {
            file: file.to_owned(),
            line: self.line,
            column: self.column,
            message: message.into(),
        }
    }
}
