//! Reading stacks: one per line, top first, the sizes 1 to N (negative burnt side up when the
//! stacks are burnt). Blank lines are skipped.

use std::collections::HashSet;

use crate::input::{Input, ParseError, Source, cases, quoted};

use super::board::{MAX_PANCAKES, Stack};

/// The stacks of `text`; iteration ends after the first error.
pub fn parse(text: &str, burnt: bool) -> impl Iterator<Item = Result<Stack, ParseError>> + '_ {
    cases(Input::new(text.as_bytes()), move |input| {
        read_stack(input, burnt)
    })
}

/// The next stack of `input`, or `None` at its end: a number that is not a size of the stack
/// (0, beyond N, repeated, or burnt side up when stacks are not `burnt`), a word that is not a
/// number and a stack of more than [`MAX_PANCAKES`] are errors naming the line.
pub fn read_stack(
    input: &mut Input<impl Source>,
    burnt: bool,
) -> Result<Option<Stack>, ParseError> {
    loop {
        let Some((line, text)) = input.line()? else {
            return Ok(None);
        };
        let words: Vec<&str> = text.split_ascii_whitespace().collect();
        if words.is_empty() {
            continue;
        }
        return stack(&words, burnt)
            .map(Some)
            .map_err(|message| ParseError::new(line, message));
    }
}

/// The stack the words of a line write, or what is wrong with them.
fn stack(words: &[&str], burnt: bool) -> Result<Stack, String> {
    let size = words.len();
    if size > MAX_PANCAKES {
        return Err(format!(
            "{size} pancakes: a stack has at most {MAX_PANCAKES}"
        ));
    }
    let mut seen = HashSet::with_capacity(size);
    let mut cakes = Vec::with_capacity(size);
    for word in words {
        let cake: i64 = word
            .parse()
            .map_err(|_| format!("{} is not a number", quoted(word)))?;
        let magnitude = cake.unsigned_abs();
        if magnitude == 0 || magnitude > size as u64 {
            return Err(format!(
                "{cake} is not a pancake of this stack: its sizes are 1 to {size}"
            ));
        }
        if cake < 0 && !burnt {
            return Err(format!(
                "{cake} is burnt side up, but the stacks are not burnt (--burnt)"
            ));
        }
        if !seen.insert(magnitude) {
            return Err(format!("pancake {magnitude} appears twice"));
        }
        cakes.push(cake as i16);
    }
    Ok(Stack::new(cakes))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn errors(text: &str, burnt: bool) -> Vec<String> {
        parse(text, burnt)
            .filter_map(Result::err)
            .map(|error| error.to_string())
            .collect()
    }

    #[test]
    fn stacks_are_read_line_by_line_skipping_blank_ones() {
        let stacks: Vec<String> = parse("3 1 2\n\n  1\n-2 1\n", true)
            .map(|stack| stack.unwrap().to_string())
            .collect();
        assert_eq!(stacks, ["3 1 2", "1", "-2 1"]);
    }

    #[test]
    fn bad_stacks_name_their_line_and_problem() {
        assert_eq!(
            errors("1 2\n2 2\n", false),
            ["line 2: pancake 2 appears twice"]
        );
        assert_eq!(
            errors("1 3\n", false),
            ["line 1: 3 is not a pancake of this stack: its sizes are 1 to 2"]
        );
        assert_eq!(
            errors("0 1\n", true),
            ["line 1: 0 is not a pancake of this stack: its sizes are 1 to 2"]
        );
        assert_eq!(errors("1 x\n", false), ["line 1: \"x\" is not a number"]);
        assert_eq!(
            errors("-1 2\n", false),
            ["line 1: -1 is burnt side up, but the stacks are not burnt (--burnt)"]
        );
        let long: Vec<String> = (1..=256).map(|n| n.to_string()).collect();
        assert_eq!(
            errors(&long.join(" "), false),
            ["line 1: 256 pancakes: a stack has at most 255"]
        );
    }
}
