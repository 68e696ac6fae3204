//! A rule compiled: its tests split into constants (for the decision tree) and equalities, the
//! program that applies it, and the rule that undoes it, found symbolically.
//!
//! The backward rule of `tests => actions` tests the pattern a successor shows (each written
//! position's action, each other position's test) and writes back the tests. A value it cannot
//! recompute is *lost*: the old value of a position tested `-` and written, or a variable's
//! value when no position of the successor shows it. A rule with no lost value is invertible as
//! a rule; with lost values, each of its moves carries them (so that `undo` restores them), and
//! its predecessors are every choice of them.

use std::collections::HashMap;

use crate::ast::{Psvn, Rule, Term};
use crate::program::{Program, Source};

/// The most values a move carries for its undo: a rule losing more is refused.
pub const MAX_LOST: usize = 5;

/// A pattern over states: values at positions, and positions equal to others.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Pattern {
    /// `(position, value)`: the position holds the value.
    pub(crate) values: Vec<(u16, u8)>,
    /// `(position, first)`: the position holds what `first` holds.
    pub(crate) equal: Box<[(u16, u16)]>,
}

impl Pattern {
    /// The pattern of `terms`: values tested, and each later occurrence of a variable equal to
    /// its first.
    pub(crate) fn of(terms: &[Term]) -> Self {
        let mut first: HashMap<u16, u16> = HashMap::new();
        let mut pattern = Pattern::default();
        let mut equal = Vec::new();
        for (p, &term) in terms.iter().enumerate() {
            let p = p as u16;
            match term {
                Term::Any => {}
                Term::Value(v) => pattern.values.push((p, v)),
                Term::Var(name) => {
                    if let Some(&q) = first.get(&name) {
                        equal.push((p, q));
                    } else {
                        first.insert(name, p);
                    }
                }
            }
        }
        pattern.equal = equal.into_boxed_slice();
        pattern
    }

    /// Whether `state` matches the equalities (the values being checked elsewhere).
    #[inline]
    pub(crate) fn equalities_hold(&self, state: &[u8]) -> bool {
        self.equal
            .iter()
            .all(|&(p, q)| state[usize::from(p)] == state[usize::from(q)])
    }

    /// Whether `state` matches the whole pattern.
    pub(crate) fn matches(&self, state: &[u8]) -> bool {
        self.values.iter().all(|&(p, v)| state[usize::from(p)] == v) && self.equalities_hold(state)
    }
}

/// A rule ready to run.
#[derive(Clone, Debug)]
pub(crate) struct CompiledRule {
    /// What a state must show for the rule to apply.
    pub(crate) tests: Pattern,
    /// The rewrite.
    pub(crate) forward: Program,
    /// What a successor shows: the tests of the backward rule.
    pub(crate) shows: Pattern,
    /// The backward rewrite, reading the lost values from the move.
    pub(crate) backward: Program,
    /// Where each lost value is read before the rule applies, and how many values it can take.
    pub(crate) lost: Box<[(u16, u16)]>,
    pub(crate) cost: u32,
    /// Positions tested (by value or variable), and positions written.
    pub(crate) reads: Box<[u16]>,
    pub(crate) writes: Box<[u16]>,
    /// Whether the values written are those overwritten, rearranged (as a symbolic multiset).
    pub(crate) keeps_multiset: bool,
    /// The rule's tests and actions with variables renamed in order of first use and actions
    /// that change nothing written `-`: equal forms, equal rules.
    pub(crate) form: Vec<Term>,
    /// The form of its backward rule, when it has no lost value.
    pub(crate) backward_form: Option<Vec<Term>>,
}

/// Compiles rule `rule` of `psvn`; the error is a message for the rule's place.
pub(crate) fn compile_rule(psvn: &Psvn, rule: &Rule) -> Result<CompiledRule, String> {
    let n = psvn.len();
    let tests = &rule.tests;
    // An action writing what its test already demands changes nothing.
    let actions: Vec<Term> = rule
        .actions
        .iter()
        .zip(tests.iter())
        .map(|(&a, &t)| if a == t { Term::Any } else { a })
        .collect();
    // Where each variable is bound, and first shown by a successor: looked up per write, so
    // found once (a rule may have thousands of positions).
    let first_at = |terms: &[Term]| {
        let mut first = vec![None; rule.names.len()];
        for (p, &term) in terms.iter().enumerate().rev() {
            if let Term::Var(name) = term {
                first[usize::from(name)] = Some(p as u16);
            }
        }
        first
    };
    let binders = first_at(tests);
    let binder = |name: u16| binders[usize::from(name)].expect("actions name bound variables");
    let shows_terms: Vec<Term> = actions
        .iter()
        .zip(tests.iter())
        .map(|(&a, &t)| if a == Term::Any { t } else { a })
        .collect();
    let shown = first_at(&shows_terms);
    let written: Vec<u16> = (0..n as u16)
        .filter(|&p| actions[usize::from(p)] != Term::Any)
        .collect();
    // The lost values: written positions tested `-`, then variables the successor hides.
    let mut lost: Vec<(u16, u16)> = Vec::new();
    let mut lost_index: HashMap<Result<u16, u16>, u8> = HashMap::new();
    let size_at = |p: u16| psvn.domain_of(usize::from(p)).values.len() as u16;
    for &p in &written {
        let hidden = match tests[usize::from(p)] {
            Term::Any => Some((Ok(p), p)),
            Term::Var(name) if shown[usize::from(name)].is_none() => {
                Some((Err(name), binder(name)))
            }
            _ => None,
        };
        if let Some((key, from)) = hidden
            && !lost_index.contains_key(&key)
        {
            lost_index.insert(key, lost.len() as u8);
            lost.push((from, size_at(from)));
        }
    }
    if lost.len() > MAX_LOST {
        return Err(format!(
            "rule {} overwrites {} values it does not keep: at most {MAX_LOST} are supported",
            rule.label,
            lost.len()
        ));
    }
    let forward_writes: Vec<(u16, Source)> = written
        .iter()
        .map(|&p| {
            let source = match actions[usize::from(p)] {
                Term::Value(v) => Source::Value(v),
                Term::Var(name) => Source::At(binder(name)),
                Term::Any => unreachable!("written positions have actions"),
            };
            (p, source)
        })
        .collect();
    let backward_writes: Vec<(u16, Source)> = written
        .iter()
        .map(|&p| {
            let source = match tests[usize::from(p)] {
                Term::Value(v) => Source::Value(v),
                Term::Any => Source::Lost(lost_index[&Ok(p)]),
                Term::Var(name) => match shown[usize::from(name)] {
                    Some(q) => Source::At(q),
                    None => Source::Lost(lost_index[&Err(name)]),
                },
            };
            (p, source)
        })
        .collect();
    let keeps_multiset = {
        let symbol = |p: u16, term: Term| (psvn.variables[usize::from(p)], term);
        let mut before: Vec<_> = written
            .iter()
            .map(|&p| symbol(p, tests[usize::from(p)]))
            .collect();
        let mut after: Vec<_> = written
            .iter()
            .map(|&p| symbol(p, actions[usize::from(p)]))
            .collect();
        before.sort_by_key(|&(d, t)| (d, term_key(t)));
        after.sort_by_key(|&(d, t)| (d, term_key(t)));
        before == after && !before.iter().any(|&(_, t)| t == Term::Any)
    };
    let backward_form = lost.is_empty().then(|| {
        let restores: Vec<Term> = (0..n)
            .map(|p| {
                if actions[p] == Term::Any {
                    Term::Any
                } else {
                    tests[p]
                }
            })
            .collect();
        form(&shows_terms, &restores)
    });
    Ok(CompiledRule {
        tests: Pattern::of(tests),
        forward: Program::new(n, &forward_writes, |p| value_of(tests, p)),
        shows: Pattern::of(&shows_terms),
        backward: Program::new(n, &backward_writes, |p| value_of(&shows_terms, p)),
        lost: lost.into_boxed_slice(),
        cost: rule.cost,
        reads: (0..n as u16)
            .filter(|&p| tests[usize::from(p)] != Term::Any)
            .collect(),
        writes: written.into_boxed_slice(),
        keeps_multiset,
        form: form(tests, &actions),
        backward_form,
    })
}

/// The value `terms` demand at position `p`, if they demand one.
fn value_of(terms: &[Term], p: u16) -> Option<u8> {
    match terms[usize::from(p)] {
        Term::Value(value) => Some(value),
        _ => None,
    }
}

/// A sort key for terms (their derived order is not needed elsewhere).
fn term_key(term: Term) -> (u8, u16) {
    match term {
        Term::Any => (0, 0),
        Term::Value(v) => (1, u16::from(v)),
        Term::Var(name) => (2, name),
    }
}

/// Tests then actions with variables renamed in order of first occurrence among the tests, and
/// actions equal to their test written `-`.
fn form(tests: &[Term], actions: &[Term]) -> Vec<Term> {
    let mut renamed: HashMap<u16, u16> = HashMap::new();
    let mut rename = |term: Term| match term {
        Term::Var(name) => {
            let fresh = renamed.len() as u16;
            Term::Var(*renamed.entry(name).or_insert(fresh))
        }
        other => other,
    };
    let tests: Vec<Term> = tests.iter().map(|&t| rename(t)).collect();
    let actions: Vec<Term> = actions
        .iter()
        .zip(&tests)
        .map(|(&a, &t)| {
            let a = rename(a);
            if a == t { Term::Any } else { a }
        })
        .collect();
    tests.into_iter().chain(actions).collect()
}
