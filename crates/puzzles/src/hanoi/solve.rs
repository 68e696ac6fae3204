//! Optimal solvers: A* or IDA* over [`FourPegs`] with the additive pattern databases of
//! [`pattern`](super::pattern).

use serde::{Deserialize, Serialize};
use statespace_engine::astar::astar;
use statespace_engine::heuristics::Additive;
use statespace_engine::idastar::idastar;
use statespace_engine::meet_in_the_middle::MeetInTheMiddle;
use statespace_engine::pattern_database::PatternDatabase;
use statespace_engine::{Domain, Limits, Outcome, SearchResult, Stats, StopReason};

use super::board::{FourPegs, Step, Towers};
use super::pattern::{Groups, Tables};

/// How towers are searched; both give the fewest moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Algorithm {
    /// A*: best first, keeping every position it reaches (the towers' many paths to one
    /// position are met once).
    #[default]
    Astar,
    /// IDA*: depth-first to a growing bound, in memory linear in the moves, but meeting a
    /// position again by every path to it.
    Idastar,
    /// MM: bidirectional, meeting in the middle, with tables toward the goal and the start.
    Mm,
    /// NBS: bidirectional, expanding pairs, with the same tables.
    Nbs,
    /// DVCBS: bidirectional, expanding a least vertex cover of the pairs' g-values, with the
    /// same estimates as MM and NBS.
    Dvcbs,
}

/// One case: the discs' pegs at the start and at the goal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Case {
    /// The discs.
    pub discs: usize,
    /// Where they stand.
    pub start: Towers,
    /// Where they must end.
    pub goal: Towers,
}

impl Case {
    /// The domain of the case's discs and goal.
    pub fn domain(&self) -> FourPegs {
        FourPegs {
            discs: self.discs,
            goal: self.goal,
        }
    }
}

/// A case's answer: its moves, first to last.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Answer {
    /// The moves.
    #[serde(skip)]
    pub steps: Vec<Step>,
    /// The moves as `--json` names them (`"1-3"`).
    pub moves: Vec<String>,
}

impl Answer {
    fn new(steps: Vec<Step>) -> Self {
        let moves = steps.iter().map(ToString::to_string).collect();
        Self { steps, moves }
    }
}

/// Solves cases with one algorithm and group size, keeping the tables it builds.
#[derive(Debug)]
pub struct Solver {
    algo: Algorithm,
    largest_group: usize,
    tables: Tables,
}

impl Solver {
    /// A solver by `algo` whose tables hold at most `largest_group` discs each.
    pub fn new(algo: Algorithm, largest_group: usize) -> Self {
        Self {
            algo,
            largest_group,
            tables: Tables::default(),
        }
    }

    /// The fewest moves from the case's start to its goal, or the limit that stopped the
    /// search; the statistics of the search, then of each table built for it (within the
    /// memory budget of `limits`).
    pub fn solve(
        &mut self,
        case: &Case,
        limits: &Limits,
    ) -> (Result<Answer, StopReason>, Stats, Vec<Stats>) {
        let groups = Groups::new(case.discs, self.largest_group);
        let memory = Limits {
            max_memory: limits.max_memory,
            ..Limits::none()
        };
        let bidirectional = matches!(self.algo, Algorithm::Mm | Algorithm::Nbs | Algorithm::Dvcbs);
        let goals = if bidirectional {
            vec![case.goal, case.start]
        } else {
            vec![case.goal]
        };
        let built = match self.tables.prepare(&groups, &goals, &memory) {
            Ok(built) => built,
            Err(reason) => return (Err(reason), Stats::default(), Vec::new()),
        };
        let heuristic = Additive::new(groups.clone(), self.tables.of(&groups, case.goal));
        let domain = case.domain();
        let meet = |search: MeetInTheMiddle| {
            // A move and its inverse cost alike: the tables toward the start estimate the
            // moves from it.
            let backward = Additive::new(groups.clone(), self.tables.of(&groups, case.start));
            let goal = [case.goal];
            search.run(&domain, &case.start, &goal, &heuristic, &backward, limits)
        };
        let SearchResult { outcome, stats } = match self.algo {
            Algorithm::Astar => astar(&domain, &case.start, &heuristic, limits),
            Algorithm::Idastar => idastar(&domain, &case.start, &heuristic, limits),
            Algorithm::Mm => meet(MeetInTheMiddle::Mm),
            Algorithm::Nbs => meet(MeetInTheMiddle::Nbs),
            Algorithm::Dvcbs => meet(MeetInTheMiddle::Dvcbs),
        };
        let answer = match outcome {
            Outcome::Found(solution) => Ok(Answer::new(solution.actions)),
            Outcome::Stopped(reason) => Err(reason),
            // Every position reaches every other: the search ends at the goal or a limit.
            Outcome::Exhausted => Err(StopReason::DepthLimit),
        };
        (answer, stats, built)
    }

    /// The tables of `groups` toward `goal`, built for an earlier case of that goal.
    ///
    /// # Panics
    /// If no case toward `goal` was solved with these groups.
    pub fn tables(&self, groups: &Groups, goal: Towers) -> Vec<&PatternDatabase> {
        self.tables.of(groups, goal)
    }
}

/// The towers after each move of `steps` from the case's start.
pub fn replay(case: &Case, steps: &[Step]) -> Vec<Towers> {
    let domain = case.domain();
    let mut at = case.start;
    steps
        .iter()
        .map(|&step| {
            domain.apply(&mut at, step);
            at
        })
        .collect()
}
