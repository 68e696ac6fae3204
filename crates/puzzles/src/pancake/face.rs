//! The pancake puzzle's face: its input format, solvers, random stacks and space behind the
//! [`Puzzle`] trait every front-end uses.

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use statespace_engine::PerfectHash;

use crate::input::{Input, ParseError, Source};
use crate::puzzle::{
    About, CaseLimits, OptionKind, OptionSpec, OptionsError, Progress, Puzzle, Solved, Space, Step,
    count_or_text,
};

use super::board::{MAX_PANCAKES, MAX_RANKED, MAX_RANKED_BURNT, Pancakes, Stack};
use super::generate::random_stacks;
use super::parse::read_stack;
use super::print::{answer, draw, steps};
use super::solve::{Algorithm, Answer, Heuristic, Solver};
use super::space::Flips;

/// The pancake puzzle, plain or burnt (HOG2's research domain).
#[derive(Clone, Copy, Debug)]
pub struct Pancake;

/// How the stacks are solved, and the stacks explored.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// The algorithm.
    pub algo: Algorithm,
    /// The estimate of the flips left.
    pub heuristic: Heuristic,
    /// Burnt pancakes: a flip turns each flipped one over, and the goal has every burnt side
    /// down.
    pub burnt: bool,
    /// The pancakes of the stacks explored (solving takes stacks of any size, line by line).
    #[serde(deserialize_with = "count_or_text")]
    pub size: Option<usize>,
}

/// What random stacks `gen` draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct GenOptions {
    /// The pancakes in each stack.
    #[serde(deserialize_with = "count_or_text")]
    pub size: Option<usize>,
    /// Burnt stacks: each pancake burnt side up or down alike.
    pub burnt: bool,
}

/// The stacks `gen` draws unless told.
const DEFAULT_SIZE: usize = 10;

impl Default for GenOptions {
    fn default() -> Self {
        Self {
            size: Some(DEFAULT_SIZE),
            burnt: false,
        }
    }
}

/// `size` if it is a stack's, else why not.
fn checked_size(size: usize) -> Result<usize, OptionsError> {
    if (1..=MAX_PANCAKES).contains(&size) {
        Ok(size)
    } else {
        Err(OptionsError::new(format!(
            "{size} pancakes: from 1 to {MAX_PANCAKES}, please"
        )))
    }
}

impl Puzzle for Pancake {
    const ABOUT: About = About {
        name: "pancake",
        title: "The pancake puzzle",
        judges: "HOG2's research domains (Helmert, SoCS 2010)",
        input: "one stack per line, top first: the sizes 1 to N (negative: burnt side up)",
        algorithms: &[
            (
                "idastar",
                "IDA* with the gap heuristic, in memory linear in the flips",
            ),
            (
                "astar",
                "A* with the gap heuristic, keeping every stack it reaches",
            ),
            (
                "mm",
                "MM, bidirectional heuristic search meeting in the middle, the gap heuristic \
                 both ways",
            ),
            (
                "nbs",
                "NBS, bidirectional heuristic search expanding pairs, the gap heuristic both \
                 ways",
            ),
            (
                "dvcbs",
                "DVCBS, bidirectional heuristic search expanding a least vertex cover, as NBS",
            ),
        ],
        example: include_str!("../../../../examples/pancake.txt"),
        layouts: &[],
    };
    const OPTIONS: &'static [OptionSpec] = &[
        OptionSpec::algorithm(Self::ABOUT.algorithms),
        OptionSpec {
            name: "heuristic",
            label: "estimate",
            help: "the estimate of the flips left",
            kind: OptionKind::Choice {
                values: &[
                    ("gap", "Helmert's gap heuristic"),
                    ("gap-1", "gap-1: the gaps but those next to pancake 1"),
                    (
                        "gap-2",
                        "gap-2: the gaps but those next to pancakes 1 and 2",
                    ),
                    ("gap-3", "gap-3: the gaps but those next to pancakes 1 to 3"),
                    ("zero", "none: a blind search, for comparison"),
                ],
                default: "gap",
            },
            without: None,
            shapes_board: false,
        },
        OptionSpec {
            name: "burnt",
            label: "burnt",
            help: "burnt pancakes: a flip turns each one over; all burnt sides end down",
            kind: OptionKind::Flag { default: false },
            without: None,
            shapes_board: true,
        },
        OptionSpec {
            name: "size",
            label: "pancakes",
            help: "the pancakes of random stacks",
            kind: OptionKind::Number {
                min: 1,
                max: MAX_PANCAKES as u64,
                default: Some(DEFAULT_SIZE as u64),
            },
            without: None,
            shapes_board: true,
        },
    ];
    type Options = Options;
    type GenOptions = GenOptions;
    type Case = Stack;
    type Answer = Answer;
    type Solver = Solver;

    fn solver(
        options: &Options,
        _: &CaseLimits,
        _: Option<Progress>,
    ) -> Result<Solver, OptionsError> {
        if let Some(size) = options.size {
            checked_size(size)?;
        }
        Ok(Solver::new(options.algo, options.heuristic, options.burnt))
    }

    fn read_case(
        solver: &Solver,
        input: &mut Input<impl Source>,
        _: usize,
    ) -> Result<Option<Stack>, ParseError> {
        read_stack(input, solver.burnt())
    }

    fn solve(solver: &mut Solver, stack: &Stack, limits: &CaseLimits) -> Solved<Answer> {
        let (answer, stats) = solver.solve(stack, &limits.start());
        Solved::new(answer, stats)
    }

    /// A stack sorted already is answered by an empty line: no flips.
    fn output(_: &Solver, _: &Stack, found: &Answer, out: &mut String) {
        out.push_str(&answer(&found.flips));
        out.push('\n');
    }

    fn summary(_: &Solver, answer: &Answer) -> String {
        match answer.flips.len() {
            1 => "1 flip".to_string(),
            flips => format!("{flips} flips"),
        }
    }

    fn steps(solver: &Solver, stack: &Stack, answer: Option<&Answer>) -> Vec<Step> {
        let flips = answer.map_or(&[][..], |answer| &answer.flips);
        steps(stack, flips, &solver.replay(stack, flips))
    }

    fn solution_moves(_: &Solver, answer: &Answer) -> usize {
        answer.flips.len()
    }

    fn case_input(_: &Solver, stack: &Stack) -> String {
        draw(stack)
    }

    fn moves(solver: &Solver, stack: &Stack) -> Vec<(String, Stack)> {
        let smallest = if solver.burnt() { 1 } else { 2 };
        (smallest..=stack.len())
            .map(|k| {
                let mut next = stack.clone();
                next.flip(k, solver.burnt());
                (k.to_string(), next)
            })
            .collect()
    }

    fn generate(options: &GenOptions, count: usize, seed: u64) -> Result<String, OptionsError> {
        let size = checked_size(options.size.unwrap_or(DEFAULT_SIZE))?;
        let stacks = random_stacks(size, options.burnt, count, seed);
        Ok(stacks.iter().map(draw).collect())
    }

    fn space(options: &Options) -> Result<Option<Space>, OptionsError> {
        let size = options.size.ok_or_else(|| {
            OptionsError::new("exploring pancake stacks needs their size (--size N)")
        })?;
        let most = if options.burnt {
            MAX_RANKED_BURNT
        } else {
            MAX_RANKED
        };
        if !(1..=most).contains(&size) {
            return Err(OptionsError::new(format!(
                "exploration ranks stacks of 1 to {MAX_RANKED} pancakes ({MAX_RANKED_BURNT} \
                 burnt), not {size}"
            )));
        }
        let domain = Pancakes {
            size,
            burnt: options.burnt,
        };
        Ok(Some(Space {
            ranked: Arc::new(Flips {
                size,
                burnt: options.burnt,
            }),
            goals: vec![domain.rank(&Stack::sorted(size))],
            draw: Box::new(move |rank| draw(&domain.unrank(rank))),
        }))
    }
}
