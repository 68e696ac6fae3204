//! Reading judge input from a byte stream, one line at a time: words, characters and lines with
//! their line numbers, and the one error type every puzzle's parser returns.
//!
//! Nothing is read before a parser asks for it, so a case can be answered before the next one
//! has been written (piping cases one by one works), and memory does not grow with the input.
//! Bytes that are not UTF-8 are an error on their line; a UTF-8 byte-order mark at the very
//! start is skipped.

use std::io::{self, BufRead, BufReader, Read};

/// A problem in the input, at a line (1-based): the grid crate's, which reads the same way.
pub use statespace_grid::ParseError;

/// A white-space separated word of the input and the line it is on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token<'a> {
    /// The word.
    pub text: &'a str,
    /// Its line, 1-based.
    pub line: usize,
}

/// `word` quoted for an error message: whole when short, else its start and its length, so that
/// a huge bad word does not flood the message.
///
/// ```
/// use statespace_puzzles::input::quoted;
/// assert_eq!(quoted("x7"), "\"x7\"");
/// assert_eq!(quoted(&"9".repeat(1000)), format!("\"{}\"... ({} bytes)", "9".repeat(32), 1000));
/// ```
pub use statespace_grid::quoted;

/// A buffered byte stream that can tell whether it holds unread bytes without waiting for more.
pub trait Source: BufRead {
    /// Whether bytes are buffered: reading them will not wait for the writer.
    fn has_buffered(&self) -> bool;
}

impl<R: Read> Source for BufReader<R> {
    fn has_buffered(&self) -> bool {
        !self.buffer().is_empty()
    }
}

impl Source for &[u8] {
    fn has_buffered(&self) -> bool {
        !self.is_empty()
    }
}

/// The longest line read: longer ones are an error rather than a growing buffer.
pub const MAX_LINE_BYTES: usize = 1 << 24;

/// The UTF-8 byte-order mark some editors put at the start of a file.
const BYTE_ORDER_MARK: char = '\u{feff}';

/// The input of a parser: a byte stream read line by line, each line checked to be UTF-8.
///
/// White space is ASCII white space (judge input is ASCII); any other character belongs to a
/// word, so stray characters surface as a bad word that the parser names.
///
/// ```
/// use statespace_puzzles::input::Input;
/// let mut input = Input::new("\u{feff}1 2\n\n  x\n".as_bytes());
/// let mut words = Vec::new();
/// while let Some(token) = input.token().unwrap() {
///     words.push((token.text.to_string(), token.line));
/// }
/// assert_eq!(words, [("1".into(), 1), ("2".into(), 1), ("x".into(), 3)]);
///
/// let mut bad = Input::new(&b"1 2\n3 \xff 4\n"[..]);
/// assert_eq!(bad.token().unwrap().unwrap().text, "1");
/// bad.token().unwrap();
/// assert_eq!(bad.token().unwrap_err().to_string(), "line 2: byte 0xff at column 3 is not UTF-8 text");
/// ```
#[derive(Debug)]
pub struct Input<R> {
    source: R,
    /// The current line, line break included.
    line: String,
    /// How much of `line` has been consumed.
    position: usize,
    /// The current line's number, 0 before the first.
    number: usize,
    /// The source has no more lines.
    ended: bool,
}

impl<R: Source> Input<R> {
    /// The input read from `source`.
    pub fn new(source: R) -> Self {
        Self {
            source,
            line: String::new(),
            position: 0,
            number: 0,
            ended: false,
        }
    }

    /// Whether everything read so far has been consumed up to white space and the source holds
    /// nothing more in its buffer: the next item would wait for the writer. Answers are flushed
    /// then.
    pub fn is_waiting(&self) -> bool {
        self.rest().trim_ascii().is_empty() && !self.source.has_buffered()
    }

    /// The unconsumed part of the current line.
    fn rest(&self) -> &str {
        &self.line[self.position..]
    }

    /// Reads the next line into `line`; false at the end of the input.
    fn advance(&mut self) -> Result<bool, ParseError> {
        if self.ended {
            return Ok(false);
        }
        // The line's buffer is reused: its bytes become the next line without a copy.
        let mut bytes = std::mem::take(&mut self.line).into_bytes();
        bytes.clear();
        self.position = 0;
        let read = read_line(&mut self.source, &mut bytes);
        let next = self.number + 1;
        match read {
            Ok(0) => {
                self.ended = true;
                return Ok(false);
            }
            Ok(_) => {}
            Err(error) => return Err(ParseError::new(next, format!("cannot read: {error}"))),
        }
        self.number = next;
        if bytes.len() > MAX_LINE_BYTES {
            return Err(ParseError::new(
                next,
                format!("the line is longer than {MAX_LINE_BYTES} bytes"),
            ));
        }
        self.line = String::from_utf8(bytes).map_err(|error| {
            let at = error.utf8_error().valid_up_to();
            ParseError::new(
                next,
                format!(
                    "byte {:#04x} at column {} is not UTF-8 text",
                    error.as_bytes()[at],
                    at + 1
                ),
            )
        })?;
        if next == 1 && self.line.starts_with(BYTE_ORDER_MARK) {
            self.position = BYTE_ORDER_MARK.len_utf8();
        }
        Ok(true)
    }

    /// Skips white space, reading lines as needed; false at the end of the input.
    fn skip_blanks(&mut self) -> Result<bool, ParseError> {
        loop {
            let bytes = self.line.as_bytes();
            while bytes
                .get(self.position)
                .is_some_and(u8::is_ascii_whitespace)
            {
                self.position += 1;
            }
            if self.position < bytes.len() {
                return Ok(true);
            }
            if !self.advance()? {
                return Ok(false);
            }
        }
    }

    /// The next white-space separated word, or `None` at the end of the input.
    pub fn token(&mut self) -> Result<Option<Token<'_>>, ParseError> {
        if !self.skip_blanks()? {
            return Ok(None);
        }
        let start = self.position;
        let bytes = self.line.as_bytes();
        while bytes
            .get(self.position)
            .is_some_and(|byte| !byte.is_ascii_whitespace())
        {
            self.position += 1;
        }
        Ok(Some(Token {
            text: &self.line[start..self.position],
            line: self.number,
        }))
    }

    /// The next character that is not white space (Unicode white space included), with its line,
    /// or `None` at the end of the input.
    pub fn visible_char(&mut self) -> Result<Option<(char, usize)>, ParseError> {
        loop {
            let bytes = self.line.as_bytes();
            while let Some(&byte) = bytes.get(self.position) {
                // Judge input is ASCII: other characters are decoded only when they come.
                let c = if byte.is_ascii() {
                    char::from(byte)
                } else {
                    self.line[self.position..]
                        .chars()
                        .next()
                        .expect("a char boundary")
                };
                self.position += c.len_utf8();
                if !c.is_whitespace() {
                    return Ok(Some((c, self.number)));
                }
            }
            if !self.advance()? {
                return Ok(None);
            }
        }
    }

    /// The next whole line not yet started, without its line break, and its number; `None` at
    /// the end of the input. What is left of the current line is skipped.
    pub fn line(&mut self) -> Result<Option<(usize, &str)>, ParseError> {
        if !self.advance()? {
            return Ok(None);
        }
        let start = self.position;
        self.position = self.line.len();
        let text = &self.line[start..];
        let text = text.strip_suffix('\n').unwrap_or(text);
        Ok(Some((self.number, text.strip_suffix('\r').unwrap_or(text))))
    }

    /// The number of the line read last (0 before the first).
    pub fn line_read(&self) -> usize {
        self.number
    }
}

/// Appends the next line of `source` to `bytes`, line break included, but no more than one
/// byte past [`MAX_LINE_BYTES`]; returns the bytes read, 0 at the end of the input.
fn read_line(source: &mut impl BufRead, bytes: &mut Vec<u8>) -> io::Result<usize> {
    let mut read = 0;
    loop {
        let buffer = match source.fill_buf() {
            Ok(buffer) => buffer,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        let room = MAX_LINE_BYTES + 1 - bytes.len();
        let (taken, done) = match buffer.iter().position(|&byte| byte == b'\n') {
            Some(end) if end < room => (end + 1, true),
            _ => (
                buffer.len().min(room),
                buffer.is_empty() || buffer.len() >= room,
            ),
        };
        bytes.extend_from_slice(&buffer[..taken]);
        source.consume(taken);
        read += taken;
        if done {
            return Ok(read);
        }
    }
}

impl Input<BufReader<Box<dyn Read + Send>>> {
    /// The input read from a file or a pipe, buffered.
    pub fn from_reader(reader: Box<dyn Read + Send>) -> Self {
        Self::new(BufReader::with_capacity(1 << 16, reader))
    }

    /// Standard input.
    pub fn stdin() -> Self {
        Self::from_reader(Box::new(io::stdin()))
    }
}

/// The cases `read` takes from `input` one after the other, until the end of the input or the
/// first error, which is the last item.
pub fn cases<R: Source, C>(
    mut input: Input<R>,
    mut read: impl FnMut(&mut Input<R>) -> Result<Option<C>, ParseError>,
) -> impl Iterator<Item = Result<C, ParseError>> {
    let mut failed = false;
    std::iter::from_fn(move || {
        if failed {
            return None;
        }
        let case = read(&mut input).transpose()?;
        failed = case.is_err();
        Some(case)
    })
}

/// The next line of `input` that is not blank, read by `case` from its words; `None` at the end
/// of the input; what `case` finds wrong, as an error naming the line. For puzzles whose cases
/// are one line each.
pub fn line_case<R: Source, C>(
    input: &mut Input<R>,
    case: impl FnOnce(&[&str]) -> Result<C, String>,
) -> Result<Option<C>, ParseError> {
    loop {
        let Some((line, text)) = input.line()? else {
            return Ok(None);
        };
        let words: Vec<&str> = text.split_ascii_whitespace().collect();
        if !words.is_empty() {
            return case(&words)
                .map(Some)
                .map_err(|message| ParseError::new(line, message));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<(String, usize)> {
        let mut input = Input::new(text.as_bytes());
        let mut words = Vec::new();
        while let Some(token) = input.token().unwrap() {
            words.push((token.text.to_string(), token.line));
        }
        words
    }

    #[test]
    fn tokens_carry_their_line_numbers() {
        let expected = [("1", 1), ("2", 1), ("x", 3), ("3", 3), ("4", 4)];
        let expected: Vec<(String, usize)> = expected
            .iter()
            .map(|&(word, line)| (word.to_string(), line))
            .collect();
        assert_eq!(words("1 2\n\n  x\t3 \n4"), expected);
        assert_eq!(words("\u{feff}1 2\r\n\n  x\t3 \n4\n"), expected);
    }

    #[test]
    fn the_line_read_last_is_known() {
        let mut input = Input::new("1 2\n3\n\n".as_bytes());
        assert_eq!(input.line_read(), 0);
        input.token().unwrap();
        assert_eq!(input.line_read(), 1);
        while input.token().unwrap().is_some() {}
        assert_eq!(input.line_read(), 3);
    }

    #[test]
    fn visible_chars_skip_white_space() {
        let mut input = Input::new("B W\r\n O\n".as_bytes());
        let mut chars = Vec::new();
        while let Some(item) = input.visible_char().unwrap() {
            chars.push(item);
        }
        assert_eq!(chars, [('B', 1), ('W', 1), ('O', 2)]);
    }

    #[test]
    fn lines_lose_their_line_breaks() {
        let mut input = Input::new("\u{feff}a b\r\n\nc".as_bytes());
        let mut lines = Vec::new();
        while let Some((number, text)) = input.line().unwrap() {
            lines.push((number, text.to_string()));
        }
        let expected = [(1, "a b"), (2, ""), (3, "c")].map(|(n, t)| (n, t.to_string()));
        assert_eq!(lines, expected);
    }

    #[test]
    fn bytes_that_are_not_utf8_are_an_error_on_their_line() {
        let mut input = Input::new(&b"ok\n\n\xc3\x28\n"[..]);
        assert_eq!(input.line().unwrap(), Some((1, "ok")));
        assert_eq!(
            input.token().unwrap_err().to_string(),
            "line 3: byte 0xc3 at column 1 is not UTF-8 text"
        );
    }

    #[test]
    fn a_byte_order_mark_is_skipped_only_at_the_start() {
        assert_eq!(words("\u{feff}7").len(), 1);
        assert_eq!(words("7\n\u{feff}8")[1].0, "\u{feff}8");
    }

    #[test]
    fn the_reader_waits_only_when_nothing_is_left() {
        let mut input = Input::new("1 2\n3\n".as_bytes());
        input.token().unwrap();
        assert!(!input.is_waiting());
        input.token().unwrap();
        assert!(!input.is_waiting(), "line 2 is still in the source");
        input.token().unwrap();
        assert!(input.is_waiting());
    }

    #[test]
    fn cases_end_after_the_first_error() {
        let read = |input: &mut Input<&[u8]>| -> Result<Option<u32>, ParseError> {
            let Some(token) = input.token()? else {
                return Ok(None);
            };
            let line = token.line;
            token
                .text
                .parse()
                .map(Some)
                .map_err(|_| ParseError::new(line, "not a number"))
        };
        let items: Vec<_> = cases(Input::new("1 2 x 3".as_bytes()), read).collect();
        assert_eq!(
            items,
            [Ok(1), Ok(2), Err(ParseError::new(1, "not a number"))]
        );
    }

    #[test]
    fn long_words_are_quoted_by_their_start() {
        let word = "é".repeat(40);
        assert_eq!(quoted(&word), format!("{:?}... (80 bytes)", "é".repeat(32)));
        assert_eq!(quoted(&"a".repeat(32)), format!("{:?}", "a".repeat(32)));
    }

    #[test]
    fn errors_name_the_line() {
        assert_eq!(
            ParseError::new(7, "expected 24 numbers").to_string(),
            "line 7: expected 24 numbers"
        );
    }
}
