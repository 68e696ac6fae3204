//! D* Lite against Bellman and Ford after random edge changes and moves of the start, on
//! small random graphs with and without an estimate; a goal cut off; limits.

use proptest::prelude::*;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use statespace_engine::dstar_lite::{ChangingGraph, DStarLite};
use statespace_engine::{Limits, Outcome, StopReason};

/// A directed graph as a matrix of edge costs (`None`: no edge), vertices at points of a
/// line, an edge costing at least the distance between its ends: the estimate is that
/// distance times `.1` (0 or 1).
#[derive(Clone, Debug)]
struct Matrix(Vec<Vec<Option<u32>>>, u32);

impl ChangingGraph for Matrix {
    type Cost = u32;
    fn vertices(&self) -> usize {
        self.0.len()
    }
    fn successors(&self, vertex: u32, out: &mut Vec<(u32, u32)>) {
        let row = &self.0[vertex as usize];
        out.extend((0..).zip(row).filter_map(|(to, cost)| Some((to, (*cost)?))));
    }
    fn predecessors(&self, vertex: u32, out: &mut Vec<(u32, u32)>) {
        let column = self.0.iter().map(|row| row[vertex as usize]);
        out.extend(
            (0..)
                .zip(column)
                .filter_map(|(from, cost)| Some((from, cost?))),
        );
    }
    fn estimate(&self, from: u32, to: u32) -> u32 {
        self.1 * from.abs_diff(to)
    }
}

/// The cheapest cost from `from` to `to` by Bellman and Ford, if any.
fn cheapest(graph: &Matrix, from: u32, to: u32) -> Option<u32> {
    let mut best = vec![None; graph.0.len()];
    best[from as usize] = Some(0);
    for _ in 0..graph.0.len() {
        for (a, row) in graph.0.iter().enumerate() {
            for (b, cost) in row.iter().enumerate() {
                if let (Some(at), Some(cost)) = (best[a], cost) {
                    let through: u32 = at + cost;
                    if best[b].is_none_or(|known| through < known) {
                        best[b] = Some(through);
                    }
                }
            }
        }
    }
    best[to as usize]
}

/// The cost of walking `path` from `from` on `graph`.
fn walked(graph: &Matrix, from: u32, path: &[u32]) -> u32 {
    let mut at = from;
    let mut cost = 0;
    for &next in path {
        cost += graph.0[at as usize][next as usize].expect("an edge of the graph");
        at = next;
    }
    cost
}

/// A cost from `a` to `b`: the distance between them and 1 to 8 more.
fn cost(a: usize, b: usize) -> impl Strategy<Value = u32> {
    (1u32..9).prop_map(move |extra| extra + a.abs_diff(b) as u32)
}

fn matrix(vertices: usize) -> impl Strategy<Value = Matrix> {
    let row = move |a| {
        let cells = (0..vertices).map(|b| prop::option::of(cost(a, b)));
        cells.collect::<Vec<_>>()
    };
    let rows = (0..vertices).map(row).collect::<Vec<_>>();
    (rows, 0u32..2).prop_map(|(rows, scale)| Matrix(rows, scale))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// After every round of edge changes and a move of the start along the path, the
    /// planner's path (and its next step alone) costs what Bellman and Ford find on the graph
    /// as it now is, and is a path of that graph.
    #[test]
    fn replans_equal_a_fresh_search(
        (mut graph, changes) in (2usize..12).prop_flat_map(|n| (
            matrix(n),
            prop::collection::vec(
                prop::collection::vec(
                    (0..n, 0..n).prop_flat_map(|(a, b)| (Just(a), Just(b), prop::option::of(cost(a, b)))),
                    0..6,
                ),
                1..6,
            ),
        )),
    ) {
        let goal = graph.0.len() as u32 - 1;
        let mut planner = DStarLite::new(&graph, 0, goal);
        for round in changes {
            let result = planner.replan(&graph, &Limits::none());
            let start = planner.start();
            let expected = cheapest(&graph, start, goal);
            let found = result.outcome.solution().map(|path| {
                prop_assert_eq!(walked(&graph, start, &path.actions), path.cost);
                Ok((path.cost, path.actions.first().copied()))
            }).transpose()?;
            prop_assert_eq!(found.map(|(cost, _)| cost), expected);
            // The next step alone: the same step and cost, nothing more to repair.
            let step = planner.replan_step(&graph, &Limits::none());
            let first = step.outcome.solution().map(|path| (path.cost, path.actions.first().copied()));
            prop_assert_eq!((first, step.stats.expanded), (found, 0));
            if let Some((_, Some(next))) = found {
                planner.move_start(&graph, next);
            }
            for (from, to, cost) in round {
                graph.0[from][to] = cost;
                planner.changed(&graph, from as u32);
            }
        }
    }
}

#[test]
fn a_walled_off_goal_has_no_path() {
    let mut graph = Matrix(
        vec![
            vec![None, Some(1), None],
            vec![Some(1), None, Some(1)],
            vec![None, Some(1), None],
        ],
        1,
    );
    let mut planner = DStarLite::new(&graph, 0, 2);
    let mut outcomes = Vec::new();
    for cost in [Some(1), None, Some(5)] {
        graph.0[1][2] = cost;
        planner.changed(&graph, 1);
        let outcome = planner.replan(&graph, &Limits::none()).outcome;
        outcomes.push(
            outcome
                .solution()
                .map(|path| (path.actions.clone(), path.cost)),
        );
        assert_eq!(outcome == Outcome::Exhausted, cost.is_none());
    }
    assert_eq!(
        outcomes,
        [Some((vec![1, 2], 2)), None, Some((vec![1, 2], 6))]
    );
}

#[test]
fn limits_stop_a_replan_and_the_next_carries_on() {
    // A line of 100 vertices, steps of 1 both ways.
    let n = 100;
    let graph = Matrix(
        (0..n)
            .map(|a: usize| (0..n).map(|b| (a.abs_diff(b) == 1).then_some(1)).collect())
            .collect(),
        1,
    );
    let mut planner = DStarLite::new(&graph, 0, n as u32 - 1);
    let stopped = planner.replan(&graph, &Limits::none().max_expanded(10));
    assert_eq!(stopped.outcome, Outcome::Stopped(StopReason::NodeLimit));
    assert_eq!(stopped.stats.expanded, 10);
    let deep = planner.replan(&graph, &Limits::none().max_depth(98));
    assert_eq!(deep.outcome, Outcome::Stopped(StopReason::DepthLimit));
    let stored =
        DStarLite::new(&graph, 0, n as u32 - 1).replan(&graph, &Limits::none().max_memory(100));
    assert_eq!(stored.outcome, Outcome::Stopped(StopReason::MemoryLimit));
    let flag = Arc::new(AtomicBool::new(true));
    let cancelled =
        DStarLite::new(&graph, 0, n as u32 - 1).replan(&graph, &Limits::none().cancel_flag(flag));
    assert_eq!(cancelled.outcome, Outcome::Stopped(StopReason::Cancelled));
    let late = DStarLite::new(&graph, 0, n as u32 - 1)
        .replan(&graph, &Limits::none().time_limit(Duration::ZERO));
    assert_eq!(late.outcome, Outcome::Stopped(StopReason::TimeLimit));
    let rest = planner.replan(&graph, &Limits::none());
    assert_eq!(rest.outcome.solution().unwrap().cost, 99);
    // Every vertex made consistent once in all, from the goal, but the start (its lookahead
    // known, it waits at the queue's top and the replan ends); the depth-limited replan
    // finished the repair, so the last has nothing left to do.
    let expanded = [stopped, deep, rest].map(|result| result.stats.expanded);
    assert_eq!(expanded, [10, 89, 0]);
}
