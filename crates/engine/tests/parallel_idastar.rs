//! Parallel IDA* against the sequential one: the same answer on one thread, the same optimal
//! length (and, in action order, the same answer) on several, and limits that stop it.

mod support;

use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use proptest::prelude::*;
use statespace_engine::idastar::{Expander, Expansion, idastar};
use statespace_engine::parallel_idastar::{
    Parallel, SubtreeOrder, parallel_idastar, parallel_idastar_with,
};
use statespace_engine::{Domain, IncrementalHeuristic, Limits, Outcome, Stats, StopReason};
use support::{Sliding, graphs, replay, sliding_starts};

/// Checks `parallel_idastar` on 1, 2 and 4 threads in both orders, splitting every iteration
/// into at least `subtrees`, against the sequential `idastar` of the same problem.
fn agrees_with_sequential<D, H>(
    domain: &D,
    start: &D::State,
    heuristic: &H,
    subtrees: usize,
) -> Result<(), TestCaseError>
where
    D: Domain + Sync,
    D::State: Sync,
    D::Action: Send + Sync,
    H: IncrementalHeuristic<D> + Sync,
    H::Memo: Sync,
{
    let limits = Limits::none();
    let sequential = idastar(domain, start, heuristic, &limits);
    let expected = sequential.outcome.solution().expect("a solvable start");
    let mut by_order = Vec::new();
    for threads in [1, 2, 4] {
        for order in [
            SubtreeOrder::Tightest,
            SubtreeOrder::Loosest,
            SubtreeOrder::Actions,
        ] {
            let parallel = Parallel {
                threads,
                order,
                split_after: 0,
                subtrees,
            };
            let result = parallel_idastar(domain, start, heuristic, &limits, &parallel);
            let solution = result.outcome.solution().expect("found");
            prop_assert_eq!(solution.cost, expected.cost);
            prop_assert!(domain.is_goal(&replay(domain, start, &solution.actions)));
            // Iterations without a solution search the same whole tree.
            let searched = sequential.stats.layers.len() - 1;
            prop_assert_eq!(
                &result.stats.layers[..searched],
                &sequential.stats.layers[..searched]
            );
            if threads == 1 {
                // All but the time.
                let stats = Stats {
                    elapsed: sequential.stats.elapsed,
                    ..result.stats
                };
                prop_assert_eq!(&stats, &sequential.stats);
            }
            if threads == 1 || order == SubtreeOrder::Actions {
                prop_assert_eq!(solution, expected);
            } else {
                by_order.push((order, solution.clone()));
            }
        }
    }
    // The same answer for any number of threads above one, in each order.
    for (order, solution) in &by_order {
        let first = by_order.iter().find(|(first, _)| first == order);
        prop_assert_eq!(Some(solution), first.map(|(_, solution)| solution));
    }
    Ok(())
}

proptest! {
    #[test]
    fn parallel_idastar_agrees_on_graphs((graph, start) in graphs(), subtrees in 1usize..24) {
        // IDA* does not end on unsolvable graphs with cycles, so only solvable starts.
        let exact = graph.distances();
        if exact[start as usize].is_some() {
            // Admissible but inconsistent, so that iterations grow and the tree branches.
            let heuristic = |node: &u32| exact[*node as usize].map_or(0, |d| (d + node % 2) / 2);
            agrees_with_sequential(&graph, &start, &heuristic, subtrees)?;
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn parallel_idastar_agrees_on_eight_puzzles(
        start in sliding_starts(3, 3),
        subtrees in prop::sample::select(vec![1usize, 7, 64, 500]),
    ) {
        let domain = Sliding { rows: 3, cols: 3 };
        let manhattan = |s: &Vec<u8>| domain.manhattan(s);
        agrees_with_sequential(&domain, &start, &manhattan, subtrees)?;
    }
}

/// A hard eight-puzzle (31 moves) with a weak estimate, split after its first iteration.
fn hard_search(limits: &Limits, threads: usize) -> Outcome<u8> {
    let domain = Sliding { rows: 3, cols: 3 };
    let start = vec![8, 6, 7, 2, 5, 4, 3, 0, 1];
    let misplaced = |s: &Vec<u8>| {
        s.iter()
            .enumerate()
            .filter(|&(cell, &tile)| tile != 0 && usize::from(tile) != cell + 1)
            .count() as u32
    };
    let parallel = Parallel::threads(threads).split_after(0).subtrees(100);
    parallel_idastar(&domain, &start, &misplaced, limits, &parallel).outcome
}

#[test]
fn limits_stop_every_thread() {
    for threads in [1, 2] {
        let nodes = Limits::none().max_expanded(20_000);
        assert_eq!(
            hard_search(&nodes, threads),
            Outcome::Stopped(StopReason::NodeLimit)
        );
        let depth = Limits::none().max_depth(30);
        assert_eq!(
            hard_search(&depth, threads),
            Outcome::Stopped(StopReason::DepthLimit)
        );
        let cancelled = Limits::none().cancel_flag(Arc::new(AtomicBool::new(true)));
        assert_eq!(
            hard_search(&cancelled, threads),
            Outcome::Stopped(StopReason::Cancelled)
        );
    }
}

#[test]
fn a_hard_eight_puzzle_is_solved_optimally_on_two_threads() {
    let solution = hard_search(&Limits::none(), 2);
    assert_eq!(solution.solution().map(|s| s.cost), Some(31));
}

/// Two subtrees under the root, each with an optimal solution: of equal f, or with `slack` the
/// second's estimate short by one (its f the lower). The expander calls the second tighter.
#[derive(Clone, Default)]
struct Fork {
    path: Vec<u8>,
    slack: bool,
}

impl Expander for Fork {
    type Action = u8;
    type Cost = u64;
    type Memo = ();

    fn memo(&self) {}

    fn estimate(&self, _: ()) -> u64 {
        match self.path.as_slice() {
            [] => 2,
            [_, 0] => 0,
            [1] if self.slack => 0,
            _ => 1,
        }
    }

    fn is_goal(&self, _: ()) -> bool {
        matches!(self.path.as_slice(), [_, 0])
    }

    fn play(&mut self, step: u8, _: ()) -> (u64, ()) {
        self.path.push(step);
        (1, ())
    }

    fn expand<B>(
        &mut self,
        g: u64,
        _: (),
        bound: u64,
        _: Option<u8>,
        mut visit: impl FnMut(&mut Self, u8, u64, ()) -> ControlFlow<B, Option<u64>>,
    ) -> Expansion<B, u64> {
        let mut least = u64::MAX;
        for step in [0, 1] {
            self.path.push(step);
            let f = g + 1 + self.estimate(());
            if f > bound {
                least = least.min(f);
            } else {
                match visit(self, step, g + 1, ()) {
                    ControlFlow::Break(found) => {
                        return Expansion {
                            generated: 2,
                            flow: ControlFlow::Break(found),
                        };
                    }
                    ControlFlow::Continue(below) => least = least.min(below.unwrap_or(u64::MAX)),
                }
            }
            self.path.pop();
        }
        let least = (least < u64::MAX).then_some(least);
        Expansion {
            generated: 2,
            flow: ControlFlow::Continue(least),
        }
    }

    fn tightness(&self, _: ()) -> u64 {
        u64::from(self.path == [1])
    }
}

/// The answer of the [`Fork`] with or without `slack` when split as `parallel` says.
fn fork_answer(slack: bool, parallel: &Parallel) -> Vec<u8> {
    let fork = Fork {
        path: Vec::new(),
        slack,
    };
    let result = parallel_idastar_with(fork, &Limits::none(), parallel);
    let solution = result.outcome.solution().expect("a solution");
    solution.actions.clone()
}

#[test]
fn tightest_first_searches_the_tighter_of_equal_subtrees_first() {
    let split = Parallel::threads(2).split_after(0).subtrees(2);
    assert_eq!(fork_answer(false, &split), [1, 0]);
    // In action order, and on one thread, the lexicographically first.
    assert_eq!(fork_answer(false, &split.ordered()), [0, 0]);
    assert_eq!(fork_answer(false, &Parallel::threads(1)), [0, 0]);
    // The higher f first when the estimates differ.
    assert_eq!(fork_answer(true, &split), [0, 0]);
}

#[test]
fn loosest_first_searches_the_lower_f_then_the_looser_subtree_first() {
    let split = Parallel::threads(2)
        .split_after(0)
        .subtrees(2)
        .loosest_first();
    assert_eq!(fork_answer(true, &split), [1, 0]);
    assert_eq!(fork_answer(false, &split), [0, 0]);
}
