//! IDA*'s expander for a compiled domain ([`idastar_with`], [`parallel_idastar_with`]): the
//! engine's own loop over a [`Domain`], with what it cannot know of a domain file.
//!
//! - A node's moves are read off the decision tree as they are tried ([`RuleTree`]'s runs),
//!   never listed; the rules' rewrites and costs come from the compiled domain's flat tables.
//! - The positions holding the value the rules are found by (the blank of sliding tiles) are
//!   handed from node to node with the estimate and the duplicate-move automaton's state, a
//!   swap exchanging two bits, instead of being read off each state (a word read over bytes a
//!   move just wrote waits for them); the goal test first compares them with the goal's.
//! - The automaton forbids each rule after its inverse rule: no test of the inverse beside it.
//! - With no pattern database the estimate is 0 everywhere, so a child is judged by its cost
//!   alone before the move: children beyond the bound are counted and never written. Where all
//!   of a node's children are (most nodes of a blind iteration), and every move costs the same,
//!   they are counted run by run, and whether any is allowed is one mask of the automaton's
//!   state against the run's rules: no loop over them.
//! - A child at the bound all of whose children are beyond it (a leaf of a blind iteration) is
//!   judged the same way without a move, where its holding is two bits swapped and tells it from
//!   the goals ([`Visit::Leaf`]): IDA* counts it as expanded, as if moved to.
//!
//! [`idastar_with`]: statespace_engine::idastar::idastar_with
//! [`parallel_idastar_with`]: statespace_engine::parallel_idastar::parallel_idastar_with
//! [`RuleTree`]: crate::tree::RuleTree

use std::ops::ControlFlow;

use statespace_engine::Domain;
use statespace_engine::idastar::{Expander, Expansion, Visit};
use statespace_engine::move_pruning::{MoveAutomaton, MoveState};

use crate::domain::{Move, PsvnDomain, State};
use crate::heuristic::MaxPdb;
use crate::tree::Run;

/// A node of a compiled domain, changed in place, estimated by pattern databases (none: blind).
/// A node's moves are read off the decision tree as they are tried, never listed.
#[derive(Clone)]
pub struct PsvnExpander<'a> {
    domain: &'a PsvnDomain,
    estimate: &'a MaxPdb,
    /// Whether there is no table: every estimate is 0.
    blind: bool,
    /// The least cost of a rule, and whether every rule costs that.
    cheapest: u64,
    unit: bool,
    /// The holding of every goal, if they share one (see [`PsvnDomain::goal_holding`]).
    goal_holding: Option<u64>,
    state: State,
}

impl<'a> PsvnExpander<'a> {
    /// IDA*'s expander from `start` in `domain`, estimated by `estimate`.
    pub fn new(domain: &'a PsvnDomain, estimate: &'a MaxPdb, start: State) -> Self {
        let (cheapest, dearest) = domain.cost_range();
        Self {
            domain,
            estimate,
            blind: estimate.tables().is_empty(),
            cheapest: u64::from(cheapest),
            unit: cheapest == dearest,
            goal_holding: domain.goal_holding(),
            state: start,
        }
    }

    /// The node where it stands.
    pub fn state(&self) -> &State {
        &self.state
    }

    #[inline]
    fn estimate_here(&self) -> u32 {
        if self.blind {
            0
        } else {
            self.estimate.estimate_state(&self.state)
        }
    }

    /// Calls `each` with the moves of the current node, in file order, in runs of moves found
    /// together, until it breaks; `each` may move if it comes back.
    #[inline(always)]
    fn try_for_each_run<B>(
        &mut self,
        holding: u64,
        mut each: impl FnMut(&mut Self, Run) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        let domain = self.domain;
        domain.tree().try_for_each_run(
            self,
            |node| &node.state,
            Some(holding),
            |node, run| each(node, run),
        )
    }

    /// The moves of the current node, whose holding is `holding`.
    fn count_moves(&mut self, holding: u64) -> u64 {
        let domain = self.domain;
        let mut moves = 0;
        let _: ControlFlow<()> = self.try_for_each_run(holding, |node, run| {
            moves += run
                .rules
                .iter()
                .filter(|&&rule| domain.move_if_applies(rule, &node.state).is_some())
                .count() as u64;
            ControlFlow::Continue(())
        });
        moves
    }

    /// The children of the current node, reached at cost `g`, where every child is beyond
    /// `bound` with no estimate (blind, `g` + the cheapest move above it): counted, and the
    /// least cost of those the automaton at `at` allows (none moved to, nothing written).
    #[inline]
    fn beyond_bound(&mut self, g: u64, (_, at, holding): Memo, back: Option<Move>) -> (u64, u64) {
        let domain = self.domain;
        let allowed = |rule: u16, action: Move| {
            Some(action) != back && step(domain, at, usize::from(rule)).is_some()
        };
        let (mut generated, mut least) = (0, u64::MAX);
        let allowed_rules = match (back, domain.allowed_rules(at)) {
            (None, Some(allowed)) => Some(allowed),
            (Some(_), _) => None,
            // No automaton and no last move: every move.
            (None, None) => domain.duplicate_moves().is_none().then_some(u64::MAX),
        };
        if let (true, true, Some(allowed)) = (domain.all_plain(), self.unit, allowed_rules) {
            // Every move costs the same and the rules allowed are known: count the runs, and
            // see whether any of their rules is allowed, with no loop over them.
            let mut any = 0;
            let _: ControlFlow<()> = self.try_for_each_run(holding, |_, run| {
                generated += run.rules.len() as u64;
                any |= run.mask() & allowed;
                ControlFlow::Continue(())
            });
            if any != 0 {
                least = g + self.cheapest;
            }
            return (generated, least);
        }
        let _: ControlFlow<()> = self.try_for_each_run(holding, |node, run| {
            for &rule in run.rules {
                let Some(action) = domain.move_if_applies(rule, &node.state) else {
                    continue;
                };
                generated += 1;
                if allowed(rule, action) {
                    least = least.min(g + domain_cost(domain, rule));
                }
            }
            ControlFlow::Continue(())
        });
        (generated, least)
    }

    /// What an expansion of the current node, whose holding is `holding`, did: `flow`, with
    /// `generated` children and `least` the least cost plus estimate beyond the bound (MAX:
    /// none) unless it broke.
    #[inline(always)]
    fn finish<B>(
        &mut self,
        flow: ControlFlow<B>,
        holding: u64,
        generated: u64,
        least: u64,
    ) -> Expansion<B, u64> {
        match flow {
            // Counted as the engine's expander counts them: every move listed, those after a
            // break (on the way back from a goal, once a node) included.
            ControlFlow::Break(stop) => Expansion {
                generated: self.count_moves(holding),
                flow: ControlFlow::Break(stop),
            },
            ControlFlow::Continue(()) => Expansion {
                generated,
                flow: ControlFlow::Continue((least < u64::MAX).then_some(least)),
            },
        }
    }
}

/// What a node hands down to its children: its estimate, where the path leaves the
/// duplicate-move automaton, and the positions holding the value the rules are found by
/// ([`PsvnDomain::holding`], kept from move to move).
type Memo = (u32, MoveState, u64);

/// Where the duplicate-move automaton of `domain` stands after rule `rule` from `at`, or `None`
/// where it forbids the move.
#[inline(always)]
fn step(domain: &PsvnDomain, at: MoveState, rule: usize) -> Option<MoveState> {
    match domain.duplicate_moves() {
        Some(automaton) => automaton.step(at, rule),
        None => Some(MoveAutomaton::START),
    }
}

#[inline(always)]
fn domain_cost(domain: &PsvnDomain, rule: u16) -> u64 {
    u64::from(domain.rule_cost(usize::from(rule)))
}

impl Expander for PsvnExpander<'_> {
    type Action = Move;
    type Cost = u64;
    type Memo = Memo;

    fn memo(&self) -> Memo {
        let holding = self.domain.holding(&self.state);
        (self.estimate_here(), MoveAutomaton::START, holding)
    }

    #[inline]
    fn estimate(&self, (estimate, ..): Memo) -> u64 {
        u64::from(estimate)
    }

    #[inline]
    fn is_goal(&self, (estimate, _, holding): Memo) -> bool {
        // Admissible tables are 0 at every goal: only those states need the test; nor those
        // whose holding no goal has.
        estimate == 0
            && self.goal_holding.is_none_or(|goal| goal == holding)
            && self.domain.is_goal(&self.state)
    }

    fn play(&mut self, action: Move, (_, at, holding): Memo) -> (u64, Memo) {
        let cost = u64::from(self.domain.cost(&self.state, action));
        let at = step(self.domain, at, action.rule()).expect("a move of the prefix");
        self.domain.apply(&mut self.state, action);
        let holding = self.domain.holding_after(holding, action, &self.state);
        (cost, (self.estimate_here(), at, holding))
    }

    #[inline]
    fn expand<B>(
        &mut self,
        g: u64,
        memo: Memo,
        bound: u64,
        last: Option<Move>,
        mut visit: impl FnMut(&mut Self, Move, u64, Memo) -> ControlFlow<B, Option<u64>>,
    ) -> Expansion<B, u64> {
        self.expand_with_leaves(g, memo, bound, last, false, |node, child| match child {
            Visit::Child { action, g, memo } => visit(node, action, g, memo),
            // Never handed one without leaves.
            Visit::Leaf { least, .. } => ControlFlow::Continue(least),
        })
    }

    #[inline]
    fn expand_with_leaves<B>(
        &mut self,
        g: u64,
        memo: Memo,
        bound: u64,
        last: Option<Move>,
        leaves: bool,
        mut visit: impl FnMut(&mut Self, Visit<Move, u64, Memo>) -> ControlFlow<B, Option<u64>>,
    ) -> Expansion<B, u64> {
        let domain = self.domain;
        // The automaton forbids every rule after its inverse rule: the inverse of the last move
        // needs a test of its own only without one.
        let back = match domain.duplicate_moves() {
            Some(_) => None,
            None => last.and_then(|action| domain.invert(action)),
        };
        if self.blind && g + self.cheapest > bound {
            let (generated, least) = self.beyond_bound(g, memo, back);
            return Expansion {
                generated,
                flow: ControlFlow::Continue((least < u64::MAX).then_some(least)),
            };
        }
        let (mut generated, mut least) = (0, u64::MAX);
        let blind = self.blind;
        let (_, at, holding) = memo;
        // Children at the bound whose own children are all beyond it (blind, every move
        // costing the same), judged without a move where the holding is two bits swapped and
        // tells them from the goals: their children counted off the holding, the automaton's
        // mask saying whether any is allowed.
        let leaves = leaves
            && blind
            && self.unit
            && domain.all_plain()
            && g + 2 * self.cheapest > bound
            && domain.allowed_rules(at).is_some();
        let goal_holding = self.goal_holding;
        let cheapest = self.cheapest;
        // A child allowed by the automaton (as `child_at` there), within the bound or not.
        let mut child = |node: &mut Self, rule: u16, action: Move, child_at: MoveState| {
            let child_g = g + domain_cost(domain, rule);
            if blind && child_g > bound {
                least = least.min(child_g);
                return ControlFlow::Continue(());
            }
            if leaves
                && let Some(child_holding) = domain.holding_after_swap(holding, action)
                && goal_holding.is_some_and(|goal| goal != child_holding)
                && let (Some((moves, rules)), Some(allowed)) = (
                    domain.tree().marked_rules(child_holding),
                    domain.allowed_rules(child_at),
                )
            {
                let leaf = Visit::Leaf {
                    generated: moves,
                    least: (rules & allowed != 0).then_some(child_g + cheapest),
                };
                least = least.min(visit(node, leaf)?.unwrap_or(u64::MAX));
                return ControlFlow::Continue(());
            }
            domain.apply(&mut node.state, action);
            let estimate = node.estimate_here();
            let child_f = child_g + u64::from(estimate);
            if child_f > bound {
                domain.undo(&mut node.state, action);
                least = least.min(child_f);
                return ControlFlow::Continue(());
            }
            let child_holding = domain.holding_after(holding, action, &node.state);
            let below = visit(
                node,
                Visit::Child {
                    action,
                    g: child_g,
                    memo: (estimate, child_at, child_holding),
                },
            );
            // Back here on a break too, so that the moves not tried can be counted.
            domain.undo(&mut node.state, action);
            least = least.min(below?.unwrap_or(u64::MAX));
            ControlFlow::Continue(())
        };
        let flow = match domain.allowed_rules(at) {
            Some(allowed) if domain.all_plain() => self.try_for_each_run(holding, |node, run| {
                // The rules of the run the automaton allows, in file order, one bit each.
                generated += run.rules.len() as u64;
                let mut rules = run.mask() & allowed;
                while rules != 0 {
                    let rule = rules.trailing_zeros() as u16;
                    rules &= rules - 1;
                    if let Some(child_at) = step(domain, at, usize::from(rule)) {
                        child(node, rule, PsvnDomain::plain_move(rule), child_at)?;
                    }
                }
                ControlFlow::Continue(())
            }),
            _ => self.try_for_each_run(holding, |node, run| {
                for &rule in run.rules {
                    let Some(action) = domain.move_if_applies(rule, &node.state) else {
                        continue;
                    };
                    generated += 1;
                    if Some(action) == back {
                        continue;
                    }
                    if let Some(child_at) = step(domain, at, usize::from(rule)) {
                        child(node, rule, action, child_at)?;
                    }
                }
                ControlFlow::Continue(())
            }),
        };
        self.finish(flow, holding, generated, least)
    }
}
