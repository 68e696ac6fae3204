//! The Rotation Game's face: its judge format, solvers and random boards behind the [`Puzzle`]
//! trait every front-end uses.

use std::fmt::Write;
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use statespace_engine::{PerfectHash, Stats};

use crate::input::{Input, ParseError, Source};
use crate::puzzle::{
    About, CaseLimits, OptionSpec, OptionsError, Progress, Puzzle, Solved, Space, Step,
    format_duration, moves_summary, thread_count,
};

use super::board::{Board, Move};
use super::boards::Boards;
use super::generate::random_boards;
use super::parse::read_board;
use super::print::{draw, steps};
use super::solve::{Algorithm, Answer, Solver};

/// The Rotation Game (UVa 1343, POJ 2286, HDU 1667, AcWing 181).
#[derive(Clone, Copy, Debug)]
pub struct Rotation;

/// How the boards are solved.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// The algorithm.
    pub algo: Algorithm,
    /// The threads IDA* splits its larger iterations over (default 1); every number gives the
    /// same answers.
    pub threads: Option<usize>,
}

/// What random boards `gen` draws.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct GenOptions {
    /// Only boards that need at least this many moves (at most 13).
    pub min_moves: u32,
}

impl Puzzle for Rotation {
    const ABOUT: About = About {
        name: "rotation",
        title: "The Rotation Game",
        judges: "UVa 1343, POJ 2286, HDU 1667, AcWing 181",
        input: "24 numbers per case (cells 0 to 23 of the '#'), ended by a lone 0",
        algorithms: &[
            (
                "table",
                "walk an exact distance table over the placements of one digit, built once",
            ),
            ("idastar", "IDA* per board with the centre-count heuristic"),
        ],
        example: include_str!("../../../../examples/rotation.txt"),
        layouts: &[],
    };
    const OPTIONS: &'static [OptionSpec] = &[
        OptionSpec::algorithm(Self::ABOUT.algorithms),
        OptionSpec::threads("the threads IDA* splits its larger iterations over (default 1)"),
    ];
    type Options = Options;
    type GenOptions = GenOptions;
    type Case = Board;
    type Answer = Answer;
    type Solver = Solver;

    fn solver(
        options: &Options,
        _: &CaseLimits,
        _: Option<Progress>,
    ) -> Result<Solver, OptionsError> {
        Ok(Solver::new(options.algo, thread_count(options.threads, 1)?))
    }

    fn read_case(
        _: &Solver,
        input: &mut Input<impl Source>,
        _: usize,
    ) -> Result<Option<Board>, ParseError> {
        read_board(input)
    }

    fn solve(solver: &mut Solver, board: &Board, limits: &CaseLimits) -> Solved<Answer> {
        let (answer, stats, built) = solver.solve(board, &limits.start());
        Solved {
            answer,
            stats,
            notes: built.iter().map(table_note).collect(),
        }
    }

    fn output(_: &Solver, _: &Board, answer: &Answer, out: &mut String) {
        // Writing to a String cannot fail.
        let _ = writeln!(out, "{answer}");
    }

    fn summary(_: &Solver, answer: &Answer) -> String {
        moves_summary(answer.moves.len())
    }

    fn steps(_: &Solver, board: &Board, answer: Option<&Answer>) -> Vec<Step> {
        steps(board, answer.map_or(&[][..], |answer| &answer.moves))
    }

    fn solution_moves(_: &Solver, answer: &Answer) -> usize {
        answer.moves.len()
    }

    fn space(_: &Options) -> Result<Option<Space>, OptionsError> {
        let boards = Boards::new();
        let goals = boards
            .goals()
            .iter()
            .map(|goal| boards.rank(goal))
            .collect();
        let drawing = boards.clone();
        Ok(Some(Space {
            ranked: Arc::new(boards),
            goals,
            draw: Box::new(move |rank| draw(&drawing.unrank(rank))),
        }))
    }

    fn case_input(_: &Solver, board: &Board) -> String {
        format!("{board}\n0\n")
    }

    fn standalone_input(_: &Solver, _: &Board, lines: String) -> String {
        lines + "0\n"
    }

    fn moves(_: &Solver, board: &Board) -> Vec<(String, Board)> {
        Move::ALL
            .into_iter()
            .map(|mv| {
                let mut next = *board;
                next.apply(mv);
                (mv.letter().to_string(), next)
            })
            .collect()
    }

    fn generate(options: &GenOptions, count: usize, seed: u64) -> Result<String, OptionsError> {
        let boards = random_boards(count, seed, options.min_moves)
            .map_err(|error| OptionsError::new(error.to_string()))?;
        let mut text: String = boards.iter().map(|board| format!("{board}\n")).collect();
        text.push_str("0\n");
        Ok(text)
    }
}

/// The statistics line of the table's construction.
fn table_note(stats: &Stats) -> String {
    format!(
        "table: {} placements, {} layers, {} generated, built in {}",
        stats.expanded,
        stats.layers.len(),
        stats.generated,
        format_duration(stats.elapsed)
    )
}
