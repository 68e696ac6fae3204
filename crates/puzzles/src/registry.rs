//! Every puzzle, by name: what a front-end that serves all puzzles alike (the playground, the
//! benchmark runner) reaches them through. Adding a puzzle to every front-end is one line in
//! [`PUZZLES`] plus the puzzle's module.

use std::io;
use std::marker::PhantomData;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use statespace_engine::StopReason;

use crate::cube::CubePuzzle;
use crate::four::Four;
use crate::grid::GridPuzzle;
use crate::hanoi::Hanoi;
use crate::input::{Input, ParseError};
use crate::pancake::Pancake;
use crate::psvn::Psvn;
use crate::puzzle::{
    About, CaseLimits, OptionSpec, OptionsError, Progress, Puzzle, Report, Space, Step, TableStatus,
};
use crate::rotation::Rotation;
use crate::sliding::{Eight, Sliding};
use crate::solitaire::SolitairePuzzle;
use crate::topspin::TopSpin;

/// A puzzle behind a name, its options and answers as JSON.
pub trait Entry: Sync {
    /// Its name, judges, input format and algorithms.
    fn about(&self) -> &'static About;

    /// The options a front-end offers as form controls.
    fn options(&self) -> &'static [OptionSpec];

    /// Whether some of its option sets keep tables in a folder without a table layout
    /// ([`Puzzle::TABLES_WITHOUT_LAYOUT`]).
    fn tables_without_layout(&self) -> bool;

    /// Whether a solver for `options` (JSON) keeps tables in a folder without a table layout
    /// ([`Puzzle::tables_in_folder`]); not for options the puzzle does not take.
    fn tables_in_folder(&self, options: &Value) -> bool;

    /// Each case of `input` (read with the default options) as a judge input of its own.
    fn case_inputs(&self, input: &[u8]) -> Result<Vec<String>, Failure>;

    /// Each case of `input`, read with `options` (JSON), as a judge input of its own made of
    /// the input's own lines that hold it, as they are (for a peer program that reads one case).
    fn case_lines(&self, options: Value, input: &[u8]) -> Result<Vec<String>, Failure>;

    /// The answers to the cases of `input`, read and solved with `options` (a JSON object of the
    /// puzzle's options; missing fields take their defaults), each as a [`Report`]; the boards
    /// along each solution when `steps` is set, within the memory budget of `limits` (a case
    /// whose boards would pass it is stopped: [`Solved::steps`](crate::puzzle::Solved::steps)).
    /// A malformed case ends the list with its error.
    fn solve(
        &self,
        options: Value,
        input: &[u8],
        limits: &CaseLimits,
        steps: bool,
    ) -> Result<Vec<Result<Value, ParseError>>, Failure>;

    /// A solver for `options` (JSON), its tables within the memory budget of `limits`, to
    /// answer one input after another: a front-end may keep it from request to request.
    fn solver(&self, options: Value, limits: &CaseLimits) -> Result<Box<dyn Solver>, Failure>;

    /// A judge input of `count` random cases, drawn from `seed` as `options` (JSON) say.
    fn generate(&self, options: Value, count: usize, seed: u64) -> Result<String, Failure>;

    /// The whole space of the positions `options` (JSON) describe, for exploration; `None` for
    /// a puzzle without a ranked space.
    fn space(&self, options: Value) -> Result<Option<Space>, Failure>;

    /// Loads or builds (and caches) the tables of [`Solver::tables`] within the memory
    /// budget of `limits`, telling `progress`; a line for each.
    fn build_tables(
        &self,
        options: Value,
        limits: &CaseLimits,
        progress: Progress,
    ) -> Result<Result<Vec<String>, StopReason>, Failure>;
}

/// A puzzle's solver for some options, built once (its tables loaded, its memory allocated) and
/// kept to answer input after input, each read on its own.
pub trait Solver: Send {
    /// The answer to the one case of `input`, read and solved as [`Entry::solve`] does, with
    /// the boards along the solution when `steps` is set, or why there is not exactly one case.
    /// An answer whose JSON text would pass `max_bytes` is [`Failure::TooLarge`], found before
    /// its steps are drawn and before it is made a [`Value`].
    fn solve_one(
        &mut self,
        input: &[u8],
        limits: &CaseLimits,
        steps: bool,
        max_bytes: u64,
    ) -> Result<Value, Failure>;

    /// The one case of `input` drawn, and each move a player may make from it by hand.
    fn position(&mut self, input: &[u8]) -> Result<Position, Failure>;

    /// The tables the solver needs, and whether the cache holds them.
    fn tables(&self) -> Vec<TableStatus>;

    /// The bytes of the tables it needs (loaded, or loaded on its next answer).
    fn table_bytes(&self) -> u64 {
        self.tables().iter().map(|table| table.bytes).sum()
    }
}

/// A case as the playground shows it: drawn, with the moves a player may make from it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Position {
    /// The case as a judge input of its own.
    pub case: String,
    /// The board drawn as the steps draw it.
    pub board: String,
    /// The moves from here.
    pub moves: Vec<Played>,
}

/// A move made by hand and where it leads.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Played {
    /// The move in the judge's notation.
    #[serde(rename = "move")]
    pub action: String,
    /// The case it leads to, as a judge input of its own.
    pub case: String,
    /// That case drawn.
    pub board: String,
}

/// Why a puzzle could not do what was asked before reading any case.
#[derive(Debug, thiserror::Error)]
pub enum Failure {
    /// The options do not fit the puzzle.
    #[error(transparent)]
    Options(#[from] OptionsError),
    /// The options are not the puzzle's options (serde's words, said once: not also as a source).
    #[error("bad options: {0}")]
    Json(serde_json::Error),
    /// A case of the input is malformed.
    #[error(transparent)]
    Input(#[from] ParseError),
    /// An answer would take more bytes than allowed.
    #[error("{what} would take about {needed} bytes, more than the {allowed} allowed")]
    TooLarge {
        /// What would: the answer, its steps.
        what: &'static str,
        /// The bytes it would take, about.
        needed: u64,
        /// The bytes allowed.
        allowed: u64,
    },
}

impl From<serde_json::Error> for Failure {
    fn from(error: serde_json::Error) -> Self {
        Failure::Json(error)
    }
}

/// The entry of puzzle `P`.
struct Registered<P>(PhantomData<fn() -> P>);

impl<P: Puzzle> Entry for Registered<P> {
    fn about(&self) -> &'static About {
        &P::ABOUT
    }

    fn options(&self) -> &'static [OptionSpec] {
        P::OPTIONS
    }

    fn tables_without_layout(&self) -> bool {
        P::TABLES_WITHOUT_LAYOUT
    }

    fn tables_in_folder(&self, options: &Value) -> bool {
        P::Options::deserialize(options).is_ok_and(|options| P::tables_in_folder(&options))
    }

    fn case_inputs(&self, input: &[u8]) -> Result<Vec<String>, Failure> {
        let solver = P::solver(&P::Options::default(), &CaseLimits::default(), None)?;
        let mut input = Input::new(input);
        let mut inputs = Vec::new();
        while let Some(case) = P::read_case(&solver, &mut input, inputs.len() + 1)? {
            inputs.push(P::case_input(&solver, &case));
        }
        Ok(inputs)
    }

    fn case_lines(&self, options: Value, input: &[u8]) -> Result<Vec<String>, Failure> {
        let options: P::Options = serde_json::from_value(options)?;
        let solver = P::solver(&options, &CaseLimits::default(), None)?;
        let lines: Vec<&[u8]> = input.split_inclusive(|&byte| byte == b'\n').collect();
        let mut reader = Input::new(input);
        let (mut inputs, mut after) = (Vec::new(), 0);
        while let Some(case) = P::read_case(&solver, &mut reader, inputs.len() + 1)? {
            let last = reader.line_read().min(lines.len());
            // A case that shares its line with the one before has no lines of its own.
            let held = lines[after.min(last)..last].concat();
            let mut held = String::from_utf8_lossy(&held).into_owned();
            if held.is_empty() {
                held = P::case_input(&solver, &case);
            } else if !held.ends_with('\n') {
                held.push('\n');
            }
            inputs.push(P::standalone_input(&solver, &case, held));
            after = last;
        }
        Ok(inputs)
    }

    fn solve(
        &self,
        options: Value,
        input: &[u8],
        limits: &CaseLimits,
        steps: bool,
    ) -> Result<Vec<Result<Value, ParseError>>, Failure> {
        let options: P::Options = serde_json::from_value(options)?;
        let mut solver = P::solver(&options, limits, None)?;
        let mut input = Input::new(input);
        let mut reports = Vec::new();
        loop {
            let number = reports.len() + 1;
            let case = match P::read_case(&solver, &mut input, number) {
                Ok(Some(case)) => case,
                Ok(None) => break,
                Err(error) => {
                    reports.push(Err(error));
                    break;
                }
            };
            let mut solved = P::solve(&mut solver, &case, limits);
            let steps = steps.then(|| solved.steps::<P>(&solver, &case, limits));
            let report = Report::new::<P>(&solver, number, &case, &solved, steps);
            reports.push(Ok(serde_json::to_value(report)?));
        }
        Ok(reports)
    }

    fn solver(&self, options: Value, limits: &CaseLimits) -> Result<Box<dyn Solver>, Failure> {
        let options: P::Options = serde_json::from_value(options)?;
        Ok(Box::new(Built::<P>(P::solver(&options, limits, None)?)))
    }

    fn generate(&self, options: Value, count: usize, seed: u64) -> Result<String, Failure> {
        let options: P::GenOptions = serde_json::from_value(options)?;
        Ok(P::generate(&options, count, seed)?)
    }

    fn space(&self, options: Value) -> Result<Option<Space>, Failure> {
        let options: P::Options = serde_json::from_value(options)?;
        Ok(P::space(&options)?)
    }

    fn build_tables(
        &self,
        options: Value,
        limits: &CaseLimits,
        progress: Progress,
    ) -> Result<Result<Vec<String>, StopReason>, Failure> {
        let options: P::Options = serde_json::from_value(options)?;
        let mut solver = P::solver(&options, limits, Some(progress))?;
        Ok(P::build_tables(&mut solver, limits))
    }
}

/// The solver of puzzle `P`, behind [`Solver`].
struct Built<P: Puzzle>(P::Solver);

impl<P: Puzzle> Solver for Built<P> {
    fn solve_one(
        &mut self,
        input: &[u8],
        limits: &CaseLimits,
        steps: bool,
        max_bytes: u64,
    ) -> Result<Value, Failure> {
        let Self(solver) = self;
        P::restart(solver);
        let case = read_one::<P>(solver, input)?;
        let mut solved = P::solve(solver, &case, limits);
        let too_large = |what, needed| Failure::TooLarge {
            what,
            needed,
            allowed: max_bytes,
        };
        if let (true, Ok(answer)) = (steps, &solved.answer) {
            let needed = steps_bytes::<P>(solver, &case, answer);
            if needed > max_bytes {
                return Err(too_large(
                    "the boards along this solution (ask without steps)",
                    needed,
                ));
            }
        }
        let steps = steps.then(|| solved.steps::<P>(solver, &case, limits));
        let report = Report::new::<P>(solver, 1, &case, &solved, steps);
        let mut counted = ByteCount(0);
        serde_json::to_writer(&mut counted, &report)?;
        if counted.0 > max_bytes {
            return Err(too_large("the answer", counted.0));
        }
        Ok(serde_json::to_value(report)?)
    }

    fn position(&mut self, input: &[u8]) -> Result<Position, Failure> {
        let Self(solver) = self;
        P::restart(solver);
        let case = read_one::<P>(solver, input)?;
        let moves = P::moves(solver, &case)
            .into_iter()
            .map(|(action, next)| Played {
                action,
                case: P::case_input(solver, &next),
                board: drawn::<P>(solver, &next),
            })
            .collect();
        Ok(Position {
            case: P::case_input(solver, &case),
            board: drawn::<P>(solver, &case),
            moves,
        })
    }

    fn tables(&self) -> Vec<TableStatus> {
        P::tables(&self.0)
    }
}

/// A writer that keeps nothing but the number of bytes written to it.
struct ByteCount(u64);

impl io::Write for ByteCount {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0 += bytes.len() as u64;
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// What a step's board adds to its drawing in a JSON answer, at most: its move, its heading
/// and the fields' names.
const STEP_OVERHEAD: u64 = 96;

/// The bytes the steps of `answer` to `case` take in a JSON answer, about: one board drawn
/// like the start for each move and the start, each line break written as two bytes.
fn steps_bytes<P: Puzzle>(solver: &P::Solver, case: &P::Case, answer: &P::Answer) -> u64 {
    let start = drawn::<P>(solver, case);
    let board = (start.len() + start.lines().count()) as u64 + STEP_OVERHEAD;
    (P::solution_moves(solver, answer) as u64 + 1).saturating_mul(board)
}

/// The one case of `input`, or why there is not exactly one.
fn read_one<P: Puzzle>(solver: &P::Solver, input: &[u8]) -> Result<P::Case, ParseError> {
    let mut input = Input::new(input);
    let case = P::read_case(solver, &mut input, 1)?
        .ok_or_else(|| ParseError::new(input.line_read().max(1), "no case in the input"))?;
    match P::read_case(solver, &mut input, 2) {
        Ok(None) => Ok(case),
        _ => Err(ParseError::new(
            input.line_read(),
            "more than one case: one at a time, please",
        )),
    }
}

/// `case` drawn as the start of its steps.
fn drawn<P: Puzzle>(solver: &P::Solver, case: &P::Case) -> String {
    P::steps(solver, case, None)
        .into_iter()
        .next()
        .map(Step::into_board)
        .unwrap_or_default()
}

/// Every puzzle.
pub static PUZZLES: &[&dyn Entry] = &[
    &Registered::<Rotation>(PhantomData),
    &Registered::<Eight>(PhantomData),
    &Registered::<Sliding>(PhantomData),
    &Registered::<SolitairePuzzle>(PhantomData),
    &Registered::<Four>(PhantomData),
    &Registered::<GridPuzzle>(PhantomData),
    &Registered::<Pancake>(PhantomData),
    &Registered::<CubePuzzle>(PhantomData),
    &Registered::<Hanoi>(PhantomData),
    &Registered::<TopSpin>(PhantomData),
    &Registered::<Psvn>(PhantomData),
];

/// The puzzle called `name`.
pub fn find(name: &str) -> Option<&'static dyn Entry> {
    PUZZLES
        .iter()
        .copied()
        .find(|entry| entry.about().name == name)
}

/// The names of every puzzle, for messages.
pub fn names() -> Vec<&'static str> {
    PUZZLES.iter().map(|entry| entry.about().name).collect()
}

#[cfg(test)]
mod tests {
    use serde_json::{Map, json};

    use super::*;
    use crate::puzzle::OptionKind;

    /// The options `{name: value}`, read as puzzle `P`'s and given to its solver, on the default
    /// board or on another the puzzle offers (the 2x2x2's quarter-turn metric): why not.
    fn refusal<P: Puzzle>(name: &str, value: Value) -> Option<String> {
        let refused = refusal_with::<P>(json!({ name: value }))?;
        let on_another_board = P::OPTIONS
            .iter()
            .filter(|spec| spec.shapes_board && spec.name != name)
            .flat_map(|spec| {
                offered_values(spec)
                    .into_iter()
                    .map(|board| (spec.name, board))
            })
            .any(|(field, board)| {
                refusal_with::<P>(json!({ name: value.clone(), field: board })).is_none()
            });
        (!on_another_board).then_some(refused)
    }

    /// The options `options`, read as puzzle `P`'s and given to its solver: why not.
    fn refusal_with<P: Puzzle>(options: Value) -> Option<String> {
        let read = serde_json::from_value::<P::Options>(options.clone())
            .map_err(|error| error.to_string())
            .and_then(|options| {
                P::solver(&options, &CaseLimits::default(), None)
                    .map(drop)
                    .map_err(|error| error.to_string())
            });
        read.err()
            .map(|error| format!("{}: {options}: {error}", P::ABOUT.name))
    }

    /// Every value each of `P`'s offered options says it takes, as JSON.
    fn offered_values(spec: &OptionSpec) -> Vec<Value> {
        match spec.kind {
            OptionKind::Choice { values, .. } => {
                values.iter().map(|(value, _)| json!(value)).collect()
            }
            OptionKind::Number { min, max, default } => [Some(min), Some(max), default]
                .into_iter()
                .flatten()
                .map(Value::from)
                .collect(),
            OptionKind::Text {
                example, default, ..
            } => [Some(example), default]
                .into_iter()
                .flatten()
                .map(Value::from)
                .collect(),
            OptionKind::Lines { example } => vec![json!(example)],
            OptionKind::Flag { .. } => vec![json!(true), json!(false)],
        }
    }

    /// The refusals of `P`'s offered options: each names a field of its options, its default is
    /// among its values, and the puzzle takes each value it offers.
    fn option_refusals<P: Puzzle>() -> Vec<String> {
        let fields: Map<String, Value> =
            serde_json::from_value(serde_json::to_value(P::Options::default()).unwrap()).unwrap();
        let mut refusals = Vec::new();
        for spec in P::OPTIONS {
            for name in std::iter::once(spec.name).chain(spec.without) {
                if !fields.contains_key(name) {
                    refusals.push(format!("{}: no option {name}", P::ABOUT.name));
                }
            }
            if let OptionKind::Choice { values, default } = spec.kind
                && !values.iter().any(|(value, _)| *value == default)
            {
                refusals.push(format!("{}: default {default} not offered", spec.name));
            }
            for value in offered_values(spec) {
                refusals.extend(refusal::<P>(spec.name, value.clone()));
                if spec.shapes_board {
                    refusals.extend(gen_refusal::<P>(spec.name, value));
                }
            }
        }
        refusals
    }

    /// The random boards' options `{name: value}`, `value` read as JSON when it is JSON (as a
    /// query string's values are read): why puzzle `P` refuses them.
    fn gen_refusal<P: Puzzle>(name: &str, value: Value) -> Option<String> {
        let value = match &value {
            Value::String(text) => serde_json::from_str(text).unwrap_or(value),
            _ => value,
        };
        let options = json!({ name: value });
        serde_json::from_value::<P::GenOptions>(options.clone())
            .err()
            .map(|error| format!("{} gen: {options}: {error}", P::ABOUT.name))
    }

    #[test]
    fn every_offered_option_is_taken_by_its_puzzle() {
        let refusals = [
            option_refusals::<Rotation>(),
            option_refusals::<Eight>(),
            option_refusals::<Sliding>(),
            option_refusals::<SolitairePuzzle>(),
            option_refusals::<Four>(),
            option_refusals::<GridPuzzle>(),
            option_refusals::<Pancake>(),
            option_refusals::<CubePuzzle>(),
            option_refusals::<Hanoi>(),
            option_refusals::<TopSpin>(),
            option_refusals::<Psvn>(),
        ]
        .concat();
        assert_eq!(refusals, Vec::<String>::new());
        assert_eq!(PUZZLES.len(), 11, "each puzzle is checked above");
        assert!(
            PUZZLES
                .iter()
                .all(|entry| entry.options()[..].iter().any(|spec| spec.name == "algo"))
        );
    }

    #[test]
    fn a_value_not_offered_is_refused() {
        assert!(refusal::<Eight>("heuristic", json!("euclid")).is_some());
        assert!(refusal::<Rotation>("threads", json!(0)).is_some());
    }
}
