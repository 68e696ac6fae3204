//! The Eight puzzle's face: its judges' format (9 tokens a case, `x` for the blank) and the
//! solvers of the sliding puzzles on its 3×3 board.

use super::*;

/// The Eight puzzle (HDU 1043, POJ 1077, AcWing 179).
#[derive(Clone, Copy, Debug)]
pub struct Eight;

/// How Eight puzzle boards are solved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct EightOptions {
    /// The algorithm.
    pub algo: Algorithm,
    /// The estimate of A*, IDA*, MM, NBS and DVCBS.
    pub heuristic: Estimate,
}

impl Default for EightOptions {
    fn default() -> Self {
        Self {
            algo: Algorithm::Table,
            heuristic: Estimate::LinearConflicts,
        }
    }
}

/// What random boards `gen` draws.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct EightGenOptions {
    /// Only solvable boards.
    pub solvable: bool,
}

impl Puzzle for Eight {
    const ABOUT: About = About {
        name: "eight",
        title: "The Eight puzzle",
        judges: "HDU 1043, POJ 1077, AcWing 179",
        input: "9 tokens per case, 1-8 and x (the blank), row by row",
        algorithms: &[
            (
                "table",
                "exact distances from the goal to all 181,440 boards, built once per run: \
                 shortest, the alphabetically smallest",
            ),
            SEARCHES[0],
            SEARCHES[1],
            SEARCHES[2],
            SEARCHES[3],
            SEARCHES[4],
            SEARCHES[5],
            SEARCHES[6],
            FAST,
        ],
        example: include_str!("../../../../../examples/eight.txt"),
        layouts: &[],
    };
    const OPTIONS: &'static [OptionSpec] = &[
        OptionSpec::algorithm(Self::ABOUT.algorithms),
        heuristic("conflicts", None),
    ];
    type Options = EightOptions;
    type GenOptions = EightGenOptions;
    type Case = Board;
    type Answer = SlidingAnswer;
    type Solver = solve::Solver;

    fn solver(
        options: &EightOptions,
        _: &CaseLimits,
        _: Option<Progress>,
    ) -> Result<solve::Solver, OptionsError> {
        Ok(solve::Solver::new(solve::Options {
            algorithm: options.algo,
            estimate: options.heuristic,
            threads: 1,
        }))
    }

    fn read_case(
        _: &solve::Solver,
        input: &mut Input<impl Source>,
        _: usize,
    ) -> Result<Option<Board>, ParseError> {
        read_eight(input)
    }

    fn solve(
        solver: &mut solve::Solver,
        board: &Board,
        limits: &CaseLimits,
    ) -> Solved<SlidingAnswer> {
        solve_plain(solver, board, limits)
    }

    fn output(_: &solve::Solver, _: &Board, answer: &SlidingAnswer, out: &mut String) {
        answer.write_line(out);
    }

    fn summary(_: &solve::Solver, answer: &SlidingAnswer) -> String {
        answer.summary()
    }

    fn steps(_: &solve::Solver, board: &Board, answer: Option<&SlidingAnswer>) -> Vec<Step> {
        solution_steps(board, answer)
    }

    fn solution_moves(_: &solve::Solver, answer: &SlidingAnswer) -> usize {
        answer.length()
    }

    fn case_input(_: &solve::Solver, board: &Board) -> String {
        format!("{}\n", eight_line(board))
    }

    fn moves(_: &solve::Solver, board: &Board) -> Vec<(String, Board)> {
        board
            .successors()
            .into_iter()
            .map(|(step, next)| (step.letter().to_string(), next))
            .collect()
    }

    fn space(_: &EightOptions) -> Result<Option<Space>, OptionsError> {
        let shape = Shape::new(3, 3).expect("3x3 is a shape");
        Ok(Some(packed_space(shape, &Board::solved(shape))))
    }

    fn generate(
        options: &EightGenOptions,
        count: usize,
        seed: u64,
    ) -> Result<String, OptionsError> {
        let shape = Shape::new(3, 3).expect("3x3 is a shape");
        let boards = random_boards(shape, seed, options.solvable).take(count);
        Ok(boards
            .map(|board| format!("{}\n", eight_line(&board)))
            .collect())
    }
}
