//! Reading loops: one per line, the tokens 1 to N from position 1, separated by white space.
//! Blank lines are skipped.

use std::collections::HashSet;

use crate::input::{Input, ParseError, Source, cases, line_case, quoted};

use super::board::{MAX_TOKENS, Ring};

/// The loops of `text` for a turnstile of `turnstile`; iteration ends after the first error.
pub fn parse(text: &str, turnstile: usize) -> impl Iterator<Item = Result<Ring, ParseError>> + '_ {
    cases(Input::new(text.as_bytes()), move |input| {
        read_ring(input, turnstile)
    })
}

/// The next loop of `input`, or `None` at its end: a word that is not a token of the loop (0,
/// beyond N, repeated), a loop shorter than the turnstile and two and one of more than
/// [`MAX_TOKENS`] are errors naming the line.
pub fn read_ring(
    input: &mut Input<impl Source>,
    turnstile: usize,
) -> Result<Option<Ring>, ParseError> {
    line_case(input, |words| ring(words, turnstile))
}

/// The loop the words of a line write, or what is wrong with them.
fn ring(words: &[&str], turnstile: usize) -> Result<Ring, String> {
    let size = words.len();
    if size > MAX_TOKENS {
        return Err(format!("{size} tokens: a loop has at most {MAX_TOKENS}"));
    }
    if size < turnstile + 2 {
        return Err(format!(
            "{size} tokens: a loop needs at least {} for a turnstile of {turnstile}",
            turnstile + 2
        ));
    }
    let mut seen = HashSet::with_capacity(size);
    let mut tokens = Vec::with_capacity(size);
    for word in words {
        let token: u64 = word
            .parse()
            .map_err(|_| format!("{} is not a token number", quoted(word)))?;
        if token == 0 || token > size as u64 {
            return Err(format!(
                "{token} is not a token of this loop: its tokens are 1 to {size}"
            ));
        }
        if !seen.insert(token) {
            return Err(format!("token {token} appears twice"));
        }
        tokens.push(token as u8 - 1);
    }
    Ok(Ring::new(tokens))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn errors(text: &str) -> Vec<String> {
        parse(text, 4)
            .filter_map(Result::err)
            .map(|error| error.to_string())
            .collect()
    }

    #[test]
    fn loops_are_read_line_by_line_skipping_blank_ones() {
        let rings: Vec<String> = parse("2 1 3 4 5 6\n\n 6 5 4 3 2 1\n", 4)
            .map(|ring| ring.unwrap().to_string())
            .collect();
        assert_eq!(rings, ["2 1 3 4 5 6", "6 5 4 3 2 1"]);
    }

    #[test]
    fn bad_loops_name_their_line_and_problem() {
        assert_eq!(
            errors("1 2 3 4 5 6\n1 2 2 4 5 6\n"),
            ["line 2: token 2 appears twice"]
        );
        assert_eq!(
            errors("1 2 3 4 7 5\n"),
            ["line 1: 7 is not a token of this loop: its tokens are 1 to 6"]
        );
        assert_eq!(
            errors("1 2 x 4 5 6\n"),
            ["line 1: \"x\" is not a token number"]
        );
        assert_eq!(
            errors("1 2 3 4 5\n"),
            ["line 1: 5 tokens: a loop needs at least 6 for a turnstile of 4"]
        );
    }
}
