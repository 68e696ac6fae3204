//! Every algorithm against plain BFS: same lengths, replayable solutions, lexicographic ties.

mod support;

use proptest::prelude::*;
use statespace_engine::astar::{AStar, astar, astar_weighted, astar_with};
use statespace_engine::bfs::{Bfs, bfs, bfs_with};
use statespace_engine::bidirectional_bfs::{bidirectional_bfs, bidirectional_bfs_with};
use statespace_engine::dijkstra::{dijkstra, dijkstra_weighted};
use statespace_engine::distance_table::{Goals, distance_table};
use statespace_engine::heuristics::Max;
use statespace_engine::idastar::{idastar, idastar_weighted};
use statespace_engine::index::{DenseIndex, DenseSet, FlatIndex, StateIndex};
use statespace_engine::move_pruning::MoveAutomaton;
use statespace_engine::parallel_idastar::{Parallel, parallel_idastar};
use statespace_engine::{
    Domain, Limits, OrderedFloat, Outcome, PerfectHash, Recompute, SearchResult, Solution, closures,
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

/// A directed graph with a cost on each edge; an action is an edge number.
#[derive(Debug)]
struct Weighted {
    /// (from, to, cost) of each edge.
    edges: Vec<(u32, u32, u32)>,
    /// The goal, the last node.
    goal: u32,
}

impl Domain for Weighted {
    type State = u32;
    type Action = usize;
    fn actions(&self, &node: &u32, out: &mut Vec<usize>) {
        out.extend((0..self.edges.len()).filter(|&edge| self.edges[edge].0 == node));
    }
    fn apply(&self, node: &mut u32, edge: usize) {
        *node = self.edges[edge].1;
    }
    /// An edge has no inverse (the graph is directed), but knows where it came from.
    fn undo(&self, node: &mut u32, edge: usize) {
        *node = self.edges[edge].0;
    }
    fn is_goal(&self, &node: &u32) -> bool {
        node == self.goal
    }
    fn cost(&self, _: &u32, edge: usize) -> u32 {
        self.edges[edge].2
    }
}

impl PerfectHash for Weighted {
    fn size(&self) -> u64 {
        u64::from(self.goal) + 1
    }
    fn rank(&self, &node: &u32) -> u64 {
        u64::from(node)
    }
    fn unrank(&self, rank: u64) -> u32 {
        rank as u32
    }
}

impl Weighted {
    /// The cheapest cost from each node to the goal, by relaxing every edge until nothing
    /// changes (Bellman-Ford).
    fn costs_to_goal(&self) -> Vec<Option<u64>> {
        let nodes = self.goal as usize + 1;
        let mut best = vec![None; nodes];
        best[self.goal as usize] = Some(0);
        for _ in 0..nodes {
            for &(from, to, cost) in &self.edges {
                if let Some(rest) = best[to as usize] {
                    let through = rest + u64::from(cost);
                    if best[from as usize].is_none_or(|known| through < known) {
                        best[from as usize] = Some(through);
                    }
                }
            }
        }
        best
    }
}

/// Graphs of up to 30 nodes and 90 edges of costs below `max_cost`, their goal the last node,
/// and a start.
fn weighted_graphs(max_cost: u32) -> impl Strategy<Value = (Weighted, u32)> {
    (2u32..30).prop_flat_map(move |n| {
        let edge = (0..n, 0..n, 1..max_cost);
        (prop::collection::vec(edge, 0..90), 0..n)
            .prop_map(move |(edges, start)| (Weighted { edges, goal: n - 1 }, start))
    })
}

proptest! {
    /// Non-unit costs with an admissible but inconsistent estimate (a node-dependent share of
    /// the true cost, large enough to take f below the start's and costs past small values):
    /// A* still finds the cheapest cost, reopening states as cheaper paths appear.
    #[test]
    fn astar_is_optimal_with_costs_and_an_inconsistent_estimate(
        (graph, start) in weighted_graphs(400),
    ) {
        let exact = graph.costs_to_goal();
        let share = |node: &u32| exact[*node as usize].map_or(0, |d| (d * u64::from(node % 4) / 3).min(d) as u32);
        let mut searcher = AStar::new(FlatIndex::default());
        for _ in 0..2 {
            let result = searcher.search(&graph, &start, &share, &Limits::none());
            match (result.outcome, exact[start as usize]) {
                (Outcome::Found(solution), Some(cost)) => {
                    prop_assert_eq!(solution.cost, cost);
                    let mut node = start;
                    let mut replayed = 0;
                    for &edge in &solution.actions {
                        prop_assert_eq!(graph.edges[edge].0, node);
                        replayed += u64::from(graph.cost(&node, edge));
                        graph.apply(&mut node, edge);
                    }
                    prop_assert!(graph.is_goal(&node));
                    prop_assert_eq!(replayed, cost);
                }
                (Outcome::Exhausted, None) => {}
                (outcome, cost) => prop_assert!(false, "{:?} against {:?}", outcome, cost),
            }
        }
    }
}

proptest! {
    /// Dijkstra on the domain's integer costs, and on the same costs as reals (through the open
    /// list's heap instead of its buckets), A* on reals with the inconsistent estimate: the same
    /// cheapest cost as Bellman-Ford, and the integer and real searches the same solution.
    #[test]
    fn dijkstra_and_real_costs_agree_with_bellman_ford((graph, start) in weighted_graphs(400)) {
        let exact = graph.costs_to_goal();
        let limits = Limits::none();
        let real = |node: &u32, edge: usize| OrderedFloat(f64::from(graph.cost(node, edge)));
        let integer = dijkstra(&graph, &start, &limits);
        let reals = dijkstra_weighted(&graph, &start, &real, &limits);
        prop_assert_eq!(integer.outcome.solution().map(|s| s.cost), exact[start as usize]);
        prop_assert_eq!(
            reals.outcome.solution().map(|s| (s.actions.clone(), s.cost.0 as u64)),
            integer.outcome.solution().map(|s| (s.actions.clone(), s.cost))
        );
        prop_assert_eq!(reals.stats.expanded, integer.stats.expanded);
        let share = |node: &u32| {
            let d = exact[*node as usize].unwrap_or(0);
            OrderedFloat((d * u64::from(node % 4) / 3).min(d) as f64)
        };
        let weighted = astar_weighted(&graph, &start, &real, &share, &limits);
        prop_assert_eq!(weighted.outcome.solution().map(|s| s.cost.0 as u64), exact[start as usize]);
    }

    /// IDA* on directed graphs (edges taken back by `undo`, none inverted) finds the cheapest
    /// cost, with the exact estimate (a weaker one makes trees of billions of nodes here).
    #[test]
    fn idastar_is_optimal_on_directed_graphs((graph, start) in weighted_graphs(50)) {
        let exact = graph.costs_to_goal();
        if let Some(cost) = exact[start as usize] {
            let perfect = |node: &u32| exact[*node as usize].map_or(u32::MAX / 2, |d| d as u32);
            let result = idastar(&graph, &start, &perfect, &Limits::none());
            let solution = result.outcome.solution().expect("a reachable goal");
            prop_assert_eq!(solution.cost, cost);
            prop_assert!(graph.is_goal(&replay(&graph, &start, &solution.actions)));
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
    /// The closure API answers what the trait API does: the same nodes, found by the same
    /// searches with successors listed in the same order.
    #[test]
    fn closures_agree_with_the_trait_api((graph, start) in weighted_graphs(50)) {
        let limits = Limits::none();
        let successors = |&node: &u32| {
            graph.edges.iter().filter(move |edge| edge.0 == node).map(|&(_, to, cost)| (to, cost))
        };
        let is_goal = |&node: &u32| node == graph.goal;
        let nodes = |solution: &Solution<usize>| solution.states(&graph, &start);
        // The closures' index is an array, which numbers nodes as they are generated, like a
        // dense index.
        let mut searcher = AStar::new(DenseIndex::new(&graph));
        let by_trait = searcher.search(&graph, &start, &|_: &u32| 0, &limits);
        let by_closures = closures::dijkstra(&start, successors, is_goal);
        prop_assert_eq!(
            by_closures,
            by_trait.outcome.solution().map(|s| (nodes(s), s.cost as u32))
        );
        prop_assert_eq!(
            by_trait.outcome.solution().map(|s| s.cost),
            dijkstra(&graph, &start, &limits).outcome.solution().map(|s| s.cost)
        );
        let exact = graph.costs_to_goal();
        let estimate = |node: &u32| exact[*node as usize].map_or(0, |cost| cost as u32 / 2);
        let by_trait = searcher.search(&graph, &start, &estimate, &limits);
        let by_closures = closures::astar(&start, successors, estimate, is_goal);
        prop_assert_eq!(
            by_closures,
            by_trait.outcome.solution().map(|s| (nodes(s), s.cost as u32))
        );
        let neighbours = |&node: &u32| successors(&node).map(|(to, _)| to);
        let by_trait = bfs(&graph, &start, &limits);
        let by_closures = closures::bfs(&start, neighbours, is_goal);
        prop_assert_eq!(by_closures, by_trait.outcome.solution().map(nodes));
        // IDA* only where a goal is reachable (it never ends on a cyclic graph without one), with
        // the exact estimate (a weak one makes trees of billions of nodes on these graphs).
        if let Some(cost) = exact[start as usize] {
            let perfect = |node: &u32| exact[*node as usize].map_or(u32::MAX / 2, |cost| cost as u32);
            let (path, found) = closures::idastar(&start, successors, perfect, is_goal).unwrap();
            prop_assert_eq!(u64::from(found), cost);
            prop_assert_eq!(path.first(), Some(&start));
            prop_assert!(is_goal(path.last().unwrap()));
            let steps: u64 = path
                .windows(2)
                .map(|pair| successors(&pair[0]).filter(|&(to, _)| to == pair[1]).map(|(_, c)| u64::from(c)).min().unwrap())
                .sum();
            prop_assert_eq!(steps, cost);
        }
    }
}

/// A start that is a goal is the whole path; a finite graph without a goal is exhausted.
#[test]
fn closure_searches_end_at_a_goal_start_and_on_a_finite_graph() {
    let with_costs = |&n: &u32| (n < 5).then_some((n + 1, 1u32));
    let next = |&n: &u32| (n < 5).then_some(n + 1);
    assert_eq!(closures::bfs(&3, next, |&n| n == 3), Some(vec![3]));
    assert_eq!(
        closures::dijkstra(&3, with_costs, |&n| n == 3),
        Some((vec![3], 0))
    );
    assert_eq!(
        closures::astar(&3, with_costs, |_| 0, |&n| n == 3),
        Some((vec![3], 0))
    );
    assert_eq!(closures::bfs(&0, next, |_| false), None);
    assert_eq!(closures::dijkstra(&0, with_costs, |_| false), None);
    assert_eq!(
        closures::bfs(&0, next, |&n| n == 5),
        Some(vec![0, 1, 2, 3, 4, 5])
    );
}

/// Textbook A* in the engine's order (least f, then largest g, then generated last) with a
/// binary heap: its solution (the edges) and its number of expansions. Lazy, it drops a state
/// that leaves the heap again at no lower cost; eager, a state generated again at no lower cost
/// (and, as it leaves, a state generated more cheaply since).
fn reference_astar(
    graph: &Weighted,
    start: u32,
    estimate: impl Fn(&u32) -> u32,
    eager: bool,
) -> (Option<Vec<usize>>, u64) {
    use std::cmp::Reverse;
    use std::collections::{BinaryHeap, HashMap};
    // (f, g, serial, state, how it was reached: (parent state, edge)).
    let mut heap = BinaryHeap::new();
    heap.push((
        Reverse(u64::from(estimate(&start))),
        0u64,
        0u64,
        start,
        None,
    ));
    // The cheapest cost and way of each state expanded (lazy) or generated (eager).
    let mut reached: HashMap<u32, (u64, Option<(u32, usize)>)> = HashMap::new();
    if eager {
        reached.insert(start, (0, None));
    }
    let (mut serial, mut expanded) = (0, 0);
    while let Some((Reverse(_), g, _, state, via)) = heap.pop() {
        if eager {
            if reached[&state].0 < g {
                continue;
            }
        } else if reached.get(&state).is_some_and(|&(known, _)| known <= g) {
            continue;
        } else {
            reached.insert(state, (g, via));
        }
        if graph.is_goal(&state) {
            let mut edges = Vec::new();
            let mut at = state;
            while let Some((parent, edge)) = reached[&at].1 {
                edges.push(edge);
                at = parent;
            }
            edges.reverse();
            return (Some(edges), expanded);
        }
        expanded += 1;
        let mut actions = Vec::new();
        graph.actions(&state, &mut actions);
        for edge in actions {
            let (mut next, child_g) = (state, g + u64::from(graph.cost(&state, edge)));
            graph.apply(&mut next, edge);
            if eager {
                if reached
                    .get(&next)
                    .is_some_and(|&(known, _)| known <= child_g)
                {
                    continue;
                }
                reached.insert(next, (child_g, Some((state, edge))));
            }
            serial += 1;
            let f = child_g + u64::from(estimate(&next));
            heap.push((Reverse(f), child_g, serial, next, Some((state, edge))));
        }
    }
    (None, expanded)
}

proptest! {
    /// The searcher expands the same states in the same order as the textbook heap (the same
    /// solution after the same number of expansions), with a consistent estimate (the exact
    /// cost) and with an inconsistent one, the searcher reused.
    #[test]
    fn astar_expands_in_the_order_of_a_textbook_heap((graph, start) in weighted_graphs(4)) {
        let exact = graph.costs_to_goal();
        let consistent = |node: &u32| exact[*node as usize].map_or(0, |d| d as u32);
        let inconsistent = |node: &u32| exact[*node as usize].map_or(0, |d| (d * u64::from(node % 3) / 2) as u32);
        let mut searcher = AStar::new(FlatIndex::default());
        let mut dense = AStar::new(DenseIndex::new(&graph));
        for estimate in [&consistent as &dyn Fn(&u32) -> u32, &inconsistent] {
            let result = searcher.search(&graph, &start, &estimate, &Limits::none());
            let (solution, expanded) = reference_astar(&graph, start, estimate, false);
            prop_assert_eq!(result.outcome.solution().map(|s| s.actions.clone()), solution);
            prop_assert_eq!(result.stats.expanded, expanded);
            let result = dense.search(&graph, &start, &estimate, &Limits::none());
            let (solution, expanded) = reference_astar(&graph, start, estimate, true);
            prop_assert_eq!(result.outcome.solution().map(|s| s.actions.clone()), solution);
            prop_assert_eq!(result.stats.expanded, expanded);
        }
    }
}

/// `n → n + 1` and `n → 2n`: moves without an inverse, as in a directed graph.
struct Doubling {
    goal: u64,
}

impl Domain for Doubling {
    type State = u64;
    /// True doubles, false adds one.
    type Action = bool;
    fn actions(&self, _: &u64, out: &mut Vec<bool>) {
        out.extend([false, true]);
    }
    fn apply(&self, n: &mut u64, double: bool) {
        *n = if double { 2 * *n } else { *n + 1 };
    }
    /// No move has an inverse move, but each can be taken back, which is what IDA* needs.
    fn undo(&self, n: &mut u64, double: bool) {
        *n = if double { *n / 2 } else { *n - 1 };
    }
    fn is_goal(&self, n: &u64) -> bool {
        *n == self.goal
    }
}

/// Regression: BFS and A* skipped "the inverse" of the last move, which a domain without
/// inverses had to fake (the move itself), and BFS from 1 answered that 16 cannot be reached.
#[test]
fn moves_without_an_inverse_prune_nothing() {
    let domain = Doubling { goal: 16 };
    let limits = Limits::none().max_depth(10);
    // 1 + 1 = 2, then doubled thrice: the first of the shortest in the order of the actions.
    let expected = vec![false, true, true, true];
    let by_bfs = bfs(&domain, &1, &limits);
    assert_eq!(
        by_bfs.outcome.solution().map(|s| &s.actions),
        Some(&expected)
    );
    let by_astar = astar(&domain, &1, &|_: &u64| 0, &limits);
    assert_eq!(by_astar.outcome.solution().map(|s| s.cost), Some(4));
    let by_dijkstra = dijkstra(&domain, &1, &limits);
    assert_eq!(by_dijkstra.outcome.solution().map(|s| s.cost), Some(4));
    let by_closures = closures::bfs(&1u64, |&n| [n + 1, n * 2], |&n| n == 16);
    assert_eq!(by_closures, Some(vec![1, 2, 4, 8, 16]));
    let by_idastar = idastar(&domain, &1, &|_: &u64| 0, &limits);
    assert_eq!(
        by_idastar.outcome.solution().map(|s| &s.actions),
        Some(&expected)
    );
    let steps = |&n: &u64| [(n + 1, 1u32), (n * 2, 1)];
    let by_closures = closures::idastar(&1u64, steps, |_| 0, |&n| n == 16);
    assert_eq!(by_closures, Some((vec![1, 2, 4, 8, 16], 4)));
}

#[test]
#[should_panic(expected = "bidirectional search needs the inverse of every predecessor action")]
fn backward_searches_refuse_moves_without_an_inverse() {
    bidirectional_bfs(&Doubling { goal: 16 }, &1, &[16], &Limits::none());
}

/// The integers, one step either way, with an `invert` that breaks its contract.
#[cfg(any(debug_assertions, feature = "checks"))]
struct WrongInverse;

#[cfg(any(debug_assertions, feature = "checks"))]
impl Domain for WrongInverse {
    type State = i32;
    type Action = i32;
    fn actions(&self, _: &i32, out: &mut Vec<i32>) {
        out.extend([-1, 1]);
    }
    fn apply(&self, n: &mut i32, step: i32) {
        *n += step;
    }
    fn invert(&self, step: i32) -> Option<i32> {
        Some(step)
    }
    fn is_goal(&self, n: &i32) -> bool {
        *n == 5
    }
}

#[cfg(any(debug_assertions, feature = "checks"))]
#[test]
#[should_panic(
    expected = "Domain::invert(-1) is -1, which does not undo it: 0 becomes -1, then -2"
)]
fn breadth_first_search_checks_inverses_in_debug_builds() {
    bfs(&WrongInverse, &0, &Limits::none());
}

#[cfg(any(debug_assertions, feature = "checks"))]
#[test]
#[should_panic(expected = "Domain::undo(-1) does not undo it: 0 came back as -2")]
fn idastar_checks_undos_in_debug_builds() {
    idastar(
        &WrongInverse,
        &0,
        &|n: &i32| (5 - n).unsigned_abs(),
        &Limits::none(),
    );
}

#[cfg(any(debug_assertions, feature = "checks"))]
#[test]
#[should_panic(expected = "which does not undo it")]
fn astar_checks_inverses_in_debug_builds() {
    astar(
        &WrongInverse,
        &0,
        &|n: &i32| (5 - n).unsigned_abs(),
        &Limits::none(),
    );
}

/// Positions 0 to `len - 1` on a line, steps of one, the goal at 0.
struct LongLine {
    len: u64,
}

impl Domain for LongLine {
    type State = u64;
    type Action = i8;
    fn actions(&self, &n: &u64, out: &mut Vec<i8>) {
        if n > 0 {
            out.push(-1);
        }
        if n + 1 < self.len {
            out.push(1);
        }
    }
    fn apply(&self, n: &mut u64, step: i8) {
        *n = n.wrapping_add_signed(i64::from(step));
    }
    fn invert(&self, step: i8) -> Option<i8> {
        Some(-step)
    }
    fn is_goal(&self, &n: &u64) -> bool {
        n == 0
    }
}

impl statespace_engine::PerfectHash for LongLine {
    fn size(&self) -> u64 {
        self.len
    }
    fn rank(&self, &n: &u64) -> u64 {
        n
    }
    fn unrank(&self, rank: u64) -> u64 {
        rank
    }
}

#[test]
fn distance_tables_widen_past_a_byte() {
    let domain = LongLine { len: 600 };
    let build = distance_table(&domain, &[0], &Limits::none());
    let table = build.table.unwrap();
    assert_eq!(table.as_bytes(), None, "599 layers take two bytes a state");
    assert_eq!(table.distance(599), Some(599));
    assert_eq!(table.histogram(), vec![1; 600]);
    assert_eq!(
        table.solution(&domain, &300).map(|path| path.len()),
        Some(300)
    );
    assert_eq!(build.stats.layers.len(), 600);
    // A short line keeps a byte a state.
    let short = distance_table(&LongLine { len: 254 }, &[0], &Limits::none());
    assert_eq!(short.table.unwrap().as_bytes().map(<[u8]>::len), Some(254));
    let limited = distance_table(&domain, &[0], &Limits::none().max_depth(300));
    assert_eq!(
        limited.table,
        Err(statespace_engine::StopReason::DepthLimit)
    );
}

/// Steps on the integer plane: +x, −x, +y, −y, in that order. Steps along different axes
/// commute, so a y step followed by an x step has a twin earlier in the order (the x step first).
struct Plane {
    duplicates: Option<MoveAutomaton>,
}

impl Domain for Plane {
    type State = (i32, i32);
    type Action = usize;
    fn actions(&self, _: &(i32, i32), out: &mut Vec<usize>) {
        out.extend(0..4);
    }
    fn apply(&self, (x, y): &mut (i32, i32), step: usize) {
        match step {
            0 => *x += 1,
            1 => *x -= 1,
            2 => *y += 1,
            _ => *y -= 1,
        }
    }
    fn invert(&self, step: usize) -> Option<usize> {
        Some(step ^ 1)
    }
    fn is_goal(&self, state: &(i32, i32)) -> bool {
        *state == (3, -2)
    }
    fn duplicate_moves(&self) -> Option<&MoveAutomaton> {
        self.duplicates.as_ref()
    }
    fn action_index(&self, step: usize) -> usize {
        step
    }
}

#[test]
fn idastar_skips_the_duplicate_moves_a_domain_names_and_keeps_its_answer() {
    let plain = Plane { duplicates: None };
    let automaton = MoveAutomaton::new(4, [[2, 0], [2, 1], [3, 0], [3, 1]]);
    let pruned = Plane {
        duplicates: automaton,
    };
    // A weak estimate, so that the iterations grow trees where the pruning shows.
    let estimate = |&(x, y): &(i32, i32)| ((3 - x).abs() + (y + 2).abs()) as u32 / 2;
    for threads in [1, 2] {
        let parallel = Parallel::threads(threads).split_after(0).ordered();
        let search =
            |plane: &Plane| parallel_idastar(plane, &(0, 0), &estimate, &Limits::none(), &parallel);
        let (full, less) = (search(&plain), search(&pruned));
        assert_eq!(full.outcome, less.outcome, "{threads} threads");
        assert_eq!(
            full.outcome.solution().unwrap().actions,
            [0, 0, 0, 3, 3],
            "{threads} threads"
        );
        assert!(
            less.stats.generated < full.stats.generated,
            "{threads} threads: {} against {}",
            less.stats.generated,
            full.stats.generated
        );
    }
}
