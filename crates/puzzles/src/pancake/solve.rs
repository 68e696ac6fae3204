//! Optimal solvers: IDA*, A*, MM, NBS or DVCBS over [`Pancakes`] with the gap heuristic.

use serde::{Deserialize, Serialize};
use statespace_engine::astar::astar;
use statespace_engine::idastar::idastar_with;
use statespace_engine::meet_in_the_middle::MeetInTheMiddle;
use statespace_engine::{Domain, Limits, Outcome, SearchResult, Stats, StopReason};

use super::board::{Pancakes, Stack, gaps_ignoring};
use super::expander::Flipper;

/// How stacks are searched; each gives a fewest-flips answer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Algorithm {
    /// IDA*: depth-first to a growing bound, in memory linear in the depth.
    #[default]
    Idastar,
    /// A*: best first, keeping every stack it reaches.
    Astar,
    /// MM: bidirectional heuristic search meeting in the middle, the estimate both ways.
    Mm,
    /// NBS: bidirectional heuristic search expanding pairs, the estimate both ways.
    Nbs,
    /// DVCBS: bidirectional, expanding a least vertex cover of the pairs' g-values, the estimate
    /// both ways.
    Dvcbs,
}

/// The estimate of the flips left that the search uses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Heuristic {
    /// Helmert's gap heuristic (burnt: the signed gaps).
    #[default]
    Gap,
    /// Gap-1: the gaps but those next to pancake 1 (weaker, for comparing searches).
    #[serde(rename = "gap-1")]
    Gap1,
    /// Gap-2: the gaps but those next to pancakes 1 and 2.
    #[serde(rename = "gap-2")]
    Gap2,
    /// Gap-3: the gaps but those next to pancakes 1 to 3.
    #[serde(rename = "gap-3")]
    Gap3,
    /// None: the search is blind (for comparison).
    Zero,
}

impl Heuristic {
    /// The smallest pancakes whose gaps are not counted (gap-k's k), or none when the search is
    /// blind.
    pub fn ignored(self) -> Option<u16> {
        match self {
            Heuristic::Gap => Some(0),
            Heuristic::Gap1 => Some(1),
            Heuristic::Gap2 => Some(2),
            Heuristic::Gap3 => Some(3),
            Heuristic::Zero => None,
        }
    }
}

/// The heuristic for stacks plain or burnt, for A* (IDA*'s [`Flipper`] keeps its own).
#[derive(Clone, Copy, Debug)]
struct Estimate(Heuristic);

impl Estimate {
    fn of(&self, domain: &Pancakes, stack: &Stack) -> u32 {
        self.0
            .ignored()
            .map_or(0, |ignored| gaps_ignoring(stack, domain.burnt, ignored))
    }
}

impl statespace_engine::Heuristic<Pancakes> for Estimate {
    fn estimate(&self, domain: &Pancakes, stack: &Stack) -> u32 {
        self.of(domain, stack)
    }
}

/// The estimate of the flips from the start, for the backward side of MM and NBS: the
/// estimate of the stack with each pancake renamed after its place in the start. Renaming
/// commutes with flips and makes the start the sorted stack.
struct TowardsStart {
    /// The new name of each pancake (indexed by size), negative if the start has it burnt side
    /// up.
    names: Vec<i16>,
    estimate: Estimate,
}

impl TowardsStart {
    fn new(start: &Stack, estimate: Estimate) -> Self {
        let mut names = vec![0; start.len() + 1];
        for (place, &cake) in (1..).zip(start.cakes()) {
            names[usize::from(cake.unsigned_abs())] = cake.signum() * place;
        }
        Self { names, estimate }
    }
}

impl statespace_engine::Heuristic<Pancakes> for TowardsStart {
    fn estimate(&self, domain: &Pancakes, stack: &Stack) -> u32 {
        let rename = |&cake: &i16| cake.signum() * self.names[usize::from(cake.unsigned_abs())];
        let renamed = Stack::new(stack.cakes().iter().map(rename).collect());
        self.estimate.of(domain, &renamed)
    }
}

/// A stack's answer: the sizes of its flips, first to last.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Answer {
    /// The flips' sizes.
    #[serde(skip)]
    pub flips: Vec<u8>,
    /// The flips as `--json` names them: their sizes in words (`"3"`).
    pub moves: Vec<String>,
}

impl Answer {
    fn new(flips: Vec<u8>) -> Self {
        let moves = flips.iter().map(u8::to_string).collect();
        Self { flips, moves }
    }
}

/// Solves stacks with one algorithm and heuristic, plain or burnt.
#[derive(Clone, Copy, Debug)]
pub struct Solver {
    algo: Algorithm,
    heuristic: Heuristic,
    burnt: bool,
}

impl Solver {
    /// A solver by `algo` with `heuristic`, for burnt stacks when `burnt` is set.
    pub fn new(algo: Algorithm, heuristic: Heuristic, burnt: bool) -> Self {
        Self {
            algo,
            heuristic,
            burnt,
        }
    }

    /// Whether stacks are burnt.
    pub fn burnt(&self) -> bool {
        self.burnt
    }

    /// The domain of `stack`'s size.
    pub fn domain(&self, stack: &Stack) -> Pancakes {
        Pancakes {
            size: stack.len(),
            burnt: self.burnt,
        }
    }

    /// The fewest flips that sort `stack`, or the limit that stopped the search.
    pub fn solve(&self, stack: &Stack, limits: &Limits) -> (Result<Answer, StopReason>, Stats) {
        let domain = self.domain(stack);
        let estimate = Estimate(self.heuristic);
        let meet = |search: MeetInTheMiddle| {
            let goal = [Stack::sorted(stack.len())];
            let backward = TowardsStart::new(stack, estimate);
            search.run(&domain, stack, &goal, &estimate, &backward, limits)
        };
        let SearchResult { outcome, stats } = match self.algo {
            Algorithm::Idastar => {
                idastar_with(Flipper::new(stack, self.burnt, self.heuristic), limits)
            }
            Algorithm::Astar => astar(&domain, stack, &estimate, limits),
            Algorithm::Mm => meet(MeetInTheMiddle::Mm),
            Algorithm::Nbs => meet(MeetInTheMiddle::Nbs),
            Algorithm::Dvcbs => meet(MeetInTheMiddle::Dvcbs),
        };
        let answer = match outcome {
            Outcome::Found(solution) => Ok(Answer::new(solution.actions)),
            Outcome::Stopped(reason) => Err(reason),
            // Every stack can be sorted: the search ends at a goal or at a limit. Should it say
            // otherwise, a limit is the truthful answer, never an empty solution.
            Outcome::Exhausted => Err(StopReason::DepthLimit),
        };
        (answer, stats)
    }

    /// The stacks after each flip of `flips` from `stack`.
    pub fn replay(&self, stack: &Stack, flips: &[u8]) -> Vec<Stack> {
        let domain = self.domain(stack);
        let mut at = stack.clone();
        flips
            .iter()
            .map(|&k| {
                domain.apply(&mut at, k);
                at.clone()
            })
            .collect()
    }
}
