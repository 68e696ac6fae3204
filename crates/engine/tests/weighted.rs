//! Searches with costs on random directed graphs against Bellman-Ford: A* with an inconsistent
//! estimate, Dijkstra on integer and real costs, IDA* with `undo`, the closure API against the
//! trait API, and A*'s order of expansion against a textbook heap.

mod support;

use proptest::prelude::*;
use statespace_engine::astar::{AStar, astar_weighted};
use statespace_engine::bfs::bfs;
use statespace_engine::dijkstra::{dijkstra, dijkstra_weighted};
use statespace_engine::idastar::idastar;
use statespace_engine::index::{DenseIndex, FlatIndex};
use statespace_engine::{Domain, Limits, OrderedFloat, Outcome, PerfectHash, Solution, closures};
use support::replay;

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
