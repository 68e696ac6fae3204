//! Reading states: one a line, its values written as the domain file writes them (`2 B 1 3`).
//! Blank lines are skipped.

use statespace_psvn::{PsvnDomain, State};

use crate::input::{Input, ParseError, Source};

/// The next state of `input`, or `None` at its end: a wrong number of values or a word that is
/// not a value of its variable's domain is an error naming the line and column.
pub fn read_state(
    domain: &PsvnDomain,
    input: &mut Input<impl Source>,
) -> Result<Option<State>, ParseError> {
    loop {
        let Some((line, text)) = input.line()? else {
            return Ok(None);
        };
        if text.trim().is_empty() {
            continue;
        }
        return domain
            .parse_state("state", text)
            .map(Some)
            .map_err(|error| {
                let message = shortened(&error.message);
                ParseError::new(line, format!("column {}: {message}", error.column))
            });
    }
}

/// The most characters of an error's message: a word of a line is quoted in it whole, and a
/// line may be long.
const MAX_MESSAGE_CHARS: usize = 160;

/// `message`, cut to [`MAX_MESSAGE_CHARS`] characters with `...` when it is longer.
fn shortened(message: &str) -> String {
    match message.char_indices().nth(MAX_MESSAGE_CHARS) {
        Some((end, _)) => format!("{}...", &message[..end]),
        None => message.to_string(),
    }
}
