//! The four-peg Towers of Hanoi's face: its input format, solvers, random cases and space
//! behind the [`Puzzle`] trait every front-end uses.

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use statespace_engine::PerfectHash;

use crate::input::{Input, ParseError, Source};
use crate::puzzle::{
    About, CaseLimits, OptionKind, OptionSpec, OptionsError, Progress, Puzzle, Solved, Space, Step,
    moves_summary, table_note,
};

use super::board::{FourPegs, MAX_DISCS, MAX_RANKED, Towers};
use super::generate::random_cases;
use super::parse::read_case;
use super::pattern::{DEFAULT_GROUP, MAX_GROUP, MIN_GROUP};
use super::print::{answer, case_line, draw, steps};
use super::solve::{Algorithm, Answer, Case, Solver, replay};

/// The four-peg Towers of Hanoi (HOG2's research domain; Korf and Felner's benchmark).
#[derive(Clone, Copy, Debug)]
pub struct Hanoi;

/// How the cases are solved, and the towers explored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// The algorithm.
    pub algo: Algorithm,
    /// The most discs of one pattern database (4^N entries).
    pub group: usize,
    /// The discs of the towers explored (solving takes any number, line by line).
    pub discs: Option<usize>,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            algo: Algorithm::default(),
            group: DEFAULT_GROUP,
            discs: None,
        }
    }
}

/// What random cases `gen` draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct GenOptions {
    /// The discs of each case.
    pub discs: Option<usize>,
    /// Random goals too, written after `/`; else every disc ends on peg 4.
    pub random_goal: bool,
}

/// The discs `gen` draws unless told.
const DEFAULT_DISCS: usize = 8;

impl Default for GenOptions {
    fn default() -> Self {
        Self {
            discs: Some(DEFAULT_DISCS),
            random_goal: false,
        }
    }
}

/// `discs` if towers may have that many, else why not.
fn checked_discs(discs: usize, most: usize) -> Result<usize, OptionsError> {
    if (1..=most).contains(&discs) {
        Ok(discs)
    } else {
        Err(OptionsError::new(format!(
            "{discs} discs: from 1 to {most}, please"
        )))
    }
}

impl Puzzle for Hanoi {
    const ABOUT: About = About {
        name: "hanoi",
        title: "The four-peg Towers of Hanoi",
        judges: "HOG2's research domains (Korf and Felner, IJCAI 2007); OEIS A007664, A382111",
        input: "one case per line: the peg (1-4) of each disc, smallest first, then optionally / \
                and the goal's pegs (default: all on peg 4)",
        algorithms: &[
            (
                "astar",
                "A* with additive pattern databases over groups of discs",
            ),
            (
                "idastar",
                "IDA* with the same tables, in memory linear in the moves",
            ),
            (
                "mm",
                "MM, bidirectional heuristic search meeting in the middle, tables toward the \
                 goal and the start",
            ),
            (
                "nbs",
                "NBS, bidirectional heuristic search expanding pairs, tables toward the goal and \
                 the start",
            ),
            (
                "dvcbs",
                "DVCBS, bidirectional heuristic search expanding a least vertex cover, as NBS",
            ),
        ],
        example: include_str!("../../../../examples/hanoi.txt"),
        layouts: &[],
    };
    const OPTIONS: &'static [OptionSpec] = &[
        OptionSpec::algorithm(Self::ABOUT.algorithms),
        OptionSpec {
            name: "group",
            label: "table discs",
            help: "the most discs of one pattern database (4^N bytes)",
            kind: OptionKind::Number {
                min: MIN_GROUP as u64,
                max: MAX_GROUP as u64,
                default: Some(DEFAULT_GROUP as u64),
            },
            without: None,
            shapes_board: false,
        },
        OptionSpec {
            name: "discs",
            label: "discs",
            help: "the discs of random cases",
            kind: OptionKind::Number {
                min: 1,
                max: MAX_DISCS as u64,
                default: Some(DEFAULT_DISCS as u64),
            },
            without: None,
            shapes_board: true,
        },
    ];
    type Options = Options;
    type GenOptions = GenOptions;
    type Case = Case;
    type Answer = Answer;
    type Solver = Solver;

    fn solver(
        options: &Options,
        _: &CaseLimits,
        _: Option<Progress>,
    ) -> Result<Solver, OptionsError> {
        if let Some(discs) = options.discs {
            checked_discs(discs, MAX_DISCS)?;
        }
        if !(MIN_GROUP..=MAX_GROUP).contains(&options.group) {
            return Err(OptionsError::new(format!(
                "tables of {} discs: from {MIN_GROUP} to {MAX_GROUP}, please",
                options.group
            )));
        }
        Ok(Solver::new(options.algo, options.group))
    }

    fn read_case(
        _: &Solver,
        input: &mut Input<impl Source>,
        _: usize,
    ) -> Result<Option<Case>, ParseError> {
        read_case(input)
    }

    fn solve(solver: &mut Solver, case: &Case, limits: &CaseLimits) -> Solved<Answer> {
        let (answer, stats, built) = solver.solve(case, &limits.start());
        Solved {
            answer,
            stats,
            notes: built.iter().map(table_note).collect(),
        }
    }

    /// A case at its goal already is answered by an empty line: no moves.
    fn output(_: &Solver, _: &Case, found: &Answer, out: &mut String) {
        out.push_str(&answer(&found.steps));
        out.push('\n');
    }

    fn summary(_: &Solver, answer: &Answer) -> String {
        moves_summary(answer.steps.len())
    }

    fn steps(_: &Solver, case: &Case, answer: Option<&Answer>) -> Vec<Step> {
        let moves = answer.map_or(&[][..], |answer| &answer.steps);
        steps(case, moves, &replay(case, moves))
    }

    fn solution_moves(_: &Solver, answer: &Answer) -> usize {
        answer.steps.len()
    }

    fn case_input(_: &Solver, case: &Case) -> String {
        case_line(case)
    }

    fn moves(_: &Solver, case: &Case) -> Vec<(String, Case)> {
        case.start
            .steps(case.discs)
            .map(|step| {
                let mut next = *case;
                next.start.play(case.discs, step);
                (step.to_string(), next)
            })
            .collect()
    }

    fn generate(options: &GenOptions, count: usize, seed: u64) -> Result<String, OptionsError> {
        let discs = checked_discs(options.discs.unwrap_or(DEFAULT_DISCS), MAX_DISCS)?;
        let cases = random_cases(discs, options.random_goal, count, seed);
        Ok(cases.iter().map(case_line).collect())
    }

    fn space(options: &Options) -> Result<Option<Space>, OptionsError> {
        let discs = options.discs.ok_or_else(|| {
            OptionsError::new("exploring the towers needs their number of discs (--discs N)")
        })?;
        let discs = checked_discs(discs, MAX_RANKED).map_err(|_| {
            OptionsError::new(format!(
                "exploration ranks towers of 1 to {MAX_RANKED} discs, not {discs}"
            ))
        })?;
        let start = Towers::stacked(discs, 0);
        let domain = FourPegs { discs, goal: start };
        Ok(Some(Space {
            ranked: Arc::new(domain),
            goals: vec![domain.rank(&start)],
            draw: Box::new(move |rank| draw(domain.unrank(rank), discs)),
        }))
    }
}
