//! Optimal solvers over a compiled domain, estimated by pattern databases of its abstractions
//! combined by maximum (blind without them): IDA* (on several threads when asked), A*, BFS,
//! bidirectional BFS, MM, NBS and DVCBS. A search that
//! exhausts the space proves a state `unsolvable`; IDA*, which cannot, first asks a table of the
//! states that reach the goals, built once when the ranked space fits. Where the rules cost 1,
//! that table's distances are exact, and IDA* takes them beside the tables' estimate: a small
//! space is then solved along its shortest path, whatever the tables.

use serde::{Deserialize, Serialize};
use statespace_engine::astar::astar;
use statespace_engine::bfs::bfs;
use statespace_engine::bidirectional_bfs::bidirectional_bfs;
use statespace_engine::distance_table::{DistanceTable, distance_table};
use statespace_engine::idastar::{idastar, idastar_with};
use statespace_engine::meet_in_the_middle::MeetInTheMiddle;
use statespace_engine::parallel_idastar::{Parallel, parallel_idastar, parallel_idastar_with};
use statespace_engine::{
    Domain, Heuristic, IncrementalHeuristic, Limits, Outcome, PerfectHash, SearchResult, Stats,
};
use statespace_psvn::{
    DEAD_END, MaxPdb, Move, PsvnDomain, PsvnExpander, RankedPsvn, Ranking, State,
};

use crate::puzzle::{CaseLimits, OptionsError, Solved, table_note};

use super::board::{goal_states, multisets, unit_costs};

/// How states are searched; each gives a cheapest solution.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Algorithm {
    /// IDA* when every rule costs 1, else A*.
    #[default]
    Auto,
    /// IDA*: depth-first to a growing bound, pruning the domain's duplicate moves.
    Idastar,
    /// A*: best first, keeping every state it reaches.
    Astar,
    /// Breadth-first search (rules of cost 1 only).
    Bfs,
    /// Bidirectional breadth-first search (rules of cost 1, goal lines naming states).
    Bibfs,
    /// MM, bidirectional, meeting in the middle (goal lines naming states).
    Mm,
    /// NBS, bidirectional, expanding pairs (goal lines naming states).
    Nbs,
    /// DVCBS, bidirectional, expanding a least vertex cover (goal lines naming states).
    Dvcbs,
}

/// A state's answer: the moves of a cheapest solution and its cost, or none when no goal can
/// be reached.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Answer {
    /// The moves.
    #[serde(skip)]
    pub actions: Option<Vec<Move>>,
    /// The moves by their rules' labels; `null` when unsolvable.
    pub moves: Option<Vec<String>>,
    /// The solution's cost by the rules' costs (the moves, for unit costs); `null` when
    /// unsolvable.
    pub cost: Option<u64>,
}

impl Answer {
    fn found(domain: &PsvnDomain, actions: Vec<Move>, cost: u64) -> Self {
        let moves = actions
            .iter()
            .map(|&m| domain.label(m).to_owned())
            .collect();
        Self {
            actions: Some(actions),
            moves: Some(moves),
            cost: Some(cost),
        }
    }

    fn unsolvable() -> Self {
        Self {
            actions: None,
            moves: None,
            cost: None,
        }
    }
}

/// The most ranks of a table of the states that reach the goals (three bytes each while it is
/// built): beyond, IDA* cannot tell an unsolvable state but by a limit.
const MAX_GOALWARD_RANKS: u64 = 1 << 25;

/// What IDA* knows of the states that reach the goals.
enum Goalward {
    /// Not looked into yet: built at the first case that needs it.
    Unknown,
    /// Not to be had: a goal line is a pattern, the space is not ranked or too large.
    Unavailable,
    /// The goals' distances, over the ranks of the goals' space.
    Table {
        ranked: Box<RankedPsvn>,
        table: DistanceTable,
    },
}

/// Solves the states of one domain with one algorithm.
pub struct Solver {
    domain: PsvnDomain,
    algo: Algorithm,
    threads: usize,
    /// Whether every rule costs 1, so that the goalward table counts moves as costs.
    unit: bool,
    /// The goal states when every goal line names one.
    goals: Option<Vec<State>>,
    goalward: Goalward,
    /// The estimate towards the goals: the tables' maximum, 0 without tables.
    estimate: MaxPdb,
    /// What was built or chosen for the estimate, a line each.
    table_notes: Vec<String>,
}

impl Solver {
    /// A solver of `domain`'s states by `algo` (IDA* on `threads` threads), or why it cannot
    /// be: no GOAL line, BFS on rules of other costs, a bidirectional search towards a goal
    /// pattern.
    pub fn new(domain: PsvnDomain, algo: Algorithm, threads: usize) -> Result<Self, OptionsError> {
        domain
            .psvn()
            .require_goal()
            .map_err(|error| OptionsError::new(error.to_string()))?;
        let unit = unit_costs(&domain);
        let algo = match algo {
            Algorithm::Auto if unit => Algorithm::Idastar,
            Algorithm::Auto => Algorithm::Astar,
            chosen => chosen,
        };
        let file = domain.psvn().file().to_owned();
        if matches!(algo, Algorithm::Bfs | Algorithm::Bibfs) && !unit {
            return Err(OptionsError::new(format!(
                "{file}: --algo {} counts moves, and some rule costs more than 1 (astar or \
                 idastar take costs)",
                algo.name()
            )));
        }
        let goals = goal_states(&domain);
        let bidirectional = matches!(
            algo,
            Algorithm::Bibfs | Algorithm::Mm | Algorithm::Nbs | Algorithm::Dvcbs
        );
        if bidirectional && goals.is_none() {
            return Err(OptionsError::new(format!(
                "{file}: --algo {} searches back from goal states, and a GOAL line is a pattern \
                 (idastar, astar or bfs take patterns)",
                algo.name()
            )));
        }
        Ok(Self {
            domain,
            algo,
            threads,
            unit,
            goals,
            goalward: Goalward::Unknown,
            estimate: MaxPdb::new(Vec::new()),
            table_notes: Vec::new(),
        })
    }

    /// The solver with `notes` on its tables, told after the last case.
    pub fn noting(mut self, notes: Vec<String>) -> Self {
        self.table_notes = notes;
        self
    }

    /// What was built or chosen for the estimate, a line each.
    pub fn table_notes(&self) -> &[String] {
        &self.table_notes
    }

    /// The solver estimating the cost to the goals by `estimate` (pattern databases of the
    /// domain's abstractions), which the searches towards the goals use.
    pub fn estimated_by(mut self, estimate: MaxPdb) -> Self {
        self.estimate = estimate;
        self
    }

    /// The domain.
    pub fn domain(&self) -> &PsvnDomain {
        &self.domain
    }

    /// The algorithm, `auto` resolved.
    pub fn algorithm(&self) -> Algorithm {
        self.algo
    }

    /// A cheapest solution from `start`, `unsolvable`, or the limit that stopped the search.
    pub fn solve(&mut self, start: &State, limits: &CaseLimits) -> Solved<Answer> {
        let mut notes = Vec::new();
        if self.algo == Algorithm::Idastar {
            if let Some(note) = self.build_goalward(limits) {
                notes.push(note);
            }
            if self.proved_unsolvable(start) {
                let mut solved = Solved::new(Ok(Answer::unsolvable()), Stats::default());
                solved.notes = notes;
                return solved;
            }
        }
        let SearchResult { outcome, stats } = self.search(start, limits);
        let answer = match outcome {
            Outcome::Found(solution) => {
                Ok(Answer::found(&self.domain, solution.actions, solution.cost))
            }
            Outcome::Exhausted => Ok(Answer::unsolvable()),
            Outcome::Stopped(reason) => Err(reason),
        };
        let mut solved = Solved::new(answer, stats);
        solved.notes = notes;
        solved
    }

    fn search(&self, start: &State, limits: &CaseLimits) -> SearchResult<Move> {
        match &self.goalward {
            Goalward::Table { ranked, table } if self.unit => {
                let exact = |state: &State| {
                    let distance = table.distance(ranked.rank(state));
                    let moves = distance.map_or(DEAD_END, u32::from);
                    moves.max(self.estimate.estimate_state(state))
                };
                let depth_first = |limits: &Limits, threads| match threads {
                    0 | 1 => idastar(&self.domain, start, &exact, limits),
                    threads => {
                        let parallel = Parallel::threads(threads).ordered();
                        parallel_idastar(&self.domain, start, &exact, limits, &parallel)
                    }
                };
                self.search_towards(start, limits, &exact, depth_first)
            }
            _ => {
                // The tables alone: IDA* through the compiled domain's own expander, on one
                // thread or several.
                let depth_first = |limits: &Limits, threads| {
                    let expander = PsvnExpander::new(&self.domain, &self.estimate, start.clone());
                    match threads {
                        0 | 1 => idastar_with(expander, limits),
                        threads => {
                            let parallel = Parallel::threads(threads).ordered();
                            parallel_idastar_with(expander, limits, &parallel)
                        }
                    }
                };
                self.search_towards(start, limits, &self.estimate, depth_first)
            }
        }
    }

    /// The search from `start`, estimating the cost to the goals by `towards_goals`; IDA* (on
    /// as many threads as it is given) is `depth_first`.
    fn search_towards<H>(
        &self,
        start: &State,
        limits: &CaseLimits,
        towards_goals: &H,
        depth_first: impl FnOnce(&Limits, usize) -> SearchResult<Move>,
    ) -> SearchResult<Move>
    where
        H: Heuristic<PsvnDomain> + IncrementalHeuristic<PsvnDomain> + Sync,
        H::Memo: Sync,
    {
        let limits = limits.start();
        // Backward searches estimate the way to the start, which the tables do not know.
        let blind = |_: &State| 0u32;
        let domain = &self.domain;
        let goals = self.goals.as_deref().unwrap_or_default();
        let meet = |search: MeetInTheMiddle| {
            search.run(domain, start, goals, towards_goals, &blind, &limits)
        };
        match self.algo {
            Algorithm::Idastar => depth_first(&limits, self.threads),
            Algorithm::Auto => depth_first(&limits, 1),
            Algorithm::Astar => astar(domain, start, towards_goals, &limits),
            Algorithm::Bfs => bfs(domain, start, &limits),
            Algorithm::Bibfs => bidirectional_bfs(domain, start, goals, &limits),
            Algorithm::Mm => meet(MeetInTheMiddle::Mm),
            Algorithm::Nbs => meet(MeetInTheMiddle::Nbs),
            Algorithm::Dvcbs => meet(MeetInTheMiddle::Dvcbs),
        }
    }

    /// Builds the table of the states that reach the goals the first time it is asked for,
    /// when every goal line names a state of one ranked space of at most
    /// [`MAX_GOALWARD_RANKS`] ranks within the memory budget; its `--stats` line.
    fn build_goalward(&mut self, limits: &CaseLimits) -> Option<String> {
        if !matches!(self.goalward, Goalward::Unknown) {
            return None;
        }
        self.goalward = Goalward::Unavailable;
        let goals = self.goals.as_ref()?;
        let ranked = RankedPsvn::for_state(self.domain.clone(), goals.first()?).ok()?;
        let same_space = |goal: &State| {
            ranked.ranking() == Ranking::MixedRadix
                || multisets(&self.domain, goal) == multisets(&self.domain, &goals[0])
        };
        let ranks = ranked.size();
        if ranks > MAX_GOALWARD_RANKS
            || !limits.memory().fits(ranks.saturating_mul(3))
            || !goals.iter().all(same_space)
        {
            return None;
        }
        let build = distance_table(&ranked, &goals[..], &limits.memory());
        let table = build.table.ok()?;
        let note = format!("goalward {}", table_note(&build.stats));
        self.goalward = Goalward::Table {
            ranked: Box::new(ranked),
            table,
        };
        Some(note)
    }

    /// Whether the table of the states that reach the goals says `start` is not one of them.
    fn proved_unsolvable(&self, start: &State) -> bool {
        let Goalward::Table { ranked, table } = &self.goalward else {
            return false;
        };
        if ranked.ranking() == Ranking::Multiset {
            // The rules keep each domain's values: a start of other values is another space.
            let goal = ranked.unrank(0);
            if multisets(&self.domain, start) != multisets(&self.domain, &goal) {
                return true;
            }
        }
        table.distance(ranked.rank(start)).is_none()
    }

    /// The states after each move of `actions` from `start`.
    pub fn replay(&self, start: &State, actions: &[Move]) -> Vec<State> {
        let mut at = start.clone();
        actions
            .iter()
            .map(|&action| {
                self.domain.apply(&mut at, action);
                at.clone()
            })
            .collect()
    }
}

impl Algorithm {
    /// Its name on a command line.
    pub fn name(self) -> &'static str {
        match self {
            Self::Auto => "auto",
            Self::Idastar => "idastar",
            Self::Astar => "astar",
            Self::Bfs => "bfs",
            Self::Bibfs => "bibfs",
            Self::Mm => "mm",
            Self::Nbs => "nbs",
            Self::Dvcbs => "dvcbs",
        }
    }
}
