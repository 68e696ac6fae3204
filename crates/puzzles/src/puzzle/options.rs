//! A puzzle's options as the front-ends offer and read them: their specs (a form control of the
//! playground each), the errors that refuse them, thread counts and counts given as text.

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// One of a puzzle's options as a front-end offers it (a form control of the playground): its
/// field in the options' JSON, a label, a line of help, and the values it takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct OptionSpec {
    /// The option's field in the puzzle's options (`heuristic`).
    pub name: &'static str,
    /// What a person calls it (`estimate`).
    pub label: &'static str,
    /// One line of help.
    pub help: &'static str,
    /// The values it takes, and its default.
    #[serde(flatten)]
    pub kind: OptionKind,
    /// An option it is not taken with: set, this one is left out (`pdb` for the algorithm).
    pub without: Option<&'static str>,
    /// Whether it describes the board itself (its size), so that random boards follow it too.
    pub shapes_board: bool,
}

/// The values an option takes. A default of `None` leaves the option unset (the puzzle then
/// chooses, as its help says).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum OptionKind {
    /// One of `values`, each with one line of help.
    Choice {
        /// The values and their help.
        values: &'static [(&'static str, &'static str)],
        /// The value chosen unless another is.
        default: &'static str,
    },
    /// A whole number from `min` to `max`.
    Number {
        /// The least.
        min: u64,
        /// The most.
        max: u64,
        /// The number chosen unless another is, if any.
        default: Option<u64>,
    },
    /// Text matching the regular expression `pattern` (whole), such as `example`.
    Text {
        /// What the text must match, as a JavaScript regular expression without anchors.
        pattern: &'static str,
        /// A text it takes.
        example: &'static str,
        /// The text chosen unless another is, if any.
        default: Option<&'static str>,
    },
    /// Text of several lines, such as a file's, pasted into a box; unset by default.
    Lines {
        /// A text it takes, shown while the box is empty.
        example: &'static str,
    },
    /// On or off.
    Flag {
        /// Whether it is on unless set.
        default: bool,
    },
}

impl OptionSpec {
    /// The option `name` choosing the algorithm among `algorithms` (an
    /// [`About`](super::About)'s), the first by default.
    pub const fn algorithm(algorithms: &'static [(&'static str, &'static str)]) -> Self {
        Self {
            name: "algo",
            label: "algorithm",
            help: "how the puzzle is searched",
            kind: OptionKind::Choice {
                values: algorithms,
                default: algorithms[0].0,
            },
            without: None,
            shapes_board: false,
        }
    }

    /// The option `threads`, unset by default (`help` says what the puzzle then does).
    pub const fn threads(help: &'static str) -> Self {
        Self {
            name: "threads",
            label: "threads",
            help,
            kind: OptionKind::Number {
                min: 1,
                max: MAX_THREADS as u64,
                default: None,
            },
            without: None,
            shapes_board: false,
        }
    }
}

/// Options that do not fit together or do not fit the puzzle, found before any case is read.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("{0}")]
pub struct OptionsError(pub String);

impl OptionsError {
    /// The error `message`.
    pub fn new(message: impl Into<String>) -> Self {
        Self(message.into())
    }
}

/// The most threads a run may ask for: more only cost memory and start-up.
pub const MAX_THREADS: usize = 256;

/// The threads a solver runs on: `requested`, else `default`; an error beyond [`MAX_THREADS`].
pub fn thread_count(requested: Option<usize>, default: usize) -> Result<usize, OptionsError> {
    let threads = requested.unwrap_or(default);
    if (1..=MAX_THREADS).contains(&threads) {
        Ok(threads)
    } else {
        Err(OptionsError::new(format!(
            "{threads} threads: from 1 to {MAX_THREADS}, please"
        )))
    }
}

/// An optional count given as a number (JSON) or as text (a command line's `--size 12`), for
/// `#[serde(deserialize_with = "...")]`.
pub fn count_or_text<'de, D: serde::Deserializer<'de>>(from: D) -> Result<Option<usize>, D::Error> {
    use serde::de::Error as _;
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Given {
        Number(usize),
        Text(String),
    }
    match Option::<Given>::deserialize(from)? {
        None => Ok(None),
        Some(Given::Number(count)) => Ok(Some(count)),
        Some(Given::Text(text)) => text
            .trim()
            .parse()
            .map(Some)
            .map_err(|_| D::Error::custom(format!("expected a number, not {text:?}"))),
    }
}
