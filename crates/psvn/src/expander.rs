//! IDA*'s expander for a compiled domain ([`idastar_with`]): the engine's own loop over a
//! [`Domain`], with what it cannot know of a domain file. The rules' rewrites, costs and the
//! duplicate-move automaton are read from the compiled domain's tables inline; and with no
//! pattern database the estimate is 0 everywhere, so a child is judged by its cost alone before
//! the move: children beyond the bound are counted and never written (in a blind iteration,
//! most of those generated are).
//!
//! [`idastar_with`]: statespace_engine::idastar::idastar_with

use std::ops::ControlFlow;

use statespace_engine::Domain;
use statespace_engine::idastar::{Expander, Expansion};
use statespace_engine::move_pruning::{MoveAutomaton, MoveState};

use crate::domain::{Move, PsvnDomain, State};
use crate::heuristic::MaxPdb;

/// A node of a compiled domain, changed in place, estimated by pattern databases (none: blind).
pub struct PsvnExpander<'a> {
    domain: &'a PsvnDomain,
    estimate: &'a MaxPdb,
    /// Whether there is no table: every estimate is 0.
    blind: bool,
    state: State,
    /// The moves of every node on the path, each node's after its parent's (one buffer).
    moves: Vec<Move>,
}

impl<'a> PsvnExpander<'a> {
    /// IDA*'s expander from `start` in `domain`, estimated by `estimate`.
    pub fn new(domain: &'a PsvnDomain, estimate: &'a MaxPdb, start: State) -> Self {
        Self {
            domain,
            estimate,
            blind: estimate.tables().is_empty(),
            state: start,
            moves: Vec::new(),
        }
    }

    /// Where the duplicate-move automaton stands after `action` from `at`, or `None` where it
    /// forbids the move.
    #[inline]
    fn step(&self, at: MoveState, action: Move) -> Option<MoveState> {
        match self.domain.duplicate_moves() {
            Some(automaton) => automaton.step(at, action.rule()),
            None => Some(MoveAutomaton::START),
        }
    }

    #[inline]
    fn estimate_here(&self) -> u32 {
        if self.blind {
            0
        } else {
            self.estimate.estimate_state(&self.state)
        }
    }
}

impl Expander for PsvnExpander<'_> {
    type Action = Move;
    type Cost = u64;
    /// The estimate, and where the path leaves the duplicate-move automaton.
    type Memo = (u32, MoveState);

    fn memo(&self) -> Self::Memo {
        (self.estimate_here(), MoveAutomaton::START)
    }

    #[inline]
    fn estimate(&self, (estimate, _): Self::Memo) -> u64 {
        u64::from(estimate)
    }

    #[inline]
    fn is_goal(&self, (estimate, _): Self::Memo) -> bool {
        // Admissible tables are 0 at every goal: only those states need the test.
        estimate == 0 && self.domain.is_goal(&self.state)
    }

    fn play(&mut self, action: Move, (_, at): Self::Memo) -> (u64, Self::Memo) {
        let cost = u64::from(self.domain.cost(&self.state, action));
        let at = self.step(at, action).expect("a move of the prefix");
        self.domain.apply(&mut self.state, action);
        (cost, (self.estimate_here(), at))
    }

    #[inline]
    fn expand<B>(
        &mut self,
        g: u64,
        (_, at): Self::Memo,
        bound: u64,
        last: Option<Move>,
        mut visit: impl FnMut(&mut Self, Move, u64, Self::Memo) -> ControlFlow<B, Option<u64>>,
    ) -> Expansion<B, u64> {
        let listed = self.moves.len();
        self.domain.actions(&self.state, &mut self.moves);
        let end = self.moves.len();
        let back = last.and_then(|action| self.domain.invert(action));
        let mut least = u64::MAX;
        let mut halt = None;
        for index in listed..end {
            let action = self.moves[index];
            if Some(action) == back {
                continue;
            }
            let Some(child_at) = self.step(at, action) else {
                continue;
            };
            let child_g = g + u64::from(self.domain.cost(&self.state, action));
            if self.blind && child_g > bound {
                least = least.min(child_g);
                continue;
            }
            self.domain.apply(&mut self.state, action);
            let estimate = self.estimate_here();
            let child_f = child_g + u64::from(estimate);
            if child_f > bound {
                self.domain.undo(&mut self.state, action);
                least = least.min(child_f);
                continue;
            }
            match visit(self, action, child_g, (estimate, child_at)) {
                ControlFlow::Continue(below) => least = least.min(below.unwrap_or(u64::MAX)),
                ControlFlow::Break(stop) => {
                    halt = Some(stop);
                    break;
                }
            }
            self.domain.undo(&mut self.state, action);
        }
        self.moves.truncate(listed);
        Expansion {
            // Counted as the engine's expander counts them: every move listed.
            generated: (end - listed) as u64,
            flow: match halt {
                Some(stop) => ControlFlow::Break(stop),
                None => ControlFlow::Continue((least < u64::MAX).then_some(least)),
            },
        }
    }
}
