//! Every algorithm stops at every limit, and says which.

mod support;

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use statespace_engine::astar::astar;
use statespace_engine::bfs::bfs;
use statespace_engine::bidirectional_bfs::bidirectional_bfs;
use statespace_engine::distance_table::distance_table;
use statespace_engine::dvcbs::dvcbs;
use statespace_engine::idastar::idastar;
use statespace_engine::mm::mm;
use statespace_engine::nbs::nbs;
use statespace_engine::{
    Limits, Outcome, Recompute, SearchResult, StopReason, bytes_per_state, bytes_per_stored_state,
};
use support::Sliding;

/// The hardest 3x3 board: 31 moves.
fn hard_start() -> Vec<u8> {
    vec![8, 6, 7, 2, 5, 4, 3, 0, 1]
}

fn run_all(limits: &Limits) -> Vec<(&'static str, SearchResult<u8>)> {
    let domain = Sliding { rows: 3, cols: 3 };
    let start = hard_start();
    let manhattan = |s: &Vec<u8>| domain.manhattan(s);
    // The Manhattan distance from the start: the goal's tiles in the start's cells.
    let to_start = |s: &Vec<u8>| {
        let relabel = |t: u8| {
            start
                .iter()
                .position(|&u| u == t)
                .map_or(0, |cell| cell as u8 + 1)
        };
        let mut seen_from_start: Vec<u8> = s.iter().map(|&t| relabel(t)).collect();
        let blank = start.iter().position(|&t| t == 0).unwrap() as u8 + 1;
        seen_from_start
            .iter_mut()
            .filter(|t| **t == blank)
            .for_each(|t| *t = 0);
        domain.manhattan(&seen_from_start)
    };
    let goal = [domain.goal()];
    vec![
        ("bfs", bfs(&domain, &start, limits)),
        (
            "bibfs",
            bidirectional_bfs(&domain, &start, &[domain.goal()], limits),
        ),
        ("astar", astar(&domain, &start, &manhattan, limits)),
        (
            "idastar",
            idastar(&domain, &start, &Recompute(manhattan), limits),
        ),
        (
            "mm",
            mm(&domain, &start, &goal, &manhattan, &to_start, limits),
        ),
        (
            "nbs",
            nbs(&domain, &start, &goal, &manhattan, &to_start, limits),
        ),
        (
            "dvcbs",
            dvcbs(&domain, &start, &goal, &manhattan, &to_start, limits),
        ),
    ]
}

fn assert_all_stopped(limits: &Limits, reason: StopReason) {
    for (name, result) in run_all(limits) {
        assert_eq!(
            result.outcome,
            Outcome::Stopped(reason),
            "{name} did not stop"
        );
    }
}

#[test]
fn unlimited_searches_find_the_31_move_solution() {
    for (name, result) in run_all(&Limits::none()) {
        assert_eq!(
            result.outcome.solution().map(|s| s.cost),
            Some(31),
            "{name}"
        );
    }
}

#[test]
fn node_limit_stops_and_is_respected() {
    let limits = Limits::none().max_expanded(500);
    for (name, result) in run_all(&limits) {
        assert_eq!(
            result.outcome,
            Outcome::Stopped(StopReason::NodeLimit),
            "{name}"
        );
        assert!(
            result.stats.expanded <= 500,
            "{name} expanded {}",
            result.stats.expanded
        );
    }
}

#[test]
fn deadline_in_the_past_stops_at_once() {
    assert_all_stopped(
        &Limits::none().time_limit(Duration::ZERO),
        StopReason::TimeLimit,
    );
}

#[test]
fn cancellation_flag_stops() {
    let flag = Arc::new(AtomicBool::new(true));
    assert_all_stopped(&Limits::none().cancel_flag(flag), StopReason::Cancelled);
}

#[test]
fn memory_cap_stops_graph_searches() {
    let limits = Limits::none().max_stored(1_000);
    for (name, result) in run_all(&limits) {
        if name != "idastar" {
            assert_eq!(
                result.outcome,
                Outcome::Stopped(StopReason::MemoryLimit),
                "{name}"
            );
        }
    }
}

#[test]
fn memory_budget_stops_graph_searches_within_it() {
    let domain = Sliding { rows: 3, cols: 3 };
    let per_state = bytes_per_stored_state(&domain, &hard_start());
    // The nine tiles' vector, twice, with the allocator's 16 bytes, doubled.
    assert_eq!(per_state, bytes_per_state::<Vec<u8>, u8>() + 4 * 32);
    let budget = 100 * per_state;
    for (name, result) in run_all(&Limits::none().max_memory(budget)) {
        if name != "idastar" {
            assert_eq!(
                result.outcome,
                Outcome::Stopped(StopReason::MemoryLimit),
                "{name}"
            );
            // A* stores its share of states; the breadth-first searches count what they hold,
            // at least the tiles of each state's two copies and its entries in the tree.
            // MM and NBS keep their closed nodes too: one expansion past the share at most.
            let most = if name == "astar" {
                101
            } else if name == "mm" || name == "nbs" {
                104
            } else {
                budget / (2 * 32 + 40)
            };
            assert!(
                result.stats.stored <= most,
                "{name}: {}",
                result.stats.stored
            );
        }
    }
    let roomy = Limits::none().max_memory(1 << 30);
    assert!(
        run_all(&roomy)
            .iter()
            .all(|(_, result)| result.outcome.solution().is_some())
    );
}

#[test]
fn depth_limit_below_the_solution_stops() {
    assert_all_stopped(&Limits::none().max_depth(30), StopReason::DepthLimit);
}

#[test]
fn distance_table_honours_limits() {
    let domain = Sliding { rows: 3, cols: 3 };
    let goals = [domain.goal()];
    let stopped = |limits: Limits| distance_table(&domain, &goals, &limits).table.err();
    assert_eq!(
        stopped(Limits::none().max_expanded(10)),
        Some(StopReason::NodeLimit)
    );
    assert_eq!(
        stopped(Limits::none().max_depth(5)),
        Some(StopReason::DepthLimit)
    );
    // The deepest 3×3 boards are 31 moves away: a limit of 31 keeps them (it used to stop).
    assert_eq!(
        stopped(Limits::none().max_depth(30)),
        Some(StopReason::DepthLimit)
    );
    let deepest = distance_table(&domain, &goals, &Limits::none().max_depth(31));
    assert_eq!(deepest.table.unwrap().histogram().len(), 32);
    assert_eq!(
        stopped(Limits::none().max_stored(100)),
        Some(StopReason::MemoryLimit)
    );
    // Three bytes and a bit per rank are needed up front: 9! ranks need 1,134,000.
    assert_eq!(
        stopped(Limits::none().max_memory(1_133_999)),
        Some(StopReason::MemoryLimit)
    );
    assert_eq!(stopped(Limits::none().max_memory(1_134_000)), None);
    let table = distance_table(&domain, &goals, &Limits::none())
        .table
        .unwrap();
    assert_eq!(table.histogram().len(), 32);
    assert_eq!(table.histogram().iter().sum::<u64>(), 181_440);
}
