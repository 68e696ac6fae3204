//! Parallel IDA* against the sequential one: the same answer on one thread, the same optimal
//! length (and, in action order, the same answer) on several, and limits that stop it.

mod support;

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use proptest::prelude::*;
use statespace_engine::idastar::idastar;
use statespace_engine::parallel_idastar::{Parallel, SubtreeOrder, parallel_idastar};
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
    let mut tightest = Vec::new();
    for threads in [1, 2, 4] {
        for order in [SubtreeOrder::Tightest, SubtreeOrder::Actions] {
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
                tightest.push(solution.clone());
            }
        }
    }
    prop_assert_eq!(&tightest[0], &tightest[1]);
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
