//! Every puzzle, by name: what a front-end that serves all puzzles alike (the playground, the
//! benchmark runner) reaches them through. Adding a puzzle to every front-end is one line in
//! [`PUZZLES`] plus the puzzle's module.

use std::marker::PhantomData;

use serde::Serialize;
use serde_json::Value;
use statespace_engine::StopReason;

use crate::four::Four;
use crate::grid::GridPuzzle;
use crate::input::{Input, ParseError};
use crate::puzzle::{
    About, CaseLimits, OptionsError, Progress, Puzzle, Report, Space, Step, TableStatus,
};
use crate::rotation::Rotation;
use crate::sliding::{Eight, Sliding};
use crate::solitaire::SolitairePuzzle;

/// A puzzle behind a name, its options and answers as JSON.
pub trait Entry: Sync {
    /// Its name, judges, input format and algorithms.
    fn about(&self) -> &'static About;

    /// Each case of `input` (read with the default options) as a judge input of its own.
    fn case_inputs(&self, input: &[u8]) -> Result<Vec<String>, Failure>;

    /// The answers to the cases of `input`, read and solved with `options` (a JSON object of the
    /// puzzle's options; missing fields take their defaults), each as a [`Report`]; the boards
    /// along each solution when `steps` is set. A malformed case ends the list with its error.
    fn solve(
        &self,
        options: Value,
        input: &[u8],
        limits: &CaseLimits,
        steps: bool,
    ) -> Result<Vec<Result<Value, ParseError>>, Failure>;

    /// The answer to the one case of `input` (read and solved as [`solve`](Self::solve) does),
    /// or why there is not exactly one case.
    fn solve_one(
        &self,
        options: Value,
        input: &[u8],
        limits: &CaseLimits,
        steps: bool,
    ) -> Result<Value, Failure>;

    /// The one case of `input` drawn, and each move a player may make from it by hand.
    fn position(&self, options: Value, input: &[u8]) -> Result<Position, Failure>;

    /// A judge input of `count` random cases, drawn from `seed` as `options` (JSON) say.
    fn generate(&self, options: Value, count: usize, seed: u64) -> Result<String, Failure>;

    /// The whole space of the positions `options` (JSON) describe, for exploration; `None` for
    /// a puzzle without a ranked space.
    fn space(&self, options: Value) -> Result<Option<Space>, Failure>;

    /// The tables a solver for `options` (JSON) needs, and whether the cache holds them.
    fn tables(&self, options: Value) -> Result<Vec<TableStatus>, Failure>;

    /// Loads or builds (and caches) the tables of [`tables`](Self::tables) within the memory
    /// budget of `limits`, telling `progress`; a line for each.
    fn build_tables(
        &self,
        options: Value,
        limits: &CaseLimits,
        progress: Progress,
    ) -> Result<Result<Vec<String>, StopReason>, Failure>;
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

    fn case_inputs(&self, input: &[u8]) -> Result<Vec<String>, Failure> {
        let solver = P::solver(&P::Options::default(), &CaseLimits::default(), None)?;
        let mut input = Input::new(input);
        let mut inputs = Vec::new();
        while let Some(case) = P::read_case(&solver, &mut input, inputs.len() + 1)? {
            inputs.push(P::case_input(&solver, &case));
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
            let solved = P::solve(&mut solver, &case, limits);
            let report = Report::new::<P>(&solver, number, &case, &solved, steps);
            reports.push(Ok(serde_json::to_value(report)?));
        }
        Ok(reports)
    }

    fn solve_one(
        &self,
        options: Value,
        input: &[u8],
        limits: &CaseLimits,
        steps: bool,
    ) -> Result<Value, Failure> {
        let options: P::Options = serde_json::from_value(options)?;
        let mut solver = P::solver(&options, limits, None)?;
        let case = read_one::<P>(&solver, input)?;
        let solved = P::solve(&mut solver, &case, limits);
        let report = Report::new::<P>(&solver, 1, &case, &solved, steps);
        Ok(serde_json::to_value(report)?)
    }

    fn position(&self, options: Value, input: &[u8]) -> Result<Position, Failure> {
        let options: P::Options = serde_json::from_value(options)?;
        let solver = P::solver(&options, &CaseLimits::default(), None)?;
        let case = read_one::<P>(&solver, input)?;
        let moves = P::moves(&solver, &case)
            .into_iter()
            .map(|(action, next)| Played {
                action,
                case: P::case_input(&solver, &next),
                board: drawn::<P>(&solver, &next),
            })
            .collect();
        Ok(Position {
            case: P::case_input(&solver, &case),
            board: drawn::<P>(&solver, &case),
            moves,
        })
    }

    fn generate(&self, options: Value, count: usize, seed: u64) -> Result<String, Failure> {
        let options: P::GenOptions = serde_json::from_value(options)?;
        Ok(P::generate(&options, count, seed)?)
    }

    fn space(&self, options: Value) -> Result<Option<Space>, Failure> {
        let options: P::Options = serde_json::from_value(options)?;
        Ok(P::space(&options)?)
    }

    fn tables(&self, options: Value) -> Result<Vec<TableStatus>, Failure> {
        let options: P::Options = serde_json::from_value(options)?;
        let solver = P::solver(&options, &CaseLimits::default(), None)?;
        Ok(P::tables(&solver))
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
