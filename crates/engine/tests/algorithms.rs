//! Every algorithm against plain BFS: same lengths, replayable solutions, lexicographic ties.
//!
//! On unit costs; the searches with costs are in `weighted.rs`, domains at the edges of the
//! contract in `unusual_domains.rs`.

mod support;

use proptest::prelude::*;
use statespace_engine::astar::{AStar, astar, astar_with};
use statespace_engine::bfs::{Bfs, bfs, bfs_with};
use statespace_engine::bidirectional_bfs::{bidirectional_bfs, bidirectional_bfs_with};
use statespace_engine::dijkstra::dijkstra;
use statespace_engine::distance_table::{Goals, distance_table};
use statespace_engine::heuristics::Max;
use statespace_engine::idastar::{idastar, idastar_weighted};
use statespace_engine::index::{DenseIndex, DenseSet, FlatIndex, StateIndex};
use statespace_engine::{
    Domain, Limits, OrderedFloat, Outcome, PerfectHash, Recompute, SearchResult, closures,
};
use support::{Sliding, graphs, replay, sliding_starts};

/// The length of a found solution, or None when the outcome says there is none.
fn length<A>(outcome: &Outcome<A>) -> Option<usize> {
    match outcome {
        Outcome::Found(solution) => Some(solution.actions.len()),
        Outcome::Exhausted => None,
        Outcome::Stopped(reason) => panic!("stopped without a limit: {reason}"),
    }
}

proptest! {
    #[test]
    fn bfs_finds_textbook_distances((graph, start) in graphs()) {
        let expected = graph.distances()[start as usize];
        let result = bfs(&graph, &start, &Limits::none());
        prop_assert_eq!(length(&result.outcome).map(|n| n as u32), expected);
        if let Some(solution) = result.outcome.solution() {
            prop_assert!(graph.is_goal(&replay(&graph, &start, &solution.actions)));
            prop_assert_eq!(solution.cost, solution.actions.len() as u64);
        }
    }

    #[test]
    fn every_algorithm_matches_bfs((graph, start) in graphs()) {
        let limits = Limits::none();
        let reference = bfs(&graph, &start, &limits);
        let expected = length(&reference.outcome);
        let exact = graph.distances();
        // Admissible but inconsistent: half the true distance, rounded either way by node.
        let heuristic = |node: &u32| exact[*node as usize].map_or(0, |d| (d + node % 2) / 2);
        let outcomes = [
            bidirectional_bfs(&graph, &start, &graph.goals, &limits).outcome,
            astar(&graph, &start, &heuristic, &limits).outcome,
        ];
        for outcome in &outcomes {
            prop_assert_eq!(length(outcome), expected);
            if let Some(solution) = outcome.solution() {
                prop_assert!(graph.is_goal(&replay(&graph, &start, &solution.actions)));
            }
        }
        if expected.is_some() {
            // IDA* does not end on unsolvable graphs with cycles, so only solvable starts.
            let ida = idastar(&graph, &start, &Recompute(heuristic), &limits);
            prop_assert_eq!(ida.outcome.solution(), reference.outcome.solution());
        }
    }

    #[test]
    fn dense_and_hashed_indexes_agree((graph, start) in graphs()) {
        let limits = Limits::none();
        let (mut a, mut b) = (DenseIndex::new(&graph), DenseIndex::new(&graph));
        let mut searcher = AStar::new(DenseIndex::new(&graph));
        let mut flat = FlatIndex::default();
        let mut breadth_first = Bfs::new(DenseSet::new(&graph));
        let exact = graph.distances();
        let inconsistent = |node: &u32| exact[*node as usize].map_or(0, |d| (d + node % 2) / 2);
        for _ in 0..2 {
            // Twice, to check that a reused index was cleared.
            prop_assert_eq!(
                bfs_with(&graph, &start, &limits, &mut a).outcome,
                bfs(&graph, &start, &limits).outcome
            );
            // A dense index numbers states as they are generated (a state keeps the first of
            // its cheapest parents), a hash index as they leave the open list: same costs.
            let zero = |_: &u32| 0;
            let cost = |result: SearchResult<_>| result.outcome.solution().map(|s| s.cost);
            prop_assert_eq!(
                cost(astar_with(&graph, &start, &zero, &limits, &mut a)),
                cost(astar(&graph, &start, &zero, &limits))
            );
            // A reused searcher, even after a stopped search: same outcome and work as a fresh one.
            searcher.search(&graph, &start, &inconsistent, &limits.clone().max_expanded(1));
            let reused = searcher.search(&graph, &start, &inconsistent, &limits);
            let fresh_dense = astar_with(&graph, &start, &inconsistent, &limits, &mut b);
            prop_assert_eq!(&reused.outcome, &fresh_dense.outcome);
            prop_assert_eq!(reused.stats.expanded, fresh_dense.stats.expanded);
            let fresh = astar(&graph, &start, &inconsistent, &limits);
            prop_assert_eq!(cost(reused), fresh.outcome.solution().map(|s| s.cost));
            // A reused breadth-first searcher, even after a stopped search, with neighbours
            // ranked from their parents.
            breadth_first.search(&graph, &start, &limits.clone().max_expanded(1));
            let reused = breadth_first.search(&graph, &start, &limits);
            let fresh_bfs = bfs(&graph, &start, &limits);
            prop_assert_eq!(reused.outcome, fresh_bfs.outcome);
            prop_assert_eq!(reused.stats.expanded, fresh_bfs.stats.expanded);
            let in_flat = astar_with(&graph, &start, &inconsistent, &limits, &mut flat);
            prop_assert_eq!(in_flat.outcome, fresh.outcome);
            prop_assert_eq!(
                bfs_with(&graph, &start, &limits, &mut flat).outcome,
                bfs(&graph, &start, &limits).outcome
            );
            prop_assert_eq!(
                bidirectional_bfs_with(&graph, &start, &graph.goals, &limits, &mut a, &mut b).outcome,
                bidirectional_bfs(&graph, &start, &graph.goals, &limits).outcome
            );
        }
    }

    #[test]
    fn distance_table_matches_textbook_bfs((graph, start) in graphs()) {
        let table = distance_table(&graph, &graph.goals, &Limits::none()).table.unwrap();
        let exact = graph.distances();
        for (node, expected) in exact.iter().enumerate() {
            prop_assert_eq!(table.distance(node as u64).map(u32::from), *expected);
        }
        let path = table.solution(&graph, &start);
        prop_assert_eq!(&path, &bfs(&graph, &start, &Limits::none()).outcome.solution().map(|s| s.actions.clone()));
    }

    #[test]
    fn depth_limit_keeps_short_solutions_and_stops_before_long_ones(
        (graph, start) in graphs(), max in 0u32..5,
    ) {
        let limits = Limits::none().max_depth(max);
        let expected = graph.distances()[start as usize];
        for outcome in [
            bfs(&graph, &start, &limits).outcome,
            bidirectional_bfs(&graph, &start, &graph.goals, &limits).outcome,
        ] {
            match (expected, &outcome) {
                (Some(d), Outcome::Found(s)) => prop_assert!(d <= max && s.actions.len() == d as usize),
                (Some(d), Outcome::Stopped(_)) => prop_assert!(d > max),
                (None, Outcome::Exhausted | Outcome::Stopped(_)) => {}
                (_, other) => prop_assert!(false, "{other:?} for distance {expected:?}"),
            }
        }
    }

    /// On unit costs, Dijkstra finds BFS's lengths.
    #[test]
    fn dijkstra_on_unit_costs_is_bfs((graph, start) in graphs()) {
        let limits = Limits::none();
        prop_assert_eq!(
            length(&dijkstra(&graph, &start, &limits).outcome),
            length(&bfs(&graph, &start, &limits).outcome)
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn sliding_3x3_all_algorithms_are_optimal(start in sliding_starts(3, 3)) {
        let domain = Sliding { rows: 3, cols: 3 };
        let limits = Limits::none();
        let reference = bfs(&domain, &start, &limits);
        let best = reference.outcome.solution().unwrap().clone();
        let manhattan = |s: &Vec<u8>| domain.manhattan(s);
        let ida = idastar(&domain, &start, &Recompute(manhattan), &limits);
        prop_assert_eq!(ida.outcome.solution(), Some(&best));
        // Regression: the states IDA* holds, those of its deepest path expanded (a refactor
        // once left them uncounted, at 0).
        let depth = best.actions.len() as u64;
        prop_assert!(ida.stats.stored == depth || (depth == 0 && ida.stats.stored == 0));
        // The same search on real costs: the same moves, the same work.
        let unit = |_: &Vec<u8>, _: u8| OrderedFloat(1.0);
        let real_manhattan = |s: &Vec<u8>| OrderedFloat(f64::from(domain.manhattan(s)));
        let real = idastar_weighted(&domain, &start, &unit, &real_manhattan, &limits);
        let solution = real.outcome.solution().unwrap();
        prop_assert_eq!(&solution.actions, &best.actions);
        prop_assert_eq!(solution.cost, OrderedFloat(best.cost as f64));
        prop_assert_eq!(real.stats.expanded, ida.stats.expanded);
        let a = astar(&domain, &start, &manhattan, &limits);
        let bi = bidirectional_bfs(&domain, &start, &[domain.goal()], &limits);
        for outcome in [a.outcome, bi.outcome] {
            let solution = outcome.solution().unwrap();
            prop_assert_eq!(solution.actions.len(), best.actions.len());
            prop_assert!(domain.is_goal(&replay(&domain, &start, &solution.actions)));
        }
    }
}

#[test]
fn plain_closures_and_their_maximum_are_idastar_estimates() {
    let domain = Sliding { rows: 3, cols: 3 };
    let start = vec![8, 6, 7, 2, 5, 4, 3, 0, 1];
    let limits = Limits::none();
    let manhattan = |s: &Vec<u8>| domain.manhattan(s);
    let misplaced = |s: &Vec<u8>| {
        s.iter()
            .enumerate()
            .filter(|&(cell, &tile)| tile != 0 && usize::from(tile) != cell + 1)
            .count() as u32
    };
    let wrapped = idastar(&domain, &start, &Recompute(manhattan), &limits);
    let plain = idastar(&domain, &start, &manhattan, &limits);
    assert_eq!(plain.outcome, wrapped.outcome);
    assert_eq!(plain.stats.expanded, wrapped.stats.expanded);
    let both = idastar(&domain, &start, &Max(manhattan, misplaced), &limits);
    assert_eq!(length(&both.outcome), Some(31));
}

/// The closures' IDA* (successors by cost plus estimate, as `pathfinding` takes them) finds a
/// walk as short as the trait IDA*'s.
#[test]
fn closure_idastar_walks_as_short_a_path_as_the_trait_idastar() {
    let domain = Sliding { rows: 3, cols: 3 };
    let start = vec![8, 6, 7, 2, 5, 4, 3, 0, 1];
    let manhattan = |s: &Vec<u8>| domain.manhattan(s);
    let by_trait = idastar(&domain, &start, &manhattan, &Limits::none());
    let solution = by_trait.outcome.solution().unwrap();
    let successors = |board: &Vec<u8>| {
        let mut actions = Vec::new();
        domain.actions(board, &mut actions);
        let next = |action| {
            let mut next = board.clone();
            domain.apply(&mut next, action);
            (next, 1u32)
        };
        actions.into_iter().map(next).collect::<Vec<_>>()
    };
    let is_goal = |board: &Vec<u8>| domain.is_goal(board);
    let (path, cost) = closures::idastar(&start, successors, manhattan, is_goal).unwrap();
    assert_eq!(cost, 31);
    assert_eq!(path.len(), solution.actions.len() + 1);
    assert_eq!(path.first(), Some(&start));
    assert!(is_goal(path.last().unwrap()));
    for step in path.windows(2) {
        assert!(
            successors(&step[0])
                .iter()
                .any(|(next, _)| *next == step[1])
        );
    }
}

#[test]
fn sliding_2x3_table_agrees_with_every_search() {
    let domain = Sliding { rows: 2, cols: 3 };
    let build = distance_table(&domain, &[domain.goal()], &Limits::none());
    let table = build.table.unwrap();
    // Half of the 720 boards are reachable; the hardest takes 21 moves.
    assert_eq!(table.histogram().iter().sum::<u64>(), 360);
    assert_eq!(table.histogram().len(), 22);
    // The goals named by the domain's goal test or by their ranks make the same table.
    let ranks = Goals::Test.ranks(&domain);
    assert_eq!(ranks, [PerfectHash::rank(&domain, &domain.goal())]);
    for goals in [Goals::Test, Goals::Ranks(&ranks)] {
        assert_eq!(
            distance_table(&domain, goals, &Limits::none()).table,
            Ok(table.clone())
        );
    }
    for rank in 0..720 {
        let start = statespace_engine::PerfectHash::unrank(&domain, rank);
        let limits = Limits::none();
        let expected = table.distance(rank).map(usize::from);
        assert_eq!(length(&bfs(&domain, &start, &limits).outcome), expected);
        assert_eq!(
            length(&bidirectional_bfs(&domain, &start, &[domain.goal()], &limits).outcome),
            expected
        );
    }
}

#[test]
fn flat_index_grows_and_forgets_between_searches() {
    let mut index = FlatIndex::default();
    for round in 0..3u64 {
        // Enough states to grow it several times; each round numbers them differently.
        for state in 0..5_000u64 {
            let key = state * 7919 + round;
            assert_eq!(index.get_or_insert(&key, state as u32), None);
        }
        for state in 0..5_000u64 {
            let key = state * 7919 + round;
            assert_eq!(index.get_or_insert(&key, 0), Some(state as u32));
            assert_eq!(index.get(&(key + 1)), None, "a state of the last round");
        }
        index.clear();
        assert_eq!(index.get(&round), None);
    }
}
