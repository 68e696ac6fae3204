//! The cube's face: its input, solver and random cubes behind the [`Puzzle`] trait every
//! front-end uses.

use std::fmt;
use std::path::PathBuf;
use std::sync::Arc;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use statespace_engine::{PerfectHash, StopReason};

use crate::input::{Input, ParseError, Source};
use crate::puzzle::{
    About, CaseLimits, OptionKind, OptionSpec, OptionsError, Progress, Puzzle, Solved, Space, Step,
    TableStatus, moves_summary,
};

use super::board::{Cube, CubeCase};
use super::corner_space::CornerSpace;
use super::cubie::{Corners, Face, Metric, Move, PocketCube};
use super::edges::Edges;
use super::facelets::Facelets;
use super::optimal::PhaseTables;
use super::parse::read_case;
use super::print::{draw, draw_case, moves_text, steps};
use super::rubik::Rubik;
use super::solve::{Algorithm, Answer, Solver, Task};

use super::twophase::{MAX_LENGTH, Settings};

/// The Rubik's cube: the 3×3×3, and the 2×2×2 (the pocket cube).
#[derive(Clone, Copy, Debug)]
pub struct CubePuzzle;

/// The cube's size: cubies on an edge, 3 or 2; read from `"3"` or `3`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "SizeValue", into = "String")]
pub enum Size {
    /// The 2×2×2.
    Two,
    /// The 3×3×3.
    #[default]
    Three,
}

impl Size {
    /// Cubies on an edge.
    pub fn cubies(self) -> usize {
        match self {
            Size::Two => 2,
            Size::Three => 3,
        }
    }
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
            "3" => Ok(Size::Three),
            _ => Err(format!(
                "cube size {text:?}: 3 (the 3x3x3) or 2 (the 2x2x2)"
            )),
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
        write!(f, "{}", self.cubies())
    }
}

/// The longest answer the two-phase search accepts unless asked otherwise.
pub const DEFAULT_MAX_LENGTH: u8 = 21;

/// The tables of the optimal 3×3×3 solver, besides Korf's corner table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum OptimalTables {
    /// The phase-1 table read along the three axes (70 MB, built in seconds).
    #[default]
    Small,
    /// Beside the phase-1 table, h48's `h0` table with the parity: the corners' twist,
    /// tetrahedra and parity and the edges' slices, folded by all 48 symmetries, two bits an
    /// entry (59 MB more, built in seconds).
    Medium,
    /// The phase-1 table with the slice edges sorted, Kociemba's optimal solver's table (1.7
    /// GB, built in minutes): about ten times fewer nodes.
    Large,
    /// Beside the large table, the phase-1 table with the corners' tetrads (4.9 GB more, built
    /// in minutes on two cores).
    Huge,
    /// Beside the large table, the table of the slice edges' order, the other edges' flips and
    /// the corners' twist and tetrad, two bits an entry (7.3 GB more, built in about 20
    /// minutes on two cores).
    Giant,
    /// The strongest tables whose memory (all the solver's tables and move tables, as
    /// [`PhaseTables::needed_bytes`] counts it) is at most this many bytes.
    Budget(u64),
}

impl OptimalTables {
    /// The tables it reads besides Korf's: for a budget, the strongest that fit, or why none
    /// do.
    pub fn phase_tables(self) -> Result<PhaseTables, OptionsError> {
        match self {
            OptimalTables::Small => Ok(PhaseTables::Phase1),
            OptimalTables::Medium => Ok(PhaseTables::Separation),
            OptimalTables::Large => Ok(PhaseTables::Sorted),
            OptimalTables::Huge => Ok(PhaseTables::Tetrads),
            OptimalTables::Giant => Ok(PhaseTables::Order),
            OptimalTables::Budget(budget) => PhaseTables::STRONGEST_FIRST
                .into_iter()
                .find(|&tables| tables.needed_bytes() <= budget)
                .ok_or_else(|| {
                    let least = PhaseTables::Phase1.needed_bytes();
                    OptionsError::new(format!(
                        "--tables {}: the optimal 3x3x3 solver's smallest tables need {} MiB \
                         (Korf's corner table, the phase-1 table and their move tables)",
                        mebibytes(budget),
                        least.div_ceil(1 << 20)
                    ))
                }),
        }
    }
}

/// `bytes` in mebibytes, to a tenth when not whole (`50 MiB`, `0.5 MiB`).
fn mebibytes(bytes: u64) -> String {
    let tenths = (bytes * 10) >> 20;
    match tenths % 10 {
        0 => format!("{} MiB", tenths / 10),
        tenth => format!("{}.{tenth} MiB", tenths / 10),
    }
}

/// How cubes are solved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// The algorithm; by default the size's own (two-phase for the 3×3×3, optimal for the
    /// 2×2×2).
    pub algo: Option<Algorithm>,
    /// The cube's size.
    pub size: Size,
    /// How moves are counted (the 3×3×3: the half-turn metric only).
    pub metric: Metric,
    /// The longest answer accepted (0 to 30): the two-phase search's bound; a shortest answer
    /// longer than it is none.
    pub max_length: u8,
    /// Phase-2 searches to try before stopping at an answer, for shorter ones (the 3×3×3's
    /// two-phase search only; none by default).
    pub probes: Option<u64>,
    /// The 3×3×3's corners alone, as a space to explore (88,179,840 positions); not for
    /// solving.
    pub corners: bool,
    /// The folder where the 3×3×3's optimal solver keeps its table (built in memory when
    /// `None`).
    pub pdb_dir: Option<PathBuf>,
    /// The 3×3×3's optimal solver's tables (that solver only; small by default).
    pub tables: Option<OptimalTables>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            algo: None,
            size: Size::default(),
            metric: Metric::default(),
            max_length: DEFAULT_MAX_LENGTH,
            probes: None,
            corners: false,
            pdb_dir: None,
            tables: None,
        }
    }
}

impl Options {
    /// What the solver answers, or why these options do not fit together.
    pub fn task(&self) -> Result<Task, OptionsError> {
        if self.corners {
            return Err(OptionsError::new(
                "--corners is a space to explore (statespace explore cube --corners), not cubes to solve",
            ));
        }
        if self.max_length > MAX_LENGTH {
            return Err(OptionsError::new(format!(
                "--max-length {}: from 0 to {MAX_LENGTH}, please",
                self.max_length
            )));
        }
        let task = match (self.size, self.algo) {
            // A shortest answer is an answer within any bound: the 2×2×2's exact table answers
            // for the two-phase search too (the playground's first algorithm is twophase).
            (Size::Two, _) => Task::Pocket(self.metric),
            (Size::Three, _) if self.metric == Metric::Qtm => {
                return Err(OptionsError::new(
                    "the 3x3x3 counts moves in the half-turn metric only (--metric htm)",
                ));
            }
            (Size::Three, Some(Algorithm::Optimal)) => {
                Task::RubikOptimal(self.tables.unwrap_or_default().phase_tables()?)
            }
            (Size::Three, _) => Task::Rubik(Settings {
                max_length: self.max_length,
                probes: self.probes.unwrap_or(0),
            }),
        };
        self.refuse_idle_options(task)?;
        Ok(task)
    }

    /// Refuses an option that `task` would not act on: each option given either acts or is
    /// refused.
    fn refuse_idle_options(&self, task: Task) -> Result<(), OptionsError> {
        let two_phase = matches!(task, Task::Rubik(_));
        let optimal = matches!(task, Task::RubikOptimal(_));
        if self.probes.is_some() && !two_phase {
            return Err(OptionsError::new(
                "--probes is for the 3x3x3's two-phase search (--algo twophase, --size 3)",
            ));
        }
        if self.tables.is_some() && !optimal {
            return Err(OptionsError::new(
                "--tables is for the optimal 3x3x3 solver (--algo optimal, --size 3)",
            ));
        }
        Ok(())
    }
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
        title: "Rubik's cube, 3×3×3 and 2×2×2",
        judges: "God's number is 20 (Rokicki, Kociemba, Davidson, Dethridge 2010); OEIS A079761 \
                 and A079762 count the 2×2×2's positions by distance",
        input: "one cube a line: 54 facelet letters (URFDLB, Kociemba's order; 24 for the \
                2×2×2) or a scramble (R U2 F')",
        algorithms: &[
            (
                "twophase",
                "the 3×3×3: Kociemba's two-phase search, the first answer within --max-length \
                 (tables built once, under a second); the 2×2×2: its exact table, as optimal",
            ),
            (
                "optimal",
                "a shortest answer: the 2×2×2's exact table of 3,674,160 positions; for the \
                 3×3×3, IDA* on Korf's corner table and the phase-1 table (3.7 and 83.8 MB, \
                 cached; cubes of up to 16 moves in a minute)",
            ),
        ],
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
                values: &[("3", "the 3x3x3"), ("2", "the 2x2x2, its DBL corner fixed")],
                default: "3",
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
                    ("qtm", "quarter turns only (the 2x2x2)"),
                ],
                default: "htm",
            },
            without: None,
            shapes_board: false,
        },
        OptionSpec {
            name: "max_length",
            label: "longest answer",
            help: "the two-phase search stops at its first answer this short; a shortest \
                   answer longer than this is none",
            kind: OptionKind::Number {
                min: 0,
                max: MAX_LENGTH as u64,
                default: Some(DEFAULT_MAX_LENGTH as u64),
            },
            without: None,
            shapes_board: false,
        },
    ];
    type Options = Options;
    type GenOptions = GenOptions;
    type Case = CubeCase;
    type Answer = Answer;
    type Solver = Solver;
    const TABLES_WITHOUT_LAYOUT: bool = true;

    fn solver(
        options: &Options,
        limits: &CaseLimits,
        _: Option<Progress>,
    ) -> Result<Solver, OptionsError> {
        let task = options.task()?;
        if let Task::RubikOptimal(tables) = task {
            check_optimal_memory(tables, limits)?;
        }
        Ok(Solver::new(
            task,
            options.max_length,
            options.pdb_dir.clone(),
        ))
    }

    /// The optimal 3×3×3 solver's tables (84 MiB, seconds to build) are kept in a folder;
    /// the two-phase search's pair tables are built in memory in under a second.
    fn tables_in_folder(options: &Options) -> bool {
        matches!(options.task(), Ok(Task::RubikOptimal(_)))
    }

    fn tables(solver: &Solver) -> Vec<TableStatus> {
        solver.table_files()
    }

    fn build_tables(solver: &mut Solver, limits: &CaseLimits) -> Result<Vec<String>, StopReason> {
        Ok(solver.load_tables(&limits.memory())?.into_iter().collect())
    }

    fn read_case(
        solver: &Solver,
        input: &mut Input<impl Source>,
        _: usize,
    ) -> Result<Option<CubeCase>, ParseError> {
        let size = match solver.task() {
            Task::Pocket(_) => 2,
            Task::Rubik(_) | Task::RubikOptimal(_) => 3,
        };
        read_case(input, size)
    }

    fn solve(solver: &mut Solver, cube: &CubeCase, limits: &CaseLimits) -> Solved<Answer> {
        let (answer, stats, built) = solver.solve(cube, &limits.memory(), &limits.start());
        Solved {
            answer,
            stats,
            notes: built.into_iter().collect(),
        }
    }

    fn output(solver: &Solver, _: &CubeCase, answer: &Answer, out: &mut String) {
        out.push_str(&Self::summary_or_moves(solver, answer, false));
        out.push('\n');
    }

    fn summary(solver: &Solver, answer: &Answer) -> String {
        Self::summary_or_moves(solver, answer, true)
    }

    fn steps(_: &Solver, cube: &CubeCase, answer: Option<&Answer>) -> Vec<Step> {
        let moves = answer.and_then(|answer| answer.moves.as_deref());
        steps(cube, moves.unwrap_or_default())
    }

    fn solution_moves(_: &Solver, answer: &Answer) -> usize {
        answer.moves.as_ref().map_or(0, Vec::len)
    }

    fn case_input(_: &Solver, cube: &CubeCase) -> String {
        format!("{}\n", cube.facelets().0)
    }

    fn moves(solver: &Solver, cube: &CubeCase) -> Vec<(String, CubeCase)> {
        let turns = match solver.task() {
            Task::Pocket(metric) => metric.moves(),
            Task::Rubik(_) | Task::RubikOptimal(_) => &ALL_MOVES,
        };
        turns
            .iter()
            .map(|&turn| (turn.to_string(), cube.turned(turn)))
            .collect()
    }

    fn generate(options: &GenOptions, count: usize, seed: u64) -> Result<String, OptionsError> {
        let space = PocketCube::default();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        Ok((0..count)
            .map(|_| match options.size {
                Size::Two => {
                    let corners = space.unrank(rng.random_range(0..space.size()));
                    format!("{}\n", Facelets::of(&corners).letters())
                }
                Size::Three => format!("{}\n", Rubik::random(&mut rng).facelets()),
            })
            .collect())
    }

    fn space(options: &Options) -> Result<Option<Space>, OptionsError> {
        match (options.size, options.corners) {
            (Size::Two, false) => Ok(Some(pocket_space(options.metric))),
            (Size::Three, true) => Ok(Some(corner_space(options.metric))),
            (Size::Two, true) => Err(OptionsError::new(
                "--corners explores the 3x3x3's corners: the 2x2x2 is --size 2 alone",
            )),
            (Size::Three, false) => Err(OptionsError::new(
                "the 3x3x3's 4.3e19 positions are too many to explore: --size 2, or --corners",
            )),
        }
    }
}

/// Refuses, before anything is built, a memory budget that the optimal 3×3×3 solver's tables
/// would pass.
fn check_optimal_memory(tables: PhaseTables, limits: &CaseLimits) -> Result<(), OptionsError> {
    let needed = tables.needed_bytes();
    let phase1 = tables.what();
    match limits.max_memory {
        Some(budget) if needed > budget => Err(OptionsError::new(format!(
            "the optimal 3x3x3 solver needs {} MiB for Korf's corner table, {phase1} \
             and their move tables, more than the memory budget of {} MiB (--max-memory)",
            needed.div_ceil(1 << 20),
            budget >> 20
        ))),
        _ => Ok(()),
    }
}

/// The 2×2×2's positions (DBL home) turned by the moves of `metric`, from the solved cube.
fn pocket_space(metric: Metric) -> Space {
    let space = PocketCube { metric };
    Space {
        ranked: Arc::new(space),
        goals: vec![space.rank(&Corners::SOLVED)],
        draw: Box::new(move |rank| {
            let facelets = Facelets::of(&space.unrank(rank));
            draw(&Cube::from_facelets(&facelets).expect("a ranked position is a cube"))
        }),
    }
}

/// The 3×3×3's corner positions turned by the moves of `metric`, from the solved cube; drawn
/// with the edges home.
fn corner_space(metric: Metric) -> Space {
    let space = CornerSpace::new(metric);
    let drawn = space.clone();
    Space {
        goals: vec![space.rank(&space.coordinates(&Corners::SOLVED))],
        ranked: Arc::new(space),
        draw: Box::new(move |rank| {
            let corners = drawn.corners(drawn.unrank(rank));
            draw_case(&CubeCase::Three(Rubik {
                corners,
                edges: Edges::SOLVED,
            }))
        }),
    }
}

impl CubePuzzle {
    /// The answer's moves (`R U2 F'`, nothing for a solved cube), or its summary (`3 moves`);
    /// when no answer fits the length asked for, `no solution within N moves`.
    fn summary_or_moves(solver: &Solver, answer: &Answer, summary: bool) -> String {
        match &answer.moves {
            Some(moves) if summary => moves_summary(moves.len()),
            Some(moves) => moves_text(moves),
            None => format!("no solution within {} moves", solver.max_length()),
        }
    }
}

/// The 18 face turns, in Kociemba's order: U U2 U' R R2 R' F F2 F' D D2 D' L L2 L' B B2 B'.
pub(super) const ALL_MOVES: [Move; 18] = {
    let mut moves = [Move {
        face: Face::U,
        quarters: 1,
    }; 18];
    let mut index = 0;
    while index < 18 {
        moves[index] = Move {
            face: Face::ALL[index / 3],
            quarters: (index % 3) as u8 + 1,
        };
        index += 1;
    }
    moves
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_budget_picks_the_strongest_tables_that_fit_or_says_what_the_least_need() {
        let small = PhaseTables::Phase1.needed_bytes();
        let medium = PhaseTables::Separation.needed_bytes();
        let large = PhaseTables::Sorted.needed_bytes();
        let huge = PhaseTables::Tetrads.needed_bytes();
        let giant = PhaseTables::Order.needed_bytes();
        assert_eq!(
            (
                small.div_ceil(1 << 20),
                medium.div_ceil(1 << 20),
                large.div_ceil(1 << 20),
                huge.div_ceil(1 << 20),
                giant.div_ceil(1 << 20)
            ),
            (84, 146, 1896, 6612, 7016)
        );
        let pick = |budget| OptimalTables::Budget(budget).phase_tables();
        assert_eq!(pick(12 << 30), Ok(PhaseTables::Order));
        assert_eq!(pick(giant), Ok(PhaseTables::Order));
        assert_eq!(pick(giant - 1), Ok(PhaseTables::Tetrads));
        assert_eq!(pick(huge), Ok(PhaseTables::Tetrads));
        assert_eq!(pick(huge - 1), Ok(PhaseTables::Sorted));
        assert_eq!(pick(large), Ok(PhaseTables::Sorted));
        assert_eq!(pick(large - 1), Ok(PhaseTables::Separation));
        assert_eq!(pick(178_000_000), Ok(PhaseTables::Separation));
        assert_eq!(pick(medium), Ok(PhaseTables::Separation));
        assert_eq!(pick(medium - 1), Ok(PhaseTables::Phase1));
        assert_eq!(pick(small), Ok(PhaseTables::Phase1));
        assert_eq!(
            pick(50 << 20).unwrap_err().to_string(),
            "--tables 50 MiB: the optimal 3x3x3 solver's smallest tables need 84 MiB (Korf's \
             corner table, the phase-1 table and their move tables)"
        );
        assert_eq!(mebibytes(small - 1), "83.9 MiB");
        assert!(pick(small - 1).is_err());
        assert_eq!(OptimalTables::Giant.phase_tables(), Ok(PhaseTables::Order));
        assert_eq!(OptimalTables::Huge.phase_tables(), Ok(PhaseTables::Tetrads));
        assert_eq!(OptimalTables::Large.phase_tables(), Ok(PhaseTables::Sorted));
        assert_eq!(
            OptimalTables::Medium.phase_tables(),
            Ok(PhaseTables::Separation)
        );
        assert_eq!(OptimalTables::Small.phase_tables(), Ok(PhaseTables::Phase1));
    }
}
