//! The terms of a run: every option that changes its answer, by the name the user knows it by.
//! A checkpoint records them and a resumed run must match them; the processes of a cluster
//! exchange them before the dataflow starts. A difference is told by the first term that
//! differs, so that the refusal names the option.

use std::fmt;

/// Separates a term's name from its value, and the terms from one another, in their text.
const NAME_END: char = '\u{1f}';
const TERM_END: char = '\u{1e}';
/// Marks a term that is absent (an option not given), where an empty value is a bare flag.
const ABSENT: &str = "\u{1d}";

/// The options of a run that change its answer, in order, each `(name, value)`: `None` when the
/// option is not given, `Some("")` for a flag given without a value.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Terms(Vec<(String, Option<String>)>);

impl Terms {
    /// No terms.
    pub fn new() -> Self {
        Self::default()
    }

    /// These terms and `name` set to `value` (`None`: not given).
    pub fn with(mut self, name: &str, value: Option<impl fmt::Display>) -> Self {
        self.0
            .push((name.to_string(), value.map(|value| value.to_string())));
        self
    }

    /// These terms and the flag `name`, given or not.
    pub fn flag(self, name: &str, given: bool) -> Self {
        self.with(name, given.then_some(""))
    }

    /// These terms followed by `more`.
    pub fn and(mut self, more: &Terms) -> Self {
        self.0.extend(more.0.iter().cloned());
        self
    }

    /// The first term in which `theirs` differs from these (ours), if any.
    pub fn difference(&self, theirs: &Terms) -> Option<Difference> {
        let value = |terms: &Terms, name: &str| {
            terms
                .0
                .iter()
                .find(|(term, _)| term == name)
                .map(|(_, value)| value.clone())
        };
        let names = self.0.iter().chain(&theirs.0).map(|(name, _)| name);
        names.into_iter().find_map(|name| {
            let (ours, their) = (value(self, name), value(theirs, name));
            (ours != their).then(|| Difference {
                ours: Term::of(name, ours),
                theirs: Term::of(name, their),
            })
        })
    }

    /// The terms as one string (names and values may hold anything but three control
    /// characters).
    pub fn encode(&self) -> String {
        self.0
            .iter()
            .map(|(name, value)| {
                let value = value.as_deref().unwrap_or(ABSENT);
                format!("{name}{NAME_END}{value}{TERM_END}")
            })
            .collect()
    }

    /// The terms [`encode`](Self::encode) wrote; `None` if `text` is not such a string.
    pub fn decode(text: &str) -> Option<Self> {
        if text.is_empty() {
            return Some(Self::new());
        }
        text.strip_suffix(TERM_END)?
            .split(TERM_END)
            .map(|term| {
                let (name, value) = term.split_once(NAME_END)?;
                let value = (value != ABSENT).then(|| value.to_string());
                Some((name.to_string(), value))
            })
            .collect::<Option<Vec<_>>>()
            .map(Self)
    }
}

/// One term as a run has it: `Some(value)`, or `None` when the run does not set it at all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Term {
    name: String,
    value: Option<Option<String>>,
}

impl Term {
    fn of(name: &str, value: Option<Option<String>>) -> Self {
        Self {
            name: name.to_string(),
            value,
        }
    }
}

impl fmt::Display for Term {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = &self.name;
        match &self.value {
            Some(Some(value)) if value.is_empty() => write!(f, "{name}"),
            Some(Some(value)) => write!(f, "{name} {value}"),
            Some(None) => write!(f, "no {name}"),
            None => write!(f, "nothing for {name}"),
        }
    }
}

/// The first term in which two runs differ.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Difference {
    /// As this run has it.
    pub ours: Term,
    /// As the other has it.
    pub theirs: Term,
}

impl Difference {
    /// The name of the option that differs.
    pub fn name(&self) -> &str {
        &self.ours.name
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(depth: Option<u32>, sparse: bool) -> Terms {
        Terms::new()
            .with("puzzle", Some("eight"))
            .with("--max-depth", depth)
            .flag("--sparse", sparse)
    }

    #[test]
    fn the_first_difference_names_the_option_and_both_values() {
        assert_eq!(run(Some(5), false).difference(&run(Some(5), false)), None);
        let difference = run(Some(5), false).difference(&run(None, true)).unwrap();
        assert_eq!(difference.name(), "--max-depth");
        assert_eq!(difference.ours.to_string(), "--max-depth 5");
        assert_eq!(difference.theirs.to_string(), "no --max-depth");
        let difference = run(None, true).difference(&run(None, false)).unwrap();
        assert_eq!(
            (difference.ours.to_string(), difference.theirs.to_string()),
            ("--sparse".to_string(), "no --sparse".to_string())
        );
        let more = run(None, false).with("--workers", Some(2));
        let difference = run(None, false).difference(&more).unwrap();
        assert_eq!(difference.ours.to_string(), "nothing for --workers");
    }

    #[test]
    fn terms_survive_their_text_and_other_text_is_refused() {
        for terms in [Terms::new(), run(Some(0), true), run(None, false)] {
            assert_eq!(Terms::decode(&terms.encode()), Some(terms));
        }
        assert_eq!(Terms::decode("puzzle eight"), None);
        assert_eq!(Terms::decode("\u{1e}"), None);
    }
}
