//! The cube's face: its input, solver and random cubes behind the [`Puzzle`] trait every
//! front-end uses.

use std::fmt;
use std::sync::Arc;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use statespace_engine::{PerfectHash, Stats};

use crate::input::{Input, ParseError, Source};
use crate::puzzle::{
    About, CaseLimits, OptionKind, OptionSpec, OptionsError, Progress, Puzzle, Solved, Space, Step,
    format_duration, moves_summary,
};

use super::board::Cube;
use super::cubie::{Corners, Metric, PocketCube};
use super::facelets::Facelets;
use super::parse::read_cube;
use super::print::{draw, steps};
use super::solve::{Algorithm, Answer, Solver};

/// The Rubik's cube; for now the 2×2×2 (the pocket cube).
#[derive(Clone, Copy, Debug)]
pub struct CubePuzzle;

/// The cube's size: cubies on an edge. Only 2 for now; read from `"2"` or `2`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "SizeValue", into = "String")]
pub enum Size {
    /// The 2×2×2.
    #[default]
    Two,
}

/// A size as JSON gives it: a number, or a number in a string (a form's or a query's value).
#[derive(Deserialize)]
#[serde(untagged)]
enum SizeValue {
    Number(u64),
    Text(String),
}

impl TryFrom<SizeValue> for Size {
    type Error = String;

    fn try_from(value: SizeValue) -> Result<Size, String> {
        let text = match value {
            SizeValue::Number(number) => number.to_string(),
            SizeValue::Text(text) => text,
        };
        match text.trim() {
            "2" => Ok(Size::Two),
            _ => Err(format!("cube size {text:?}: only 2 (the 2x2x2) for now")),
        }
    }
}

impl From<Size> for String {
    fn from(size: Size) -> String {
        size.to_string()
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("2")
    }
}

/// How cubes are solved.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// The algorithm.
    pub algo: Algorithm,
    /// The cube's size.
    pub size: Size,
    /// How moves are counted.
    pub metric: Metric,
}

/// What random cubes `gen` draws.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct GenOptions {
    /// The cube's size.
    pub size: Size,
}

impl Puzzle for CubePuzzle {
    const ABOUT: About = About {
        name: "cube",
        title: "Rubik's cube, 2×2×2",
        judges: "OEIS A079761 (HTM) and A079762 (QTM) count its positions by distance",
        input: "one cube a line: 24 facelet letters (URFDLB, Kociemba's order) or a scramble \
                (R U2 F')",
        algorithms: &[(
            "optimal",
            "walk an exact distance table of all 3,674,160 positions, built once (a few seconds)",
        )],
        example: include_str!("../../../../examples/cube.txt"),
        layouts: &[],
    };
    const OPTIONS: &'static [OptionSpec] = &[
        OptionSpec::algorithm(Self::ABOUT.algorithms),
        OptionSpec {
            name: "size",
            label: "size",
            help: "cubies on an edge",
            kind: OptionKind::Choice {
                values: &[("2", "the 2x2x2, its DBL corner fixed")],
                default: "2",
            },
            without: None,
            shapes_board: true,
        },
        OptionSpec {
            name: "metric",
            label: "metric",
            help: "how moves are counted",
            kind: OptionKind::Choice {
                values: &[
                    ("htm", "a quarter or half turn is one move"),
                    ("qtm", "quarter turns only"),
                ],
                default: "htm",
            },
            without: None,
            shapes_board: false,
        },
    ];
    type Options = Options;
    type GenOptions = GenOptions;
    type Case = Cube;
    type Answer = Answer;
    type Solver = Solver;

    fn solver(
        options: &Options,
        _: &CaseLimits,
        _: Option<Progress>,
    ) -> Result<Solver, OptionsError> {
        Ok(Solver::new(options.metric))
    }

    fn read_case(
        _: &Solver,
        input: &mut Input<impl Source>,
        _: usize,
    ) -> Result<Option<Cube>, ParseError> {
        read_cube(input)
    }

    fn solve(solver: &mut Solver, cube: &Cube, limits: &CaseLimits) -> Solved<Answer> {
        let (answer, stats, built) = solver.solve(cube, &limits.memory());
        Solved {
            answer,
            stats,
            notes: built.iter().map(table_note).collect(),
        }
    }

    fn output(_: &Solver, _: &Cube, answer: &Answer, out: &mut String) {
        out.push_str(&answer.to_string());
        out.push('\n');
    }

    fn summary(_: &Solver, answer: &Answer) -> String {
        moves_summary(answer.moves.len())
    }

    fn steps(_: &Solver, cube: &Cube, answer: Option<&Answer>) -> Vec<Step> {
        steps(cube, answer.map_or(&[][..], |answer| &answer.moves))
    }

    fn solution_moves(_: &Solver, answer: &Answer) -> usize {
        answer.moves.len()
    }

    fn case_input(_: &Solver, cube: &Cube) -> String {
        format!("{cube}\n")
    }

    fn moves(solver: &Solver, cube: &Cube) -> Vec<(String, Cube)> {
        solver
            .metric()
            .moves()
            .iter()
            .map(|&turn| (turn.to_string(), cube.turned(turn)))
            .collect()
    }

    fn generate(_: &GenOptions, count: usize, seed: u64) -> Result<String, OptionsError> {
        let space = PocketCube::default();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        Ok((0..count)
            .map(|_| {
                let corners = space.unrank(rng.random_range(0..space.size()));
                format!("{}\n", Facelets::of(&corners).letters())
            })
            .collect())
    }

    fn space(options: &Options) -> Result<Option<Space>, OptionsError> {
        let space = PocketCube {
            metric: options.metric,
        };
        Ok(Some(Space {
            ranked: Arc::new(space),
            goals: vec![space.rank(&Corners::SOLVED)],
            draw: Box::new(move |rank| {
                let facelets = Facelets::of(&space.unrank(rank));
                draw(&Cube::from_facelets(&facelets).expect("a ranked position is a cube"))
            }),
        }))
    }
}

/// The statistics line of the table's construction.
fn table_note(stats: &Stats) -> String {
    format!(
        "table: {} positions, {} layers, built in {}",
        stats.expanded,
        stats.layers.len(),
        format_duration(stats.elapsed)
    )
}
