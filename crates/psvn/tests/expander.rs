//! IDA*'s expander of the psvn crate, which reads a node's moves straight off the decision tree
//! and keeps what finds them from node to node, against the rules interpreted: its children,
//! their goal tests and memos, the counts of children beyond the bound and of the children at
//! the bound judged without a move, on random states of every example domain.

mod common;

use std::ops::ControlFlow;

use common::{EXAMPLES, example, interpret, interpreted_goal, random_walk, rng, samples};
use statespace_engine::Domain;
use statespace_engine::idastar::{Expander, Visit};
use statespace_psvn::{MaxPdb, Move, PsvnDomain, PsvnExpander};

/// What an expansion showed: each child visited (its rule, its state, whether it is a goal,
/// its memo's holding against the memo computed afresh there), and the count of children.
type Seen = (Vec<(usize, Vec<u8>, bool)>, u64);

/// Expands the node where `expander` stands (memo `memo`, reached by `last`) under `bound`,
/// with `inner` called in each child with the child's move and memo.
fn expand(
    expander: &mut PsvnExpander,
    memo: <PsvnExpander<'_> as Expander>::Memo,
    bound: u64,
    last: Option<Move>,
    mut inner: impl FnMut(&mut PsvnExpander, Move, <PsvnExpander<'_> as Expander>::Memo),
) -> (Seen, Option<u64>) {
    let mut children = Vec::new();
    let expansion = expander.expand::<()>(0, memo, bound, last, |child, action, _, child_memo| {
        // The memo handed down is the memo of the child computed from scratch, but for the
        // automaton's state, which depends on the path.
        let fresh = child.memo();
        assert_eq!((fresh.0, fresh.2), (child_memo.0, child_memo.2));
        children.push((
            action.rule(),
            child.state().to_vec(),
            child.is_goal(child_memo),
        ));
        inner(child, action, child_memo);
        ControlFlow::Continue(None)
    });
    let ControlFlow::Continue(least) = expansion.flow else {
        unreachable!("no visit breaks")
    };
    ((children, expansion.generated), least)
}

/// The interpreted children of `state` the duplicate-move automaton allows after `last`
/// (`None`: every child), with their goal tests; and how many moves the state has.
fn reference(domain: &PsvnDomain, state: &[u8], last: Option<Move>) -> Seen {
    let all = interpret(domain.psvn(), state);
    let listed = all.len() as u64;
    let allowed = |rule: usize| match (last, domain.duplicate_moves()) {
        (None, _) => true,
        (Some(last), Some(automaton)) => {
            let at = automaton.step(0, last.rule()).unwrap();
            automaton.step(at, rule).is_some()
        }
        (Some(last), None) => domain.invert(last).map(|back| back.rule()) != Some(rule),
    };
    let children = all
        .into_iter()
        .filter(|&(rule, _)| allowed(rule))
        .map(|(rule, child)| {
            let goal = interpreted_goal(domain.psvn(), &child);
            (rule, child, goal)
        })
        .collect();
    (children, listed)
}

#[test]
fn children_are_the_rules_interpreted_on_every_example() {
    for name in EXAMPLES {
        let domain = example(name);
        let blind = MaxPdb::default();
        for state in samples(&domain, 47, 100, 30) {
            let mut expander = PsvnExpander::new(&domain, &blind, state.clone());
            let memo = expander.memo();
            let mut grandchildren = Vec::new();
            let (seen, _) = expand(
                &mut expander,
                memo,
                u64::MAX / 4,
                None,
                |child, action, m| {
                    // A level down, after a move: the automaton's pruning applies.
                    let below = expand(child, m, u64::MAX / 4, Some(action), |_, _, _| {});
                    grandchildren.push((child.state().to_vec(), action, below.0));
                    // Where every child is beyond the bound, none is visited; they are counted,
                    // and the least cost is that of the cheapest one allowed.
                    let (beyond, least) = expand(child, m, 0, Some(action), |_, _, _| {
                        panic!("a child beyond the bound visited")
                    });
                    let allowed = reference(&domain, child.state(), Some(action));
                    assert_eq!(beyond, (Vec::new(), allowed.1), "{name}");
                    let cheapest_allowed = allowed
                        .0
                        .iter()
                        .map(|&(rule, ..)| u64::from(domain.psvn().rules()[rule].cost()))
                        .min();
                    assert_eq!(least, cheapest_allowed, "{name}");
                },
            );
            assert_eq!(seen, reference(&domain, &state, None), "{name}");
            assert_eq!(expander.state(), &state, "{name}: the node is restored");
            for (child, action, below) in grandchildren {
                assert_eq!(below, reference(&domain, &child, Some(action)), "{name}");
            }
            // The count of children beyond the bound at the root, as psvn counts them.
            let (beyond, least) = expand(&mut expander, memo, 0, None, |_, _, _| {
                panic!("a child beyond the bound visited")
            });
            let moves = reference(&domain, &state, None);
            assert_eq!(beyond.1, moves.1, "{name}");
            let cheapest = moves
                .0
                .iter()
                .map(|&(rule, ..)| u64::from(domain.psvn().rules()[rule].cost()))
                .min();
            assert_eq!(least, cheapest, "{name}");
        }
    }
}

/// IDA* on two threads through the expander finds solutions as cheap as on one, which the
/// engine's expander finds too.
#[test]
fn parallel_idastar_takes_the_expander() {
    use statespace_engine::Limits;
    use statespace_engine::idastar::{idastar, idastar_with};
    use statespace_engine::parallel_idastar::{Parallel, parallel_idastar_with};
    let blind = MaxPdb::default();
    for name in [
        "eight.psvn",
        "eight-weighted.psvn",
        "pancake10.psvn",
        "topspin.psvn",
    ] {
        let domain = example(name);
        let goal = domain.goal_state().unwrap();
        let mut random = rng(7);
        for walk in [0, 3, 9] {
            let start = random_walk(&domain, &goal, walk, &mut random);
            let one = idastar_with(
                PsvnExpander::new(&domain, &blind, start.clone()),
                &Limits::none(),
            );
            let two = parallel_idastar_with(
                PsvnExpander::new(&domain, &blind, start.clone()),
                &Limits::none(),
                &Parallel::threads(2).ordered(),
            );
            let engine = idastar(&domain, &start, &blind, &Limits::none());
            let cost = |result: &statespace_engine::SearchResult<Move>| {
                result.outcome.solution().map(|solution| solution.cost)
            };
            assert_eq!(cost(&one), cost(&engine), "{name}");
            assert_eq!(cost(&two), cost(&engine), "{name}");
            assert_eq!(one.stats.expanded, engine.stats.expanded, "{name}");
        }
    }
}

/// Where every child is within the bound and every child of theirs beyond it, the expander may
/// judge a child without moving there ([`Visit::Leaf`]): the children a node shows then, moved
/// to or judged, are the rules interpreted, judged ones no goal, with as many children and the
/// same least cost beyond the bound as the child moved to would show.
#[test]
fn leaves_judged_without_a_move_are_the_children_interpreted() {
    let mut judged_somewhere = false;
    for name in EXAMPLES {
        let domain = example(name);
        let blind = MaxPdb::default();
        let cheapest = (domain.psvn().rules())
            .iter()
            .map(|rule| u64::from(rule.cost()))
            .min()
            .unwrap();
        for state in samples(&domain, 48, 100, 30) {
            let mut expander = PsvnExpander::new(&domain, &blind, state.clone());
            let memo = expander.memo();
            // (judged, goal, children, least beyond the bound) of each child, in order.
            let mut shown = Vec::new();
            let expansion =
                expander.expand_with_leaves::<()>(0, memo, cheapest, None, true, |child, visit| {
                    match visit {
                        Visit::Child { action, g, memo } => {
                            let ((_, generated), least) =
                                expand(child, memo, 0, Some(action), |_, _, _| {
                                    panic!("a child beyond the bound visited")
                                });
                            let least = least.map(|cost| g + cost);
                            shown.push((false, child.is_goal(memo), generated, least));
                            ControlFlow::Continue(least)
                        }
                        Visit::Leaf { generated, least } => {
                            shown.push((true, false, generated, least));
                            ControlFlow::Continue(least)
                        }
                    }
                });
            assert_eq!(expander.state(), &state, "{name}: the node is restored");
            let (children, listed) = reference(&domain, &state, None);
            assert_eq!(expansion.generated, listed, "{name}");
            let cost = |rule: usize| u64::from(domain.psvn().rules()[rule].cost());
            let mut moves = Vec::new();
            domain.actions(&state, &mut moves);
            let (within, beyond): (Vec<_>, Vec<_>) = children
                .into_iter()
                .partition(|&(rule, ..)| cost(rule) <= cheapest);
            assert_eq!(shown.len(), within.len(), "{name}");
            for (&(judged, goal, generated, least), (rule, child, is_goal)) in
                shown.iter().zip(&within)
            {
                judged_somewhere |= judged;
                let last = *moves.iter().find(|action| action.rule() == *rule).unwrap();
                let (below, listed_below) = reference(&domain, child, Some(last));
                let least_below = below.iter().map(|&(rule, ..)| cheapest + cost(rule)).min();
                assert_eq!(
                    (goal, generated, least),
                    (*is_goal, listed_below, least_below),
                    "{name}"
                );
                assert!(
                    !(judged && *is_goal),
                    "{name}: a goal judged without a move"
                );
            }
            let least = shown.iter().filter_map(|&(.., least)| least).min();
            let beyond = beyond.iter().map(|&(rule, ..)| cost(rule)).min();
            assert_eq!(
                expansion.flow,
                ControlFlow::Continue(least.into_iter().chain(beyond).min()),
                "{name}"
            );
        }
    }
    assert!(judged_somewhere, "no child judged without a move");
}

/// A node limit stops IDA* through the expander, which judges leaves without a move, where it
/// stops the engine's own expander: after as many expansions, with as many children generated,
/// the same iterations and path, whichever node (a leaf or not) the limit falls on.
#[test]
fn node_limits_stop_the_expander_where_they_stop_the_engines() {
    use statespace_engine::Limits;
    use statespace_engine::idastar::{idastar, idastar_with};
    let blind = MaxPdb::default();
    let mut random = rng(9);
    for (name, walk) in [
        ("eight.psvn", 16),
        ("fifteen.psvn", 30),
        ("pancake10.psvn", 8),
    ] {
        let domain = example(name);
        let goal = domain.goal_state().unwrap();
        for _ in 0..3 {
            let start = random_walk(&domain, &goal, walk, &mut random);
            let whole = idastar(&domain, &start, &blind, &Limits::none());
            let limits = (0..40).chain((1..40).map(|k| k * whole.stats.expanded / 40));
            for max in limits.chain([whole.stats.expanded, whole.stats.expanded + 1]) {
                let limits = Limits::none().max_expanded(max);
                let engine = idastar(&domain, &start, &blind, &limits);
                let own = idastar_with(PsvnExpander::new(&domain, &blind, start.clone()), &limits);
                assert_eq!(own.outcome, engine.outcome, "{name} {max}");
                assert_eq!(
                    (own.stats.expanded, own.stats.generated, own.stats.stored),
                    (
                        engine.stats.expanded,
                        engine.stats.generated,
                        engine.stats.stored
                    ),
                    "{name} {max}"
                );
                assert_eq!(own.stats.layers, engine.stats.layers, "{name} {max}");
            }
        }
    }
}
