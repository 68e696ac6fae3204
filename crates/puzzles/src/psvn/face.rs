//! PSVN domains' face: the states of a domain, its solvers, random states and space behind the
//! [`Puzzle`] trait every front-end uses.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};
use statespace_engine::Domain;
use statespace_psvn::{PsvnDomain, State};

use crate::input::{Input, ParseError, Source};
use crate::puzzle::{
    About, CaseLimits, Closing, OptionKind, OptionSpec, OptionsError, Progress, Puzzle, Solved,
    Space, Step, count_or_text, moves_summary, thread_count,
};

use super::board::{EXAMPLES, load, unit_costs};
use super::generate::{random_states, random_walks, walk_start};
use super::parse::read_state;
use super::print::{answer, draw, steps};
use super::solve::{Algorithm, Answer, Solver};
use super::space::ranked_space;
use super::tables;

/// Any state space written in PSVN.
#[derive(Clone, Copy, Debug)]
pub struct Psvn;

/// The domain, how its states are solved, and where its space is explored from.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// The algorithm.
    pub algo: Algorithm,
    /// The domain's text (a front-end reads the file); unset, the shipped `example`.
    pub text: Option<String>,
    /// The name the text is read under in errors (its file's path).
    pub file: Option<String>,
    /// A shipped domain by name (`eight`, `pancake10`...); the 8-puzzle when neither it nor
    /// `text` is set.
    pub example: Option<String>,
    /// The state the space is explored from (its values, as a line of input); unset, the first
    /// GOAL line's state.
    pub from: Option<String>,
    /// Pattern databases combined by maximum: each an abstraction's text (a front-end reads the
    /// file), or `auto[=SIZE]`, abstractions chosen within SIZE bytes of tables.
    pub pdb: Vec<String>,
    /// The names the abstractions' texts are read under in errors (their files' paths), in the
    /// order of `pdb`.
    pub pdb_files: Vec<String>,
    /// The folder the tables are kept in and loaded from; unset, they are built for the run.
    pub pdb_dir: Option<PathBuf>,
    /// The threads IDA* searches on (1 by default).
    #[serde(deserialize_with = "count_or_text")]
    pub threads: Option<usize>,
}

/// What random states `gen` draws.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct GenOptions {
    /// The domain's text, as [`Options::text`].
    pub text: Option<String>,
    /// The name the text is read under.
    pub file: Option<String>,
    /// A shipped domain by name, as [`Options::example`].
    pub example: Option<String>,
    /// Each state this many moves back from the goal; unset, states drawn uniformly among those
    /// that reach the goal (small ranked spaces only).
    #[serde(deserialize_with = "count_or_text")]
    pub walk: Option<usize>,
}

impl Options {
    fn domain(&self) -> Result<PsvnDomain, OptionsError> {
        load(
            self.text.as_deref(),
            self.file.as_deref(),
            self.example.as_deref(),
        )
    }
}

/// The shipped domains' names, as the playground offers them.
const EXAMPLE_CHOICES: &[(&str, &str)] = &[
    ("eight", "the 8-puzzle"),
    ("eight-weighted", "the 8-puzzle, moving tile t costing t"),
    ("fifteen", "the 15-puzzle (blind: only near the goal)"),
    ("pancake10", "10 pancakes"),
    ("topspin", "TopSpin (12, 4)"),
    ("hanoi4", "four-peg Towers of Hanoi, 6 discs"),
    ("cube2", "the 2x2x2 cube"),
    ("gripper", "gripper, 4 balls (a goal pattern)"),
];

const _: () = assert!(EXAMPLE_CHOICES.len() == EXAMPLES.len());

/// What a pasted domain looks like: three pancakes, flipped by their top two or all three.
const PASTE_EXAMPLE: &str = "\
# Three pancakes, a smallest on top when sorted.
DOMAIN size 3 small middle large
3
size size size
X Y - => Y X - LABEL FLIP2
X Y Z => Z Y X LABEL FLIP3
GOAL small middle large
";

impl Puzzle for Psvn {
    const ABOUT: About = About {
        name: "psvn",
        title: "Any PSVN domain",
        judges: "PSVN domain files (Hernádvölgyi and Holte's production system vector notation)",
        input: "one state per line, the domain's values space-separated (B 1 2 3 4 5 6 7 8)",
        algorithms: &[
            ("auto", "IDA* when every rule costs 1, else A*"),
            (
                "idastar",
                "IDA*, blind, pruning the domain's duplicate moves, in memory linear in the moves",
            ),
            ("astar", "A*, blind, keeping every state it reaches"),
            ("bfs", "breadth-first search (rules of cost 1)"),
            (
                "bibfs",
                "bidirectional breadth-first search (rules of cost 1, goal lines naming states)",
            ),
            (
                "mm",
                "MM, bidirectional, meeting in the middle (goal states)",
            ),
            ("nbs", "NBS, bidirectional, expanding pairs (goal states)"),
            (
                "dvcbs",
                "DVCBS, bidirectional, expanding a least vertex cover (goal states)",
            ),
        ],
        example: include_str!("../../../../examples/psvn/eight.txt"),
        layouts: &[],
    };
    const OPTIONS: &'static [OptionSpec] = &[
        OptionSpec::algorithm(Self::ABOUT.algorithms),
        OptionSpec {
            name: "example",
            label: "domain",
            help: "a shipped PSVN domain",
            kind: OptionKind::Choice {
                values: EXAMPLE_CHOICES,
                default: "eight",
            },
            without: Some("text"),
            shapes_board: true,
        },
        OptionSpec {
            name: "text",
            label: "your domain",
            help: "a PSVN domain of your own, its file's text pasted: it replaces the shipped one",
            kind: OptionKind::Lines {
                example: PASTE_EXAMPLE,
            },
            without: None,
            shapes_board: true,
        },
        OptionSpec::threads("the threads IDA* searches on (1 unless set)"),
    ];
    type Options = Options;
    type GenOptions = GenOptions;
    type Case = State;
    type Answer = Answer;
    type Solver = Solver;

    fn solver(
        options: &Options,
        limits: &CaseLimits,
        _: Option<Progress>,
    ) -> Result<Solver, OptionsError> {
        let threads = thread_count(options.threads, 1)?;
        let solver = Solver::new(options.domain()?, options.algo, threads)?;
        if options.pdb.is_empty() {
            return Ok(solver);
        }
        let (estimate, notes) = tables::build(
            solver.domain(),
            &options.pdb,
            &options.pdb_files,
            options.pdb_dir.as_ref(),
            limits,
        )?;
        Ok(solver.estimated_by(estimate).noting(notes))
    }

    fn read_case(
        solver: &Solver,
        input: &mut Input<impl Source>,
        _: usize,
    ) -> Result<Option<State>, ParseError> {
        read_state(solver.domain(), input)
    }

    fn solve(solver: &mut Solver, state: &State, limits: &CaseLimits) -> Solved<Answer> {
        solver.solve(state, limits)
    }

    /// A goal state is answered by an empty line, one that reaches no goal by `unsolvable`.
    fn output(_: &Solver, _: &State, found: &Answer, out: &mut String) {
        out.push_str(&answer(found.moves.as_deref()));
        out.push('\n');
    }

    fn summary(solver: &Solver, found: &Answer) -> String {
        match (&found.moves, found.cost) {
            (Some(moves), Some(cost)) if !unit_costs(solver.domain()) => {
                format!("{}, cost {cost}", moves_summary(moves.len()))
            }
            (Some(moves), _) => moves_summary(moves.len()),
            (None, _) => "unsolvable".to_string(),
        }
    }

    fn steps(solver: &Solver, state: &State, found: Option<&Answer>) -> Vec<Step> {
        let actions = found
            .and_then(|found| found.actions.as_deref())
            .unwrap_or_default();
        let labels = found
            .and_then(|found| found.moves.as_deref())
            .unwrap_or_default();
        steps(
            solver.domain(),
            state,
            labels,
            &solver.replay(state, actions),
        )
    }

    fn solution_moves(_: &Solver, found: &Answer) -> usize {
        found.actions.as_ref().map_or(0, Vec::len)
    }

    /// The tables' lines: what was built, loaded or chosen.
    fn finish(solver: &Solver) -> Closing {
        Closing {
            notes: solver.table_notes().to_vec(),
            failure: None,
        }
    }

    fn case_input(solver: &Solver, state: &State) -> String {
        draw(solver.domain(), state)
    }

    fn moves(solver: &Solver, state: &State) -> Vec<(String, State)> {
        let domain = solver.domain();
        let mut actions = Vec::new();
        domain.actions(state, &mut actions);
        actions
            .into_iter()
            .map(|action| {
                let mut next = state.clone();
                domain.apply(&mut next, action);
                (domain.label(action).to_owned(), next)
            })
            .collect()
    }

    fn generate(options: &GenOptions, count: usize, seed: u64) -> Result<String, OptionsError> {
        let domain = load(
            options.text.as_deref(),
            options.file.as_deref(),
            options.example.as_deref(),
        )?;
        let start = walk_start(&domain)?;
        let states = match options.walk {
            Some(walk) => random_walks(&domain, &start, walk, count, seed),
            None => random_states(&domain, &start, count, seed)?,
        };
        Ok(states.iter().map(|state| draw(&domain, state)).collect())
    }

    /// The states that reach `from` (every state it reaches, in a reversible domain), by their
    /// fewest moves to it; `from` is the first GOAL line's state unless given.
    fn space(options: &Options) -> Result<Option<Space>, OptionsError> {
        let domain = options.domain()?;
        let start = match &options.from {
            Some(text) => domain
                .parse_state("--from", text)
                .map_err(|error| OptionsError::new(error.to_string()))?,
            None => first_goal_state(&domain)?,
        };
        ranked_space(domain, &start).map(Some)
    }
}

/// The state the first GOAL line names, or why exploring needs `--from`.
fn first_goal_state(domain: &PsvnDomain) -> Result<State, OptionsError> {
    let psvn = domain.psvn();
    let why = if !psvn.has_goal() {
        "has no GOAL line"
    } else if let Some(state) = psvn.goal_state(0) {
        return Ok(state);
    } else {
        "has a first GOAL line that is a pattern"
    };
    Err(OptionsError::new(format!(
        "{} {why}: explore it --from a state",
        psvn.file()
    )))
}
