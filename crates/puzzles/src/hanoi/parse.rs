//! Reading cases: one a line, the peg (1 to 4) of each disc, smallest first, then optionally
//! `/` and the goal's pegs (by default every disc on peg 4). Blank lines are skipped.

use crate::input::{Input, ParseError, Source, cases, quoted};

use super::board::{MAX_DISCS, PEGS, Towers};
use super::solve::Case;

/// The cases of `text`; iteration ends after the first error.
pub fn parse(text: &str) -> impl Iterator<Item = Result<Case, ParseError>> + '_ {
    cases(Input::new(text.as_bytes()), read_case)
}

/// The next case of `input`, or `None` at its end: a word that is not a peg, a goal of another
/// number of discs, a second `/` and more than [`MAX_DISCS`] discs are errors naming the line.
pub fn read_case(input: &mut Input<impl Source>) -> Result<Option<Case>, ParseError> {
    loop {
        let Some((line, text)) = input.line()? else {
            return Ok(None);
        };
        if text.trim().is_empty() {
            continue;
        }
        return case(text)
            .map(Some)
            .map_err(|message| ParseError::new(line, message));
    }
}

/// The case a line writes, or what is wrong with it.
fn case(text: &str) -> Result<Case, String> {
    let mut parts = text.split('/');
    let start = pegs(parts.next().unwrap_or_default())?;
    let goal = match parts.next() {
        None => vec![PEGS as u8 - 1; start.len()],
        Some(goal) => pegs(goal)?,
    };
    if parts.next().is_some() {
        return Err("a second \"/\": the start's pegs, then one / and the goal's".to_string());
    }
    if goal.len() != start.len() {
        return Err(format!(
            "the goal has {}, the start {}",
            discs(goal.len()),
            discs(start.len())
        ));
    }
    Ok(Case {
        discs: start.len(),
        start: Towers::new(&start),
        goal: Towers::new(&goal),
    })
}

/// "1 disc", "3 discs".
fn discs(count: usize) -> String {
    match count {
        1 => "1 disc".to_string(),
        _ => format!("{count} discs"),
    }
}

/// The pegs (0 to 3) the words of `text` name (1 to 4), smallest disc first.
fn pegs(text: &str) -> Result<Vec<u8>, String> {
    let words: Vec<&str> = text.split_ascii_whitespace().collect();
    if words.len() > MAX_DISCS {
        return Err(format!("{} discs: at most {MAX_DISCS}", words.len()));
    }
    words
        .iter()
        .map(|word| match word.parse::<u8>() {
            Ok(peg @ 1..=4) => Ok(peg - 1),
            _ => Err(format!(
                "{} is not a peg: the pegs are 1 to 4",
                quoted(word)
            )),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn errors(text: &str) -> Vec<String> {
        parse(text)
            .filter_map(Result::err)
            .map(|error| error.to_string())
            .collect()
    }

    #[test]
    fn cases_are_read_line_by_line_with_or_without_a_goal() {
        let cases: Vec<Case> = parse("1 1 2\n\n  3 / 1\n1 2/2 1\n/\n")
            .map(Result::unwrap)
            .collect();
        assert_eq!(cases.len(), 4);
        assert_eq!(cases[0].start, Towers::new(&[0, 0, 1]));
        assert_eq!(cases[0].goal, Towers::stacked(3, 3));
        assert_eq!(
            (cases[1].start, cases[1].goal),
            (Towers::new(&[2]), Towers::new(&[0]))
        );
        assert_eq!(cases[2].goal, Towers::new(&[1, 0]));
        assert_eq!(cases[3].discs, 0);
    }

    #[test]
    fn bad_cases_name_their_line_and_problem() {
        assert_eq!(
            errors("1 2\n1 5\n"),
            ["line 2: \"5\" is not a peg: the pegs are 1 to 4"]
        );
        assert_eq!(
            errors("1 x / 4\n"),
            ["line 1: \"x\" is not a peg: the pegs are 1 to 4"]
        );
        assert_eq!(
            errors("1 2 / 4\n"),
            ["line 1: the goal has 1 disc, the start 2 discs"]
        );
        assert_eq!(
            errors("1 / 2 / 3\n"),
            ["line 1: a second \"/\": the start's pegs, then one / and the goal's"]
        );
        assert_eq!(errors(&"1 ".repeat(33)), ["line 1: 33 discs: at most 32"]);
    }
}
