//! Optimal solvers: IDA* or A* over [`TopSpin`] with the pattern databases of
//! [`pattern`](super::pattern); loops no turn can sort (of the wrong parity) are told at once.

use serde::{Deserialize, Serialize};
use statespace_engine::astar::astar;
use statespace_engine::idastar::idastar;
use statespace_engine::meet_in_the_middle::MeetInTheMiddle;
use statespace_engine::rank::permutation_parity;
use statespace_engine::{
    Domain, Heuristic, Limits, Outcome, Recompute, SearchResult, Stats, StopReason,
};

use super::board::{Ring, TopSpin};
use super::pattern::{Combination, Estimate, Tables};

/// How loops are searched; both give the fewest turns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Algorithm {
    /// IDA*: depth-first to a growing bound, in memory linear in the turns.
    #[default]
    Idastar,
    /// A*: best first, keeping every loop it reaches.
    Astar,
    /// MM: bidirectional, meeting in the middle, with the tables both ways.
    Mm,
    /// NBS: bidirectional, expanding pairs, with the tables both ways.
    Nbs,
    /// DVCBS: bidirectional, expanding a least vertex cover of the pairs' g-values, with the
    /// same estimates as MM and NBS.
    Dvcbs,
}

/// The estimate of the turns from the start, for the backward side of MM and NBS: the estimate
/// of the loop with each token renamed after its position in the start. Turns move positions,
/// whatever the tokens' names, so renaming commutes with them and makes the start sorted.
struct TowardsStart<'t> {
    /// The new name of each token.
    names: Vec<u8>,
    estimate: Estimate<'t>,
}

impl<'t> TowardsStart<'t> {
    fn new(start: &Ring, estimate: Estimate<'t>) -> Self {
        let mut names = vec![0; start.len()];
        for (position, &token) in start.tokens().iter().enumerate() {
            names[usize::from(token)] = position as u8;
        }
        Self { names, estimate }
    }
}

impl Heuristic<TopSpin> for TowardsStart<'_> {
    fn estimate(&self, domain: &TopSpin, ring: &Ring) -> u32 {
        let rename = |&token: &u8| self.names[usize::from(token)];
        let renamed = Ring::new(ring.tokens().iter().map(rename).collect());
        self.estimate.estimate(domain, &renamed)
    }
}

/// A loop's answer: its turns, first to last, or `None` when no turns sort it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Answer {
    /// The positions (from 0) the turnstile turns at.
    #[serde(skip)]
    pub turns: Option<Vec<u8>>,
    /// The turns as `--json` names them: positions from 1 (`"3"`); `null` when unsolvable.
    pub moves: Option<Vec<String>>,
}

impl Answer {
    fn new(turns: Option<Vec<u8>>) -> Self {
        let moves = turns
            .as_ref()
            .map(|turns| turns.iter().map(|turn| (turn + 1).to_string()).collect());
        Self { turns, moves }
    }
}

/// Solves loops with one algorithm and turnstile, keeping the table of each loop size.
#[derive(Debug)]
pub struct Solver {
    algo: Algorithm,
    turnstile: usize,
    combination: Combination,
    tables: Option<Tables>,
    size: usize,
}

impl Solver {
    /// A solver by `algo` for a turnstile of `turnstile` tokens, with the default tables.
    pub fn new(algo: Algorithm, turnstile: usize) -> Self {
        Self::with_tables(algo, turnstile, Combination::default())
    }

    /// A solver by `algo` for a turnstile of `turnstile` tokens, its tables combined by
    /// `combination`.
    pub fn with_tables(algo: Algorithm, turnstile: usize, combination: Combination) -> Self {
        Self {
            algo,
            turnstile,
            combination,
            tables: None,
            size: 0,
        }
    }

    /// The tokens the turnstile reverses.
    pub fn turnstile(&self) -> usize {
        self.turnstile
    }

    /// The domain of `ring`'s size.
    pub fn domain(&self, ring: &Ring) -> TopSpin {
        TopSpin {
            size: ring.len(),
            turnstile: self.turnstile,
        }
    }

    /// Whether turns can sort `ring`: a turn of k tokens is k / 2 swaps, so when that is even
    /// only even permutations are reached (and all of them, on loops of k + 2 tokens or more,
    /// as the tests check on the whole spaces of the smallest).
    pub fn solvable(&self, ring: &Ring) -> bool {
        (self.turnstile / 2) % 2 == 1 || !permutation_parity(ring.tokens())
    }

    /// The fewest turns that sort `ring`, or the limit that stopped the search; the statistics
    /// of the search, and of the tables built for it if they were (within the memory budget of
    /// `limits`).
    pub fn solve(
        &mut self,
        ring: &Ring,
        limits: &Limits,
    ) -> (Result<Answer, StopReason>, Stats, Vec<Stats>) {
        if !self.solvable(ring) {
            return (Ok(Answer::new(None)), Stats::default(), Vec::new());
        }
        let domain = self.domain(ring);
        let mut built = Vec::new();
        if self.tables.is_none() || self.size != ring.len() {
            let memory = Limits {
                max_memory: limits.max_memory,
                ..Limits::none()
            };
            match Tables::build(domain, self.combination, &memory) {
                Ok((tables, stats)) => {
                    self.tables = Some(tables);
                    self.size = ring.len();
                    built = stats;
                }
                Err(reason) => return (Err(reason), Stats::default(), Vec::new()),
            }
        }
        let estimate = Estimate(self.tables.as_ref().expect("built above"));
        let meet = |search: MeetInTheMiddle| {
            let goal = [Ring::sorted(ring.len())];
            let backward = TowardsStart::new(ring, estimate);
            search.run(&domain, ring, &goal, &estimate, &backward, limits)
        };
        let SearchResult { outcome, stats } = match self.algo {
            Algorithm::Idastar => idastar(&domain, ring, &Recompute(estimate), limits),
            Algorithm::Astar => astar(&domain, ring, &estimate, limits),
            Algorithm::Mm => meet(MeetInTheMiddle::Mm),
            Algorithm::Nbs => meet(MeetInTheMiddle::Nbs),
            Algorithm::Dvcbs => meet(MeetInTheMiddle::Dvcbs),
        };
        let answer = match outcome {
            Outcome::Found(solution) => Ok(Answer::new(Some(solution.actions))),
            Outcome::Stopped(reason) => Err(reason),
            // A loop of the right parity is sorted by some turns: the search ends at the goal
            // or at a limit. Should it say otherwise, a limit is the truthful answer.
            Outcome::Exhausted => Err(StopReason::DepthLimit),
        };
        (answer, stats, built)
    }

    /// The loops after each turn of `turns` from `ring`.
    pub fn replay(&self, ring: &Ring, turns: &[u8]) -> Vec<Ring> {
        let domain = self.domain(ring);
        let mut at = ring.clone();
        turns
            .iter()
            .map(|&turn| {
                domain.apply(&mut at, turn);
                at.clone()
            })
            .collect()
    }
}
