//! Tokens of a PSVN file: words separated by white space, upper-cased as psvn2c reads them, each
//! with the place it starts, read lazily so that a huge file is refused at the first figure over
//! a limit instead of being held whole.

use crate::error::Span;

/// A word of the file, upper-cased, and where it begins.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Token {
    pub(crate) text: String,
    pub(crate) span: Span,
}

/// The tokens of a text, in order.
pub(crate) struct Lexer<'t> {
    chars: std::str::Chars<'t>,
    line: u32,
    column: u32,
    /// The place just after the last character read: where the file ends.
    end: Span,
}

impl<'t> Lexer<'t> {
    pub(crate) fn new(text: &'t str) -> Self {
        Self {
            chars: text.chars(),
            line: 1,
            column: 1,
            end: Span { line: 1, column: 1 },
        }
    }

    /// Where the text ends (after the last token read so far, once the text is exhausted).
    pub(crate) fn end(&self) -> Span {
        self.end
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.chars.next()?;
        if c == '\n' {
            self.line += 1;
            self.column = 1;
        } else {
            self.column += 1;
        }
        self.end = Span {
            line: self.line,
            column: self.column,
        };
        Some(c)
    }

    fn peek(&self) -> Option<char> {
        self.chars.clone().next()
    }
}

impl Iterator for Lexer<'_> {
    type Item = Token;

    fn next(&mut self) -> Option<Token> {
        loop {
            while self.peek()?.is_whitespace() {
                self.bump();
            }
            let span = Span {
                line: self.line,
                column: self.column,
            };
            // Only a token that *begins* with `#` or `;` is a comment (psvn2c's rule): `A#1` is
            // a word.
            if matches!(self.peek(), Some('#' | ';')) {
                while self.bump().is_some_and(|c| c != '\n') {}
                continue;
            }
            let mut text = String::new();
            while let Some(c) = self.peek().filter(|c| !c.is_whitespace()) {
                self.bump();
                // ASCII only, as psvn2c's `toupper` in the C locale.
                text.push(c.to_ascii_uppercase());
            }
            return Some(Token { text, span });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<(String, u32, u32)> {
        Lexer::new(text)
            .map(|t| (t.text, t.span.line, t.span.column))
            .collect()
    }

    #[test]
    fn comments_begin_only_at_a_token_start() {
        assert_eq!(
            words("a#b # gone\n ;x y\n  z;w"),
            [("A#B".into(), 1, 1), ("Z;W".into(), 3, 3)]
        );
    }

    #[test]
    fn places_count_characters_from_one() {
        assert_eq!(
            words("dé\tf\n\n  g"),
            [("Dé".into(), 1, 1), ("F".into(), 1, 4), ("G".into(), 3, 3)]
        );
    }
}
