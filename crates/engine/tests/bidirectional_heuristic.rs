//! MM and NBS against plain BFS and A*: the same costs, replayable solutions, and NBS within
//! twice the least vertex cover of the pairs every front-to-end search must expand.

mod support;

use proptest::prelude::*;
use statespace_engine::astar::astar;
use statespace_engine::bfs::bfs;
use statespace_engine::dijkstra::dijkstra_weighted;
use statespace_engine::dvcbs::dvcbs;
use statespace_engine::mm::{mm, mm_weighted};
use statespace_engine::nbs::{nbs, nbs_weighted};
use statespace_engine::{Domain, Limits, Outcome, Predecessors, SearchResult, Stats};
use support::{Graph, Sliding, graphs, replay, sliding_starts};

/// The cost of a found solution, or None when the outcome says there is none.
fn cost<A>(outcome: &Outcome<A>) -> Option<u64> {
    match outcome {
        Outcome::Found(solution) => Some(solution.cost),
        Outcome::Exhausted => None,
        Outcome::Stopped(reason) => panic!("stopped without a limit: {reason}"),
    }
}

/// The graph's distances from `start` (a textbook BFS from it as the only goal).
fn distances_from(graph: &Graph, start: u32) -> Vec<Option<u32>> {
    let from_start = Graph {
        neighbours: graph.neighbours.clone(),
        goals: vec![start],
    };
    from_start.distances()
}

/// MM's, NBS's and DVCBS's results with the same estimates.
fn both<D: Predecessors>(
    domain: &D,
    start: &D::State,
    goals: &[D::State],
    forward: &impl Fn(&D::State) -> u32,
    backward: &impl Fn(&D::State) -> u32,
    limits: &Limits,
) -> [(&'static str, SearchResult<D::Action>); 3] {
    [
        ("mm", mm(domain, start, goals, forward, backward, limits)),
        ("nbs", nbs(domain, start, goals, forward, backward, limits)),
        (
            "dvcbs",
            dvcbs(domain, start, goals, forward, backward, limits),
        ),
    ]
}

/// The Manhattan distance between two boards of `domain`'s size: each tile's cells apart.
fn manhattan_between(domain: &Sliding, a: &[u8], b: &[u8]) -> u32 {
    let mut cell_of = vec![0; a.len()];
    for (cell, &tile) in b.iter().enumerate() {
        cell_of[usize::from(tile)] = cell;
    }
    let cols = domain.cols;
    a.iter()
        .enumerate()
        .filter(|&(_, &tile)| tile != 0)
        .map(|(cell, &tile)| {
            let home = cell_of[usize::from(tile)];
            ((cell / cols).abs_diff(home / cols) + (cell % cols).abs_diff(home % cols)) as u32
        })
        .sum()
}

proptest! {
    #[test]
    fn mm_and_nbs_match_bfs_on_graphs((graph, start) in graphs()) {
        let expected = cost(&bfs(&graph, &start, &Limits::none()).outcome);
        let (to_goal, from_start) = (graph.distances(), distances_from(&graph, start));
        // Admissible but inconsistent: half the true distance, rounded either way by node.
        let half = |exact: &[Option<u32>], node: u32| {
            exact[node as usize].map_or(0, |d| (d + node % 2) / 2)
        };
        let forward = |node: &u32| half(&to_goal, *node);
        let backward = |node: &u32| half(&from_start, *node);
        let blind = |_: &u32| 0;
        let limits = Limits::none();
        let runs = both(&graph, &start, &graph.goals, &forward, &backward, &limits)
            .into_iter()
            .chain(both(&graph, &start, &graph.goals, &blind, &blind, &limits));
        for (name, result) in runs {
            prop_assert_eq!(cost(&result.outcome), expected, "{}", name);
            if let Some(solution) = result.outcome.solution() {
                prop_assert!(graph.is_goal(&replay(&graph, &start, &solution.actions)), "{}", name);
                prop_assert_eq!(solution.actions.len() as u64, solution.cost);
            }
        }
    }

    #[test]
    fn weighted_mm_and_nbs_match_dijkstra((graph, start) in graphs()) {
        // Symmetric costs from 1 to 3, so that an edge costs the same both ways.
        let weight = |_: &u32, (from, to): (u32, u32)| u64::from((from + to) % 3 + 1);
        let limits = Limits::none();
        let expected = dijkstra_weighted(&graph, &start, &weight, &limits);
        let expected = expected.outcome.solution().map(|s| s.cost);
        let blind = |_: &u32| 0u64;
        let heuristics = (&blind, &blind);
        for epsilon in [0, 1] {
            let by_mm = mm_weighted(&graph, &start, &graph.goals, &weight, epsilon, heuristics, &limits);
            let by_nbs = nbs_weighted(&graph, &start, &graph.goals, &weight, epsilon, heuristics, &limits);
            for outcome in [by_mm.outcome, by_nbs.outcome] {
                prop_assert_eq!(outcome.solution().map(|s| s.cost), expected);
                if let Some(solution) = outcome.solution() {
                    let end = replay(&graph, &start, &solution.actions);
                    prop_assert!(graph.is_goal(&end));
                    let mut node = start;
                    let mut paid = 0;
                    for &action in &solution.actions {
                        paid += weight(&node, action);
                        graph.apply(&mut node, action);
                    }
                    prop_assert_eq!(paid, solution.cost);
                }
            }
        }
    }

    #[test]
    fn depth_limit_keeps_cheap_solutions_and_stops_before_dear_ones(
        (graph, start) in graphs(), max in 0u32..5,
    ) {
        let limits = Limits::none().max_depth(max);
        let expected = graph.distances()[start as usize];
        let blind = |_: &u32| 0;
        for (name, result) in both(&graph, &start, &graph.goals, &blind, &blind, &limits) {
            match (expected, &result.outcome) {
                (Some(d), Outcome::Found(s)) => prop_assert!(d <= max && s.cost == u64::from(d)),
                (Some(d), Outcome::Stopped(_)) => prop_assert!(d > max),
                (None, Outcome::Exhausted | Outcome::Stopped(_)) => {}
                (_, other) => prop_assert!(false, "{name}: {other:?} for distance {expected:?}"),
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn mm_and_nbs_are_optimal_on_the_eight_puzzle(start in sliding_starts(3, 3)) {
        let domain = Sliding { rows: 3, cols: 3 };
        let limits = Limits::none();
        let best = astar(&domain, &start, &|s: &Vec<u8>| domain.manhattan(s), &limits);
        let best = best.outcome.solution().unwrap().cost;
        let goal = domain.goal();
        let to_goal = |s: &Vec<u8>| domain.manhattan(s);
        let from_start = |s: &Vec<u8>| manhattan_between(&domain, s, &start);
        for (name, result) in both(&domain, &start, &[goal], &to_goal, &from_start, &limits) {
            let solution = result.outcome.solution().unwrap();
            prop_assert_eq!(solution.cost, best, "{}", name);
            prop_assert!(domain.is_goal(&replay(&domain, &start, &solution.actions)));
        }
    }
}

/// The expansions made while the lower bound was below `cost`, from the per-bound layers.
fn expanded_below(stats: &Stats, cost: u64) -> u64 {
    let below = stats.layers.iter().filter(|l| u64::from(l.depth) < cost);
    below.map(|layer| layer.expanded).sum()
}

/// The least vertex cover of a bipartite graph (`left` vertices, each with its right-hand
/// neighbours), by König's theorem the size of a greatest matching, found by augmenting paths.
fn least_vertex_cover(left: &[Vec<usize>], right: usize) -> usize {
    fn augment(
        u: usize,
        left: &[Vec<usize>],
        mate: &mut [Option<usize>],
        seen: &mut [bool],
    ) -> bool {
        for &v in &left[u] {
            if !seen[v] {
                seen[v] = true;
                if mate[v].is_none_or(|w| augment(w, left, mate, seen)) {
                    mate[v] = Some(u);
                    return true;
                }
            }
        }
        false
    }
    let mut mate = vec![None; right];
    let mut matched = 0;
    for u in 0..left.len() {
        let mut seen = vec![false; right];
        if augment(u, left, &mut mate, &mut seen) {
            matched += 1;
        }
    }
    matched
}

/// The least vertex cover of the pairs (u, v) every front-to-end search must expand on a
/// unit-cost space of `cost` C*: max(f_F(u), f_B(v), g_F(u) + g_B(v) + 1) < C*, with g the true
/// distances (`from_start` of u, `to_goal` of v) and f = g + the estimate.
fn must_expand_cover(from_start: &[(u32, u32)], to_goal: &[(u32, u32)], cost: u32) -> usize {
    let left: Vec<_> = from_start.iter().filter(|&&(g, h)| g + h < cost).collect();
    let right: Vec<_> = to_goal.iter().filter(|&&(g, h)| g + h < cost).collect();
    let neighbours = left
        .iter()
        .map(|&&(g_f, _)| {
            (0..right.len())
                .filter(|&v| g_f + right[v].0 + 1 < cost)
                .collect()
        })
        .collect::<Vec<_>>();
    least_vertex_cover(&neighbours, right.len())
}

proptest! {
    #[test]
    fn nbs_expands_at_most_twice_the_cover_on_graphs((graph, start) in graphs()) {
        let (to_goal, from_start) = (graph.distances(), distances_from(&graph, start));
        let Some(best) = to_goal[start as usize] else { return Ok(()) };
        // Consistent: half the true distance, rounded down.
        let forward = |node: &u32| to_goal[*node as usize].map_or(0, |d| d / 2);
        let backward = |node: &u32| from_start[*node as usize].map_or(0, |d| d / 2);
        let nodes = 0..graph.neighbours.len() as u32;
        let g_h = |exact: &[Option<u32>], h: &dyn Fn(&u32) -> u32| -> Vec<(u32, u32)> {
            nodes.clone().filter_map(|n| exact[n as usize].map(|g| (g, h(&n)))).collect()
        };
        let cover = must_expand_cover(&g_h(&from_start, &forward), &g_h(&to_goal, &backward), best);
        for search in [nbs, dvcbs] {
            let result = search(&graph, &start, &graph.goals, &forward, &backward, &Limits::none());
            prop_assert_eq!(cost(&result.outcome), Some(u64::from(best)));
            let expanded = expanded_below(&result.stats, u64::from(best));
            prop_assert!(expanded <= 2 * cover as u64, "{expanded} > 2 x {cover}");
        }
    }
}

/// Every board of `domain` reachable from `from`, with its distance (a textbook BFS).
fn boards_from(domain: &Sliding, from: &[u8]) -> Vec<(Vec<u8>, u32)> {
    let mut seen = std::collections::HashMap::from([(from.to_vec(), 0)]);
    let mut queue = std::collections::VecDeque::from([from.to_vec()]);
    let mut actions = Vec::new();
    while let Some(board) = queue.pop_front() {
        let d = seen[&board];
        actions.clear();
        domain.actions(&board, &mut actions);
        for &action in &actions {
            let mut next = board.clone();
            domain.apply(&mut next, action);
            seen.entry(next.clone()).or_insert_with(|| {
                queue.push_back(next);
                d + 1
            });
        }
    }
    let mut boards: Vec<_> = seen.into_iter().collect();
    boards.sort_unstable();
    boards
}

#[test]
fn nbs_expands_at_most_twice_the_cover_on_eight_puzzles() {
    let domain = Sliding { rows: 3, cols: 3 };
    let goal = domain.goal();
    let from_goal = boards_from(&domain, &goal);
    let mut checked = 0;
    // Boards 10 to 16 moves from the goal, each with its own distances and cover.
    for (start, best) in from_goal
        .iter()
        .filter(|(_, d)| (10..=16).contains(d))
        .step_by(2003)
    {
        let to_goal = |s: &Vec<u8>| domain.manhattan(s);
        let from_start = |s: &Vec<u8>| manhattan_between(&domain, s, start);
        let forward_side: Vec<_> = boards_from(&domain, start)
            .into_iter()
            .map(|(board, g)| (g, to_goal(&board)))
            .collect();
        let backward_side: Vec<_> = from_goal
            .iter()
            .map(|(board, g)| (*g, from_start(board)))
            .collect();
        let cover = must_expand_cover(&forward_side, &backward_side, *best);
        let limits = Limits::none();
        let [(_, by_mm), (_, by_nbs), (_, by_dvcbs)] = both(
            &domain,
            start,
            std::slice::from_ref(&goal),
            &to_goal,
            &from_start,
            &limits,
        );
        let by_astar = astar(&domain, start, &to_goal, &limits);
        let best = u64::from(*best);
        for result in [&by_mm, &by_nbs, &by_dvcbs, &by_astar] {
            assert_eq!(cost(&result.outcome), Some(best));
        }
        let nbs_below = expanded_below(&by_nbs.stats, best);
        let dvcbs_below = expanded_below(&by_dvcbs.stats, best);
        assert!(
            nbs_below.max(dvcbs_below) <= 2 * cover as u64,
            "{start:?}: NBS {nbs_below}, DVCBS {dvcbs_below} > 2 x {cover}"
        );
        eprintln!(
            "C* {best}: cover {cover}, NBS {nbs_below} ({} in all), DVCBS {dvcbs_below}, MM {} ({}), A* {}",
            by_nbs.stats.expanded,
            expanded_below(&by_mm.stats, best),
            by_mm.stats.expanded,
            by_astar.stats.expanded,
        );
        checked += 1;
    }
    assert!(checked >= 5, "only {checked} boards");
}
