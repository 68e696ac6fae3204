//! Four in a row's face: its judge format, solvers and random boards behind the [`Puzzle`]
//! trait every front-end uses.

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use statespace_engine::PerfectHash;

use crate::input::{Input, ParseError, Source};
use crate::puzzle::{
    About, CaseLimits, OptionSpec, OptionsError, Progress, Puzzle, Solved, Space, Step,
    moves_summary,
};

use super::board::{Board, Counts, FourInARow};
use super::generate::random_boards;
use super::parse::read_board;
use super::print::{answer, slide_name, steps};
use super::solve::{Algorithm, Answer, Solver, won_positions};

/// 四子连棋, four in a row (Luogu P2346, codevs 1004).
#[derive(Clone, Copy, Debug)]
pub struct Four;

/// How the boards are answered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// The algorithm.
    pub algo: Algorithm,
}

/// `gen` draws judge boards: seven pieces of each colour and two empty cells.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GenOptions {}

impl Puzzle for Four {
    const ABOUT: About = About {
        name: "four",
        title: "Four in a row (四子连棋)",
        judges: "Luogu P2346, codevs 1004",
        input: "4 lines of 4 cells per board: B, W and O (empty)",
        algorithms: &[
            (
                "bfs",
                "forward breadth-first search from each board (about 2 us a board)",
            ),
            (
                "table",
                "a table of every position, built once per count signature by backward BFS \
                 (about 0.12 s), then O(1) a board",
            ),
        ],
        example: include_str!("../../../../examples/four.txt"),
        layouts: &[],
    };
    const OPTIONS: &'static [OptionSpec] = &[OptionSpec::algorithm(Self::ABOUT.algorithms)];
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
        Ok(Solver::new(options.algo))
    }

    fn read_case(
        _: &Solver,
        input: &mut Input<impl Source>,
        number: usize,
    ) -> Result<Option<Board>, ParseError> {
        read_board(input, number)
    }

    fn solve(solver: &mut Solver, board: &Board, limits: &CaseLimits) -> Solved<Answer> {
        match solver.solve(*board, &limits.start(), true) {
            Ok(mut answer) => {
                let stats = std::mem::take(&mut answer.stats);
                Solved::new(Ok(answer), stats)
            }
            Err(reason) => Solved::new(Err(reason), Default::default()),
        }
    }

    fn output(_: &Solver, _: &Board, found: &Answer, out: &mut String) {
        out.push_str(&answer(found.moves));
        out.push('\n');
    }

    fn summary(_: &Solver, answer: &Answer) -> String {
        answer.moves.map_or_else(
            || "no line possible".to_string(),
            |moves| moves_summary(moves as usize),
        )
    }

    fn steps(_: &Solver, board: &Board, answer: Option<&Answer>) -> Vec<Step> {
        steps(*board, answer.and_then(|answer| answer.solution.as_ref()))
    }

    fn solution_moves(_: &Solver, answer: &Answer) -> usize {
        answer.moves.map_or(0, |moves| moves as usize)
    }

    fn case_input(_: &Solver, board: &Board) -> String {
        format!("{board}\n")
    }

    /// Either colour may move: the judge's board does not say whose turn it is.
    fn moves(_: &Solver, board: &Board) -> Vec<(String, Board)> {
        board
            .slides()
            .into_iter()
            .map(|(slide, next)| (slide_name(slide), next))
            .collect()
    }

    fn space(_: &Options) -> Result<Option<Space>, OptionsError> {
        let domain = FourInARow::new(Counts::JUDGE);
        let goals = won_positions(&domain)
            .iter()
            .map(|position| domain.rank(position))
            .collect();
        let drawing = domain.clone();
        Ok(Some(Space {
            ranked: Arc::new(domain),
            goals,
            draw: Box::new(move |rank| {
                let position = drawing.unrank(rank);
                format!("{}\n{} to move\n", position.board, position.to_move)
            }),
        }))
    }

    fn generate(_: &GenOptions, count: usize, seed: u64) -> Result<String, OptionsError> {
        let boards = random_boards(Counts::JUDGE, count, seed);
        let texts: Vec<String> = boards.iter().map(|board| format!("{board}\n")).collect();
        Ok(texts.join("\n"))
    }
}
