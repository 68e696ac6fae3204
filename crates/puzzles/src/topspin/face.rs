//! TopSpin's face: its input format, solvers, random loops and space behind the [`Puzzle`]
//! trait every front-end uses.

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use statespace_engine::PerfectHash;

use crate::input::{Input, ParseError, Source};
use crate::puzzle::{
    About, CaseLimits, OptionKind, OptionSpec, OptionsError, Progress, Puzzle, Solved, Space, Step,
    count_or_text, moves_summary, table_note,
};

use super::board::{DEFAULT_TURNSTILE, MAX_RANKED, MAX_TOKENS, Ring, TopSpin as Domain};
use super::generate::random_rings;
use super::parse::read_ring;
use super::pattern::Combination;
use super::print::{answer, draw, steps};
use super::solve::{Algorithm, Answer, Solver};

/// TopSpin (HOG2's research domain): tokens on a loop, a turnstile that reverses some.
#[derive(Clone, Copy, Debug)]
pub struct TopSpin;

/// The most tokens a turnstile turns.
pub const MAX_TURNSTILE: usize = 16;
/// The tokens `gen` draws unless told: HOG2's 12.
const DEFAULT_SIZE: usize = 12;

/// How loops are solved, and the loops explored or drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// The algorithm.
    pub algo: Algorithm,
    /// The tokens the turnstile reverses.
    pub turnstile: usize,
    /// How the pattern databases make the estimate.
    pub tables: Combination,
    /// The tokens of the loops explored (solving takes loops of any size, line by line).
    #[serde(deserialize_with = "count_or_text")]
    pub size: Option<usize>,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            algo: Algorithm::default(),
            turnstile: DEFAULT_TURNSTILE,
            tables: Combination::default(),
            size: None,
        }
    }
}

/// What random loops `gen` draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct GenOptions {
    /// The tokens of each loop.
    #[serde(deserialize_with = "count_or_text")]
    pub size: Option<usize>,
    /// The turnstile the loops are drawn for (of the parity it can sort).
    pub turnstile: usize,
}

impl Default for GenOptions {
    fn default() -> Self {
        Self {
            size: Some(DEFAULT_SIZE),
            turnstile: DEFAULT_TURNSTILE,
        }
    }
}

/// `size` and `turnstile` if they make a loop, else why not.
fn checked(size: usize, turnstile: usize, most: usize) -> Result<(usize, usize), OptionsError> {
    if !(2..=MAX_TURNSTILE).contains(&turnstile) || turnstile % 2 == 1 {
        return Err(OptionsError::new(format!(
            "a turnstile of {turnstile}: an even number from 2 to {MAX_TURNSTILE}, please"
        )));
    }
    if size < turnstile + 2 || size > most {
        return Err(OptionsError::new(format!(
            "{size} tokens: from {} (the turnstile and two) to {most}, please",
            turnstile + 2
        )));
    }
    Ok((size, turnstile))
}

impl Puzzle for TopSpin {
    const ABOUT: About = About {
        name: "topspin",
        title: "TopSpin",
        judges: "HOG2's research domains (Felner, Zahavi, Holte et al., JAIR 2007)",
        input: "one loop per line: the tokens 1 to N from position 1",
        algorithms: &[
            (
                "idastar",
                "IDA* with pattern databases over tokens, in memory linear in the turns",
            ),
            (
                "astar",
                "A* with the same tables, keeping every loop it reaches",
            ),
            (
                "mm",
                "MM, bidirectional heuristic search meeting in the middle, the tables both ways",
            ),
            (
                "nbs",
                "NBS, bidirectional heuristic search expanding pairs, the tables both ways",
            ),
            (
                "dvcbs",
                "DVCBS, bidirectional heuristic search expanding a least vertex cover, as NBS",
            ),
        ],
        example: include_str!("../../../../examples/topspin.txt"),
        layouts: &[],
    };
    const OPTIONS: &'static [OptionSpec] = &[
        OptionSpec::algorithm(Self::ABOUT.algorithms),
        OptionSpec {
            name: "turnstile",
            label: "turnstile",
            help: "the tokens the turnstile reverses (even)",
            kind: OptionKind::Number {
                min: 2,
                max: MAX_TURNSTILE as u64,
                default: Some(DEFAULT_TURNSTILE as u64),
            },
            without: None,
            shapes_board: true,
        },
        OptionSpec {
            name: "tables",
            label: "tables",
            help: "how the pattern databases make the estimate",
            kind: OptionKind::Choice {
                values: &[
                    (
                        "max",
                        "overlapping groups, every turn costing 1, the largest",
                    ),
                    (
                        "additive",
                        "disjoint groups, a turn costing each the tokens it moves, summed",
                    ),
                ],
                default: "max",
            },
            without: None,
            shapes_board: false,
        },
        OptionSpec {
            name: "size",
            label: "tokens",
            help: "the tokens of random loops",
            kind: OptionKind::Number {
                min: DEFAULT_TURNSTILE as u64 + 2,
                max: MAX_TOKENS as u64,
                default: Some(DEFAULT_SIZE as u64),
            },
            without: None,
            shapes_board: true,
        },
    ];
    type Options = Options;
    type GenOptions = GenOptions;
    type Case = Ring;
    type Answer = Answer;
    type Solver = Solver;

    fn solver(
        options: &Options,
        _: &CaseLimits,
        _: Option<Progress>,
    ) -> Result<Solver, OptionsError> {
        let size = options.size.unwrap_or(MAX_TOKENS);
        checked(size, options.turnstile, MAX_TOKENS)?;
        Ok(Solver::with_tables(
            options.algo,
            options.turnstile,
            options.tables,
        ))
    }

    fn read_case(
        solver: &Solver,
        input: &mut Input<impl Source>,
        _: usize,
    ) -> Result<Option<Ring>, ParseError> {
        read_ring(input, solver.turnstile())
    }

    fn solve(solver: &mut Solver, ring: &Ring, limits: &CaseLimits) -> Solved<Answer> {
        let (answer, stats, built) = solver.solve(ring, &limits.start());
        Solved {
            answer,
            stats,
            notes: built.iter().map(table_note).collect(),
        }
    }

    /// A sorted loop is answered by an empty line, one no turns sort by `unsolvable`.
    fn output(_: &Solver, _: &Ring, found: &Answer, out: &mut String) {
        out.push_str(&answer(found.turns.as_deref()));
        out.push('\n');
    }

    fn summary(_: &Solver, answer: &Answer) -> String {
        match &answer.turns {
            Some(turns) => moves_summary(turns.len()),
            None => "unsolvable".to_string(),
        }
    }

    fn steps(solver: &Solver, ring: &Ring, answer: Option<&Answer>) -> Vec<Step> {
        let turns = answer
            .and_then(|answer| answer.turns.as_deref())
            .unwrap_or(&[]);
        steps(ring, turns, &solver.replay(ring, turns))
    }

    fn solution_moves(_: &Solver, answer: &Answer) -> usize {
        answer.turns.as_ref().map_or(0, Vec::len)
    }

    fn case_input(_: &Solver, ring: &Ring) -> String {
        draw(ring)
    }

    fn moves(solver: &Solver, ring: &Ring) -> Vec<(String, Ring)> {
        (0..ring.len())
            .map(|start| {
                let mut next = ring.clone();
                next.turn(start, solver.turnstile());
                ((start + 1).to_string(), next)
            })
            .collect()
    }

    fn generate(options: &GenOptions, count: usize, seed: u64) -> Result<String, OptionsError> {
        let size = options.size.unwrap_or(DEFAULT_SIZE);
        let (size, turnstile) = checked(size, options.turnstile, MAX_TOKENS)?;
        let even = (turnstile / 2) % 2 == 0;
        let rings = random_rings(size, even, count, seed);
        Ok(rings.iter().map(draw).collect())
    }

    fn space(options: &Options) -> Result<Option<Space>, OptionsError> {
        let size = options.size.ok_or_else(|| {
            OptionsError::new("exploring TopSpin needs the loop's size (--size N)")
        })?;
        let (size, turnstile) = checked(size, options.turnstile, MAX_RANKED)?;
        let domain = Domain { size, turnstile };
        Ok(Some(Space {
            ranked: Arc::new(domain),
            goals: vec![domain.rank(&Ring::sorted(size))],
            draw: Box::new(move |rank| draw(&domain.unrank(rank))),
        }))
    }
}
